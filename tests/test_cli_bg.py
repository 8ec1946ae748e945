"""Backgammon on the host CLI (issue 16): ``ai``, ``play`` and ``replay``
with ``--game backgammon``.

``ai``'s answer is always one of ``legal``'s results (checked on 600
positions: decision points of gnubg's own games, random positions with
checkers on the bar, bearing off and in contact, dances and finished
games), in ``legal``'s convention; bad lines are error lines. ``play``
prints a ``.mat`` file that ``replay`` (and ``minigam.host.bgmat``) reads
back; every error is one line and exit status 2, never a traceback.
"""

import contextlib
import io
import os
import random


from bg_refgen import random_position
from test_cli_legal import run
from minigam.bg.ids import format_position_id, parse_position_id
from minigam.bg.rules import new_position
from minigam.host import bgmat
from minigam.host.aitools.bg import gnubg
from minigam.host.cli import play as cmd_play
from minigam.host.cli import replay as cmd_replay

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "data", "bg_legal.txt.gz")
START = "4HPwATDgc/ABMA"
CLOSED = "27YdAADg/wMAYA"  # 2 on the bar against a closed board: 6-6 dances
WON = "/38AAAAAAAAAAA"  # the player on roll has borne off all 15


def run_main(mod, argv):
    out = io.StringIO()
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = mod.main(argv)
    return rc, out.getvalue(), err.getvalue()


# -- ai ------------------------------------------------------------------

def _queries():
    rng = random.Random(16)
    entries = gnubg.read_fixture(FIXTURE)
    out = ["%s %d-%d" % e[:3] for e in rng.sample(entries, 400)]
    for _ in range(180):
        out.append("%s %d-%d" % (format_position_id(random_position(rng)),
                                 rng.randint(1, 6), rng.randint(1, 6)))
    out += ["%s 6-6" % CLOSED, "%s 3-1" % WON, "%s 6-5" % START]
    out += ["%s %d-%d" % (format_position_id(random_position(
        rng, allow_finished=True)), rng.randint(1, 6), rng.randint(1, 6))
        for _ in range(17)]
    rng.shuffle(out)
    return out


def test_ai_answers_are_legal_results_at_every_level():
    queries = _queries()
    data = "".join(q + "\n" for q in queries)
    code, out, err = run(["legal", "--game", "backgammon"], data)
    assert code == 0 and err == ""
    legal = out.split("\n")[:-1]
    assert len(legal) == len(queries)
    dances = sum(1 for q, r in zip(queries, legal) if r == q.split()[0])
    assert dances >= 5 and legal.count("") >= 2
    picks = {}
    for level, n in (("hard", 600), ("easy", 150), ("medium", 150)):
        code, out, err = run(
            ["ai", "--game", "backgammon", "--level", level, "--seed", "3"],
            "".join(q + "\n" for q in queries[:n]))
        assert code == 0 and err == ""
        got = out.split("\n")[:-1]
        assert len(got) == n
        for q, choices, pick in zip(queries, legal, got):
            if choices == "":
                assert pick == "", q  # the game is over: no answer
            else:
                assert pick in choices.split(";"), (level, q, pick)
        picks[level] = got
    # Noise makes the levels differ; hard needs no seed to repeat itself.
    assert picks["easy"] != picks["hard"][:150]
    code, out, _ = run(["ai", "--game", "backgammon", "--level", "hard"],
                       "".join(q + "\n" for q in queries[:150]))
    assert out.split("\n")[:-1] == picks["hard"][:150]


def test_ai_conventions():
    code, out, err = run(["ai", "--game", "backgammon", "--level", "hard"],
                         "%s 6-6\n%s 3-1\n\n  %s \t 6-5 \r\n" % (
                             CLOSED, WON, START))
    assert code == 0 and err == ""
    lines = out.split("\n")
    assert lines[0] == CLOSED  # no legal play: the position itself
    assert lines[1] == ""  # finished: no answer
    pos = parse_position_id(lines[2])  # the mover still on roll
    assert pos[26:52] == new_position()[26:52]
    assert lines[2] in run(["legal", "--game", "backgammon"],
                           START + " 6-5\n")[1].strip().split(";")
    assert len(lines) == 4 and lines[3] == ""
    # The same seed, the same choices.
    data = "".join(q + "\n" for q in _queries()[:100])
    a = run(["ai", "--game", "backgammon", "--level", "easy", "--seed", "9"],
            data)
    assert a == run(["ai", "--game", "backgammon", "--level", "easy",
                     "--seed", "9"], data)


def test_ai_bad_lines_and_options():
    data = "\n".join([START + " 3-1", "garbage", START + " 7-1",
                      "4HPwATDgc/ABM 3-1", "//////////////" + " 3-1",
                      START + " 3-1 extra", START + " 2-2"]) + "\n"
    code, out, err = run(["ai", "--game", "backgammon", "--level", "medium"],
                         data)
    assert code == 2
    lines = out.split("\n")
    assert len(lines) == 8 and lines[-1] == ""
    assert not lines[0].startswith("error") and not lines[6].startswith(
        "error")
    assert lines[1] == ("error: expected '<position-id> <d1>-<d2>', got 1 "
                        "field")
    assert lines[2].startswith("error: roll must look like 3-1")
    assert lines[3] == "error: position ID must be 14 characters, got 13"
    assert lines[4].startswith("error: position ID: too many bits")
    assert lines[5].startswith("error: expected '<position-id>")
    code, out, err = run(["ai", "--game", "backgammon", "--level", "hard"],
                         b"\xff\xfe garbage\n" + bytes(range(256)) + b"\n")
    assert code == 2 and all(x.startswith("error: ")
                             for x in out.split("\n")[:-1])
    for args, why in ((["--level", "perfect"], "no perfect level"),
                      (["--level", "hard", "--full-entry"], "--full-entry"),
                      (["--level", "genius"], "invalid choice")):
        code, out, err = run(["ai", "--game", "backgammon"] + args,
                             START + " 3-1\n")
        assert code == 2 and out == "" and why in err, (args, err)
    assert run(["ai", "--game", "backgammon", "--level", "hard"]) == \
        (0, "", "")


# -- play and replay -----------------------------------------------------

def test_play_prints_a_mat_file_that_replays(tmp_path):
    argv = ["--game", "backgammon", "--players", "greedy,random", "--seed",
            "5", "--games", "3"]
    a = run_main(cmd_play, argv)
    assert a == run_main(cmd_play, argv)  # the seed repeats everything
    assert a[0] == 0 and a[1] != run_main(cmd_play, argv[:-3] + [
        "6", "--games", "3"])[1]
    text = a[1]
    assert text.startswith('; [Site "MINIGAM"]\n\n 0 point match\n')
    assert " P1-greedy : 0" in text and "P2-random : 0" in text
    m = bgmat.read(text)
    assert len(m.games) == 3 and all(g.winner for g in m.games)
    assert "Doubles" not in text  # cubeless without --cube
    assert a[2] == "P1 greedy: %d, P2 random: %d points in 3 games\n" % tuple(
        m.game.score)
    p = tmp_path / "s.mat"
    p.write_text(text)
    rc, out, _ = run_main(cmd_replay, ["--game", "backgammon", str(p)])
    assert rc == 0
    assert out.split("\n")[:-1] == [format_position_id(g.pos)
                                    for g in m.games]
    assert run_main(cmd_replay, ["--game=backgammon", str(p)])[1] == out


def test_play_a_match_with_the_cube():
    doubles = 0
    for seed in range(3, 7):
        rc, out, err = run_main(cmd_play, [
            "--game", "backgammon", "--players", "ai:hard,ai:easy", "--seed",
            str(seed), "--match", "5", "--cube"])
        assert rc == 0, err
        m = bgmat.read(out)
        assert m.match_to == 5 and max(m.game.score) >= 5
        assert err.endswith("(match to 5 won by P%d)\n"
                            % m.game.match_winner)
        doubles += out.count("Doubles")
    assert doubles  # the AI's cube policy doubles now and then


def test_greedy_beats_random():
    rc, out, err = run_main(cmd_play, [
        "--game", "backgammon", "--players", "random,greedy", "--seed", "4",
        "--games", "30"])
    assert rc == 0
    wins = [g.winner for g in bgmat.read(out).games]
    assert wins.count(2) >= 25, wins


def test_play_errors():
    for argv in (["--players", "random,robot"],
                 ["--players", "ai:perfect,random"],
                 ["--players", "ai:genius,random"],
                 ["--full-entry"], ["--match", "100"], ["--games", "0"],
                 ["--games", "2", "--match", "3"],
                 ["--match", "26", "--cube"]):
        rc, out, err = run_main(cmd_play, ["--game", "backgammon"] + argv)
        assert rc == 2 and err.startswith("error: "), (argv, err)
        assert out == ""
    rc, out, err = run_main(cmd_play, ["--cube"])  # MINIGAM has no cube
    assert rc == 2 and "--cube" in err and out == ""


def test_replay_errors(tmp_path):
    good = run_main(cmd_play, ["--game", "backgammon", "--seed", "2"])[1]
    lines = good.split("\n")
    cases = {
        "empty": (b"", 1, "no 'N point match'"),
        "binary": (bytes(range(256)), 1, "binary data"),
        "latin1": (" 1 point match\n Game 1\n caf\xe9 : 0 b : 0\n".encode(
            "latin-1"), 3, "not UTF-8"),
        "minigam": (b"MINIGAM record 1\nvariant: standard\n", 1,
                    "expected 'N point match'"),
        "cut": ("\n".join(lines[:-3]).encode() + b"\n", None,
                "the 'Wins' line is missing"),
        "illegal": (good.replace(lines[7][5:20], "66: 24/18 24/18 ", 1)
                    .encode(), 8, ""),
    }
    for name, (data, line, why) in cases.items():
        p = tmp_path / name
        p.write_bytes(data)
        rc, out, err = run_main(cmd_replay, ["--game", "backgammon", str(p)])
        assert rc == 2, name
        assert out.startswith("error: line %s: " % (line or "")) or (
            line is None and out.startswith("error: line ")), (name, out)
        assert why in out and out.count("\n") == 1, (name, out)
    rc, out, _ = run_main(cmd_replay, ["--game", "backgammon",
                                       str(tmp_path / "nope.mat")])
    assert rc == 2 and out.startswith("error: cannot read ")
    for argv in (["--game", "chess", "x"], ["--game"], ["--game",
                                                       "backgammon"]):
        rc, out, err = run_main(cmd_replay, argv)
        assert rc == 2 and "usage" in err and out == "", argv


def test_replay_subprocess_never_tracebacks(tmp_path):
    p = tmp_path / "garbage.mat"
    p.write_bytes(b" 3 point match\n Game 1\n\xff\xfe : 0 x : 0\n" * 5)
    for arg in (str(p), str(tmp_path / "nope"), "-"):
        code, out, err = run(["replay", "--game", "backgammon", arg],
                             b"\x00\x01")
        assert code == 2 and out.startswith("error: "), (arg, out)
