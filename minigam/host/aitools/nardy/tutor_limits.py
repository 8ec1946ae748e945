"""Long Nardy's tutor thresholds (``review --calibrate N --game nardy``).

The handheld's tutor marks a play doubtful, a blunder or very bad by the
cubeless equity (points a game: an oin 1, a mars 2) it gives away by
Hard's 0-ply estimate (``Search24.loss_of``), against the thresholds
``minigam.core.review.LIMITS[2]``. Long Nardy has no exact table, so they
are measured as MINIGAM's (``minigam.host.aitools.quarter
.tutor_calibration``) against a stronger judge, the reference:

* the sample: every decision with a choice of results, in order, that
  Easy and Medium (the device's ``NardyAI``, seeded) make in whole games
  against each other, seats alternating game by game;
* the estimate: Hard's loss of the play made (the tutor's, on the
  device's code);
* the reference: a roll of look-ahead (1-ply) over every play of the roll
  (``TOP``): a play's value is the mean, over the opponent's 21 rolls (36
  with the doubles once), of the mover's 0-ply equity after the
  opponent's best 0-ply reply (a play or a reply that wins counts its
  win's size; no reply gives the turn back), computed by the numba copies
  of the rules and the network (``nardy.fast``, the device's arithmetic).
  Its loss is the best play's value minus the played play's.

Is the reference the stronger player? ``duel(800)`` (seed 1; the 1-ply
best of the 0-ply best five, against Hard, seats swapped over the same
dice): **+0.140 points a game (+- 0.033), 55.6% of the games won**.

The rule: the reference's marks keep gnubg's meaning in points of equity
(``GNUBG``: doubtful above 0.04, bad above 0.08, very bad above 0.16; Long
Nardy's equity is also points a game, a mars counting as a gammon), and
each of the estimate's thresholds is set, on a grid of 0.005, where its
false alarms (flagged by the estimate, not by the reference) and misses
(flagged by the reference, not by the estimate) balance (``balance``):
the estimate then flags as many plays as the reference.

Measured 2026-11-28, ``review --calibrate 5000 --game nardy`` (seed 0;
5,000 decisions of 66 games, 2,304 Easy's and 2,696 Medium's; 2 to 2.5
minutes of CPU; two runs gave the same figures). By the reference (rows)
and by the estimate at the measured thresholds (columns)::

                    none  doubtful  blunder  very bad   total
    none            2839       249       49         2    3139
    doubtful         205       350      155         6     716
    blunder           47       151      385        93     676
    very bad           6         9       90       364     469
    total           3097       759      679       465    5000

    doubtful, estimate > 0.04: 1903 flagged, the reference 1861; 300
        false alarms (15.8% of the flags), 258 misses (13.9%)
    blunder, > 0.08: 1144 and 1145; 212 false alarms (18.5%), 213
        misses (18.6%)
    very bad, > 0.16: 465 and 469; 101 false alarms (21.7%), 105 misses
        (22.4%)

The mean gap between the two losses is 0.0183 (mean loss by the
reference 0.0544, by the estimate 0.0535); the reference's best is not
the 0-ply best in 26.5% of the decisions (outside the 0-ply best five in
3.1%). The placeholder thresholds (0.05, 0.10, 0.20) flagged too few:
1649 doubtful against the reference's 1861 (390 misses, 178 false
alarms), 898 blunders against 1145, 303 very bad against 469. Balance on
each half of the sample: (0.040, 0.080, 0.155) and (0.040, 0.080,
0.165). Share of the decisions given each mark (estimate / reference;
a blunder is not counted as doubtful too): Easy's doubtful 14.2% /
12.8%, blunder 14.7% / 14.8%, very bad 16.4% / 15.7% (any mark 45.3% /
43.3%); Medium's 16.0% / 15.7%, 12.6% / 12.4%, 3.2% / 4.0% (31.8% /
32.1%).

So the 0-ply and 1-ply losses share a scale, and the balance lands on
gnubg's thresholds: measured LIMITS[2] = (0.040, 0.080, 0.160), the same
as Backgammon's.

``python -m minigam.host.aitools.nardy.tutor_limits duel GAMES`` plays
the duel; ``... calibrate N`` is ``review --calibrate N --game nardy``.
Host only: numba.
"""

import sys
import time

import numba as nb
import numpy as np

from minigam.core.dice import Dice
from minigam.core.review import LIMITS, grade
from minigam.nardy import rules as R
from minigam.nardy.ai import NardyAI
from minigam.host.aitools import tutor_marks
from minigam.host.aitools.nardy import fast as F

LEVELS = ("easy", "medium")
MARKS = ("none", "doubtful", "blunder", "very bad")
# The reference's marks: gnubg's meaning of them in points of cubeless
# equity (doubtful, bad, very bad), as Backgammon's LIMITS.
GNUBG = (0.04, 0.08, 0.16)
# The reference judges every play (None), or the TOP best by 0-ply and the
# play made.
TOP = None
# The duel's reference looks at the 0-ply best five alone (every play
# costs about six times as much there).
DUEL_TOP = 5
PSCALE = F.PSCALE
_HD = True  # the head's doubles, as R.Rules() and NardyAI play them
# the estimate thresholds tried (each mark's balance is looked for here)
GRID = tuple(0.005 * k for k in range(1, 81))


# -- the reference: a roll of look-ahead -------------------------------------

@nb.njit(cache=True)
def _zero_ply(p, W1, B1, W3, B3, sig, fbuf, rbuf, acc, z):
    """The 0-ply equity (1/4096) of ``p`` for its side to move (a won
    position: minus its win's size)."""
    if F.winner(p):
        return -F.win_kind(p) * PSCALE
    F.int_outputs(p, W1, B1, W3, B3, fbuf, rbuf, acc, z)
    return F.int_equity(z, sig)


@nb.njit(cache=True)
def one_ply(res, W1, B1, W3, B3, sig, fbuf, rbuf, acc, z, rep, tk, ts, st,
            src, found):
    """The 1-ply equity (1/4096) of ``res`` (a position after a play, the
    opponent to move) for the side that made the play: the mean, over the
    opponent's 21 rolls (36 with the doubles once), of the mover's 0-ply
    equity after the opponent's best reply by 0-ply (the reply the mover
    values least); a play or a reply that wins counts its win's size; no
    reply gives the turn back. ``rep``..``found``: a ``fast.Work``'s
    buffers, for the replies."""
    if F.winner(res):
        return float(F.win_kind(res) * PSCALE)
    total = 0
    for a in range(1, 7):
        for b in range(a, 7):
            n = F.plays(res, a, b, _HD, rep, tk, ts, st, src, found)
            if n == 0:
                res[F.TURN] = 3 - res[F.TURN]
                best = _zero_ply(res, W1, B1, W3, B3, sig, fbuf, rbuf, acc,
                                 z)
                res[F.TURN] = 3 - res[F.TURN]
            else:
                best = 1 << 30
                for k in range(n):
                    v = _zero_ply(rep[k], W1, B1, W3, B3, sig, fbuf, rbuf,
                                  acc, z)
                    if v < best:
                        best = v
            total += best if a == b else 2 * best
    return total / 36.0


class Judge:
    """The reference: ``judge(pos, d1, d2, result)`` gives the 1-ply loss
    of the play to ``result`` (bytes: after the play, turn passed) among
    the ``top`` best plays by 0-ply and the play made (``top=None``: every
    play), with ``.played`` (its 1-ply equity, points), ``.best`` (the
    best's), ``.rank0`` (the 0-ply rank of the 1-ply best: 0 is the 0-ply
    best) and ``.n`` (the plays of the roll)."""

    def __init__(self, top=TOP):
        from minigam.nardy import weights
        self.top = top
        self.model = F.IntModel(weights)
        self.work = F.Work()
        self.reply = F.Work()

    def zero_ply(self, p):
        """The 0-ply equity (points) of ``p`` (turn passed) for the side
        that moved to it."""
        m = self.model
        return -_zero_ply(p, m.W1, m.B1, m.W3, m.B3, m.sig, m.fbuf, m.rbuf,
                          m.acc, m.z) / PSCALE

    def one_ply(self, p):
        """The 1-ply equity (points) of ``p`` (turn passed) for the side
        that moved to it."""
        m = self.model
        return one_ply(np.array(p, np.uint8), m.W1, m.B1, m.W3, m.B3, m.sig,
                       m.fbuf, m.rbuf, m.acc, m.z, *self.reply.args()) \
            / PSCALE

    def results(self, pos, d1, d2):
        """The distinct results of the roll, in ``Rules.plays``' order, as
        rows of an array (a view of this judge's buffer)."""
        p = np.array(pos, np.uint8)
        p[R.HEADS] = 0
        n = F.plays(p, d1, d2, _HD, *self.work.args())
        return self.work.res[:n]

    def __call__(self, pos, d1, d2, result):
        res = self.results(pos, d1, d2)
        self.n = n = len(res)
        mine = np.frombuffer(bytes(result), np.uint8)
        played = [k for k in range(n) if (res[k] == mine).all()]
        if not played:
            raise ValueError("not a result of this roll")
        zero = [self.zero_ply(res[k]) for k in range(n)]
        order = sorted(range(n), key=lambda k: (-zero[k], k))
        keep = order if self.top is None else order[:self.top]
        if played[0] not in keep:
            keep = keep + played
        rank = {k: i for i, k in enumerate(order)}
        one = {k: self.one_ply(res[k]) for k in keep}
        best = max(keep, key=lambda k: (one[k], -rank[k]))
        self.played = one[played[0]]
        self.best = one[best]
        self.rank0 = rank[best]
        return self.best - self.played


# -- is the reference the stronger player? -----------------------------------

def duel(games, seed=1, top=DUEL_TOP):
    """The points a game of the reference as a player (the best 1-ply play
    among the ``top`` best by 0-ply, every play when None) against Hard
    (the 0-ply best, the first on a tie; a win first), ``games`` games
    (an even number): games ``2j`` and ``2j + 1`` use the same dice
    (numpy's generator seeded ``seed + j``) with the seats swapped. Returns
    ``(points a game, its standard error over the pairs, share won)``."""
    if games < 2 or games % 2:
        raise ValueError("games come in pairs: an even number")
    judge = Judge(top)
    pts = []
    for g in range(games):
        rng = np.random.default_rng(seed + g // 2)
        us = 1 + g % 2  # the reference's seat
        pos = np.array(R.new_position(1 + int(rng.integers(2))), np.uint8)
        while True:
            d1, d2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
            res = judge.results(pos, d1, d2)
            n = len(res)
            if n == 0:
                pos[R.TURN] = 3 - pos[R.TURN]
                continue
            k = 0
            if n > 1:
                zero = [judge.zero_ply(res[j]) for j in range(n)]
                order = sorted(range(n), key=lambda j: (
                    F.winner(res[j]) == 0, -zero[j], j))
                k = order[0]
                if pos[R.TURN] == us:
                    keep = order if top is None else order[:top]
                    one = [judge.one_ply(res[j]) for j in keep]
                    k = keep[max(range(len(keep)),
                                 key=lambda i: (one[i], -i))]
            pos = res[k].copy()
            w = F.winner(pos)
            if w:
                pts.append(F.win_kind(pos) * (1 if w == us else -1))
                break
    a = np.array(pts, float)
    pairs = a.reshape(-1, 2).mean(1)
    return (float(a.mean()), float(pairs.std(ddof=1) / len(pairs) ** 0.5),
            float((a > 0).mean()))


# -- the sample --------------------------------------------------------------

class Point:
    """One measured decision: ``pos``, ``d1``, ``d2``, ``result`` (the play
    made, turn passed), ``level`` that made it, ``n`` (its plays), ``est``
    (Hard's 0-ply loss, the tutor's) and ``ref`` (the reference's loss),
    ``rank0`` (the 0-ply rank of the reference's best play), ``game`` (the
    sample's game it comes from, from 0)."""

    def __init__(self, pos, d1, d2, result, level, n, est, ref, rank0=0,
                 game=0):
        self.pos = pos
        self.d1 = d1
        self.d2 = d2
        self.result = result
        self.level = level
        self.n = n
        self.est = est
        self.ref = ref
        self.rank0 = rank0
        self.game = game


def sample(n, seed=0, top=TOP):
    """``n`` ``Point``s: every decision with a choice of results, in order,
    from whole games Easy and Medium play against each other (the device's
    ``NardyAI``; seats alternating game by game, dice and noise seeded from
    ``seed``; the opening roll as ``NardyGame``'s: one die each, the
    higher then throws both)."""
    hard = NardyAI("hard", seed=0)
    judge = Judge(top)
    dice = Dice(seed=seed)
    out = []
    g = 0
    while len(out) < n:
        lv = (LEVELS[g % 2], LEVELS[1 - g % 2])
        ais = {p: NardyAI(lv[p - 1], seed=(seed * 7919 + g * 2 + p)
                          & 0xFFFF) for p in (1, 2)}
        a = b = 0
        while a == b:
            a, b = dice.roll_one(), dice.roll_one()
        pos = R.new_position(1 if a > b else 2)
        d1, d2 = dice.roll()
        while not R.winner(pos) and len(out) < n:
            ai = ais[pos[R.TURN]]
            ai.choose(pos, d1, d2)
            res = bytearray(ai.result)
            if ai.choices > 1:
                hard.choose(pos, d1, d2)
                ref = judge(pos, d1, d2, res)
                out.append(Point(bytes(pos), d1, d2, bytes(res), ai.level,
                                 ai.choices, hard.loss_of(res), ref,
                                 judge.rank0, g))
            pos = res
            d1, d2 = dice.roll()
        g += 1
    return out


# -- the figures -------------------------------------------------------------

def confusion(points, est_t, ref_t=GNUBG):
    """``m[reference mark][estimate mark]`` counts (marks as ``grade``,
    the estimate's by thresholds ``est_t``, the reference's by
    ``ref_t``)."""
    m = [[0] * len(MARKS) for _ in MARKS]
    for p in points:
        m[grade(p.ref, limits=ref_t)][grade(p.est, limits=est_t)] += 1
    return m


def flags(points, est_t, ref_t):
    """``(flagged, false alarms, misses)`` when the estimate flags above
    ``est_t`` and the reference above ``ref_t`` (``tutor_marks.flags``)."""
    return tutor_marks.flags([(p.est, p.ref) for p in points], est_t, ref_t)


def balance(points, ref_t, grid=GRID):
    """The estimate threshold of ``grid`` whose false alarms and misses
    against the reference above ``ref_t`` balance best (the smallest
    difference, then the fewest errors, then the smallest threshold)."""
    def cost(t):
        _, fa, miss = flags(points, t, ref_t)
        return (abs(fa - miss), fa + miss, t)
    return min(grid, key=cost)


def measured(points):
    """The estimate's thresholds by ``balance`` for each of the reference's
    (``GNUBG``), rounded to 3 decimals."""
    return tuple(round(balance(points, t), 3) for t in GNUBG)


def _triple(t):
    return "(%.3f, %.3f, %.3f)" % t


def table(points, est_t, out):
    m = confusion(points, est_t)
    n = len(points)
    out.write("%-17s%s\n" % ("", "by Hard's estimate (0-ply)"))
    out.write("%-17s%9s%9s%9s%9s%9s\n" % (("by the reference",) + MARKS
                                          + ("total",)))
    for i, name in enumerate(MARKS):
        out.write("%-17s%9d%9d%9d%9d%9d\n" % ((name,) + tuple(m[i])
                                              + (sum(m[i]),)))
    cols = [sum(m[i][j] for i in range(len(MARKS)))
            for j in range(len(MARKS))]
    out.write("%-17s%9d%9d%9d%9d%9d\n" % (("total",) + tuple(cols) + (n,)))


def errors(points, est_t, out):
    for name, e, x in zip(MARKS[1:], est_t, GNUBG):
        f, fa, miss = flags(points, e, x)
        r = sum(1 for p in points if p.ref > x)
        out.write("  %-9s estimate > %.3f: %4d flagged, reference > %.2f: "
                  "%4d; %4d false alarms (%s of the flags), %4d misses "
                  "(%s of the reference's)\n"
                  % (name + ":", e, f, x, r, fa, tutor_marks.pct(fa, f), miss,
                     tutor_marks.pct(miss, r)))


def report(points, out, current=None):
    """Print the figures of ``points`` (see the module docstring) against
    the thresholds ``current`` (default ``LIMITS[2]``); returns the
    measured thresholds."""
    current = tuple(current or LIMITS[2])
    n = len(points)
    chosen = measured(points)
    out.write("reference: 1-ply (the mean over the 21 rolls of the "
              "opponent's best 0-ply reply), marks above %.2f / %.2f / "
              "%.2f (gnubg's)\n" % GNUBG)
    for title, t in (("the estimate's thresholds as LIMITS[2] now",
                      current),
                     ("the measured thresholds", chosen)):
        out.write("\n%s: doubtful above %.3f, blunder above %.3f, very bad "
                  "above %.3f\n" % ((title,) + t))
        table(points, t, out)
        errors(points, t, out)
    gap = sum(abs(p.est - p.ref) for p in points) / n if n else 0.0
    out.write("\nmean |estimate - reference| loss: %.4f (mean reference "
              "%.4f, estimate %.4f)\n" % (
                  gap, sum(p.ref for p in points) / max(n, 1),
                  sum(p.est for p in points) / max(n, 1)))
    off = sum(1 for p in points if p.rank0)
    out.write("the reference's best is not the 0-ply best in %d decisions "
              "(%s); outside the 0-ply best %d (the duel's choices): "
              "%d\n" % (off, tutor_marks.pct(off, n), DUEL_TOP,
                         sum(1 for p in points if p.rank0 >= DUEL_TOP)))
    out.write("\nother estimate thresholds (flagged / false alarms / "
              "misses):\n")
    for x, c in zip(GNUBG, chosen):
        ts = sorted({round(c + d, 3) for d in (-0.02, -0.01, -0.005, 0.0,
                                               0.005, 0.01, 0.02)
                     if c + d > 0.0001})
        out.write("  reference above %.2f:" % x)
        for t in ts:
            out.write("  >%.3f %d/%d/%d" % ((t,) + flags(points, t, x)))
        out.write("\n")
    out.write("\nshare of each level's decisions marked (estimate by the "
              "measured thresholds / reference):\n")
    for lv in LEVELS:
        mine = [p for p in points if p.level == lv]
        k = len(mine)
        out.write("  %-7s %4d decisions, mean loss %.4f (reference %.4f):"
                  % (lv, k, sum(p.est for p in mine) / max(k, 1),
                     sum(p.ref for p in mine) / max(k, 1)))
        for i, name in enumerate(MARKS[1:], 1):
            e = sum(1 for p in mine if grade(p.est, limits=chosen) == i)
            r = sum(1 for p in mine if grade(p.ref, limits=GNUBG) == i)
            out.write("  %s %s / %s" % (name, tutor_marks.pct(e, k), tutor_marks.pct(r, k)))
        out.write("\n")
    h = n // 2
    if h:
        out.write("\nthe same rule on each half of the decisions: %s and "
                  "%s\n" % (_triple(measured(points[:h])),
                             _triple(measured(points[h:]))))
    out.write("\nmeasured LIMITS[2] = %s\n" % _triple(chosen))
    return chosen


def main(n, out, seed=0):
    """``review --calibrate N --game nardy``: 0, or 2 when ``n`` < 1."""
    if n < 1:
        sys.stderr.write("error: --calibrate needs N >= 1\n")
        return 2
    t0 = time.time()
    points = sample(n, seed)
    games = len({p.game for p in points})
    out.write("Long Nardy tutor calibration: %d decisions with a choice by "
              "Easy and Medium in %d game%s (seed %d), %.0f s\n"
              % (len(points), games, "" if games == 1 else "s", seed,
                 time.time() - t0))
    report(points, out)
    return 0


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(
        prog="minigam.host.aitools.nardy.tutor_limits")
    ap.add_argument("what", choices=("calibrate", "duel"))
    ap.add_argument("n", type=int, help="decisions (calibrate) or games "
                    "(duel)")
    ap.add_argument("--seed", type=int, default=None,
                    help="default 0 (calibrate), 1 (duel)")
    ap.add_argument("--top", type=int, default=DUEL_TOP,
                    help="duel: the reference judges the TOP best by 0-ply "
                    "(default %d; 0: every play)" % DUEL_TOP)
    args = ap.parse_args()
    if args.what == "duel":
        t0 = time.time()
        pg, se, won = duel(args.n, 1 if args.seed is None else args.seed,
                           args.top or None)
        print("1-ply reference vs Hard (0-ply), %d games: %+.3f points a "
              "game (+- %.3f), %.1f%% won; %.0f s"
              % (args.n, pg, se, 100 * won, time.time() - t0))
        sys.exit(0)
    sys.exit(main(args.n, sys.stdout, args.seed or 0))
