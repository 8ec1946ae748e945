"""Players for host tools: random, greedy, first, AI levels and perfect.

Every player has ``choose(pos, d1, d2) -> [(src, die), ...]`` (a whole legal
play in order, ``[]`` for a pass), the same interface as
``minigam.quarter.ai.AIPlayer``, so ``Game.play_steps`` can play it.

``make_player(spec, rules, seed=None)`` builds one from a name:

* ``random``: a uniformly random distinct legal result;
* ``greedy``: the result with the best pip-count heuristic (own pips saved,
  opponent pips added by hits, blots left in reach punished), ties broken by
  the generation order, so it is deterministic;
* ``first``: always the first generated play (a scripted, fixed player);
* ``ai:easy``, ``ai:medium``, ``ai:hard``: ``minigam.quarter.ai.AIPlayer``;
* ``ai:perfect``: best play by the exact solution table
  (``python -m minigam.host solve`` makes it; an error if it is missing).

``play_game(game, players, cube=None)`` plays a game to its end: MINIGAM's
``Game`` or Backgammon's ``BgGame`` (with a cube policy from
``minigam.host.aitools.bg.players``).
"""

import random

from minigam.quarter.rules import TURN, NONE, pips

SPECS = ("random", "greedy", "first", "ai:easy", "ai:medium", "ai:hard",
         "ai:perfect")


class PlayerError(ValueError):
    """An unknown player name, or a player that cannot be built here."""


def _steps(rules, k):
    mv = rules.moves
    b = 4 * k
    out = [(mv[b], mv[b + 1])]
    if mv[b + 2] != NONE:
        out.append((mv[b + 2], mv[b + 3]))
    return out


class FirstPlayer:
    """Plays the first generated play: fully predictable."""

    def __init__(self, rules):
        self.rules = rules

    def choose(self, pos, d1, d2):
        if self.rules.plays(pos, d1, d2) == 0:
            return []
        return _steps(self.rules, 0)


class RandomPlayer:
    """A uniformly random distinct result, seeded."""

    def __init__(self, rules, seed=None):
        self.rules = rules
        self.rng = random.Random(seed)

    def choose(self, pos, d1, d2):
        n = self.rules.plays(pos, d1, d2)
        if n == 0:
            return []
        return _steps(self.rules, self.rng.randrange(n))


def greedy_score(rules, pos, res):
    """Heuristic value of result ``res`` for the mover of ``pos``."""
    me = pos[TURN]
    op = 3 - me
    m = 0 if me == 1 else 8
    o = 8 - m
    score = 4 * (pips(res, op) - pips(res, me))
    # A blot at my index i sits at the opponent's index 7 - i; an opponent
    # checker at its index k (bar 0 included) reaches it when k < 7 - i.
    for i in range(1, 7):
        if res[m + i] == 1:
            t = 7 - i
            shooters = res[o]
            for k in range(1, t):
                shooters += res[o + k]
            if shooters:
                score -= 2 * (7 - i)
    return score


def best_play(rules, pos, n, score):
    """The index of the play (of the ``n`` that ``rules.plays`` found for
    ``pos``) whose result, the turn passed, has the highest ``score(res)``;
    the first on a tie, so it is deterministic."""
    best = None
    bk = 0
    for k in range(n):
        s = score(rules.result(pos, k))
        if best is None or s > best:
            best = s
            bk = k
    return bk


_WIN = 1 << 30  # a winning play's score: above any heuristic


class GreedyPlayer:
    """Best result by ``greedy_score`` (a winning play first);
    deterministic."""

    def __init__(self, rules):
        self.rules = rules

    def choose(self, pos, d1, d2):
        rules = self.rules
        n = rules.plays(pos, d1, d2)
        if n == 0:
            return []
        m = 0 if pos[TURN] == 1 else 8

        def score(res):
            if res[m + 7] == rules.checkers:
                return _WIN
            return greedy_score(rules, pos, res)

        return _steps(rules, best_play(rules, pos, n, score))


def make_player(spec, rules, seed=None):
    """A player from its name; raises ``PlayerError``."""
    if spec == "random":
        return RandomPlayer(rules, seed)
    if spec == "greedy":
        return GreedyPlayer(rules)
    if spec == "first":
        return FirstPlayer(rules)
    if spec.startswith("ai:"):
        level = spec[3:]
        if level == "perfect":
            try:
                from minigam.host.aitools.quarter import solver
            except ImportError as exc:
                raise PlayerError("ai:perfect needs the solver: %s" % exc)
            table = solver.load(rules.full_entry, rules.checkers)
            if table is None:
                raise PlayerError(
                    "ai:perfect needs the exact table; make it with "
                    "'python -m minigam.host solve' (takes minutes)")
            from minigam.host.aitools.quarter.perfect import PerfectPlayer
            return PerfectPlayer(rules, table)
        try:
            from minigam.quarter.ai import AIPlayer, LEVELS
        except ImportError as exc:
            raise PlayerError("the AI (minigam.quarter.ai) is not available: %s"
                              % exc)
        if level not in LEVELS:
            raise PlayerError("unknown AI level %r (choose from %s, perfect)"
                              % (level, ", ".join(LEVELS)))
        return AIPlayer(rules, level, seed)
    raise PlayerError("unknown player %r (choose from %s)"
                      % (spec, ", ".join(SPECS)))


def play_game(game, players, cube=None):
    """Play ``game`` (MINIGAM's ``Game`` or a ``BgGame``, state ``NEW``) to
    its end with ``players[0]`` (Player 1) and ``players[1]``; returns the
    winner. ``cube``: a Backgammon cube policy (``wants_double(game)``,
    ``takes(game)``), consulted before each roll the mover may double;
    None: nobody doubles. An illegal choice raises the game's own
    ``GameError``, naming the player and the play."""
    from minigam.quarter.game import ROLL, OVER  # (BgGame's states are the same)
    game.start_game()
    while game.state != OVER:
        if game.state == ROLL:
            if cube is not None and game.can_double() \
                    and cube.wants_double(game):
                game.double()
                if not cube.takes(game):
                    game.drop()
                    break
                game.take()
            game.roll()
        who = game.player
        steps = players[who - 1].choose(game.pos, game.d1, game.d2)
        if steps or not game.must_pass:
            try:
                game.play_steps(steps)
            except ValueError as exc:  # the game's GameError
                raise type(exc)("P%d chose an illegal play %r with %d-%d: %s"
                                % (who, steps, game.d1, game.d2, exc))
        game.confirm()
    return game.winner
