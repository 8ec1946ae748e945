"""Profile ``pico-ili9341``: Raspberry Pi Pico or Pico 2 with an ILI9341 320x240 on the Pico-LCD-1.3 pin map (the breadboard and Wokwi build).

``DATA``: the keys are described in ``minigam/hw/profiles/__init__.py``.
The pins repeat ``pico_st7789``'s (a test keeps the two equal), so this
board loads no other profile's module.
"""

from minigam.hw import parts

NAME = "pico-ili9341"
STUBS_BOARD = "raspberry_pi_pico"

DATA = {
    "name": NAME,
    "title": "Raspberry Pi Pico / Pico 2 + ILI9341 320x240 on the Pico-LCD-1.3 pin map",
    "stubs_board": STUBS_BOARD,
    "stock_24_point_games": False,
    "display": {
        "driver": "ili9341",
        "builtin": False,
        "width": 320,
        "height": 240,
        "rotation": 0,
        "rowstart": 0,
        "colstart": 0,
        "sck": "GP10",
        "mosi": "GP11",
        "miso": None,
        "cs": "GP9",
        "dc": "GP8",
        "rst": "GP12",
        "backlight": "GP13",
        "baudrate": 32000000,
    },
    "keys": {
        "A": ("GP15", False),
        "B": ("GP17", False),
        "X": ("GP19", False),
        "Y": ("GP21", False),
        "UP": ("GP2", False),
        "DOWN": ("GP18", False),
        "LEFT": ("GP16", False),
        "RIGHT": ("GP20", False),
        "PRESS": ("GP3", False),
    },
    "keypad_shift": None,
    "joystick_analog": None,
    "neopixel": {"pin": "GP22", "count": 12, "order": "GRB"},
    "rgb_led": None,
    "nvm_bytes": 4096,
}


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(DATA)
