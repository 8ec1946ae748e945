"""``review [--game minigam|backgammon|nardy] [--values exact|hard|auto]
[--player 1|2|both] RECORD``.

The handheld's game-over review on the PC, for every decision: each game of
RECORD (``-`` for stdin; a match has several games) is walked with
``minigam.core.review.Review``, and each decision with a choice gets a
line: turn, player, roll (the higher die first), the play made, a better
play (``=`` when the play made lost nothing), in the game's notation
(Backgammon's as gnubg writes it: ``24/15``, ``6/2*(2)``), what it lost and
its mark (the game's thresholds,
``minigam.core.review.LIMITS``: doubtful, blunder, very bad). Then, per
game and player: decisions, the mean loss a decision (and the total, a sum
of losses: for MINIGAM's win chances it is no probability), and the
``TOP`` largest errors in the same format.

RECORD by game: MINIGAM's records (``play --record``), a Backgammon match
in gnubg's ``.mat`` text (the handheld's console export, or gnubg's
``export match mat``), Long Nardy's records. Its first line (after blank
lines and comments) says which: ``MINIGAM record 1``, ``Long Nardy record
1``, a ``.mat``'s ``N point match``; ``--game``, when given, must agree.
MINIGAM's losses are win probability, the 24-point games' cubeless equity
in points a game.

Values: ``exact`` (MINIGAM's cached exact table, ``solve`` makes it; an
error without it), ``hard`` (Hard's first-ply estimates, as on the
handheld), ``auto`` (exact when cached, else Hard's; the header says
which). The 24-point games have Hard's alone.

``review --calibrate N``: how well Hard's estimates flag doubtful plays and
blunders against the exact values
(``minigam.host.aitools.quarter.tutor_calibration``). With ``--game
nardy``: Long Nardy's thresholds measured against a roll of look-ahead
(``minigam.host.aitools.nardy.tutor_limits``); Backgammon's are gnubg's
and are not measured (exit 2).

Errors (an unreadable file, binary data, a record that does not replay)
print ``error: <file>: ...`` and exit with 2.
"""

import argparse
import re
import sys

from minigam.core.review import (Review, TOP, MARKS, LIMITS, grade,
                                  play_text)
from minigam.host.cli.replay import read_bytes, read_text

GAMES = ("minigam", "backgammon", "nardy")
# How each game's records are named in an error: a --game that the first
# line contradicts.
RECORD_OF = {"minigam": ("a MINIGAM record ('MINIGAM record 1')",
                         "MINIGAM's"),
             "backgammon": ("a Backgammon match (.mat)", "Backgammon's"),
             "nardy": ("a Long Nardy record ('Long Nardy record 1')",
                       "Long Nardy's")}

EXACT = "exact (cached table)"
HARD = "Hard's estimates"


def mark(loss, kind=0):
    """The tutor's word for a play that lost ``loss`` in game ``kind``:
    '', 'doubtful', 'blunder' or 'very bad'."""
    return MARKS[grade(loss, kind)].lower()


def solve_command(rules):
    return "python -m minigam.host solve%s" % (
        " --full-entry" if rules.full_entry else "")


def variant(rules):
    return "Full-Entry" if rules.full_entry else "standard"


def lost(d):
    """True when decision ``d`` lost something that shows in 4 decimals
    (float32 exact values make equal plays differ by ~1e-8)."""
    return round(d.loss, 4) > 0


def decision_line(d, kind=0):
    """One decision ``d`` (a ``minigam.core.review.Decision``) of game
    ``kind`` as a line."""
    better = play_text(kind, d.player, d.best) if lost(d) else "="
    return ("%4d. P%d %d-%d  %-14s %-14s %.4f  %s" % (
        d.turn, d.player, max(d.d1, d.d2), min(d.d1, d.d2),
        play_text(kind, d.player, d.played),
        better, d.loss, mark(d.loss, kind))).rstrip()


HEAD = "%-9s%-5s%-15s%-15s%6s  %s" % (
    " turn", "roll", "played", "better", "loss", "mark")


class Advisors:
    """The advisor of each variant under ``--values``, and the words the
    header gives its values; made once per variant."""

    def __init__(self, values):
        self.values = values
        self.made = {}
        self.exact = None
        self.missing = None  # why no exact table can be had here

    def get(self, rules):
        """``(advisor, label)``; ValueError when ``exact`` is asked for and
        the variant's table is not cached."""
        key = (bool(rules.full_entry), rules.checkers)
        if key not in self.made:
            self.made[key] = self._make(rules)
        return self.made[key]

    def _make(self, rules):
        why = ("no cached exact table: '%s' makes it in minutes"
               % solve_command(rules))
        if self.values != "hard":
            if self.exact is None:
                try:
                    from minigam.host.aitools.quarter import perfect
                    self.exact = perfect.factory(rules.checkers) or (
                        lambda rules: None)
                except ImportError as exc:  # make play's set-up: no numba
                    self.missing = ("the exact table needs make test's "
                                    "set-up (%s)" % exc)
                    self.exact = lambda rules: None
            why = self.missing or why
            adv = self.exact(rules)
            if adv is not None:
                return adv, EXACT
            if self.values == "exact":
                raise ValueError(
                    "--values exact needs the exact table of the %s game: "
                    "%s" % (variant(rules), why))
        from minigam.quarter.ai import AIPlayer
        label = HARD
        if self.values == "auto":
            label += " (%s)" % why
        return AIPlayer(rules, "hard", seed=0), label


def review_game(game, players, advisor, out):
    """Print every decision of ``game`` by ``players`` measured by
    ``advisor``, then each player's summary; returns the ``Review``s'
    decisions as ``{player: [Decision, ...]}``."""
    kind = game.KIND
    rev = Review(game, players, advisor)
    seen = {p: [] for p in players}
    shown = None
    out.write(HEAD + "\n")
    while True:
        done = rev.step()
        d = rev.last  # stays set over the next turn's slices: print once
        if d is not None and d is not shown:
            shown = d
            seen[d.player].append(d)
            out.write(decision_line(d, kind) + "\n")
        if done:
            break
    for p in players:
        summary(p, seen[p], out, kind)
    return seen


def largest(decisions, top=TOP):
    """The ``top`` biggest errors, biggest first; the earlier turn first on
    equal losses, as ``Review.worst`` keeps them."""
    errs = [d for d in decisions if lost(d)]
    errs.sort(key=lambda d: -d.loss)  # stable: turn order on ties
    return errs[:top]


def summary(player, decisions, out, kind=0):
    n = len(decisions)
    total = sum(d.loss for d in decisions)
    out.write("P%d: %d decision%s, mean loss %.4f a decision (%s; "
              "summed %.4f)\n"
              % (player, n, "" if n == 1 else "s", total / n if n else 0.0,
                 "points of cubeless equity" if kind
                 else "win probability", total))
    worst = largest(decisions)
    if worst:
        out.write("  largest errors:\n")
        for d in worst:
            out.write(decision_line(d, kind) + "\n")
    else:
        out.write("  no errors\n")


class MatGame:
    """A game of a ``.mat`` file as ``Review`` reads it: Backgammon's
    rules, and the game's start and turn log (``bgmat.GameLog``)."""

    def __init__(self, log):
        from minigam.bg.game import BgGame
        g = BgGame()
        self.rules = g.rules
        self.pass_turn = g.pass_turn
        self.TURN, self.BLOCK, self.KIND = g.TURN, g.BLOCK, g.KIND
        self.start = log.start
        self.log = log.log
        self.first_turn = 0
        self.winner = log.winner


def record_game(text):
    """The game (one of ``GAMES``) that ``text``'s first line names, or
    None."""
    from minigam.nardy.record import HEADER as NARDY
    from minigam.quarter.record import HEADER as MINIGAM
    for line in text.splitlines():
        s = line.strip()
        if not s or s[0] in "#;":  # (the records' and .mat's comments)
            continue
        if s == MINIGAM:
            return "minigam"
        if s == NARDY:
            return "nardy"
        if re.match(r"\d+\s+point\s+match$", s, re.I | re.A):
            return "backgammon"
        return None
    return None


def read_record(name, game=None):
    """The games of file ``name`` (``-``: stdin) of ``game`` (one of
    ``GAMES``; None: the game its first line names, else MINIGAM);
    ValueError with the message to print."""
    try:
        data = read_bytes(name)
    except OSError as exc:
        raise ValueError("cannot read %s: %s" % (name, exc.strerror or exc))
    try:
        text = read_text(data)
        named = record_game(text)
        if game and named and named != game:
            raise ValueError("%s, not %s: --game %s, or no --game" % (
                RECORD_OF[named][0], RECORD_OF[game][1], named))
        game = game or named or "minigam"
        if game == "backgammon":
            from minigam.host import bgmat
            return [MatGame(g) for g in bgmat.read(text).games]
        if game == "nardy":
            from minigam.nardy.record import read
            return read(text)
        from minigam.quarter.record import replay
        return replay(text)
    except ValueError as exc:  # RecordError, MatError
        raise ValueError("%s: %s" % (name, exc))


def hard_24(kind):
    """Hard's player of a 24-point game (``kind`` 1 Backgammon, 2 Long
    Nardy): the judge of its review."""
    if kind == 1:
        from minigam.bg.ai import BgAI
        return BgAI("hard", seed=0)
    from minigam.nardy.ai import NardyAI
    return NardyAI("hard", seed=0)


def main(argv):
    ap = argparse.ArgumentParser(
        prog="minigam.host review",
        description="measure each decision of a game record against the "
        "best play")
    ap.add_argument("record", nargs="?", metavar="RECORD",
                    help="a file of the game's records (Backgammon: a "
                    ".mat match), '-' for stdin")
    ap.add_argument("--game", choices=GAMES, default=None,
                    help="the game of RECORD (default: the one its first "
                    "line names)")
    ap.add_argument("--values", choices=("exact", "hard", "auto"),
                    default="auto",
                    help="exact table, Hard's estimates, or exact when "
                    "cached (default; MINIGAM alone has exact values)")
    ap.add_argument("--player", choices=("1", "2", "both"), default="both")
    ap.add_argument("--calibrate", type=int, metavar="N", default=None,
                    help="instead: compare Hard's flags with the exact "
                    "values on N decisions of MINIGAM (needs the exact "
                    "table); with --game nardy, with a roll of look-ahead "
                    "on N decisions of Long Nardy")
    args = ap.parse_args(argv)
    if args.calibrate is not None:
        if args.game == "backgammon":
            sys.stderr.write("error: --calibrate: Backgammon's thresholds "
                             "are gnubg's defaults (%g, %g, %g), not "
                             "measured here\n" % LIMITS[1])
            return 2
        if args.game == "nardy":
            try:
                from minigam.host.aitools.nardy import tutor_limits
            except ImportError as exc:  # make play's set-up: no numba
                sys.stderr.write("error: --calibrate needs make test's "
                                 "set-up (%s)\n" % exc)
                return 2
            return tutor_limits.main(args.calibrate, sys.stdout)
        from minigam.host.aitools.quarter import tutor_calibration
        return tutor_calibration.main(args.calibrate, sys.stdout)
    if args.record is None:
        ap.error("RECORD is required")
    exact_only = ("--values exact: only MINIGAM has exact values; the "
                  "24-point games are judged by Hard's estimates")
    if args.game not in (None, "minigam") and args.values == "exact":
        ap.error(exact_only)
    players = (1, 2) if args.player == "both" else (int(args.player),)
    advisors = Advisors(args.values)
    try:
        games = read_record(args.record, args.game)
        if games and games[0].KIND and args.values == "exact":
            ap.error(exact_only)
        for game in games:  # every advisor first: no half a report
            if not game.KIND:
                advisors.get(game.rules)
    except ValueError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    out = sys.stdout
    judge = None
    for k, game in enumerate(games):
        if game.KIND:
            judge = judge or hard_24(game.KIND)
            adv, label = judge, HARD
            name = ("", "Backgammon", "Long Nardy")[game.KIND]
        else:
            adv, label = advisors.get(game.rules)
            name = variant(game.rules)
        out.write("%sgame %d: %s, %s; values: %s\n" % (
            "\n" if k else "", k + 1, name,
            "P%d won" % game.winner if game.winner else "not finished",
            label))
        review_game(game, players, adv, out)
    return 0
