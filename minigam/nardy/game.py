"""Game flow of Long Nardy: the opening roll, turns built move by move,
undo, money sessions and matches. The rules are the rule book's
(docs/rules/long-nardy.md), played by ``minigam.nardy.rules``.

The flow is the 24-point games' (``minigam.core.flow24.Game24``, every
game's API), so the app drives Long Nardy as it drives Backgammon. What
differs:

``NardyGame(rules=None, match_to=0, dice=None, auto_forced=False)``
    ``rules`` a ``minigam.nardy.rules.Rules`` (its ``head_doubles``
    setting is the first-turn exception to the head rule; on by default);
    ``match_to`` the points needed to win the match, or 0 for a money
    session. There is no doubling cube, and so no Crawford rule.

* The opening roll: one die each; the higher throws both dice again for
  its first turn (``start_game`` leaves state ``ROLL`` for it).
* A won game is worth 1 (oin) or 2 (mars: the loser has borne off none).
* A single move is offered only when the rest of the roll can still be
  played in full, as in Backgammon (``Game24``): the head rule and the
  six-block rule are in the single steps (``can_move``), which see the
  head moves made so far this turn in the position's ``HEADS`` byte, so
  building a play move by move reaches exactly ``Rules.plays``' results.
  ``confirm`` ends the turn with ``end_turn`` (``HEADS`` cleared).
* No move hits: every step's ``hit`` is 0.
"""

from minigam.core.flow import GameError, NEW, ROLL, MOVE, OVER  # noqa: F401
from minigam.core.flow24 import Game24
from minigam.nardy.rules import (Rules, new_position, winner, win_kind,
                                 can_move, do_move, undo_move, end_turn,
                                 HEADS)


class NardyGame(Game24):
    """A Long Nardy match or money session. See the module docstring."""

    KIND = 2  # persist.NARDY
    _PLAY_OPENING = False  # the starter throws both dice again

    def __init__(self, rules=None, match_to=0, dice=None, auto_forced=False):
        rules = rules if rules is not None else Rules()
        Game24.__init__(self, rules, match_to, dice, auto_forced,
                        can_move if rules.head_doubles else rules.can_move,
                        do_move, undo_move)

    def _new_pos(self):
        return new_position()

    def _won(self, pos):
        return winner(pos)

    def _points(self, pos):
        return win_kind(pos)

    def pips(self, player):
        from minigam.nardy.rules import pips
        return pips(self.pos, player)

    def pass_turn(self, pos):
        end_turn(pos)

    def setup(self, pos):
        """Continue this game from ``pos`` (copied; its ``HEADS`` byte
        cleared), the mover to roll, or ``OVER`` when ``pos`` is won."""
        Game24.setup(self, pos)
        self.pos[HEADS] = 0
        self.start[HEADS] = 0
