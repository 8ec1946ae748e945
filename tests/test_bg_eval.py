"""The backgammon evaluator (minigam/bg/eval.py) and its weights.

* the weights module loads and its tables have the shapes it declares;
* the device's integer outputs equal the trainer's integer arithmetic
  exactly, and its probabilities the float network's within quantisation;
* scoring a play incrementally (root sums + the changed rows) equals
  scoring its result from scratch, for every legal play of random
  positions;
* the native kernels (``minigam.core.native``, run here under CPython with
  viper's pointers emulated by memoryviews) give the plain loops' results,
  for backgammon and, bit for bit, for MINIGAM's own network;
* in the MicroPython VM, scoring a candidate allocates nothing.
"""

import array
import random
import types
from pathlib import Path

import numpy as np
import pytest

from minigam.bg import eval as bge
from minigam.bg import rules as R

REPO = Path(__file__).resolve().parents[1]


def positions(n, seed=1):
    """``n`` (position, d1, d2) decision points from random games."""
    rng = random.Random(seed)
    rules = R.Rules()
    out = []
    pos = R.new_position(1)
    while len(out) < n:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        cnt = rules.plays(pos, d1, d2)
        if cnt >= 2:
            out.append((bytearray(pos), d1, d2))
        if cnt:
            rules.apply(pos, rng.randrange(cnt))
        else:
            pos[R.TURN] = 3 - pos[R.TURN]
        if R.winner(pos):
            pos = R.new_position(rng.randint(1, 2))
    return out


def test_weights_module_loads_with_its_declared_shapes():
    from minigam.bg import weights as w
    assert (w.Q, w.S, w.ZS, w.NO) == (bge.Q, bge.S, bge.ZS, bge.NO)
    from minigam.bg import shape
    assert w.NF == shape.N_FEAT
    n_in = bge.N_IN + w.NF
    assert len(w.W1) == n_in * w.H
    at = array.array("H", w.W1X_AT)
    assert len(at) == n_in + 1 and at[0] == 0
    assert list(at) == sorted(at)
    assert at[-1] == len(w.W1X_H) == len(w.W1X_D) // 2
    assert all(h < w.H for h in w.W1X_H)
    assert len(w.B1) == 2 * w.H
    assert len(w.W2) == 2 * w.H2 * w.H
    assert len(w.B2) == 4 * w.H2
    assert len(w.W3) == 2 * w.NO * (w.H2 or w.H)
    assert len(w.B3) == w.NO
    nt = bge.Net(w)
    assert nt.NC * nt.BPC * 2 == bge.N_IN == 416


def test_integer_outputs_equal_the_trainer_and_the_float_network():
    from minigam.bg import weights
    from minigam.host.aitools.bg import train as T
    pts = [p for p, _, _ in positions(300, seed=2)] + stacked_positions()
    inet = T.IntNet.from_module(weights)
    idx = T.inputs(np.array([bytes(p) for p in pts], "S53").view(
        np.uint8).reshape(len(pts), 53))
    want = inet.z(idx)
    got = np.array([bge.evaluate(p) for p in pts])
    assert (got == want).all()
    fp = T.sigmoid(inet.to_float().z(idx))
    dev = np.array([[bge.prob(int(z)) for z in row] for row in got]) / 4096.0
    assert np.abs(dev - fp).max() < 0.01
    assert np.abs(T.equity(dev) - T.equity(fp)).max() < 0.03


def test_incremental_scores_equal_full_scores_for_every_legal_play():
    rules = R.Rules()
    ev = bge.Evaluator()
    n = 0
    for pos, d1, d2 in positions(120, seed=3):
        root = bytearray(pos)
        root[R.TURN] = 3 - root[R.TURN]
        ev.set_root(root)
        for res in rules.results(pos, d1, d2):
            if R.winner(res):
                continue
            s = ev.score(res)
            z = list(ev.z)
            assert z == bge.evaluate(res)
            assert s == bge.equity_of(z)
            n += 1
    assert n > 1000


def stacked_positions():
    """Positions with tall stacks (a count past a place's 8 rows moves):
    15 on one point, 12 borne off, 9 on the bar."""
    out = []
    for turn in (1, 2):
        a = bytearray(53)
        a[8] = 15  # Player 1: all 15 on its index 8
        a[26 + 19] = 10
        a[26 + 20] = 5
        b = bytearray(53)
        b[20] = 3
        b[25] = 12
        b[26] = 9  # Player 2: 9 on the bar
        b[26 + 24] = 6
        for p in (a, b):
            p[52] = turn
            out.append(p)
    return out


def test_tall_stacks_score_incrementally_as_in_full():
    rules = R.Rules()
    ev = bge.Evaluator()
    n = 0
    for pos in stacked_positions():
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                root = bytearray(pos)
                root[R.TURN] = 3 - root[R.TURN]
                ev.set_root(root)
                for res in rules.results(pos, d1, d2):
                    ev.score(res)
                    assert list(ev.z) == bge.evaluate(res)
                    n += 1
    assert n > 100


def test_evaluation_is_the_same_for_either_player_to_move():
    # Player 2's position mirrored into Player 1's block evaluates alike.
    for pos, _, _ in positions(50, seed=4):
        sw = bytearray(53)
        sw[0:26] = pos[26:52]
        sw[26:52] = pos[0:26]
        sw[52] = 3 - pos[52]
        assert bge.evaluate(sw) == bge.evaluate(pos)


# -- the native kernels, emulated ---------------------------------------------

def _emulated_native(address=0):
    """``minigam/core/native.py`` compiled by CPython with viper's decorator a
    no-op and its pointer casts as memoryviews of the same widths (ptr16
    unsigned, ptr32 signed, as viper reads them). A table's address (for
    the word-aligned path) is ``address``: 2 takes the byte-a-load one."""
    src = (REPO / "minigam" / "core" / "native.py").read_text()
    assert src.count("int(ptr8(w1))") == 1
    src = src.replace("int(ptr8(w1))", "_address(w1)")
    src = src.replace('if sys.implementation.name not in ("circuitpython", '
                      '"micropython"):', "if False:")
    src = src.replace("import micropython  # noqa: E402", "")

    def ptr(fmt):
        return lambda x: memoryview(x).cast("B").cast(fmt)

    mod = types.ModuleType("ai_native_emulated")
    mod.__dict__.update(
        micropython=types.SimpleNamespace(viper=lambda f: f),
        _address=lambda x: address,
        ptr8=ptr("B"), ptr16=ptr("H"), ptr32=ptr("i"))
    exec(compile(src, "native.py", "exec"), mod.__dict__)
    return mod


@pytest.mark.parametrize("address", [0, 2], ids=["words", "bytes"])
def test_native_kernels_give_the_plain_loops_results_for_backgammon(
        monkeypatch, address):
    from minigam.bg import shape, weights
    nat = _emulated_native(address)
    plain = bge.Net(weights)
    monkeypatch.setattr(bge, "_nat", nat)
    native = bge.Net(weights)  # tables as arrays, as on the board
    rules = R.Rules()
    acc_p = array.array("i", bytes(4 * plain.H))
    acc_n = array.array("i", bytes(4 * plain.H))
    base = array.array("i", bytes(4 * plain.H))
    rows = bytearray(shape.K_FEAT)
    pts = positions(40, seed=5)
    pts += [(p, d1, d2) for p in stacked_positions() for d1, d2 in
            ((6, 5), (3, 3), (1, 2))]
    for pos, d1, d2 in pts:
        root = bytearray(pos)
        root[R.TURN] = 3 - root[R.TURN]
        nat.hidden(native, base, base, 1, bge._EMPTY, root)
        for res in rules.results(pos, d1, d2):
            monkeypatch.setattr(bge, "_nat", None)
            bge.full_sums(plain, res, acc_p)
            want = list(bge.outputs(plain, acc_p))
            monkeypatch.setattr(bge, "_nat", nat)
            nat.hidden(native, acc_n, base, 0, root, res)
            nat.bg_shape(res, rows)
            assert rows == shape.features(res, bytearray(shape.K_FEAT))
            nat.add_rows(native, acc_n, rows, shape.K_FEAT, bge.N_IN)
            assert list(acc_n) == list(acc_p)
            nat.outputs(native, acc_n)
            assert list(native.ZO) == want


def test_native_kernels_keep_minigam_bit_identical(monkeypatch):
    from minigam.quarter import eval as ai_eval, weights as ai_weights
    from minigam.quarter.rules import Rules, new_position
    nat = _emulated_native()
    plain = ai_eval.Net(ai_weights)
    monkeypatch.setattr(ai_eval, "_nat", nat)
    native = ai_eval.Net(ai_weights)
    rules = Rules()
    rng = random.Random(6)
    acc_p = array.array("i", bytes(4 * plain.H))
    acc_n = array.array("i", bytes(4 * plain.H))
    base = array.array("i", bytes(4 * plain.H))
    checked = 0
    for _ in range(10):
        pos = new_position(8, 1)
        while pos[7] < 8 and pos[15] < 8:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            root = bytearray(pos)
            root[16] = 3 - root[16]
            nat.hidden(native, base, base, 1, ai_eval._NO_CHECKERS, root)
            for res in rules.results(pos, d1, d2):
                monkeypatch.setattr(ai_eval, "_nat", None)
                ai_eval.full_sums(plain, res, acc_p)
                z = ai_eval.output(plain, acc_p)
                monkeypatch.setattr(ai_eval, "_nat", nat)
                nat.hidden(native, acc_n, base, 0, root, res)
                assert list(acc_n) == list(acc_p)
                nat.outputs(native, acc_n)
                assert native.ZO[0] == z
                checked += 1
            n = rules.plays(pos, d1, d2)
            if n:
                rules.apply(pos, rng.randrange(n))
            else:
                pos[16] = 3 - pos[16]
    assert checked > 300


# -- the VM ------------------------------------------------------------------

SETUP = """
from minigam.bg import eval as bge
from minigam.bg import rules as R
rules = R.Rules()
pos = R.new_position(1)
for d1, d2 in ((3, 1), (6, 4), (5, 2), (4, 4), (6, 1), (2, 1)):
    n = rules.plays(pos, d1, d2)
    rules.apply(pos, n // 2)
root = bytearray(pos)
root[52] = 3 - root[52]
ev = bge.Evaluator()
ev.set_root(root)
n = rules.plays(pos, 6, 5)
res = [bytearray(53) for _ in range(n)]
for k in range(n):
    res[k][:] = pos
    rules.apply(res[k], k)
k = [0]
"""
STMT = """
ev.score(res[k[0]])
k[0] = (k[0] + 1) % n
"""


def test_scoring_a_candidate_allocates_nothing_in_the_vm():
    from minigam.host.bench import lib
    got = lib.vm_figures([{"name": "bg score", "setup": SETUP,
                           "stmt": STMT, "number": 20}])["bg score"]
    if "error" in got and "VMUnavailable" in got["error"]:
        pytest.skip(got["error"])
    assert "error" not in got, got
    assert got["vm_bytes"] == 0, got


# -- the player ------------------------------------------------------------------

def test_the_ai_plays_the_best_scored_legal_play_and_its_steps():
    from minigam.bg.ai import BgAI
    rules = R.Rules()
    ai = BgAI("hard", 1)
    ev = bge.Evaluator()
    for pos, d1, d2 in positions(60, seed=7):
        ai.choose(pos, d1, d2)
        results = rules.results(pos, d1, d2)
        assert ai.result in results
        # the steps replay to the result
        q = bytearray(pos)
        m = R.mover_base(q)
        for src, die in ai.steps:
            assert R.can_move(q, m, src, die)
            R.do_move(q, m, src, die)
        q[R.TURN] = 3 - q[R.TURN]
        assert q == ai.result
        if any(R.winner(r) for r in results):
            assert R.winner(ai.result)
            continue
        root = bytearray(pos)
        root[R.TURN] = 3 - root[R.TURN]
        ev.set_root(root)
        scores = [ev.score(r) for r in results]
        assert ev.score(ai.result) == min(scores)
        assert ai.equity == -min(scores)


def test_the_ai_takes_a_winning_play_and_passes_when_blocked():
    from minigam.bg.ai import BgAI
    ai = BgAI("easy", 3)
    pos = bytearray(53)
    pos[24] = 1  # Player 1: one checker on its ace point, 14 off
    pos[25] = 14
    pos[26 + 3] = 15  # all in Player 1's home board: a backgammon
    pos[52] = 1
    assert ai.choose(pos, 6, 5) in ([(24, 6)], [(24, 5)])
    assert R.winner(ai.result) == 1 and ai.equity == 3 * 4096
    # closed board, a checker on the bar: no play
    pos = bytearray(53)
    pos[0] = 1
    pos[13] = 14
    for i in range(19, 25):
        pos[26 + i] = 2
    pos[26 + 25] = 3
    pos[52] = 1
    assert ai.choose(pos, 6, 5) == [] and ai.result[52] == 2


def test_noisy_levels_are_seeded_and_lose_more():
    from minigam.bg.ai import BgAI
    pts = positions(150, seed=8)
    a, b = BgAI("easy", 5), BgAI("easy", 5)
    same = [a.choose(p, x, y) == b.choose(p, x, y) for p, x, y in pts]
    assert all(same)
    hard = BgAI("hard", 1)
    easy = BgAI("easy", 9)
    differ = sum(hard.choose(p, x, y) != easy.choose(p, x, y)
                 for p, x, y in pts)
    assert differ > 10


def test_the_vm_evaluates_as_the_host_does():
    # MicroPython reads the weights' byte tables into arrays raw, as
    # CPython does: the same outputs, full and incremental.
    from minigam.host import vm
    pts = positions(12, seed=9) + [(p, 6, 5) for p in stacked_positions()]
    code = """
from minigam.bg import eval as bge
from minigam.bg import rules as R
rules = R.Rules()
ev = bge.Evaluator()
for h, d1, d2 in PTS:
    pos = bytearray(bytes.fromhex(h))
    root = bytearray(pos)
    root[52] = 3 - root[52]
    ev.set_root(root)
    print("F", " ".join(str(z) for z in bge.evaluate(pos)))
    for res in rules.results(pos, d1, d2):
        ev.score(res)
        print("I", " ".join(str(z) for z in ev.z))
"""
    try:
        out = vm.run("PTS = %r\n" % [(bytes(p).hex(), a, b)
                                     for p, a, b in pts] + code, timeout=300)
    except vm.VMError as exc:
        if exc.type == "VMUnavailable":
            pytest.skip(str(exc))
        raise
    want = []
    rules = R.Rules()
    for p, d1, d2 in pts:
        want.append("F " + " ".join(str(z) for z in bge.evaluate(p)))
        for res in rules.results(p, d1, d2):
            want.append("I " + " ".join(str(z) for z in bge.evaluate(res)))
    assert out.split("\n")[:len(want)] == want
    assert len(want) > 100
