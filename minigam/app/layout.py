"""Screen geometry of the board, computed once from the display's size.

The board is eight columns side by side: the left side column (Player 1's
bar at the bottom, Player 2's borne-off tray at the top), points 1..6, and
the right side column (Player 2's bar, Player 1's tray). Player 1 moves left
to right, Player 2 right to left, so each player's bar is where it enters
and its tray is where it leaves. A status bar (pips, score, turn) runs along
the top; messages and the dice along the bottom.

Column ``c`` is index ``c`` of Player 1 and index ``7 - c`` of Player 2
(0 bar, 1..6 points, 7 off), which is all the app needs to place a cursor.
"""

from minigam.compat import const

COLS = const(8)


class Layout:
    """Pixel geometry for a ``width`` x ``height`` screen (from 160x128 up).

    :param width: display width in pixels
    :param height: display height in pixels
    """

    def __init__(self, width, height):
        if width < 128 or height < 96:
            raise ValueError("screen too small: %dx%d" % (width, height))
        self.w = width
        self.h = height
        s = 2 if (width >= 240 and height >= 200) else 1
        self.scale = s  # text scale of terminalio's 6x12 font
        self.cw = 6 * s
        self.ch = 12 * s
        self.top = self.ch + 4
        self.ds = 12 * s + 2  # die size
        self.bottom = self.ds + 4
        self.y0 = self.top
        self.y1 = height - self.bottom
        bh = self.y1 - self.y0
        self.colw = cw = width // COLS
        self.x0 = (width - COLS * cw) // 2
        r = (cw - 2) // 2
        if r > bh // 10:
            r = bh // 10
        self.r = r
        self.cap = min(8, (bh - 2) // (2 * r))  # checkers shown on a point
        # Borne-off tray: 8 thin slabs from the top of a side column, then a
        # line for its count; the bar fills the rest of the column.
        sh = r // 3
        if sh < 2:
            sh = 2
        self.slab_h = sh
        self.slab_w = cw - 6
        # The cursor is a bar of ``cur_t`` pixels at the top and the bottom
        # of a column; the tray starts below the top one.
        self.cur_t = 2 * s + 1
        self.tray_y = self.y0 + self.cur_t + 1
        self.tray_h = 8 * (sh + 1) + 2
        self.tray_label_y = self.tray_y + self.tray_h + 7
        bar_top = self.tray_y + self.tray_h + 14
        self.bar_cap = min(8, (self.y1 - bar_top - 1) // (2 * r))
        if self.bar_cap < 1:
            raise ValueError("screen too short: %dx%d" % (width, height))
        # The points' numbers (the small font) at the top of the board,
        # each point's tip below its number with a gap of two pixels.
        self.num_y = self.y0 + self.cur_t + 7
        self.tri_h = min(bh - bh // 8, self.y1 - self.num_y - 6)
        # A banner: two lines over the top of the board, under the status
        # line (a stack grows from the bottom). ``ban_cap`` slots of a
        # point show below it, the last one's count clear of it: a taller
        # stack's count is shown there while it is up.
        self.ban_y = self.y0
        self.ban_h = 25 * s  # borders of s, two lines 11 * s apart
        k = self.cap
        while k > 1 and self.slot_cy(k - 1) - 4 < self.ban_y + self.ban_h:
            k -= 1
        self.ban_cap = k

    def col_x(self, col):
        """Left x of column ``col`` (0..7)."""
        return self.x0 + col * self.colw

    def col_cx(self, col):
        """Centre x of column ``col``."""
        return self.x0 + col * self.colw + self.colw // 2

    def slot_cy(self, slot):
        """Centre y of checker ``slot`` (0 = bottom) on a point or bar."""
        return self.y1 - 1 - self.r - 2 * self.r * slot

    def slab_y(self, k):
        """Top y of borne-off slab ``k`` (0 = first borne off)."""
        return self.tray_y + 2 + k * (self.slab_h + 1)

    def tray_cy(self):
        """Centre y of a borne-off tray."""
        return self.tray_y + self.tray_h // 2

    def die_x(self, k):
        """Left x of die ``k`` (0 or 1) in the bottom bar."""
        return self.w - 2 - (2 - k) * (self.ds + 3)

    def die_y(self):
        return self.h - self.bottom + 2

    def chars(self, px):
        """How many characters of the text font fit in ``px`` pixels."""
        return px // self.cw
