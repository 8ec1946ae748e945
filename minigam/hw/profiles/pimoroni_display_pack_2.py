"""Profile ``pimoroni-display-pack-2``: Raspberry Pi Pico or Pico 2 with a Pimoroni Pico Display Pack 2.0 (ST7789 320x240, A/B/X/Y, RGB LED as the dice indicator).

``DATA``: the keys are described in ``minigam/hw/profiles/__init__.py``.
"""

from minigam.hw import parts

NAME = "pimoroni-display-pack-2"
STUBS_BOARD = "raspberry_pi_pico"

DATA = {
    "name": NAME,
    "title": "Raspberry Pi Pico / Pico 2 + Pimoroni Pico Display Pack 2.0 (ST7789 320x240)",
    "stubs_board": STUBS_BOARD,
    "stock_24_point_games": False,
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
}


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(DATA)
