"""Long Nardy players for host tools (``play --game nardy``, the benchmark).

A player has ``choose(pos, d1, d2) -> [(src, die), ...]``: a whole legal
play in order (mover's-view source indices, as
``minigam.nardy.rules.do_move`` takes them), ``[]`` when there is none;
``minigam.nardy.ai.NardyAI`` has the same. ``make_player(spec, seed=None)``
builds one from its name:

* ``random``: a uniformly random distinct legal result, seeded;
* ``greedy``: the result with the best ``greedy_score``, the first in
  generation order on a tie (deterministic); a winning play first, a mars
  before an oin;
* ``first``: always the first generated play;
* ``ai:easy``, ``ai:medium``, ``ai:hard``: the device's ``NardyAI``.

The greedy heuristic, for a game with no hitting: in a race every pip
counts, away from it points held and blocks do. It adds, for the mover
after the play: twice the pip lead (the opponent's pips less its own),
4 for each point it holds, 3 for each point of its block (its longest
run of points along the opponent's path with an opposing checker behind
it, ``minigam.nardy.eval.side_features``), 1 for each opposing checker
behind that block; and takes off 2 for each of its own checkers behind
the opponent's block and 1 for each checker past the third on a point
(other than the head): stacks waste checkers. ``nardy.fast.greedy_score``
is the same in numba.
"""

from minigam.nardy import eval as ne
from minigam.nardy import rules as R
from minigam.host.aitools import players


def greedy_score(res, m, fbuf=None):
    """The heuristic value of result ``res`` for the mover of block ``m``
    (see the module docstring)."""
    fbuf = fbuf if fbuf is not None else bytearray(13)
    ne.features(res, fbuf)
    o = R.BLOCK - m
    me = 0 if m == 0 else ne.NF
    op = ne.NF - me
    pm = po = held = stack = 0
    for i in range(1, R.OFF):
        c = res[m + i]
        pm += c * (25 - i)
        po += res[o + i] * (25 - i)
        if c:
            held += 1
            if i > R.HEAD and c > 3:
                stack += c - 3
    return (2 * (po - pm) + 4 * held + 3 * fbuf[me] + fbuf[me + 2]
            - 2 * fbuf[op + 2] - stack)


class GreedyPlayer(players.GreedyPlayer):
    """Best result by ``greedy_score`` (a winning play first, a mars
    first); deterministic."""

    def __init__(self):
        players.GreedyPlayer.__init__(self, R.Rules())
        self._fbuf = bytearray(13)

    def score(self, pos, res):
        if R.winner(res):
            return 1 << 20 | R.win_kind(res)
        return greedy_score(res, R.mover_base(pos), self._fbuf)


def _ai():
    from minigam.nardy.ai import NardyAI, LEVELS
    return NardyAI, LEVELS


def make_player(spec, seed=None):
    """A Long Nardy player from its name; raises ``PlayerError``."""
    return players.make_player(spec, seed, "Long Nardy", R.Rules,
                               GreedyPlayer, _ai)
