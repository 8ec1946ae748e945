"""Probe programs for the emulated board: where the AI's time and the
start-up's time go (host only; ``bench_firmware`` runs them, figures only).

Each is a ``code.py`` planted on a MINIGAM firmware drive in place of the
game's: it waits for the host's console (``WAIT_FOR_HOST``, which the
firmware gates' own probes start with too), imports the frozen package,
measures with ``time.monotonic_ns`` and prints lines the host parses. Its
own timing allocates (long ints), so it times whole calls, never the
inside of a hot loop.

* ``AI_PROBE``: decision points from whole Hard-against-Hard games (dice
  from a small LCG, the same on every port), then each decision timed with
  the native evaluator and with ``ai_eval``'s own loops (``d`` lines: µs,
  bytes allocated, candidates, candidates searched a ply deeper, longest
  slice in µs); the calls made (counted in a pass of their own) and their
  unit costs (``u`` lines), for the breakdown; a full collection's time.
* ``AI24_PROBE`` (``bg_ai_probe``, ``nardy_ai_probe``): Backgammon's or
  Long Nardy's Hard on decision points of whole Hard-against-Hard games
  (the same LCG dice): the heap the AI and its network take (``r``:
  bytes, then the heap left free; its rules made apart, as the app shares
  its game's), each decision timed (``b`` lines: µs, bytes allocated,
  plays, longest slice in µs) and the most plays a roll had.
* ``PROFILE_PROBE``: ``load_profile()``'s stages one by one (``s`` lines):
  the display (with the waits its init sequence asks), the keys, the
  pixels, the store (it reads the NVM records).
* ``SLEEP_PROBE``: how much of ``time.sleep``'s time the core sleeps
  through (the firmware gates' check of ``patches.SLEEP_IDLES``).

Each runs at the product's clock (``AT_PRODUCT_CLOCK``), as the game does.
"""

# Every probe's start: wait for the host's serial console, so nothing
# printed is lost.
WAIT_FOR_HOST = b'''
import time
import supervisor
while not supervisor.runtime.serial_connected:
    time.sleep(0.1)
time.sleep(0.2)
'''

# Then the product's clock (``minigam.hw.loader.set_clock``: 200 MHz on an
# RP2040 unless settings.toml says otherwise), as code.py sets it before
# the profile is built, so that a probe times what the game meets.
AT_PRODUCT_CLOCK = b'''
from minigam.hw.loader import set_clock
set_clock()
del set_clock
from minigam.compat import unload
unload("minigam.hw.loader")
'''

# The clock seen from Python: the frequency the board reports and a known
# loop timed by its own microsecond timer, at the boot's clock and again
# after the product's start-up set its own, then the display made (its
# SPI divider comes from the clock it is made at). ``c`` lines: Hz, us.
CLOCK_PROBE = WAIT_FOR_HOST + b'''
import microcontroller
ns = time.monotonic_ns
def loop():
    t = ns()
    x = 0
    for i in range(20000):
        x += i
    return (ns() - t) // 1000
loop()
print("c", microcontroller.cpu.frequency, loop())
''' + AT_PRODUCT_CLOCK + b'''
print("c", microcontroller.cpu.frequency, loop())
from minigam.hw import pins, parts
parts.make_display(pins.profile_module(pins.DEFAULT_PROFILE).DATA)
print("PROBE DONE")
'''


def parse_clock(console):
    """[(Hz, loop us)] of ``CLOCK_PROBE``: at the boot's clock, then at
    the product's."""
    import re
    return [(int(m.group(1)), int(m.group(2)))
            for m in re.finditer(r"c (\d+) (\d+)\r?$", console, re.M)]


# time.sleep as the game's loop uses it, between passes, with the 1 kHz
# tick on (a keypad scanner needs it, as the game's keys do): "SLEEPING",
# 500 sleeps of 2 ms, then the microseconds they took ("slept N").
SLEEP_PROBE = WAIT_FOR_HOST + b'''
import board
import keypad
keys = keypad.Keys((board.GP2,), value_when_pressed=False, pull=True)
print("SLEEPING")
t = time.monotonic_ns()
for i in range(500):
    time.sleep(0.002)
print("slept", (time.monotonic_ns() - t) // 1000)
print("PROBE DONE")
'''


AI_PROBE = WAIT_FOR_HOST + AT_PRODUCT_CLOCK + b'''
import gc
from minigam.quarter import eval as ai_eval
from minigam.quarter.ai import AIPlayer
from minigam.quarter.rules import Rules, new_position
NEED = %(need)d
ns = time.monotonic_ns
seed = [2026]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 16) %% n
rules = Rules()
ai = AIPlayer(rules, "hard", 1)
pts = []
while len(pts) < NEED:
    pos = new_position()
    pos[16] = 1 + rnd(2)
    while pos[7] < 8 and pos[15] < 8 and len(pts) < NEED:
        d1 = rnd(6) + 1
        d2 = rnd(6) + 1
        n = rules.plays(pos, d1, d2)
        if n >= 2:
            pts.append((bytes(pos), d1, d2))
        if n:
            ai.choose(pos, d1, d2)
            pos[:] = ai.result
        else:
            pos[16] = 3 - pos[16]
print("native", ai_eval.NATIVE)
nat = ai_eval._nat
for mode in ("native", "bytecode"):
    if mode == "native" and nat is None:
        continue
    ai_eval._nat = nat if mode == "native" else None
    ai = AIPlayer(rules, "hard", 1)
    for p, d1, d2 in pts:
        gc.collect()  # no collection inside the decision (timed apart)
        t0 = ns()
        ai.begin(p, d1, d2)
        longest = 0
        while True:
            s0 = ns()
            done = ai.step()
            s1 = ns() - s0
            if s1 > longest:
                longest = s1
            if done:
                break
        t = ns() - t0
        # the bytes the decision itself allocates (the timing above does too)
        gc.collect()
        gc.disable()
        a0 = gc.mem_alloc()
        ai.choose(p, d1, d2)
        alloc = gc.mem_alloc() - a0
        gc.enable()
        print("d", mode, t // 1000, alloc, ai._n, ai.searched, longest // 1000)
ai_eval._nat = nat
calls = {"plays": 0, "score": 0, "root": 0}
ai = AIPlayer(rules, "hard", 1)
def counted(f, key):
    def g(*a):
        calls[key] += 1
        return f(*a)
    return g
rules.plays = counted(rules.plays, "plays")
ai.eval.score = counted(ai.eval.score, "score")
ai.eval2.score = counted(ai.eval2.score, "score")
ai.eval.set_root = counted(ai.eval.set_root, "root")
ai.eval2.set_root = counted(ai.eval2.set_root, "root")
for p, d1, d2 in pts:
    ai.choose(p, d1, d2)
for k in calls:
    print("c", k, calls[k])
del rules.plays
ev = ai_eval.Evaluator(False)
res = bytearray(17)
n_score = 0
t_score = 0
n_plays = 0
t_plays = 0
t_root = 0
for p, d1, d2 in pts:
    q = bytearray(p)
    t0 = ns()
    n = rules.plays(q, d1, d2)
    t_plays += ns() - t0
    n_plays += 1
    root = bytearray(p)
    root[16] = 3 - root[16]
    t0 = ns()
    ev.set_root(root)
    t_root += ns() - t0
    results = [rules.result(q, k) for k in range(n)]
    t0 = ns()
    for r in results:
        ev.score(r)
    t_score += ns() - t0
    n_score += n
print("u score", t_score // n_score)  # ns
print("u plays", t_plays // n_plays)
print("u root", t_root // len(pts))
gc.collect()
t0 = ns()
gc.collect()
print("g", (ns() - t0) // 1000, gc.mem_alloc())
print("PROBE DONE")
'''

# Backgammon's and Long Nardy's (``pkg``, ``cls``: the AI's module and class)
AI24_PROBE = WAIT_FOR_HOST + AT_PRODUCT_CLOCK + b'''
import gc
from minigam.%(pkg)s import rules as R
from minigam.%(pkg)s.ai import %(cls)s as AI
NEED = %(need)d
ns = time.monotonic_ns
seed = [2026]
def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 16) %% n
rules = R.Rules()
gc.collect()
f0 = gc.mem_free()
ai = AI("hard", 1, rules=rules)
gc.collect()
print("r", f0 - gc.mem_free(), gc.mem_free())
pts = []
games = 0
while len(pts) < NEED:
    pos = R.new_position(1 + rnd(2))
    games += 1
    while not R.winner(pos) and len(pts) < NEED:
        d1 = rnd(6) + 1
        d2 = rnd(6) + 1
        n = rules.plays(pos, d1, d2)
        if n >= 2:
            pts.append((bytes(pos), d1, d2))
        ai.choose(pos, d1, d2)
        pos[:] = ai.result
print("games", games)
most = 0
for p, d1, d2 in pts:
    gc.collect()  # no collection inside the decision
    t0 = ns()
    ai.begin(p, d1, d2)
    longest = 0
    while True:
        s0 = ns()
        done = ai.step()
        s1 = ns() - s0
        if s1 > longest:
            longest = s1
        if done:
            break
    t = ns() - t0
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    ai.choose(p, d1, d2)
    alloc = gc.mem_alloc() - a0
    gc.enable()
    most = max(most, ai.choices)
    print("b", t // 1000, alloc, ai.choices, longest // 1000)
print("m", most)
print("PROBE DONE")
'''
PROFILE_PROBE = WAIT_FOR_HOST + AT_PRODUCT_CLOCK + b'''
ns = time.monotonic_ns
t0 = ns()
from minigam.hw import pins, parts
name = pins.DEFAULT_PROFILE
p = pins.profile_module(name).DATA
t1 = ns()
print("s imports", (t1 - t0) // 1000)
d = parts.make_display(p)
t2 = ns()
wait = 0
if p["display"]["driver"] == "st7789":
    from minigam.hw import st7789
    wait = st7789.init_delay_ms() * 1000
print("s display", (t2 - t1) // 1000, wait)
k = parts.make_keys(p)
t3 = ns()
print("s keys", (t3 - t2) // 1000)
px = parts.make_pixels(p)
t4 = ns()
print("s pixels", (t4 - t3) // 1000)
st = parts.make_store(p)
t5 = ns()
print("s store", (t5 - t4) // 1000)
print("PROBE DONE")
'''


def ai_probe(need=300):
    return AI_PROBE % {b"need": need}


def parse_ai(console):
    """{"native"/"bytecode": [(us, alloc, n, searched, longest_us)],
    "calls": {name: n}, "unit": {name: ns}, "gc": (us, live bytes)}."""
    out = {"native": [], "bytecode": [], "calls": {}, "unit": {}, "gc": None}
    for line in console.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "d" and len(f) == 7:
            out[f[1]].append(tuple(int(x) for x in f[2:]))
        elif f[0] == "c" and len(f) == 3:
            out["calls"][f[1]] = int(f[2])
        elif f[0] == "u" and len(f) == 3:
            out["unit"][f[1]] = int(f[2])
        elif f[0] == "g" and len(f) == 3:
            out["gc"] = (int(f[1]), int(f[2]))
    return out


def bg_ai_probe(need=300):
    return AI24_PROBE % {b"need": need, b"pkg": b"bg", b"cls": b"BgAI"}


def nardy_ai_probe(need=300):
    return AI24_PROBE % {b"need": need, b"pkg": b"nardy",
                         b"cls": b"NardyAI"}


def parse_bg_ai(console):
    """[(us, alloc, plays, longest_us)] of a 24-point game's Hard decisions
    (``bg_ai_probe`` or ``nardy_ai_probe``)."""
    out = []
    for line in console.splitlines():
        f = line.split()
        if f and f[0] == "b" and len(f) == 5:
            out.append(tuple(int(x) for x in f[1:]))
    return out


def parse_profile(console):
    """[(stage, us, of which waits written into the init sequence, us)]."""
    out = []
    for line in console.splitlines():
        f = line.split()
        if f and f[0] == "s" and len(f) in (3, 4):
            out.append((f[1], int(f[2]), int(f[3]) if len(f) == 4 else 0))
    return out


# The store on the board's own ``microcontroller.nvm``: what a fresh store
# loads (``l`` lines, hex or "-"), then ``saves`` deterministic saves that
# fill the log and compact it more than once. The host runs the same text
# over its flash model (``minigam.host.emu.nvmflash``) to check the model
# against the firmware, operation by operation and byte for byte.
STORE_PROBE_BODY = b'''
import microcontroller
from minigam.hw.store import Store, GAME, SETTINGS, STATS
st = Store(microcontroller.nvm)
for k in (GAME, SETTINGS, STATS):
    b = st.load(k)
    print("l", k, "".join("%%02x" %% x for x in b) if b else "-")
print("store loaded")
for i in range(%(saves)d):
    st.save(GAME, bytes((i * 7 + j) & 255 for j in range(20 + i %% 31)))
    if i %% 13 == 0:
        st.save(STATS, bytes((i + j) & 255 for j in range(9 + i %% 40)))
    if i %% 41 == 0:
        st.save(SETTINGS, bytes((3, i & 255, 1)))
print("saves", st.saves, "compactions", st.compactions)
print("STORE DONE")
'''


def store_probe(saves):
    """The store probe's ``code.py`` for ``saves`` saves; its body alone
    (without the wait for the host) is ``store_probe_body(saves)``."""
    return WAIT_FOR_HOST + AT_PRODUCT_CLOCK + store_probe_body(saves)


def store_probe_body(saves):
    return STORE_PROBE_BODY % {b"saves": saves}


# The flash cache seen from Python: one byte of Backgammon's first-layer
# table (136 KB, frozen: read in place from flash) a loop pass, either the
# same byte (its line stays cached) or a new 8-byte line each pass (a miss
# each: the table is larger than the 16 KB cache). ``near`` and ``far``
# are ns a pass; their difference is one miss's stall.
XIP_PROBE = WAIT_FOR_HOST + AT_PRODUCT_CLOCK + b'''
from minigam.bg import weights
m = memoryview(weights.W1)
ns = time.monotonic_ns
def walk(step, n):
    t = ns()
    s = 0
    i = 0
    for k in range(n):
        s += m[i]
        i += step
        if i >= len(m):
            i = 0
    return (ns() - t) // n
walk(0, 100)
print("near", walk(0, 4000))
print("far", walk(8, 4000))
print("PROBE DONE")
'''
