"""Shared measuring for ``python -m minigam.host bench`` (host only).

A *case* is a dict ``{"name": str, "setup": str, "stmt": str, "number": int}``:
``setup`` is Python source run once (device code only: it also runs in
MicroPython), ``stmt`` the source of one call, ``number`` the calls per
timed burst. :func:`measure` times each case

* on CPython: best burst after a short warm-up (``time.perf_counter``);
* in the MicroPython VM (``minigam.host.vm``, all cases in one Node
  process): bursts for about 1 s to warm up, then the best of bursts timed
  with ``js.performance.now()`` (``time.ticks_us`` only ticks once per ms
  there) and with Node's process CPU time; the VM time is the smaller of
  the two (wall time counts waits on a busy machine, CPU time V8's helper
  threads); bytes allocated per call from ``gc.mem_alloc()`` around one
  burst with the GC disabled;

and :func:`report` prints them with the RP2040 estimate, ``RP2040_FACTOR``
times the VM time. Figures include the ``for`` loop around ``stmt``
(about 0.1 us per call on the VM, no allocation).
"""

import sys
import time

# Published MicroPython perf_bench runs on a 125 MHz RP2040 were about 40x
# slower than this VM warm (pystone 40x, geometric mean of 16 benchmarks
# 46x), between 20x and 103x depending on the code.
RP2040_FACTOR = 40
RP2040_RANGE = (20, 100)

VM_WARMUP_MS = 1000
VM_TIMED_MS = 600


def _loop_source(stmt):
    body = "\n".join("        " + line for line in stmt.strip("\n").splitlines())
    return "def _bench_loop(_n):\n    for _i in range(_n):\n%s\n" % body


def cpython_us(case, rounds=5, warmup_s=0.2):
    """Best microseconds per call of ``case`` on CPython."""
    env = {"__name__": "__bench__"}
    exec(case["setup"], env)
    exec(_loop_source(case["stmt"]), env)
    loop = env["_bench_loop"]
    number = case["number"]
    end = time.perf_counter() + warmup_s
    while time.perf_counter() < end:
        loop(number)
    best = None
    for _ in range(rounds):
        t0 = time.perf_counter()
        loop(number)
        t = (time.perf_counter() - t0) * 1e6 / number
        best = t if best is None or t < best else best
    return best


# Runs inside MicroPython: measures every case of CASES, prints one result
# record per case (minigam.host.vm.RESULT_MARK + JSON).
_VM_CODE = """
import gc, js, json
_now = js.performance.now
_usage = js.process.cpuUsage

def _cpu():
    _u = _usage()
    return _u.user + _u.system
for _case in CASES:
    try:
        _env = {"__name__": "__bench__"}
        exec(_case["setup"], _env)
        exec(_case["loop"], _env)
        _loop = _env["_bench_loop"]
        _n = _case["number"]
        _t0 = _now()
        while _now() - _t0 < WARMUP_MS:
            _loop(_n)
        _best = _best_cpu = None
        _t0 = _now()
        _bursts = 0
        while _bursts < 5 or _now() - _t0 < TIMED_MS:
            _c = _cpu()
            _a = _now()
            _loop(_n)
            _t = (_now() - _a) * 1000 / _n
            _tc = (_cpu() - _c) / _n
            _best = _t if _best is None or _t < _best else _best
            _best_cpu = _tc if _best_cpu is None or _tc < _best_cpu else _best_cpu
            _bursts += 1
        gc.collect()
        gc.disable()
        _m0 = gc.mem_alloc()
        _loop(_n)
        _m1 = gc.mem_alloc()
        gc.enable()
        print(MARK + json.dumps({"name": _case["name"], "vm_wall_us": _best, "vm_cpu_us": _best_cpu,
                                 "vm_bytes": (_m1 - _m0) / _n, "bursts": _bursts}))
    except Exception as _exc:
        gc.enable()
        print(MARK + json.dumps({"name": _case["name"], "error": "%s: %s" % (type(_exc).__name__, _exc)}))
"""


def vm_figures(cases, timeout=600):
    """``{name: {"vm_us", "vm_wall_us", "vm_cpu_us", "vm_bytes"} or {"error"}}``
    for ``cases``, one VM run (``vm_us`` is the smaller of wall and CPU time).

    A VM that cannot start gives every case ``{"error": reason}``.
    """
    from minigam.host import vm

    payload = [
        {"name": c["name"], "setup": c["setup"], "loop": _loop_source(c["stmt"]),
         "number": c["number"]}
        for c in cases
    ]
    code = "CASES = %r\nWARMUP_MS = %d\nTIMED_MS = %d\nMARK = %r\n" % (
        payload, VM_WARMUP_MS, VM_TIMED_MS, vm.RESULT_MARK) + _VM_CODE
    try:
        out = vm.run(code, timeout=timeout)
    except vm.VMError as exc:
        reason = "%s: %s" % (exc.type, exc.message.strip().splitlines()[-1] if exc.message.strip() else "")
        return {c["name"]: {"error": reason} for c in cases}
    got = {r["name"]: r for r in vm.results(out)}
    for r in got.values():
        if "error" not in r:
            # Both overstate the VM's own time: wall time counts waits for a
            # busy CPU, process CPU time counts V8's helper threads.
            r["vm_us"] = min(r["vm_wall_us"], r["vm_cpu_us"])
    return {c["name"]: got.get(c["name"], {"error": "no result"}) for c in cases}


def measure(cases):
    """Figures of every case: dicts with ``name``, ``cpython_us``, ``vm_us``
    (with ``vm_wall_us``, ``vm_cpu_us``), ``vm_bytes``, ``rp2040_ms`` (or
    ``error`` / ``vm_error``)."""
    vm = vm_figures(cases) if cases else {}
    results = []
    for case in cases:
        r = {"name": case["name"]}
        try:
            r["cpython_us"] = cpython_us(case)
        except Exception as exc:  # a broken case is reported, not fatal
            r["error"] = "CPython: %s: %s" % (type(exc).__name__, exc)
        v = vm.get(case["name"], {})
        if "error" in v:
            r["vm_error"] = v["error"]
        elif v:
            r["vm_wall_us"] = v["vm_wall_us"]
            r["vm_cpu_us"] = v["vm_cpu_us"]
            r["vm_us"] = v["vm_us"]
            r["vm_bytes"] = v["vm_bytes"]
            r["rp2040_ms"] = r["vm_us"] * RP2040_FACTOR / 1000.0
        results.append(r)
    return results


def rp2040_text(vm_us):
    """``"1.23 ms (40x the VM; 20x-100x: 0.62-3.08 ms)"`` for a VM time in us."""
    lo, hi = RP2040_RANGE
    return "%.3f ms (%dx the VM time; range %dx-%dx: %.3f-%.3f ms)" % (
        vm_us * RP2040_FACTOR / 1000.0, RP2040_FACTOR, lo, hi, vm_us * lo / 1000.0, vm_us * hi / 1000.0)


def report(results, out=None):
    """Print measured cases, one block each."""
    w = (out or sys.stdout).write
    for r in results:
        w("  %s\n" % r["name"])
        if "error" in r:
            w("    error: %s\n" % r["error"])
            continue
        w("    CPython          %10.2f us/call\n" % r["cpython_us"])
        if "vm_error" in r:
            w("    MicroPython VM   unavailable: %s\n" % r["vm_error"])
            continue
        w("    MicroPython VM   %10.2f us/call warm (wall %.2f, process CPU %.2f), "
          "%.1f bytes/call allocated\n"
          % (r["vm_us"], r["vm_wall_us"], r["vm_cpu_us"], r["vm_bytes"]))
        w("    RP2040 estimate  %s per call\n" % rp2040_text(r["vm_us"]))
