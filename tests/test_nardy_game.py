"""Long Nardy's game flow (minigam.nardy.game): building a play move by
move reaches exactly the engine's legal results, whole random games played
move by move keep every rule, the opening roll, oin and mars, money
sessions and matches, forced plays, the turn log and errors."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy_refgen import positions
from minigam.core.turn_log import decode as decode_log
from minigam.core.dice import Dice
from minigam.nardy import game as G
from minigam.nardy.game import NardyGame, GameError
from minigam.nardy.notation import (forbidden_block, parse_position,
                                    validate)
from minigam.nardy.rules import (BLOCK, CHECKERS, HEAD, HEADS, OFF, TURN,
                                 Rules, winner)

STD = Rules()
NO_EXCEPTION = Rules(head_doubles=False)


def built(g):
    """Every board reachable by building the current roll move by move
    with movable/targets/move/undo, the turn passed as the engine passes
    it (HEADS cleared)."""
    out = set()

    def walk():
        if g.turn_done():
            board = bytearray(g.pos)
            board[HEADS] = 0
            board[TURN] = 3 - board[TURN]
            out.add(bytes(board))
            return
        singles = {(s, d) for s in g.movable() for _, d in g.targets(s)}
        assert singles, "not done, yet no move offered"
        for s, d in singles:
            g.move(s, d)
            walk()
            assert g.undo()
    walk()
    return out


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(1, 6), st.integers(1, 6))
def test_building_move_by_move_reaches_exactly_the_legal_results(pos, a, b):
    for rules in (STD, NO_EXCEPTION):
        if winner(pos):
            continue
        g = NardyGame(rules=Rules(head_doubles=rules.head_doubles))
        g.setup(pos)
        g.roll(a, b)
        want = {bytes(p) for p in rules.results(pos, a, b)}
        assert built(g) == want
        assert g.must_pass == (rules.plays(pos, a, b) == 0)
        assert bytes(g.pos) == bytes(pos)  # every move undone


@pytest.mark.parametrize("roll", [(6, 6), (4, 4), (3, 3), (5, 5), (6, 5)])
def test_every_first_turn_move_by_move(roll):
    for head_doubles in (True, False):
        rules = Rules(head_doubles=head_doubles)
        for turn in (1, 2):
            pos = parse_position("24x15/12x15/" + "wb"[turn - 1])
            g = NardyGame(rules=Rules(head_doubles=head_doubles))
            g.setup(pos)
            g.roll(*roll)
            assert built(g) == {bytes(p) for p in rules.results(pos, *roll)}


def head_limit(head_doubles, pos, a, b):
    m = 0 if pos[TURN] == 1 else BLOCK
    if head_doubles and a == b and a in (3, 4, 6) \
            and pos[m + HEAD] == CHECKERS:
        return 2
    return 1


def check_board(pos):
    """15 a side, no point with both colours, no forbidden block."""
    assert sum(pos[0:26]) == CHECKERS and sum(pos[26:52]) == CHECKERS
    assert pos[0] == 0 and pos[BLOCK] == 0
    for i in range(1, OFF):
        assert not (pos[i] and pos[BLOCK + (i + 12 if i <= 12 else i - 12)])
    assert forbidden_block(pos, 0) is None
    assert forbidden_block(pos, 1) is None


@pytest.mark.parametrize("head_doubles", [True, False])
def test_random_games_move_by_move_keep_every_rule(head_doubles):
    """Whole games (money and matches), every play entered one random
    single move at a time: every position on the way valid, at most one
    checker off the head a turn but for the exception, and every
    confirmed play one of the engine's results."""
    rng = random.Random(17 if head_doubles else 18)
    ref = Rules(head_doubles=head_doubles)
    games = 0
    kinds = set()
    g = NardyGame(rules=Rules(head_doubles=head_doubles), match_to=5,
                  dice=Dice(seed=5))
    while games < 24:
        if g.state == G.OVER:
            if g.match_over():
                assert max(g.score) >= 5
                g.new_match()
            else:
                g.new_game()
        assert g.state == G.NEW and bytes(g.pos[:52]) == \
            bytes(parse_position("24x15/12x15/w")[:52])
        a, b = g.start_game()
        assert a != b and g.state == G.ROLL
        assert g.player == (1 if a > b else 2) and not g.steps
        turns = 0
        while g.state != G.OVER:
            d1, d2 = g.roll()
            start = bytearray(g.pos)
            assert g.pos[HEADS] == 0
            limit = head_limit(head_doubles, g.pos, d1, d2)
            m = 0 if g.player == 1 else BLOCK
            while not g.turn_done():
                srcs = g.movable()
                s = rng.choice(srcs)
                tg = g.targets(s)
                assert tg and all(0 < t <= OFF for t, _ in tg)
                g.move(s, rng.choice(tg)[1])
                check_board(g.pos)
                assert start[m + HEAD] - g.pos[m + HEAD] <= limit
                if rng.random() < 0.1:  # undo now and then: the same again
                    before = bytes(g.pos)
                    last = g.steps[-1]
                    assert g.undo()
                    g.move(last[0], last[1])
                    assert bytes(g.pos) == before
            assert g.turn_start() == start
            after = bytearray(g.pos)
            after[HEADS] = 0
            after[TURN] = 3 - after[TURN]
            want = {bytes(p) for p in ref.results(start, d1, d2)}
            assert bytes(after) in want, (bytes(start), d1, d2)
            w = g.confirm()
            assert g.pos[HEADS] == 0
            turns += 1
            if not w:
                validate(g.pos)
        kinds.add(g.points)
        assert g.points in (1, 2) and g.winner == winner(g.pos)
        assert len(g.turns) == turns == g.turn_no
        games += 1
    assert kinds <= {1, 2}


def test_a_win_mid_roll_is_in_the_legal_set():
    # White bears off its last two with the 6-5: the game ends at once.
    pos = parse_position("2,1,offx13/18x4,17x3,16x2,15x2,13x4/w")
    g = NardyGame()
    g.setup(pos)
    g.roll(6, 5)
    g.play_steps([(23, 6), (24, 5)])
    assert g.turn_done()
    after = bytearray(g.pos)
    after[TURN] = 2
    assert bytes(after) in {bytes(p) for p in STD.results(pos, 6, 5)}
    assert g.confirm() == 1 and g.points == 2 and g.state == G.OVER


def test_opening_roll_the_winner_rolls_again():
    g = NardyGame(dice=Dice(seed=3))
    with pytest.raises(GameError, match="opening roll is due"):
        g.roll()
    with pytest.raises(GameError, match="tie"):
        g.start_game((4, 4))
    assert g.start_game((2, 5)) == (2, 5)
    assert g.state == G.ROLL and g.player == 2 and g.opening == (2, 5)
    assert g.d1 == 0 and not g.used[0]
    with pytest.raises(GameError):
        g.move(1, 2)
    g.roll(6, 6)  # a double may open: the head exception
    # Black's 12/6 twice; 6/24 would land on White's head: two dice
    assert g.need == 2
    assert sorted(g.movable()) == [HEAD]
    g.move(1, 6)
    assert g.movable() == [HEAD]  # the second head checker, not 7/13
    g.move(1, 6)
    assert g.turn_done() and g.pos[BLOCK + HEAD] == 13
    assert g.confirm() == 0 and g.pos[HEADS] == 0 and g.player == 1
    assert g.state == G.ROLL
    with pytest.raises(GameError, match="opening roll is only"):
        g.start_game()


def test_one_checker_from_the_head_a_turn():
    g = NardyGame()
    g.setup(parse_position("24x14,13/12x14,1/w"))
    g.roll(5, 5)
    g.move(HEAD, 5)
    assert HEAD not in g.movable()  # the head rule: not a second
    assert g.pos[HEADS] == 5
    g.undo()
    assert g.pos[HEADS] == 0 and HEAD in g.movable()


def test_oin_mars_and_a_money_session():
    g = NardyGame(match_to=0)
    g.setup(parse_position("2,1,offx13/18x4,17x3,16x2,13x4,offx2/w"))
    g.roll(2, 1)
    g.play_steps([(23, 2), (24, 1)])
    assert g.confirm() == 1 and g.points == 1  # oin
    assert g.score == [1, 0] and not g.match_over()
    g.new_game()
    assert g.game_no == 2 and g.state == G.NEW
    g.setup(parse_position("24x4,23x3,22x2,21x2,20x4/14,13,offx13/b"))
    g.roll(6, 5)
    g.play_steps([(23, 6), (24, 5)])
    assert g.confirm() == 2 and g.points == 2  # mars
    assert g.score == [1, 2] and not g.match_over()


def test_a_match_has_no_crawford_rule():
    g = NardyGame(match_to=3)
    assert not hasattr(g, "cube") and not hasattr(g, "crawford")
    won = "24x4,23x3,22x2,21x2,20x4/14,13,offx13/b"
    for n in range(2):
        g.setup(parse_position(won))
        g.roll(6, 5)
        g.play_steps([(23, 6), (24, 5)])
        g.confirm()
        if n == 0:
            assert g.score == [0, 2] and not g.match_over()
            g.new_game()
    assert g.score == [0, 4] and g.match_winner == 2 and g.match_over()
    with pytest.raises(GameError, match="match is over"):
        g.new_game()
    g.new_match()
    assert g.score == [0, 0] and g.game_no == 1 and g.state == G.NEW


def test_forced_plays_are_auto_played():
    # 14/12 is Black's head and nothing else moves with a 2: a pass; with
    # 6-4 the only play is 14/8 (row 8 of the rule book).
    pos = parse_position("14,2x7,1x7/12x11,11x2,4x2/w")
    g = NardyGame(auto_forced=True)
    g.setup(pos)
    g.roll(6, 4)
    assert g.forced and g.turn_done() and g.steps == [(11, 6, 0)]
    g.undo_turn()
    assert not g.forced and g.movable() == [11]
    assert g.targets(11) == [(17, 6)]  # not the 4: the higher die must
    g.move(11, 6)
    g.confirm()
    g2 = NardyGame(auto_forced=True)
    g2.setup(pos)
    g2.roll(2, 2)
    assert g2.must_pass and g2.turn_done() and not g2.forced
    assert g2.confirm() == 0 and g2.player == 2


def test_the_turn_log():
    g = NardyGame(dice=Dice(seed=9))
    g.start_game((6, 1))
    g.roll(6, 5)
    g.play_steps([(1, 6), (7, 5)])
    g.confirm()
    g.roll(3, 1)
    s = g.movable()[0]
    g.move(s, g.targets(s)[0][1])
    while not g.turn_done():
        s = g.movable()[0]
        g.move(s, g.targets(s)[0][1])
    g.confirm()
    turns = g.turns
    assert turns[0] == (1, 6, 5, ((1, 6, 0), (7, 5, 0)))
    assert turns[1][:3] == (2, 3, 1) and len(turns[1][3]) == 2
    assert decode_log(g.log) == turns and g.turn_no == 2


def test_bad_actions_say_why():
    g = NardyGame()
    with pytest.raises(GameError, match="match length"):
        NardyGame(match_to=-1)
    g.start_game((5, 3))
    with pytest.raises(GameError, match="roll the dice first"):
        g.confirm()
    g.roll(6, 5)
    with pytest.raises(GameError, match="not left"):
        g.move(1, 4)
    with pytest.raises(GameError, match="illegal move"):
        g.move(2, 6)
    with pytest.raises(GameError, match="not complete"):
        g.confirm()
    with pytest.raises(GameError, match="incomplete"):
        g.play_steps([(1, 6)])
    assert not g.steps
    with pytest.raises(GameError, match="finish the play"):
        g.roll(1, 2)
    g.play_steps([(1, 6), (7, 5)])
    g.confirm()
    with pytest.raises(GameError, match="die must be"):
        g.roll(7, 1)
    with pytest.raises(GameError, match="in progress"):
        g.new_game()
