"""Game flow of the 24-point games: Backgammon's here (``BgGame``: opening
roll, turns built move by move, undo, the doubling cube, money sessions and
matches with the Crawford rule), and the flow it shares with Long Nardy's
(``minigam.nardy.game``) in their base class, ``Game24``.

The API is MINIGAM's (``minigam.quarter.game``), so the app drives every game the
same way; what differs:

``BgGame(rules=None, match_to=0, dice=None, auto_forced=False)``
    ``match_to`` the points needed to win the match (1, 3, 5, 7, ...), or
    0 for a money session (games are played on, the points add up).
    A 1-point match has no cube (doubling could not change its result).

Extra attributes (both games):
    ``points``        the points the last game was worth (set at ``OVER``);
    ``used``          one flag a die to play: 2, or 4 for doubles;
    ``KIND``          the game type (``minigam.app.persist``'s number).

Backgammon's cube:
    ``cube``          the cube's value (1, 2, 4, ...);
    ``cube_owner``    0 centred, else the player who may double next;
    ``offered``       in state ``CUBE``: the player who doubled;
    ``crawford``      True in the Crawford game (no doubling);
    ``dropped``       True when the last game ended by a dropped double.

Backgammon's extra methods:
    ``can_double() -> bool``: the mover may double now (state ``ROLL``).
    ``double()``: offer the cube (state ``CUBE``: the opponent decides).
    ``take()``: the opponent takes: the cube doubles and is theirs; the
        doubler rolls next (state ``ROLL``).
    ``drop() -> winner``: the opponent passes: the doubler wins the cube's
        value before the double (state ``OVER``).

A single move is offered only when the rest of the roll can still be
played in full: the most dice the roll can use (``need``, found at the
turn's start) must stay reachable, and when only one of two different
dice can be used, the higher one must be. So building a play move by
move reaches exactly the results of ``Rules.plays`` (both games play
"both dice if you can, else the higher").
"""

from minigam.compat import const
from minigam.bg.rules import (Rules, new_position, winner as _winner,
                              win_kind, can_move, do_move, undo_move,
                              TURN, OFF, BLOCK)

NEW = const(0)
ROLL = const(1)
MOVE = const(2)
OVER = const(3)
CUBE = const(4)


class GameError(ValueError):
    """An action that is not allowed now (illegal move, wrong state...)."""


def _most(pos, m, dice, n, can, do, undo):
    """The most of the first ``n`` dice of ``dice`` (a list, changed and
    restored) that can be played in some order from ``pos``, by the single
    steps ``can``/``do``/``undo`` (a rules module's ``can_move``,
    ``do_move``, ``undo_move``); stops early once all ``n`` can."""
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
        for i in range(OFF):
            if pos[m + i] and can(pos, m, i, d):
                hit = do(pos, m, i, d)
                got = 1 + _most(pos, m, dice, n - 1, can, do, undo)
                undo(pos, m, i, d, hit)
                if got > best:
                    best = got
                    if best == n:
                        break
        dice[j] = d
        if best == n:
            break
    return best


def check_die(d):
    """GameError unless ``d`` is a die's value, 1..6."""
    if not isinstance(d, int) or d < 1 or d > 6:
        raise GameError("a die must be 1..6, got %r" % (d,))


class Game24:
    """The flow of a 24-point game (Backgammon, Long Nardy): the opening
    roll, turns built move by move, the turn log, money sessions and
    matches. A game type gives its rules' single steps (``can``, ``do``,
    ``undo``: a rules module's ``can_move``, ``do_move``, ``undo_move``)
    and defines ``_new_pos()``, ``_points(pos)`` (a won game's worth),
    ``_end(pos)`` (pass the turn) and ``_PLAY_OPENING`` (whether the
    opening dice are the first turn's, or the starter rolls again)."""

    OFF = 25  # the position's shape (as ``minigam.quarter.game.Game``'s)
    BLOCK = 26
    TURN = 52
    _PLAY_OPENING = True

    def __init__(self, rules, match_to, dice, auto_forced, can, do, undo):
        if not isinstance(match_to, int) or match_to < 0 or match_to > 99:
            raise GameError("match length must be 0 (money) or 1..99 "
                            "points, got %r" % (match_to,))
        self._can = can
        self._do = do
        self._undo = undo
        self.rules = rules
        self.dice = dice
        self.match_to = match_to
        self.auto_forced = auto_forced
        self.score = [0, 0]
        self.match_winner = 0
        self.game_no = 0
        self.state = OVER
        self.new_game()

    def _new_pos(self):
        """The game type's start position."""
        raise NotImplementedError

    def _points(self, pos):
        """What the game won in ``pos`` is worth."""
        raise NotImplementedError

    def _end(self, pos):
        """Pass the turn at the end of a turn."""
        pos[TURN] = 3 - pos[TURN]

    # -- match ---------------------------------------------------------------

    @property
    def player(self):
        return self.pos[TURN]

    def match_over(self):
        return self.match_winner != 0

    def new_match(self):
        """Scores to 0, game 1 in state ``NEW``."""
        self.score = [0, 0]
        self.match_winner = 0
        self.game_no = 0
        self.state = OVER
        self.new_game()

    def new_game(self):
        """Set up the next game (state ``NEW``)."""
        if self.state not in (NEW, OVER):
            raise GameError("the game in progress is not over")
        if self.match_winner:
            raise GameError("the match is over")
        if self.state == OVER:
            self.game_no += 1
        self.pos = self._new_pos()
        self.state = NEW
        self.opening = None
        self.start = None
        self.log = bytearray()  # see _log
        self.first_turn = 0
        self.turn_no = 0
        self.winner = 0
        self.points = 0
        self._clear_turn()

    def setup(self, pos):
        """Continue this game from ``pos`` (copied), the mover to roll, or
        ``OVER`` when ``pos`` is won (the score is not changed)."""
        self.pos = bytearray(pos)
        self.start = bytearray(pos)
        self.opening = None
        self.log = bytearray()
        self.first_turn = 0
        self.turn_no = 0
        self._clear_turn()
        self.winner = _winner(pos)
        self.points = self._points(pos)
        self.state = OVER if self.winner else ROLL

    def _clear_turn(self):
        self.d1 = 0
        self.d2 = 0
        self.used = [False, False]
        self.steps = []
        self.need = 0
        self.must_pass = False
        self.forced = False

    def _get_dice(self):
        if self.dice is None:
            from minigam.core.dice import Dice
            self.dice = Dice()
        return self.dice

    # -- turns ---------------------------------------------------------------

    def start_game(self, opening=None):
        """The opening roll (``NEW`` only): one die each, ties again (or the
        hand-entered ``(p1_die, p2_die)``; a tie raises ``GameError``). The
        higher die moves first: with those two dice (``_PLAY_OPENING``,
        state ``MOVE``), or it rolls both dice again (state ``ROLL``)."""
        if self.state != NEW:
            raise GameError("the opening roll is only at the start of a game")
        if opening is None:
            dice = self._get_dice()
            a = b = 0
            while a == b:
                a = dice.roll_one()
                b = dice.roll_one()
        else:
            try:
                a, b = opening
            except (TypeError, ValueError):
                raise GameError("the opening roll is two dice, got %r"
                                % (opening,))
            check_die(a)
            check_die(b)
            if a == b:
                raise GameError("opening tie %d-%d: roll again" % (a, b))
        first = 1 if a > b else 2
        self.pos[TURN] = first
        self.start = bytearray(self.pos)
        self.opening = (a, b)
        if not self._PLAY_OPENING:
            self.state = ROLL
        elif first == 1:
            self._begin_turn(a, b)
        else:
            self._begin_turn(b, a)
        return a, b

    def roll(self, d1=None, d2=None):
        """Start the mover's turn (``ROLL`` only), from the dice or
        hand-entered."""
        if self.state != ROLL:
            raise GameError(self._state_error("roll"))
        if d1 is None and d2 is None:
            d1, d2 = self._get_dice().roll()
        else:
            check_die(d1)
            check_die(d2)
        self._begin_turn(d1, d2)
        return d1, d2

    def _state_error(self, what):
        if self.state == NEW:
            return "cannot %s: the opening roll is due" % what
        if self.state == OVER:
            return "cannot %s: the game is over" % what
        if self.state == ROLL:
            return "cannot %s: roll the dice first" % what
        if self.state == CUBE:
            return "cannot %s: a double is offered" % what
        return "cannot %s: finish the play first" % what

    def _most(self, pos, m, dice):
        return _most(pos, m, dice, len(dice), self._can, self._do, self._undo)

    def _begin_turn(self, d1, d2):
        if self.start is None:
            self.start = bytearray(self.pos)
        self._clear_turn()
        self.d1 = d1
        self.d2 = d2
        self.used = [False] * (4 if d1 == d2 else 2)
        self.state = MOVE
        pos = self.pos
        m = 0 if pos[TURN] == 1 else BLOCK
        self.need = self._most(pos, m, self.dice_left())
        self.must_pass = self.need == 0
        if self.auto_forced and self.need:
            rules = self.rules
            if rules.plays(pos, d1, d2) == 1:
                mv = rules.moves
                for j in range(rules.steps(0)):
                    self.move(mv[2 * j], mv[2 * j + 1])
                self.forced = True

    def dice_left(self):
        """The dice not yet played this turn (empty outside ``MOVE``)."""
        if self.state != MOVE:
            return []
        out = []
        for k in range(len(self.used)):
            if not self.used[k]:
                out.append(self.d2 if k == 1 else self.d1)
        return out

    def _allowed(self, src, die):
        """Whether single move ``src`` with ``die`` keeps the roll
        playable in full (see the module docstring)."""
        pos = self.pos
        m = 0 if pos[TURN] == 1 else BLOCK
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
        if self.state != MOVE or _winner(self.pos) \
                or len(self.steps) >= self.need:
            return out
        pos = self.pos
        m = 0 if pos[TURN] == 1 else BLOCK
        tried = 0
        for d in self.dice_left():
            if tried & (1 << d):
                continue
            tried |= 1 << d
            for i in range(OFF):
                if pos[m + i] and self._allowed(i, d):
                    out.append((i, d))
        return out

    def movable(self):
        """Sources (mover's indices, 0 = bar) that may move now."""
        out = []
        for src, _ in self._singles():
            if src not in out:
                out.append(src)
        out.sort()
        return out

    def targets(self, src):
        """``[(dst, die), ...]`` for the checker at mover's index ``src``;
        ``dst`` is ``OFF`` (25) when it bears off."""
        out = []
        for s, d in self._singles():
            if s == src:
                t = s + d
                out.append((t if t < OFF else OFF, d))
        out.sort()
        return out

    def move(self, src, die):
        """Play one single move; returns 1 if it hit, else 0."""
        if self.state != MOVE:
            raise GameError(self._state_error("move"))
        pos = self.pos
        if _winner(pos):
            raise GameError("cannot move: the game is won, confirm the play")
        k = -1
        for j in range(len(self.used)):
            if not self.used[j] and (self.d2 if j == 1 else self.d1) == die:
                k = j
                break
        if k < 0:
            raise GameError("die %r is not left to play (dice left: %s)"
                            % (die, self._left_text()))
        if not isinstance(src, int) or src < 0 or src >= OFF \
                or not self._allowed(src, die):
            raise GameError("illegal move: no checker at index %r may move "
                            "with a %d" % (src, die))
        hit = self._do(pos, 0 if pos[TURN] == 1 else BLOCK, src, die)
        self.used[k] = True
        self.steps.append((src, die, hit))
        return hit

    def _left_text(self):
        left = self.dice_left()
        return ",".join([str(d) for d in left]) if left else "none"

    def undo(self):
        """Take back the last single move of this turn; False if none."""
        if self.state != MOVE or not self.steps:
            return False
        src, die, hit = self.steps.pop()
        pos = self.pos
        self._undo(pos, 0 if pos[TURN] == 1 else BLOCK, src, die, hit)
        for k in range(len(self.used) - 1, -1, -1):
            if self.used[k] and (self.d2 if k == 1 else self.d1) == die:
                self.used[k] = False
                break
        self.forced = False
        return True

    def undo_turn(self):
        n = 0
        while self.undo():
            n += 1
        return n

    def turn_done(self):
        if self.state != MOVE:
            return False
        return len(self.steps) >= self.need or bool(_winner(self.pos))

    def confirm(self):
        """End the turn; returns the game's winner (0 if none yet)."""
        if self.state != MOVE:
            raise GameError(self._state_error("confirm"))
        if not self.turn_done():
            raise GameError("the play is not complete: dice left %s"
                            % self._left_text())
        pos = self.pos
        player = pos[TURN]
        self._log(player << 6 | self.d1 << 3 | self.d2, len(self.steps))
        for src, die, hit in self.steps:
            self.log.append(src)
            self.log.append(die << 1 | hit)
        self.turn_no += 1
        self._end(pos)
        self._clear_turn()
        w = _winner(pos)
        if w:
            self._finish(w, self._points(pos))
        else:
            self.state = ROLL
        return w

    def _log(self, head, n):
        """A turn: ``player << 6 | d1 << 3 | d2``, the number of moves,
        then two bytes a move (src; die << 1 | hit). A cube action: the
        player << 6 (no dice), then 1 offered, 2 taken, 3 dropped."""
        self.log.append(head)
        self.log.append(n)

    @property
    def turns(self):
        """Confirmed turns (``decode_log``)."""
        return decode_log(self.log)

    def _finish(self, w, points):
        self.winner = w
        self.points = points
        self.state = OVER
        self.score[w - 1] += points
        if self.match_to and self.score[w - 1] >= self.match_to:
            self.match_winner = w

    def play_steps(self, steps):
        """Play a whole play of ``(src, die)`` pairs; it must leave
        ``turn_done()``. On error nothing is played."""
        made = 0
        try:
            for st in steps:
                self.move(st[0], st[1])
                made += 1
            if not self.turn_done():
                raise GameError("incomplete play: dice left %s"
                                % self._left_text())
        except GameError:
            for _ in range(made):
                self.undo()
            raise

    # -- helpers for screens and tests --------------------------------------

    def pips(self, player):
        from minigam.bg.rules import pips
        return pips(self.pos, player)

    def turn_start(self):
        """A copy of the position at the start of this turn."""
        p = bytearray(self.pos)
        m = 0 if p[TURN] == 1 else BLOCK
        for k in range(len(self.steps) - 1, -1, -1):
            s, d, h = self.steps[k]
            self._undo(p, m, s, d, h)
        return p

    def results(self):
        """Legal result positions of the current roll (tests, hints)."""
        if self.state != MOVE:
            return []
        return self.rules.results(self.turn_start(), self.d1, self.d2)


class BgGame(Game24):
    """A Backgammon match or money session. See the module docstring."""

    KIND = 1  # persist.BACKGAMMON

    def __init__(self, rules=None, match_to=0, dice=None, auto_forced=False):
        self.crawford = False
        self.crawford_done = False
        Game24.__init__(self, rules if rules is not None else Rules(),
                        match_to, dice, auto_forced, can_move, do_move,
                        undo_move)

    def _new_pos(self):
        return new_position()

    def _points(self, pos):
        return self.cube * win_kind(pos)

    # -- match ---------------------------------------------------------------

    def new_match(self):
        """Scores to 0, game 1 in state ``NEW``."""
        self.crawford = False
        self.crawford_done = False
        Game24.new_match(self)

    def new_game(self):
        """Set up the next game (state ``NEW``)."""
        Game24.new_game(self)
        self.dropped = False
        self.cube = 1
        self.cube_owner = 0
        self.offered = 0

    def setup(self, pos, cube=1, cube_owner=0):
        """Continue this game from ``pos`` (copied), the mover to roll, or
        ``OVER`` when ``pos`` is won (the score is not changed)."""
        self.cube = cube
        self.cube_owner = cube_owner
        self.offered = 0
        self.dropped = False
        Game24.setup(self, pos)

    def _finish(self, w, points):
        Game24._finish(self, w, points)
        if not self.match_to or self.match_winner:
            return
        if self.crawford:
            self.crawford = False
            self.crawford_done = True
        elif not self.crawford_done and self.match_to > 1 \
                and self.score[w - 1] == self.match_to - 1:
            self.crawford = True  # the next game: no doubling

    # -- the cube ------------------------------------------------------------

    def cube_in_play(self):
        """False in a 1-point match and in the Crawford game."""
        return self.match_to != 1 and not self.crawford

    def can_double(self):
        if self.state != ROLL or not self.cube_in_play():
            return False
        if self.cube_owner not in (0, self.pos[TURN]):
            return False
        if self.match_to:  # a player who has the match won needs no cube
            return self.score[self.pos[TURN] - 1] + self.cube < self.match_to
        return self.cube < 64
    # (gnubg's cube tops out at 2^12; 64 is as high as a money game on a
    # handheld is allowed to go, and keeps the save's byte small.)

    def double(self):
        if not self.can_double():
            raise GameError("cannot double now")
        self.offered = self.pos[TURN]
        self.state = CUBE
        self._log(self.offered << 6, 1)

    def take(self):
        if self.state != CUBE:
            raise GameError("no double to take")
        self.cube *= 2
        self.cube_owner = 3 - self.offered
        self.offered = 0
        self.state = ROLL
        self.log[-1] = 2  # doubled, taken

    def drop(self):
        if self.state != CUBE:
            raise GameError("no double to drop")
        w = self.offered
        self.offered = 0
        self.dropped = True
        self.log[-1] = 3  # doubled, dropped
        self._finish(w, self.cube)
        return w


def decode_log(log):
    """A game's turn log (``Game24.log``) as ``[(player, d1, d2, steps),
    ...]``, ``steps`` a tuple of ``(src, die, hit)``; a cube action is
    ``(player, 0, 0, action)``, action 1 offered, 2 taken, 3 dropped.
    ValueError when ``log`` ends inside a turn."""
    out = []  # type: list
    i = 0
    while i < len(log):
        if i + 1 >= len(log):
            raise ValueError("the log ends inside a turn")
        b = log[i]
        n = log[i + 1]
        if not b & 63:
            out.append((b >> 6, 0, 0, n))
            i += 2
            continue
        if i + 2 + 2 * n > len(log):
            raise ValueError("the log ends inside a turn")
        steps = []
        for j in range(n):
            e = log[i + 3 + 2 * j]
            steps.append((log[i + 2 + 2 * j], e >> 1, e & 1))
        out.append((b >> 6, (b >> 3) & 7, b & 7, tuple(steps)))
        i += 2 + 2 * n
    return out
