"""Memory of a long AI-against-AI match in the MicroPython VM (host only;
printed by ``bench``, checked for leaks by tests/test_memory_vm.py).

The real app (``minigam.app.build_app``) runs in the VM on a fake profile:
the displayio fakes of ``minigam/host/vmfakes`` with the profile's screen
size, a ``SoftQueue`` for keys, a RAM NVM of the profile's size (saves after
every turn as on the device). Player 2 is the app's AI; Player 1 is a second
``AIPlayer`` whose chosen play is entered through ``App.key`` as a player
would (cursor keys to the checker, A, cursor to the destination, A, A to
confirm), so the screens, the save after every turn, the statistics and the
game-over page all run, game after game (a new match is started from the
game-over page).

The VM's ``gc.collect()`` frees nothing allocated during the same
``runPython()`` call, so the live heap is read between calls: the match runs
in chunks of ticks, one ``runPython()`` each, ending early when a game
starts; a separate call collects and reads ``gc.mem_alloc()``. Figures:

* ``base``: heap before the app is imported (runtime, fakes, profile);
* ``starts``: live heap (minus ``base``) at the start of every game,
  the leak check compares them;
* ``peak``: the largest live heap (minus ``base``) between chunks;
* ``slope``: least-squares growth of ``starts`` in bytes per game;
* ``growth``: the leak measure (:func:`growth`).

``vm_match(profile, games)`` returns them; ``run(out)`` prints them.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

_RUNNER = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
const [jobPath, outPath] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobPath, "utf8"));
const require = createRequire(process.cwd() + "/");
const entry = require.resolve(
  "@micropython/micropython-webassembly-pyscript/micropython.mjs");
const { loadMicroPython } = await import(pathToFileURL(entry).href);
const lines = [];
const opts = {stdout: (l) => lines.push(l), stderr: (l) => lines.push("ERR " + l),
              linebuffer: true};
if (job.heapsize) opts.heapsize = job.heapsize;
const mp = await loadMicroPython(opts);
for (const [path, data] of Object.entries(job.files)) {
  const parts = path.split("/").filter((p) => p.length > 0);
  let cur = "";
  for (const part of parts.slice(0, -1)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (err) {}
  }
  mp.FS.writeFile(path, data.b64 !== undefined
    ? Buffer.from(data.b64, "base64") : data.text);
}
let error = null;
try {
  mp.runPython(job.setup);
  mp.runPython(job.measure);
  for (let i = 0; i < job.max_chunks; i++) {
    mp.runPython(job.step);
    mp.runPython(job.measure);
    if (lines.length && lines[lines.length - 1] === "DONE") break;
  }
  mp.runPython(job.report);
} catch (err) {
  error = String(err && err.message || err);
}
writeFileSync(outPath, JSON.stringify({lines, error}));
"""

_SETUP = r"""
import gc, sys
sys.path.insert(0, "/")
sys.path.insert(0, "/lib")
import busdisplay
from minigam.hw import keys as K
from minigam.hw.keys import KeyReader, SoftQueue
from minigam.hw.pixels import DiceIndicator
from minigam.hw.store import Store
from minigam.hw.profile import Profile


class _Clock:
    now = 0

    def ticks_ms(self):
        return self.now


_disp = busdisplay.BusDisplay(None, b"", width=%(w)d, height=%(h)d,
                              auto_refresh=False)
_q = SoftQueue(0)
_kr = KeyReader()
_kr.add_source(_q, tuple(range(9)))
_hw = Profile("vm", _disp, _kr, DiceIndicator([(0, 0, 0)] * 12),
              Store(bytearray(%(nvm)d)), tuple(range(9)), clock=_Clock())
_mem = [0] * %(slots)d     # live heap after each chunk (preallocated)
_start = [0] * 64          # index into _mem of each game's start
_n = [0, 0, 0, 0]          # measures, game starts, ticks, turns
_mark = [0]
_plan = [None, -1]         # P1's chosen steps, for turn number
APP = None
P1 = None
"""

_MEASURE = r"""
gc.collect()
_mem[_n[0]] = gc.mem_alloc()
if _mark[0]:
    _start[_n[1]] = _n[0]
    _n[1] += 1
    _mark[0] = 0
_n[0] += 1
"""

_STEP = r"""
def _p1_key(app, A):
    # Player 1's decision as keys: the plan of a second AIPlayer.
    g = app.game
    st = app.state
    if st != A.PICK and st != A.DEST:
        return K.A
    if _plan[1] != g.turn_no:
        P1.choose(g.turn_start(), g.d1, g.d2)
        _plan[0] = P1.steps
        _plan[1] = g.turn_no
    src, die = _plan[0][len(g.steps)]
    if st == A.PICK:
        return K.A if app.srcs[app.ci] == src else K.X
    t = app.tgts[app.ci]
    return K.A if t[1] == die and t[0] == min(src + die, 7) else K.X


def _step():
    global APP, P1
    from minigam.app import app as A
    if APP is None:
        from minigam.app import build_app
        from minigam.ai import AIPlayer
        APP = build_app(_hw, seed=%(seed)d)
        APP.tick(0)
        APP.key(K.A)  # Play vs AI
        P1 = AIPlayer(APP.game.rules, "%(level)s", %(seed)d + 1)
        _mark[0] = 1
        return
    for _ in range(%(chunk)d):
        st = APP.state
        if st != A.AI and st != A.AIMOVE:
            if st == A.OVER:
                _n[3] += APP.game.turn_no
            APP.key(_p1_key(APP, A))
            if st == A.OVER:  # the next game starts
                if _n[1] >= %(games)d:
                    print("DONE")
                    return
                _mark[0] = 1
                _hw.clock.now += 40
                APP.tick(_hw.clock.now)
                return
        _hw.clock.now += 100
        APP.tick(_hw.clock.now)
        _n[2] += 1
_step()
"""

_REPORT = r"""
print("R", _mem[0], _n[1], _n[2], _n[3], max(_mem[1:_n[0]]))
print("S", " ".join([str(_mem[_start[i]]) for i in range(_n[1])]))
"""


def _node():
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed")
    return node


def vm_match(profile="pybadge", games=8, level="medium", seed=3,
             chunk=40, timeout=1800, inject=""):
    """Play ``games`` games AI against AI through the app in the VM; returns
    the heap figures (bytes; see the module docstring). ``inject``: source
    run after the setup (tests plant a leak with it)."""
    from minigam.host import vm
    from minigam.hw.pins import PROFILES

    p = PROFILES[profile]
    d = p["display"]
    params = {"w": d["width"], "h": d["height"], "nvm": p["nvm_bytes"],
              "games": games, "level": level, "seed": seed, "chunk": chunk,
              "slots": 60000}
    job = {"files": vm._encode(vm.vm_files()),
           "setup": _SETUP % params + "\n" + inject,
           "measure": _MEASURE, "step": _STEP % params, "report": _REPORT,
           "max_chunks": 59000}
    with tempfile.TemporaryDirectory(prefix="minigam-mem-") as tmp:
        runner = os.path.join(tmp, "runner.mjs")
        with open(runner, "w") as f:
            f.write(_RUNNER)
        jp = os.path.join(tmp, "job.json")
        op = os.path.join(tmp, "out.json")
        with open(jp, "w") as f:
            json.dump(job, f)
        subprocess.run([_node(), "--no-liftoff", runner, jp, op],
                       cwd=str(vm.REPO), check=True, timeout=timeout,
                       capture_output=True)
        with open(op) as f:
            res = json.load(f)
    if res["error"]:
        raise RuntimeError("VM: " + res["error"].strip()[-1500:])
    lines = res["lines"]
    r = [ln for ln in lines if ln.startswith("R ")]
    s = [ln for ln in lines if ln.startswith("S")]
    if not r or not s:
        raise RuntimeError("VM: no result (%s)" % lines[-5:])
    base, n, ticks, turns, peak = [int(x) for x in r[-1].split()[1:]]
    starts = [int(x) - base for x in s[-1].split()[1:]]
    return {"profile": profile, "level": level, "games": n,
            "ticks": ticks, "turns": turns, "base": base,
            "peak": peak - base, "starts": starts,
            "slope": slope(starts[1:]), "growth": growth(starts)}


def growth(starts):
    """Leak measure: the least heap at a game's start in the second half of
    the match minus the least in the first half (the first game, which
    still fills lazily made tables, left out). Minimums, because what the
    AIs keep from their last search varies from game to game; a leak raises
    every later start."""
    s = starts[1:]
    if len(s) < 2:
        return 0
    h = len(s) // 2
    return min(s[h:]) - min(s[:h])


def slope(ys):
    """Least-squares slope of ``ys`` against 0, 1, 2, ... (0 if < 2)."""
    n = len(ys)
    if n < 2:
        return 0.0
    mx = (n - 1) / 2
    my = sum(ys) / n
    num = sum((i - mx) * (y - my) for i, y in enumerate(ys))
    den = sum((i - mx) ** 2 for i in range(n))
    return num / den


def run(out=None):
    """Print the memory figures of an AI-against-AI match per screen size."""
    w = (out or sys.stdout).write
    w("memory: live heap of the app in the MicroPython VM, AI (medium) "
      "against AI through the app's keys, display faked; read between "
      "runPython() calls (gc.collect frees nothing within one)\n")
    for profile in ("pybadge", "pico-st7789"):
        try:
            r = vm_match(profile, games=24 if profile == "pybadge" else 8,
                         level="medium" if profile == "pybadge" else "hard")
        except Exception as exc:  # noqa: BLE001 (no Node, VM error)
            w("  %s: unavailable: %s\n" % (profile, exc))
            return 0
        st = r["starts"]
        w("  %-12s %d games (%s), %d turns: peak %.1f KB live over the "
          "match (%.1f KB with the runtime, fakes and profile before the "
          "app); at game starts %.1f..%.1f KB, growth second half vs "
          "first %+d bytes, slope %+.0f bytes/game\n"
          % (profile, r["games"], r["level"], r["turns"], r["peak"] / 1024,
             (r["peak"] + r["base"]) / 1024, min(st) / 1024, max(st) / 1024,
             r["growth"], r["slope"]))
    return 0


def main(argv=None):
    return run()


if __name__ == "__main__":
    sys.exit(main())
