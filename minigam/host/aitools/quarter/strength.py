"""Strength benchmark of the device AI's levels against the exact solution.

For each level it prints:

* the average win probability lost per decision, against the exact values,
  on a fixed set of decision points (at least 2 distinct results) taken in
  order from seeded games that level plays against Hard -- the level's own
  decisions in those games;
* the share of those decisions that are not optimal;
* the win rate over N games against the Perfect player (exact table), seats
  balanced: the level moves as Player 1 in half the games, Player 2 in the
  other half; every game starts with a seeded opening roll.

Games run in CPython with the device code itself (``minigam.quarter.ai``) and the
exact table, so the figures are the device's. Usage::

    python -m minigam.host.aitools.quarter.strength [--points N] [--games N]
        [--jobs J] [--levels easy,medium,hard] [--seed S]
"""

import argparse
import random
import sys
import time

from minigam.quarter.ai import LEVELS, AIPlayer
from minigam.quarter.rules import Rules, new_position

EPS = 1e-7


def equities(table, rules, pos, d1, d2):
    """``[(equity, result bytes), ...]`` in ``Rules.plays`` order for the
    mover of ``pos`` (a pass gives one entry)."""
    n = rules.checkers
    m = 0 if pos[16] == 1 else 8
    cnt = rules.plays(pos, d1, d2)
    if cnt == 0:
        r = rules.result(pos, None)
        return [(1.0 - table.value(r), bytes(r))]
    out = []
    vals = table.values
    index = table.index
    for k in range(cnt):
        r = rules.result(pos, k)
        eq = 1.0 if r[m + 7] == n else 1.0 - float(vals[index(r)])
        out.append((eq, bytes(r)))
    return out


class Perfect:
    """Takes the play with the highest exact equity (first on ties)."""

    def __init__(self, table, rules):
        self.table = table
        self.rules = rules

    def play(self, pos, d1, d2):
        eqs = equities(self.table, self.rules, pos, d1, d2)
        best = max(e for e, _ in eqs)
        for e, r in eqs:
            if e >= best - EPS:
                return bytearray(r)


class Device:
    """An ``AIPlayer`` level as a game player. With ``zall`` (the network
    output of every table position, from :func:`all_scores`) the evaluator
    looks scores up instead of computing them: the same integers, so the
    same choices (a test checks this), many times faster."""

    def __init__(self, rules, level, seed, zall=None, table=None):
        self.ai = AIPlayer(rules, level, seed=seed)
        if zall is not None:
            self.ai.eval = _LookupEvaluator(zall, table)
            if self.ai.search:
                self.ai.eval2 = _LookupEvaluator(zall, table)

    def play(self, pos, d1, d2):
        self.ai.choose(pos, d1, d2)
        return self.ai.result


class _LookupEvaluator:
    """``ai_eval.Evaluator`` stand-in reading precomputed outputs."""

    def __init__(self, zall, table):
        self.zall = zall
        self.index = table.index

    def set_root(self, root):
        pass

    def score(self, res):
        return self.zall[self.index(res)]


def all_scores(table):
    """The device network's output ``z`` for every table position (side to
    move's view), computed with the exact integer arithmetic of
    ``minigam.quarter.eval`` (``ai_train.IntNet``), as a list of ints. Cached
    beside the table, keyed by the weights file's hash."""
    import hashlib
    import os

    import numpy as np

    from minigam.host.aitools.quarter.train import (
        IntNet, load_weights, thermometers, weights_path)
    from minigam.host.aitools.quarter.solver import cache_dir
    wpath = weights_path(table.full_entry)
    if not os.path.exists(wpath):
        wpath = weights_path(False)  # the device falls back the same way
    with open(wpath, "rb") as f:
        key = hashlib.sha1(f.read()).hexdigest()[:16]
    path = os.path.join(cache_dir(), "ai-z-n%d-%s%s.npy"
                        % (table.checkers, "fe-" if table.full_entry else "",
                           key))
    if os.path.exists(path):
        z = np.load(path)
        if len(z) == table.size:
            return z.tolist()
    idx = table.idx
    net = IntNet.from_module(load_weights(wpath))
    z = net.z(thermometers(idx.conf), idx.A, idx.B).astype(np.int32)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        np.save(path + ".tmp.npy", z)
        os.replace(path + ".tmp.npy", path)
        # drop the outputs of older weights of this variant (16 MB each)
        d, name = os.path.split(path)
        prefix = name[:-len(key) - 4]
        for other in os.listdir(d):
            if other.startswith(prefix) and other != name and len(
                    other) == len(name):
                os.remove(os.path.join(d, other))
    except OSError:
        pass
    return z.tolist()


def play_game(rules, players, rng, watch=None):
    """One game; ``players[0]`` is Player 1. ``watch(pos, d1, d2, result)``
    sees every decision of Player 1 with at least 2 results. Returns the
    winner (1 or 2)."""
    n = rules.checkers
    pos = new_position(n, 1)
    d1 = d2 = 0
    while d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        pos[16] = 1 if d1 > d2 else 2
    while True:
        p = pos[16]
        cnt = rules.plays(pos, d1, d2)
        if cnt == 0:
            pos[16] = 3 - p
        else:
            res = players[p - 1].play(pos, d1, d2)
            if watch is not None and p == 1 and cnt >= 2:
                watch(pos, d1, d2, res)
            pos = bytearray(res)
            if pos[7] == n:
                return 1
            if pos[15] == n:
                return 2
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)


def decision_points(table, level, points, seed, zall=None):
    """The level's first ``points`` decisions (>= 2 results) in seeded games
    against Hard: the list of their losses."""
    rules = Rules(table.checkers, table.full_entry)
    out = []
    rng = random.Random(seed)

    def watch(pos, d1, d2, res):
        if len(out) >= points:
            return
        eqs = equities(table, rules, pos, d1, d2)
        best = max(e for e, _ in eqs)
        got = [e for e, r in eqs if r == bytes(res)]
        if len(got) != 1:
            raise AssertionError("AI result is not a legal result")
        out.append(best - got[0])

    g = 0
    while len(out) < points:
        players = (Device(rules, level, seed * 1000 + g, zall, table),
                   Device(rules, "hard", 0, zall, table))
        play_game(rules, players, rng, watch)
        g += 1
    return out


def win_games(table, level, games, seed, first=0, zall=None):
    """Wins of ``level`` over games ``first..first+games-1`` against
    Perfect; even-numbered games the level is Player 1."""
    rules = Rules(table.checkers, table.full_entry)
    perfect = Perfect(table, rules)
    wins = 0
    for g in range(first, first + games):
        rng = random.Random(seed * 1000003 + g)
        dev = Device(rules, level, seed * 7919 + g, zall, table)
        if g % 2 == 0:
            wins += play_game(rules, (dev, perfect), rng) == 1
        else:
            wins += play_game(rules, (perfect, dev), rng) == 2
    return wins


def _win_job(args):
    full_entry, level, games, seed, first = args
    from minigam.host.aitools.quarter.solver import load
    table = load(full_entry, 8)
    return win_games(table, level, games, seed, first, all_scores(table))


def win_rate(table, level, games, seed, jobs=1, zall=None):
    if jobs <= 1:
        return win_games(table, level, games, seed, 0, zall)
    import multiprocessing
    per = (games + jobs - 1) // jobs
    parts = [(table.full_entry, level, min(per, games - i), seed, i)
             for i in range(0, games, per)]
    with multiprocessing.Pool(jobs) as pool:
        return sum(pool.map(_win_job, parts))


def run(table, levels, points, games, seed, jobs, out):
    """Measure and print; returns ``{level: dict of figures}``."""
    res = {}
    zall = all_scores(table)
    out.write("AI strength against the exact solution (%s variant)\n"
              % ("Full-Entry" if table.full_entry else "standard"))
    out.write("%-7s %20s %12s %22s %8s\n" % (
        "level", "loss/dec (+- s.e.)", "non-optimal", "win vs Perfect (s.e.)",
        "games"))
    for level in levels:
        t0 = time.time()
        losses = decision_points(table, level, points, seed, zall)
        loss = sum(losses) / len(losses)
        var = sum((x - loss) ** 2 for x in losses) / max(1, len(losses) - 1)
        loss_se = (var / len(losses)) ** 0.5
        nonopt = sum(1 for x in losses if x > EPS) / len(losses)
        wins = (win_rate(table, level, games, seed, jobs, zall)
                if games else 0)
        rate = wins / games if games else float("nan")
        rate_se = (rate * (1 - rate) / games) ** 0.5 if games else float("nan")
        res[level] = {"loss": loss, "loss_se": loss_se, "nonoptimal": nonopt, "win_rate": rate,
                      "games": games, "points": len(losses),
                      "seconds": time.time() - t0}
        if games:
            win = "%14.1f%% (%.1f%%)" % (100 * rate, 100 * rate_se)
        else:
            win = "%22s" % "-"
        out.write("%-7s %11.5f +- %.5f %11.1f%% %s %8d\n" % (
            level, loss, loss_se, 100 * nonopt, win, games))
        out.flush()
    out.write("loss/dec: average exact win probability lost on %d decision "
              "points (>= 2 results) from games vs Hard\n" % points)
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.quarter.strength")
    ap.add_argument("--points", type=int, default=20000,
                    help="decision points per level (default 20000)")
    ap.add_argument("--games", type=int, default=10000,
                    help="games per level against Perfect (default 10000)")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--full-entry", action="store_true")
    args = ap.parse_args(argv)
    levels = [x for x in args.levels.split(",") if x]
    bad = [x for x in levels if x not in LEVELS]
    if bad:
        ap.error("unknown level(s) %s; choose from %s"
                 % (", ".join(bad), ", ".join(LEVELS)))
    if args.points < 1 or args.games < 0 or args.jobs < 1:
        ap.error("--points and --jobs must be positive, --games >= 0")
    from minigam.host.aitools.quarter.solver import load_or_solve
    table = load_or_solve(args.full_entry, 8,
                          log=lambda m: sys.stderr.write(m + "\n"))
    run(table, levels, args.points, args.games, args.seed, args.jobs,
        sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
