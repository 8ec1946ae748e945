"""Profile ``pico-ili9341``: Raspberry Pi Pico or Pico 2 with an ILI9341 320x240 on the Pico-LCD-1.3 pin map (the breadboard and Wokwi build).

Pins: ``minigam.hw.pins.PROFILES["pico-ili9341"]``.
"""

from minigam.hw import parts

NAME = "pico-ili9341"
STUBS_BOARD = "raspberry_pi_pico"


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(NAME)
