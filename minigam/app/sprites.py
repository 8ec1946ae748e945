"""Tile sheets for the board, drawn once at start-up: checkers, borne-off
slabs and dice faces.

A shape drawn as a tile of a shared ``Bitmap`` costs a byte in a TileGrid;
a ``vectorio`` shape costs about 100 bytes of heap on the device (measured
on the emulated Pico). A column's checkers are one TileGrid, each tray's
slabs one, each die one. Discs are drawn with vectorio's rule (inside when
``dx*dx + dy*dy <= r*r``), so the screens look as they did.
"""

import displayio

# Checker tiles (the value of their pixels in the checker palette).
EMPTY = 0
P1 = 1
P2 = 2
PICKED = 3  # the selected checker, in the cursor colour

# Pips of a die face: (x, y) in quarters of the die, per value.
_PIPS = ((), ((2, 2),), ((1, 1), (3, 3)), ((1, 1), (2, 2), (3, 3)),
         ((1, 1), (3, 1), (1, 3), (3, 3)),
         ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)),
         ((1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)))


def disc(bmp, cx, cy, r, value, x0=0, y0=0, w=None, h=None):
    """Set the pixels of a disc of radius ``r`` centred on (cx, cy) to
    ``value``, clipped to the box ``x0, y0, w, h`` of ``bmp``."""
    x1 = x0 + (bmp.width - x0 if w is None else w)
    y1 = y0 + (bmp.height - y0 if h is None else h)
    rr = r * r
    for dy in range(-r, r + 1):
        y = cy + dy
        if y < y0 or y >= y1:
            continue
        for dx in range(-r, r + 1):
            x = cx + dx
            if x0 <= x < x1 and dx * dx + dy * dy <= rr:
                bmp[x, y] = value


def checkers(r):
    """The checker sheet for radius ``r``: tiles ``(2r+1) x 2r``, one per
    value above (the disc's top row is left out: in a stack the checker
    above covers it)."""
    w = 2 * r + 1
    h = 2 * r
    bmp = displayio.Bitmap(4 * w, h, 4)
    for t in (P1, P2, PICKED):
        disc(bmp, t * w + r, r - 1, r, t, t * w, 0, w, h)
    return bmp


def slabs(w, h):
    """The tray sheet: tiles ``w x (h + 1)``: empty, a Player 1 slab, a
    Player 2 slab (values 1 and 2), each with a gap row below."""
    bmp = displayio.Bitmap(3 * w, h + 1, 3)
    for t in (1, 2):
        for y in range(h):
            for x in range(w):
                bmp[t * w + x, y] = t
    return bmp


def dice(size, n=6):
    """The dice sheet: faces 1..6 as tiles ``size`` square (tile ``v - 1``);
    value 0 the face, 1 the pips; ``n`` tiles (the 24-point boards draw a
    double's counts after the faces: ``bg_sprites.counts``)."""
    bmp = displayio.Bitmap(n * size, size, 2)
    q = size / 4
    pr = max(1, size // 9)
    for t in range(6):
        x0 = t * size
        for px, py in _PIPS[t + 1]:
            disc(bmp, x0 + int(px * q + 0.5), int(py * q + 0.5), pr, 1,
                 x0, 0, size, size)
    return bmp
