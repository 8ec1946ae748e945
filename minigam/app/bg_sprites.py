"""Tile sheets of the 24-point board, drawn once when the view is built
(this module then leaves the heap): checkers with their counts and marks
(a destination's dot, a blocked point's cross), the points (a head's in
its own colour), the numbers, the trays' slabs, the cube's faces and a
double's counts of moves (the dice are MINIGAM's:
``minigam.app.sprites.dice``).
Shapes are filled a row at a time by ``bitmaptools.fill_region`` (native
on a board), not a pixel at a time in Python.

Numbers are drawn with a 3x5 pixel font on small screens, or with the
digits of terminalio's 6x12 font (5x8 pixels) where the text is scale 2.
"""

import displayio
from bitmaptools import fill_region

# Checker tiles.
EMPTY = 0
P1 = 1
P2 = 2
PICKED = 3  # the selected checker, in the cursor colour
MARK = 4  # a destination's dot on an empty slot
P1_MARK = 5  # ... on a checker (Player 1's, Player 2's)
P2_MARK = 6
COUNT = 7  # first count tile: Player 1's ban_low+1..15, then Player 2's
# (from the fewest slots a banner leaves: bg_layout's ``ban_low``)
# After the counts: a blocked point's cross on an empty slot, then on a
# Player 1 and a Player 2 checker (``COUNT + 2 * (15 - ban_low)`` on).

# Checker sheet colours (palette indices).
C_P1 = 1
C_P2 = 2
C_RIM = 3
C_CURSOR = 4
C_TARGET = 5
C_INK1 = 6  # a count on a Player 1 checker
C_INK2 = 7
C_BLOCKED = 8  # a blocked point's cross

# 3x5 digits: 15 bits a digit, the top row first, the left pixel highest.
_TINY = (0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9,
         0x79CF, 0x79EF, 0x7249, 0x7BEF, 0x7BCF)


def _glyph(bmp, x, y, ch, value, s=1):
    """Character ``ch`` of terminalio's font (rows 2..9 of its 6 x 12 cell,
    5 wide: a digit's, an "x"'s) at (x, y) in ``value``, ``s`` times as
    large."""
    from minigam.app.text import _font
    sheet, tiles = _font()
    t = tiles[ord(ch) - 32]
    cols = sheet.width // 6
    sx = (t % cols) * 6
    sy = (t // cols) * 12 + 2
    for j in range(8 * s):
        for i in range(5 * s):
            if sheet[sx + i // s, sy + j // s]:
                bmp[x + i, y + j] = value


def counts(bmp, size):
    """"x1" .. "x4" in the dice sheet ``bmp`` (tiles 6..9 of ``size``,
    the font's at the dice's text scale): a double's moves left, beside
    its die."""
    s = (size - 2) // 12  # (a die is 12 * scale + 2)
    for m in range(1, 5):
        x = (5 + m) * size + (size - 11 * s) // 2
        _glyph(bmp, x, 1 + 2 * s, "x", 1, s)
        _glyph(bmp, x + 6 * s, 1 + 2 * s, "%d" % m, 1, s)


def _digit(bmp, x, y, d, value, big):
    if big:
        _glyph(bmp, x, y, "%d" % d, value)
        return
    bits = _TINY[d]
    for j in range(5):
        for i in range(3):
            if bits & (1 << (14 - 3 * j - i)):
                bmp[x + i, y + j] = value


def number(bmp, x0, y0, w, h, n, value, lay):
    """Draw ``n`` in ``value``, centred in the box ``x0, y0, w, h``."""
    s = "%d" % n
    gw = lay.gw
    x = x0 + (w - len(s) * (gw + 1) + 1) // 2
    y = y0 + (h - lay.gh) // 2
    for ch in s:
        _digit(bmp, x, y, ord(ch) - 48, value, lay.big)
        x += gw + 1


def _row(bmp, x0, y, w, m, value):
    """Fill the pixels x of row ``y`` in the box at ``x0`` (``w`` wide)
    with ``|2x + 1 - w| <= m``: centred, ``m`` in half pixels."""
    fill_region(bmp, x0 + (w - m) // 2, y, x0 + (w - 1 + m) // 2 + 1, y + 1,
                value)


def _disc(bmp, x0, w, h, d, value, y0=0):
    """A disc ``d`` pixels across centred in the box at ``x0, y0``
    (``w`` x ``h``): the pixels whose centres are inside the circle, so it
    is symmetric whatever the parities."""
    dd = d * d
    for y in range(h):
        dy = 2 * y + 1 - h
        t = dd - dy * dy
        if t < 0:
            continue
        m = int(t ** 0.5)
        while m * m > t:
            m -= 1
        while (m + 1) * (m + 1) <= t:
            m += 1
        _row(bmp, x0, y0 + y, w, m, value)


def _cross(bmp, x0, w, h, d, value, t, on=None):
    """An X ``d`` pixels across centred in the box at ``x0`` (``w`` x
    ``h``), its strokes ``2 t + 1`` half pixels wide; only over pixels of
    value ``on`` unless that is None."""
    for y in range(h):
        dy = 2 * y + 1 - h
        for x in range(w):
            dx = 2 * x + 1 - w
            if abs(dx) < d and abs(dy) < d and (abs(dx - dy) <= t or
                                                abs(dx + dy) <= t) and \
                    (on is None or bmp[x0 + x, y] == on):
                bmp[x0 + x, y] = value


def checkers(lay, crosses=False):
    """Tiles ``tile_w x step``: see the tile numbers above; discs ``step``
    across ringed in the rim colour; the crosses only with ``crosses``."""
    w = lay.tile_w
    h = d = lay.step
    low = lay.ban_low
    nc = 15 - low
    bmp = displayio.Bitmap(w * (COUNT + 2 * nc + (3 if crosses else 0)), h,
                           9)
    for t, fill in ((P1, C_P1), (P2, C_P2), (PICKED, C_CURSOR),
                    (P1_MARK, C_P1), (P2_MARK, C_P2)):
        _disc(bmp, t * w, w, h, d, C_RIM)
        _disc(bmp, t * w, w, h, d - 2, fill)
    # A destination's dot: half a checker across, at least 5 pixels (on
    # the smallest screens half a checker is 4, and read as a speck).
    dot = d // 2 if d >= 12 else d - 3
    for t in (MARK, P1_MARK, P2_MARK):
        _disc(bmp, t * w, w, h, dot, C_TARGET)
    # A count: dark digits on a Player 1 checker, white on Player 2's;
    # where a digit leaves no room inside the rim, the count's checker is
    # a rounded box as wide as the column.
    box = lay.gh + 4 > d - 2
    for q in (1, 2):
        for k in range(nc):
            x0 = (COUNT + (q - 1) * nc + k) * w
            if box:
                bw = d + 2 if d + 2 < w else w
                a = x0 + (w - bw) // 2
                fill_region(bmp, a, 0, a + bw, h, q)
                for x, y in ((a, 0), (a + bw - 1, 0), (a, h - 1),
                             (a + bw - 1, h - 1)):
                    bmp[x, y] = 0
            else:
                _disc(bmp, x0, w, h, d, C_RIM)
                _disc(bmp, x0, w, h, d - 2, q)
            number(bmp, x0, 0, w, h, low + 1 + k,
                   C_INK1 if q == 1 else C_INK2, lay)
    # A blocked point: on an empty point a cross of thin strokes in the
    # blocked colour, no disc; on a stack its top checker crossed out in
    # ink that is not the checker's (the blocked red on Player 1's ivory,
    # Player 1's ivory on Player 2's red), inside its rim. Nothing that
    # reads as one more checker. Strokes 2 pixels wide on a large
    # checker, else 1 (the checker still shows between them).
    for k in range(3 if crosses else 0):
        t = 2 if d >= 12 else 1
        x0 = (COUNT + 2 * nc + k) * w
        if k:
            _disc(bmp, x0, w, h, d, C_RIM)
            _disc(bmp, x0, w, h, d - 2, k)
        _cross(bmp, x0, w, h, d - 2 if k else d,
               C_P1 if k == 2 else C_BLOCKED, t, k or None)
    return bmp


def points(lay, heads=False):
    """Tiles ``pw x tri_h``: none, a dark point, a light point, with
    ``heads`` a head (values 1..3), pointing down (the bottom row's grid is
    flipped)."""
    w = lay.pw
    h = lay.tri_h
    n = 4 if heads else 3
    bmp = displayio.Bitmap(n * w, h, n)
    for t in range(1, n):
        for y in range(h):
            # half width at this row, in half pixels
            _row(bmp, t * w, y, w, (w - 1) * (h - y) // h, t)
    return bmp


def numbers(lay):
    """Tiles ``pw x lh``: 0 blank, 1..24 the numbers (points, tray
    counts), then the same 25 highlighted (the cursor)."""
    w = lay.pw
    h = lay.lh
    bmp = displayio.Bitmap(50 * w, h, 4)
    fill_region(bmp, 25 * w, 0, 50 * w, h, 2)
    for n in range(1, 25):
        number(bmp, n * w, 0, w, h, n, 1, lay)
        number(bmp, (25 + n) * w, 0, w, h, n, 3, lay)
    return bmp


def slabs(lay):
    """Tiles ``tray_w x (slab_h + 1)``: empty, a Player 1 slab, a Player 2
    slab, a destination's slab (values 1..3), each with a gap row."""
    w = lay.tray_w
    bmp = displayio.Bitmap(4 * w, lay.slab_h + 1, 4)
    for t in (1, 2, 3):
        fill_region(bmp, t * w, 0, (t + 1) * w, lay.slab_h, t)
    return bmp


def cube(lay):
    """Tiles ``cube x cube``: the faces 64 (centred), 2, 4, ..., 64;
    value 1 the face, 2 the ink (its edge and number)."""
    s = lay.cube
    bmp = displayio.Bitmap(7 * s, s, 3)
    for t in range(7):
        x0 = t * s
        fill_region(bmp, x0, 0, x0 + s, s, 2)
        fill_region(bmp, x0 + 1, 1, x0 + s - 1, s - 1, 1)
        number(bmp, x0, 0, s, s, 1 << (t if t else 6), 2, lay)
    return bmp
