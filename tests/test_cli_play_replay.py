"""Host tests of ``python -m minigam.host play`` and ``replay``."""

import subprocess
import sys

from hypothesis import given, settings, strategies as st

from minigam.host.cli import play as cmd_play
from minigam.host.cli import replay as cmd_replay
from minigam.quarter.record import replay


def run_main(mod, argv, capsys):
    rc = mod.main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def split_records(text):
    return [r for r in text.split("\n\n") if r.strip()]


def test_play_is_deterministic_with_a_seed(capsys):
    a = run_main(cmd_play, ["--players", "random,greedy", "--seed", "5",
                            "--games", "3"], capsys)
    b = run_main(cmd_play, ["--players", "random,greedy", "--seed", "5",
                            "--games", "3"], capsys)
    c = run_main(cmd_play, ["--players", "random,greedy", "--seed", "6",
                            "--games", "3"], capsys)
    assert a[0] == 0 and a == b
    assert a[1] != c[1]
    recs = split_records(a[1])
    assert len(recs) == 3
    for r in recs:
        assert r.startswith("MINIGAM record 1\nvariant: standard\n")
        assert "\nwinner: P" in r


def test_play_output_replays(tmp_path, capsys):
    rc, out, _ = run_main(cmd_play, ["--players", "greedy,random", "--seed",
                                     "1", "--match", "3", "--full-entry"],
                          capsys)
    assert rc == 0
    games = replay(out)
    assert all(g.rules.full_entry for g in games)
    winners = [g.winner for g in games]
    top = max(winners.count(1), winners.count(2))
    assert top == 3 and len(games) <= 5
    path = tmp_path / "match.txt"
    path.write_text(out)
    rc, rout, _ = run_main(cmd_replay, [str(path)], capsys)
    assert rc == 0
    from minigam.quarter.notation import format_position
    assert rout.split("\n")[:-1] == [format_position(g.pos) for g in games]


def test_play_with_the_device_ai(capsys):
    rc, out, err = run_main(cmd_play, ["--players", "ai:hard,ai:easy",
                                       "--seed", "2"], capsys)
    assert rc == 0, err
    replay(out)


def test_greedy_beats_random(capsys):
    rc, out, err = run_main(cmd_play, ["--players", "greedy,random", "--seed",
                                       "3", "--games", "40"], capsys)
    assert rc == 0
    winners = [g.winner for g in replay(out)]
    assert winners.count(1) > 24, winners.count(1)


def test_play_errors(capsys):
    for argv in (["--players", "random"], ["--players", "random,robot"],
                 ["--players", "ai:genius,random"], ["--games", "0"],
                 ["--players", ",random"],
                 # the device offers odd match lengths only
                 ["--match", "4"], ["--match", "101"],
                 # 0 is no length, in every game
                 ["--match", "0"], ["--game", "nardy", "--match", "0"],
                 ["--game", "backgammon", "--match", "0"],
                 # one or the other
                 ["--games", "2", "--match", "3"]):
        rc, out, err = run_main(cmd_play, argv, capsys)
        assert rc == 2 and err.startswith("error: "), (argv, err)
        assert out == ""


def test_replay_errors(tmp_path, capsys):
    good = run_main(cmd_play, ["--seed", "4"], capsys)[1]
    lines = good.split("\n")
    cases = {
        "empty": (b"", 1),
        "blank": (b"\n\n", 1),
        "binary": (bytes(range(256)), 1),
        "nul": (b"MINIGAM record 1\n\x00\n", 2),
        "latin1": ("MINIGAM record 1\nvariant: st\xe9\n".encode("latin-1"), 2),
        "truncated": ("\n".join(lines[:2]).encode() + b"\n", 3),
        "illegal": (good.replace(lines[4].split(" => ")[1],
                                 "0,0,0,0,0,0/8,8/0,0/1").encode(), 5),
        "no winner": ("\n".join(lines[:-2]).encode() + b"\n", len(lines) - 2),
    }
    for name, (data, line) in cases.items():
        p = tmp_path / name.replace(" ", "_")
        p.write_bytes(data)
        rc, out, err = run_main(cmd_replay, [str(p)], capsys)
        assert rc == 2, name
        assert out.startswith("error: line %d: " % line), (name, out)
        assert out.count("\n") == 1
    rc, out, _ = run_main(cmd_replay, [str(tmp_path / "missing.txt")], capsys)
    assert rc == 2 and out.startswith("error: cannot read ")
    rc, out, _ = run_main(cmd_replay, [str(tmp_path)], capsys)
    assert rc == 2 and out.startswith("error: ")
    rc, _, err = run_main(cmd_replay, [], capsys)
    assert rc == 2 and "usage" in err


def test_replay_subprocess_never_tracebacks(tmp_path):
    p = tmp_path / "garbage"
    p.write_bytes(b"\xff\xfe MINIGAM record 1\n" * 10)
    for arg in (str(p), str(tmp_path / "nope")):
        r = subprocess.run([sys.executable, "-m", "minigam.host", "replay",
                            arg], capture_output=True, text=True)
        assert r.returncode == 2
        assert r.stdout.startswith("error: ")
        assert "Traceback" not in r.stderr + r.stdout


_GOOD = None


def _good():
    global _GOOD
    if _GOOD is None:
        import io
        import contextlib
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), \
                contextlib.redirect_stderr(io.StringIO()):
            cmd_play.main(["--players", "greedy,random", "--seed", "9"])
        _GOOD = buf.getvalue()
    return _GOOD


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_replay_fuzz_only_clean_errors(data, tmp_path_factory):
    good = _good().encode()
    k = data.draw(st.integers(0, len(good) - 1))
    kind = data.draw(st.sampled_from(["replace", "delete", "insert", "cut"]))
    b = data.draw(st.binary(min_size=1, max_size=3))
    if kind == "replace":
        bad = good[:k] + b + good[k + len(b):]
    elif kind == "delete":
        bad = good[:k] + good[k + len(b):]
    elif kind == "insert":
        bad = good[:k] + b + good[k:]
    else:
        bad = good[:k]
    p = tmp_path_factory.mktemp("fz") / "r.txt"
    p.write_bytes(bad)
    import io
    import contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = cmd_replay.main([str(p)])
    text = out.getvalue()
    assert rc in (0, 2)
    if rc == 2:
        assert text.startswith("error: line ") and text.count("\n") == 1
