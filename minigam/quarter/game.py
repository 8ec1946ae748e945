"""Game flow of MINIGAM: the shared turn flow (``minigam.core.flow``) with
MINIGAM's play of a roll and its win.

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

from minigam.core.flow import (Flow, GameError, NEW, ROLL, MOVE,  # noqa: F401
                                OVER)
from minigam.quarter.rules import Rules, new_position, winner as _winner


class Game(Flow):
    """A match of MINIGAM games. See the module docstring."""

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
        self._buf = []
        Flow.__init__(self, rules, match_to, dice, auto_forced,
                      rules.can_move, rules.do_move, rules.undo_move)

    @property
    def full_entry(self):
        return self.rules.full_entry

    def _new_pos(self):
        return new_position(self.rules.checkers)

    def _won(self, pos):
        return _winner(pos, self.rules.checkers)

    def _points(self, pos):
        return 1  # a game is a game: no gammons

    def _begin_turn(self, d1, d2, auto):
        self._start_dice(d1, d2, 2)
        n = self.rules.single_moves(self.pos, (d1, d2), self._buf)
        self.must_pass = n == 0
        if auto and self.auto_forced and n:
            rules = self.rules
            if rules.plays(self.pos, d1, d2) == 1:
                mv = rules.moves
                self.move(mv[0], mv[1])
                if mv[2] != 255:
                    self.move(mv[2], mv[3])
                self.forced = True

    def _singles(self):
        """The single moves offered now: ``Rules.single_moves`` of the dice
        left (each belongs to some legal play)."""
        if self.state != MOVE or self._won(self.pos):
            del self._buf[:]
            return self._buf
        self.rules.single_moves(self.pos, self.dice_left(), self._buf)
        return self._buf

    def _allowed(self, src, die):
        return self.rules.can_move(self.pos, self._mover(self.pos), src, die)

    def turn_done(self):
        """True when no die is left to play (see the module docstring)."""
        if self.state != MOVE:
            return False
        if self.must_pass:
            return True
        return not self._singles()

    def pips(self, player):
        from minigam.quarter.rules import pips
        return pips(self.pos, player)
