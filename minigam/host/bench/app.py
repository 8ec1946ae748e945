"""Bench figures of the handheld app (host only; printed, never asserted).

For each screen size of the profiles, a scripted game against the AI is
played through the real app by key presses. Every refresh is measured from
displayio's own dirty areas (what the panel is really sent):

* share of the screen's pixels redrawn per single checker move (the union
  of the refreshed areas of the frame that shows the move; the target is at
  most 25%), mean and worst;
* pixels actually changed per move (a frame diff: the floor any renderer
  must redraw);
* time per app frame on CPython (state update + displayio refresh).

``python -m minigam.host.bench.app`` prints them; the ``bench`` command
calls :func:`run`. Heap and VM timings need the MicroPython VM runner and
its displayio fakes (``minigam/host/vm/fakes``): :func:`vm_measure` runs
the app there on a fake profile through whole games against the AI.
"""

import os
import sys
import time

from minigam.host import vm

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

SIZES = (("pybadge", "160x128"), ("pico-st7789", "240x240"),
         ("pico-ili9341", "320x240"))


class AreaMeter:
    """Collects the areas each refresh sends, for union coverage."""

    def __init__(self, display):
        from displayio._area import Area

        self.w = display.width
        self.h = display.height
        self.boxes = []
        core = display._core
        orig = display._refresh_area

        def area(a):
            c = Area()
            if core.clip_area(a, c):
                self.boxes.append((c.x1, c.y1, c.x2, c.y2))
            return orig(a)

        display._refresh_area = area

    def take(self):
        """(distinct pixels covered, pixels sent) since the last take."""
        mask = bytearray(self.w * self.h)
        sent = 0
        for x1, y1, x2, y2 in self.boxes:
            sent += (x2 - x1) * (y2 - y1)
            for y in range(y1, y2):
                b = y * self.w
                mask[b + x1:b + x2] = b"\x01" * (x2 - x1)
        self.boxes = []
        return sum(mask), sent


def measure(profile, seed=2, max_moves=40):
    """Play a game on ``profile`` by keys; returns a dict of figures."""
    from minigam.app.start import build_app
    from minigam.app import app as A
    from minigam.app import states as S
    from minigam.hw import keys as K
    from minigam.host.simulator.hwhost import build_host_profile
    from minigam.host.simulator.render import Frame

    hw = build_host_profile(profile)
    app = build_app(hw, seed=seed)
    meter = AreaMeter(hw.display)
    now = [0]
    frame_s = [0.0, 0]

    def tick(ms=40):
        now[0] += ms
        t = time.perf_counter()
        f = app.frames
        app.tick(now[0])
        if app.frames != f:
            frame_s[0] += time.perf_counter() - t
            frame_s[1] += 1

    def press(k):
        hw.keys.push(k)
        tick()

    tick()
    press(K.A)  # play vs AI
    press(K.A)  # opening roll
    press(K.A)
    meter.take()
    shares = []
    changed = []
    screen = hw.width * hw.height
    prev = Frame(hw.display)
    moves = 0
    worst = (0, "")
    while app.state != A.OVER and moves < max_moves:
        g = app.game
        before = (g.turn_no, len(g.steps))
        st0 = app.state
        if st0 == A.AIMOVE or st0 == A.DEST or st0 == A.ROLL:
            prev = Frame(hw.display)
        if app.state in (A.AI, A.AIMOVE):
            tick(100)
        else:
            press(K.A)
        after = (g.turn_no, len(g.steps))
        if after[1] > before[1] and after[0] == before[0]:
            cov, _ = meter.take()
            shares.append(cov / screen)
            if cov / screen > worst[0]:
                worst = (cov / screen, S.STATE_NAMES[st0])
            cur = Frame(hw.display)
            changed.append(cur.diff(prev) / screen)
            moves += 1
        else:
            meter.take()
    return {
        "profile": profile,
        "moves": len(shares),
        "share_mean": sum(shares) / len(shares),
        "share_max": max(shares),
        "changed_mean": sum(changed) / len(changed),
        "frame_ms": 1000 * frame_s[0] / max(1, frame_s[1]),
        "frames": frame_s[1],
        "worst_state": worst[1],
    }


def run(out=None):
    """Print the app's bench figures to ``out`` (default stdout)."""
    w = (out or sys.stdout).write
    w("app: screen redrawn per checker move (displayio dirty areas; "
      "target <= 25%)\n")
    for profile, size in SIZES:
        r = measure(profile)
        w("  %-8s %3d moves: redrawn mean %4.1f%% worst %4.1f%%, "
          "(after %s), pixels changed mean %4.1f%%; CPython %.1f ms/frame\n"
          % (size, r["moves"], 100 * r["share_mean"], 100 * r["share_max"],
             r["worst_state"], 100 * r["changed_mean"], r["frame_ms"]))
    for profile, size in SIZES:
        try:
            r = vm_measure(profile)
        except Exception as exc:  # noqa: BLE001 (no Node, VM error)
            w("app: VM figures unavailable: %s\n" % exc)
            return 0
        kb = 1024.0
        w("  %-8s VM live heap: app after start %.1f KB, peak %.1f KB over "
          "%d games vs AI (target <= 60 KB), of which game+AI layers "
          "%.1f KB -> screens and state machine %.1f KB; below them the hw "
          "layer %.1f KB, displayio fakes %.1f KB (native on a board)\n"
          % (size, r["start"] / kb, r["peak"] / kb, r["games"],
             r["game_ai"] / kb, (r["peak"] - r["game_ai"]) / kb,
             r["hw"] / kb, r["fakes"] / kb))
        from minigam.host.bench.lib import rp2040_text
        w("  %-8s VM frame build (warm, %d frames): mean %.2f ms, median "
          "%.2f, worst %.2f; RP2040 est. mean %s, worst %s\n"
          % ("", r["frames"], r["mean_ms"], r["median_ms"], r["worst_ms"],
             rp2040_text(1000 * r["mean_ms"]),
             rp2040_text(1000 * r["worst_ms"])))
    return 0


# -- MicroPython VM ------------------------------------------------------------
#
# The VM's gc.collect() frees nothing allocated during the same runPython()
# call (checked: 50 dropped bytearrays stay counted until the call returns),
# so live heap is measured between calls: the game runs in chunks of ticks,
# one runPython() each, and a separate call collects and reads mem_alloc().

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
const mp = await loadMicroPython({stdout: (l) => lines.push(l),
                                  stderr: (l) => lines.push("ERR " + l),
                                  linebuffer: true});
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
  for (const c of job.setup) { mp.runPython(c); mp.runPython(job.measure); }
  for (let i = 0; i < job.max_chunks; i++) {
    mp.runPython(job.measure);
    mp.runPython(job.step);
    if (lines.length && lines[lines.length - 1] === "DONE") break;
  }
  mp.runPython(job.measure);
  mp.runPython(job.report);
} catch (err) {
  error = String(err && err.message || err);
}
writeFileSync(outPath, JSON.stringify({lines, error}));
"""

_SETUP = (r"""
import gc, sys
sys.path.insert(0, "/")
sys.path.insert(0, "/lib")
_mem = []
""", r"""
import busdisplay, displayio, vectorio, terminalio
""", r"""
from minigam.hw import keys as K
""" + vm.FAKE_PROFILE + r"""
import array
_times = array.array("f", bytes(4 * 2000))
_nt = [0]
_games = [0]


class _NoRefresh:
    # The app refreshes after _render; the timed wrapper already did.
    def refresh(self):
        pass

_now = [0]
APP = None
import js
""")

# The game and AI layers alone, as a game against the AI holds them.
_GAME_AI = (r"""
import gc, sys
sys.path.insert(0, "/")
_mem = []
""", r"""
from minigam.quarter.game import Game
from minigam.quarter.ai import AIPlayer
from minigam.quarter.save import dumps
from minigam.core.dice import Dice
_g = Game(dice=Dice(seed=1))
_g.start_game()
_ai = AIPlayer(_g.rules, "hard", 1)
_ai.begin(_g.pos, _g.d1, _g.d2)
while not _ai.step():
    pass
_s = dumps(_g)
""")

_MEASURE = r"""
gc.collect()
_mem.append(gc.mem_alloc())
"""  # _mem: one int per chunk (small ints are not allocated)

_STEP = r"""
def _step():
    global APP
    if APP is None:
        from minigam.app.start import build_app
        APP = build_app(_hw, seed=2)
        APP.tick(0)
        render = APP._render
        refresh = _disp.refresh
        perf = js.performance.now

        def timed():
            # Frame build: the views updated from the state, then the
            # display refresh (a no-op on the fake display).
            t0 = perf()
            render()
            refresh()
            if _nt[0] < len(_times):
                _times[_nt[0]] = perf() - t0
                _nt[0] += 1

        APP._render = timed
        APP.hw.display = _NoRefresh()
        return
    from minigam.app import app as A
    from minigam.app import states as S
    for _ in range(25):
        st = APP.state
        if st == A.OVER:
            _games[0] += 1
            if _games[0] >= %(games)d:
                print("DONE")
                return
        if st != A.AI and st != A.AIMOVE:
            _q.record(K.A, True)
            _q.record(K.A, False)
        _now[0] += 100
        APP.tick(_now[0])
_step()
"""

_REPORT = r"""
def _report():
    n = _nt[0]
    t = sorted(_times[n // 3:n])
    print("R", " ".join([str(m) for m in _mem[:5]]), max(_mem[4:]),
          _games[0], n, sum(t) / len(t), t[len(t) // 2], t[-1])
_report()
"""


def vm_measure(profile, games=2, timeout=900):
    """Live heap and frame-build time of the app in the MicroPython VM,
    through ``games`` whole games against the AI, plus the heap of the game
    and AI layers alone. Sizes in bytes, times in ms."""
    from minigam.hw.pins import PROFILES

    p = PROFILES[profile]
    d = p["display"]
    params = {"w": d["width"], "h": d["height"], "nvm": p["nvm_bytes"],
              "games": games, "pixels": 12}
    lines = vm.run_job(_RUNNER, {"setup": [c % params for c in _SETUP],
                     "measure": _MEASURE, "step": _STEP % params,
                     "report": _REPORT, "max_chunks": 4000}, timeout)
    row = [ln for ln in lines if ln.startswith("R ")]
    if not row:
        raise RuntimeError("VM: no result (%s)" % lines[-3:])
    v = row[-1].split()[1:]
    m0, m1, m2, _, m3, peak = [int(x) for x in v[:6]]
    # Game + AI alone: report the last measure (after them) minus the first.
    ga = vm.run_job(_RUNNER, {"setup": list(_GAME_AI), "measure": _MEASURE,
                  "step": "print('DONE')", "max_chunks": 1,
                  "report": "print('G', _mem[0], _mem[-1])"}, timeout)
    g = [ln for ln in ga if ln.startswith("G ")][-1].split()[1:]
    return {"fakes": m1 - m0, "hw": m2 - m1, "start": m3 - m2,
            "peak": peak - m2, "game_ai": int(g[1]) - int(g[0]),
            "games": int(v[6]), "frames": int(v[7]), "mean_ms": float(v[8]),
            "median_ms": float(v[9]), "worst_ms": float(v[10])}
