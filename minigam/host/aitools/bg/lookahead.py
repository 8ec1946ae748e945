"""Hard with a roll of look-ahead: a host-only experiment (issue 16).

``LookaheadAI(top, margin)`` is the device's Hard (``minigam.bg.ai.BgAI``)
whose choice is then re-ranked: among its ``top`` best plays by the
network (0-ply) that lie within ``margin`` (1/4096 equity) of the best,
it takes the one with the best 1-ply equity: the mean, over the
opponent's 21 rolls (36 with the doubles once), of the mover's equity
after the opponent's best reply by the same network (a reply that wins
counts its win's size). With ``blend`` below 1 it ranks them by that
share of the 1-ply equity plus the rest of the 0-ply one: an odd ply
judges every position with the mover on roll, and averaging it with the
even ply is the usual way round that bias. ``bg.analyse --lookahead
TOP [--blend B]`` has gnubg judge it.

Measured (README, "Backgammon AI"): the best two re-ranked gain about a
mEMG a move, the best five lose; a 1-ply costs about 850 ms a play on the
emulated Pico, so the device does not look ahead. Not device code: it
allocates freely and has no time slices.
"""

from minigam.bg import eval as bge
from minigam.bg import rules as R
from minigam.bg.ai import BgAI

# (d1, d2, weight in 36ths) of the 21 distinct rolls
ROLLS = tuple((a, b, 1 if a == b else 2)
              for a in range(1, 7) for b in range(a, 7))


def equity_after_reply(rules, ev, res):
    """The 1-ply equity (1/4096) of ``res`` (a position after a play, the
    opponent to move) for the side that made the play. ``rules`` and
    ``ev`` are the caller's own (their buffers are used)."""
    root = bytearray(res)
    root[R.TURN] = 3 - root[R.TURN]  # the replies' root, seen by the mover
    ev.set_root(root)
    total = 0
    for d1, d2, w in ROLLS:
        n = rules.plays(res, d1, d2)
        if n == 0:  # the opponent cannot move: the turn comes back
            best = ev.score(root)
        else:
            best = None
            for k in range(n):
                after = rules.result(res, k)
                if R.winner(after):
                    v = -R.win_kind(after) * bge.PSCALE
                else:
                    v = ev.score(after)
                if best is None or v < best:
                    best = v
        total += w * best
    return total / 36.0


class LookaheadAI(BgAI):
    """Hard, then the 1-ply re-ranking of its ``top`` best plays within
    ``margin`` of the best (see the module). ``.reranked`` and
    ``.changed`` count the decisions re-ranked and those whose choice the
    look-ahead changed."""

    def __init__(self, top=2, margin=400, seed=1, blend=1.0):
        BgAI.__init__(self, "hard", seed)
        self.top = top
        self.margin = margin
        self.blend = blend
        self._rules2 = R.Rules()
        self._ev2 = bge.Evaluator()
        self.reranked = 0
        self.changed = 0

    def _finish(self, k):
        if self._n > 1 and self.top > 1:
            k = self._rerank(k)
        BgAI._finish(self, k)

    def _rerank(self, k):
        scored = []
        for j in range(self._n):
            res = self.rules.result(self._pos, j)
            if R.winner(res):
                return k  # a winning play is taken as it is
            scored.append((self.ev.score(res), j, res))
        scored.sort(key=lambda t: (t[0], t[1]))
        close = [t for t in scored[:self.top]
                 if t[0] - scored[0][0] <= self.margin]
        if len(close) < 2:
            return k
        self.reranked += 1
        b = self.blend
        best = max(close, key=lambda t: (
            b * equity_after_reply(self._rules2, self._ev2, t[2])
            - (1 - b) * t[0], -t[1]))
        if best[1] != k:
            self.changed += 1
        return best[1]
