"""Property-based tests of the rules engine (issue 10): invariants that must
hold for every position and roll."""

from hypothesis import given, settings

from minigam.quarter.notation import format_position, parse_position, validate
from minigam.quarter.rules import TURN, Rules
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


# -- the same properties at the game level (issue 10) ------------------------

from hypothesis import strategies as st  # noqa: E402

from minigam.quarter.game import Game  # noqa: E402
from minigam.quarter.rules import winner  # noqa: E402


def game_plays(rules, pos, a, b):
    """Every complete play a player can build through ``Game`` (movable,
    targets, move, undo), as result positions; every position on the way
    is checked."""
    g = Game(rules=rules)
    g.setup(pos)
    g.roll(a, b)
    out = set()

    def walk():
        validate(g.pos)
        if g.turn_done():
            p = bytearray(g.pos)
            p[TURN] = 3 - p[TURN]
            out.add(bytes(p))
            return
        for src in g.movable():
            for _, die in g.targets(src):
                before = bytes(g.pos)
                g.move(src, die)
                walk()
                assert g.undo()
                assert bytes(g.pos) == before

    walk()
    return out


@settings(max_examples=300, deadline=None)
@given(positions(allow_finished=False), dice, dice)
def test_game_move_by_move_reaches_exactly_the_legal_results(pos, a, b):
    for rules in (STD, FULL):
        assert game_plays(rules, pos, a, b) == result_set(rules, pos, a, b)


@settings(max_examples=300, deadline=None)
@given(positions(allow_finished=False), dice, dice, st.data())
def test_a_confirmed_game_turn_is_a_legal_result(pos, a, b, data):
    rules = data.draw(st.sampled_from((STD, FULL)))
    g = Game(rules=rules)
    g.setup(pos)
    g.roll(a, b)
    while not g.turn_done():
        src = data.draw(st.sampled_from(g.movable()))
        _, die = data.draw(st.sampled_from(g.targets(src)))
        g.move(src, die)
        validate(g.pos)
    g.confirm()
    validate(g.pos)
    assert bytes(g.pos) in result_set(rules, pos, a, b)
    assert g.turns[-1][1:3] == (a, b)


@settings(max_examples=120, deadline=None)
@given(positions(allow_finished=False), dice, dice,
       st.sampled_from(("easy", "medium", "hard")), st.integers(0, 999))
def test_ai_plays_are_legal_and_play_through_the_game(pos, a, b, level,
                                                      seed):
    from minigam.quarter.ai import AIPlayer
    for rules in (STD, FULL):
        ai = AIPlayer(rules, level, seed)
        steps = ai.choose(pos, a, b)
        legal = result_set(rules, pos, a, b)
        assert bytes(ai.result) in legal
        g = Game(rules=rules)
        g.setup(pos)
        g.roll(a, b)
        g.play_steps(steps)
        g.confirm()
        assert g.pos == ai.result
        assert winner(g.pos) == winner(ai.result)
