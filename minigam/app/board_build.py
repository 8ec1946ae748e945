"""MINIGAM's board screen made: every shape, tile grid and label of a
``BoardView``, and the tile sheets they show (``minigam.app.sprites``).
Run once a board is made; on stock CircuitPython this code (and the
sheets' drawing) then leaves the heap, as Backgammon's board build does
(``minigam.app.bg_build``).
"""

import displayio
import vectorio

from minigam.app import palette as C
from minigam.app.layout import COLS
from minigam.app.text import Text, scaled


def _label(parent, n, color, x, y, align=1, text="", scale=1):
    """A :class:`~minigam.app.text.Text` of ``n`` characters in ``parent``
    (a Group of scale ``scale``), its line centred on ``y``, anchored at
    ``x`` (``align`` 0 left, 1 centre, 2 right)."""
    return Text(parent, n, color, x, y, scale, align, text=text)


def build(lay):
    """The board's Group for the layout ``lay`` and the parts its setters
    change, in the order ``BoardView.__init__`` unpacks them."""
    from minigam.app import sprites as S
    L = lay
    g = displayio.Group()
    R = vectorio.Rectangle
    g.append(R(pixel_shader=C.pal(C.BG), width=L.w, height=L.h, x=0, y=0))
    g.append(R(pixel_shader=C.pal(C.BAR_BG), width=L.w, height=L.top - 1,
               x=0, y=0))
    g.append(R(pixel_shader=C.pal(C.BAR_BG), width=L.w,
               height=L.bottom - 1, x=0, y=L.y1 + 1))
    bh = L.y1 - L.y0
    for c in (0, COLS - 1):
        g.append(R(pixel_shader=C.pal(C.FRAME), width=L.colw - 2,
                   height=bh, x=L.col_x(c) + 1, y=L.y0))
    half = (L.colw - 2) // 2
    for c in range(1, 7):
        pts = [(-half, 0), (half, 0), (0, -L.tri_h)]
        g.append(vectorio.Polygon(
            pixel_shader=C.pal(C.POINT_A if c & 1 else C.POINT_B),
            points=pts, x=L.col_cx(c), y=L.y1))
    # Point numbers, small, at the foot of each point.
    for c in range(1, 7):
        _label(g, 1, C.DIM, L.col_cx(c), L.num_y, text=str(c))
    # Checkers: one TileGrid a column (bar columns hold fewer), its
    # tiles the checker sheet's; tile 0 is the top slot.
    r = L.r
    sheet = S.checkers(r)
    cpal = displayio.Palette(4)
    cpal.make_transparent(0)
    cpal[S.P1] = C.P1
    cpal[S.P2] = C.P2
    cpal[S.PICKED] = C.CURSOR
    slots = []
    shown = []  # per column: bytearray of 0 hidden / player
    for c in range(COLS):
        n = L.bar_cap if c in (0, COLS - 1) else L.cap
        grid = displayio.TileGrid(
            sheet, pixel_shader=cpal, width=1, height=n,
            tile_width=2 * r + 1, tile_height=2 * r, default_tile=S.EMPTY,
            x=L.col_cx(c) - r, y=L.y1 - 2 * r * n)
        g.append(grid)
        slots.append(grid)
        shown.append(bytearray(n))
    # Borne-off slabs: left tray Player 2, right tray Player 1.
    for c in (0, COLS - 1):
        g.append(R(pixel_shader=C.pal(C.BAR_BG), width=L.slab_w + 2,
                   height=L.tray_h, x=L.col_x(c) + 2, y=L.tray_y))
    # Borne-off slabs: a TileGrid a tray, tile k the k-th borne off.
    sheet = S.slabs(L.slab_w, L.slab_h)
    spal = displayio.Palette(3)
    spal.make_transparent(0)
    spal[1] = C.P1
    spal[2] = C.P2
    slabs = []
    for c in (0, COLS - 1):
        grid = displayio.TileGrid(
            sheet, pixel_shader=spal, width=1, height=8,
            tile_width=L.slab_w, tile_height=L.slab_h + 1, default_tile=0,
            x=L.col_x(c) + 3, y=L.slab_y(0))
        g.append(grid)
        slabs.append(grid)
    off_lb = (
        _label(g, 1, C.TEXT, L.col_cx(0), L.tray_label_y),
        _label(g, 1, C.TEXT, L.col_cx(COLS - 1), L.tray_label_y))
    # Count labels drawn on the top checker of a column.
    count_lb = []
    for c in range(COLS):
        lb = _label(g, 1, C.P1_INK, L.col_cx(c), L.slot_cy(0))
        lb.hidden = True
        count_lb.append(lb)
    # Legal destinations: a green dot where the checker would land,
    # one per column (shapes never jump across the screen: displayio
    # then redraws the box around both places).
    marks = []
    for c in range(COLS):
        s = vectorio.Circle(pixel_shader=C.pal(C.TARGET),
                            radius=max(2, L.r // 2), x=L.col_cx(c),
                            y=L.slot_cy(0))
        s.hidden = True
        g.append(s)
        marks.append(s)
    # Cursor: a bar above and below the column with short legs at its
    # corners, moved from column to column. (Full-height sides read as
    # a frame too, but moving them redrew two tall strips: 17 ms a step
    # on a Pico, the most of a cursor key's time.) CircuitPython
    # redraws a moved shape's old and new boxes apart (one box around
    # both only when they nearly touch).
    t = L.cur_t
    leg = max(2 * t, L.r)
    pal = C.pal(C.CURSOR)
    frame = (R(pixel_shader=pal, width=L.colw, height=t, x=0, y=L.y0),
             R(pixel_shader=pal, width=L.colw, height=t, x=0, y=L.y1 - t),
             R(pixel_shader=pal, width=2, height=leg, x=0, y=L.y0 + t),
             R(pixel_shader=pal, width=2, height=leg, x=0,
               y=L.y1 - t - leg),
             R(pixel_shader=pal, width=2, height=leg, x=0, y=L.y0 + t),
             R(pixel_shader=pal, width=2, height=leg, x=0,
               y=L.y1 - t - leg))
    for r in frame:
        r.hidden = True
        g.append(r)
    # Status bar: "Pips", each player's name and pip count, the score at
    # the right end; as on the 24-point boards (bg_layout). The word is in
    # the line's font where the line holds 26 characters, else in the
    # small font (beside scale-2 text it still fits); it never changes:
    # only its grid is kept (in a Group).
    y = L.top // 2
    s = L.scale
    big = scaled(g, s)
    cs = s if L.w // L.cw >= 26 else 1
    _label(big if cs == s else g, 4, C.DIM, 2, y, align=0, text="Pips",
           scale=cs)
    x = 2 + 30 * cs
    x2 = x + 6 * L.cw + 4 + 2 * s
    if cs != s:  # 240x240: the texts close up, two thirds of a space
        x = 30  # apart (as the pips of the 24-point boards)
        x2 = L.w - 2 - 10 * L.cw - 2 * L.cw // 3
    p1_lb = _label(big, 6, C.P1, x, y, align=0, scale=s)
    p2_lb = _label(big, 5, C.P2, x2, y, align=0, scale=s)
    mid_lb = _label(big, 5, C.TEXT, L.w - 2, y, align=2, scale=s)
    # Bottom bar: message, then the dice.
    # (opaque, in the bar's colour: a change redraws only its own
    # tiles, not the bar and the felt beneath them too)
    msg_lb = Text(big, L.chars(L.die_x(0) - 6), C.TEXT, 4,
                  L.h - L.bottom // 2, s, 0, background=C.BAR_BG)
    # Dice: a TileGrid each over the faces sheet, its own face/pip
    # palette.
    dice_g = []
    ds = L.ds
    sheet = S.dice(ds)
    for k in range(2):
        grid = displayio.TileGrid(
            sheet, pixel_shader=displayio.Palette(2), width=1, height=1,
            tile_width=ds, tile_height=ds, x=L.die_x(k), y=L.die_y())
        grid.hidden = True
        g.append(grid)
        dice_g.append(grid)
    # Banner: a panel over the top of the board (layout: ban_y, ban_h)
    # with two lines of text, in a border of ``s`` pixels.
    bw = L.w - 2 * L.colw + 8
    bx = (L.w - bw) // 2
    by = L.ban_y
    banner = displayio.Group()
    banner.append(R(pixel_shader=C.pal(C.CURSOR), width=bw + 2 * s,
                    height=L.ban_h, x=bx - s, y=by))
    banner.append(R(pixel_shader=C.pal(C.PANEL), width=bw,
                    height=L.ban_h - 2 * s, x=bx, y=by + s))
    n = L.chars(bw - 4)
    ban_chars = n  # characters a banner line holds
    big = scaled(banner, s)
    ban1 = _label(big, n, C.TEXT, L.w // 2, by + 6 * s, scale=s)
    ban2 = _label(big, n, C.CURSOR, L.w // 2, by + 17 * s, scale=s)
    banner.hidden = True
    g.append(banner)
    banner_box = (bx - s, by, bw + 2 * s, L.ban_h)
    return (g, slots, shown, slabs, off_lb, count_lb, marks, frame,
            p1_lb, p2_lb, mid_lb, msg_lb, dice_g, banner, ban_chars, ban1,
            ban2, banner_box)
