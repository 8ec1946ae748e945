"""Host tests of the device AI's strength and of its training pipeline.

The strength tests need the exact 8-checker table: they use the cached one
(``python -m minigam.host solve`` makes it) and are skipped without it.
"""

import os

import numpy as np
import pytest

from minigam.quarter import eval as ai_eval
from minigam.host.aitools.quarter import train as ai_train
from minigam.host.aitools.quarter import strength
from minigam.host.aitools.quarter.solver import get_index, load, load_or_solve
from minigam.quarter.rules import Rules


@pytest.fixture(scope="module")
def table8():
    t = load(False, 8)
    if t is None:
        pytest.skip("no cached exact table: run `python -m minigam.host solve`")
    return t


def test_host_integer_network_equals_device_evaluator():
    idx = get_index(8)
    T = ai_train.thermometers(idx.conf)
    ids = np.random.default_rng(5).integers(0, idx.size, 1500)
    for fe in (False, True):
        path = ai_train.weights_path(fe)
        if fe and not os.path.exists(path):
            continue
        net = ai_train.IntNet.from_module(ai_train.load_weights(path))
        host = net.z(T, idx.A[ids], idx.B[ids])
        dev = [ai_eval.evaluate(idx.position(int(i), 1 + int(i) % 2), fe)
               for i in ids]
        assert host.tolist() == dev


def test_hard_loss_is_small(table8):
    # Measured about 0.0004 per decision; a regression to a weak evaluator
    # (random play loses ~0.085, a pip-count heuristic ~0.04) fails this.
    losses = strength.decision_points(table8, "hard", 400, seed=11)
    assert len(losses) == 400
    assert min(losses) >= -1e-6
    assert sum(losses) / len(losses) < 0.0015


def test_levels_are_ordered(table8):
    means = {}
    for level in ("easy", "medium", "hard"):
        losses = strength.decision_points(table8, level, 400, seed=12)
        means[level] = sum(losses) / len(losses)
    assert means["easy"] > 1.5 * means["medium"]
    assert means["medium"] > 3 * means["hard"]
    assert 0.01 < means["easy"] < 0.06
    assert 0.003 < means["medium"] < 0.025


def test_training_pipeline_learns_a_reduced_game(tmp_path, monkeypatch):
    monkeypatch.setenv("MINIGAM_CACHE", str(tmp_path))
    table = load_or_solve(False, 3)
    sides = ai_train.Sides(table)
    dec = ai_train.sample_decisions(table, 600, seed=1)
    val = ai_train.sample_decisions(table, 200, seed=2)
    assert dec.n > 500 and val.n > 100
    net = ai_train.Net(8, 4, seed=1)
    before = val.loss_of_scores(net.z(sides.T, val.a, val.b))[0]
    ai_train.train(net, sides.T, dec, 8, batch=256, lr=1e-2)
    inet = ai_train.IntNet(net)
    after, share = val.loss_of_scores(inet.z(sides.T, val.a, val.b))
    # a random first choice loses several hundredths; trained, much less
    assert after < 0.5 * before
    path = tmp_path / "w.py"
    path.write_text(inet.module_text("test"))
    back = ai_train.IntNet.from_module(ai_train.load_weights(str(path)))
    assert np.array_equal(back.W1, inet.W1)
    assert np.array_equal(back.W2, inet.W2)


def test_decision_loss_uses_first_minimum_and_wins():
    # two decisions: [0.9, 0.5] and [win, 0.2, 0.7]
    eq = np.array([0.9, 0.5, 1.0, 0.2, 0.7])
    dec = ai_train.Decisions(np.zeros(5, int), np.zeros(5, int),
                             (1 - eq).astype(np.float32), eq,
                             np.array([0, 0, 1, 0, 0], bool),
                             np.array([0, 2, 5]))
    loss, share = dec.loss_of_scores(np.array([1.0, 0.0, 5.0, -9.0, 0.0]))
    assert abs(loss - 0.2) < 1e-12 and share == 0.5


def test_strength_cli_rejects_bad_levels(capsys):
    with pytest.raises(SystemExit) as exc:
        strength.main(["--levels", "easy,grandmaster"])
    assert exc.value.code == 2
    assert "grandmaster" in capsys.readouterr().err


def test_perfect_player_never_loses_equity(table8):
    rules = Rules()
    perfect = strength.Perfect(table8, rules)
    pos = table8.position(12345)
    for d1, d2 in ((3, 1), (6, 6), (5, 2)):
        eqs = strength.equities(table8, rules, pos, d1, d2)
        res = perfect.play(pos, d1, d2)
        best = max(e for e, _ in eqs)
        assert [e for e, r in eqs if r == bytes(res)][0] >= best - 1e-7


def test_fast_lookup_path_plays_exactly_like_the_device(table8):
    zall = strength.all_scores(table8)
    for level in ("easy", "hard"):
        slow = strength.decision_points(table8, level, 60, seed=3)
        fast = strength.decision_points(table8, level, 60, seed=3, zall=zall)
        assert slow == fast
        assert (strength.win_games(table8, level, 6, 4)
                == strength.win_games(table8, level, 6, 4, zall=zall))


def test_int_network_round_trips_through_float():
    net = ai_train.IntNet.from_module(ai_train.load_weights())
    back = ai_train.IntNet(net.to_float())
    assert np.array_equal(back.W1, net.W1) and np.array_equal(back.W2, net.W2)
    assert np.array_equal(back.B2, net.B2) and back.B3 == net.B3


def test_full_entry_levels_are_ordered():
    table = load(True, 8)
    if table is None:
        pytest.skip("no cached Full-Entry table: run `python -m minigam.host solve`")
    means = {}
    for level in ("easy", "medium", "hard"):
        losses = strength.decision_points(table, level, 400, seed=13)
        means[level] = sum(losses) / len(losses)
    assert means["easy"] > 1.5 * means["medium"] > 4.5 * means["hard"]
    assert means["hard"] < 0.0015
