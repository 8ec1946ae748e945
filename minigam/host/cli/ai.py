"""``ai --level LEVEL [--full-entry] [--seed S]``: the AI's choice per line.

Reads ``<position> <d1>-<d2>`` lines (as ``legal``) and prints, for each,
the position after the chosen play with the turn passed (the pass position
when no play is legal; an empty line when the game is already over). Bad
lines print ``error: <reason>`` and make the exit status 2.

Levels: ``perfect`` (the exact table; ``solve`` caches it, and without it
this refuses with that command, as ``play``'s ``ai:perfect`` does) and
the device AI's ``easy``, ``medium``, ``hard`` (``minigam.quarter.ai.AIPlayer``).

``--game backgammon`` (``minigam.bg.ai.BgAI``: ``easy``, ``medium``,
``hard``): lines are ``<position-id> <d1>-<d2>`` as ``legal --game
backgammon`` reads them (a GNU Backgammon Position ID, its player on roll
the mover), and the answer is in ``legal``'s convention too, so it is
always one of ``legal``'s results: the Position ID of the board after the
chosen play with the mover *still on roll*; the position itself when no
play is legal; an empty line when the game is already over.

``--game nardy`` (Long Nardy, ``minigam.nardy.ai.NardyAI``: ``easy``,
``medium``, ``hard``): lines are ``<position> <d1>-<d2>`` in Long Nardy's
notation, as ``legal --game nardy`` reads them, and the answer is in its
convention too: the position after the chosen play, the turn passed (the
position with the turn passed when no play is legal; an empty line when
the game is already over), always one of ``legal``'s results.

``--game backgammon --cube [--jacoby] [--beavers]``: instead of a play,
the device's cube decision for lines of gnubg's ``<Position ID>:<Match
ID>`` (``minigam.host.cli.ai_cube``): ``double`` / ``no-double``, or with
a double offered ``take`` / ``pass`` / ``beaver``.
"""

import argparse
import sys

from minigam.quarter.notation import format_position
from minigam.quarter.rules import Rules, winner
from minigam.host.cli.legal import (GAMES, parse_bg_query,
                                    parse_nardy_query, run_lines,
                                    stdin_lines)

LEVELS = ("easy", "medium", "hard", "perfect")


def make_player(level, rules, seed=None):
    """An AI player of ``level`` for ``rules`` (ValueError if unknown)."""
    if level == "perfect":
        try:
            from minigam.host.aitools.quarter import solver
            from minigam.host.aitools.quarter.perfect import PerfectPlayer
        except ImportError as exc:  # make play's set-up has no numba
            raise ValueError(
                "the perfect level needs the exact table's tools, which "
                "make test's set-up installs (%s)" % exc)
        table = solver.load(rules.full_entry, rules.checkers)
        if table is None:  # as play's ai:perfect: never a silent solve
            raise ValueError(
                "the perfect level needs the exact table; make it with "
                "'python -m minigam.host solve%s' (takes minutes)"
                % (" --full-entry" if rules.full_entry else ""))
        return PerfectPlayer(rules, table)
    try:
        from minigam.quarter.ai import AIPlayer
    except ImportError as exc:
        raise ValueError("level %r needs minigam.quarter.ai, unavailable: %s"
                         % (level, exc))
    return AIPlayer(rules, level, seed=seed)


def bg_answerer(level, seed=None):
    """``answer(pos, d1, d2)`` for ``--game backgammon`` (see above)."""
    from minigam.bg.ai import BgAI
    from minigam.bg.ids import format_position_id
    from minigam.bg.rules import TURN, winner as bg_winner
    ai = BgAI(level, seed)

    def answer(pos, d1, d2):
        if bg_winner(pos):
            return ""
        ai.choose(pos, d1, d2)
        res = bytearray(ai.result)
        res[TURN] = pos[TURN]  # legal's convention: the mover on roll
        return format_position_id(res)

    return answer


def nardy_answerer(level, seed=None):
    """``answer(pos, d1, d2)`` for ``--game nardy`` (see above)."""
    from minigam.nardy.ai import NardyAI
    from minigam.nardy.notation import format_position as format_nardy
    from minigam.nardy.rules import winner as nardy_winner
    ai = NardyAI(level, seed)

    def answer(pos, d1, d2):
        if nardy_winner(pos):
            return ""
        ai.choose(pos, d1, d2)
        return format_nardy(ai.result)

    return answer


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host ai")
    ap.add_argument("--level", required=True, choices=LEVELS)
    ap.add_argument("--full-entry", action="store_true",
                    help="the Full-Entry variant")
    ap.add_argument("--seed", type=int, default=None,
                    help="noise seed (easy/medium), for repeatable runs")
    ap.add_argument("--game", choices=GAMES, default="minigam",
                    help="minigam (default), backgammon (lines of "
                    "'<gnubg position-id> <d1>-<d2>') or nardy (Long Nardy: "
                    "lines of '<position> <d1>-<d2>')")
    ap.add_argument("--cube", action="store_true",
                    help="backgammon: the cube decision (double, no-double, "
                    "take, pass, beaver) for lines of gnubg's "
                    "'<position ID>:<match ID>'")
    ap.add_argument("--jacoby", action="store_true",
                    help="with --cube: money play under the Jacoby rule")
    ap.add_argument("--beavers", action="store_true",
                    help="with --cube: money play allows beavers")
    args = ap.parse_args(argv)
    if (args.jacoby or args.beavers) and not args.cube:
        ap.error("--jacoby and --beavers go with --cube")
    if args.cube:
        if args.game != "backgammon":
            ap.error("--cube is backgammon's (--game backgammon)")
        if args.level == "perfect":
            ap.error("backgammon has no perfect level (easy, medium, hard)")
        from minigam.host.cli.ai_cube import cube_answerer, parse_cube_query
        return run_lines(stdin_lines(), sys.stdout,
                         cube_answerer(args.jacoby, args.beavers),
                         parse_cube_query, err=sys.stderr)
    if args.game == "nardy":
        if args.full_entry:
            ap.error("--full-entry is a MINIGAM variant, not Long Nardy's")
        if args.level == "perfect":
            ap.error("Long Nardy has no perfect level (easy, medium, hard)")
        return run_lines(stdin_lines(), sys.stdout,
                         nardy_answerer(args.level, args.seed),
                         parse_nardy_query)
    if args.game == "backgammon":
        if args.full_entry:
            ap.error("--full-entry is a MINIGAM variant, not backgammon's")
        if args.level == "perfect":
            ap.error("backgammon has no perfect level (easy, medium, hard)")
        return run_lines(stdin_lines(), sys.stdout,
                         bg_answerer(args.level, args.seed), parse_bg_query)
    rules = Rules(full_entry=args.full_entry)
    try:
        player = make_player(args.level, rules, args.seed)
    except (ValueError, OSError) as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2

    def answer(pos, d1, d2):
        if winner(pos, rules.checkers):
            return ""
        player.choose(pos, d1, d2)
        return format_position(player.result)

    return run_lines(stdin_lines(), sys.stdout, answer)
