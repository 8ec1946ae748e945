"""Backgammon in the real app, driven by keys as a player drives it: chosen
on the menu, whole games against the AI and for two players, the cube
offered, taken and dropped, and a game switched off and resumed."""

import os
import random
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import app as A  # noqa: E402
from minigam.app import states as S  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.bg import game as G  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

from test_app_flows import Rig  # noqa: E402

ALL = ("pico-st7789", "pybadge", "pico-ili9341", "pimoroni-display-pack-2")


def choose_backgammon(rig):
    """Main page: down to "Game", A to Backgammon, back up."""
    app = rig.app
    for _ in range(3):
        rig.press(K.X)
    assert app.text.lines[app.menu_sel].text == "Game: MINIGAM"
    rig.press(K.A)
    assert app.text.lines[app.menu_sel].text == "Game: Backgammon"
    for _ in range(3):
        rig.press(K.Y)
    assert app.menu_sel == 0


def choose_line(rig, text):
    """X down the menu page to the line ``text``, then A."""
    app = rig.app
    for _ in range(12):
        if app.text.lines[app.menu_sel - app.text.first].text == text:
            rig.press(K.A)
            return
        rig.press(K.X)
    raise AssertionError("no menu line %r" % text)


def play_out(rig, rng, limit=6000):
    """Keys until the game is over: A mostly (roll, pick, move, confirm),
    X now and then (the cursor; a double before a roll), B/A on offers."""
    app = rig.app
    for _ in range(limit):
        if app.state == A.OVER:
            return
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        elif app.state == A.OFFER:
            rig.press(K.A if rng.random() < 0.7 else K.B)
        else:
            rig.press(K.X if rng.random() < 0.15 else K.A)
    raise AssertionError("the game did not end: %s" % S.STATE_NAMES[app.state])


@pytest.mark.parametrize("profile", ALL)
def test_a_whole_game_against_the_ai(profile, capsys):
    rig = Rig(profile, seed=4)
    app = rig.app
    choose_backgammon(rig)
    rig.press(K.A)  # Play vs AI
    assert isinstance(app.game, G.BgGame) and app.state == A.OPEN
    assert type(app.board).__name__ == "BgBoardView"
    rig.press(K.A)
    play_out(rig, random.Random(1))
    g = app.game
    assert g.winner and g.points >= 1 and sum(g.score) == g.points
    assert app.board.ban1.text.startswith(("You win", "AI wins"))
    # Counted as Backgammon's, at the level played (Medium by default).
    st = app.stats
    assert st.games == [0, 0, 0, 0, 1, 0, 0, 0, 0]
    assert st.two_player == [0, 0, 0]
    assert st.wins[4] == (1 if g.winner == 1 else 0)
    # Its console line becomes a .mat file that replays to the same board.
    from minigam.host.bgmat import read
    from minigam.host.cli.mat import to_mat
    mats = to_mat(capsys.readouterr().out)
    assert len(mats) == 1
    back = read(mats[0]).games
    assert len(back) == 1 and bytes(back[0].pos) == bytes(g.pos)
    assert (back[0].winner, back[0].points) == (g.winner, g.points)
    if profile != "pybadge":  # (its 256-byte NVM keeps MINIGAM's 41 bytes;
        # its stock drive plays no Backgammon: only the simulator does)
        assert P.load_stats(rig.hw.store).to_bytes() == st.to_bytes()
    rig.press(K.X)  # the summary
    assert app.state == A.SUMMARY
    assert any(t.startswith("Cube: ") for t in app.text.items)
    assert "X:review" in app.text.items  # (the page scrolls to it)
    rig.press(K.X)  # the review (tests/test_app_judged_24.py reads it)
    assert app.state == A.REVIEW
    rig.press(K.B, K.B, K.B)
    assert app.state == A.MENU


def test_two_players_double_take_and_drop():
    rig = Rig("pico-st7789", seed=2)
    app = rig.app
    choose_backgammon(rig)
    rig.press(K.X, K.A)  # Two players
    assert app.mode == P.MODE_2P
    rig.press(K.A)  # the opening roll
    while app.state != A.ROLL:
        rig.press(K.A)
    g = app.game
    p = g.player
    assert app.board.msg_lb.text.strip() == "X:double B:menu"
    rig.press(K.X)  # the mover doubles: asked once
    assert app.state == S.ASK and app.board.ban1.text == "Double to 2?"
    rig.press(K.B)  # no: still to roll
    assert app.state == A.ROLL and g.cube == 1
    rig.press(K.X, K.A)  # yes
    assert app.state == A.OFFER and g.offered == p
    assert app.board.ban1.text == "P%d doubles: 2" % p
    rig.press(K.A)  # taken
    assert g.cube == 2 and g.cube_owner == 3 - p and app.state == A.ROLL
    assert app.board.msg_lb.text.strip() == "Taken: cube 2"
    rig.press(K.X)  # the cube is not the mover's now: X does nothing
    assert app.state == A.ROLL and g.cube == 2
    while g.player == p or app.state != A.ROLL:
        assert app.state != A.OVER
        rig.press(K.A)
    rig.press(K.X, K.A)  # the other player redoubles
    assert app.state == A.OFFER
    rig.press(K.B)  # a drop is asked once
    assert app.state == S.ASK and app.board.ban1.text == "Drop: lose 2?"
    rig.press(K.B)  # no: the double is still to answer
    assert app.state == A.OFFER
    rig.press(K.B, K.A)  # dropped: the redoubler wins the 2 points
    assert app.state == A.OVER and g.dropped and g.winner == 3 - p
    assert g.score[2 - p] == 2
    assert app.stats.two_player == [0, 1, 0] and sum(app.stats.games) == 0
    rig.press(K.B)  # the menu: its Statistics page, then Lifetime
    choose_line(rig, "Statistics")
    choose_line(rig, "Lifetime stats")
    assert app.state == A.INFO
    shown = [lb.text.strip() for lb in app.text.lines]
    assert shown[:5] == ["MINIGAM", "Easy: 0/0 won", "Medium: 0/0 won",
                         "Hard: 0/0 won", "2 players: 0"]
    assert shown[5:7] == ["Backgammon", "Easy: 0/0 won"]
    for _ in range(3):  # the page scrolls to the rest
        rig.press(K.X)
    assert [lb.text.strip() for lb in app.text.lines if lb.text][-3:] == [
        "Medium: 0/0 won", "Hard: 0/0 won", "2 players: 1"]


def test_statistics_keep_minigam_blob_until_backgammon_counts():
    """The stats blob stays MINIGAM's 41 bytes (a PyBadge's meta record
    holds 41) until Backgammon has a game; both read back whole."""
    st = P.Stats()
    st.games[1] = 5
    st.wins[1] = 3
    st.two_player[0] = 2
    st.add_roll(6, 6)
    old = st.to_bytes()
    assert len(old) == 41
    st.games[5] = 4
    st.wins[5] = 1
    st.two_player[1] = 7
    new = st.to_bytes()
    assert len(new) == 71 and new[:41] == old
    back = P.Stats()
    assert back.load(new) and back.to_bytes() == new
    assert back.games == [0, 5, 0, 0, 0, 4, 0, 0, 0]
    assert back.two_player == [2, 7, 0]
    assert back.load(old) and back.games == [0, 5, 0, 0, 0, 0, 0, 0, 0]
    assert back.counts[6] == 2 and back.doubles == 1
    assert not back.load(new[:40]) and not back.load(b"\x03" + new[1:])


def test_a_backgammon_game_survives_a_power_cut():
    rig = Rig("pybadge", seed=6)
    app = rig.app
    choose_backgammon(rig)
    rig.press(K.A, K.A)
    while app.game.turn_no < 4:
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        else:
            rig.press(K.A)  # (an offered double: taken)
    rig.wait_human()
    pos = bytes(app.game.pos)
    cube = app.game.cube
    rig2 = Rig("pybadge", seed=7, nvm=rig.hw.nvm)
    app2 = rig2.app
    assert app2.saved and app2.settings.game == P.BACKGAMMON
    assert app2.text.lines[0].text == "Resume Backgammon"
    rig2.press(K.A)
    assert isinstance(app2.game, G.BgGame)
    assert bytes(app2.game.pos) == pos and app2.game.cube == cube
    assert type(app2.board).__name__ == "BgBoardView"


def test_choosing_minigam_again_brings_its_board_back():
    rig = Rig("pico-st7789", seed=1)
    app = rig.app
    choose_backgammon(rig)
    rig.press(K.A)
    assert type(app.board).__name__ == "BgBoardView"
    rig.press(K.B)  # the menu before the opening roll
    assert app.state == A.MENU
    for _ in range(3):
        rig.press(K.X)
    rig.press(K.LEFT)  # Game: MINIGAM (LEFT steps back)
    assert app.text.lines[app.menu_sel].text == "Game: MINIGAM"
    for _ in range(3):
        rig.press(K.Y)
    rig.press(K.A)
    assert type(app.board).__name__ == "BoardView"
    assert len(app.root) == 1 + (app.text is not None)


def games_offered(rig):
    """The games the main page's "Game" line steps through, from the one
    it shows."""
    app = rig.app
    for _ in range(3):
        rig.press(K.X)
    seen = []
    while app.text.lines[app.menu_sel].text not in seen:
        seen.append(app.text.lines[app.menu_sel].text)
        rig.press(K.A)
    assert all(t.startswith("Game: ") for t in seen), seen
    return [t[len("Game: "):] for t in seen]


@pytest.mark.parametrize("profile", ["pico-st7789", "pico2-st7789", "pybadge",
                                     "pygamer"])
def test_the_menu_offers_the_games_the_stock_drive_carries(profile,
                                                           monkeypatch):
    """Backgammon chosen and saved, then the board restarts with the stock
    drive deploy writes for ``profile``: where it carries minigam/bg/ (the
    Pico 2) the menu still offers all three games; where it does not
    (``import minigam.bg`` fails) MINIGAM alone, the saved choice back on
    MINIGAM, the "Game" line kept so every build's menu is the same."""
    from minigam.host.hardware import deploy
    carried = "minigam/bg/__init__.py" in deploy.build_plan(
        profile, with_libs=False).names()
    assert carried == (profile == "pico2-st7789")
    first = Rig(profile, seed=1)
    choose_backgammon(first)
    for _ in range(5):
        first.press(K.X)  # "Statistics": leaving the page saves the choice
    first.press(K.A, K.B)
    assert first.app.menu_sel == 5
    if not carried:
        monkeypatch.setitem(sys.modules, "minigam.bg", None)
    rig = Rig(profile, seed=1, nvm=first.hw.nvm)
    assert rig.app.has_bg == carried
    if carried:
        assert rig.app.settings.game == P.BACKGAMMON
        assert games_offered(rig) == ["Backgammon", "Long Nardy", "MINIGAM"]
    else:
        assert rig.app.settings.game == P.MINIGAM
        assert games_offered(rig) == ["MINIGAM"]


def _bg(p2):
    """A Backgammon position: Player 1 has borne off all 15 (unless
    ``p2`` is None: the start, not won), Player 2 ``{index: checkers}``."""
    from minigam.bg.rules import new_position
    if p2 is None:
        return new_position()
    pos = bytearray(53)
    pos[25] = 15
    for i, n in p2.items():
        pos[26 + i] = n
    pos[52] = 2
    return pos


def test_the_game_over_banner_names_the_result():
    """Single, gammon, backgammon, a drop or a resignation for
    Backgammon; oin or mars for Long Nardy: the banner's words for the
    result."""
    from minigam.app import bg_app, nardy_app
    from minigam.nardy.notation import parse_position

    class Stub:
        pass

    app = Stub()
    app.game = Stub()
    app.game.resigned = 0
    for p2, want in ((None, "Drop"), ({25: 1, 6: 14}, "Single"),
                     ({13: 15}, "Gammon"), ({3: 1, 13: 14}, "Backgammon"),
                     ({0: 1, 13: 14}, "Backgammon")):
        app.game.pos = _bg(p2)
        assert bg_app.result(app) == want, (p2, want)
    app.game.pos = _bg(None)
    for level in (1, 2, 3):
        app.game.resigned = level
        assert bg_app.result(app) == "Resigned"
    for text, want in (("offx15/18x4,17x3,16x2,13x4,offx2/b", "Oin"),
                       ("offx15/18x4,17x3,16x2,13x4,12x2/b", "Mars")):
        app.game.pos = parse_position(text)
        assert nardy_app.result(app) == want, (text, want)


def test_jacoby_and_beavers_in_a_two_player_money_session():
    """Settings' Rules line for Backgammon sets the Jacoby rule and
    beavers (kept in the settings); a double is then answered A take, B
    drop or X beaver, the bottom line saying so, and the game saved with
    the rule."""
    rig = Rig("pybadge", seed=2)
    app = rig.app
    choose_backgammon(rig)
    choose_line(rig, "Settings")
    choose_line(rig, "Rules: Standard")
    assert app.text.lines[0].text == "Rules: Jacoby"
    assert app.settings.jacoby and not app.settings.beavers
    s = P.Settings()
    assert s.load(app.settings.to_bytes()) is not False
    assert s.jacoby and not s.beavers
    rig.press(K.A)
    assert app.text.lines[0].text in ("Rules: Jacoby, beavers",
                                      "Jacoby, beavers")
    assert app.settings.jacoby and app.settings.beavers
    s = P.Settings()
    assert s.load(app.settings.to_bytes()) is not False and s.jacoby
    rig.press(K.B)
    app.menu_sel = 0
    choose_line(rig, "Two players")  # (Match: money, the default)
    g = app.game
    assert g.jacoby and not g.match_to
    rig.press(K.A)
    while app.state != A.ROLL:
        rig.press(K.A)
    p = g.player
    rig.press(K.X, K.A)  # the mover doubles
    assert app.state == A.OFFER
    assert app.board.msg_lb.text.strip() == "X:beaver Y:IDs"
    rig.press(K.X)  # beaver: the cube at 4, the other player's
    assert g.cube == 4 and g.cube_owner == 3 - p and app.state == A.ROLL
    assert g.player == p
    assert app.board.msg_lb.text.strip() == "Beaver: cube 4"
    from minigam.bg import save
    back = save.loads(save.dumps(g))
    assert back.jacoby and back.cube == 4


def test_a_resumed_double_is_answered_by_the_ai_as_in_play():
    """A game saved with the human's double offered to the AI (the answer
    is never left to a resume in play, but a save may hold it) is
    answered on resume as the AI answers in play, after its look ahead:
    here, an early double with beavers on, beavered."""
    rig = Rig("pico-st7789", seed=4)
    app = rig.app
    app.settings.jacoby = True
    choose_backgammon(rig)
    rig.press(K.A, K.A)  # Play vs AI, the opening roll
    rig.wait_human()
    while app.state != A.ROLL:  # to the human's first roll
        rig.press(K.A)
        rig.wait_human()
    g = app.game
    assert g.player == 1 and g.jacoby
    g.double()
    app.save_game()
    rig2 = Rig("pico-st7789", seed=5, nvm=rig.hw.nvm)
    app2 = rig2.app
    assert app2.text.lines[0].text == "Resume Backgammon"
    rig2.press(K.A)
    g2 = app2.game
    assert app2.state == A.AI and app2.looking
    rig2.wait_human()
    assert app2.cube_note == "AI beavers: cube 4"
    assert g2.cube == 4 and g2.cube_owner == 2 and g2.player == 1
    assert app2.state == A.ROLL
