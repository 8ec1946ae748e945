"""``legal --game backgammon`` against GNU Backgammon (issue 16).

Offline (always): the CLI over tests/data/bg_legal.txt.gz, the legal plays
gnubg 1.07 listed for 10,000 distinct decision points of its own games
(written by ``python -m minigam.host.aitools.bg.gnubg --legal-fixture``): the
count and a digest of the sorted results must agree on every one. Plus the
CLI's contract (errors, passes, finished games).

Live (only where gnubg is installed; CI has none): random positions of
every kind (bar, bear-off, contact) and a sample of the fixture against
gnubg itself, the Position ID's orientation and the Match ID's fields
against gnubg's own, and the runner's errors.
"""

import os
import random
import subprocess
import sys

import pytest

from bg_refgen import random_position
from minigam.bg.ids import (format_position_id, parse_match_id,
                            parse_position_id)
from minigam.bg.rules import BLOCK, TURN, new_position
from minigam.host.aitools.bg import gnubg

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "data", "bg_legal.txt.gz")
START = "4HPwATDgc/ABMA"

live = pytest.mark.skipif(not gnubg.available(),
                          reason="gnubg is not installed")


def legal(data):
    if isinstance(data, str):
        data = data.encode()
    proc = subprocess.run([sys.executable, "-m", "minigam.host", "legal",
                           "--game", "backgammon"], input=data,
                          capture_output=True, timeout=600,
                          cwd=os.path.dirname(HERE))
    out = proc.stdout.decode()
    err = proc.stderr.decode()
    assert "Traceback" not in out + err, err
    return proc.returncode, out, err


# -- offline ---------------------------------------------------------------

def test_legal_agrees_with_gnubg_on_its_10000_positions():
    entries = gnubg.read_fixture(FIXTURE)
    assert len(entries) >= 10000
    assert len({(p, a, b) for p, a, b, _, _ in entries}) == len(entries)
    data = "".join("%s %d-%d\n" % e[:3] for e in entries)
    code, out, err = legal(data)
    assert code == 0 and err == ""
    lines = out.split("\n")
    assert lines[-1] == "" and len(lines) == len(entries) + 1
    bad = []
    for (pid, a, b, count, digest), line in zip(entries, lines):
        results = line.split(";")
        assert results == sorted(results)
        if len(results) != count or gnubg.digest(results) != digest:
            bad.append("%s %d-%d: %d plays, gnubg %d"
                       % (pid, a, b, len(results), count))
    assert not bad, "%d disagreements, e.g.\n%s" % (len(bad),
                                                    "\n".join(bad[:10]))
    # The fixture covers what matters: doubles, passes, hits, bear-offs.
    assert sum(1 for e in entries if e[1] == e[2]) > 1000
    assert sum(1 for e in entries if e[3] == 1) > 100
    assert max(e[3] for e in entries) > 100


def test_legal_output_format():
    code, out, err = legal(START + " 6-5\n")
    assert code == 0
    results = out.strip().split(";")
    assert len(results) == 7 and results == sorted(results)
    # Each result keeps the mover on roll: its second block moved, the
    # first (the opponent's) did not.
    for r in results:
        pos = parse_position_id(r)
        assert pos[26:52] == new_position()[26:52]
        assert sum(pos[1:25]) == 15


def test_legal_errors_pass_and_finished_games():
    closed = "27YdAADg/wMAYA"  # 2 on the bar against a closed board
    data = "\n".join([
        START + " 3-1",
        "garbage",
        START + " 7-1",
        "4HPwATDgc/ABM 3-1",
        "4HPwATDgc/AB-A 3-1",
        "//////////////" + " 3-1",
        START + " 3-1 extra",
        "",
        "   " + closed + "\t 6-6  \r",
        "/38AAAAAAAAAAA 3-1",  # the player on roll has borne off all 15
        "AAAA/v8AAAAAAA 3-1",  # its opponent has
        START + " 2-2",
    ]) + "\n"
    code, out, err = legal(data)
    assert code == 2
    lines = out.split("\n")
    assert len(lines) == 12 and lines[-1] == ""
    assert lines[0].count(";") == 15  # 16 plays of 3-1 (as gnubg)
    assert lines[1] == "error: expected '<position-id> <d1>-<d2>', got 1 field"
    assert lines[2].startswith("error: roll must look like 3-1")
    assert lines[3] == "error: position ID must be 14 characters, got 13"
    assert lines[4] == ("error: position ID: bad character '-' at 13 (not "
                        "base64)")
    assert lines[5].startswith("error: position ID: too many bits")
    assert lines[6] == "error: expected '<position-id> <d1>-<d2>', got 3 fields"
    assert lines[7] == closed  # no legal play: the position itself
    assert lines[8] == "" and lines[9] == ""  # finished: no result
    assert lines[10].count(";") == 74  # 75 plays of 2-2 (as gnubg)


def test_legal_backgammon_options():
    proc = subprocess.run([sys.executable, "-m", "minigam.host", "legal",
                           "--game", "backgammon", "--full-entry"],
                          input=b"", capture_output=True, timeout=60,
                          cwd=os.path.dirname(HERE))
    assert proc.returncode == 2 and b"--full-entry" in proc.stderr
    assert legal(b"") == (0, "", "")
    code, out, err = legal(b"\xff\xfe garbage\n")
    assert code == 2 and out.startswith("error: ")


def test_fixture_reader_and_digest(tmp_path):
    assert gnubg.digest(["a", "b"]) == gnubg.digest(["a", "b"])
    assert len(gnubg.digest([START])) == 12
    entries = gnubg.read_fixture(FIXTURE)
    pid, a, b, count, dig = entries[0]
    assert len(pid) == 14 and 1 <= a <= 6 and 1 <= b <= 6 and a <= b


def test_runner_without_gnubg(monkeypatch):
    monkeypatch.setenv(gnubg.ENV, "/nonexistent/gnubg")
    assert gnubg.find() is None and not gnubg.available()
    with pytest.raises(gnubg.GnubgMissing, match="apt-get install gnubg"):
        gnubg.run("emit(1)")
    with pytest.raises(gnubg.GnubgMissing):
        gnubg.legal_plays([(START, 3, 1)])
    assert gnubg.main(["--legal-fixture", "/nonexistent/x.gz",
                       "--positions", "1"]) == 2


# -- live --------------------------------------------------------------------

@live
def test_runner_returns_emitted_lines_and_reports_errors():
    assert gnubg.run("emit('a', 1)\nemit()\nemit(len('xyz'))") == \
        "a 1\n\n3\n"
    assert gnubg.run("pass") == ""
    with pytest.raises(gnubg.GnubgError, match="ZeroDivisionError"):
        gnubg.run("emit(1)\n1 / 0\n")
    with pytest.raises(gnubg.GnubgError, match="took more than"):
        gnubg.run("import time\ntime.sleep(30)\n", timeout=3)


@live
def test_position_id_orientation_matches_gnubg():
    # gnubg's board for our IDs: (not on roll, on roll), places in each
    # side's own view (ace point first, bar last); and its ID for that
    # board is ours.
    rng = random.Random(11)
    positions = [new_position()] + [random_position(rng) for _ in range(40)]
    ids = [format_position_id(p) for p in positions]
    text = gnubg.run("for pid in %r:\n"
                     "    b = gnubg.positionfromid(pid)\n"
                     "    emit(pid, gnubg.positionid(b), list(b[0]), "
                     "list(b[1]))\n" % ids)
    lines = text.splitlines()
    assert len(lines) == len(ids)
    for pos, pid, line in zip(positions, ids, lines):
        back, rest = line.split(" ", 2)[1], line.split(" ", 2)[2]
        assert back == pid
        first, second = rest.split("] [")
        first = [int(x) for x in first.strip("[]").split(",")]
        second = [int(x) for x in second.strip("[]").split(",")]
        m = 0 if pos[TURN] == 1 else BLOCK
        for block, places in ((BLOCK - m, first), (m, second)):
            assert places == [pos[block + 24 - j] for j in range(24)] + \
                [pos[block]]
    assert ids[0] == START


@live
def test_legal_agrees_with_live_gnubg_on_random_positions():
    rng = random.Random(2024)
    queries = []
    for _ in range(150):
        pos = random_position(rng)
        queries.append((format_position_id(pos), rng.randint(1, 6),
                        rng.randint(1, 6)))
    entries = gnubg.read_fixture(FIXTURE)
    queries += [e[:3] for e in rng.sample(entries, 30)]
    want = gnubg.legal_plays(queries)
    code, out, err = legal("".join("%s %d-%d\n" % q for q in queries))
    assert code == 0
    got = out.split("\n")[:-1]
    for q, w, g in zip(queries, want, got):
        assert g.split(";") == w, q


@live
def test_match_id_fields_match_gnubg():
    # Match states set up in gnubg; its Match ID must decode to what its
    # own cube information says.
    script = r'''
setups = [
    ["new match 7", "set score 2 3", "set cube value 4", "set cube owner 1",
     "set turn 1", "set dice 4 2"],
    ["new match 5", "set score 4 1", "set crawford on", "set turn 0",
     "set dice 6 6"],
    ["new session", "set cube value 2", "set cube owner 0", "set turn 0"],
    ["new match 3", "set turn 1"],
    ["new session", "set jacoby off"],
]
for cmds in setups:
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    for c in cmds:
        gnubg.command(c)
    ci = gnubg.cubeinfo()
    emit(gnubg.matchid(), ci["cube"], ci["cubeowner"], ci["move"],
         ci["matchto"], ci["score"][0], ci["score"][1], ci["crawford"],
         ci["jacoby"])
'''
    lines = gnubg.run(script).splitlines()
    assert len(lines) == 5
    for line in lines:
        mid, cube, owner, move, length, s0, s1, crawford, jacoby = \
            line.split()
        f = parse_match_id(mid)
        assert f["cube"] == int(cube) and f["cube_owner"] == int(owner)
        assert f["move"] == int(move) and f["length"] == int(length)
        assert (f["score0"], f["score1"]) == (int(s0), int(s1))
        assert f["crawford"] == int(crawford)
        assert f["no_jacoby"] == 1 - int(jacoby)
        assert f["state"] == 1
    first = parse_match_id(lines[0].split()[0])
    assert (first["die1"], first["die2"]) in ((4, 2), (2, 4))


@live
def test_gnubg_games_give_decision_points():
    points = gnubg.game_positions(1, seed=5)
    assert len(points) > 20
    assert points[0][0] == START
    for pid, a, b in points:
        parse_position_id(pid)
        assert 1 <= a <= 6 and 1 <= b <= 6
