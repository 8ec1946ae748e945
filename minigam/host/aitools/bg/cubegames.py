"""Hard's cube play in whole games and matches against gnubg 0-ply, judged
by gnubg's own analysis (issue 38).

``python -m minigam.host.aitools.bg.cubegames [--money N] [--matches N]
[--length L] [--jobs J] [--seed S] [--plies P]``

The AI (``minigam.bg.ai.BgAI`` at Hard, its cube decisions by
``minigam.bg.cube``'s ``ai_doubles`` and ``ai_takes``, its answers to
resignations by ``minigam.app.bg_resign.accepts``: what the handheld
does) plays N money games and N L-point matches (5 by default) against
gnubg 0-ply, checker play and cube, inside gnubg: gnubg is player 0 and
plays itself (``set player 0 gnubg``), the AI is player 1, a "human"
whose rolls, doubles, takes, drops and moves are entered as commands.
Money play is as the handheld plays it: no Jacoby rule, no beavers;
matches have the Crawford rule.

Then gnubg runs ``analyse match`` (chequer play and cube decisions,
``P`` plies, 2 by default: its analysis default; both sides, since a
take's figures are on the double's record) and every cube decision is
read from its records:

* a double or redouble the player on roll made, or could have made and
  did not (a "move" record with cube figures), with gnubg's cubeful
  equities no double (ND) and double/take (DT), normalised to the cube
  (double/pass is 1);
* a take or drop of the opponent's double, judged on that double's
  figures.

Its error is as gnubg's analysis counts it: a missed double ``min(DT, 1)
- ND`` when doubling was right, a wrong double ``ND - min(DT, 1)``, a
wrong take ``DT - 1``, a wrong drop ``1 - DT``; in a match these
equities are gnubg's MWC converted to EMG, so the errors are in the same
units (mEMG). Figures are given per decision and, as gnubg's "error
rate" does, over the close decisions (``isCloseCubedecision``: the
better of ND and double within 0.16 of ``min(DT, 1)``; takes are always
counted). Matches are broken down by the score each decision was met
at. gnubg's own cube statistics (``stats``: its errors by kind; its
"error-skill" there is already a rate a close decision) give the same
totals a second way, and its overall error rate (chequer play and cube over
unforced moves and close cube decisions) is Hard's overall rating.

gnubg 0-ply's decisions in the same games are judged the same way: a
reference row.
"""

import argparse
import json
import math
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from minigam.host.aitools.bg import gnubg
from minigam.host.aitools.bg.analyse import bands, rating
from minigam.host.firmware.inputs import repo_root

ROOT = repo_root()
CLOSE = 0.16  # gnubg's isCloseCubedecision threshold (eval.c)
KINDS = ("double", "redouble", "take", "take redouble")

_PLAY = r'''
import json, sys
sys.path.insert(0, %(root)r)
cfg = json.loads(%(cfg)r)
from minigam.bg import ids
from minigam.bg import cube
from minigam.bg.ai import BgAI
from minigam.bg.game import BgGame
from minigam.app import bg_resign
from minigam.host.aitools.bg.analyse import move_text
AI = 1
for c in ("set display off", "set threads 1", "set automatic game off",
          "set automatic roll off", "set automatic move off",
          "set player 0 gnubg", "set player 1 human",
          "set player 0 name gnubg0ply", "set player 1 name minigam",
          "set player 0 chequerplay evaluation plies 0",
          "set player 0 cubedecision evaluation plies 0",
          "set cube use on", "set jacoby off", "set beavers 0",
          "set crawford on",
          "set rng mersenne", "set seed %%d" %% cfg["seed"],
          "set analysis cube on", "set analysis luck off",
          "set analysis player 0 analyse on",
          "set analysis player 1 analyse on",
          "set analysis chequerplay evaluation plies %%d" %% cfg["plies"],
          "set analysis cubedecision evaluation plies %%d" %% cfg["plies"]):
    gnubg.command(c)
ai = BgAI("hard", cfg["seed"])


def game_of(f):
    """The position gnubg is at (Match ID fields ``f``) as a ``BgGame``,
    as minigam.bg.cube and bg_resign read it: gnubg's player on roll
    (``move``) is its player 1, and a double offered is player 1's."""
    me = f["move"]
    sc = (f["score0"], f["score1"])
    g = BgGame(match_to=f["length"])  # (no Jacoby: set jacoby off)
    g.score = [sc[me], sc[1 - me]]
    g.crawford = bool(f["crawford"])
    g.crawford_done = bool(g.match_to and not g.crawford
                           and max(sc) == g.match_to - 1)
    o = f["cube_owner"]
    g.setup(ids.parse_position_id(gnubg.positionid(), 1), cube=f["cube"],
            cube_owner=0 if o < 0 else (1 if o == me else 2))
    g.offered = 1
    return g


def play_game():
    """Answer for the AI until the game is over."""
    while True:
        f = ids.parse_match_id(gnubg.matchid())
        if f["state"] != 1:
            return
        if f["turn"] != AI:
            raise ValueError("gnubg waits for itself: %%r" %% (f,))
        g = game_of(f)
        if f["resign"]:
            c = "accept" if bg_resign.accepts(g, f["resign"]) else "reject"
        elif f["double"]:
            c = "take" if cube.ai_takes(g, None, ai) else "drop"
        elif f["die1"] == 0:
            c = ("double" if g.can_double() and cube.ai_doubles(g, None, ai)
                 else "roll")
        else:
            ai.choose(g.pos, f["die1"], f["die2"])
            c = "move " + move_text(ai.steps)
        gnubg.command(c)


def report(label):
    """Analyse the session or match played and emit its games."""
    gnubg.command("analyse match")
    m = gnubg.match(1, 1, 1, 0)
    length = m["match-info"]["match-length"]
    crawford_seen = False
    for gm in m["games"]:
        info = gm["info"]
        score = (info["score-X"], info["score-O"])
        crawford = post = False
        if length and max(score) == length - 1:
            crawford, post = not crawford_seen, crawford_seen
            crawford_seen = True
        cube, owner = 1, None
        decisions = []
        pending = None
        for t in gm["game"]:
            act, who = t.get("action"), t.get("player")
            a = t.get("analysis") or {}
            side = "XO".index(who) if who in ("X", "O") else None
            state = "centred" if owner is None else "owned"
            if act in ("move", "double") and "nd-cubeful-eq" in a:
                nd, dt = a["nd-cubeful-eq"], a["dt-cubeful-eq"]
                if length:  # match winning chances: to EMG, as gnubg
                    ci = gnubg.cubeinfo(cube, -1 if owner is None
                                        else owner, side, length, score,
                                        int(crawford), 0)
                    nd, dt = gnubg.mwc2eq(nd, ci), gnubg.mwc2eq(dt, ci)
                row = {"side": side, "kind": "double" if owner is None
                       else "redouble", "nd": nd, "dt": dt,
                       "yes": act == "double", "cube": cube,
                       "pid": t["board"]}
                decisions.append(row)
                if act == "double":
                    pending = row
            elif act == "double":
                pending = None
            if act in ("take", "drop"):
                if pending is not None:
                    decisions.append({
                        "side": side, "kind": "take" if owner is None
                        else "take redouble", "nd": pending["nd"],
                        "dt": pending["dt"], "yes": act == "take",
                        "cube": cube, "pid": pending["pid"]})
                pending = None
                if act == "take":
                    cube *= 2
                    owner = side
        st = gm["stats"]
        emit(json.dumps({
            "label": label, "length": length, "score": score,
            "crawford": crawford, "post": post,
            "winner": "XO".index(info["winner"]),
            "points": info["points-won"], "decisions": decisions,
            "stats": [[st[s]["moves"]["unforced-moves"],
                       st[s]["moves"]["error-skill"],
                       st[s]["cube"]["close-cube"],
                       sum(v for k, v in st[s]["cube"].items()
                           if k.startswith("err-") and k.endswith("-skill"))]
                      for s in "XO"]}))


if cfg["money"]:
    gnubg.command("new session")
    for k in range(cfg["money"]):
        gnubg.command("new game")
        play_game()
    report("money")
for k in range(cfg["matches"]):
    gnubg.command("new match %%d" %% cfg["length"])
    while True:
        play_game()
        f = ids.parse_match_id(gnubg.matchid())
        if max(f["score0"], f["score1"]) >= cfg["length"]:
            break
        gnubg.command("new game")
    report("match")
'''


def play(money=0, matches=0, length=5, seed=1, plies=2, timeout=36000):
    """The games' records (dicts, see ``_PLAY``'s ``report``) of ``money``
    money games and ``matches`` ``length``-point matches of Hard against
    gnubg 0-ply in one gnubg process, analysed at ``plies``."""
    cfg = {"money": money, "matches": matches, "length": length,
           "seed": seed, "plies": plies}
    text = gnubg.run(_PLAY % {"root": ROOT, "cfg": json.dumps(cfg)},
                     timeout)
    return [json.loads(line) for line in text.splitlines()]


def loss(d):
    """The EMG a cube decision ``d`` gave up, by gnubg's figures (its
    doubler's equities ``nd``, ``dt``, double/pass 1)."""
    dbl = min(d["dt"], 1.0)
    if d["kind"].startswith("take"):
        right = d["dt"] <= 1.0
        return 0.0 if d["yes"] == right else abs(d["dt"] - 1.0)
    right = dbl > d["nd"]
    return 0.0 if d["yes"] == right else abs(dbl - d["nd"])


def close(d):
    """gnubg's close decision: a double made, a take or a drop always; a
    double not made when the better of no double and double is within
    ``CLOSE`` of ``min(DT, 1)``."""
    if d["yes"] or d["kind"].startswith("take"):
        return True
    return max(d["nd"], min(d["dt"], 1.0)) - min(d["dt"], 1.0) < CLOSE


def score_label(game, side):
    """The match score of a game as ``side`` sees it: "money", or its
    points away and the opponent's ("2a-2a"), with "Crawford" or
    "post-Crawford"."""
    if not game["length"]:
        return "money"
    s = game["score"]
    lab = "%da-%da" % (game["length"] - s[side], game["length"] - s[1 - side])
    if game["crawford"]:
        lab += " Crawford"
    elif game["post"]:
        lab += " post-Crawford"
    return lab


def decisions(games, side):
    """``side``'s cube decisions in ``games``, each with its ``loss``,
    ``close`` and ``score`` (``score_label``)."""
    out = []
    for g in games:
        for d in g["decisions"]:
            if d["side"] == side:
                out.append(dict(d, loss=loss(d), close=close(d),
                                score=score_label(g, side)))
    return out


def summary(ds):
    """Counts, errors and mEMG lost a decision (all and close) of a list
    of decisions, with the standard error of the mean a decision."""
    n = len(ds)
    nc = sum(d["close"] for d in ds)
    lost = sum(d["loss"] for d in ds)
    mean = lost / n if n else 0.0
    var = (sum((d["loss"] - mean) ** 2 for d in ds) / (n - 1)
           if n > 1 else 0.0)
    return {"n": n, "close": nc, "yes": sum(d["yes"] for d in ds),
            "errors": sum(d["loss"] > 0 for d in ds), "lost": lost,
            "memg": 1000 * mean, "memg_se": 1000 * math.sqrt(var / n)
            if n else 0.0, "memg_close": 1000 * lost / nc if nc else 0.0}


def overall(games, side):
    """gnubg's overall figures of ``side`` over ``games`` from its
    statistics: (unforced moves, chequer error, close cube decisions,
    cube error), and the error rates in mEMG: chequer play a move, cube
    a close decision, overall (both over both)."""
    m = e = c = ce = 0
    for g in games:
        st = g["stats"][side]
        m += st[0]
        e += st[1]
        c += st[2]
        ce += st[3]
    return {"moves": m, "chequer": 1000 * e / m if m else 0.0,
            "close": c, "cube": 1000 * ce / c if c else 0.0,
            "cube_lost": ce,
            "overall": 1000 * (e + ce) / (m + c) if m + c else 0.0}


def results(games, side):
    """``side``'s points a game (money) or matches won (a match)."""
    if not games:
        return ""
    if games[0]["length"]:
        won = total = 0
        for g in games:
            if list(g["score"]) == [0, 0]:
                total += 1
            if max(g["score"][0] + (g["points"] if g["winner"] == 0 else 0),
                   g["score"][1] + (g["points"] if g["winner"] == 1
                                    else 0)) >= g["length"]:
                won += g["winner"] == side
        return "won %d of %d matches (%.1f%%)" % (won, total,
                                                   100.0 * won / max(total, 1))
    pts = [g["points"] if g["winner"] == side else -g["points"]
           for g in games]
    mean = sum(pts) / len(pts)
    sd = math.sqrt(sum((p - mean) ** 2 for p in pts) / max(len(pts) - 1, 1))
    return "%+.3f (+- %.3f) points a game over %d games" % (
        mean, sd / math.sqrt(len(pts)), len(pts))


def kind_lines(ds):
    out = ["  decision        n  close  made  errors   mEMG a decision "
           "(+- se)  a close one"]
    for kind in KINDS:
        s = summary([d for d in ds if d["kind"] == kind])
        if s["n"]:
            out.append("  %-13s %5d  %5d  %4d  %6d   %6.1f (+- %.1f)     "
                       "%8.1f" % (kind, s["n"], s["close"], s["yes"],
                                  s["errors"], s["memg"], s["memg_se"],
                                  s["memg_close"]))
    s = summary(ds)
    out.append("  %-13s %5d  %5d  %4d  %6d   %6.1f (+- %.1f)     %8.1f"
               % ("all", s["n"], s["close"], s["yes"], s["errors"],
                  s["memg"], s["memg_se"], s["memg_close"]))
    return out


def score_lines(games, ds):
    """By match score: games played at it, then each kind's decisions
    (n, mEMG a decision)."""
    labels = sorted({score_label(g, 1) for g in games},
                    key=lambda s: (s.split()[0], s))
    out = ["  score (AI-gnubg)           games  double (n, mEMG)  redouble"
           "          take               take redouble"]
    for lab in labels:
        ng = sum(score_label(g, 1) == lab for g in games)
        cells = []
        for kind in KINDS:
            s = summary([d for d in ds if d["score"] == lab
                         and d["kind"] == kind])
            cells.append("%4d %6.1f" % (s["n"], s["memg"]) if s["n"]
                         else "   -       ")
        out.append("  %-26s %5d  %s" % (lab, ng, "       ".join(cells)))
    return out


def report_lines(games, band_table):
    out = []
    for label in ("money", "match"):
        gs = [g for g in games if g["label"] == label]
        if not gs:
            continue
        title = ("money games" if label == "money"
                 else "%d-point matches" % gs[0]["length"])
        for side, who in ((1, "Hard"), (0, "gnubg 0-ply (reference)")):
            ds = decisions(gs, side)
            o = overall(gs, side)
            out.append("%s, %s: %s" % (title, who, results(gs, side)))
            out += kind_lines(ds)
            out.append(
                "  gnubg's statistics: chequer play %.1f mEMG a move (%d "
                "unforced), cube %.1f mEMG a close decision (%d), overall "
                "%.1f mEMG (%s); cube error %.3f EMG in its statistics, "
                "%.3f here" % (o["chequer"], o["moves"], o["cube"],
                               o["close"], o["overall"],
                               rating(o["overall"], band_table),
                               o["cube_lost"], summary(ds)["lost"]))
            if label == "match" and side == 1:
                out += score_lines(gs, ds)
    return out


def measure(money, matches, length=5, seed=1, plies=2, jobs=1):
    """All the games of ``money`` money games and ``matches`` matches,
    split over ``jobs`` gnubg processes (each its own dice seed)."""
    parts = []
    for k in range(jobs):
        parts.append((money // jobs + (k < money % jobs),
                      matches // jobs + (k < matches % jobs), seed + k))

    def one(p):
        return play(p[0], p[1], length, p[2], plies)

    with ThreadPoolExecutor(jobs) as ex:
        return [g for gs in ex.map(one, parts) for g in gs]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.bg.cubegames")
    ap.add_argument("--money", type=int, default=300,
                    help="money games (300)")
    ap.add_argument("--matches", type=int, default=300,
                    help="matches (300)")
    ap.add_argument("--length", type=int, default=5,
                    help="the matches' length (5)")
    ap.add_argument("--plies", type=int, default=2,
                    help="gnubg's analysis plies (2, its default)")
    ap.add_argument("--seed", type=int, default=1, help="dice seed (1)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="gnubg processes at once (1)")
    ap.add_argument("--json", help="also write the games' records here")
    args = ap.parse_args(argv)
    t0 = time.time()
    try:
        band_table = bands()
        games = measure(args.money, args.matches, args.length, args.seed,
                        args.plies, args.jobs)
        version = gnubg.version()
    except (gnubg.GnubgMissing, gnubg.GnubgError) as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    if args.json:
        with open(args.json, "w") as f:
            json.dump(games, f)
    print("%s; analysis %d-ply, chequer play and cube, both sides; Hard "
          "(minigam.bg.cube) against gnubg 0-ply with the cube, dice "
          "seed %d" % (version, args.plies, args.seed))
    print("\n".join(report_lines(games, band_table)))
    sys.stderr.write("%.0f s\n" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
