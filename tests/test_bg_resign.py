"""Backgammon's resignations and game page: ``BgGame.resign``, the AI's
answer by its network (``minigam.app.bg_resign``), a resigned (or
dropped) game in the save, the turn log and gnubg's ``.mat``, and the
real app driven by keys: the page's gnubg IDs, a resignation accepted and
declined by the AI and by a second player, a save across an offer, and
the game-over banner and summary."""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import app as A  # noqa: E402
from minigam.app import bg_resign as R  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.app import states as S  # noqa: E402
from minigam.bg import game as G  # noqa: E402
from minigam.bg.ids import (format_position_id, parse_match_id,  # noqa: E402
                            parse_position_id)
from minigam.bg.save import dumps, loads  # noqa: E402
from minigam.core.dice import Dice  # noqa: E402
from minigam.core.saveframe import SaveError, crc16  # noqa: E402
from minigam.core.turn_log import decode  # noqa: E402
from minigam.host import bgmat  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

from test_app_flows import Rig  # noqa: E402
from test_app_bg import choose_backgammon  # noqa: E402
from test_bg_mat import same_logs  # noqa: E402


def board(p1, p2, turn=1):
    """A position from ``{index: checkers}`` of each side (own indices:
    0 the bar, 1..24 the points along its path, 25 off)."""
    pos = bytearray(53)
    for i, n in p1.items():
        pos[i] = n
    for i, n in p2.items():
        pos[26 + i] = n
    pos[52] = turn
    assert sum(pos[:26]) == 15 and sum(pos[26:52]) == 15
    return pos


def game(pos, match_to=0, score=(0, 0), cube=1, owner=0):
    g = G.BgGame(match_to=match_to)
    g.score = list(score)
    g.setup(pos, cube=cube, cube_owner=owner)
    return g


# Player 1 on roll in each. CERTAIN: it has borne off 5 and cannot finish
# this roll; Player 2 bears its last checker off next: a single game,
# surely. RACE: Player 1 all back (15 checkers on its 16- to 12-points),
# Player 2 six checkers from home: a gammon (no backgammon: no contact,
# nothing in Player 2's home board). CLOSED: three on the bar against a
# closed board, the rest far from home: a gammon most likely, a
# backgammon possible.
CERTAIN = board({20: 5, 22: 5, 25: 5}, {24: 1, 25: 14})
RACE = board({9: 5, 11: 5, 13: 5}, {21: 2, 22: 2, 23: 1, 24: 1, 25: 9})
CLOSED = board({0: 3, 14: 4, 16: 4, 18: 4},
               {16: 3, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2})


# -- the game ------------------------------------------------------------

def test_resign_ends_the_game_for_the_opponent_and_is_logged():
    g = game(G.new_position(2), match_to=0, cube=4, owner=1)
    assert g.resigned == 0 and g.resigning == 0
    assert g.resign(2) == 1
    assert (g.state, g.winner, g.points, g.score) == (G.OVER, 1, 8, [8, 0])
    assert g.resigned == 2 and not g.dropped
    assert decode(g.log) == [(2, 0, 0, 5)]  # the resigner, 3 + level
    assert bytes(g.pos) == bytes(G.new_position(2))  # nothing moved
    g.new_game()
    assert g.resigned == 0 and g.cube == 1
    for bad in (0, 4):
        with pytest.raises(G.GameError):
            game(G.new_position()).resign(bad)
    g = G.BgGame()
    with pytest.raises(G.GameError):  # before the opening roll
        g.resign(1)
    g.start_game((6, 5))
    with pytest.raises(G.GameError):  # moving, not before a roll
        g.resign(1)


def test_a_resignation_scores_as_a_win_crawford_and_match_too():
    g = game(G.new_position(2), match_to=3, score=(1, 0))
    g.resign(1)  # Player 2 gives a single: Player 1 at 2, one short
    assert g.score == [2, 0] and not g.match_winner
    g.new_game()
    assert g.crawford
    g.setup(G.new_position(1))
    assert g.resign(3) == 2 and g.score == [2, 3] and g.match_winner == 2


def test_most_says_which_results_can_still_come():
    m1, m2 = 0, 26
    assert R.most(G.new_position(), m1) == 3
    assert R.most(CERTAIN, m1) == 1  # Player 1 has borne off
    assert R.most(CERTAIN, m2) == 1
    assert R.most(RACE, m1) == 2  # no contact, none at the back
    assert R.most(CLOSED, m1) == 3
    # No contact, but a checker still in the winner's home board.
    assert R.most(board({5: 1, 13: 14}, {20: 15}), m1) == 3
    # Contact: a hit could still send a checker back.
    assert R.most(board({12: 15}, {10: 1, 20: 14}), m1) == 3


# -- the AI's answer ---------------------------------------------------------

def test_the_ai_accepts_a_single_it_is_sure_to_win():
    g = game(CERTAIN)
    assert R.expected(g) <= 4096
    assert R.accepts(g, 1) and R.accepts(g, 2) and R.accepts(g, 3)


def test_the_ai_declines_a_single_when_a_gammon_is_likely():
    for pos in (RACE, CLOSED):
        g = game(pos)
        assert R.expected(g) > 4096 + 2048, bytes(pos)  # over 1.5 points
        assert not R.accepts(g, 1)
        assert R.accepts(g, 3)  # the most there is
    assert R.accepts(game(RACE), 2)  # (no backgammon can come there)
    # At cube 2 the single gives 2 points, as the gammon at cube 1 does.
    assert not R.accepts(game(RACE, cube=2, owner=1), 1)
    assert R.accepts(game(RACE, cube=2, owner=1), 2)


def test_the_ai_accepts_at_once_a_resignation_that_is_all_it_needs():
    # A 5-point match: the AI (Player 2) at 4 needs one point, so a
    # single is worth as much to it as the likely gammon.
    assert R.accepts(game(RACE, match_to=5, score=(2, 4)), 1)
    # At 2-2 it needs 3: the gammon counts.
    assert not R.accepts(game(RACE, match_to=5, score=(2, 2)), 1)
    # A resigner who is ahead in the game gives points away: accepted.
    ahead = board({21: 2, 22: 2, 23: 1, 24: 1, 25: 9}, {9: 5, 11: 5, 13: 5})
    g = game(ahead)
    assert R.expected(g) < -4096 and R.accepts(g, 1)
    assert R.accepts(game(G.new_position()), 1)  # an even game


def test_the_ai_weighs_the_mover_either_way_round():
    """Player 2 resigning to Player 1 (two boards, mirrored) is judged
    alike."""
    for pos in (CERTAIN, RACE, CLOSED):
        sw = bytearray(53)
        sw[0:26] = pos[26:52]
        sw[26:52] = pos[0:26]
        sw[52] = 2
        assert R.expected(game(sw)) == R.expected(game(pos))
        assert R.most(sw, 26) == R.most(pos, 0)


def test_ps_is_the_networks_scale():
    from minigam.core.net24 import PSCALE
    assert R.PS == PSCALE


# -- saves --------------------------------------------------------------

def _played(seed, turns=6, match_to=5):
    """A game of a few random turns, the mover to roll."""
    rng = random.Random(seed)
    g = G.BgGame(match_to=match_to, dice=Dice(seed=seed))
    g.start_game()
    for k in range(turns):
        if k:
            g.roll()
        while not g.turn_done():
            s = rng.choice(g.movable())
            g.move(s, rng.choice(g.targets(s))[1])
        assert not g.confirm()
    assert g.state == G.ROLL
    return g


def _same_end(a, b):
    assert bytes(a.pos) == bytes(b.pos)
    for f in ("state", "winner", "points", "score", "match_winner", "cube",
              "cube_owner", "dropped", "resigned", "crawford",
              "crawford_done", "turn_no"):
        assert getattr(a, f) == getattr(b, f), f


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_resigned_game_saves_and_loads(level):
    g = _played(level)
    g.resign(level)
    back = loads(dumps(g))
    _same_end(g, back)
    assert back.resigned == level and back.winner == 3 - g.player


def test_a_dropped_game_saves_and_loads():
    """(Before byte 11 said how a game ended, a drop's save did not load:
    its board is not won.)"""
    g = _played(7, match_to=0)
    g.double()
    w = g.drop()
    back = loads(dumps(g))
    _same_end(g, back)
    assert back.dropped and back.winner == w == g.player


def test_a_resignation_offered_is_not_saved():
    g = _played(3)
    g.resigning = 2
    back = loads(dumps(g))
    assert back.state == G.ROLL and back.resigning == 0
    assert bytes(back.pos) == bytes(g.pos)


def _recrc(b):
    c = crc16(b, end=38)
    b[38], b[39] = c >> 8, c & 255
    return bytes(b)


def test_a_bad_game_end_is_a_save_error():
    g = _played(4)
    live = bytearray(dumps(g))
    live[11] |= 2 << 5  # "resigned" in a game still going
    with pytest.raises(SaveError, match="game end"):
        loads(_recrc(live))
    g.resign(1)
    over = bytearray(dumps(g))
    over[11] = (over[11] & 31) | 5 << 5  # no such ending
    with pytest.raises(SaveError, match="game end"):
        loads(_recrc(over))
    won = game(board({25: 15}, {25: 1, 6: 14}, turn=2))  # won on the board
    assert won.state == G.OVER
    data = bytearray(dumps(won))
    assert data[11] >> 5 == 0
    data[11] |= 1 << 5  # "dropped" on a won board
    with pytest.raises(SaveError, match="game end"):
        loads(_recrc(data))


# -- the .mat record -----------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_resigned_game_is_written_and_read_back_as_gnubg_does(seed):
    g = _played(seed, turns=5 + seed % 2, match_to=7)
    g.double()
    g.take()  # (the doubler may still resign: odd, but legal)
    level = 1 + seed % 3
    loser = g.player
    g.resign(level)
    text = bgmat.export([bgmat.game_log(g)], 7)
    last = text.rstrip("\n").split("\n")[-1]
    assert last.strip() == "Wins %d points" % (2 * level)
    # in the winner's column, as gnubg writes it (Player 2's from 33)
    assert last.index("Wins") == (6 if loser == 2 else 34)
    assert "resign" not in text.lower()
    m = bgmat.read(text)
    (back,) = m.games
    assert (back.winner, back.points) == (3 - loser, 2 * level)
    same_logs([back], [bgmat.game_log(g)])
    assert back.turns[-1] == (loser, 0, 0, 3 + level)  # back in the log
    assert m.game.resigned == level and m.game.score == g.score


def test_a_console_line_of_a_resigned_game_becomes_a_mat_file():
    from binascii import hexlify
    from minigam.host.cli.mat import to_mat
    g = _played(5, match_to=0)
    g.resign(2)
    line = "minigam-bg 0 0 0 %d 2 %s" % (3 - g.player,
                                         hexlify(g.log).decode())
    (text,) = to_mat(line + "\n")
    (back,) = bgmat.read(text).games
    assert (back.winner, back.points) == (3 - g.player, 2)
    assert bytes(back.pos) == bytes(g.pos)


# -- the app: keys --------------------------------------------------------

def to_roll(rig):
    """Keys until a human is to roll (A takes a double)."""
    app = rig.app
    for _ in range(400):
        if app.state == A.ROLL:
            return
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        else:
            rig.press(K.A)
    raise AssertionError("no roll")


def start(profile="pico-st7789", seed=3, two=False):
    rig = Rig(profile, seed=seed)
    choose_backgammon(rig)
    if two:
        rig.press(K.X)
    rig.press(K.A)  # Play vs AI / Two players
    rig.press(K.A)  # the opening roll
    to_roll(rig)
    return rig


def page_lines(app):
    return [lb.text for lb in app.text.lines if lb.text]


def ids_shown(lines):
    """The Position ID and Match ID the page shows (on their own lines, or
    after their labels)."""
    if lines[0] == "Position ID":
        return lines[1], lines[3]
    return lines[0].split()[-1], lines[1].split()[-1]


@pytest.mark.parametrize("profile", ["pybadge", "pico-st7789",
                                     "pico-ili9341"])
def test_the_game_page_shows_the_positions_gnubg_ids(profile):
    rig = start(profile, two=True)
    app = rig.app
    g = app.game
    # A match, a cube turned: the Match ID says so.
    g.match_to = 7
    g.score = [2, 5]
    g.cube = 2
    g.cube_owner = g.player
    rig.press(K.Y)
    assert app.state == S.GAMEPAGE and app.text.title.text == "This position"
    lines = page_lines(app)
    pid, mid = ids_shown(lines)
    assert pid == format_position_id(g.pos)
    assert parse_position_id(pid, g.player) == g.pos
    f = parse_match_id(mid)
    assert f["move"] == f["turn"] == g.player - 1
    assert (f["cube"], f["cube_owner"]) == (2, g.player - 1)
    assert (f["length"], f["score0"], f["score1"]) == (7, 2, 5)
    assert (f["state"], f["die1"], f["crawford"], f["no_jacoby"]) == (
        1, 0, 0, 1)
    # "Back" under the IDs, the pointer on it; the resignations.
    k = lines.index("Back")
    assert k == (4 if profile == "pico-st7789" else 2)
    assert lines[k:] == ["Back", "Resign single", "Resign gammon",
                         "Resign backgammon"]
    assert app.text.sel == k and len(lines) <= app.text.n  # no scrolling
    rig.press(K.Y)  # up from "Back": round to the last
    assert app.text.sel == k + 3
    rig.press(K.X, K.X)
    assert app.text.sel == k + 1
    rig.press(K.B)  # back to the board, nothing changed
    assert app.state == A.ROLL and not g.resigning
    assert app.text is None  # (hidden, then dropped after its refresh)
    rig.press(K.Y, K.A)  # A on "Back" goes back too
    assert app.state == A.ROLL and g.state == G.ROLL


def test_the_bottom_line_names_the_game_page_in_turn():
    rig = start()
    app = rig.app
    assert app.board.msg_lb.text.strip() == "X:double B:menu"
    seen = set()
    for _ in range(200):
        rig.tick()
        seen.add(app.board.msg_lb.text.strip())
    assert seen == {"X:double B:menu", "Y:resign, IDs", "X+Y:hint"}


def test_the_ai_accepts_a_resignation_and_the_game_is_over(capsys):
    rig = start()
    app = rig.app
    g = app.game
    cube = g.cube
    capsys.readouterr()
    rig.press(K.Y, K.X)
    assert page_lines(app)[app.text.sel] == "Resign single"
    rig.press(K.A, K.A)  # asked, yes; an even game: the AI takes the point
    assert app.state == A.OVER and g.state == G.OVER
    assert (g.winner, g.points, g.resigned) == (2, cube, 1)
    assert g.score == [0, cube]
    assert app.board.ban1.text == "AI wins"
    assert app.board.ban2.text == "Resigned: %d pt%s" % (
        cube, "" if cube == 1 else "s")
    assert app.stats.games[4] == 1 and app.stats.wins[4] == 0
    # its console line is a .mat game that ends as this one did
    from minigam.host.cli.mat import to_mat
    (text,) = to_mat(capsys.readouterr().out)
    (back,) = bgmat.read(text).games
    assert (back.winner, back.points) == (2, cube)
    assert bytes(back.pos) == bytes(g.pos)
    rig.press(K.X)
    assert app.state == A.SUMMARY
    lines = page_lines(app)
    assert "Resigned: single" in lines and "Cube: %d" % cube in lines
    # The money session's save is of the game over: resumed, the session
    # goes on with the next game, the point scored.
    data = rig.hw.store.load(P.slot(P.BACKGAMMON))[2:]
    assert loads(data).resigned == 1
    rig2 = Rig("pico-st7789", seed=9, nvm=rig.hw.nvm)
    assert rig2.app.text.lines[0].text == "Resume Backgammon"
    rig2.press(K.A)
    g2 = rig2.app.game
    assert rig2.app.state == A.OPEN and g2.state == G.NEW
    assert (g2.game_no, g2.score, g2.resigned) == (2, [0, cube], 0)


def test_the_ai_declines_a_single_in_a_gammonish_game_and_plays_on():
    rig = start()
    app = rig.app
    g = app.game
    g.setup(RACE)  # a likely gammon for the AI, the player to roll
    rig.press(K.Y)
    # Player 1 has borne off none, but no backgammon can come: no entry
    assert page_lines(app)[-3:] == ["Back", "Resign single",
                                    "Resign gammon"]
    rig.press(K.X, K.A)  # a resignation is asked once
    assert app.state == S.ASK and app.board.ban1.text == "Resign: 1 pt?"
    rig.press(K.A)
    assert app.state == A.ROLL and g.state == G.ROLL and not g.winner
    assert app.board.msg_lb.text.strip() == "AI declines"
    assert app.text is None
    rig.press(K.Y, K.X, K.X, K.A, K.A)  # the gammon: accepted
    assert app.state == A.OVER and (g.winner, g.points) == (2, 2)
    assert app.board.ban2.text == "Resigned: 2 pts"
    rig.press(K.X)
    assert "Resigned: gammon" in page_lines(app)


def test_the_ai_plays_on_after_the_page():
    """The AI leaves the heap while the page shows, and is made again
    for its turn."""
    rig = start()
    app = rig.app
    assert app.ai is not None  # (it has played, or answered)
    rig.press(K.Y)
    assert app.ai is None
    rig.press(K.B, K.A)  # back; roll
    turn = app.game.turn_no
    for _ in range(600):
        if app.game.turn_no >= turn + 2 or app.state == A.OVER:
            break
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        else:
            rig.press(K.A)
    assert app.game.turn_no >= turn + 2 and app.ai is not None


def test_only_a_single_once_a_checker_is_off():
    rig = start()
    app = rig.app
    app.game.setup(CERTAIN)
    rig.press(K.Y)
    assert page_lines(app)[-2:] == ["Back", "Resign single"]
    rig.press(K.X, K.X)  # round: Back, single, Back
    assert page_lines(app)[app.text.sel] == "Back"


def test_two_players_decline_then_accept():
    rig = start(two=True, seed=5)
    app = rig.app
    g = app.game
    p = g.player
    rig.press(K.Y, K.X, K.A, K.A)  # a single offered
    assert app.state == A.OFFER and g.resigning == 1 and g.state == G.ROLL
    assert app.board.ban1.text == "P%d resigns: 1" % p
    assert app.board.ban2.text == "A:accept B:no"
    rig.press(K.B)  # declined: the resigner rolls
    assert app.state == A.ROLL and g.player == p and not g.resigning
    assert app.board.msg_lb.text.strip() == "Declined"
    rig.press(K.Y, K.X, K.X, K.A, K.A)  # a gammon offered
    assert app.state == A.OFFER and g.resigning == 2
    assert app.board.ban1.text == "P%d resigns: 2" % p
    rig.press(K.A)  # accepted
    assert app.state == A.OVER and (g.winner, g.points) == (3 - p, 2)
    assert g.score[2 - p] == 2 and g.resigned == 2 and not g.resigning
    assert app.board.ban1.text == "Player %d wins!" % (3 - p)
    assert app.board.ban2.text == "Resigned: 2 pts"
    assert app.stats.two_player == [0, 1, 0]
    rig.press(K.X)
    assert "Resigned: gammon" in page_lines(app)


def test_a_wide_banner_says_points():
    rig = start("pico-ili9341", two=True)
    app = rig.app
    rig.press(K.Y, K.X, K.A, K.A)
    assert app.board.ban1.text == "P%d resigns: 1 pt" % app.game.player


def test_a_resignation_offered_is_not_resumed():
    """Switched off before the other player answers: the resigner is to
    roll again, in the position saved at the last turn's end."""
    rig = start(two=True, seed=6)
    app = rig.app
    g = app.game
    pos, p = bytes(g.pos), g.player
    rig.press(K.Y, K.X, K.A, K.A)
    assert app.state == A.OFFER
    rig2 = Rig("pico-st7789", seed=7, nvm=rig.hw.nvm)
    assert rig2.app.text.lines[0].text == "Resume Backgammon"
    rig2.press(K.A)
    app2 = rig2.app
    assert app2.mode == P.MODE_2P and app2.state == A.ROLL
    assert bytes(app2.game.pos) == pos and app2.game.player == p
    assert app2.game.resigning == 0


@pytest.mark.parametrize("game_line", ["Game: MINIGAM", "Game: Long Nardy"])
def test_y_before_a_roll_does_nothing_in_the_other_games(game_line):
    rig = Rig("pico-st7789", seed=2)
    app = rig.app
    if game_line != "Game: MINIGAM":
        for _ in range(3):
            rig.press(K.X)
        rig.press(K.A, K.A)
        assert app.text.lines[app.menu_sel].text == game_line
        for _ in range(3):
            rig.press(K.Y)
    rig.press(K.X, K.A)  # two players: a human always rolls
    rig.press(K.A)
    to_roll(rig)
    pos = bytes(app.game.pos)
    rig.press(K.Y)
    assert app.state == A.ROLL and bytes(app.game.pos) == pos
    assert app.board.msg_lb.text.strip() == "B:menu"
