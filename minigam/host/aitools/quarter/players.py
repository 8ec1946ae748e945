"""MINIGAM's players for host tools: random, greedy, first, AI levels and
perfect.

A player has ``choose(pos, d1, d2) -> [(src, die), ...]`` (a whole legal
play in order, ``[]`` for a pass), the same interface as
``minigam.quarter.ai.AIPlayer``, so ``Game.play_steps`` can play it
(``minigam.host.aitools.players.play_game`` plays a whole game).

``make_player(spec, rules, seed=None)`` builds one from a name:

* ``random``: a uniformly random distinct legal result;
* ``greedy``: the result with the best pip-count heuristic (own pips saved,
  opponent pips added by hits, blots left in reach punished), ties broken by
  the generation order, so it is deterministic;
* ``first``: always the first generated play (a scripted, fixed player);
* ``ai:easy``, ``ai:medium``, ``ai:hard``: ``minigam.quarter.ai.AIPlayer``;
* ``ai:perfect``: best play by the exact solution table
  (``python -m minigam.host solve`` makes it; an error if it is missing).
"""

from minigam.quarter.rules import TURN, NONE, pips
from minigam.host.aitools import players
from minigam.host.aitools.players import PlayerError

SPECS = ("random", "greedy", "first", "ai:easy", "ai:medium", "ai:hard",
         "ai:perfect")


def _steps(rules, k):
    """Play ``k`` of the last ``rules.plays`` call (4 bytes a play)."""
    mv = rules.moves
    b = 4 * k
    out = [(mv[b], mv[b + 1])]
    if mv[b + 2] != NONE:
        out.append((mv[b + 2], mv[b + 3]))
    return out


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


_WIN = 1 << 30  # a winning play's score: above any heuristic


class GreedyPlayer(players.GreedyPlayer):
    """Best result by ``greedy_score`` (a winning play first);
    deterministic."""

    def __init__(self, rules):
        players.GreedyPlayer.__init__(self, rules, _steps)

    def score(self, pos, res):
        m = 0 if pos[TURN] == 1 else 8
        if res[m + 7] == self.rules.checkers:
            return _WIN
        return greedy_score(self.rules, pos, res)


def make_player(spec, rules, seed=None):
    """A player from its name; raises ``PlayerError``."""
    if spec == "random":
        return players.RandomPlayer(rules, seed, _steps)
    if spec == "greedy":
        return GreedyPlayer(rules)
    if spec == "first":
        return players.FirstPlayer(rules, _steps)
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
