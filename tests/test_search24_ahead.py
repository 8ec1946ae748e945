"""``Search24.ahead``: a position's probabilities one roll ahead, the
evaluation of the 24-point games' cube decisions (issue 57). Where the
next roll decides the game, the answer is counted exactly; elsewhere it
is the mean of the network's outputs after each roll's best play."""

import pytest

from test_bg_resign import board
from minigam.bg import cube
from minigam.bg.ai import BgAI
from minigam.bg.rules import new_position, winner
from minigam.nardy.ai import NardyAI
from minigam.nardy.rules import new_position as nardy_start

P = 4096


def test_a_last_roll_is_counted_exactly():
    # Three checkers on the 6, 5 and 4 points against two on the ace
    # point: only 6-6 and 5-5 bear all three off (4-4 leaves one on the
    # ace point); otherwise the opponent is off next turn.
    ai = BgAI("hard", 1)
    out = ai.ahead(board({19: 1, 20: 1, 21: 1, 25: 12}, {24: 2, 25: 13}), [0] * 5)
    # (the network gives the opponent a sure win less a few thousandths)
    assert abs(out[0] - 2 * P / 36) <= 0.005 * P
    assert all(v <= 2 for v in out[1:])  # no gammons: the table's floor
    # Every roll bears off both checkers: a sure single win.
    assert ai.ahead(board({24: 2, 25: 13}, {19: 3, 25: 12}), [0] * 5) == [P, 0, 0, 0, 0]
    # A gammon on every roll: the opponent has all 15 on its side still.
    g = board({24: 1, 25: 14}, {19: 15})
    assert ai.ahead(g, [0] * 5) == [P, P, 0, 0, 0]


def test_the_level_s_noise_is_left_out_and_the_position_kept():
    pos = new_position()
    before = bytes(pos)
    hard = BgAI("hard", 1).ahead(pos, [0] * 5)
    easy = BgAI("easy", 7)
    assert easy.ahead(pos, [0] * 5) == hard
    assert easy.sigma  # its noise is back for its plays
    assert bytes(pos) == before
    assert 0.45 * P < hard[0] < 0.6 * P
    assert all(0 <= v <= P for v in hard)
    assert hard[1] <= hard[0] and hard[3] <= P - hard[0]


def test_it_agrees_with_the_network_in_a_quiet_position():
    # A long race, nobody hit or stuck: one roll moves little, so the mean
    # after it stays near the network's own estimate.
    race = board({19: 5, 20: 5, 21: 5}, {13: 5, 19: 5, 20: 5})
    ahead = BgAI("hard", 1).ahead(race, [0] * 5)
    now = cube._probs(race, 1)
    assert abs(ahead[0] / P - now[0]) < 0.05


def test_long_nardy_has_its_three_outputs():
    out = NardyAI("hard", 1).ahead(nardy_start(), [0] * 3)
    assert len(out) == 3 and all(0 <= v <= P for v in out)
    assert 0.4 * P < out[0] < 0.7 * P


def test_a_finished_game_is_refused():
    won = board({25: 15}, {19: 15})
    assert winner(won)
    with pytest.raises(ValueError):
        BgAI("hard", 1).ahead(won, [0] * 5)


def test_in_slices_it_yields_often_and_gives_the_same():
    pos = new_position()
    whole = BgAI("hard", 1).ahead(pos, [0] * 5)
    ai = BgAI("hard", 1)
    out = [0] * 5
    ai.ahead_begin(pos, out)
    slices = 1
    while not ai.ahead_step():
        slices += 1
    assert out == whole
    # 21 searches of a slice each for the root and one for every two
    # candidates at most: many slices, none of them long.
    assert slices > 21 * 3


def test_a_play_chosen_after_an_unfinished_look_has_its_noise():
    pos = new_position()
    ai = BgAI("easy", 7)
    ai.ahead_begin(pos, [0] * 5)
    for _ in range(5):
        ai.ahead_step()
    x = ai._x  # the look drew no noise
    assert x == BgAI("easy", 7)._x
    ai.choose(pos, 3, 1)
    assert ai._x != x  # this play did: one draw a candidate
