"""A game's decisions measured against the best play, in every game: the
handheld's tutor and game-over review, and the PC's ``python -m
minigam.host review``.

``Review(game, players, advisor)`` walks the confirmed turns of ``game``
(its turn log, ``minigam.core.turn_log``: from the game's start, or from
where it was resumed from a save, whose log starts there) and, for each
turn of a player in ``players`` that had a choice of results, asks
``advisor`` for the best play and for the loss of the play made. The
advisor is Hard (MINIGAM's ``minigam.quarter.ai.AIPlayer``, the 24-point
games' ``minigam.core.search24.Search24``: its estimates) or, on the PC,
MINIGAM's ``minigam.host.aitools.quarter.perfect.PerfectPlayer`` (exact
values): each has ``begin``/``step``/``steps``/``choices``/``loss_of``.

What a loss is depends on the game (``KIND``): MINIGAM's is the win
probability given away (a game is won or lost, nothing more); the 24-point
games' is cubeless equity in points a game (a gammon or a mars counts
double), as gnubg measures Backgammon. ``LIMITS`` holds each game's marks'
thresholds, ``loss_text`` writes a loss in its game's unit.

``step()`` does one slice (one advisor step, or one turn skipped) and
returns True when the walk is over, so the app stays responsive while it
reviews. Then ``n`` decisions were measured, ``total`` lost in all (the
mean, ``total / n``, is what the pages show: a sum of lost winning chances
can pass 100%), and ``worst`` holds the ``TOP`` biggest errors, biggest
first, as ``Decision``s. ``last`` is the decision just measured (the PC
prints every one).
"""

from minigam.compat import const

TOP = const(3)
# A play's marks, by ``grade``: it gives away more than the first
# threshold of its game's ``LIMITS`` (doubtful), the second (a blunder),
# the third (very bad).
MARKS = ("", "Doubtful", "Blunder", "Very bad")
# By game KIND: MINIGAM's in win probability (``python -m minigam.host
# review --calibrate`` measures them against the exact values; it has no
# "very bad"); Backgammon's are gnubg's defaults in cubeless equity
# (doubtful, bad, very bad); Long Nardy's, in its equity, are measured by
# ``minigam.host.aitools.nardy.tutor_limits`` (``review --calibrate N
# --game nardy``) against a roll of look-ahead: they came out at gnubg's.
LIMITS = ((0.02, 0.06, 2.0), (0.04, 0.08, 0.16), (0.04, 0.08, 0.16))


def grade(loss, kind=0, limits=None):
    """A play's mark for ``loss`` in game ``kind``: 0 none, 1 doubtful, 2
    blunder, 3 very bad (``MARKS`` names them; a calibration gives its own
    ``limits``)."""
    t = limits or LIMITS[kind]
    return 3 if loss > t[2] else 2 if loss > t[1] else 1 if loss > t[0] \
        else 0


def loss_text(loss, kind=0):
    """A loss in its game's unit: MINIGAM's as a percentage with one
    decimal ("2.4%"), the 24-point games' as equity ("0.052")."""
    t = int(loss * 1000 + 0.5)
    if kind:
        return "%d.%03d" % (t // 1000, t % 1000)
    return "%d.%d%%" % (t // 10, t % 10)


def play_text(kind, player, steps):
    """A play (``[(src, die, hit), ...]`` in the mover's view) in its
    game's notation."""
    if kind == 1:
        from minigam.bg.notation import format_play
    elif kind == 2:
        from minigam.nardy.notation import format_play
    else:
        from minigam.quarter.notation import format_play
    return format_play(player, steps)


def with_hits(game, pos, steps):
    """``steps`` (``(src, die)`` pairs) of the mover of ``pos`` (a position
    of ``game``'s type) with their hit flags, found on a copy of
    ``pos``."""
    q = bytearray(pos)
    m = 0 if q[game.TURN] == 1 else game.BLOCK
    do = game.rules.do_move
    out = []
    for st in steps:
        out.append((st[0], st[1], do(q, m, st[0], st[1])))
    return out


class Decision:
    """One measured turn: ``turn`` (its number), ``player``, ``d1``, ``d2``,
    ``played`` and ``best`` (``[(src, die, hit), ...]`` in the mover's
    view, as ``play_text`` takes them) and ``loss``."""

    def __init__(self, turn, player, d1, d2, played, best, loss):
        self.turn = turn
        self.player = player
        self.d1 = d1
        self.d2 = d2
        self.played = played
        self.best = best
        self.loss = loss


class Review:
    """See the module docstring.

    :param game: a game (read only: its ``rules``, ``start``, ``log``,
        ``first_turn``, ``pass_turn``, ``TURN`` and ``BLOCK``)
    :param players: the players reviewed, e.g. ``(1,)`` against the AI
    :param advisor: measures each decision (see the module docstring)
    """

    def __init__(self, game, players, advisor):
        self.game = game
        self.log = game.log
        self.players = players
        self.adv = advisor
        self.pos = bytearray(game.start) if game.start is not None else None
        self.res = bytearray(len(self.pos or b""))
        self.turn = game.first_turn
        self.i = 0  # read offset in the log
        self.busy = False
        self.n = 0
        self.total = 0.0
        self.worst = []
        self.last = None
        self.done = self.pos is None or not self.log
        # the number of the log's last turn (for a progress line)
        self.last_turn = game.first_turn
        i = 0
        while i < len(self.log):
            if self.log[i] & 63:  # (a cube action has no moves)
                self.last_turn += 1
                i += 2 * self.log[i + 1]
            i += 2

    def step(self):
        """One slice of the walk; True when it is over."""
        self.last = None
        if self.done:
            return True
        log = self.log
        i = self.i
        head = log[i]
        n = log[i + 1]
        if not head & 63:  # a cube action: no decision of the checkers
            self._next(i + 2)
            return self.done
        player = head >> 6
        if not self.busy:
            if player in self.players:
                self.adv.begin(self.pos, (head >> 3) & 7, head & 7)
                self.busy = True
                return False
        elif not self.adv.step():
            return False
        g = self.game
        pos = self.pos
        res = self.res
        res[:] = pos
        m = 0 if player == 1 else g.BLOCK
        do = g.rules.do_move
        for k in range(n):  # (minigam.core.turn_log's moves)
            do(res, m, log[i + 2 + 2 * k], log[i + 3 + 2 * k] >> 1)
        g.pass_turn(res)
        self.turn += 1
        if self.busy:
            self.busy = False
            adv = self.adv
            if adv.choices > 1:
                self._measure(player, head, n, adv.loss_of(res))
        pos[:] = res
        self._next(i + 2 + 2 * n)
        return self.done

    def _next(self, i):
        self.i = i
        if i >= len(self.log):
            self.done = True

    def _measure(self, player, head, n, loss):
        log = self.log
        i = self.i
        played = []
        for k in range(n):
            e = log[i + 3 + 2 * k]
            played.append((log[i + 2 + 2 * k], e >> 1, e & 1))
        d = Decision(self.turn, player, (head >> 3) & 7, head & 7, played,
                     with_hits(self.game, self.pos, self.adv.steps), loss)
        self.last = d
        self.n += 1
        self.total += loss
        w = self.worst
        if loss > 0 and (len(w) < TOP or loss > w[-1].loss):
            k = len(w)
            while k > 0 and w[k - 1].loss < loss:
                k -= 1
            w.insert(k, d)
            if len(w) > TOP:
                w.pop()
