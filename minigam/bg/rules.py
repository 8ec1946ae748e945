"""Standard backgammon rules engine: single moves and legal plays.

A position is a ``bytearray`` of 53 bytes (a contract other modules build
on):

* bytes 0..25: Player 1's checkers by P1 index;
* bytes 26..51: Player 2's checkers by P2 index;
* byte 52: the player to move, 1 or 2.

Within a player's block index 0 is the bar, 1..24 the points along that
player's path (index ``i`` has ``25 - i`` pips to go: index 1 is its own
24-point, index 24 its ace point) and 25 (``OFF``) the checkers borne off;
indices 19..24 are its home board. Each side is kept in its own view, as in
``minigam.quarter.rules``: the mover's block starts at ``m`` (0 or 26), the
opponent's at ``26 - m``, and the mover's index ``i`` faces the opponent's
index ``25 - i``. Nothing is mirrored or copied.

The rules: a checker on the bar must enter before any other move (die ``d``
enters at index ``d``, in the opponent's home board); a point held by two or
more opposing checkers is blocked; a single opposing checker there is hit
and goes to its bar; bearing off needs all 15 checkers home (or off); die
``d`` bears off from index ``25 - d``, and a higher die bears off from the
lowest occupied index (the farthest back) when no checker stands farther
back. Both dice must be played when possible; if only one can be, the
higher one when either could; doubles play four times, or as many as
possible.

``Rules.plays`` fills preallocated buffers with the distinct plays (by
resulting board) of a roll. A play is 8 bytes: ``src1, die1, ... src4,
die4`` (mover's-view source indices, ``NONE`` for unused steps), and a hits
byte (bit ``k`` set when step ``k`` hit a blot).
"""

from minigam.compat import const
from minigam.core.rules24 import Plays24, lowest, winner
# (also this module's API: its callers ask it for the mover and the pips)
from minigam.core.rules24 import mover_base, pips  # noqa: F401

POS_SIZE = const(53)
TURN = const(52)
BLOCK = const(26)
OFF = const(25)
HOME = const(19)
CHECKERS = const(15)
NONE = const(255)  # (minigam.core.rules24's)
# The buffers' size: GNU Backgammon's bound on the plays of one roll.
MAX_PLAYS = const(3060)


def new_position(turn=1):
    """The start position: 2 on the 24-point, 5 on the 13-, 3 on the 8-
    and 5 on the 6-point each (indices 1, 12, 17, 19); ``turn`` to move."""
    pos = bytearray(POS_SIZE)
    for b in (0, BLOCK):
        pos[b + 1] = 2
        pos[b + 12] = 5
        pos[b + 17] = 3
        pos[b + 19] = 5
    pos[TURN] = turn
    return pos


def win_kind(pos):
    """0 while nobody has won; else 1 (single), 2 (gammon: the loser has
    borne off none) or 3 (backgammon: a gammon with a loser's checker still
    on the bar or in the winner's home board, the loser's indices 1..6)."""
    w = winner(pos)
    if not w:
        return 0
    lose = BLOCK if w == 1 else 0
    if pos[lose + OFF]:
        return 1
    for i in range(7):
        if pos[lose + i]:
            return 3
    return 2


def can_move(pos, m, i, d):
    """True when the player of block ``m`` may move a checker from index
    ``i`` with die ``d`` (a single step; the whole-roll rules are in
    ``Rules.plays``)."""
    if i >= OFF or not pos[m + i]:
        return False
    if i and pos[m]:  # the bar first
        return False
    t = i + d
    if t < OFF:
        return pos[BLOCK - m + 25 - t] < 2
    lo = lowest(pos, m)
    return lo >= HOME and (t == OFF or i == lo)


def do_move(pos, m, i, d):
    """Make a single step (assumed legal). Returns 1 if it hit, else 0."""
    t = i + d
    pos[m + i] -= 1
    if t >= OFF:
        pos[m + OFF] += 1
        return 0
    pos[m + t] += 1
    q = BLOCK - m + 25 - t
    if pos[q] == 1:
        pos[q] = 0
        pos[BLOCK - m] += 1
        return 1
    return 0


def undo_move(pos, m, i, d, hit):
    """Take back ``do_move(pos, m, i, d)`` that returned ``hit``."""
    t = i + d
    pos[m + i] += 1
    if t >= OFF:
        pos[m + OFF] -= 1
        return
    pos[m + t] -= 1
    if hit:
        pos[BLOCK - m + 25 - t] = 1
        pos[BLOCK - m] -= 1


class Rules(Plays24):
    """Legal-play generator with preallocated buffers
    (``minigam.core.rules24.Plays24``).

    :param max_plays: capacity of the play buffers (``MAX_PLAYS`` by
        default; a smaller one saves memory and raises ``OverflowError``
        when a roll has more plays).
    """

    def __init__(self, max_plays=MAX_PLAYS):
        Plays24.__init__(self, max_plays, True)

    # -- single steps (module functions, as methods for MINIGAM's API) ----

    def can_move(self, pos, m, i, d):
        return can_move(pos, m, i, d)

    def do_move(self, pos, m, i, d):
        return do_move(pos, m, i, d)

    def undo_move(self, pos, m, i, d, hit):
        undo_move(pos, m, i, d, hit)

    def any_move(self, pos, m, d):
        """True when die ``d`` has at least one legal single step."""
        for i in range(OFF):
            if pos[m + i] and can_move(pos, m, i, d):
                return True
        return False

    # -- whole plays -----------------------------------------------------

    def plays(self, pos, d1, d2):
        """Find the distinct legal plays of roll ``d1-d2`` for the mover.

        Fills ``self.moves`` and ``self.hits`` and returns the count; 0
        means the mover cannot move (or the game is over). ``pos`` is
        restored on return. Doubles are searched with non-decreasing source
        indices: every legal play can be reordered that way, and two such
        plays of one die with different sources never reach the same board,
        so they need no dedupe. Other rolls try both orders and dedupe by an
        exact key of the board change.
        """
        self.count = 0
        self._best = 0
        if winner(pos):
            return 0
        m = 0 if pos[TURN] == 1 else BLOCK
        cur = self._cur
        for k in range(8):
            cur[k] = NONE
        self._curhit = 0
        if d1 == d2:
            self._double(pos, m, d1, 0, 0, lowest(pos, m))
            return self.count
        nk = 0
        lo = lowest(pos, m)
        o = BLOCK - m
        any1 = False
        for order in range(2):
            da = d2 if order else d1
            db = d1 if order else d2
            for s in range(lo, OFF):
                if not pos[m + s]:
                    continue
                if lo == 0 and s:  # the bar first
                    break
                t = s + da
                if t < OFF:
                    if pos[o + 25 - t] > 1:
                        continue
                elif lo < HOME:
                    break
                elif t > OFF and s != lo:
                    break
                else:
                    t = OFF
                any1 = True
                h1 = do_move(pos, m, s, da)
                lo2 = lo
                if s == lo and not pos[m + s]:
                    lo2 = lowest(pos, m)
                for s2 in range(lo2, OFF):
                    if not pos[m + s2]:
                        continue
                    if lo2 == 0 and s2:
                        break
                    u = s2 + db
                    h2 = 0
                    if u < OFF:
                        q = pos[o + 25 - u]
                        if q > 1:
                            continue
                        if q:
                            h2 = u
                    elif lo2 < HOME:
                        break
                    elif u > OFF and s2 != lo2:
                        break
                    else:
                        u = OFF
                    nk = self._pair(nk, s, t, h1 and t, da, s2, u, h2, db)
                undo_move(pos, m, s, da, h1)
        if self.count == 0 and any1:  # one die only: the higher if it can
            hi = d1 if d1 > d2 else d2
            if not self._singles(pos, m, lo, hi):
                self._singles(pos, m, lo, d1 + d2 - hi)
        return self.count

    def _pair(self, nk, s, t, ha, da, s2, u, hb, db):
        """Record the two-step play (s->t with da, s2->u with db; ha, hb
        the hit indices or 0) unless its board is already listed: the
        hits are part of the board's key (``Plays24._record_pair``)."""
        self._curhit = (1 if ha else 0) | (2 if hb else 0)
        if ha > hb:
            ha, hb = hb, ha
        return self._record_pair(nk, s, t, s2, u, da, db, ha * 25 + hb)

    def _singles(self, pos, m, lo, d):
        """List the one-step plays of die ``d`` (no two-step play exists).
        Returns their count."""
        o = BLOCK - m
        for s in range(lo, OFF):
            if not pos[m + s]:
                continue
            if lo == 0 and s:
                break
            t = s + d
            h = 0
            if t < OFF:
                q = pos[o + 25 - t]
                if q > 1:
                    continue
                h = 1 if q else 0
            elif lo < HOME or (t > OFF and s != lo):
                break
            cur = self._cur
            cur[0] = s
            cur[1] = d
            cur[2] = NONE
            cur[3] = NONE
            self._curhit = h
            self._leaf(1)
        return self.count

    def _double(self, pos, m, d, depth, start, lo):
        """Search the plays of double ``d`` from step ``depth`` on, sources
        from ``start`` up (non-decreasing); record the longest."""
        if self.between is not None:
            self._pause()
        o = BLOCK - m
        cur = self._cur
        found = False
        for s in range(start if start > lo else lo, OFF):
            if not pos[m + s]:
                continue
            if lo == 0 and s:
                break
            t = s + d
            if t < OFF:
                if pos[o + 25 - t] > 1:
                    continue
            elif lo < HOME or (t > OFF and s != lo):
                break
            found = True
            h = do_move(pos, m, s, d)
            cur[2 * depth] = s
            cur[2 * depth + 1] = d
            if h:
                self._curhit |= 1 << depth
            if depth == 3:
                self._leaf(4)
            else:
                lo2 = lo
                if s == lo and not pos[m + s]:
                    lo2 = lowest(pos, m)
                self._double(pos, m, d, depth + 1, s, lo2)
            self._curhit &= ~(1 << depth)
            cur[2 * depth] = NONE
            cur[2 * depth + 1] = NONE
            undo_move(pos, m, s, d, h)
        if not found and depth:
            self._leaf(depth)

    # -- applying plays ------------------------------------------------------

    def apply(self, pos, k, pass_turn=True):
        """Play play ``k`` of the last ``plays`` call on ``pos`` (and pass
        the turn unless ``pass_turn`` is False). Returns the hits bitmask."""
        m = 0 if pos[TURN] == 1 else BLOCK
        mv = self.moves
        b = k << 3
        hits = 0
        for j in range(4):
            s = mv[b + 2 * j]
            if s == NONE:
                break
            hits |= do_move(pos, m, s, mv[b + 2 * j + 1]) << j
        if pass_turn:
            pos[TURN] = 3 - pos[TURN]
        return hits
