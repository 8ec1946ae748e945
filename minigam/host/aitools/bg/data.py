"""Training data for the backgammon network: GNU Backgammon plays itself.

``python -m minigam.host.aitools.bg.data [--positions N] [--games-per-chunk G]
[--plies P] [--jobs J] [--out DIR] [--ai LEVEL] [--first-seed S]`` runs
gnubg (``gnubg -t -q -r -p``, found by ``minigam.host.aitools.bg.gnubg.find``)
on a script that plays cubeless money games against itself and writes one
chunk file per seed under ``build/bg/data/`` (not committed) until the chunks
hold ``N`` candidate positions. It is resumable: chunks already written are
kept and the next seeds are played (a chunk is written whole or not at
all). Several gnubg processes run at once (``--jobs``, niced): each spends
nearly all its time asleep, since gnubg's ``hint`` waits about 10 ms for
its worker thread whatever the work. Throughput is printed per chunk.

How a game is played: at every decision gnubg's ``hint`` lists every legal
play of the roll with its evaluation at ``P`` plies (0 by default: one
network call per play, about 0.1 ms; ``evaluate`` itself sleeps 10 ms a
call, ``hint`` does not), cubeless, no pruning. The play taken is the one
whose equity plus Gaussian noise of a per-game size (``SIGMAS``, equity
units: 0 for most games, up to 0.3) is highest, so the games cover the
positions weaker players reach too. At 0 plies each decision keeps up to
``KEEP_TOP`` best candidates and ``KEEP_RANDOM`` random others of the rest.
Above 0 plies gnubg's move filter takes only the best few plays (by 0
plies) to full depth and leaves the others at 0 plies, and equities of
different depths do not compare (odd plies lean one way): a decision then
keeps exactly the plays evaluated at ``P`` plies, when there are two or
more (at 2 plies: the contenders gnubg's analysis judges, at its own
depth, about 5 a decision).

With ``--ai LEVEL`` the device AI (``minigam.bg.ai.BgAI``, run in gnubg's
Python) plays one side against gnubg at ``P`` plies (player 1 in games
where seed + game number is even, player 2 otherwise; gnubg's side takes
its best play, no noise): at 0 plies, the games ``bg.analyse`` judges.
Every decision of both sides is kept as above. ``--first-seed`` is the
first chunk seed tried (0).

Every kept candidate is the position after a play, *before the other
side's roll*: the contract's ``bytearray(53)`` layout with byte 52 the side
to move (the mover's opponent), labelled with gnubg's five cubeless
probabilities **from the side to move's view**: P(win), P(win gammon),
P(win backgammon), P(lose gammon), P(lose backgammon) (gammon figures
include backgammons, as gnubg's do). A play that ends the game is kept and
flagged (``term``): its probabilities are exact.

A chunk file (little-endian) is ``b"BGD1"``, int32 ``nd`` (decisions),
int32 ``nc`` (candidates), then: ``root`` nd x 53 uint8 (the position
before the roll, mover to move), ``dice`` nd x 2 uint8, ``nplays`` nd
uint16 (legal plays of the roll, kept or not), ``start`` nd + 1 int32
(candidates of decision ``d``: ``start[d] .. start[d+1] - 1``, gnubg's best
first), ``pos`` nc x 53 uint8, ``probs`` nc x 5 float32, ``rank`` nc
uint16 (gnubg's rank of the play, 0 = best), ``term`` nc uint8.
``load(dir)`` reads them all back as numpy arrays.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from minigam.host.aitools.bg import gnubg
from minigam.host.firmware.inputs import repo_root

MAGIC = b"BGD1"
KEEP_TOP = 16
KEEP_RANDOM = 8
# Per-game noise on the chosen play's equity (cycled by game number).
SIGMAS = (0.0, 0.0, 0.0, 0.02, 0.05, 0.1, 0.3)

ROOT = repo_root()
DEFAULT_OUT = os.path.join(ROOT, "build", "bg", "data")

# The script gnubg runs. Boards are gnubg's: (opponent, on roll), each 25
# counts, index 0..23 the points 1..24 from that side's ace point, 24 the
# bar (gnubg.BOARDS turns them into ours). Configuration comes as JSON in
# the environment.
SCRIPT = r'''
import array, json, os, random, sys, time
import gnubg

cfg = json.loads(os.environ["BG_DATA_CFG"])
ai = None
if cfg.get("ai"):
    sys.path.insert(0, cfg["root"])
    from minigam.bg.ai import BgAI
    ai = BgAI(cfg["ai"], 1)
rng = random.Random(cfg["seed"] * 7919 + 17)
for c in ("set display off", "set threads 1", "set player 0 human",
          "set player 1 human",
          "set evaluation chequerplay evaluation plies %d" % cfg["plies"],
          "set evaluation chequerplay evaluation prune off",
          "set evaluation chequerplay evaluation cubeful off",
          "new session"):
    gnubg.command(c)
''' + gnubg.BOARDS + r'''
start = [0] * 25
start[5] = 5; start[7] = 3; start[12] = 5; start[23] = 2
R_root = bytearray(); R_dice = bytearray(); R_np = array.array("H")
R_start = array.array("i", [0]); C_pos = bytearray(); C_probs = array.array("f")
C_rank = array.array("H"); C_term = bytearray()
sigmas = cfg["sigmas"]
ktop, krand = cfg["keep_top"], cfg["keep_random"]
t0 = time.time()
for g in range(cfg["games"]):
    sigma = sigmas[(cfg["seed"] * cfg["games"] + g) % len(sigmas)]
    me, opp = list(start), list(start)
    us = 1 + (cfg["seed"] + g) % 2 if ai else 0  # the AI's side
    turn = 1 + rng.randrange(2)
    d1 = d2 = 0
    while d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    while True:
        gnubg.command("set board %s" % gnubg.positionid((opp, me)))
        gnubg.command("set dice %d %d" % (d1, d2))
        h = gnubg.hint(9999)["hint"]
        over = False
        if h:
            res = []
            for x in h:
                m2, o2 = apply(me, opp, gnubg.parsemove(x["move"]))
                res.append((m2, o2, x["details"]["probs"],
                            x["equity"]))
            n = len(res)
            if cfg["plies"]:
                # only the plays the move filter took to full depth
                keep = [k for k in range(n)
                        if h[k]["context"]["plies"] == cfg["plies"]]
            else:
                keep = list(range(min(ktop, n)))
                rest = list(range(len(keep), n))
                rng.shuffle(rest)
                keep += sorted(rest[:krand])
            if n >= 2 and len(keep) >= 2:
                R_root += ours(me, opp, turn)
                R_dice += bytes((d1, d2))
                R_np.append(n)
                for k in keep:
                    m2, o2, pr, eq = res[k]
                    term = sum(m2[:25]) == 0
                    C_pos += ours(o2, m2, 3 - turn)
                    # gnubg's probs are the mover's; the side to move is the
                    # other: win <-> loss, gammons swap.
                    C_probs.extend((1.0 - pr[0], pr[3], pr[4], pr[1], pr[2]))
                    C_rank.append(k)
                    C_term.append(1 if term else 0)
                R_start.append(len(C_rank))
            best = 0
            if turn == us:
                ai.choose(ours(me, opp, turn), d1, d2)
                want = bytearray(ai.result)
                want[52] = turn
                best = [bytes(ours(r[0], r[1], turn))
                        for r in res].index(bytes(want))
            elif sigma:
                best = max(range(n), key=lambda k: res[k][3] + rng.gauss(0, sigma))
            me, opp = res[best][0], res[best][1]
            over = sum(me[:25]) == 0
        if over:
            break
        me, opp = opp, me
        turn = 3 - turn
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)

with open(cfg["tmp"], "wb") as f:
    f.write(b"BGD1")
    f.write(array.array("i", [len(R_np), len(C_rank)]).tobytes())
    for a in (R_root, R_dice, R_np, R_start, C_pos, C_probs, C_rank, C_term):
        f.write(bytes(a) if isinstance(a, bytearray) else a.tobytes())
os.replace(cfg["tmp"], cfg["out"])
sys.stderr.write("chunk %d: %d games, %d decisions, %d candidates, %.1f s\n"
                 % (cfg["seed"], cfg["games"], len(R_np), len(C_rank),
                    time.time() - t0))
'''


def _chunk_cmd(seed, games, out_dir, plies, nice, ai=None):
    """(command, environment, output path, script path) of one chunk."""
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, "chunk_%05d.bin" % seed)
    cfg = {"seed": seed, "games": games, "plies": plies,
           "sigmas": [0.0] if ai else list(SIGMAS), "keep_top": KEEP_TOP,
           "keep_random": KEEP_RANDOM, "out": out, "tmp": out + ".tmp",
           "ai": ai, "root": ROOT}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(SCRIPT)
        script = f.name
    exe = gnubg.find()
    if exe is None:
        raise gnubg.GnubgMissing("gnubg not found (apt-get install gnubg)")
    # -r: no rc files; HOME: its preferences stay out of the user's
    env = dict(os.environ, BG_DATA_CFG=json.dumps(cfg),
               HOME=tempfile.gettempdir())
    cmd = [exe, "-t", "-q", "-r", "-p", script]
    if nice:
        cmd = ["nice", "-n", "10"] + cmd
    return cmd, env, out, script


def run_chunk(seed, games, out_dir, plies=0, nice=True, timeout=3600,
              ai=None):
    """Play ``games`` games with ``seed`` inside gnubg (the AI at level
    ``ai`` on one side when given); write ``chunk_SEED.bin``. Returns the
    path."""
    cmd, env, out, script = _chunk_cmd(seed, games, out_dir, plies, nice,
                                       ai)
    try:
        p = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=timeout,
                           text=True)
    finally:
        os.unlink(script)
    if not os.path.exists(out):
        raise RuntimeError("gnubg wrote no chunk (exit %d): %s"
                           % (p.returncode, p.stderr[-2000:]))
    return out


def read_chunk(path):
    """One chunk as a dict of numpy arrays (see the module docstring)."""
    raw = open(path, "rb").read()
    if raw[:4] != MAGIC:
        raise ValueError("%s is not a bg_data chunk" % path)
    nd, nc = np.frombuffer(raw, "<i4", 2, 4)
    off = 12
    out = {}
    for name, dt, shape in (("root", "u1", (nd, 53)), ("dice", "u1", (nd, 2)),
                            ("nplays", "<u2", (nd,)),
                            ("start", "<i4", (nd + 1,)),
                            ("pos", "u1", (nc, 53)),
                            ("probs", "<f4", (nc, 5)),
                            ("rank", "<u2", (nc,)), ("term", "u1", (nc,))):
        n = int(np.prod(shape))
        a = np.frombuffer(raw, dt, n, off).reshape(shape)
        off += a.nbytes
        out[name] = a
    if off != len(raw):
        raise ValueError("%s: %d bytes left over" % (path, len(raw) - off))
    return out


def chunks(out_dir=DEFAULT_OUT):
    return sorted(glob.glob(os.path.join(out_dir, "chunk_*.bin")))


def load(out_dir=DEFAULT_OUT, paths=None):
    """Every chunk concatenated (``start`` offsets made global; ``chunk``
    gives each decision's chunk seed)."""
    parts = [read_chunk(p) for p in (paths or chunks(out_dir))]
    if not parts:
        raise FileNotFoundError("no chunks in %s" % out_dir)
    out = {}
    for k in ("root", "dice", "nplays", "pos", "probs", "rank", "term"):
        out[k] = np.concatenate([p[k] for p in parts])
    starts, base = [], 0
    for p in parts:
        starts.append(p["start"][:-1] + base)
        base += len(p["rank"])
    out["start"] = np.concatenate(starts + [np.array([base], np.int32)])
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.bg.data")
    ap.add_argument("--positions", type=int, default=300000,
                    help="stop once the chunks hold this many candidates")
    ap.add_argument("--games-per-chunk", type=int, default=100)
    ap.add_argument("--plies", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=6,
                    help="gnubg processes at once (each mostly sleeps: "
                    "gnubg's hint waits ~10 ms a call; at 0 plies six use "
                    "about a third of one core)")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--no-nice", action="store_true")
    ap.add_argument("--ai", choices=("easy", "medium", "hard"),
                    help="the device AI at this level plays one side "
                    "against gnubg 0-ply")
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args(argv)
    have = 0
    done = set()
    for p in chunks(args.out):
        have += int(np.frombuffer(open(p, "rb").read(12), "<i4", 1, 8)[0])
        done.add(int(os.path.basename(p)[6:11]))
    print("%d candidates in %d chunks already" % (have, len(done)),
          flush=True)
    seed = args.first_seed
    t0 = time.time()
    run = []  # (seed, Popen, out, script, started)
    nd_all = nc_all = 0
    while True:
        while have < args.positions and len(run) < args.jobs:
            while seed in done:
                seed += 1
            cmd, env, out, script = _chunk_cmd(
                seed, args.games_per_chunk, args.out, args.plies,
                not args.no_nice, args.ai)
            pr = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
            run.append((seed, pr, out, script, time.time()))
            seed += 1
        if not run:
            break
        time.sleep(0.2)
        for item in list(run):
            s, pr, out, script, t = item
            if pr.poll() is None:
                continue
            run.remove(item)
            os.unlink(script)
            if not os.path.exists(out):
                raise RuntimeError("gnubg wrote no chunk %d (exit %d)"
                                   % (s, pr.returncode))
            c = read_chunk(out)
            nd, nc = len(c["nplays"]), len(c["rank"])
            have += nc
            nd_all += nd
            nc_all += nc
            dt = time.time() - t0
            print("chunk %d: %d decisions, %d candidates in %.0f s; total "
                  "%d candidates; this run %.0f decisions/s, %.0f "
                  "candidates/s" % (s, nd, nc, time.time() - t, have,
                                    nd_all / dt, nc_all / dt), flush=True)
    print("done: %d candidates, %.0f s" % (have, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
