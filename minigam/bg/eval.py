"""Backgammon position evaluator: a small integer network fitted to GNU
Backgammon's 0-ply cubeless evaluations (weights in ``minigam.bg.weights``,
written by ``minigam.host.aitools.bg.train``).

Inputs (416 rows, from the view of the side to move ``T``): for each side
``s`` (0 = ``T``, 1 = the other) and each index ``i`` of its block (0 bar,
1..24 the points along its path, 25 off), a thermometer of the count there
in 8 rows: row ``s * 208 + i * 8 + k`` (``k`` < 7) is added when at least
``k + 1`` checkers sit at index ``i``, and row ``k = 7`` once for each
checker from the 8th on (so a count past 7 acts linearly, as TD-Gammon's
overflow unit). Every checker adds exactly one row: 30 rows a position.
Then ``shape.N_FEAT`` (118) feature rows from 416 on, 13 one-hot groups
(``minigam.bg.shape``: each side's shots and longest prime, contact, each
side's escapes, containment, rearmost index and pips to break contact):
43 rows a position.

A hidden layer of ``H`` clipped ReLU units (``0..Q``), a second of ``H2``
(none when 0; its sums floor-divided by ``S`` before clipping), then ``NO``
(5) linear outputs ``z[k]``: ``z[k] / ZS`` estimates the logit of, for
``T``: P(win), P(win gammon), P(win backgammon), P(lose gammon),
P(lose backgammon) (gammons include backgammons, as in gnubg). All
arithmetic is on small ints, identical on every port; ``minigam.quarter.eval``
works the same way for MINIGAM and shares its native kernels
(``minigam.core.native``: ``hidden`` reads the layout from the net's ``NC``,
``BPC`` and ``TURN``; ``outputs`` fills ``ZO``).

Speed: the board's hidden sums of the position before a play are computed
once (``set_root``); each candidate then adds or removes only the rows of
the bits that changed (``score``): a play moves 1 to 4 checkers, a hit one
more. Its 13 feature rows are computed and added whole
(``minigam.core.native.bg_shape`` and ``add_rows`` on the MINIGAM
firmware). Nothing is allocated per candidate.
"""

import array

from minigam.bg import shape
from minigam.compat import const
from minigam.core import net24
from minigam.core.net24 import Q, S, ZS, PSCALE, add_cell, prob  # noqa: F401

_nat = net24.KERNELS  # (a test or a probe sets it to None: the plain loops)
NATIVE = _nat is not None

_NC = const(26)  # indices a side: bar, 24 points, off
_BPC = const(8)  # thermometer rows an index
N_IN = const(416)
N_ON = const(43)  # rows added for every position: 30 board, 13 feature
_TURN = const(52)
NO = const(5)
_EMPTY = bytes(53)  # root of full sums: no checkers anywhere


class Net:
    """One network's integer tables from a weights module ``w`` (the layout
    ``minigam.core.native.hidden`` reads: ``NC`` places a side of ``BPC``
    rows, the turn at byte ``TURN``). W1, its corrections and (natively)
    W3 are read in place (the plain loops copy the corrections and W3 into
    arrays); every
    position adds ``N_ON`` rows, so the byte offset ``W1O`` of each weight
    is taken off the biases once."""

    NC = 26  # _NC
    BPC = 8  # _BPC
    TURN = 52  # _TURN

    def __init__(self, w):
        if w.Q != Q or w.S != S or w.ZS != ZS or w.NO != NO:
            raise ValueError("weights use other scales than bg.eval")
        if w.NF != shape.N_FEAT:
            raise ValueError("weights have %d feature rows, bg.shape %d"
                             % (w.NF, shape.N_FEAT))
        self.H = w.H
        self.H2 = w.H2
        self.NO = w.NO
        self.W1 = w.W1
        self.XH = w.W1X_H
        if _nat is not None:  # the native code reads the bytes in place
            self.XAT = w.W1X_AT
            self.XD = w.W1X_D
        else:
            self.XAT = array.array("H", w.W1X_AT)
            self.XD = array.array("h", w.W1X_D)
        self.B1 = array.array("h", w.B1)
        for h in range(self.H):
            self.B1[h] -= N_ON * w.W1O
        self.W2 = array.array("h", w.W2)
        self.B2 = array.array("i", w.B2)
        # (frozen bytes sit word-aligned in flash, as ptr16 needs)
        self.W3 = w.W3 if _nat is not None else array.array("h", w.W3)
        self.B3 = array.array("i", w.B3)
        self.ZO = array.array("i", bytes(4 * NO))
        if self.H2:  # the second layer's nonzero units
            self.nzi = array.array("i", bytes(4 * self.H))
            self.nzv = array.array("i", bytes(4 * self.H))
        else:
            self.nzi = self.nzv = None


_NET = [None]  # type: list


def net():
    """The network (loaded on first use)."""
    if _NET[0] is None:
        from minigam.bg import weights
        _NET[0] = Net(weights)
    return _NET[0]


def _hidden(nt, acc, base, full, root, res):
    """Plain loops of ``minigam.core.native.hidden`` (same arguments and
    results)."""
    if full:
        b1 = nt.B1
        for h in range(nt.H):
            acc[h] = b1[h]
    else:
        for h in range(nt.H):
            acc[h] = base[h]
    t = 0 if res[_TURN] == 1 else _NC
    for j in range(2 * _NC):
        a = root[j]
        b = res[j]
        if a != b:
            if j < _NC:
                fb = j * _BPC
                side = 0
            else:
                fb = (j - _NC) * _BPC
                side = _NC
            if side != t:
                fb += _NC * _BPC
            add_cell(nt, acc, fb, a, b)


def outputs(nt, acc):
    """Fill ``nt.ZO`` with the ``NO`` outputs for hidden sums ``acc``;
    returns ``ZO`` (``minigam.core.net24.outputs`` with this module's
    kernels)."""
    return net24.outputs(nt, acc, _nat)


def add_features(nt, pos, fbuf, acc):
    """Add the feature rows of ``pos`` to ``acc`` (``fbuf``: ``K_FEAT``
    bytes, left holding them)."""
    if _nat is not None:
        _nat.bg_shape(pos, fbuf)
        _nat.add_rows(nt, acc, fbuf, shape.K_FEAT, N_IN)
    else:
        shape.features(pos, fbuf)
        for k in range(shape.K_FEAT):
            add_cell(nt, acc, N_IN + fbuf[k], 0, 1)


def board_sums(nt, pos, acc):
    """Fill ``acc`` with the biases plus the board rows of ``pos`` (no
    feature rows: the root of incremental sums)."""
    if _nat is not None:
        _nat.hidden(nt, acc, acc, 1, _EMPTY, pos)
    else:
        _hidden(nt, acc, acc, 1, _EMPTY, pos)


_FBUF = bytearray(shape.K_FEAT)


def full_sums(nt, pos, acc):
    """Fill ``acc`` with the hidden sums of ``pos`` (its side to move's
    view)."""
    board_sums(nt, pos, acc)
    add_features(nt, pos, _FBUF, acc)


def equity_of(zo):
    """Cubeless equity (1/4096 units, -3..3 x 4096) of outputs ``zo`` for
    their side: 2 P(win) - 1 + P(wg) + P(wbg) - P(lg) - P(lbg)."""
    return (2 * prob(zo[0]) - PSCALE + prob(zo[1]) + prob(zo[2])
            - prob(zo[3]) - prob(zo[4]))


def probs(zo, out):
    """Fill ``out`` (5 ints) with the probabilities (0..4096) of ``zo``."""
    for k in range(NO):
        out[k] = prob(zo[k])
    return out


def evaluate(pos):
    """The ``NO`` outputs of ``pos`` as a list (allocates; for tests and
    host tools)."""
    nt = net()
    acc = array.array("i", bytes(4 * nt.H))
    full_sums(nt, pos, acc)
    return list(outputs(nt, acc))


class Evaluator(net24.Evaluator24):
    """Backgammon's evaluator (``minigam.core.net24.Evaluator24``)."""

    def __init__(self):
        net24.Evaluator24.__init__(self, net(), 53)
        self.fres = bytearray(shape.K_FEAT)

    def set_root(self, root):
        self.root[:] = root
        board_sums(self.net, self.root, self.base)

    def sums(self, res):
        """``self.acc`` = the hidden sums of ``res`` (from the root's
        board sums, plus ``res``'s feature rows)."""
        if _nat is not None:
            _nat.hidden(self.net, self.acc, self.base, 0, self.root, res)
        else:
            _hidden(self.net, self.acc, self.base, 0, self.root, res)
        add_features(self.net, res, self.fres, self.acc)
        return self.acc

    def score(self, res):
        self.sums(res)
        return equity_of(net24.outputs(self.net, self.acc, _nat))
