"""Profile ``pico2-st7789``: Raspberry Pi Pico 2 (RP2350) with a Waveshare Pico-LCD-1.3 (ST7789 240x240), NeoPixel chain on GP22: the ``pico-st7789`` build on a Pico 2.

Its data is ``pico_st7789``'s (deploy ships that module with this one;
read, it leaves the heap, with the builders it holds), with the board's
name and what its stock bundle plays: the Pico 2's RAM holds Backgammon
and Long Nardy on stock CircuitPython, so its ``.mpy`` bundle carries all
three games (the heap arithmetic is in docs/measurements.md). Untested on
hardware.

``DATA``: the keys are described in ``minigam/hw/profiles/__init__.py``.
"""

from minigam.compat import unload
from minigam.hw import parts
from minigam.hw.profiles import pico_st7789

NAME = "pico2-st7789"
STUBS_BOARD = "raspberry_pi_pico2"

DATA = dict(pico_st7789.DATA)
DATA.update({
    "name": NAME,
    "title": "Raspberry Pi Pico 2 + Waveshare Pico-LCD-1.3 (ST7789 240x240)",
    "stubs_board": STUBS_BOARD,
    "stock_24_point_games": True,
})
# (else its module, and minigam.hw.parts through it, would stay loaded:
# about 7 KB of heap at the menu on the emulated board)
unload("minigam.hw.profiles.pico_st7789")


def build():
    """Build the profile on the board (display, keys, pixels, store)."""
    return parts.build_profile(DATA)
