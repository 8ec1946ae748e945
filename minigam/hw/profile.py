"""The Profile object: what the app gets from the hardware, with the same
interface on every board and on the host. ``minigam.hw.loader`` chooses and
builds a board's; see ``minigam/hw/__init__.py`` for the interface.

Idle: 2 minutes after the last key ``tick`` dims the screen's backlight
and the pixels to a quarter of ``brightness``, and 5 minutes after it
blanks both (``sleep``); the next key lights them and does nothing else
(``poll``). Only keys count. What the app does without one (the AI's
turn, a forced play shown, the tutor's check) always follows a key and
lasts seconds, so the screen cannot dim during it; the one long piece,
the game's review, counts its progress as a key (``minigam.app.over``).
A game is saved after every turn, so a handheld left on until its cell
runs flat loses at most the turn in hand. Where the backlight only
switches (``backlight``), dimming dims the pixels alone. This code is in
the heap all through a game on stock CircuitPython: it is kept small.
"""

from minigam.hw import keys as _keys
from minigam.hw.ticks import ticks_diff, ticks_ms as _ticks_ms


class ProfileError(ValueError):
    """Unknown profile name, or hardware that cannot be set up."""


class Profile:
    """What the app gets from the hardware.

    :param name: profile name.
    :param display: displayio display, ``auto_refresh`` off.
    :param keys: ``KeyReader``.
    :param pixels: ``DiceIndicator``.
    :param store: ``Store``.
    :param key_codes: key codes this board has.
    :param backlight: None, or an object with ``value`` (bool) used when the
        display has no dimmable brightness.
    :param pixel_max: pixel brightness at ``brightness`` 1.0 (limits current).
    :param clock: None (``minigam.hw.ticks.ticks_ms``) or an object with
        ``ticks_ms()`` (host fake clock).
    """

    def __init__(self, name, display, keys, pixels, store, key_codes,
                 backlight=None, pixel_max=0.3, clock=None):
        self.name = name
        self.display = display
        self.width = display.width
        self.height = display.height
        self.keys = keys
        self.pixels = pixels
        self.store = store
        self.key_codes = tuple(key_codes)
        self.has_joystick = _keys.UP in self.key_codes and _keys.DOWN in self.key_codes
        self.backlight = backlight
        self.pixel_max = pixel_max
        self.clock = clock
        self.idle = 0  # 0 lit, 1 dimmed, 2 blank (``sleep``)
        self.still = self.ticks_ms()  # the last key (``poll``)
        self._brightness = 1.0
        self.brightness = 1.0

    @property
    def brightness(self):
        """0.0..1.0: the screen backlight (where dimmable) and the pixels."""
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        self._brightness = 0.0 if value < 0 else (1.0 if value > 1 else float(value))
        self.sleep(self.idle)

    def sleep(self, level=2):
        """Screen backlight and pixels off (``level`` 2; keys are still
        read), dimmed to a quarter of ``brightness`` (1), or lit at
        ``brightness`` again (0). ``tick`` dims and blanks them when no
        key comes (``poll``)."""
        self.idle = level
        v = 0 if level > 1 else self._brightness / (1 + 3 * level)
        self.pixels.brightness = v * self.pixel_max
        if self.backlight is not None:
            self.backlight.value = v > 0
        else:
            try:
                self.display.brightness = v
            except (AttributeError, NotImplementedError, RuntimeError, ValueError):
                pass
        self.pixels.tick(self.ticks_ms())

    def poll(self, now_ms):
        """The next key code (``keys.poll``), or NONE. A key restarts the
        idle time; one that finds the screen dimmed or blank lights it and
        is dropped: it must not act on a screen the player could not
        see."""
        k = self.keys.poll(now_ms)
        if k >= 0:
            self.still = now_ms
            if self.idle:
                self.sleep(0)
                return -1  # keys.NONE
        return k

    def tick(self, now_ms):
        """Advance the pixel animations; dim the screen and the pixels
        when no key came for 2 minutes, blank them after 5 (``sleep``).
        Call on every loop pass."""
        i = self.idle
        if i < 2 and ticks_diff(now_ms, self.still) >= (300000 if i else 120000):
            self.sleep(i + 1)
        return self.pixels.tick(now_ms)

    def refresh(self):
        """Push the screen (``display.refresh()``)."""
        return self.display.refresh()

    def ticks_ms(self):
        if self.clock is not None:
            return self.clock.ticks_ms()
        return _ticks_ms()
