"""Profile ``pico-st7789``: Raspberry Pi Pico with a Waveshare Pico-LCD-1.3 (ST7789 240x240), NeoPixel chain on GP22.

``DATA``: the keys are described in ``minigam/hw/profiles/__init__.py``.
``pico_ili9341`` repeats this pin map (a test keeps the two equal);
``pico2_st7789`` (the same build on a Pico 2) takes this ``DATA``.
"""

from minigam.hw import parts

NAME = "pico-st7789"
STUBS_BOARD = "raspberry_pi_pico"

DATA = {
    "name": NAME,
    "title": "Raspberry Pi Pico + Waveshare Pico-LCD-1.3 (ST7789 240x240)",
    "stubs_board": STUBS_BOARD,
    "stock_24_point_games": False,
    "display": {
        "driver": "st7789",
        "builtin": False,
        "width": 240,
        "height": 240,
        "rotation": 0,
        "rowstart": 80,
        "colstart": 0,
        "sck": "GP10",
        "mosi": "GP11",
        "miso": None,
        "cs": "GP9",
        "dc": "GP8",
        "rst": "GP12",
        "backlight": "GP13",
        "baudrate": 62500000,
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
