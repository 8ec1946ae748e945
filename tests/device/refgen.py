"""A deliberately naive reference move generator for the rules tests.

Written separately from ``minigam.quarter.rules`` and sharing nothing with it: it
works on the notation strings of the rule book (docs/rules/minigam.md) in
absolute point numbers, moves each player in its own direction (no
mover's-view index, no mirroring), copies the whole state for every move and
enumerates every order of the dice the slow way. Tests compare its result
sets with the engine's. Device-safe (runs in the MicroPython VM too); not a
test module itself.
"""


def parse(text):
    """Notation -> [points(6 signed), bars[2], offs[2], turn] (own parser)."""
    f = text.split("/")
    pts = [int(x) for x in f[0].split(",")]
    bars = [int(x) for x in f[1].split(",")]
    offs = [int(x) for x in f[2].split(",")]
    return [pts, bars, offs, int(f[3])]


def fmt(state):
    """Canonical notation (own formatter)."""
    pts, bars, offs, turn = state
    return "%s/%d,%d/%d,%d/%d" % (",".join([str(v) for v in pts]), bars[0],
                                  bars[1], offs[0], offs[1], turn)


def _copy(state):
    return [list(state[0]), list(state[1]), list(state[2]), state[3]]


def _mine(v, player):
    """How many of ``player``'s checkers a signed point count ``v`` holds."""
    if player == 1:
        return v if v > 0 else 0
    return -v if v < 0 else 0


def _try_move(state, player, src, die, full_entry):
    """The state after ``player`` moves one checker from ``src`` (``"bar"``
    or a point 1..6) with ``die``, or None when that move is illegal."""
    pts, bars, offs = state[0], state[1], state[2]
    me = player - 1
    sign = 1 if player == 1 else -1
    if src == "bar":
        if bars[me] == 0:
            return None
        dest = die if player == 1 else 7 - die
    else:
        if _mine(pts[src - 1], player) == 0:
            return None
        dest = src + die if player == 1 else src - die
    if 1 <= dest <= 6:
        there = pts[dest - 1]
        theirs = _mine(there, 3 - player)
        if theirs >= 2:
            return None  # a made point of the opponent
        out = _copy(state)
        if src == "bar":
            out[1][me] -= 1
        else:
            out[0][src - 1] -= sign
        if theirs == 1:  # hit the blot
            out[0][dest - 1] = 0
            out[1][1 - me] += 1
        out[0][dest - 1] += sign
        return out
    # Bearing off (a checker entering from the bar never bears off directly).
    if src == "bar":
        return None
    distance = 7 - src if player == 1 else src  # pips to get off exactly
    if die == distance:
        if full_entry and bars[me]:
            return None
    else:  # a higher die: only with an empty bar, from the farthest back
        if bars[me]:
            return None
        for p in range(1, 7):
            behind = p < src if player == 1 else p > src
            if behind and _mine(pts[p - 1], player):
                return None
    out = _copy(state)
    out[0][src - 1] -= sign
    out[2][me] += 1
    return out


def _single_moves(state, player, dice, full_entry):
    """All ``(src, die, next_state)`` for the distinct dice in ``dice``."""
    found = []
    done = []
    for d in dice:
        if d in done:
            continue
        done.append(d)
        for src in ["bar", 1, 2, 3, 4, 5, 6]:
            nxt = _try_move(state, player, src, d, full_entry)
            if nxt is not None:
                found.append((src, d, nxt))
    return found


def _finish(state, player, dice, full_entry, checkers, out, firsts, first):
    """Depth-first over every order: play any die with a legal move; stop
    when none is left, none can move, or the mover has borne off all."""
    moves = []
    if state[2][player - 1] != checkers and dice:
        moves = _single_moves(state, player, dice, full_entry)
    if not moves:
        end = _copy(state)
        end[3] = 3 - player
        out[fmt(end)] = True
        if first is not None:
            firsts[first] = True
        return
    for src, d, nxt in moves:
        rest = list(dice)
        rest.remove(d)
        _finish(nxt, player, rest, full_entry, checkers, out, firsts,
                first if first is not None else (src, d))


def ref_results(text, d1, d2, full_entry=False, checkers=8):
    """Sorted distinct result notations of roll ``d1-d2`` (the rule book's
    order rule, doubles = two moves). A finished game has no results."""
    return sorted(ref_search(text, d1, d2, full_entry, checkers)[0])


def ref_search(text, d1, d2, full_entry=False, checkers=8):
    """``(results, first_moves)``: the result notations, and the first
    single moves ``(src, die)`` (src ``"bar"`` or an absolute point) of every
    legal play, each as dict keys."""
    state = parse(text)
    out = {}
    firsts = {}
    if state[2][0] == checkers or state[2][1] == checkers:
        return out, firsts
    _finish(state, state[3], [d1, d2], full_entry, checkers, out, firsts,
            None)
    return out, firsts


class Lcg:
    """A tiny seeded generator giving the same numbers on CPython and
    MicroPython (tests must be reproducible in both)."""

    def __init__(self, seed):
        self.x = seed & 0x7FFFFFFF

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def random_position(rng, checkers=8):
    """A random valid notation string, biased towards every game stage."""
    # Per side, how likely a checker is on the bar / board / off.
    while True:
        counts = [[0] * 8, [0] * 8]  # per player, by absolute slot
        stage = [rng.below(4), rng.below(4)]
        for side in range(2):
            for _ in range(checkers):
                r = rng.below(10)
                s = stage[side]
                if s == 0:  # early: bar heavy
                    slot = 0 if r < 5 else (7 if r == 9 else 1 + rng.below(6))
                elif s == 1:  # middle game
                    slot = 0 if r < 2 else (7 if r < 4 else 1 + rng.below(6))
                elif s == 2:  # bear-off race
                    slot = 7 if r < 4 else 1 + rng.below(6)
                else:  # anything
                    slot = rng.below(8)
                counts[side][slot] += 1
        # No point may hold both colours: Player 2 gives way to its bar.
        for p in range(1, 7):
            if counts[0][p] and counts[1][p]:
                if rng.below(2):
                    counts[1][0] += counts[1][p]
                    counts[1][p] = 0
                else:
                    counts[0][0] += counts[0][p]
                    counts[0][p] = 0
        if counts[0][7] == checkers and counts[1][7] == checkers:
            continue
        pts = []
        for p in range(1, 7):
            pts.append(counts[0][p] - counts[1][p])
        state = [pts, [counts[0][0], counts[1][0]],
                 [counts[0][7], counts[1][7]], 1 + rng.below(2)]
        return fmt(state)
