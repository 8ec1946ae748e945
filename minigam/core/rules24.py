"""What Backgammon's and Long Nardy's rules share: the 24-point position's
shape (each player's 26-byte block by its own index, 25 counting the
checkers borne off; byte 52 the player to move), its winner, pip count
and lowest checker, and the play buffers: the distinct legal plays of one
roll as each game's rules find them, and what reads them back.

A play is 8 bytes of ``moves``: ``src1, die1, ... src4, die4`` (the
mover's-view source indices, ``NONE`` for unused steps). Each game's
``Rules`` subclasses :class:`Plays24`: it finds the plays (``plays``),
records each with ``_leaf`` and plays one on a board (``apply``); the
buffers, the recording, the step count and the new positions are here.
"""

from minigam.compat import const

NONE = const(255)
_TURN = const(52)
_BLOCK = const(26)
_OFF = const(25)
_CHECKERS = const(15)
# Non-doubles: at most 2 orders x 15 first sources x 15 second sources.
_MAX_PAIRS = const(450)


def mover_base(pos):
    """Offset of the mover's block: 0 for Player 1, 26 for Player 2."""
    return 0 if pos[_TURN] == 1 else _BLOCK


def winner(pos):
    """1 or 2 when that player has borne off all 15 checkers, else 0."""
    if pos[_OFF] == _CHECKERS:
        return 1
    if pos[_BLOCK + _OFF] == _CHECKERS:
        return 2
    return 0


def pips(pos, player):
    """Pip count of ``player``: the sum of (25 - index) over its checkers
    (Backgammon's bar, index 0, counts 25; Long Nardy has none)."""
    b = 0 if player == 1 else _BLOCK
    total = 0
    for i in range(_OFF):
        total += pos[b + i] * (25 - i)
    return total


def lowest(pos, m):
    """The lowest occupied index of block ``m`` (0: Backgammon's bar; 25:
    all off)."""
    i = 0
    while i < _OFF and not pos[m + i]:
        i += 1
    return i


class Plays24:
    """Preallocated buffers of a roll's plays.

    :param max_plays: their capacity; a roll with more plays raises
        ``OverflowError``
    :param hits: also keep each play's hits (bit ``k`` of ``hits[k]``:
        step ``k`` hit a blot), for a game where checkers are hit
    """

    def __init__(self, max_plays, hits):
        self.max_plays = max_plays
        self.moves = bytearray(8 * max_plays)  # 4 (src, die) steps a play
        self.hits = bytearray(max_plays) if hits else None
        self.count = 0
        self._keys = [0] * _MAX_PAIRS  # non-doubles: dedupe keys
        self._cur = bytearray(8)  # the steps being built
        self._curhit = 0  # their hits
        self._best = 0  # most steps in a play found so far
        # Called now and then during a long search (a double's many plays,
        # up to about 80 ms on a Pico): the app's keys and frames go on
        # (``minigam.app.ai_turn_keys``).
        self.between = None
        self._calls = 0

    def _pause(self, mask=7):
        """``between()`` when the count of calls has no bits of ``mask``
        set: every eighth call of a double's search, about 5 ms of it on a
        Pico (``mask`` 0: every call)."""
        self._calls += 1
        if not self._calls & mask:
            self.between()

    def _leaf(self, n):
        """Record the ``n``-step play in ``_cur`` if no longer one exists."""
        if n < self._best:
            return
        if n > self._best:
            self._best = n
            self.count = 0
        c = self.count
        if c == self.max_plays:
            raise OverflowError("more than %d plays" % c)
        mv = self.moves
        cur = self._cur
        b = c << 3
        for k in range(8):
            mv[b + k] = cur[k]
        if self.hits is not None:
            self.hits[c] = self._curhit
        self.count = c + 1

    def _record_pair(self, nk, s, t, s2, u, da, db, more):
        """Record the two-step play (``s`` to ``t`` with ``da``, then ``s2``
        to ``u`` with ``db``) unless a play with its board is among the
        ``nk`` recorded since the roll's search began; returns the new
        ``nk``. The board's key is what changed: the leaving and landing
        indices left once a checker's pass-through cancels (26 fills the
        gap), times 625 plus ``more`` (Backgammon's hit indices)."""
        p1 = t
        n1 = s
        p2 = u
        n2 = s2
        if s2 == t:
            p1 = 26
            n2 = 26
        elif u == s:
            p2 = 26
            n1 = 26
        if p1 > p2:
            p1, p2 = p2, p1
        if n1 > n2:
            n1, n2 = n2, n1
        key = (((p1 * 27 + p2) * 27 + n1) * 27 + n2) * 625 + more
        keys = self._keys
        k = 0
        while k < nk and keys[k] != key:
            k += 1
        if k < nk:
            return nk
        keys[nk] = key
        cur = self._cur
        cur[0] = s
        cur[1] = da
        cur[2] = s2
        cur[3] = db
        self._leaf(2)
        return nk + 1

    def steps(self, k):
        """How many steps play ``k`` of the last ``plays`` call has."""
        mv = self.moves
        b = k << 3
        n = 0
        while n < 4 and mv[b + 2 * n] != NONE:
            n += 1
        return n

    # -- what each game's rules give ----------------------------------------

    def plays(self, pos, d1, d2):
        """Find the distinct legal plays of roll ``d1-d2``; their count."""
        raise NotImplementedError

    def apply(self, pos, k, pass_turn=True):
        """Play play ``k`` of the last ``plays`` call on ``pos``."""
        raise NotImplementedError

    # -- new positions -----------------------------------------------------

    def _pass(self, pos):
        """The turn passes on ``pos`` (a game may clear its turn's marks
        too)."""
        pos[_TURN] = 3 - pos[_TURN]

    def result(self, pos, k, pass_turn=True):
        """A new position: ``pos`` after play ``k`` (the pass if ``k`` is
        None), the turn passed unless ``pass_turn`` is False."""
        out = bytearray(pos)
        if k is not None:
            self.apply(out, k, pass_turn)
        elif pass_turn:
            self._pass(out)
        return out

    def results(self, pos, d1, d2, pass_turn=True):
        """The distinct positions after roll ``d1-d2`` (a pass is one: the
        position itself), as new bytearrays; none once the game is over.
        Convenient, not allocation-free."""
        n = self.plays(pos, d1, d2)
        if n == 0:
            if winner(pos):
                return []
            return [self.result(pos, None, pass_turn)]
        return [self.result(pos, k, pass_turn) for k in range(n)]
