"""The Perfect level (host only): plays the best result by the exact table.

Same interface as the device AI (``minigam.quarter.ai.AIPlayer``):

* ``choose(pos, d1, d2)`` -> the play as ``[(src, die), ...]`` in the
  mover's index view (``[]`` for a pass);
* sliced: ``begin(pos, d1, d2)``, then ``step()`` until it returns True;
  the play is then in ``steps`` and the position after it (turn passed) in
  ``result``. A table look-up is fast, so one step does all the work.
* ``begin`` raises ValueError when the game is already over.

``equity`` holds the chosen play's exact win probability for the mover.
Ties (results of exactly equal value) go to the first play in
``Rules.plays`` order, so the choice is deterministic.
"""

import os

from minigam.quarter.rules import TURN, NONE, winner
from minigam.host.aitools.quarter import solver


class PerfectPlayer:
    """Best play by exact values.

    :param rules: a ``minigam.quarter.rules.Rules`` of the table's variant and size
    :param table: a ``minigam.host.aitools.quarter.solver.Table``
    """

    level = "perfect"

    def __init__(self, rules, table):
        if rules.checkers != table.checkers or \
                bool(rules.full_entry) != bool(table.full_entry):
            raise ValueError("rules and table are for different games")
        self.rules = rules
        self.table = table
        self.steps = []
        self.result = None
        self.equity = None
        self.done = True
        self.choices = 0
        self._query = None
        self._eqs = []

    def choose(self, pos, d1, d2):
        """The best play of roll ``d1-d2`` as ``[(src, die), ...]``."""
        self.begin(pos, d1, d2)
        while not self.step():
            pass
        return self.steps

    def begin(self, pos, d1, d2):
        """Start choosing; raises ValueError if the game is over."""
        if winner(pos, self.rules.checkers):
            raise ValueError("the game is over")
        self._query = (bytearray(pos), d1, d2)
        self.steps = []
        self.result = None
        self.equity = None
        self.done = False

    def step(self):
        """Do the (whole) search; True when ``steps`` holds the play."""
        if self.done:
            return True
        pos, d1, d2 = self._query
        eqs = solver.result_equities(self.table, self.rules, pos, d1, d2)
        self._eqs = eqs
        self.choices = 0 if eqs[0][2] is None else len(eqs)
        best = eqs[0][0]
        self.equity = best
        if eqs[0][2] is None:  # pass
            self.steps = []
            self.result = eqs[0][1]
        else:
            # First play in generation order among the best ones.
            k = min(e[2] for e in eqs if e[0] == best)
            mv = self.rules.moves
            b = 4 * k
            steps = [(mv[b], mv[b + 1])]
            if mv[b + 2] != NONE:
                steps.append((mv[b + 2], mv[b + 3]))
            self.steps = steps
            self.result = apply_steps(self.rules, pos, steps)
        self.done = True
        return True


    def loss_of(self, result):
        """Exact win probability the play to ``result`` (turn passed) gives
        away against the best play of the finished decision (the
        interface of ``AIPlayer.loss_of``); ValueError if ``result`` is not
        one of its results."""
        eqs = self._eqs
        for eq, r, _ in eqs:
            if r == result:
                return eqs[0][0] - eq
        raise ValueError("not a result of this roll")


def factory(checkers=8):
    """The app's Perfect level for the simulator: a function ``make(rules)``
    returning a :class:`PerfectPlayer` of the cached exact table of
    ``rules``' variant (None when that table is not cached, or for a
    24-point game's rules), or None when
    no table is cached at all (``python -m minigam.host solve`` makes
    them). Tables load on first use and stay loaded."""
    if not any(os.path.exists(solver.table_path(fe, checkers))
               for fe in (False, True)):
        return None
    tables = {}

    def make(rules):
        if not hasattr(rules, "full_entry"):
            return None  # a 24-point game: no exact table
        key = (bool(rules.full_entry), rules.checkers)
        if key not in tables:
            tables[key] = solver.load(key[0], key[1])
        table = tables[key]
        return None if table is None else PerfectPlayer(rules, table)

    return make


def apply_steps(rules, pos, steps):
    """A new position: ``pos`` after ``steps`` with the turn passed."""
    out = bytearray(pos)
    m = 0 if out[TURN] == 1 else 8
    for src, die in steps:
        rules.do_move(out, m, src, die)
    out[TURN] = 3 - out[TURN]
    return out
