"""Long Nardy position evaluator: a small integer network trained by
self-play (weights in ``minigam.nardy.weights``, written by
``minigam.host.aitools.nardy.train``).

Inputs, from the view of the side to move ``T`` (side 0 = ``T``, 1 = the
other):

* the board, as Backgammon's (``minigam.bg.eval``): for each side and
  each index ``i`` of its block (1..24 its points along its path, 25 off;
  index 0 is always empty), 8 thermometer rows: row ``s * 208 + i * 8 +
  k`` (``k`` < 7) is on when at least ``k + 1`` checkers sit there, row
  ``k = 7`` counts once for each checker from the 8th on (a head of 15 is
  linear past 7). Every checker adds one row: 30 rows a position, and any
  linear function of the counts (a pip count, checkers home) is free;
* three features a side, for what the counts alone say badly in a game
  without hits (``side_features``): its longest run of points in a row
  along the opponent's path with an opposing checker behind it (the
  block, up to 8), the opposing checkers behind that run (up to 15), and
  its own checkers that still have an opposing checker ahead of them
  (contact: 0 on both sides is a pure race). Each feature is a place of
  8 thermometer rows, as a board index, followed by a place holding its
  cap minus its value, so every position adds the same 76 feature rows
  and the stored weights' byte offset folds into the biases.

``H`` clipped ReLU units (``0..Q``), then ``NO`` (3) linear outputs
``z[k]``: ``z[k] / ZS`` estimates the logit, for ``T``, of P(win), P(win
a mars), P(lose a mars) (a mars: the loser has borne off none; 2 points).
The cubeless equity is ``2 P(win) - 1 + P(win mars) - P(lose mars)``.

All arithmetic is on small ints, identical on every port. The first layer
runs on ``minigam.core.native``'s ``hidden`` kernel (MINIGAM firmware) twice:
over the board (26 places a side, the turn at byte 52) and over the
features (6 places a side in a 13-byte buffer, the turn at byte 12);
elsewhere the same loops run as bytecode. The outputs and the sigmoid
table are ``minigam.core.net24``'s. The sums of the position before a play
are computed once (``set_root``); a candidate adds or removes only the
rows that changed (``score``). Nothing is allocated per candidate.
"""

import array

from minigam.core import net24
from minigam.compat import const

_nat = net24.KERNELS  # (a test may set it to None: the plain loops)
NATIVE = _nat is not None

NC = const(26)  # board places a side: index 0 (unused), 1..24, off
BPC = const(8)  # thermometer rows a place
N_ON = const(30)  # board rows on in every position (one a checker)
NF = const(6)  # feature places a side: 3 features, each with its complement
CAPS = (8, 15, 15)  # the features' caps: block, trapped, contact
F_ON = const(76)  # feature rows on in every position: 2 x (8 + 15 + 15)
NO = const(3)
Q = net24.Q
S = net24.S
ZS = net24.ZS
PSCALE = net24.PSCALE
_TURN = const(52)
_FTURN = const(12)
_BLOCK = const(26)
_EMPTY = bytes(54)  # a root with no checkers: full sums
_FZERO = bytes(13)  # no feature rows


class _Part:
    """A first-layer table in the layout ``minigam.core.native.hidden`` reads: ``NC``
    places a side of ``BPC`` rows, the turn at byte ``TURN``; the weights
    ``W1`` (one byte each, read in place) with their corrections."""

    def __init__(self, H, nc, turn, w1, at, xh, xd):
        self.H = H
        self.BPC = BPC  # (an attribute: a class-level name would be folded)
        self.NC = nc
        self.TURN = turn
        self.W1 = w1
        self.XH = xh
        if _nat is not None:  # the native code reads the bytes in place
            self.XAT = at
            self.XD = xd
        else:
            self.XAT = array.array("H", at)
            self.XD = array.array("h", xd)


class Net(_Part):
    """The network from a weights module ``w``: the board's table (this
    object, as ``minigam.bg.eval.Net``) and the features' (``feat``)."""

    def __init__(self, w):
        if w.Q != Q or w.S != S or w.ZS != ZS or w.NO != NO:
            raise ValueError("weights use other scales than nardy.eval")
        _Part.__init__(self, w.H, NC, _TURN, w.W1, w.W1X_AT, w.W1X_H,
                       w.W1X_D)
        self.feat = _Part(w.H, NF, _FTURN, w.WF, w.WFX_AT, w.WFX_H,
                          w.WFX_D)
        self.H2 = 0
        self.NO = NO
        self.B1 = array.array("h", w.B1)
        for h in range(self.H):
            self.B1[h] -= N_ON * w.W1O + F_ON * w.WFO
        self.W2 = array.array("h")
        self.B2 = array.array("i")
        self.W3 = array.array("h", w.W3)
        self.B3 = array.array("i", w.B3)
        self.ZO = array.array("i", bytes(4 * NO))
        self.nzi = self.nzv = None  # (no second layer)


_NET = [None]  # type: list


def net():
    """The network (loaded on first use)."""
    if _NET[0] is None:
        from minigam.nardy import weights
        _NET[0] = Net(weights)
    return _NET[0]


def side_features(pos, b, out, at):
    """The features of the side of block ``b`` (0 White, 26 Black) into
    ``out[at:at + 6]``: block, cap - block, trapped, cap - trapped,
    contact, cap - contact (see the module docstring).

    The block: walking the opponent's path (its index ``q`` is this side's
    ``q + 12`` or ``q - 12``), the longest run of this side's points with
    at least one opposing checker behind its start (the most checkers
    behind on a tie). Contact: this side's checkers below the highest of
    its indices that an opposing checker holds."""
    o = _BLOCK - b
    behind = 0
    best = 0
    trapped = 0
    run = 0
    rb = 0
    at_q = b + 12  # this side's index of the opponent's q: q + 12, q - 12
    for q in range(1, 25):
        if q == 13:
            at_q = b - 12
        if pos[at_q + q]:
            if run == 0:
                rb = behind
            run += 1
            if rb and (run > best or (run == best and rb > trapped)):
                best = run
                trapped = rb
        else:
            run = 0
        behind += pos[o + q]
    i = 24
    at_i = o - 12  # the opponent's index of this side's i: i - 12, i + 12
    while i > 0 and not pos[at_i + i]:
        i -= 1
        if i == 12:
            at_i = o + 12
    contact = 0
    for k in range(1, i):
        contact += pos[b + k]
    if best > 8:
        best = 8
    out[at] = best
    out[at + 1] = 8 - best
    out[at + 2] = trapped
    out[at + 3] = 15 - trapped
    out[at + 4] = contact
    out[at + 5] = 15 - contact


def features(pos, out):
    """Both sides' features into the 13-byte ``out``: White's 6, Black's
    6, the turn."""
    side_features(pos, 0, out, 0)
    side_features(pos, _BLOCK, out, NF)
    out[_FTURN] = pos[_TURN]


def _hidden(nt, acc, base, full, root, res):
    """Plain loops of ``minigam.core.native.hidden`` for a part's layout (same
    arguments and results)."""
    H = nt.H
    if full:
        b1 = nt.B1
        for h in range(H):
            acc[h] = b1[h]
    elif base is not acc:
        for h in range(H):
            acc[h] = base[h]
    nc = nt.NC
    t = 0 if res[nt.TURN] == 1 else nc
    for j in range(2 * nc):
        a = root[j]
        b = res[j]
        if a != b:
            if j < nc:
                fb = j * BPC
                side = 0
            else:
                fb = (j - nc) * BPC
                side = nc
            if side != t:
                fb += nc * BPC
            net24.add_cell(nt, acc, fb, a, b)


def _sums(nt, acc, base, full, root, res):
    if _nat is not None:
        _nat.hidden(nt, acc, base, full, root, res)
    else:
        _hidden(nt, acc, base, full, root, res)


def full_sums(nt, pos, fbuf, acc):
    """Fill ``acc`` with the hidden sums of ``pos`` (its side to move's
    view), leaving its features in ``fbuf`` (13 bytes)."""
    _sums(nt, acc, acc, 1, _EMPTY, pos)
    features(pos, fbuf)
    _sums(nt.feat, acc, acc, 0, _FZERO, fbuf)


def equity_of(zo):
    """Cubeless equity (1/4096 units, -2..2 x 4096) of outputs ``zo`` for
    their side: 2 P(win) - 1 + P(win mars) - P(lose mars)."""
    p = net24.prob
    return 2 * p(zo[0]) - PSCALE + p(zo[1]) - p(zo[2])


def evaluate(pos):
    """The ``NO`` outputs of ``pos`` as a list (allocates; for tests and
    host tools)."""
    nt = net()
    acc = array.array("i", bytes(4 * nt.H))
    full_sums(nt, pos, bytearray(13), acc)
    return list(net24.outputs(nt, acc, _nat))


class Evaluator(net24.Evaluator24):
    """Long Nardy's evaluator (``minigam.core.net24.Evaluator24``)."""

    def __init__(self):
        net24.Evaluator24.__init__(self, net(), 54)
        self.froot = bytearray(13)
        self.fres = bytearray(13)

    def set_root(self, root):
        self.root[:] = root
        full_sums(self.net, self.root, self.froot, self.base)

    def sums(self, res):
        """``self.acc`` = the hidden sums of ``res`` (from the root's)."""
        nt = self.net
        acc = self.acc
        _sums(nt, acc, self.base, 0, self.root, res)
        features(res, self.fres)
        _sums(nt.feat, acc, acc, 0, self.froot, self.fres)
        return acc

    def score(self, res):
        self.sums(res)
        return equity_of(net24.outputs(self.net, self.acc, _nat))
