"""The device's feature rows of a backgammon position (``minigam.bg.shape``)
and their native twin (``minigam.core.native.bg_shape``, emulated under
CPython): the textbook shot counts, and the same rows as the trainer's
``bg_features`` (so the device sees what the network was trained on) on
positions of random games and on scattered ones with checkers on the bar.
"""

import random

import numpy as np
import pytest

from minigam.bg import rules as R
from minigam.bg import shape
from minigam.host.aitools.bg import features as F
from minigam.host.aitools.bg import train as T

from test_bg_eval import _emulated_native, positions
from test_bg_features import _sides


def _pos(me, op):
    """A position with ``me`` as Player 1 (to move) and ``op`` as 2."""
    pos = bytearray(53)
    pos[0:26] = bytes(me)
    pos[26:52] = bytes(op)
    pos[52] = 1
    return pos


@pytest.mark.parametrize("away, rolls", [
    (1, 11), (2, 12), (3, 14), (4, 15), (5, 15), (6, 17), (7, 6), (8, 6),
    (9, 5), (10, 3), (11, 2), (12, 3), (15, 1), (16, 1), (18, 1), (20, 1),
    (24, 1), (13, 0), (14, 0), (17, 0), (19, 0)])
def test_shots_at_a_blot_are_the_textbook_counts(away, rolls):
    me, op = _sides(25 - away, 0)
    assert shape.shots(_pos(me, op), 0) == rolls
    assert F.shots(me, op) == rolls


def test_held_points_block_combinations_and_a_side_is_hit_by_the_other():
    me, op = _sides(20, 1)  # 4 away: 15 rolls
    me[22] = 2  # the other side's index 3 held: 1-1 and 2-2 stop there
    me[25] -= 2
    pos = _pos(me, op)
    assert shape.shots(pos, 0) == 13
    # and the other way round: Player 2's blot, hit by Player 1
    assert shape.shots(pos, R.BLOCK) == F.shots(op, me) > 0


def test_bins_and_rows():
    assert [shape.shot_bin(n) for n in (0, 1, 2, 3, 5, 6, 8, 9, 20, 21,
                                        36)] == [0, 1, 1, 2, 2, 3, 3, 4,
                                                 7, 8, 8]
    me = np.zeros(26, np.uint8)
    me[14:21] = 2  # seven points in a row count as six
    me[25] = 1
    op = np.zeros(26, np.uint8)
    op[25] = 15
    assert shape.prime(_pos(me, op), 0) == 6
    assert not shape.contact(_pos(me, op))
    me[17], me[25] = 1, 2
    assert shape.prime(_pos(me, op), 0) == 3
    start = R.new_position(2)
    # no blots, no two adjacent points held, contact; the back checkers
    # cannot pass the other side's 24-point anchor (no escapes, fully
    # contained), stand on index 1, and need 152 pips to break contact
    # (bin 12): the same for both sides
    assert list(shape.features(start, bytearray(shape.K_FEAT))) == [
        0, 9, 19, 26, 33, 34, 44, 54, 75, 76, 86, 96, 117]


def _scattered(n, seed):
    """Positions with 15 checkers a side dropped anywhere (the bar and
    mixed points too: the rows are defined on any counts)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pos = bytearray(53)
        for b in (0, R.BLOCK):
            for _ in range(15):
                pos[b + rng.choice((0, 25) + tuple(range(1, 25)) * 2)] += 1
        pos[52] = rng.randint(1, 2)
        out.append(pos)
    return out


def test_the_device_rows_are_the_trainers():
    pts = [p for p, _, _ in positions(1500, seed=11)] + _scattered(1500, 12)
    want = T.inputs(np.array([bytes(p) for p in pts], "S53").view(
        np.uint8).reshape(len(pts), 53))[:, -shape.K_FEAT:] - F.N_BOARD
    got = [list(shape.features(p, bytearray(shape.K_FEAT))) for p in pts]
    assert (np.array(got) == want).all()
    seen = set(np.array(got).reshape(-1))
    # nearly every row (random play builds no long primes, and rarely has
    # every checker of a side on its ace point)
    assert len(set(range(shape.N_FEAT)) - seen) <= 8


def test_the_native_twin_gives_the_same_rows():
    nat = _emulated_native()
    pts = [p for p, _, _ in positions(500, seed=13)] + _scattered(1000, 14)
    got = bytearray(shape.K_FEAT)
    for p in pts:
        nat.bg_shape(p, got)
        assert got == shape.features(p, bytearray(shape.K_FEAT))


def test_escapes_counted_as_a_player_would():
    me = np.zeros(26, np.uint8)
    op = np.zeros(26, np.uint8)
    me[1], me[25] = 1, 14
    op[25 - 7], op[25] = 2, 13  # one point held, 6 pips ahead of index 1
    pos = _pos(me, op)
    # past it: the rolls of 7 or more, but 6-1 and 1-6 only by the 1
    # first, and 2-2, 3-3, 6-6 land on it: 18 non-doubles + 4-4, 5-5
    assert shape.escapes(pos, 0, 1, 7) == 20
    assert F.escapes(me, op, 1) == 20
    op[25 - 7], op[19:25] = 0, 2  # a closed board, the checker on the bar
    op[25] = 3
    me[1], me[0] = 0, 1
    pos = _pos(me, op)
    assert shape.escapes(pos, 0, 0, 6) == F.escapes(me, op, 0) == 0
    rows = shape.features(pos, bytearray(shape.K_FEAT))
    assert rows[5] == 34 + 0  # no escape from the bar
    # containment counts from index 1 on: there only a 6 passes (11 rolls)
    assert rows[6] == 34 + 10 + 11 // 4
    assert rows[7] == 34 + 20 + 0  # the rearmost checker on the bar
