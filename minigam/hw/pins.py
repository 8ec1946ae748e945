"""Pin and part data for every hardware profile: the single source of pin truth.

Pure data, safe to import on a device and on a PC. Profile modules, the
generated hardware docs, the Wokwi diagram and the stub-check gate all read
``PROFILES``. Pins are strings naming ``board`` attributes (``"GP15"``); a
profile module turns them into pins with ``getattr(board, name)``.

Each profile is a dict with these keys:

- ``name``: the profile name (also the key in ``PROFILES``).
- ``title``: human-readable hardware description.
- ``stubs_board``: the circuitpython-stubs board name (``circuitpython_setboard``).
- ``board_ids``: ``board.board_id`` values that select this profile automatically.
- ``display``: dict: ``driver`` (``"st7789"``, ``"ili9341"`` or ``"builtin"``),
  ``width``, ``height``, ``rotation``, ``rowstart``, ``colstart``,
  ``builtin`` (True: use ``board.DISPLAY``, never release it), and for SPI
  displays ``sck``, ``mosi``, ``miso`` (None: unused), ``cs``, ``dc``,
  ``rst`` (None: not wired), ``baudrate``; ``backlight`` (pin or None;
  None on built-in displays, which drive their own backlight).
- ``keys``: dict key name -> (pin, active_level). Key names are among
  A B X Y UP DOWN LEFT RIGHT PRESS. ``active_level`` False = active-low
  (pressed pulls the pin to ground; use the internal pull-up).
  For shift-register boards the pins are the register's pins, listed in
  ``keypad_shift`` instead, and ``keys`` maps the key name to
  (``"SR<n>"``, True) where n is the register bit.
- ``keypad_shift``: None, or dict ``clock``, ``data``, ``latch``,
  ``key_count``, ``value_when_pressed`` for ``keypad.ShiftRegisterKeys``.
- ``joystick_analog``: None, or dict ``x``, ``y`` analog pins (PyGamer).
- ``neopixel``: None, or dict ``pin``, ``count`` (default count; the Pico
  profiles let ``settings.toml`` ``MINIGAM_PIXELS`` change it), ``order``
  (``"GRB"``).
- ``rgb_led``: None, or dict ``r``, ``g``, ``b`` pins and ``active_level``
  (False = active-low, common anode), ``pwm`` (True: dim with pwmio).
- ``nvm_bytes``: size of ``microcontroller.nvm`` on that board.
"""

# Waveshare Pico-LCD-1.3 pin map (also the breadboard ILI9341 build).
_PICO_SPI = {
    "sck": "GP10",
    "mosi": "GP11",
    "miso": None,
    "cs": "GP9",
    "dc": "GP8",
    "rst": "GP12",
    "backlight": "GP13",
    "baudrate": 62500000,
}

_PICO_KEYS = {
    "A": ("GP15", False),
    "B": ("GP17", False),
    "X": ("GP19", False),
    "Y": ("GP21", False),
    "UP": ("GP2", False),
    "DOWN": ("GP18", False),
    "LEFT": ("GP16", False),
    "RIGHT": ("GP20", False),
    "PRESS": ("GP3", False),
}

_PICO_NEOPIXEL = {"pin": "GP22", "count": 12, "order": "GRB"}

_PICO_BOARD_IDS = (
    "minigam_pico",  # MINIGAM's own firmware (make firmware)
    "raspberry_pi_pico",
    "raspberry_pi_pico_w",
    "raspberry_pi_pico2",
    "raspberry_pi_pico2_w",
)


def _merge(base, **extra):
    d = dict(base)
    d.update(extra)
    return d


PROFILES = {
    "pico-st7789": {
        "name": "pico-st7789",
        "title": "Raspberry Pi Pico / Pico 2 + Waveshare Pico-LCD-1.3 (ST7789 240x240)",
        "stubs_board": "raspberry_pi_pico",
        "board_ids": _PICO_BOARD_IDS,
        "display": _merge(
            _PICO_SPI,
            driver="st7789",
            builtin=False,
            width=240,
            height=240,
            rotation=0,
            rowstart=80,
            colstart=0,
        ),
        "keys": dict(_PICO_KEYS),
        "keypad_shift": None,
        "joystick_analog": None,
        "neopixel": dict(_PICO_NEOPIXEL),
        "rgb_led": None,
        "nvm_bytes": 4096,
    },
    "pico-ili9341": {
        "name": "pico-ili9341",
        "title": "Raspberry Pi Pico / Pico 2 + ILI9341 320x240 on the Pico-LCD-1.3 pin map",
        "stubs_board": "raspberry_pi_pico",
        "board_ids": (),
        "display": _merge(
            _PICO_SPI,
            driver="ili9341",
            builtin=False,
            width=320,
            height=240,
            rotation=0,
            rowstart=0,
            colstart=0,
            baudrate=32000000,
        ),
        "keys": dict(_PICO_KEYS),
        "keypad_shift": None,
        "joystick_analog": None,
        "neopixel": dict(_PICO_NEOPIXEL),
        "rgb_led": None,
        "nvm_bytes": 4096,
    },
    "pimoroni-display-pack-2": {
        "name": "pimoroni-display-pack-2",
        "title": "Raspberry Pi Pico / Pico 2 + Pimoroni Pico Display Pack 2.0 (ST7789 320x240)",
        "stubs_board": "raspberry_pi_pico",
        "board_ids": (),
        "display": {
            "driver": "st7789",
            "builtin": False,
            "width": 320,
            "height": 240,
            # As Adafruit's 320x240 ST7789 example; unchecked on a real pack:
            # settings.toml MINIGAM_ROTATION overrides it.
            "rotation": 90,
            "rowstart": 0,
            "colstart": 0,
            "sck": "GP18",
            "mosi": "GP19",
            "miso": None,
            "cs": "GP17",
            "dc": "GP16",
            "rst": None,
            "backlight": "GP20",
            "baudrate": 62500000,
        },
        "keys": {
            "A": ("GP12", False),
            "B": ("GP13", False),
            "X": ("GP14", False),
            "Y": ("GP15", False),
        },
        "keypad_shift": None,
        "joystick_analog": None,
        "neopixel": None,
        "rgb_led": {"r": "GP6", "g": "GP7", "b": "GP8", "active_level": False, "pwm": True},
        "nvm_bytes": 4096,
    },
    "pybadge": {
        "name": "pybadge",
        "title": "Adafruit PyBadge / PyBadge LC (built-in ST7735R 160x128)",
        "stubs_board": "pybadge",
        "board_ids": ("pybadge",),
        "display": {
            "driver": "builtin",
            "builtin": True,
            "width": 160,
            "height": 128,
            "rotation": None,
            "rowstart": 0,
            "colstart": 0,
            "backlight": None,
        },
        # ShiftRegisterKeys order: B, A, START, SELECT, RIGHT, DOWN, UP, LEFT.
        # START is mapped to X, SELECT to Y.
        "keys": {
            "B": ("SR0", True),
            "A": ("SR1", True),
            "X": ("SR2", True),
            "Y": ("SR3", True),
            "RIGHT": ("SR4", True),
            "DOWN": ("SR5", True),
            "UP": ("SR6", True),
            "LEFT": ("SR7", True),
        },
        "keypad_shift": {
            "clock": "BUTTON_CLOCK",
            "data": "BUTTON_OUT",
            "latch": "BUTTON_LATCH",
            "key_count": 8,
            "value_when_pressed": True,
        },
        "joystick_analog": None,
        "neopixel": {"pin": "NEOPIXEL", "count": 5, "order": "GRB"},
        "rgb_led": None,
        "nvm_bytes": 256,
    },
    "pygamer": {
        "name": "pygamer",
        "title": "Adafruit PyGamer (built-in ST7735R 160x128, analog joystick)",
        "stubs_board": "pygamer",
        "board_ids": ("pygamer",),
        "display": {
            "driver": "builtin",
            "builtin": True,
            "width": 160,
            "height": 128,
            "rotation": None,
            "rowstart": 0,
            "colstart": 0,
            "backlight": None,
        },
        # Shift register order: B, A, START, SELECT; START -> X, SELECT -> Y.
        # Directions come from the analog joystick (joystick_analog).
        "keys": {
            "B": ("SR0", True),
            "A": ("SR1", True),
            "X": ("SR2", True),
            "Y": ("SR3", True),
        },
        "keypad_shift": {
            "clock": "BUTTON_CLOCK",
            "data": "BUTTON_OUT",
            "latch": "BUTTON_LATCH",
            "key_count": 4,
            "value_when_pressed": True,
        },
        "joystick_analog": {"x": "JOYSTICK_X", "y": "JOYSTICK_Y"},
        "neopixel": {"pin": "NEOPIXEL", "count": 5, "order": "GRB"},
        "rgb_led": None,
        "nvm_bytes": 256,
    },
}

DEFAULT_PROFILE = "pico-st7789"

# Brightest the dice pixels ever get, in percent (settings.toml
# MINIGAM_PIXEL_MAX overrides it); the hardware docs budget current from it.
PIXEL_MAX_PERCENT = 30

# profile name -> circuitpython-stubs board name (for circuitpython_setboard).
STUBS_BOARD = {}
for _name in PROFILES:
    STUBS_BOARD[_name] = PROFILES[_name]["stubs_board"]
del _name

# The module that builds each profile on a device: minigam.hw.profiles.<MODULE>.
MODULES = {
    "pico-st7789": "pico_st7789",
    "pico-ili9341": "pico_ili9341",
    "pimoroni-display-pack-2": "pimoroni_display_pack_2",
    "pybadge": "pybadge",
    "pygamer": "pygamer",
}


def profile_names():
    """Profile names, the default first."""
    names = [DEFAULT_PROFILE]
    for n in sorted(PROFILES):
        if n != DEFAULT_PROFILE:
            names.append(n)
    return names


def profile_for_board_id(board_id):
    """The profile name for a ``board.board_id``, or the default profile."""
    for n in PROFILES:
        if board_id in PROFILES[n]["board_ids"]:
            return n
    return DEFAULT_PROFILE


def pins_used(name):
    """Sorted list of (board pin name, role) for profile ``name`` (for docs)."""
    p = PROFILES[name]
    out = []
    d = p["display"]
    if not d.get("builtin"):
        for role in ("sck", "mosi", "miso", "cs", "dc", "rst", "backlight"):
            if d.get(role):
                out.append((d[role], "display " + role.upper()))
    if p["keypad_shift"]:
        ks = p["keypad_shift"]
        for role in ("clock", "data", "latch"):
            out.append((ks[role], "buttons " + role))
    else:
        for k in p["keys"]:
            out.append((p["keys"][k][0], "key " + k))
    if p["joystick_analog"]:
        out.append((p["joystick_analog"]["x"], "joystick X"))
        out.append((p["joystick_analog"]["y"], "joystick Y"))
    if p["neopixel"]:
        out.append((p["neopixel"]["pin"], "NeoPixel data"))
    if p["rgb_led"]:
        for c in ("r", "g", "b"):
            out.append((p["rgb_led"][c], "RGB LED " + c.upper()))
    out.sort()
    return out
