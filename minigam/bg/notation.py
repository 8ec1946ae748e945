"""Backgammon plays in words, as gnubg writes them in its move lists and
players write them: points in the mover's own numbering, ``bar`` and
``off``; one checker's moves joined (``24/15``), a point it hit on the
way kept (``11/8*/5``); a move made more than once counted
(``6/2*(2)``); each hit point marked once; the moves from the highest
point down. The tutor's notice and the game review show them (a player can
type them into gnubg); loaded for their words only.
"""


def format_play(player, steps):
    """``[(src, die, hit), ...]`` (mover's-view indices: 0 the bar, ``i``
    the point ``25 - i``; in any order) in words; ``pass`` for none.
    ``player`` is unused: every point is the mover's own."""
    hit = 0  # the points hit, a bit each
    mv = []  # a checker's path: its points, from its start
    for st in steps:
        a = 25 - st[0]
        b = a - st[1] if a > st[1] else 0
        if len(st) > 2 and st[2]:
            hit |= 1 << b
        mv.append([a, b])
    mv.sort(reverse=True)  # highest start first; the longer move first
    n = len(mv)
    for i in range(n):  # a move from where another ended goes on with it
        p = mv[i]
        for j in range(i + 1, n):
            q = mv[j]
            if p and q and q[0] == p[-1]:
                if not hit >> p[-1] & 1:
                    p.pop()  # a point passed over is not written
                p.append(q[1])
                mv[j] = []
    out = []
    shown = 0
    for i in range(n):
        p = mv[i]
        if not p:
            continue
        k = 1
        for j in range(i + 1, n):
            if mv[j] == p:
                k += 1
                mv[j] = []
        w = "bar" if p[0] == 25 else str(p[0])
        for t in p[1:]:
            w += "/%s" % (t or "off")
            if hit >> t & 1 and not shown >> t & 1:
                w += "*"
                shown |= 1 << t
        out.append(w if k == 1 else "%s(%d)" % (w, k))
    return " ".join(out) or "pass"
