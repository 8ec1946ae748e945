"""Property tests of Long Nardy's rules engine and notation (issue 17, part
5): invariants that must hold for every position and roll, move-by-move
entry, whole random games, and fuzzed notation."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from nardy_refgen import positions
from minigam.nardy.notation import (NotationError, format_position,
                                    parse_position, validate)
from minigam.nardy.rules import (BLOCK, CHECKERS, HEAD, HEADS, OFF,
                                 POS_SIZE, TURN, Rules, pips, winner)

STD = Rules()
NO_EXCEPTION = Rules(head_doubles=False)
dice = st.integers(1, 6)


def head_limit(rules, pos, a, b):
    """How many checkers may leave the mover's head this turn."""
    m = 0 if pos[TURN] == 1 else BLOCK
    if rules.head_doubles and a == b and a in (3, 4, 6) \
            and pos[m + HEAD] == CHECKERS:
        return 2
    return 1


@settings(max_examples=300, deadline=None)
@given(positions(), dice, dice)
def test_results_are_valid_positions(pos, a, b):
    # 15 checkers a side, no point with both colours, no forbidden block,
    # nobody borne off with a checker outside home (validate), the turn
    # passed, the opponent untouched, at most the dice's pips moved.
    m = 0 if pos[TURN] == 1 else BLOCK
    o = BLOCK - m
    for rules in (STD, NO_EXCEPTION):
        for res in rules.results(pos, a, b):
            validate(res)
            assert res[TURN] == 3 - pos[TURN] and res[HEADS] == 0
            assert res[o:o + 26] == pos[o:o + 26]
            assert res[m + OFF] >= pos[m + OFF]
            moved = pips(pos, pos[TURN]) - pips(res, pos[TURN])
            assert 0 <= moved <= (4 * a if a == b else a + b)
            assert res[m + HEAD] <= pos[m + HEAD]


@settings(max_examples=300, deadline=None)
@given(positions(), dice, dice)
def test_at_most_one_head_move_but_for_the_exception(pos, a, b):
    for rules in (STD, NO_EXCEPTION):
        limit = head_limit(rules, pos, a, b)
        for k in range(rules.plays(pos, a, b)):
            srcs = [rules.moves[8 * k + 2 * j] for j in range(4)]
            assert srcs.count(HEAD) <= limit


def walk_results(rules, pos, a, b):
    """The boards (turn passed) reachable by entering a play move by move
    with ``can_move``/``do_move``/``undo_move`` alone: every sequence of
    single moves using dice of the roll, as long as the longest such
    sequence, and when that is one die of a non-double, the higher die if
    it can move. Every position on the way is checked."""
    m = 0 if pos[TURN] == 1 else BLOCK
    work = bytearray(pos)
    ends = {}  # board -> dice used
    seen = set()

    def walk(left, used):
        key = (bytes(work), tuple(sorted(left)))
        if key in seen:
            return
        seen.add(key)
        moved = False
        if not winner(work):
            for j, d in enumerate(left):
                if d in left[:j]:
                    continue
                for i in range(1, OFF):
                    if rules.can_move(work, m, i, d):
                        moved = True
                        before = bytes(work)
                        rules.do_move(work, m, i, d)
                        walk(left[:j] + left[j + 1:], used + (d,))
                        rules.undo_move(work, m, i, d)
                        assert bytes(work) == before
        if not moved:
            board = bytearray(work)
            board[HEADS] = 0
            board[TURN] = 3 - board[TURN]
            ends.setdefault(bytes(board), set()).add(used)

    walk([a] * 4 if a == b else [a, b], ())
    most = max(len(u) for us in ends.values() for u in us)
    out = {p for p, us in ends.items() if any(len(u) == most for u in us)}
    if a != b and most == 1:
        high = {p for p, us in ends.items() if (max(a, b),) in us}
        out = high or out
    return out


@settings(max_examples=200, deadline=None)
@given(positions(), dice, dice)
def test_move_by_move_entry_reaches_exactly_the_legal_results(pos, a, b):
    for rules in (STD, NO_EXCEPTION):
        want = {bytes(p) for p in rules.results(pos, a, b)}
        assert walk_results(rules, pos, a, b) == want


def test_random_games_keep_every_invariant():
    # Whole games, each turn a random legal result: every position valid,
    # pips never grow, heads never refill, and every game ends.
    rng = random.Random(2024)
    for game in range(12):
        pos = parse_position("24x15/12x15/%s" % "wb"[game % 2])
        for _ in range(1000):
            if winner(pos):
                break
            nxt = rng.choice(STD.results(pos, rng.randint(1, 6),
                                         rng.randint(1, 6)))
            validate(nxt)
            for player, side in ((1, 0), (2, BLOCK)):
                assert pips(nxt, player) <= pips(pos, player)
                assert nxt[side + HEAD] <= pos[side + HEAD]
            assert parse_position(format_position(nxt)) == nxt
            pos = nxt
        assert winner(pos), "game %d did not end" % game
        assert STD.results(pos, 1, 2) == []


# -- fuzzed notation -----------------------------------------------------------

ALPHABET = "0123456789x,/wbof \t-+;:é\x00"


def check_text(text):
    """Parsing ``text`` gives a valid position whose notation reads back
    the same, or raises NotationError (a ValueError) and nothing else."""
    try:
        pos = parse_position(text)
    except NotationError as exc:
        assert isinstance(exc, ValueError) and str(exc)
        return None
    validate(pos)
    assert format_position(pos) == text  # only canonical text parses
    return pos


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=80))
def test_garbage_text_raises_only_notation_errors(text):
    check_text(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60))
def test_near_notation_garbage_raises_only_notation_errors(text):
    check_text(text)


@settings(max_examples=500, deadline=None)
@given(positions(), st.lists(st.tuples(st.integers(0, 200),
                                       st.sampled_from(ALPHABET),
                                       st.integers(0, 2)),
                             min_size=1, max_size=4))
def test_mutated_positions_raise_only_notation_errors(pos, edits):
    text = format_position(pos)
    for at, ch, kind in edits:
        at %= len(text) + 1
        if kind == 0:  # insert
            text = text[:at] + ch + text[at:]
        elif kind == 1:  # delete
            text = text[:at] + text[at + 1:]
        else:  # replace
            text = text[:at] + ch + text[at + 1:]
    check_text(text)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_notation_round_trip(pos):
    text = format_position(pos)
    assert parse_position(text) == pos
    assert format_position(parse_position(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=POS_SIZE, max_size=POS_SIZE))
def test_validate_takes_any_bytes(data):
    pos = bytearray(data)
    try:
        validate(pos)
    except NotationError:
        return
    assert parse_position(format_position(pos)) == pos


def test_non_text_is_a_notation_error():
    for bad in (None, 24, b"24x15/12x15/w", ["24x15", "12x15", "w"]):
        try:
            parse_position(bad)
        except NotationError:
            continue
        raise AssertionError("accepted %r" % (bad,))


def test_a_winner_is_never_on_roll():
    """A side with all 15 off has won: the position after its last play
    has the other side on roll, and the same board with the winner on
    roll is refused (as MINIGAM's and Backgammon's notations refuse it)."""
    won = "offx15/18x4,17x3,16x2,13x4,offx2/"
    assert format_position(parse_position(won + "b")) == won + "b"
    for text in (won + "w", "18x4,17x3,16x2,13x4,2x2/offx15/b"):
        try:
            parse_position(text)
        except NotationError as exc:
            assert "cannot be on roll" in str(exc)
            continue
        raise AssertionError("accepted %r" % text)
