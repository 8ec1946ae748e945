"""Figures from the real firmware on the emulated Pico (``bench --only
firmware``; host only; figures, never pass/fail).

Three builds of the same app on ``pico-st7789``: the MINIGAM firmware (the
game frozen into flash; built by ``minigam.host.firmware_build``), stock
CircuitPython 10.2.1 with ``deploy``'s ``.mpy`` bundle, and stock with the
``.py`` tree. For each:

* time from reset to the menu, in emulated ms;
* the heap after each start-up stage (``code.py`` prints them in trace
  mode, after a collection);
* the lowest free heap (``gc.mem_free()`` after a collection, at every
  state change), the peak live heap (the heap's size minus that), and
  whether a 16 KB block could be allocated at each new low, over rounds of
  play (``ROUND``: every menu page, a game against Hard, a two-player game)
  until ``MINIGAM_BENCH_MINUTES`` (default 30) emulated minutes have
  passed; then the budget of issue 14 (``BUDGETS``) it meets or misses.
  The MINIGAM firmware also plays Medium and Easy games, for their times.
  CircuitPython 10's heap grows and shrinks in areas (an empty one goes
  back to the system), so the free figure moves by a few KB between runs
  of the same play;
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
KB = 1024
# Lowest free heap each build must keep (issue 14): the MINIGAM firmware
# (game frozen into flash), stock CircuitPython 10.2.1 with deploy's .mpy
# bundle, and with its .py tree. The firmware gates hold the builds to them.
BUDGETS = {"frozen": 140 * KB, "mpy": 64 * KB, "py": 32 * KB}

# Key scripts (``minigam.host.sim`` syntax), from the menu with no saved
# game ("Play vs AI" first). Every menu page: the two statistics pages, then
# each setting (AI level, rules, match, auto forced, AI speed, brightness)
# stepped through all its values back to where it was, then back up.
MENU_PAGES = ("X*8 A await:INFO A await:MENU X A await:INFO A await:MENU "
              "Y*7 A*3 X A*2 X A*4 X A*2 X A*3 X A*4 Y*7 ")
HARD_GAME = "X X A Y Y A A A A*until:OVER"  # level Medium -> Hard, play
TWO_PLAYER_GAME = "X A A*until:OVER"  # "Two players", both sides by keys
# The board cursor's latency is measured in a two-player game at its first
# pick; the game is then played out (a game left unfinished would be saved,
# and "Resume game" would shift the menu the rounds are scripted for).
TWO_PLAYER_TO_PICK = "X A A*until:PICK"
TWO_PLAYER_REST = "A*until:OVER B await:MENU Y "
# One round of play, from and back to the menu's first line with the
# level at Medium: every menu page, a game against Hard, the level back to
# Medium (Hard -> Easy -> Medium), a two-player game.
ROUND = (MENU_PAGES + HARD_GAME + " B await:MENU X X A A Y Y "
         + TWO_PLAYER_GAME + " B await:MENU Y ")


def _minutes():
    try:
        return max(0.0, float(os.environ.get("MINIGAM_BENCH_MINUTES", "30")))
    except ValueError:
        return 30.0


def play(s, script):
    """Run a key script on an emulator session, then check its console."""
    for kind, arg in sim.parse_script(script):
        sim.run_step(s, kind, arg)
    s.check()


def lowest(s):
    """(state, free bytes, probe) at the lowest free heap the board
    reported, and the states where a 16 KB probe failed."""
    low = min(s.heap, key=lambda e: e[1])
    return (low[0], low[1], low[2]), [e[0] for e in s.heap if e[2] == 0]


def budget_verdict(s, build):
    """None when the session's lowest free heap meets ``BUDGETS[build]``
    and every 16 KB probe succeeded; else what was missed."""
    (name, free, _), failed = lowest(s)
    if free < BUDGETS[build]:
        return ("lowest free heap %.1f KB (in %s) is under the %d KB budget"
                % (free / 1024.0, name, BUDGETS[build] // KB))
    if failed:
        return "a 16 KB block could not be allocated in %s" % ", ".join(failed)
    return None


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


def measure_build(out, name, build, uf2, bootrom, minutes, levels=(),
                  latency=False):
    out.write("%s:\n" % name)
    with _session(uf2, bootrom, mpy=build == "mpy",
                  frozen=build == "frozen") as s:
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
        menu = board = []
        if latency:
            menu = key_latency(s, "X")
            try:  # the board's cursor, in a two-player game played out
                play(s, TWO_PLAYER_TO_PICK)
                board = key_latency(s, "RIGHT")
                play(s, TWO_PLAYER_REST)
            except device.EmuError as exc:
                out.write("  board cursor not measured: %s\n"
                          % str(exc).strip().splitlines()[-1])
        mark = len(s.console)
        rounds = 0
        try:
            while rounds == 0 or s.now < minutes * 60000:
                play(s, ROUND)
                rounds += 1
                (at, free, _), _ = lowest(s)
                out.write("  round %d done at %.1f emulated min; lowest free "
                          "so far %.1f KB (in %s)\n" % (
                              rounds, s.now / 60000.0, free / 1024.0, at))
                if hasattr(out, "flush"):
                    out.flush()
        except device.EmuError as exc:
            out.write("  stopped in round %d: %s\n" % (
                rounds + 1, str(exc).strip().splitlines()[-1]))
        times = {"hard": decision_ms(s.console[mark:])}
        out.write("  played %d round(s) (menu pages, Hard, two players) in "
                  "%.1f emulated min\n" % (rounds, s.now / 60000.0))
        for level in levels:
            mark = len(s.console)
            try:
                play_games(s, level, 1)
                s.tap(key_code("B"))  # game over page: back to the menu
                s.await_state("MENU")
            except device.EmuError as exc:
                out.write("  %s game stopped: %s\n" % (
                    level, str(exc).strip().splitlines()[-1]))
                break
            times[level] = decision_ms(s.console[mark:])
            out.write("  played a game against %s\n" % level)
        (at, free, _), failed = lowest(s)
        out.write("  lowest free %.1f KB (at %s), peak live %.1f KB; "
                  "16 KB probe at each new low: %s\n" % (
                      free / 1024.0, at, (total - free) / 1024.0,
                      "FAILED in %s" % ", ".join(failed) if failed
                      else "all allocated"))
        verdict = budget_verdict(s, build)
        out.write("  budget %d KB: %s\n" % (
            BUDGETS[build] // KB, "met" if verdict is None else
            "MISSED, " + verdict))
        for level in ("hard",) + tuple(levels):
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
    minutes = _minutes()
    out.write("profile %s, seed %d; all times %s; heap over %.0f emulated "
              "min of play a build\n" % (PROFILE, SEED, OPTIMISTIC, minutes))
    try:
        ours = firmware_build.build()
    except firmware_build.BuildError as exc:
        out.write("MINIGAM firmware: not built (%s)\n" % exc)
    else:
        measure_build(out, "MINIGAM firmware (%s)" % os.path.basename(ours),
                      "frozen", ours, bootrom, minutes,
                      levels=("medium", "easy"), latency=True)
    measure_build(out, "stock CircuitPython 10.2.1 + .mpy bundle", "mpy",
                  stock, bootrom, minutes)
    measure_build(out, "stock CircuitPython 10.2.1 + .py tree", "py", stock,
                  bootrom, minutes)
