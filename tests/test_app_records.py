"""The statistics' match and money records, through the real app: a match
won against the AI counts for its game and level, a single game does
not; a Backgammon money session counts the points won and lost against
the AI; they are saved, read back after a restart, and shown on the
statistics page."""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.app import app as A  # noqa: E402
from minigam.app import menu, persist as P  # noqa: E402
from minigam.app.pages import life_lines  # noqa: E402
from minigam.hw import keys as K  # noqa: E402
from minigam.quarter.notation import parse_position  # noqa: E402

from test_app_flows import Rig  # noqa: E402


def play_to_the_end(rig):
    """A (and time for the AI) until the game is over."""
    app = rig.app
    for _ in range(400):
        if app.state == A.OVER:
            return
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        else:
            rig.press(K.A)
    raise AssertionError("the game did not end")


# Player 1 bears off its last checker with any roll (Player 2's 8 wait
# on its bar).
MINIGAM_LAST = "0,0,0,0,1,0/0,8/7,0/1"


def bg_last(mover):
    """A Backgammon position where ``mover`` bears off its last checker
    with any roll; the other player's 15 are on the bar."""
    pos = bytearray(53)
    m = 0 if mover == 1 else 26
    pos[m + 24] = 1
    pos[m + 25] = 14
    pos[26 - m] = 15
    pos[52] = mover
    return pos


def test_a_match_won_counts_for_its_game_and_level_a_single_game_not():
    rig = Rig("pico-st7789", seed=2)
    app = rig.app
    app.settings.match = 1  # first to 3
    menu.play_from(app, P.MODE_AI, parse_position(MINIGAM_LAST), level=0)
    app.game.score = [2, 1]
    play_to_the_end(rig)
    st = app.stats
    assert app.game.match_winner == 1
    # (records: matches played by game and level, then won)
    assert st.records == [1] + [0] * 8 + [1] + [0] * 10
    assert st.games[0] == 1 and st.wins[0] == 1
    app.settings.match = 0  # a single game: a game, no match
    menu.play_from(app, P.MODE_AI, parse_position(MINIGAM_LAST), level=2)
    play_to_the_end(rig)
    assert st.games[2] == 1 and st.records[2] == 0
    # two players: no record of a level (and none of a match)
    app.settings.match = 1
    menu.play_from(app, P.MODE_2P, parse_position(MINIGAM_LAST))
    app.game.score = [2, 2]
    play_to_the_end(rig)
    assert st.records == [1] + [0] * 8 + [1] + [0] * 10
    assert st.two_player[0] == 1
    # saved, and read back by the next start
    back = Rig("pico-st7789", nvm=rig.hw.nvm).app.stats
    assert back.records == st.records
    lines = [t.strip() for t in life_lines(back)]
    i = lines.index("Matches won:")
    assert lines[i + 1:i + 4] == ["Easy: 1/1", "Medium: 0/0", "Hard: 0/0"]


def test_backgammon_money_won_and_lost_against_the_ai():
    rig = Rig("pico-st7789", seed=3)
    app = rig.app
    app.settings.game = P.BACKGAMMON
    app.settings.match = 0  # money
    menu.play_from(app, P.MODE_AI, bg_last(1), level=1)
    app.game.cube = 2
    play_to_the_end(rig)
    g = app.game
    won = g.points
    assert g.winner == 1 and won == 6  # a backgammon at cube 2
    st = app.stats
    assert st.records[18:] == [won, 0]  # (money won, lost)
    menu.play_from(app, P.MODE_AI, bg_last(2), level=1)
    play_to_the_end(rig)
    assert app.game.winner == 2
    assert st.records == [0] * 18 + [won, app.game.points]
    back = Rig("pico-st7789", nvm=rig.hw.nvm).app.stats
    assert back.records == st.records
    lines = [t.strip() for t in life_lines(back)]
    assert "Money won: %d" % won in lines
    assert "Money lost: %d" % app.game.points in lines
