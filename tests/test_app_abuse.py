"""Random key presses on every screen of the real app never crash it, never
make an illegal position, and games still end (short version; the full
abuse run is ``minigam.host.soak.keys``)."""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app.start import build_app  # noqa: E402
from minigam.app import app as A  # noqa: E402
from minigam.host.simulator.hwhost import build_host_profile  # noqa: E402


def valid(pos):
    if len(pos) == 53:  # Backgammon (the keys may choose it in the menu)
        return valid_bg(pos)
    if len(pos) == 54:  # Long Nardy
        return valid_nardy(pos)
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


def valid_nardy(pos):
    """15 a side, no point with both colours, no forbidden block."""
    from minigam.nardy.notation import forbidden_block
    if sum(pos[0:26]) != 15 or sum(pos[26:52]) != 15 or pos[52] not in (1, 2):
        return False
    for i in range(1, 25):
        if pos[i] and pos[26 + (i + 12 if i <= 12 else i - 12)]:
            return False
    return forbidden_block(pos, 0) is None and forbidden_block(pos, 1) is None


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


def key_storm(rig, seed, check, n=1500):
    """Keys at random into ``rig``'s app (A half the time, else bursts of
    any key, and pauses): ``check(i, game)`` after each, while a game of
    ``check``'s kind is on. Asserts the storm reached the board and the
    AI's turns, and that games went on."""
    from minigam.hw import keys as K
    app = rig.app
    rng = random.Random(seed)
    keys = (K.A, K.B, K.X, K.Y, K.LEFT, K.RIGHT, K.UP, K.DOWN)
    states = set()
    turns = 0
    last = (None, 0)
    for i in range(n):
        r = rng.random()
        if r < 0.5:
            rig.press(K.A)
        elif r < 0.9:
            rig.press(*[rng.choice(keys) for _ in range(rng.randrange(1, 4))])
        rig.tick(ms=rng.choice((10, 40, 100, 400)))
        states.add(app.state)
        g = app.game
        if g is not None and check(i, g):
            p, t = last
            if p is g and g.turn_no > t:
                turns += g.turn_no - t
            last = (g, g.turn_no)
    assert A.PICK in states and A.AI in states
    assert turns > 10 or A.OVER in states, turns


@pytest.mark.parametrize("profile,seed", [("pico-st7789", 4),
                                          ("pico-ili9341", 5)])
def test_random_keys_in_backgammon(profile, seed):
    """Backgammon chosen on the menu, then keys at random (during the AI's
    turns, offers and answers too): every board stays legal, the cube only
    doubles, and games go on."""
    from test_app_bg import Rig, choose_backgammon
    rig = Rig(profile, seed=seed)
    choose_backgammon(rig)

    def check(i, g):
        if len(g.pos) != 53:
            return False
        assert valid_bg(g.pos), (i, bytes(g.pos))
        assert g.cube in (1, 2, 4, 8, 16, 32, 64), g.cube
        return True
    key_storm(rig, seed, check)


@pytest.mark.parametrize("profile,seed", [("pico-st7789", 6),
                                          ("pybadge", 7)])
def test_random_keys_in_long_nardy(profile, seed):
    """Long Nardy chosen on the menu, then keys at random (the AI's turns,
    the hint, undo, the menu and back): every board stays legal, at most
    one checker leaves the head a turn but for the first-turn exception,
    and games go on."""
    from minigam.nardy.rules import HEAD, HEADS
    from test_app_bg import Rig
    from test_app_nardy import choose_nardy
    rig = Rig(profile, seed=seed)
    choose_nardy(rig)

    def check(i, g):
        if len(g.pos) != 54:
            return False
        assert valid_nardy(g.pos), (i, bytes(g.pos))
        if g.steps:
            m = 0 if g.player == 1 else 26
            left = g.turn_start()[m + HEAD] - g.pos[m + HEAD]
            assert left <= (2 if g.d1 == g.d2 else 1), (i, bytes(g.pos))
            assert bool(g.pos[HEADS]) == any(s == HEAD for s, _, _
                                             in g.steps)
        return True
    key_storm(rig, seed, check)
