"""Exact solver (issue 5): indexing, Bellman equation against the rules
engine, bounds, known values, the Perfect player and the ai/solve CLIs.

Reduced games (1..4 checkers per side) are solved here in seconds; the full
8-checker game only has its positions counted.
"""

import io
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from minigam.quarter.notation import format_position, parse_position
from minigam.quarter.rules import Rules, new_position, winner
from minigam.host.aitools.quarter import solver
from minigam.host.aitools.quarter.perfect import PerfectPlayer, apply_steps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_TABLES = {}


def table(checkers, full_entry):
    key = (checkers, full_entry)
    if key not in _TABLES:
        _TABLES[key] = solver.solve(checkers, full_entry)
    return _TABLES[key]


def brute_positions(n):
    """Every (mover side, opponent side) pair with no shared point, by a
    plain enumeration independent of the solver's ranking."""
    sides = [s for s in np.ndindex(*(n + 1,) * 8) if sum(s) == n]
    out = []
    for a in sides:
        for b in sides:
            if all(not (a[i] and b[7 - i]) for i in range(1, 7)):
                out.append((a, b))
    return out


def bellman(tab, rules, pos):
    """V(pos) recomputed from ``tab`` with minigam.quarter.rules only."""
    n = rules.checkers
    m = 0 if pos[16] == 1 else 8
    total = 0.0
    for a, b in solver.ROLLS:
        p = (1 if a == b else 2) / 36.0
        res = rules.results(pos, a, b)
        if len(res) == 1 and res[0][:16] == pos[:16]:
            best = 1.0 - tab.value(res[0])          # pass
        else:
            best = max(1.0 if r[m + 7] == n else 1.0 - tab.value(r)
                       for r in res)
        total += p * best
    return total


def test_position_count_of_the_full_game():
    ix = solver.Index(8)
    assert ix.size == 3910437
    # Of which: neither side has borne off every checker.
    conf = ix.conf
    live = (conf[ix.A, 7] < 8) & (conf[ix.B, 7] < 8)
    assert int(live.sum()) == 3897568


@pytest.mark.parametrize("n", [1, 2, 3])
def test_index_matches_a_brute_enumeration(n):
    ix = solver.Index(n)
    pairs = brute_positions(n)
    assert ix.size == len(pairs)
    seen = set()
    for a, b in pairs:
        for turn in (1, 2):
            pos = bytearray(17)
            m = 0 if turn == 1 else 8
            pos[m:m + 8] = bytes(a)
            pos[8 - m:16 - m] = bytes(b)
            pos[16] = turn
            i = ix.index(pos)
            assert 0 <= i < ix.size
            assert ix.position(i, turn) == pos
        seen.add(i)
    assert len(seen) == ix.size


@pytest.mark.parametrize("n,fe", [(1, False), (2, True), (3, False),
                                  (3, True), (4, False), (4, True)])
def test_values_in_unit_interval_and_terminals(n, fe):
    tab = table(n, fe)
    v = tab.values
    assert v.dtype == np.float32 and len(v) == tab.size
    assert np.all(v >= 0.0) and np.all(v <= 1.0)
    conf = tab.idx.conf
    offA = conf[tab.idx.A, 7]
    offB = conf[tab.idx.B, 7]
    assert np.all(v[offB == n] == 0.0)
    assert np.all(v[(offA == n) & (offB < n)] == 1.0)
    assert tab.meta["bellman_residual"] < 1e-8


@pytest.mark.parametrize("n,fe,samples", [(3, False, 2500), (3, True, 2500),
                                          (4, False, 800), (4, True, 800)])
def test_bellman_equation_with_the_rules_engine(n, fe, samples):
    tab = table(n, fe)
    rules = Rules(checkers=n, full_entry=fe)
    rng = random.Random(n * 10 + fe)
    idx = range(tab.size) if tab.size <= samples else \
        rng.sample(range(tab.size), samples)
    worst = 0.0
    checked = 0
    for i in idx:
        pos = tab.position(i, rng.choice((1, 2)))
        if winner(pos, n):
            continue
        worst = max(worst, abs(bellman(tab, rules, pos) - tab.value(pos)))
        checked += 1
    assert checked > samples // 2
    assert worst < 2e-6  # float32 storage; the float64 solve is ~1e-10


@pytest.mark.parametrize("n,fe", [(3, False), (3, True), (4, False)])
def test_one_move_from_victory_is_value_one(n, fe):
    tab = table(n, fe)
    rules = Rules(checkers=n, full_entry=fe)
    found = 0
    for i in range(tab.size):
        pos = tab.position(i)
        if winner(pos, n) or pos[7] < n - 2:
            continue
        sure = True
        for a, b in solver.ROLLS:
            if not any(r[7] == n for r in rules.results(pos, a, b)):
                sure = False
                break
        if sure:
            found += 1
            assert tab.values[i] == 1.0, format_position(pos)
    assert found > 10


def test_last_checker_on_six_wins_standard_not_always_full_entry():
    rules = Rules(checkers=3)
    tab = table(3, False)
    pos = parse_position("0,0,0,0,0,1/0,3/2,0/1", 3)
    assert tab.value(pos) == 1.0
    assert table(3, True).value(pos) == 1.0
    # One checker on the bar and one on 6 cannot always finish (1-1 leaves
    # the entered checker on the board): below 1 in both variants.
    pos = parse_position("0,0,0,0,0,1/1,3/1,0/1", 3)
    assert table(3, True).value(pos) < 1.0
    assert tab.value(pos) < 1.0


def test_one_checker_race_by_hand():
    # One checker each. The mover's is on its index 2 (point 2) and needs 5
    # pips; the opponent's is on its index 6 (point 1), behind it, and bears
    # off with any roll. No hit can happen, so the mover wins exactly when
    # a+b >= 5: 30 of 36.
    tab = table(1, False)
    pos = parse_position("-1,1,0,0,0,0/0,0/0,0/1", 1)
    assert tab.value(pos) == pytest.approx(30 / 36, abs=1e-7)
    # The same race seen with Player 2 to move (mirrored) has one index.
    pos2 = parse_position("0,0,0,0,-1,1/0,0/0,0/2", 1)
    assert tab.index(pos2) == tab.index(pos)
    # And the opponent, to move instead, wins for sure.
    pos[16] = 2
    assert tab.value(pos) == 1.0


def test_pure_race_values_do_not_depend_on_variant():
    # No checker on a bar and no contact possible (every mover checker is
    # past every opponent checker): the variants agree.
    n = 3
    a, b = table(n, False), table(n, True)
    diffs = 0
    for i in range(a.size):
        pos = a.position(i)
        if pos[0] or pos[8] or winner(pos, n):
            continue
        mine = [k for k in range(1, 7) if pos[k]]
        theirs = [7 - k for k in range(1, 7) if pos[8 + k]]  # mover's view
        if mine and theirs and min(mine) <= max(theirs):
            continue
        diffs += abs(float(a.values[i]) - float(b.values[i])) > 1e-6
    assert diffs == 0


def test_opening_win_probabilities_are_sane():
    for fe in (False, True):
        tab = table(4, fe)
        p = solver.opening_win_probability(tab, Rules(checkers=4,
                                                      full_entry=fe))
        assert 0.5 < p < 1.0


def test_cache_round_trip(tmp_path, monkeypatch):
    monkeypatch.setenv("MINIGAM_CACHE", str(tmp_path))
    assert solver.load(False, 2) is None
    t = solver.load_or_solve(False, 2)
    assert os.path.exists(solver.table_path(False, 2))
    u = solver.load(False, 2)
    assert np.array_equal(t.values, u.values)
    assert u.meta["positions"] == t.size


def test_perfect_player_takes_a_best_result():
    n = 4
    for fe in (False, True):
        tab = table(n, fe)
        rules = Rules(checkers=n, full_entry=fe)
        player = PerfectPlayer(rules, tab)
        rng = random.Random(7)
        for _ in range(300):
            pos = tab.position(rng.randrange(tab.size), rng.choice((1, 2)))
            if winner(pos, n):
                with pytest.raises(ValueError):
                    player.begin(pos, 3, 1)
                continue
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            steps = player.choose(pos, d1, d2)
            res = apply_steps(rules, pos, steps)
            assert res == player.result
            results = rules.results(pos, d1, d2)
            assert res in results
            eqs = solver.result_equities(tab, rules, pos, d1, d2)
            m = 0 if pos[16] == 1 else 8
            mine = 1.0 if res[m + 7] == n else 1.0 - tab.value(res)
            assert mine == eqs[0][0] == player.equity
            assert solver.decision_loss(tab, rules, pos, d1, d2, res) == 0.0
            for eq, r, _ in eqs:
                loss = solver.decision_loss(tab, rules, pos, d1, d2, r)
                assert loss == eqs[0][0] - eq and loss >= 0.0
            # Sliced interface gives the same answer.
            player.begin(pos, d1, d2)
            while not player.step():
                pass
            assert player.result == res


def run_cli(args, text, env_extra=None):
    env = dict(os.environ)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "minigam.host"] + args,
                          input=text, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=300)


def test_ai_cli_perfect_errors_and_pass(tmp_path):
    # A tiny fake cache so the CLI does not solve the full game: the real
    # 8-checker table is only needed for values, and the format of the
    # answers is what is checked here.
    env = {"MINIGAM_CACHE": str(tmp_path)}
    size = solver.get_index(8).size
    vals = np.full(size, 0.5, dtype=np.float32)
    np.save(os.path.join(str(tmp_path), "solve-std-n8.npy"), vals)
    lines = ["0,0,0,0,0,0/8,8/0,0/1 3-1",
             "garbage 3-1",
             "0,0,0,0,0,0/8,8/0,0/1 7-1",
             "0,0,0,0,0,0/0,8/8,0/2 3-1",
             ""]
    r = run_cli(["ai", "--level", "perfect"], "\n".join(lines) + "\n", env)
    assert "Traceback" not in r.stderr
    assert r.returncode == 2
    out = r.stdout.split("\n")
    legal = run_cli(["legal"], lines[0] + "\n").stdout.strip().split(";")
    assert out[0] in legal
    assert out[1].startswith("error: ")
    assert out[2].startswith("error: ")
    assert out[3] == ""
    assert len(out) == 5 and out[4] == ""


def test_ai_cli_pass_prints_the_pass_position(tmp_path):
    env = {"MINIGAM_CACHE": str(tmp_path)}
    size = solver.get_index(8).size
    np.save(os.path.join(str(tmp_path), "solve-std-n8.npy"),
            np.full(size, 0.5, dtype=np.float32))
    # Player 1: 7 on the bar, 1 off; Player 2 holds points 1..4 (made).
    pos = "-2,-2,-2,-2,0,0/7,0/1,0/1"
    r = run_cli(["ai", "--level", "perfect"], pos + " 4-3\n", env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "-2,-2,-2,-2,0,0/7,0/1,0/2"


def test_ai_cli_device_levels_answer_legally():
    line = "0,0,0,0,0,0/8,8/0,0/1 5-2"
    legal = run_cli(["legal"], line + "\n").stdout.strip().split(";")
    for level in ("easy", "medium", "hard"):
        r = run_cli(["ai", "--level", level, "--seed", "3"], line + "\n")
        assert "Traceback" not in r.stderr
        if r.returncode == 2 and "unavailable" in r.stderr:
            pytest.skip("minigam.quarter.ai not available")
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() in legal


def test_ai_cli_rejects_unknown_level():
    r = run_cli(["ai", "--level", "godlike"], "")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_solve_cli_report_reduced_game(tmp_path):
    env = {"MINIGAM_CACHE": str(tmp_path)}
    r = run_cli(["solve", "--report", "--checkers", "2", "-q"], "", env)
    assert r.returncode == 0, r.stderr
    lines = [l for l in r.stdout.splitlines() if "first mover wins" in l]
    assert len(lines) == 2
    assert lines[0].startswith("standard") and lines[1].startswith("Full")
    for l in lines:
        p = float(l.split("wins ")[1].split()[0])
        assert 0.0 < p < 1.0
    r = run_cli(["solve", "--checkers", "9"], "", env)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_ai_cli_perfect_without_a_table_refuses_with_the_command(tmp_path):
    # As play's ai:perfect: no silent solve of several minutes.
    r = run_cli(["ai", "--level", "perfect", "--full-entry"],
                "0,0,0,0,0,0/8,8/0,0/1 3-1\n", {"MINIGAM_CACHE": str(tmp_path)})
    assert r.returncode == 2 and r.stdout == ""
    assert "python -m minigam.host solve --full-entry" in r.stderr
    assert not os.listdir(str(tmp_path))
