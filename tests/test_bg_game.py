"""Backgammon's game flow (minigam.bg.game): building a play move by move
reaches exactly the engine's legal results; the cube, money sessions,
matches and the Crawford rule."""

import random

import pytest

from minigam.bg import game as G
from minigam.bg.game import BgGame, GameError
from minigam.bg.rules import Rules, new_position, TURN, OFF, BLOCK
from minigam.core.dice import Dice


def _built(g):
    """Every board reachable by building the current roll move by move."""
    out = set()

    def walk():
        if g.turn_done():
            out.add(bytes(g.pos))
            return
        singles = [(s, d) for s in g.movable() for _, d in g.targets(s)]
        assert singles, "not done, yet no move offered"
        for s, d in set(singles):
            g.move(s, d)
            walk()
            g.undo()
    walk()
    return out


def _random_positions(n, seed):
    """Positions from random games (both sides playing random plays)."""
    rng = random.Random(seed)
    rules = Rules()
    found = []
    while len(found) < n:
        pos = new_position(turn=rng.choice((1, 2)))
        for _ in range(rng.randrange(1, 60)):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            k = rules.plays(pos, d1, d2)
            if k:
                rules.apply(pos, rng.randrange(k))
            else:
                pos[TURN] = 3 - pos[TURN]
            if pos[OFF] == 15 or pos[BLOCK + OFF] == 15:
                break
        if pos[OFF] < 15 and pos[BLOCK + OFF] < 15:
            found.append(pos)
    return found


@pytest.mark.parametrize("seed", range(4))
def test_building_move_by_move_reaches_exactly_the_legal_results(seed):
    rng = random.Random(100 + seed)
    rules = Rules()
    for pos in _random_positions(40, seed):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        g = BgGame(rules=Rules())
        g.setup(pos)
        g.roll(d1, d2)
        want = set()
        n = rules.plays(pos, d1, d2)
        for k in range(n):
            want.add(bytes(rules.result(pos, k, pass_turn=False)))
        got = _built(g)
        if n == 0:
            assert g.must_pass and got == {bytes(pos)}
        else:
            assert got == want, (bytes(pos), d1, d2)


def test_higher_die_when_only_one_can_be_played():
    # Player 1's one checker outside its home board is on index 10; the
    # opponent holds index 21, so after either die (to 15 or 16) the
    # other lands there: 6 and 5 each play alone, never both.
    pos = bytearray(53)
    pos[TURN] = 1
    pos[10] = 1
    pos[19] = 14
    pos[BLOCK + 25 - 21] = 2
    pos[BLOCK + 1] = 13
    g = BgGame()
    g.setup(pos)
    g.roll(6, 5)
    assert g.need == 1
    assert g.targets(10) == [(16, 6)]  # the higher die only
    with pytest.raises(GameError):
        g.move(10, 5)


def test_cube_take_drop_and_points():
    g = BgGame(match_to=0, dice=Dice(source=[6, 1, 3, 2]))
    g.start_game()
    assert g.player == 1
    g.play_steps(_first_play(g))
    g.confirm()
    assert g.can_double()  # Player 2 may double a centred cube
    g.double()
    assert g.state == G.CUBE and g.offered == 2
    g.take()
    assert g.cube == 2 and g.cube_owner == 1 and g.state == G.ROLL
    assert not g.can_double()  # the cube is Player 1's now
    g.roll(3, 2)
    g.play_steps(_first_play(g))
    g.confirm()
    assert g.can_double()  # Player 1 owns it: a redouble
    g.double()
    w = g.drop()
    assert w == 1 and g.state == G.OVER and g.points == 2 and g.dropped
    assert g.score == [2, 0] and not g.match_over()
    assert g.turns[-1] == (1, 0, 0, 3) and g.turns[1] == (2, 0, 0, 2)


def _first_play(g):
    steps = []
    while not g.turn_done():
        s = g.movable()[0]
        d = g.targets(s)[0][1]
        g.move(s, d)
        steps.append((s, d))
    g.undo_turn()
    return steps


def test_crawford_game_has_no_cube_and_post_crawford_has():
    g = BgGame(match_to=3)
    assert g.cube_in_play()
    g._finish(1, 2)  # Player 1 wins 2 points: 2-0 to 3
    assert g.crawford and not g.match_over()
    g.new_game()
    g.pos[TURN] = 2
    g.state = G.ROLL
    assert not g.can_double()  # the Crawford game
    g._finish(2, 1)
    assert not g.crawford and g.crawford_done
    g.new_game()
    g.pos[TURN] = 2
    g.state = G.ROLL
    assert g.can_double()  # post-Crawford: the trailer doubles
    g._finish(1, 1)
    assert g.match_over() and g.match_winner == 1


def test_one_point_match_has_no_cube():
    g = BgGame(match_to=1)
    g.state = G.ROLL
    assert not g.can_double()
    with pytest.raises(GameError):
        g.double()


def test_gammon_and_backgammon_count_the_cube():
    pos = bytearray(53)
    pos[TURN] = 1
    pos[24] = 1
    pos[OFF] = 14
    pos[BLOCK + 3] = 15  # all of Player 2's in Player 1's home board
    g = BgGame(match_to=0)
    g.setup(pos, cube=2, cube_owner=2)
    g.roll(1, 2)
    g.play_steps([(24, 1)] if g.targets(24)[0][1] == 1 else [(24, 2)])
    assert g.confirm() == 1
    assert g.points == 6 and g.score == [6, 0]  # backgammon x cube 2


def test_bad_actions_say_why():
    g = BgGame()
    with pytest.raises(GameError, match="opening roll"):
        g.roll()
    with pytest.raises(GameError):
        g.take()
    with pytest.raises(GameError, match="match length"):
        BgGame(match_to=-1)


def test_jacoby_rule_and_beavers():
    won = bytearray(new_position(1))
    # Player 1 has borne off 14 and its last checker is on its ace point;
    # Player 2 has its starting checkers, two in Player 1's home board: a
    # backgammon when Player 1 bears off.
    for i in range(26):
        won[i] = 0
    won[24] = 1
    won[OFF] = 14
    for jacoby, cube, owner, points in ((False, 1, 0, 3), (True, 1, 0, 1),
                                        (True, 2, 2, 6)):
        g = BgGame(match_to=0, dice=Dice(source=[1, 1]), jacoby=jacoby)
        g.setup(won, cube=cube, cube_owner=owner)
        g.roll(1, 1)
        g.play_steps([(24, 1)])
        g.confirm()
        assert g.state == G.OVER and g.points == points
    # a match ignores the option
    assert not BgGame(match_to=5, jacoby=True).jacoby
    # beaver: the taker redoubles at once and keeps the cube
    g = BgGame(match_to=0, dice=Dice(source=[6, 1, 3, 2]), jacoby=True)
    g.start_game()
    g.play_steps(_first_play(g))
    g.confirm()
    assert not g.can_beaver()  # no double offered
    g.double()
    assert g.can_beaver()
    g.beaver()
    assert g.cube == 4 and g.cube_owner == 1 and g.state == G.ROLL
    assert g.player == 2 and g.turns[-1] == (2, 0, 0, 7)
    with pytest.raises(GameError):
        g.beaver()
    assert g.worth(2) == 8  # the cube was turned: gammons count
    from minigam.bg import save
    back = save.loads(save.dumps(g))
    assert back.jacoby and back.cube == 4 and back.cube_owner == 1
    # no beaver without the option, nor past the cube's 64
    g = BgGame(match_to=0, dice=Dice(source=[6, 1]))
    g.start_game()
    g.play_steps(_first_play(g))
    g.confirm()
    g.double()
    assert not g.can_beaver()
    g = BgGame(match_to=0, jacoby=True)
    g.setup(new_position(1), cube=32, cube_owner=1)
    g.double()
    assert not g.can_beaver()


def test_the_jacoby_rule_without_beavers():
    """Issue 54: the Jacoby rule may come without beavers: gammons still
    count only once the cube is turned, but a double cannot be beavered;
    a save keeps which (and a save from before says: with beavers)."""
    from minigam.bg import save
    from minigam.core.saveframe import crc16, SaveError
    g = BgGame(match_to=0, dice=Dice(source=[6, 1, 3, 2]), jacoby=True,
               beavers=False)
    assert g.jacoby and not g.beavers
    assert g.worth(2) == 1  # the Jacoby rule: the cube never turned
    g.start_game()
    g.play_steps(_first_play(g))
    g.confirm()
    g.double()
    assert not g.can_beaver()
    with pytest.raises(GameError):
        g.beaver()
    data = save.dumps(g)
    back = save.loads(data)
    assert back.jacoby and not back.beavers and not back.can_beaver()
    # The same save with the flag cleared, as before it existed: beavers.
    old = bytearray(data)
    old[12] &= 63
    c = crc16(old, end=len(old) - 2)
    old[-2], old[-1] = c >> 8, c & 255
    assert save.loads(bytes(old)).beavers
    # The flag without the Jacoby rule is a bad save.
    g = BgGame(match_to=0)
    g.start_game((6, 1))
    bad = bytearray(save.dumps(g))
    bad[12] |= 64
    c = crc16(bad, end=len(bad) - 2)
    bad[-2], bad[-1] = c >> 8, c & 255
    with pytest.raises(SaveError):
        save.loads(bytes(bad))
    assert not BgGame(match_to=0, beavers=True).beavers  # (no Jacoby rule)
