"""Idle (issue 37, part 8): the real app on a host profile and its fake
clock. Two minutes without a key dim the screen's backlight and the dice
pixels, five minutes blank them; the next key lights them and does nothing
else; a key before the time is up starts it again; the game's review keeps
the screen lit while it is made (``minigam.hw.profile``, ``Profile.poll``
and ``Profile.tick``).
"""

import os
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.app import app as A  # noqa: E402
from minigam.app import menu  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.hw import keys as K  # noqa: E402
from minigam.hw.ticks import ticks_add  # noqa: E402
from minigam.host.hardware import docs as hwdocs  # noqa: E402
from minigam.host.simulator.hwhost import build_host_profile  # noqa: E402
from minigam.quarter.notation import parse_position  # noqa: E402

from test_app_flows import Rig  # noqa: E402

# The times the hardware guide gives (its generator's figures): the
# profile must keep to them.
DIM_MS = hwdocs.IDLE_DIM_MIN * 60000
OFF_MS = hwdocs.IDLE_OFF_MIN * 60000


def lit(hw):
    """The brightest channel of any dice pixel now."""
    return max(max(c) for c in hw.pixel_strip.values)


def at_pick(profile="pico-st7789"):
    """A game against the AI, the human to pick a checker: the dice
    pixels lit, the cursor on a checker."""
    rig = Rig(profile, seed=3)
    app = rig.app
    rig.press(K.A, K.A)  # Play vs AI; the opening roll
    for _ in range(50):
        rig.wait_human()
        if app.state == A.PICK:
            break
        rig.press(K.A)
    assert app.state == A.PICK
    return rig


def idle_for(rig, ms, step=1000):
    """Let ``ms`` of app time pass without a key."""
    end = rig.now + ms
    while rig.now < end:
        rig.tick(ms=min(step, end - rig.now))


def snapshot(app):
    g = app.game
    return (app.state, app.ci, bytes(g.pos), list(g.steps), app.keys_taken)


def test_idle_dims_then_blanks_and_the_waking_key_does_nothing_else():
    rig = at_pick()
    app, hw = rig.app, rig.hw
    assert hw.brightness == 1.0 and hw.display.brightness == 1.0
    full = lit(hw)
    assert full > 0  # the dice are shown
    before = snapshot(app)
    idle_for(rig, DIM_MS - 2000)
    assert hw.idle == 0 and hw.display.brightness == 1.0 and lit(hw) == full
    idle_for(rig, 2000)
    # Dimmed: a quarter of the brightness set, screen and pixels.
    assert hw.idle == 1
    assert abs(hw.display.brightness - 0.25) < 1e-9
    assert 0 < lit(hw) <= full // 4 + 1
    idle_for(rig, OFF_MS - DIM_MS - 2000)
    assert hw.idle == 1
    idle_for(rig, 2000)
    # Blank: backlight and pixels off; the game waits as it was.
    assert hw.idle == 2 and hw.display.brightness == 0 and lit(hw) == 0
    assert snapshot(app) == before
    # A (pick the checker under the cursor) wakes it, and only wakes it.
    rig.press(K.A)
    assert hw.idle == 0 and hw.display.brightness == 1.0
    rig.tick()
    assert lit(hw) == full
    assert snapshot(app) == before
    # The next A acts.
    rig.press(K.A)
    assert app.state == A.DEST and app.keys_taken == before[-1] + 1


def test_a_key_that_wakes_a_dimmed_screen_does_nothing_else():
    rig = at_pick("pybadge")
    app, hw = rig.app, rig.hw
    before = snapshot(app)
    idle_for(rig, DIM_MS)
    assert hw.idle == 1
    rig.press(K.X)  # would move the cursor on
    assert hw.idle == 0 and snapshot(app) == before
    rig.press(K.X)  # acts
    assert app.keys_taken == before[-1] + 1 and hw.idle == 0
    assert app.ci == (before[1] + 1) % len(app.srcs)


def test_a_key_before_the_time_is_up_starts_it_again():
    rig = at_pick()
    app, hw = rig.app, rig.hw
    idle_for(rig, DIM_MS - 10000)
    taken = app.keys_taken
    rig.press(K.X)  # acts: the screen was lit
    assert app.keys_taken == taken + 1 and hw.idle == 0
    idle_for(rig, DIM_MS - 1000)
    assert hw.idle == 0  # 2 minutes from the key, not from the last one
    idle_for(rig, 2000)
    assert hw.idle == 1
    rig.press(K.B)  # wakes
    idle_for(rig, OFF_MS - 2000)
    assert hw.idle == 1  # dimmed again, and not yet blank
    idle_for(rig, 2000)
    assert hw.idle == 2


def test_the_menu_dims_too_and_keeps_the_brightness_setting():
    rig = Rig("pico-st7789", seed=1)
    app, hw = rig.app, rig.hw
    app.settings.bright = 1  # 50%
    app.apply_brightness()
    assert hw.display.brightness == 0.5
    idle_for(rig, DIM_MS)
    assert app.state == A.MENU and hw.idle == 1
    assert abs(hw.display.brightness - 0.125) < 1e-9
    sel = app.menu_sel
    rig.press(K.DOWN)  # wakes to the brightness set, moves nothing
    assert hw.display.brightness == 0.5 and app.menu_sel == sel


def test_the_idle_time_is_measured_across_the_ticks_wrap():
    hw = build_host_profile("pico-st7789")
    hw.pixels.show_dice(3, 4, 1, now_ms=0)
    t = 0x1FFFFFFF - 30000  # 30 s before the ticks wrap
    hw.keys.push(K.A)
    assert hw.poll(t) == K.A and hw.still == t
    hw.tick(ticks_add(t, DIM_MS - 1))
    assert hw.idle == 0
    hw.tick(ticks_add(t, DIM_MS))
    assert hw.idle == 1
    hw.tick(ticks_add(t, OFF_MS))
    assert hw.idle == 2
    # Blank, it stays blank (the ticks go on wrapping).
    for k in range(1, 8):
        hw.tick(ticks_add(t, OFF_MS + k * 0x4000000))
        assert hw.idle == 2
    # A brightness change while blank keeps it blank.
    hw.brightness = 0.75
    assert hw.display.brightness == 0 and lit(hw) == 0
    hw.keys.push(K.B)
    now = ticks_add(t, 9 * 0x4000000)
    assert hw.poll(now) == K.NONE  # the waking key is dropped
    assert hw.idle == 0 and hw.display.brightness == 0.75
    hw.tick(now)
    assert lit(hw) > 0


def test_the_review_keeps_the_screen_lit_while_it_is_made(monkeypatch):
    """A review that takes 6 minutes: its progress counts as a key."""
    rig = Rig("pico-st7789", seed=1)
    app, hw = rig.app, rig.hw
    from minigam.core.dice import Dice

    app.dice = Dice(source=[1, 2])
    menu.play_from(app, P.MODE_2P, parse_position("0,0,0,0,1,0/0,8/7,0/1"))
    app.game.dice = app.dice
    rig.press(K.A)  # the roll: a forced play, shown
    while app.state == A.AIMOVE:
        rig.tick(ms=100)
    rig.press(K.A)  # confirm it: the game is won
    assert app.state == A.OVER

    class SlowReview:
        """Each step is a second of the board's time; 360 of them."""

        def __init__(self, game, players, judge):
            self.k = 0
            self.done = False
            self.turn, self.last_turn = 0, 1
            self.n, self.total, self.worst = 0, 0.0, []

        def step(self):
            hw.clock.advance(1000)
            self.k += 1
            self.done = self.k >= 360
            return self.done

    from minigam.core import review
    monkeypatch.setattr(review, "Review", SlowReview)
    monkeypatch.setitem(sys.modules, "minigam.core.review", review)
    rig.press(K.X, K.X)  # the summary, then the review
    assert app.state == A.REVIEW
    seen = set()
    for _ in range(400):
        rig.tick(ms=1000)
        seen.add(hw.idle)
        if app.review is not None and app.review.done:
            break
    assert app.review.done and app.review.k == 360
    assert seen == {0}  # never dimmed in 6 minutes of reviewing
    # Then the review's page waits like any other.
    idle_for(rig, DIM_MS)
    assert hw.idle == 1
