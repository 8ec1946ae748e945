"""Backgammon players and cube policies for host tools (``play --game
backgammon``, the ``.mat`` tests).

A player has ``choose(pos, d1, d2) -> [(src, die), ...]``: a whole legal
play in order (mover's-view source indices, as ``BgGame.move`` takes
them), ``[]`` when there is none; ``minigam.bg.ai.BgAI`` has the same.
``make_player(spec, seed=None)`` builds one from its name:

* ``random``: a uniformly random distinct legal result, seeded;
* ``greedy``: the result with the best pip-count heuristic (the pip
  difference after the play, less half the pips a blot in the reach of an
  opposing checker would lose if hit), the first in generation order on a
  tie, so it is deterministic; a winning play first;
* ``first``: always the first generated play;
* ``ai:easy``, ``ai:medium``, ``ai:hard``: the device's ``BgAI``.

Cube policies (``wants_double(game)``, ``takes(game)``): ``NoCube`` (never
doubles: cubeless play, the default of ``play``); ``DeviceCube``, the
handheld AI's thresholds (``minigam.app.cube``: doubles when the network's
cubeless equity is in ``[DOUBLE, TOO_GOOD]``, redoubles in ``[REDOUBLE,
TOO_GOOD_OWNED]``, takes when the taker's is at least ``TAKE``); ``RandomCube`` (seeded coin flips, for tests wanting many
cube actions).

``minigam.host.aitools.quarter.players.play_game(game, players, cube)`` plays a
``BgGame`` with them (also importable from here).
"""

import random

from minigam.bg import rules as R
from minigam.host.aitools.quarter.players import (PlayerError, best_play,
                                          play_game)  # noqa: F401

SPECS = ("random", "greedy", "first", "ai:easy", "ai:medium", "ai:hard")


def play_steps(rules, k):
    """Play ``k`` of ``rules``' last ``plays`` call as ``[(src, die), ...]``."""
    mv = rules.moves
    b = k << 3
    out = []
    for j in range(4):
        if mv[b + 2 * j] == R.NONE:
            break
        out.append((mv[b + 2 * j], mv[b + 2 * j + 1]))
    return out


class FirstPlayer:
    """The first generated play: fully predictable."""

    def __init__(self):
        self.rules = R.Rules()

    def choose(self, pos, d1, d2):
        if self.rules.plays(pos, d1, d2) == 0:
            return []
        return play_steps(self.rules, 0)


class RandomPlayer:
    """A uniformly random distinct result, seeded."""

    def __init__(self, seed=None):
        self.rules = R.Rules()
        self.rng = random.Random(seed)

    def choose(self, pos, d1, d2):
        n = self.rules.plays(pos, d1, d2)
        if n == 0:
            return []
        return play_steps(self.rules, self.rng.randrange(n))


def greedy_score(pos, res):
    """The heuristic value of result ``res`` (turn passed) for the mover of
    ``pos`` (see the module docstring)."""
    me = pos[R.TURN]
    m = 0 if me == 1 else R.BLOCK
    o = R.BLOCK - m
    score = 2 * (R.pips(res, 3 - me) - R.pips(res, me))
    for i in range(1, R.OFF):
        if res[m + i] != 1:
            continue
        # My index i faces the opponent's index 25 - i: a checker of theirs
        # on its bar or an index below that, 12 pips away at most, reaches.
        far = 25 - i
        for k in range(max(0, far - 12), far):
            if res[o + k]:
                score -= i
                break
    return score


class GreedyPlayer:
    """Best result by ``greedy_score`` (a winning play first, the bigger
    win first); deterministic."""

    def __init__(self):
        self.rules = R.Rules()

    def choose(self, pos, d1, d2):
        rules = self.rules
        n = rules.plays(pos, d1, d2)
        if n == 0:
            return []

        def score(res):
            if R.winner(res):
                return 1 << 20 | R.win_kind(res)
            return greedy_score(pos, res)

        return play_steps(rules, best_play(rules, pos, n, score))


def make_player(spec, seed=None):
    """A Backgammon player from its name; raises ``PlayerError``."""
    if spec == "random":
        return RandomPlayer(seed)
    if spec == "greedy":
        return GreedyPlayer()
    if spec == "first":
        return FirstPlayer()
    if spec.startswith("ai:"):
        from minigam.bg.ai import BgAI, LEVELS
        if spec[3:] not in LEVELS:
            raise PlayerError("unknown Backgammon AI level %r (choose from "
                              "%s)" % (spec[3:], ", ".join(LEVELS)))
        return BgAI(spec[3:], seed)
    raise PlayerError("unknown Backgammon player %r (choose from %s)"
                      % (spec, ", ".join(SPECS)))


# -- the cube ----------------------------------------------------------------

class NoCube:
    """Never doubles (cubeless play); takes every double."""

    def wants_double(self, game):
        return False

    def takes(self, game):
        return True


class DeviceCube:
    """The handheld AI's cube decisions (``minigam.app.cube``'s thresholds
    on the network's cubeless equity; money-game thresholds, as on the
    device)."""

    def __init__(self):
        from minigam.app import cube
        from minigam.bg.eval import evaluate, equity_of
        self._windows = ((cube.DOUBLE, cube.TOO_GOOD),
                         (cube.REDOUBLE, cube.TOO_GOOD_OWNED))
        self._take = cube.TAKE
        self._equity = lambda pos: equity_of(evaluate(pos))

    def wants_double(self, game):
        lo, hi = self._windows[1 if game.cube_owner else 0]
        return lo <= self._equity(game.pos) <= hi

    def takes(self, game):
        q = bytearray(game.pos)
        q[R.TURN] = 3 - game.offered  # the taker's view, as if on roll
        return self._equity(q) >= self._take


class RandomCube:
    """Doubles with probability ``p_double`` whenever allowed, takes with
    ``p_take``; seeded."""

    def __init__(self, seed=None, p_double=0.1, p_take=0.7):
        self.rng = random.Random(seed)
        self.p_double = p_double
        self.p_take = p_take

    def wants_double(self, game):
        return self.rng.random() < self.p_double

    def takes(self, game):
        return self.rng.random() < self.p_take
