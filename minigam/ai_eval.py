"""MINIGAM position evaluator: a tiny integer network fitted to the exact
solution, one per variant (weights in ``minigam.ai_weights`` and, for the
Full-Entry variant, ``minigam.ai_weights_fe``; written by
``minigam.host.ai_train``). A network is decoded on first use only.

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
"""

import array

from minigam.compat import const


def _b64(text, typecode):
    """Decode base64 ``text`` (bytes) into an ``array`` of ``typecode``.
    Done by hand: some ports' ``binascii.a2b_base64`` allocate far more
    than their output."""
    size = len(text) * 3 // 4
    if text and text[-1] == 61:  # "="
        size -= 2 if text[-2] == 61 else 1
    out = bytearray(size)
    n = 0
    acc = 0
    bits = 0
    for c in text:
        if 65 <= c <= 90:
            v = c - 65
        elif 97 <= c <= 122:
            v = c - 71
        elif 48 <= c <= 57:
            v = c + 4
        elif c == 43:
            v = 62
        elif c == 47:
            v = 63
        else:
            continue  # "=" padding
        acc = ((acc << 6) | v) & 0xFFFFFF
        bits += 6
        if bits >= 8:
            bits -= 8
            out[n] = (acc >> bits) & 0xFF
            n += 1
    return array.array(typecode, out)

N_IN = const(128)
Q = const(256)  # a hidden unit's clip point (1.0)
S = const(256)  # second-layer and output weight scale
ZS = const(65536)  # Q * S: z / ZS is the logit


class Net:
    """The decoded integer weights of one network (from a weights module,
    whose base64 texts are then dropped so the GC can have them)."""

    def __init__(self, w):
        if w.Q != Q or w.S != S or w.ZS != ZS:
            raise ValueError("weights use other scales than ai_eval")
        self.H = w.H
        self.H2 = w.H2
        # W1: row r (input bit r) at r * H .. r * H + H - 1; W2: unit j of
        # the second layer at j * H .. j * H + H - 1.
        self.W1 = _b64(w.W1, "h")
        self.B1 = _b64(w.B1, "h")
        self.W2 = _b64(w.W2, "h")
        self.B2 = _b64(w.B2, "i")
        self.W3 = _b64(w.W3, "h")
        self.B3 = w.B3
        w.W1 = w.B1 = w.W2 = w.B2 = w.W3 = None
        # Scratch for the second layer: indices and values of active units.
        self.nzi = array.array("i", bytes(4 * self.H))
        self.nzv = array.array("i", bytes(4 * self.H))


_NETS = [None, None]  # type: list


def _weights(full_entry):
    """The weights module of a variant (ImportError when missing)."""
    if full_entry:
        from minigam import ai_weights_fe
        return ai_weights_fe
    from minigam import ai_weights
    return ai_weights


def net(full_entry=False):
    """The network of a variant (Full-Entry falls back to the standard one
    when ``minigam.ai_weights_fe`` is missing)."""
    k = 1 if full_entry else 0
    if _NETS[k] is None:
        try:
            _NETS[k] = Net(_weights(k))
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


def full_sums(nt, pos, acc):
    """Fill ``acc`` (array of ``nt.H`` ints) with the hidden sums of
    ``pos`` seen from its side to move."""
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
    if not nt.H2:
        z = nt.B3
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
    z = nt.B3
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
