"""Fit the backgammon network (``minigam/bg/weights.py``) to gnubg's evaluations.

Data: the chunks of ``minigam.host.aitools.bg.data`` (gnubg 0-ply self-play;
every kept candidate is a position before its side to move rolls, with
gnubg's five cubeless probabilities from that side's view). Chunks whose
seed is ``VAL_MOD - 1`` mod ``VAL_MOD`` are held out.

Network (see ``minigam.bg.eval``): 416 thermometer rows (for each side,
the side to move first, and each of its 26 places: bar, points 1..24 along
its path, off, 8 rows: row ``k`` < 7 on when at least ``k + 1`` checkers
are there, row 7 counting the checkers from the 8th on; one row a checker,
so the rows sum to 30), then ``bg.features``' 118 rows (13 one-hot
groups: each side's shots and longest prime, contact, each side's escapes,
containment, rearmost index and pips to break contact; the device
computes them with ``minigam.bg.shape``), ``H`` clipped ReLU units, an
optional second layer of ``H2`` such units, five linear outputs read as the
logits of P(win), P(win gammon), P(win backgammon), P(lose gammon),
P(lose backgammon).

Loss: binary cross-entropy of each output against gnubg's probability,
plus, within each decision, a ranking term on the cubeless equity
``2 p0 - 1 + p1 + p2 - p3 - p4``: a candidate the network would prefer to
gnubg's best costs what gnubg says it loses (as ``train.py`` does for
MINIGAM). With ``--listwise W`` each decision also costs ``W`` times the
equity gnubg says a softmax choice over its candidates (temperature
``--listwise-tau`` on the predicted equities) gives away. Adam; the first
layer is computed sparsely (30 rows a position) with numba.

The integer network (``Q`` = 256 for a unit's 1.0, ``S`` = 256 for the
second and output layers' weights, so ``z / ZS`` is a logit) is scored with
the device's exact arithmetic before it is written.

``python -m minigam.host.aitools.bg.train [--hidden H] [--hidden2 H2]
[--epochs E] [--lr LR] [--rank R] [--listwise W] [--listwise-tau T]
[--batch B] [--init WEIGHTS] [--data DIR] [--out PATH]``
(numpy and numba; one core: set ``OMP_NUM_THREADS=1``). ``--no-features
--no-write`` trains a trial network over the board's rows alone, for its
held-out figures only (the device reads only networks with the features).

The committed weights (issue 16, with the feature rows): ``python -m
minigam.host.aitools.bg.data --positions 20400000 --jobs 6`` (319 chunks of
100 games, 20.8M candidates; about 11k candidates a second on this 2-core
machine), then ``--hidden 256 --hidden2 0 --epochs 18 --w1-limit 0.45``
(lr 2e-3, x0.3 after epochs 10 and 15; 53 s an epoch alone on the
machine, 150 beside another training). Held-out (15 chunks, 71.7k
decisions, 983k candidates): equity MAE 0.045, 0.0048 equity lost per
decision among the kept candidates, against 0.050 and 0.0056 with 128
hidden units and 0.057 and 0.0072 for 128 over the board's rows alone
(the network before the features). Then fine-tuned on games the device's Hard (the network before
the features) played against gnubg 0-ply, the positions ``bg.analyse``
judges: ``python -m minigam.host.aitools.bg.data --ai hard --first-seed
2000 --positions 1788011 --jobs 1 --out build/bg/hard`` (30 chunks of 100
games, 130k decisions, 1.79M candidates, 35 minutes with one gnubg
process), then ``--init`` the weights above ``--data build/bg/hard
--epochs 8 --lr 5e-5 --rank 2 --listwise 3 --w1-limit 0.45`` (2 s an
epoch; 16 epochs at lr 1e-4 did worse). Equity lost per decision against
gnubg 0-ply on held-out Hard-vs-gnubg games (seeds 9000-9001 of the same
command, 8.7k decisions): 0.0036, against 0.0044 with 128 hidden units
and 0.0057 for the network before the features (0.0039 before this
fine-tuning). Training from scratch with ``--listwise 3`` as well gave
no better choices (0.0056 with 128 units) and worse equities (0.062).

The limit keeps every first-layer weight inside its byte (no
corrections) and generalised better before the features: held-out
equity MAE 0.057 against 0.060. Shapes compared then on 8.9M candidates,
14 epochs, no limit (equity MAE / loss per decision): 64-16 0.067 /
0.0093, 96-32 0.061 / 0.0082, 128-0 0.062 / 0.0083; 128-0 is the faster
of the two best. With the feature rows and 20.8M candidates 256-0 beat
128-0 (above; W1X_H's byte caps H at 256). Held-out figures alone do not pick weights (five more
epochs at lr 2e-4 lowered them but played worse against gnubg), so
``bg.analyse`` judges: see the README's "Backgammon AI".
"""

import argparse
import os
import sys
import time

import numba
import numpy as np

from minigam.host.aitools import weights_module as wm
from minigam.host.aitools.bg import data as bg_data
from minigam.host.aitools.bg import features as bg_features
from minigam.host.aitools.training import (
    Adam, decision_rows, group_argmin, hidden_backward, hidden_forward, log,
    sigmoid, to_floats, to_ints, write_module)
from minigam.host.firmware.inputs import repo_root

NC = 26        # places a side: bar, 24 points, off
BPC = 8        # thermometer rows a place (the last counts the rest)
N_IN = 2 * NC * BPC
N_ON = 30      # bits on in every position
NO = 5
Q = 256
S2 = 256
VAL_MOD = 20
EQ_COEF = np.array([2.0, 1.0, 1.0, -1.0, -1.0], np.float32)

ROOT = repo_root()
WEIGHTS = os.path.join(ROOT, "minigam", "bg", "weights.py")


# -- features -----------------------------------------------------------------

def cells(pos):
    """(n, 53) positions -> (n, 52) counts, the side to move's 26 first."""
    pos = np.asarray(pos)
    p1 = pos[:, 52] == 1
    out = np.empty((len(pos), 2 * NC), np.uint8)
    out[p1, :NC] = pos[p1, :NC]
    out[p1, NC:] = pos[p1, NC:2 * NC]
    out[~p1, :NC] = pos[~p1, NC:2 * NC]
    out[~p1, NC:] = pos[~p1, :NC]
    return out


def active(pos, chunk=1 << 18):
    """(n, 53) positions -> (n, 30) int16 rows, one a checker (a row
    repeats for the checkers past ``BPC - 1`` at a place)."""
    if len(pos) > chunk:
        return np.concatenate([active(pos[s:s + chunk])
                               for s in range(0, len(pos), chunk)])
    c = cells(pos).astype(np.int64)
    n = len(c)
    if (c.reshape(n, 2, NC).sum(2) != 15).any():
        raise ValueError("a position without 15 checkers a side")
    k = np.arange(15)
    on = c[:, :, None] > k[None, None, :]           # (n, 52, 15)
    rows = (np.arange(2 * NC)[:, None] * BPC
            + np.minimum(k, BPC - 1)[None, :])[None]
    idx = np.broadcast_to(rows, on.shape)[on].reshape(n, N_ON)
    return idx.astype(np.int16)


def inputs(pos, features=True):
    """(n, 53) positions -> the network's rows: ``active``'s 30 board
    rows, then (with ``features``) the ``K_FEAT`` of ``bg.features`` (the
    device's ``minigam.bg.shape``), from ``N_IN`` on."""
    idx = active(pos)
    if not features:
        return idx
    return np.concatenate([idx, bg_features.rows(cells(pos))], 1)


def equity(p):
    """Cubeless equity of probabilities (..., 5) for their side."""
    return (p * EQ_COEF).sum(-1) - 1.0


# -- sparse first layer ------------------------------------------------------

@numba.njit(cache=True)
def _gather(idx, W, b, out):
    n, k = idx.shape
    h = W.shape[1]
    for i in range(n):
        for j in range(h):
            out[i, j] = b[j]
        for t in range(k):
            r = idx[i, t]
            for j in range(h):
                out[i, j] += W[r, j]


@numba.njit(cache=True)
def _scatter(idx, g, gW):
    n, k = idx.shape
    h = g.shape[1]
    for i in range(n):
        for t in range(k):
            r = idx[i, t]
            for j in range(h):
                gW[r, j] += g[i, j]


# -- the network ---------------------------------------------------------------

class Net:
    def __init__(self, hidden, hidden2=0, seed=0, n_in=N_IN):
        rng = np.random.default_rng(seed)
        self.H, self.H2 = hidden, hidden2
        self.W1 = rng.normal(0, 0.12, (n_in, hidden)).astype(np.float32)
        self.b1 = np.full(hidden, 0.3, np.float32)
        if hidden2:
            self.W2 = rng.normal(0, 1.0 / np.sqrt(hidden),
                                 (hidden, hidden2)).astype(np.float32)
            self.b2 = np.full(hidden2, 0.2, np.float32)
            top = hidden2
        else:
            self.W2 = np.zeros((0, 0), np.float32)
            self.b2 = np.zeros(0, np.float32)
            top = hidden
        self.W3 = rng.normal(0, 0.3, (top, NO)).astype(np.float32)
        self.b3 = np.array([0.0, -1.5, -4.0, -1.5, -4.0], np.float32)

    def params(self):
        return [self.W1, self.b1, self.W2, self.b2, self.W3, self.b3]

    def forward(self, idx):
        pre1 = np.empty((len(idx), self.H), np.float32)
        _gather(idx, self.W1, self.b1, pre1)
        h1, pre2, h2 = hidden_forward(pre1, self.W2, self.b2)
        z = h2 @ self.W3 + self.b3
        return (pre1, h1, pre2, h2), z

    def backward(self, idx, cache, gz):
        pre1, h1, pre2, h2 = cache
        gW3 = h2.T @ gz
        gb3 = gz.sum(0)
        gpre1, gW2, gb2 = hidden_backward(gz @ self.W3.T, pre1, h1, pre2,
                                          self.W2, self.b2)
        gpre1 = gpre1.astype(np.float32)
        gW1 = np.zeros_like(self.W1)
        _scatter(idx, gpre1, gW1)
        return [gW1, gpre1.sum(0), gW2, gb2, gW3, gb3]

    def z(self, idx, chunk=1 << 16):
        out = np.empty((len(idx), NO), np.float32)
        for s in range(0, len(idx), chunk):
            out[s:s + chunk] = self.forward(idx[s:s + chunk])[1]
        return out


# -- data ----------------------------------------------------------------------

class Data:
    """Decisions and their candidates (terminal ones dropped), features
    precomputed."""

    def __init__(self, d, features=True):
        keep = d["term"] == 0
        start = d["start"]
        group = np.repeat(np.arange(len(start) - 1), np.diff(start))
        self.rank = d["rank"][keep]
        group = group[keep]
        self.probs = d["probs"][keep].astype(np.float32)
        self.pos = d["pos"][keep]
        self.idx = inputs(self.pos, features)
        self.eq = equity(self.probs)  # for the side to move after the play
        # regroup: decisions that still have 2+ candidates, best (rank 0)
        # present
        n = len(start) - 1
        cnt = np.bincount(group, minlength=n)
        has_best = np.zeros(n, bool)
        has_best[group[self.rank == 0]] = True
        ok = (cnt >= 2) & has_best
        sel = ok[group]
        self.rank, group = self.rank[sel], group[sel]
        self.probs, self.pos = self.probs[sel], self.pos[sel]
        self.idx, self.eq = self.idx[sel], self.eq[sel]
        _, self.group = np.unique(group, return_inverse=True)
        self.n = int(self.group.max()) + 1 if len(group) else 0
        self.start = np.searchsorted(self.group, np.arange(self.n + 1))
        first = self.start[:-1]
        # rows are in gnubg's order, best first within a decision
        assert (self.rank[first] == 0).all()
        self.best_row = first[self.group]
        # equity the mover loses by choosing each candidate (>= 0)
        self.gap = np.maximum(self.eq - self.eq[self.best_row], 0.0)

    def __len__(self):
        return len(self.eq)

    def decision_loss(self, eq_pred):
        """Mean equity (gnubg 0-ply) lost per decision when each decision
        takes the candidate with the lowest predicted equity for the side
        to move (first on ties)."""
        choice = group_argmin(eq_pred, self.start, self.group)
        lost = self.gap[choice]
        return float(lost.mean()), float((lost > 1e-6).mean())


def load_split(out_dir=bg_data.DEFAULT_OUT, max_decisions=None, log=None,
               features=True):
    paths = bg_data.chunks(out_dir)
    val = [p for p in paths
           if int(os.path.basename(p)[6:11]) % VAL_MOD == VAL_MOD - 1]
    tr = [p for p in paths if p not in val]
    if not val:  # few chunks: hold the last one out
        val, tr = tr[-1:], tr[:-1]
    t0 = time.time()
    dtr = Data(bg_data.load(paths=tr), features)
    dval = Data(bg_data.load(paths=val), features)
    if log:
        log("data: %d training decisions (%d candidates) from %d chunks, "
            "%d held-out decisions (%d candidates) from %d; %.0f s"
            % (dtr.n, len(dtr), len(tr), dval.n, len(dval), len(val),
               time.time() - t0))
    return dtr, dval


# -- training ------------------------------------------------------------------

def train(net, data, epochs, lr=2e-3, batch_dec=64, rank_w=2.0, seed=1,
          log=None, val=None, w1_limit=None, w1_penalty=0.0, list_w=0.0,
          list_tau=0.01):
    """Adam over decisions, ``batch_dec`` a step. With ``w1_limit``, first-
    layer weights beyond +-``w1_limit`` are pulled back (``w1_penalty``
    times the squared excess): fewer fall outside the byte each is stored
    in, so the weights module needs fewer corrections. With ``list_w``,
    each decision also costs ``list_w`` times the equity a softmax choice
    over its candidates (temperature ``list_tau`` on the predicted
    equities) loses against gnubg's best."""
    rng = np.random.default_rng(seed)
    adam = Adam(net.params())
    coef = EQ_COEF
    for ep in range(epochs):
        t0 = time.time()
        perm = rng.permutation(data.n)
        tot = 0.0
        for s in range(0, data.n, batch_dec):
            rows, cnt = decision_rows(data.start,
                                      np.sort(perm[s:s + batch_dec]))
            idx = data.idx[rows]
            y = data.probs[rows]
            cache, z = net.forward(idx)
            p = sigmoid(z)
            nr = len(rows)
            gz = (p - y) / nr
            tot += float(-(y * np.log(p + 1e-7)
                           + (1 - y) * np.log(1 - p + 1e-7)).sum())
            # ranking on equity: candidate c vs its decision's best b; the
            # mover wants the lowest equity for the side to move.
            e = (p * coef).sum(1)
            dedz = coef * p * (1 - p)
            # position of each row's best within this batch
            bpos = np.repeat(np.cumsum(cnt) - cnt, cnt)
            tau = 0.02
            gap = data.gap[rows]
            d = (e[bpos] - e) / tau
            sg = sigmoid(d) * gap * rank_w / tau / nr
            sg[gap <= 0] = 0.0
            ge = -sg
            np.add.at(ge, bpos, sg)
            if list_w:
                # listwise: d/de of sum_c pi_c gap_c, pi = softmax(-e / tau)
                dec = np.repeat(np.arange(len(cnt)), cnt)
                sc = -e / list_tau
                mx = np.full(len(cnt), -np.inf, sc.dtype)
                np.maximum.at(mx, dec, sc)
                ex = np.exp(sc - mx[dec])
                pi = ex / np.bincount(dec, ex, len(cnt))[dec]
                lost = np.bincount(dec, pi * gap, len(cnt))
                ge -= (list_w / list_tau / len(cnt)) * pi * (gap - lost[dec])
            gz += ge[:, None] * dedz
            grads = net.backward(idx, cache, gz.astype(np.float32))
            if w1_limit is not None:
                ex = np.abs(net.W1) - w1_limit
                grads[0] += (2 * w1_penalty * np.maximum(ex, 0)
                             * np.sign(net.W1)).astype(np.float32)
            adam.update(grads, lr)
        msg = "epoch %d (%.0f s, lr %.1e): train bce %.4f, W1 past 0.5: %.3f" % (
            ep + 1, time.time() - t0, lr, tot / len(data) / NO,
            float((np.abs(net.W1) > 0.5).mean()))
        if val is not None:
            msg += "; " + report(net.z(val.idx), val)
        if log:
            log(msg)
        if ep + 1 in (int(epochs * 0.6), int(epochs * 0.85)):
            lr *= 0.3
    return net


def report(z, val, logits=True):
    """Held-out figures of outputs ``z`` (logits, or probabilities)."""
    p = sigmoid(z) if logits else z
    e = equity(p)
    mae = float(np.abs(e - val.eq).mean())
    pmae = np.abs(p - val.probs).mean(0)
    loss, share = val.decision_loss(e)
    return ("equity MAE %.4f, P MAE %s, loss/decision %.4f, non-best %.3f"
            % (mae, " ".join("%.4f" % x for x in pmae), loss, share))


# -- integers --------------------------------------------------------------------

class IntNet:
    """The rounded network, with the device's exact arithmetic."""

    def __init__(self, net=None):
        if net is None:
            return
        self.H, self.H2 = net.H, net.H2
        (self.W1, self.B1, self.W2, self.B2, self.W3, self.B3) = to_ints(
            net.W1, net.b1, net.W2, net.b2, net.W3, net.b3, Q, S2)
        self.ZS = Q * S2

    def z(self, idx, chunk=1 << 16):
        out = np.empty((len(idx), NO), np.int64)
        W1 = self.W1.astype(np.float64)
        for s in range(0, len(idx), chunk):
            pre = np.empty((len(idx[s:s + chunk]), self.H), np.float64)
            _gather(idx[s:s + chunk], W1, self.B1.astype(np.float64), pre)
            h = np.clip(pre, 0, Q)
            if self.H2:
                h = np.clip(np.floor_divide(h @ self.W2 + self.B2, S2), 0, Q)
            out[s:s + chunk] = (h @ self.W3 + self.B3).astype(np.int64)
        return out

    @classmethod
    def from_module(cls, w):
        self = cls()
        self.H, self.H2, self.ZS = w.H, w.H2, w.ZS
        n_in = N_IN + getattr(w, "NF", 0)
        # the corrections as bytes (this format) or tuples (the first one)
        self.W1 = wm.unpack_table(w.W1, w.W1O, w.W1X_AT, w.W1X_H, w.W1X_D,
                                  n_in, w.H)
        self.B1 = np.frombuffer(w.B1, "<i2").astype(np.int64)
        self.W2 = np.frombuffer(w.W2, "<i2").astype(np.int64).reshape(
            w.H2, w.H).T if w.H2 else np.zeros((0, 0), np.int64)
        self.B2 = np.frombuffer(w.B2, "<i4").astype(np.int64)
        top = w.H2 or w.H
        self.W3 = np.frombuffer(w.W3, "<i2").astype(np.int64).reshape(
            NO, top).T
        self.B3 = np.array(w.B3, np.int64)
        return self

    def to_float(self):
        net = Net(self.H, self.H2)
        net.W1, net.b1, W2, b2, net.W3, net.b3 = to_floats(
            self.W1, self.B1, self.W2, self.B2, self.W3, self.B3, Q, S2)
        if self.H2:
            net.W2, net.b2 = W2, b2
        return net

    def module_text(self, note):
        blit, lit = wm.bytes_literal, wm.packed_literal
        n_in, nf = len(self.W1), len(self.W1) - N_IN
        if nf not in (0, bg_features.N_FEAT):
            raise ValueError("%d first-layer rows" % n_in)
        # the byte offset that leaves the fewest weights to correct
        w1o, stored, at, xh, xd = wm.byte_table(self.W1)
        return (
            '"""Backgammon network weights, written by '
            "minigam.host.aitools.bg.train:\n%s.\n\n"
            "Raw bytes, read in place (a frozen module keeps them in flash).\n"
            "W1: %d rows of H (row = input row, see minigam/bg/eval.py: 416\n"
            "board rows, then NF feature rows), each weight plus W1O as one\n"
            "unsigned byte, clipped to 0..255; what clipping cut off is in\n"
            "W1X_D (int16), at unit W1X_H (uint8), for a row's entries\n"
            "W1X_AT[row] .. W1X_AT[row + 1] - 1 (uint16, %d).\n"
            "All little-endian: B1 int16 (H); W2 int16, H2 rows of H; B2 int32\n"
            "(H2); W3 int16, NO rows of H2 (or H when H2 is 0); B3 the NO\n"
            "output biases (a tuple).\n"
            '"""\n\n'
            "H = %d\nH2 = %d\nNO = %d\nNF = %d\nQ = %d\nS = %d\nZS = %d\n"
            "W1O = %d\n"
            "B3 = %s\nW1 = %s\nW1X_AT = %s\nW1X_H = %s\nW1X_D = %s\n"
            "B1 = %s\nW2 = %s\nB2 = %s\nW3 = %s\n"
            % (note, n_in, n_in + 1, self.H, self.H2, NO, nf, Q, S2, self.ZS,
               w1o,
               tuple(int(x) for x in self.B3),
               blit(bytes(stored)), lit(at, "H"),
               blit(bytes(xh)), lit(xd), lit(self.B1), lit(self.W2.T),
               lit(self.B2, "i"), lit(self.W3.T)))


def load_weights(path=WEIGHTS):
    """A weights module's names, from its file."""
    return wm.read(path)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.bg.train")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--hidden2", type=int, default=16)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--rank", type=float, default=2.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--init", help="fine-tune the network of this weights "
                    "module")
    ap.add_argument("--data", default=bg_data.DEFAULT_OUT)
    ap.add_argument("--out", default=WEIGHTS)
    ap.add_argument("--w1-limit", type=float, help="pull first-layer "
                    "weights back inside +- this (units of 1.0 = Q)")
    ap.add_argument("--w1-penalty", type=float, default=1e-2)
    ap.add_argument("--listwise", type=float, default=0.0,
                    help="weight of the listwise decision term (0: off)")
    ap.add_argument("--listwise-tau", type=float, default=0.01)
    ap.add_argument("--batch", type=int, default=64,
                    help="decisions a step")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--no-features", action="store_true",
                    help="the board's rows alone (a trial: needs --no-write "
                    "and no --init, as the device reads no such network)")
    args = ap.parse_args(argv)
    if args.no_features and (args.init or not args.no_write):
        ap.error("--no-features trains a trial network from scratch: add "
                 "--no-write, drop --init")

    tr, val = load_split(args.data, log=log, features=not args.no_features)
    n_in = N_IN if args.no_features else N_IN + bg_features.N_FEAT
    if args.init:
        net = IntNet.from_module(load_weights(args.init)).to_float()
        if len(net.W1) != n_in:
            ap.error("%s has %d first-layer rows, the data %d"
                     % (args.init, len(net.W1), n_in))
    else:
        net = Net(args.hidden, args.hidden2, args.seed, n_in)
    train(net, tr, args.epochs, lr=args.lr, batch_dec=args.batch,
          rank_w=args.rank, seed=args.seed, log=log, val=val,
          w1_limit=args.w1_limit, w1_penalty=args.w1_penalty,
          list_w=args.listwise, list_tau=args.listwise_tau)
    inet = IntNet(net)
    zi = inet.z(val.idx)
    msg = report(zi / inet.ZS, val)
    log("quantised: " + msg)
    if args.no_write:
        return 0
    note = ("H=%d H2=%d, %d decisions (%d candidates), %d epochs%s%s%s; "
            "held-out: %s" % (net.H, net.H2, tr.n, len(tr), args.epochs,
                              " from %s" % os.path.basename(args.init)
                              if args.init else "",
                              ", W1 limit %g" % args.w1_limit
                              if args.w1_limit is not None else "",
                              ", lr %g, rank %g, listwise %g (tau %g)"
                              % (args.lr, args.rank, args.listwise,
                                 args.listwise_tau)
                              if args.listwise else "", msg))
    write_module(args.out, inet.module_text(note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
