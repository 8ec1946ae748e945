"""Train Long Nardy's network (``minigam/nardy/weights.py``) by self-play.

Method: TD(0), as TD-Gammon. The network (``minigam.nardy.eval``: the
board's thermometer rows and the block/trapped/contact features, ``H``
clipped ReLU units, three logistic outputs P(win), P(win mars), P(lose
mars) for the side to move) plays both sides. Each turn it rolls, scores
every distinct result of the roll (``nardy.fast.plays``: the device
engine's results) and plays the one worst for the opponent, so every
decision is a 1-ply lookahead over the plays; the position before the
roll then learns the value of the position chosen (turned to the mover's
view: P(win) = 1 - the opponent's, the mars probabilities swapped), or
the game's outcome when the play wins. The loss is the cross-entropy of
each output against that target, plain SGD, one update a turn; the
rates fall linearly to a fifth over the run. Everything in numba, one
core. First-layer weights are kept inside +-``W1_CLIP`` so each fits its
stored byte exactly.

Every ``--eval-every`` games the network, rounded to the device's
integers (``Q`` = 256 a unit's 1.0, ``S`` = 256 the output weights'
scale), plays ``--eval-games`` as Hard against the greedy heuristic
(``nardy.players``), seats swapped over the same dice. The weights
written are the last ones.

``python -m minigam.host.aitools.nardy.train [--hidden H] [--games N]
[--lr LR] [--seed S] [--init WEIGHTS] [--out PATH]`` (numpy and numba;
one process).

The committed weights: see ``minigam/nardy/weights.py``'s docstring,
which records the command, the games and the time of the run that wrote
it.
"""

import argparse
import os
import sys
import time

import numba as nb
import numpy as np

from minigam.host.aitools import weights_module as wm
from minigam.host.aitools.nardy import fast as F
from minigam.host.aitools.training import log, write_module
from minigam.host.firmware.inputs import repo_root

ROOT = repo_root()
WEIGHTS = os.path.join(ROOT, "minigam", "nardy", "weights.py")
Q = F.Q
S2 = 256
W1_CLIP = 127.0 / Q  # first-layer weights fit a byte around offset 128
NO = F.NO


# -- the float network -------------------------------------------------------------

class Net:
    """Float weights in the device's structure: ``W1`` ``(N_IN, H)`` (the
    board's rows, then the features'), ``b1``, ``W3`` ``(H, NO)``, ``b3``."""

    def __init__(self, hidden, seed=0):
        rng = np.random.default_rng(seed)
        self.H = hidden
        self.W1 = rng.normal(0, 0.03, (F.N_IN, hidden)).astype(np.float64)
        self.b1 = np.full(hidden, 0.1, np.float64)
        self.W3 = rng.normal(0, 0.3, (hidden, NO)).astype(np.float64)
        self.b3 = np.array([0.0, -2.0, -2.0], np.float64)

    def arrays(self):
        return self.W1, self.b1, self.W3, self.b3


@nb.njit(cache=True)
def _forward(rbuf, n, W1, b1, W3, b3, pre, z):
    H = b1.shape[0]
    for h in range(H):
        pre[h] = b1[h]
    for r in range(n):
        row = rbuf[r]
        for h in range(H):
            pre[h] += W1[row, h]
    for o in range(NO):
        z[o] = b3[o]
    for h in range(H):
        a = pre[h]
        if a > 0.0:
            if a > 1.0:
                a = 1.0
            for o in range(NO):
                z[o] += W3[h, o] * a
    for o in range(NO):
        z[o] = 1.0 / (1.0 + np.exp(-z[o]))


@nb.njit(cache=True)
def _equity(p):
    return 2.0 * p[0] - 1.0 + p[1] - p[2]


@nb.njit(cache=True)
def _update(rbuf, n, W1, b1, W3, b3, pre, p, y, lr1, lr3, clip, rate):
    """One SGD step of the cross-entropy of outputs ``p`` (of the rows in
    ``rbuf``, pre-activations ``pre``) against targets ``y``; a first-layer
    weight of row ``r`` moves at ``rate[r]`` times ``lr1`` and stays inside
    +-``clip[r]``."""
    H = b1.shape[0]
    gz = np.empty(NO)
    for o in range(NO):
        gz[o] = p[o] - y[o]
    gh = np.empty(H)
    for h in range(H):
        a = pre[h]
        g = 0.0
        for o in range(NO):
            g += W3[h, o] * gz[o]
        gh[h] = g * lr1 if 0.0 < a < 1.0 else 0.0
        if a > 0.0:
            if a > 1.0:
                a = 1.0
            for o in range(NO):
                W3[h, o] -= lr3 * a * gz[o]
    for o in range(NO):
        b3[o] -= lr3 * gz[o]
    for h in range(H):
        b1[h] -= gh[h]
    for r in range(n):
        row = rbuf[r]
        k = rate[row]
        for h in range(H):
            w = W1[row, h] - gh[h] * k
            if w > clip[row]:
                w = clip[row]
            elif w < -clip[row]:
                w = -clip[row]
            W1[row, h] = w


@nb.njit(cache=True)
def _choose(res, cnt, W1, b1, W3, b3, fbuf, rbuf, pre, z, best_p):
    """The result worst for its side to move (a win first); its outputs in
    ``best_p`` (unset for a win)."""
    best = -1
    bs = 0.0
    for k in range(cnt):
        p = res[k]
        if F.winner(p):
            s = -10.0 - F.win_kind(p)
        else:
            n = F.rows(p, fbuf, rbuf)
            _forward(rbuf, n, W1, b1, W3, b3, pre, z)
            s = _equity(z)
        if best < 0 or s < bs:
            bs = s
            best = k
            if s > -10.0:
                for o in range(NO):
                    best_p[o] = z[o]
    return best


@nb.njit(cache=True)
def train_games(games, seed, W1, b1, W3, b3, lr1, lr3, clip, rate, hd,
                res, tk, ts, st, src, found):
    """Play ``games`` self-play games, learning by TD(0) after each turn;
    returns (turns, mars wins)."""
    np.random.seed(seed)
    H = b1.shape[0]
    pos = np.zeros(F.POS, np.uint8)
    fbuf = np.zeros(2 * F.NF + 1, np.int64)
    rbuf = np.zeros(F.N_ON, np.int64)
    pre = np.zeros(H)
    z = np.zeros(NO)
    bp = np.zeros(NO)
    y = np.zeros(NO)
    turns = 0
    mars = 0
    for g in range(games):
        pos[:] = 0
        pos[F.HEAD] = F.CHK
        pos[F.BLOCK + F.HEAD] = F.CHK
        pos[F.TURN] = 1 + np.random.randint(2)
        for _ in range(2000):
            d1 = 1 + np.random.randint(6)
            d2 = 1 + np.random.randint(6)
            cnt = F.plays(pos, d1, d2, hd, res, tk, ts, st, src, found)
            turns += 1
            if cnt == 0:  # a pass: learn the same position, turn passed
                pos[F.TURN] = 3 - pos[F.TURN]
                n = F.rows(pos, fbuf, rbuf)
                _forward(rbuf, n, W1, b1, W3, b3, pre, bp)
                pos[F.TURN] = 3 - pos[F.TURN]
                n = F.rows(pos, fbuf, rbuf)
                _forward(rbuf, n, W1, b1, W3, b3, pre, z)
                y[0] = 1.0 - bp[0]
                y[1] = bp[2]
                y[2] = bp[1]
                _update(rbuf, n, W1, b1, W3, b3, pre, z, y, lr1, lr3, clip, rate)
                pos[F.TURN] = 3 - pos[F.TURN]
                continue
            k = _choose(res, cnt, W1, b1, W3, b3, fbuf, rbuf, pre, z, bp)
            n = F.rows(pos, fbuf, rbuf)
            _forward(rbuf, n, W1, b1, W3, b3, pre, z)
            done = F.winner(res[k])
            if done:
                y[0] = 1.0
                y[1] = 1.0 if F.win_kind(res[k]) == 2 else 0.0
                y[2] = 0.0
                mars += F.win_kind(res[k]) == 2
            else:
                y[0] = 1.0 - bp[0]
                y[1] = bp[2]
                y[2] = bp[1]
            _update(rbuf, n, W1, b1, W3, b3, pre, z, y, lr1, lr3, clip, rate)
            pos[:] = res[k]
            if done:
                break
    return turns, mars


def vs_greedy(net, games=1000, seed=10 ** 6):
    """(points a game, its standard error) of ``net`` against greedy:
    rounded to the device's integers, as Hard, seats swapped over the same
    dice (``nardy.strength.duel``)."""
    from minigam.host.aitools.nardy import strength as S
    i = IntNet(net)
    hard = S.Player("ai:hard", 1, model=F.IntModel.of(i.W1, i.B1, i.W3,
                                                       i.B3))
    _, _, ppg, se = S.summary(S.duel(hard, S.Player("greedy"), games, seed))
    return ppg, se


# -- integers and the weights module ----------------------------------------------------

def byte_table(W):
    """``weights_module.byte_table`` of int table ``W`` with its tables
    as the bytes the module stores: ``(offset, stored, at, xh, xd)``."""
    off, stored, at, xh, xd = wm.byte_table(W)
    return (off, stored.tobytes(), np.array(at, "<u2").tobytes(), bytes(xh),
            np.array(xd, "<i2").tobytes())


def _bytes_literal(raw, width=36):
    parts = [repr(raw[i:i + width]) for i in range(0, len(raw), width)]
    return "(\n    " + "\n    ".join(parts or ["b''"]) + ")"


class IntNet:
    """The rounded network: the device's integers."""

    def __init__(self, net):
        self.H = net.H
        self.W1 = np.round(net.W1 * Q).astype(np.int64)
        self.B1 = np.round(net.b1 * Q).astype(np.int64)
        self.W3 = np.round(net.W3.T * S2).astype(np.int64)  # (NO, H)
        self.B3 = np.round(net.b3 * Q * S2).astype(np.int64)
        for a in (self.W1, self.B1, self.W3):
            if np.abs(a).max() > 32767:
                raise ValueError("weights overflow int16")

    def module_text(self, note):
        o1, w1, at1, xh1, xd1 = byte_table(self.W1[:F.N_BOARD])
        of, wf, atf, xhf, xdf = byte_table(self.W1[F.N_BOARD:])
        lit = _bytes_literal
        return (
            '"""Long Nardy network weights, written by '
            "minigam.host.aitools.nardy.train:\n%s\n\n"
            "Raw bytes, read in place (a frozen module keeps them in flash).\n"
            "W1: the board's 416 rows of H, WF: the features' 96 rows of H\n"
            "(rows as in minigam/nardy/eval.py); each weight plus W1O (WFO)\n"
            "as one unsigned byte, clipped to 0..255; what clipping cut off\n"
            "is in W1X_D (int16) at unit W1X_H (uint8), for a row's entries\n"
            "W1X_AT[row] .. W1X_AT[row + 1] - 1 (uint16), and likewise WFX_*.\n"
            "All little-endian: B1 int16 (H); W3 int16, NO rows of H; B3 the\n"
            "NO output biases (a tuple).\n"
            '"""\n\n'
            "H = %d\nNO = %d\nQ = %d\nS = %d\nZS = %d\nW1O = %d\nWFO = %d\n"
            "B3 = %r\nW1 = %s\nW1X_AT = %s\nW1X_H = %s\nW1X_D = %s\n"
            "WF = %s\nWFX_AT = %s\nWFX_H = %s\nWFX_D = %s\n"
            "B1 = %s\nW3 = %s\n"
            % (note, self.H, NO, Q, S2, Q * S2, o1, of,
               tuple(int(x) for x in self.B3), lit(w1), lit(at1), lit(xh1),
               lit(xd1), lit(wf), lit(atf), lit(xhf), lit(xdf),
               lit(self.B1.astype("<i2").tobytes()),
               lit(self.W3.astype("<i2").tobytes())))


def from_module(w):
    """A float ``Net`` from a weights module (to train on from it)."""
    W1, B1, W3, B3 = F.int_tables(w)
    net = Net(w.H)
    net.W1 = W1 / Q
    net.b1 = B1 / Q
    net.W3 = (W3.T / S2).copy()
    net.b3 = B3 / (Q * S2)
    return net


def load_weights(path=WEIGHTS):
    """A weights module's names, from its file."""
    return wm.read(path)


# -- the run ---------------------------------------------------------------------------------

def train(net, games, lr=0.01, lr_out=None, seed=1, eval_every=20000,
          eval_games=1000, chunk=2000, log=None, hd=True, features=True,
          feature_rate=1.0):
    """TD(0) self-play for ``games`` games (``features`` False: the feature
    rows' weights stay 0; else they learn at ``feature_rate`` times the
    board rows' rate)."""
    w = F.Work()
    clip = np.full(F.N_IN, W1_CLIP)
    rate = np.ones(F.N_IN)
    rate[F.N_BOARD:] = feature_rate
    if not features:
        clip[F.N_BOARD:] = 0.0
        net.W1[F.N_BOARD:] = 0.0
    lr_out = lr if lr_out is None else lr_out
    done = 0
    t0 = time.time()
    turns = mars = 0
    while done < games:
        n = min(chunk, games - done)
        frac = done / games
        scale = 1.0 - 0.8 * frac
        t, m = train_games(n, seed * 1000003 + done, *net.arrays(),
                           lr * scale / 10, lr_out * scale, clip, rate, hd,
                           *w.args())
        turns += t
        mars += m
        done += n
        if log and (done % eval_every == 0 or done == games):
            ppg, se = vs_greedy(net, eval_games)
            log("%d games, %.0f s, %.1f turns a game, %.1f%% mars; vs "
                "greedy %+.3f (+- %.3f) points a game"
                % (done, time.time() - t0, turns / done, 100.0 * mars / done,
                   ppg, se))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="minigam.host.aitools.nardy.train")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--games", type=int, default=100000)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--lr-out", type=float, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--init", help="train on from this weights module")
    ap.add_argument("--eval-every", type=int, default=20000)
    ap.add_argument("--eval-games", type=int, default=1000)
    ap.add_argument("--out", default=WEIGHTS)
    ap.add_argument("--no-features", action="store_true",
                    help="train without the block/trapped/contact features")
    ap.add_argument("--feature-rate", type=float, default=0.2,
                    help="the feature rows' learning rate, relative to the "
                    "board rows'")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    t0 = time.time()
    net = (from_module(load_weights(args.init)) if args.init
           else Net(args.hidden, args.seed))
    train(net, args.games, args.lr, args.lr_out, args.seed, args.eval_every,
          args.eval_games, log=log, features=not args.no_features,
          feature_rate=args.feature_rate)
    minutes = (time.time() - t0) / 60
    inet = IntNet(net)
    if args.no_write:
        return 0
    note = ("H=%d, TD(0) self-play, %d games (seed %d, lr %g%s%s), %.0f "
            "minutes on one core.\nCommand: python -m "
            "minigam.host.aitools.nardy.train %s"
            % (net.H, args.games, args.seed, args.lr,
               ", lr-out %g" % args.lr_out if args.lr_out else "",
               ", from %s" % os.path.basename(args.init) if args.init else "",
               minutes, " ".join(argv if argv is not None else sys.argv[1:])))
    write_module(args.out, inet.module_text(note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
