"""``python -m minigam.host bench [--only AREA[,AREA]] [--list]``: speed, memory, size.

Prints figures, never pass/fail: targets are printed beside them for a
person to read. Each figure of an operation is

* time per call on CPython;
* time per call on the MicroPython VM (``minigam.host.vm``), warm after
  about 1 s of warm-up, timed with ``js.performance.now()``;
* bytes allocated per call on the VM (``gc.mem_alloc()`` with the GC off);
* an RP2040 estimate: 40x the VM time, with its 20x-100x range
  (``minigam.host.bench.lib.RP2040_FACTOR`` / ``RP2040_RANGE``).

Plugging in an area (no edit of this file): add a module
``minigam/host/bench/<area>.py`` defining either or both of

``BENCH_CASES``
    a list of dicts ``{"name": "...", "setup": "<source run once>",
    "stmt": "<source of one call>", "number": N}``. ``setup`` may import
    device modules only (it runs in MicroPython too); ``stmt`` is the body
    of a loop run N times per timed burst (pick N for ~10-100 ms bursts on
    CPython). This command measures them with ``minigam.host.bench.lib``
    (CPython, VM warm, VM bytes/call, RP2040 estimate) and prints them.
``run(out)`` (or ``extra(out)``)
    prints any other figures to the text stream ``out`` (AI strength, share
    of the screen redrawn, heap, sizes). Use ``benchlib.measure`` /
    ``benchlib.rp2040_text`` / ``minigam.host.vm.run`` for the VM parts so
    the factor and the method stay the same everywhere.

Areas run in the order rules, game, ai, app, then the others by name;
``--only rules,ai`` picks some, ``--list`` names them. A plugin that raises
is reported and the others still run (exit status 1 then).
"""

import argparse
import importlib
import os
import pkgutil
import platform
import shutil
import subprocess
import sys
import time

ORDER = ("rules", "game", "ai", "app")


def areas():
    """``{area: module name}`` of every ``minigam/host/bench/<area>.py``
    (but ``lib``, the shared measuring)."""
    from minigam.host import bench
    found = {}
    for info in pkgutil.iter_modules(bench.__path__):
        if info.name != "lib":
            found[info.name] = "minigam.host.bench." + info.name
    return found


def ordered(names):
    rank = {name: i for i, name in enumerate(ORDER)}
    return sorted(names, key=lambda n: (rank.get(n, len(ORDER)), n))


def node_version():
    node = shutil.which("node")
    if node is None:
        return "node not found"
    try:
        return subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError) as exc:
        return "node unusable (%s)" % exc


def header(out):
    from minigam.host.bench.lib import RP2040_FACTOR, RP2040_RANGE

    out.write("MINIGAM bench: figures only (no pass/fail)\n")
    out.write("host: Python %s on %s, %s CPUs; node %s (MicroPython VM: "
              "@micropython/micropython-webassembly-pyscript, --no-liftoff)\n"
              % (platform.python_version(), platform.machine(), os.cpu_count(), node_version()))
    out.write("RP2040 estimate = %dx the warm VM time (published MicroPython benchmarks on a "
              "125 MHz RP2040: %dx-%dx depending on the code)\n\n"
              % (RP2040_FACTOR, RP2040_RANGE[0], RP2040_RANGE[1]))


def run_area(area, module, out):
    """Measure and print one area; raises whatever the plugin raises."""
    from minigam.host.bench import lib as benchlib

    mod = importlib.import_module(module)
    cases = getattr(mod, "BENCH_CASES", None)
    hook = getattr(mod, "extra", None) or getattr(mod, "run", None)
    if not cases and hook is None:
        out.write("[%s] nothing to measure (define BENCH_CASES or run(out))\n\n" % area)
        return
    out.write("[%s]\n" % area)
    if cases:
        benchlib.report(benchlib.measure(list(cases)), out)
    if hook is not None:
        hook(out)
    out.write("\n")


def main(argv=None, out=None):
    out = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m minigam.host bench",
        description="Print speed, memory and size figures (never pass/fail).")
    parser.add_argument("--only", metavar="AREA[,AREA]", help="measure only these areas")
    parser.add_argument("--list", action="store_true", help="list the areas and exit")
    args = parser.parse_args(argv)
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    found = areas()
    if args.list:
        for name in ordered(found):
            out.write("%s\t%s\n" % (name, found[name]))
        return 0
    chosen = ordered(found)
    if args.only:
        chosen = [a.strip() for a in args.only.split(",") if a.strip()]
        unknown = [a for a in chosen if a not in found]
        if unknown or not chosen:
            sys.stderr.write("error: unknown bench area %s (areas: %s)\n"
                             % (", ".join(repr(a) for a in unknown) or "''", ", ".join(ordered(found))))
            return 2
    header(out)
    status = 0
    for area in chosen:
        t0 = time.time()
        try:
            run_area(area, found[area], out)
        except Exception as exc:  # report, keep going: one area must not hide the others
            out.write("[%s] error: %s: %s\n\n" % (area, type(exc).__name__, exc))
            status = 1
        out.flush()
        sys.stderr.write("bench: %s took %.0f s\n" % (area, time.time() - t0))
    return status


if __name__ == "__main__":
    sys.exit(main())
