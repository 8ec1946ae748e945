"""Figures from the real firmware on the emulated Pico (``bench --only
firmware``; host only; figures, never pass/fail).

Three builds of the same app on ``pico-st7789``: the MINIGAM firmware (the
game frozen into flash; built by ``minigam.host.firmware_build``), stock
CircuitPython 10.2.1 with ``deploy``'s ``.mpy`` bundle, and stock with the
``.py`` tree. For each:

* time from reset to the menu, in emulated ms;
* the heap after each start-up stage (``code.py`` prints them in trace
  mode, after a collection);
* the lowest free heap (after a collection, at every state change), the
  peak live heap (the heap's size minus that), and whether a 16 KB block
  could be allocated at the worst point, over games against Hard
  (``MINIGAM_BENCH_GAMES``, default 10, on the MINIGAM firmware; 1 on
  stock);
* AI decision time per level (``code.py`` prints the app's ``think_ms``:
  from the search's start to its answer, the screen and keys running
  meanwhile; the app then paces the moves it shows): mean, p90, p99, max;
* key press to finished frame (the last RAM write of the update), and the
  refresh time (first to last RAM write), for the menu cursor and the board
  cursor.

The emulator models no flash wait states (code runs from flash through the
XIP cache on the chip): its times are optimistic. They are printed as such.
"""

import os
import re

from minigam.host.emu import device
from minigam.host import sim
from minigam.hw.keys import key_code

PROFILE = "pico-st7789"
SEED = 7
LEVEL_KEYS = {"easy": "X X A A Y Y ", "medium": "", "hard": "X X A Y Y "}
OPTIMISTIC = "emulated ms; optimistic: no flash wait states"


def _games():
    try:
        return max(1, int(os.environ.get("MINIGAM_BENCH_GAMES", "10")))
    except ValueError:
        return 10


def _session(uf2, bootrom, mpy=False, frozen=False):
    files = device.drive_files(PROFILE, {"MINIGAM_SEED": SEED}, mpy=mpy,
                               frozen=frozen)
    return device.EmuSession(PROFILE, files=files, uf2=uf2, bootrom=bootrom)


def start_up(s):
    """[(stage, free, alloc)] from the console's ``start-up`` lines."""
    # (the first line can follow the firmware's terminal-title escape)
    return [(m.group(1), int(m.group(2)), int(m.group(3))) for m in
            re.finditer(r"start-up (\w+) (\d+) (\d+)", s.console)]


def play_games(s, level, games):
    """From the menu, set the AI level and play ``games`` whole games
    (a new one from each game-over page)."""
    for kind, arg in sim.parse_script(LEVEL_KEYS[level] + "A"):
        sim.run_step(s, kind, arg)
    for n in range(games):
        if n:
            s.tap(key_code("A"))  # game over: the next game
        s.tap_until(key_code("A"), "OVER")
        s.check()


def decision_ms(console):
    """The AI's search times (``think`` lines: ms from the search's start
    to its answer, while the screen and keys keep running)."""
    return [int(m.group(1)) for m in re.finditer(r"think (\d+)", console)]


def percentile(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(p / 100.0 * len(v)))]


def key_latency(s, key, taps=10):
    """[(press to last RAM write, first to last RAM write)] in ms for
    ``taps`` presses of ``key`` (each from a quiet screen)."""
    out = []
    code = key_code(key)
    for _ in range(taps):
        s.run(200, idle_ms=100)
        s.frame_log()
        t0 = s.now
        s.tap(code)
        s.run(400, idle_ms=150, min_ms=50)
        log = [e for e in s.frame_log() if e[0] >= t0]
        if log:
            out.append((log[-1][1] - t0, log[-1][1] - log[0][0]))
    return out


def _stats(out, label, values):
    if not values:
        out.write("  %s: none\n" % label)
        return
    out.write("  %s: mean %.0f, p90 %.0f, p99 %.0f, max %.0f over %d (%s)\n"
              % (label, sum(values) / len(values), percentile(values, 90),
                 percentile(values, 99), max(values), len(values),
                 OPTIMISTIC))


def measure_build(out, name, uf2, bootrom, games, mpy=False, frozen=False,
                  levels=("hard",), latency=False):
    out.write("%s:\n" % name)
    with _session(uf2, bootrom, mpy=mpy, frozen=frozen) as s:
        try:
            s.boot()
        except device.EmuError as exc:
            out.write("  does not reach the menu: %s\n"
                      % str(exc).strip().splitlines()[-1])
            return
        out.write("  reset to menu: %.0f ms (%s)\n" % (s.now, OPTIMISTIC))
        stages = start_up(s)
        total = stages[0][1] + stages[0][2] if stages else 0
        out.write("  heap %d B; free after each start-up stage: %s\n" % (
            total, ", ".join("%s %.1f KB" % (n, f / 1024.0)
                             for n, f, _ in stages)))
        if latency:
            menu = key_latency(s, "X")
        times = {}
        for i, level in enumerate(levels):
            if i:
                s.tap(key_code("B"))  # game over page: back to the menu
                s.await_state("MENU")
            n = games if level == "hard" else max(1, games // 5)
            mark = len(s.console)
            try:
                play_games(s, level, n)
            except device.EmuError as exc:
                out.write("  %s game stopped: %s\n" % (
                    level, str(exc).strip().splitlines()[-1]))
                break
            times[level] = decision_ms(s.console[mark:])
            out.write("  played %d game(s) against %s\n" % (n, level))
        if latency and "OVER" == s.state:
            s.tap(key_code("A"))
            s.tap_until(key_code("A"), "PICK")
            board = key_latency(s, "RIGHT")
        low = min(s.heap, key=lambda e: e[1])
        probes = [e[2] for e in s.heap if e[2] >= 0]
        out.write("  lowest free %.1f KB (at %s), peak live %.1f KB; "
                  "16 KB probe at each new low: %s\n" % (
                      low[1] / 1024.0, low[0], (total - low[1]) / 1024.0,
                      "all allocated" if probes and min(probes) == 1
                      else "FAILED %d of %d" % (probes.count(0), len(probes))))
        for level in levels:
            _stats(out, "AI decision, %s" % level, times.get(level, []))
        if latency:
            for label, values in (("menu cursor", menu), ("board cursor", board)):
                _stats(out, "key to finished frame, " + label,
                       [a for a, _ in values])
                _stats(out, "frame refresh, " + label, [b for _, b in values])
        stats = s.stats()
        out.write("  emulated %.1f s in all\n" % (stats["t_ms"] / 1000.0))


def run(out):
    from minigam.host import firmware_build
    try:
        stock, bootrom = device.firmware_paths()
    except device.EmuError as exc:
        out.write("skipped: %s\n" % exc)
        return
    games = _games()
    out.write("profile %s, seed %d; all times %s\n" % (PROFILE, SEED,
                                                       OPTIMISTIC))
    try:
        ours = firmware_build.build()
    except firmware_build.BuildError as exc:
        out.write("MINIGAM firmware: not built (%s)\n" % exc)
    else:
        measure_build(out, "MINIGAM firmware (%s)" % os.path.basename(ours),
                      ours, bootrom, games, frozen=True,
                      levels=("hard", "medium", "easy"), latency=True)
    measure_build(out, "stock CircuitPython 10.2.1 + .mpy bundle", stock,
                  bootrom, 1, mpy=True)
    measure_build(out, "stock CircuitPython 10.2.1 + .py tree", stock,
                  bootrom, 1)
