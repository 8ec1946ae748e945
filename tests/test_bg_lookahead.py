"""Hard with a roll of look-ahead (``minigam.host.aitools.bg.lookahead``),
the host-only experiment ``bg_analyse --lookahead`` judges: its 1-ply
equity against a plain computation from every reply's full evaluation, and
its choice against Hard's."""

import random

import pytest

from minigam.bg import eval as bge
from minigam.bg import rules as R
from minigam.bg.ai import BgAI
from minigam.host.aitools.bg import analyse as bg_analyse
from minigam.host.aitools.bg.lookahead import (LookaheadAI, ROLLS,
                                               equity_after_reply)


def _positions(n, seed=5):
    """(position, d1, d2) of Hard-against-Hard games, with two plays or
    more."""
    rng = random.Random(seed)
    ai = BgAI("hard", 1)
    out = []
    pos = R.new_position(1)
    rules = R.Rules()
    while len(out) < n:
        if R.winner(pos):
            pos = R.new_position(1)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        if rules.plays(pos, d1, d2) >= 2:
            out.append((bytearray(pos), d1, d2))
        ai.choose(pos, d1, d2)
        pos = ai.result
    return out


def _plain_1ply(res):
    """The mover's mean equity after the opponent's best reply, each reply
    evaluated in full (no incremental sums)."""
    rules = R.Rules()
    total = 0
    for d1, d2, w in ROLLS:
        outs = rules.results(res, d1, d2)
        vals = []
        for after in outs:
            if R.winner(after):
                vals.append(-R.win_kind(after) * bge.PSCALE)
            else:
                vals.append(bge.equity_of(bge.evaluate(after)))
        total += w * min(vals)
    return total / 36.0


def test_rolls_cover_the_36():
    assert len(ROLLS) == 21 and sum(w for _, _, w in ROLLS) == 36


def test_one_ply_equity_equals_the_plain_computation():
    rules, ev = R.Rules(), bge.Evaluator()
    ai = BgAI("hard", 1)
    for pos, d1, d2 in _positions(3):
        ai.choose(pos, d1, d2)
        assert equity_after_reply(rules, ev, ai.result) == pytest.approx(
            _plain_1ply(ai.result))


def test_the_choice_is_hards_or_a_close_play_better_one_roll_ahead():
    hard = BgAI("hard", 1)
    la = LookaheadAI(top=2, margin=400)
    one = LookaheadAI(top=1)
    rules, ev = R.Rules(), bge.Evaluator()
    for pos, d1, d2 in _positions(12):
        hard.choose(pos, d1, d2)
        assert one.choose(pos, d1, d2) == hard.steps  # top 1: Hard itself
        steps = la.choose(pos, d1, d2)
        if steps == hard.steps:
            continue
        # a different play: Hard's second best, within the margin, and
        # better one roll ahead
        results = rules.results(pos, d1, d2)
        ev.set_root(bytearray(pos[:R.TURN]) + bytes([3 - pos[R.TURN]]))
        scores = sorted((ev.score(r), k) for k, r in enumerate(results))
        assert bytes(la.result) == bytes(results[scores[1][1]])
        assert scores[1][0] - scores[0][0] <= 400
        assert _plain_1ply(la.result) > _plain_1ply(hard.result)
    assert la.reranked > 0 and la.changed > 0  # (3 of these 12)


def test_a_blend_ranks_by_both_plies():
    """``blend`` 0 ranks by the 0-ply alone (Hard's own choice); between,
    the choice is the close play with the best blend of both."""
    hard = BgAI("hard", 1)
    zero = LookaheadAI(top=3, margin=400, blend=0.0)
    half = LookaheadAI(top=3, margin=400, blend=0.5)
    rules, ev = R.Rules(), bge.Evaluator()
    for pos, d1, d2 in _positions(12):
        hard.choose(pos, d1, d2)
        assert zero.choose(pos, d1, d2) == hard.steps
        half.choose(pos, d1, d2)
        results = rules.results(pos, d1, d2)
        ev.set_root(bytearray(pos[:R.TURN]) + bytes([3 - pos[R.TURN]]))
        scores = sorted((ev.score(r), k) for k, r in enumerate(results))
        close = [(s, k) for s, k in scores[:3] if s - scores[0][0] <= 400]
        if len(close) < 2 or any(R.winner(r) for r in results):
            continue
        best = max(close, key=lambda t: (
            0.5 * _plain_1ply(results[t[1]]) - 0.5 * t[0], -t[1]))
        assert bytes(half.result) == bytes(results[best[1]])
    assert half.reranked > 0


def test_bg_analyse_takes_lookahead_for_hard_only(capsys):
    with pytest.raises(SystemExit):
        bg_analyse.main(["--lookahead", "2", "--levels", "easy"])
    assert "--lookahead is Hard's" in capsys.readouterr().err
