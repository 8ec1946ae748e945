"""The board screen: one displayio Group built once, updated in place.

Every setter compares the new state with what is on screen and touches only
the shapes that change, so a move redraws a few checkers, never the screen.
The view only draws: it reads a position ``bytearray`` (see rules.py) and
the view state the app hands it, and never decides anything about the game.
"""

import displayio
import vectorio

from minigam.compat import const, unload
from minigam.app import palette as C
from minigam.app.layout import COLS
from minigam.app.text import Text

_PICKED = const(3)  # the picked checker's tile (sprites.PICKED)


def label(parent, n, color, x, y, align=1, text="", scale=1):
    """A :class:`~minigam.app.text.Text` of ``n`` characters in ``parent``
    (a Group of scale ``scale``), its line centred on ``y``, anchored at
    ``x`` (``align`` 0 left, 1 centre, 2 right)."""
    return Text(parent, n, color, x, y, scale, align, text=text)


def scaled(parent, scale):
    """A Group of ``scale`` appended to ``parent``, for scaled text."""
    g = displayio.Group(scale=scale)
    parent.append(g)
    return g


def set_text(lb, text):
    """Change a label's text only when it differs (no redraw otherwise)."""
    if lb.text != text:
        lb.text = text


def show(obj, on):
    """Hide or show a shape or group only when that changes."""
    if obj.hidden == on:
        obj.hidden = not on



def column(player, index):
    """Screen column of a mover's index (0 bar .. 7 off)."""
    return index if player == 1 else 7 - index

class BoardView:
    """The board screen for a :class:`~minigam.app.layout.Layout`.

    ``group`` is the displayio Group to put on the display.
    """

    def __init__(self, lay):
        # The tile sheets are drawn here, once: their code then leaves the
        # heap (on stock CircuitPython a loaded .mpy stays in RAM).
        from minigam.app import sprites as S
        self.lay = lay
        L = lay
        g = displayio.Group()
        self.group = g
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
            label(g, 1, C.DIM, L.col_cx(c), L.y0 + L.cur_t + 7, text=str(c))
        # Checkers: one TileGrid a column (bar columns hold fewer), its
        # tiles the checker sheet's; tile 0 is the top slot.
        r = L.r
        sheet = S.checkers(r)
        cpal = displayio.Palette(4)
        cpal.make_transparent(0)
        cpal[S.P1] = C.P1
        cpal[S.P2] = C.P2
        cpal[S.PICKED] = C.CURSOR
        self.slots = []
        self.shown = []  # per column: bytearray of 0 hidden / player
        for c in range(COLS):
            n = L.bar_cap if c in (0, COLS - 1) else L.cap
            grid = displayio.TileGrid(
                sheet, pixel_shader=cpal, width=1, height=n,
                tile_width=2 * r + 1, tile_height=2 * r, default_tile=S.EMPTY,
                x=L.col_cx(c) - r, y=L.y1 - 2 * r * n)
            g.append(grid)
            self.slots.append(grid)
            self.shown.append(bytearray(n))
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
        self.slabs = []
        for c in (0, COLS - 1):
            grid = displayio.TileGrid(
                sheet, pixel_shader=spal, width=1, height=8,
                tile_width=L.slab_w, tile_height=L.slab_h + 1, default_tile=0,
                x=L.col_x(c) + 3, y=L.slab_y(0))
            g.append(grid)
            self.slabs.append(grid)
        self.off_n = bytearray(2)
        self.off_lb = (
            label(g, 1, C.TEXT, L.col_cx(0), L.tray_label_y),
            label(g, 1, C.TEXT, L.col_cx(COLS - 1), L.tray_label_y))
        # Count labels drawn on the top checker of a column.
        self.count_lb = []
        for c in range(COLS):
            lb = label(g, 1, C.P1_INK, L.col_cx(c), L.slot_cy(0))
            lb.hidden = True
            self.count_lb.append(lb)
        # Legal destinations: a green dot where the checker would land,
        # one per column (shapes never jump across the screen: displayio
        # then redraws the box around both places).
        self.marks = []
        for c in range(COLS):
            s = vectorio.Circle(pixel_shader=C.pal(C.TARGET),
                                radius=max(2, L.r // 2), x=L.col_cx(c),
                                y=L.slot_cy(0))
            s.hidden = True
            g.append(s)
            self.marks.append(s)
        self.target_mask = 0
        # The selected checker is drawn in the cursor colour.
        self.sel_col = -1
        self.sel_k = -1
        # Cursor: a bar above and below the column with short legs at its
        # corners, moved from column to column. (Full-height sides read as
        # a frame too, but moving them redrew two tall strips: 17 ms a step
        # on a Pico, the most of a cursor key's time.) CircuitPython
        # redraws a moved shape's old and new boxes apart (one box around
        # both only when they nearly touch).
        t = L.cur_t
        leg = max(2 * t, L.r)
        pal = C.pal(C.CURSOR)
        self.frame = (R(pixel_shader=pal, width=L.colw, height=t, x=0,
                        y=L.y0),
                      R(pixel_shader=pal, width=L.colw, height=t, x=0,
                        y=L.y1 - t),
                      R(pixel_shader=pal, width=2, height=leg, x=0,
                        y=L.y0 + t),
                      R(pixel_shader=pal, width=2, height=leg, x=0,
                        y=L.y1 - t - leg),
                      R(pixel_shader=pal, width=2, height=leg, x=0,
                        y=L.y0 + t),
                      R(pixel_shader=pal, width=2, height=leg, x=0,
                        y=L.y1 - t - leg))
        for r in self.frame:
            r.hidden = True
            g.append(r)
        self.cur_color = C.CURSOR
        self.cursor = -1
        # Status bar: Player 1 left, score centre, Player 2 right.
        y = L.top // 2
        s = L.scale
        big = scaled(g, s)
        self.p1_lb = label(big, 6, C.P1, 2, y, align=0, scale=s)
        self.p2_lb = label(big, 6, C.P2, L.w - 2, y, align=2, scale=s)
        self.mid_lb = label(big, 5, C.TEXT, L.w // 2, y, scale=s)
        self.turn = 0
        # Bottom bar: message, then the dice.
        # (opaque, in the bar's colour: a change redraws only its own
        # tiles, not the bar and the felt beneath them too)
        self.msg_lb = Text(big, L.chars(L.die_x(0) - 6), C.TEXT, 4,
                           L.h - L.bottom // 2, s, 0, background=C.BAR_BG)
        # Dice: a TileGrid each over the faces sheet, its own face/pip
        # palette.
        self.dice_g = []
        self.dice = bytearray(2)
        self.dice_state = bytearray(2)  # 0 hidden, 1 P1, 2 P2, 3 used
        ds = L.ds
        sheet = S.dice(ds)
        for k in range(2):
            grid = displayio.TileGrid(
                sheet, pixel_shader=displayio.Palette(2), width=1, height=1,
                tile_width=ds, tile_height=ds, x=L.die_x(k), y=L.die_y())
            grid.hidden = True
            g.append(grid)
            self.dice_g.append(grid)
        # Banner: a panel across the middle with two lines of text.
        bw = L.w - 2 * L.colw + 8
        bhh = 2 * L.ch + 10
        self.banner = displayio.Group()
        by = (L.y0 + L.y1) // 2 - bhh // 2
        self.banner.append(R(pixel_shader=C.pal(C.CURSOR), width=bw + 4,
                             height=bhh + 4, x=(L.w - bw) // 2 - 2, y=by - 2))
        self.banner.append(R(pixel_shader=C.pal(C.PANEL), width=bw,
                             height=bhh, x=(L.w - bw) // 2, y=by))
        n = L.chars(bw - 4)
        self.ban_chars = n  # characters a banner line holds
        big = scaled(self.banner, s)
        self.ban1 = label(big, n, C.TEXT, L.w // 2, by + 4 + L.ch // 2,
                          scale=s)
        self.ban2 = label(big, n, C.CURSOR, L.w // 2,
                          by + 6 + L.ch + L.ch // 2, scale=s)
        self.banner.hidden = True
        g.append(self.banner)
        self.banner_box = ((L.w - bw) // 2 - 2, by - 2, bw + 4, bhh + 4)
        self.pos = bytearray(17)  # what the screen shows (none yet: zeros)
        unload("minigam.app.sprites")

    # -- checkers -----------------------------------------------------------

    def set_position(self, pos):
        """Show the checkers, bars, trays and pip counts of ``pos``."""
        if pos == self.pos:
            # a cursor key: its frame's time is not spent here (no
            # position is all zeros: the first one is always drawn)
            return
        sel = self.sel_col
        self.set_selected(-1)
        for c in range(COLS):
            if c == 0:
                n, p = pos[0], 1
            elif c == COLS - 1:
                n, p = pos[8], 2
            elif pos[c]:
                n, p = pos[c], 1
            else:
                n, p = pos[15 - c], 2
            self._column(c, n, p)
        for t, n in ((0, pos[15]), (1, pos[7])):
            if self.off_n[t] != n:
                self.off_n[t] = n
                tray = self.slabs[t]
                for k in range(8):
                    v = (2 - t) if k < n else 0
                    if tray[k] != v:
                        tray[k] = v
                set_text(self.off_lb[t], "%d" % n if n else "")
        self.pos[:] = pos
        self._pips()
        self.set_selected(sel)

    def _column(self, c, n, p):
        grid = self.slots[c]
        shown = self.shown[c]
        cap = len(shown)
        vis = n if n < cap else cap
        for k in range(cap):
            want = p if k < vis else 0
            if shown[k] != want:
                grid[cap - 1 - k] = want  # tile numbers are player numbers
                shown[k] = want
        lb = self.count_lb[c]
        side = c == 0 or c == COLS - 1
        if n > cap or (side and n > 1):
            set_text(lb, "%d" % n)
            ink = C.P1_INK if p == 1 else C.P2_INK
            if lb.color != ink:
                lb.color = ink
            lb.move_y(self.lay.slot_cy(vis - 1))
            show(lb, True)
        else:
            show(lb, False)

    def _pips(self):
        from minigam.quarter.rules import pips
        set_text(self.p1_lb, "%s %d" % (self.names[0], pips(self.pos, 1)))
        set_text(self.p2_lb, "%s %d" % (self.names[1], pips(self.pos, 2)))

    names = ("P1", "P2")

    def set_names(self, n1, n2):
        """Short names shown with the pip counts (``P1``/``You``, ``AI``)."""
        self.names = (n1, n2)
        self._pips()

    def set_turn(self, player):
        """Mark whose turn it is (0: nobody) in the status bar."""
        if player == self.turn:
            return
        self.turn = player
        self.p1_lb.background_color = C.CURSOR if player == 1 else None
        self.p1_lb.color = C.P1_INK if player == 1 else C.P1
        self.p2_lb.background_color = C.CURSOR if player == 2 else None
        self.p2_lb.color = C.P1_INK if player == 2 else C.P2

    def set_score(self, text):
        set_text(self.mid_lb, text)

    def set_message(self, text):
        set_text(self.msg_lb, text or "")

    # -- cursor, selection, destinations -------------------------------------

    def set_cursor(self, col, color=C.CURSOR):
        """Mark column ``col`` (-1: no cursor) with a frame in ``color``."""
        if col == self.cursor and color == self.cur_color:
            return
        self.cursor = col
        self.cur_color = color
        if col < 0:
            for r in self.frame:
                r.hidden = True
            return
        pal = C.pal(color)
        x = self.lay.col_x(col)
        for i, r in enumerate(self.frame):
            if r.pixel_shader is not pal:
                r.pixel_shader = pal
            rx = x + (self.lay.colw - 2 if i >= 4 else 0)
            if r.x != rx:
                r.x = rx
            r.hidden = False

    def set_selected(self, col):
        """Draw the top checker of column ``col`` as picked up (-1: none)."""
        if col == self.sel_col:
            return
        if self.sel_col >= 0:
            shown = self.shown[self.sel_col]
            p = shown[self.sel_k]
            if p:
                self.slots[self.sel_col][len(shown) - 1 - self.sel_k] = p
        self.sel_col = -1
        self.sel_k = -1
        if col < 0:
            return
        k = -1
        shown = self.shown[col]
        for j, v in enumerate(shown):
            if v:
                k = j
        if k < 0:
            return
        self.sel_col = col
        self.sel_k = k
        self.slots[col][len(shown) - 1 - k] = _PICKED

    def set_targets(self, mask):
        """Show a green dot on every column whose bit is set in ``mask``:
        where the selected checker would land (a tray for "off")."""
        if mask == self.target_mask:
            return
        self.target_mask = mask
        L = self.lay
        for c in range(COLS):
            m = self.marks[c]
            on = bool(mask & (1 << c))
            if on:
                if c == 0 or c == COLS - 1:
                    y = L.tray_cy()
                else:
                    n = 0
                    p = self.turn
                    for k, v in enumerate(self.shown[c]):
                        if v == p:
                            n = k + 1
                    if n >= L.cap:
                        n = L.cap - 1
                    y = L.slot_cy(n)
                if m.y != y:
                    m.y = y
            show(m, on)

    # -- dice -----------------------------------------------------------------

    def set_dice(self, d1, d2, player, used=0):
        """Show dice ``d1``, ``d2`` (0 hides one) in ``player``'s colours;
        bit k of ``used`` greys die k out. ``player`` may be a pair, one
        colour per die (the opening roll)."""
        for k in range(2):
            v = d1 if k == 0 else d2
            p = player[k] if isinstance(player, tuple) else player
            st = 0 if not v else (3 if used & (1 << k) else p)
            if self.dice[k] == v and self.dice_state[k] == st:
                continue
            dg = self.dice_g[k]
            self.dice[k] = v
            self.dice_state[k] = st
            if not v:
                dg.hidden = True
                continue
            if st == 3:
                face, pip = C.DIE_USED, C.DIE_USED_PIP
            elif st == 1:
                face, pip = C.P1, C.P1_INK
            else:
                face, pip = C.P2, C.P2_INK
            pal = dg.pixel_shader
            pal[0] = face
            pal[1] = pip
            dg[0] = v - 1
            dg.hidden = False

    # -- banner -----------------------------------------------------------------

    def set_banner(self, line1, line2=None):
        """Show a two-line notice across the board (``None`` hides it)."""
        if line1 is None:
            show(self.banner, False)
            return
        set_text(self.ban1, line1)
        set_text(self.ban2, line2 or "")
        show(self.banner, True)
