"""Issue 54: the simulator offers what the board offers (a PyBadge's or a
PyGamer's drive carries MINIGAM alone), and a save that cannot be written
is never silent: the board's bottom line says so, and what was saved
before stays."""

import os
import sys

import pytest

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.app import app as A  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.host.simulator import sim  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

from test_app_flows import Rig  # noqa: E402


@pytest.mark.parametrize("profile,all_three", [
    ("pybadge", False), ("pygamer", False), ("pico-st7789", True),
    ("pico2-st7789", True), ("pimoroni-display-pack-2", True)])
def test_the_simulator_offers_the_boards_games(profile, all_three):
    import minigam.bg  # noqa: F401 (loaded before: it stays loaded)
    before = sys.modules["minigam.bg"]
    s = sim.Session(profile, seed=1)
    app = s.app
    assert app.has_bg == all_three
    lines = [t.text for t in app.text.lines]
    game = [t for t in lines if t.startswith("Game: ")]
    assert game == ["Game: MINIGAM"]
    s.close()
    if not all_three:  # (hidden from the app's start only)
        assert sys.modules["minigam.bg"] is before


def test_a_pybadge_session_cannot_choose_backgammon():
    s = sim.Session("pybadge", seed=1)
    app = s.app
    for _ in range(3):
        s.tap(K.X)
    assert app.text.lines[app.menu_sel].text == "Game: MINIGAM"
    s.tap(K.A)  # the Game line steps round its one game
    assert app.text.lines[app.menu_sel].text == "Game: MINIGAM"
    assert app.settings.game == P.MINIGAM
    s.close()


class _FullStore:
    """A store whose saves fail (a full or failing NVM), over the real one."""

    def __init__(self, store):
        self.store = store
        self.full = False

    def __getattr__(self, name):
        return getattr(self.store, name)

    def save(self, kind, data):
        if self.full:
            raise OSError("NVM full")
        return self.store.save(kind, data)


def test_a_failed_save_is_told_and_loses_nothing():
    rig = Rig("pico-st7789", seed=3)
    app = rig.app
    store = app.hw.store = _FullStore(app.hw.store)
    rig.press(K.A, K.A)  # Play vs AI, the opening roll
    for _ in range(200):  # to the human's roll, the game saved
        rig.wait_human()
        if app.state == A.ROLL and app.saved:
            break
        rig.press(K.A)
    saved = store.load(P.slot(P.MINIGAM))
    assert saved and app.board.msg_lb.text.strip() != "Save failed!"
    store.full = True
    rig.press(K.A)  # the roll: its save fails (after the roll's frame)
    rig.tick()
    assert app.board.msg_lb.text.strip() == "Save failed!"
    assert store.load(P.slot(P.MINIGAM)) == saved  # the last save stays
    rig.press(K.X)  # a key: the player was told
    assert app.board.msg_lb.text.strip() != "Save failed!"
    store.full = False
