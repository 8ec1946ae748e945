"""The 24-point board screen (Backgammon, Long Nardy): one displayio
Group built once, updated in place.

It draws a position ``bytearray(53)`` (the engine's, minigam/bg/rules.py):
bytes 0..25 Player 1's checkers by its index (0 the bar, 1..24 its path,
index i ``25 - i`` pips from home, 25 borne off), 26..51 Player 2's the
same way, 52 the player to move. Player 1's index i is Player 2's
``25 - i``; a Long Nardy view (``minigam.app.nardy_view``) reads Player
2's block by its own table (``p2``) and marks the heads. Geometry is
:class:`~minigam.app.bg_layout.BgLayout`'s; spots (what a cursor or a
mark stands on) are its 1..24, BAR1, BAR2, OFF1, OFF2.

Every setter compares with what is on screen and touches only the tiles
that change. The board is TileGrids over tile sheets drawn once: the
points (2 grids), the checkers (a grid a column of a half, a tile a
slot; a destination's dot and a blocked point's cross are tiles too), the
point numbers (2 grids; the cursor is a highlighted number),
the trays' slabs (1) and counts (2), the cube (1), the dice (2). They are
made by minigam/app/bg_build.py, which leaves the heap once they are.
"""

from minigam.compat import const, unload
from minigam.app import palette as C
from minigam.app.text import set_text, show
from minigam.app.bg_layout import BAR1, BAR2, OFF1, OFF2, column, top_half

_P1_MARK = const(5)  # bg_sprites' tile numbers
_P2_MARK = const(6)
_COUNT = const(7)  # (the crosses follow the counts: ``self.cross``)
_HI = const(25)  # a number tile's highlighted twin
_SIDE = b"\x00\x1a\x19\x33"  # the pos index of BAR1, BAR2, OFF1, OFF2


def _k(v):
    """A figure of four digits or more in thousands: "65k"."""
    return "%d" % v if v < 1000 else "%dk" % (v // 1000)


class BgBoardView:
    """The board screen for a :class:`~minigam.app.bg_layout.BgLayout`;
    ``group`` is the displayio Group to show."""

    # Player 2's index of the checkers on point ``sp`` (Backgammon's:
    # ``sp`` itself).
    p2 = bytes(range(25))
    # A session of single games, as the score line names it: Backgammon's
    # is played for money (the cube's stakes); menu.NO_MATCH's words.
    SESSION = "Money"
    # The score's name in a match (``status`` names the Crawford game
    # with its long and short words).
    words = ("Score",)

    def __init__(self, lay, heads=()):
        from minigam.app.bg_build import build, banner_chars
        self.lay = lay
        (self.group, self.grids, self.labels, self.counts, self.tray,
         self.cube, self.dice, self.num_pal, self.p1_lb, self.p2_lb,
         self.score_lb, self.score2_lb, self.msg_lb, self.banner, self.ban1,
         self.ban2, self.banner_box) = build(lay, heads)
        self.ban_chars = banner_chars(lay)  # a banner line's characters
        self.cross = _COUNT + 2 * (15 - lay.ban_low)
        unload("minigam.app.bg_build")
        unload("minigam.app.bg_sprites")
        unload("minigam.app.sprites")  # (the dice's faces)
        # What is on screen.
        self.pos = bytearray(53)
        self.fresh = True
        self.cursor = -1
        self.cur_color = C.CURSOR
        self.sel = -1
        self.marks = 0  # bit per spot
        self.blocked = 0  # bit per spot: a cross
        self.turn = 0
        self.names = ("P1", "P2")
        self.pips = [0, 0]
        self.dice_st = bytearray(4)  # per place: face, colours
        self.ban_up = False  # a banner over the halves' innermost slots
        self.from2 = False  # the points numbered from Player 2's side
        for sp in range(1, 29):
            self._label(sp)

    def number_from(self, player):
        """Number the points from ``player``'s side (1 is that player's
        last point), as gnubg numbers them for the side to move."""
        f = player == 2
        if f != self.from2:
            self.from2 = f
            for sp in range(1, 25):
                self._label(sp)

    # -- position -------------------------------------------------------------

    def update(self, pos, turn=None):
        """Show ``pos``: every point, bar and tray that changed, the pips;
        the mover (``turn``, by default ``pos[52]``; 0 nobody) highlighted
        in the status line."""
        old = self.pos
        fresh = self.fresh
        if not fresh and old == pos:
            # a cursor key: its frame's time is not spent here
            self.set_turn(pos[52] if turn is None else turn)
            return
        mover = old[52] != pos[52]
        todo = 0
        p2 = self.p2
        for sp in range(1, 25):
            a = 25 - sp
            b = 26 + p2[sp]
            if fresh or old[a] != pos[a] or old[b] != pos[b] or \
                    (mover and self.marks & (1 << sp)):
                todo |= 1 << sp
        for sp in range(BAR1, OFF2 + 1):
            i = _SIDE[sp - BAR1]
            if fresh or old[i] != pos[i] or (mover and self.marks & (1 << sp)):
                todo |= 1 << sp
        old[:] = pos
        self.fresh = False
        self._redraw(todo)
        new = False
        for p in (0, 1) if todo else ():
            base = 26 * p
            n = 0
            for i in range(25):
                n += pos[base + i] * (25 - i)
            if self.pips[p] != n:
                self.pips[p] = n
                new = True
        if new or fresh:
            self._pips()
        self.set_turn(pos[52] if turn is None else turn)

    def _draw(self, sp):
        """Redraw the checkers of spot ``sp`` from ``self.pos``."""
        if sp >= OFF1:
            self._tray(sp)
            return
        P = self.pos
        L = self.lay
        g, row = L.grid_row(sp, 0)
        rows = L.cap
        # under a banner, the slots clear of it (a bar's checkers from its
        # edge out; a taller stack's count on the last)
        cap = L.ban_caps[g] if self.ban_up else rows
        hid = rows - cap if sp >= BAR1 else 0
        if sp == BAR1:
            q, n, opp = 1, P[0], 0
        elif sp == BAR2:
            q, n, opp = 2, P[26], 0
        else:
            n1 = P[25 - sp]
            n2 = P[26 + self.p2[sp]]
            q, n = (1, n1) if n1 else (2, n2)
            opp = n2 if P[52] == 1 else n1
        vis = n if n < cap else cap
        ms = -1
        xs = -1  # a blocked point's cross: on its top checker (below a
        if self.blocked & (1 << sp):  # count), or its first slot
            xs = 0 if not n else (n - 1 if n <= cap else cap - 2)
        if self.marks & (1 << sp):
            own = n if q == P[52] else 0
            if opp:
                ms = 0  # a hit: the mark on the blot
            elif own > cap:
                ms = cap - 2  # below the count
            else:
                ms = own if own < cap else cap - 1
        ps = -1
        if sp == self.sel and n:
            ps = vis - 1 if n <= cap else cap - 2
        grid = self.grids[13 * g + column(sp)]
        d = 1 if row == 0 else -1
        low = L.ban_low
        for j in range(rows):
            k = j - hid
            t = q if 0 <= k < vis else 0
            if k == cap - 1 and n > cap:
                t = _COUNT + (q - 1) * (15 - low) + (n if n < 15 else 15) \
                    - low - 1
            if k < 0 or k >= cap:
                t = 0
            elif k == ps:
                t = 3
            elif k == xs:
                t = self.cross + (t if t < 3 else 0)
            elif k == ms:
                t = 4 if t == 0 else (_P1_MARK if t == 1 else
                                      (_P2_MARK if t == 2 else t))
            if grid[row] != t:
                grid[row] = t
            row += d

    def _tray(self, sp):
        L = self.lay
        p = 1 if sp == OFF1 else 2
        n = self.pos[25 if p == 1 else 51]
        cap = L.tray_cap
        ms = -1
        if self.marks & (1 << sp):
            ms = n if n < cap else cap - 1
        tray = self.tray
        for k in range(cap):
            t = 3 if k == ms else (p if k < n else 0)
            row = k if p == 2 else L.tray_rows - 1 - k
            if tray[row] != t:
                tray[row] = t
        self._label(sp)

    def _label(self, sp):
        """The number of spot ``sp`` (or its tray's count), highlighted
        under the cursor."""
        hi = _HI if sp == self.cursor else 0
        if sp >= OFF1:
            grid = self.counts[0 if sp == OFF1 else 1]
            n = self.pos[25 if sp == OFF1 else 51]
            i = 0
        else:
            grid = self.labels[0 if top_half(sp) else 1]
            n = (25 - sp if self.from2 else sp) if sp <= 24 else 0
            i = column(sp)
        if grid[i] != n + hi:
            grid[i] = n + hi

    def _pips(self):
        for lb, p in ((self.p1_lb, 0), (self.p2_lb, 1)):
            if self.lay.pip_chars >= 7:
                t = "%s %d" % (self.names[p], self.pips[p])
            else:
                t = "%d" % self.pips[p]
            if lb.text != t:
                lb.text = t

    def set_names(self, n1, n2):
        """Short names beside the pips where the line has room."""
        self.names = (n1[:3], n2[:3])
        self._pips()

    def set_turn(self, player):
        """Highlight ``player``'s pips (0: nobody)."""
        if player == self.turn:
            return
        self.turn = player
        for lb, p, ink in ((self.p1_lb, 1, C.P1), (self.p2_lb, 2, C.P2)):
            lb.background_color = C.CURSOR if player == p else C.BAR_BG
            lb.color = C.P1_INK if player == p else ink

    # -- cursor, selection, destinations --------------------------------------

    def set_cursor(self, sp, color=C.CURSOR):
        """Highlight spot ``sp``'s number (-1: no cursor); a tray's cursor
        is its count. ``color`` (a palette change: both rows of numbers
        redraw) tells, say, the last AI move from the player's cursor."""
        if color != self.cur_color:
            self.cur_color = color
            self.num_pal[2] = color
        old = self.cursor
        if sp == old:
            return
        self.cursor = sp
        if old > 0:
            self._label(old)
        if sp > 0:
            self._label(sp)

    def set_selected(self, sp):
        """Draw the outermost checker of spot ``sp`` as picked up (-1:
        none)."""
        old = self.sel
        if sp == old:
            return
        self.sel = sp
        if 0 < old < OFF1:
            self._draw(old)
        if 0 < sp < OFF1:
            self._draw(sp)

    def set_marks(self, spots):
        """Mark the destinations ``spots`` (an iterable of spots, or a mask
        with bit ``sp`` set): a green dot where the mover's checker would
        land, a green slab in a tray."""
        if isinstance(spots, int):
            mask = spots
        else:
            mask = 0
            for sp in spots:
                mask |= 1 << sp
        diff = mask ^ self.marks
        self.marks = mask
        self._redraw(diff)

    def set_blocked(self, spots):
        """Cross out the points of mask ``spots`` (bit ``sp``): where the
        picked checker may not go (Long Nardy)."""
        diff = spots ^ self.blocked
        self.blocked = spots
        self._redraw(diff)

    def _redraw(self, mask):
        """Redraw the spots of ``mask`` (bit ``sp``)."""
        sp = 1
        while mask >> sp:
            if mask & (1 << sp):
                self._draw(sp)
            sp += 1

    # -- dice, cube, status, message ------------------------------------------

    def set_dice(self, d1, d2, used=0, player=None):
        """Show a roll in ``player``'s colours (None: the mover; a pair: a
        colour a die, the opening roll) where MINIGAM shows its two dice;
        a double as its die and, beside it, how many of its four moves are
        left ("x4" .. "x1": four dice would not fit whole). Bit k of
        ``used`` marks die k (of the two, or of a double's four) played: a
        played die greys, as does a double's when no move is left (its
        count then goes). ``d1 = 0`` hides the dice, ``d2 = 0`` shows one
        die."""
        if player is None:
            player = self.pos[52] or 1
        two = isinstance(player, tuple)
        p, q = player if two else (player, player)
        s1 = 3 if used & 1 else p
        s2 = 3 if used & 2 else q
        if d1 and d1 == d2 and not two:
            n = 4 - (used & 1) - (used >> 1 & 1) - (used >> 2 & 1) - \
                (used >> 3 & 1)
            s1 = p if n else 3
            d2 = 6 + n if n else 0  # the counts' tiles follow the faces
            s2 = p
        C.die(self.dice[0], self.dice_st, 0, d1, s1)
        C.die(self.dice[1], self.dice_st, 1, d2, s2)

    def set_cube(self, value, owner=0):
        """The doubling cube: ``value`` 1 (shows 64) .. 64, centred
        (``owner`` 0) or at its owner's edge; ``value`` 0 hides it."""
        show(self.cube, value > 0)
        if value <= 0:
            return
        t = 0
        while value > 1 and t < 6:
            value >>= 1
            t += 1
        if self.cube[0] != t:
            self.cube[0] = t
        y = self.lay.cube_y(owner)
        if self.cube.y != y:
            self.cube.y = y

    def set_score(self, a, b, length=0):
        """The score ``a``-``b`` of a match to ``length`` points, or (0) of
        a session of single games (named ``SESSION``), in the longest
        form that fits: named by the first of ``words`` that fits, else
        bare; figures of four digits or more in thousands ("65k") where
        the whole ones do not fit. Player 2's figure is in its colour, as
        its pips are (``score2_lb`` over it)."""
        n = self.lay.score_chars
        forms = ("%s %s-%s to %d", "%s %s-%s/%d") if length else ("%s %s-%s",)
        words = (self.words if length else (self.SESSION,)) + ("",)
        for x, y in (("%d" % a, "%d" % b), (_k(a), _k(b))):
            for w in words:
                for f in forms:
                    t = (f % ((w, x, y, length) if length else (w, x, y))
                         ).lstrip()
                    if len(t) <= n:
                        return self._score(t, y)
        self._score(t, y)  # (too long: ``text.fit`` reports it)

    def _score(self, t, b):
        """Show score text ``t`` and Player 2's figure ``b`` (the one after
        its last "-") over it, in Player 2's colour."""
        set_text(self.score_lb, t)
        lb = self.score2_lb
        set_text(lb, b)
        L = self.lay
        x = (L.w - 2 - (len(t) - 1 - t.rindex("-")) * L.cw) // L.scale
        if lb.grid.x != x:
            lb.grid.x = x

    def set_message(self, text):
        t = text or ""
        if self.msg_lb.text != t:
            self.msg_lb.text = t

    def set_banner(self, line1, line2=None):
        """A two-line notice across the middle of the board (``None`` hides
        it); while it shows, the stacks it would cover show in the slots
        clear of it (a count on the last), so the position stays readable
        (the roll to make and a double offered are cube decisions)."""
        up = line1 is not None
        if up:
            for lb, t in ((self.ban1, line1), (self.ban2, line2 or "")):
                if lb.text != t:
                    lb.text = t
        show(self.banner, up)
        if up != self.ban_up:
            self.ban_up = up
            if self.lay.ban_low < self.lay.cap:
                self._redraw(((1 << 25) - 2) | (1 << BAR1) | (1 << BAR2))
