"""Long Nardy in the real app, driven by keys as a player drives it: chosen
on the menu, whole games against the AI and for two players, the opening
roll, a game switched off and resumed, the heads marked, the crosses on
blocked points and the head rule's note, checked on the frames too."""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import app as A  # noqa: E402
from minigam.app import states as S  # noqa: E402
from minigam.app import menu  # noqa: E402
from minigam.app import palette as C  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.app.bg_layout import column  # noqa: E402
from minigam.hw import keys as K  # noqa: E402
from minigam.nardy import game as G  # noqa: E402
from minigam.nardy.notation import parse_position  # noqa: E402
from minigam.nardy.rules import HEAD  # noqa: E402

from test_app_flows import Rig  # noqa: E402
from test_app_bg import choose_line  # noqa: E402

ALL = ("pico-st7789", "pybadge", "pimoroni-display-pack-2")


def choose_nardy(rig):
    """Main page: down to "Game", A twice to Long Nardy, back up."""
    app = rig.app
    for _ in range(3):
        rig.press(K.X)
    assert app.text.lines[app.menu_sel].text == "Game: MINIGAM"
    rig.press(K.A, K.A)
    assert app.text.lines[app.menu_sel].text == "Game: Long Nardy"
    for _ in range(3):
        rig.press(K.Y)
    assert app.menu_sel == 0


def play_out(rig, rng, limit=8000, seen=None):
    """Keys until the game is over: A mostly (roll, pick, move, confirm),
    X now and then (the cursor), B and Y now and then (undo); the states
    met go to ``seen``."""
    app = rig.app
    for _ in range(limit):
        if seen is not None:
            seen.add(app.state)
        if app.state == A.OVER:
            return
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
            continue
        r = rng.random()
        if app.state in (A.PICK, A.DEST, A.DONE) and r < 0.04:
            rig.press(K.B if r < 0.03 else K.Y)
        else:
            rig.press(K.X if r < 0.15 else K.A)
    raise AssertionError("the game did not end: %s"
                         % S.STATE_NAMES[app.state])


def summary_lines(rig):
    app = rig.app
    rig.press(K.X)
    assert app.state == A.SUMMARY
    return [t.strip() for t in app.text.items]  # (shown and scrolled to)


@pytest.mark.parametrize("profile", ALL)
def test_a_whole_game_against_the_ai(profile):
    rig = Rig(profile, seed=4)
    app = rig.app
    choose_nardy(rig)
    rig.press(K.A)  # Play vs AI
    g = app.game
    assert isinstance(g, G.NardyGame) and app.state == A.OPEN
    assert type(app.board).__name__ == "NardyBoardView"
    assert app.xt.__name__ == "minigam.app.nardy_app"
    rig.press(K.A)  # the opening roll: one die each
    assert app.state == A.OPENED and g.state == G.ROLL and not g.steps
    assert app.board.ban2.text.endswith("first. A:go")
    seen = set()
    play_out(rig, random.Random(1), seen=seen)
    assert {A.PICK, A.DEST, A.AI, A.AIMOVE} <= seen
    assert g.winner and g.points in (1, 2) and sum(g.score) == g.points
    assert app.board.ban1.text.startswith(("You win", "AI wins"))
    # Counted as Long Nardy's, at the level played (Medium by default).
    st = app.stats
    assert st.games == [0] * 7 + [1, 0] and st.two_player == [0, 0, 0]
    assert st.wins[7] == (1 if g.winner == 1 else 0)
    if profile != "pybadge":  # (its NVM keeps 41 bytes of statistics)
        assert P.load_stats(rig.hw.store).to_bytes() == st.to_bytes()
    lines = summary_lines(rig)
    assert "You AI" in [" ".join(t.split()) for t in lines]
    assert any(t.split()[:1] == ["Pips"] for t in lines)
    assert not any(t.startswith(("Hits", "Cube")) for t in lines)
    assert "X:review" in lines
    rig.press(K.X)  # the review (tests/test_app_judged_24.py reads it)
    assert app.state == A.REVIEW
    rig.press(K.B, K.B, K.B)
    assert app.state == A.MENU


@pytest.mark.parametrize("profile", ("pybadge", "pico-st7789"))
def test_two_players_to_the_end(profile):
    rig = Rig(profile, seed=5)
    app = rig.app
    choose_nardy(rig)
    rig.press(K.X, K.A)  # Two players
    assert app.mode == P.MODE_2P
    rig.press(K.A, K.A)  # the opening roll, then its starter's turn
    g = app.game
    assert app.state == A.ROLL
    p = g.player
    assert app.board.ban1.text == "Player %d" % p
    assert app.board.ban2.text == "press A to roll"
    assert app.board.msg_lb.text.strip() == "B:menu"
    rig.press(K.X)  # no cube: X before a roll does nothing
    assert app.state == A.ROLL and g.state == G.ROLL
    handovers = 0
    rng = random.Random(2)
    while app.state != A.OVER:
        if app.state == A.ROLL:
            handovers += 1
            assert app.board.ban1.text == "Player %d" % g.player
        rig.press(K.X if rng.random() < 0.1 else K.A)
    assert handovers > 20
    assert app.stats.two_player == [0, 0, 1] and sum(app.stats.games) == 0
    assert app.board.ban1.text == "Player %d wins!" % g.winner
    rig.press(K.B)  # the menu: Statistics, then Lifetime
    choose_line(rig, "Statistics")
    choose_line(rig, "Lifetime stats")
    shown = [lb.text.strip() for lb in app.text.lines if lb.text]
    assert shown[:5] == ["MINIGAM", "Easy: 0/0 won", "Medium: 0/0 won",
                         "Hard: 0/0 won", "2 players: 0"]
    for _ in range(6):  # the page scrolls to the rest
        rig.press(K.X)
    shown = [lb.text.strip() for lb in app.text.lines if lb.text]
    assert "Backgammon" not in shown
    assert shown[-6:-1] == ["Long Nardy", "Easy: 0/0 won", "Medium: 0/0 won",
                            "Hard: 0/0 won", "2 players: 1"]


def test_statistics_blob_grows_only_as_far_as_there_are_counts():
    st = P.Stats()
    st.games[1] = 5
    st.add_roll(6, 6)
    old = st.to_bytes()
    assert len(old) == 41
    st.two_player[2] = 3  # Long Nardy's, none of Backgammon's
    st.games[8] = 2
    st.wins[8] = 1
    new = st.to_bytes()
    assert len(new) == 97 and new[:41] == old and not max(new[41:71])
    back = P.Stats()
    assert back.load(new) and back.to_bytes() == new
    assert back.games == [0, 5, 0, 0, 0, 0, 0, 0, 2]
    assert back.wins[8] == 1 and back.two_player == [0, 0, 3]
    st.games[4] = 1
    assert P.Stats().load(st.to_bytes())
    st.games[8] = st.wins[8] = st.two_player[2] = 0
    assert len(st.to_bytes()) == 71
    assert not back.load(new[:50]) and not back.load(new + b"\0" * 14)


def own_dice(rig):
    """Settings: "Dice: your own", "Auto forced: Off" (and back to the
    main page)."""
    app = rig.app
    choose_line(rig, "Settings")
    choose_line(rig, "Auto forced: On")
    app.menu_sel = 0
    choose_line(rig, "Dice: the device's")
    assert app.settings.own_dice and not app.settings.auto
    rig.press(K.B)
    app.menu_sel = 0
    menu.show(app)


def enter(rig, a, b):
    """Enter dice ``a``, ``b`` by hand (ENTER: X steps the die up, A takes
    it)."""
    assert rig.app.state == A.ENTER
    rig.press(*([K.X] * (a - 1) + [K.A] + [K.X] * (b - 1) + [K.A]))


def test_the_opening_roll_is_not_played_and_the_head_note():
    """By keys from the menu: the opening dice (6 against 1) only choose
    who starts; White rolls again (5-3), takes a checker off the head,
    and the bottom line says why no second one follows."""
    rig = Rig("pybadge", seed=1)
    app = rig.app
    choose_nardy(rig)
    own_dice(rig)
    choose_line(rig, "Two players")
    rig.press(K.A)  # the opening roll: entered
    enter(rig, 6, 1)
    g = app.game
    assert app.state == A.OPENED and g.opening == (6, 1)
    assert g.state == G.ROLL and g.player == 1 and g.d1 == 0
    rig.press(K.A)
    assert app.state == A.ROLL and app.board.ban1.text == "Player 1"
    rig.press(K.A)
    enter(rig, 5, 3)
    assert app.state == A.PICK and app.src_idx == [HEAD]
    assert app.board.msg_lb.text.strip() == "A:pick X:next"
    rig.press(K.A)  # the head's checker: to 19 (the 5) or 21 (the 3)
    assert app.state == A.DEST and [t[0] for t in app.tgts] == [19, 21]
    assert app.board.blocked == 0
    rig.press(K.A)  # 24/19
    assert app.state == A.PICK and app.src_idx == [6]  # only 19 moves on
    note = app.board.msg_lb.text.strip()
    assert note == "1 from head a turn"  # (the PyBadge's 19 characters)
    rig.tick(n=70)  # the key tips take turns with it
    shown = set()
    for _ in range(8):
        rig.tick(n=64)
        shown.add(app.board.msg_lb.text.strip())
    assert note in shown and "Y:undo turn" in shown
    rig.press(K.B)  # undone: the head moves again, no note
    assert app.src_idx == [HEAD]
    assert app.board.msg_lb.text.strip() == "A:pick X:next"


def test_the_head_note_fits_every_screen():
    from minigam.app.nardy_app import NOTES
    for profile, want in (("pico-st7789", "Head: 1 a turn"),
                          ("pico-ili9341", "One from head a turn"),
                          ("pimoroni-display-pack-2", "One from head a turn")):
        rig = Rig(profile, seed=1)
        app = rig.app
        app.settings.game = P.NARDY
        app.settings.auto = False  # (5-5 from the start is forced)
        menu.play_from(app, P.MODE_2P, parse_position("24x15/12x15/w"))
        app.game.roll(5, 5)
        app.rolled()
        rig.press(K.A, K.A)  # 24/19
        assert app.board.msg_lb.text.strip() == want, profile
        assert want in NOTES


def cross_at(rig, sp, k):
    """Whether checker slot ``k`` of spot ``sp`` shows the blocked cross
    (its colour inside the slot's box; on a Player 2 checker, Player 1's
    colour)."""
    lay = rig.app.board.lay
    x = lay.slot_x(column(sp))
    y = lay.slot_cy(sp, k) - lay.step // 2
    fr = rig.frame()
    from minigam.app.bg_build import _BLOCKED
    box = (x, y, x + lay.tile_w, y + lay.step)
    return fr.count(_BLOCKED, *box) > 0 or \
        fr.count(C.P1, *box) > 0 and fr.count(C.P2, *box) > 0


@pytest.mark.parametrize("profile", ("pybadge", "pico-st7789"))
def test_blocked_points_are_crossed_out(profile):
    rig = Rig(profile, seed=1)
    app = rig.app
    app.settings.game = P.NARDY
    app.settings.own_dice = True
    # Black holds 8: White's 13/8 is closed (13/11 is open).
    menu.play_from(app, P.MODE_2P, parse_position("24x14,13/12x14,8/w"))
    rig.press(K.A)
    enter(rig, 5, 2)
    assert app.state == A.PICK and app.srcs == [13, 24]
    rig.press(K.A)  # 13
    assert app.state == A.DEST and [t[0] for t in app.tgts] == [11]
    assert app.board.blocked == 1 << 8
    assert cross_at(rig, 8, 0)  # on Black's checker there
    assert not cross_at(rig, 8, 1)  # nothing beyond it
    assert not cross_at(rig, 11, 0)
    rig.shot("nardy-blocked")
    rig.press(K.B, K.X, K.A)  # the head instead: 19 and 22, both open
    assert app.state == A.DEST and app.src == 24
    assert app.board.blocked == 0 and not cross_at(rig, 8, 0)
    rig.press(K.A)  # 24/19: the crosses stay off in PICK
    assert app.board.blocked == 0
    # The six-block rule (the rule book's row 12): 24/21 would make six
    # points in a row, 2, 1, 24, 23, 22, 21, with no Black checker ahead.
    menu.play_from(app, P.MODE_2P, parse_position(
        "24x10,23,22,16,2,1/12x9,10x3,8x3/w"))
    rig.press(K.A)
    enter(rig, 5, 3)
    app.ci = app.srcs.index(24)
    rig.press(K.A)
    assert [t[0] for t in app.tgts] == [19]
    assert app.board.blocked == 1 << 21
    assert cross_at(rig, 21, 0)
    rig.shot("nardy-block-rule")


def test_heads_are_marked():
    rig = Rig("pico-st7789", seed=1)
    app = rig.app
    choose_nardy(rig)
    rig.press(K.A)
    from test_nardy_view import heads_marked
    heads_marked(rig.frame(), app.board.lay)
    # the cube's column is empty
    assert app.board.cube.hidden


def test_a_long_nardy_game_survives_a_power_cut():
    rig = Rig("pybadge", seed=6)
    app = rig.app
    choose_nardy(rig)
    rig.press(K.A, K.A)
    g = app.game
    while g.turn_no < 5:
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        else:
            rig.press(K.A)
    rig.wait_human()
    while app.state != A.PICK or g.must_pass:
        rig.press(K.A)
        rig.wait_human()
    start = bytes(g.turn_start())
    rig.press(K.A, K.A)  # a single move made
    assert g.steps
    # The power goes now: the app saved at the roll, so the resumed game
    # is at this turn's start with the same dice.
    rig2 = Rig("pybadge", seed=7, nvm=rig.hw.nvm)
    app2 = rig2.app
    assert app2.saved and app2.settings.game == P.NARDY
    assert app2.text.lines[0].text == "Resume Long Nardy"
    rig2.press(K.A)
    g2 = app2.game
    assert isinstance(g2, G.NardyGame)
    assert type(app2.board).__name__ == "NardyBoardView"
    assert bytes(g2.pos) == start and app2.state == A.PICK
    assert (g2.d1, g2.d2) == (g.d1, g.d2)
    assert g2.turn_no == g.turn_no and g2.player == g.player == 1
    # A save made within a turn (the format keeps its moves: a device that
    # saved then) resumes with the move made, and it can still be undone.
    app.save_game()
    pos, steps = bytes(g.pos), list(g.steps)
    rig3 = Rig("pybadge", seed=8, nvm=rig.hw.nvm)
    rig3.press(K.A)
    g3 = rig3.app.game
    assert bytes(g3.pos) == pos and g3.steps == steps
    assert rig3.app.state in (A.PICK, A.DONE)
    rig3.press(K.Y)
    assert not g3.steps and rig3.app.state == A.PICK
    play_out(rig3, random.Random(3))
    assert g3.winner


def test_switching_games_brings_each_board_back():
    rig = Rig("pico-st7789", seed=1)
    app = rig.app
    choose_nardy(rig)
    rig.press(K.A)
    assert type(app.board).__name__ == "NardyBoardView"
    rig.press(K.B)  # the menu before the opening roll
    for _ in range(3):
        rig.press(K.X)
    rig.press(K.A)  # Game: MINIGAM (round again)
    assert app.text.lines[app.menu_sel].text == "Game: MINIGAM"
    for _ in range(3):
        rig.press(K.Y)
    rig.press(K.A)
    assert type(app.board).__name__ == "BoardView" and app.xt.__name__ == "minigam.app.quarter_app"
    rig.press(K.B)
    for _ in range(3):
        rig.press(K.X)
    rig.press(K.A)
    for _ in range(3):
        rig.press(K.Y)
    rig.press(K.A)
    assert type(app.board).__name__ == "BgBoardView"
    assert app.xt.__name__ == "minigam.app.bg_app"
    assert len(app.root) == 1 + (app.text is not None)


def test_the_rules_line_is_the_chosen_games():
    """Settings' "Rules" line: MINIGAM's Full-Entry variant, Backgammon's
    Jacoby rule and beavers for money (``test_app_bg``), Long Nardy's
    first-turn head exception (on by default).
    Switched off, it reaches the next game's rules and the save, and a new
    app reads it back; MINIGAM's variant is left alone."""
    rig = Rig("pico-st7789", seed=3)
    app = rig.app

    def settings_lines():
        choose_line(rig, "Settings")
        got = [t for _, t in menu.menu_items(app)]
        rig.press(K.B)
        app.menu_sel = 0
        menu.show(app)
        return got

    assert settings_lines()[0] == "Rules: Standard"
    for _ in range(3):
        rig.press(K.X)
    rig.press(K.A)  # Game: Backgammon
    assert settings_lines()[0] == "Rules: Standard"
    for _ in range(3):
        rig.press(K.X)
    rig.press(K.A)  # Game: Long Nardy
    app.menu_sel = 0
    menu.show(app)
    assert settings_lines()[0] == "Rules: Standard"
    choose_line(rig, "Settings")
    choose_line(rig, "Rules: Standard")
    assert app.text.lines[0].text == "Rules: Strict head"
    assert not app.settings.head_doubles and not app.settings.full_entry
    assert not app.settings.jacoby
    rig.press(K.B)
    app.menu_sel = 0
    menu.show(app)
    choose_line(rig, "Two players")
    assert app.game.rules.head_doubles is False
    from minigam.nardy import save
    assert save.loads(save.dumps(app.game)).rules.head_doubles is False
    rig2 = Rig("pico-st7789", seed=3, nvm=rig.hw.nvm)
    s = rig2.app.settings
    assert not s.head_doubles and not s.full_entry and s.game == P.NARDY
    # an older blob (bit 1 never set) keeps the exception on
    old = bytearray(P.Settings().to_bytes())
    old[2] = 1
    back = P.Settings()
    assert back.load(bytes(old)) and back.full_entry and back.head_doubles
