"""Backgammon and Long Nardy on stock CircuitPython: the heap they need,
measured on the emulated RP2040, against the Pico 2's (``bench --only
pico2``; host only; figures, never pass/fail).

Nothing here emulates an RP2350. So the ``pico2-st7789`` bundle (``deploy``'s
``.mpy`` files, compiled by CircuitPython 10.2.1's mpy-cross) runs on stock
CircuitPython 10.2.1 on the emulated RP2040 (``minigam.host.emu``) as far
as the RP2040's heap lets it, in three measurements whose sum is the need;
then the Pico 2's heap is worked out. All heap figures are ``gc.mem_free()``
after a collection, as the firmware gates read them.

1. **The app, two players** (no AI, so no network): the menu, the game
   chosen, ``TWO_PLAYER_TURNS`` turns by keys. Its use: the heap less the
   lowest free (the app, the game's code, its board and play buffers).
   Against Hard, the same start stops with a MemoryError when the network
   loads: printed, to say where the RP2040 runs out.
2. **The network alone**, on a fresh boot (a probe ``code.py``): its
   weights module (the tables are read into RAM at import) and
   ``eval.net()``.
3. **The AI at play** (a probe): the game's code, its play buffers, its
   network at the largest size that fits the RP2040 (the real one, else
   ``cut_network``: its first ``keep`` hidden units of every table), the AI
   sharing the buffers as the app's does, then ``AI_TURNS`` of Hard's
   decisions. Its use beyond its network: the free after the network less
   the lowest over the decisions, plus, for a cut network, the sums the
   real one's AI holds more (``SUM_BYTES`` a unit).

**The arithmetic**: need = (1) + (2) + (3). The Pico 2's heap is
modelled: CircuitPython's linker scripts put the heap, with the stacks
(24 KB + 1 KB on both chips, ``mpconfigport.h``), after the firmware's
static RAM in one region: 256 + 4 KB on the RP2040 (10.2.1's
``link-rp2040.ld``), 512 + 4 KB on the RP2350 (``link-rp2350.ld``), as the
chips' SRAM (264 and 520 KB, ``chips.SRAM_KB``) allows. So the Pico 2's
heap is the RP2040's measured here plus 256 KB, if its firmware's static
RAM is the RP2040 build's: the margin says how much more that may take.
No published ``gc.mem_free()`` figure of CircuitPython on a Pico 2 was
found to check it against.

A network's first layer is one block (Backgammon's 136,705 bytes), so its
room must also be in one piece when the AI first plays: the Hard run
prints the free heap at the game's start and whether a 16 KB block was to
be had then.
"""

import os
import re
import struct
import sys

from minigam.host.emu import device
from minigam.host.hardware import chips

PROFILE = "pico2-st7789"
SEED = 7
KB = 1024.0
TWO_PLAYER_TURNS = 4  # turns played in the app by keys, both sides
AI_TURNS = 4  # Hard's decisions in the AI's probe
# The hidden layers tried for the AI's probe, by share of the real one's
# (in eighths), largest first, until one fits the emulated RP2040.
CUT_EIGHTHS = (8, 7, 6, 5, 4, 3, 2, 1)
# CircuitPython's heap-and-stack region (KB), RAM plus SCRATCH_Y, by chip:
# ports/raspberrypi/link-rp2040.ld (10.2.1) and link-rp2350.ld.
HEAP_REGION_KB = {"rp2040": 256 + 4, "rp2350a": 512 + 4}
# Bytes a hidden unit adds to the AI beyond its network: its evaluator's
# sums, two int32 arrays of H (``Evaluator.base`` and ``.acc``).
SUM_BYTES = 8

# game: its package, its code modules in import order, its AI class, and
# the menu keys from the main page to "Game" stepped to it.
GAMES = {
    "backgammon": ("bg", ("rules", "ids", "game", "save", "shape", "eval",
                          "ai"), "BgAI", "X X X A "),
    "nardy": ("nardy", ("rules", "notation", "game", "save", "eval", "ai"),
              "NardyAI", "X X X A A "),
}
NAMES = {"backgammon": "Backgammon", "nardy": "Long Nardy"}
PROBE_WORDS = {1: "a 16 KB block to be had", 0: "no 16 KB block",
               -1: "no new low"}
HARD_FROM_GAME = "Y A Y Y A "  # up to "AI level", Hard, up, "Play vs AI"
TWO_FROM_GAME = "Y Y A "  # up to "Two players", start

_PROBE = b'''
import gc
def free(name):
    gc.collect()
    print("part", name, gc.mem_free(), gc.mem_alloc())
free("start")
try:
%s
except MemoryError as exc:
    print("part-memoryerror", exc)
print("PROBE DONE")
'''

# The AI's probe after its network: Hard's decisions on random dice (a
# small LCG, the same on every port), the lowest free after each.
_PLAY = '''from minigam.%(pkg)s.ai import %(cls)s
ai = %(cls)s("hard", 1, rules=buffers)
free("player")
from minigam.%(pkg)s import rules as R
seed = [2026]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 16) %% n
pos = R.new_position(1)
low = gc.mem_free()
for t in range(%(turns)d):
    if R.winner(pos):
        pos = R.new_position(1)
    ai.choose(pos, rnd(6) + 1, rnd(6) + 1)
    pos[:] = ai.result
    gc.collect()
    low = min(low, gc.mem_free())
print("part play", low, gc.mem_alloc())'''


# --- the network cut to fewer hidden units --------------------------------

def _cut_rows(table, h, keep):
    """The first ``keep`` of every row of ``h`` bytes."""
    return b"".join(table[i:i + keep] for i in range(0, len(table), h))


def _cut_corrections(at, xh, xd, keep):
    """A table's clipping corrections (``X_AT`` uint16 row starts, ``X_H``
    units, ``X_D`` int16) without those of the units cut off."""
    starts = struct.unpack("<%dH" % (len(at) // 2), at)
    deltas = struct.unpack("<%dh" % (len(xd) // 2), xd)
    new_at, new_h, new_d = [0], bytearray(), []
    for row in range(len(starts) - 1):
        for x in range(starts[row], starts[row + 1]):
            if xh[x] < keep:
                new_h.append(xh[x])
                new_d.append(deltas[x])
        new_at.append(len(new_h))
    return (struct.pack("<%dH" % len(new_at), *new_at), bytes(new_h),
            struct.pack("<%dh" % len(new_d), *new_d))


def cut_network(source, keep):
    """The source of a weights module (Backgammon's or Long Nardy's) with
    its hidden layer cut to its first ``keep`` units: every table keeps its
    layout per unit, so the heap it takes is a network's of that size (its
    play is not Hard's). ValueError with a second hidden layer, or for a
    ``keep`` outside 1..H."""
    from minigam.host.aitools.weights_module import load_source
    w = load_source(source)
    h = w.H
    if getattr(w, "H2", 0):
        raise ValueError("a second hidden layer: not cut here")
    if not 0 < keep <= h:
        raise ValueError("cannot keep %d of %d hidden units" % (keep, h))
    names = dict(vars(w))
    names["H"] = keep
    for table, x in (("W1", "W1X"), ("WF", "WFX")):
        if table in names:
            names[table] = _cut_rows(names[table], h, keep)
            names[x + "_AT"], names[x + "_H"], names[x + "_D"] = \
                _cut_corrections(names[x + "_AT"], names[x + "_H"],
                                 names[x + "_D"], keep)
    names["B1"] = _cut_rows(names["B1"], 2 * h, 2 * keep)
    names["W3"] = _cut_rows(names["W3"], 2 * h, 2 * keep)
    lines = ['"""A network cut to %d of its %d hidden units, for heap '
             'figures (minigam.host.bench.pico2)."""' % (keep, h)]
    lines += ["%s = %r" % (k, v) for k, v in sorted(names.items())]
    return "\n".join(lines) + "\n"


def network_source(game):
    """The source of ``game``'s weights module, and its hidden units."""
    from minigam.host.aitools.weights_module import load_source
    rel = "minigam/%s/weights.py" % GAMES[game][0]
    with open(os.path.join(device.repo_root(), rel), "rb") as f:
        source = f.read()
    return source, load_source(source).H


# --- the board ----------------------------------------------------------------

def bundle(game=None, keep=None, code=None):
    """The pico2-st7789 drive as ``.mpy`` (``device.drive_files``), with
    ``game``'s network cut to ``keep`` units and ``code`` as ``code.py``
    when given."""
    from minigam.host.hardware.deploy import compile_mpy
    extra = {}
    if keep is not None:
        source, _ = network_source(game)
        rel = "minigam/%s/weights.py" % GAMES[game][0]
        extra.update(compile_mpy({rel: cut_network(source, keep).encode()},
                                 device.mpy_cross_path()))
    if code is not None:
        extra["code.py"] = code
    return device.drive_files(PROFILE, {"MINIGAM_SEED": SEED}, extra,
                              mpy=True)


def network_probe(game):
    """A probe ``code.py``: ``game``'s network alone (module, net)."""
    pkg = GAMES[game][0]
    return _probe(["from minigam.%s import weights" % pkg, "free('weights')",
                   "from minigam.%s import eval as ev" % pkg, "free('eval')",
                   "net = ev.net()", "free('net')"])


def ai_probe(game, turns=AI_TURNS):
    """A probe ``code.py``: ``game``'s code module by module, its play
    buffers, its network (as the drive holds it), its AI at play."""
    pkg, modules, cls, _ = GAMES[game]
    body = []
    for m in modules:
        body += ["from minigam.%s import %s" % (pkg, m), "free(%r)" % m]
    body += ["buffers = rules.Rules()", "free('buffers')",
             "from minigam.%s import weights" % pkg, "free('weights')",
             "net = eval.net()", "free('net')"]
    body += (_PLAY % {"pkg": pkg, "cls": cls, "turns": turns}).splitlines()
    return _probe(body)


def _probe(lines):
    from minigam.host.firmware.probes import WAIT_FOR_HOST
    text = "\n".join("    " + line for line in lines)
    return WAIT_FOR_HOST + _PROBE % text.encode()


def parse_parts(console):
    """``([(step, free, alloc)], memoryerror or None)`` of a probe."""
    steps, error = [], None
    for line in console.splitlines():
        # (the first line can follow the firmware's terminal-title escape)
        m = re.search(r"part (\w+) (\d+) (\d+)$", line)
        if m:
            steps.append((m.group(1), int(m.group(2)), int(m.group(3))))
        elif "part-memoryerror " in line:
            error = line.split("part-memoryerror ", 1)[1].strip()
    return steps, error


def run_probe(game, code, keep=None):
    """A probe's ``(steps, memoryerror)`` on the board."""
    with device.EmuSession(PROFILE, files=bundle(game, keep, code)) as s:
        s.run(600000, until="PROBE DONE")
        s.check()
        return parse_parts(s.console)


def costs(steps):
    """``{step: bytes}``: the heap each step took (its drop in free)."""
    return {name: prev[1] - free
            for prev, (name, free, _) in zip(steps, steps[1:])}


def memory_error(console):
    """The ``MemoryError: ...`` line of a traceback, with the function it
    came in (``in net``), or None."""
    where = None
    for line in console.splitlines():
        line = line.strip()
        if line.startswith("File "):
            where = line.rsplit(" in ", 1)[-1]
        elif line.startswith("MemoryError"):
            return "%s (in %s)" % (line, where) if where else line
    return None


def play_in_app(game, keys, turns):
    """The app on the board, by keys: the menu, ``keys`` (from the main
    page), then A until the game has come back to a roll ``turns`` times.
    ``(states, memoryerror or None)``: the board's state lines (state,
    free bytes, 16 KB probe: 1 had, 0 not, -1 not tried) and where a
    MemoryError stopped it."""
    from minigam.host.bench.firmware import play
    from minigam.hw.keys import key_code
    a = key_code("A")
    with device.EmuSession(PROFILE, files=bundle()) as s:
        error = None
        try:
            s.boot()
            play(s, keys)
            for _ in range(turns):
                s.tap_until(a, "ROLL")
                s.tap(a)
        except device.EmuError:
            error = memory_error(s.failure())
            if error is None:
                raise
        return [(st, free, probe) for st, free, probe, _ in s.heap], error


# --- the figures ----------------------------------------------------------------

def pico2_heap(rp2040_heap):
    """The Pico 2's heap, modelled: the RP2040's plus the region the
    RP2350's linker script has more."""
    more = HEAP_REGION_KB["rp2350a"] - HEAP_REGION_KB["rp2040"]
    return rp2040_heap + int(more * KB)


def ai_at_play(game):
    """The AI's probe at the largest network that fits: ``(keep, steps)``
    (``keep`` None: the real network), or ``(None, None)``."""
    _, full = network_source(game)
    for eighths in CUT_EIGHTHS:
        keep = full * eighths // 8
        steps, error = run_probe(game, ai_probe(game),
                                 None if keep == full else keep)
        if error is None and steps[-1][0] == "play":
            return (None if keep == full else keep), steps
    return None, None


def game_figures(out, game):
    """Measure ``game`` and print its lines; returns ``(heap, need)`` in
    bytes (need None when its AI fits nowhere on the RP2040)."""
    name, keys = NAMES[game], GAMES[game][3]
    states, _ = play_in_app(game, keys + TWO_FROM_GAME, TWO_PLAYER_TURNS)
    hard, hard_error = play_in_app(game, keys + HARD_FROM_GAME, 3)
    net_steps, _ = run_probe(game, network_probe(game))
    heap = net_steps[0][1] + net_steps[0][2]
    low = min(free for _, free, _ in states)
    app_use = heap - low
    net = costs(net_steps)
    network = net["weights"] + net["net"]
    keep, steps = ai_at_play(game)
    menu = [free for st, free, _ in states if st == "MENU"][0]
    out.write("  %s\n" % name)
    out.write("    the app: %.1f KB free at the menu; two players, %d "
              "turns: lowest %.1f KB free, so %.1f KB used (the app, the "
              "game's code, board and play buffers)\n" % (
                  menu / KB, TWO_PLAYER_TURNS, low / KB, app_use / KB))
    opened = [(free, probe) for st, free, probe in hard if st == "OPEN"]
    out.write("    against Hard: %s%s\n" % (
        "at the game's start %.1f KB free, %s; " % (
            opened[0][0] / KB, PROBE_WORDS[opened[0][1]]) if opened else "",
        hard_error or "played"))
    out.write("    the network alone: %.1f KB (its module %.1f, eval.net() "
              "%.1f)\n" % (network / KB, net["weights"] / KB,
                           net["net"] / KB))
    if steps is None:
        out.write("    the AI at play: no network size fits the RP2040\n")
        return heap, None
    c = costs(steps)
    _, full = network_source(game)
    ai_use = c["player"] + c["play"] + SUM_BYTES * (full - (keep or full))
    out.write("    the AI at play (network %s): code %.1f KB, play "
              "buffers %.1f, the AI and %d decisions %.1f KB beyond its "
              "network%s\n" % (
                  "real" if keep is None else "cut to %d units" % keep,
                  sum(c[m] for m in GAMES[game][1]) / KB,
                  c["buffers"] / KB, AI_TURNS, ai_use / KB,
                  "" if keep is None else " (its sums at %d units: %d bytes "
                  "a unit more)" % (full, SUM_BYTES)))
    need = app_use + network + ai_use
    out.write("    need: %.1f + %.1f + %.1f = %.1f KB\n" % (
        app_use / KB, network / KB, ai_use / KB, need / KB))
    return heap, need


def run(out=None):
    out = out or sys.stdout
    try:
        device.firmware_paths()
        device.mpy_cross_path()
    except device.EmuError as exc:
        out.write("pico2: skipped: %s\n" % exc)
        return
    out.write("The 24-point games on stock CircuitPython 10.2.1: the %s "
              ".mpy bundle on the emulated RP2040 (KB of 1024 bytes)\n"
              % PROFILE)
    heap = None
    for game in GAMES:
        heap, need = game_figures(out, game)
        if need is None:
            continue
        pico2 = pico2_heap(heap)
        out.write("    the Pico 2: %.1f of its %.1f KB, margin %.1f KB; "
                  "the RP2040's %.1f KB: short by %.1f KB\n" % (
                      need / KB, pico2 / KB, (pico2 - need) / KB, heap / KB,
                      max(0, need - heap) / KB))
    if heap is not None:
        out.write("  heap: %.1f KB on the emulated RP2040; the Pico 2's, "
                  "modelled: %.1f + %d = %.1f KB (SRAM: RP2040 %d KB, "
                  "RP2350 %d KB)\n" % (
                      heap / KB, heap / KB,
                      HEAP_REGION_KB["rp2350a"] - HEAP_REGION_KB["rp2040"],
                      pico2_heap(heap) / KB, chips.SRAM_KB["rp2040"],
                      chips.SRAM_KB["rp2350a"]))


if __name__ == "__main__":
    run()
