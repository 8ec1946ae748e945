"""The Long Nardy rules engine (minigam/nardy/rules.py, issue 17): results
against a slow independent generator (tests/nardy_refgen.py), hand-made
rule cases, perft, and the ``legal``/``perft --game nardy`` commands."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy_refgen import (from_abs, positions, random_position, ref_perft,
                          ref_results, to_abs)
from test_cli_legal import run as run_cli
from minigam.nardy.notation import format_position, parse_position, validate
from minigam.nardy.rules import (BLOCK, CHECKERS, HEAD, HEADS, MAX_PLAYS,
                                 NONE, OFF, POS_SIZE, TURN, Rules,
                                 can_move, closes_block, do_move, end_turn,
                                 lowest, new_position, opposite, pips,
                                 undo_move, win_kind, winner)

RULES = Rules()
NO_EXCEPTION = Rules(head_doubles=False)
dice = st.integers(1, 6)


def boards(rules, pos, a, b):
    """Our results (turn kept) as a set of ``to_abs`` states."""
    return {to_abs(p) for p in rules.results(pos, a, b, pass_turn=False)}


def plays_of(pos, a, b, rules=RULES):
    """The plays of the last call as lists of (src, die)."""
    n = rules.plays(pos, a, b)
    out = []
    for k in range(n):
        steps = []
        for j in range(4):
            s = rules.moves[8 * k + 2 * j]
            if s != NONE:
                steps.append((s, rules.moves[8 * k + 2 * j + 1]))
        out.append(steps)
    return out


def swap(pos):
    """The same position with the colours' seats exchanged."""
    out = bytearray(pos)
    out[0:26], out[26:52] = pos[26:52], pos[0:26]
    out[TURN] = 3 - pos[TURN]
    return out


P = parse_position


# -- against the reference -----------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(positions(), dice, dice)
def test_results_equal_the_reference_generator(pos, a, b):
    before = bytes(pos)
    assert boards(RULES, pos, a, b) == ref_results(pos, a, b)
    assert boards(NO_EXCEPTION, pos, a, b) == ref_results(pos, a, b, False)
    assert bytes(pos) == before  # make/unmake left it as it was


def test_random_positions_against_the_reference_in_bulk():
    # Beyond hypothesis's examples: 2,000 seeded random queries.
    rng = random.Random(17)
    for _ in range(2000):
        pos = random_position(rng)
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        assert boards(RULES, pos, a, b) == ref_results(pos, a, b), \
            (format_position(pos), a, b)


def test_every_first_turn_against_the_reference():
    # Both players' first turns, with and without the exception: the start
    # (either colour on roll) and every result of the starter's first roll.
    firsts = [new_position(1), new_position(2)]
    for start in list(firsts):
        for a in range(1, 7):
            for b in range(a, 7):
                firsts.extend(RULES.results(start, a, b))
    assert len(firsts) == 2 + 2 * 22
    for pos in firsts:
        for a in range(1, 7):
            for b in range(1, 7):
                assert boards(RULES, pos, a, b) == ref_results(pos, a, b)
                assert boards(NO_EXCEPTION, pos, a, b) == \
                    ref_results(pos, a, b, False)


@settings(max_examples=200, deadline=None)
@given(positions(), dice, dice)
def test_every_play_is_legal_step_by_step_and_distinct(pos, a, b):
    plays = plays_of(pos, a, b)
    assert len(plays) <= MAX_PLAYS
    want = ref_results(pos, a, b)
    m = 0 if pos[TURN] == 1 else BLOCK
    seen = set()
    longest = max([len(s) for s in plays] or [0])
    roll = sorted([a] * 4 if a == b else [a, b])
    for k, steps in enumerate(plays):
        assert len(steps) == longest == RULES.steps(k)
        left = list(roll)
        for _, d in steps:  # the dice used are dice of the roll
            left.remove(d)
        work = bytearray(pos)
        for j, (s, d) in enumerate(steps):
            assert can_move(work, m, s, d), (steps, j)
            assert do_move(work, m, s, d) == 0
        assert work[TURN] == pos[TURN]
        end_turn(work)
        validate(work)
        work[TURN] = pos[TURN]
        assert to_abs(work) in want
        assert bytes(work) not in seen  # distinct boards
        seen.add(bytes(work))
    assert len(seen) == len(want) or (not plays and len(want) == 1)


@settings(max_examples=150, deadline=None)
@given(positions(), dice, dice)
def test_swapping_colours_gives_the_same_plays(pos, a, b):
    assert plays_of(pos, a, b) == plays_of(swap(pos), a, b)
    ours = sorted(bytes(swap(p)) for p in RULES.results(pos, a, b))
    assert ours == sorted(bytes(p) for p in RULES.results(swap(pos), a, b))


@settings(max_examples=150, deadline=None)
@given(positions(), dice)
def test_do_and_undo_move_restore_the_position(pos, d):
    m = 0 if pos[TURN] == 1 else BLOCK
    for i in range(OFF):
        if can_move(pos, m, i, d):
            before = bytes(pos)
            do_move(pos, m, i, d)
            assert pos[HEADS] == (d if i == HEAD else 0)
            undo_move(pos, m, i, d)
            assert bytes(pos) == before


def test_reference_round_trip():
    rng = random.Random(3)
    for _ in range(300):
        pos = random_position(rng, allow_finished=True)
        assert from_abs(to_abs(pos)) == pos
        validate(pos)


# -- hand-made cases -----------------------------------------------------------

def test_start_position():
    pos = new_position()
    validate(pos)
    assert len(pos) == POS_SIZE and pos[HEAD] == pos[BLOCK + HEAD] == 15
    assert pos[TURN] == 1 and new_position(2)[TURN] == 2
    assert pips(pos, 1) == pips(pos, 2) == 360
    assert winner(pos) == 0 and win_kind(pos) == 0
    assert format_position(pos) == "24x15/12x15/w"
    # Non-doubles move one checker the sum; 1-1, 2-2 and 5-5 one checker
    # four times; 3-3 has two results, 4-4 and 6-6 one each.
    for a in range(1, 7):
        for b in range(a, 7):
            n = RULES.plays(pos, a, b)
            assert n == (2 if (a, b) == (3, 3) else 1), (a, b)
            steps = RULES.steps(0)
            assert steps == (4 if a == b and a != 6 else 2)


def test_opposite_is_half_a_lap():
    assert [opposite(i) for i in (1, 12, 13, 24)] == [13, 24, 1, 12]
    assert all(opposite(opposite(i)) == i for i in range(1, 25))
    # White's head (its index 1, board 24) is Black's index 13, Black's
    # 12-point; Black's head (its index 1) is White's index 13, board 12.
    pos = P("24x14,13/12x15/b")
    assert pos[1] == 14 and pos[12] == 1 and pos[BLOCK + 1] == 15


def test_no_hitting_a_single_checker_closes_a_point():
    pos = P("24x14,13/12x14,7/w")
    assert not can_move(pos, 0, 12, 6)  # 13/7: Black's lone checker
    assert not can_move(pos, 0, 12, 1)  # 13/12: Black's head
    assert [format_position(r) for r in RULES.results(pos, 6, 1)] == \
        ["24x13,17,13/12x14,7/b"]


def test_one_checker_off_the_head_a_turn():
    pos = P("24x14,13/12x14,1/w")
    m = 0
    assert can_move(pos, m, HEAD, 5)
    do_move(pos, m, HEAD, 5)
    assert pos[HEADS] == 5
    assert not can_move(pos, m, HEAD, 5)  # not a first turn
    assert can_move(pos, m, HEAD + 5, 5)  # the checker that left goes on
    undo_move(pos, m, HEAD, 5)
    assert pos[HEADS] == 0
    for steps in plays_of(pos, 5, 5):
        assert [s for s, _ in steps].count(HEAD) == 1


def test_the_first_turn_exception():
    start = new_position()
    for d in range(1, 7):
        work = bytearray(start)
        do_move(work, 0, HEAD, d)
        second = can_move(work, 0, HEAD, d)
        assert second == (d in (3, 4, 6)), d
        assert not can_move(work, 0, HEAD, d, head_doubles=False)
        for other in range(1, 7):
            if other != d:  # a non-double's other die: never
                assert not can_move(work, 0, HEAD, other)
        if second:
            do_move(work, 0, HEAD, d)
            assert work[HEADS] == d + 8
            assert not can_move(work, 0, HEAD, d)  # never a third
            undo_move(work, 0, HEAD, d)
            assert work[HEADS] == d
    # Without the exception 6-6 plays one checker 24/18 only, 3-3 three
    # 3s (24/15), 4-4 two 4s (24/16).
    for d, board in ((6, "24x14,18/12x15/b"), (3, "24x14,15/12x15/b"),
                     (4, "24x14,16/12x15/b")):
        assert [format_position(r) for r in
                NO_EXCEPTION.results(start, d, d)] == [board]
    # A later turn with 14 on the head and a double: one checker only.
    pos = P("24x14,18/12x14,6/w")
    for steps in plays_of(pos, 6, 6):
        assert [s for s, _ in steps].count(HEAD) <= 1


def test_the_block_rule_counts_along_the_opponents_path():
    # White's 2, 1, 24, 23, 22 are five in a row along Black's path; 21
    # would be the sixth. No Black checker ahead (20..13, off).
    pos = P("24x10,23,22,16,2,1/12x9,10x3,8x3/w")
    assert closes_block(pos, 0, HEAD, 4)  # index 4 is board 21
    assert not can_move(pos, 0, HEAD, 3)
    # The same row with 22 moved away is only four: allowed.
    work = bytearray(pos)
    do_move(work, 0, 3, 5)  # 22/17
    assert can_move(work, 0, HEAD, 3)
    # A Black checker ahead of the row (on 13) allows it.
    pos2 = P("24x10,23,22,16,2,1/13,12x8,10x3,8x3/w")
    assert can_move(pos2, 0, HEAD, 3)
    # White's 13 and 12 are not neighbours for Black (12 is where Black
    # starts, 13 where it ends): 16/12 makes 15..10, no row for Black.
    pos3 = P("24x9,16,15,14,13,11,10/9x15/w")
    assert not closes_block(pos3, 0, 9, 13)
    assert can_move(pos3, 0, 9, 4)


def test_a_block_may_not_stand_even_between_two_moves():
    pos = P("24x9,13,6,5,4,3,2/12x12,8x3/w")
    assert not can_move(pos, 0, 12, 6)  # 13/7 closes 7..2
    assert [format_position(r) for r in RULES.results(pos, 6, 5)] == \
        ["24x8,13x2,6,5,4,3,2/12x12,8x3/b"]
    # Black's blocks count along White's path, 24 down to 1: Black's 18
    # to 14 with White all behind (on 24 and 21); 14/13 would make six.
    pos = P("24x14,21/18,17,16,15,14x2,12x9/b")
    assert not can_move(pos, BLOCK, 23, 1)  # Black's index 23 is board 14
    assert can_move(pos, BLOCK, 22, 1)  # 15/14 (15 is left empty)


def test_both_dice_the_higher_the_lower_and_doubles():
    # The rule book's rows 7 to 11.
    assert sorted(plays_of(P("14,7,2x7,1x6/12x11,11x2,4,3/w"), 6, 4)[0]) \
        == [(11, 4), (18, 6)]
    assert RULES.count == 1
    assert plays_of(P("14,2x7,1x7/12x11,11x2,4x2/w"), 6, 4) == [[(11, 6)]]
    assert plays_of(P("14,2x7,1x7/12x11,11x2,4x2/w"), 4, 6) == [[(11, 6)]]
    assert plays_of(P("14,2x7,1x7/12x9,11x2,8x2,4x2/w"), 6, 4) == \
        [[(11, 4)]]
    assert plays_of(P("14,2x7,1x7/12x11,11x2,4x2/w"), 5, 5) == [[(11, 5)]]
    pos = P("14,2x7,1x7/12x11,11x2,4x2/w")
    assert RULES.plays(pos, 2, 2) == 0
    assert [format_position(r) for r in RULES.results(pos, 2, 2)] == \
        ["14,2x7,1x7/12x11,11x2,4x2/b"]
    assert not RULES.any_move(pos, 0, 2) and RULES.any_move(pos, 0, 5)


def test_bearing_off():
    black = "18x4,17x3,16x2,15x2,13x4"
    pos = P("5,2x2,offx12/%s/w" % black)
    assert lowest(pos, 0) == 20
    assert can_move(pos, 0, 20, 5) and can_move(pos, 0, 20, 6)
    assert not can_move(pos, 0, 23, 4)  # 5 is occupied
    assert can_move(pos, 0, 23, 2)
    pos = P("7,6x7,4x7/%s/w" % black)
    assert not can_move(pos, 0, 19, 6)  # 7 is not home yet
    work = bytearray(pos)
    do_move(work, 0, 18, 1)  # 7/6
    assert can_move(work, 0, 19, 6)


def test_wins_oin_and_mars():
    black = "18x4,17x3,16x2,15x2,13x4"
    res = RULES.results(P("2,1,offx13/%s/w" % black), 6, 5)
    assert len(res) == 1 and winner(res[0]) == 1 and win_kind(res[0]) == 2
    assert RULES.plays(res[0], 3, 1) == 0 and RULES.results(res[0], 3, 1) \
        == []
    won = P("offx15/18x4,17x3,16x2,13x4,offx2/b")
    assert winner(won) == 1 and win_kind(won) == 1
    won = P("20x5,19x10/offx15/w")
    assert winner(won) == 2 and win_kind(won) == 2
    assert pips(won, 1) == 5 * 20 + 10 * 19 and pips(won, 2) == 0


def test_apply_result_and_end_turn():
    pos = new_position()
    n = RULES.plays(pos, 3, 3)
    for k in range(n):
        out = RULES.result(pos, k)
        assert out[HEADS] == 0 and out[TURN] == 2
        kept = RULES.result(pos, k, pass_turn=False)
        assert kept[HEADS] == 0 and kept[TURN] == 1
        work = bytearray(pos)
        assert RULES.apply(work, k) == 0 and work == out
    passed = RULES.result(pos, None)
    assert passed[:52] == pos[:52] and passed[TURN] == 2
    work = bytearray(pos)
    do_move(work, 0, HEAD, 6)
    end_turn(work)
    assert work[HEADS] == 0 and work[TURN] == 2


def test_smaller_buffers_overflow_loudly():
    small = Rules(max_plays=3)
    pos = P("24x9,14,9,8,7,6,5/12x13,11x2/w")
    with pytest.raises(OverflowError):
        small.plays(pos, 4, 2)
    assert Rules(max_plays=40).plays(pos, 4, 2) == 35


def test_a_wide_double_fits_the_buffer():
    # Fifteen single checkers (no six in a row along Black's path): 1-1
    # has over a thousand plays, within the buffer (its bound, C(18, 4) =
    # 3060, is for fifteen singles all free to move).
    pos = P("23,22,21,20,19,11,10,9,8,7,5,4,3,2,1/13,12x14/w")
    n = RULES.plays(pos, 1, 1)
    assert 1000 < n <= MAX_PLAYS
    assert n == len(ref_results(pos, 1, 1))


def test_a_double_leaves_its_seen_sets_clear_for_the_next():
    # The doubles' dedupe bits are cleared (in slices) when the search
    # ends: a stale bit would hide a play from the next double.
    rules = Rules()
    wide = P("23,22,21,20,19,11,10,9,8,7,5,4,3,2,1/13,12x14/w")
    first = rules.plays(wide, 1, 1)
    assert not any(rules._seen)
    assert rules.plays(wide, 1, 1) == first
    assert rules.plays(wide, 2, 2) == len(ref_results(wide, 2, 2))


# -- perft and the commands ----------------------------------------------------

def test_perft_1_to_3_match_the_reference():
    start = new_position()
    assert [ref_perft(start, d) for d in (1, 2, 3)] == [22, 484, 35387]
    assert run_cli(["perft", "3", "--game", "nardy"]) == (
        0, "depth 1: 22\ndepth 2: 484\ndepth 3: 35387\n", "")
    # Without the first-turn exception, depths 1 and 2.
    from minigam.host.cli.perft import bg_perft
    for d in (1, 2):
        assert bg_perft(NO_EXCEPTION, start, d, winner) == \
            ref_perft(start, d, head_doubles=False)


def test_perft_nardy_refuses_deep_or_mixed_asks():
    for depth in ("0", "5"):
        code, out, err = run_cli(["perft", depth, "--game", "nardy"])
        assert code == 2 and out == "" and "DEPTH must be 1..4" in err
    code, out, err = run_cli(["perft", "1", "--game", "nardy",
                              "--full-entry"])
    assert code == 2 and out == ""


def test_legal_nardy_answers_errors_and_all():
    lines = [
        "24x15/12x15/w 3-3",
        "24x14,13/12x15/b 4-4",
        "14,2x7,1x7/12x11,11x2,4x2/w 2-2",        # a pass
        "offx15/18x4,17x3,16x2,13x4,offx2/b 3-1",  # finished: empty line
        "garbage 3-1",
        "24x15/12x15/w 7-1",
        "24x15/12x14/w 3-1",                       # 14 Black checkers
        "24x15,12/12x15/w 3-1",                    # 16 White checkers
        "24x14,12/12x15/w 3-1",                    # 12 holds both
        "24x15/12x15/x 3-1",
        "24x15/12x15/w",
        "",
        "24x15/12x15/w 6-5",
    ]
    code, out, err = run_cli(["legal", "--game", "nardy"],
                             "\n".join(lines) + "\n")
    assert code == 2 and err == ""
    assert out.split("\n") == [
        "24x13,18x2/12x15/b;24x13,21,15/12x15/b",
        "24x14,13/12x13,4x2/w",
        "14,2x7,1x7/12x11,11x2,4x2/b",
        "",
        "error: a position is '<white>/<black>/<w or b>', got 1 field",
        "error: roll must look like 3-1 with dice 1..6, got '7-1'",
        "error: black has 14 checkers, not 15",
        "error: white has more than 15 checkers",
        "error: point 12 holds both colours",
        "error: the player on roll must be w or b, got 'x'",
        "error: expected '<position> <d1>-<d2>', got 1 field",
        "24x14,13/12x15/b",
        "",
    ]


def test_legal_nardy_matches_the_reference_and_never_tracebacks():
    rng = random.Random(1717)
    queries = []
    for _ in range(200):
        queries.append((random_position(rng), rng.randint(1, 6),
                        rng.randint(1, 6)))
    data = "".join("%s %d-%d\n" % (format_position(p), a, b)
                   for p, a, b in queries)
    blob = bytes(rng.randrange(256) for _ in range(3000))
    code, out, err = run_cli(["legal", "--game", "nardy"],
                             data.encode() + blob)
    assert code == 2  # the garbage
    got = out.split("\n")
    for (pos, a, b), line in zip(queries, got):
        want = []
        for s in ref_results(pos, a, b):
            child = from_abs(s)
            child[TURN] = 3 - child[TURN]
            want.append(format_position(child))
        assert line == ";".join(sorted(want)), format_position(pos)
    for line in got[len(queries):-1]:
        assert line.startswith("error: ") or line == "", line


def test_checkers_a_side():
    assert CHECKERS == 15 and OFF == 25
