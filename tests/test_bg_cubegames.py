"""Hard's cube play in games against gnubg, by gnubg's analysis
(``minigam.host.aitools.bg.cubegames``): the judging of each decision,
then (with gnubg) whole games and a match, whose totals must be gnubg's
own statistics'."""

import pytest

from minigam.host.aitools.bg import cubegames as cg
from minigam.host.aitools.bg import gnubg

live = pytest.mark.skipif(not gnubg.available(),
                          reason="gnubg is not installed")


def dec(kind, nd, dt, yes):
    return {"side": 1, "kind": kind, "nd": nd, "dt": dt, "yes": yes,
            "cube": 1}


def test_a_missed_double_costs_the_double_over_no_double():
    assert cg.loss(dec("double", 0.56, 0.60, False)) == pytest.approx(0.04)
    # double/pass is worth 1: a pass caps the double
    assert cg.loss(dec("double", 0.80, 1.30, False)) == pytest.approx(0.20)
    assert cg.loss(dec("double", 0.56, 0.60, True)) == 0.0


def test_a_wrong_double_and_too_good():
    assert cg.loss(dec("redouble", 0.50, 0.40, True)) == pytest.approx(0.1)
    # too good: playing on (1.2) beats the cash (1.0)
    assert cg.loss(dec("double", 1.20, 2.1, True)) == pytest.approx(0.2)
    assert cg.loss(dec("double", 1.20, 2.1, False)) == 0.0


def test_takes_and_drops_are_judged_on_the_doubles_figures():
    assert cg.loss(dec("take", 0.5, 1.25, True)) == pytest.approx(0.25)
    assert cg.loss(dec("take", 0.5, 1.25, False)) == 0.0
    assert cg.loss(dec("take redouble", 0.5, 0.75, False)) == \
        pytest.approx(0.25)
    assert cg.loss(dec("take", 0.5, 0.75, True)) == 0.0


def test_close_decisions_are_gnubgs():
    assert cg.close(dec("double", 0.30, 0.15, False))  # within 0.16
    assert not cg.close(dec("double", 0.30, 0.10, False))
    assert not cg.close(dec("double", 1.20, 2.0, False))  # far too good
    assert cg.close(dec("take", -2.0, -3.0, True))  # takes always


def game(length, score, crawford=False, post=False, decisions=()):
    return {"label": "match" if length else "money", "length": length,
            "score": list(score), "crawford": crawford, "post": post,
            "winner": 1, "points": 1, "decisions": list(decisions),
            "stats": [[10, 0.0, 1, 0.0], [10, 0.05, 2, 0.02]]}


def test_scores_are_named_from_the_side_that_decides():
    assert cg.score_label(game(0, (0, 0)), 1) == "money"
    assert cg.score_label(game(5, (3, 1)), 1) == "4a-2a"
    assert cg.score_label(game(5, (3, 1)), 0) == "2a-4a"
    assert cg.score_label(game(5, (4, 1), crawford=True), 1) == \
        "4a-1a Crawford"
    assert cg.score_label(game(5, (4, 2), post=True), 1) == \
        "3a-1a post-Crawford"


def test_summary_and_overall_rates():
    ds = [dict(dec("double", 0.56, 0.60, False), close=True, loss=0.04),
          dict(dec("double", -0.5, -1.0, False), close=False, loss=0.0)]
    s = cg.summary(ds)
    assert (s["n"], s["close"], s["errors"]) == (2, 1, 1)
    assert s["memg"] == pytest.approx(20.0)
    assert s["memg_close"] == pytest.approx(40.0)
    o = cg.overall([game(0, (0, 0))], 1)
    assert o["chequer"] == pytest.approx(5.0)
    assert o["cube"] == pytest.approx(10.0)
    assert o["overall"] == pytest.approx(1000 * 0.07 / 12)


@live
def test_games_and_a_match_against_gnubg_add_up_to_its_statistics():
    games = cg.play(money=2, matches=1, length=3, seed=4, plies=0)
    money = [g for g in games if g["label"] == "money"]
    match = [g for g in games if g["label"] == "match"]
    assert len(money) == 2 and match
    # the match was played out, its games in order of score
    last = match[-1]
    final = list(last["score"])
    final[last["winner"]] += last["points"]
    assert max(final) >= 3
    for side in (0, 1):
        ds = cg.decisions(games, side)
        assert ds, "no cube decision of side %d" % side
        # our reading of every decision gives gnubg's own totals
        o = cg.overall(games, side)
        assert cg.summary(ds)["lost"] == pytest.approx(o["cube_lost"],
                                                       abs=1e-4)
        assert cg.summary(ds)["close"] == o["close"]
    # gnubg 0-ply judged at 0 plies makes no error of its own
    assert cg.summary(cg.decisions(games, 0))["lost"] == \
        pytest.approx(0.0, abs=1e-6)
    lines = cg.report_lines(games, [(0.0, "Supernatural")])
    assert any(line.startswith("3-point matches, Hard") for line in lines)
