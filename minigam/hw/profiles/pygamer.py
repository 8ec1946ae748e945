"""Profile ``pygamer``: Adafruit PyGamer: built-in 160x128 display, shift-register A/B/START/SELECT, analog joystick as UP/DOWN/LEFT/RIGHT, 5 NeoPixels, 256 B NVM.

``DATA``: the keys are described in ``minigam/hw/profiles/__init__.py``.
"""

from minigam.hw import parts

NAME = "pygamer"
STUBS_BOARD = "pygamer"

DATA = {
    "name": NAME,
    "title": "Adafruit PyGamer (built-in ST7735R 160x128, analog joystick)",
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
}


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(DATA)
