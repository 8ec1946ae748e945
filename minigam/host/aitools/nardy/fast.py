"""Long Nardy at numba speed, for the host tools (training, benchmarks).

Everything here is a copy of device code in numba, checked against it by
``tests/test_nardy_ai.py``:

* the rules of ``minigam.nardy.rules``: the same 54-byte positions and the
  same distinct results of a roll, **in the same order** as
  ``Rules.plays`` lists the plays (so a player here sees its candidates in
  the device's order);
* the evaluator's inputs (``minigam.nardy.eval``): the rows of a position
  from its side to move's view, and the three block/race features a side;
* the integer network's arithmetic and the device AI's choice
  (``minigam.nardy.ai.NardyAI``: the noise draws too), so a benchmark here
  measures the device AI itself;
* the greedy heuristic of ``minigam.host.aitools.nardy.players``.

A generator's workspace is ``Work()``: the results of the last call (a
``(MAX_PLAYS, 54)`` array, each a position after a play, the turn passed)
and the hash tables that deduplicate boards.
"""

import math

import numba as nb
import numpy as np

from minigam.nardy import eval as ne
from minigam.host.aitools.weights_module import unpack_table

POS = 54
TURN = 52
HEADS = 53
BLOCK = 26
OFF = 25
HEAD = 1
HOME = 19
CHK = 15
MAX_PLAYS = 3060
_SECOND = 8

# the evaluator's input layout (minigam.nardy.eval)
NC = ne.NC            # board places a side (index 0 unused, 1..24, off)
BPC = ne.BPC          # thermometer rows a place
NF = ne.NF            # feature places a side
CAPS = np.array(ne.CAPS, np.int64)  # each feature's cap
N_BOARD = 2 * NC * BPC              # 416 board rows
N_IN = N_BOARD + 2 * NF * BPC       # + 96 feature rows
N_ON = ne.N_ON + ne.F_ON            # rows on in every position
NO = ne.NO
Q = ne.Q
ZS = ne.ZS
PSCALE = ne.PSCALE

_TAB = 1 << 16
_MASK = _TAB - 1
_KEYS = np.random.default_rng(20261124).integers(
    1, 2 ** 63, size=32, dtype=np.int64).astype(np.uint64)


class Work:
    """A generator's buffers (see the module docstring)."""

    def __init__(self):
        self.res = np.zeros((MAX_PLAYS, POS), np.uint8)
        self.tk = np.zeros(_TAB, np.uint64)      # keys
        self.ts = np.zeros(_TAB, np.int64)       # stamps: in use when == st[2]
        self.st = np.zeros(4, np.int64)          # count, best, stamp
        self.src = np.zeros(8, np.int64)         # the double's search stack
        self.found = np.zeros(8, np.bool_)

    def args(self):
        return (self.res, self.tk, self.ts, self.st, self.src, self.found)


# -- single moves (minigam.nardy.rules) ----------------------------------------

@nb.njit(cache=True)
def opposite(i):
    return i + 12 if i <= 12 else i - 12


@nb.njit(cache=True)
def winner(pos):
    if pos[OFF] == CHK:
        return 1
    if pos[BLOCK + OFF] == CHK:
        return 2
    return 0


@nb.njit(cache=True)
def win_kind(pos):
    w = winner(pos)
    if w == 0:
        return 0
    return 1 if pos[(BLOCK if w == 1 else 0) + OFF] else 2


@nb.njit(cache=True)
def closes_block(pos, m, s, t):
    q = t + 12 if t <= 12 else t - 12
    lo = q
    while lo > 1:
        i = lo + 11 if lo <= 13 else lo - 13
        n = np.int64(pos[m + i])
        if i == s:
            n -= 1
        if n <= 0:
            break
        lo -= 1
    hi = q
    while hi < 24:
        i = hi + 13 if hi <= 11 else hi - 11
        n = np.int64(pos[m + i])
        if i == s:
            n -= 1
        if n <= 0:
            break
        hi += 1
    if hi - lo < 5:
        return False
    o = BLOCK - m
    for k in range(hi + 1, OFF + 1):
        if pos[o + k]:
            return False
    return True


@nb.njit(cache=True)
def can_move(pos, m, i, d, hd):
    if i < 1 or i >= OFF or pos[m + i] == 0:
        return False
    if i == HEAD:
        h = pos[HEADS]
        if h and not (hd and h == d and (d == 6 or d == 4 or d == 3)
                      and pos[m + HEAD] == CHK - 1):
            return False
    t = i + d
    if t < OFF:
        if pos[BLOCK - m + (t + 12 if t <= 12 else t - 12)]:
            return False
        return pos[m + t] > 0 or not closes_block(pos, m, i, t)
    lo = 1
    while lo < OFF and pos[m + lo] == 0:
        lo += 1
    return lo >= HOME and (t == OFF or i == lo)


@nb.njit(cache=True)
def do_move(pos, m, i, d):
    t = i + d
    if t > OFF:
        t = OFF
    pos[m + i] -= 1
    pos[m + t] += 1
    if i == HEAD:
        h = pos[HEADS]
        pos[HEADS] = h + _SECOND if h else d


@nb.njit(cache=True)
def undo_move(pos, m, i, d):
    t = i + d
    if t > OFF:
        t = OFF
    pos[m + t] -= 1
    pos[m + i] += 1
    if i == HEAD:
        h = pos[HEADS]
        pos[HEADS] = h - _SECOND if h > _SECOND else 0


# -- whole plays -------------------------------------------------------------------

@nb.njit(cache=True)
def _hash(pos, m, depth):
    h = np.uint64(depth) * np.uint64(0x9E3779B97F4A7C15)
    for i in range(1, OFF + 1):
        h += np.uint64(pos[m + i]) * _KEYS[i]
    return h


@nb.njit(cache=True)
def _add(tk, ts, stamp, key):
    """Put ``key`` in the set; False if it was there already."""
    j = np.int64((key >> np.uint64(20)) & np.uint64(_MASK))
    while ts[j] == stamp:
        if tk[j] == key:
            return False
        j = (j + 1) & _MASK
    ts[j] = stamp
    tk[j] = key
    return True


@nb.njit(cache=True)
def _leaf(pos, n, res, st):
    if n < st[1]:
        return
    if n > st[1]:
        st[1] = n
        st[0] = 0
    c = st[0]
    for k in range(POS):
        res[c, k] = pos[k]
    res[c, HEADS] = 0
    res[c, TURN] = 3 - pos[TURN]
    st[0] = c + 1


@nb.njit(cache=True)
def plays(pos, d1, d2, hd, res, tk, ts, st, src, found):
    """The distinct results of roll ``d1-d2`` (``Rules.plays``' order) into
    ``res``; returns their count (0: no play, or the game is over).
    ``pos`` is restored."""
    st[0] = 0
    st[1] = 0
    st[2] += 1
    stamp = st[2]
    if winner(pos):
        return 0
    m = 0 if pos[TURN] == 1 else BLOCK
    if d1 == d2:
        d = d1
        depth = 0
        src[0] = 0
        found[0] = False
        while True:
            s = src[depth] + 1
            while s < OFF and not (pos[m + s] and can_move(pos, m, s, d, hd)):
                s += 1
            if s < OFF:
                src[depth] = s
                found[depth] = True
                do_move(pos, m, s, d)
                if not _add(tk, ts, stamp, _hash(pos, m, depth + 1)):
                    undo_move(pos, m, s, d)
                    continue
                if depth == 3:
                    _leaf(pos, 4, res, st)
                    undo_move(pos, m, s, d)
                    continue
                depth += 1
                src[depth] = 0
                found[depth] = False
                continue
            if not found[depth] and depth > 0:
                _leaf(pos, depth, res, st)
            if depth == 0:
                break
            depth -= 1
            undo_move(pos, m, src[depth], d)
        return st[0]
    any1 = False
    for order in range(2):
        da = d2 if order else d1
        db = d1 if order else d2
        for s in range(1, OFF):
            if pos[m + s] == 0 or not can_move(pos, m, s, da, hd):
                continue
            any1 = True
            do_move(pos, m, s, da)
            for s2 in range(1, OFF):
                if pos[m + s2] and can_move(pos, m, s2, db, hd):
                    do_move(pos, m, s2, db)
                    if _add(tk, ts, stamp, _hash(pos, m, 2)):
                        _leaf(pos, 2, res, st)
                    undo_move(pos, m, s2, db)
            undo_move(pos, m, s, da)
    if st[0] == 0 and any1:
        hi = d1 if d1 > d2 else d2
        for k in range(2):
            d = hi if k == 0 else d1 + d2 - hi
            for s in range(1, OFF):
                if pos[m + s] and can_move(pos, m, s, d, hd):
                    do_move(pos, m, s, d)
                    _leaf(pos, 1, res, st)
                    undo_move(pos, m, s, d)
            if st[0]:
                break
    return st[0]


# -- the evaluator's inputs ----------------------------------------------------------

@nb.njit(cache=True)
def side_features(pos, b, out, at):
    """The three features of the side of block ``b`` into ``out[at:at+6]``
    (``minigam.nardy.eval.side_features``): its longest run of points in a
    row along the other side's path with an opposing checker behind it, the
    opposing checkers behind that run, and its own checkers with an
    opposing checker ahead of them; each capped, followed by cap - value."""
    o = BLOCK - b
    behind = 0
    best = 0
    trapped = 0
    run = 0
    rb = 0
    for q in range(1, 25):
        i = q + 12 if q <= 12 else q - 12
        if pos[b + i]:
            if run == 0:
                rb = behind
            run += 1
            if rb and (run > best or (run == best and rb > trapped)):
                best = run
                trapped = rb
        else:
            run = 0
        behind += pos[o + q]
    top = 0
    i = 24
    while i > 0:
        if pos[o + (i + 12 if i <= 12 else i - 12)]:
            top = i
            break
        i -= 1
    contact = 0
    for i in range(1, top):
        contact += pos[b + i]
    if best > CAPS[0]:
        best = CAPS[0]
    out[at] = best
    out[at + 1] = CAPS[0] - best
    out[at + 2] = trapped
    out[at + 3] = CAPS[1] - trapped
    out[at + 4] = contact
    out[at + 5] = CAPS[2] - contact


@nb.njit(cache=True)
def features(pos, out):
    """Both sides' features (White's 6, Black's 6) and the turn byte."""
    side_features(pos, 0, out, 0)
    side_features(pos, BLOCK, out, NF)
    out[2 * NF] = pos[TURN]


@nb.njit(cache=True)
def rows(pos, fbuf, out):
    """The input rows of ``pos`` from its side to move's view (one a
    checker, one a feature unit; a row repeats past a place's ``BPC``);
    returns their number (``N_ON``)."""
    features(pos, fbuf)
    t = 0 if pos[TURN] == 1 else BLOCK
    n = 0
    for s in range(2):
        blk = t if s == 0 else BLOCK - t
        for i in range(1, NC):
            c = pos[blk + i]
            base = s * NC * BPC + i * BPC
            for k in range(c):
                out[n] = base + (k if k < BPC - 1 else BPC - 1)
                n += 1
    tf = 0 if pos[TURN] == 1 else NF
    for s in range(2):
        fb = tf if s == 0 else NF - tf
        for f in range(NF):
            v = fbuf[fb + f]
            base = N_BOARD + s * NF * BPC + f * BPC
            for k in range(v):
                out[n] = base + (k if k < BPC - 1 else BPC - 1)
                n += 1
    return n


# -- the integer network and the device AI -----------------------------------------

def sigmoid_table():
    """``minigam.bg.eval``'s sigmoid table (the device's probabilities)."""
    return np.array([int(PSCALE / (1.0 + math.exp(-(i - 256) / 32.0)) + 0.5)
                     for i in range(513)], np.int64)


@nb.njit(cache=True)
def prob(z, sig):
    if z <= -8 * ZS:
        return sig[0]
    if z >= 8 * ZS:
        return sig[512]
    x = z * 32
    i = x // ZS
    f = x - i * ZS
    lo = sig[i + 256]
    return lo + (sig[i + 257] - lo) * f // ZS


@nb.njit(cache=True)
def int_outputs(pos, W1, B1, W3, B3, fbuf, rbuf, acc, z):
    """The device's integer outputs of ``pos`` into ``z``."""
    n = rows(pos, fbuf, rbuf)
    H = B1.shape[0]
    for h in range(H):
        acc[h] = B1[h]
    for r in range(n):
        row = rbuf[r]
        for h in range(H):
            acc[h] += W1[row, h]
    for o in range(NO):
        z[o] = B3[o]
    for h in range(H):
        a = acc[h]
        if a > 0:
            if a > Q:
                a = Q
            for o in range(NO):
                z[o] += W3[o, h] * a


@nb.njit(cache=True)
def int_equity(z, sig):
    return 2 * prob(z[0], sig) - PSCALE + prob(z[1], sig) - prob(z[2], sig)


def int_tables(w):
    """``(W1, B1, W3, B3)`` of a weights module as int64 arrays: ``W1``
    the board's 416 rows then the features' 96, ``B1`` as stored (the
    byte offsets not folded in), ``W3`` ``(NO, H)``."""
    W1 = np.concatenate([
        unpack_table(w.W1, w.W1O, w.W1X_AT, w.W1X_H, w.W1X_D, N_BOARD, w.H),
        unpack_table(w.WF, w.WFO, w.WFX_AT, w.WFX_H, w.WFX_D,
                     N_IN - N_BOARD, w.H)])
    B1 = np.frombuffer(w.B1, "<i2").astype(np.int64)
    W3 = np.frombuffer(w.W3, "<i2").astype(np.int64).reshape(NO, w.H)
    return W1, B1, W3, np.array(w.B3, np.int64)


class IntModel:
    """The device network's integer tables (from a weights module) and
    scratch arrays, for ``ai_choice``."""

    def __init__(self, w=None):
        if w is None:
            return
        self.W1, self.B1, self.W3, self.B3 = int_tables(w)
        self._scratch()

    @classmethod
    def of(cls, W1, B1, W3, B3):
        """The model of integer tables (``int_tables``' shapes)."""
        self = cls()
        self.W1, self.B1, self.W3, self.B3 = (np.asarray(a, np.int64)
                                              for a in (W1, B1, W3, B3))
        self._scratch()
        return self

    def _scratch(self):
        H = len(self.B1)
        self.sig = sigmoid_table()
        self.fbuf = np.zeros(2 * NF + 1, np.int64)
        self.rbuf = np.zeros(N_ON, np.int64)
        self.acc = np.zeros(H, np.int64)
        self.z = np.zeros(NO, np.int64)

    def args(self):
        return (self.W1, self.B1, self.W3, self.B3, self.sig, self.fbuf,
                self.rbuf, self.acc, self.z)

    def outputs(self, pos):
        int_outputs(np.frombuffer(bytes(pos), np.uint8), self.W1, self.B1,
                    self.W3, self.B3, self.fbuf, self.rbuf, self.acc, self.z)
        return [int(v) for v in self.z]


_WIN = 1 << 20
_G4SD = 37837


@nb.njit(cache=True)
def _draw(lcg):
    x = lcg[0]
    s = 0
    for _ in range(4):
        x = (x * 75 + 74) % 65537
        s += x & 0xFFFF
    lcg[0] = x
    return s - 131070


@nb.njit(cache=True)
def ai_choice(res, n, sigma, lcg, W1, B1, W3, B3, sig, fbuf, rbuf, acc, z):
    """The index of the result ``NardyAI`` chooses among ``res[:n]`` (its
    ``step``: the lowest score for the side to move next, a win first, the
    first on a tie; noise ``sigma`` drawn from the LCG state ``lcg[0]``)."""
    if n <= 1:
        return 0
    best = -1
    bs = 0
    for k in range(n):
        p = res[k]
        if winner(p):
            s = -_WIN - win_kind(p)
        else:
            int_outputs(p, W1, B1, W3, B3, fbuf, rbuf, acc, z)
            s = int_equity(z, sig)
            if sigma:
                s += _draw(lcg) * sigma // _G4SD
        if best < 0 or s < bs:
            bs = s
            best = k
    return best


# -- the greedy heuristic (nardy.players.greedy_score) ---------------------------------

@nb.njit(cache=True)
def greedy_score(res, m, fbuf):
    """The greedy player's value of result ``res`` for the mover of block
    ``m`` (see ``nardy.players``)."""
    o = BLOCK - m
    features(res, fbuf)
    me = 0 if m == 0 else NF
    op = NF - me
    pm = 0
    po = 0
    held = 0
    stack = 0
    for i in range(1, OFF):
        c = res[m + i]
        pm += c * (25 - i)
        po += res[o + i] * (25 - i)
        if c:
            held += 1
            if i > HEAD and c > 3:
                stack += c - 3
    return (2 * (po - pm) + 4 * held + 3 * fbuf[me] + fbuf[me + 2]
            - 2 * fbuf[op + 2] - stack)


@nb.njit(cache=True)
def greedy_choice(res, n, m, fbuf):
    best = 0
    bs = 0
    for k in range(n):
        p = res[k]
        if winner(p):
            s = (1 << 20) | win_kind(p)
        else:
            s = greedy_score(p, m, fbuf)
        if k == 0 or s > bs:
            bs = s
            best = k
    return best


# -- games between players ---------------------------------------------------------------

RANDOM = 0
GREEDY = 1
AI = 2


@nb.njit(cache=True)
def _pick(kind, res, n, m, sigma, lcg, rnd, W1, B1, W3, B3, sig, fbuf, rbuf,
          acc, z):
    if kind == RANDOM:
        rnd[0] = (rnd[0] * 6364136223846793005 + 1442695040888963407)
        return np.int64((rnd[0] >> np.uint64(33)) % np.uint64(n))
    if kind == GREEDY:
        return greedy_choice(res, n, m, fbuf)
    return ai_choice(res, n, sigma, lcg, W1, B1, W3, B3, sig, fbuf, rbuf,
                     acc, z)


@nb.njit(cache=True)
def duel(games, seed, ka, kb, sa, sb, lcg, rnd, W1a, B1a, W3a, B3a, W1b,
         B1b, W3b, B3b, sig, hd, res, tk, ts, st, src, found, out):
    """Play ``games`` games of player A (kind ``ka``: RANDOM, GREEDY or AI
    with noise ``sa`` and the network ``W1a``..) against B; A has White in
    even games, Black in odd ones, and games ``2j`` and ``2j + 1`` use the
    same dice (numpy's generator seeded ``seed + j``; the random players
    draw from their own ``rnd``). ``out[g]`` gets A's points in game
    ``g``: +-1 for an oin, +-2 for a mars. ``lcg``: the AIs' noise states
    (A's, B's)."""
    H = B1a.shape[0]
    H2 = B1b.shape[0]
    pos = np.zeros(POS, np.uint8)
    fbuf = np.zeros(2 * NF + 1, np.int64)
    rbuf = np.zeros(N_ON, np.int64)
    acc = np.zeros(max(H, H2), np.int64)
    z = np.zeros(NO, np.int64)
    la = lcg[0:1]
    lb = lcg[1:2]
    for g in range(games):
        np.random.seed(seed + g // 2)
        us = 1 + g % 2
        pos[:] = 0
        pos[HEAD] = CHK
        pos[BLOCK + HEAD] = CHK
        pos[TURN] = 1 + np.random.randint(2)
        out[g] = 0
        for _ in range(5000):
            d1 = 1 + np.random.randint(6)
            d2 = 1 + np.random.randint(6)
            n = plays(pos, d1, d2, hd, res, tk, ts, st, src, found)
            if n == 0:
                pos[TURN] = 3 - pos[TURN]
                continue
            m = 0 if pos[TURN] == 1 else BLOCK
            if pos[TURN] == us:
                k = _pick(ka, res, n, m, sa, la, rnd, W1a, B1a, W3a, B3a, sig,
                          fbuf, rbuf, acc[:H], z)
            else:
                k = _pick(kb, res, n, m, sb, lb, rnd, W1b, B1b, W3b, B3b, sig,
                          fbuf, rbuf, acc[:H2], z)
            w = winner(res[k])
            if w:
                out[g] = win_kind(res[k]) * (1 if w == us else -1)
                break
            pos[:] = res[k]
