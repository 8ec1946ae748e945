"""MINIGAM rules engine: single moves and legal plays, exactly as the rule
book (docs/rules/minigam.md).

A position is a ``bytearray`` of 17 bytes:

* bytes 0..7: Player 1's checkers by P1 index (0 bar, 1..6 board, 7 off);
* bytes 8..15: Player 2's checkers by P2 index;
* byte 16: the player to move, 1 or 2.

Each side is kept in its own index view, so the mover's index ``i`` faces the
opponent's index ``7 - i`` and nothing is ever mirrored or copied: the mover's
block starts at ``m`` (0 or 8) and the opponent's at ``8 - m``.

``Rules.plays`` fills preallocated buffers (make/unmake on the caller's
position, no copies) with the distinct plays of a roll under the order rule
of the rule book (docs/rules/minigam.md). A play is stored as four bytes
``src1, die1, src2, die2`` (source indices in the mover's view; ``NONE`` for
an unused slot).
"""

from minigam.compat import const

TURN = const(16)
POS_SIZE = const(17)
NONE = const(255)
MAX_PLAYS = const(128)
OFF = const(7)
START_CHECKERS = const(8)


def new_position(checkers=START_CHECKERS, turn=1):
    """The start position: every checker on its bar, ``turn`` to move."""
    pos = bytearray(POS_SIZE)
    pos[0] = checkers
    pos[8] = checkers
    pos[TURN] = turn
    return pos


def mover_base(pos):
    """Offset of the mover's block: 0 for Player 1, 8 for Player 2."""
    return 0 if pos[TURN] == 1 else 8


def winner(pos, checkers=START_CHECKERS):
    """1 or 2 when that player has borne off every checker, else 0."""
    if pos[7] == checkers:
        return 1
    if pos[15] == checkers:
        return 2
    return 0


def pips(pos, player):
    """Pip count of ``player``: sum of (7 - index) over its checkers."""
    b = 0 if player == 1 else 8
    total = 0
    for i in range(7):
        total += pos[b + i] * (7 - i)
    return total


def point_of(index, player):
    """Absolute point number (1..6) of a board index of ``player``."""
    return index if player == 1 else 7 - index


def index_of(point, player):
    """Board index of absolute ``point`` (1..6) for ``player``."""
    return point if player == 1 else 7 - point


class Rules:
    """Legal-move generator for one game size and variant.

    :param checkers: checkers per side (8 in MINIGAM; fewer for tests/solvers)
    :param full_entry: the Full-Entry variant (no bear-off while on the bar)
    """

    def __init__(self, checkers=START_CHECKERS, full_entry=False):
        self.checkers = checkers
        self.full_entry = full_entry
        base = checkers + 1
        # Dedupe keys: a play's key is the change it makes, the sum over its
        # moves of w[to] - w[from], plus hw[t] for a hit on index t. The
        # weights write the mover's counts at indices 0..6 in base N+1 (the
        # off count follows from them) with one bit per hit point above, so
        # two plays of one roll share a key exactly when they reach the same
        # position. (For N <= 10 every key is a small int on MicroPython.)
        w = [1] * 8
        for i in range(1, 7):
            w[i] = w[i - 1] * base
        top = w[6] * base
        w[7] = 0
        self._w = tuple(w)
        self._hitw = tuple([0] + [top << (t - 1) for t in range(1, 7)] + [0])
        # The same weights by byte offset of either player's block.
        self._w16 = self._w + self._w
        self._hitw16 = self._hitw + self._hitw
        self._keys = [0] * MAX_PLAYS
        self._firsts = bytearray(8)  # plays(): sources of legal first moves
        # Plays found by the last ``plays`` call: 4 bytes each.
        self.moves = bytearray(4 * MAX_PLAYS)
        self.count = 0

    # -- single moves -------------------------------------------------------

    def can_move(self, pos, m, i, d):
        """True when the mover (block ``m``) may move a checker from index
        ``i`` with die ``d`` (rules 1-4 of the rule book,
        docs/rules/minigam.md)."""
        if i > 6 or pos[m + i] == 0:
            return False
        t = i + d
        if t < 7:
            return pos[8 - m + 7 - t] < 2
        if i == 0:
            return False
        if t == 7:
            return not (self.full_entry and pos[m])
        if pos[m]:
            return False
        for j in range(m + 1, m + i):
            if pos[j]:
                return False
        return True

    def any_move(self, pos, m, d):
        """True when die ``d`` has at least one legal single move."""
        for i in range(7):
            if pos[m + i] and self.can_move(pos, m, i, d):
                return True
        return False

    def do_move(self, pos, m, i, d):
        """Make a single move (assumed legal). Returns 1 if it hit, else 0."""
        t = i + d
        pos[m + i] -= 1
        if t >= 7:
            pos[m + 7] += 1
            return 0
        pos[m + t] += 1
        o = 8 - m + 7 - t
        if pos[o] == 1:
            pos[o] = 0
            pos[8 - m] += 1
            return 1
        return 0

    def undo_move(self, pos, m, i, d, hit):
        """Take back ``do_move(pos, m, i, d)`` that returned ``hit``."""
        t = i + d
        pos[m + i] += 1
        if t >= 7:
            pos[m + 7] -= 1
            return
        pos[m + t] -= 1
        if hit:
            pos[8 - m + 7 - t] = 1
            pos[8 - m] -= 1

    # -- whole plays --------------------------------------------------------

    def plays(self, pos, d1, d2):
        """Find the distinct legal plays of roll ``d1-d2`` for the mover.

        Fills ``self.moves`` and returns their count; 0 means the mover must
        pass (or the game is already over). ``pos`` is restored on return.

        This is the AI's hot path, so rules 1-4 of ``can_move`` are inlined
        with the facts they need (bar count, lowest occupied board index)
        computed once per move, not once per check. Loops run over absolute
        byte offsets ``s`` of ``pos`` (``s = m + index``); the opponent's
        count facing offset ``s`` is then ``pos[15 - s]`` for either player.
        For each order of the dice the legal first moves are listed, then
        each is made on ``pos`` and taken back; second moves are only
        checked, never made, and their dedupe key is computed directly.
        Nothing is allocated.
        """
        n = self.checkers
        self.count = 0
        if pos[7] == n or pos[15] == n:
            return 0
        m = 0 if pos[TURN] == 1 else 8  # the mover's bar
        off = m + 7  # the mover's borne-off count
        ob = 8 - m  # the opponent's bar
        fe = self.full_entry
        w = self._w16
        hw = self._hitw16
        keys = self._keys
        mv = self.moves
        firsts = self._firsts
        lo = m + 1  # the mover's lowest occupied board offset (off: none)
        while lo < off and not pos[lo]:
            lo += 1
        bar = pos[m]
        c = 0  # plays found so far
        da = d1
        db = d2
        for order in range(1 if d1 == d2 else 2):
            if order:
                da = d2
                db = d1
            # The legal single moves of die da (rules 1-4).
            nf = 0
            if bar or lo + da <= off:
                for s in range(m if bar else lo, off + 1 - da):  # to <= off
                    if pos[s]:
                        t = s + da
                        if t < off:
                            if pos[15 - t] > 1:  # an opposing made point
                                continue
                        elif fe and bar:  # Full-Entry: no bear-off from bar
                            continue
                        firsts[nf] = s
                        nf += 1
            elif lo < off:  # a higher die bears off the farthest back only
                firsts[0] = lo
                nf = 1
            for f in range(nf):
                # Make the first move on pos.
                s = firsts[f]
                t = s + da
                pos[s] -= 1
                if t < off:
                    pos[t] += 1
                    h1 = pos[15 - t]
                    if h1:  # a hit: the blot goes to its bar
                        pos[15 - t] = 0
                        pos[ob] += 1
                    k1 = w[t] - w[s] + hw[t] * h1
                else:
                    t = off
                    pos[off] += 1
                    h1 = 0
                    k1 = -w[s]
                found = False
                if pos[off] != n:  # the win ends the turn at once
                    # The same rules for die db in the new position.
                    bar2 = pos[m]
                    lo2 = lo
                    if s == m:
                        if t < lo2:
                            lo2 = t
                    elif s == lo and not pos[s]:
                        lo2 = s + 1
                        while lo2 < off and not pos[lo2]:
                            lo2 += 1
                    if bar2 or lo2 + db <= off:
                        for s2 in range(m if bar2 else lo2, off + 1 - db):
                            if pos[s2]:
                                u = s2 + db
                                if u < off:
                                    o = pos[15 - u]
                                    if o > 1:
                                        continue
                                    key = k1 + w[u] - w[s2] + hw[u] * o
                                elif fe and bar2:
                                    continue
                                else:
                                    key = k1 - w[s2]
                                found = True
                                k = 0
                                while k < c and keys[k] != key:
                                    k += 1
                                if k == c:  # a new play
                                    keys[c] = key
                                    b = c << 2
                                    mv[b] = s - m
                                    mv[b + 1] = da
                                    mv[b + 2] = s2 - m
                                    mv[b + 3] = db
                                    c += 1
                    elif lo2 < off:  # higher die, farthest back, empty bar
                        found = True
                        key = k1 - w[lo2]
                        k = 0
                        while k < c and keys[k] != key:
                            k += 1
                        if k == c:
                            keys[c] = key
                            b = c << 2
                            mv[b] = s - m
                            mv[b + 1] = da
                            mv[b + 2] = lo2 - m
                            mv[b + 3] = db
                            c += 1
                if not found:  # no second move: a one-move play
                    k = 0
                    while k < c and keys[k] != k1:
                        k += 1
                    if k == c:
                        keys[c] = k1
                        b = c << 2
                        mv[b] = s - m
                        mv[b + 1] = da
                        mv[b + 2] = NONE
                        mv[b + 3] = NONE
                        c += 1
                # Take the first move back.
                pos[s] += 1
                pos[t] -= 1
                if h1:
                    pos[15 - t] = 1
                    pos[ob] -= 1
        self.count = c
        return c

    def apply(self, pos, k):
        """Play the ``k``-th play of the last ``plays`` call on ``pos`` and
        pass the turn. Returns a bitmask of hits (bit 0 first move)."""
        m = 0 if pos[TURN] == 1 else 8
        mv = self.moves
        b = 4 * k
        hits = self.do_move(pos, m, mv[b], mv[b + 1])
        if mv[b + 2] != NONE:
            hits |= self.do_move(pos, m, mv[b + 2], mv[b + 3]) << 1
        pos[TURN] = 3 - pos[TURN]
        return hits

    def result(self, pos, k):
        """A new position: ``pos`` after play ``k`` (or the pass if ``k`` is
        None), with the turn passed."""
        out = bytearray(pos)
        if k is None:
            out[TURN] = 3 - out[TURN]
        else:
            self.apply(out, k)
        return out

    def results(self, pos, d1, d2):
        """All distinct positions after roll ``d1-d2`` (the pass included),
        as new bytearrays. Convenient, not allocation-free."""
        n = self.plays(pos, d1, d2)
        if n == 0:
            if winner(pos, self.checkers):
                return []
            return [self.result(pos, None)]
        return [self.result(pos, k) for k in range(n)]

    def single_moves(self, pos, dice, out):
        """Fill list ``out`` with the legal single moves ``(index, die)`` of
        the mover using any die in ``dice`` (duplicates ignored).

        Under the order rule of the rule book (docs/rules/minigam.md) every
        legal single move of an unused die starts or continues some legal
        play, so this is exactly what a player building a play may do next.
        Returns ``len(out)``.
        """
        del out[:]
        if winner(pos, self.checkers):
            return 0
        m = 0 if pos[TURN] == 1 else 8
        seen = 0
        for d in dice:
            if seen & (1 << d):
                continue
            seen |= 1 << d
            for i in range(7):
                if pos[m + i] and self.can_move(pos, m, i, d):
                    out.append((i, d))
        return len(out)
