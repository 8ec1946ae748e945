"""``soak --moves N [--seed S] [--ai-share F]``: play many games, check every
invariant after every single checker move.

Games are played the way the handheld plays them: a play is built one
checker at a time from ``Rules.single_moves``. After every single move the
soak checks that each side still has all its checkers and that no point holds
both colours; after every play it checks that the result is one of the legal
results of the roll, that Player 2's results are Player 1's mirrored, and
that the Full-Entry results equal the standard ones when the mover has no
checker on the bar. A share of the games is played by the device AI, and a
share (``--game-share``) through ``minigam.quarter.game.Game`` as the app plays
them: ``roll``, ``movable``/``targets``, ``move``, some ``undo`` (which must
restore the position), ``confirm``, the same checks on every move and play.

N counts plays (turns, passes included). Prints a summary; exit 1 on the
first violation, with the position and roll that broke it.

``--game backgammon`` or ``--game nardy`` soaks a 24-point game instead
(``minigam.host.soak.games24``): the same way (random legal plays, the
device AI in one seat in a share ``--ai-share`` of the games, a share
``--game-share`` through ``BgGame``/``NardyGame`` as the app plays), with
that game's invariants; Long Nardy plays a share ``--strict-share`` of its
games with the head exception off.

``soak --keys N [--profile P ...] [--seed S]`` is the button abuse instead:
N random key events into the real app on each profile
(``minigam.host.soak.keys``). ``soak --cuts [--profile P ...]`` cuts
every flash operation of every save of recorded games, on each build's
NVM, and resumes a fresh app from each image (``minigam.host.soak.cuts``). ``soak --fuzz N`` fuzzes
the record, save and NVM store loaders (``minigam.host.soak.fuzz``).
"""

import argparse
import random
import sys
import time

from minigam.quarter.notation import NotationError, format_position, validate
from minigam.quarter.rules import TURN, Rules, new_position, winner


class SoakFailure(Exception):
    """An invariant broke; the message names the position and roll."""


def mirror(pos):
    """The same position with the players' roles exchanged."""
    out = bytearray(pos)
    out[0:8], out[8:16] = pos[8:16], pos[0:8]
    out[TURN] = 3 - pos[TURN]
    return out


class Soaker:
    """Plays games and checks invariants; counts what it saw."""

    def __init__(self, seed, ai_share=0.1, ai_level="hard", game_share=0.3):
        self.rng = random.Random(seed)
        self.std = Rules()
        self.full = Rules(full_entry=True)
        self.ai_share = ai_share
        self.ai_level = ai_level
        self.ai = None
        self.plays = self.single_moves = self.games = self.passes = 0
        self.ai_games = 0
        self.game_share = game_share
        self.game_class_games = 0

    def _ai(self, rules):
        if self.ai is None:
            try:
                from minigam.quarter.ai import AIPlayer
            except ImportError:
                self.ai_share = 0.0
                return None
            self.ai = {}
        if rules.full_entry not in self.ai:
            from minigam.quarter.ai import AIPlayer
            self.ai[rules.full_entry] = AIPlayer(
                rules, self.ai_level, seed=self.rng.getrandbits(30))
        return self.ai[rules.full_entry]

    def check_position(self, pos, where):
        try:
            validate(pos)
        except NotationError as exc:
            raise SoakFailure("%s: %s in %s" % (where, exc, list(pos)))

    def check_play(self, rules, before, d1, d2, after):
        where = "%s %d-%d" % (format_position(before), d1, d2)
        legal = {bytes(p) for p in rules.results(before, d1, d2)}
        if bytes(after) not in legal:
            raise SoakFailure("%s: result %s is not legal"
                              % (where, format_position(after)))
        mirrored = {bytes(mirror(p))
                    for p in rules.results(mirror(before), d1, d2)}
        if mirrored != legal:
            raise SoakFailure("%s: Player 2's results are not Player 1's "
                              "mirrored" % where)
        m = 0 if before[TURN] == 1 else 8
        if before[m] == 0:
            other = self.std if rules.full_entry else self.full
            if {bytes(p) for p in other.results(before, d1, d2)} != legal:
                raise SoakFailure("%s: Full-Entry differs from standard "
                                  "with an empty bar" % where)

    def play_turn(self, rules, pos, d1, d2, ai):
        """Build one play on ``pos`` in place, single move by single move."""
        before = bytearray(pos)
        m = 0 if pos[TURN] == 1 else 8
        if ai is not None:
            steps = ai.choose(pos, d1, d2)
        else:
            steps = None
        dice = [d1, d2]
        options = []
        k = 0
        while dice and not winner(pos):
            rules.single_moves(pos, dice, options)
            if not options:
                break
            if steps is not None:
                if k >= len(steps) or tuple(steps[k]) not in options:
                    raise SoakFailure("%s %d-%d: AI step %r is not a legal "
                                      "single move" % (format_position(before),
                                                       d1, d2, steps[k:]))
                src, die = steps[k]
            else:
                src, die = options[self.rng.randrange(len(options))]
            rules.do_move(pos, m, src, die)
            dice.remove(die)
            k += 1
            self.single_moves += 1
            self.check_position(pos, "after a single move")
        if steps is not None and k != len(steps):
            raise SoakFailure("AI play %r stopped early" % (steps,))
        if k == 0:
            self.passes += 1
        pos[TURN] = 3 - pos[TURN]
        self.check_position(pos, "after a play")
        self.check_play(rules, before, d1, d2, pos)

    def game_turn(self, g, d1, d2, ai):
        """One turn through ``minigam.quarter.game.Game`` (as the app plays it):
        roll (unless the opening roll already did), single moves from
        ``movable``/``targets`` (or the AI's steps), some undone, confirm."""
        from minigam.quarter.game import MOVE

        if g.state != MOVE:
            g.roll(d1, d2)
        before = g.turn_start()
        d1, d2 = g.d1, g.d2
        if g.must_pass:
            self.passes += 1
        steps = ai.choose(before, d1, d2) if ai is not None else None
        k = 0
        while not g.turn_done():
            if steps is not None:
                if k >= len(steps):
                    raise SoakFailure("%s %d-%d: AI play %r is incomplete "
                                      "in Game" % (format_position(before),
                                                   d1, d2, steps))
                src, die = steps[k]
                k += 1
            else:
                src = self.rng.choice(g.movable())
                _, die = self.rng.choice(g.targets(src))
            prev = bytes(g.pos)
            g.move(src, die)
            self.single_moves += 1
            self.check_position(g.pos, "after a Game move")
            if steps is None and self.rng.random() < 0.08:
                g.undo()
                if bytes(g.pos) != prev:
                    raise SoakFailure("%s %d-%d: Game.undo did not restore "
                                      "the position" % (format_position(
                                          before), d1, d2))
        if steps is not None and k != len(steps):
            raise SoakFailure("AI play %r stopped early in Game" % (steps,))
        g.confirm()
        self.check_position(g.pos, "after Game.confirm")
        self.check_play(g.rules, before, d1, d2, g.pos)

    def game_via_game(self, rules, budget, ai, ai_seat, a, b):
        from minigam.quarter.game import Game, OVER

        g = Game(rules=rules)
        g.start_game((a, b))
        while budget > 0 and g.state != OVER:
            self.game_turn(g, self.rng.randint(1, 6), self.rng.randint(1, 6),
                           ai if g.player == ai_seat else None)
            self.plays += 1
            budget -= 1
        self.game_class_games += 1
        self.games += 1
        return budget

    def game(self, budget):
        rules = self.full if self.rng.random() < 0.5 else self.std
        use_ai = self.rng.random() < self.ai_share
        ai = self._ai(rules) if use_ai else None
        ai_seat = self.rng.choice((1, 2)) if ai is not None else 0
        if ai is not None:
            self.ai_games += 1
        if self.rng.random() < self.game_share:
            while True:
                a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
                if a != b:
                    return self.game_via_game(rules, budget, ai, ai_seat,
                                              a, b)
        pos = new_position()
        while True:
            a = self.rng.randint(1, 6)
            b = self.rng.randint(1, 6)
            if a != b:
                break
        pos[TURN] = 1 if a > b else 2
        while budget > 0 and not winner(pos):
            self.play_turn(rules, pos, a, b, ai if pos[TURN] == ai_seat
                           else None)
            self.plays += 1
            budget -= 1
            a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
        self.games += 1
        return budget


KEY_PROFILES = ("pybadge", "pimoroni-display-pack-2")


def _profiles(args, default):
    """The ``--profile`` names (else ``default``); None after printing an
    error when one is unknown."""
    from minigam.hw.pins import PROFILES
    profiles = args.profile or list(default)
    for name in profiles:
        if name not in PROFILES:
            sys.stderr.write("error: unknown profile %r (profiles: %s)\n"
                             % (name, ", ".join(sorted(PROFILES))))
            return None
    return profiles


def keys_main(args):
    """``--keys N``: button abuse on each profile; exit 1 on a failure."""
    from minigam.host.soak.keys import AbuseFailure, abuse, format_figures

    if args.keys < 1:
        sys.stderr.write("error: --keys must be at least 1\n")
        return 2
    profiles = _profiles(args, KEY_PROFILES)
    if profiles is None:
        return 2
    total = games = 0
    for name in profiles:
        t0 = time.time()
        try:
            fig = abuse(name, args.keys, seed=args.seed,
                        log=lambda s: print(s, flush=True))
        except AbuseFailure as exc:
            print("FAIL: %s" % exc)
            return 1
        total += fig["events"]
        games += fig["games"]
        print("soak keys: %s (%.0f s)" % (format_figures(fig),
                                          time.time() - t0), flush=True)
    print("soak keys: %d key events on %d profiles, %d games finished, "
          "seed %d: nothing raised, every position legal"
          % (total, len(profiles), games, args.seed))
    return 0


CUT_PROFILES = ("pybadge", "pico-st7789")


def cuts_main(args):
    """``--cuts``: power cuts in every flash operation of every save; exit
    1 on a failure."""
    from minigam.host.soak.cuts import CutFailure, format_figures, run

    if args.turns < 1:
        sys.stderr.write("error: --turns must be at least 1\n")
        return 2
    profiles = _profiles(args, CUT_PROFILES)
    if profiles is None:
        return 2
    t0 = time.time()
    cuts = writes = 0
    for name in profiles:
        try:
            figs = run([name], seed=args.seed, turns=args.turns)
        except CutFailure as exc:
            print("FAIL: %s" % exc)
            return 1
        for f in figs:
            cuts += f["cuts"]
            writes += f["writes"]
            print("soak cuts: " + format_figures(f), flush=True)
    print("soak cuts: %d power cuts survived over %d NVM writes on %d "
          "profiles, seed %d: always the last or the previous save (%.0f s)"
          % (cuts, writes, len(profiles), args.seed, time.time() - t0))
    return 0


def fuzz_main(args):
    """``--fuzz N``: loader fuzzing; exit 1 on a failure."""
    from minigam.host.soak.fuzz import FuzzFailure, format_counts, fuzz, total

    if args.fuzz < 1:
        sys.stderr.write("error: --fuzz must be at least 1\n")
        return 2
    t0 = time.time()
    try:
        counts = fuzz(args.fuzz, seed=args.seed,
                      log=lambda s: print(s, flush=True))
    except FuzzFailure as exc:
        print("FAIL: %s" % exc)
        return 1
    print("soak fuzz: %d inputs: %s; seed %d: every input loaded or raised "
          "its module's own error (%.0f s)"
          % (total(counts), format_counts(counts), args.seed,
             time.time() - t0))
    return 0


def games24_main(args):
    """``--game backgammon|nardy``: soak a 24-point game; exit 1 on the
    first failure."""
    from minigam.host.soak.games24 import (Soak24Failure, format_figures,
                                           soaker)

    soak = soaker(args.game, args.seed, args.ai_share, args.game_share,
                  args.strict_share)
    t0 = time.time()
    try:
        soak.run(args.moves)
    except Soak24Failure as exc:
        print("FAIL after %d plays: %s" % (soak.plays, exc))
        return 1
    print(format_figures(soak, args.seed, time.time() - t0))
    return 0


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host soak")
    ap.add_argument("--moves", type=int, default=100000,
                    help="plays to make (turns, passes included)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ai-share", type=float, default=0.1,
                    help="share of games with the device AI in one seat")
    ap.add_argument("--game-share", type=float, default=0.3,
                    help="share of games played through minigam.quarter.game.Game "
                    "(roll, movable/targets, move, undo, confirm) instead "
                    "of Rules.single_moves")
    ap.add_argument("--game", default="minigam",
                    choices=("minigam", "backgammon", "nardy"),
                    help="the game whose moves to soak (default minigam)")
    ap.add_argument("--strict-share", type=float, default=0.3,
                    help="for --game nardy: share of games with the head "
                    "exception off (Rules(head_doubles=False))")
    ap.add_argument("--keys", type=int, default=0,
                    help="instead: feed N random key events to the app on "
                    "each --profile (button abuse, minigam.host.soak.keys)")
    ap.add_argument("--profile", action="append", default=None,
                    help="host profile for --keys (repeatable; default "
                    "pybadge and pimoroni-display-pack-2, a 4-button one)")
    ap.add_argument("--cuts", action="store_true",
                    help="instead: cut every flash operation of every save "
                    "and resume a fresh app (minigam.host.soak.cuts)")
    ap.add_argument("--turns", type=int, default=200,
                    help="for --cuts: turns to record per session")
    ap.add_argument("--fuzz", type=int, default=0,
                    help="instead: fuzz the record, save, store and app-blob "
                    "loaders with N inputs each (minigam.host.soak.fuzz)")
    args = ap.parse_args(argv)
    if bool(args.keys) + bool(args.cuts) + bool(args.fuzz) > 1:
        sys.stderr.write("error: --keys, --cuts and --fuzz are separate "
                         "runs\n")
        return 2
    if args.game != "minigam" and (args.keys or args.cuts or args.fuzz):
        sys.stderr.write("error: --game is for the moves soak, not --keys, "
                         "--cuts or --fuzz\n")
        return 2
    if args.fuzz:
        return fuzz_main(args)
    if args.keys:
        return keys_main(args)
    if args.cuts:
        return cuts_main(args)
    if args.moves < 1:
        sys.stderr.write("error: --moves must be at least 1\n")
        return 2
    if args.game != "minigam":
        return games24_main(args)
    soak = Soaker(args.seed, args.ai_share, game_share=args.game_share)
    t0 = time.time()
    left = args.moves
    try:
        while left > 0:
            left = soak.game(left)
    except SoakFailure as exc:
        print("FAIL after %d plays: %s" % (soak.plays, exc))
        return 1
    dt = time.time() - t0
    print("soak: %d plays, %d single moves, %d passes, %d games (%d with the "
          "AI, %d through the Game class), seed %d: all invariants held "
          "(%.1f s)"
          % (soak.plays, soak.single_moves, soak.passes, soak.games,
             soak.ai_games, soak.game_class_games, args.seed, dt))
    return 0
