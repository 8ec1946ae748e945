"""Feature rows for the backgammon network: a host-side trial (issue 16).

The device's network sees only the board (``minigam.bg.eval``: 416
thermometer rows). gnubg's own nets also see inputs computed from the
position. This module computes a few such inputs, each as a one-hot group
of extra rows after the board's, so that the network stays a sum of
first-layer rows (the device would add ``K_FEAT`` more rows a position):

* for each side (the side to move first): its **shots**, the rolls of 36
  on which the other side hits at least one of its blots (direct, or with
  both dice over an open landing point, doubles up to four steps); bar
  entry and the rule that a checker may not start from a blocked point
  are not modelled, in 9 bins (0, 1-2, 3-5, 6-8, 9-11, 12-14, 15-17, 18-20,
  21+);
* for each side its longest **prime** (run of points it holds with two or
  more checkers), 0 to 6 or more;
* whether the sides are still in **contact**.

``bg_train --features`` trains with them (held-out figures only: the
device cannot read such a network yet). Measured on 6.0M candidates of
gnubg self-play (93 chunks), 128 hidden units from scratch, 18 epochs:
held-out equity error 0.0567 against 0.0623 without, equity lost a
decision 0.0069 against 0.0079 (README, "Backgammon AI").
"""

import numba
import numpy as np

from minigam.bg.eval import N_IN as N_BOARD  # the board's rows
from minigam.bg.rules import BLOCK as NC  # places a side: bar, 24, off
SHOT_BINS = (0, 1, 3, 6, 9, 12, 15, 18, 21)
N_SHOT = 9
N_PRIME = 7
N_FEAT = 2 * N_SHOT + 2 * N_PRIME + 2  # rows after the board's
K_FEAT = 5  # feature rows on a position: one a group


@numba.njit(cache=True)
def shots(me, op):
    """Rolls of 36 on which side ``op`` hits a blot of side ``me`` (each a
    26-count array in its own view: ``me``'s index ``i`` faces ``op``'s
    ``25 - i``)."""
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            hit = False
            for t in range(1, 25):
                if me[t] != 1:
                    continue
                tj = 25 - t  # the blot, in op's view
                for j in range(tj):
                    if op[j] == 0:
                        continue
                    dist = tj - j
                    if dist == a or dist == b:
                        hit = True
                    elif a == b:
                        m = j + a
                        while m < tj and me[25 - m] < 2:
                            m += a
                        hit = m == tj and dist <= 4 * a
                    elif dist == a + b:
                        hit = me[25 - j - a] < 2 or me[25 - j - b] < 2
                    if hit:
                        break
                if hit:
                    break
            if hit:
                count += 1
    return count


@numba.njit(cache=True)
def prime(me):
    """The longest run of points (indices 1..24) ``me`` holds, at most 6."""
    best = 0
    run = 0
    for i in range(1, 25):
        if me[i] >= 2:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return min(best, 6)


@numba.njit(cache=True)
def _lowest(me):
    i = 0
    while i < 25 and me[i] == 0:
        i += 1
    return i


@numba.njit(cache=True)
def contact(me, op):
    """True while a checker of ``me`` has one of ``op`` ahead of it."""
    return _lowest(me) < 25 - _lowest(op)


@numba.njit(cache=True)
def feature_rows(cells, out):
    """``out[p]`` = the ``K_FEAT`` feature rows (from ``N_BOARD`` up) of
    the position ``cells[p]`` (52 counts, the side to move's 26 first, as
    ``bg_train.cells`` gives them)."""
    bins = np.array(SHOT_BINS)
    for p in range(cells.shape[0]):
        sides = (cells[p, :NC], cells[p, NC:])
        r = N_BOARD
        for s in range(2):
            n = shots(sides[s], sides[1 - s])
            b = 0
            for k in range(N_SHOT):
                if n >= bins[k]:
                    b = k
            out[p, s] = r + b
            r += N_SHOT
        for s in range(2):
            out[p, 2 + s] = r + prime(sides[s])
            r += N_PRIME
        out[p, 4] = r + (1 if contact(sides[0], sides[1]) else 0)


def rows(cells):
    """(n, ``K_FEAT``) int16 feature rows of (n, 52) counts."""
    cells = np.ascontiguousarray(cells, dtype=np.uint8)
    out = np.empty((len(cells), K_FEAT), np.int16)
    feature_rows(cells, out)
    return out
