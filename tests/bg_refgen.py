"""A deliberately slow reference for the backgammon tests (not a test module).

Written apart from ``minigam.bg.rules`` and sharing nothing with it: it
works on an absolute board (points 1..24, Player 1's checkers positive and
moving down from 24 towards 1, Player 2's negative and moving up), copies
the whole state for every single move, and tries every order of the dice,
one ply of single moves at a time (the states after each number of moves
are deduplicated, nothing else is pruned). The whole-roll rules are applied
afterwards, straight from their wording.

Also: ``random_position(rng)``, random legal positions in the engine's
``bytearray(53)`` format, biased towards the interesting cases (checkers on
the bar, bearing off, contact).
"""


def to_abs(pos):
    """An engine position -> ``(points, bar1, bar2, off1, off2, turn)``,
    ``points`` a tuple of 25 signed counts (index 0 unused)."""
    pts = [0] * 25
    for i in range(1, 25):
        pts[25 - i] += pos[i]  # P1's index i is its point 25 - i
        pts[i] -= pos[26 + i]  # P2's index i is absolute point i
    return (tuple(pts), pos[0], pos[26], pos[25], pos[51], pos[52])


def from_abs(state):
    """The inverse of ``to_abs``."""
    pts, bar1, bar2, off1, off2, turn = state
    pos = bytearray(53)
    for p in range(1, 25):
        if pts[p] > 0:
            pos[25 - p] = pts[p]
        elif pts[p] < 0:
            pos[26 + p] = -pts[p]
    pos[0], pos[26], pos[25], pos[51], pos[52] = bar1, bar2, off1, off2, turn
    return pos


def _single(state, d):
    """Every state after one legal move of die ``d`` by the player to move
    (a list; empty when the die cannot be played)."""
    pts, bar1, bar2, off1, off2, turn = state
    sign = 1 if turn == 1 else -1
    bar = bar1 if turn == 1 else bar2
    out = []

    def target_ok(p):
        return pts[p] * sign >= -1  # empty, own, or a single opposing blot

    def land(p, src):
        new = list(pts)
        b1, b2, o1, o2 = bar1, bar2, off1, off2
        if src is None:
            if turn == 1:
                b1 -= 1
            else:
                b2 -= 1
        else:
            new[src] -= sign
        if p is None:  # borne off
            if turn == 1:
                o1 += 1
            else:
                o2 += 1
        else:
            if new[p] * sign == -1:  # a hit
                new[p] = 0
                if turn == 1:
                    b2 += 1
                else:
                    b1 += 1
            new[p] += sign
        return (tuple(new), b1, b2, o1, o2, turn)

    if bar:
        p = 25 - d if turn == 1 else d
        if target_ok(p):
            out.append(land(p, None))
        return out
    home = range(1, 7) if turn == 1 else range(19, 25)
    all_home = all(pts[p] * sign <= 0 for p in range(1, 25)
                   if p not in home)
    for src in range(1, 25):
        if pts[src] * sign <= 0:
            continue
        p = src - d if turn == 1 else src + d
        if 1 <= p <= 24:
            if target_ok(p):
                out.append(land(p, src))
            continue
        if not all_home:
            continue
        exact = (p == 0) if turn == 1 else (p == 25)
        if exact:
            out.append(land(None, src))
            continue
        # A higher die: only with no own checker farther from home.
        farther = range(src + 1, 7) if turn == 1 else range(19, src)
        if all(pts[q] * sign <= 0 for q in farther):
            out.append(land(None, src))
    return out


def _finished(state):
    return state[3] == 15 or state[4] == 15


def ref_results(pos, d1, d2):
    """The set of distinct end states (``to_abs`` form, the turn not yet
    passed) of the legal plays of roll ``d1-d2``; ``{to_abs(pos)}`` for a
    pass, ``set()`` if the game is over."""
    start = to_abs(pos)
    if _finished(start):
        return set()
    dice = (d1,) * 4 if d1 == d2 else (d1, d2)
    # (state, dice left) -> ends: (moves made, dice left, state)
    frontier = {(start, tuple(sorted(dice)))}
    ends = set()
    while frontier:
        nxt = set()
        for state, left in frontier:
            moved = False
            if left and not _finished(state):
                for d in set(left):
                    rest = list(left)
                    rest.remove(d)
                    for new in _single(state, d):
                        moved = True
                        nxt.add((new, tuple(rest)))
            if not moved:
                ends.add((len(dice) - len(left), left, state))
        frontier = nxt
    most = max(n for n, _, _ in ends)
    kept = [(left, s) for n, left, s in ends if n == most]
    if d1 != d2 and most == 1:
        # One die only: the higher one when it can be played.
        high = max(d1, d2)
        with_high = [(left, s) for left, s in kept if high not in left]
        if with_high:
            kept = with_high
    return {s for _, s in kept}


def random_position(rng, allow_finished=False):
    """A random legal ``bytearray(53)``: 15 checkers a side, no point held
    by both, each side drawn in one of a few styles."""
    pos = bytearray(53)
    taken = set()  # absolute points already holding checkers
    for side in (1, 2):
        b = 0 if side == 1 else 26
        style = rng.choice(("spread", "spread", "home", "home", "late",
                            "bar"))
        bar = 0
        off = 0
        if style == "home":
            lo, off = 19, rng.randrange(0, 15)
            if rng.random() < 0.1:
                bar = 1
        elif style == "late":
            lo, off = 13, rng.randrange(0, 6)
        elif style == "bar":
            lo, bar = 1, rng.randrange(1, 5)
        else:
            lo = 1
            if rng.random() < 0.3:
                bar = rng.randrange(1, 3)
        if allow_finished and rng.random() < 0.05:
            bar, off = 0, 15
        spots = []
        for i in range(lo, 25):
            absolute = 25 - i if side == 1 else i
            if absolute not in taken:
                spots.append(i)
        rest = 15 - bar - off
        if rest and not spots:
            off += rest
            rest = 0
        if rest:
            k = rng.randrange(1, min(len(spots), rest) + 1)
            chosen = rng.sample(spots, k)
            for i in chosen:
                pos[b + i] = 1
            for _ in range(rest - k):
                pos[b + rng.choice(chosen)] += 1
            for i in chosen:
                taken.add(25 - i if side == 1 else i)
        pos[b] = bar
        pos[b + 25] = off
    if not allow_finished:
        for b in (0, 26):
            if pos[b + 25] == 15:
                pos[b + 25] = 14
                pos[b] = 1
    elif pos[25] == 15 and pos[51] == 15:
        pos[51] = 14
        pos[26] = 1
    pos[52] = rng.choice((1, 2))
    return pos
