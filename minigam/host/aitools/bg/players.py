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
handheld AI's decisions (``minigam.bg.cube``: Janowski's cubeful model on
the network's five outputs, the match equity table in a match);
``RandomCube`` (seeded coin flips, for tests wanting many cube actions).

``minigam.host.aitools.players.play_game(game, players, cube)`` plays a
``BgGame`` with them.
"""

import random

from minigam.bg import rules as R
from minigam.host.aitools import players


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


class GreedyPlayer(players.GreedyPlayer):
    """Best result by ``greedy_score`` (a winning play first, the bigger
    win first); deterministic."""

    def __init__(self):
        players.GreedyPlayer.__init__(self, R.Rules())

    def score(self, pos, res):
        if R.winner(res):
            return 1 << 20 | R.win_kind(res)
        return greedy_score(pos, res)


def _ai():
    from minigam.bg.ai import BgAI, LEVELS
    return BgAI, LEVELS


def make_player(spec, seed=None):
    """A Backgammon player from its name; raises ``PlayerError``."""
    return players.make_player(spec, seed, "Backgammon", R.Rules,
                               GreedyPlayer, _ai)


# -- the cube ----------------------------------------------------------------

class NoCube:
    """Never doubles (cubeless play); takes every double."""

    def wants_double(self, game):
        return False

    def takes(self, game):
        return True

    def beavers(self, game):
        return False


class DeviceCube:
    """The handheld AI's cube decisions (``minigam.bg.cube``: money and
    match, as on the device: one roll ahead by a Hard AI of its own)."""

    def __init__(self):
        from minigam.bg.ai import BgAI
        self.ai = BgAI("hard", 1)

    def wants_double(self, game):
        from minigam.bg import cube
        return cube.ai_doubles(game, None, self.ai)

    def takes(self, game):
        from minigam.bg import cube
        return cube.ai_takes(game, None, self.ai)

    def beavers(self, game):
        from minigam.bg import cube
        return cube.ai_beavers(game, None, self.ai)


class RandomCube:
    """Doubles with probability ``p_double`` whenever allowed, takes with
    ``p_take``, beavers a take (where allowed) with ``p_beaver``;
    seeded."""

    def __init__(self, seed=None, p_double=0.1, p_take=0.7, p_beaver=0.0):
        self.rng = random.Random(seed)
        self.p_double = p_double
        self.p_take = p_take
        self.p_beaver = p_beaver

    def wants_double(self, game):
        return self.rng.random() < self.p_double

    def takes(self, game):
        return self.rng.random() < self.p_take

    def beavers(self, game):
        return self.rng.random() < self.p_beaver
