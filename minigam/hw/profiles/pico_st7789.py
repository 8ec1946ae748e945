"""Profile ``pico-st7789``: Raspberry Pi Pico or Pico 2 with a Waveshare Pico-LCD-1.3 (ST7789 240x240), NeoPixel chain on GP22.

Pins: ``minigam.hw.pins.PROFILES["pico-st7789"]``.
"""

from minigam.hw import parts

NAME = "pico-st7789"
STUBS_BOARD = "raspberry_pi_pico"


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(NAME)
