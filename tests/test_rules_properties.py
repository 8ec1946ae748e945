"""Property-based tests of the rules engine (issue 10): invariants that must
hold for every position and roll."""

from hypothesis import given, settings

from minigam.notation import format_position, parse_position, validate
from minigam.rules import TURN, Rules
from strategies import dice, positions

STD = Rules()
FULL = Rules(full_entry=True)


def mirror(pos):
    """The same position with the players' roles exchanged."""
    out = bytearray(pos)
    out[0:8], out[8:16] = pos[8:16], pos[0:8]
    out[TURN] = 3 - pos[TURN]
    return out


def result_set(rules, pos, a, b):
    return {bytes(p) for p in rules.results(pos, a, b)}


@settings(max_examples=400, deadline=None)
@given(positions(), dice, dice)
def test_results_keep_checker_counts_and_colours_apart(pos, a, b):
    for rules in (STD, FULL):
        for res in rules.results(pos, a, b):
            validate(res)
            assert res[TURN] == 3 - pos[TURN]
            for side in (0, 8):  # borne-off counts never decrease
                assert res[side + 7] >= pos[side + 7]


@settings(max_examples=400, deadline=None)
@given(positions(), dice, dice)
def test_player_two_plays_mirror_player_one(pos, a, b):
    for rules in (STD, FULL):
        mirrored = {bytes(mirror(r)) for r in rules.results(mirror(pos), a, b)}
        assert mirrored == result_set(rules, pos, a, b)


@settings(max_examples=400, deadline=None)
@given(positions(), dice, dice)
def test_full_entry_equals_standard_without_bar_checkers(pos, a, b):
    m = 0 if pos[TURN] == 1 else 8
    std, full = result_set(STD, pos, a, b), result_set(FULL, pos, a, b)
    if pos[0] == 0 and pos[8] == 0:
        assert full <= std
    if pos[m] == 0:  # only the mover's bar matters to the variant
        assert full == std


@settings(max_examples=300, deadline=None)
@given(positions(), dice, dice)
def test_roll_order_does_not_matter(pos, a, b):
    assert result_set(STD, pos, a, b) == result_set(STD, pos, b, a)


@settings(max_examples=500, deadline=None)
@given(positions())
def test_notation_round_trip(pos):
    text = format_position(pos)
    assert parse_position(text) == pos
    assert format_position(parse_position(text)) == text
