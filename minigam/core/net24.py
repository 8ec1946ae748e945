"""What the 24-point games' networks share (Backgammon's
``minigam.bg.eval``, Long Nardy's ``minigam.nardy.eval``): the integer
scales, a first-layer place's rows added to the hidden sums (``add_cell``),
the output layer (``outputs``), and the logistic table that turns an
output into a probability (``prob``). ``KERNELS`` is the native kernels'
module on the MINIGAM firmware (``minigam.core.native``), else None.

A network: a hidden layer of ``H`` clipped ReLU units (``0..Q``), a second
of ``H2`` (none when 0; its sums floor-divided by ``S`` before clipping),
then ``NO`` linear outputs ``z``, each ``z / ZS`` a logit; probabilities
and equities are in 1/``PSCALE``. A place's count ``k`` has the row ``fb +
k`` (``fb + 7`` from the 8th checker on).
"""

import array

from minigam.compat import const

try:
    from minigam.core import native as KERNELS
except (ImportError, SyntaxError):
    KERNELS = None

_BPC = const(8)  # thermometer rows a place
Q = const(256)
S = const(256)
ZS = const(65536)
PSCALE = const(4096)


def add_cell(nt, acc, fb, a, b):
    """Add (b > a) or subtract the rows of the checkers between counts
    ``a`` and ``b`` of the place whose first row is ``fb`` (the count
    ``k``'s row: ``fb + k``, ``fb + 7`` from the 8th checker on)."""
    w = nt.W1
    H = nt.H
    xat = nt.XAT
    xh = nt.XH
    xd = nt.XD
    lo = a if a < b else b
    hi = a + b - lo
    for k in range(lo, hi):
        r = fb + (k if k < _BPC else _BPC - 1)
        i = r * H
        if b > a:
            for h in range(H):
                acc[h] += w[i + h]
            for x in range(xat[r], xat[r + 1]):
                acc[xh[x]] += xd[x]
        else:
            for h in range(H):
                acc[h] -= w[i + h]
            for x in range(xat[r], xat[r + 1]):
                acc[xh[x]] -= xd[x]


def outputs(nt, acc, nat):
    """Fill ``nt.ZO`` with the network's ``NO`` outputs for hidden sums
    ``acc``; returns ``ZO``. ``nat``: the native kernels, or None for these
    plain loops (each evaluator passes its own, so a test or a probe may
    turn them off for one)."""
    if nat is not None:
        nat.outputs(nt, acc)
        return nt.ZO
    H = nt.H
    no = nt.NO
    zo = nt.ZO
    w3 = nt.W3
    b3 = nt.B3
    for o in range(no):
        zo[o] = b3[o]
    if not nt.H2:
        for h in range(H):
            a = acc[h]
            if a > 0:
                if a > Q:
                    a = Q
                r = h
                for o in range(no):
                    zo[o] += w3[r] * a
                    r += H
        return zo
    nzi = nt.nzi
    nzv = nt.nzv
    n = 0
    for h in range(H):
        a = acc[h]
        if a > 0:
            nzi[n] = h
            nzv[n] = a if a < Q else Q
            n += 1
    w2 = nt.W2
    b2 = nt.B2
    H2 = nt.H2
    r = 0
    for j in range(H2):
        s = b2[j]
        for t in range(n):
            s += w2[r + nzi[t]] * nzv[t]
        r += H
        if s > 0:
            s //= S
            if s > Q:
                s = Q
            k = j
            for o in range(no):
                zo[o] += w3[k] * s
                k += H2
    return zo


# Sigmoid table: _SIG[i] = 4096 * sigmoid((i - 256) / 32), i in 0..512.
_SIG = [None]  # type: list


def _table():
    t = _SIG[0]
    if t is None:
        import math
        t = array.array("H", bytes(2 * 513))
        for i in range(513):
            t[i] = int(PSCALE / (1.0 + math.exp(-(i - 256) / 32.0)) + 0.5)
        _SIG[0] = t
    return t


def prob(z):
    """A probability (0..4096) from an output ``z`` (linear interpolation
    in a sigmoid table)."""
    t = _SIG[0] or _table()
    if z <= -8 * ZS:  # (z * 32 then stays a small int)
        return t[0]
    if z >= 8 * ZS:
        return t[512]
    x = z * 32
    i = x // ZS
    f = x - i * ZS
    lo = t[i + 256]
    return lo + (t[i + 257] - lo) * f // ZS


class Evaluator24:
    """What a 24-point game's evaluator (its ``Evaluator``) holds: it
    scores the results of one root position incrementally.

    ``set_root(root)`` takes the position results are compared with, seen
    by the same side as they are: the position before the play with its
    turn already passed. ``score(res)`` returns the cubeless equity (1/4096
    units) of ``res`` for its side to move (the player choosing a play
    wants the lowest), leaving the outputs in ``self.z``. A game gives
    both, on these buffers: ``root`` (``root_size`` bytes), the root's
    hidden sums ``base`` and the result's ``acc``.
    """

    def __init__(self, nt, root_size):
        self.net = nt
        self.root = bytearray(root_size)
        self.base = array.array("i", bytes(4 * nt.H))
        self.acc = array.array("i", bytes(4 * nt.H))
        self.z = nt.ZO
        prob(0)  # the sigmoid table, made now rather than mid-turn
