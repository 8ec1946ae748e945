"""The backgammon AI's benchmarks by GNU Backgammon's analysis (issue 16):
``minigam.host.aitools.bg.analyse`` (the error rate of the levels' games)
and ``bg_cube`` (Hard's cube decisions against gnubg's).

Offline: the figures' arithmetic (the error rate and its standard error,
the rating bands, the cube decisions' agreement and losses). Live (only
where gnubg is installed; a few seconds): gnubg's own bands, two analysed
games, and gnubg's cube answers on two plain positions.
"""

import math

import pytest

from minigam.host.aitools.bg import analyse as bg_analyse
from minigam.host.aitools.bg import cube as bg_cube
from minigam.host.aitools.bg import gnubg

live = pytest.mark.skipif(not gnubg.available(),
                          reason="gnubg is not installed")

# gnubg 1.07's bands, as its manual (allabout.html) lists them.
BANDS = [(0.0, "Supernatural"), (2.0, "World class"), (5.0, "Expert"),
         (8.0, "Advanced"), (12.0, "Intermediate"), (18.0, "Casual player"),
         (26.0, "Beginner"), (35.0, "Awful!")]


def test_summary_error_rate_and_results():
    # (ai won, points, unforced moves, error EMG, moves)
    rows = [(1, 1, 20, 0.2, 25), (0, 2, 30, 0.6, 33), (1, 3, 10, 0.0, 12)]
    s = bg_analyse.summary(rows)
    assert s["games"] == 3 and s["moves"] == 60
    assert s["memg"] == pytest.approx(1000 * 0.8 / 60)
    r = 0.8 / 60
    var = sum((e - r * n) ** 2 for n, e in ((20, 0.2), (30, 0.6),
                                             (10, 0.0))) / 2
    assert s["memg_se"] == pytest.approx(1000 * math.sqrt(var / 3) / 20)
    assert s["wins"] == 2 and s["win_rate"] == pytest.approx(2 / 3)
    assert s["ppg"] == pytest.approx((1 - 2 + 3) / 3)
    assert s["ppg_se"] > 0


def test_summary_by_phase():
    # the same rows, each with its (moves, error) in contact, race, bear-off
    rows = [(1, 1, 20, 0.2, 25, ((15, 0.2), (5, 0.0), (0, 0.0))),
            (0, 2, 30, 0.7, 33, ((20, 0.5), (0, 0.0), (10, 0.2)))]
    s = bg_analyse.summary(rows)
    assert s["memg"] == pytest.approx(1000 * 0.9 / 50)
    (cn, cr, cs), (rn, rr, rs), (bn, br, bs) = s["phases"]
    assert (cn, rn, bn) == (35, 5, 10)
    assert cr == pytest.approx(1000 * 0.7 / 35) and rr == 0.0
    assert br == pytest.approx(20.0)
    assert (cs, rs, bs) == pytest.approx((7 / 9, 0.0, 2 / 9))
    line = bg_analyse.table_lines([("hard", s)], BANDS)[2]
    assert "contact 35 moves, 20.0 mEMG a move, 78% of the error" in line
    assert "bear-off 10 moves, 20.0 mEMG a move, 22% of the error" in line
    # rows without phases (gnubg's own side) give none
    assert "phases" not in bg_analyse.summary([r[:5] for r in rows])


def test_phase_of_a_position():
    from minigam.bg import ids
    from minigam.bg.rules import BLOCK, OFF, new_position
    assert bg_analyse.PHASES[bg_analyse.phase(new_position(1))] == "contact"
    pos = bytearray(53)
    pos[52] = 2  # Player 2 to move, past every checker of Player 1
    pos[BLOCK + 10], pos[BLOCK + OFF] = 5, 10
    pos[20], pos[OFF] = 3, 12
    assert bg_analyse.phase(pos) == 1  # race
    pos[BLOCK + 10], pos[BLOCK + 20] = 0, 5
    assert bg_analyse.phase(pos) == 2  # bear-off
    pos[4], pos[20] = 1, 2  # a Player 1 checker still behind them
    assert bg_analyse.phase(pos) == 0
    pos[4], pos[20], pos[0] = 0, 2, 1  # on the bar: it enters behind them
    assert bg_analyse.phase(pos) == 0
    # the start, read from gnubg's Position ID
    assert bg_analyse.phase(ids.parse_position_id("4HPwATDgc/ABMA")) == 0


def test_rating_names_the_band():
    assert bg_analyse.rating(1.9, BANDS) == "Supernatural"
    assert bg_analyse.rating(4.99, BANDS) == "World class"
    assert bg_analyse.rating(15.0, BANDS) == "Intermediate"
    assert bg_analyse.rating(30.0, BANDS) == "Beginner"
    assert bg_analyse.rating(90.0, BANDS) == "Awful!"
    lines = bg_analyse.table_lines([("hard", bg_analyse.summary(
        [(1, 1, 20, 0.08, 25)]))], BANDS)
    assert len(lines) == 2 and "World class" in lines[1]


def test_cube_decisions_against_gnubg():
    rule = (1700, 4096, -2250)
    # (ND, DT, DP) for the player on roll; network equities (on roll,
    # taker as if on roll) in 1/4096.
    gn = {("quiet", "centred"): (0.10, -0.10, 1.0),   # no double, take
          ("quiet", "owned"): (0.20, -0.10, 1.0),
          ("strong", "centred"): (0.80, 1.30, 1.0),   # double, pass
          ("strong", "owned"): (0.85, 1.30, 1.0),
          ("gammon", "centred"): (1.40, 1.60, 1.0),   # too good
          ("gammon", "owned"): (1.40, 1.60, 1.0)}
    eqs = {"quiet": (200, -400), "strong": (2400, -2000),
           "gammon": (5000, -4500)}
    ds = bg_cube.decisions(gn, eqs, rule)
    dbl = [d for d in ds if d["kind"] == "double"]
    assert len(dbl) == 6
    by = {(d["state"], d["gnubg"], d["ours"]): d for d in dbl}
    # "strong": gnubg doubles (min(DT, DP) = 1 > ND), so does the device
    assert by[("centred", True, True)]["loss"] == 0.0
    takes = [d for d in ds if d["kind"] == "take"]
    assert len(takes) == 2  # only "strong" is doubled by anyone
    t = takes[0]
    # gnubg passes (DT 1.3 > DP 1); the device takes (-2000 >= -2250):
    # a wrong take costs DT - DP
    assert (t["gnubg"], t["ours"]) == (False, True)
    assert t["loss"] == pytest.approx(0.30)
    s = bg_cube.summarise(takes)
    assert s["ours_only"] == 2 and s["agree"] == 0
    assert s["memg"] == pytest.approx(300.0)
    # judged with the doubler on roll (-2400 < -2250) it passes
    t2 = [d for d in bg_cube.decisions(gn, eqs, rule, taker_on_roll=False)
          if d["kind"] == "take"][0]
    assert t2["ours"] is False and t2["loss"] == 0.0
    # a missed double costs min(DT, DP) - ND
    miss = bg_cube.decisions(gn, eqs, (3000, 4096, -2250))
    m = [d for d in miss if d["kind"] == "double" and d["gnubg"]
         and not d["ours"] and d["state"] == "centred"][0]
    assert m["loss"] == pytest.approx(0.20)
    assert len(bg_cube.table_lines(ds)) == 5
    # the scan finds a rule that gives up nothing here
    a = bg_cube._arrays(gn, eqs, list(gn), True)
    assert bg_cube.losses(a, rule) == pytest.approx((0.0, 300.0))
    groups = {st: bg_cube._arrays(gn, eqs, [k for k in gn if k[1] == st],
                                  True) for st in bg_cube.STATES}
    best = bg_cube.best_rule(groups)
    assert bg_cube.group_losses(groups, best) == (0.0, 0.0, 0.0)
    assert best["centred"][2] > -2000  # passes "strong" (E taker -2000)


def test_the_former_threshold_rule_is_kept_as_the_baseline():
    assert bg_cube.device_rule() == bg_cube.THRESHOLDS == {
        "centred": (2200, 2400, -2000), "owned": (1700, 3100, -2000)}
    # a rule a state: "strong" (E 2400) is doubled centred, not owned
    gn = {("strong", "centred"): (0.80, 1.30, 1.0),
          ("strong", "owned"): (0.85, 1.30, 1.0)}
    ds = bg_cube.decisions(gn, {"strong": (2400, -2000)},
                           {"centred": (2200, 2400, -1650),
                            "owned": (2500, 3100, -1650)})
    assert [(d["kind"], d["state"], d["ours"]) for d in ds] == [
        ("double", "centred", True), ("take", "centred", False),
        ("double", "owned", False), ("take", "owned", False)]


def test_the_model_is_judged_by_gnubgs_figures():
    # "even": the device neither doubles nor passes; "lost": a sure win
    # of the doubler's, the device doubles, the taker passes
    gn = {("even", "centred"): (0.10, -0.20, 1.0),
          ("lost", "centred"): (0.95, 2.0, 1.0)}
    even, lost = [0.55, 0.1, 0.0, 0.1, 0.0], [0.999, 0.0, 0.0, 0.0, 0.0]
    prs = {"even": even, "lost": lost}
    ds = bg_cube.model_decisions(gn, prs)
    assert [(d["kind"], d["gnubg"], d["ours"], d["loss"]) for d in ds] == [
        ("double", False, False, 0.0), ("double", True, True, 0.0),
        ("take", False, False, 0.0)]
    assert "x 0.68" in "\n".join(bg_cube.x_scan_lines(gn, prs, [0.68]))


# -- live --------------------------------------------------------------------

@live
def test_gnubg_bands_are_its_documented_ones():
    assert bg_analyse.bands() == BANDS


@live
def test_two_games_are_played_and_analysed():
    rows = bg_analyse.play_and_analyse(2, "hard", seed=3, plies=0)
    assert len(rows) == 2
    for won, pts, n, err, moves, phases in rows:
        assert won in (0, 1) and pts in (1, 2, 3)
        assert 0 < n <= moves and err >= 0.0
        # the phases split the same unforced moves and error
        assert sum(k for k, _ in phases) == n
        assert sum(e for _, e in phases) == pytest.approx(err, abs=1e-5)


@live
def test_a_game_of_hard_looking_ahead_is_analysed():
    (row,) = bg_analyse.play_and_analyse(1, "hard", seed=3, plies=0,
                                         lookahead=2)
    assert 0 < row[2] <= row[4] and row[3] >= 0.0


@live
def test_gnubg_cube_answers():
    start = "4HPwATDgc/ABMA"
    race = "2+4OAADbbgAAAA"  # the player on roll far ahead in a race
    gn = bg_cube.gnubg_cube([(start, "centred"), (race, "owned")], plies=0)
    nd, dt, dp = gn[(start, "centred")]
    assert dp == 1.0 and nd > min(dt, dp) and dt < dp  # no double, take
    nd, dt, dp = gn[(race, "owned")]
    assert min(dt, dp) > nd and dt > dp  # redouble, pass
    e, e_taker = bg_cube.network_equities(race)
    assert e > 3000 and e_taker < e
    e1, e1_taker = bg_cube.lookahead_equities(race)
    assert e1 > 3000 and e1_taker < e1


@live
def test_decision_points_of_cubeful_games():
    points = bg_cube.decision_points(2, seed=5)
    assert points and len(set(points)) == len(points)
    assert all(s in bg_cube.STATES for _, s in points)
    # the opening roll's play is no cube decision: the second turn's is
    # the first
    assert points[0][0] != "4HPwATDgc/ABMA" and points[0][1] == "centred"
