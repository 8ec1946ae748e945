"""Long Nardy's tutor thresholds (``minigam.host.aitools.nardy.tutor_limits``,
``review --calibrate N --game nardy``): the sample's decisions and losses,
the 1-ply reference against a plain computation with the device's
evaluator, the figures' counts, and ``LIMITS[2]`` as the module measured
it."""

import io
import re

import pytest

from minigam.core.review import LIMITS, grade
from minigam.nardy import eval as ne
from minigam.nardy import rules as R
from minigam.nardy.ai import NardyAI
from minigam.host.aitools.nardy import tutor_limits as T
from minigam.host.cli import review as cmd_review


@pytest.fixture(scope="module")
def points():
    return T.sample(24, seed=3)


def _plain_1ply(res):
    """The mover's 1-ply equity (points) of ``res`` by the device's
    ``Rules`` and ``Evaluator``, every reply scored from a fresh root."""
    rules = R.Rules()
    ev = ne.Evaluator()
    if R.winner(res):
        return R.win_kind(res)
    total = 0
    for a in range(1, 7):
        for b in range(a, 7):
            n = rules.plays(res, a, b)
            back = bytearray(res)
            back[R.TURN] = 3 - back[R.TURN]
            ev.set_root(back)
            if n == 0:
                best = ev.score(back)
            else:
                best = None
                for k in range(n):
                    after = bytearray(res)
                    rules.apply(after, k)
                    v = (-R.win_kind(after) * ne.PSCALE if R.winner(after)
                         else ev.score(after))
                    if best is None or v < best:
                        best = v
            total += best * (1 if a == b else 2)
    return total / 36.0 / ne.PSCALE


def test_sample_is_real_decisions_of_both_levels(points):
    assert len(points) == 24
    assert {p.level for p in points} == {"easy", "medium"}
    judge = T.Judge()
    hard = NardyAI("hard", seed=0)
    rules = R.Rules()
    for p in points:
        pos = bytearray(p.pos)
        assert rules.plays(pos, p.d1, p.d2) == p.n > 1
        hard.choose(pos, p.d1, p.d2)
        assert p.est == hard.loss_of(bytearray(p.result))
        assert hard.loss_of(hard.result) == 0.0  # the 0-ply best
        assert p.ref == judge(pos, p.d1, p.d2, p.result) >= 0.0
        # the numba 0-ply is the device's: the same loss of the play made
        res = judge.results(pos, p.d1, p.d2)
        zero = [judge.zero_ply(r) for r in res]
        assert max(zero) - judge.zero_ply(
            bytearray(p.result)) == pytest.approx(p.est, abs=1e-12)
        # the reference's best play loses nothing by the reference
        best = judge.played + p.ref
        assert judge.best == pytest.approx(best)


def test_one_ply_is_the_plain_computation(points):
    judge = T.Judge()
    for p in points[:2]:
        assert judge.one_ply(bytearray(p.result)) == pytest.approx(
            _plain_1ply(bytearray(p.result)), abs=1e-9)


def test_judge_sees_a_plain_error():
    """Moving two checkers inside the home rather than bearing off, in a
    close race: both measures see a loss, and a mark."""
    pos = R.new_position(1)
    pos[R.HEAD] = 0
    pos[19], pos[23], pos[24] = 9, 3, 3
    pos[R.BLOCK + R.HEAD] = 0
    pos[R.BLOCK + 19], pos[R.BLOCK + 22] = 8, 7
    rules = R.Rules()
    results = []
    for k in range(rules.plays(pos, 2, 1)):
        r = bytearray(pos)
        rules.apply(r, k)
        results.append(r)
    off2 = [r for r in results if r[R.OFF] == 2]
    inside = [r for r in results if r[R.OFF] == 0]
    assert off2 and inside
    hard = NardyAI("hard", seed=0)
    hard.choose(pos, 2, 1)
    assert hard.result[R.OFF] == 2
    judge = T.Judge()
    # the reference's best bears off too (one checker: it also clears the
    # heavy 6-point, 0.0004 better); Hard's choice earns no mark
    assert [r for r in results if judge(pos, 2, 1, r) == 0.0][0][R.OFF]
    assert judge(pos, 2, 1, hard.result) < T.GNUBG[0]
    worst = max(inside, key=lambda r: hard.loss_of(r))
    assert hard.loss_of(worst) > 0.04
    assert judge(pos, 2, 1, worst) > 0.04


def test_figures_count_every_decision(points):
    out = io.StringIO()
    chosen = T.report(points, out)
    text = out.getvalue()
    assert chosen == T.measured(points)
    assert chosen[0] <= chosen[1] <= chosen[2]
    assert "measured LIMITS[2] = (%.3f, %.3f, %.3f)" % chosen in text
    for t in (LIMITS[2], chosen):
        m = T.confusion(points, t)
        assert sum(map(sum, m)) == len(points)
        for i in range(4):  # the rows: the reference's marks
            assert sum(m[i]) == sum(1 for p in points
                                    if grade(p.ref, limits=T.GNUBG) == i)
    rows = [ln for ln in text.splitlines() if ln.startswith("total ")]
    assert len(rows) == 2
    assert all(int(r.split()[-1]) == len(points) for r in rows)
    for lv in T.LEVELS:
        k = sum(1 for p in points if p.level == lv)
        assert re.search(r"%s +%d decisions" % (lv, k), text)


def test_balance_and_flags():
    P = T.Point
    pts = [P(b"", 1, 2, b"", "easy", 2, est, ref) for est, ref in (
        (0.0, 0.0), (0.03, 0.0), (0.07, 0.05), (0.0, 0.05), (0.06, 0.1),
        (0.2, 0.3), (0.01, 0.09))]
    assert T.flags(pts, 0.04, 0.04) == (3, 0, 2)
    assert T.flags(pts, 0.02, 0.04) == (4, 1, 2)
    # above 0.005: 5 flagged, 1 false alarm, 1 miss: balanced
    assert T.balance(pts, 0.04, grid=(0.005, 0.02, 0.04)) == 0.005
    assert T.confusion(pts, (0.04, 0.08, 0.16)) == [
        [2, 0, 0, 0], [1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 1]]


def test_limits_are_the_measured_ones():
    """``LIMITS[2]`` is what the module's docstring says was measured."""
    m = re.search(r"LIMITS\[2\] = \(([0-9.]+), ([0-9.]+), ([0-9.]+)\)",
                  T.__doc__)
    assert m and tuple(float(x) for x in m.groups()) == LIMITS[2]


def test_cli(capsys):
    assert cmd_review.main(["--calibrate", "3", "--game", "nardy"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Long Nardy tutor calibration: 3 decisions with a "
                          "choice by Easy and Medium in 1 game (seed 0)")
    assert "measured LIMITS[2] = (" in out
    assert cmd_review.main(["--calibrate", "3", "--game",
                            "backgammon"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "gnubg's defaults (0.04, 0.08, 0.16)" in err
    assert cmd_review.main(["--calibrate", "0", "--game", "nardy"]) == 2
