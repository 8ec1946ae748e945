"""Backgammon plays in words, as gnubg writes them in its move lists:
points in the mover's own numbering, ``bar`` and ``off``, ``*`` a hit, a
move made more than once counted in brackets: ``bar/22 13/8(2) 6/off``.
The tutor's notice and the game review show them (a player can type them
into gnubg's analysis); loaded for their words only.
"""

from minigam.bg.rules import OFF


def format_play(player, steps):
    """``[(src, die, hit), ...]`` (mover's-view indices: 0 the bar, ``i``
    the point ``25 - i``) in words; ``pass`` for none. ``player`` is
    unused: every point is the mover's own."""
    words = []
    counts = []
    for st in steps:
        s, d = st[0], st[1]
        t = s + d
        w = "%s/%s%s" % ("bar" if s == 0 else 25 - s,
                         "off" if t >= OFF else 25 - t,
                         "*" if len(st) > 2 and st[2] else "")
        if w in words:
            counts[words.index(w)] += 1
        else:
            words.append(w)
            counts.append(1)
    out = []
    for w, n in zip(words, counts):
        out.append(w if n == 1 else "%s(%d)" % (w, n))
    return " ".join(out) or "pass"
