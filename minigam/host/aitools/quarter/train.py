"""Fit the device AI's network (``minigam/quarter/weights.py``) to the exact values.

Method
------
1. Decision points are sampled from games between players that read the
   exact table and add Gaussian noise of a per-game size (0 to 0.3 win
   probability) to each candidate's exact equity before choosing, so the
   sample covers the positions every AI level reaches. Each decision keeps
   every distinct result of its roll with its exact value.
2. The network of ``minigam.quarter.eval`` (128 thermometer inputs, ``H`` clipped
   ReLU units, linear output read as a logit) is fitted by Adam on the
   cross-entropy between ``sigmoid(z)`` and the exact value of every
   candidate result, plus a pairwise term within each decision that
   penalises ranking a worse result above the best one by the equity lost.
   The 16 active inputs of a position are the thermometers of its two
   sides, so the first layer is evaluated as ``T[a] @ W + T[b] @ W'``
   through per-side tables: an epoch over millions of positions takes
   seconds in numpy.
3. Weights are rounded to int16 (hidden scale ``Q`` = 1.0, output scale
   ``ZS``), and the quantised network is scored with exact integer numpy
   arithmetic -- the same sums the device computes -- on held-out decisions
   before it is written.

``python -m minigam.host.aitools.quarter.train [--hidden H] [--hidden2 H2]
[--games N] [--epochs E] [--lr LR] [--init WEIGHTS] [--seed S] [--out PATH]`` writes
``minigam/quarter/weights.py`` and prints the held-out loss per decision
(``--init`` fine-tunes the network of a weights file).

The committed weights came from: 128-32-16-1, 60,000 games (seed 1), 10
epochs from lr 3e-3; then fine-tuning on those games plus 100,000 more
(seed 7), 4 epochs from lr 1e-3 and 4 more from lr 4e-4; then on those plus
150,000 more (seed 13), 6 epochs from lr 5e-4 (the lr drops x0.3 at half
and three quarters of each run). Held-out (4,000 noisy games): 0.00042 win
probability lost per decision at 0-ply. The Full-Entry network
(``--full-entry``) is that network fine-tuned (``--init``) on 80,000
Full-Entry games (seed 11), 6 epochs from lr 1e-3: 0.00027 held-out.
"""

import argparse
import os
import sys
import time

import numpy as np

from minigam.quarter.rules import Rules, new_position
from minigam.host.aitools import weights_module as wm
from minigam.host.aitools.training import (
    Adam, decision_rows, group_argmin, hidden_backward, hidden_forward, log,
    sigmoid, to_floats, to_ints, write_module)

Q = 256          # integer value of a hidden unit's clip point (1.0)
S2 = 256         # output weight scale: ZS = Q * S2
# W1 is stored as w + W1_OFFSET in one byte: 96 keeps most of the (mostly
# small) weights printable in the module's text and few outside 0..255.
W1_OFFSET = 96
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


# -- features ---------------------------------------------------------------

def thermometers(conf):
    """(k, 8) side compositions -> (k, 64) float32 thermometer bits:
    column ``i*8 + j`` is 1 when index ``i`` holds more than ``j``."""
    conf = np.asarray(conf)
    k = np.arange(8)
    t = conf[:, :, None] > k[None, None, :]
    return t.reshape(len(conf), 64).astype(np.float32)


class Sides:
    """Side ranks of positions (the table's side compositions)."""

    def __init__(self, table):
        self.idx = table.idx
        self.rank = self.idx._side_rank
        self.T = thermometers(self.idx.conf)

    def of(self, pos):
        """(side to move rank, other side rank) of a position bytearray."""
        m = 0 if pos[16] == 1 else 8
        return (self.rank[bytes(pos[m:m + 8])],
                self.rank[bytes(pos[8 - m:16 - m])])


# -- decision sampling ------------------------------------------------------

class Decisions:
    """Flat arrays of decision points and their candidate results.

    ``a, b``: side ranks of each candidate result (side to move = the
    opponent of the decision maker); ``v``: exact value of the result for
    its side to move; ``eq``: the decision maker's equity (1 for a win);
    ``win``: the play wins at once; ``start[g]..start[g+1]``: the
    candidates of decision ``g`` in ``Rules.plays`` order.
    """

    def __init__(self, a, b, v, eq, win, start):
        self.a, self.b, self.v, self.eq = a, b, v, eq
        self.win, self.start = win, start
        self.n = len(start) - 1
        self.group = np.repeat(np.arange(self.n), np.diff(start))
        best = np.maximum.reduceat(eq, start[:-1])
        self.best = best
        self.gap = best[self.group] - eq  # equity lost by each candidate

    def loss_of_scores(self, z):
        """Average loss and non-optimal share when each decision takes its
        lowest-``z`` candidate (first on ties; wins always first)."""
        z = np.where(self.win, -np.inf, z.astype(np.float64))
        choice = group_argmin(z, self.start)
        lost = self.gap[choice]
        return float(lost.mean()), float((lost > 1e-9).mean())


def sample_decisions(table, games, seed, sigmas=(0.0, 0.0, 0.01, 0.03, 0.1,
                                                  0.3), log=None):
    """Play ``games`` noisy-perfect games; return ``Decisions`` of every
    decision with at least 2 distinct results."""
    rules = Rules(table.checkers, table.full_entry)
    sides = Sides(table)
    vals = table.values
    index = table.index
    rng = np.random.default_rng(seed)
    n = table.checkers
    A, B, V, EQ, W, start = [], [], [], [], [], [0]
    t0 = time.time()
    for g in range(games):
        sigma = sigmas[g % len(sigmas)]
        pos = new_position(n, 1 + int(rng.integers(2)))
        d1, d2 = 0, 0
        while d1 == d2:
            d1, d2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        while True:
            cnt = rules.plays(pos, d1, d2)
            if cnt == 0:
                pos[16] = 3 - pos[16]
            else:
                m = 0 if pos[16] == 1 else 8
                res = [rules.result(pos, k) for k in range(cnt)]
                eqs = []
                for r in res:
                    if r[m + 7] == n:
                        eqs.append(1.0)
                    else:
                        eqs.append(1.0 - float(vals[index(r)]))
                if cnt >= 2:
                    for r, e in zip(res, eqs):
                        win = r[m + 7] == n
                        sa, sb = sides.of(r)
                        A.append(sa)
                        B.append(sb)
                        V.append(1.0 - e)
                        EQ.append(e)
                        W.append(win)
                    start.append(len(A))
                noisy = np.array(eqs)
                if sigma:
                    noisy = noisy + rng.normal(0, sigma, cnt)
                pos = res[int(np.argmax(noisy))]
                if pos[m + 7] == n:
                    break
            d1, d2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        if log and (g + 1) % 5000 == 0:
            log("  %d games, %d decisions, %.0f s"
                % (g + 1, len(start) - 1, time.time() - t0))
    return Decisions(np.array(A, np.int64), np.array(B, np.int64),
                     np.array(V, np.float32), np.array(EQ, np.float64),
                     np.array(W, bool), np.array(start, np.int64))


# -- the network --------------------------------------------------------------

class Net:
    """Float network with the device's structure (see ``minigam.quarter.eval``):
    128 inputs -> ``hidden`` clipped ReLU units -> (``hidden2`` clipped ReLU
    units, when > 0) -> linear output."""

    def __init__(self, hidden, hidden2=0, seed=0):
        rng = np.random.default_rng(seed)
        self.H = hidden
        self.H2 = hidden2
        self.W = (rng.normal(0, 0.15, (128, hidden))).astype(np.float32)
        self.b1 = np.full(hidden, 0.5, np.float32)
        if hidden2:
            self.W2 = (rng.normal(0, 1.0 / np.sqrt(hidden),
                                  (hidden, hidden2))).astype(np.float32)
            self.b2 = np.full(hidden2, 0.3, np.float32)
            top = hidden2
        else:
            self.W2 = np.zeros((0, 0), np.float32)
            self.b2 = np.zeros(0, np.float32)
            top = hidden
        self.w3 = (rng.normal(0, 0.5, top)).astype(np.float32)
        self.b3 = np.zeros(1, np.float32)

    def params(self):
        return [self.W, self.b1, self.W2, self.b2, self.w3, self.b3]

    def side_tables(self, T):
        return T @ self.W[:64], T @ self.W[64:]

    def forward(self, T, a, b, tabs=None):
        P, R = tabs if tabs is not None else self.side_tables(T)
        pre1 = self.b1 + P[a] + R[b]
        h1, pre2, h2 = hidden_forward(pre1, self.W2, self.b2)
        z = h2 @ self.w3 + self.b3[0]
        return (pre1, h1, pre2, h2), z

    def backward(self, T, a, b, cache, gz):
        pre1, h1, pre2, h2 = cache
        gw3 = h2.T @ gz
        gb3 = np.array([gz.sum()], np.float32)
        gpre1, gW2, gb2 = hidden_backward(np.outer(gz, self.w3), pre1, h1,
                                          pre2, self.W2, self.b2)
        gb1 = gpre1.sum(0)
        gP = np.zeros((len(T), self.H), np.float32)
        gR = np.zeros((len(T), self.H), np.float32)
        np.add.at(gP, a, gpre1)
        np.add.at(gR, b, gpre1)
        gW = np.concatenate([T.T @ gP, T.T @ gR])
        return [gW, gb1, gW2, gb2, gw3, gb3]

    def z(self, T, a, b, chunk=1 << 20):
        tabs = self.side_tables(T)
        out = np.empty(len(a), np.float32)
        for s in range(0, len(a), chunk):
            out[s:s + chunk] = self.forward(T, a[s:s + chunk],
                                            b[s:s + chunk], tabs)[1]
        return out


def train(net, T, dec, epochs, batch=8192, lr=3e-3, rank_w=4.0, seed=1,
          log=None, val=None):
    """Adam on cross-entropy to the exact values plus a within-decision
    ranking term: for each candidate c of a decision with best b,
    ``gap_c * softplus((z_c - z_b)... )`` -- penalise z_c below z_b (the
    network would choose c) by the equity that choice loses."""
    rng = np.random.default_rng(seed)
    adam = Adam(net.params())
    ng = dec.n
    # the best candidate of each decision (first best) and its partner rows
    best_idx = group_argmin(-dec.eq, dec.start)
    partner = best_idx[dec.group]
    for ep in range(epochs):
        t0 = time.time()
        perm = rng.permutation(ng)
        for s in range(0, ng, batch // 4):
            rows, _ = decision_rows(dec.start, perm[s:s + batch // 4])
            rows = rows[~dec.win[rows]]
            if len(rows) == 0:
                continue
            pb = partner[rows]
            allr = np.concatenate([rows, pb])
            a = dec.a[allr]
            b = dec.b[allr]
            cache, z = net.forward(T, a, b)
            y = sigmoid(z)
            v = dec.v[allr]
            nr = len(rows)
            gz = (y - v) / len(allr)
            # ranking: the decision maker minimises z; a non-best row with
            # z_c < z_b costs gap_c. Smooth: gap * softplus((z_b - z_c)/tau)
            tau = 0.05
            gap = dec.gap[rows].astype(np.float32)
            d = (z[nr:] - z[:nr]) / tau
            sg = sigmoid(d) * gap * rank_w / tau / max(nr, 1)
            gz[:nr] -= sg
            gz[nr:] += sg
            adam.update(net.backward(T, a, b, cache, gz.astype(np.float32)),
                        lr)
        if log:
            msg = "epoch %d (%.0f s)" % (ep + 1, time.time() - t0)
            if val is not None:
                loss, share = val.loss_of_scores(net.z(T, val.a, val.b))
                msg += ": val loss %.5f, non-optimal %.3f" % (loss, share)
            log(msg)
        if ep == epochs // 2 or ep == (3 * epochs) // 4:
            lr *= 0.3
    return net


# -- quantisation and export ----------------------------------------------------

class IntNet:
    """The rounded network: exactly the device's integer arithmetic."""

    def __init__(self, net=None):
        if net is None:
            return
        self.H = net.H
        self.H2 = net.H2
        (self.W1, self.B1, self.W2, self.B2, self.W3, B3) = to_ints(
            net.W, net.b1, net.W2, net.b2, net.w3, net.b3, Q, S2)
        self.B3 = int(B3[0])
        if self.B2.size and np.abs(self.B2).max() > (1 << 29):
            raise ValueError("layer-2 bias overflows a small int")
        self.ZS = Q * S2

    @classmethod
    def from_module(cls, mod):
        """The network stored in a weights namespace (``load_weights``)."""
        if mod.Q != Q or mod.S != S2:
            raise ValueError("weights use other scales than this trainer")
        self = cls()
        self.H, self.H2, self.ZS, self.B3 = mod.H, mod.H2, mod.ZS, mod.B3

        def arr(raw, f):
            return np.frombuffer(raw, f).astype(np.int64)

        self.W1 = wm.unpack_table(mod.W1, mod.W1O, mod.W1X_AT, mod.W1X_H,
                                  mod.W1X_D, 128, mod.H)
        self.B1 = arr(mod.B1, "<i2")
        self.W2 = arr(mod.W2, "<i2").reshape(mod.H2, mod.H).T
        self.B2 = arr(mod.B2, "<i4")
        self.W3 = arr(mod.W3, "<i2")
        return self

    def to_float(self):
        """The float ``Net`` these integers came from (up to rounding)."""
        net = Net(self.H, self.H2)
        net.W, net.b1, W2, b2, net.w3, net.b3 = to_floats(
            self.W1, self.B1, self.W2, self.B2, self.W3, [self.B3], Q, S2)
        if self.H2:
            net.W2, net.b2 = W2, b2
        return net

    def z(self, T, a, b):
        # float64 holds every intermediate (< 2**40) exactly, and lets
        # numpy use BLAS; the results are the device's integers.
        Tf = T.astype(np.float64)
        P = Tf @ self.W1[:64].astype(np.float64)
        R = Tf @ self.W1[64:].astype(np.float64)
        W2 = self.W2.astype(np.float64)
        W3 = self.W3.astype(np.float64)
        out = np.empty(len(a), np.int64)
        step = 1 << 19
        for s in range(0, len(a), step):
            e = s + step
            h = np.clip(self.B1 + P[a[s:e]] + R[b[s:e]], 0, Q)
            if self.H2:
                h = np.clip(np.floor_divide(h @ W2 + self.B2, S2), 0, Q)
            out[s:e] = (h @ W3 + self.B3).astype(np.int64)
        return out

    def nbytes(self):
        return 2 * (self.W1.size + self.B1.size + self.W2.size
                    + self.W3.size) + 4 * self.B2.size

    def module_text(self, note):
        lit, tup = wm.packed_literal, wm.tuple_literal
        _, stored, at, xh, xd = wm.byte_table(self.W1, W1_OFFSET)
        return ('"""AI network weights, written by '
                "minigam.host.aitools.quarter.train: %s.\n\n"
                "Raw bytes, read in place (a frozen module keeps them in flash).\n"
                "W1: 128 rows of H (row = input bit), each weight plus W1O as one\n"
                "unsigned byte (most then print as themselves here), clipped to\n"
                "0..255; what clipping cut off is in W1X_D, at unit W1X_H, for a\n"
                "row's entries W1X_AT[row] .. W1X_AT[row + 1] - 1. Little-endian\n"
                "B1 int16 (H); W2 int16, H2 rows of H; B2 int32 (H2); W3 int16\n"
                "(H2, or H when H2 is 0). See minigam/quarter/eval.py.\n"
                '"""\n\n'
                "H = %d\nH2 = %d\nQ = %d\nS = %d\nZS = %d\nB3 = %d\nW1O = %d\n"
                "W1 = %s\nW1X_AT = %s\nW1X_H = %s\nW1X_D = %s\n"
                "B1 = %s\nW2 = %s\nB2 = %s\nW3 = %s\n"
                % (note, self.H, self.H2, Q, S2, self.ZS, self.B3, W1_OFFSET,
                   lit(stored, "B"), tup(at), tup(xh), tup(xd),
                   lit(self.B1), lit(self.W2.T), lit(self.B2, "i"),
                   lit(self.W3)))


def load_weights(path=None):
    """The weights file (default ``minigam/quarter/weights.py``) as a namespace
    object, read afresh: the device module drops its texts once decoded."""
    return wm.read(path or weights_path())


def weights_path(full_entry=False):
    """``minigam/quarter/weights.py``, or ``weights_fe.py`` for Full-Entry."""
    from minigam.host.firmware.inputs import repo_root
    return os.path.join(repo_root(), "minigam", "quarter",
                        "weights_fe.py" if full_entry else "weights.py")


def main(argv=None):
    from minigam.host.aitools.quarter.solver import load_or_solve
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.quarter.train")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--hidden2", type=int, default=16)
    ap.add_argument("--games", type=int, default=40000)
    ap.add_argument("--val-games", type=int, default=4000)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--init", help="fine-tune the network of this weights file")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--full-entry", action="store_true",
                    help="fit the Full-Entry variant (minigam/quarter/weights_fe.py)")
    ap.add_argument("--out", help="default: minigam/quarter/weights.py, or "
                    "weights_fe.py with --full-entry")
    args = ap.parse_args(argv)
    if args.hidden < 1 or args.games < 1 or args.epochs < 1:
        ap.error("--hidden, --games and --epochs must be positive")
    if args.init:
        try:
            net = IntNet.from_module(load_weights(args.init)).to_float()
        except (OSError, SyntaxError, AttributeError, ValueError) as exc:
            sys.stderr.write("error: cannot read --init weights: %s\n" % exc)
            return 2
    else:
        net = Net(args.hidden, args.hidden2, args.seed)
    table = load_or_solve(args.full_entry, 8, log=log)
    out = args.out or weights_path(args.full_entry)
    sides = Sides(table)
    log("sampling %d training games..." % args.games)
    dec = sample_decisions(table, args.games, args.seed, log=log)
    val = sample_decisions(table, args.val_games, args.seed + 1000)
    log("%d training decisions (%d candidates), %d validation decisions"
        % (dec.n, len(dec.a), val.n))
    train(net, sides.T, dec, args.epochs, lr=args.lr, log=log, val=val)
    inet = IntNet(net)
    loss, share = val.loss_of_scores(inet.z(sides.T, val.a, val.b))
    log("quantised: val loss %.6f per decision, non-optimal %.4f, %d bytes"
        % (loss, share, inet.nbytes()))
    note = ("%sH=%d H2=%d, %d games, %d epochs%s; held-out loss %.6f/decision"
            % ("Full-Entry; " if args.full_entry else "", net.H, net.H2,
               args.games, args.epochs,
               " from %s" % os.path.basename(args.init) if args.init else "",
               loss))
    write_module(out, inet.module_text(note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
