"""A game's decisions measured against the best play: the handheld's
game-over review and the PC's ``python -m minigam.host review``.

``Review(game, players, advisor)`` walks the confirmed turns of ``game``
(its ``log``: from the game's start, or from where it was resumed from a
save, whose record starts there) and, for each turn of a player in
``players`` that had a choice of results, asks ``advisor`` for the best
play and for the loss of the play made. The advisor is a Hard
``minigam.quarter.ai.AIPlayer`` (its estimates) or, on the PC, a
``minigam.host.aitools.quarter.perfect.PerfectPlayer`` (exact values): both have
``begin``/``step``/``steps``/``choices``/``loss_of``.

``step()`` does one slice (one advisor step, or one turn skipped) and
returns True when the walk is over, so the app stays responsive while it
reviews. Then ``n`` decisions were measured, ``total`` win probability was
lost in all, and ``worst`` holds the ``TOP`` biggest errors, biggest first,
as ``Decision``s. ``last`` is the decision just measured (the PC prints
every one).
"""

from minigam.compat import const

TOP = const(3)
# The tutor's and the review's words: a play that gives away more than
# DOUBTFUL of the win probability against the best play is "doubtful",
# more than BLUNDER a "blunder" (``python -m minigam.host review
# --calibrate`` measures them against the exact values).
DOUBTFUL = 0.02
BLUNDER = 0.06
TURN = const(16)
MARKS = ("", "Doubtful", "Blunder")  # a play's mark, by ``grade``


def grade(loss, doubtful=DOUBTFUL, blunder=BLUNDER):
    """A play's mark for ``loss``: 0 none, 1 doubtful, 2 blunder (``MARKS``
    names them; the calibration tries other thresholds)."""
    return 2 if loss > blunder else 1 if loss > doubtful else 0


class Decision:
    """One measured turn: ``turn`` (its number), ``player``, ``d1``, ``d2``,
    ``played`` and ``best`` (``[(src, die, hit), ...]`` in the mover's
    view, as ``notation.format_play`` takes them) and ``loss``."""

    def __init__(self, turn, player, d1, d2, played, best, loss):
        self.turn = turn
        self.player = player
        self.d1 = d1
        self.d2 = d2
        self.played = played
        self.best = best
        self.loss = loss


def with_hits(rules, pos, steps):
    """``steps`` (``(src, die)`` pairs) of the mover of ``pos`` with their
    hit flags, found on a copy of ``pos``."""
    q = bytearray(pos)
    m = 0 if q[TURN] == 1 else 8
    out = []
    for st in steps:
        out.append((st[0], st[1], rules.do_move(q, m, st[0], st[1])))
    return out


class Review:
    """See the module docstring.

    :param game: a ``minigam.quarter.game.Game`` (read only: its ``rules``,
        ``start``, ``log`` and ``first_turn``)
    :param players: the players reviewed, e.g. ``(1,)`` against the AI
    :param advisor: measures each decision (see the module docstring)
    """

    def __init__(self, game, players, advisor):
        self.rules = game.rules
        self.log = game.log
        self.players = players
        self.adv = advisor
        self.pos = bytearray(game.start) if game.start is not None else None
        self.res = bytearray(17)
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
            self.last_turn += 1
            i += 2 + 2 * self.log[i + 1]

    def step(self):
        """One slice of the walk; True when it is over."""
        self.last = None
        if self.done:
            return True
        log = self.log
        i = self.i
        head = log[i]
        player = head >> 6
        if not self.busy:
            if player in self.players:
                self.adv.begin(self.pos, (head >> 3) & 7, head & 7)
                self.busy = True
                return False
        elif not self.adv.step():
            return False
        n = log[i + 1]
        pos = self.pos
        res = self.res
        res[:] = pos
        m = 0 if player == 1 else 8
        do = self.rules.do_move
        for k in range(n):  # (minigam.core.turn_log's moves)
            do(res, m, log[i + 2 + 2 * k], log[i + 3 + 2 * k] >> 1)
        res[TURN] = 3 - player
        self.turn += 1
        if self.busy:
            self.busy = False
            adv = self.adv
            if adv.choices > 1:
                self._measure(player, head, n, adv.loss_of(res))
        pos[:] = res
        self.i = i + 2 + 2 * n
        if self.i >= len(log):
            self.done = True
        return self.done

    def _measure(self, player, head, n, loss):
        log = self.log
        i = self.i
        played = []
        for k in range(n):
            e = log[i + 3 + 2 * k]
            played.append((log[i + 2 + 2 * k], e >> 1, e & 1))
        d = Decision(self.turn, player, (head >> 3) & 7, head & 7, played,
                     with_hits(self.rules, self.pos, self.adv.steps), loss)
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
