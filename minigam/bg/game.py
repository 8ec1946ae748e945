"""Game flow of Backgammon (``BgGame``): opening roll, turns built move by
move, undo, the doubling cube, money sessions and matches with the
Crawford rule. The flow is the 24-point games' (``minigam.core.flow24``,
shared with Long Nardy's ``minigam.nardy.game``).

The API is MINIGAM's (``minigam.quarter.game``), so the app drives every game the
same way; what differs:

``BgGame(rules=None, match_to=0, dice=None, auto_forced=False,
jacoby=False, beavers=True)``
    ``match_to`` the points needed to win the match (1, 3, 5, 7, ...), or
    0 for a money session (games are played on, the points add up).
    A 1-point match has no cube (doubling could not change its result).
    ``jacoby``: a money session's optional rules, the Jacoby rule and,
    unless ``beavers`` is False, beavers (ignored in a match).

Extra attributes (both games):
    ``points``        the points the last game was worth (set at ``OVER``);
    ``used``          one flag a die to play: 2, or 4 for doubles;
    ``KIND``          the game type (``minigam.app.persist``'s number).

Backgammon's cube:
    ``cube``          the cube's value (1, 2, 4, ...);
    ``cube_owner``    0 centred, else the player who may double next;
    ``offered``       in state ``CUBE``: the player who doubled;
    ``crawford``      True in the Crawford game (no doubling);
    ``jacoby``        True for a money session played with the Jacoby
                      rule (a gammon or backgammon counts as a single
                      game while the cube was never turned);
    ``beavers``       True when, with ``jacoby``, a double may be beavered;
    ``dropped``       True when the last game ended by a dropped double;
    ``resigned``      0, or how the last game ended by a resignation: 1 a
                      single game, 2 a gammon, 3 a backgammon given up;
    ``resigning``     0, or the resignation the mover offers and the
                      opponent has not answered yet (the app's; a save
                      never keeps it).

Backgammon's extra methods:
    ``can_double() -> bool``: the mover may double now (state ``ROLL``).
    ``double()``: offer the cube (state ``CUBE``: the opponent decides).
    ``take()``: the opponent takes: the cube doubles and is theirs; the
        doubler rolls next (state ``ROLL``).
    ``drop() -> winner``: the opponent passes: the doubler wins the cube's
        value before the double (state ``OVER``).
    ``can_beaver() -> bool`` and ``beaver()``: with ``beavers``, the
        opponent takes and at once redoubles, keeping the cube: it goes
        to four times its value (at most 64) and is theirs; the doubler
        rolls next. No raccoons.
    ``worth(level) -> points``: what winning ``level`` (1 single, 2
        gammon, 3 backgammon) is worth now: the cube times ``level``, or
        the cube alone under the Jacoby rule before the cube is turned.
    ``resign(level) -> winner``: the mover (state ``ROLL``) gives up the
        game and the opponent accepts: the opponent wins ``level`` (1
        single, 2 gammon, 3 backgammon) times the cube (state ``OVER``).
        An offer declined changes nothing: the mover rolls.

A single move is offered only when the rest of the roll can still be
played in full (``minigam.core.flow24``).
"""

from minigam.core.flow import (GameError, NEW, ROLL, MOVE, OVER,  # noqa: F401
                               CUBE)
from minigam.core.flow24 import Game24
from minigam.bg.rules import (Rules, new_position, winner as _winner,
                              win_kind, can_move, do_move, undo_move, TURN)


class BgGame(Game24):
    """A Backgammon match or money session. See the module docstring."""

    KIND = 1  # persist.BACKGAMMON

    def __init__(self, rules=None, match_to=0, dice=None, auto_forced=False,
                 jacoby=False, beavers=True):
        self.jacoby = bool(jacoby) and not match_to
        self.beavers = self.jacoby and bool(beavers)
        self.crawford = False
        self.crawford_done = False
        Game24.__init__(self, rules if rules is not None else Rules(),
                        match_to, dice, auto_forced, can_move, do_move,
                        undo_move)

    def _new_pos(self):
        return new_position()

    def _won(self, pos):
        return _winner(pos)

    def _points(self, pos):
        return self.worth(win_kind(pos))

    def worth(self, level):
        if self.jacoby and not self.cube_owner:
            return self.cube  # (a cube never turned is centred at 1)
        return self.cube * level

    def pips(self, player):
        from minigam.bg.rules import pips
        return pips(self.pos, player)

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
        self.resigned = 0
        self.resigning = 0
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
        self.resigned = 0
        self.resigning = 0
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

    def can_beaver(self):
        return self.state == CUBE and self.beavers and self.cube * 4 <= 64

    def beaver(self):
        if not self.can_beaver():
            raise GameError("cannot beaver now")
        self.take()
        self.cube *= 2
        self.log[-1] = 7  # doubled, beavered

    def drop(self):
        if self.state != CUBE:
            raise GameError("no double to drop")
        w = self.offered
        self.offered = 0
        self.dropped = True
        self.log[-1] = 3  # doubled, dropped
        self._finish(w, self.cube)
        return w

    # -- resigning -----------------------------------------------------------

    def resign(self, level):
        """The mover resigns (state ``ROLL``) and the opponent accepts: the
        opponent wins ``level`` (1 single, 2 gammon, 3 backgammon) times
        the cube. The turn log records it as the resigner's action
        ``3 + level`` (``minigam.core.turn_log``). Returns the winner."""
        if self.state != ROLL or level not in (1, 2, 3):
            raise GameError("cannot resign now")
        p = self.pos[TURN]
        self.resigning = 0
        self.resigned = level
        self._log(p << 6, 3 + level)
        self._finish(3 - p, self.worth(level))
        return 3 - p
