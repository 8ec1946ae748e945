"""``perft DEPTH [--full-entry]``: leaf counts of the game tree, by depth.

From the start position, each ply branches over the 21 distinct rolls (each
counted once, not weighted) and then over the distinct resulting positions
of that roll; a pass is one child; a finished game is a leaf (it counts
itself and has no children). Figures: standard 33, 1174, 68959, 3777950;
Full-Entry 30, 955, 45697, 2004130. Depths 1-3 are checked against an
independent naive generator in the tests; depth 4 was checked against it
once by hand (too slow for the suite).
"""

import argparse
import sys

from minigam.rules import Rules, new_position, winner

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
# Each ply multiplies the work by about 55: depth 5 is hours of CPython,
# depth 6 days. Deeper asks are refused rather than left to run.
MAX_DEPTH = 5


def perft(rules, pos, depth):
    """Leaf count of the roll/play tree of ``depth`` plies below ``pos``."""
    if depth == 0 or winner(pos, rules.checkers):
        return 1
    total = 0
    for a, b in ROLLS:
        for child in rules.results(pos, a, b):
            total += perft(rules, child, depth - 1)
    return total


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host perft")
    ap.add_argument("depth", type=int)
    ap.add_argument("--full-entry", action="store_true")
    args = ap.parse_args(argv)
    if not 1 <= args.depth <= MAX_DEPTH:
        sys.stderr.write("error: DEPTH must be 1..%d (each ply multiplies "
                         "the work by about 55)\n" % MAX_DEPTH)
        return 2
    rules = Rules(full_entry=args.full_entry)
    start = new_position()
    for n in range(1, args.depth + 1):
        print("depth %d: %d" % (n, perft(rules, start, n)))
        sys.stdout.flush()
    return 0
