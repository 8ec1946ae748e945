"""``perft DEPTH [--full-entry] [--game minigam|backgammon|nardy]``: leaf
counts of the game tree, by depth.

From the start position, each ply branches over the 21 distinct rolls (each
counted once, not weighted) and then over the distinct resulting positions
of that roll; a pass is one child; a finished game is a leaf (it counts
itself and has no children). Figures: standard 33, 1174, 68959, 3777950;
Full-Entry 30, 955, 45697, 2004130. Depths 1-3 are checked against an
independent naive generator in the tests; depth 4 was checked against it
once by hand (too slow for the suite).

``--game backgammon`` (standard backgammon, ``minigam.bg.rules``) starts
from the opening: ply 1 branches over the 15 opening rolls (the non-doubles
``a-b``, ``a < b``; Player 1 plays the roll from the start position) and
then over the distinct boards after that roll; every later ply branches
over the 21 distinct rolls (each counted once, not weighted by its 1/18 or
1/36 chance) and then over the distinct boards after it, the turn passing
each ply. A pass is one child, a finished game a leaf. Figures: 190,
89,153, 48,678,745 (depths 1, 2, 3; depth 3 takes about 2 minutes of
CPython). Depths 1 and 2 are checked against an independent slow
generator in the tests (tests/test_bg_rules.py).

``--game nardy`` (Long Nardy, ``minigam.nardy.rules``) starts from the
start position, White to roll. Long Nardy's opening roll only decides who
starts: the winner then rolls both dice, doubles included (hence the
head rule's first-turn exception), so every ply, the first too, branches
over the 21 distinct rolls (each counted once, not weighted) and then over
the distinct boards after that roll, the turn passing each ply. A pass is
one child, a finished game a leaf. Figures: 22, 484, 35,387, 2,411,418
(depths 1 to 4; depth 4 takes about 35 s of CPython). Depths 1 to 3 are
checked against an independent slow generator in the tests
(tests/test_nardy_rules.py); depth 4 was checked against it once by hand.
"""

import argparse
import sys

from minigam.quarter.rules import Rules, new_position, winner

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
OPENING_ROLLS = tuple((a, b) for a, b in ROLLS if a < b)
# Each ply multiplies the work by about 55: depth 5 is hours of CPython,
# depth 6 days. Deeper asks are refused rather than left to run.
MAX_DEPTH = 5
# Backgammon: each ply multiplies the work by about 500; depth 4 would take
# a day.
BG_MAX_DEPTH = 3
# Long Nardy: each ply multiplies the work by about 70; depth 5 would take
# most of an hour.
NARDY_MAX_DEPTH = 4


def perft(rules, pos, depth):
    """Leaf count of the roll/play tree of ``depth`` plies below ``pos``."""
    if depth == 0 or winner(pos, rules.checkers):
        return 1
    total = 0
    for a, b in ROLLS:
        for child in rules.results(pos, a, b):
            total += perft(rules, child, depth - 1)
    return total


def bg_perft(rules, pos, depth, winner=None):
    """Backgammon: leaf count of the 21-roll/play tree of ``depth`` plies
    below ``pos`` (``rules`` a ``minigam.bg.rules.Rules``). Long Nardy's
    tree is counted the same way, with its rules and ``winner``."""
    if winner is None:
        from minigam.bg.rules import winner
    if depth == 0 or winner(pos):
        return 1
    total = 0
    if depth == 1:  # the last ply counts plays, without making them
        for a, b in ROLLS:
            total += rules.plays(pos, a, b) or 1
        return total
    for a, b in ROLLS:
        for child in rules.results(pos, a, b):
            total += bg_perft(rules, child, depth - 1, winner)
    return total


def bg_perft_opening(rules, depth):
    """Backgammon from the opening: ply 1 over the 15 opening rolls, then
    ``bg_perft`` below each result."""
    from minigam.bg.rules import new_position as bg_start
    start = bg_start()
    total = 0
    for a, b in OPENING_ROLLS:
        for child in rules.results(start, a, b):
            total += bg_perft(rules, child, depth - 1)
    return total


# --game: (the name in messages, the deepest DEPTH, the work a ply
# multiplies by)
OTHER_GAMES = {"backgammon": ("backgammon", BG_MAX_DEPTH, 500),
               "nardy": ("Long Nardy", NARDY_MAX_DEPTH, 70)}


def other_game(ap, args):
    """``perft`` for ``--game backgammon`` or ``--game nardy``."""
    name, limit, growth = OTHER_GAMES[args.game]
    if args.full_entry:
        ap.error("--full-entry is a MINIGAM variant, not %s's" % name)
    if not 1 <= args.depth <= limit:
        sys.stderr.write("error: DEPTH must be 1..%d for %s (each ply "
                         "multiplies the work by about %d)\n"
                         % (limit, args.game, growth))
        return 2
    if args.game == "backgammon":
        from minigam.bg.rules import Rules as BgRules
        rules = BgRules()

        def count(n):
            return bg_perft_opening(rules, n)
    else:
        from minigam.nardy.rules import Rules as NardyRules, new_position
        from minigam.nardy.rules import winner as nardy_winner
        rules = NardyRules()
        start = new_position()

        def count(n):
            return bg_perft(rules, start, n, nardy_winner)
    for n in range(1, args.depth + 1):
        print("depth %d: %d" % (n, count(n)))
        sys.stdout.flush()
    return 0


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host perft")
    ap.add_argument("depth", type=int)
    ap.add_argument("--full-entry", action="store_true")
    ap.add_argument("--game", choices=("minigam", "backgammon", "nardy"),
                    default="minigam")
    args = ap.parse_args(argv)
    if args.game != "minigam":
        return other_game(ap, args)
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
