"""Exact solution of MINIGAM (host only): win probability of every position.

For every position seen from the side to move, the table holds ``V``: the
probability that the side to move wins when both sides play perfectly.
``V`` satisfies the Bellman equation over the 21 distinct rolls::

    V(p) = sum_roll P(roll) * ( 1 - V(pass(p))            if no legal play
                                max_r W(r)                 otherwise )
    W(r) = 1 if the play wins (mover bore off its last checker), else 1 - V(r)

where ``r`` ranges over the distinct results of the roll (the rule book
(docs/rules/minigam.md), exactly as ``minigam.quarter.rules.Rules.plays``) and
``pass(p)`` is the same board with the other side to move.

Indexing
--------
A *side* is a composition of the N checkers over the 8 indices of that
side's own view (0 bar, 1..6 board, 7 off): C(N+7, 7) sides (6435 for
N = 8). A position is an ordered pair (mover side, opponent side) whose
board points do not clash (mover index i and opponent index 7-i never both
occupied). Every such pair is indexed, terminal ones included: for N = 8
that is 3,910,437 positions (3,897,568 of them with neither side borne off
completely). Positions with the other player to move map to the same index
(each side is read in its own view), so a table serves both turns.

Terminal values: opponent has borne off all -> 0; mover has (not reachable
as a position to move) -> 1; the impossible pair where both have -> 0.

Solving
-------
Borne-off counts never decrease, so positions are split into layers by the
unordered pair {off_mover, off_opponent}; a play from a layer stays in it
(no checker borne off, or a pass) or goes to a layer with a larger total.
Layers are solved from the largest total down. For each layer, every
(position, roll) gets a constant (the best result leaving the layer, already
final) and the list of distinct results inside the layer; then Gauss-Seidel
sweeps (in place, 2 threads via numba prange) run until the largest change
in a sweep is below ``TOLERANCE``. Values are computed in float64 and
stored as float32 (``cache/solve-<std|fe>-n<N>.npy``, 4 bytes/position).
Once a layer has converged, its Bellman residual max|T V - V| is measured
(one more evaluation without writing; it is final, since the layers it
reads are); the largest over all layers is stored in the ``.json`` beside
the table.

API (for the AI and tools)
--------------------------
``load_or_solve(full_entry=False, checkers=8) -> Table`` loads the cached
table or solves and caches it (``MINIGAM_CACHE`` overrides the directory,
default ``<repo>/cache``).

``Table``:

* ``values``: numpy float32 array, ``values[i]`` = V of position ``i``;
* ``value(pos) -> float``: V of a position bytearray (side to move wins);
* ``index(pos) -> int``; ``position(i) -> bytearray`` (Player 1 to move);
* ``arrays() -> (mover, opponent)``: all positions as uint8 count arrays;
* ``size``, ``checkers``, ``full_entry``, ``meta`` (solve statistics).

``result_equities(table, rules, pos, d1, d2)`` -> list of
``(equity, result_pos, k)`` best first: equity is the mover's win
probability after play ``k`` of ``rules.plays`` (1 for a winning play); a
pass gives one entry with ``k = None``; a finished game gives ``[]``.
``best_results`` is the same list cut to the best ones. The loss of a
decision is ``best equity - chosen equity``: ``decision_loss(table, rules,
pos, d1, d2, chosen_result_pos)``. ``opening_win_probability(table,
rules)`` is the figure ``solve --report`` prints.
"""

import json
import math
import os
import time

import numpy as np
import numba as nb

from minigam.quarter.rules import TURN, POS_SIZE, winner

TOLERANCE = 1e-10
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
OPENING_ROLLS = tuple((a, b) for a, b in ROLLS if a != b)
_ROLL_ARR = np.array(ROLLS, dtype=np.int64)
_PROBS = np.array([(1.0 if a == b else 2.0) / 36.0 for a, b in ROLLS])
_NR = 21
_BUF = 128


# -- move generation in the mover's view (numba) ------------------------------

@nb.njit(cache=True)
def _can(me, op, i, d, fe):
    if me[i] == 0:
        return False
    t = i + d
    if t < 7:
        return op[7 - t] < 2
    if i == 0:
        return False
    if t == 7:
        return not (fe and me[0] > 0)
    if me[0] > 0:
        return False
    for j in range(1, i):
        if me[j] > 0:
            return False
    return True


@nb.njit(cache=True)
def _do(me, op, i, d):
    t = i + d
    me[i] -= 1
    if t >= 7:
        me[7] += 1
        return 0
    me[t] += 1
    if op[7 - t] == 1:
        op[7 - t] = 0
        op[0] += 1
        return 1
    return 0


@nb.njit(cache=True)
def _undo(me, op, i, d, hit):
    t = i + d
    me[i] += 1
    if t >= 7:
        me[7] -= 1
        return
    me[t] -= 1
    if hit:
        op[7 - t] = 1
        op[0] -= 1


@nb.njit(cache=True)
def _rank(c, rk):
    """Rank of a side: lexicographic in (c7, c0, ..., c6), by a small
    table of partial counts (see ``Index``)."""
    s = c[7]
    r = rk[0, 0, s]
    for i in range(7):
        r += rk[i + 1, s, c[i]]
        s += c[i]
    return r


@nb.njit(cache=True)
def _index(mv, ot, rk, mask, base, rankb):
    a = _rank(mv, rk)
    return base[a] + rankb[mask[a], _rank(ot, rk)]


@nb.njit(cache=True)
def _gen(me, op, d1, d2, n, fe, rk, mask, base, rankb, out_idx, out_up):
    """Results of roll d1-d2 (duplicates possible): ``out_idx[k]`` the
    index of the result (opponent to move) or -1 for a win, ``out_up[k]``
    1 if a checker was borne off. Returns the count; 0 = pass."""
    cnt = 0
    off0 = me[7]
    norders = 1 if d1 == d2 else 2
    for o in range(norders):
        da = d1 if o == 0 else d2
        db = d2 if o == 0 else d1
        for i in range(7):
            if not _can(me, op, i, da, fe):
                continue
            h1 = _do(me, op, i, da)
            second = False
            if me[7] != n:
                for j in range(7):
                    if _can(me, op, j, db, fe):
                        second = True
                        h2 = _do(me, op, j, db)
                        if me[7] == n:
                            out_idx[cnt] = -1
                        else:
                            out_idx[cnt] = _index(op, me, rk, mask, base, rankb)
                        out_up[cnt] = 1 if me[7] > off0 else 0
                        cnt += 1
                        _undo(me, op, j, db, h2)
            if not second:
                if me[7] == n:
                    out_idx[cnt] = -1
                else:
                    out_idx[cnt] = _index(op, me, rk, mask, base, rankb)
                out_up[cnt] = 1 if me[7] > off0 else 0
                cnt += 1
            _undo(me, op, i, da, h1)
    return cnt


@nb.njit(cache=True)
def _seen(x, hk, hs, stamp):
    """Open-addressing set of the current stamp: True if ``x`` was in it
    (else adds it)."""
    h = (x * 40503) & 255
    while True:
        if hs[h] != stamp:
            hs[h] = stamp
            hk[h] = x
            return False
        if hk[h] == x:
            return True
        h = (h + 1) & 255


@nb.njit(parallel=True, cache=True)
def _layer_pass(lay, A, B, conf, n, fe, rk, mask, base, rankb, rolls,
                V, write, cnts, offs, succ, const):
    """Pass 1 (write=False): distinct in-layer results per (position, roll)
    into ``cnts``. Pass 2: fill ``succ`` (CSR by ``offs``) and ``const``
    (best value of results leaving the layer, -1 if none)."""
    npos = lay.shape[0]
    nchunks = min(npos, 256)
    for ch in nb.prange(nchunks):
        oi = np.empty(_BUF, np.int64)
        ou = np.empty(_BUF, np.int64)
        hk = np.zeros(256, np.int64)
        hs = np.zeros(256, np.int64)
        stamp = 0
        for p in range(ch * npos // nchunks, (ch + 1) * npos // nchunks):
            q = lay[p]
            me = conf[A[q]].copy()
            op = conf[B[q]].copy()
            for r in range(_NR):
                k = _gen(me, op, rolls[r, 0], rolls[r, 1], n, fe, rk, mask,
                         base, rankb, oi, ou)
                slot = p * _NR + r
                c = -1.0
                m = 0
                start = offs[slot] if write else 0
                stamp += 1
                if k == 0:
                    m = 1
                    if write:
                        succ[start] = _index(op, me, rk, mask, base, rankb)
                else:
                    for t in range(k):
                        if oi[t] < 0:
                            c = 1.0
                        elif ou[t]:
                            x = 1.0 - V[oi[t]]
                            if x > c:
                                c = x
                        elif not _seen(oi[t], hk, hs, stamp):
                            if write:
                                succ[start + m] = oi[t]
                            m += 1
                if write:
                    const[slot] = c
                else:
                    cnts[slot] = m


@nb.njit(cache=True)
def _backup(p, offs, succ, const, probs, V):
    """The Bellman backup of layer position ``p``: the mover's win
    probability over the 21 rolls, each played to its best successor."""
    v = 0.0
    for r in range(_NR):
        slot = p * _NR + r
        best = const[slot]
        for k in range(offs[slot], offs[slot + 1]):
            x = 1.0 - V[succ[k]]
            if x > best:
                best = x
        v += probs[r] * best
    return v


@nb.njit(parallel=True, cache=True)
def _sweep(lay, offs, succ, const, probs, V, nchunks):
    """One in-place Gauss-Seidel sweep over a layer; returns max change."""
    npos = lay.shape[0]
    cm = np.zeros(nchunks)
    for c in nb.prange(nchunks):
        mx = 0.0
        for p in range(c * npos // nchunks, (c + 1) * npos // nchunks):
            v = _backup(p, offs, succ, const, probs, V)
            q = lay[p]
            d = abs(v - V[q])
            if d > mx:
                mx = d
            V[q] = v
        cm[c] = mx
    return cm.max()


@nb.njit(parallel=True, cache=True)
def _check(lay, offs, succ, const, probs, V, nchunks):
    """max |T V - V| over a layer (nothing written)."""
    npos = lay.shape[0]
    cm = np.zeros(nchunks)
    for c in nb.prange(nchunks):
        mx = 0.0
        for p in range(c * npos // nchunks, (c + 1) * npos // nchunks):
            d = abs(_backup(p, offs, succ, const, probs, V) - V[lay[p]])
            if d > mx:
                mx = d
        cm[c] = mx
    return cm.max()


# -- the index ----------------------------------------------------------------

def _compositions(total, parts):
    """Every tuple of ``parts`` non-negative ints summing to ``total``."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest


class Index:
    """Ranking of positions (mover side, opponent side) for N checkers.

    Sides are sorted by off count, then lexicographically; position index =
    ``base[a] + rankb[mask[a], b]`` where ``mask[a]`` is the set of board
    indices side ``a`` occupies and ``rankb[M]`` ranks the sides whose
    mirrored points avoid ``M``.
    """

    def __init__(self, checkers):
        n = checkers
        self.checkers = n
        sides = list(_compositions(n, 8))
        sides.sort(key=lambda c: (c[7], c))
        conf = np.array(sides, dtype=np.int64)
        k = len(sides)
        self.conf = conf
        # rk[j, s, x]: sides (in order c7, c0..c6) that agree on the first
        # j parts (summing to s) and have part j below x; the rank of a
        # side is the sum of these over its parts (_rank).
        rk = np.zeros((8, n + 1, n + 1), dtype=np.int64)
        for j in range(8):
            left = 7 - j  # parts after part j
            for s0 in range(n + 1):
                acc = 0
                for x in range(n + 1 - s0):
                    rk[j, s0, x] = acc
                    rest = n - s0 - x
                    acc += (math.comb(rest + left - 1, left - 1) if left
                            else int(rest == 0))
                for x in range(n + 1 - s0, n + 1):
                    rk[j, s0, x] = acc
        self.rk = rk
        bits = np.array([0] + [1 << (i - 1) for i in range(1, 7)] + [0])
        mbits = np.array([0] + [1 << (6 - i) for i in range(1, 7)] + [0])
        occ = conf > 0
        self.mask = (occ * bits).sum(axis=1).astype(np.int64)
        mir = (occ * mbits).sum(axis=1).astype(np.int64)
        self.rankb = np.full((64, k), -1, dtype=np.int32)
        count = np.zeros(64, dtype=np.int64)
        blist = np.zeros((64, k), dtype=np.int64)
        for m in range(64):
            ok = (mir & m) == 0
            c = int(ok.sum())
            count[m] = c
            self.rankb[m, ok] = np.arange(c)
            blist[m, :c] = np.nonzero(ok)[0]
        per_a = count[self.mask]
        self.base = np.concatenate(([0], np.cumsum(per_a)[:-1]))
        self.size = int(per_a.sum())
        self.A = np.repeat(np.arange(k), per_a)
        self.B = blist[self.mask[self.A],
                       np.arange(self.size) - self.base[self.A]]
        # Python-side lookups (fast from plain Python).
        self._side_rank = {bytes(s): r for r, s in enumerate(sides)}
        self._base = self.base.tolist()
        self._mask = self.mask.tolist()
        self._rankb = self.rankb.tolist()
        self._sides = [bytes(s) for s in sides]
        self._A = self.A
        self._B = self.B

    def index(self, pos):
        m = 0 if pos[TURN] == 1 else 8
        a = self._side_rank[bytes(pos[m:m + 8])]
        b = self._side_rank[bytes(pos[8 - m:16 - m])]
        r = self._rankb[self._mask[a]][b]
        if r < 0:
            raise ValueError("both players on one point")
        return self._base[a] + r

    def position(self, i, turn=1):
        a = self._sides[int(self._A[i])]
        b = self._sides[int(self._B[i])]
        pos = bytearray(POS_SIZE)
        if turn == 1:
            pos[0:8] = a
            pos[8:16] = b
        else:
            pos[8:16] = a
            pos[0:8] = b
        pos[TURN] = turn
        return pos

    def gen_args(self, full_entry):
        return (self.conf, self.checkers, full_entry, self.rk,
                self.mask, self.base, self.rankb)


_INDEX_CACHE = {}


def get_index(checkers):
    if checkers not in _INDEX_CACHE:
        _INDEX_CACHE[checkers] = Index(checkers)
    return _INDEX_CACHE[checkers]


# -- the table ----------------------------------------------------------------

class Table:
    """Exact values of one variant and size. See the module docstring."""

    def __init__(self, values, checkers=8, full_entry=False, meta=None):
        self.idx = get_index(checkers)
        if len(values) != self.idx.size:
            raise ValueError("table has %d values, expected %d"
                             % (len(values), self.idx.size))
        self.values = values
        self.checkers = checkers
        self.full_entry = full_entry
        self.size = self.idx.size
        self.meta = meta or {}

    def index(self, pos):
        """Index of a position bytearray (either player to move)."""
        return self.idx.index(pos)

    def position(self, i, turn=1):
        """Position ``i`` as a bytearray, the mover being player ``turn``."""
        return self.idx.position(i, turn)

    def value(self, pos):
        """Probability that the side to move in ``pos`` wins."""
        return float(self.values[self.idx.index(pos)])

    def arrays(self):
        """Every position as two uint8 arrays of shape (size, 8): the
        mover's and the opponent's counts by index (0 bar .. 7 off), each
        in its own view; row ``i`` is position ``i`` (for fitting)."""
        conf = self.idx.conf.astype(np.uint8)
        return conf[self.idx.A], conf[self.idx.B]


def solve(checkers=8, full_entry=False, tol=TOLERANCE, log=None):
    """Solve one variant; returns a ``Table`` (values float32, meta filled)."""
    t0 = time.time()
    c0 = time.process_time()
    ix = get_index(checkers)
    n = checkers
    A, B, conf = ix.A, ix.B, ix.conf
    offA = conf[A, 7]
    offB = conf[B, 7]
    V = np.full(ix.size, 0.5)
    V[offA == n] = 1.0
    V[offB == n] = 0.0
    lo = np.minimum(offA, offB)
    hi = np.maximum(offA, offB)
    lid = lo * (n + 1) + hi
    order = np.argsort(lid, kind="stable")
    bounds = np.searchsorted(lid[order], np.arange((n + 1) ** 2 + 1))
    gargs = ix.gen_args(full_entry)
    sweeps = 0
    max_layer = 0
    resid = 0.0
    layers = sorted(((x, y) for x in range(n) for y in range(x, n)),
                    key=lambda t: -(t[0] + t[1]))
    for x, y in layers:
        k = x * (n + 1) + y
        lay = order[bounds[k]:bounds[k + 1]].astype(np.int64)
        npos = len(lay)
        if npos == 0:
            continue
        max_layer = max(max_layer, npos)
        cnts = np.zeros(npos * _NR, dtype=np.int64)
        offs = np.zeros(npos * _NR + 1, dtype=np.int64)
        dummy_i = np.zeros(1, dtype=np.int32)
        dummy_f = np.zeros(1)
        _layer_pass(lay, A, B, *gargs, _ROLL_ARR, V, False, cnts, offs,
                    dummy_i, dummy_f)
        np.cumsum(cnts, out=offs[1:])
        succ = np.zeros(int(offs[-1]), dtype=np.int32)
        const = np.zeros(npos * _NR)
        _layer_pass(lay, A, B, *gargs, _ROLL_ARR, V, True, cnts, offs,
                    succ, const)
        nchunks = max(1, min(256, npos // 64))
        it = 0
        while True:
            it += 1
            d = _sweep(lay, offs, succ, const, _PROBS, V, nchunks)
            if d < tol:
                break
        sweeps += it
        # Higher layers are final, so this layer's residual is final too.
        resid = max(resid, _check(lay, offs, succ, const, _PROBS, V,
                                  nchunks))
        if log:
            log("layer off {%d,%d}: %d positions, %d successors, %d sweeps"
                " (%.1f s)" % (x, y, npos, len(succ), it, time.time() - t0))
    # Sums of probabilities round to 1 +- 2e-16: clip that dust.
    values = np.clip(V, 0.0, 1.0).astype(np.float32)
    meta = {
        "checkers": n, "full_entry": bool(full_entry), "positions": ix.size,
        "tolerance": tol, "sweeps": sweeps, "largest_layer": max_layer,
        "bellman_residual": float(resid), "seconds": round(time.time() - t0, 2),
        "cpu_seconds": round(time.process_time() - c0, 2),
    }
    return Table(values, n, full_entry, meta)


def cache_dir():
    d = os.environ.get("MINIGAM_CACHE")
    if d:
        return d
    from minigam.host.firmware.inputs import repo_root
    return os.path.join(repo_root(), "cache")


def table_path(full_entry=False, checkers=8):
    return os.path.join(cache_dir(), "solve-%s-n%d.npy"
                        % ("fe" if full_entry else "std", checkers))


def save(table):
    path = table_path(table.full_entry, table.checkers)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp.npy"
    np.save(tmp, table.values)
    os.replace(tmp, path)
    with open(path[:-4] + ".json", "w") as f:
        json.dump(table.meta, f, indent=1)
    return path


def load(full_entry=False, checkers=8):
    """The cached table, or None when there is none (or it is unusable)."""
    path = table_path(full_entry, checkers)
    if not os.path.exists(path):
        return None
    try:
        values = np.load(path)
        meta = {}
        if os.path.exists(path[:-4] + ".json"):
            with open(path[:-4] + ".json") as f:
                meta = json.load(f)
        return Table(values, checkers, full_entry, meta)
    except (ValueError, OSError):
        return None


def load_or_solve(full_entry=False, checkers=8, log=None):
    """The cached table of a variant; solves and caches it if missing."""
    t = load(full_entry, checkers)
    if t is None:
        t = solve(checkers, full_entry, log=log)
        save(t)
    return t


# -- using the table ----------------------------------------------------------

def result_equities(table, rules, pos, d1, d2):
    """``[(equity, result_pos, k), ...]`` best first for the mover of
    ``pos`` rolling ``d1-d2``; ``k`` is the play number in ``rules.moves``
    (valid until the next ``rules.plays``), None for a pass."""
    n = rules.checkers
    if winner(pos, n):
        return []
    cnt = rules.plays(pos, d1, d2)
    if cnt == 0:
        r = rules.result(pos, None)
        return [(1.0 - table.value(r), r, None)]
    out = []
    m = 0 if pos[TURN] == 1 else 8
    for k in range(cnt):
        r = rules.result(pos, k)
        eq = 1.0 if r[m + 7] == n else 1.0 - table.value(r)
        out.append((eq, r, k))
    out.sort(key=lambda e: -e[0])
    return out


def best_results(table, rules, pos, d1, d2, eps=1e-7):
    """The entries of ``result_equities`` within ``eps`` of the best."""
    eqs = result_equities(table, rules, pos, d1, d2)
    if not eqs:
        return eqs
    top = eqs[0][0]
    return [e for e in eqs if e[0] >= top - eps]


def decision_loss(table, rules, pos, d1, d2, chosen):
    """Win probability lost by playing to ``chosen`` (the result position,
    turn passed) instead of the best play: ``best - chosen`` >= 0. Raises
    ValueError if ``chosen`` is not a legal result."""
    eqs = result_equities(table, rules, pos, d1, d2)
    for eq, r, _ in eqs:
        if r == chosen:
            return eqs[0][0] - eq
    raise ValueError("not a legal result of this roll")


def opening_win_probability(table, rules):
    """First mover's win probability from the start, averaged over the 15
    non-double opening rolls, each played perfectly."""
    from minigam.quarter.rules import new_position
    start = new_position(rules.checkers)
    total = 0.0
    for a, b in OPENING_ROLLS:
        total += result_equities(table, rules, start, a, b)[0][0]
    return total / len(OPENING_ROLLS)
