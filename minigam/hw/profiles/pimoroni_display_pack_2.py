"""Profile ``pimoroni-display-pack-2``: Raspberry Pi Pico or Pico 2 with a Pimoroni Pico Display Pack 2.0 (ST7789 320x240, A/B/X/Y, RGB LED as the dice indicator).

Pins: ``minigam.hw.pins.PROFILES["pimoroni-display-pack-2"]``.
"""

from minigam.hw import parts

NAME = "pimoroni-display-pack-2"
STUBS_BOARD = "raspberry_pi_pico"


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(NAME)
