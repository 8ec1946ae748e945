"""Colours of the handheld's screens, as 0xRRGGBB ints, one-colour
``displayio.Palette`` objects shared by every shape that uses them, and the
painter of a die (:func:`die`) every board shares.

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


def die(grid, st, k, v, s):
    """Show face ``v`` (tile ``v - 1`` of the dice sheet; 0 hides the die)
    on die ``grid`` in the colours of ``s``: 1 or 2 a player's, 3 played
    (grey). ``st[2k]``, ``st[2k + 1]`` keep what die ``k`` shows: an
    unchanged die is not touched."""
    if not v:
        s = 0
    k += k
    if st[k] == v and st[k + 1] == s:
        return
    st[k] = v
    st[k + 1] = s
    if v:
        pal = grid.pixel_shader
        pal[0] = DIE_USED if s == 3 else (P1 if s == 1 else P2)
        pal[1] = DIE_USED_PIP if s == 3 else (P1_INK if s == 1 else P2_INK)
        grid[0] = v - 1
    grid.hidden = not v
