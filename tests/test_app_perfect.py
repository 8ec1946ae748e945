"""The Perfect AI level: offered by the app only when the host hands it the
exact table (the simulator), never on a device, and never counted in the
device's lifetime statistics. Saves made with it resume on a device as Hard.
"""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.app.start import build_app  # noqa: E402
from minigam.app import app as A  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.hw import keys as K  # noqa: E402
from minigam.host.aitools.quarter import perfect
from minigam.host.aitools.quarter import solver  # noqa: E402
from minigam.host.simulator.hwhost import build_host_profile  # noqa: E402
from minigam.quarter.rules import Rules, NONE, new_position  # noqa: E402

import test_app_flows as flows  # noqa: E402


class StandIn:
    """A sliced player like PerfectPlayer (the real table is minutes of
    solving): plays the first legal play, and counts its searches."""

    def __init__(self, rules):
        self.rules = rules
        self.steps = []
        self.searches = 0

    def begin(self, pos, d1, d2):
        self.searches += 1
        self._q = (bytearray(pos), d1, d2)

    def step(self):
        pos, d1, d2 = self._q
        steps = []
        if self.rules.plays(pos, d1, d2):
            mv = self.rules.moves
            steps.append((mv[0], mv[1]))
            if mv[2] != NONE:
                steps.append((mv[2], mv[3]))
        self.steps = steps
        return True


class Factory:
    def __init__(self):
        self.made = []

    def __call__(self, rules):
        p = StandIn(rules)
        self.made.append(p)
        return p


class Rig(flows.Rig):
    """test_app_flows' rig, with the host's Perfect factory (or none)."""

    def __init__(self, perfect=None, nvm=None, seed=5):
        self.profile = "pico-st7789"
        self.hw = build_host_profile(self.profile, nvm=nvm)
        self.app = build_app(self.hw, seed=seed, perfect=perfect)
        self.now = 0
        self.tick()

    def level_line(self):
        return [lb.text for lb in self.app.text.lines
                if lb.text.startswith("AI level")][0]


def cycle_levels(rig):
    """The level names the menu offers, stepping from Medium."""
    rig.press(K.DOWN, K.DOWN)  # "AI level: Medium"
    seen = [rig.level_line()]
    for _ in range(5):
        rig.press(K.RIGHT)
        seen.append(rig.level_line())
    return seen


def test_device_app_offers_three_levels():
    rig = Rig()
    assert cycle_levels(rig) == [
        "AI level: Medium", "AI level: Hard", "AI level: Easy",
        "AI level: Medium", "AI level: Hard", "AI level: Easy"]


def test_perfect_level_plays_a_whole_game_and_is_not_counted():
    f = Factory()
    rig = Rig(perfect=f)
    assert cycle_levels(rig)[:4] == [
        "AI level: Medium", "AI level: Hard", "AI level: Perfect",
        "AI level: Easy"]
    while rig.level_line() != "AI level: Perfect":  # back to Perfect
        rig.press(K.LEFT)
    rig.press(K.UP, K.UP, K.A)  # Play vs AI
    app = rig.app
    assert app.level == P.PERFECT
    rig.press(K.A, K.A)  # opening roll, go
    flows.play_out(rig, random.Random(1), checks=0, tag="perfect")
    assert len(f.made) == 1  # made at its first turn, one for the game
    assert f.made[0].searches > 0  # every AI turn asked the table player
    assert sum(app.stats.games) == 0  # Perfect is not a device level


def test_a_perfect_save_resumes_as_hard_on_a_device():
    f = Factory()
    rig = Rig(perfect=f)
    rig.press(K.DOWN, K.DOWN, K.RIGHT, K.RIGHT)  # Medium -> Hard -> Perfect
    assert rig.level_line() == "AI level: Perfect"
    rig.press(K.UP, K.UP, K.A, K.A, K.A)
    app = rig.app
    rng = random.Random(2)
    while app.game.turn_no < 2:
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        else:
            flows.human_step(rig, rng)
    rig.wait_human()
    nvm = rig.hw.nvm
    # The simulator again: the game resumes at Perfect.
    again = Rig(perfect=Factory(), nvm=nvm)
    assert again.app.saved and again.app.settings.level == P.PERFECT
    again.press(K.A)  # Resume
    assert again.app.level == P.PERFECT
    assert isinstance(again.app.opponent(), StandIn)  # (made when needed)
    # A device (no table): the menu shows Hard, and the game resumes at Hard.
    dev = Rig(nvm=nvm)
    assert dev.app.settings.level == 2
    assert dev.level_line() == "AI level: Hard"
    dev.press(K.A)  # Resume
    # (by name: game over unloads minigam.quarter.ai, so the class may be a newer
    # copy than this module's import)
    ai = dev.app.opponent()
    assert dev.app.level == 2 and type(ai).__name__ == "AIPlayer"
    assert ai.level == "hard"
    assert bytes(dev.app.game.pos) == bytes(again.app.game.pos)


def test_factory_needs_a_cached_table(tmp_path, monkeypatch):
    monkeypatch.setenv("MINIGAM_CACHE", str(tmp_path))
    assert perfect.factory(checkers=2) is None
    solver.save(solver.solve(2, False))
    make = perfect.factory(checkers=2)
    assert make is not None
    rules = Rules(2)
    player = make(rules)
    assert isinstance(player, perfect.PerfectPlayer)
    assert make(Rules(2)).table is player.table  # loaded once
    assert make(Rules(2, full_entry=True)) is None  # that one is not cached
    pos = new_position(2)
    steps = player.choose(pos, 3, 1)
    assert steps and all(1 <= d <= 6 for _, d in steps)
