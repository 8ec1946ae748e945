"""Colours of the handheld's screens, as 0xRRGGBB ints, and one-colour
``displayio.Palette`` objects shared by every shape that uses them.

Checkers: Player 1 ivory, Player 2 red, both ringed in dark brown so they
stand out on light and dark points alike. Highlights are green (legal
destinations) and yellow (the cursor and the selected checker).
"""

from minigam.compat import const

BG = const(0x0E3B2C)  # felt
FRAME = const(0x3A2414)  # bar columns and board edge
POINT_A = const(0x9C6B3A)
POINT_B = const(0xD8B078)
P1 = const(0xF4EEDC)
P2 = const(0xC8283A)
RIM = const(0x2A1608)
P1_INK = const(0x202020)  # text drawn on a Player 1 checker
P2_INK = const(0xFFFFFF)
CURSOR = const(0xFFD400)
TARGET = const(0x30E060)
LAST = const(0x5AA0FF)  # where the last AI move went
TEXT = const(0xFFFFFF)
DIM = const(0x9A9A9A)
BAR_BG = const(0x101820)  # top and bottom status bars
PANEL = const(0x14233A)
DIE = const(0xFFFFFF)
DIE_PIP = const(0x000000)
DIE_USED = const(0x606060)
DIE_USED_PIP = const(0x303030)

_cache = {}


def pal(color):
    """A shared one-colour ``displayio.Palette`` for ``color``."""
    p = _cache.get(color)
    if p is None:
        import displayio

        p = displayio.Palette(1)
        p[0] = color
        _cache[color] = p
    return p


def own_pal(color):
    """A new one-colour palette, for a shape whose colour changes."""
    import displayio

    p = displayio.Palette(1)
    p[0] = color
    return p
