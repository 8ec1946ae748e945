"""The backgammon AI's error rate by GNU Backgammon's analysis (issue 16).

``python -m minigam.host.aitools.bg.analyse [--games N] [--levels L,..]
[--plies P] [--sigma S]``: for each level, N cubeless money games of the
device AI (``minigam.bg.ai.BgAI``) against gnubg 0-ply, played inside
gnubg as a session of its own (both players "human": the AI's plays and
gnubg 0-ply's best play by ``hint`` are entered with ``move``; the dice
are gnubg's Mersenne Twister, seeded). gnubg then runs ``analyse match``
on the AI's side only and its statistics give, per level:

* the chequer-play error rate in mEMG per move: gnubg's total normalised
  error of the AI's moves over its unforced moves (those with more than one
  legal play), as ``show statistics match`` prints it ("Error rate mEMG"),
  with its standard error (a ratio estimate over games: the moves of one
  game are not independent);
* gnubg's rating of that rate ("Chequerplay rating"), from gnubg's own
  ``errorrating``: Supernatural below 2, World class 2-5, Expert 5-8,
  Advanced 8-12, Intermediate 12-18, Casual player 18-26, Beginner
  26-35, Awful! from 35 (gnubg 1.07; ``bands()`` reads them from gnubg);
* the same games' results: the AI's win rate and points a game (gammons 2,
  backgammons 3) against gnubg 0-ply, cubeless, with standard errors, as
  ``bg.strength games`` counts them (other games: other dice);
* where the error lies: the AI's unforced moves, their error rate and
  their share of the error in each phase (``phase``: contact, race,
  bear-off), summed from gnubg's analysis of each move.

``--lookahead TOP`` judges instead a host-only experiment: Hard with its
best plays re-ranked one roll ahead (``bg.lookahead``).

Why against gnubg 0-ply: gnubg judges the AI's own decisions in the
positions a strong opponent leads it into, the kind a player meets; a
level playing itself would be judged in positions only that level makes
(Easy's games are full of blots Hard never leaves). Only the AI's side is
analysed, and one set of games gives both the error rate and the results.

Analysis settings: gnubg's defaults for analysis, what its ratings are
meant for: chequer play at 2 plies, cubeful, pruning nets, the move
filter keeping up to 16 plays within 0.32 (the played one is always
evaluated). Cube and luck analysis are off (cubeless games). On this
2-core machine (one gnubg process) a level's 200 games take 5 to 6
minutes at 2 plies (17 for the three levels), four fifths of it the
analysis, so gnubg's own setting fits; ``--plies 0`` or ``1`` is cheaper
and judges with a shallower gnubg (at 0 plies gnubg judges its own 0-ply
play faultless, and Hard's errors look smaller). ``--gnubg-too`` analyses
gnubg 0-ply's moves in the same games as well: a reference row (its
results are against the level).
"""

import argparse
import json
import math
import sys
import time

from minigam.host.aitools.bg import gnubg
from minigam.host.firmware.inputs import repo_root

ROOT = repo_root()

# gnubg's names of errorrating()'s answers, 0 (worst) to 7.
RATINGS = ("Awful!", "Beginner", "Casual player", "Intermediate", "Advanced",
           "Expert", "World class", "Supernatural")
LEVELS = ("easy", "medium", "hard")
AI = 1  # the AI's seat in gnubg (player 1, "O"); gnubg 0-ply is player 0

_PLAY = r'''
import json, sys
sys.path.insert(0, %(root)r)
cfg = json.loads(%(cfg)r)
from minigam.bg import ids
from minigam.bg.ai import BgAI
for c in ("set display off", "set threads 1", "set automatic game off",
          "set automatic roll off", "set automatic move off",
          "set player 0 human", "set player 1 human",
          "set player 0 name gnubg0ply", "set player 1 name minigam",
          "set cube use off", "set jacoby off",
          "set rng mersenne", "set seed %%d" %% cfg["seed"],
          "set evaluation chequerplay evaluation plies 0",
          "set evaluation chequerplay evaluation prune off",
          "set evaluation chequerplay evaluation cubeful off",
          "set analysis luck off", "set analysis cube off",
          "set analysis player 0 analyse %%s" %% (
              "on" if cfg["gnubg_too"] else "off"),
          "set analysis chequerplay evaluation plies %%d" %% cfg["plies"],
          "new session"):
    gnubg.command(c)
if cfg["lookahead"]:
    from minigam.host.aitools.bg.lookahead import LookaheadAI
    ai = LookaheadAI(cfg["lookahead"], cfg["margin"], cfg["seed"],
                     cfg["blend"])
else:
    ai = BgAI(cfg["level"], cfg["seed"])
if cfg["sigma"] is not None:
    ai.sigma = cfg["sigma"]

from minigam.host.aitools.bg.analyse import move_text

for g in range(cfg["games"]):
    gnubg.command("new game")
    while True:
        f = ids.parse_match_id(gnubg.matchid())
        if f["state"] != 1:
            break
        if f["die1"] == 0:
            gnubg.command("roll")  # a turn with no play passes by itself
            continue
        d1, d2 = f["die1"], f["die2"]
        if f["turn"] == %(ai)d:
            pos = ids.parse_position_id(gnubg.positionid(), 1)
            ai.choose(pos, d1, d2)
            want = ai.result  # the opponent on roll
            txt = move_text(ai.steps)
        else:
            txt = gnubg.hint(1)["hint"][0]["move"]
            want = None
        gnubg.command("move " + txt)
        if (want is not None and ids.parse_match_id(gnubg.matchid())[
                "state"] == 1 and gnubg.positionid()
                != ids.format_position_id(want)):
            raise ValueError("gnubg played %%r as %%s, not %%s"
                             %% (txt, gnubg.positionid(),
                                 ids.format_position_id(want)))
gnubg.command("analyse match")
from minigam.host.aitools.bg.analyse import phase
for gm in gnubg.match(1, 1, 1, 0)["games"]:  # analysis, boards, statistics
    info = gm["info"]
    out = [int(info["winner"] == "XO"[%(ai)d]), info["points-won"]]
    for side in ("XO"[%(ai)d], "XO"[1 - %(ai)d]):
        st = gm["stats"][side]["moves"]
        out += [st["unforced-moves"], repr(st["error-skill"]),
                st["total-moves"]]
    # the AI's unforced moves and their error by phase of the game
    by = [0, 0.0, 0, 0.0, 0, 0.0]
    for t in gm["game"]:
        a = t.get("analysis") or {}
        mv = a.get("moves") or ()
        if (t.get("action") != "move" or t.get("player") != "XO"[%(ai)d]
                or len(mv) < 2):
            continue
        k = 2 * phase(ids.parse_position_id(t["board"], 1))
        by[k] += 1
        by[k + 1] += mv[0]["score"] - mv[a["imove"]]["score"]
    emit(*(out + [repr(x) for x in by]))
'''

_BANDS = r'''
lo = {}
for k in range(1, 600):
    r = gnubg.errorrating(k / 10000.0)
    lo.setdefault(r, k / 10.0)
for r in sorted(lo):
    emit(r, lo[r])
'''


def bands():
    """gnubg's rating bands: ``[(lowest mEMG per move, rating name),
    ...]``, the best first, read from its ``errorrating`` in steps of 0.1
    mEMG (the best band starts at 0)."""
    out = []
    for line in gnubg.run(_BANDS, 120).splitlines():
        r, lo = line.split()
        out.append((float(lo), RATINGS[int(r)]))
    out.sort()
    out[0] = (0.0, out[0][1])
    return out


PHASES = ("contact", "race", "bear-off")


def phase(pos):
    """Index in ``PHASES`` of the side to move's position ``pos``
    (``minigam.bg.rules`` layout): contact while one of its checkers still
    has an opposing checker ahead of it (its index ``i`` faces the
    other side's ``25 - i``), else bear-off when all its checkers are home
    or off, else race."""
    from minigam.bg import rules as R
    from minigam.bg.shape import contact
    if contact(pos):
        return 0
    m = 0 if pos[R.TURN] == 1 else R.BLOCK
    return 2 if R.lowest(pos, m) >= R.HOME else 1


def move_text(steps):
    """gnubg's ``move`` command's words for the AI's steps (the mover's
    index i is point 25 - i); the scripts run inside gnubg import it."""
    out = []
    for i, d in steps:
        to = 25 - i - d
        out.append("%s/%s" % ("bar" if i == 0 else 25 - i,
                              "off" if to <= 0 else to))
    return " ".join(out)


def rating(memg, table):
    """The name of the band of ``table`` (``bands()``) holding ``memg``."""
    name = table[0][1]
    for lo, n in table:
        if memg >= lo:
            name = n
    return name


def play_and_analyse(games, level="hard", seed=1, plies=2, sigma=None,
                     gnubg_too=False, timeout=7200, lookahead=0, margin=400,
                     blend=1.0):
    """Per game ``(ai won, points won, unforced moves, error, moves,
    phases)`` (error in EMG, gnubg's normalised units; ``phases`` the AI's
    ``(unforced moves, error)`` in each of ``PHASES``) of ``games`` games of
    the AI at ``level`` against gnubg 0-ply, analysed at ``plies``. With
    ``gnubg_too`` the opponent's moves are analysed too and the answer is
    a pair: the AI's rows and gnubg 0-ply's (its wins and its figures)."""
    cfg = {"games": games, "level": level, "seed": seed, "plies": plies,
           "sigma": sigma, "gnubg_too": gnubg_too, "lookahead": lookahead,
           "margin": margin, "blend": blend}
    text = gnubg.run(_PLAY % {"root": ROOT, "cfg": json.dumps(cfg),
                              "ai": AI}, timeout)
    ours, theirs = [], []
    for line in text.splitlines():
        f = line.split()
        won, pts = int(f[0]), int(f[1])
        ours.append((won, pts, int(f[2]), float(f[3]), int(f[4]),
                     tuple((int(f[k]), float(f[k + 1]))
                           for k in range(8, 14, 2))))
        theirs.append((1 - won, pts, int(f[5]), float(f[6]), int(f[7])))
    if len(ours) != games:
        raise gnubg.GnubgError("gnubg reported %d of %d games"
                               % (len(ours), games))
    return (ours, theirs) if gnubg_too else ours


def summary(rows):
    """The figures of ``play_and_analyse``'s rows: games, moves (unforced),
    mEMG per move and its standard error, wins, win rate and its standard
    error, points a game and its standard error."""
    g = len(rows)
    n = [r[2] for r in rows]
    e = [r[3] for r in rows]
    moves = sum(n)
    rate = sum(e) / moves if moves else 0.0
    # Ratio estimator's standard error over games (the delta method).
    nbar = moves / g
    var = sum((ei - rate * ni) ** 2 for ei, ni in zip(e, n)) / max(g - 1, 1)
    rate_se = math.sqrt(var / g) / nbar if nbar else 0.0
    pts = [r[1] if r[0] else -r[1] for r in rows]
    wins = sum(r[0] for r in rows)
    p = wins / g
    ppg = sum(pts) / g
    ppg_sd = math.sqrt(sum((x - ppg) ** 2 for x in pts) / max(g - 1, 1))
    out = {"games": g, "moves": moves, "memg": 1000 * rate,
           "memg_se": 1000 * rate_se, "wins": wins, "win_rate": p,
           "win_se": math.sqrt(p * (1 - p) / g), "ppg": ppg,
           "ppg_se": ppg_sd / math.sqrt(g)}
    if rows and all(len(r) > 5 for r in rows):
        # per phase: (moves, mEMG a move, share of all the error)
        total = sum(e) or 1.0
        out["phases"] = []
        for k in range(len(PHASES)):
            pn = sum(r[5][k][0] for r in rows)
            pe = sum(r[5][k][1] for r in rows)
            out["phases"].append((pn, 1000 * pe / pn if pn else 0.0,
                                  pe / total))
    return out


def _batches(games, jobs):
    size = -(-games // jobs)
    return [min(size, games - k) for k in range(0, games, size)]


def measure(games, level, plies=2, sigma=None, jobs=1, seed=1,
            gnubg_too=False, lookahead=0, margin=400, blend=1.0):
    """``summary`` of ``games`` analysed games at ``level``, run in
    ``jobs`` gnubg processes (each its own dice seed); with ``gnubg_too``
    a pair, the AI's and gnubg 0-ply's."""
    parts = _batches(games, jobs)

    def one(k):
        got = play_and_analyse(parts[k], level, seed + k, plies, sigma,
                               gnubg_too, lookahead=lookahead, margin=margin,
                               blend=blend)
        return got if gnubg_too else (got, [])

    if jobs == 1:
        outs = [one(0)]
    else:
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(jobs) as ex:
            outs = list(ex.map(one, range(len(parts))))
    ours = summary([r for o in outs for r in o[0]])
    if not gnubg_too:
        return ours
    return ours, summary([r for o in outs for r in o[1]])


def table_lines(results, band_table):
    """The printed table: one line a level."""
    head = ("level          games  moves  mEMG/move (+- se)  gnubg rating    "
            "won vs gnubg 0-ply (+- se)  points a game (+- se)")
    out = [head]
    for name, s in results:
        out.append("%-14s %5d  %5d  %6.1f (+- %.1f)     %-14s  "
                   "%5.1f%% (+- %.1f)            %+.3f (+- %.3f)"
                   % (name, s["games"], s["moves"], s["memg"], s["memg_se"],
                      rating(s["memg"], band_table), 100 * s["win_rate"],
                      100 * s["win_se"], s["ppg"], s["ppg_se"]))
        if "phases" in s:
            out.append("  by phase: " + "; ".join(
                "%s %d moves, %.1f mEMG a move, %.0f%% of the error"
                % (name, n, r, 100 * share)
                for name, (n, r, share) in zip(PHASES, s["phases"])))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.bg.analyse")
    ap.add_argument("--games", type=int, default=200,
                    help="games a level (200)")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--plies", type=int, default=2,
                    help="gnubg's analysis plies (2, its default)")
    ap.add_argument("--sigma", type=int, help="this noise (1/4096 equity) "
                    "instead of the level's")
    ap.add_argument("--seed", type=int, default=1, help="dice seed (1)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="gnubg processes at once (1)")
    ap.add_argument("--gnubg-too", action="store_true",
                    help="analyse gnubg 0-ply's moves too (a reference "
                    "row; the analysis takes twice as long)")
    ap.add_argument("--lookahead", type=int, default=0, metavar="TOP",
                    help="Hard with its TOP best plays re-ranked one roll "
                    "ahead (bg.lookahead; a host-only experiment)")
    ap.add_argument("--blend", type=float, default=1.0,
                    help="with --lookahead: rank by this share of the "
                    "1-ply equity plus the rest of the 0-ply one (1.0)")
    ap.add_argument("--margin", type=int, default=400,
                    help="with --lookahead: only plays within this of the "
                    "best (1/4096 equity; 400)")
    args = ap.parse_args(argv)
    if args.lookahead and args.levels != "hard":
        ap.error("--lookahead is Hard's: use --levels hard")
    try:
        band_table = bands()
        print("%s; analysis: %d-ply, cubeful, pruning, gnubg's default "
              "filter; %s; cubeless money games vs gnubg 0-ply, dice seed "
              "%d" % (gnubg.version(), args.plies, "both sides"
                      if args.gnubg_too else "the AI's side only",
                      args.seed))
        print("gnubg's bands (mEMG per move, from): " + ", ".join(
            "%s %g" % (n, lo) for lo, n in band_table))
        results = []
        for level in args.levels.split(","):
            t0 = time.time()
            s = measure(args.games, level, args.plies, args.sigma,
                        args.jobs, args.seed, args.gnubg_too,
                        args.lookahead, args.margin, args.blend)
            name = level if args.sigma is None else "%s~%d" % (level[:1],
                                                               args.sigma)
            if args.lookahead:
                name = "hard+1ply %d" % args.lookahead
                if args.blend != 1.0:
                    name += " blend %.2f" % args.blend
            if args.gnubg_too:
                s, ref = s
                results.append(("gnubg0 (v %s)" % name, ref))
            results.append((name, s))
            sys.stderr.write("%s: %.0f s\n" % (name, time.time() - t0))
    except (gnubg.GnubgMissing, gnubg.GnubgError) as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    print("\n".join(table_lines(results, band_table)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
