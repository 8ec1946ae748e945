"""The flow the 24-point games share (Backgammon's ``minigam.bg.game``,
Long Nardy's ``minigam.nardy.game``): ``Game24``, the turn flow of
``minigam.core.flow`` with both games' way of playing a roll.

Their position is laid out alike (``OFF`` 25, ``BLOCK`` 26, ``TURN`` 52;
a subclass gives them, as MINIGAM's game does). A single move is offered
only when the rest of the roll can still be played in full: the most dice
the roll can use (``need``, found at the turn's start) must stay
reachable, and when only one of two different dice can be used, the
higher one must be. So building a play move by move reaches exactly the
results of ``Rules.plays`` (both games play "both dice if you can, else
the higher").
"""

from minigam.core.flow import Flow, GameError, MOVE


def _most(pos, m, dice, n, off, can, do, undo):
    """The most of the first ``n`` dice of ``dice`` (a list, changed and
    restored) that can be played in some order from ``pos`` (its off index
    ``off``), by the single steps ``can``/``do``/``undo`` (a rules module's
    ``can_move``, ``do_move``, ``undo_move``); stops early once all ``n``
    can."""
    if n == 0:
        return 0
    best = 0
    tried = 0
    for j in range(n):
        d = dice[j]
        if tried & (1 << d):
            continue  # the same die value again: the same moves
        tried |= 1 << d
        dice[j] = dice[n - 1]
        for i in range(off):
            if pos[m + i] and can(pos, m, i, d):
                hit = do(pos, m, i, d)
                got = 1 + _most(pos, m, dice, n - 1, off, can, do, undo)
                undo(pos, m, i, d, hit)
                if got > best:
                    best = got
                    if best == n:
                        break
        dice[j] = d
        if best == n:
            break
    return best


class Game24(Flow):
    """The flow of a 24-point game. A game type gives what ``Flow`` asks
    for but the play of a roll: ``_new_pos()``, ``_won(pos)``,
    ``_points(pos)``; and ``pass_turn(pos)`` when passing the turn does more
    than flip the turn byte, ``_PLAY_OPENING`` when the starter rolls
    again."""

    OFF = 25
    BLOCK = 26
    TURN = 52

    def __init__(self, rules, match_to, dice, auto_forced, can, do, undo):
        if not isinstance(match_to, int) or match_to < 0 or match_to > 99:
            raise GameError("match length must be 0 (money) or 1..99 "
                            "points, got %r" % (match_to,))
        Flow.__init__(self, rules, match_to, dice, auto_forced, can, do,
                      undo)

    def _most(self, pos, m, dice):
        return _most(pos, m, dice, len(dice), self.OFF, self._can, self._do,
                     self._undo)

    def _begin_turn(self, d1, d2, auto):
        self._start_dice(d1, d2, 4 if d1 == d2 else 2)
        pos = self.pos
        self.need = self._most(pos, self._mover(pos), self.dice_left())
        self.must_pass = self.need == 0
        if auto and self.auto_forced and self.need:
            rules = self.rules
            if rules.plays(pos, d1, d2) == 1:
                mv = rules.moves
                for j in range(rules.steps(0)):
                    self.move(mv[2 * j], mv[2 * j + 1])
                self.forced = True

    def _allowed(self, src, die):
        """Whether single move ``src`` with ``die`` keeps the roll
        playable in full (see the module docstring)."""
        pos = self.pos
        m = self._mover(pos)
        if not self._can(pos, m, src, die):
            return False
        if self.need == 1 and self.d1 != self.d2 and not self.steps:
            hi = self.d1 if self.d1 > self.d2 else self.d2
            lo = self.d1 + self.d2 - hi
            if die == lo and self._most(pos, m, [hi]):
                return False  # either could be played: the higher must
        left = self.dice_left()
        left.remove(die)
        hit = self._do(pos, m, src, die)
        got = 1 + self._most(pos, m, left)
        self._undo(pos, m, src, die, hit)
        return got + len(self.steps) == self.need

    def _singles(self):
        out = []
        if self.state != MOVE or self._won(self.pos) \
                or len(self.steps) >= self.need:
            return out
        pos = self.pos
        m = self._mover(pos)
        tried = 0
        for d in self.dice_left():
            if tried & (1 << d):
                continue
            tried |= 1 << d
            for i in range(self.OFF):
                if pos[m + i] and self._allowed(i, d):
                    out.append((i, d))
        return out

    def turn_done(self):
        if self.state != MOVE:
            return False
        return len(self.steps) >= self.need or bool(self._won(self.pos))
