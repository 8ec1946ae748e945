"""Profile ``pybadge``: Adafruit PyBadge: built-in 160x128 display (never released), shift-register buttons, 5 NeoPixels, 256 B NVM; START is X, SELECT is Y.

``DATA``: the keys are described in ``minigam/hw/profiles/__init__.py``.
"""

from minigam.hw import parts

NAME = "pybadge"
STUBS_BOARD = "pybadge"

DATA = {
    "name": NAME,
    "title": "Adafruit PyBadge / PyBadge LC (built-in ST7735R 160x128)",
    "stubs_board": STUBS_BOARD,
    "stock_24_point_games": False,
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
}


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(DATA)
