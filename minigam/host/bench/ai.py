"""Bench figures of the device AI (host only; printed, never asserted).

The operation measured is one whole decision, ``AIPlayer.choose`` (all its
``step()`` slices), for each level, on ``POINTS``: 300 fixed decision points
(at least 2 distinct results) from seeded games of uniformly random plays.

``BENCH_CASES`` (one per level) give, through ``minigam.host.bench.lib``:
ms per decision on CPython and warm on the MicroPython VM, bytes allocated
per decision on the VM, and the RP2040 estimate (40x the VM). ``extra``
adds the VM process CPU time per decision (steadier when the machine is
busy), the size of the AI's weights and source, the heap its import
allocates on the VM, and -- when the exact table is cached -- a short run
of the strength benchmark (``minigam.host.aitools.quarter.strength``; the
full one is ``python -m minigam.host.aitools.quarter.strength``).

Targets (issue 5, Hard): <= ~6 ms per decision warm on the VM (~250 ms on
an RP2040), <= 20 KB allocated per decision.

``python -m minigam.host.bench.ai`` prints them; ``bench --only ai`` too.
"""

import os
import random
import sys

from minigam.quarter.notation import format_position, parse_position
from minigam.quarter.rules import Rules, new_position

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
AI_FILES = ("ai.py", "eval.py", "weights.py", "weights_fe.py")  # minigam/quarter/
LEVEL_NAMES = ("easy", "medium", "hard")


def decision_points(count=300, seed=2026):
    """``count`` decisions (position text, d1, d2) with >= 2 results, in
    order, from seeded games of uniformly random plays."""
    rng = random.Random(seed)
    rules = Rules()
    out = []
    while len(out) < count:
        pos = new_position()
        d1 = d2 = 0
        while d1 == d2:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        pos[16] = 1 if d1 > d2 else 2
        while pos[7] < 8 and pos[15] < 8 and len(out) < count:
            n = rules.plays(pos, d1, d2)
            if n >= 2:
                out.append((format_position(pos), d1, d2))
            if n:
                rules.apply(pos, rng.randrange(n))
            else:
                pos[16] = 3 - pos[16]
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    return out


POINTS = decision_points()

# Device code (CPython and the VM): the parsed points, cycled, and a player.
_SETUP = """
from minigam.quarter.ai import AIPlayer
from minigam.quarter.notation import parse_position
from minigam.quarter.rules import Rules
Q = [(parse_position(p), a, b) for p, a, b in %r]

def _cycle():
    while True:
        for q in Q:
            yield q

_q = _cycle()
ai = AIPlayer(Rules(), %r, seed=1)
"""

BENCH_CASES = [
    {"name": "AIPlayer.choose, %s: one decision (300 cycled, from random "
             "games)" % level,
     "setup": _SETUP % (POINTS, level),
     "stmt": "pos, a, b = next(_q)\nai.choose(pos, a, b)",
     # a burst is the whole cycle: Hard's cost varies a lot by point (its
     # deeper search runs on close calls only), and the best of partial
     # bursts would pick the cheap points
     "number": len(POINTS)}
    for level in LEVEL_NAMES
]

# Runs in the VM: heap allocated by importing the AI and making a player
# (GC off: an upper bound of what it keeps), then the best process CPU
# time per decision, the slowest decision and the longest step().
_VM_CODE = """
import gc
import js
from minigam.quarter.notation import parse_position
from minigam.quarter.rules import Rules
gc.collect()
gc.disable()
h0 = gc.mem_alloc()
from minigam.quarter.ai import AIPlayer
_first = AIPlayer(Rules(), "hard", seed=1)  # decodes the network
h1 = gc.mem_alloc()
gc.enable()
print("HEAP %d" % (h1 - h0))

def cpu_us():
    u = js.process.cpuUsage()
    return u.user + u.system

Q = [(parse_position(p), a, b) for p, a, b in POINTS]
for level in LEVELS:
    ai = AIPlayer(Rules(), level, seed=1)
    t0 = js.performance.now()
    while js.performance.now() - t0 < 1000:
        for pos, a, b in Q:
            ai.choose(pos, a, b)
    best = 1e9
    for burst in range(BURSTS):
        c0 = cpu_us()
        for pos, a, b in Q:
            ai.choose(pos, a, b)
        best = min(best, (cpu_us() - c0) / 1000 / len(Q))
    print("CPU %s %.4f" % (level, best))
    worst = slice_ = 0
    for pos, a, b in Q:
        c0 = cpu_us()
        t = c0
        ai.begin(pos, a, b)
        while True:
            t1 = cpu_us()
            slice_ = max(slice_, t1 - t)
            t = t1
            if ai.step():
                break
        t1 = cpu_us()
        slice_ = max(slice_, t1 - t)
        worst = max(worst, t1 - c0)
    print("WORST %s %.4f %.4f" % (level, worst / 1000, slice_ / 1000))
"""


def vm_cpu(bursts=4):
    """``{level: VM CPU ms per decision, "heap": bytes}`` or a string
    saying why the VM could not run."""
    from minigam.host import vm
    code = ("POINTS = %r\nLEVELS = %r\nBURSTS = %d\n"
            % (POINTS, LEVEL_NAMES, bursts)) + _VM_CODE
    try:
        out = vm.run(code, timeout=600)
    except vm.VMError as exc:
        return "%s: %s" % (exc.type, exc.message.strip()[-200:])
    figures = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "CPU":
            figures[parts[1]] = float(parts[2])
        elif len(parts) == 4 and parts[0] == "WORST":
            figures["worst " + parts[1]] = (float(parts[2]), float(parts[3]))
        elif len(parts) == 2 and parts[0] == "HEAP":
            figures["heap"] = int(parts[1])
    if len(figures) != 2 * len(LEVEL_NAMES) + 1:
        return "no figures: %r" % out[-200:]
    return figures


def data_sizes():
    """(weight bytes per variant, {file: source bytes}) of the AI."""
    from minigam.host.aitools.quarter.train import load_weights, weights_path
    nbytes = {}
    for fe in (False, True):
        if os.path.exists(weights_path(fe)):
            w = load_weights(weights_path(fe))
            nbytes["full-entry" if fe else "standard"] = (
                "128-%d-%s1" % (w.H, ("%d-" % w.H2) if w.H2 else ""),
                sum(len(getattr(w, k)) for k in ("W1", "B1", "W2", "B2", "W3"))
                + 3 * len(w.W1X_H))  # corrections: about a byte per int
    src = {name: os.path.getsize(os.path.join(ROOT, "minigam", "quarter", name))
           for name in AI_FILES
           if os.path.exists(os.path.join(ROOT, "minigam", "quarter", name))}
    return nbytes, src


def extra(out):
    """VM CPU time, sizes, import heap, a short strength run."""
    from minigam.host.bench.lib import rp2040_text
    rules = Rules()
    ncand = sum(rules.plays(parse_position(p), a, b) for p, a, b in POINTS)
    out.write("  (the %d points have %.2f candidate plays each on average)\n"
              % (len(POINTS), ncand / len(POINTS)))
    cpu = vm_cpu()
    out.write("  AIPlayer.choose, VM process CPU time per decision (steady "
              "under load):\n")
    for level in LEVEL_NAMES:
        if isinstance(cpu, str):
            out.write("    %-6s unavailable: %s\n" % (level, cpu))
        else:
            out.write("    %-6s %7.3f ms/decision; RP2040 %s\n"
                      % (level, cpu[level], rp2040_text(cpu[level] * 1000)))
            worst, slice_ = cpu["worst " + level]
            out.write("    %-6s slowest decision %.1f ms, longest step() (GC "
                      "pauses included) "
                      "%.2f ms on the VM (x40: %.0f ms, %.0f ms)\n"
                      % (level, worst, slice_, 40 * worst, 40 * slice_))
    nbytes, src = data_sizes()
    for variant, (shape, n) in nbytes.items():
        out.write("  AI data, %s: network %s, %d bytes of weights (raw "
                  "bytes in its weights module; W1 one byte a weight)\n"
                  % (variant, shape, n))
    out.write("  AI source: %s (a board loads weights_fe.py only for "
              "Full-Entry games)\n"
              % ", ".join("%s %d B" % kv for kv in src.items()))
    if not isinstance(cpu, str):
        out.write("  heap allocated by importing minigam.quarter.ai and making the "
                  "first (Hard) AIPlayer on the VM: %d bytes (GC off: "
                  "includes compile and decoding garbage)\n"
                  % cpu["heap"])
    out.write("  targets (issue 5, Hard): <= ~6 ms/decision on the VM "
              "(~250 ms on an RP2040), <= 20 KB allocated per decision\n")
    from minigam.host.aitools.quarter.solver import load
    table = load(False, 8)
    if table is None:
        out.write("  strength: no cached exact table (run `python -m "
                  "minigam.host solve`), skipped\n")
        return
    points = int(os.environ.get("MINIGAM_BENCH_AI_POINTS", "1000"))
    games = int(os.environ.get("MINIGAM_BENCH_AI_GAMES", "2000"))
    out.write("  strength (short run: %d points, %d games per level; the "
              "full benchmark is python -m "
              "minigam.host.aitools.quarter.strength):\n"
              % (points, games))
    from minigam.host.aitools.quarter import strength
    strength.run(table, LEVEL_NAMES, points, games, 1, 1, out)


def run(out=None):
    """Print every AI figure (what ``bench --only ai`` prints)."""
    from minigam.host.bench import lib as benchlib
    out = out or sys.stdout
    benchlib.report(benchlib.measure(BENCH_CASES), out)
    extra(out)


if __name__ == "__main__":
    run()
