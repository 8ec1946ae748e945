"""Random key presses on every screen of the real app never crash it, never
make an illegal position, and games still end (short version; the full
abuse run is ``minigam.host.soak.keys``)."""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import build_app  # noqa: E402
from minigam.app import app as A  # noqa: E402
from minigam.host.simulator.hwhost import build_host_profile  # noqa: E402


def valid(pos):
    if len(pos) == 53:  # Backgammon (the keys may choose it in the menu)
        return valid_bg(pos)
    p1 = sum(pos[0:8])
    p2 = sum(pos[8:16])
    if p1 != 8 or p2 != 8 or pos[16] not in (1, 2):
        return False
    for c in range(1, 7):
        if pos[c] and pos[15 - c]:
            return False
    return True


def valid_bg(pos):
    if sum(pos[0:26]) != 15 or sum(pos[26:52]) != 15 or pos[52] not in (1, 2):
        return False
    for i in range(1, 25):
        if pos[i] and pos[26 + 25 - i]:
            return False
    return True


@pytest.mark.parametrize("profile,seed", [("pybadge", 1),
                                          ("pimoroni-display-pack-2", 2),
                                          ("pico-st7789", 3)])
def test_random_keys_everywhere(profile, seed):
    hw = build_host_profile(profile)
    app = build_app(hw, seed=seed)
    rng = random.Random(seed)
    codes = hw.key_codes
    now = 0
    states = set()
    overs = 0
    was_over = False
    turns = 0  # turns played, over every game the keys started
    last = (None, 0)
    for i in range(1200):
        # Mostly A (games move on), bursts of anything, idle stretches.
        r = rng.random()
        if r < 0.45:
            hw.keys.push(codes[0])
        elif r < 0.9:
            for _ in range(rng.randrange(1, 4)):
                hw.keys.push(rng.choice(codes))
        now += rng.choice((10, 40, 100, 400, 900))
        app.tick(now)
        states.add(app.state)
        if app.game is not None:
            assert valid(app.game.pos), (i, bytes(app.game.pos))
            g, n = last
            if g is app.game and app.game.turn_no > n:
                turns += app.game.turn_no - n
            last = (app.game, app.game.turn_no)
        over = app.state == A.OVER
        if over and not was_over:
            overs += 1
        was_over = over
    assert A.PICK in states and A.MENU in states
    # games move on (the keys may leave one for the menu and start another)
    assert overs >= 1 or turns > 10, (overs, turns)
