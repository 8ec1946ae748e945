"""Long Nardy's evaluator (minigam/nardy/eval.py), its weights and its AI
(minigam/nardy/ai.py), and the host's numba copies of them
(minigam/host/aitools/nardy/fast.py) that training and the benchmark use.

* the weights module loads with the shapes it declares;
* the device's integer outputs equal the host's integer arithmetic, and
  its features the host's;
* scoring a play incrementally equals scoring it from scratch;
* the native kernels (emulated as in test_bg_eval) give the plain loops'
  results;
* the numba engine lists the device engine's results in its order, and
  chooses exactly as ``NardyAI`` at every level (noise included) and as
  the Python greedy player;
* the AI's answers are legal, its steps replay, a win is taken, a pass
  passes; the levels are seeded and noisy;
* in the MicroPython VM the evaluator gives the host's outputs and
  scoring a candidate allocates nothing.
"""

import array
import random
import re

import numpy as np
import pytest

from nardy_refgen import random_position
from test_bg_eval import _emulated_native
from minigam.bg import eval as bge
from minigam.nardy import eval as ne
from minigam.nardy import rules as R
from minigam.nardy.ai import LEVELS, NOISE, NardyAI
from minigam.nardy.notation import parse_position
from minigam.host.aitools.nardy import fast as F

RULES = R.Rules()


def game_points(n, seed=1):
    """``n`` (position, d1, d2) decision points (2+ plays) of random
    games."""
    rng = random.Random(seed)
    out = []
    pos = R.new_position(1)
    while len(out) < n:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        cnt = RULES.plays(pos, d1, d2)
        if cnt >= 2:
            out.append((bytearray(pos), d1, d2))
        if cnt:
            RULES.apply(pos, rng.randrange(cnt))
        else:
            pos[R.TURN] = 3 - pos[R.TURN]
        if R.winner(pos):
            pos = R.new_position(rng.randint(1, 2))
    return out


def odd_positions():
    """Random valid positions in several styles (blocks, bearing off,
    first turns), not finished."""
    rng = random.Random(11)
    out = []
    while len(out) < 150:
        p = random_position(rng)
        if not R.winner(p):
            out.append(p)
    return out


def test_weights_module_loads_with_its_declared_shapes():
    from minigam.nardy import weights as w
    assert (w.Q, w.S, w.ZS, w.NO) == (ne.Q, ne.S, ne.ZS, ne.NO)
    assert len(w.W1) == 2 * ne.NC * ne.BPC * w.H
    assert len(w.WF) == 2 * ne.NF * ne.BPC * w.H
    for at, xh, xd, rows in ((w.W1X_AT, w.W1X_H, w.W1X_D, 416),
                             (w.WFX_AT, w.WFX_H, w.WFX_D, 96)):
        at = array.array("H", at)
        assert len(at) == rows + 1 and at[0] == 0 and list(at) == sorted(at)
        assert at[-1] == len(xh) == len(xd) // 2
        assert all(h < w.H for h in xh)
    assert len(w.B1) == 2 * w.H and len(w.W3) == 2 * w.NO * w.H
    assert len(w.B3) == w.NO
    assert ne.F_ON == 2 * sum(ne.CAPS)
    # the run that wrote them: the trainer's module as it was named then
    # (nardy_train before the tools were grouped by game, nardy.train now)
    assert re.search(r"Command: python -m minigam\.host\.aitools\."
                     r"nardy[._]train ", w.__doc__)


def test_features_equal_the_host_features():
    fb = bytearray(13)
    want = np.zeros(13, np.int64)
    for p in odd_positions() + [p for p, _, _ in game_points(100, 2)]:
        ne.features(p, fb)
        F.features(np.frombuffer(bytes(p), np.uint8), want)
        assert list(fb) == list(want)
        for s in (0, ne.NF):  # each feature and its complement fill the cap
            for f, cap in enumerate(ne.CAPS):
                assert fb[s + 2 * f] + fb[s + 2 * f + 1] == cap


def test_features_of_known_positions():
    fb = bytearray(13)
    ne.features(R.new_position(1), fb)
    # at the start each head is a block of one with the other's 15
    # behind it, and every checker has the other's head ahead of it
    assert list(fb) == [1, 7, 15, 0, 15, 0] * 2 + [1]
    # White's 10 to 5, six in a row, with Black's 14 on its head behind
    # them and one ahead, on 2 (a block the rule allows)
    p = parse_position("24x9,10,9,8,7,6,5/12x14,2/b")
    ne.features(p, fb)
    assert (fb[0], fb[2]) == (6, 14)
    # Black's points 12 and 2 are runs of one; behind 2 (White's 23rd
    # index) stand all 15 of White's checkers, behind 12 only the head's 9
    assert (fb[6], fb[8]) == (1, 15) and fb[12] == 2
    # contact: White's 15 all have Black's 2 ahead; of Black's, the 14 on
    # its head have White's head (Black's index 13) ahead, the one on 2
    # (Black's index 11) too
    assert (fb[4], fb[10]) == (15, 15)


def test_integer_outputs_equal_the_host_arithmetic():
    from minigam.nardy import weights
    model = F.IntModel(weights)
    pts = odd_positions() + [p for p, _, _ in game_points(150, 3)]
    for p in pts:
        assert ne.evaluate(p) == model.outputs(p)


def test_incremental_scores_equal_full_scores_for_every_legal_play():
    ev = ne.Evaluator()
    n = 0
    pts = game_points(60, 4) + [(p, 3, 3) for p in odd_positions()[:40]]
    for pos, d1, d2 in pts:
        root = bytearray(pos)
        root[R.TURN] = 3 - root[R.TURN]
        ev.set_root(root)
        for res in RULES.results(pos, d1, d2):
            if R.winner(res):
                continue
            s = ev.score(res)
            z = list(ev.z)
            assert z == ne.evaluate(res)
            assert s == ne.equity_of(z)
            n += 1
    assert n > 1000


def test_colours_evaluate_alike():
    for p in odd_positions()[:60]:
        sw = bytearray(p)
        sw[0:26], sw[26:52] = p[26:52], p[0:26]
        sw[R.TURN] = 3 - p[R.TURN]
        assert ne.evaluate(sw) == ne.evaluate(p)


def test_native_kernels_give_the_plain_loops_results(monkeypatch):
    from minigam.nardy import weights
    nat = _emulated_native()
    plain = ne.Net(weights)
    monkeypatch.setattr(ne, "_nat", nat)
    monkeypatch.setattr(bge, "_nat", nat)
    native = ne.Net(weights)  # tables read in place, as on the board
    monkeypatch.setattr(ne, "_nat", None)
    monkeypatch.setattr(bge, "_nat", None)
    acc_p = array.array("i", bytes(4 * plain.H))
    acc_n = array.array("i", bytes(4 * plain.H))
    base = array.array("i", bytes(4 * plain.H))
    fr, fx, fy = bytearray(13), bytearray(13), bytearray(13)
    checked = 0
    for pos, d1, d2 in game_points(25, 5) + [(p, 6, 6) for p in
                                              odd_positions()[:15]]:
        root = bytearray(pos)
        root[R.TURN] = 3 - root[R.TURN]
        ne.features(root, fr)
        nat.hidden(native, base, base, 1, ne._EMPTY, root)
        nat.hidden(native.feat, base, base, 0, ne._FZERO, fr)
        for res in RULES.results(pos, d1, d2):
            ne.full_sums(plain, res, fx, acc_p)
            want = list(bge.outputs(plain, acc_p))
            nat.hidden(native, acc_n, base, 0, root, res)
            ne.features(res, fy)
            nat.hidden(native.feat, acc_n, acc_n, 0, fr, fy)
            assert list(acc_n) == list(acc_p)
            nat.outputs(native, acc_n)
            assert list(native.ZO) == want
            checked += 1
    assert checked > 300


# -- the numba engine -----------------------------------------------------------------

def fast_results(work, pos, d1, d2, hd=True):
    arr = np.frombuffer(bytes(pos), np.uint8).copy()
    n = F.plays(arr, d1, d2, hd, *work.args())
    assert bytes(arr) == bytes(pos)
    return n, [bytes(work.res[k]) for k in range(n)]


def test_fast_plays_are_the_engines_results_in_its_order():
    work = F.Work()
    rng = random.Random(12)
    no_exception = R.Rules(head_doubles=False)
    checked = 0
    for _ in range(1500):
        pos = random_position(rng, allow_finished=True)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        for rules, hd in ((RULES, True), (no_exception, False)):
            n = rules.plays(pos, d1, d2)
            want = [bytes(rules.result(pos, k)) for k in range(n)]
            assert fast_results(work, pos, d1, d2, hd) == (n, want)
            checked += n
    for pos, d1, d2 in game_points(300, 13):
        n = RULES.plays(pos, d1, d2)
        assert fast_results(work, pos, d1, d2)[1] == [
            bytes(RULES.result(pos, k)) for k in range(n)]
    assert checked > 5000


@pytest.mark.parametrize("level", LEVELS)
def test_fast_choice_is_the_device_ais(level):
    from minigam.nardy import weights
    model = F.IntModel(weights)
    work = F.Work()
    ai = NardyAI(level, 7)
    lcg = np.array([ai._x], np.int64)
    rng = random.Random(14)
    pos = R.new_position(1)
    for _ in range(400):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        ai.choose(pos, d1, d2)
        n, _ = fast_results(work, pos, d1, d2)
        k = F.ai_choice(work.res, n, ai.sigma, lcg, *model.args())
        if n:
            assert bytes(work.res[k]) == bytes(ai.result)
        assert lcg[0] == ai._x
        pos = ai.result
        if R.winner(pos):
            pos = R.new_position(rng.randint(1, 2))


def test_fast_greedy_is_the_python_greedy():
    from minigam.host.aitools.nardy.players import GreedyPlayer
    g = GreedyPlayer()
    work = F.Work()
    fb = np.zeros(13, np.int64)
    for pos, d1, d2 in game_points(300, 15):
        steps = g.choose(pos, d1, d2)
        q = bytearray(pos)
        m = R.mover_base(q)
        for s, d in steps:
            R.do_move(q, m, s, d)
        R.end_turn(q)
        n, res = fast_results(work, pos, d1, d2)
        assert res[F.greedy_choice(work.res, n, m, fb)] == bytes(q)


# -- the player ----------------------------------------------------------------------

def test_the_ai_plays_the_best_scored_legal_play_and_its_steps():
    ai = NardyAI("hard", 1)
    ev = ne.Evaluator()
    for pos, d1, d2 in game_points(60, 7):
        ai.choose(pos, d1, d2)
        results = RULES.results(pos, d1, d2)
        assert ai.result in results and ai.choices == len(results)
        q = bytearray(pos)
        m = R.mover_base(q)
        for src, die in ai.steps:
            assert R.can_move(q, m, src, die)
            R.do_move(q, m, src, die)
        R.end_turn(q)
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


def test_the_ai_takes_a_winning_play_passes_when_blocked_and_steps():
    ai = NardyAI("easy", 3)
    # White's last two checkers, Black has borne off none: a mars
    pos = parse_position("2,1,offx13/18x4,17x3,16x2,15x2,13x4/w")
    assert sorted(ai.choose(pos, 6, 5)) == [(23, 6), (24, 5)] or \
        R.winner(ai.result) == 1
    assert R.winner(ai.result) == 1 and ai.equity == 2 * ne.PSCALE
    # rule book row 11: no move at all
    pos = parse_position("14,2x7,1x7/12x11,11x2,4x2/w")
    assert ai.choose(pos, 2, 2) == [] and ai.choices == 0
    assert ai.result == bytearray(parse_position(
        "14,2x7,1x7/12x11,11x2,4x2/b"))
    # begin/step: at most SLICE candidates a step, the same answer
    pos, d1, d2 = game_points(40, 8)[-1]
    want = NardyAI("hard", 1).choose(pos, d1, d2)
    ai = NardyAI("hard", 1)
    ai.begin(pos, d1, d2)
    steps = 1
    while not ai.step():
        steps += 1
    assert ai.steps == want and ai.done
    assert steps >= (ai.choices + 3) // 4 - 1
    with pytest.raises(ValueError):
        ai.begin(parse_position("offx15/18x4,17x3,16x2,15x2,13x4/b"), 1, 2)
    with pytest.raises(ValueError):
        ai.set_level("perfect")


def test_noisy_levels_are_seeded_and_differ_from_hard():
    pts = game_points(150, 9)
    a, b = NardyAI("easy", 5), NardyAI("easy", 5)
    assert all(a.choose(p, x, y) == b.choose(p, x, y) for p, x, y in pts)
    hard, easy, medium = NardyAI("hard", 1), NardyAI("easy", 9), \
        NardyAI("medium", 9)
    d_easy = sum(hard.choose(p, x, y) != easy.choose(p, x, y)
                 for p, x, y in pts)
    d_medium = sum(hard.choose(p, x, y) != medium.choose(p, x, y)
                   for p, x, y in pts)
    assert d_easy > d_medium > 5
    assert NOISE["hard"] == 0 < NOISE["medium"] < NOISE["easy"]


# -- the VM ---------------------------------------------------------------------------

def _vm_run(code, timeout=300):
    from minigam.host import vm
    try:
        return vm.run(code, timeout=timeout)
    except vm.VMError as exc:
        if exc.type == "VMUnavailable":
            pytest.skip(str(exc))
        raise


def test_the_vm_evaluates_as_the_host_does():
    pts = game_points(8, 10) + [(p, 4, 4) for p in odd_positions()[:4]]
    code = """
from minigam.nardy import eval as ne
from minigam.nardy import rules as R
rules = R.Rules()
ev = ne.Evaluator()
for h, d1, d2 in PTS:
    pos = bytearray(bytes.fromhex(h))
    root = bytearray(pos)
    root[52] = 3 - root[52]
    ev.set_root(root)
    print("F", " ".join(str(z) for z in ne.evaluate(pos)))
    for res in rules.results(pos, d1, d2):
        s = ev.score(res)
        print("I", s, " ".join(str(z) for z in ev.z))
"""
    out = _vm_run("PTS = %r\n" % [(bytes(p).hex(), a, b)
                                  for p, a, b in pts] + code)
    want = []
    ev = ne.Evaluator()
    for p, d1, d2 in pts:
        want.append("F " + " ".join(str(z) for z in ne.evaluate(p)))
        root = bytearray(p)
        root[R.TURN] = 3 - root[R.TURN]
        ev.set_root(root)
        for res in RULES.results(p, d1, d2):
            s = ev.score(res)
            want.append("I %d " % s + " ".join(str(z) for z in ev.z))
    assert out.split("\n")[:len(want)] == want
    assert len(want) > 100


SETUP = """
from minigam.nardy import eval as ne
from minigam.nardy import rules as R
rules = R.Rules(max_plays=600)
pos = R.new_position(1)
for d1, d2 in ((3, 1), (6, 4), (5, 2), (4, 4), (6, 1), (2, 1), (5, 3),
               (6, 2)):
    n = rules.plays(pos, d1, d2)
    rules.apply(pos, n // 2)
root = bytearray(pos)
root[52] = 3 - root[52]
ev = ne.Evaluator()
ev.set_root(root)
n = rules.plays(pos, 6, 5)
res = [bytearray(54) for _ in range(n)]
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
    got = lib.vm_figures([{"name": "nardy score", "setup": SETUP,
                           "stmt": STMT, "number": 20}])["nardy score"]
    if "error" in got and "VMUnavailable" in got["error"]:
        pytest.skip(got["error"])
    assert "error" not in got, got
    assert got["vm_bytes"] == 0, got


# -- the benchmark ------------------------------------------------------------------

def test_strength_table_and_duels():
    import io
    from minigam.host.aitools.nardy import strength as S
    out = io.StringIO()
    rows = S.table(games=20, out=out)
    text = out.getvalue()
    assert len(rows) == 10 and "ai:hard    greedy" in text
    assert text.startswith("Long Nardy, 20 games a pairing")
    # seats swapped over the same dice: Hard (no noise) against itself
    # plays each game twice, once from each seat, and breaks even
    hard = S.Player("ai:hard", 1)
    got = S.duel(hard, S.Player("ai:hard", 2), 40)
    assert list(got[0::2]) == [-x for x in got[1::2]] and all(got)
    # Hard beats the greedy heuristic clearly, greedy beats random
    assert S.summary(S.duel(hard, S.Player("greedy"), 200))[2] > 0.5
    assert S.summary(S.duel(S.Player("greedy"), S.Player("random"),
                            200))[2] > 0.5
    with pytest.raises(ValueError):
        S.Player("ai:genius")
    with pytest.raises(ValueError):
        S.duel(hard, hard, 3)
