"""``mat``: the handheld's console lines (``minigam-bg ...``) become .mat
files; games join a match while their scores follow on; bad lines are
errors naming the line."""

import io
import sys

import pytest

from minigam.bg.game import BgGame, OVER
from minigam.core.turn_log import decode as decode_log
from minigam.core.dice import Dice
from minigam.host.aitools.bg.players import RandomCube, make_player
from minigam.host.aitools.players import play_game
from minigam.host.bgmat import MatError, read
from minigam.host.cli import mat


def console_line(g):
    s = list(g.score)
    s[g.winner - 1] -= g.points
    return "minigam-bg %d %d %d %d %d %s" % (
        g.match_to, s[0], s[1], g.winner, g.points, g.log.hex())


def play(g, seed):
    """The next game of ``g`` to its end: random plays, random doubles
    (takes and drops), as a handheld's two players might."""
    if g.state == OVER:
        g.new_game()
    p = (make_player("random", seed), make_player("random", seed + 1))
    play_game(g, p, cube=RandomCube(seed))


def test_a_match_on_the_console_is_one_mat_file(monkeypatch, capsys):
    g = BgGame(match_to=3, dice=Dice(seed=3))
    lines = ["Adafruit CircuitPython 10.2.1", "@MENU 100 1"]
    while not g.match_winner:
        play(g, len(lines))
        lines.append(console_line(g))
        lines.append("noise between games")
    text = "\n".join(lines) + "\n"
    mats = mat.to_mat(text)
    assert len(mats) == 1
    games = read(mats[0]).games
    assert len(games) == sum(1 for ln in lines if ln.startswith("minigam"))
    assert bytes(games[-1].pos) == bytes(g.pos)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        text.encode())))
    assert mat.main([]) == 0
    assert capsys.readouterr().out == mats[0]


def test_a_score_that_does_not_follow_starts_another_match(tmp_path):
    lines = []
    for seed in (1, 2):
        g = BgGame(match_to=0, dice=Dice(seed=seed))
        for k in range(2):
            play(g, seed + 10 * k)
            lines.append(console_line(g))
    src = tmp_path / "console.txt"
    src.write_text("\n".join(lines))
    out = tmp_path / "games.mat"
    assert mat.main([str(src), "-o", str(out)]) == 0
    assert len(read(out.read_text()).games) == 2
    assert len(read((tmp_path / "games.mat-2").read_text()).games) == 2


@pytest.mark.parametrize("line,why", [
    ("minigam-bg 0 0 0 1 1", "6 fields"),
    ("minigam-bg 0 0 0 1 1 zz", "hex log"),
    ("minigam-bg 0 0 0 3 1 00", "winner"),
    ("minigam-bg 0 0 0 1 1 4a02", "ends inside a turn"),
    ("minigam-bg 0 0 0 1 1 4a0001", "ends inside a turn"),
])
def test_bad_lines_are_errors_naming_the_line(line, why, capsys):
    with pytest.raises(MatError, match="line 2: .*" + why):
        mat.to_mat("hello\n" + line + "\n")


def test_a_line_whose_moves_are_illegal_is_caught_by_the_replay():
    g = BgGame(match_to=0, dice=Dice(seed=5))
    play(g, 5)
    log = bytearray(g.log)
    log[3] ^= 0x08  # the first move's die changed
    bad = console_line(g).rsplit(" ", 1)[0] + " " + log.hex()
    with pytest.raises(MatError):
        mat.to_mat(bad)
    with pytest.raises(ValueError):
        decode_log(log[:-1])
