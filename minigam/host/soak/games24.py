"""The soak of the 24-point games, Backgammon and Long Nardy: many whole
games, every invariant checked after every single checker move
(``python -m minigam.host soak --moves N --game backgammon|nardy``).

``soaker(game, seed, ...)`` makes a ``BgSoak`` or ``NardySoak``;
``run(n)`` plays games until ``n`` plays (turns, passes included) are made
and raises ``Soak24Failure`` on the first broken invariant, its message
naming the invariant, the position in the game's notation (Backgammon:
gnubg's Position ID and the player on roll; Long Nardy:
``minigam.nardy.notation``) and the roll.

A play is made one single move at a time. Its steps come from the rules'
legal plays (a random one), from the device AI (Hard, for one seat, in a
share ``ai_share`` of the games) or, in a share ``game_share`` of the
games, from the game layer as the app plays it (``BgGame``/``NardyGame``:
``start_game``, ``roll``, ``movable``/``targets``, ``move``, some
``undo``, which must restore the position, ``confirm``).

Before every single move: it is a legal single step (``can_move``);
Backgammon: a checker on the bar enters before any other moves; Long
Nardy: it lands on no point holding an opposing checker. After every
single move: 15 checkers each (board, bar and off), no point holding both
colours; Backgammon: the Position ID round trip gives the position back;
Long Nardy: no forbidden six-block (``notation.forbidden_block``) for
either side. After every play: the result is in the rules' legal set for
the roll (``Rules.result(pos, k)`` over ``Rules.plays``, or the pass);
Long Nardy: at most one checker left the head, two only with the
first-turn exception (all 15 on the head, 6-6, 4-4 or 3-3, and the rule
on), ``notation.validate`` accepts the position and the notation round
trip gives it back; a won game's winner is the player who moved and its
kind in range. One turn in ``MIRROR_EVERY``: the legal results of the
mirrored position (seats exchanged) are the mirrored legal results. About
one game-layer turn in ``WALK_EVERY`` (not the AI's): every sequence of
moves the game layer offers (``movable``/``targets``, each one taken back
with ``undo``) is walked, and the plays it completes are exactly the
legal results; a turn that is not done always offers a move. Long Nardy
plays a share ``strict_share`` of its games with
``Rules(head_doubles=False)`` (the "Strict head" setting: never two off
the head). An exception raised by the code under soak is a failure too
("no exception").

Host only; one core, no processes.
"""

import random

from minigam.bg import rules as BR
from minigam.bg.ids import IdError, format_position_id, parse_position_id
from minigam.nardy import rules as NR
from minigam.nardy.notation import (NotationError, forbidden_block,
                                    format_position, parse_position,
                                    validate)

MIRROR_EVERY = 10
WALK_EVERY = 10
UNDO_SHARE = 0.08
MAX_TURNS = 5000  # a game longer than this is a failure (it must end)
GAMES = ("backgammon", "nardy")


class Soak24Failure(Exception):
    """An invariant broke; the message names it, the position and roll."""


def mirror(pos):
    """The same position with the seats exchanged (either game's shape;
    Long Nardy's ``HEADS`` byte is kept)."""
    out = bytearray(pos)
    out[0:26], out[26:52] = pos[26:52], pos[0:26]
    out[52] = 3 - pos[52]
    return out


class Soak24:
    """Plays games of one 24-point game and checks invariants; counts what
    it saw. Subclasses give the game (``R``, the rules module, and the
    checks that differ)."""

    R = BR
    NAME = ""

    def __init__(self, seed=1, ai_share=0.1, game_share=0.3,
                 ai_level="hard"):
        self.rng = random.Random(seed)
        self.ai_share = ai_share
        self.game_share = game_share
        self.ai_level = ai_level
        self._ai = {}
        self._rules = {}
        self.plays = self.single_moves = self.passes = self.games = 0
        self.ai_games = self.game_class_games = 0
        self.mirror_checks = self.walks = 0
        self.turn = 0  # plays made in the current game
        self.at = (bytearray(53), 0, 0)  # the turn's start and roll

    # -- the game's own parts (subclasses) ---------------------------------

    def new_rules(self, variant):
        return self.R.Rules()

    def pick_variant(self):
        return 0

    def new_ai(self, rules):
        raise NotImplementedError

    def new_game(self, rules):
        raise NotImplementedError

    def notation(self, pos):
        raise NotImplementedError

    def before_step(self, pos, m, src, die, where):
        """Checks before a single move (the move not made yet)."""

    def after_step(self, pos, where):
        """Checks after a single move, beyond count and mixed points."""

    def after_play(self, rules, before, d1, d2, srcs, after, where):
        """Checks after a play (``srcs`` its steps' sources), beyond the
        legal set."""

    def end_turn(self, pos):
        pos[52] = 3 - pos[52]

    # -- shared ----------------------------------------------------------

    def rules(self, variant):
        if variant not in self._rules:
            self._rules[variant] = self.new_rules(variant)
        return self._rules[variant]

    def ai(self, variant):
        """The device AI for ``variant``'s rules (its own ``Rules``)."""
        if variant not in self._ai:
            self._ai[variant] = self.new_ai(self.new_rules(variant))
        return self._ai[variant]

    def fmt(self, pos):
        try:
            return self.notation(pos)
        except Exception:
            return "bytes %s" % list(pos)

    def fail(self, what, text, pos, d1=0, d2=0):
        """Raise ``Soak24Failure``: ``what`` names the invariant; the roll
        is the turn's when not given."""
        if not d1:
            d1, d2 = self.at[1], self.at[2]
        roll = "; roll %d-%d" % (d1, d2) if d1 else ""
        raise Soak24Failure("%s: %s (game %d, turn %d) at %s%s"
                            % (what, text, self.games + 1, self.turn + 1,
                               self.fmt(pos), roll))

    def check_single(self, pos, where):
        """15 each, no point with both colours, and the game's own."""
        if sum(pos[0:26]) != 15 or sum(pos[26:52]) != 15:
            self.fail("checker count", "%s: %d and %d checkers, not 15 "
                      "each" % (where, sum(pos[0:26]), sum(pos[26:52])),
                      pos)
        self.check_mixed(pos, where)
        self.after_step(pos, where)

    def legal(self, rules, pos, d1, d2):
        """The legal results of the roll (bytes), as ``Rules.result``
        gives them; the plays stay in ``rules.moves``."""
        n = rules.plays(pos, d1, d2)
        if n == 0:
            if self.R.winner(pos):
                return n, set()
            return n, {bytes(rules.result(pos, None))}
        return n, {bytes(rules.result(pos, k)) for k in range(n)}

    def check_result(self, rules, before, d1, d2, after, legal, srcs,
                     where):
        if bytes(after) not in legal:
            self.fail("legal set", "%s: result %s is not among the %d "
                      "legal results of the roll" % (where, self.fmt(after),
                                                     len(legal)),
                      before, d1, d2)
        self.after_play(rules, before, d1, d2, srcs, after, where)
        w = self.R.winner(after)
        if w:
            kind = self.R.win_kind(after)
            if w != before[52] or not 1 <= kind <= self.MAX_KIND:
                self.fail("win", "winner %d (kind %d) after Player %d's "
                          "play" % (w, kind, before[52]), after, d1, d2)
        if self.plays % MIRROR_EVERY == 0:
            self.check_mirror(rules, before, d1, d2, legal)

    def check_mirror(self, rules, before, d1, d2, legal):
        self.mirror_checks += 1
        _, theirs = self.legal(rules, mirror(before), d1, d2)
        if {bytes(mirror(p)) for p in theirs} != legal:
            self.fail("mirror symmetry", "the mirrored position's %d legal "
                      "results are not the %d legal results mirrored"
                      % (len(theirs), len(legal)), before, d1, d2)

    # -- a turn from the rules' plays or the AI ---------------------------

    def play_turn(self, rules, pos, d1, d2, ai):
        """One play on ``pos`` (changed in place), single move by single
        move: a random legal play, or the AI's."""
        before = bytearray(pos)
        self.at = (before, d1, d2)
        m = 0 if pos[52] == 1 else 26
        n, legal = self.legal(rules, pos, d1, d2)
        if ai is not None:
            steps = ai.choose(pos, d1, d2)
        elif n:
            k = self.rng.randrange(n)
            mv = rules.moves
            b = k << 3
            steps = []
            for j in range(4):
                if mv[b + 2 * j] == 255:
                    break
                steps.append((mv[b + 2 * j], mv[b + 2 * j + 1]))
        else:
            steps = []
        dice = [d1] * 4 if d1 == d2 else [d1, d2]
        srcs = []
        where = "AI play" if ai is not None else "play"
        for src, die in steps:
            if die not in dice:
                self.fail("dice", "%s %r uses a %d, not a die left"
                          % (where, steps, die), before, d1, d2)
            dice.remove(die)
            self.before_step(pos, m, src, die, where)
            if not rules.can_move(pos, m, src, die):
                self.fail("single step", "%s %r: %d with a %d is not a "
                          "legal single move in %s" % (where, steps, src,
                                                       die, self.fmt(pos)),
                          before, d1, d2)
            rules.do_move(pos, m, src, die)
            srcs.append(src)
            self.single_moves += 1
            self.check_single(pos, "after a single move")
        if not steps:
            self.passes += 1
        self.end_turn(pos)
        self.check_result(rules, before, d1, d2, pos, legal, srcs, where)

    def game(self, budget):
        """One game of random plays (or the AI in one seat), or through the
        game layer; returns the budget left."""
        variant = self.pick_variant()
        rules = self.rules(variant)
        ai_seat = 0
        if self.rng.random() < self.ai_share:
            ai_seat = self.rng.choice((1, 2))
            self.ai_games += 1
        ai = self.ai(variant) if ai_seat else None
        self.turn = 0
        if self.rng.random() < self.game_share:
            return self.game_via_game(rules, variant, budget, ai, ai_seat)
        rng = self.rng
        a = b = 0
        while a == b:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
        pos = self.R.new_position(1 if a > b else 2)
        if not self.PLAY_OPENING:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
        while budget > 0 and not self.R.winner(pos):
            self.play_turn(rules, pos, a, b, ai if pos[52] == ai_seat
                           else None)
            self.plays += 1
            self.turn += 1
            budget -= 1
            if self.turn > MAX_TURNS:
                self.fail("game ends", "no winner after %d plays"
                          % MAX_TURNS, pos)
            a, b = rng.randint(1, 6), rng.randint(1, 6)
        self.games += 1
        return budget

    # -- through the game layer, as the app plays -------------------------

    def game_via_game(self, rules, variant, budget, ai, ai_seat):
        g = self.new_game(self.new_rules(variant))
        rng = self.rng
        a = b = 0
        while a == b:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
        g.start_game((a, b))
        while budget > 0 and g.state != 3:  # OVER
            self.game_turn(rules, g, rng.randint(1, 6), rng.randint(1, 6),
                           ai if g.player == ai_seat else None)
            self.plays += 1
            self.turn += 1
            budget -= 1
            if self.turn > MAX_TURNS:
                self.fail("game ends", "no winner after %d plays"
                          % MAX_TURNS, g.pos)
        self.game_class_games += 1
        self.games += 1
        return budget

    def game_turn(self, rules, g, d1, d2, ai):
        """One turn through the game layer: roll (unless the opening roll
        already did), single moves from ``movable``/``targets`` or the
        AI's steps, some undone, confirm."""
        from minigam.bg.game import GameError

        self.at = (bytearray(g.pos), d1, d2)
        if g.state != 2:  # MOVE
            g.roll(d1, d2)
        d1, d2 = g.d1, g.d2
        before = g.turn_start()
        self.at = (before, d1, d2)
        if bytes(before) != bytes(g.pos):
            self.fail("Game", "a turn starts with moves made", g.pos, d1, d2)
        n, legal = self.legal(rules, before, d1, d2)
        if g.must_pass != (n == 0):
            self.fail("Game", "must_pass is %s with %d legal plays"
                      % (g.must_pass, n), before, d1, d2)
        if n == 0:
            self.passes += 1
        if ai is None and self.plays % WALK_EVERY == 0:
            self.walk(rules, g, before, d1, d2, legal)
        steps = ai.choose(before, d1, d2) if ai is not None else None
        m = 0 if before[52] == 1 else 26
        k = 0
        while not g.turn_done():
            if steps is not None:
                if k >= len(steps):
                    self.fail("Game", "the AI's play %r is incomplete in "
                              "the game layer" % (steps,), before, d1, d2)
                src, die = steps[k]
                k += 1
            else:
                movable = g.movable()
                if not movable:
                    self.fail("Game offers", "no move offered with the "
                              "turn not done, in %s" % self.fmt(g.pos),
                              before, d1, d2)
                src = self.rng.choice(movable)
                _, die = self.rng.choice(g.targets(src))
            prev = bytes(g.pos)
            self.before_step(g.pos, m, src, die, "Game move")
            try:
                g.move(src, die)
            except GameError as exc:
                self.fail("Game", "move %d with a %d refused: %s"
                          % (src, die, exc), before, d1, d2)
            self.single_moves += 1
            self.check_single(g.pos, "after a Game move")
            if steps is None and self.rng.random() < UNDO_SHARE:
                g.undo()
                if bytes(g.pos) != prev:
                    self.fail("Game undo", "undo did not restore %s"
                              % self.fmt(prev), before, d1, d2)
        if steps is not None and k != len(steps):
            self.fail("Game", "the AI's play %r stopped early in the game "
                      "layer" % (steps,), before, d1, d2)
        srcs = [s for s, _, _ in g.steps]
        g.confirm()
        w = self.R.winner(g.pos)
        if g.winner != w or (w and g.state != 3):
            self.fail("Game", "winner %d, the game says %d (state %d)"
                      % (w, g.winner, g.state), g.pos)
        self.check_result(rules, before, d1, d2, g.pos, legal, srcs,
                          "Game play")

    def walk(self, rules, g, before, d1, d2, legal):
        """Every move sequence the game layer offers from the turn's start,
        each move taken back with ``undo``: the plays it completes must be
        exactly ``legal``."""
        self.walks += 1
        ends = set()
        seen = set()

        def visit():
            key = bytes(g.pos) + bytes(sorted(g.dice_left()))
            if key in seen:
                return
            seen.add(key)
            if g.turn_done():
                out = bytearray(g.pos)
                self.end_turn(out)
                ends.add(bytes(out))
                return
            movable = g.movable()
            if not movable:
                self.fail("Game offers", "no move offered with the turn "
                          "not done, in %s" % self.fmt(g.pos), before, d1,
                          d2)
            for src in movable:
                for _, die in g.targets(src):
                    prev = bytes(g.pos)
                    g.move(src, die)
                    visit()
                    g.undo()
                    if bytes(g.pos) != prev:
                        self.fail("Game undo", "undo did not restore %s"
                                  % self.fmt(prev), before, d1, d2)

        visit()
        if ends != legal:
            extra = sorted(ends - legal)
            text = ("offers moves reaching %s, not a legal result"
                    % self.fmt(extra[0]) if extra else
                    "never reaches %s, a legal result"
                    % self.fmt(sorted(legal - ends)[0]))
            self.fail("Game offers", "%d results reached, %d legal: it %s"
                      % (len(ends), len(legal), text), before, d1, d2)

    def run(self, moves):
        """Play games until ``moves`` plays are made. An exception from
        the code under soak is a failure too, at the turn's start."""
        left = moves
        try:
            while left > 0:
                left = self.game(left)
        except Soak24Failure:
            raise
        except Exception as exc:
            pos, d1, d2 = self.at
            self.fail("no exception", "%s raised: %s"
                      % (type(exc).__name__, exc), pos, d1, d2)
        return self


class BgSoak(Soak24):
    """Backgammon (``minigam.bg``)."""

    R = BR
    NAME = "backgammon"
    PLAY_OPENING = True
    MAX_KIND = 3

    def new_ai(self, rules):
        from minigam.bg.ai import BgAI
        return BgAI(self.ai_level, seed=self.rng.getrandbits(16),
                    rules=rules)

    def new_game(self, rules):
        from minigam.bg.game import BgGame
        return BgGame(rules=rules)

    def notation(self, pos):
        return "Position ID %s, Player %d on roll" % (
            format_position_id(pos), pos[52])

    def check_mixed(self, pos, where):
        for i in range(1, 25):
            if pos[i] and pos[51 - i]:
                self.fail("mixed point", "%s: Player 1's index %d holds "
                          "both colours" % (where, i), pos)

    def before_step(self, pos, m, src, die, where):
        if src and pos[m]:
            self.fail("bar first", "%s: a checker at index %d moves with "
                      "%d on the bar" % (where, src, pos[m]), pos)

    def after_step(self, pos, where):
        try:
            back = parse_position_id(format_position_id(pos), pos[52])
        except IdError as exc:
            back = exc
        if back != pos:
            self.fail("Position ID round trip", "%s: %s" % (where, back),
                      pos)


class NardySoak(Soak24):
    """Long Nardy (``minigam.nardy``); a share ``strict_share`` of the
    games with the head exception off."""

    R = NR
    NAME = "nardy"
    PLAY_OPENING = False
    MAX_KIND = 2

    def __init__(self, seed=1, ai_share=0.1, game_share=0.3,
                 ai_level="hard", strict_share=0.3):
        Soak24.__init__(self, seed, ai_share, game_share, ai_level)
        self.strict_share = strict_share
        self.strict_games = 0

    def new_rules(self, variant):
        return NR.Rules(head_doubles=not variant)

    def pick_variant(self):
        if self.rng.random() < self.strict_share:
            self.strict_games += 1
            return 1
        return 0

    def new_ai(self, rules):
        from minigam.nardy.ai import NardyAI
        return NardyAI(self.ai_level, seed=self.rng.getrandbits(16),
                       rules=rules)

    def new_game(self, rules):
        from minigam.nardy.game import NardyGame
        return NardyGame(rules=rules)

    def notation(self, pos):
        text = format_position(pos)
        return text + (" (HEADS %d)" % pos[53] if pos[53] else "")

    def end_turn(self, pos):
        NR.end_turn(pos)

    def check_mixed(self, pos, where):
        for i in range(1, 25):
            if pos[i] and pos[26 + (i + 12 if i <= 12 else i - 12)]:
                self.fail("mixed point", "%s: board point %d holds both "
                          "colours" % (where, 25 - i), pos)

    def before_step(self, pos, m, src, die, where):
        t = src + die
        if t < 25 and pos[26 - m + (t + 12 if t <= 12 else t - 12)]:
            self.fail("landing on an opposing checker", "%s: index %d with "
                      "a %d lands on the opponent's checkers"
                      % (where, src, die), pos)

    def after_step(self, pos, where):
        for side in (0, 1):
            blk = forbidden_block(pos, side)
            if blk:
                self.fail("forbidden block", "%s: %s has %d points in a row "
                          "%d-%d with no opposing checker ahead"
                          % (where, ("white", "black")[side], blk[0],
                             blk[1], blk[2]), pos)

    def after_play(self, rules, before, d1, d2, srcs, after, where):
        m = 0 if before[52] == 1 else 26
        limit = 1
        if rules.head_doubles and d1 == d2 and d1 in (3, 4, 6) \
                and before[m + NR.HEAD] == NR.CHECKERS:
            limit = 2
        heads = srcs.count(NR.HEAD)
        if heads > limit:
            self.fail("head rule", "%s: %d checkers left the head (at most "
                      "%d; the head exception %s)"
                      % (where, heads, limit,
                         "on" if rules.head_doubles else "off"),
                      before, d1, d2)
        try:
            validate(after)
            back = parse_position(format_position(after))
        except NotationError as exc:
            self.fail("notation validate", "%s: %s" % (where, exc), after)
        if back != after:
            self.fail("notation round trip", "%s: reads back as %s"
                      % (where, self.fmt(back)), after)


def soaker(game, seed=1, ai_share=0.1, game_share=0.3, strict_share=0.3):
    """A soaker of ``game`` (one of ``GAMES``)."""
    if game == "backgammon":
        return BgSoak(seed, ai_share, game_share)
    if game == "nardy":
        return NardySoak(seed, ai_share, game_share,
                         strict_share=strict_share)
    raise ValueError("unknown game %r (choose from %s)"
                     % (game, ", ".join(GAMES)))


def format_figures(s, seed, seconds):
    """The summary line's figures."""
    extra = ""
    if isinstance(s, NardySoak):
        extra = ", %d with the strict head rule" % s.strict_games
    return ("soak %s: %d plays, %d single moves, %d passes, %d games (%d "
            "with the AI, %d through the Game class%s), %d mirror checks, "
            "%d Game turns walked in full, seed %d: all invariants held "
            "(%.1f s)"
            % (s.NAME, s.plays, s.single_moves, s.passes, s.games,
               s.ai_games, s.game_class_games, extra, s.mirror_checks,
               s.walks, seed, seconds))
