"""How strong Long Nardy's AI (``minigam.nardy.ai``) is, and how fast.

``python -m minigam.host.aitools.nardy.strength table [--games N]``: each
level (Hard, Medium, Easy) against random play, the greedy heuristic
(``nardy.players``) and the other levels, N games a pairing (default
2,000), and greedy against random. Games are played by the numba copies
in ``nardy.fast``, which choose exactly as the device's ``NardyAI`` and
the host players do (``tests/test_nardy_ai.py`` checks it), so the
figures are the device AI's: 2,000 games take a few seconds. Within a
pairing, games ``2j`` and ``2j + 1`` use the same dice with the seats
swapped (A has White in even games); the standard errors are those of
the means over these pairs. Printed for A: its share of games won and its
points a game (an oin 1, a mars 2).

``python -m minigam.host.aitools.nardy.strength duel A B [--games N]``:
one pairing, players ``random``, ``greedy``, ``ai:LEVEL``, or
``noise:SIGMA`` (the network with that noise, 1/4096 equity), each
optionally ``@WEIGHTS`` (another weights module: ``ai:hard@w.py``).

``python -m minigam.host.aitools.nardy.strength speed``: Hard's time in
the MicroPython VM (bytecode: the VM has no native code) per decision
and per candidate, over decision points of a game Hard plays itself,
with the RP2040 estimate of ``minigam.host.bench.lib`` (x40), the bytes
a decision allocates, and the RAM the network and the AI take once the
weights module is loaded.
"""

import argparse
import math
import sys
import time

import numpy as np

from minigam.host.aitools.nardy import fast as F

LEVELS = ("hard", "medium", "easy")


class Player:
    """A player of ``duel``: its kind, noise, network (``model``: an
    ``nardy.fast.IntModel`` rather than the spec's) and noise seed."""

    def __init__(self, spec, seed=1, models=None, model=None):
        from minigam.nardy.ai import NOISE
        self.spec = spec
        name, _, path = spec.partition("@")
        self.kind = F.AI
        self.sigma = 0
        if name == "random":
            self.kind = F.RANDOM
        elif name == "greedy":
            self.kind = F.GREEDY
        elif name.startswith("ai:") and name[3:] in NOISE:
            self.sigma = NOISE[name[3:]]
        elif name.startswith("noise:") and name[6:].isdigit():
            self.sigma = int(name[6:])
        else:
            raise ValueError("unknown player %r" % spec)
        self.model = model or _model(path or None, models)
        self.lcg = (seed * 7919 + 1) & 0xFFFF  # as NardyAI(level, seed)


def _model(path, cache):
    cache = cache if cache is not None else {}
    if path not in cache:
        if path is None:
            from minigam.nardy import weights
        else:
            from minigam.host.aitools import weights_module
            weights = weights_module.read(path)
        cache[path] = F.IntModel(weights)
    return cache[path]


def duel(a, b, games=2000, seed=1):
    """A's points in each of ``games`` games against B (``Player``s)."""
    if games % 2:
        raise ValueError("games come in pairs: an even number")
    w = F.Work()
    ma, mb = a.model, b.model
    out = np.zeros(games, np.int64)
    F.duel(games, seed, a.kind, b.kind, a.sigma, b.sigma,
           np.array([a.lcg, b.lcg], np.int64),
           np.array([seed * 2654435761 + 1], np.uint64),
           ma.W1, ma.B1, ma.W3, ma.B3, mb.W1, mb.B1, mb.W3, mb.B3, ma.sig,
           True, *w.args(), out)
    return out


def summary(out):
    """(win share, its se, points a game, its se) over the seat pairs."""
    pairs = len(out) // 2
    wins = (out > 0).reshape(pairs, 2).mean(1)
    pts = out.reshape(pairs, 2).mean(1)
    se = lambda x: float(x.std(ddof=1) / math.sqrt(pairs))  # noqa: E731
    return float(wins.mean()), se(wins), float(pts.mean()), se(pts)


def table(games=2000, seed=1, weights=None, out=sys.stdout):
    """Print the table of the module docstring; returns its rows."""
    suffix = "@" + weights if weights else ""
    models = {}
    pairs = []
    for lv in LEVELS:
        pairs += [("ai:" + lv, "random"), ("ai:" + lv, "greedy")]
    for i, lv in enumerate(LEVELS):
        for other in LEVELS[i + 1:]:
            pairs.append(("ai:" + lv, "ai:" + other))
    pairs.append(("greedy", "random"))
    out.write("Long Nardy, %d games a pairing (seats swapped over the same "
              "dice); A's results, +- one standard error:\n" % games)
    out.write("%-10s %-10s %17s %19s\n" % ("A", "B", "A wins",
                                          "A's points a game"))
    rows = []
    t0 = time.time()
    for k, (sa, sb) in enumerate(pairs):
        a = Player(sa + (suffix if sa.startswith("ai:") else ""), 1, models)
        b = Player(sb + (suffix if sb.startswith("ai:") else ""), 2, models)
        res = summary(duel(a, b, games, seed + 100003 * k))
        rows.append((sa, sb) + res)
        out.write("%-10s %-10s %7.1f%% (+- %.1f) %+8.3f (+- %.3f)\n"
                  % (sa, sb, 100 * res[0], 100 * res[1], res[2], res[3]))
        out.flush()
    out.write("%d games in %.0f s\n" % (games * len(pairs), time.time() - t0))
    return rows


# -- speed in the MicroPython VM ------------------------------------------------

def speed(points=40):
    """VM figures of Long Nardy's Hard (``vm_speed.speed``):
    {"decision_us", "candidate_us", "candidates", "bytes", "ram",
    "most"}."""
    from minigam.host.aitools import vm_speed
    return vm_speed.speed("nardy", "NardyAI", points)


def table_bytes():
    """The weights module's tables (kept in flash when frozen), in bytes."""
    from minigam.nardy import weights as w
    return sum(len(getattr(w, k)) for k in (
        "W1", "W1X_AT", "W1X_H", "W1X_D", "WF", "WFX_AT", "WFX_H", "WFX_D",
        "B1", "W3"))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.nardy.strength")
    ap.add_argument("what", choices=("table", "duel", "speed"))
    ap.add_argument("players", nargs="*", help="duel: A B")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", help="table: another weights module")
    args = ap.parse_args(argv)
    if args.what == "speed":
        from minigam.host.bench.lib import RP2040_FACTOR
        r = speed()
        print("MicroPython VM, bytecode only: %.0f us a Hard decision (%.1f "
              "candidates on average, %d at most), %.0f us a candidate; "
              "RP2040 estimate x%d: %.0f ms a decision, %.1f ms a candidate; "
              "%.1f bytes allocated a decision"
              % (r["decision_us"], r["candidates"], r["most"],
                 r["candidate_us"], RP2040_FACTOR,
                 r["decision_us"] * RP2040_FACTOR / 1000,
                 r["candidate_us"] * RP2040_FACTOR / 1000, r["bytes"]))
        print("RAM: the AI and the network's arrays (the rules shared) %d "
              "bytes once the modules are loaded; the weights' tables %d "
              "bytes (in flash when frozen)" % (r["ram"], table_bytes()))
        return 0
    if args.what == "duel":
        if len(args.players) != 2:
            ap.error("duel takes two players: A B")
        a = Player(args.players[0], 1)
        b = Player(args.players[1], 2)
        t0 = time.time()
        w, wse, p, pse = summary(duel(a, b, args.games, args.seed))
        print("%s vs %s, %d games: %s wins %.1f%% (+- %.1f), %+.3f points a "
              "game (+- %.3f); %.0f s" % (a.spec, b.spec, args.games, a.spec,
                                          100 * w, 100 * wse, p, pse,
                                          time.time() - t0))
        return 0
    table(args.games, args.seed, args.weights)
    return 0


if __name__ == "__main__":
    sys.exit(main())
