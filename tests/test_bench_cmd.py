"""The bench command and its plugin library (figures are printed, never asserted)."""

import io
import sys
import types

from minigam.host.bench import lib as benchlib
from minigam.host.cli import bench as cmd_bench

CASES = [
    {"name": "plays from the start, 3-1",
     "setup": "from minigam.quarter.rules import Rules, new_position\nr = Rules()\npos = new_position()",
     "stmt": "r.plays(pos, 3, 1)", "number": 200},
    {"name": "a 3-list per call", "setup": "", "stmt": "x = [1, 2, 3]", "number": 200},
    {"name": "broken", "setup": "import no_such_module_here", "stmt": "pass", "number": 10},
]


def test_measure_runs_cases_on_cpython_and_in_the_vm(monkeypatch):
    monkeypatch.setattr(benchlib, "VM_WARMUP_MS", 50)
    monkeypatch.setattr(benchlib, "VM_TIMED_MS", 50)
    plays, alloc, broken = benchlib.measure(CASES)
    assert plays["cpython_us"] > 0 and plays["vm_wall_us"] > 0 and plays["vm_cpu_us"] > 0
    assert plays["vm_us"] == min(plays["vm_wall_us"], plays["vm_cpu_us"])
    assert plays["rp2040_ms"] == plays["vm_us"] * benchlib.RP2040_FACTOR / 1000.0
    # the list is allocated on every call: at least its 3 slots of 4 bytes
    assert alloc["vm_bytes"] >= 12
    assert "no_such_module_here" in broken["error"]
    assert "no_such_module_here" in broken["vm_error"]
    out = io.StringIO()
    benchlib.report([plays, broken], out)
    text = out.getvalue()
    assert "us/call warm" in text and "40x the VM time; range 20x-100x" in text
    assert "error: CPython: ModuleNotFoundError" in text


def test_areas_are_discovered_and_ordered():
    found = cmd_bench.areas()
    assert "rules" in found and found["rules"] == "minigam.host.bench.rules"
    assert cmd_bench.ordered(["zeta", "app", "rules", "alpha"]) == ["rules", "app", "alpha", "zeta"]
    out = io.StringIO()
    assert cmd_bench.main(["--list"], out) == 0
    assert out.getvalue().splitlines()[0].startswith("rules\t")


def test_unknown_area_is_a_clear_error(capsys):
    assert cmd_bench.main(["--only", "nope"]) == 2
    assert "unknown bench area 'nope'" in capsys.readouterr().err


def test_a_plugin_with_cases_and_a_hook(monkeypatch):
    monkeypatch.setattr(benchlib, "VM_WARMUP_MS", 20)
    monkeypatch.setattr(benchlib, "VM_TIMED_MS", 20)
    mod = types.ModuleType("minigam.host.bench_zztest")
    mod.BENCH_CASES = CASES[:1]
    mod.run = lambda out: out.write("extra figure: 42\n")
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    out = io.StringIO()
    cmd_bench.run_area("zztest", mod.__name__, out)
    text = out.getvalue()
    assert text.startswith("[zztest]\n  plays from the start, 3-1\n")
    assert "RP2040 estimate" in text and "extra figure: 42" in text


def test_a_failing_plugin_does_not_stop_the_others(monkeypatch):
    bad = types.ModuleType("minigam.host.bench_zzbad")

    def boom(out):
        raise RuntimeError("no figures today")

    bad.run = boom
    good = types.ModuleType("minigam.host.bench_zzgood")
    good.run = lambda out: out.write("good figure\n")
    monkeypatch.setitem(sys.modules, bad.__name__, bad)
    monkeypatch.setitem(sys.modules, good.__name__, good)
    monkeypatch.setattr(cmd_bench, "areas", lambda: {"zzbad": bad.__name__, "zzgood": good.__name__})
    out = io.StringIO()
    assert cmd_bench.main(["--only", "zzbad,zzgood"], out) == 1
    text = out.getvalue()
    assert "[zzbad] error: RuntimeError: no figures today" in text and "good figure" in text
