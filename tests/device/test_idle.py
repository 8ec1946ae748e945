"""Idle on the Profile (``minigam.hw.profile``): 2 minutes without a key
dim the screen and the pixels to a quarter of the brightness, 5 minutes
blank them; the key that finds them dimmed or blank lights them and is
dropped; the times are wrap-safe ticks.

Device test: plain asserts, runs on CPython and in the MicroPython VM.
"""

from minigam.hw import keys as K
from minigam.hw.keys import KeyReader
from minigam.hw.pixels import DiceIndicator
from minigam.hw.profile import Profile
from minigam.hw.softkeys import SoftQueue
from minigam.hw.ticks import ticks_add

DIM = 120000
OFF = 300000


class Display:
    width = 240
    height = 240
    brightness = 1.0


class Switch:
    """A backlight that only switches (``Profile(backlight=...)``)."""
    value = True


class Clock:
    now = 0

    def ticks_ms(self):
        return self.now


def _hw(backlight=None, start=0):
    q = SoftQueue(0)
    keys = KeyReader()
    keys.add_source(q, tuple(range(9)))
    strip = [(0, 0, 0)] * 12
    clock = Clock()
    clock.now = start
    hw = Profile("test", Display(), keys, DiceIndicator(strip), None,
                 range(9), backlight=backlight, pixel_max=1.0, clock=clock)
    hw.pixels.show_dice(6, 6, 1, now_ms=start)
    hw.tick(start)
    return hw, q, strip


def _top(strip):
    return max(max(c) for c in strip)


def test_dim_then_blank_then_a_key_lights_and_is_dropped():
    hw, q, strip = _hw()
    assert hw.idle == 0 and _top(strip) == 255
    hw.tick(DIM - 1)
    assert hw.idle == 0 and hw.display.brightness == 1.0
    hw.tick(DIM)
    assert hw.idle == 1 and hw.display.brightness == 0.25
    assert _top(strip) == 64  # a quarter of 255, rounded
    hw.tick(OFF - 1)
    assert hw.idle == 1
    hw.tick(OFF)
    assert hw.idle == 2 and hw.display.brightness == 0 and _top(strip) == 0
    q.record(K.A, True)
    assert hw.poll(OFF + 5) == K.NONE  # lit, and the A dropped
    assert hw.idle == 0 and hw.display.brightness == 1.0 and _top(strip) == 255
    q.record(K.A, False)
    q.record(K.A, True)
    assert hw.poll(OFF + 9) == K.A  # the next one counts
    assert hw.still == OFF + 9


def test_a_key_restarts_the_time_and_blank_stays_blank_across_the_wrap():
    start = (1 << 29) - 50000  # the ticks wrap 50 s from now
    hw, q, strip = _hw(start=start)
    q.record(K.X, True)
    at = ticks_add(start, 100000)
    assert hw.poll(at) == K.X
    hw.tick(ticks_add(at, DIM - 1))
    assert hw.idle == 0
    hw.tick(ticks_add(at, OFF))  # (one pass late: dims first)
    assert hw.idle == 1
    hw.tick(ticks_add(at, OFF + 1))
    assert hw.idle == 2
    for k in range(1, 10):  # days on: the ticks wrap again and again
        hw.tick(ticks_add(at, OFF + k * (1 << 26)))
        assert hw.idle == 2 and _top(strip) == 0


def test_brightness_set_while_dimmed_or_blank_keeps_the_level():
    hw, q, strip = _hw()
    hw.tick(DIM)
    hw.brightness = 0.5
    assert hw.idle == 1 and hw.display.brightness == 0.125
    hw.sleep()
    hw.brightness = 0.75
    assert hw.display.brightness == 0 and _top(strip) == 0
    hw.sleep(0)
    assert hw.display.brightness == 0.75


def test_a_switched_backlight_stays_on_when_dimmed():
    sw = Switch()
    hw, q, strip = _hw(backlight=sw)
    hw.tick(DIM)
    assert hw.idle == 1 and sw.value and _top(strip) == 64
    hw.tick(OFF)
    assert hw.idle == 2 and not sw.value and _top(strip) == 0
    q.record(K.B, True)
    assert hw.poll(OFF + 1) == K.NONE and sw.value
