"""A deliberately slow reference for the Long Nardy tests (not a test module).

Written apart from ``minigam.nardy.rules`` and sharing nothing with it,
straight from the rule book (docs/rules/long-nardy.md): a state is the
board in White's numbering (points 1..24, White's checkers positive,
Black's negative), the two borne-off counts and the player to move. Each
player's path is a list of board points, head first; a move copies the
whole state. Every order of the dice is tried one single move at a time
(the states after each number of moves, with the number of checkers taken
off the head so far, are deduplicated; nothing else is pruned), and after
every move the whole board is searched for a forbidden block. The
whole-roll rules are applied afterwards, from their wording.

Also: ``random_position(rng)``, random valid positions in the engine's
``bytearray(54)``, drawn in a few styles (first turns, blocks about to
close, bearing off, a spread middle game), and ``positions()``, the same as
a hypothesis strategy.
"""

from hypothesis import strategies as st

WHITE_PATH = tuple(range(24, 0, -1))  # 24 .. 1
BLACK_PATH = tuple(range(12, 0, -1)) + tuple(range(24, 12, -1))  # 12..1, 24..13
PATHS = {1: WHITE_PATH, 2: BLACK_PATH}
SIGN = {1: 1, 2: -1}


def to_abs(pos):
    """An engine position -> ``(points, off_white, off_black, turn)``,
    ``points`` a tuple of 25 signed counts (index 0 unused)."""
    pts = [0] * 25
    for player, base in ((1, 0), (2, 26)):
        for k, point in enumerate(PATHS[player]):
            # the engine's index k + 1 is the k-th point of the path
            pts[point] += SIGN[player] * pos[base + k + 1]
    return (tuple(pts), pos[25], pos[51], pos[52])


def from_abs(state):
    """The inverse of ``to_abs`` (between turns: the head byte is 0)."""
    pts, off_w, off_b, turn = state
    pos = bytearray(54)
    for player, base in ((1, 0), (2, 26)):
        for k, point in enumerate(PATHS[player]):
            n = pts[point] * SIGN[player]
            if n > 0:
                pos[base + k + 1] = n
    pos[25], pos[51], pos[52] = off_w, off_b, turn
    return pos


def has_forbidden_block(pts, off_w, off_b, player):
    """True when ``player`` has six points in a row along the opponent's
    path with no opposing checker ahead of them (later on that path, or
    borne off)."""
    other = 3 - player
    path = PATHS[other]
    s = SIGN[player]
    other_off = off_w if other == 1 else off_b
    for start in range(0, 19):
        window = path[start:start + 6]
        if all(pts[p] * s > 0 for p in window):
            ahead = sum(1 for p in path[start + 6:] if pts[p] * s < 0)
            if ahead == 0 and other_off == 0:
                return True
    return False


def _single(state, d, heads_left):
    """Every (state, heads_left) after one legal move of die ``d`` by the
    player to move; empty when the die cannot be played."""
    pts, off_w, off_b, turn = state
    s = SIGN[turn]
    path = PATHS[turn]
    out = []
    where = [k for k, p in enumerate(path) for _ in range(pts[p] * s)
             if pts[p] * s > 0]
    all_home = all(k >= 18 for k in where)
    for k in sorted(set(where)):
        if k == 0 and heads_left == 0:
            continue  # the head rule
        new = list(pts)
        new[path[k]] -= s
        w, b = off_w, off_b
        dest = k + d
        if dest < 24:
            p = path[dest]
            if pts[p] * s < 0:
                continue  # no landing on an opposing checker
            new[p] += s
        else:
            if not all_home:
                continue
            if dest > 24 and any(j < k for j in where):
                continue  # a higher die: only from the farthest back
            if turn == 1:
                w += 1
            else:
                b += 1
        if has_forbidden_block(new, w, b, turn):
            continue
        out.append(((tuple(new), w, b, turn),
                    heads_left - (1 if k == 0 else 0)))
    return out


def _finished(state):
    return state[1] == 15 or state[2] == 15


def ref_results(pos, d1, d2, head_doubles=True):
    """The set of distinct end states (``to_abs`` form, the turn not yet
    passed) of the legal plays of roll ``d1-d2``; ``{to_abs(pos)}`` for a
    pass, ``set()`` if the game is over."""
    start = to_abs(pos)
    if _finished(start):
        return set()
    pts, _, _, turn = start
    head = PATHS[turn][0]
    first_turn = pts[head] * SIGN[turn] == 15
    heads = 1
    if head_doubles and first_turn and d1 == d2 and d1 in (3, 4, 6):
        heads = 2
    dice = (d1,) * 4 if d1 == d2 else (d1, d2)
    frontier = {(start, heads, tuple(sorted(dice)))}
    ends = set()
    while frontier:
        nxt = set()
        for state, hl, left in frontier:
            moved = False
            if left and not _finished(state):
                for d in set(left):
                    rest = list(left)
                    rest.remove(d)
                    for new, hl2 in _single(state, d, hl):
                        moved = True
                        nxt.add((new, hl2, tuple(rest)))
            if not moved:
                ends.add((len(dice) - len(left), left, state))
        frontier = nxt
    most = max(n for n, _, _ in ends)
    kept = [(left, s) for n, left, s in ends if n == most]
    if d1 != d2 and most == 1:
        high = max(d1, d2)
        with_high = [(left, s) for left, s in kept if high not in left]
        if with_high:
            kept = with_high
    return {s for _, s in kept}


def ref_perft(pos, depth, head_doubles=True):
    """Leaves of the 21-roll/play tree of ``depth`` plies below ``pos``."""
    state = to_abs(pos)
    if depth == 0 or _finished(state):
        return 1
    total = 0
    for a in range(1, 7):
        for b in range(a, 7):
            for s in ref_results(pos, a, b, head_doubles):
                child = from_abs(s)
                child[52] = 3 - child[52]
                total += ref_perft(child, depth - 1, head_doubles)
    return total


# -- random positions --------------------------------------------------------

def _place(rng, pts, player, count, spots):
    """Put ``count`` checkers of ``player`` on some of ``spots`` (board
    points free of the opponent)."""
    s = SIGN[player]
    spots = [p for p in spots if pts[p] * s >= 0]
    if not spots:
        return count
    k = rng.randrange(1, min(len(spots), count) + 1)
    chosen = rng.sample(spots, k)
    for p in chosen:
        pts[p] += s
    for _ in range(count - k):
        pts[rng.choice(chosen)] += s
    return 0


def first_turn_state(rng):
    """The start (either side on roll), or a random result of the first
    player's first roll, the second player on roll."""
    pts = [0] * 25
    pts[24] = 15
    pts[12] = -15
    first = rng.choice((1, 2))
    start = (tuple(pts), 0, 0, first)
    if rng.random() < 0.3:
        return start
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    pts, w, b_off, _ = rng.choice(sorted(ref_results(from_abs(start), a, b)))
    return (pts, w, b_off, 3 - first)


def random_state(rng, allow_finished=False):
    """A random valid ``to_abs``-form state (drawn again until valid); one
    in ten is a first turn."""
    if rng.random() < 0.1:
        return first_turn_state(rng)
    while True:
        pts = [0] * 25
        offs = {1: 0, 2: 0}
        order = [1, 2]
        rng.shuffle(order)
        ok = True
        for player in order:
            path = PATHS[player]
            s = SIGN[player]
            style = rng.choice(("opening", "spread", "spread", "wall",
                                "home", "late"))
            n = 15
            spots = list(path)
            if style == "opening":
                head = rng.choice((15, 15, 14, 13, 12))
                spots = list(path[1:12])
            elif style == "wall":
                # five or six points in a row somewhere along the path
                start = rng.randrange(1, 18)
                for p in path[start:start + rng.choice((5, 5, 6))]:
                    if pts[p] * s >= 0:
                        pts[p] += s
                        n -= 1
                head = rng.randrange(0, n + 1)
            elif style == "home":
                head = 0
                offs[player] = rng.randrange(0, 15)
                n -= offs[player]
                spots = list(path[18:])
            elif style == "late":
                head = 0
                spots = list(path[12:])
            else:
                head = rng.randrange(1, 8) if rng.random() < 0.5 else 0
            if head and pts[path[0]] * s >= 0:
                pts[path[0]] += s * head
                n -= head
            if n:
                left = _place(rng, pts, player, n, spots)
                if left and style == "home":
                    offs[player] += left
                elif left:
                    ok = False
        if not ok:
            continue
        if allow_finished and rng.random() < 0.05:
            p = rng.choice((1, 2))
            for q in range(1, 25):
                if pts[q] * SIGN[p] > 0:
                    pts[q] = 0
            offs[p] = 15
        turn = rng.choice((1, 2))
        if offs[turn] == 15:
            turn = 3 - turn  # the game is over: the loser is on roll
        state = (tuple(pts), offs[1], offs[2], turn)
        if _valid(state, allow_finished):
            return state


def _valid(state, allow_finished):
    pts, w, b, _ = state
    for player, off in ((1, w), (2, b)):
        s = SIGN[player]
        on = sum(pts[p] * s for p in range(1, 25) if pts[p] * s > 0)
        if on + off != 15:
            return False
        if off and any(pts[p] * s > 0 for p in PATHS[player][:18]):
            return False
        if has_forbidden_block(pts, w, b, player):
            return False
    if w == 15 and b == 15:
        return False
    if (w, b)[state[3] - 1] == 15:  # the winner is never on roll
        return False
    for player in (1, 2):
        head = PATHS[player][0]
        other_head = PATHS[3 - player][0]
        if pts[head] * SIGN[player] == 15 and \
                pts[other_head] * SIGN[3 - player] != 15:
            # never moved: the other side has had one turn, its first
            if state[3] != player or pts[other_head] * SIGN[3 - player] < 13:
                return False
    if not allow_finished and (w == 15 or b == 15):
        return False
    return True


def random_position(rng, allow_finished=False):
    """A random valid engine position (``bytearray(54)``)."""
    return from_abs(random_state(rng, allow_finished))


@st.composite
def positions(draw):
    """Hypothesis: ``random_position`` of a drawn random generator."""
    return random_position(draw(st.randoms(use_true_random=False)))
