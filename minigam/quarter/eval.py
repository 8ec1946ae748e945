"""MINIGAM position evaluator: a tiny integer network fitted to the exact
solution, one per variant (weights in ``minigam.quarter.weights`` and, for the
Full-Entry variant, ``minigam.quarter.weights_fe``; written by
``minigam.host.aitools.quarter.train``). A network is loaded on first use only; on the
MINIGAM firmware its big table stays in flash.

Inputs (128 bits, from the view of the side to move ``T``): for each side
``s`` (0 = ``T``, 1 = the other) and each index ``i`` (0 bar, 1..6 board,
7 off), a thermometer of the count there: bit ``s*64 + i*8 + k`` is set
when at least ``k + 1`` checkers sit at index ``i``. Every checker sets
exactly one bit, so 16 bits are on.

A hidden layer of ``H`` units with a clipped ReLU (``0..Q``), a second of
``H2`` such units (none when ``H2`` is 0; its sums are divided by ``S``
with floor division before clipping), then a linear output ``z``:
``z / ZS`` estimates the logit of the probability that ``T`` wins. All
arithmetic is on small ints, identical on every port.

Speed: the hidden sums of the position before a play are computed once
(``set_root``); each candidate result then only adds the rows of the few
bits that changed (``score``). Nothing is allocated per candidate.

Where the weights come from: the weights module when it can be imported
(the MINIGAM firmware freezes it into flash; the repository has it), else
the weights file ``weights.bin`` / ``weights_fe.bin`` next to this
module, which ``deploy`` ships to stock CircuitPython in place of the
module (a loaded ``.mpy`` keeps its constants in the heap there). A weights
file is read by ``minigam.quarter.net_file`` (which defines its format and is
unloaded once it has read one) into buffers allocated once (``reserve``)
and reused when the variant changes.
"""

import array

from minigam.compat import const, unload

# The hot loops as native code where the firmware can run it (the MINIGAM
# firmware); elsewhere this module's own loops, with the same results.
# (Where viper does not exist, compiling the module is a SyntaxError.)
try:
    from minigam.core import native as _nat
except (ImportError, SyntaxError):
    _nat = None
NATIVE = _nat is not None
_NO_CHECKERS = bytes(17)  # the root full sums are counted from


N_IN = const(128)
Q = const(256)  # a hidden unit's clip point (1.0)
S = const(256)  # second-layer and output weight scale
ZS = const(65536)  # Q * S: z / ZS is the logit


class Net:
    """One network's integer weights, from a weights module ``w`` (or, with
    none, filled by ``minigam.quarter.net_file`` from a weights file). W1, the big
    table, is read in place: each weight plus ``W1O`` in one byte (the few
    that do not fit are corrections by row). Every position sets exactly 16
    input bits, so a full sum holds ``16 * W1O`` too much, taken off the
    first-layer biases here, and a play's changes add and remove as many
    rows. From a module the small tables are copied into arrays.

    ``NC``, ``BPC``, ``TURN``: the position layout
    ``minigam.core.native.hidden`` reads (places a side, thermometer bits a
    place, the turn's byte)."""

    NC = 8
    BPC = 8
    TURN = 16

    def __init__(self, w=None):
        if w is None:
            return
        if w.Q != Q or w.S != S or w.ZS != ZS:
            raise ValueError("weights use other scales than quarter.eval")
        self.H = w.H
        self.H2 = w.H2
        # W1: row r (input bit r) at r * H .. r * H + H - 1; W2: unit j of
        # the second layer at j * H .. j * H + H - 1.
        self.W1 = w.W1  # bytes: indexing gives 0..255, nothing copied
        if _nat is not None:  # native code reads tables, not tuples
            self.XAT = array.array("H", w.W1X_AT)
            self.XH = bytes(w.W1X_H)
            self.XD = array.array("h", w.W1X_D)
        else:
            self.XAT = w.W1X_AT
            self.XH = w.W1X_H
            self.XD = w.W1X_D
        self.B1 = array.array("h", w.B1)
        for h in range(self.H):
            self.B1[h] -= 16 * w.W1O
        self.W2 = array.array("h", w.W2)
        self.B2 = array.array("i", w.B2)
        self.W3 = array.array("h", w.W3)
        self.B3 = w.B3
        if _nat is not None:  # the 24-point nets' layout, as
            self.NO = 1  # minigam.core.native.outputs reads it
            self.B3 = array.array("i", (w.B3,))
            self.ZO = array.array("i", bytes(4))
        # Scratch for the second layer: indices and values of active units.
        self.nzi = array.array("i", bytes(4 * self.H))
        self.nzv = array.array("i", bytes(4 * self.H))


_NETS = [None, None]  # type: list
# The buffers networks from weights files are read into (a Net that is
# never handed out), once allocated: [room]. Public: the app keeps this
# module in the heap while it holds them (``quarter_app.leave``).
ROOM = [None]  # type: list


def _weights(full_entry):
    """The weights module of a variant (ImportError when missing)."""
    if full_entry:
        from minigam.quarter import weights_fe as ai_weights_fe
        return ai_weights_fe
    from minigam.quarter import weights as ai_weights
    return ai_weights


def _file(what, *args):
    """``minigam.quarter.net_file``'s ``what`` (``"load"``, ``"reserve"``), run with
    this module and ``args``; the reader leaves the heap after."""
    from sys import modules
    from minigam.quarter import net_file
    try:
        return getattr(net_file, what)(modules[__name__], *args)
    finally:
        unload("minigam.quarter.net_file")


def reserve():
    """Allocate the buffers for a network from a weights file now, while
    the heap is still whole (call it early at start-up), so that loading a
    network later allocates nothing big. Returns the bytes reserved: 0 when
    there is nothing to do (the weights modules import, as on the MINIGAM
    firmware; no weights file; already done)."""
    if ROOM[0] is not None:
        return 0
    try:
        _weights(False)
        return 0  # the tables are read in place: nothing to reserve
    except ImportError:
        return _file("reserve")


def net(full_entry=False):
    """The network of a variant (Full-Entry falls back to the standard one
    when it has neither ``minigam.quarter.weights_fe`` nor its weights file)."""
    k = 1 if full_entry else 0
    if _NETS[k] is None:
        # One variant at a time: the other's tables (and on stock
        # CircuitPython its weights module) leave the heap; from weights
        # files, the next network is read into the same buffers.
        if _NETS[1 - k] is not None and _NETS[1 - k] is not _NETS[k]:
            _NETS[1 - k] = None
            unload("minigam.quarter.weights" + ("" if k else "_fe"))
        try:
            try:
                _NETS[k] = Net(_weights(k))
            except ImportError:
                _NETS[k] = _file("load", k)  # ImportError when no file
        except ImportError:
            if not k:
                raise
            _NETS[1] = net(False)
    return _NETS[k]


def _add_cell(nt, acc, fb, a, b):
    """Add (b > a) or subtract the rows of thermometer bits between counts
    ``a`` and ``b`` of the cell whose first bit is ``fb``."""
    w = nt.W1
    H = nt.H
    xat = nt.XAT
    xh = nt.XH
    xd = nt.XD
    if b > a:
        for k in range(a, b):
            r = (fb + k) * H
            for h in range(H):
                acc[h] += w[r + h]
            for x in range(xat[fb + k], xat[fb + k + 1]):
                acc[xh[x]] += xd[x]
    else:
        for k in range(b, a):
            r = (fb + k) * H
            for h in range(H):
                acc[h] -= w[r + h]
            for x in range(xat[fb + k], xat[fb + k + 1]):
                acc[xh[x]] -= xd[x]


def full_sums(nt, pos, acc):
    """Fill ``acc`` (array of ``nt.H`` ints) with the hidden sums of
    ``pos`` seen from its side to move."""
    if _nat is not None:
        _nat.hidden(nt, acc, acc, 1, _NO_CHECKERS, pos)
        return
    t = 0 if pos[16] == 1 else 8
    b1 = nt.B1
    for h in range(nt.H):
        acc[h] = b1[h]
    for j in range(16):
        c = pos[j]
        if c:
            s = 0 if (j & 8) == t else 64
            _add_cell(nt, acc, s + (j & 7) * 8, 0, c)


def output(nt, acc):
    """Network output ``z`` for hidden sums ``acc``."""
    H = nt.H
    if _nat is not None:
        _nat.outputs(nt, acc)
        return nt.ZO[0]
    # The bias: a table of one where the native kernels are (a firmware
    # probe runs these loops on such a net too), else a number.
    if not nt.H2:
        z = nt.B3[0] if NATIVE else nt.B3
        w3 = nt.W3
        for h in range(H):
            a = acc[h]
            if a > 0:
                if a > Q:
                    a = Q
                z += w3[h] * a
        return z
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
    w3 = nt.W3
    b2 = nt.B2
    z = nt.B3[0] if NATIVE else nt.B3
    r = 0
    for j in range(nt.H2):
        s = b2[j]
        for t in range(n):
            s += w2[r + nzi[t]] * nzv[t]
        r += H
        if s > 0:
            s //= S
            if s > Q:
                s = Q
            z += w3[j] * s
    return z


def evaluate(pos, full_entry=False):
    """``z`` of ``pos`` (allocates; for tests and host tools)."""
    nt = net(full_entry)
    acc = array.array("i", bytes(4 * nt.H))
    full_sums(nt, pos, acc)
    return output(nt, acc)


class Evaluator:
    """Scores the results of one root position incrementally.

    ``set_root(root)`` takes the position after-play results are compared
    with (with its turn already passed, i.e. seen by the side that will move
    next); ``score(res)`` then returns ``z`` of result ``res`` (lower is
    better for the player choosing the play).

    :param full_entry: use the Full-Entry variant's network
    """

    def __init__(self, full_entry=False):
        self.net = nt = net(full_entry)
        self.root = bytearray(17)
        self.base = array.array("i", bytes(4 * nt.H))
        self.acc = array.array("i", bytes(4 * nt.H))

    def set_root(self, root):
        self.root[:] = root
        full_sums(self.net, self.root, self.base)

    def score(self, res):
        nt = self.net
        root = self.root
        acc = self.acc
        base = self.base
        if _nat is not None:
            _nat.hidden(nt, acc, base, 0, root, res)
            _nat.outputs(nt, acc)
            return nt.ZO[0]
        for h in range(nt.H):
            acc[h] = base[h]
        t = 0 if res[16] == 1 else 8
        for j in range(16):
            a = root[j]
            b = res[j]
            if a != b:
                s = 0 if (j & 8) == t else 64
                _add_cell(nt, acc, s + (j & 7) * 8, a, b)
        return output(nt, acc)
