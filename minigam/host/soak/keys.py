"""Button abuse (issue 10): random key events into the real app on a host
profile, every screen, with the game checked after every tick.

``abuse(profile, events, seed=1, reboot_every=3000)`` builds the host
profile and the app (``minigam.app.start.build_app``), then injects ``events``
random key events in random patterns:

* taps of any key of the profile (A weighted up and B down so games move
  on), with a
  random pause before the next tick (0..600 ms);
* holds: a key pressed for 1..12 ticks of 40..250 ms (direction keys then
  repeat), then released;
* bursts: 2..12 taps queued before one tick (several keys in one loop pass);
* chords: two keys pressed together, released in either order;
* idle stretches (no key) so the AI thinks and its moves are animated; keys
  pressed then land in the AI's turn, its playback and the hand-over banners;
* reboots: every ``reboot_every`` events (about), a fresh app on the same
  hardware and NVM, as after a power cycle (the saved game is resumed from
  the menu like any other item).

After every tick: the app's state is known, the game position (when a game
exists) is a valid position (8 checkers each, no shared point: ``validate``)
and every confirmed turn is one of the legal results of its roll from the
turn's start (``Game.confirm`` is checked while the abuse runs). Any
exception, or a broken check, raises ``AbuseFailure`` naming the profile,
seed and event number.

Returns a dict of figures: events injected, key codes the app handled,
ticks, turns checked, games finished, reboots, the states visited.

Host only. ``python -m minigam.host soak --keys N [--profile P]`` runs it.
"""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")


class AbuseFailure(Exception):
    """Something raised or an invariant broke; the message says where."""


class _CheckedConfirm:
    """While active, every ``Game.confirm`` checks that the confirmed play is
    a legal result of the turn's roll, and counts turns and finished games."""

    def __init__(self):
        self.turns = 0
        self.games = 0
        self.orig = None

    def __enter__(self):
        from minigam.quarter.game import Game
        from minigam.quarter.notation import format_position

        orig = self.orig = Game.confirm
        me = self

        def confirm(game):
            start = game.turn_start()
            d1, d2 = game.d1, game.d2
            w = orig(game)
            legal = {bytes(p) for p in game.rules.results(start, d1, d2)}
            if bytes(game.pos) not in legal:
                raise AbuseFailure("confirmed play %s %d-%d -> %s is not a "
                                   "legal result" % (format_position(start),
                                                     d1, d2,
                                                     format_position(game.pos)))
            me.turns += 1
            if w:
                me.games += 1
            return w

        Game.confirm = confirm
        return self

    def __exit__(self, *exc):
        from minigam.quarter.game import Game
        Game.confirm = self.orig
        return False


def _validate_bg(pos):
    """NotationError unless ``pos`` is a legal Backgammon board: 15
    checkers a side, no point held by both, the turn 1 or 2."""
    from minigam.quarter.notation import NotationError
    for b in (0, 26):
        if sum(pos[b:b + 26]) != 15:
            raise NotationError("a side without 15 checkers")
    for i in range(1, 25):
        if pos[i] and pos[26 + 25 - i]:
            raise NotationError("both sides on one point")
    if pos[52] not in (1, 2):
        raise NotationError("bad turn")


def _validate_nardy(pos):
    """NotationError unless ``pos`` is a legal Long Nardy board, also
    within a turn: 15 checkers a side, no point held by both, no
    forbidden block, the turn 1 or 2."""
    from minigam.quarter.notation import NotationError
    from minigam.nardy.notation import forbidden_block
    for b in (0, 26):
        if sum(pos[b:b + 26]) != 15:
            raise NotationError("a side without 15 checkers")
    for i in range(1, 25):
        if pos[i] and pos[26 + (i + 12 if i <= 12 else i - 12)]:
            raise NotationError("both sides on one point")
    if forbidden_block(pos, 0) or forbidden_block(pos, 1):
        raise NotationError("a forbidden block")
    if pos[52] not in (1, 2):
        raise NotationError("bad turn")


def abuse(profile, events, seed=1, reboot_every=3000, log=None):
    """Feed ``events`` random key events to the app on ``profile``; see the
    module docstring. Returns the figures (dict)."""
    from minigam.app.start import build_app
    from minigam.app import app as A
    from minigam.app import states as S
    from minigam.hw import keys as K
    from minigam.host.simulator.hwhost import build_host_profile
    from minigam.quarter.notation import NotationError, validate

    rng = random.Random(seed)
    hw = build_host_profile(profile)
    codes = list(hw.key_codes)
    weights = [8 if c == K.A else (1 if c == K.B else 2) for c in codes]
    box = {"app": build_app(hw, seed=seed)}
    handled = [0]
    clock = hw.clock
    fig = {"profile": profile, "seed": seed, "events": 0, "keys_handled": 0,
           "ticks": 0, "turns": 0, "games": 0, "reboots": 0,
           "states": set(), "max_queue": 0}

    def wrap(app):
        real = app.key

        def key(code):
            handled[0] += 1
            return real(code)

        app.key = key
        return app

    wrap(box["app"])

    def check(where):
        app = box["app"]
        st = app.state
        if not 0 <= st < len(S.STATE_NAMES):
            raise AbuseFailure("%s: unknown app state %r" % (where, st))
        fig["states"].add(S.STATE_NAMES[st])
        g = app.game
        if g is not None:
            try:
                if len(g.pos) == 54:
                    _validate_nardy(g.pos)
                elif g.OFF == 25:
                    _validate_bg(g.pos)
                else:
                    validate(g.pos, g.rules.checkers)
            except NotationError as exc:
                raise AbuseFailure("%s: illegal position %s (%s)"
                                   % (where, list(g.pos), exc))
            if st == A.OVER and g.state != 3:
                raise AbuseFailure("%s: game-over page on a game still "
                                   "running" % where)
            if st in (A.PICK, A.DEST) and not app.srcs:
                raise AbuseFailure("%s: choosing with nothing to pick"
                                   % where)

    def tick(ms, where):
        clock.advance(ms)
        box["app"].tick(clock.ticks_ms())
        fig["ticks"] += 1
        check(where)

    def pick():
        return rng.choices(codes, weights)[0]

    n = logged = 0
    next_reboot = reboot_every if reboot_every else -1
    with _CheckedConfirm() as cc:
        tick(0, "start")
        while n < events:
            where = "%s seed %d event %d" % (profile, seed, n)
            try:
                r = rng.random()
                if r < 0.50:  # tap
                    hw.keys.push(pick())
                    n += 1
                    tick(rng.choice((0, 10, 40, 40, 100, 250, 600)), where)
                elif r < 0.60:  # hold (repeats)
                    k = pick()
                    hw.keys.hold(k)
                    n += 1
                    for _ in range(rng.randint(1, 12)):
                        tick(rng.randint(40, 250), where)
                    hw.keys.release(k)
                    tick(40, where)
                elif r < 0.70:  # burst: several keys in one loop pass
                    m = rng.randint(2, 12)
                    for _ in range(m):
                        hw.keys.push(pick())
                    n += m
                    fig["max_queue"] = max(fig["max_queue"], m)
                    tick(rng.choice((0, 40, 100)), where)
                elif r < 0.75:  # chord
                    a, b = pick(), pick()
                    hw.keys.hold(a)
                    hw.keys.hold(b)
                    n += 2
                    tick(40, where)
                    tick(rng.randint(0, 500), where)
                    for k in ((a, b) if rng.random() < 0.5 else (b, a)):
                        hw.keys.release(k)
                    tick(40, where)
                else:  # idle: the AI thinks, moves are animated
                    for _ in range(rng.randint(1, 25)):
                        tick(rng.choice((40, 100, 400)), where)
                if next_reboot > 0 and n >= next_reboot:
                    next_reboot += reboot_every
                    fig["reboots"] += 1
                    hw.keys.clear()
                    box["app"] = wrap(build_app(hw, seed=seed + fig["reboots"]))
                    tick(40, where + " (after a reboot)")
            except AbuseFailure:
                raise
            except Exception as exc:
                import traceback
                raise AbuseFailure("%s: %s: %s\n%s" % (
                    where, type(exc).__name__, exc,
                    traceback.format_exc()))
            if log and n >= logged + 10000:
                logged = n - n % 10000
                log("  %s: %d events, %d games" % (profile, n, cc.games))
        fig["turns"] = cc.turns
        fig["games"] = cc.games
    fig["events"] = n
    fig["keys_handled"] = handled[0]
    fig["states"] = sorted(fig["states"])
    hw.deinit()
    return fig


def format_figures(f):
    return ("%s: %d key events (%d key codes handled) over %d ticks, %d "
            "turns checked, %d games finished, %d reboots; states seen: %s"
            % (f["profile"], f["events"], f["keys_handled"], f["ticks"],
               f["turns"], f["games"], f["reboots"], " ".join(f["states"])))
