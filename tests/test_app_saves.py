"""Issue 37: one saved game per game type. Starting a game of one type never
discards another type's save; "Resume" names the game it resumes; an older
version's save (one game of any type, in the store's kind 0) is read once
and moved to its own type's slot."""

import os

import pytest

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.app import app as A  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

from test_app_flows import Rig  # noqa: E402
from test_app_bg import choose_line  # noqa: E402


def play_until_saved(rig, kind):
    """A (and the AI's turns) until the game of ``kind`` is saved and the
    human is to roll; then B: back to the menu. Returns the position left."""
    app = rig.app
    for _ in range(400):
        rig.wait_human()
        if app.saved & (1 << kind) and app.state == A.ROLL:
            pos = bytes(app.game.pos)
            rig.press(K.B)
            assert app.state == A.MENU
            return pos
        rig.press(K.A)
    raise AssertionError("no save of game %d" % kind)


def choose_game(rig, name):
    """The menu's Game line on to ``name``; the cursor back to the top."""
    app = rig.app
    for line in ("Game: MINIGAM", "Game: Backgammon", "Game: Long Nardy"):
        if any(t.text == line for t in app.text.lines):
            break
    for _ in range(3):
        if line == "Game: " + name:
            break
        choose_line(rig, line)
        line = app.text.lines[app.menu_sel - app.text.first].text
    assert line == "Game: " + name
    while app.menu_sel:
        rig.press(K.Y)


def first_line(rig):
    return rig.app.text.lines[0].text


@pytest.mark.parametrize("profile", ["pico-st7789", "pybadge"])
def test_each_game_keeps_its_own_save(profile):
    """Even the PyBadge's 256-byte NVM holds a game of each type (on the
    board its drive has MINIGAM alone; the simulator has all three)."""
    rig = Rig(profile, seed=3)
    app = rig.app
    assert not app.saved and first_line(rig) == "Play vs AI"
    choose_game(rig, "Long Nardy")
    rig.press(K.A)  # Play vs AI
    nardy_pos = play_until_saved(rig, P.NARDY)
    assert first_line(rig) == "Resume Long Nardy"
    choose_game(rig, "Backgammon")
    assert first_line(rig) == "Play vs AI"  # no Backgammon game saved yet
    rig.press(K.A)
    play_until_saved(rig, P.BACKGAMMON)
    assert app.saved == (1 << P.BACKGAMMON) | (1 << P.NARDY)
    assert first_line(rig) == "Resume Backgammon"
    choose_game(rig, "MINIGAM")
    assert first_line(rig) == "Play vs AI"
    rig.press(K.A)
    play_until_saved(rig, P.MINIGAM)
    # The three saves outlive a restart, each in its own slot.
    rig2 = Rig(profile, seed=4, nvm=rig.hw.nvm)
    app2 = rig2.app
    assert app2.saved == 7
    assert first_line(rig2) == "Resume MINIGAM"
    choose_game(rig2, "Long Nardy")
    assert first_line(rig2) == "Resume Long Nardy"
    rig2.press(K.A)
    assert app2.game is not None and app2.game.KIND == P.NARDY
    assert bytes(app2.game.pos) == nardy_pos
    for kind in (P.MINIGAM, P.BACKGAMMON, P.NARDY):
        assert rig2.hw.store.load(P.slot(kind))


def test_an_older_versions_save_is_moved_to_its_games_slot():
    """Before one save per game type, kind 0 held the one saved game of any
    type: a Backgammon game there is read once and moved to its slot."""
    from minigam.bg import save as bg_save
    from minigam.bg.game import BgGame
    from minigam.core.dice import Dice
    rig = Rig("pico-st7789", seed=5)
    g = BgGame(match_to=3, dice=Dice(seed=5))
    g.start_game()
    while not g.turn_done():
        src = g.movable()[0]
        g.move(src, g.targets(src)[0][1])
    g.confirm()
    blob = bytes((P.MODE_AI, 2)) + bg_save.dumps(g)
    rig.hw.store.save(0, blob)
    rig2 = Rig("pico-st7789", seed=6, nvm=rig.hw.nvm)
    assert rig2.app.saved == 1 << P.BACKGAMMON
    assert rig2.hw.store.load(P.slot(P.BACKGAMMON)) == blob
    assert rig2.hw.store.load(0) is None
    mode, level, back = P.load_game(rig2.hw.store, P.BACKGAMMON)
    assert (mode, level) == (P.MODE_AI, 2)
    assert bytes(back.pos) == bytes(g.pos)
    # A MINIGAM game still reads from kind 0; another type's blob there
    # is not MINIGAM's.
    assert P.load_game(rig2.hw.store, P.MINIGAM) is None
