"""Profile ``pybadge``: Adafruit PyBadge: built-in 160x128 display (never released), shift-register buttons, 5 NeoPixels, 256 B NVM; START is X, SELECT is Y.

Pins: ``minigam.hw.pins.PROFILES["pybadge"]``.
"""

from minigam.hw import parts

NAME = "pybadge"
STUBS_BOARD = "pybadge"


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(NAME)
