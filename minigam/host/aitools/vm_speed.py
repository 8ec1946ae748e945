"""A 24-point game's Hard in the MicroPython VM (bytecode: the VM has no
native code): its time a decision and a candidate, the bytes a decision
allocates and the RAM the AI takes. Backgammon's and Long Nardy's
``strength speed`` both measure it, with the RP2040 estimate of
``minigam.host.bench.lib`` (x40)."""

# A 24-point game's Hard in the VM (Backgammon's, or Long Nardy's:
# ``minigam.%(pkg)s.ai.%(cls)s``): the AI's RAM once its modules are
# loaded (the rules' play buffers, shared in the app, not counted), then
# ``points`` decision points of a game it plays itself, each with at
# least two distinct plays.
SPEED_SETUP = """
import gc
gc.collect()
from minigam.%(pkg)s import weights
from minigam.%(pkg)s import rules as R
from minigam.%(pkg)s.ai import %(cls)s
rules = R.Rules()
gc.collect()
m0 = gc.mem_alloc()
ai = %(cls)s("hard", 1, rules=rules)
gc.collect()
ram = gc.mem_alloc() - m0
x = [12345]
def rnd():
    x[0] = (x[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (x[0] >> 16) %% 6 + 1
pts = []
pos = R.new_position(1)
while len(pts) < %(points)d:
    d1, d2 = rnd(), rnd()
    if R.winner(pos):
        pos = R.new_position(1)
    n = rules.plays(pos, d1, d2)
    if n >= 2:
        pts.append((bytearray(pos), d1, d2, n))
    ai.choose(pos, d1, d2)
    pos = ai.result
cands = sum(p[3] for p in pts)
k = [0]
"""
SPEED_STMT = """
p = pts[k[0]]
ai.choose(p[0], p[1], p[2])
k[0] = (k[0] + 1) % len(pts)
"""


def speed(pkg, cls, points=40):
    """VM figures of Hard (``minigam.<pkg>.ai.<cls>``): {"decision_us",
    "candidate_us", "candidates", "bytes", "ram", "most"}."""
    from minigam.host import vm
    from minigam.host.bench import lib
    setup = SPEED_SETUP % {"pkg": pkg, "cls": cls, "points": points}
    name = pkg + " decision"
    got = lib.vm_figures([{"name": name, "setup": setup,
                           "stmt": SPEED_STMT, "number": points}])[name]
    if "error" in got:
        raise RuntimeError(got["error"])
    out = vm.run(setup + "print(cands, ram, max(p[3] for p in pts))\n")
    cands, ram, most = (int(v) for v in out.split()[-3:])
    return {"decision_us": got["vm_us"],
            "candidate_us": got["vm_us"] * points / cands,
            "candidates": cands / points, "bytes": got["vm_bytes"],
            "ram": ram, "most": most}
