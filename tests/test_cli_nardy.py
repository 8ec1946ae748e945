"""Long Nardy on the host CLI (issue 17, part 3): ``ai``, ``play`` and
``replay`` with ``--game nardy``, and its game records
(``minigam.nardy.record``).

``ai``'s answer is always one of ``legal --game nardy``'s results (random
positions of every style, decision points of games, passes and finished
games), in ``legal``'s convention; bad lines are error lines. ``play``
prints records that ``replay`` reads back; a damaged record is an
``error: line N: <reason>`` with exit status 2, never a traceback.
"""

import random

import pytest

from nardy_refgen import random_position
from test_cli_bg import run_main
from test_cli_legal import run
from minigam.nardy import record as nardyrec
from minigam.host.cli import play as cmd_play
from minigam.host.cli import replay as cmd_replay
from minigam.nardy.notation import format_position
from minigam.nardy.rules import Rules, new_position
from minigam.quarter.record import RecordError

START = "24x15/12x15/w"
PASS = "14,2x7,1x7/12x11,11x2,4x2/w"  # rule book row 11: 2-2 cannot move
WON = "offx15/18x4,17x3,16x2,15x2,13x4/b"


def _queries():
    rng = random.Random(17)
    out = []
    for _ in range(120):
        out.append("%s %d-%d" % (format_position(random_position(
            rng, allow_finished=True)), rng.randint(1, 6), rng.randint(1, 6)))
    rules = Rules()
    pos = new_position(1)
    while len(out) < 200:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        out.append("%s %d-%d" % (format_position(pos), d1, d2))
        n = rules.plays(pos, d1, d2)
        pos = rules.result(pos, rng.randrange(n) if n else None)
        if sum(pos[25::26]):  # someone is bearing off: start again
            pos = new_position(rng.randint(1, 2))
    out += ["%s 2-2" % PASS, "%s 3-1" % WON, "%s 6-5" % START]
    rng.shuffle(out)
    return out


def test_ai_answers_are_legal_results_at_every_level():
    queries = _queries()
    data = "".join(q + "\n" for q in queries)
    code, out, err = run(["legal", "--game", "nardy"], data)
    assert code == 0 and err == ""
    legal = out.split("\n")[:-1]
    assert len(legal) == len(queries) and legal.count("") >= 1
    picks = {}
    for level in ("hard", "medium", "easy"):
        code, out, err = run(["ai", "--game", "nardy", "--level", level,
                              "--seed", "3"], data)
        assert code == 0 and err == ""
        got = out.split("\n")[:-1]
        assert len(got) == len(queries)
        for q, choices, pick in zip(queries, legal, got):
            if choices == "":
                assert pick == "", q
            else:
                assert pick in choices.split(";"), (level, q, pick)
        picks[level] = got
    assert picks["easy"] != picks["hard"]
    code, out, _ = run(["ai", "--game", "nardy", "--level", "hard"], data)
    assert out.split("\n")[:-1] == picks["hard"]  # no seed needed


def test_ai_conventions_and_errors():
    code, out, err = run(["ai", "--game", "nardy", "--level", "hard"],
                         "%s 2-2\n%s 3-1\n\n  %s \t 6-5 \r\n" % (
                             PASS, WON, START))
    assert code == 0 and err == ""
    assert out.split("\n") == [PASS[:-1] + "b", "", "24x14,13/12x15/b", ""]
    data = "\n".join([START + " 3-1", "garbage", START + " 7-1",
                      "24x15/12x14/w 3-1", START + " 3-1 extra",
                      START + " 2-2"]) + "\n"
    code, out, err = run(["ai", "--game", "nardy", "--level", "medium"],
                         data)
    lines = out.split("\n")
    assert code == 2 and len(lines) == 7
    assert not lines[0].startswith("error") and not lines[5].startswith(
        "error")
    assert lines[1] == ("error: expected '<position> <d1>-<d2>', got 1 "
                        "field")
    assert lines[2].startswith("error: roll must look like 3-1")
    assert lines[3] == "error: black has 14 checkers, not 15"
    assert lines[4].startswith("error: expected '<position>")
    code, out, err = run(["ai", "--game", "nardy", "--level", "hard"],
                         b"\xff\xfe garbage\n" + bytes(range(256)) + b"\n")
    assert code == 2 and all(x.startswith("error: ")
                             for x in out.split("\n")[:-1])
    for args, why in ((["--level", "perfect"], "no perfect level"),
                      (["--level", "hard", "--full-entry"], "--full-entry"),
                      (["--level", "genius"], "invalid choice")):
        code, out, err = run(["ai", "--game", "nardy"] + args,
                             START + " 3-1\n")
        assert code == 2 and out == "" and why in err, (args, err)


# -- play, records and replay ---------------------------------------------

def test_play_prints_records_that_replay(tmp_path):
    argv = ["--game", "nardy", "--players", "greedy,random", "--seed", "5",
            "--games", "3"]
    a = run_main(cmd_play, argv)
    assert a == run_main(cmd_play, argv)  # the seed repeats everything
    rc, text, err = a
    assert rc == 0 and text.count(nardyrec.HEADER) == 3
    games = nardyrec.read(text)
    assert len(games) == 3 and all(g.winner for g in games)
    assert text.startswith(nardyrec.HEADER + "\nstart: ")
    assert "\nopening: " in text and "\nwinner: " in text
    pts = [sum(g.points for g in games if g.winner == w) for w in (1, 2)]
    assert err == "P1 greedy: %d, P2 random: %d points in 3 games\n" % (
        pts[0], pts[1])
    p = tmp_path / "s.txt"
    p.write_text(text)
    rc, out, _ = run_main(cmd_replay, ["--game", "nardy", str(p)])
    assert rc == 0
    assert out.split("\n")[:-1] == [format_position(g.pos) for g in games]
    assert run_main(cmd_replay, ["--game=nardy", str(p)])[1] == out


def test_play_a_match_and_the_ai():
    rc, out, err = run_main(cmd_play, ["--game", "nardy", "--players",
                                       "ai:hard,ai:easy", "--seed", "2",
                                       "--match", "3"])
    assert rc == 0, err
    games = nardyrec.read(out)
    score = [sum(g.points for g in games if g.winner == w) for w in (1, 2)]
    assert max(score) >= 3 and max(score[0] - games[-1].points * (
        games[-1].winner == 1), score[1] - games[-1].points * (
        games[-1].winner == 2)) < 3
    assert err.endswith("(match to 3 won by P%d)\n" % games[-1].winner)


def test_greedy_beats_random():
    rc, out, err = run_main(cmd_play, ["--game", "nardy", "--players",
                                       "random,greedy", "--seed", "4",
                                       "--games", "20"])
    assert rc == 0
    wins = [g.winner for g in nardyrec.read(out)]
    assert wins.count(2) >= 16, wins


def test_play_errors():
    for argv in (["--players", "random,robot"],
                 ["--players", "ai:perfect,random"],
                 ["--full-entry"], ["--cube"], ["--match", "100"],
                 ["--games", "0"], ["--games", "2", "--match", "3"]):
        rc, out, err = run_main(cmd_play, ["--game", "nardy"] + argv)
        assert rc == 2 and err.startswith("error: "), (argv, err)
        assert out == ""


def _record():
    return run_main(cmd_play, ["--game", "nardy", "--players",
                               "greedy,greedy", "--seed", "8"])[1]


def _damaged(text, old, new, count=1):
    assert old in text, old
    return text.replace(old, new, count)


def test_records_are_checked_turn_by_turn(tmp_path):
    text = _record()
    lines = text.split("\n")
    t1, t2 = lines[3], lines[4]  # turns 1 and 2, on lines 4 and 5
    who = t1.split()[1]
    won = [x for x in lines if x.startswith("winner: ")][0]
    swap = {"w": "b", "b": "w"}
    cases = [
        ("", "line 1: empty record"),
        ("MINIGAM record 1\n", "line 1: expected 'Long Nardy record 1'"),
        (_damaged(text, "start: 24x15/12x15", "start: 24x15/12x14"),
         "line 2: bad start position: black has 14 checkers"),
        (_damaged(text, "\nopening: ", "\nopening: 9"),
         "line 3: bad opening"),
        (_damaged(text, t1, t1.replace("%s " % who, "%s " % swap[who], 1)),
         "line 4: %s is not on roll" % swap[who]),
        (_damaged(text, t2, t2.replace(" => ", " 13/12 => ")), "line 5: "),
        (_damaged(text, t2, t2.split(" => ")[0]),
         "line 5: expected a turn"),
        (_damaged(text, t2, "7." + t2[2:]), "turn number 7, expected 2"),
        (_damaged(text, t2, t2.split(" => ")[0] + " => " + START),
         "line 5: the play gives"),
        (_damaged(text, t2, t2 + "#"), "line 5: bad position after"),
        (_damaged(text, "\nwinner: ", "\n#winner: "), "line is missing"),
        (text + won + "\n", "a second winner line"),
        (_damaged(text, won, "winner: %s %s" % (swap[won.split()[1]],
                                                won.split()[2])),
         "but the game ended"),
        (_damaged(text, won, "winner: w koks"), "a winner line is"),
    ]
    for bad, why in cases:
        with pytest.raises(RecordError) as info:
            nardyrec.read(bad)
        assert why in str(info.value), (why, str(info.value))
        p = tmp_path / "bad.txt"
        p.write_text(bad)
        rc, out, err = run_main(cmd_replay, ["--game", "nardy", str(p)])
        assert rc == 2 and out.startswith("error: line ") and \
            why in out, (why, out)
    p = tmp_path / "bin.txt"
    p.write_bytes(b"Long Nardy record 1\nstart: \x00\xff")
    rc, out, _ = run_main(cmd_replay, ["--game", "nardy", str(p)])
    assert rc == 2 and out.startswith("error: line 2: ")
    rc, out, _ = run_main(cmd_replay, ["--game", "nardy",
                                       str(tmp_path / "none.txt")])
    assert rc == 2 and out.startswith("error: cannot read")


def test_moves_are_checked():
    # from the start position (no opening: the record begins at turn 1)
    head = nardyrec.HEADER + "\nstart: 24x15/12x15/w\n"
    good = head + "1. w 6-5 24/18 18/13 => 24x14,13/12x15/b\n"
    assert format_position(nardyrec.read(good)[0].pos) == "24x14,13/12x15/b"
    for play, why in (("24/18 24/19", "illegal move 24/19"),
                      ("24/18", "incomplete play: the 5 can still"),
                      ("24/13", "illegal move 24/13 (dice left: 6,5)"),
                      ("pass", "'pass', but w can"),
                      ("24/18 18/13 13/8", "too many moves"),
                      ("13/18 18/13", "goes backwards"),
                      ("24/x", "a move is '<point>/<point>'")):
        with pytest.raises(RecordError) as info:
            nardyrec.read(good.replace("24/18 18/13", play))
        assert str(info.value).startswith("line 3: ") and \
            why in str(info.value), (play, str(info.value))
    # the pass of rule book row 11, and a record ending mid-game
    text = (nardyrec.HEADER + "\nstart: %s\n5. w 2-2 pass => %sb\n"
            % (PASS, PASS[:-1]))
    game = nardyrec.read(text)[0]
    assert game.turn_no == 5 and not game.winner
    with pytest.raises(RecordError) as info:
        nardyrec.read(text.replace("pass", "14/12"))
    assert "must be 'pass'" in str(info.value)
