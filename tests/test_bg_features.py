"""The backgammon network's feature rows as the trainer computes them
(``minigam.host.aitools.bg.features``; the device's ``minigam.bg.shape``
is checked against them in ``test_bg_shape.py``): shot counts a player
knows by heart, primes, contact, the rows' layout, and ``bg_train
--no-features``'s guard."""

import numpy as np
import pytest

from minigam.bg import rules as R
from minigam.host.aitools.bg import features as F
from minigam.host.aitools.bg import train as bg_train


def _sides(blot, shooter, blocks=(), more=None):
    """``me`` with a blot at index ``blot`` (and points held at
    ``blocks``), ``op`` with a checker at its index ``shooter``; the
    remaining checkers far away (me's on its 24th index, op's off)."""
    me = np.zeros(26, np.uint8)
    op = np.zeros(26, np.uint8)
    me[blot] = 1
    for b in blocks:
        me[b] = 2
    me[25] = 15 - int(me.sum())
    op[shooter] = 1
    op[25] = 14
    return me, op


@pytest.mark.parametrize("away, rolls", [
    (4, 15),   # any 4, 1-3, 3-1, 2-2, 1-1
    (6, 17),   # any 6, 5-1, 4-2, 3-3, 2-2 (and both orders)
    (7, 6),    # 6-1, 5-2, 4-3 only
    (8, 6),    # 6-2, 5-3, 4-4, 2-2
    (9, 5),    # 6-3, 5-4, 3-3
    (11, 2),   # 6-5
    (12, 3),   # 6-6, 4-4, 3-3
    (15, 1),   # 5-5
    (24, 1),   # 6-6
])
def test_shots_at_a_blot_are_the_textbook_counts(away, rolls):
    # op's checker on its index 0, me's blot at op's index ``away``
    me, op = _sides(25 - away, 0)
    assert F.shots(me, op) == rolls


def test_held_points_block_the_combinations():
    me, op = _sides(20, 1)  # 4 away: 15 rolls
    me[22] = 2  # op's index 3 held: 1-1 and 2-2 must pass it
    me[25] -= 2
    # 1-3 and 3-1 still hit through op's open index 2
    assert F.shots(me, op) == 13


def test_no_blots_no_shots_and_the_start():
    start = R.new_position(1)
    assert F.shots(start[:26], start[26:52]) == 0
    assert F.prime(start[:26]) == 1  # no two adjacent points held
    assert F.contact(start[:26], start[26:52])


def test_prime_and_contact():
    me = np.zeros(26, np.uint8)
    op = np.zeros(26, np.uint8)
    me[14:20] = 2  # six points in a row
    me[25] = 3
    op[25] = 15
    assert F.prime(me) == 6
    me[17] = 1
    me[25] += 1
    assert F.prime(me) == 3
    assert not F.contact(me, op)  # op has borne everything off
    op[25], op[8] = 14, 1  # op's index 8 faces me's 17: me's 14 is behind
    assert F.contact(me, op)
    assert F.contact(op, me)


def test_rows_one_a_group_within_the_features():
    rng = np.random.default_rng(3)
    cells = np.zeros((50, 52), np.uint8)
    for p in range(50):
        for side in (0, 26):
            for _ in range(15):
                cells[p, side + rng.integers(0, 26)] += 1
    rows = F.rows(cells)
    assert rows.shape == (50, F.K_FEAT)
    side = [F.N_ESCAPE, F.N_ESCAPE, F.N_BACK, F.N_BREAK]
    starts = np.cumsum([F.N_BOARD, F.N_SHOT, F.N_SHOT, F.N_PRIME,
                        F.N_PRIME, 2] + side + side)
    for g in range(F.K_FEAT):
        assert ((rows[:, g] >= starts[g]) & (rows[:, g] < starts[g + 1])
                ).all()
    assert starts[-1] == F.N_BOARD + F.N_FEAT
    # the side to move's shots come from its own blots
    me, op = _sides(20, 1)
    one = F.rows(np.concatenate([me, op])[None])[0]
    assert one[0] == F.N_BOARD + 6  # 15 rolls: bin 15-17
    # op's lone checker is a blot 4 pips ahead of me's: 15 rolls too
    assert one[1] == F.N_BOARD + F.N_SHOT + 6
    one = F.rows(np.concatenate([op, me])[None])[0]  # seen from op
    assert one[0] == one[1] - F.N_SHOT == F.N_BOARD + 6


def test_train_without_features_is_a_trial_only(capsys):
    with pytest.raises(SystemExit):
        bg_train.main(["--no-features"])
    assert "--no-write" in capsys.readouterr().err
