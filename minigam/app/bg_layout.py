"""Screen geometry of the 24-point board (Backgammon, later Long Nardy),
computed once from the display's size.

Across the screen: a side column (the doubling cube), six points, the bar,
six points, a side column (the borne-off trays). Everything in the board
is on a grid of 13 columns of ``pw`` pixels (column 6 is the bar); both
side columns are at least ``pw`` wide. Points are numbered as Player 1
sees them: 1..12 along the bottom from right to left, 13..24 along the
top from left to right. Player 1 moves counter-clockwise to its home board
at the bottom right; Player 2 the opposite way, home at the top right, so
both trays are on the right (Player 2's at the top, Player 1's at the
bottom). A checker on the bar sits in the half where it will enter:
Player 1's in the top half, Player 2's in the bottom half, stacked from
the middle outwards.

Down the screen: the status line (pips, score), a row of point numbers,
the top half, a gap, the bottom half, a row of point numbers, the bottom
bar: the message, and at its right end the dice. A banner shows across
the middle, over the halves' innermost slots. Checkers stack from the
board's edge, ``cap`` to a point; the ``cap``-th shows the count when more
are there. The bottom bar and its dice are MINIGAM's
(:class:`~minigam.app.layout.Layout`'s): at a given screen size the dice are
in the same place in every game.

A "spot" is what a cursor or a mark can stand on: 1..24 a point (Player
1's number), :data:`BAR1`, :data:`BAR2`, :data:`OFF1`, :data:`OFF2`.
"""

from minigam.compat import const
from minigam.app.layout import Layout

BAR1 = const(25)  # Player 1's checkers on the bar
BAR2 = const(26)
OFF1 = const(27)  # Player 1's borne-off tray
OFF2 = const(28)
CAP = const(5)  # checkers shown on a point before a count is needed


def spot(player, i):
    """The spot of ``player``'s position index ``i`` (0 bar, 1..24 its
    path, 25 off)."""
    if i == 0:
        return BAR1 if player == 1 else BAR2
    if i == 25:
        return OFF1 if player == 1 else OFF2
    return 25 - i if player == 1 else i


def column(sp):
    """Column 0..12 of a point or a bar spot (6 is the bar)."""
    if sp >= 25:
        return 6
    if sp <= 6:
        return 13 - sp
    if sp <= 12:
        return 12 - sp
    if sp <= 18:
        return sp - 13
    return sp - 12


def top_half(sp):
    """True for a spot in the top half (points 13..24, Player 1's bar,
    Player 2's tray)."""
    return sp >= 13 and sp != BAR2 and sp != OFF1


class BgLayout:
    """Pixel geometry for a ``width`` x ``height`` screen (from 160x128 up).

    :param width: display width in pixels
    :param height: display height in pixels
    """

    def __init__(self, width, height):
        if width < 160 or height < 128:
            raise ValueError("screen too small: %dx%d" % (width, height))
        self.w = w = width
        self.h = h = height
        s = 2 if (w >= 240 and h >= 200) else 1
        self.scale = s  # text scale of terminalio's 6x12 font
        self.cw = 6 * s
        self.ch = ch = 12 * s
        # Numbers on the board (points, counts, cube): the 6x12 font's
        # digits (5x8) on a scale-2 screen, else a 3x5 pixel font.
        self.big = s == 2
        self.gw = 5 if s == 2 else 3  # digit width
        self.gh = 8 if s == 2 else 5  # digit height
        self.lh = lh = self.gh + 2  # a row of point numbers
        self.top = ch + 1  # status line
        # The bottom bar (message and dice) and the dice: MINIGAM's.
        q = Layout(w, h)
        self.bottom = q.bottom
        self.ds = q.ds
        self.dice_at = (q.die_x(0), q.die_x(1), q.die_y())
        # Columns: 13 of pw; side columns at least pw (a tray's count is a
        # number tile) and wide enough for the cube's "64" in a border.
        need = 2 * self.gw + 1 + 6
        pw = (w - 2 * need) // 13
        if pw > w // 15:
            pw = w // 15
        self.pw = pw
        self.sw = sw = (w - 13 * pw) // 2  # left side column (cube)
        self.x0 = sw
        self.rx = sw + 13 * pw  # right side column (trays)
        self.rw = w - self.rx
        # Rows.
        self.by0 = by0 = self.top + lh  # the board's checker area
        self.by1 = by1 = h - self.bottom - lh
        inner = by1 - by0
        self.mid = by0 + inner // 2
        # Checkers: discs ``step`` across, one a slot, as large as the
        # column allows while CAP fit a half with a gap of at least 3
        # between the halves (fewer on a short screen).
        st = pw - 2
        cap = CAP
        if (inner - 3) // (2 * cap) < st:
            st = (inner - 3) // (2 * cap)
        if st < 7:
            st = 7
            cap = (inner - 3) // (2 * st)
        if cap < 3:
            raise ValueError("screen too short: %dx%d" % (w, h))
        self.step = st  # slot pitch and a disc's diameter
        # a checker tile: the disc and a pixel each side (a count's box)
        self.tile_w = st + 2 if st + 2 < pw else pw
        self.cap = cap
        self.gap = inner - 2 * cap * st
        self.grid_y = (by0, by1 - cap * st)  # top and bottom checker grids
        # A banner: two lines across the middle (a stack grows from the
        # board's edge), ``ban_h`` from ``ban_y`` (even: scale 2 text is
        # placed in steps of 2). ``ban_caps``: the slots of the top and
        # the bottom half wholly clear of it; while it is up a stack shows
        # in them, a taller one's count on the last (``ban_low`` the
        # fewer: counts are drawn from ``ban_low + 1``).
        self.ban_h = bh = 25 * s  # borders of s, two lines 11 * s apart
        self.ban_y = by = (self.mid - bh // 2) // s * s
        top = (by - by0) // st
        bot = cap - (by + bh - self.grid_y[1] + st - 1) // st
        self.ban_caps = (max(1, min(cap, top)), max(1, min(cap, bot)))
        self.ban_low = min(self.ban_caps)
        # Points: triangles as long as a full stack.
        th = cap * st
        if th > inner // 2 - 2:
            th = inner // 2 - 2
        self.tri_h = th
        # Trays: slabs of sh pixels and a gap, Player 2's from the top
        # down, Player 1's from the bottom up; the counts in the number
        # rows above and below.
        sh = st // 4
        if sh < 2:
            sh = 2
        self.slab_h = sh
        rows = inner // (sh + 1)
        self.tray_rows = rows
        self.tray_cap = min(15, (rows - 1) // 2)
        self.tray_x = self.rx + 2
        self.tray_w = self.rw - 4
        self.tray_y = by0 + (inner - rows * (sh + 1)) // 2
        self.count_x = self.rx + (self.rw - pw) // 2
        # Cube: in the left column, centred, or at its owner's edge.
        cs = sw - 2
        if cs > need + 6:
            cs = need + 6
        self.cube = cs
        self.cube_x = (sw - cs) // 2
        # Status line, as MINIGAM's (board_build): "Pips" (in the line's
        # font where it holds 26 characters, else the small font, the
        # pips closer to it), each side's pips (with a name where the
        # score keeps 10 characters), the score at the right end, two
        # thirds of a space from the pips at least.
        cw = self.cw
        self.word_scale = ws = s if w // cw >= 26 else 1
        self.p1_x = x = 2 + 30 * ws if ws == s else 30
        for nf in (7, 3):
            self.pip_chars = nf
            self.p2_x = x + nf * cw + 4 + 2 * s
            self.score_chars = (w - 2 - 2 * cw // 3 - self.p2_x
                                - nf * cw) // cw
            if self.score_chars >= 10:
                break
        # The message: the bottom bar left of the dice.
        self.msg_w = self.dice_at[0] - 6

    # -- geometry of spots -------------------------------------------------

    def col_x(self, c):
        """Left x of column ``c`` (0..12)."""
        return self.x0 + c * self.pw

    def slot_x(self, c):
        """Left x of the checker tiles of column ``c``."""
        return self.x0 + c * self.pw + (self.pw - self.tile_w) // 2

    def grid_row(self, sp, k):
        """(0 top / 1 bottom grid, row) of checker slot ``k`` (0 outermost
        of a point, innermost of a bar) of spot ``sp``."""
        top = top_half(sp)
        if (sp >= 25) == top:  # top-half bar, or a bottom-half point
            return (0 if top else 1), self.cap - 1 - k
        return (0 if top else 1), k

    def slot_cy(self, sp, k):
        """Centre y of checker slot ``k`` of spot ``sp``."""
        g, row = self.grid_row(sp, k)
        return self.grid_y[g] + row * self.step + self.step // 2

    def label_y(self, top):
        """Top y of the row of numbers above (``top``) or below the board."""
        return self.top if top else self.by1

    def slab_y(self, player, k):
        """Top y of Player ``player``'s ``k``-th borne-off slab."""
        p = self.slab_h + 1
        if player == 2:
            return self.tray_y + k * p
        return self.tray_y + (self.tray_rows - 1 - k) * p

    def cube_y(self, owner):
        """Top y of the cube: centred (0) or at its owner's edge."""
        if owner == 2:
            return self.by0 + 1
        if owner == 1:
            return self.by1 - self.cube - 1
        return self.mid - self.cube // 2

    def die_x(self, k):
        """Left x of die place ``k`` (0 or 1), MINIGAM's: a roll's two
        dice, or a double's die and its moves left."""
        return self.dice_at[k]

    def die_y(self):
        return self.dice_at[2]

    def chars(self, px):
        """How many characters of the text font fit in ``px`` pixels."""
        return px // self.cw
