"""What the trainers share: a progress line, and, for the two that fit a
network by gradient (MINIGAM's to the exact values, Backgammon's to
gnubg's), the logistic, Adam and the decisions' bookkeeping. A decision's
candidates are a run of rows, ``start[g] .. start[g + 1] - 1``."""

import sys

import numpy as np


def log(msg):
    """A progress line on stderr, at once (runs take hours)."""
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def sigmoid(z):
    """The logistic, its argument clipped so ``exp`` never overflows."""
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


class Adam:
    """Adam (0.9, 0.999, 1e-8) over a list of parameter arrays, which it
    updates in place; empty ones (a layer the network lacks) are
    skipped."""

    def __init__(self, params):
        self.params = params
        self.m1 = [np.zeros_like(p) for p in params]
        self.m2 = [np.zeros_like(p) for p in params]
        self.step = 0

    def update(self, grads, lr):
        """One step down ``grads`` (one array a parameter) at rate ``lr``."""
        self.step += 1
        for p, g, u, w in zip(self.params, grads, self.m1, self.m2):
            if p.size == 0:
                continue
            u *= 0.9
            u += 0.1 * g
            w *= 0.999
            w += 0.001 * g * g
            uh = u / (1 - 0.9 ** self.step)
            wh = w / (1 - 0.999 ** self.step)
            p -= (lr * uh / (np.sqrt(wh) + 1e-8)).astype(p.dtype)


def group_argmin(z, start, group=None):
    """The row of the first minimum of ``z`` in every decision (``group``:
    each row's decision, when the caller has it)."""
    if group is None:
        group = np.repeat(np.arange(len(start) - 1), np.diff(start))
    order = np.lexsort((np.arange(len(z)), z, group))
    return order[start[:-1]]


def decision_rows(start, gsel):
    """``(rows, cnt)``: the rows of decisions ``gsel``, decision after
    decision, and how many each has."""
    lo = start[gsel]
    cnt = start[gsel + 1] - lo
    rows = (np.repeat(lo, cnt) + np.arange(cnt.sum())
            - np.repeat(np.cumsum(cnt) - cnt, cnt))
    return rows, cnt


def to_ints(W1, b1, W2, b2, W3, b3, q, s):
    """Float layers as the device's integers (int64 arrays): the first
    layer and its bias at ``q`` (a hidden unit's 1.0), the second and
    output layers' weights at ``s`` and their biases at ``q * s``.
    ValueError when a weight overflows its int16."""
    out = (np.round(W1 * q), np.round(b1 * q), np.round(W2 * s),
           np.round(b2 * q * s), np.round(W3 * s), np.round(b3 * q * s))
    out = tuple(a.astype(np.int64) for a in out)
    for a in out[:3] + out[4:5]:
        if a.size and np.abs(a).max() > 32767:
            raise ValueError("weights overflow int16; retrain smaller")
    return out


def to_floats(W1, B1, W2, B2, W3, B3, q, s):
    """``to_ints``' layers back as float32 (up to its rounding)."""
    return tuple((np.asarray(a) / d).astype(np.float32) for a, d in (
        (W1, q), (B1, q), (W2, s), (B2, q * s), (W3, s), (B3, q * s)))


def hidden_forward(pre1, W2, b2):
    """The hidden layers after the first one's pre-activations ``pre1``:
    ``(h1, pre2, h2)``, units clipped to 0..1, the optional second layer
    (``W2``, ``b2``; empty: none, ``h2`` is ``h1``) as the devices have
    it."""
    h1 = np.clip(pre1, 0.0, 1.0)
    if W2.size:
        pre2 = h1 @ W2 + b2
        h2 = np.clip(pre2, 0.0, 1.0)
    else:
        pre2 = h2 = h1
    return h1, pre2, h2


def hidden_backward(gh, pre1, h1, pre2, W2, b2):
    """``hidden_forward`` backwards from ``gh``, the gradient at ``h2``:
    ``(gpre1, gW2, gb2)``."""
    if W2.size:
        gpre2 = gh * ((pre2 > 0) & (pre2 < 1))
        gW2 = h1.T @ gpre2
        gb2 = gpre2.sum(0)
        gh = gpre2 @ W2.T
    else:
        gW2 = np.zeros_like(W2)
        gb2 = np.zeros_like(b2)
    return gh * ((pre1 > 0) & (pre1 < 1)), gW2, gb2


def write_module(path, text):
    """Write a trainer's weights module and say so."""
    with open(path, "w") as f:
        f.write(text)
    log("wrote %s" % path)
