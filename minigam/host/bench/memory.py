"""Memory of a long AI-against-AI match in the MicroPython VM (host only;
printed by ``bench``, checked for leaks by tests/test_memory_vm.py).

The real app (``minigam.app.start.build_app``) runs in the VM on a fake profile:
the displayio fakes of ``minigam/host/vm/fakes`` with the profile's screen
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
starts; a separate call collects and reads ``gc.mem_alloc()``. What a call
drops is only freed by a collection two calls later (measured), so an
empty call that collects comes between each chunk and the reading; without
it the figures counted the last chunk's garbage (peak ~9 KB higher).
Figures:

* ``base``: heap before the app is imported (runtime, profile, the fake
  display); the fakes the app imports (displayio, vectorio, terminalio
  with its font) count in the figures below, see :func:`breakdown`;
* ``starts``: live heap (minus ``base``) at the start of every game,
  the leak check compares them;
* ``peak``: the largest live heap (minus ``base``) between chunks;
* ``slope``: least-squares growth of ``starts`` in bytes per game;
* ``growth``: the leak measure (:func:`growth`).

``vm_match(profile, games)`` returns them; ``run(out)`` prints them and
:func:`breakdown`: the heap after each import of the app (in the order
they finish), after ``build_app``, after starting a game, the cost of the
fakes themselves (modules, terminalio font, Python display objects) and
what is left without them.
"""

import sys

from minigam.host import vm

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
    mp.runPython("gc.collect()");  // frees what the step dropped
    mp.runPython(job.measure);
    if (lines.length && lines[lines.length - 1] === "DONE") break;
  }
  mp.runPython(job.report);
} catch (err) {
  error = String(err && err.message || err);
}
writeFileSync(outPath, JSON.stringify({lines, error}));
"""

_HEAD = r"""
import gc, sys
sys.path.insert(0, "/")
sys.path.insert(0, "/lib")
"""

# The fake profile (display, keys, pixels, RAM store, clock): ``_hw``.
_PROFILE = "\nfrom minigam.hw import keys as K\n" + vm.FAKE_PROFILE


_SETUP = _HEAD + _PROFILE + r"""
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
        from minigam.app.start import build_app
        from minigam.quarter.ai import AIPlayer
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
            if st == A.OVER:  # A: the summary; A again: the next game
                APP.key(K.A)
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


def vm_match(profile="pybadge", games=8, level="medium", seed=3,
             chunk=40, timeout=1800, inject=""):
    """Play ``games`` games AI against AI through the app in the VM; returns
    the heap figures (bytes; see the module docstring). ``inject``: source
    run after the setup (tests plant a leak with it)."""
    from minigam.hw.pins import PROFILES

    p = PROFILES[profile]
    d = p["display"]
    params = {"w": d["width"], "h": d["height"], "nvm": p["nvm_bytes"],
              "games": games, "level": level, "seed": seed, "chunk": chunk,
              "slots": 60000, "pixels": 12}
    lines = vm.run_job(_RUNNER, {
        "setup": _SETUP % params + "\n" + inject, "measure": _MEASURE,
        "step": _STEP % params, "report": _REPORT, "max_chunks": 59000},
        timeout)
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


# -- breakdown ---------------------------------------------------------------
# Steps of the breakdown job, one runPython() each, the live heap read after
# each: (group, label, source). Imports are in the order the app's imports
# finish (a module's own imports first), so each line is one module's own
# cost: code, constants, module-level tables.
_FAKE = "fake"
_APP = "app"
_GAME = "game"
_HW = "hw"
_LATER = "later"
_BREAK_STEPS = (
    (_HW, "import minigam (+compat)", "import minigam.compat"),
    (_HW, "import minigam.hw", "import minigam.hw"),
    (_HW, "import minigam.hw.ticks", "import minigam.hw.ticks"),
    (_HW, "import minigam.hw.keys", "import minigam.hw.keys"),
    (_HW, "import minigam.hw.softkeys (the VM's key queue)",
     "import minigam.hw.softkeys"),
    (_HW, "import minigam.hw.pins", "import minigam.hw.pins"),
    (_HW, "import minigam.hw.pixels", "import minigam.hw.pixels"),
    (_HW, "import minigam.core (the games' shared package)",
     "import minigam.core"),
    (_HW, "import minigam.core.saveframe (the checksum)",
     "import minigam.core.saveframe"),
    (_HW, "import minigam.hw.store", "import minigam.hw.store"),
    (_HW, "import minigam.hw.profile", "import minigam.hw.profile"),
    (_FAKE, "fake busdisplay + the profile's objects",
     "exec(_PROFILE_SRC)"),
    (_FAKE, "fake displayio (+fourwire)", "import displayio"),
    (_FAKE, "fake vectorio", "import vectorio"),
    (_FAKE, "fake terminalio + fontio, 6840-byte glyph sheet",
     "import terminalio"),
    (_FAKE, "fake font: 95 get_glyph() calls (none kept)",
     "_f = terminalio.FONT\nfor _c in range(32, 127):\n"
     "    _f.get_glyph(_c)\ndel _f, _c"),
    (_APP, "import minigam.app", "import minigam.app"),
    (_APP, "import minigam.app.palette", "import minigam.app.palette"),
    (_APP, "import minigam.app.persist", "import minigam.app.persist"),
    (_APP, "import minigam.app.states", "import minigam.app.states"),
    (_APP, "import minigam.app.menu", "import minigam.app.menu"),
    (_APP, "import minigam.app.pages", "import minigam.app.pages"),
    (_APP, "import minigam.app.layout", "import minigam.app.layout"),
    (_APP, "import minigam.app.text", "import minigam.app.text"),
    (_APP, "import minigam.app.sprites", "import minigam.app.sprites"),
    (_APP, "import minigam.app.board_view", "import minigam.app.board_view"),
    (_APP, "import minigam.app.quarter_app", "import minigam.app.quarter_app"),
    (_APP, "import minigam.app.text_view", "import minigam.app.text_view"),
    (_APP, "import minigam.app.app", "import minigam.app.app"),
    (_APP, "import minigam.core.dice", "import minigam.core.dice"),
    (_APP, "build_app() + first tick (menu shown)",
     "from minigam.app.start import build_app\n"
     "APP = build_app(_hw, seed=3)\nAPP.tick(0)\ndel build_app\n"
     "from minigam.compat import unload\nunload('minigam.app.start')"),
    (_GAME, "import minigam.quarter (MINIGAM's game package)",
     "import minigam.quarter"),
    (_GAME, "import minigam.quarter.rules", "import minigam.quarter.rules"),
    (_GAME, "import minigam.core.flow (the turn flow every game shares)",
     "import minigam.core.flow"),
    (_GAME, "import minigam.quarter.game", "import minigam.quarter.game"),
    (_GAME, "import minigam.quarter.eval", "import minigam.quarter.eval"),
    (_GAME, "import minigam.quarter.ai", "import minigam.quarter.ai"),
    (_GAME, "import minigam.quarter.weights (raw bytes)",
     "import minigam.quarter.weights"),
    (_GAME, "load the network (its big table read in place)",
     "minigam.quarter.eval.net(False)"),
    (_GAME, "key A: Play vs AI (Game, AIPlayer)",
     "APP.key(minigam.hw.keys.A)"),
    (_LATER, "import minigam.quarter.save (first save)",
     "import minigam.quarter.save"),
    (_LATER, "import minigam.quarter.notation (loading a save)",
     "import minigam.quarter.notation"),
)

# Fake display objects measured one type at a time: _NOBJ made into a list
# allocated in an earlier call, then dropped; what dropping them frees,
# divided by _NOBJ, is one object's cost.
_NOBJ = 100
_PER_OBJECT = (
    ("Group", "displayio.Group()"),
    ("Palette", "displayio.Palette(1)"),
    ("TileGrid", "displayio.TileGrid(_sh, pixel_shader=_pl, width=20, "
     "height=1, tile_width=6, tile_height=12)"),
    ("Rectangle", "vectorio.Rectangle(pixel_shader=_pl, width=4, height=4)"),
    ("Circle", "vectorio.Circle(pixel_shader=_pl, radius=4)"),
    ("Polygon", "vectorio.Polygon(pixel_shader=_pl, points=_pts)"),
)

_BREAK_SETUP = r"""
_i = [0]
_PROFILE_SRC = %(profile)r
_res = []
_steps = %(steps)r
"""

_BREAK_MEASURE = r"""
gc.collect()
_res.append(gc.mem_alloc())
"""

_BREAK_STEP = r"""
exec(_steps[_i[0]])
_i[0] += 1
"""

# Counts the display objects the app holds (walks the root group; shapes
# and grids inside groups), the minigam modules not itemised, then the
# per-object costs.
_BREAK_REPORT = r"""
_cnt = {}
_pals = []
def _walk(g):
    for o in g:
        t = type(o).__name__
        _cnt[t] = _cnt.get(t, 0) + 1
        p = getattr(o, "pixel_shader", None)
        if p is not None and not [1 for q in _pals if q is p]:
            _pals.append(p)
        if t == "Group":
            _walk(o)
_cnt["Group"] = 1
_walk(_disp.root_group)
_cnt["Palette"] = len(_pals)
print("C", " ".join(["%%s=%%d" %% kv for kv in _cnt.items()]))
_known = %(known)r
print("U", " ".join([m for m in sys.modules
                     if m.startswith("minigam") and m not in _known]))
print("M", " ".join([str(x) for x in _res]))
"""


def breakdown(profile="pybadge"):
    """The live heap step by step (``_BREAK_STEPS``) in the VM, the display
    objects the app holds at the start of a game, and the per-object cost
    of the fake display objects. Returns a dict: ``base`` (bytes before the
    first step), ``steps`` [(group, label, bytes added)], ``total`` (heap
    minus base after the last step), ``objects`` {type: count},
    ``per_object`` {type: bytes}, ``unlisted`` (minigam modules loaded but
    not itemised)."""
    from minigam.hw.pins import PROFILES

    p = PROFILES[profile]
    d = p["display"]
    params = {"w": d["width"], "h": d["height"], "nvm": p["nvm_bytes"],
              "slots": 4, "pixels": 12}
    srcs = [s[2] for s in _BREAK_STEPS]
    srcs.append("import displayio, vectorio\n"
                "_sh = displayio.Bitmap(6 * 95, 12, 2)\n"
                "_pl = displayio.Palette(2)\n_pts = [(0, 0), (4, 0), (0, 4)]\n"
                "_o = [None] * %d" % _NOBJ)
    for _name, make in _PER_OBJECT:
        srcs.append("for _k in range(%d):\n    _o[_k] = %s" % (_NOBJ, make))
        srcs.append("for _k in range(%d):\n    _o[_k] = None" % _NOBJ)
    known = ["minigam"]
    known += [s[2].split()[1] for s in _BREAK_STEPS
              if s[2].startswith("import minigam")]
    # What a call drops is only freed by the collection of the call after
    # the next one (measured: a list of 100 Groups dropped in one call is
    # still counted after it, gone after one more call), so every step is
    # followed by an empty one and the heap is read after that.
    both = ["pass"]  # frees the setup's garbage before the base reading
    for src in srcs:
        both.append(src)
        both.append("pass")
    setup = _HEAD + (_BREAK_SETUP % {"steps": both,
                                     "profile": _PROFILE % params})
    lines = vm.run_job(_RUNNER, {
        "setup": setup, "measure": _BREAK_MEASURE, "step": _BREAK_STEP,
        "report": _BREAK_REPORT % {"known": known}, "max_chunks": len(both)})
    m = [ln for ln in lines if ln.startswith("M ")]
    c = [ln for ln in lines if ln.startswith("C ")]
    u = [ln for ln in lines if ln.startswith("U")]
    if not m or not c or not u:
        raise RuntimeError("VM: no result (%s)" % lines[-5:])
    heap = [int(x) for x in m[-1].split()[1:]]
    if len(heap) != len(both) + 1:
        raise RuntimeError("VM: %d of %d steps ran (%s)"
                           % (len(heap) - 1, len(both), lines[-5:]))
    heap = heap[1:2] + heap[3::2]
    n = len(_BREAK_STEPS)
    steps = [(g, label, heap[i + 1] - heap[i])
             for i, (g, label, _src) in enumerate(_BREAK_STEPS)]
    per = {}
    for k, (name, _make) in enumerate(_PER_OBJECT):
        freed = heap[n + 2 + 2 * k] - heap[n + 3 + 2 * k]
        per[name] = freed // _NOBJ
    objects = {}
    for kv in c[-1].split()[1:]:
        key, val = kv.split("=")
        objects[key] = int(val)
    return {"profile": profile, "base": heap[0], "steps": steps,
            "total": heap[n] - heap[0], "objects": objects,
            "per_object": per, "unlisted": u[-1].split()[1:]}


def print_breakdown(w, b):
    """Print :func:`breakdown`'s figures with ``w``."""
    kb = 1024.0
    w("  breakdown (%s, heap read after each step; before the first: "
      "%.1f KB, the runtime and this job's own lists):\n"
      % (b["profile"], b["base"] / kb))
    run_total = 0
    sums = {_HW: 0, _FAKE: 0, _APP: 0, _GAME: 0, _LATER: 0}
    for g, label, add in b["steps"]:
        run_total += add
        sums[g] += add
        w("    %-46s %+7.1f KB  (%6.1f KB)\n" % (label, add / kb,
                                                run_total / kb))
    if b["unlisted"]:
        w("    (also loaded, not itemised: %s)\n" % " ".join(b["unlisted"]))
    objs = b["objects"]
    per = b["per_object"]
    fake_objs = sum(objs.get(t, 0) * per.get(t, 0) for t in per)
    n_objs = sum(objs.get(t, 0) for t in per)
    w("    hardware layer: %.1f KB (in the match's base above); fakes' "
      "modules, font and profile objects: %.1f KB; app to the menu: "
      "%.1f KB; game start: %.1f KB (total %.1f KB); loaded later: "
      "%.1f KB (total %.1f KB)\n"
      % (sums[_HW] / kb, sums[_FAKE] / kb, sums[_APP] / kb, sums[_GAME] / kb,
         (b["total"] - sums[_LATER]) / kb, sums[_LATER] / kb,
         b["total"] / kb))
    w("    display objects at a game's start: %s\n"
      % ", ".join(["%d %s" % (objs[t], t) for t in sorted(objs)]))
    w("    fake (Python) object sizes: %s bytes; so ~%.1f KB of the above "
      "is %d fake display objects (their attributes, tile and colour "
      "storage)\n"
      % (", ".join(["%s %d" % (t, per[t]) for t, _m in _PER_OBJECT]),
         fake_objs / kb, n_objs))
    w("    left without the fakes (modules, font, display objects at "
      "their fake size): %.1f KB, minigam's code (compiled from source, "
      "as deployed) and data\n"
      % ((b["total"] - sums[_FAKE] - fake_objs) / kb))
    w("    no device estimate: on a board the font is in flash and the "
      "display objects are C structs (e.g. vectorio_rectangle_t, 24 "
      "bytes in CircuitPython's shared-module/vectorio/Rectangle.h, plus "
      "each shape's VectorShape, TileGrid tile arrays, Palette colours), "
      "whose sizes were not all checked: a board needs about the figure "
      "above plus those\n")


def run(out=None):
    """Print the memory figures of an AI-against-AI match per screen size."""
    w = (out or sys.stdout).write
    w("memory: live heap of the app in the MicroPython VM, AI (medium) "
      "against AI through the app's keys, display faked; read between "
      "runPython() calls (gc.collect frees nothing within one, and what "
      "a call drops only two calls later)\n")
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
        if profile == "pybadge":
            try:
                print_breakdown(w, breakdown(profile))
            except Exception as exc:  # noqa: BLE001 (VM error)
                w("  breakdown unavailable: %s\n" % exc)
    return 0


def main(argv=None):
    return run()


if __name__ == "__main__":
    sys.exit(main())
