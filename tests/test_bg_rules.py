"""The backgammon rules engine (minigam/bg/rules.py, issue 16): properties
against a slow independent generator (tests/bg_refgen.py), hand-made rule
cases, and perft from the opening."""

import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bg_refgen import from_abs, random_position, ref_results, to_abs
from minigam.bg.rules import (BLOCK, MAX_PLAYS, NONE, OFF, POS_SIZE, TURN,
                              Rules, can_move, do_move, new_position, pips,
                              undo_move, win_kind, winner)

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = Rules()
dice = st.integers(1, 6)


@st.composite
def positions(draw):
    return random_position(draw(st.randoms(use_true_random=False)))


def make(p1=None, p2=None, turn=1, bar1=0, bar2=0):
    """A position from {index: count} per player (each in its own view);
    whatever is missing of 15 is borne off."""
    pos = bytearray(POS_SIZE)
    for b, pts, bar in ((0, p1 or {}, bar1), (BLOCK, p2 or {}, bar2)):
        for i, n in pts.items():
            pos[b + i] = n
        pos[b] = bar
        pos[b + OFF] = 15 - sum(pts.values()) - bar
        assert pos[b + OFF] >= 0
    pos[TURN] = turn
    valid(pos)
    return pos


def swap(pos):
    """The same position with the players' seats exchanged."""
    out = bytearray(pos)
    out[0:26], out[26:52] = pos[26:52], pos[0:26]
    out[TURN] = 3 - pos[TURN]
    return out


def plays_of(pos, a, b, rules=RULES):
    """The plays of the last call as lists of (src, die) and their hits."""
    n = rules.plays(pos, a, b)
    out = []
    for k in range(n):
        steps = []
        for j in range(4):
            s = rules.moves[8 * k + 2 * j]
            if s != NONE:
                steps.append((s, rules.moves[8 * k + 2 * j + 1]))
        out.append((steps, rules.hits[k]))
    return out


def boards(pos, a, b):
    """Our results (turn kept) as a set of ``to_abs`` states."""
    return {to_abs(p) for p in RULES.results(pos, a, b, pass_turn=False)}


def valid(pos):
    for b in (0, BLOCK):
        assert sum(pos[b:b + 26]) == 15
    for i in range(1, 25):
        assert not (pos[i] and pos[BLOCK + 25 - i]), i
    assert pos[TURN] in (1, 2)


# -- properties ----------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(positions(), dice, dice)
def test_results_equal_the_reference_generator(pos, a, b):
    before = bytes(pos)
    assert boards(pos, a, b) == ref_results(pos, a, b)
    assert bytes(pos) == before  # make/unmake left it as it was


@settings(max_examples=200, deadline=None)
@given(positions(), dice, dice)
def test_every_play_is_legal_step_by_step_and_distinct(pos, a, b):
    plays = plays_of(pos, a, b)
    assert len(plays) <= MAX_PLAYS
    want = ref_results(pos, a, b)
    m = 0 if pos[TURN] == 1 else BLOCK
    seen = set()
    longest = max([len(s) for s, _ in plays] or [0])
    roll = sorted([a] * 4 if a == b else [a, b])
    for steps, hits in plays:
        assert len(steps) == longest  # every play uses as many dice
        left = list(roll)
        for _, d in steps:  # the dice used are dice of the roll
            left.remove(d)
        work = bytearray(pos)
        got_hits = 0
        for j, (s, d) in enumerate(steps):
            assert can_move(work, m, s, d), (steps, j)
            got_hits |= do_move(work, m, s, d) << j
        assert got_hits == hits
        valid(work)
        assert work[TURN] == pos[TURN]
        assert to_abs(work) in want
        assert bytes(work) not in seen  # distinct boards
        seen.add(bytes(work))
    assert len(seen) == len(want) or (not plays and len(want) == 1)


@settings(max_examples=150, deadline=None)
@given(positions(), dice, dice)
def test_swapping_seats_gives_the_same_plays_mirrored(pos, a, b):
    mine = plays_of(pos, a, b)
    theirs = plays_of(swap(pos), a, b)
    assert mine == theirs  # the mover's view is the same
    ours = sorted(bytes(swap(p)) for p in RULES.results(pos, a, b))
    assert ours == sorted(bytes(p) for p in RULES.results(swap(pos), a, b))


@settings(max_examples=150, deadline=None)
@given(positions(), dice, dice)
def test_results_are_valid_and_pass_the_turn(pos, a, b):
    for res in RULES.results(pos, a, b):
        valid(res)
        assert res[TURN] == 3 - pos[TURN]
        m = 0 if pos[TURN] == 1 else BLOCK
        o = BLOCK - m
        assert res[m + OFF] >= pos[m + OFF]
        assert res[o + OFF] == pos[o + OFF]
        # Only hits change the opponent's board: blots to the bar.
        moved = pips(pos, pos[TURN]) - pips(res, pos[TURN])
        assert 0 <= moved <= (4 * a if a == b else a + b)
        assert pips(res, 3 - pos[TURN]) >= pips(pos, 3 - pos[TURN])


@settings(max_examples=150, deadline=None)
@given(positions(), dice)
def test_do_and_undo_move_restore_the_position(pos, d):
    m = 0 if pos[TURN] == 1 else BLOCK
    for i in range(OFF):
        if can_move(pos, m, i, d):
            before = bytes(pos)
            hit = do_move(pos, m, i, d)
            valid(pos)
            undo_move(pos, m, i, d, hit)
            assert bytes(pos) == before


def test_random_positions_against_the_reference_in_bulk():
    # Beyond hypothesis's examples: 2,000 seeded random queries.
    rng = random.Random(16)
    for _ in range(2000):
        pos = random_position(rng)
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        assert boards(pos, a, b) == ref_results(pos, a, b), (list(pos), a, b)


def test_reference_round_trip():
    rng = random.Random(3)
    for _ in range(200):
        pos = random_position(rng, allow_finished=True)
        assert from_abs(to_abs(pos)) == pos


# -- hand-made rule cases ------------------------------------------------------

def test_start_position():
    pos = new_position()
    valid(pos)
    assert pos[1] == 2 and pos[12] == 5 and pos[17] == 3 and pos[19] == 5
    assert pos[BLOCK + 1] == 2 and pos[TURN] == 1
    assert new_position(2)[TURN] == 2
    assert pips(pos, 1) == pips(pos, 2) == 167
    assert winner(pos) == 0 and win_kind(pos) == 0
    # Counts gnubg lists for the start (hint, 0 plies, no pruning).
    for roll, n in (((6, 5), 7), ((1, 1), 42), ((4, 4), 52), ((6, 6), 11)):
        assert RULES.plays(pos, *roll) == n


def test_entering_from_the_bar_comes_first():
    # One on the bar; the 6 cannot enter (P2 holds its index 19, which
    # faces our entry index 6), so the 1 enters and the same checker goes
    # on with the 6: the 14 on our 6-point may not bear off meanwhile.
    pos = make({19: 14}, {19: 2, 13: 13}, bar1=1)
    plays = plays_of(pos, 6, 1)
    assert plays == [([(0, 1), (1, 6)], 0)]
    assert all(s[0][0] == 0 for s, _ in plays_of(pos, 3, 2))


def test_blocked_entry_is_a_pass():
    p2 = {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 2: 3}  # a closed board
    pos = make({12: 13}, p2, bar1=2)
    for a in range(1, 7):
        for b in range(1, 7):
            assert RULES.plays(pos, a, b) == 0
            assert RULES.results(pos, a, b) == [RULES.result(pos, None)]
    passed = RULES.result(pos, None)
    assert passed[TURN] == 2 and passed[:52] == pos[:52]


def test_one_checker_enters_and_the_other_die_is_lost():
    # Two on the bar, only entry index 3 open (P2 index 22 empty).
    p2 = {19: 2, 20: 2, 21: 2, 23: 2, 24: 2, 2: 5}
    pos = make({12: 13}, p2, bar1=2)
    assert plays_of(pos, 3, 5) == [([(0, 3)], 0)]
    # 3-3: both enter, and the other two 3s move on (3 -> 6 is blocked, so
    # from the 13 checkers on index 12 only).
    for steps, _ in plays_of(pos, 3, 3):
        assert steps[:2] == [(0, 3), (0, 3)] and len(steps) == 4


def test_higher_die_when_either_but_not_both():
    # The only movable checker stands on index 10 (the 14 on index 24
    # cannot bear off while it is out); 10+6 and 10+4 are open, 20 is
    # blocked, so either die but not both: the 6 must be played.
    pos = make({10: 1, 24: 14}, {5: 2, 13: 13})
    assert plays_of(pos, 6, 4) == [([(10, 6)], 0)]
    assert plays_of(pos, 4, 6) == [([(10, 6)], 0)]
    # With 16 blocked too, only the 4 can be played: it must be.
    pos = make({10: 1, 24: 14}, {5: 2, 9: 2, 13: 11})
    assert plays_of(pos, 6, 4) == [([(10, 4)], 0)]


def test_both_dice_must_be_played_when_possible():
    # As above, but a second checker on index 2 can take a die too: 10+6
    # alone no longer does, every play now uses both dice.
    pos = make({2: 1, 10: 1, 24: 13}, {5: 2, 13: 13})
    plays = plays_of(pos, 6, 4)
    assert plays and all(len(steps) == 2 for steps, _ in plays)
    assert ([(10, 6), (2, 4)], 0) in plays


def test_bear_off_with_a_higher_die():
    # Two on index 22 (3 pips) and one on 23: 6-5 bears off both from 22.
    pos = make({22: 2, 23: 1}, {13: 15})
    res = RULES.results(pos, 6, 5, pass_turn=False)
    assert len(res) == 1 and res[0][22] == 0 and res[0][23] == 1
    assert res[0][OFF] == 14
    # A checker farther back (index 20, 5 pips) takes the 6; the 23 may
    # not bear off with it.
    pos = make({20: 1, 23: 1}, {13: 15})
    assert can_move(pos, 0, 20, 6) and not can_move(pos, 0, 23, 6)
    assert can_move(pos, 0, 23, 2)
    # Bearing off needs every checker home.
    pos = make({18: 1, 24: 1}, {13: 15})
    assert not can_move(pos, 0, 24, 1)
    assert plays_of(pos, 1, 1)[0][0][0] == (18, 1)


def test_doubles_partially_playable():
    # One movable checker (the rest on the ace point cannot bear off while
    # it is out): 1 -> 7 -> 13, then 19 is blocked: two of the four 6s.
    pos = make({1: 1, 24: 14}, {6: 2, 23: 13})
    assert plays_of(pos, 6, 6) == [([(1, 6), (7, 6)], 0)]
    # 13 blocked instead: one 6 only.
    pos = make({1: 1, 24: 14}, {12: 2, 23: 13})
    assert plays_of(pos, 6, 6) == [([(1, 6)], 0)]


def test_a_hit_sends_the_blot_to_the_bar():
    # Our index 15 faces P2's index 10, where a P2 blot stands.
    pos = make({12: 1, 24: 14}, {10: 1, 2: 14})
    plays = plays_of(pos, 3, 3)
    assert ([(12, 3), (15, 3), (18, 3), (21, 3)], 1) in plays
    k = [s for s, _ in plays].index([(12, 3), (15, 3), (18, 3), (21, 3)])
    res = RULES.result(pos, k)
    assert res[BLOCK] == 1 and res[BLOCK + 10] == 0 and res[TURN] == 2
    hits = RULES.apply(bytearray(pos), k)
    assert hits == 1


def test_a_win_ends_the_turn_and_game():
    pos = make({24: 1}, {13: 15})
    res = RULES.results(pos, 6, 5)
    assert len(res) == 1 and winner(res[0]) == 1
    assert RULES.plays(res[0], 3, 1) == 0 and RULES.results(res[0], 3, 1) == []


def test_win_kinds():
    won = make({}, {12: 15})
    assert winner(won) == 1 and win_kind(won) == 2  # gammon: none off
    assert win_kind(make({}, {1: 14})) == 1  # one borne off: single
    # P2's index 1 (its 24-point) is in P1's home board: backgammon.
    assert win_kind(make({}, {1: 15})) == 3
    assert win_kind(make({}, {12: 14}, bar2=1)) == 3  # on the bar
    assert win_kind(make({}, {6: 1, 12: 14})) == 3  # in our home board
    assert win_kind(make({}, {7: 1, 12: 14})) == 2
    assert win_kind(make({12: 15}, {}, turn=1)) == 2
    assert winner(make({12: 15}, {})) == 2 and win_kind(make({1: 15}, {})) == 3


def test_smaller_buffers_overflow_loudly():
    small = Rules(max_plays=10)
    assert small.plays(new_position(), 6, 5) == 7
    with pytest.raises(OverflowError):
        small.plays(new_position(), 1, 1)


# -- perft -------------------------------------------------------------------

def _ref_perft_opening(depth):
    """Perft from the opening, with the reference generator."""
    start = new_position()

    def below(pos, d):
        if d == 0 or winner(pos):
            return 1
        total = 0
        for a in range(1, 7):
            for b in range(a, 7):
                for s in ref_results(pos, a, b):
                    child = from_abs(s)
                    child[TURN] = 3 - child[TURN]
                    total += below(child, d - 1)
        return total

    total = 0
    for a in range(1, 7):
        for b in range(a + 1, 7):
            for s in ref_results(start, a, b):
                child = from_abs(s)
                child[TURN] = 3 - child[TURN]
                total += below(child, depth - 1)
    return total


def run_cli(args, data=b""):
    proc = subprocess.run([sys.executable, "-m", "minigam.host"] + args,
                          input=data, capture_output=True, timeout=600,
                          cwd=os.path.dirname(HERE))
    out = proc.stdout.decode()
    err = proc.stderr.decode()
    assert "Traceback" not in out + err, err
    return proc.returncode, out, err


def test_perft_1_and_2_match_the_reference():
    assert _ref_perft_opening(1) == 190
    assert _ref_perft_opening(2) == 89153
    assert run_cli(["perft", "2", "--game", "backgammon"]) == (
        0, "depth 1: 190\ndepth 2: 89153\n", "")


def test_perft_backgammon_refuses_deep_or_mixed_asks():
    for depth in ("0", "4"):
        code, out, err = run_cli(["perft", depth, "--game", "backgammon"])
        assert code == 2 and out == "" and "DEPTH must be 1..3" in err
    code, out, err = run_cli(["perft", "1", "--game", "backgammon",
                              "--full-entry"])
    assert code == 2 and out == ""
    code, out, err = run_cli(["perft", "1", "--game", "chess"])
    assert code == 2 and out == ""
