"""The board screen: one displayio Group built once, updated in place.

Every setter compares the new state with what is on screen and touches only
the shapes that change, so a move redraws a few checkers, never the screen.
The view only draws: it reads a position ``bytearray`` (see rules.py) and
the view state the app hands it, and never decides anything about the game.
"""

from minigam.compat import const, unload
from minigam.app import palette as C
from minigam.app.layout import COLS
from minigam.app.text import set_text, show

_PICKED = const(3)  # the picked checker's tile (sprites.PICKED)


def column(player, index):
    """Screen column of a mover's index (0 bar .. 7 off)."""
    return index if player == 1 else 7 - index


class BoardView:
    """The board screen for a :class:`~minigam.app.layout.Layout`.

    ``group`` is the displayio Group to put on the display.
    """

    def __init__(self, lay):
        # Its shapes are made by minigam.app.board_build, whose code (and
        # the tile sheets' drawing) then leaves the heap: on stock
        # CircuitPython a loaded .mpy stays in RAM.
        from minigam.app.board_build import build
        self.lay = lay
        (self.group, self.slots, self.shown, self.slabs, self.off_lb,
         self.count_lb, self.marks, self.frame, self.p1_lb, self.p2_lb,
         self.mid_lb, self.msg_lb, self.dice_g, self.banner, self.ban_chars,
         self.ban1, self.ban2, self.banner_box) = build(lay)
        unload("minigam.app.board_build")
        unload("minigam.app.sprites")
        # What is on screen.
        self.pos = bytearray(17)  # the position (none yet: zeros)
        self.off_n = bytearray(2)  # checkers borne off, by player
        self.target_mask = 0
        self.sel_col = -1  # the selected checker, in the cursor colour
        self.sel_k = -1
        self.cur_color = C.CURSOR
        self.cursor = -1
        self.turn = 0
        self.dice_st = bytearray(4)  # per die: face (0 hidden), colours
        self.ban_up = False  # a banner over the points' top slots

    # -- checkers -----------------------------------------------------------

    def update(self, pos):
        """Show the checkers, bars, trays and pip counts of ``pos``."""
        if pos == self.pos:
            # a cursor key: its frame's time is not spent here (no
            # position is all zeros: the first one is always drawn)
            return
        self._checkers(pos)
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

    def _checkers(self, pos):
        """Draw every column's checkers of ``pos``, the picked one kept."""
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
        self.set_selected(sel)

    def _column(self, c, n, p):
        grid = self.slots[c]
        shown = self.shown[c]
        side = c == 0 or c == COLS - 1
        # under a banner a point shows the slots below it (the bars are
        # lower down)
        cap = self.lay.ban_cap if self.ban_up and not side else len(shown)
        vis = n if n < cap else cap
        rows = len(shown)
        for k in range(rows):
            want = p if k < vis else 0
            if shown[k] != want:
                grid[rows - 1 - k] = want  # tile numbers are player numbers
                shown[k] = want
        lb = self.count_lb[c]
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

    def set_score(self, a, b, length):
        """The games won, ``a``-``b`` of a match to ``length`` games (none
        shown for a single game), in the order of the names beside the
        pips. (No second colour for Player 2's, as the 24-point boards
        have: a label more of heap on the stock drives, which play
        MINIGAM.)"""
        set_text(self.mid_lb, "%d-%d/%d" % (a, b, length) if length > 1
                 else "")

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

    def set_marks(self, mask):
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

    def set_dice(self, d1, d2, used=0, player=1):
        """Show dice ``d1``, ``d2`` (0 hides one) in ``player``'s colours;
        bit k of ``used`` greys die k out. ``player`` may be a pair, one
        colour per die (the opening roll)."""
        for k in range(2):
            p = player[k] if isinstance(player, tuple) else player
            C.die(self.dice_g[k], self.dice_st, k, d2 if k else d1,
                  3 if used >> k & 1 else p)

    # -- banner -----------------------------------------------------------------

    def set_banner(self, line1, line2=None):
        """Show a two-line notice over the top of the board (``None`` hides
        it); while it shows, a stack taller than the slots below it shows
        its count on the last of them, so every point stays readable."""
        up = line1 is not None
        if up:
            set_text(self.ban1, line1)
            set_text(self.ban2, line2 or "")
        show(self.banner, up)
        if up != self.ban_up:
            self.ban_up = up
            if self.lay.ban_cap < self.lay.cap:
                self._checkers(self.pos)
