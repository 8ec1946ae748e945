"""Tests of the game flow (minigam.quarter.game): opening roll, turns built move by
move, undo, passes, wins, matches. Plain ``test_*`` functions, bare asserts;
they also run inside the MicroPython VM.
"""

from minigam.core.dice import Dice
from minigam.quarter.game import Game, GameError, NEW, ROLL, MOVE, OVER
from minigam.quarter.notation import format_position, parse_position
from minigam.quarter.rules import Rules, TURN, NONE
from refgen import Lcg, random_position

STD = Rules()
FULL = Rules(full_entry=True)
ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def _raises(fn, *args):
    try:
        fn(*args)
    except GameError:
        return True
    return False


def _at(text, a, b, rules=STD, auto_forced=False):
    g = Game(rules=rules, auto_forced=auto_forced)
    g.setup(parse_position(text, rules.checkers))
    g.roll(a, b)
    return g


def _count(pos, side):
    return sum(pos[8 * side:8 * side + 8])


# -- scripted players -------------------------------------------------------

class FirstPlay:
    """Always the first generated play."""

    def choose(self, game):
        r = game.rules
        if r.plays(game.pos, game.d1, game.d2) == 0:
            return []
        mv = r.moves
        out = [(mv[0], mv[1])]
        if mv[2] != NONE:
            out.append((mv[2], mv[3]))
        return out


class ButtonPlayer:
    """Builds its play with movable()/targets()/move(), choosing with an
    Lcg like a person pressing buttons, and sometimes undoes a move first."""

    def __init__(self, seed):
        self.rng = Lcg(seed)

    def play(self, game):
        while not game.turn_done():
            srcs = game.movable()
            src = srcs[self.rng.below(len(srcs))]
            ts = game.targets(src)
            dst, die = ts[self.rng.below(len(ts))]
            before = bytearray(game.pos)
            game.move(src, die)
            if self.rng.below(4) == 0:
                assert game.undo()
                assert game.pos == before
                game.move(src, die)


def _play_match(match_to, seed, use_buttons=True):
    dice = Dice(seed=seed)
    g = Game(match_to=match_to, dice=dice)
    p1 = ButtonPlayer(seed + 1)
    p2 = FirstPlay()
    games = 0
    while True:
        assert g.state == NEW
        a, b = g.start_game()
        assert a != b and g.player == (1 if a > b else 2)
        assert g.opening == (a, b)
        games += 1
        last = 0
        while g.state != OVER:
            if g.state == ROLL:
                g.roll()
            assert g.state == MOVE
            assert g.player != last
            last = g.player
            if g.must_pass:
                assert g.movable() == []
            elif g.player == 1 and use_buttons:
                p1.play(g)
            else:
                g.play_steps(p2.choose(g))
            assert g.turn_done()
            g.confirm()
            assert _count(g.pos, 0) == 8 and _count(g.pos, 1) == 8
        assert g.winner in (1, 2)
        assert g.pos[7 if g.winner == 1 else 15] == 8
        assert g.score[0] + g.score[1] == games == g.game_no
        if g.match_over():
            break
        assert g.match_winner == 0
        g.new_game()
    w = g.match_winner
    assert g.score[w - 1] == match_to
    assert g.score[2 - w] < match_to
    assert _raises(g.new_game)
    return g


# -- opening roll -------------------------------------------------------------

def test_opening_tie_rolled_again_and_winner_plays_both_dice():
    g = Game(dice=Dice(source=[3, 3, 6, 6, 3, 1]))
    assert g.state == NEW and g.game_no == 1
    assert g.start_game() == (3, 1)
    assert g.state == MOVE and g.player == 1
    assert (g.d1, g.d2) == (3, 1)
    assert g.opening == (3, 1)
    assert g.movable() == [0]
    assert g.targets(0) == [(1, 1), (3, 3)]


def test_opening_won_by_player_2():
    g = Game(dice=Dice(source=[2, 5]))
    g.start_game()
    assert g.player == 2 and (g.d1, g.d2) == (5, 2)
    assert g.start[TURN] == 2


def test_opening_by_hand_and_its_errors():
    g = Game()
    assert _raises(g.start_game, (4, 4))
    assert _raises(g.start_game, (0, 4))
    assert _raises(g.start_game, (4, 7))
    assert _raises(g.start_game, (4,))
    assert _raises(g.start_game, 5)
    assert g.state == NEW
    g.start_game((1, 6))
    assert g.player == 2
    assert _raises(g.start_game, (2, 1))
    assert _raises(g.roll)


# -- building plays move by move ----------------------------------------------

def _finals(g, out):
    """Every final position reachable through movable/targets/move."""
    if g.turn_done():
        p = bytearray(g.pos)
        p[TURN] = 3 - p[TURN]
        out[format_position(p)] = True
        return
    srcs = g.movable()
    assert srcs
    for src in srcs:
        ts = g.targets(src)
        assert ts
        for dst, die in ts:
            before = bytearray(g.pos)
            g.move(src, die)
            _finals(g, out)
            assert g.undo()
            assert g.pos == before


def _check_build(rules, text, a, b):
    g = _at(text, a, b, rules)
    want = sorted([format_position(p) for p in rules.results(g.pos, a, b)])
    got = {}
    if g.must_pass:
        assert g.turn_done() and g.movable() == []
        p = bytearray(g.pos)
        p[TURN] = 3 - p[TURN]
        got[format_position(p)] = True
    else:
        _finals(g, got)
    got = sorted(got.keys())
    assert got == want, "%s %d-%d: %r != %r" % (text, a, b, got, want)
    # g.results() agrees too
    assert sorted([format_position(p) for p in g.results()]) == want


def test_move_by_move_reaches_exactly_the_legal_results():
    rng = Lcg(4242)
    for n in range(40):
        text = random_position(rng)
        for a, b in ROLLS:
            _check_build(STD if n % 2 else FULL, text, a, b)


def test_rules_examples_move_by_move():
    for text, a, b in (("0,0,0,0,0,0/8,8/0,0/1", 3, 1),
                       ("0,-2,0,0,1,1/0,0/6,6/1", 4, 1),
                       ("0,0,0,0,0,1/1,8/6,0/1", 3, 2),
                       ("1,1,0,-2,0,-2/0,0/6,4/1", 3, 1),
                       ("0,-1,0,0,0,0/8,7/0,0/1", 5, 2),
                       ("0,0,0,0,0,0/8,8/0,0/2", 6, 1)):
        _check_build(STD, text, a, b)
        _check_build(FULL, text, a, b)


def test_order_choice_drops_a_die():
    # The rule book's example 5: 2/3 first, then no 3 can be played.
    g = _at("1,1,0,-2,0,-2/0,0/6,4/1", 3, 1)
    g.move(2, 1)
    assert g.turn_done() and g.dice_left() == [3]
    g.confirm()
    assert format_position(g.pos) == "1,0,1,-2,0,-2/0,0/6,4/2"
    assert g.turns[-1] == (1, 3, 1, ((2, 1, 0),))


def test_targets_bear_off_and_higher_die():
    # The rule book's example 3: the checker on 5 may bear off with the 4.
    g = _at("0,-2,0,0,1,1/0,0/6,6/1", 4, 1)
    assert g.movable() == [5, 6]
    assert g.targets(5) == [(6, 1), (7, 4)]
    assert g.targets(6) == [(7, 1)]
    assert g.targets(3) == []


def test_illegal_moves_are_rejected_and_change_nothing():
    g = _at("0,-2,0,0,1,1/0,0/6,6/1", 4, 1)
    before = bytearray(g.pos)
    assert _raises(g.move, 6, 4)    # not the farthest back
    assert _raises(g.move, 5, 3)    # no such die
    assert _raises(g.move, 2, 1)    # no own checker there
    assert _raises(g.move, 9, 1)
    assert _raises(g.move, "5", 4)
    assert g.pos == before and g.steps == [] and g.used == [False, False]
    assert _raises(g.confirm)       # nothing played yet


def test_blocked_point_rejected():
    # Player 2 holds point 3 (two checkers): Player 1 cannot enter there.
    g = _at("0,0,-2,0,0,0/8,6/0,0/1", 3, 3)
    assert g.must_pass and g.turn_done()
    assert _raises(g.move, 0, 3)
    g.confirm()
    assert g.turns[-1] == (1, 3, 3, ())
    assert g.player == 2 and g.state == ROLL


def test_pass_then_go_on():
    g = _at("0,0,-2,0,-2,-2/8,2/0,0/1", 3, 5)
    assert g.must_pass and g.movable() == [] and g.dice_left() == [3, 5]
    g.confirm()
    assert g.state == ROLL and g.player == 2
    g.roll(1, 2)
    assert not g.must_pass


def test_undo_single_and_whole_turn():
    # a hit, then undo: the opposing blot comes back from the bar
    g = _at("0,-1,0,0,0,0/8,7/0,0/1", 5, 2)
    start = bytearray(g.pos)
    assert not g.undo()
    assert g.move(0, 2) == 1
    assert g.pos[8] == 8 and g.used == [False, True]
    assert g.move(2, 5) == 0
    assert g.turn_done() and g.dice_left() == []
    assert g.undo()
    assert g.used == [False, True] and len(g.steps) == 1
    assert g.undo()
    assert g.pos == start and g.used == [False, False] and g.steps == []
    g.move(0, 5)
    g.move(0, 2)
    assert g.undo_turn() == 2
    assert g.pos == start
    assert g.undo_turn() == 0


def test_undo_with_doubles_and_after_confirm():
    g = _at("0,0,0,0,0,0/8,8/0,0/1", 2, 2)
    s = bytearray(g.pos)
    g.move(0, 2)
    assert g.used == [True, False]
    g.move(2, 2)
    assert g.used == [True, True]
    g.undo()
    assert g.used == [True, False]
    g.move(0, 2)
    g.confirm()
    assert format_position(g.pos) == "0,2,0,0,0,0/6,8/0,0/2"
    assert not g.undo()          # a confirmed turn is final
    assert g.pos != s


def test_play_steps_complete_or_nothing():
    g = _at("0,0,0,0,0,0/8,8/0,0/1", 3, 1)
    before = bytearray(g.pos)
    # bar/3 alone is incomplete: the 1 can still be played
    assert _raises(g.play_steps, [(0, 3)])
    assert g.pos == before and g.steps == []
    # second step illegal (no die 3 left): the first is undone too
    assert _raises(g.play_steps, [(0, 3), (3, 3)])
    assert g.pos == before and g.steps == []
    g.play_steps([(0, 3), (3, 1, 0)])
    assert format_position(g.pos) == "0,0,0,1,0,0/7,8/0,0/1"


def test_auto_forced_plays_the_only_result():
    # The rule book's example 4: only one result.
    g = _at("0,0,0,0,0,1/1,8/6,0/1", 3, 2, auto_forced=True)
    assert g.forced and g.turn_done()
    g.confirm()
    assert format_position(g.pos) == "0,0,0,0,1,1/0,8/6,0/2"
    # two results: nothing is played automatically
    g = _at("0,0,0,0,0,0/8,8/0,0/1", 3, 1, auto_forced=True)
    assert not g.forced and g.steps == []
    # without the option nothing is played either
    g = _at("0,0,0,0,0,1/1,8/6,0/1", 3, 2)
    assert not g.forced and g.steps == []


def test_win_mid_turn_ends_the_play():
    g = _at("0,0,0,0,0,1/0,6/7,2/1", 6, 1)
    g.move(6, 1)
    assert g.turn_done() and g.dice_left() == [6]
    assert _raises(g.move, 6, 6)
    assert g.confirm() == 1
    assert g.state == OVER and g.winner == 1 and g.score == [1, 0]
    assert g.match_winner == 1
    assert _raises(g.roll)


def test_states_refuse_out_of_turn_actions():
    g = Game()
    assert _raises(g.roll) and _raises(g.confirm) and _raises(g.move, 0, 1)
    assert g.movable() == [] and g.targets(0) == [] and not g.turn_done()
    g.start_game((5, 2))
    assert _raises(g.new_game)
    assert _raises(g.roll)
    g.play_steps([(0, 5), (0, 2)])
    g.confirm()
    assert _raises(g.roll, 0, 3) and _raises(g.roll, 3, 7)
    assert g.state == ROLL
    assert Game(match_to=3).match_to == 3
    assert _raises(Game, None, False, 0)


def test_scripted_match_to_3():
    g = _play_match(3, 11)
    assert g.game_no >= 3


def test_scripted_match_to_5():
    g = _play_match(5, 99, use_buttons=False)
    assert g.game_no >= 5


def test_scripted_single_games_both_variants():
    for seed in range(3):
        dice = Dice(seed=seed)
        g = Game(rules=FULL if seed % 2 else STD, dice=dice)
        bp = ButtonPlayer(seed)
        g.start_game()
        while g.state != OVER:
            if g.state == ROLL:
                g.roll()
            if not g.must_pass:
                bp.play(g)
            g.confirm()
        assert g.score[g.winner - 1] == 1


def test_new_match_resets():
    g = _play_match(1, 5)
    g.new_match()
    assert g.score == [0, 0] and g.game_no == 1 and g.state == NEW
    assert g.match_winner == 0


def test_the_flow_errors_name_each_state():
    """minigam.core.flow_errors words a state error by the flow's state
    numbers, which it does not import: they must stay in step."""
    from minigam.core import flow, flow_errors
    assert flow_errors._WHY[flow.NEW].endswith("opening roll is due")
    assert flow_errors._WHY[flow.ROLL] == "roll the dice first"
    assert flow_errors._WHY[flow.MOVE] == "finish the play first"
    assert flow_errors._WHY[flow.OVER] == "the game is over"
    assert flow_errors._WHY[flow.CUBE] == "a double is offered"
