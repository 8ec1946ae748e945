"""Builds a :class:`~minigam.app.bg_view.BgBoardView`'s displayio objects
once; loaded for that and unloaded after (on stock CircuitPython a loaded
``.mpy`` stays in the heap), with the tile sheets' code.
"""

import displayio
import vectorio

from minigam.compat import const
from minigam.app import palette as C
from minigam.app.text import Text


# Long Nardy's colours: a head point, a blocked point's cross.
_HEAD = const(0x2F5F96)
_BLOCKED = const(0xFF3A30)


def banner_width(L):
    """The banner's inner width: the whole board (16 characters at
    240x240)."""
    return 13 * L.pw


def banner_chars(L):
    """How many characters a banner line holds."""
    return L.chars(banner_width(L) - 4)


def build(lay, heads=()):
    """The view's Group and the objects its setters change, in the order
    BgBoardView.__init__ unpacks them. ``heads``: the columns of the top
    and bottom rows of points (``(top, column)`` pairs) drawn as heads."""
    from minigam.app import bg_sprites as S
    L = lay
    g = displayio.Group()
    R = vectorio.Rectangle
    pw = L.pw
    g.append(R(pixel_shader=C.pal(C.FRAME), width=L.w, height=L.h,
               x=0, y=0))
    for y, h in ((0, L.top - 1), (L.h - L.bottom + 1, L.bottom - 1)):
        g.append(R(pixel_shader=C.pal(C.BAR_BG), width=L.w, height=h,
                   x=0, y=y))
    inner = L.by1 - L.by0
    for c in (0, 7):
        g.append(R(pixel_shader=C.pal(C.BG), width=6 * pw, height=inner,
                   x=L.col_x(c), y=L.by0))
    # Points: one grid a row, the bottom one flipped to point up.
    sheet = S.points(L, bool(heads))
    pal = displayio.Palette(4)
    pal.make_transparent(0)
    pal[1] = C.POINT_A
    pal[2] = C.POINT_B
    pal[3] = _HEAD
    for top in (True, False):
        t = displayio.TileGrid(
            sheet, pixel_shader=pal, width=13, height=1, tile_width=pw,
            tile_height=L.tri_h, default_tile=0, x=L.x0,
            y=L.by0 if top else L.by1 - L.tri_h)
        for c in range(13):
            if c != 6:
                t[c, 0] = 3 if (top, c) in heads else \
                    1 + ((c + (0 if top else 1)) & 1)
        t.flip_y = not top
        g.append(t)
    # Checkers: a grid a column of each half, a tile a slot. (displayio
    # redraws the box around a grid's changed tiles: one grid a half
    # made a move from one end of it to the other redraw the half.)
    sheet = S.checkers(L, bool(heads))  # (Long Nardy's crosses)
    pal = displayio.Palette(9)
    pal.make_transparent(0)
    for i, rgb in ((1, C.P1), (2, C.P2), (3, C.RIM), (4, C.CURSOR),
                   (5, C.TARGET), (6, C.P1_INK), (7, C.P2_INK),
                   (8, _BLOCKED)):
        pal[i] = rgb
    grids = []  # top half's columns 0..12, then the bottom's
    for k in range(26):
        t = displayio.TileGrid(
            sheet, pixel_shader=pal, width=1, height=L.cap,
            tile_width=L.tile_w, tile_height=L.step, default_tile=0,
            x=L.slot_x(k % 13), y=L.grid_y[k // 13])
        g.append(t)
        grids.append(t)
    # Point numbers, and the trays' counts, from one sheet.
    sheet = S.numbers(L)
    num_pal = pal = displayio.Palette(4)
    for i, rgb in ((0, C.FRAME), (1, C.DIM), (2, C.CURSOR), (3, C.RIM)):
        pal[i] = rgb
    if heads:  # a head's number on a panel of the head's colour
        pal.make_transparent(0)
        for top, c in heads:
            g.append(R(pixel_shader=C.pal(_HEAD), width=pw, height=L.lh,
                       x=L.col_x(c), y=L.label_y(top)))
    labels = []
    for top in (True, False):
        t = displayio.TileGrid(
            sheet, pixel_shader=pal, width=13, height=1, tile_width=pw,
            tile_height=L.lh, default_tile=0, x=L.x0,
            y=L.label_y(top))
        g.append(t)
        labels.append(t)
    counts = []  # Player 1's tray count (bottom), Player 2's
    for top in (False, True):
        t = displayio.TileGrid(
            sheet, pixel_shader=pal, width=1, height=1, tile_width=pw,
            tile_height=L.lh, default_tile=0, x=L.count_x,
            y=L.label_y(top))
        g.append(t)
        counts.append(t)
    # Trays: one grid down the right column.
    pal = displayio.Palette(4)
    for i, rgb in ((0, C.BAR_BG), (1, C.P1), (2, C.P2), (3, C.TARGET)):
        pal[i] = rgb
    tray = displayio.TileGrid(
        S.slabs(L), pixel_shader=pal, width=1, height=L.tray_rows,
        tile_width=L.tray_w, tile_height=L.slab_h + 1, default_tile=0,
        x=L.tray_x, y=L.tray_y)
    g.append(tray)
    # Cube.
    pal = displayio.Palette(3)
    pal.make_transparent(0)
    pal[1] = C.DIE
    pal[2] = C.DIE_PIP
    cube = displayio.TileGrid(
        S.cube(L), pixel_shader=pal, width=1, height=1,
        tile_width=L.cube, tile_height=L.cube, default_tile=0,
        x=L.cube_x, y=L.cube_y(0))
    g.append(cube)
    # Status line: "Pips", each side's pips, the score at the right end
    # (bg_layout), Player 2's figures in its colour; the message line.
    s = L.scale
    y = L.top // 2
    big = displayio.Group(scale=s)
    g.append(big)
    ws = L.word_scale  # the word "Pips" never changes: its grid is kept
    Text(big if ws == s else g, 4, C.DIM, 2, y, ws, 0, text="Pips")
    nf = L.pip_chars
    p1_lb = Text(big, nf, C.P1, L.p1_x, y, s, 0, background=C.BAR_BG)
    p2_lb = Text(big, nf, C.P2, L.p2_x, y, s, 0, background=C.BAR_BG)
    score_lb = Text(big, L.score_chars, C.TEXT, L.w - 2, y, s, 2,
                    background=C.BAR_BG)
    # Player 2's figure of the score, over its place, in its colour
    # (placed by ``BgBoardView.set_score``)
    score2_lb = Text(big, 5, C.P2, 0, y, s, 0)
    msg_lb = Text(big, L.chars(L.w - 8), C.TEXT, 4, L.h - L.bottom // 2, s,
                  0, background=C.BAR_BG)
    # Dice: MINIGAM's two places and faces, a palette each, and the counts
    # of a double's moves left. Over the message line's right end: what
    # is shown while the dice are up fits left of them (``msg_w``);
    # before a roll the line is whole.
    from minigam.app.sprites import dice as faces
    sheet = faces(L.ds, 10)
    S.counts(sheet, L.ds)
    dice = []
    for k in range(2):
        t = displayio.TileGrid(
            sheet, pixel_shader=displayio.Palette(2), width=1, height=1,
            tile_width=L.ds, tile_height=L.ds, x=L.die_x(k), y=L.die_y())
        t.hidden = True
        g.append(t)
        dice.append(t)
    # Banner: a panel across the middle (bg_layout: ban_y, ban_h) with two
    # lines of text, in a border of ``s`` pixels.
    bw = banner_width(L)
    bx = L.x0 + (13 * pw - bw) // 2
    by = L.ban_y
    ban = displayio.Group()
    ban.append(R(pixel_shader=C.pal(C.CURSOR), width=bw + 2 * s,
                 height=L.ban_h, x=bx - s, y=by))
    ban.append(R(pixel_shader=C.pal(C.PANEL), width=bw,
                 height=L.ban_h - 2 * s, x=bx, y=by + s))
    big = displayio.Group(scale=s)
    ban.append(big)
    n = banner_chars(L)
    ban1 = Text(big, n, C.TEXT, L.w // 2, by + 6 * s, s, 1)
    ban2 = Text(big, n, C.CURSOR, L.w // 2, by + 17 * s, s, 1)
    ban.hidden = True
    g.append(ban)
    banner_box = (bx - s, by, bw + 2 * s, L.ban_h)
    return (g, grids, labels, counts, tray, cube, dice, num_pal, p1_lb, p2_lb,
            score_lb, score2_lb, msg_lb, ban, ban1, ban2, banner_box)
