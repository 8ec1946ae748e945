"""Fuzzing of the loaders and the CLIs that read files (issue 10).

Game records (``record.replay``/``load``), saves (``savegame.loads``), the
NVM store (``Store``) and what the app reads from it (``persist``): every
input loads or raises that module's own clear error, and what loads is
consistent. The CLIs ``legal``, ``ai`` and ``replay`` never print a
traceback, whatever they are given. (Byte mutations of one record through
``replay`` are in test_cli_play_replay.py, every corrupted save byte in
tests/device/test_savegame.py.) The long run is
``python -m minigam.host soak --fuzz N``.
"""

import os
import random
import subprocess
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from minigam.app import persist as P  # noqa: E402
from minigam.hw import store as S  # noqa: E402
from minigam.host.soak import fuzz as F  # noqa: E402
from minigam.quarter.record import RecordError, replay  # noqa: E402
from minigam.quarter.save import SaveError, dumps, loads  # noqa: E402


def test_the_corpora_are_valid():
    rng = random.Random(4)
    for text in F.record_corpus(rng, 9):
        assert F.check_record(text)
    for data in F.save_corpus(rng, 30):
        assert F.check_save(data, rng)
    states = {loads(d).state for d in F.save_corpus(rng, 40)}
    assert states == {0, 1, 2, 3}


def test_fuzz_every_loader():
    c = F.fuzz(1000, seed=3)
    for kind in ("record", "save", "store", "blobs"):
        n, ok = c[kind]
        assert n >= 1000
        assert 0 < ok < n, kind  # some inputs load, most are rejected
    assert c["apps"][0] >= 20 and c["apps"][1] >= 3


@settings(max_examples=1500, deadline=None)
@given(st.text(max_size=300))
def test_random_text_replays_or_raises_record_error(text):
    for t in (text, "MINIGAM record 1\n" + text):
        try:
            replay(t)
        except RecordError as exc:
            assert str(exc).startswith("line ")


@settings(max_examples=1500, deadline=None)
@given(st.binary(max_size=80))
def test_random_bytes_load_or_raise_save_error(data):
    try:
        g = loads(data)
    except SaveError as exc:
        assert str(exc)
        return
    assert dumps(g) == data


@settings(max_examples=600, deadline=None)
@given(st.binary(min_size=256, max_size=1400), st.integers(0, 3))
def test_random_nvm_never_breaks_the_store(data, pad):
    img = bytearray(data) + bytearray(b"\xff" * (pad * 1000))
    F.check_store(img)


def test_a_save_of_another_checker_count_is_not_resumed():
    # savegame accepts 1..15 checkers a side; the app plays 8. Such a save
    # (behind valid checksums) used to be resumed, and a 15-checker game
    # crashed the AI (IndexError): persist.load_game now refuses it.
    from minigam.app.start import build_app
    from minigam.app import app as A
    from minigam.core.dice import Dice
    from minigam.quarter.game import Game
    from minigam.hw import keys as K
    from minigam.host.simulator.hwhost import build_host_profile
    from minigam.quarter.rules import Rules

    for checkers in (1, 7, 15):
        g = Game(rules=Rules(checkers=checkers), dice=Dice(seed=2))
        g.start_game()
        while not g.turn_done():
            src = g.movable()[0]
            g.move(src, g.targets(src)[0][1])
        g.confirm()
        assert loads(dumps(g)).rules.checkers == checkers
        hw = build_host_profile("pybadge")
        P.save_game(hw.store, P.MODE_AI, 1, g)
        assert P.load_game(hw.store, P.MINIGAM) is None
        app = build_app(hw, seed=3)
        assert not app.saved
        now = 0
        for _ in range(60):
            if app.state not in (A.AI, A.AIMOVE):
                hw.keys.push(K.A)
            now += 200
            app.tick(now)
        assert app.game.rules.checkers == 8
        hw.deinit()


def test_the_fuzzer_catches_a_loader_that_accepts_nonsense(monkeypatch):
    import minigam.quarter.notation as N
    real = N.validate
    calls = []

    def lax(pos, checkers=8):
        if calls:  # savegame's own check skipped, later checks kept
            return real(pos, checkers)
        calls.append(1)

    rng = random.Random(1)
    base = next(bytearray(d) for d in F.save_corpus(rng, 40)
                if loads(d).state == 1 and any(d[11:17]))  # P1 to roll
    i = next(i for i in range(11, 17) if base[i])
    base[i] += 1  # a ninth checker on a point P1 holds, CRC recomputed
    bad = F.resign(base)
    with pytest.raises(SaveError):
        loads(bad)
    monkeypatch.setattr(N, "validate", lax)
    with pytest.raises(F.FuzzFailure):
        F.check_save(bad, rng)


# -- CLIs ----------------------------------------------------------------------

def run_cli(args, data=b"", strict=True):
    env = dict(os.environ)
    if strict:  # a UTF-8 locale with strict decoding: no lenient stdin
        env["PYTHONIOENCODING"] = "utf-8:strict"
    return subprocess.run([sys.executable, "-m", "minigam.host"] + args,
                          input=data, capture_output=True, timeout=300,
                          env=env)


def clean(proc):
    both = proc.stdout + proc.stderr
    assert b"Traceback" not in both, both[-2000:]
    assert proc.returncode in (0, 2), (proc.returncode, both[-2000:])


def test_cli_stdin_commands_never_traceback():
    rng = random.Random(9)
    good = b"0,0,0,0,0,0/8,8/0,0/1 3-1"
    inputs = {
        "empty": b"",
        "blank": b"\n\n  \n",
        "binary": bytes(rng.randrange(256) for _ in range(4000)),
        "nul": b"\x00" * 100 + b"\n" + good + b"\n",
        "latin1": "0,0,0,0,0,0/8,8/0,0/1 3-1 \xe9\n".encode("latin-1"),
        "utf16": (good.decode() + "\n").encode("utf-16"),
        "crlf": good + b"\r\n" + good + b"\r\n",
        "huge line": b"1," * 2000000 + b" 3-1\n" + good + b"\n",
        "huge number": b"9" * 5000 + b",0,0,0,0,0/8,8/0,0/1 3-1\n",
        "no newline": good,
        "finished": b"0,0,0,0,0,0/0,0/8,0/1 3-1\n",
    }
    # one process per command, every input as its own run
    for cmd in (["legal"], ["legal", "--full-entry"],
                ["ai", "--level", "easy", "--seed", "1"]):
        for name, data in inputs.items():
            proc = run_cli(cmd, data)
            clean(proc)
            for line in proc.stdout.decode().splitlines():
                assert line == "" or line.startswith("error: ") \
                    or "/" in line, (cmd, name, line[:200])
            if name in ("binary", "nul", "latin1", "huge line",
                        "huge number", "utf16"):
                assert proc.returncode == 2, (cmd, name)
            if name in ("crlf", "no newline"):
                assert proc.returncode == 0, (cmd, name, proc.stdout)


def test_cli_replay_never_tracebacks(tmp_path):
    rng = random.Random(10)
    good = F.record_corpus(rng, 1)[0].encode()
    files = {
        "empty": b"",
        "binary": bytes(rng.randrange(256) for _ in range(5000)),
        "utf16": good.decode().encode("utf-16"),
        "huge line": b"MINIGAM record 1\nvariant: " + b"x" * 3000000 + b"\n",
        "huge turn": good.replace(b"1. ", b"1. " + b"1/2 " * 200000, 1),
        "many records": b"MINIGAM record 1\n" * 20000,
        "cut": good[:len(good) // 2],
        "good": good,
    }
    for name, data in files.items():
        p = tmp_path / name.replace(" ", "_")
        p.write_bytes(data)
        proc = run_cli(["replay", str(p)])
        clean(proc)
        out = proc.stdout.decode()
        if name == "good":
            assert proc.returncode == 0 and "/" in out
        else:
            assert proc.returncode == 2, name
            assert out.startswith("error: ") and out.count("\n") == 1, \
                (name, out[:300])
    for args, data in ((["replay", str(tmp_path / "missing")], b""),
                       (["replay", str(tmp_path)], b""),
                       (["replay", "-"], b"\xff\xfe\x00 garbage"),
                       (["replay", "-"], b""),
                       (["replay"], b""),
                       (["replay", "a", "b"], b""),
                       (["legal", "--nope"], b""),
                       (["ai"], b""),
                       (["ai", "--level", "genius"], b"")):
        proc = run_cli(args, data)
        clean(proc)
        assert proc.returncode == 2, args
