"""Long Nardy rules engine: single moves and legal plays.

The rules are those of the rule book, docs/rules/long-nardy.md. A position
is a ``bytearray`` of 54 bytes, Backgammon's 53-byte shape
(``minigam.bg.rules``) plus one byte:

* bytes 0..25: White's (Player 1's) checkers by White's index;
* bytes 26..51: Black's (Player 2's) checkers by Black's index;
* byte 52 (``TURN``): the player to move, 1 (White) or 2 (Black);
* byte 53 (``HEADS``): the head moves of the turn being played (below);
  0 between turns.

Within a player's block index ``i`` (1..24) is that player's own point
``25 - i``: index 1 (``HEAD``) is its 24-point, the head where all 15
start, index 24 its 1-point; indices 19..24 (``HOME``) are its home, 25
(``OFF``) counts the checkers borne off, and index 0 is always 0 (there is
no bar). Both players move the same way round the board, so the opponent's
index of the point at the mover's index ``i`` is ``opposite(i)``: ``i +
12`` or ``i - 12`` (the opponent's head, its index 1, is the mover's index
13, the mover's 12-point). The opponent's indices run along the
opponent's path, so "ahead of" a point, for the opponent, means a higher
opponent index.

The rules, per single move of die ``d`` from index ``i`` to ``i + d``:

* no hitting: a point holding any opposing checker is closed;
* the head: one checker a turn leaves index 1. Exception (the
  ``head_doubles`` setting, on by default): a turn that starts with all 15
  on the head and rolls 6-6, 4-4 or 3-3 may take two;
* the block: a move may not complete six or more of the mover's points in
  a row along the opponent's path unless an opposing checker stands ahead
  of them (on a higher opponent index, or borne off). Every single move is
  checked, so a play never passes through such a block;
* bearing off needs all 15 home; die ``d`` bears off from index ``25 -
  d``, a higher die from the lowest occupied index when no checker stands
  lower.

Whole rolls: both dice when possible; if only one can be played, the
higher when either could; doubles play four times, or as many as possible.

``HEADS`` records the head moves of the turn so the single-move functions
need nothing else: 0 none yet, else the die that took the first checker
off the head, plus 8 once a second one has left. A second may leave only
with the same die (so the roll is a double) and with 14 still on the head
(so all 15 were there as the turn began). ``do_move`` and ``undo_move``
keep it; ``Rules.apply`` clears it after a play, and ``end_turn`` when a
turn built move by move is over. Positions are written and read as text
by ``minigam.nardy.notation``.

``Rules.plays`` fills preallocated buffers with the distinct plays (by
resulting board) of a roll. A play is 8 bytes, Backgammon's: ``src1,
die1, ... src4, die4`` (mover's-view source indices, ``NONE`` for unused
steps), in an order that is legal move by move. Long Nardy has no hits, so
there is no hits buffer; ``do_move`` and ``apply`` return 0 where
Backgammon's return hits.
"""

from minigam.compat import const
from minigam.core.rules24 import Plays24, lowest, winner
# (also this module's API: its callers ask it for the mover and the pips)
from minigam.core.rules24 import mover_base, pips  # noqa: F401

POS_SIZE = const(54)
TURN = const(52)
HEADS = const(53)
BLOCK = const(26)
OFF = const(25)
HEAD = const(1)
HOME = const(19)
CHECKERS = const(15)
NONE = const(255)  # (minigam.core.rules24's)
# The buffers' size: the most distinct plays one roll can have (a double
# moving four of 15 checkers on 15 points, C(18, 4)).
MAX_PLAYS = const(3060)
# HEADS: added when a second checker leaves the head.
_SECOND = const(8)
# Doubles: one bit per multiset of 1..4 source indices (1..24):
# 24 + C(25, 2) + C(26, 3) + C(27, 4) = 20474 bits.
_SEEN_BYTES = const(2560)
# ``_seen`` is cleared by slices of this many bytes: a loop over its bytes
# took about 20 ms on a Pico, with no keys or frames meanwhile.
_CLEAR = const(256)
_ZEROS = bytes(_CLEAR)


def new_position(turn=1):
    """The start position: each player's 15 checkers on its head;
    ``turn`` (1 White, 2 Black) to move."""
    pos = bytearray(POS_SIZE)
    pos[HEAD] = CHECKERS
    pos[BLOCK + HEAD] = CHECKERS
    pos[TURN] = turn
    return pos


def opposite(i):
    """The other player's index of the point at index ``i`` (1..24); its
    own inverse."""
    return i + 12 if i <= 12 else i - 12


def win_kind(pos):
    """0 while nobody has won; else 1 (oin, a single game) or 2 (mars: the
    loser has borne off none). There is no koks."""
    w = winner(pos)
    if not w:
        return 0
    return 1 if pos[(BLOCK if w == 1 else 0) + OFF] else 2


def end_turn(pos):
    """Finish a turn built with ``do_move``: clear ``HEADS`` and pass the
    turn."""
    pos[HEADS] = 0
    pos[TURN] = 3 - pos[TURN]


def closes_block(pos, m, s, t):
    """True when a checker of block ``m`` moving from index ``s`` to the
    empty index ``t`` would complete six or more of its points in a row
    along the opponent's path with no opposing checker ahead of them (a
    forbidden block). ``s`` counts one checker fewer."""
    q = t + 12 if t <= 12 else t - 12  # t on the opponent's path
    lo = q
    while lo > 1:
        i = lo + 11 if lo <= 13 else lo - 13  # the mover's index of lo - 1
        n = pos[m + i]
        if i == s:
            n -= 1
        if n <= 0:
            break
        lo -= 1
    hi = q
    while hi < 24:
        i = hi + 13 if hi <= 11 else hi - 11  # the mover's index of hi + 1
        n = pos[m + i]
        if i == s:
            n -= 1
        if n <= 0:
            break
        hi += 1
    if hi - lo < 5:
        return False
    o = BLOCK - m
    for k in range(hi + 1, OFF + 1):  # ahead, borne off included
        if pos[o + k]:
            return False
    return True


def can_move(pos, m, i, d, head_doubles=True):
    """True when the player of block ``m`` may move a checker from index
    ``i`` with die ``d``, given the head moves already made this turn
    (``pos[HEADS]``). A single step; the whole-roll rules are in
    ``Rules.plays``."""
    if i < 1 or i >= OFF or not pos[m + i]:
        return False
    if i == HEAD:
        h = pos[HEADS]
        # A second head move: the first-turn double exception only. The
        # first left with the same die (so the roll is a double) and all
        # 15 were on the head when the turn began.
        if h and not (head_doubles and h == d and (d == 6 or d == 4 or d == 3)
                      and pos[m + HEAD] == CHECKERS - 1):
            return False
    t = i + d
    if t < OFF:
        if pos[BLOCK - m + (t + 12 if t <= 12 else t - 12)]:
            return False  # an opposing checker holds it
        return pos[m + t] > 0 or not closes_block(pos, m, i, t)
    lo = lowest(pos, m)
    return lo >= HOME and (t == OFF or i == lo)


def do_move(pos, m, i, d):
    """Make a single step (assumed legal). Returns 0 (no hits in Long
    Nardy; Backgammon's returns whether it hit)."""
    t = i + d
    if t > OFF:
        t = OFF
    pos[m + i] -= 1
    pos[m + t] += 1
    if i == HEAD:
        h = pos[HEADS]
        pos[HEADS] = h + _SECOND if h else d
    return 0


def undo_move(pos, m, i, d, hit=0):
    """Take back ``do_move(pos, m, i, d)`` (``hit`` is ignored; it is there
    for Backgammon's signature)."""
    t = i + d
    if t > OFF:
        t = OFF
    pos[m + t] -= 1
    pos[m + i] += 1
    if i == HEAD:
        h = pos[HEADS]
        pos[HEADS] = h - _SECOND if h > _SECOND else 0


class Rules(Plays24):
    """Legal-play generator with preallocated buffers
    (``minigam.core.rules24.Plays24``).

    :param max_plays: capacity of the play buffer (``MAX_PLAYS`` by
        default; a smaller one saves memory and raises ``OverflowError``
        when a roll has more plays).
    :param head_doubles: the first-turn exception to the head rule (on by
        default): a turn that starts with all 15 checkers on the head and
        rolls 6-6, 4-4 or 3-3 may take two checkers off the head. Off,
        every turn takes at most one.
    """

    def __init__(self, max_plays=MAX_PLAYS, head_doubles=True):
        Plays24.__init__(self, max_plays, False)  # (no checker is hit)
        self.head_doubles = head_doubles
        self._srt = bytearray(4)  # doubles: the sources, sorted
        self._seen = bytearray(_SEEN_BYTES)  # doubles: source sets reached

    # -- single steps (module functions, as methods for MINIGAM's API) ----

    def can_move(self, pos, m, i, d):
        return can_move(pos, m, i, d, self.head_doubles)

    def do_move(self, pos, m, i, d):
        return do_move(pos, m, i, d)

    def undo_move(self, pos, m, i, d, hit=0):
        undo_move(pos, m, i, d)

    def any_move(self, pos, m, d):
        """True when die ``d`` has at least one legal single step."""
        hd = self.head_doubles
        for i in range(1, OFF):
            if pos[m + i] and can_move(pos, m, i, d, hd):
                return True
        return False

    # -- whole plays -----------------------------------------------------

    def plays(self, pos, d1, d2):
        """Find the distinct legal plays of roll ``d1-d2`` for the mover.

        Fills ``self.moves`` and returns the count; 0 means the mover
        cannot move (or the game is over). ``pos`` is a turn's start
        (``HEADS`` 0; otherwise the head moves it records count as made
        this turn), and it is restored on return.
        The block rule makes the order of the moves matter, so every order
        is searched. Non-doubles try both dice first and dedupe by an
        exact key of the board change. Doubles search move by move, and a
        set of sources reached before by another order (the same board)
        is not searched again; at four moves that also dedupes the plays.
        """
        self.count = 0
        self._best = 0
        if winner(pos):
            return 0
        m = 0 if pos[TURN] == 1 else BLOCK
        cur = self._cur
        for k in range(8):
            cur[k] = NONE
        hd = self.head_doubles
        if d1 == d2:
            self._double(pos, m, d1, 0, hd)
            seen = self._seen
            for k in range(0, _SEEN_BYTES, _CLEAR):
                seen[k:k + _CLEAR] = _ZEROS
            return self.count
        nk = 0
        any1 = False
        for order in range(2):
            da = d2 if order else d1
            db = d1 if order else d2
            for s in range(1, OFF):
                if not pos[m + s] or not can_move(pos, m, s, da, hd):
                    continue
                any1 = True
                if self.between is not None:
                    # each first step: its second steps and their dedupe
                    # take up to about 12 ms on a Pico late in the list
                    self._pause(0)
                do_move(pos, m, s, da)
                for s2 in range(1, OFF):
                    if pos[m + s2] and can_move(pos, m, s2, db, hd):
                        nk = self._pair(nk, s, da, s2, db)
                undo_move(pos, m, s, da)
        if self.count == 0 and any1:  # one die only: the higher if it can
            hi = d1 if d1 > d2 else d2
            if not self._singles(pos, m, hi, hd):
                self._singles(pos, m, d1 + d2 - hi, hd)
        return self.count

    def _pair(self, nk, s, da, s2, db):
        """Record the two-step play (s with da, then s2 with db) unless its
        board is already listed (``Plays24._record_pair``)."""
        t = s + da
        u = s2 + db
        return self._record_pair(nk, s, t if t < OFF else OFF, s2,
                             u if u < OFF else OFF, da, db, 0)

    def _singles(self, pos, m, d, hd):
        """List the one-step plays of die ``d`` (no two-step play exists).
        Returns their count."""
        cur = self._cur
        for s in range(1, OFF):
            if pos[m + s] and can_move(pos, m, s, d, hd):
                cur[0] = s
                cur[1] = d
                cur[2] = NONE
                cur[3] = NONE
                self._leaf(1)
        return self.count

    def _double(self, pos, m, d, depth, hd):
        """Search the plays of double ``d`` from step ``depth`` on, in every
        order, skipping source sets already reached; record the longest."""
        if self.between is not None:
            self._pause()
        cur = self._cur
        seen = self._seen
        found = False
        for s in range(1, OFF):
            if not pos[m + s] or not can_move(pos, m, s, d, hd):
                continue
            found = True
            r = self._rank(depth, s)
            bit = 1 << (r & 7)
            if seen[r >> 3] & bit:
                continue  # the same board, reached in another order
            seen[r >> 3] |= bit
            do_move(pos, m, s, d)
            cur[2 * depth] = s
            cur[2 * depth + 1] = d
            if depth == 3:
                self._leaf(4)
            else:
                self._double(pos, m, d, depth + 1, hd)
            cur[2 * depth] = NONE
            cur[2 * depth + 1] = NONE
            undo_move(pos, m, s, d)
        if not found and depth:
            self._leaf(depth)

    def _rank(self, depth, s):
        """The bit in ``_seen`` of the multiset of sources: those of the
        ``depth`` steps in ``_cur`` and ``s``. Sorted, ``a0 <= ... <= ak``
        (0-based) ranks as the combination ``aj + j`` in the combinatorial
        number system, after the smaller multisets' bits."""
        srt = self._srt
        cur = self._cur
        n = 0
        for j in range(depth):
            v = cur[2 * j]
            k = n
            while k and srt[k - 1] > v:
                srt[k] = srt[k - 1]
                k -= 1
            srt[k] = v
            n += 1
        k = n
        while k and srt[k - 1] > s:
            srt[k] = srt[k - 1]
            k -= 1
        srt[k] = s
        c = srt[0] - 1
        r = c
        if depth == 0:
            return r
        c = srt[1]  # (srt[1] - 1) + 1
        r += c * (c - 1) // 2
        if depth == 1:
            return 24 + r
        c = srt[2] + 1
        r += c * (c - 1) * (c - 2) // 6
        if depth == 2:
            return 324 + r
        c = srt[3] + 2
        r += c * (c - 1) * (c - 2) * (c - 3) // 24
        return 2924 + r

    # -- applying plays ------------------------------------------------------

    def apply(self, pos, k, pass_turn=True):
        """Play play ``k`` of the last ``plays`` call on ``pos`` (and pass
        the turn unless ``pass_turn`` is False); ``HEADS`` is cleared.
        Returns 0 (no hits)."""
        m = 0 if pos[TURN] == 1 else BLOCK
        mv = self.moves
        b = k << 3
        for j in range(4):
            s = mv[b + 2 * j]
            if s == NONE:
                break
            do_move(pos, m, s, mv[b + 2 * j + 1])
        pos[HEADS] = 0
        if pass_turn:
            pos[TURN] = 3 - pos[TURN]
        return 0

    def _pass(self, pos):
        """The turn passes, and its head moves are forgotten."""
        end_turn(pos)
