"""Issue 54: dice once rolled are kept. A game switched off (or quit to the
menu) after a roll and before its play is confirmed resumes with the same
dice, in every game: the opening roll, a human's roll, the AI's roll and a
roll entered by hand. Otherwise a player could re-roll bad dice against
the AI by switching off."""

import os

import pytest

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.app import app as A  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

from test_app_flows import Rig  # noqa: E402
from test_app_saves import choose_game  # noqa: E402

GAMES = (("MINIGAM", P.MINIGAM), ("Backgammon", P.BACKGAMMON),
         ("Long Nardy", P.NARDY))


def _restart(rig, seed):
    """The power goes and comes back: a new app on the same NVM (other
    dice), and Resume of the chosen game."""
    rig2 = Rig(rig.profile, seed=seed, nvm=rig.hw.nvm)
    assert rig2.app.text.lines[0].text.startswith("Resume ")
    rig2.press(K.A)
    return rig2


def _dice(app):
    g = app.game
    return (g.d1, g.d2, bytes(g.pos))


@pytest.mark.parametrize("name,kind", GAMES)
def test_the_opening_roll_survives_a_restart(name, kind):
    rig = Rig("pico-st7789", seed=5)
    choose_game(rig, name)
    rig.press(K.A)  # Play vs AI
    assert rig.app.state == A.OPEN
    rig.press(K.A)  # the opening roll
    assert rig.app.state == A.OPENED
    opening = rig.app.game.opening
    before = _dice(rig.app)
    for seed in (6, 7, 8):  # each restart would roll other dice
        rig2 = _restart(rig, seed)
        app2 = rig2.app
        assert app2.game.KIND == kind
        assert app2.state != A.OPEN, "the opening roll was lost"
        if app2.state in (A.AI, A.AIMOVE):
            rig2.wait_human()  # the AI won the opening: it plays its dice
            assert app2.game.turns[0][1:3] == opening[::-1] or \
                sorted(app2.game.turns[0][1:3]) == sorted(opening)
        else:
            assert _dice(app2) == before


@pytest.mark.parametrize("name,kind", GAMES)
def test_a_human_roll_survives_a_restart(name, kind):
    rig = Rig("pico-st7789", seed=9)
    app = rig.app
    choose_game(rig, name)
    rig.press(K.A)  # Play vs AI
    for _ in range(400):  # on to a roll of the human's, not forced
        rig.wait_human()
        if app.state == A.ROLL:
            rig.press(K.A)
            if app.state in (A.PICK, A.DONE):
                break
        elif app.state == A.OFFER:
            rig.press(K.A)  # (Backgammon: take the AI's double)
        else:
            rig.press(K.A)
    else:
        raise AssertionError("no roll of the human's")
    before = _dice(app)
    rig.tick(2)
    for seed in (11, 12, 13):
        rig2 = _restart(rig, seed)
        assert rig2.app.game.KIND == kind
        assert rig2.app.state in (A.PICK, A.DONE, A.PASS)
        assert _dice(rig2.app) == before


@pytest.mark.parametrize("name,kind", GAMES)
def test_the_ais_roll_survives_a_restart(name, kind):
    """Switched off while the AI thinks: the AI plays the dice it rolled."""
    rig = Rig("pico-st7789", seed=14)
    app = rig.app
    choose_game(rig, name)
    rig.press(K.A)
    for _ in range(600):
        if app.state == A.AI and app.game.d1:
            break
        if app.state in (A.AI, A.AIMOVE):
            rig.tick()
        else:
            rig.press(K.A)
    else:
        raise AssertionError("the AI never rolled")
    rolled = (app.game.d1, app.game.d2)
    turn = app.game.turn_no
    rig.tick()  # the frame of the roll, then its save
    rig2 = _restart(rig, 15)
    g2 = rig2.app.game
    assert rig2.app.state in (A.AI, A.AIMOVE, A.PASS)
    assert (g2.d1, g2.d2) == rolled and g2.turn_no == turn


def test_a_roll_entered_by_hand_survives_a_restart():
    rig = Rig("pico-st7789", seed=16)
    app = rig.app
    app.settings.own_dice = True
    rig.press(K.A)  # Play vs AI (MINIGAM)
    rig.press(K.A)  # the opening: enter it
    assert app.state == A.ENTER
    rig.press(K.X, K.X, K.A)  # 3 for you
    rig.press(K.A)  # 1 for the AI: you play 3-1 first
    assert app.state == A.OPENED and app.game.opening == (3, 1)
    rig2 = _restart(rig, 17)
    assert (rig2.app.game.d1, rig2.app.game.d2) == (3, 1)
    assert rig2.app.state in (A.PICK, A.DONE, A.AIMOVE)
