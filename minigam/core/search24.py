"""The 24-point games' AI (Backgammon's ``minigam.bg.ai.BgAI``, Long
Nardy's ``minigam.nardy.ai.NardyAI``): it chooses a play by the game's
network, scoring every distinct result of the roll (0-ply), in slices.

``choose(pos, d1, d2)`` does it in one call; an app calls ``begin(pos, d1,
d2)`` and then ``step()`` once per frame until it returns True (each step
scores at most ``SLICE`` candidates). The answer is then in ``.steps``
(``[(src, die), ...]`` in play order, mover's-view source indices as the
rules' ``do_move`` takes them; ``[]`` for a pass), ``.result`` (a new
bytearray: the position after the play, turn passed) and ``.equity`` (the
chosen play's estimated cubeless equity for the mover, 1/4096 units; a
play that wins counts its win's size).

Every candidate result is scored by the game's evaluator (the network's
equity for the side that moves next; the mover takes the lowest). Hard
takes the best estimate; Medium and Easy add seeded Gaussian-like noise of
``_NOISE[level]`` (1/4096 equity) to each candidate first, as gnubg's
weaker levels do, so close calls go wrong often and big blunders rarely.

A game's subclass gives the class attributes ``_R`` (its rules module:
``Rules``, ``winner``, ``win_kind``, ``POS_SIZE``, ``TURN``, ``NONE``),
``_EV`` (its evaluator module: ``Evaluator``, ``PSCALE``) and ``_NOISE``
(the noise of each level). The AI holds its own ``Rules`` (its play
buffers), so others may use theirs between steps; nothing is allocated
per candidate.
"""

from minigam.compat import const
from minigam.core.net24 import prob

LEVELS = ("easy", "medium", "hard")
# Candidates scored a step: about 5 ms each on a Pico, so a key pressed
# in the AI's turn waits at most about 11 ms for the search to yield.
SLICE = const(2)
_WIN = const(1 << 20)  # a winning play scores below any estimate
_G4SD = const(37837)  # standard deviation of four summed 16-bit draws


class Search24:
    """A 24-point game's AI; a game's subclass gives ``_R``, ``_EV`` and
    ``_NOISE`` (see the module docstring; undeclared here, as the device
    type check is told).

    :param level: one of ``LEVELS``
    :param seed: seed of the noise (levels other than Hard); None draws
        one from ``random``
    :param rules: the game's ``Rules`` for the AI alone (made when not
        given)
    """

    def __init__(self, level="hard", seed=None, rules=None):
        if seed is None:
            import random
            seed = random.getrandbits(16)
        R = self._R
        self.rules = rules if rules is not None else R.Rules()
        self.ev = self._EV.Evaluator()
        self._x = (seed * 7919 + 1) & 0xFFFF
        self._pos = bytearray(R.POS_SIZE)
        self._res = bytearray(R.POS_SIZE)
        self._root = bytearray(R.POS_SIZE)
        self._ahead_pos = bytearray(R.POS_SIZE)  # (ahead_begin's)
        self._out = None
        self._d1 = self._d2 = 1
        self._looking = False  # ahead's searches: no noise
        self._n = 0
        self._k = 0
        self._best = -1
        self._best_score = 0
        self._best_eq = 0
        self.steps = []
        self.result = None
        self.equity = 0
        self.choices = 0
        self.chosen = -1
        self.done = True
        self.set_level(level)

    def set_level(self, level):
        if level not in self._NOISE:
            raise ValueError("unknown AI level %r (choose from %s)"
                             % (level, ", ".join(LEVELS)))
        self.level = level
        self.sigma = self._NOISE[level]
        self.done = True

    def _draw(self):
        """Zero-mean, roughly normal noise: four 16-bit draws (ZX81's LCG,
        small ints on every port) summed, sd ``_G4SD``."""
        x = self._x
        s = 0
        for _ in range(4):
            x = (x * 75 + 74) % 65537
            s += x & 0xFFFF
        self._x = x
        return s - 131070

    def begin(self, pos, d1, d2):
        """Start choosing a play for the side to move in ``pos`` with roll
        ``d1-d2``. ValueError if the game is over."""
        self._looking = False  # (an ahead left unfinished is dropped)
        self._begin(pos, d1, d2)

    def _begin(self, pos, d1, d2):
        R = self._R
        if R.winner(pos):
            raise ValueError("the game is over")
        self._pos[:] = pos
        n = self.rules.plays(self._pos, d1, d2)
        self._n = n
        self.choices = n
        self._best = -1
        self._best_score = 0
        self.done = False
        if n <= 1:
            self._finish(0 if n else -1)
            return
        self._k = -1  # the root's sums are the first step's work

    def step(self):
        """Score up to ``SLICE`` candidates (the first step sets the root's
        sums instead); True once the choice is made."""
        if self.done:
            return True
        k = self._k
        if k < 0:
            root = self._root
            root[:] = self._pos
            root[self._R.TURN] = 3 - root[self._R.TURN]
            self.ev.set_root(root)
            self._k = 0
            return False
        n = self._n
        end = k + SLICE
        if end > n:
            end = n
        res = self._res
        pos = self._pos
        rules = self.rules
        sigma = 0 if self._looking else self.sigma
        R = self._R
        while k < end:
            res[:] = pos
            rules.apply(res, k)
            if R.winner(res):
                e = s = -_WIN - R.win_kind(res)
            else:
                e = s = self.ev.score(res)
                if sigma:
                    s += self._draw() * sigma // _G4SD
            if self._best < 0 or s < self._best_score:
                self._best_score = s
                self._best_eq = e
                self._best = k
            k += 1
        self._k = k
        if k < n:
            return False
        self._finish(self._best)
        if self.rules.between is not None:
            # A key pressed in this last slice has its frame now, before
            # the frame of the AI's first move (``ai_turn_keys``).
            self.rules.between()
        return True

    def choose(self, pos, d1, d2):
        """The whole choice in one call: returns ``.steps``."""
        self.begin(pos, d1, d2)
        while not self.step():
            pass
        return self.steps

    def ahead(self, pos, out):
        """Fill ``out`` with ``pos``'s probabilities one roll ahead (see
        ``ahead_begin``) in one call; returns ``out``."""
        self.ahead_begin(pos, out)
        while not self.ahead_step():
            pass
        return out

    def ahead_begin(self, pos, out):
        """Start filling ``out`` (the evaluator's outputs as probabilities,
        0..PSCALE ints: ``NO`` of them, P(win) first, then the side's wins
        of each larger kind and its losses of the same kinds) with those
        of ``pos`` for its side on roll one roll ahead: the mean over the
        21 rolls (36, the doubles once) of the outputs after that side's
        best play by the network (the level's noise left out), a play
        that wins counting its kind. ``ahead_step()`` then does the work a
        slice at a time, as ``step()`` does a play's. A cube decision's
        evaluation: averaging over the rolls takes out much of the
        network's error in a volatile position, to which a cube decision
        is far more sensitive than a choice of play. ValueError if the
        game is over."""
        self._begin(pos, 1, 1)  # (ValueError here if the game is over)
        self._looking = True
        self._d1 = self._d2 = 1
        for j in range(len(out)):
            out[j] = 0
        self._out = out
        self._ahead_pos[:] = pos
        # Every roll's results are scored against the same root, pos with
        # its turn passed (a search with a choice sets it again itself).
        root = self._root
        root[:] = pos
        root[self._R.TURN] = 3 - root[self._R.TURN]
        self.ev.set_root(root)

    def ahead_step(self):
        """One slice of ``ahead_begin``'s work (at most one of ``step()``'s);
        True once ``out`` is filled."""
        if not self.step():
            return False
        R = self._R
        P = self._EV.PSCALE
        out = self._out
        half = (len(out) - 1) // 2
        d1 = self._d1
        d2 = self._d2
        w = 1 if d1 == d2 else 2
        res = self.result
        if R.winner(res):
            kind = R.win_kind(res)
            out[0] += w * P
            for j in range(1, half + 1):
                if kind > j:
                    out[j] += w * P
        else:
            self.ev.score(res)  # the opponent's view: flipped
            z = self.ev.z
            out[0] += w * (P - prob(z[0]))
            for j in range(1, half + 1):
                out[j] += w * prob(z[j + half])
                out[j + half] += w * prob(z[j])
        if d2 < 6:
            d2 += 1
        elif d1 < 6:
            d1 += 1
            d2 = d1
        else:
            for j in range(len(out)):
                out[j] = (out[j] + 18) // 36
            self._looking = False
            return True
        self._d1 = d1
        self._d2 = d2
        self._begin(self._ahead_pos, d1, d2)
        self._looking = True
        return False

    def loss_of(self, result):
        """Cubeless equity (points a game) the play to ``result`` (the
        position after it, turn passed) gives away against the chosen
        play, by the finished search's estimates; 0.0 when there was no
        choice. Hard only (the tutor and the game review ask it).
        ValueError if ``result`` is not a result of the decision."""
        if self.sigma:
            raise ValueError("only Hard measures plays")
        if self.choices <= 1:
            return 0.0
        R = self._R
        res = self._res
        for k in range(self._n):
            res[:] = self._pos
            self.rules.apply(res, k)
            if res == result:
                if R.winner(res):
                    eq = R.win_kind(res) * self._EV.PSCALE
                else:
                    # The root's sums again: another evaluation may have
                    # used the evaluator since the search.
                    self.ev.set_root(self._root)
                    eq = -self.ev.score(res)
                return (self.equity - eq) / self._EV.PSCALE \
                    if eq < self.equity else 0.0
        raise ValueError("not a result of this roll")

    def _finish(self, k):
        R = self._R
        self.chosen = k
        out = bytearray(self._pos)
        steps = []
        if k >= 0:
            mv = self.rules.moves
            b = k << 3
            for j in range(4):
                if mv[b + 2 * j] == R.NONE:
                    break
                steps.append((mv[b + 2 * j], mv[b + 2 * j + 1]))
            self.rules.apply(out, k)
        else:
            out[R.TURN] = 3 - out[R.TURN]
        if R.winner(out):
            self.equity = R.win_kind(out) * self._EV.PSCALE
        elif self._n > 1:
            self.equity = -self._best_eq
        else:
            self.equity = 0  # no choice: not scored
        self.steps = steps
        self.result = out
        self.done = True
