"""The turn flow every game shares: matches and money sessions, the
opening roll, rolling, a turn built move by move with undo, confirming it,
and the turn log.

``Flow`` is the base of every game's flow: MINIGAM's
(``minigam.quarter.game``) and the 24-point games' (``minigam.core.flow24``,
then ``minigam.bg.game`` and ``minigam.nardy.game``). The app, the AI, the
saves and the records drive all three through its API, which
``minigam.quarter.game``'s docstring describes in full.

A game gives:

* its position's shape: ``OFF`` (the off index), ``BLOCK`` (a player's
  block), ``TURN`` (the turn byte) and ``KIND`` (the game type,
  ``minigam.app.persist``'s number);
* its rules' single steps, handed to ``Flow.__init__``: ``can(pos, m, i,
  d)``, ``do(pos, m, i, d) -> hit``, ``undo(pos, m, i, d, hit)``;
* ``_new_pos()``, ``_won(pos)`` (0 or the winner), ``_points(pos)`` (what
  a won game is worth), ``_begin_turn(d1, d2, auto)`` (the dice rolled:
  what may be played, and a forced play made when ``auto``),
  ``_singles()`` (the single moves offered now), ``_allowed(src, die)``
  and ``turn_done()``. (They are not declared here as methods that
  raise: on stock CircuitPython every function costs heap.)
"""

from minigam.compat import const, unload

NEW = const(0)
ROLL = const(1)
MOVE = const(2)
OVER = const(3)
CUBE = const(4)  # Backgammon's: a double offered


class GameError(ValueError):
    """An action that is not allowed now (illegal move, wrong state...)."""


def check_die(d):
    """GameError unless ``d`` is a die's value, 1..6."""
    if not isinstance(d, int) or d < 1 or d > 6:
        fail(None, "die", d)


def fail(flow, what, a=None, b=None):
    """Raise the ``GameError`` ``what`` (``minigam.core.flow_errors``: its
    words are loaded only when an error is raised)."""
    from minigam.core.flow_errors import text
    why = text(flow, what, a, b)
    unload("minigam.core.flow_errors")
    raise GameError(why)


class Flow:
    """A match (or money session) of one game type; see the module
    docstring for what a game adds."""

    _PLAY_OPENING = True  # the opening dice are the first turn's

    def __init__(self, rules, match_to, dice, auto_forced, can, do, undo):
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

    # -- match ---------------------------------------------------------------

    @property
    def player(self):
        return self.pos[self.TURN]

    def match_over(self):
        return self.match_winner != 0

    def shown(self, k):
        """Player ``k + 1``'s score as shown: a match's winner has the
        match length, never more (a gammon at 2-away wins the match, not
        4 points of it; ``points`` keeps what the game was worth)."""
        m = self.match_to
        return min(self.score[k], m) if m else self.score[k]

    def new_match(self):
        """Scores to 0, game 1 in state ``NEW``."""
        self.score = [0, 0]
        self.match_winner = 0
        self.game_no = 0
        self.state = OVER
        self.new_game()

    def new_game(self):
        """Set up the next game of the match (state ``NEW``)."""
        if self.state not in (NEW, OVER):
            fail(self, "not over")
        if self.match_winner:
            fail(self, "match over")
        if self.state == OVER:
            self.game_no += 1
        self.pos = self._new_pos()
        self.state = NEW
        self.opening = None
        self.start = None
        self.log = bytearray()  # minigam.core.turn_log
        self.first_turn = 0
        self.turn_no = 0
        self.winner = 0
        self.points = 0
        self._clear_turn()

    def setup(self, pos):
        """Continue this game from ``pos`` (copied; no opening, no turns
        recorded): the mover to roll, or ``OVER`` when ``pos`` is won (the
        score is not changed)."""
        self.pos = bytearray(pos)
        self.start = bytearray(pos)
        self.opening = None
        self.log = bytearray()  # minigam.core.turn_log
        self.first_turn = 0
        self.turn_no = 0
        self._clear_turn()
        self.winner = self._won(pos)
        self.points = self._points(pos) if self.winner else 0
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

    def _mover(self, pos):
        """The mover's block in ``pos``."""
        return 0 if pos[self.TURN] == 1 else self.BLOCK

    # -- turns ---------------------------------------------------------------

    def start_game(self, opening=None):
        """The opening roll (``NEW`` only): one die each, ties again (or the
        hand-entered ``(p1_die, p2_die)``; a tie raises ``GameError``: roll
        again). The higher die moves first: with those two dice
        (``_PLAY_OPENING``, state ``MOVE``), or it rolls both dice again
        (state ``ROLL``)."""
        if self.state != NEW:
            fail(self, "not new")
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
                fail(self, "opening", opening)
            check_die(a)
            check_die(b)
            if a == b:
                fail(self, "tie", a, b)
        first = 1 if a > b else 2
        self.pos[self.TURN] = first
        self.start = bytearray(self.pos)
        self.opening = (a, b)
        if not self._PLAY_OPENING:
            self.state = ROLL
        elif first == 1:
            self._begin_turn(a, b, True)
        else:
            self._begin_turn(b, a, True)
        return a, b

    def roll(self, d1=None, d2=None):
        """Start the mover's turn (``ROLL`` only), from the dice or
        hand-entered."""
        if self.state != ROLL:
            fail(self, "state", "roll")
        if d1 is None and d2 is None:
            d1, d2 = self._get_dice().roll()
        else:
            check_die(d1)
            check_die(d2)
        self._begin_turn(d1, d2, True)
        return d1, d2

    def _start_dice(self, d1, d2, n):
        """The turn's dice set, ``n`` of them to play (state ``MOVE``)."""
        if self.start is None:
            self.start = bytearray(self.pos)
        self._clear_turn()
        self.d1 = d1
        self.d2 = d2
        self.used = [False] * n
        self.state = MOVE

    def dice_left(self):
        """The dice not yet played this turn (empty outside ``MOVE``)."""
        if self.state != MOVE:
            return []
        out = []
        for k in range(len(self.used)):
            if not self.used[k]:
                out.append(self.d2 if k == 1 else self.d1)
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
        ``dst`` is ``OFF`` when it bears off (several dice may)."""
        off = self.OFF
        out = []
        for s, d in self._singles():
            if s == src:
                t = s + d
                out.append((t if t < off else off, d))
        out.sort()
        return out

    def move(self, src, die):
        """Play one single move; returns 1 if it hit, else 0."""
        if self.state != MOVE:
            fail(self, "state", "move")
        pos = self.pos
        if self._won(pos):
            fail(self, "won")
        k = -1
        for j in range(len(self.used)):
            if not self.used[j] and (self.d2 if j == 1 else self.d1) == die:
                k = j
                break
        if k < 0:
            fail(self, "no die", die)
        if not isinstance(src, int) or src < 0 or src >= self.OFF \
                or not self._allowed(src, die):
            fail(self, "illegal", src, die)
        hit = self._do(pos, self._mover(pos), src, die)
        self.used[k] = True
        self.steps.append((src, die, hit))
        return hit

    def undo(self):
        """Take back the last single move of this turn; False if none."""
        if self.state != MOVE or not self.steps:
            return False
        src, die, hit = self.steps.pop()
        pos = self.pos
        self._undo(pos, self._mover(pos), src, die, hit)
        for k in range(len(self.used) - 1, -1, -1):
            if self.used[k] and (self.d2 if k == 1 else self.d1) == die:
                self.used[k] = False
                break
        self.forced = False
        return True

    def undo_turn(self):
        """Take back every move of this turn; returns how many."""
        n = 0
        while self.undo():
            n += 1
        return n

    def confirm(self):
        """End the turn (``turn_done()`` required), log it, pass the turn;
        returns the game's winner (0 if none yet)."""
        if self.state != MOVE:
            fail(self, "state", "confirm")
        if not self.turn_done():
            fail(self, "not complete")
        pos = self.pos
        self._log_turn(pos[self.TURN])
        self.turn_no += 1
        self.pass_turn(pos)
        self._clear_turn()
        w = self._won(pos)
        if w:
            self._finish(w, self._points(pos))
        else:
            self.state = ROLL
        return w

    def _log_turn(self, player):
        """The turn just played, onto ``log`` (``minigam.core.turn_log``)."""
        log = self.log
        self._log(player << 6 | self.d1 << 3 | self.d2, len(self.steps))
        for src, die, hit in self.steps:
            log.append(src)
            log.append(die << 1 | hit)

    def _log(self, head, n):
        """A turn's or a cube action's first two bytes."""
        self.log.append(head)
        self.log.append(n)

    @property
    def turns(self):
        """The confirmed turns, ``[(player, d1, d2, steps), ...]``
        (``minigam.core.turn_log.decode``, loaded for the read)."""
        from minigam.core.turn_log import decode
        got = decode(self.log)
        unload("minigam.core.turn_log")
        return got

    def pass_turn(self, pos):
        """Pass the turn at the end of a turn (Long Nardy's also clears
        its head count; the review replays turns with it)."""
        pos[self.TURN] = 3 - pos[self.TURN]

    def _finish(self, w, points):
        self.winner = w
        self.points = points
        self.state = OVER
        self.score[w - 1] += points
        if self.match_to and self.score[w - 1] >= self.match_to:
            self.match_winner = w

    def play_steps(self, steps):
        """Play a whole play of ``(src, die)`` (or ``(src, die, hit)``)
        pairs; it must leave ``turn_done()``. On error nothing is
        played."""
        made = 0
        try:
            for st in steps:
                self.move(st[0], st[1])
                made += 1
            if not self.turn_done():
                fail(self, "incomplete")
        except GameError:
            for _ in range(made):
                self.undo()
            raise

    # -- helpers for screens and tests --------------------------------------

    def turn_start(self):
        """A copy of the position at the start of this turn."""
        p = bytearray(self.pos)
        m = self._mover(p)
        for k in range(len(self.steps) - 1, -1, -1):
            s, d, h = self.steps[k]
            self._undo(p, m, s, d, h)
        return p

    def results(self):
        """Legal result positions of the current roll (tests, hints)."""
        if self.state != MOVE:
            return []
        return self.rules.results(self.turn_start(), self.d1, self.d2)
