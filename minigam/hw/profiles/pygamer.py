"""Profile ``pygamer``: Adafruit PyGamer: built-in 160x128 display, shift-register A/B/START/SELECT, analog joystick as UP/DOWN/LEFT/RIGHT, 5 NeoPixels, 256 B NVM.

Pins: ``minigam.hw.pins.PROFILES["pygamer"]``.
"""

from minigam.hw import parts

NAME = "pygamer"
STUBS_BOARD = "pygamer"


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(NAME)
