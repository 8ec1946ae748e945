"""The Profile object (same interface on every board and on the host) and
profile selection.

``load_profile(name=None)`` on a device: ``name`` or settings.toml
``MINIGAM_PROFILE``, else detected from ``board.board_id``, else the default
``pico-st7789``; then ``minigam.hw.profiles.<module>.build()``, the only
profile module imported.
See ``minigam/hw/__init__.py`` for the interface.
"""

from minigam.compat import unload
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


def _getenv(key):
    try:
        from os import getenv
    except ImportError:
        return None
    try:
        return getenv(key)
    except Exception:  # settings.toml unreadable
        return None


def select_profile_name(name=None):
    """The profile to use: ``name``, settings.toml MINIGAM_PROFILE, board id, default."""
    from minigam.hw import pins as _pins
    if not name:
        name = _getenv("MINIGAM_PROFILE")
    if not name:
        try:
            import board

            name = _pins.profile_for_board_id(getattr(board, "board_id", ""))
        except ImportError:
            name = _pins.DEFAULT_PROFILE
    if name not in _pins.MODULES:
        raise ProfileError(
            "unknown profile %r (profiles: %s)" % (name, ", ".join(_pins.profile_names()))
        )
    return name


def load_profile(name=None):
    """Build the device profile (see ``select_profile_name``), importing only
    its module. ``deploy`` copies only that module and its libraries, so a
    profile named later in settings.toml may be missing: ProfileError says
    what to run."""
    import sys
    had = "minigam.hw.pins" in sys.modules
    name = select_profile_name(name)
    from minigam.hw import pins as _pins
    try:
        hw = _pins.profile_module(name).build()
    except ImportError as exc:
        raise ProfileError("profile %s needs files this board lacks (%s): "
                           "run deploy --profile %s" % (name, exc, name))
    # Used only to build it: on stock CircuitPython their code would stay
    # in the heap (measured 4 KB on the emulated Pico, 1.4 KB more for the
    # pin index).
    unload("minigam.hw.parts")
    unload("minigam.hw.st7789")
    unload("minigam.hw.profiles." + _pins.MODULES[name])
    if not had:  # the pin index too, unless someone else holds it
        unload("minigam.hw.pins")
    return hw

