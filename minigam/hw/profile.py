"""The Profile object: what the app gets from the hardware, with the same
interface on every board and on the host. ``minigam.hw.loader`` chooses and
builds a board's; see ``minigam/hw/__init__.py`` for the interface.
"""

from minigam.hw import keys as _keys
from minigam.hw.ticks import ticks_ms as _ticks_ms


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
        self.asleep = False
        self._brightness = 1.0
        self.brightness = 1.0

    @property
    def brightness(self):
        """0.0..1.0: the screen backlight (where dimmable) and the pixels."""
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        v = 0.0 if value < 0 else (1.0 if value > 1 else float(value))
        self._brightness = v
        self.pixels.brightness = v * self.pixel_max
        if not self.asleep:
            self._set_backlight(v)

    def _set_backlight(self, v):
        if self.backlight is not None:
            self.backlight.value = v > 0
            return
        try:
            self.display.brightness = v
        except (AttributeError, NotImplementedError, RuntimeError, ValueError):
            pass

    def sleep(self):
        """Screen backlight and pixels off (keys still read)."""
        self.asleep = True
        self._set_backlight(0.0)
        self.pixels.sleep()
        self.pixels.tick(self.ticks_ms())

    def wake(self):
        self.asleep = False
        self._set_backlight(self._brightness)
        self.pixels.wake()

    def tick(self, now_ms):
        """Advance the pixel animations; call on every loop pass."""
        return self.pixels.tick(now_ms)

    def refresh(self):
        """Push the screen (``display.refresh()``)."""
        return self.display.refresh()

    def ticks_ms(self):
        if self.clock is not None:
            return self.clock.ticks_ms()
        return _ticks_ms()
