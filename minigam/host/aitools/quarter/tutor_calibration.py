"""Calibration of the tutor's marks (``review --calibrate N``).

The handheld has no exact table: it marks a play doubtful or a blunder by
Hard's first-ply estimate of the win probability the play lost
(``AIPlayer.loss_of``). This measures those marks against the exact losses
on decisions that Easy and Medium (seeded, seats alternating) make in whole
games, so the thresholds (MINIGAM's ``minigam.core.review.LIMITS``) are set by
figures: a 3x3 table of marks by estimate against marks by exact values,
the false alarms and misses, the mean gap between the two losses, and what
other estimate thresholds would give.
"""

import sys
import time

from minigam.quarter.ai import AIPlayer
from minigam.core.dice import Dice
from minigam.quarter.rules import Rules, TURN, new_position, winner
from minigam.host.aitools import tutor_marks
from minigam.host.aitools.quarter import solver
from minigam.core.review import LIMITS, grade

DOUBTFUL, BLUNDER = LIMITS[0][:2]  # MINIGAM's

LEVELS = ("easy", "medium")
MARKS = ("none", "doubtful", "blunder")


class Point:
    """One measured decision: ``pos``, ``d1``, ``d2``, ``result`` (the play
    made, turn passed), ``level`` that made it, ``est`` and ``exact``
    losses."""

    def __init__(self, pos, d1, d2, result, level, est, exact):
        self.pos = pos
        self.d1 = d1
        self.d2 = d2
        self.result = result
        self.level = level
        self.est = est
        self.exact = exact


def sample(table, n, seed=0, estimator=None):
    """``n`` ``Point``s: every decision with a choice of results, in order,
    from games Easy and Medium play against each other (dice and noise
    seeded from ``seed``). ``estimator`` (default Hard) needs ``choose``
    and ``loss_of``; the exact loss is ``solver.decision_loss``."""
    rules = Rules(checkers=table.checkers, full_entry=table.full_entry)
    mine = Rules(checkers=table.checkers, full_entry=table.full_entry)
    est = estimator or AIPlayer(mine, "hard", seed=0)
    dice = Dice(seed=seed)
    nchk = rules.checkers
    out = []
    g = 0
    while len(out) < n:
        lv = (LEVELS[g % 2], LEVELS[1 - g % 2])
        ais = {p: AIPlayer(rules, lv[p - 1], seed=(seed * 7919 + g * 2 + p)
                           & 0xFFFF) for p in (1, 2)}
        a = b = 0
        while a == b:
            a, b = dice.roll_one(), dice.roll_one()
        pos = new_position(nchk, 1 if a > b else 2)
        d1, d2 = (a, b) if a > b else (b, a)
        while not winner(pos, nchk) and len(out) < n:
            ai = ais[pos[TURN]]
            ai.choose(pos, d1, d2)
            res = bytearray(ai.result)
            if ai.choices > 1:
                est.choose(pos, d1, d2)
                out.append(Point(
                    bytes(pos), d1, d2, bytes(res), ai.level,
                    est.loss_of(res),
                    solver.decision_loss(table, rules, pos, d1, d2, res)))
            pos = res
            d1, d2 = dice.roll()
        g += 1
    return out


def confusion(points, doubtful=DOUBTFUL, blunder=BLUNDER):
    """``m[exact mark][estimate mark]`` counts (marks as ``grade``)."""
    m = [[0, 0, 0] for _ in MARKS]
    t = (doubtful, blunder, 2.0)  # (MINIGAM has no "very bad")
    for p in points:
        m[grade(p.exact, limits=t)][grade(p.est, limits=t)] += 1
    return m


def flags(points, est_t, exact_t):
    """``(flagged, false alarms, misses)`` when the estimate flags above
    ``est_t`` and the exact values above ``exact_t`` (``tutor_marks.flags``)."""
    return tutor_marks.flags([(p.est, p.exact) for p in points], est_t, exact_t)


def report(points, out):
    """Print the figures of ``points`` (see the module docstring)."""
    n = len(points)
    m = confusion(points)
    out.write("marks: doubtful above %.2f, blunder above %.2f\n\n"
              % (DOUBTFUL, BLUNDER))
    out.write("%-17s%s\n" % ("", "by Hard's estimate"))
    out.write("%-17s%9s%9s%9s%9s\n" % (("by exact values",) + MARKS
                                       + ("total",)))
    for i, name in enumerate(MARKS):
        out.write("%-17s%9d%9d%9d%9d\n" % ((name,) + tuple(m[i])
                                           + (sum(m[i]),)))
    cols = [sum(m[i][j] for i in range(3)) for j in range(3)]
    out.write("%-17s%9d%9d%9d%9d\n\n" % (("total",) + tuple(cols) + (n,)))
    f, fa, miss = flags(points, DOUBTFUL, DOUBTFUL)
    x = sum(1 for p in points if p.exact > DOUBTFUL)
    out.write("flagged by the estimate: %d; by the exact values: %d\n"
              % (f, x))
    out.write("false alarms (flagged, exact loss <= %.2f): %d (%s of the "
              "flags)\n" % (DOUBTFUL, fa, tutor_marks.pct(fa, f)))
    out.write("misses (exact loss > %.2f, not flagged): %d (%s of the exact "
              "flags)\n" % (DOUBTFUL, miss, tutor_marks.pct(miss, x)))
    _, bfa, bmiss = flags(points, BLUNDER, BLUNDER)
    out.write("blunder mark: %d false, %d missed (exact > %.2f: %d)\n"
              % (bfa, bmiss, BLUNDER, m[2][0] + m[2][1] + m[2][2]))
    gap = sum(abs(p.est - p.exact) for p in points) / n if n else 0.0
    out.write("mean |estimate - exact| loss: %.4f (mean exact %.4f, "
              "estimate %.4f)\n\n" % (
                  gap, sum(p.exact for p in points) / max(n, 1),
                  sum(p.est for p in points) / max(n, 1)))
    out.write("other estimate thresholds (flagged / false alarms / misses):"
              "\n")
    for exact_t, ts in ((DOUBTFUL, (0.01, 0.015, 0.02, 0.03, 0.04)),
                        (BLUNDER, (0.04, 0.05, 0.06, 0.08, 0.10))):
        out.write("  exact above %.2f:" % exact_t)
        for t in ts:
            out.write("  >%.3f %d/%d/%d" % ((t,) + flags(points, t, exact_t)))
        out.write("\n")


def main(n, out, seed=0, full_entry=False, checkers=8):
    """``review --calibrate N``: 0, or 2 without the cached exact table."""
    if n < 1:
        sys.stderr.write("error: --calibrate needs N >= 1\n")
        return 2
    table = solver.load(full_entry, checkers)
    if table is None:
        sys.stderr.write(
            "error: the calibration needs the exact table; make it with "
            "'python -m minigam.host solve%s' (takes minutes)\n"
            % (" --full-entry" if full_entry else ""))
        return 2
    t0 = time.time()
    points = sample(table, n, seed)
    out.write("tutor calibration: %d decisions with a choice by Easy and "
              "Medium (seed %d), %s game, %.0f s\n"
              % (len(points), seed, "Full-Entry" if full_entry
                 else "standard", time.time() - t0))
    report(points, out)
    return 0
