"""Host tests of ``python -m minigam.host review`` (issue 15's game review)
and of the tutor's calibration
(``minigam.host.aitools.quarter.tutor_calibration``)."""

import io
import re
import subprocess
import sys

import pytest

from minigam.quarter.ai import AIPlayer
from minigam.core.dice import Dice
from minigam.quarter.game import Game, ROLL
from minigam.quarter.notation import format_play
from minigam.quarter.record import export, replay
from minigam.quarter.rules import Rules, TURN
from minigam.host.cli import review as cmd_review
from minigam.host.aitools.quarter import perfect
from minigam.host.aitools.quarter import solver
from minigam.host.aitools.quarter import tutor_calibration
from minigam.host.aitools.quarter.perfect import PerfectPlayer

LINE = re.compile(r"^ *(\d+)\. P([12]) (\d)-(\d)  \S")


def parse(s):
    """A decision line's fields (fixed columns: a play is at most 13
    characters): turn, player, d1, d2, played, better, loss, mark."""
    m = LINE.match(s)
    if not m or len(s) < 50:
        return None
    return m.groups() + (s[14:29].strip(), s[29:44].strip(), s[44:50],
                         s[52:] or None)


def play_game(seed, rules=None, levels=("easy", "hard")):
    """A finished Game: ``levels[0]`` is P1, seeded dice and noise."""
    game = Game(rules=rules or Rules(), dice=Dice(seed=seed))
    ais = {p: AIPlayer(game.rules, levels[p - 1], seed=seed + p)
           for p in (1, 2)}
    game.start_game()
    while not game.winner:
        if game.state == ROLL:
            game.roll()
        game.play_steps(ais[game.player].choose(game.pos, game.d1, game.d2))
        game.confirm()
    return game


@pytest.fixture(scope="module")
def record_text():
    return export(play_game(3))


@pytest.fixture
def record(tmp_path, record_text):
    path = tmp_path / "game.txt"
    path.write_text(record_text)
    return str(path)


@pytest.fixture
def no_cache(tmp_path, monkeypatch):
    empty = tmp_path / "cache"
    empty.mkdir()
    monkeypatch.setenv("MINIGAM_CACHE", str(empty))
    assert solver.load(False, 8) is None


def run(argv, capsys):
    rc = cmd_review.main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def decisions(out):
    return [parse(s) for s in out.splitlines() if parse(s)]


def sections(out):
    """``(decision lines, {player: largest-error lines})`` of one game."""
    lines = out.splitlines()
    body, worst, who = [], {}, None
    for s in lines:
        m = re.match(r"^P([12]): (\d+) decisions?, mean loss", s)
        if m:
            who = int(m.group(1))
            worst[who] = []
        elif parse(s):
            (worst[who] if who else body).append(parse(s))
    return body, worst


def hard_decisions(game):
    """Every decision with a choice of ``game``, measured independently
    with a fresh Hard per turn: ``(turn, player, d1, d2, played, best,
    loss)``."""
    rules = game.rules
    pos = bytearray(game.start)
    out = []
    for n, (player, d1, d2, steps) in enumerate(game.turns,
                                                game.first_turn + 1):
        hard = AIPlayer(Rules(full_entry=rules.full_entry), "hard", seed=0)
        hard.choose(pos, d1, d2)
        after = bytearray(pos)
        m = 0 if player == 1 else 8
        for s, d, _ in steps:
            rules.do_move(after, m, s, d)
        after[TURN] = 3 - player
        if hard.choices > 1:
            out.append((n, player, d1, d2, format_play(player, steps),
                        hard.loss_of(after)))
        pos = after
    return out


def test_every_line_is_a_real_decision(record, record_text, capsys):
    rc, out, err = run(["--values", "hard", record], capsys)
    assert rc == 0, err
    assert re.match(r"game 1: standard, P[12] won; values: Hard's "
                    r"estimates\n turn    roll played ", out)
    body, _ = sections(out)
    want = hard_decisions(replay(record_text)[0])
    assert len(body) == len(want) >= 5
    for got, (n, p, d1, d2, played, loss) in zip(body, want):
        # the roll high die first, whichever was rolled first
        assert got[:5] == (str(n), str(p), str(max(d1, d2)),
                           str(min(d1, d2)), played)
        assert got[6] == "%.4f" % loss
        assert (got[5] == "=") == (round(loss, 4) == 0)
        assert got[7] == ("blunder" if loss > 0.06 else "doubtful"
                          if loss > 0.02 else None)


def test_the_three_largest_are_the_largest(record, capsys):
    rc, out, _ = run(["--values", "hard", record], capsys)
    assert rc == 0
    body, worst = sections(out)
    for p in (1, 2):
        mine = [d for d in body if d[1] == str(p) and d[5] != "="]
        mine.sort(key=lambda d: -float(d[6]))
        assert worst[p] == mine[:3]
    assert len(worst[1]) == 3  # Easy errs, by Hard's measure
    assert worst[2] == []  # Hard never errs by its own measure
    assert re.search(r"^P2: \d+ decisions, mean loss 0\.0000 a decision "
                     r"\(win probability; summed 0\.0000\)\n  no errors$",
                     out, re.M)
    total = sum(float(d[6]) for d in body if d[1] == "1")
    m = re.search(r"^P1: (\d+) decisions, mean loss (\S+) a decision "
                  r"\(win probability; summed (\S+)\)$", out, re.M)
    n = int(m.group(1))
    assert n == sum(1 for d in body if d[1] == "1")
    assert abs(float(m.group(3)) - total) < 0.0005
    assert abs(float(m.group(2)) - total / n) < 0.0005


def test_player_option(record, capsys):
    _, both, _ = run(["--values", "hard", record], capsys)
    rc, one, _ = run(["--values", "hard", "--player", "1", record], capsys)
    assert rc == 0
    assert decisions(one) == [d for d in sections(both)[0] if d[1] == "1"] \
        + sections(both)[1][1]
    assert "P2:" not in one


def test_a_match_and_stdin(record_text, monkeypatch, capsys):
    text = record_text + "\n" + export(play_game(4))
    monkeypatch.setattr(sys, "stdin",
                        io.TextIOWrapper(io.BytesIO(text.encode())))
    rc, out, _ = run(["--values", "hard", "-"], capsys)
    assert rc == 0
    assert "\ngame 2: standard, " in out
    assert out.count("\nP1: ") == 2


def nardy_record(seed):
    """The record of a Long Nardy game two random players played."""
    from minigam.host.aitools.players import RandomPlayer, play_game as play
    from minigam.nardy.game import NardyGame
    from minigam.nardy.record import export as nardy_export
    g = NardyGame(dice=Dice(seed=seed))
    play(g, (RandomPlayer(g.rules, seed), RandomPlayer(g.rules, seed + 1)))
    return nardy_export(g)


MAT = str(__import__("pathlib").Path(__file__).parent / "data"
          / "bg_gnubg_3pt.mat")


def test_a_record_names_its_game(tmp_path, record, capsys):
    # Issue 54: a Long Nardy record was refused ("expected 'MINIGAM
    # record 1'") without --game nardy; its first line says what it is.
    path = tmp_path / "nardy.txt"
    path.write_text(nardy_record(5))
    rc, out, err = run(["--player", "1", str(path)], capsys)
    assert rc == 0, err
    assert out.startswith("game 1: Long Nardy, P")
    assert len(decisions(out)) >= 5
    rc, out, err = run(["--player", "1", MAT], capsys)  # gnubg's .mat
    assert rc == 0, err
    assert out.startswith("game 1: Backgammon, P1 won")
    rc, out, err = run(["--values", "hard", "--player", "1", record], capsys)
    assert rc == 0 and out.startswith("game 1: standard"), err
    # A --game that the first line contradicts names the record's game.
    rc, out, err = run(["--game", "minigam", str(path)], capsys)
    assert rc == 2 and out == ""
    assert err == ("error: %s: a Long Nardy record ('Long Nardy record "
                   "1'), not MINIGAM's: --game nardy, or no --game\n"
                   % path)
    rc, out, err = run(["--game", "nardy", MAT], capsys)
    assert rc == 2 and "a Backgammon match (.mat), not Long Nardy's" in err
    rc, out, err = run(["--game", "backgammon", record], capsys)
    assert rc == 2 and "a MINIGAM record" in err
    # A first line that names no game: MINIGAM's reader says what it wants.
    path.write_text("hello\n")
    rc, out, err = run([str(path)], capsys)
    assert rc == 2 and "expected 'MINIGAM record 1'" in err


def test_backgammon_plays_in_gnubgs_words(capsys):
    # gnubg's .mat writes a move a die (turn 21: "42: 8/4* 4/2"); the
    # review writes the play as players do, and the roll high die first.
    rc, out, err = run(["--game", "backgammon", MAT], capsys)
    assert rc == 0, err
    lines = {d[0]: d for d in decisions(out.split("\ngame 2:")[0])}
    assert lines["21"][1:5] == ("2", "4", "2", "8/4*/2")
    assert "\n  13. P2 3-3  18/15(2) 13/10(2) " in out
    assert all(int(d[2]) >= int(d[3]) for d in lines.values())


def test_exact_without_a_table_names_the_solve_command(record, no_cache,
                                                       capsys):
    rc, out, err = run(["--values", "exact", record], capsys)
    assert rc == 2 and out == ""
    assert "python -m minigam.host solve'" in err
    fe = play_game(5, Rules(full_entry=True))
    with open(record, "w") as f:
        f.write(export(fe))
    rc, _, err = run(["--values", "exact", record], capsys)
    assert rc == 2 and "solve --full-entry" in err
    # auto falls back to Hard's estimates and says so
    rc, out, _ = run([record], capsys)
    assert rc == 0
    assert out.splitlines()[0].endswith(
        "values: Hard's estimates (no cached exact table: 'python -m "
        "minigam.host solve --full-entry' makes it in minutes)")


def test_exact_values_are_used_when_cached(record, monkeypatch, capsys):
    # An advisor with PerfectPlayer's interface standing in for the table.
    class Stub(AIPlayer):
        def loss_of(self, result):
            return 2 * AIPlayer.loss_of(self, result)

    monkeypatch.setattr(perfect, "factory", lambda checkers=8: (
        lambda rules: Stub(rules, "hard", seed=0)))
    _, hard, _ = run(["--values", "hard", record], capsys)
    for values in ("exact", "auto"):
        rc, out, _ = run(["--values", values, record], capsys)
        assert rc == 0
        assert "values: exact (cached table)" in out.splitlines()[0]
        assert [float(d[6]) for d in decisions(out)] == pytest.approx(
            [2 * float(d[6]) for d in decisions(hard)], abs=2e-4)


_SMALL = {}


def small_table():
    if not _SMALL:
        _SMALL[3] = solver.solve(3)  # a second or two
    return _SMALL[3]


def test_exact_review_of_a_small_game():
    table = small_table()
    rules = Rules(checkers=3)
    game = replay(export(play_game(6, rules, ("easy", "medium"))),
                  checkers=3)[0]
    out = io.StringIO()
    seen = cmd_review.review_game(game, (1, 2), PerfectPlayer(rules, table),
                                  out)
    pos = bytearray(game.start)
    got = seen[1] + seen[2]
    got.sort(key=lambda d: d.turn)
    k = 0
    for n, (player, d1, d2, steps) in enumerate(game.turns, 1):
        after = bytearray(pos)
        for s, d, _ in steps:
            rules.do_move(after, 0 if player == 1 else 8, s, d)
        after[TURN] = 3 - player
        eqs = solver.result_equities(table, Rules(checkers=3), pos, d1, d2)
        if len(eqs) > 1:
            assert got[k].turn == n
            assert got[k].loss == pytest.approx(solver.decision_loss(
                table, Rules(checkers=3), pos, d1, d2, after))
            k += 1
        pos = after
    assert k == len(got) > 0
    assert len(decisions(out.getvalue())) >= len(got)


def test_malformed_record_gives_the_line(record, record_text, capsys):
    lines = record_text.splitlines()
    k = next(i for i, s in enumerate(lines) if s.startswith("3. "))
    lines[k] = lines[k].replace("=>", "=> 0,0,0,0,0,0/8,8/0,0/1 x")
    with open(record, "w") as f:
        f.write("\n".join(lines) + "\n")
    rc, out, err = run([record], capsys)
    assert rc == 2 and out == ""
    assert err.startswith("error: %s: line %d: " % (record, k + 1))


def test_binary_and_missing_files(tmp_path, capsys):
    path = tmp_path / "game.bin"
    path.write_bytes(b"MINIGAM record 1\n\x00\x01\x02\xff")
    rc, _, err = run([str(path)], capsys)
    assert rc == 2 and "line 2: binary data" in err
    rc, _, err = run([str(tmp_path / "none.txt")], capsys)
    assert rc == 2 and "error: cannot read" in err and "Traceback" not in err
    rc, _, err = run([str(tmp_path)], capsys)
    assert rc == 2 and "error: cannot read" in err


def test_registered_in_the_entry_point(record):
    r = subprocess.run([sys.executable, "-m", "minigam.host", "review",
                        "--values", "hard", "--player", "2", record],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("game 1: standard")
    r = subprocess.run([sys.executable, "-m", "minigam.host", "--help"],
                       capture_output=True, text=True, timeout=60)
    assert "review   measure each decision" in r.stdout


# -- the tutor's calibration ------------------------------------------------

def test_calibration_samples_real_decisions():
    table = small_table()
    points = tutor_calibration.sample(table, 40, seed=1)
    assert len(points) == 40
    assert {p.level for p in points} == {"easy", "medium"}
    rules = Rules(checkers=3)
    for p in points[:15]:
        pos = bytearray(p.pos)
        eqs = solver.result_equities(table, rules, pos, p.d1, p.d2)
        assert len(eqs) > 1
        mine = [e for e, r, _ in eqs if bytes(r) == p.result]
        assert p.exact == pytest.approx(eqs[0][0] - mine[0])
        hard = AIPlayer(Rules(checkers=3), "hard", seed=0)
        hard.choose(pos, p.d1, p.d2)
        assert p.est == hard.loss_of(bytearray(p.result))


def test_calibration_report_counts():
    P = tutor_calibration.Point
    pts = [P(b"", 1, 2, b"", "easy", est, exact) for est, exact in (
        (0.0, 0.0), (0.03, 0.0), (0.07, 0.01), (0.0, 0.03), (0.03, 0.04),
        (0.1, 0.2), (0.01, 0.07))]
    assert tutor_calibration.confusion(pts) == [[1, 1, 1], [1, 1, 0],
                                                [1, 0, 1]]
    assert tutor_calibration.flags(pts, 0.02, 0.02) == (4, 2, 2)
    out = io.StringIO()
    tutor_calibration.report(pts, out)
    text = out.getvalue()
    assert "false alarms (flagged, exact loss <= 0.02): 2 (50.0% of" in text
    assert "misses (exact loss > 0.02, not flagged): 2 (50.0% of" in text
    gap = sum(abs(p.est - p.exact) for p in pts) / len(pts)
    assert "mean |estimate - exact| loss: %.4f" % gap in text


def test_calibration_needs_the_table(no_cache, capsys):
    rc, out, err = run(["--calibrate", "10"], capsys)
    assert rc == 2 and out == ""
    assert "'python -m minigam.host solve'" in err


WITHOUT_NUMBA = ("import sys; sys.modules['numba'] = None\n"
                 "from minigam.host.__main__ import main\n"
                 "sys.exit(main(sys.argv[1:]))")


def test_without_numba_review_falls_back_and_ai_perfect_says_why(record):
    """make play's set-up has no numba: review uses Hard's estimates and
    says why, ``ai --level perfect`` refuses in a sentence (no
    traceback in either)."""
    got = subprocess.run([sys.executable, "-c", WITHOUT_NUMBA, "review",
                          record], capture_output=True, text=True,
                         timeout=300)
    assert got.returncode == 0, got.stderr
    head = got.stdout.splitlines()[0]
    assert "values: Hard's estimates (the exact table needs make test's " \
        "set-up" in head
    assert "Traceback" not in got.stderr
    got = subprocess.run([sys.executable, "-c", WITHOUT_NUMBA, "review",
                          "--values", "exact", record],
                         capture_output=True, text=True, timeout=300)
    assert got.returncode == 2 and "Traceback" not in got.stderr
    assert "make test's set-up" in got.stderr
    got = subprocess.run([sys.executable, "-c", WITHOUT_NUMBA, "ai",
                          "--level", "perfect"],
                         input="sp/sp 3-1\n", capture_output=True, text=True,
                         timeout=300)
    assert got.returncode == 2 and "Traceback" not in got.stderr, got.stderr
    assert "perfect level needs the exact table's tools" in got.stderr
