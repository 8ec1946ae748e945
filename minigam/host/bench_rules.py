"""Bench figures of the rules engine (host only; printed, never asserted).

The operation measured is ``Rules.plays`` (all distinct legal plays of a
roll): the AI calls it for every node of its search. The queries are
``CASES``, 200 (position, roll) pairs drawn with a fixed seed from random
games (``generate_cases`` rebuilt them; kept fixed here so figures stay
comparable across commits). Both variants are measured on the same cases.

Printed per variant:

* microseconds per query on CPython;
* microseconds per query on the MicroPython VM (the npm package
  ``@micropython/micropython-webassembly-pyscript`` under Node), warm, the
  best of many 200-query bursts after a 1 s warm-up: wall time by
  ``js.performance.now()`` and process CPU time by ``process.cpuUsage()``
  (steadier when the machine is busy);
* bytes allocated per query on the VM (``gc.mem_alloc()`` delta with the
  GC disabled);
* the estimated RP2040 time: 40x the VM's CPU time (published benchmarks
  put the ratio between 20x and 100x).

Targets (issue 3): at most 30 us and 300 bytes per query on the VM.

``python -m minigam.host.bench_rules`` prints them; a ``bench`` command
calls :func:`run`.
"""

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from minigam.notation import format_position, parse_position, parse_roll
from minigam.rules import Rules, new_position, winner

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
VM_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython",
                          "micropython-webassembly-pyscript",
                          "micropython.mjs")
DEVICE_FILES = ("__init__.py", "compat.py", "rules.py", "notation.py")
RP2040_FACTOR = 40
RP2040_RANGE = (20, 100)

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
    """Random games (both players may start, random legal play) until
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


def cpython_us(full_entry, rounds=20):
    """Best microseconds per query over ``rounds`` passes on CPython."""
    plays = Rules(full_entry=full_entry).plays
    qs = queries()
    best = None
    for _ in range(rounds):
        t0 = time.perf_counter()
        for pos, a, b in qs:
            plays(pos, a, b)
        t = (time.perf_counter() - t0) * 1e6 / len(qs)
        best = t if best is None or t < best else best
    return best


# Runs inside the VM; prints one "RESULT fe wall_us cpu_us bytes" line per
# variant.
VM_CODE = """
import gc
import js
from minigam.rules import Rules
from minigam.notation import parse_position, parse_roll

def cpu_us():
    u = js.process.cpuUsage()
    return u.user + u.system

Q = []
for case in CASES:
    text, roll = case.split()
    d1, d2 = parse_roll(roll)
    Q.append((parse_position(text), d1, d2))
for fe in (0, 1):
    plays = Rules(full_entry=bool(fe)).plays
    t0 = js.performance.now()
    while js.performance.now() - t0 < 1000:
        for pos, a, b in Q:
            plays(pos, a, b)
    wall = cpu = 1e9
    for burst in range(BURSTS):
        w0 = js.performance.now()
        c0 = cpu_us()
        for pos, a, b in Q:
            plays(pos, a, b)
        c1 = cpu_us()
        w1 = js.performance.now()
        wall = min(wall, (w1 - w0) * 1000 / len(Q))
        cpu = min(cpu, (c1 - c0) / len(Q))
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    for pos, a, b in Q:
        plays(pos, a, b)
    a1 = gc.mem_alloc()
    gc.enable()
    print("RESULT %d %.3f %.3f %.2f" % (fe, wall, cpu, (a1 - a0) / len(Q)))
"""

NODE_LAUNCHER = """
import { loadMicroPython } from %(package)s;
import fs from "fs";
const [dir, script] = process.argv.slice(2);
const mp = await loadMicroPython({
  stdout: (s) => process.stdout.write(s + "\\n"),
  stderr: (s) => process.stderr.write(s + "\\n"),
  linebuffer: true,
});
mp.FS.mkdir("/minigam");
for (const f of fs.readdirSync(dir)) {
  mp.FS.writeFile("/minigam/" + f, fs.readFileSync(dir + "/" + f));
}
mp.runPython("import sys\\nsys.path.insert(0, '/')");
try {
  mp.runPython(fs.readFileSync(script, "utf8"));
} catch (e) {
  process.stderr.write("PythonError " + e.type + ": " + e.message + "\\n");
  process.exit(1);
}
"""


def vm_figures(bursts=60, timeout=300):
    """``{full_entry: (wall_us, cpu_us, bytes)}`` measured in the VM, or a
    string saying why the VM could not run."""
    node = shutil.which("node")
    if node is None:
        return "node not found"
    if not os.path.exists(VM_PACKAGE):
        return "npm package missing: run npm install"
    with tempfile.TemporaryDirectory() as tmp:
        pkg = os.path.join(tmp, "minigam")
        os.mkdir(pkg)
        for name in DEVICE_FILES:
            shutil.copy(os.path.join(ROOT, "minigam", name),
                        os.path.join(pkg, name))
        launcher = os.path.join(tmp, "run.mjs")
        with open(launcher, "w") as f:
            f.write(NODE_LAUNCHER % {"package": repr(VM_PACKAGE)})
        script = os.path.join(tmp, "bench.py")
        with open(script, "w") as f:
            f.write("CASES = %r\nBURSTS = %d\n" % (CASES, bursts))
            f.write(VM_CODE)
        try:
            proc = subprocess.run(
                [node, "--no-liftoff", launcher, pkg, script],
                capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timed out"
    figures = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) == 5 and parts[0] == "RESULT":
            figures[parts[1] == "1"] = (float(parts[2]), float(parts[3]),
                                        float(parts[4]))
    if len(figures) != 2:
        return "VM run failed: %s" % (proc.stderr.strip()[-300:] or
                                      "no figures")
    return figures


def run(out=None):
    """Print the rules figures; return them as a dict (for other tools)."""
    out = out or sys.stdout
    vm = vm_figures()
    result = {}
    out.write("rules.plays: distinct legal plays of one roll, %d queries "
              "from random games\n" % len(CASES))
    for fe in (False, True):
        name = "full-entry" if fe else "standard"
        cpy = cpython_us(fe)
        out.write("  %-10s CPython          %7.2f us/query\n" % (name, cpy))
        result[name] = {"cpython_us": cpy}
        if isinstance(vm, str):
            out.write("  %-10s MicroPython VM   unavailable: %s\n" % (name, vm))
            continue
        wall, cpu, nbytes = vm[fe]
        result[name].update(vm_wall_us=wall, vm_cpu_us=cpu, vm_bytes=nbytes)
        out.write("  %-10s MicroPython VM   %7.2f us/query warm (CPU time; "
                  "wall %.2f), %.1f bytes/query allocated\n"
                  % (name, cpu, wall, nbytes))
        lo, hi = RP2040_RANGE
        out.write("  %-10s RP2040 estimate  %7.2f ms/query (%dx the VM; "
                  "%dx-%dx: %.2f-%.2f ms)\n"
                  % (name, cpu * RP2040_FACTOR / 1000, RP2040_FACTOR, lo, hi,
                     cpu * lo / 1000, cpu * hi / 1000))
    out.write("  targets: <= 30 us/query and <= 300 bytes/query on the VM\n")
    return result


if __name__ == "__main__":
    run()
