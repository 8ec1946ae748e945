"""MINIGAM device AI: levels, noise, and a search that runs in slices.

``AIPlayer(rules, level, seed)`` picks a play for a position and roll.
``choose(pos, d1, d2)`` does it in one call; the app instead calls
``begin(pos, d1, d2)`` and then ``step()`` once per frame until it returns
True, so the screen keeps animating and keys keep being read. Each step
scores at most ``SLICE`` candidate plays. The answer is then in ``.steps``
(``[(src, die), ...]`` in play order, source indices in the mover's view as
``Rules.do_move`` takes them; ``[]`` for a pass) and ``.result`` (a new
bytearray: the position after the play, turn passed).

Every candidate result is scored by ``minigam.quarter.eval`` (a small network
fitted to the exact solution). The levels follow gnubg's practice: Hard
takes the best score; Medium and Easy add seeded Gaussian-like noise of a
calibrated size (in win-probability units) to each candidate's estimated
win probability first, so they make the mistakes a person makes: close
calls go wrong often, big blunders rarely. ``minigam.host.aitools.quarter.strength``
measures each level's loss against the exact values.
"""

import math

from minigam.quarter import eval as ai_eval
from minigam.compat import const

LEVELS = ("easy", "medium", "hard")

# Noise standard deviation per level and variant, in 1/4096 of a win
# probability (calibrated with minigam.host.aitools.quarter.strength against the exact
# solution: Easy loses ~0.03 per decision, Medium ~0.01).
NOISE = {"easy": 649, "medium": 242, "hard": 0}
NOISE_FE = {"easy": 776, "medium": 294, "hard": 0}  # Full-Entry variant

SLICE = const(4)  # candidate plays scored per step()
REPLY_SLICE = const(4)  # opponent replies scored per step() (Hard's 1-ply)
# Hard searches one ply deeper (the opponent's 21 rolls and best replies)
# for the best TOPK candidates whose estimated win probabilities are within
# MARGIN (1/4096 units) of the best one: the close calls, where the
# network's error decides. Tuned with minigam.host.aitools.quarter.strength.
MARGIN = const(20)
TOPK = const(3)
# Hard's deeper search stops after BUDGET units of work (an opponent roll's
# plays generated, or one reply scored; about 0.3 ms each on the VM) and
# keeps the best candidate searched whole (the best estimate if none was).
# It is a safety cap above the most work seen (299 units on 3,000 random
# decision points): it bounds a decision to about 100 ms on the VM. Lower
# budgets trade strength for speed: measured with minigam.host.aitools.quarter.strength
# (20,000 points) and bench_ai's 300 points on CPython, 0 (no deeper
# search) loses 0.00040 per decision with the slowest decision 5x faster;
# 150 loses 0.00035; this cap 0.00033; no cap 0.00032. Games against
# Perfect: 49.3% with no deeper search and with it (10,000 games).
BUDGET = const(320)
# The 21 distinct rolls (d1 <= d2) and their weights out of 36.
_RA = b"\x01\x01\x01\x01\x01\x01\x02\x02\x02\x02\x02\x03\x03\x03\x03\x04\x04\x04\x05\x05\x06"
_RB = b"\x01\x02\x03\x04\x05\x06\x02\x03\x04\x05\x06\x03\x04\x05\x06\x04\x05\x06\x05\x06\x06"
_NONE = const(255)
_PSCALE = const(4096)
_BIG = const(1 << 29)
# Standard deviation of the sum of four uniform 16-bit draws.
_G4SD = const(37837)

# Sigmoid table: _SIG[i] = 4096 * sigmoid((i - 64) / 8), i in 0..128,
# read with linear interpolation (within 2/4096 of the curve; a table
# four times finer cost 770 bytes more of the stock heap in play).
_SIG = None


def _sig_table():
    global _SIG
    if _SIG is None:
        import array
        t = array.array("H", bytes(2 * 129))
        for i in range(129):
            t[i] = int(_PSCALE / (1.0 + math.exp(-(i - 64) / 8.0)) + 0.5)
        _SIG = t
    return _SIG


def win_prob(z):
    """Estimated win probability (0..4096) of the side to move for network
    output ``z`` (linear interpolation in a sigmoid table)."""
    t = _sig_table()
    x = z * 8
    i = x // ai_eval.ZS
    if i < -64:
        return t[0]
    if i >= 64:
        return t[128]
    f = x - i * ai_eval.ZS
    lo = t[i + 64]
    return lo + (t[i + 65] - lo) * f // ai_eval.ZS


class _Rng:
    """Lagged Fibonacci generator (Knuth's 24/55) on 16-bit words: small
    ints only, identical on every port, seeded deterministically."""

    def __init__(self, seed):
        import array
        self.s = array.array("H", bytes(2 * 55))
        x = (seed * 7919 + 1) & 0xFFFF
        for i in range(55):
            x = (x * 75 + 74) % 65537  # ZX81 LCG to fill the lags
            self.s[i] = x & 0xFFFF
        self.s[0] |= 1
        self.p = 0
        for _ in range(200):
            self.next()

    def next(self):
        """The next 16-bit value: x[n] = x[n-24] + x[n-55] mod 2**16."""
        s = self.s
        p = self.p
        q = p + 31
        if q >= 55:
            q -= 55
        v = (s[q] + s[p]) & 0xFFFF
        s[p] = v
        self.p = p + 1 if p < 54 else 0
        return v

    def gauss(self):
        """Zero-mean, roughly normal: sum of four draws, sd ``_G4SD``."""
        return self.next() + self.next() + self.next() + self.next() - 131070


class AIPlayer:
    """The device AI.

    :param rules: a ``minigam.quarter.rules.Rules`` (variant and checker count)
    :param level: one of ``LEVELS``
    :param seed: seed of the noise generator (levels other than Hard);
        None draws one from ``random``
    """

    def __init__(self, rules, level="hard", seed=None):
        self.rules = rules
        if seed is None:
            import random
            seed = random.getrandbits(16)
        self.rng = _Rng(seed)
        self.eval = ai_eval.Evaluator(rules.full_entry)
        self._pos = bytearray(17)
        self._res = bytearray(17)
        self._plays = bytearray(4 * 128)
        self._n = 0
        self._k = 0
        self._best = -1
        self._best_score = 0
        self._p = None  # Hard's search buffers, made when first needed
        self.set_level(level)
        self._nc = 0
        self.searched = 0  # candidates searched 1-ply in the last decision
        self._ci = 0
        self._ri = 0
        self._rn = -1
        self._rk = 0
        self._rbest = 0
        self._fresh = False
        self._tot = 0
        self._work = 0
        self.budget = BUDGET  # tests lift it to compare with a plain search
        self._phase = 0
        self.steps = []
        self.result = None
        self.choices = 0  # distinct results of the last decision
        self.chosen = -1

    def set_level(self, level):
        """Play at ``level`` from the next decision on. One player can
        serve two roles: the app's tutor judges the human's rolls at Hard
        with the game's Easy or Medium AI (a second player would hold its
        own buffers through the game). Noise is drawn only below Hard, so
        the lower level's decisions stay those of a player of its own. A
        decision under way is abandoned (``begin`` starts the next)."""
        if level not in NOISE:
            raise ValueError("unknown AI level %r (choose from %s)"
                             % (level, ", ".join(LEVELS)))
        self.done = True
        full = self.rules.full_entry
        self.level = level
        self.sigma = (NOISE_FE if full else NOISE)[level]
        self.search = self.sigma == 0
        if self.search and self._p is None:
            import array
            self.eval2 = ai_eval.Evaluator(full)
            self._p = array.array("h", bytes(2 * 128))
            self._cand = bytearray(TOPK)
            self._v1 = array.array("i", bytes(4 * TOPK))
            self._cpos = bytearray(17)
            self._q = bytearray(17)
            self._rm = bytearray(4 * 128)  # the opponent's plays of a roll

    # -- sliced search ------------------------------------------------------

    def begin(self, pos, d1, d2):
        """Start choosing a play for the side to move in ``pos`` with roll
        ``d1-d2``. Raises ValueError if the game is already over."""
        rules = self.rules
        n = rules.checkers
        if pos[7] == n or pos[15] == n:
            raise ValueError("the game is over")
        self._pos[:] = pos
        count = rules.plays(self._pos, d1, d2)
        self._plays[:4 * count] = rules.moves[:4 * count]
        self._n = count
        self.choices = count
        self._k = 0
        self._best = -1
        self._best_score = _BIG
        self._phase = 0
        self.searched = 0
        self.steps = []
        self.result = None
        self.done = False
        if count <= 1:
            self._finish(0 if count else -1)
            return
        root = self._res
        root[:] = pos
        root[16] = 3 - root[16]
        self.eval.set_root(root)

    def step(self):
        """Do one bounded slice of work (``SLICE`` candidates, or one roll
        and ``REPLY_SLICE`` replies of Hard's deeper search); True once
        the choice is made (then read ``.steps`` and ``.result``)."""
        if self.done:
            return True
        if self._phase:
            return self._search_step()
        k = self._k
        end = k + SLICE
        n = self._n
        if end > n:
            end = n
        res = self._res
        sigma = self.sigma
        nchk = self.rules.checkers
        while k < end:
            self._apply(res, k)
            if res[7] == nchk or res[15] == nchk:
                s = -_BIG  # this play wins the game
                if self.search:
                    self._p[k] = -1
            else:
                s = self.eval.score(res)
                if sigma:
                    s = win_prob(s) + self.rng.gauss() * sigma // _G4SD
                elif self.search:
                    self._p[k] = win_prob(s)
            if s < self._best_score:
                self._best_score = s
                self._best = k
            k += 1
        self._k = k
        if k < n:
            return False
        if self.search and self._best_score > -_BIG and self._select():
            self._phase = 1
            return False
        self._finish(self._best)
        return True

    def _select(self):
        """Pick Hard's close calls: up to ``TOPK`` candidates within
        ``MARGIN`` of the best estimate, best first. True if 2 or more."""
        p = self._p
        cand = self._cand
        top = p[self._best] + MARGIN
        nc = 0
        for k in range(self._n):
            v = p[k]
            if v >= top:
                continue
            # insert k by estimate (stable: earlier plays first on ties)
            i = nc if nc < TOPK else TOPK
            while i > 0 and p[cand[i - 1]] > v:
                if i < TOPK:
                    cand[i] = cand[i - 1]
                i -= 1
            if i < TOPK:
                cand[i] = k
                if nc < TOPK:
                    nc += 1
        self._nc = nc
        self._ci = 0
        self._ri = 0
        self._rn = -1
        self._tot = 0
        self._work = 0
        if nc < 2:
            return False
        self._fresh = True
        return True

    def _start_candidate(self):
        self._fresh = False
        cpos = self._cpos
        self._apply(cpos, self._cand[self._ci])
        q = self._q
        q[:] = cpos
        q[16] = 3 - q[16]
        self.eval2.set_root(q)

    def _search_step(self):
        """One slice of the 1-ply value of the current close candidate (the
        opponent's win probability x 4096 x 36 when it takes its best reply
        by our network's estimates): at most one opponent roll, and at most
        ``REPLY_SLICE`` of its replies. The replies are copied out of
        ``rules.moves``, so others may use the rules between steps."""
        if self._work >= self.budget:  # out of time: the best searched whole
            self._finish(self._cand[self._best_searched()])
            return True
        if self._fresh:  # set the candidate up: a slice of its own
            self._start_candidate()
            return False
        rules = self.rules
        ev = self.eval2
        cpos = self._cpos
        q = self._q
        ri = self._ri
        rn = self._rn
        if rn < 0:  # generate the opponent's plays of roll ri
            self._work += 1
            rn = rules.plays(cpos, _RA[ri], _RB[ri])
            if rn == 0:
                q[:] = cpos
                q[16] = 3 - q[16]
                self._rbest = _PSCALE - win_prob(ev.score(q))
            else:
                mv = rules.moves
                rm = self._rm
                for j in range(4 * rn):
                    rm[j] = mv[j]
                self._rbest = 0
                self._rk = 0
                self._rn = rn
                return False
        if rn > 0:
            do = rules.do_move
            nchk = rules.checkers
            m = 0 if cpos[16] == 1 else 8
            rm = self._rm
            best = self._rbest
            k = self._rk
            end = k + REPLY_SLICE
            if end > rn:
                end = rn
            self._work += end - k  # at most REPLY_SLICE replies scored
            while k < end:
                q[:] = cpos
                j = 4 * k
                do(q, m, rm[j], rm[j + 1])
                if rm[j + 2] != _NONE:
                    do(q, m, rm[j + 2], rm[j + 3])
                k += 1
                if q[m + 7] == nchk:
                    best = _PSCALE
                    k = rn
                    break
                q[16] = 3 - q[16]
                v = _PSCALE - win_prob(ev.score(q))
                if v > best:
                    best = v
            self._rbest = best
            self._rk = k
            if k < rn:
                self._rn = rn
                return False
        best = self._rbest
        self._tot += best if _RA[ri] == _RB[ri] else 2 * best
        self._rn = -1
        ri += 1
        self._ri = ri
        if ri < 21:
            return False
        self._v1[self._ci] = self._tot
        self._ci += 1
        self.searched = self._ci
        self._ri = 0
        self._tot = 0
        if self._ci < self._nc:
            self._fresh = True
            return False
        self._finish(self._cand[self._best_searched()])
        return True

    def _best_searched(self):
        """Index in ``_cand`` of the best 1-ply value among the candidates
        searched whole (0, the best estimate, when none was)."""
        v1 = self._v1
        bi = 0
        for i in range(1, self._ci):
            if v1[i] < v1[bi]:
                bi = i
        return bi

    def choose(self, pos, d1, d2):
        """The whole choice in one call: returns ``.steps``."""
        self.begin(pos, d1, d2)
        while not self.step():
            pass
        return self.steps

    def loss_of(self, result):
        """Win probability (0.0..1.0) the play to ``result`` (the position
        after it, turn passed) gives away against the chosen play, by the
        finished decision's first-ply estimates; 0.0 when there was no
        choice. Hard only (the hint, tutor and game review ask it).
        ValueError if ``result`` is not a result of the decision."""
        if not self.search:
            raise ValueError("only Hard measures plays")
        if self.choices <= 1:
            return 0.0
        res = self._res
        p = self._p
        for k in range(self._n):
            self._apply(res, k)
            if res == result:
                mine = p[k] if p[k] > 0 else 0  # -1: the play wins
                best = p[self.chosen]
                if best < 0:
                    best = 0
                return (mine - best) / _PSCALE if mine > best else 0.0
        raise ValueError("not a result of this roll")

    # -- helpers ------------------------------------------------------------

    def _apply(self, res, k):
        """``res`` = the root position after play ``k``, turn passed."""
        res[:] = self._pos
        m = 0 if res[16] == 1 else 8
        p = self._plays
        b = 4 * k
        do = self.rules.do_move
        do(res, m, p[b], p[b + 1])
        if p[b + 2] != _NONE:
            do(res, m, p[b + 2], p[b + 3])
        res[16] = 3 - res[16]

    def _finish(self, k):
        self.chosen = k
        out = bytearray(17)
        if k < 0:
            out[:] = self._pos
            out[16] = 3 - out[16]
            self.steps = []
        else:
            self._apply(out, k)
            p = self._plays
            b = 4 * k
            steps = [(p[b], p[b + 1])]
            if p[b + 2] != _NONE:
                steps.append((p[b + 2], p[b + 3]))
            self.steps = steps
        self.result = out
        self.done = True
