"""Feature rows of the backgammon network, as the trainer computes them.

The board alone (``minigam.bg.eval``: 416 thermometer rows) says badly
what gnubg's own nets get from inputs computed from the position. These
are a few such inputs, each a one-hot group of rows after the board's, so
that the network stays a sum of first-layer rows (``K_FEAT`` more rows a
position):

* for each side (the side to move first): its **shots**, the rolls of 36
  on which the other side hits at least one of its blots (direct, or with
  both dice over an open landing point, doubles up to four steps); the
  rule that a checker may not move while another is on the bar is not
  modelled, in 9 bins (0, 1-2, 3-5, 6-8, 9-11, 12-14, 15-17, 18-20, 21+);
* for each side its longest **prime** (run of points it holds with two or
  more checkers), 0 to 6 or more;
* whether the sides are still in **contact**;
* for each side, the **escapes** of its rearmost checker (the rolls of
  36 that take it past the last point the other side holds ahead of it,
  landing on open points), its **containment** (the fewest escapes of a
  checker anywhere from its rearmost index on), that rearmost index, and
  the **pips it needs to break contact** (to bring every checker past
  the other side's rearmost one), each binned.

The device computes the same rows with its own code (``minigam.bg.shape``
and its native twin; ``tests/test_bg_shape.py`` compares them with these
on thousands of positions). These are numba-compiled for the trainer's
millions. Measured with the first five groups (shots, primes, contact)
on 6.0M candidates of gnubg self-play (93 chunks), 128 hidden units from
scratch, 18 epochs: held-out equity error 0.0567 against 0.0623 without
them (``bg.train --no-features --no-write``), equity lost a decision
0.0069 against 0.0079; the other eight groups took another 6% off
(README, "Backgammon AI").
"""

import numba
import numpy as np

from minigam.bg import rules as R
from minigam.bg import shape
from minigam.bg.eval import N_IN as N_BOARD  # the board's rows
from minigam.bg.rules import BLOCK as NC  # places a side: bar, 24, off
SHOT_BINS = (0, 1, 3, 6, 9, 12, 15, 18, 21)
N_SHOT = 9
N_PRIME = 7
N_ESCAPE = 10  # escapes // 4, 0..9
N_BACK = 9  # rearmost index // 3, 0..8
N_BREAK = 13  # (pips to break contact + 4) // 5, 0..12
N_SIDE = 2 * N_ESCAPE + N_BACK + N_BREAK  # a side's rows in the second part
N_FEAT = 2 * N_SHOT + 2 * N_PRIME + 2 + 2 * N_SIDE  # rows after the board's
K_FEAT = 13  # feature rows on a position: one a group


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


_prime = numba.njit(cache=True)(shape.prime)  # the device's own loop


@numba.njit(cache=True)
def prime(me):
    """The longest run of points (indices 1..24) ``me`` holds, at most 6
    (``minigam.bg.shape.prime``, compiled)."""
    return _prime(me, 0)


_lowest_at = numba.njit(cache=True)(R.lowest)  # the device's own loop


@numba.njit(cache=True)
def _lowest(me):
    """``me``'s lowest occupied index (``minigam.bg.rules.lowest``)."""
    return _lowest_at(me, 0)


@numba.njit(cache=True)
def contact(me, op):
    """True while a checker of ``me`` has one of ``op`` ahead of it."""
    return _lowest(me) < 25 - _lowest(op)


@numba.njit(cache=True)
def escapes(me, op, i):
    """Rolls of 36 that take a checker of ``me`` at its index ``i`` past
    the last point ``op`` holds ahead of it (36 when none), every landing
    on a point ``op`` does not hold (each a 26-count array in its own
    view)."""
    k = 0
    for j in range(i + 1, 25):
        if op[25 - j] >= 2:
            k = j
    if k == 0:
        return 36
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                s = i
                for _ in range(4):
                    s += a
                    if s > k:
                        n += 1
                        break
                    if op[25 - s] >= 2:
                        break
            elif i + max(a, b) > k:
                n += 1
            elif i + a + b > k and (op[25 - i - a] < 2
                                    or op[25 - i - b] < 2):
                n += 1
    return n


@numba.njit(cache=True)
def side_rows(me, op, out, c, r):
    """``me``'s second-part rows into ``out[c:c + 4]`` from row ``r``: its
    rearmost checker's escapes, its containment (the fewest escapes of a
    checker anywhere from there on), its rearmost index, and the pips it
    needs to break contact."""
    back = _lowest(me)
    e = escapes(me, op, back) if back < 25 else 36
    out[c] = r + min(e // 4, 9)
    m = 36
    for i in range(max(back, 1), 25):
        m = min(m, escapes(me, op, i))
    out[c + 1] = r + N_ESCAPE + min(m // 4, 9)
    out[c + 2] = r + 2 * N_ESCAPE + min(back // 3, 8)
    lim = 25 - _lowest(op)
    n = 0
    for i in range(lim):
        n += me[i] * (lim - i)
    out[c + 3] = r + 2 * N_ESCAPE + N_BACK + min((n + 4) // 5, 12)


@numba.njit(cache=True)
def feature_rows(cells, out):
    """``out[p]`` = the ``K_FEAT`` feature rows (from ``N_BOARD`` up) of
    the position ``cells[p]`` (52 counts, the side to move's 26 first, as
    ``bg.train.cells`` gives them)."""
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
        r += 2
        for s in range(2):
            side_rows(sides[s], sides[1 - s], out[p], 5 + 4 * s, r)
            r += N_SIDE


def rows(cells):
    """(n, ``K_FEAT``) int16 feature rows of (n, 52) counts."""
    cells = np.ascontiguousarray(cells, dtype=np.uint8)
    out = np.empty((len(cells), K_FEAT), np.int16)
    feature_rows(cells, out)
    return out
