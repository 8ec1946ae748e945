"""MINIGAM position evaluator: a tiny integer network fitted to the exact
solution (weights in ``minigam.ai_weights``, written by
``minigam.host.ai_train``).

Inputs (128 bits, from the view of the side to move ``T``): for each side
``s`` (0 = ``T``, 1 = the other) and each index ``i`` (0 bar, 1..6 board,
7 off), a thermometer of the count there: bit ``s*64 + i*8 + k`` is set
when at least ``k + 1`` checkers sit at index ``i``. Every checker sets
exactly one bit, so 16 bits are on.

One hidden layer of ``H`` units with a clipped ReLU (``0..Q``), then a
linear output ``z``: ``z / ZS`` estimates the logit of the probability that
``T`` wins. All arithmetic is on small ints, identical on every port.

Speed: the hidden sums of the position before a play are computed once
(``set_root``); each candidate result then only adds the rows of the few
bits that changed (``score``). Nothing is allocated per candidate.
"""

import array

from minigam import ai_weights as _w
from minigam.compat import const

N_IN = const(128)
H = _w.H
Q = _w.Q
ZS = _w.ZS

_W1 = array.array("h", _w.W1)  # row r (input bit) at r * H .. r * H + H - 1
_B1 = array.array("h", _w.B1)
_W2 = array.array("h", _w.W2)
_B2 = _w.B2


def _add_cell(acc, fb, a, b):
    """Add (b > a) or subtract the rows of thermometer bits between counts
    ``a`` and ``b`` of the cell whose first bit is ``fb``."""
    w = _W1
    if b > a:
        for k in range(a, b):
            r = (fb + k) * H
            for h in range(H):
                acc[h] += w[r + h]
    else:
        for k in range(b, a):
            r = (fb + k) * H
            for h in range(H):
                acc[h] -= w[r + h]


def full_sums(pos, acc):
    """Fill ``acc`` (array of ``H`` ints) with the hidden sums of ``pos``
    seen from its side to move."""
    t = 0 if pos[16] == 1 else 8
    for h in range(H):
        acc[h] = _B1[h]
    for j in range(16):
        c = pos[j]
        if c:
            s = 0 if (j & 8) == t else 64
            _add_cell(acc, s + (j & 7) * 8, 0, c)


def output(acc):
    """Network output ``z`` for hidden sums ``acc``."""
    z = _B2
    w2 = _W2
    for h in range(H):
        a = acc[h]
        if a > 0:
            if a > Q:
                a = Q
            z += w2[h] * a
    return z


def evaluate(pos):
    """``z`` of ``pos`` (allocates; for tests and host tools)."""
    acc = array.array("i", bytes(4 * H))
    full_sums(pos, acc)
    return output(acc)


class Evaluator:
    """Scores the results of one root position incrementally.

    ``set_root(root)`` takes the position after-play results are compared
    with (with its turn already passed, i.e. seen by the side that will move
    next); ``score(res)`` then returns ``z`` of result ``res`` (lower is
    better for the player choosing the play).
    """

    def __init__(self):
        self.root = bytearray(17)
        self.base = array.array("i", bytes(4 * H))
        self.acc = array.array("i", bytes(4 * H))

    def set_root(self, root):
        self.root[:] = root
        full_sums(self.root, self.base)

    def score(self, res):
        root = self.root
        acc = self.acc
        base = self.base
        for h in range(H):
            acc[h] = base[h]
        t = 0 if res[16] == 1 else 8
        for j in range(16):
            a = root[j]
            b = res[j]
            if a != b:
                s = 0 if (j & 8) == t else 64
                _add_cell(acc, s + (j & 7) * 8, a, b)
        return output(acc)
