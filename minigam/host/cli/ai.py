"""``ai --level LEVEL [--full-entry] [--seed S]``: the AI's choice per line.

Reads ``<position> <d1>-<d2>`` lines (as ``legal``) and prints, for each,
the position after the chosen play with the turn passed (the pass position
when no play is legal; an empty line when the game is already over). Bad
lines print ``error: <reason>`` and make the exit status 2.

Levels: ``perfect`` (the exact table; ``solve`` caches it, and without it
this refuses with that command, as ``play``'s ``ai:perfect`` does) and
the device AI's ``easy``, ``medium``, ``hard`` (``minigam.ai.AIPlayer``).
"""

import argparse
import sys

from minigam.notation import format_position
from minigam.rules import Rules, winner
from minigam.host.cli.legal import run_lines, stdin_lines

LEVELS = ("easy", "medium", "hard", "perfect")


def make_player(level, rules, seed=None):
    """An AI player of ``level`` for ``rules`` (ValueError if unknown)."""
    if level == "perfect":
        from minigam.host.aitools import solver
        from minigam.host.aitools.perfect import PerfectPlayer
        table = solver.load(rules.full_entry, rules.checkers)
        if table is None:  # as play's ai:perfect: never a silent solve
            raise ValueError(
                "the perfect level needs the exact table; make it with "
                "'python -m minigam.host solve%s' (takes minutes)"
                % (" --full-entry" if rules.full_entry else ""))
        return PerfectPlayer(rules, table)
    try:
        from minigam.ai import AIPlayer
    except ImportError as exc:
        raise ValueError("level %r needs minigam.ai, unavailable: %s"
                         % (level, exc))
    return AIPlayer(rules, level, seed=seed)


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host ai")
    ap.add_argument("--level", required=True, choices=LEVELS)
    ap.add_argument("--full-entry", action="store_true",
                    help="the Full-Entry variant")
    ap.add_argument("--seed", type=int, default=None,
                    help="noise seed (easy/medium), for repeatable runs")
    args = ap.parse_args(argv)
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
