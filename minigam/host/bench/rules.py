"""Bench figures of the rules engine (host only; printed, never asserted).

The operation measured is ``Rules.plays`` (all distinct legal plays of one
roll): the AI calls it for every node of its search. The queries are
``CASES``, 200 (position, roll) pairs drawn with a fixed seed from random
games (``generate_cases`` made them; kept fixed here so that figures stay
comparable across commits). Both variants are measured on the same cases.

``BENCH_CASES`` are measured by ``python -m minigam.host bench`` like every
area's (``minigam.host.bench.lib``: CPython, VM warm wall time, VM bytes per
call, RP2040 estimate); one call is one query, cycling through the 200
with a generator. ``extra`` adds the VM's process CPU time per query
(``process.cpuUsage()``, steady when other jobs load the machine, unlike
wall time) for a plain loop over the 200 without the generator, which
costs about 1.7 us per call on the VM.

Targets (issue 3): at most 30 us and 300 bytes per query on the VM.
``python -m minigam.host.bench.rules`` prints everything.
"""

import random
import sys

from minigam.quarter.notation import format_position, parse_position, parse_roll
from minigam.quarter.rules import Rules, new_position, winner

CASES = (
    "-1,0,0,1,1,1/5,7/0,0/2 2-4", "0,0,1,0,0,2/5,8/0,0/2 3-6",
    "-1,0,0,0,0,0/8,7/0,0/1 2-3", "0,0,-1,2,-4,4/0,1/2,2/2 4-1",
    "-1,1,1,-1,0,1/4,5/1,1/2 6-5", "-2,0,0,0,0,3/0,0/5,6/1 6-3",
    "0,0,0,0,0,0/7,8/1,0/2 2-3", "-4,0,0,0,0,6/1,0/1,4/1 2-2",
    "-2,-1,0,0,1,1/4,5/2,0/2 3-3", "0,-2,0,0,1,1/0,0/6,6/1 3-3",
    "-1,0,1,0,0,0/6,5/1,2/1 5-1", "2,1,-1,0,0,-1/5,5/0,1/1 1-5",
    "-4,-1,0,0,0,0/4,1/4,2/1 4-3", "-3,0,0,2,1,2/0,0/3,5/1 5-5",
    "-2,0,0,0,0,2/0,0/6,6/1 5-1", "-1,-1,0,0,1,3/0,0/4,6/1 5-3",
    "-1,-2,2,0,3,1/1,3/1,2/1 4-3", "-1,0,-2,1,0,1/6,5/0,0/1 6-6",
    "-3,0,0,1,1,0/5,5/1,0/2 3-6", "-3,0,0,0,0,4/0,0/4,5/2 6-6",
    "-2,0,1,0,2,1/1,5/3,1/2 2-6", "-1,-3,0,1,1,4/0,1/2,3/1 3-6",
    "-1,-1,-1,0,0,3/0,1/5,4/2 1-3", "-2,0,0,0,0,2/0,0/6,6/1 3-1",
    "0,0,1,-1,0,2/4,5/1,2/1 3-2", "-3,0,0,0,0,4/0,0/4,5/1 1-5",
    "-1,0,5,0,2,0/0,3/1,4/2 2-3", "-4,-1,0,0,2,0/0,0/6,3/2 3-6",
    "1,0,0,-1,0,1/6,6/0,1/2 2-3", "-1,-3,-2,0,0,1/5,1/2,1/2 5-5",
    "-2,0,0,0,-1,2/6,5/0,0/2 5-4", "-2,0,-2,0,0,2/0,2/6,2/2 4-3",
    "-5,2,0,0,0,0/1,0/5,3/2 1-5", "0,0,0,0,0,0/8,8/0,0/2 2-6",
    "0,-4,1,2,1,2/2,3/0,1/1 5-1", "-5,1,-2,0,1,2/0,0/4,1/2 3-1",
    "0,-1,-1,0,1,0/6,5/1,1/2 1-2", "-1,0,0,0,0,1/7,7/0,0/2 6-6",
    "-2,0,0,0,1,4/1,4/2,2/2 6-5", "0,0,-2,-2,1,2/5,3/0,1/1 2-4",
    "0,0,-1,0,2,1/3,6/2,1/2 5-1", "-1,-1,0,1,1,2/4,5/0,1/1 4-2",
    "-2,-1,0,2,1,0/5,5/0,0/2 4-1", "-1,-2,2,0,1,0/5,4/0,1/1 5-3",
    "-3,0,0,1,2,4/0,2/1,3/1 6-4", "-1,-1,-1,0,0,0/6,5/2,0/2 4-2",
    "-5,1,0,0,1,1/1,0/4,3/2 5-6", "0,0,-3,0,0,3/0,2/5,3/2 1-6",
    "-3,0,0,1,0,3/4,5/0,0/1 2-3", "-4,0,0,2,3,3/0,2/0,2/1 4-5",
    "0,0,0,0,0,0/8,8/0,0/1 5-1", "0,-1,-1,0,1,1/5,6/1,0/1 6-1",
    "-1,1,-4,0,2,0/4,3/1,0/1 1-6", "1,0,-2,-1,0,4/3,4/0,1/2 6-4",
    "-4,0,0,0,0,3/0,0/5,4/1 3-1", "0,-3,1,-1,0,0/4,4/3,0/1 6-6",
    "-2,0,-3,0,1,5/0,0/2,3/1 6-4", "0,0,-2,0,0,4/3,4/1,2/2 4-3",
    "-1,0,1,0,1,0/6,7/0,0/2 1-2", "-1,-1,0,-1,-1,3/4,3/1,1/1 4-5",
    "0,-1,-1,0,0,2/6,6/0,0/1 1-3", "1,-1,-2,0,1,0/4,2/2,3/1 6-2",
    "-2,-2,-2,0,-1,6/2,0/0,1/2 5-4", "-1,0,-3,-2,2,4/0,0/2,2/2 5-1",
    "-2,0,0,0,4,3/0,0/1,6/1 1-1", "-1,0,1,0,2,2/0,0/3,7/1 4-6",
    "-1,0,1,-1,0,3/2,5/2,1/2 1-6", "-5,-1,1,0,0,4/0,2/3,0/2 6-1",
    "1,0,0,1,-1,0/6,7/0,0/2 5-5", "-1,-1,0,0,2,0/2,0/4,6/2 3-6",
    "-3,-1,0,0,0,0/4,0/4,4/2 2-4", "-3,0,0,0,0,4/0,2/4,3/2 3-1",
    "-2,-1,0,0,-1,4/0,0/4,4/1 2-6", "-4,0,-1,3,0,1/0,0/4,3/2 5-6",
    "0,0,-1,0,2,3/3,5/0,2/2 5-3", "-4,-3,0,1,0,1/3,0/3,1/2 4-1",
    "0,0,0,0,0,0/8,8/0,0/2 6-6", "0,0,-1,-2,2,1/5,4/0,1/1 1-6",
    "0,1,-2,1,0,3/0,1/3,5/2 5-5", "-2,0,-2,1,1,1/2,1/3,3/1 4-6",
    "-1,-3,0,0,2,2/0,0/4,4/1 1-5", "-1,0,1,-1,0,1/6,6/0,0/2 4-4",
    "1,0,-2,-2,1,0/4,2/2,2/2 4-2", "0,0,1,0,-2,1/4,5/2,1/2 6-4",
    "-4,0,-1,-1,0,2/0,0/6,2/2 4-2", "-3,1,0,0,0,3/4,5/0,0/2 2-6",
    "-3,-1,1,0,-2,1/3,1/3,1/2 1-1", "2,-3,-2,1,3,1/1,2/0,1/1 1-1",
    "0,0,0,0,0,0/8,8/0,0/2 1-1", "0,1,-1,1,1,0/5,6/0,1/1 5-3",
    "0,-2,0,0,2,3/2,2/1,4/1 6-1", "-1,-2,-2,1,1,3/3,3/0,0/1 3-2",
    "-2,1,-1,0,0,1/6,5/0,0/1 5-6", "0,0,0,1,0,1/6,8/0,0/2 2-1",
    "0,0,0,0,0,0/8,8/0,0/1 3-2", "-1,-2,0,0,0,0/7,5/1,0/2 2-2",
    "-2,0,0,1,-1,1/6,5/0,0/2 1-3", "-4,-3,0,1,2,-1/1,0/4,0/2 3-3",
    "0,0,-2,0,0,3/0,2/5,4/2 1-3", "-2,-1,-3,0,1,3/3,2/1,0/2 2-1",
    "0,0,-1,-1,0,0/7,6/1,0/1 3-4", "-1,0,-1,2,1,2/3,4/0,2/1 1-4",
    "-5,0,-3,0,1,2/2,0/3,0/2 5-6", "0,-1,0,1,-1,1/5,5/1,1/1 3-4",
    "0,0,0,0,0,0/8,8/0,0/2 1-1", "-2,-1,-1,0,1,1/4,2/2,2/1 3-4",
    "-2,-2,1,0,2,4/0,3/1,1/2 2-4", "-3,0,-2,0,0,5/1,2/2,1/2 5-2",
    "0,0,-1,1,0,1/6,7/0,0/2 1-2", "-2,-1,0,-1,1,4/1,0/2,4/1 4-1",
    "0,-1,-1,0,0,0/7,6/1,0/1 3-6", "-3,0,0,0,0,2/0,0/6,5/2 2-3",
    "-3,-2,-2,0,4,1/0,0/3,1/2 2-2", "-4,0,-1,2,0,1/4,3/1,0/1 6-4",
    "-2,0,0,2,2,0/3,5/1,1/2 6-1", "0,1,1,1,0,1/4,7/0,1/2 6-5",
    "-2,-1,0,-2,0,3/2,2/3,1/2 5-1", "1,-1,-1,0,0,1/6,6/0,0/1 1-6",
    "-4,-2,1,-1,0,3/1,1/3,0/2 1-1", "-3,-1,0,0,0,4/4,4/0,0/1 4-4",
    "-1,0,0,-2,-1,6/0,0/2,4/2 4-2", "0,0,0,0,0,0/8,8/0,0/2 3-2",
    "-1,0,0,-2,0,1/6,5/1,0/2 4-2", "-1,1,0,0,0,-1/6,6/1,0/2 1-1",
    "-2,0,0,0,0,4/0,0/4,6/2 3-2", "-1,0,0,1,1,2/3,6/1,1/2 1-2",
    "-1,-3,0,0,0,2/0,0/6,4/1 3-1", "-1,-1,0,1,-1,-1/7,4/0,0/1 6-2",
    "-1,0,0,-1,0,5/0,2/3,4/2 3-4", "-2,0,0,-3,0,4/4,3/0,0/2 6-2",
    "-3,0,0,3,0,2/2,3/1,2/1 2-1", "-2,-3,-2,0,1,3/1,0/3,1/2 2-5",
    "-4,0,-3,0,1,0/3,0/4,1/1 4-4", "-4,-1,1,0,3,3/0,2/1,1/1 1-6",
    "0,0,1,-1,0,1/6,7/0,0/2 3-4", "0,0,0,0,0,0/8,8/0,0/1 1-1",
    "-2,0,0,0,-1,0/3,1/5,4/1 6-3", "0,0,0,0,0,0/8,8/0,0/2 2-1",
    "-1,-4,-1,0,0,1/5,0/2,2/1 6-5", "-4,0,0,0,0,3/0,0/5,4/2 5-4",
    "0,-1,-1,3,0,1/0,2/4,4/2 1-4", "-1,0,1,-2,1,2/4,4/0,1/1 6-3",
    "-1,0,1,0,2,0/3,4/2,3/2 1-5", "-1,-3,0,-2,1,2/3,0/2,2/1 6-6",
    "0,1,0,0,0,1/6,8/0,0/2 2-4", "0,0,0,1,1,0/6,8/0,0/2 2-1",
    "-2,-2,0,0,1,3/2,4/2,0/1 3-6", "-5,1,0,-2,1,1/4,1/1,0/2 5-4",
    "-1,-4,-2,0,1,2/3,0/2,1/1 6-4", "-3,0,0,0,2,1/2,3/3,2/2 1-1",
    "-2,-1,0,0,1,3/2,3/2,2/1 3-5", "-2,2,-4,-1,0,3/1,0/2,1/1 1-2",
    "-2,0,-2,0,0,2/4,4/2,0/2 2-4", "-1,0,-2,1,0,4/2,2/1,3/1 3-2",
    "-1,0,-1,-1,0,2/6,5/0,0/1 3-5", "-1,0,0,-1,0,1/7,6/0,0/1 1-3",
    "-1,-1,1,1,0,1/5,5/0,1/1 2-3", "-3,-2,0,0,3,1/1,1/3,2/1 1-4",
    "-4,1,-1,0,1,2/0,0/4,3/1 3-1", "-4,0,0,0,-1,3/4,3/1,0/2 3-5",
    "-1,0,1,0,0,1/5,6/1,1/1 6-2", "0,0,0,0,0,0/8,8/0,0/2 6-2",
    "-3,-2,0,0,0,2/0,0/6,3/2 1-1", "-4,0,0,-1,0,1/5,3/2,0/2 5-3",
    "-1,-3,-2,1,0,1/4,0/2,2/1 2-3", "-4,0,0,0,0,2/0,0/6,4/2 3-1",
    "-1,1,0,-1,0,2/4,6/1,0/2 5-1", "-1,0,0,-1,0,5/0,1/3,5/1 5-1",
    "0,0,-1,1,2,-1/5,5/0,1/1 4-1", "-3,-1,-2,0,0,0/5,2/3,0/2 3-6",
    "-3,-2,-1,4,-1,2/1,0/1,1/1 2-4", "-2,-1,0,0,0,2/5,4/1,1/1 3-4",
    "0,0,-1,0,0,0/8,7/0,0/1 1-2", "-1,-3,0,0,0,4/0,1/4,3/2 3-5",
    "-1,0,0,0,0,2/6,7/0,0/2 1-4", "-4,-1,0,-1,3,2/2,2/1,0/1 6-3",
    "-1,-2,0,0,0,1/0,2/7,3/2 3-3", "1,0,-1,2,0,1/4,7/0,0/2 5-4",
    "-2,-2,0,1,2,3/0,2/2,2/2 5-5", "-1,-2,-1,0,1,3/1,3/3,1/2 1-5",
    "-2,-1,0,1,3,0/1,1/3,4/1 2-5", "0,-2,0,-3,0,1/5,3/2,0/1 1-5",
    "-5,0,0,1,4,1/0,1/2,2/2 1-6", "-1,-1,-1,0,0,0/7,5/1,0/1 1-6",
    "0,1,-1,1,0,0/2,3/4,4/1 4-1", "-1,0,0,0,0,4/0,0/4,7/1 5-4",
    "1,-1,-2,1,0,1/4,4/1,1/2 5-6", "2,-4,-2,0,-1,2/2,0/2,1/2 3-1",
    "-1,1,1,0,1,3/1,4/1,3/2 1-4", "0,1,-1,0,1,3/2,3/1,4/1 5-6",
    "0,-1,1,0,1,1/5,6/0,1/2 5-4", "-2,0,0,0,1,0/3,0/4,6/2 4-1",
    "-2,0,0,0,0,3/0,0/5,6/1 6-1", "-1,-1,-2,0,0,1/0,0/7,4/1 4-3",
    "-1,-1,-1,1,4,0/2,3/1,2/2 5-3", "-1,0,0,0,0,2/0,0/6,7/1 5-3",
    "0,0,-2,1,-1,2/4,5/1,0/2 5-4", "-1,1,0,-1,0,3/0,4/4,2/2 5-2",
    "0,0,0,0,1,2/4,7/1,1/2 5-1", "-2,-3,-3,0,3,2/2,0/1,0/1 1-2",
)


def generate_cases(seed=2026, count=200, pool=3000):
    """Random games (either player may start, random legal play) until
    ``pool`` queries are seen; a seeded sample of ``count`` of them. This
    is how ``CASES`` was made."""
    rng = random.Random(seed)
    rules = Rules()
    seen = []
    while len(seen) < pool:
        pos = new_position(turn=rng.choice((1, 2)))
        while not winner(pos):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            seen.append("%s %d-%d" % (format_position(pos), a, b))
            res = rules.results(pos, a, b)
            pos = res[rng.randrange(len(res))]
    return rng.sample(seen, count)


def queries():
    """``CASES`` parsed: a list of ``(pos, d1, d2)``."""
    out = []
    for case in CASES:
        text, roll = case.split()
        d1, d2 = parse_roll(roll)
        out.append((parse_position(text), d1, d2))
    return out


# Device code (runs on CPython and in the VM): the parsed queries, a
# generator cycling through them, and the bound ``plays`` of one variant.
_SETUP = """
from minigam.quarter.notation import parse_position, parse_roll
from minigam.quarter.rules import Rules
Q = []
for case in %r:
    text, roll = case.split()
    d1, d2 = parse_roll(roll)
    Q.append((parse_position(text), d1, d2))

def _cycle():
    while True:
        for q in Q:
            yield q

_q = _cycle()
plays = Rules(full_entry=%r).plays
"""

BENCH_CASES = [
    {"name": "Rules.plays, %s: one legal-play query (200 cycled, from "
             "random games)" % name,
     "setup": _SETUP % (CASES, fe),
     "stmt": "pos, a, b = next(_q)\nplays(pos, a, b)",
     "number": 600}
    for name, fe in (("standard", False), ("full-entry", True))
]

# Runs in the VM: best process CPU time per query over 200-query bursts.
_VM_CPU_CODE = """
import js
from minigam.quarter.notation import parse_position, parse_roll
from minigam.quarter.rules import Rules

def cpu_us():
    u = js.process.cpuUsage()
    return u.user + u.system

Q = []
for case in CASES:
    text, roll = case.split()
    d1, d2 = parse_roll(roll)
    Q.append((parse_position(text), d1, d2))
for fe in (False, True):
    plays = Rules(full_entry=fe).plays
    t0 = js.performance.now()
    while js.performance.now() - t0 < 1000:
        for pos, a, b in Q:
            plays(pos, a, b)
    best = 1e9
    for burst in range(BURSTS):
        c0 = cpu_us()
        for pos, a, b in Q:
            plays(pos, a, b)
        best = min(best, (cpu_us() - c0) / len(Q))
    print("CPU %d %.3f" % (fe, best))
"""


def vm_cpu_us(bursts=60):
    """``{full_entry: best VM CPU microseconds per query}``, or a string
    saying why the VM could not run."""
    from minigam.host import vm

    code = "CASES = %r\nBURSTS = %d\n" % (CASES, bursts) + _VM_CPU_CODE
    try:
        out = vm.run(code, timeout=300)
    except vm.VMError as exc:
        return "%s: %s" % (exc.type, exc.message.strip()[-200:])
    figures = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "CPU":
            figures[parts[1] == "1"] = float(parts[2])
    return figures if len(figures) == 2 else "no figures: %r" % out[-200:]


def extra(out):
    """The VM CPU-time figures and the targets (``bench`` calls this)."""
    from minigam.host.bench.lib import rp2040_text

    cpu = vm_cpu_us()
    out.write("  Rules.plays, VM process CPU time per query (steady under "
              "load; same 200 queries, no generator):\n")
    for fe, name in ((False, "standard"), (True, "full-entry")):
        if isinstance(cpu, str):
            out.write("    %-10s unavailable: %s\n" % (name, cpu))
        else:
            out.write("    %-10s %6.2f us/query; RP2040 %s\n"
                      % (name, cpu[fe], rp2040_text(cpu[fe])))
    out.write("  targets (issue 3): <= 30 us and <= 300 bytes per query on "
              "the VM\n")


def run(out=None):
    """Print every rules figure (what ``bench --only rules`` prints)."""
    from minigam.host.bench import lib as benchlib

    out = out or sys.stdout
    benchlib.report(benchlib.measure(BENCH_CASES), out)
    extra(out)


if __name__ == "__main__":
    run()
