"""Hard's cube decisions against GNU Backgammon's (issue 16).

``python -m minigam.host.aitools.bg.cube [--games N] [--plies P] [--scan]
[--lookahead]``

Positions: the decision points of N money games gnubg 0-ply plays against
itself with the cube (no Jacoby rule, no beavers, as
``docs/rules/backgammon.md`` plays): every turn's position before the roll
where the player on roll may double, the cube centred or his, once each
(position and cube state). Each is a decision to double (or redouble);
where gnubg or the device would double, the opponent's decision to take
or pass that double is one more.

gnubg's answer: its cubeful evaluation (``cfevaluate``) at P plies (2, its
analysis default) gives the player on roll's equities, normalised to the
cube: no double (ND), double/take (DT), double/pass (DP = 1). It doubles
when ``min(DT, DP) > ND`` and takes when ``DT <= DP``.

The model judged is ``minigam.bg.cube``'s (Janowski's cubeful model on
the network's five outputs, cube efficiency ``minigam.bg.cube.X``;
``--x`` judges other efficiencies, ``--x-scan`` a grid of them): the
device's answer in a match. Also judged: the threshold rule the device
kept for money play until issue 57 (``THRESHOLDS``):
``E`` is the network's cubeless equity of the position for the player on
roll (``minigam.bg.eval``); it doubles a centred cube when ``DOUBLE <= E
<= TOO_GOOD``, redoubles when ``REDOUBLE <= E <= TOO_GOOD_OWNED``, and
takes when the network's equity of the position seen with the taker on
roll is at least ``TAKE``.

Figures, by decision and cube: decisions, gnubg's close ones (its
``isCloseCubedecision``: the best equity within 0.16 of ``min(DT, 1)``;
every take decision counts as close), agreement with gnubg (on close
decisions and on all), the errors by kind, and the equity the device's
action gives up by gnubg's evaluation, in mEMG: per decision, and as
gnubg's analysis states a cube error rate (all the errors over the close
decisions). ``--scan`` searches thresholds that would give up less on
these positions, a pair for each cube state and one for the takes (and
checks them on half of the positions, fitted on the other half);
``--lookahead`` judges the same rule on the network's equities one roll
ahead (the mean over the 36 rolls of Hard's best play), a different rule
the device could use; ``--ahead`` the model on the network's
probabilities one roll ahead (``minigam.core.search24.Search24.ahead``,
issue 57).

On this 2-core machine (one gnubg process, 200 games, 5,220 decision
points) it takes about 3 minutes, 14 with ``--lookahead`` (the look
ahead runs the device's evaluator in CPython).
"""

import argparse
import json
import sys
import time

from minigam.bg import cube as cube_rule
from minigam.host.aitools.bg import gnubg

CLOSE = 0.16  # gnubg's isCloseCubedecision threshold (eval.c)
# gnubg's cubeinfo (value, owner) of each state, the player on roll being
# player 1.
STATES = {"centred": (1, -1), "owned": (2, 1)}

_GAMES = r'''
import json
cfg = json.loads(%(cfg)r)
for c in ("set display off", "set threads 1", "set automatic game off",
          "set cube use on", "set jacoby off", "set beavers 0",
          "set rng mersenne", "set seed %%d" %% cfg["seed"]):
    gnubg.command(c)
for p in (0, 1):
    for c in ("gnubg", "chequerplay evaluation plies 0",
              "chequerplay evaluation prune off",
              "cubedecision evaluation plies 0"):
        gnubg.command("set player %%d %%s" %% (p, c))
gnubg.command("new session")
for g in range(cfg["games"]):
    gnubg.command("new game")
for game in gnubg.match(0, 1, 0, 0)["games"]:
    owner = None
    doubled = True  # the opening roll's play: no cube decision before it
    for turn in game["game"]:
        act, who = turn.get("action"), turn.get("player")
        if act == "double":
            emit(turn["board"], "centred" if owner is None else "owned")
            doubled = True
        elif act == "take":
            owner = who
        elif act == "move":
            if not doubled and owner in (None, who):
                emit(turn["board"], "centred" if owner is None else "owned")
            doubled = False
'''

_CUBE = r'''
import json
cfg = json.loads(%(cfg)r)
gnubg.command("set jacoby off")
gnubg.command("set beavers 0")
ec = gnubg.evalcontext(1, cfg["plies"], 1, 1, 0.0)
for pid, state in cfg["points"]:
    cube, owner = cfg["states"][state]
    r = gnubg.cfevaluate(gnubg.positionfromid(pid),
                         gnubg.cubeinfo(cube, owner, 1, 0, (0, 0), 0, 0), ec)
    emit(pid, state, repr(r[1]), repr(r[2]), repr(r[3]))
'''


def decision_points(games, seed=1, timeout=3600):
    """The distinct ``(position ID, state)`` decision points of ``games``
    cubeful money games gnubg 0-ply plays against itself, in the order
    met: before a roll (not the opening one) where the player on roll may
    double; ``state`` is "centred" or "owned" (by him)."""
    text = gnubg.run(_GAMES % {"cfg": json.dumps({"games": games,
                                                  "seed": seed})}, timeout)
    out = []
    seen = set()
    for line in text.splitlines():
        pid, state = line.split()
        if (pid, state) not in seen:
            seen.add((pid, state))
            out.append((pid, state))
    return out


def gnubg_cube(points, plies=2, timeout=7200):
    """``{(pid, state): (ND, DT, DP)}``: gnubg's cubeful equities for the
    player on roll, normalised to the cube, of each decision point."""
    cfg = {"points": list(points), "plies": plies, "states": STATES}
    out = {}
    for line in gnubg.run(_CUBE % {"cfg": json.dumps(cfg)},
                          timeout).splitlines():
        pid, state, nd, dt, dp = line.split()
        out[(pid, state)] = (float(nd), float(dt), float(dp))
    return out


def judged(state, nd, dt, dp, ours_double, ours_take):
    """A decision point's verdicts against gnubg's cubeful equities ``nd``,
    ``dt``, ``dp`` (cube ``state``): the double, ours ``ours_double``,
    and when either side doubles the take, ours ``ours_take()``; each a
    dict of its kind, gnubg's action and ours, and the equity ours gives
    up."""
    dbl = min(dt, dp)
    g_double = dbl > nd
    out = [{"kind": "double", "state": state,
            "close": max(nd, dbl) - min(dt, 1.0) < CLOSE,
            "gnubg": g_double, "ours": ours_double,
            "loss": abs(dbl - nd) if g_double != ours_double else 0.0}]
    if g_double or ours_double:
        g_take = dt <= dp
        o_take = ours_take()
        out.append({"kind": "take", "state": state, "close": True,
                    "gnubg": g_take, "ours": o_take,
                    "loss": abs(dp - dt) if g_take != o_take else 0.0})
    return out


# The threshold rule the device used for money play until the look ahead
# (issue 57; 1/4096 cubeless equity, fitted by --scan to 200 games):
# (DOUBLE, TOO_GOOD, TAKE) for a centred cube, (REDOUBLE, TOO_GOOD_OWNED,
# TAKE) for a redouble; judged here beside the model.
THRESHOLDS = {"centred": (2200, 2400, -2000), "owned": (1700, 3100, -2000)}


def device_rule():
    """``THRESHOLDS``: the device's money rule, ``{state: (DOUBLE,
    TOO_GOOD, TAKE)}`` (1/4096)."""
    return dict(THRESHOLDS)


def network_probs(pid):
    """The network's five probabilities (0..1) of a Position ID for the
    player on roll (the doubler), as ``minigam.bg.cube``'s model reads
    them for a double and for its take: the doubler on roll."""
    from minigam.bg import cube
    from minigam.bg.ids import parse_position_id
    return cube._probs(parse_position_id(pid, 1), 1)


def ahead_probs(pid, _ai=[]):
    """As ``network_probs``, one roll ahead: the device's own
    ``Search24.ahead`` (the mean over the 21 rolls of the outputs after
    the roller's best play by the network)."""
    from minigam.bg import cube
    from minigam.bg.ai import BgAI
    from minigam.bg.ids import parse_position_id
    if not _ai:
        _ai.append(BgAI("hard", 1))
    return cube.looked(parse_position_id(pid, 1), _ai[0])


def model_decisions(gn, prs, x=None):
    """As ``decisions``, the device's answers from ``minigam.bg.cube``
    (money, efficiency ``x``, default its ``X``) on the network's
    probabilities ``prs`` (``{pid: network_probs(pid)}``)."""
    from minigam.bg import cube
    x = cube.X if x is None else x
    out = []
    for (pid, state), (nd, dt, dp) in gn.items():
        pr = prs[pid]
        out += judged(state, nd, dt, dp,
                      cube.doubles(pr, owned=state == "owned", x=x),
                      lambda: cube.takes(pr, v=2 if state == "owned"
                                         else 1, x=x))
    return out


def x_scan_lines(gn, prs, xs):
    """mEMG lost a decision (centred doubles, redoubles, takes) for each
    efficiency in ``xs``."""
    out = ["Janowski efficiency x: mEMG lost a decision (double centred, "
           "redouble, take; all)"]
    for x in xs:
        ds = model_decisions(gn, prs, x)
        parts = [summarise([d for d in ds if d["kind"] == k
                            and (st is None or d["state"] == st)])["memg"]
                 for k, st in (("double", "centred"), ("double", "owned"),
                               ("take", None))]
        out.append("  x %.2f: %6.1f %6.1f %6.1f; %6.1f"
                   % ((x,) + tuple(parts) + (summarise(ds)["memg"],)))
    return out


def by_state(rule):
    """``rule`` as ``{state: (DOUBLE, TOO_GOOD, TAKE)}``: a dict as it is,
    one tuple for every state."""
    return rule if isinstance(rule, dict) else {st: rule for st in STATES}


def network_equities(pid):
    """The network's cubeless equities (1/4096) of a Position ID: for the
    player on roll, and for the other player seen as if on roll."""
    from minigam.bg.eval import equity_of, evaluate
    from minigam.bg.ids import parse_position_id
    pos = parse_position_id(pid, 1)
    e = equity_of(evaluate(pos))
    pos[52] = 2
    return e, equity_of(evaluate(pos))


def lookahead_equities(pid, _cache={}):
    """As ``network_equities``, but each the mean over the 36 rolls of the
    best play's equity by the network (as ``minigam.bg.ai`` scores plays:
    positions with the other side on roll, a win counted at its size)."""
    from minigam.bg import eval as bge
    from minigam.bg import rules as R
    from minigam.bg.ids import parse_position_id
    if not _cache:
        _cache["rules"], _cache["ev"] = R.Rules(), bge.Evaluator()
    rules, ev = _cache["rules"], _cache["ev"]
    out = []
    for turn in (1, 2):
        pos = parse_position_id(pid, 1)
        pos[52] = turn
        root = bytearray(pos)
        root[52] = 3 - turn
        ev.set_root(root)
        total = 0
        for d1 in range(1, 7):
            for d2 in range(d1, 7):
                n = rules.plays(pos, d1, d2)
                best = -ev.score(root) if n == 0 else max(
                    R.win_kind(r) * bge.PSCALE if R.winner(r)
                    else -ev.score(r)
                    for r in (rules.result(pos, k) for k in range(n)))
                total += best * (1 if d1 == d2 else 2)
        out.append(total // 36)
    return tuple(out)


def decisions(gn, eqs, rule, taker_on_roll=True):
    """The decisions as dicts, in ``gn``'s order: the doubler's at each
    decision point, then the taker's where gnubg or the device doubles.
    Keys: ``kind`` ("double" or "take"), ``state``, ``close``, ``gnubg``
    and ``ours`` (True: double / take) and ``loss`` (the equity the
    device's action gives up by gnubg's figures, normalised to the cube).
    ``taker_on_roll`` False judges a take by the network's equity with the
    doubler on roll (``-E``) instead of the device's view (the taker as if
    on roll)."""
    rules = by_state(rule)
    out = []
    for (pid, state), (nd, dt, dp) in gn.items():
        double, too_good, take = rules[state]
        e, e_taker = eqs[pid]
        out += judged(state, nd, dt, dp, double <= e <= too_good,
                      lambda: (e_taker if taker_on_roll else -e) >= take)
    return out


def summarise(ds):
    """Counts and losses of a list of ``decisions``."""
    n = len(ds)
    close = [d for d in ds if d["close"]]
    lost = sum(d["loss"] for d in ds)
    return {
        "n": n, "close": len(close),
        "agree": sum(d["gnubg"] == d["ours"] for d in ds),
        "agree_close": sum(d["gnubg"] == d["ours"] for d in close),
        # ours alone: a wrong double or a wrong take; gnubg's alone: a
        # missed double or a wrong pass.
        "ours_only": sum(d["ours"] and not d["gnubg"] for d in ds),
        "gnubg_only": sum(d["gnubg"] and not d["ours"] for d in ds),
        "lost": lost,
        "memg": 1000 * lost / n if n else 0.0,
        "memg_close": 1000 * lost / len(close) if close else 0.0,
    }


def table_lines(ds):
    out = ["decision  cube         n  close  agree: close    all   device "
           "alone        gnubg alone          mEMG lost: a decision, "
           "a close one"]
    for kind, yes, no in (("double", "wrong doubles", "missed doubles"),
                          ("take", "wrong takes", "wrong passes")):
        for state in STATES:
            s = summarise([d for d in ds if d["kind"] == kind
                           and d["state"] == state])
            if not s["n"]:
                continue
            out.append(
                "%-8s  %-8s %5d  %5d      %5.1f%%  %5.1f%%   %4d %-14s "
                "%4d %-14s  %6.1f  %6.1f"
                % (kind, state, s["n"], s["close"],
                   100.0 * s["agree_close"] / max(s["close"], 1),
                   100.0 * s["agree"] / s["n"], s["ours_only"], yes,
                   s["gnubg_only"], no, s["memg"], s["memg_close"]))
    return out


def _arrays(gn, eqs, keys, taker_on_roll):
    """For the decision points ``keys``: the network's equities, and what
    doubling or not, taking or passing would give up by gnubg's figures."""
    import numpy as np
    f = np.array([gn[k] for k in keys], float).reshape(-1, 3)
    e = np.array([eqs[k[0]][0] for k in keys], float)
    et = (np.array([eqs[k[0]][1] for k in keys], float) if taker_on_roll
          else -e)
    dbl = np.minimum(f[:, 1], f[:, 2])
    return (e, et, np.maximum(f[:, 0] - dbl, 0), np.maximum(dbl - f[:, 0], 0),
            dbl > f[:, 0], np.maximum(f[:, 1] - f[:, 2], 0),
            np.maximum(f[:, 2] - f[:, 1], 0))


def _totals(a, rule):
    """(EMG given up on the doubles, their number, on the takes, their
    number) by ``rule`` on ``_arrays`` ``a``."""
    import numpy as np
    e, et, loss_d, loss_n, g_double, loss_t, loss_p = a
    dbl = (e >= rule[0]) & (e <= rule[1])
    asked = g_double | dbl
    return (float(np.where(dbl, loss_d, loss_n).sum()), len(e),
            float(np.where(et >= rule[2], loss_t, loss_p)[asked].sum()),
            int(asked.sum()))


def losses(a, rule):
    """(mEMG given up a double decision, a take decision) by ``rule`` on
    ``_arrays`` ``a``."""
    d, nd, t, nt = _totals(a, rule)
    return 1000 * d / max(nd, 1), 1000 * t / max(nt, 1)


def best_rule(groups):
    """The thresholds that give up least on ``groups`` (``{state:
    _arrays}``): for each state the (DOUBLE, TOO_GOOD) pair on a grid, for
    its doubles, then one TAKE for all the takes (of gnubg's doubles and
    those pairs'). Returns ``{state: (DOUBLE, TOO_GOOD, TAKE)}``."""
    pairs = {st: min((_totals(a, (lo, hi, 0))[0], lo, hi)
                     for lo in range(800, 3001, 100)
                     for hi in range(lo, 8001, 200))[1:]
             for st, a in groups.items()}
    take = min((sum(_totals(a, pairs[st] + (t,))[2]
                    for st, a in groups.items()), t)
               for t in range(-4000, -999, 50))[1]
    return {st: pairs[st] + (take,) for st in groups}


def group_losses(groups, rules):
    """mEMG given up: a double decision in each state of ``groups`` (in
    ``STATES``' order), then a take decision."""
    tot = {st: _totals(a, rules[st]) for st, a in groups.items()}
    takes = sum(t[3] for t in tot.values())
    return tuple(1000 * tot[st][0] / max(tot[st][1], 1) for st in STATES) \
        + (1000 * sum(t[2] for t in tot.values()) / max(takes, 1),)


def scan(gn, eqs, rule, taker_on_roll=True):
    """Better thresholds for these decision points, for each cube state
    (``best_rule``): fitted on all of them, and checked out of sample
    (fitted on every other one, judged on the rest, both ways round).
    Returns ``{"fitted": {state: rule}, "in", "now", "held_out",
    "now_held_out"}``, the last four ``group_losses``."""
    def groups(keys):
        return {st: _arrays(gn, eqs, [k for k in keys if k[1] == st],
                            taker_on_roll) for st in STATES}

    keys = list(gn)
    now = by_state(rule)
    g = groups(keys)
    fitted = best_rule(g)
    out = {"fitted": fitted, "in": group_losses(g, fitted),
           "now": group_losses(g, now)}
    held = [0.0] * (len(STATES) + 1)
    held_now = list(held)
    for fit, judge in ((keys[::2], keys[1::2]), (keys[1::2], keys[::2])):
        r = best_rule(groups(fit))
        j = groups(judge)
        for k, (a, b) in enumerate(zip(group_losses(j, r),
                                       group_losses(j, now))):
            held[k] += a / 2
            held_now[k] += b / 2
    out["held_out"], out["now_held_out"] = tuple(held), tuple(held_now)
    return out


def scan_lines(gn, eqs, rule, label, taker_on_roll=True):
    r = scan(gn, eqs, rule, taker_on_roll)
    f = r["fitted"]
    rules = ", ".join("%s DOUBLE %d TOO_GOOD %d" % ((st,) + f[st][:2])
                      for st in STATES)
    return ["%s: %s, TAKE %d (equity x 4096)" % (
                label, rules, f["centred"][2]),
            "    mEMG lost a decision (double centred, owned, take): %.1f, "
            "%.1f, %.1f (now %.1f, %.1f, %.1f); out of sample %.1f, %.1f, "
            "%.1f (now %.1f, %.1f, %.1f)"
            % (r["in"] + r["now"] + r["held_out"] + r["now_held_out"])]


def report(gn, eqs, rule, label, with_scan=False):
    """The table of ``rule`` on the network's equities ``eqs`` and, with
    ``with_scan``, its scans' lines (takes in the device's view, then with
    the doubler on roll)."""
    out = [label + ":"] + table_lines(decisions(gn, eqs, rule))
    if with_scan:
        out += (scan_lines(gn, eqs, rule, "  best thresholds")
                + scan_lines(gn, eqs, rule, "  best with takes judged by "
                             "the doubler's -E", False))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.bg.cube")
    ap.add_argument("--games", type=int, default=200,
                    help="gnubg's cubeful self-play games (200)")
    ap.add_argument("--plies", type=int, default=2,
                    help="gnubg's cube evaluation plies (2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scan", action="store_true",
                    help="also search better thresholds")
    ap.add_argument("--x", type=float, default=None,
                    help="the model's cube efficiency (minigam.bg.cube.X)")
    ap.add_argument("--x-scan", action="store_true",
                    help="also the model at efficiencies 0.30 .. 1.00")
    ap.add_argument("--lookahead", action="store_true",
                    help="also the rule on equities one roll ahead")
    ap.add_argument("--ahead", action="store_true",
                    help="also the model on the network's probabilities "
                    "one roll ahead (minigam.core.search24's ahead)")
    args = ap.parse_args(argv)
    t0 = time.time()
    try:
        points = decision_points(args.games, args.seed)
        gn = gnubg_cube(points, args.plies)
        version = gnubg.version()
    except (gnubg.GnubgMissing, gnubg.GnubgError) as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    pids = {p for p, _ in points}
    eqs = {p: network_equities(p) for p in pids}
    rule = device_rule()
    prs = {p: network_probs(p) for p in pids}
    print("%s; cube decisions by cfevaluate at %d plies, cubeful money "
          "play (no Jacoby, no beavers); %d decision points of %d money "
          "games gnubg 0-ply played itself with the cube (seed %d)"
          % (version, args.plies, len(points), args.games, args.seed))
    from minigam.bg import cube as model
    x = model.X if args.x is None else args.x
    print("\n".join(["the device's model (minigam.bg.cube, Janowski, x %.2f):"
                     % x] + table_lines(model_decisions(gn, prs, x))))
    if args.x_scan:
        print("\n".join(x_scan_lines(
            gn, prs, [0.30 + 0.05 * k for k in range(15)])))
    print("former threshold rule: double when %d <= E <= %d "
          "(centred cube), redouble when %d <= E <= %d, take when E >= %d "
          "(1/4096 equity, the network's, cubeless)"
          % (rule["centred"][:2] + rule["owned"][:2] + rule["centred"][2:]))
    print("\n".join(report(gn, eqs, rule, "the former threshold rule",
                            args.scan)))
    if args.ahead:
        ahead = {p: ahead_probs(p) for p in pids}
        print("\n".join(["the model one roll ahead (Search24.ahead's "
                          "probabilities, x %.2f):" % x]
                         + table_lines(model_decisions(gn, ahead, x))))
        if args.x_scan:
            print("\n".join(x_scan_lines(
                gn, ahead, [0.30 + 0.05 * k for k in range(15)])))
    if args.lookahead:
        ahead = {p: lookahead_equities(p) for p in pids}
        print("\n".join(report(gn, ahead, rule, "the same rule one roll "
                                "ahead (the mean of Hard's best play over "
                                "the 36 rolls)", args.scan)))
    sys.stderr.write("%.0f s\n" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
