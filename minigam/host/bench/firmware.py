"""Figures from the real firmware on the emulated Pico (``bench --only
firmware``; host only; figures, never pass/fail).

Three builds of the same app on ``pico-st7789``: the MINIGAM firmware (the
game frozen into flash; built by ``minigam.host.firmware.build``), stock
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
  refresh time (first to last RAM write), for the menu cursor (the main
  page and Settings: no page scrolls) and a setting's value stepped; on
  the MINIGAM firmware also each game's board cursor and a key pressed
  during each game's AI turn.

On stock CircuitPython with the ``.mpy`` bundle, also MINIGAM's Hard on
the probe's 300 decision points (``ai_profile``, bytecode: the bundle has
no native code) against issue 56's bound (p99 within 1.5 s).

On the MINIGAM firmware, also (``firmware_probes`` plants the probes):

* where the start-up goes: the firmware to ``code.py``, each stage, the
  menu's first frame; ``load_profile()`` stage by stage (the display with
  the waits its init sequence asks, keys, pixels, the store's NVM read);
* Hard on 300 decision points of whole Hard-against-Hard games, with the
  native evaluator and with bytecode: decision times, the longest slice,
  bytes allocated, and where the time goes (calls x unit costs); the time
  of a full collection;
* at each AI speed (``ai_turns``): a key pressed as the AI's turn begins
  (its ":wait" frame), the pace of the AI's moves on screen and the time of
  their frames, and how far the NeoPixels' thinking sweep and dice tumble
  land off their grids.

Times come with the Pico's XIP flash cache modelled (``xipcache.mjs``:
16 KB, two ways, a miss stalls the core for the SSI's line read, 112
clocks with CircuitPython's stage2); ``MINIGAM_FLASH_CACHE=off`` measures
the ideal flash of stock rp2040js instead, for comparison (optimistic).
Every run is at the clock the product's start-up sets (200 MHz on the
RP2040; ``MINIGAM_CPU_MHZ=125`` in the environment puts that setting on
every drive the bench makes, to measure the chip's own clock), and each
build's section names the clocks the board ran at. The display's bus at
each clock (``display_costs``: a cursor step and a whole-screen redraw,
the MINIGAM firmware and stock at 200 and 125 MHz) comes first. The
MINIGAM firmware's section ends with the bounds of issue 22 and whether
each is met.
"""

import os
import re

from minigam.host.emu import device
from minigam.host.simulator import sim
from minigam.hw.keys import key_code

PROFILE = "pico-st7789"
SEED = 7
LEVEL_KEYS = {"easy": "X X A A Y Y ", "medium": "", "hard": "X X A Y Y "}
# The bounds of issue 22, in emulated ms with the flash cache modelled:
# Hard's decisions (p99 and max) by game, the menu after reset, and a key
# to its finished frame (p99); and issue 56's for stock CircuitPython with
# the .mpy bundle (MINIGAM's Hard as bytecode, p99).
BOUNDS = {"minigam": (500, 1000), "backgammon": (1500, 2000),
          "nardy": (1500, 2000)}
STOCK_P99_BOUND_MS = 1500
MENU_BOUND_MS = 3000
KEY_BOUND_MS = 30


def timing_label():
    """How the times were taken: with the flash cache modelled (the
    default) or with the ideal flash (``MINIGAM_FLASH_CACHE=off``)."""
    if os.environ.get("MINIGAM_FLASH_CACHE", "on") == "off":
        return "emulated ms; optimistic: flash as fast as RAM"
    return "emulated ms, flash cache modelled"


OPTIMISTIC = timing_label()
KB = 1024
# Lowest free heap each build must keep (issue 14): the MINIGAM firmware
# (game frozen into flash), stock CircuitPython 10.2.1 with deploy's .mpy
# bundle, and with its .py tree. The firmware gates hold the builds to them.
BUDGETS = {"frozen": 140 * KB, "mpy": 64 * KB, "py": 32 * KB}
# Backgammon on the MINIGAM firmware (issue 16): its play buffers (27.5
# KB) and network take more, and it must keep at least this much.
BG_BUDGET = 100 * KB

# Key scripts (``minigam.host.simulator.sim`` syntax), from the menu's main
# page with no saved game ("Play vs AI" first; then "Two players", "AI
# level", "Game", "Settings", "Statistics"). Every menu page: Statistics
# and its two pages, then Settings, each setting (rules, match, auto
# forced, AI speed, brightness, tutor, your own dice) stepped through all
# its values back to where it was, back (B) to the main page, the game and
# the AI level round their values, then up to the first line.
MENU_PAGES = ("X*5 A A await:INFO A await:MENU X A await:INFO A await:MENU "
              "B Y A A*2 X A*4 X A*2 X A*3 X A*4 X A*2 X A*2 B Y A*3 Y A*3 "
              "Y Y ")
# Settings, down to "Tutor" (the sixth line in every game, after Rules),
# on, back (B) to the main page and up
TUTOR_ON = "X*4 A X*5 A B Y*4 "
HARD_GAME = "X X A Y Y A A A A*until:OVER"  # level Medium -> Hard, play
TWO_PLAYER_GAME = "X A A*until:OVER"  # "Two players", both sides by keys
# One round of play, from and back to the menu's first line with the
# level at Medium: every menu page, a game against Hard, the level back to
# Medium (Hard -> Easy -> Medium), a two-player game.
ROUND = (MENU_PAGES + HARD_GAME + " B await:MENU X X A A Y Y "
         + TWO_PLAYER_GAME + " B await:MENU Y ")


def speed_keys(steps):
    """Menu keys: Settings (4 down the main page), "AI speed" (3 down
    there) stepped ``steps`` times from Normal, back to the first line."""
    return "X*4 A X*3 " + "A " * steps + "B Y*4 "


def cpu_settings(settings=None):
    """``settings`` for a drive's settings.toml, with the environment's
    ``MINIGAM_CPU_MHZ`` when it is set (else the product's own clock)."""
    out = dict(settings or {})
    mhz = os.environ.get("MINIGAM_CPU_MHZ")
    if mhz:
        out["MINIGAM_CPU_MHZ"] = int(mhz)
    return out


def clock_text(stats):
    """The clocks the runner's ``stats`` report, for a heading."""
    return "clk_sys %g MHz, clk_peri %g MHz, display SPI %g MHz" % (
        stats["clk_sys_hz"] / 1e6, stats["clk_peri_hz"] / 1e6,
        stats["spi_hz"] / 1e6)


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


def budget_verdict(s, build, budget=None):
    """None when the session's lowest free heap meets ``budget`` (by
    default ``BUDGETS[build]``) and every 16 KB probe succeeded; else what
    was missed."""
    (name, free, _), failed = lowest(s)
    if budget is None:
        budget = BUDGETS[build]
    if free < budget:
        return ("lowest free heap %.1f KB (in %s) is under the %d KB budget"
                % (free / 1024.0, name, budget // KB))
    if failed:
        return "a 16 KB block could not be allocated in %s" % ", ".join(failed)
    return None


def _session(uf2, bootrom, mpy=False, frozen=False, timing=False):
    """A session of the benchmark's profile and seed; ``timing``: the trace
    prints states alone (no collection at each, which a key would wait
    for), for the runs that time keys."""
    settings = cpu_settings({"MINIGAM_SEED": SEED})
    if timing:
        settings["MINIGAM_TRACE"] = 2
    files = device.drive_files(PROFILE, settings, mpy=mpy, frozen=frozen)
    return device.EmuSession(PROFILE, files=files, uf2=uf2, bootrom=bootrom)


def start_up(s):
    """[(stage, free, alloc, emulated ms)] from ``code.py``'s ``start-up``
    lines (the first can follow the firmware's terminal-title escape)."""
    out = []
    for line, at in s.stages:
        m = re.match(r"start-up (\w+) (\d+) (\d+)", line)
        if m:
            out.append((m.group(1), int(m.group(2)), int(m.group(3)), at))
    return out


def start_up_times(out, s, stages):
    """Where the time from reset to the menu goes."""
    at = dict((n, t) for n, _, _, t in stages)
    menu = [t for st, t in s.visits if st == "MENU"]
    if not ("start" in at and "app" in at and menu):
        return
    out.write("  start-up (%s): firmware to code.py %.0f, imports %.0f, "
              "load_profile %.0f, build_app %.0f, first menu frame %.0f ms "
              "(the trace's own collections included)\n" % (
                  OPTIMISTIC, at["start"], at["imports"] - at["start"],
                  at["profile"] - at["imports"], at["app"] - at["profile"],
                  menu[0] - at["app"]))


def profile_stages(out, uf2, bootrom):
    """``load_profile()``'s stages, timed one by one on the board."""
    from minigam.host.firmware import probes as fp
    files = device.drive_files(PROFILE, cpu_settings(), frozen=True)
    files["code.py"] = fp.PROFILE_PROBE
    with device.EmuSession(PROFILE, files=files, uf2=uf2,
                           bootrom=bootrom) as s:
        s.run(60000, until="PROBE DONE")
        s.check()
        stages = fp.parse_profile(s.console)
    out.write("  load_profile, stage by stage: %s\n" % ", ".join(
        "%s %.0f ms%s" % (n, us / 1000.0, " (%.0f ms of it the waits its "
                                            "init sequence asks)" % (w / 1000.0)
                           if w else "")
        for n, us, w in stages))


def ai_profile(out, uf2, bootrom, need=300, build="frozen"):
    """Hard's decisions on ``need`` points of Hard-against-Hard games, timed
    with the native evaluator (on the MINIGAM firmware) and with bytecode;
    where the time goes. ``build`` "mpy": stock CircuitPython with the
    ``.mpy`` bundle, bytecode alone."""
    from minigam.host.firmware import probes as fp
    files = device.drive_files(PROFILE, cpu_settings(),
                               frozen=build == "frozen", mpy=build == "mpy")
    files["code.py"] = fp.ai_probe(need)
    with device.EmuSession(PROFILE, files=files, uf2=uf2,
                           bootrom=bootrom) as s:
        s.run(1800000, until="PROBE DONE")
        s.check()
        got = fp.parse_ai(s.console)
    out.write("  Hard on %d decision points of whole Hard-against-Hard games "
              "(a probe program; whole decisions, no frames drawn):\n"
              % need)
    for mode in ("native", "bytecode"):
        rows = got[mode]
        if not rows:
            if build == "frozen":
                out.write("    %s: not run\n" % mode)
            continue
        _stats(out, "  decision, %s evaluator" % mode,
               [r[0] / 1000.0 for r in rows])
        out.write("      longest slice (one step()) %.1f ms; allocated a "
                  "decision: mean %d B, max %d B; %d of %d searched a ply "
                  "deeper\n" % (max(r[4] for r in rows) / 1000.0,
                                sum(r[1] for r in rows) // len(rows),
                                max(r[1] for r in rows),
                                sum(1 for r in rows if r[3]), len(rows)))
    rows = got["native"]
    calls, unit = got["calls"], got["unit"]
    if rows and calls and unit:
        total = sum(r[0] for r in rows) / 1000.0
        parts = [("scoring results", calls["score"] * unit["score"] / 1e6),
                 ("generating plays", calls["plays"] * unit["plays"] / 1e6),
                 ("setting roots", calls["root"] * unit["root"] / 1e6)]
        rest = total - sum(t for _, t in parts)
        out.write("    where the native decisions' %.0f ms go (calls x unit "
                  "cost): %s, the rest (moves applied, the search's "
                  "bookkeeping) %.0f ms (%.0f%%)\n" % (total, ", ".join(
                      "%s %d x %.2f ms = %.0f ms (%.0f%%)" % (
                          n, calls[k], unit[k] / 1e6, t, 100 * t / total)
                      for (n, t), k in zip(parts, ("score", "plays", "root"))),
                      rest, 100 * rest / total))
    if got["gc"]:
        us, live = got["gc"]
        out.write("    a full collection with %.0f KB in use: %.1f ms\n"
                  % (live / 1024.0, us / 1000.0))
    return [r[0] / 1000.0 for r in got["native" if build == "frozen"
                                       else "bytecode"]]


def ai24_profile(out, uf2, bootrom, game="backgammon", need=300):
    """A 24-point game's Hard (Backgammon's or Long Nardy's) on ``need``
    points of Hard-against-Hard games: decision times (issues 16 and 17:
    within 1.5 s at p99), the longest slice, the bytes a decision
    allocates, the most plays a roll had."""
    from minigam.host.firmware import probes as fp
    probe = fp.bg_ai_probe if game == "backgammon" else fp.nardy_ai_probe
    name = "Backgammon" if game == "backgammon" else "Long Nardy"
    files = device.drive_files(PROFILE, cpu_settings(), frozen=True)
    files["code.py"] = probe(need)
    with device.EmuSession(PROFILE, files=files, uf2=uf2,
                           bootrom=bootrom) as s:
        s.run(3600000, until="PROBE DONE")
        s.check()
        rows = fp.parse_bg_ai(s.console)
    out.write("  %s's Hard on %d decision points of whole "
              "Hard-against-Hard games (a probe program; no frames drawn):\n"
              % (name, len(rows)))
    if not rows:
        return []
    _stats(out, "  %s decision, hard" % name, [r[0] / 1000.0 for r in rows])
    out.write("      longest slice (one step()) %.1f ms; allocated a "
              "decision: mean %d B, max %d B; plays a roll: mean %.0f, "
              "most %d\n" % (max(r[3] for r in rows) / 1000.0,
                             sum(r[1] for r in rows) // len(rows),
                             max(r[1] for r in rows),
                             sum(r[2] for r in rows) / float(len(rows)),
                             max(r[2] for r in rows)))
    return [r[0] / 1000.0 for r in rows]


def play_games(s, level, games):
    """From the menu, set the AI level and play ``games`` whole games
    (a new one from each game-over page)."""
    for kind, arg in sim.parse_script(LEVEL_KEYS[level] + "A"):
        sim.run_step(s, kind, arg)
    for n in range(games):
        if n:
            s.tap(key_code("A"))  # game over: the summary (A: the next)
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
        # a quiet screen first: 250 ms without a write (code.py's trace
        # collects and probes the heap between frames, up to ~150 ms)
        s.run(600, idle_ms=250)
        s.frame_log()
        t0 = s.now
        s.tap(code)
        s.run(400, idle_ms=150, min_ms=50)
        log = [e for e in s.frame_log() if e[0] >= t0]
        if log:
            out.append((log[-1][1] - t0, log[-1][1] - log[0][0]))
    return out


def refreshes(log, gap_ms=3.0):
    """[(start, end)] of whole screen updates: a refresh sends its rows as
    separate RAM writes, close together; updates are tens of ms apart."""
    out = []
    for a, b, _ in log:
        if out and a - out[-1][1] < gap_ms:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def _window(s, name, since=None, before=None):
    """(start, end) ms of the app's stay in state ``name``: the first one
    that begins after ``since``, or the last one that begins before
    ``before``."""
    found = None
    for i, (st, t) in enumerate(s.visits):
        end = s.visits[i + 1][1] if i + 1 < len(s.visits) else s.now
        if st != name:
            continue
        if since is not None and t >= since:
            return t, end
        if before is not None and t <= before:
            found = (t, end)
    return found


def off_grid(times, step):
    """How far (ms) each write after the first lands from the animation's
    grid of ``step`` ms that the first one starts."""
    return [min((t - times[0]) % step, step - (t - times[0]) % step)
            for t in times[1:]]


def ai_turns(out, uf2, bootrom, turns=8):
    """At each AI speed, games against Hard: a key pressed as the AI's turn
    begins (":wait" on its status line), the pace of the AI's moves on screen,
    and the NeoPixels' pace (the thinking sweep, and the dice tumbling at
    the human's roll)."""
    from minigam.app.persist import SPEEDS, SPEED_NAMES
    from minigam.hw.pixels import ROLL_FRAME_MS, THINK_STEP_MS
    A = key_code("A")
    wait_keys = []
    for k, name in enumerate(SPEED_NAMES):
        steps = (k - 1) % len(SPEEDS)  # A presses from the default, Normal
        moves, frames, think_px, roll_px = [], [], [], []
        with _session(uf2, bootrom, frozen=True, timing=True) as s:
            s.boot()
            play(s, LEVEL_KEYS["hard"] + speed_keys(steps) + "A")
            try:
                for _ in range(turns):
                    s.tap_until(A, "ROLL")
                    s.pixel_log()
                    t0 = s.now
                    s.tap(A)  # roll: the dice tumble on the pixels
                    s.run(ROLL_FRAME_MS * 10)
                    px = [t for t in s.pixel_log() if t0 < t < t0 + 600]
                    roll_px += off_grid(px, ROLL_FRAME_MS)
                    s.tap_until(A, "AI")
                    s.frame_log()
                    s.pixel_log()
                    t1 = s.now
                    s.tap(key_code("RIGHT"))  # in the AI's turn: ":wait"
                    s.tap_until(A, "ROLL")
                    ups = refreshes(s.frame_log())
                    first = [b for a, b in ups if b > t1]
                    if first:
                        wait_keys.append(first[0] - t1)
                    think = _window(s, "AI", before=t1)
                    win = _window(s, "AIMOVE", since=think[0]) if think \
                        else None
                    if think:
                        px = [t for t in s.pixel_log()
                              if think[0] <= t < think[1]]
                        think_px += off_grid(px, THINK_STEP_MS)
                    # (not the key's own frame, which may fall in it)
                    ups = [u for u in ups if not t1 <= u[0] < t1 + 60]
                    if win:
                        starts = [a for a, _ in ups if win[0] <= a < win[1]]
                        moves += [b - a for a, b in zip(starts, starts[1:])]
                        frames += [b - a for a, b in ups
                                   if win[0] <= a < win[1]]
            except device.EmuError as exc:
                out.write("  %s: stopped: %s\n" % (
                    name, str(exc).strip().splitlines()[-1]))
        out.write("  AI speed %s (a move every %d ms):\n" % (name, SPEEDS[k]))
        _stats(out, "  between the AI's moves on screen", moves)
        _stats(out, "  an AI move's frame (first to last row sent)", frames)
        _stats(out, "  thinking sweep on the pixels: off its %d ms grid"
               % THINK_STEP_MS, think_px)
        _stats(out, "  dice tumbling on the pixels: off its %d ms grid"
               % ROLL_FRAME_MS, roll_px)
    _stats(out, "key to finished frame, during the AI's turn (\":wait\" on "
           "its status line)", wait_keys)
    return wait_keys


def redraw(log, since):
    """(ms from ``since`` to the last pixel, pixels, RAM writes) of a frame
    log's writes (``frame_log``: start, end, pixels) that began after
    ``since``; None when nothing was drawn."""
    got = [e for e in log if e[0] >= since]
    if not got:
        return None
    return got[-1][1] - since, sum(e[2] for e in got), len(got)


# The display's bus at each clock (issue 56): (build, MINIGAM_CPU_MHZ).
DISPLAY_RUNS = (("frozen", 200), ("frozen", 125), ("mpy", 200), ("mpy", 125))


def display_costs(out, ours, stock, bootrom):
    """What the display's SPI clock costs at each clock: a menu cursor
    step (key to finished frame, and the frame's first to last RAM write)
    and a whole-screen redraw (the menu to the opening board: key to its
    last pixel, and the share of it the pixels' bits take on the bus)."""
    out.write("the display's bus at each clock (%s):\n" % OPTIMISTIC)
    for build, mhz in DISPLAY_RUNS:
        uf2 = ours if build == "frozen" else stock
        if uf2 is None:
            continue
        settings = {"MINIGAM_SEED": SEED, "MINIGAM_TRACE": 2,
                    "MINIGAM_CPU_MHZ": mhz}
        files = device.drive_files(PROFILE, settings, mpy=build == "mpy",
                                   frozen=build == "frozen")
        name = "MINIGAM firmware" if build == "frozen" else "stock + .mpy"
        with device.EmuSession(PROFILE, files=files, uf2=uf2,
                               bootrom=bootrom) as s:
            try:
                s.boot()
                stats = s.stats()
                steps = key_latency(s, "X", taps=12)  # twice round: line 1
                play(s, "X")  # "Two players"
                s.run(600, idle_ms=250)
                s.frame_log()
                t0 = s.now
                play(s, "A await:OPEN")
                s.run(5000, idle_ms=500)
                page = redraw(s.frame_log(), t0)
            except device.EmuError as exc:
                out.write("  %s at %d MHz: stopped: %s\n" % (
                    name, mhz, str(exc).strip().splitlines()[-1]))
                continue
        out.write("  %s, %s:\n" % (name, clock_text(stats)))
        _stats(out, "  menu cursor: key to finished frame",
               [a for a, _ in steps])
        _stats(out, "  menu cursor: the frame's first to last RAM write",
               [b for _, b in steps])
        if page:
            ms, pixels, writes = page
            wire = pixels * 16 * 1e3 / stats["spi_hz"]
            out.write("    whole-screen redraw (menu to the board): %.0f ms "
                      "from the key to its last pixel; %d pixels in %d RAM "
                      "writes, %.0f ms of bits on the bus\n"
                      % (ms, pixels, writes, wire))


# Main page: down to "Game", MINIGAM -> Backgammon (once more: Long
# Nardy), back up to "Play vs AI".
GAME_KEYS = {"backgammon": "X X X A Y Y Y ", "nardy": "X X X A A Y Y Y "}
GAME_NAMES = {"minigam": "MINIGAM", "backgammon": "Backgammon",
              "nardy": "Long Nardy"}


def first_frame(s, key):
    """Tap ``key`` now, whatever the board is doing: ``[ms]`` from the
    press to the end of its first refresh, or ``[]`` when it drew
    nothing."""
    s.frame_log()
    t1 = s.now
    s.tap(key_code(key))
    s.run(400, idle_ms=150, min_ms=50)
    ups = [b for a, b in refreshes(s.frame_log()) if b > t1]
    return [ups[0] - t1] if ups else []


def ai_wait_keys(out, uf2, bootrom, game, turns=16):
    """Backgammon or Long Nardy against Hard: a key pressed at a moment of
    the AI's turn (seeded, up to 300 ms after its first frame), to its
    finished frame (":wait" on the status line, drawn between the search's
    slices). [ms]"""
    import random
    A = key_code("A")
    got = []
    when = random.Random(SEED)
    with _session(uf2, bootrom, frozen=True, timing=True) as s:
        try:
            s.boot()
            play(s, GAME_KEYS[game] + LEVEL_KEYS["hard"] + "A")
            for _ in range(turns):
                s.tap_until(A, "AI")
                s.run(when.randrange(300))
                if s.state not in ("AI", "AIMOVE"):
                    continue  # a quick decision: the turn is over
                got += first_frame(s, "RIGHT")
                s.tap_until(A, "ROLL")
        except device.EmuError as exc:
            out.write("  %s AI's turn: stopped: %s\n" % (
                GAME_NAMES[game], str(exc).strip().splitlines()[-1]))
    _stats(out, "key to finished frame, %s, during the AI's turn"
           % GAME_NAMES[game], got)
    return got


def tutor_keys(out, uf2, bootrom, game, turns=12):
    """Backgammon or Long Nardy against Hard with the tutor on: a cursor
    key pressed just after the player's roll (up to 100 ms, seeded), while
    the tutor's analysis of the roll runs in the idle ticks, to its
    finished frame. [ms]"""
    import random
    A = key_code("A")
    got = []
    when = random.Random(SEED)
    with _session(uf2, bootrom, frozen=True, timing=True) as s:
        try:
            s.boot()
            play(s, GAME_KEYS[game] + TUTOR_ON + LEVEL_KEYS["hard"]
                 + "A")
            for _ in range(turns):
                s.tap_until(A, "ROLL")
                s.tap(A)  # the roll
                s.run(when.randrange(20, 100))
                if s.state != "PICK":
                    continue  # a pass, a forced play
                got += first_frame(s, "RIGHT")
        except device.EmuError as exc:
            out.write("  %s tutor's analysis: stopped: %s\n" % (
                GAME_NAMES[game], str(exc).strip().splitlines()[-1]))
    _stats(out, "key to finished frame, %s, while the tutor analyses the "
           "roll" % GAME_NAMES[game], got)
    return got


# Where the board's cursor is measured, in a two-player game: its first
# choice of a checker and its first choice of a destination. A cursor key
# that has nowhere else to go (one source, one destination) draws nothing
# and is not counted.
BOARD_STOPS = ("PICK", "DEST")


def board_keys(out, uf2, bootrom):
    """The board cursor of each game (RIGHT and LEFT at ``BOARD_STOPS``):
    {game: [key to finished frame]}."""
    got = {}
    for game in GAME_NAMES:
        got[game] = []
        for stop in BOARD_STOPS:
            with _session(uf2, bootrom, frozen=True, timing=True) as s:
                try:
                    s.boot()
                    play(s, GAME_KEYS.get(game, "") + "X A A*until:" + stop)
                    for key in ("RIGHT", "LEFT"):
                        got[game] += [a for a, _ in key_latency(s, key, 8)]
                except device.EmuError as exc:
                    out.write("  %s board cursor at %s not measured: %s\n"
                              % (GAME_NAMES[game], stop,
                                 str(exc).strip().splitlines()[-1]))
        _stats(out, "key to finished frame, %s board cursor (first choices "
               "of a checker and a destination)" % GAME_NAMES[game],
               got[game])
    return got


def bounds(out, ai, menu_ms, keys, clocks=""):
    """Issue 22's bounds against the figures just measured (``clocks``:
    the board's, ``clock_text``)."""
    def verdict(value, bound):
        return "%.0f <= %d: %s" % (value, bound, "met" if value <= bound
                                   else "MISSED")
    out.write("  bounds (%s%s):\n" % (OPTIMISTIC, "; " + clocks if clocks
                                      else ""))
    for game in ("minigam", "backgammon", "nardy"):
        label = GAME_NAMES[game]
        values = ai.get(game) or []
        if not values:
            out.write("    %s Hard: not measured\n" % label)
            continue
        p99, most = BOUNDS[game]
        out.write("    %s Hard: p99 %s; max %s\n" % (
            label, verdict(percentile(values, 99), p99),
            verdict(max(values), most)))
    out.write("    menu after reset: %s\n" % verdict(menu_ms, MENU_BOUND_MS))
    if keys:
        out.write("    key to finished frame, p99 over %d keys (menus, the "
                  "three games' boards, their AI turns): %s\n" % (
                      len(keys), verdict(percentile(keys, 99), KEY_BOUND_MS)))


def _stats(out, label, values):
    if not values:
        out.write("  %s: none\n" % label)
        return
    out.write("  %s: mean %.0f, p90 %.0f, p99 %.0f, max %.0f over %d (%s)\n"
              % (label, sum(values) / len(values), percentile(values, 90),
                 percentile(values, 99), max(values), len(values),
                 OPTIMISTIC))


QUIET_MS = 5000


def asleep_share(before, after):
    """The share of the emulated time between two ``stats()`` that the
    core spent asleep in WFI (the runner skips it)."""
    return (after["idle_ms"] - before["idle_ms"]) / (
        after["t_ms"] - before["t_ms"])


def quiet_asleep(s, ms=QUIET_MS):
    """Percent of ``ms`` of emulated time, no key pressed, that the core
    spent asleep: what is left runs the app's loop passes and whatever the
    firmware spins on while it waits."""
    before = s.stats()
    s.run(ms)
    return 100.0 * asleep_share(before, s.stats())


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
        menu_ms = s.now
        clocks = clock_text(s.stats())
        out.write("  clocks: %s\n" % clocks)
        stages = start_up(s)
        total = stages[0][1] + stages[0][2] if stages else 0
        out.write("  heap %d B; free after each start-up stage: %s\n" % (
            total, ", ".join("%s %.1f KB" % (n, f / 1024.0)
                             for n, f, _, _ in stages)))
        start_up_times(out, s, stages)
        out.write("  asleep on the quiet menu: %.0f%% of %d s (the rest at "
                  "full clock)\n" % (quiet_asleep(s), QUIET_MS // 1000))
        menu = setting = []
        if latency:
            # the main page's cursor (18 taps: three times round its six
            # lines), then the Settings page's (twice round its seven) and
            # a setting's value stepped (an even number of taps: "Auto
            # forced" ends as it was); back to the main page's first line
            menu = key_latency(s, "X", taps=18)
            play(s, "X*4 A")
            menu = menu + key_latency(s, "X", taps=14)
            play(s, "X X")
            setting = key_latency(s, "A", taps=10)
            play(s, "B Y*4")
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
            for label, values in (
                    ("menu cursor (main page and Settings)", menu),
                    ("menu setting step", setting)):
                _stats(out, "key to finished frame, " + label,
                       [a for a, _ in values])
                _stats(out, "frame refresh, " + label, [b for _, b in values])
        if build == "frozen":
            profile_stages(out, uf2, bootrom)
            ai = {"minigam": ai_profile(out, uf2, bootrom),
                  "backgammon": ai24_profile(out, uf2, bootrom, "backgammon"),
                  "nardy": ai24_profile(out, uf2, bootrom, "nardy")}
            wait_keys = ai_turns(out, uf2, bootrom)
            keys = [a for a, _ in menu + setting] + (wait_keys or [])
            for more in board_keys(out, uf2, bootrom).values():
                keys += more
            for game in ("backgammon", "nardy"):
                keys += ai_wait_keys(out, uf2, bootrom, game)
                keys += tutor_keys(out, uf2, bootrom, game)
            bounds(out, ai, menu_ms, keys, clocks)
        if build == "mpy":
            hard = ai_profile(out, uf2, bootrom, build="mpy")
            if hard:
                p99 = percentile(hard, 99)
                out.write("  bound (%s; %s): stock .mpy Hard p99 %.0f <= %d: "
                          "%s\n" % (OPTIMISTIC, clocks, p99,
                                     STOCK_P99_BOUND_MS,
                                     "met" if p99 <= STOCK_P99_BOUND_MS
                                     else "MISSED"))
        stats = s.stats()
        out.write("  emulated %.1f s in all\n" % (stats["t_ms"] / 1000.0))


def run(out):
    from minigam.host.firmware import build as firmware_build
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
        ours = None
    display_costs(out, ours, stock, bootrom)
    if ours is not None:
        measure_build(out, "MINIGAM firmware (%s)" % os.path.basename(ours),
                      "frozen", ours, bootrom, minutes,
                      levels=("medium", "easy"), latency=True)
    measure_build(out, "stock CircuitPython 10.2.1 + .mpy bundle", "mpy",
                  stock, bootrom, minutes)
    measure_build(out, "stock CircuitPython 10.2.1 + .py tree", "py", stock,
                  bootrom, minutes)
