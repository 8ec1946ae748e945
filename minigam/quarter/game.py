"""Game flow of MINIGAM: opening roll, turns built move by move, undo, matches.

Public API (device code; screens read it, only the app's controller and the
AI call the methods that change it):

``Game(rules=None, full_entry=False, match_to=1, dice=None, auto_forced=False)``
    ``rules`` a ``Rules`` (made from ``full_entry`` when None); ``dice`` a
    ``Dice`` (one is made, seeded from ``os.urandom``, the first time it is
    needed); ``match_to`` games needed to win the match (1, 3, 5, 7, ...).
    The constructor leaves the first game in state ``NEW``.

Attributes (read only for everyone but the game):
    ``state``     ``NEW`` (opening roll due), ``ROLL`` (the mover must roll),
                  ``MOVE`` (dice rolled, play being built), ``OVER`` (won);
    ``pos``       the position ``bytearray(17)`` (rules.py); never mutate it;
    ``player``    1 or 2: whose turn it is (the mover in ``ROLL``/``MOVE``);
    ``d1, d2``    the dice of the turn (0 when not rolled);
    ``used``      ``[bool, bool]``: which of ``d1``, ``d2`` is played;
    ``steps``     the current turn's single moves ``[(src, die, hit), ...]``;
    ``must_pass`` True when the rolled dice have no legal move at all;
    ``forced``    True when ``auto_forced`` played the only result itself;
    ``opening``   ``(p1_die, p2_die)`` of this game's opening roll, or None;
    ``start``     position before the first recorded turn (copy), or None;
    ``turns``     confirmed turns ``[(player, d1, d2, steps), ...]``, made
                  on each read from ``log`` (a few bytes a turn: a game's
                  tuples would take kilobytes of the device's heap);
    ``turn_no``   number of the last confirmed turn (``first_turn`` + len);
    ``winner``    0, or the player who won this game;
    ``score``     ``[p1_games, p2_games]``; ``match_to``; ``match_winner``;
    ``game_no``   1 for the first game of the match.

Methods:
    ``start_game(opening=None) -> (a, b)``: the opening roll (``NEW`` only).
        Rolls one die each, ties rolled again; or takes hand-entered
        ``(p1_die, p2_die)`` (a tie raises ``GameError``: roll again). The
        higher die moves first and plays those two dice (state ``MOVE``).
    ``roll(d1=None, d2=None) -> (d1, d2)``: start a turn (``ROLL`` only),
        from the dice or hand-entered. Sets ``must_pass``; with
        ``auto_forced`` a play with a single distinct result is made at once
        (``forced``), and the caller still confirms it.
    ``dice_left() -> [die, ...]``: dice not yet played this turn.
    ``movable() -> [src, ...]``: mover's indices (0 = bar) with a legal single
        move now, ascending.
    ``targets(src) -> [(dst, die), ...]``: where ``src`` may go; ``dst`` is the
        mover's index, 7 = off (several dice may bear off to 7).
    ``move(src, die) -> hit``: play one single move; ``GameError`` if illegal.
    ``undo() -> bool``: take back the last single move of this turn.
    ``undo_turn() -> n``: take back every move of this turn.
    ``turn_done() -> bool``: no die is left to play (all used, none playable,
        a pass, or the game won).
    ``confirm() -> winner``: end the turn (``turn_done()`` required), record
        it, pass the turn; on a win update the score and go to ``OVER``.
    ``play_steps(steps)``: play a whole play given as ``(src, die)`` pairs
        (the AI's ``choose`` result); it must be a complete legal play.
        Does not confirm.
    ``new_game()``: the next game of the match (after ``OVER``; state ``NEW``).
    ``new_match()``: scores to 0, game 1.
    ``setup(pos)``: continue this game from position ``pos`` (a copy is
        taken; no opening, no turns recorded): state ``ROLL``, or ``OVER``
        when ``pos`` is already won (the score is not changed). For tests,
        puzzles and records that start mid-game.
    ``match_over()``, ``pips(player)``, ``results()`` (legal result
        positions of the current roll from the turn's start, for tests).

Every single move offered is a legal single move of an unused die: under
the order rule of the rule book (docs/rules/minigam.md) each one belongs to
some legal play (see ``Rules.single_moves``), and a play is complete exactly
when no unused die can move, so building move by move reaches exactly
``Rules.results``.
"""

from minigam.compat import const
from minigam.quarter.rules import Rules, new_position, winner as _winner, TURN, OFF

NEW = const(0)
ROLL = const(1)
MOVE = const(2)
OVER = const(3)


class GameError(ValueError):
    """An action that is not allowed now (illegal move, wrong state...)."""


class Game:
    """A match of MINIGAM games. See the module docstring."""

    # The position's shape, for code that serves either game (the app):
    # the off index, a player's block size and the turn byte.
    OFF = 7
    BLOCK = 8
    TURN = 16
    KIND = 0  # the game type (``minigam.app.persist``'s MINIGAM)

    def __init__(self, rules=None, full_entry=False, match_to=1, dice=None,
                 auto_forced=False):
        if rules is None:
            rules = Rules(full_entry=full_entry)
        if not isinstance(match_to, int) or match_to < 1 or match_to > 99:
            raise GameError("match length must be 1..99, got %r" % (match_to,))
        self.rules = rules
        self.dice = dice
        self.match_to = match_to
        self.auto_forced = auto_forced
        self._buf = []
        self.score = [0, 0]
        self.match_winner = 0
        self.game_no = 0
        self.state = OVER
        self.new_game()

    # -- match ---------------------------------------------------------------

    @property
    def full_entry(self):
        return self.rules.full_entry

    @property
    def player(self):
        return self.pos[TURN]

    def match_over(self):
        return self.match_winner != 0

    def new_match(self):
        """Start the match again: scores to 0, game 1 in state ``NEW``."""
        self.score = [0, 0]
        self.match_winner = 0
        self.game_no = 0
        self.state = OVER
        self.new_game()

    def new_game(self):
        """Set up the next game of the match (state ``NEW``)."""
        if self.state not in (NEW, OVER):
            raise GameError("the game in progress is not over")
        if self.match_winner:
            raise GameError("the match is over")
        if self.state == OVER:
            self.game_no += 1
        self.pos = new_position(self.rules.checkers)
        self.state = NEW
        self.opening = None
        self.start = None
        self.log = bytearray()  # see _log_turn
        self.first_turn = 0
        self.turn_no = 0
        self.winner = 0
        self._clear_turn()

    def setup(self, pos):
        """Continue from ``pos``; see the module docstring."""
        self.pos = bytearray(pos)
        self.start = bytearray(pos)
        self.opening = None
        self.log = bytearray()  # see _log_turn
        self.first_turn = 0
        self.turn_no = 0
        self._clear_turn()
        self.winner = _winner(pos, self.rules.checkers)
        self.state = OVER if self.winner else ROLL

    def _clear_turn(self):
        self.d1 = 0
        self.d2 = 0
        self.used = [False, False]
        self.steps = []
        self.must_pass = False
        self.forced = False

    def _get_dice(self):
        if self.dice is None:
            from minigam.core.dice import Dice
            self.dice = Dice()
        return self.dice

    # -- turns ---------------------------------------------------------------

    def start_game(self, opening=None):
        """Run the opening roll; see the module docstring."""
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
            for d in (a, b):
                if not isinstance(d, int) or d < 1 or d > 6:
                    raise GameError("a die must be 1..6, got %r" % (d,))
            if a == b:
                raise GameError("opening tie %d-%d: roll again" % (a, b))
        first = 1 if a > b else 2
        self.pos[TURN] = first
        self.start = bytearray(self.pos)
        self.opening = (a, b)
        if first == 1:
            self._begin_turn(a, b, True)
        else:
            self._begin_turn(b, a, True)
        return a, b

    def roll(self, d1=None, d2=None):
        """Start the mover's turn; see the module docstring."""
        if self.state != ROLL:
            raise GameError(self._state_error("roll"))
        if d1 is None and d2 is None:
            d1, d2 = self._get_dice().roll()
        else:
            for d in (d1, d2):
                if not isinstance(d, int) or d < 1 or d > 6:
                    raise GameError("a die must be 1..6, got %r" % (d,))
        self._begin_turn(d1, d2, True)
        return d1, d2

    def _state_error(self, what):
        if self.state == NEW:
            return "cannot %s: the opening roll is due" % what
        if self.state == OVER:
            return "cannot %s: the game is over" % what
        if self.state == ROLL:
            return "cannot %s: roll the dice first" % what
        return "cannot %s: finish the play first" % what

    def _begin_turn(self, d1, d2, auto):
        if self.start is None:
            self.start = bytearray(self.pos)
        self._clear_turn()
        self.d1 = d1
        self.d2 = d2
        self.state = MOVE
        n = self.rules.single_moves(self.pos, (d1, d2), self._buf)
        self.must_pass = n == 0
        if auto and self.auto_forced and n:
            rules = self.rules
            if rules.plays(self.pos, d1, d2) == 1:
                mv = rules.moves
                s1, e1, s2, e2 = mv[0], mv[1], mv[2], mv[3]
                self.move(s1, e1)
                if s2 != 255:
                    self.move(s2, e2)
                self.forced = True

    def dice_left(self):
        """The dice not yet played this turn (empty outside ``MOVE``)."""
        if self.state != MOVE:
            return []
        out = []
        if not self.used[0]:
            out.append(self.d1)
        if not self.used[1]:
            out.append(self.d2)
        return out

    def _singles(self):
        if self.state != MOVE or _winner(self.pos, self.rules.checkers):
            del self._buf[:]
            return self._buf
        self.rules.single_moves(self.pos, self.dice_left(), self._buf)
        return self._buf

    def movable(self):
        """Sources (mover's indices, 0 = bar) that may move now."""
        out = []
        for src, _ in self._singles():
            if src not in out:
                out.append(src)
        out.sort()
        return out

    def targets(self, src):
        """``[(dst, die), ...]`` for the checker at mover's index ``src``."""
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
        rules = self.rules
        pos = self.pos
        if _winner(pos, rules.checkers):
            raise GameError("cannot move: the game is won, confirm the play")
        if not self.used[0] and self.d1 == die:
            k = 0
        elif not self.used[1] and self.d2 == die:
            k = 1
        else:
            raise GameError("die %r is not left to play (dice left: %s)"
                            % (die, self._left_text()))
        m = 0 if pos[TURN] == 1 else 8
        if not isinstance(src, int) or src < 0 or src > 6 \
                or not rules.can_move(pos, m, src, die):
            raise GameError("illegal move: no checker at index %r may move "
                            "with a %d" % (src, die))
        hit = rules.do_move(pos, m, src, die)
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
        self.rules.undo_move(pos, 0 if pos[TURN] == 1 else 8, src, die, hit)
        if self.used[1] and self.d2 == die:
            self.used[1] = False
        else:
            self.used[0] = False
        self.forced = False
        return True

    def undo_turn(self):
        """Take back every move of this turn; returns how many."""
        n = 0
        while self.undo():
            n += 1
        return n

    def turn_done(self):
        """True when no die is left to play (see the module docstring)."""
        if self.state != MOVE:
            return False
        if self.must_pass:
            return True
        return not self._singles()

    def confirm(self):
        """End the turn; returns the game's winner (0 if none yet)."""
        if self.state != MOVE:
            raise GameError(self._state_error("confirm"))
        if not self.turn_done():
            raise GameError("the play is not complete: dice left %s"
                            % self._left_text())
        pos = self.pos
        player = pos[TURN]
        self._log_turn(player)
        self.turn_no += 1
        pos[TURN] = 3 - player
        self._clear_turn()
        w = _winner(pos, self.rules.checkers)
        if w:
            self._finish(w)
        else:
            self.state = ROLL
        return w

    def _log_turn(self, player):
        """Append the turn to ``log``: player << 6 | d1 << 3 | d2, the
        number of moves, then src << 4 | die << 1 | hit for each."""
        log = self.log
        log.append(player << 6 | self.d1 << 3 | self.d2)
        log.append(len(self.steps))
        for src, die, hit in self.steps:
            log.append(src << 4 | die << 1 | hit)

    @property
    def turns(self):
        out = []
        log = self.log
        i = 0
        while i < len(log):
            b = log[i]
            n = log[i + 1]
            steps = tuple((m >> 4, (m >> 1) & 7, m & 1)
                          for m in log[i + 2:i + 2 + n])
            out.append((b >> 6, (b >> 3) & 7, b & 7, steps))
            i += 2 + n
        return out

    def _finish(self, w):
        self.winner = w
        self.state = OVER
        self.score[w - 1] += 1
        if self.score[w - 1] >= self.match_to:
            self.match_winner = w

    def play_steps(self, steps):
        """Play a whole play of ``(src, die)`` (or ``(src, die, hit)``)
        pairs; it must leave ``turn_done()``. On error nothing is played."""
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
        from minigam.quarter.rules import pips
        return pips(self.pos, player)

    def turn_start(self):
        """A copy of the position at the start of this turn."""
        p = bytearray(self.pos)
        m = 0 if p[TURN] == 1 else 8
        for k in range(len(self.steps) - 1, -1, -1):
            s, d, h = self.steps[k]
            self.rules.undo_move(p, m, s, d, h)
        return p

    def results(self):
        """Legal result positions of the current roll (tests, hints)."""
        if self.state != MOVE:
            return []
        return self.rules.results(self.turn_start(), self.d1, self.d2)
