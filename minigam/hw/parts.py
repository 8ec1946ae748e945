"""Device builders shared by the profile modules: display, keys, pixels, NVM.

Reads a profile's pin data (its module's ``DATA``) and turns pin names into
pins with ``getattr(board, name)``. CircuitPython 9 and 10:
``fourwire.FourWire`` with a fallback to ``displayio.FourWire``;
``displayio.release_displays()`` only before creating a bus, never on boards
with a built-in ``board.DISPLAY``.
Imported only on a device (or with Blinka); the host uses ``minigam.host.simulator.hwhost``.
"""

from minigam.compat import getenv
from minigam.hw import keys as _keys
from minigam.hw.pins import PIXEL_MAX_PERCENT
from minigam.hw.pixels import DiceIndicator
from minigam.hw.profile import Profile, ProfileError
from minigam.hw.store import Store


# Keys are scanned every 10 ms (keypad's default is 20): a press reaches the
# app sooner, and a switch's bounce (a few ms) still falls between scans.
KEY_SCAN_S = 0.01


def setting_int(key, default):
    """An integer from settings.toml, or ``default``."""
    v = getenv(key)
    if v is None or v == "":
        return default
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def key_codes_of(p):
    """Key codes a profile has (sorted), directions included for an analog stick."""
    codes = [_keys.key_code(k) for k in p["keys"]]
    if p.get("joystick_analog"):
        codes.extend(_keys.DIRECTIONS)
    codes.sort()
    return tuple(codes)


def _pin(board, name):
    if name is None:
        return None
    pin = getattr(board, name, None)
    if pin is None:
        raise ProfileError("this board has no pin board.%s" % name)
    return pin


def make_display(p):
    """The profile's display, ``auto_refresh`` off."""
    import board

    d = p["display"]
    if d["builtin"]:
        disp = getattr(board, "DISPLAY", None)  # built in: never released
        if disp is None:
            raise ProfileError("profile %s needs a board with a built-in display" % p["name"])
        disp.auto_refresh = False
        return disp
    import busio
    import displayio

    try:
        from fourwire import FourWire
    except ImportError:  # CircuitPython 8/9
        from displayio import FourWire  # type: ignore[attr-defined,no-redef]

    displayio.release_displays()
    spi = busio.SPI(clock=_pin(board, d["sck"]), MOSI=_pin(board, d["mosi"]))
    bus = FourWire(
        spi,
        command=_pin(board, d["dc"]),
        chip_select=_pin(board, d["cs"]),
        reset=_pin(board, d["rst"]),
        baudrate=d["baudrate"],
    )
    rotation = setting_int("MINIGAM_ROTATION", d["rotation"])
    bl = _pin(board, d["backlight"])
    if d["driver"] == "st7789":
        from minigam.hw import st7789

        return st7789.make(
            bus,
            width=d["width"],
            height=d["height"],
            rowstart=d["rowstart"],
            colstart=d["colstart"],
            rotation=rotation,
            backlight_pin=bl,
            auto_refresh=False,
        )
    if d["driver"] == "ili9341":
        from minigam.hw import ili9341

        return ili9341.make(
            bus,
            width=d["width"],
            height=d["height"],
            rotation=rotation,
            backlight_pin=bl,
            auto_refresh=False,
        )
    raise ProfileError("unknown display driver %r" % d["driver"])


def make_keys(p):
    """A KeyReader over the profile's keypad scanner (and analog stick)."""
    import board
    import keypad

    reader = _keys.KeyReader(
        setting_int("MINIGAM_REPEAT_DELAY", 400), setting_int("MINIGAM_REPEAT_RATE", 120)
    )
    ks = p["keypad_shift"]
    if ks:
        n = ks["key_count"]
        table = [-1] * n
        for name in p["keys"]:
            bit = int(p["keys"][name][0][2:])
            if bit < n:
                table[bit] = _keys.key_code(name)
        sr = keypad.ShiftRegisterKeys(
            clock=_pin(board, ks["clock"]),
            data=_pin(board, ks["data"]),
            latch=_pin(board, ks["latch"]),
            key_count=n,
            value_when_pressed=ks["value_when_pressed"],
            interval=KEY_SCAN_S,
            max_events=32,
        )
        reader.add_source(sr, table)
    else:
        names = sorted(p["keys"], key=_keys.key_code)
        level = p["keys"][names[0]][1]
        pins = []
        table = []
        for name in names:
            pin_name, lv = p["keys"][name]
            if lv != level:
                raise ProfileError("keys of one profile must share one active level")
            pins.append(_pin(board, pin_name))
            table.append(_keys.key_code(name))
        scanner = keypad.Keys(tuple(pins), value_when_pressed=level, pull=True,
                              interval=KEY_SCAN_S, max_events=32)
        reader.add_source(scanner, table)
    js = p.get("joystick_analog")
    if js:
        import analogio

        ax = analogio.AnalogIn(_pin(board, js["x"]))
        ay = analogio.AnalogIn(_pin(board, js["y"]))
        # Up = low Y reading (unchecked on a real PyGamer): MINIGAM_JOY_INVERT_Y = 1 flips it.
        from minigam.hw.softkeys import AnalogStick

        stick = AnalogStick(
            lambda: ax.value, lambda: ay.value,
            invert_y=setting_int("MINIGAM_JOY_INVERT_Y", 0) != 0,
        )
        reader.add_source(stick, (_keys.UP, _keys.DOWN, _keys.LEFT, _keys.RIGHT))
        reader.add_poller(stick)
    return reader


def make_pixels(p):
    """The DiceIndicator on the profile's NeoPixels or RGB LED."""
    import board

    npx = p["neopixel"]
    if npx:
        count = setting_int("MINIGAM_PIXELS", npx["count"])
        if count < 1:
            return DiceIndicator([(0, 0, 0)])  # no pixels fitted: draws nowhere
        import neopixel

        strip = neopixel.NeoPixel(
            _pin(board, npx["pin"]), count, brightness=1.0, auto_write=False
        )
        return DiceIndicator(strip)
    led = p["rgb_led"]
    if led:
        import pwmio

        low = not led["active_level"]
        off = 65535 if low else 0
        outs = [
            pwmio.PWMOut(_pin(board, led[c]), frequency=2000, duty_cycle=off)
            for c in ("r", "g", "b")
        ]
        from minigam.hw.rgbled import RGBLed

        return DiceIndicator(RGBLed(outs[0], outs[1], outs[2], active_low=low))
    return DiceIndicator([(0, 0, 0)])


def make_store(p):
    """Store on ``microcontroller.nvm`` (RAM fallback if the board has none)."""
    nvm = None
    try:
        import microcontroller

        nvm = microcontroller.nvm
    except (ImportError, AttributeError):
        nvm = None
    if nvm is None or len(nvm) < 256:
        s = Store(bytearray(256))
        s.volatile = True
        return s
    s = Store(nvm)
    s.volatile = False
    return s


def build_profile(p):
    """Build a profile on this board from ``p``, its module's ``DATA``."""
    display = make_display(p)
    return Profile(
        p["name"],
        display,
        make_keys(p),
        make_pixels(p),
        make_store(p),
        key_codes_of(p),
        pixel_max=setting_int("MINIGAM_PIXEL_MAX", PIXEL_MAX_PERCENT) / 100,
    )
