"""How strong the backgammon AI (``minigam.bg.ai``) is, measured by gnubg.

``python -m minigam.host.aitools.bg.strength choices [--n N] [--level L]``:
decision points from held-out gnubg self-play (``bg.data`` chunks whose
seed is ``bg.train.VAL_MOD - 1`` mod ``VAL_MOD``); gnubg's 0-ply ``hint``
(pruning off) lists every legal play with its cubeless equity, and the
figure is the mean equity the AI's play gives away against gnubg's best
(0 when it is gnubg's choice), with the share of decisions where it
differs. Figures are in equity (x1000 is gnubg's "millipoints").

``python -m minigam.host.aitools.bg.strength games [--games N] [--level L]``:
cubeless games against gnubg 0-ply (sides alternate; each game's dice come
from its own seed): the AI's win rate and points per game (gammons 2,
backgammons 3).

Both run the device AI inside gnubg's Python
(``minigam.host.aitools.bg.gnubg.run``), ``--jobs`` gnubg processes at
once (each sleeps most of the time).

The levels' error rate by gnubg's analysis of their games (mEMG per move,
gnubg's rating) is ``minigam.host.aitools.bg.analyse``; the device's cube
rule against gnubg's cube decisions, ``minigam.host.aitools.bg.cube``.

``python -m minigam.host.aitools.bg.strength speed``: the evaluator's time
in the MicroPython VM (bytecode: the VM has no native code), per candidate
scored and per Hard decision over decision points of a game the AI plays
itself, with the RP2040 estimate of ``minigam.host.bench.lib`` (x40).
"""

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from minigam.host.aitools import vm_speed
from minigam.host.aitools.bg import data as bg_data
from minigam.host.aitools.bg import gnubg
from minigam.host.firmware.inputs import repo_root

ROOT = repo_root()

_COMMON = r'''
import json, random, sys
sys.path.insert(0, %(root)r)
cfg = json.loads(%(cfg)r)
for c in ("set display off", "set threads 1", "set player 0 human",
          "set player 1 human",
          "set evaluation chequerplay evaluation plies 0",
          "set evaluation chequerplay evaluation prune off",
          "set evaluation chequerplay evaluation cubeful off",
          "new session"):
    gnubg.command(c)
from minigam.bg import rules as R
from minigam.bg.ai import BgAI
''' + gnubg.BOARDS + r'''
def theirs(p, turn):
    """(me, opp) gnubg lists of our position for player ``turn``."""
    out = []
    for blk in ((0, 26) if turn == 1 else (26, 0)):
        g = [0] * 25
        g[24] = p[blk]
        for i in range(1, 25):
            g[24 - i] = p[blk + i]
        out.append(g)
    return out[0], out[1]

def hint(me, opp, d1, d2):
    gnubg.command("set board %%s" %% gnubg.positionid((opp, me)))
    gnubg.command("set dice %%d %%d" %% (d1, d2))
    return gnubg.hint(9999)["hint"]
'''

_CHOICES = r'''
ai = BgAI(cfg["level"], cfg["seed"])
if cfg.get("sigma") is not None:
    ai.sigma = cfg["sigma"]
for hexpos, d1, d2 in cfg["points"]:
    pos = bytearray(bytes.fromhex(hexpos))
    turn = pos[52]
    me, opp = theirs(pos, turn)
    h = hint(me, opp, d1, d2)
    eq = {}
    for x in h:
        m2, o2 = apply(me, opp, gnubg.parsemove(x["move"]))
        eq[bytes(ours(m2, o2, turn))] = x["equity"]
    ai.choose(pos, d1, d2)
    mine = bytearray(ai.result)
    mine[52] = turn
    e = eq[bytes(mine)]
    emit(len(h), h[0]["equity"] - e)
'''

_GAMES = r'''
ai = BgAI(cfg["level"], cfg["seed"])
start = [0] * 25
start[5] = 5; start[7] = 3; start[12] = 5; start[23] = 2
for g in cfg["games"]:
    rng = random.Random(g * 1000003 + 7)
    us = 1 + g % 2  # the AI plays player 1 in even games
    me, opp = list(start), list(start)
    turn = 1 + rng.randrange(2)
    d1 = d2 = 0
    while d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    while True:
        if turn == us:
            pos = ours(me, opp, turn)
            ai.choose(pos, d1, d2)
            res = ai.result
            me, opp = theirs(res, turn)
        else:
            h = hint(me, opp, d1, d2)
            if h:
                me, opp = apply(me, opp, gnubg.parsemove(h[0]["move"]))
        if sum(me[:25]) == 0:
            kind = R.win_kind(ours(me, opp, turn))
            emit(g, us, turn, kind)
            break
        me, opp = opp, me
        turn = 3 - turn
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
'''


def _script(body, cfg):
    return (_COMMON % {"root": ROOT, "cfg": json.dumps(cfg)}) + body


def _parallel(jobs, scripts, timeout=3600):
    with ThreadPoolExecutor(jobs) as ex:
        return list(ex.map(lambda s: gnubg.run(s, timeout), scripts))


def held_out_points(n, seed=0, data=bg_data.DEFAULT_OUT):
    """``n`` (position hex, d1, d2) decision points from held-out chunks."""
    from minigam.host.aitools.bg.train import VAL_MOD
    paths = [p for p in bg_data.chunks(data)
             if int(os.path.basename(p)[6:11]) % VAL_MOD == VAL_MOD - 1]
    d = bg_data.load(paths=paths)
    rng = np.random.default_rng(seed)
    sel = rng.choice(len(d["nplays"]), min(n, len(d["nplays"])),
                     replace=False)
    return [(bytes(d["root"][i]).hex(), int(d["dice"][i][0]),
             int(d["dice"][i][1])) for i in sel]


def choices(n=2000, level="hard", jobs=4, seed=0, sigma=None):
    """(mean loss, share of non-best plays, standard error, n); ``sigma``
    overrides the level's noise (1/4096 equity)."""
    pts = held_out_points(n, seed)
    parts = [pts[i::jobs] for i in range(jobs)]
    outs = _parallel(jobs, [_script(_CHOICES, {"level": level, "seed": i + 1,
                                               "points": p, "sigma": sigma})
                            for i, p in enumerate(parts)])
    loss = np.array([float(ln.split()[1]) for o in outs
                     for ln in o.splitlines()])
    return (float(loss.mean()), float((loss > 1e-6).mean()),
            float(loss.std() / math.sqrt(len(loss))), len(loss))


def games(n=200, level="hard", jobs=4, first=0):
    """(AI wins, games, points per game for the AI, its standard error,
    counts of (won/lost, kind))."""
    ids = list(range(first, first + n))
    outs = _parallel(jobs, [_script(_GAMES, {"level": level, "seed": i + 1,
                                             "games": ids[i::jobs]})
                            for i in range(jobs)])
    wins = 0
    pts = []
    kinds = {}
    for o in outs:
        for ln in o.splitlines():
            g, us, winner, kind = (int(x) for x in ln.split())
            won = winner == us
            wins += won
            pts.append(kind if won else -kind)
            key = ("won" if won else "lost", kind)
            kinds[key] = kinds.get(key, 0) + 1
    pts = np.array(pts, float)
    return (wins, len(pts), float(pts.mean()),
            float(pts.std() / math.sqrt(len(pts))), kinds)


def speed(points=40):
    """VM figures of Backgammon's Hard (``vm_speed.speed``): {"decision_us",
    "candidate_us", "candidates", "bytes", "ram", "most"}."""
    return vm_speed.speed("bg", "BgAI", points)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.bg.strength")
    ap.add_argument("what", choices=("choices", "games", "speed"))
    ap.add_argument("--n", type=int, default=2000, help="decision points")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--sigma", type=int, help="choices: this noise (1/4096 "
                    "equity) instead of the level's")
    args = ap.parse_args(argv)
    t0 = time.time()
    if args.what == "speed":
        from minigam.host.bench.lib import RP2040_FACTOR
        r = speed()
        print("MicroPython VM, bytecode only: %.0f us a Hard decision (%.1f "
              "candidates on average), %.0f us a candidate; RP2040 estimate "
              "x%d: %.1f ms a candidate; %.1f bytes allocated a decision"
              % (r["decision_us"], r["candidates"], r["candidate_us"],
                 RP2040_FACTOR, r["candidate_us"] * RP2040_FACTOR / 1000,
                 r["bytes"]))
        return 0
    if args.what == "choices":
        loss, share, se, n = choices(args.n, args.level, args.jobs,
                                     sigma=args.sigma)
        if args.sigma is not None:
            args.level = "noise %d" % args.sigma
        print("%s: %d decisions, equity lost per decision vs gnubg 0-ply "
              "%.4f (+- %.4f), not gnubg's play %.1f%%, %.0f s"
              % (args.level, n, loss, se, 100 * share, time.time() - t0))
    else:
        wins, n, ppg, se, kinds = games(args.games, args.level, args.jobs)
        print("%s vs gnubg 0-ply, cubeless: won %d of %d (%.1f%%), %.3f "
              "points a game (+- %.3f); %s; %.0f s"
              % (args.level, wins, n, 100.0 * wins / n, ppg, se,
                 ", ".join("%s %d: %d" % (k[0], k[1], v)
                           for k, v in sorted(kinds.items())),
                 time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
