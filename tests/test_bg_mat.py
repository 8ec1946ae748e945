"""GNU Backgammon ``.mat`` files (``minigam.host.bgmat``, issue 16).

Offline: games played through ``BgGame`` written and read back (every
turn, score and final position the same, the text byte for byte), the
layout gnubg writes, two files gnubg 1.07 exported itself
(``tests/data/bg_gnubg_*.mat``: gnubg against itself, the second player
renamed "human"; with a dropped double, redoubles, dances and
resignations), the reader's other notations, its errors, a fuzz (nothing
but ``MatError`` escapes), and the simulator's recorder across a trip to
the menu and back.

Live (only where gnubg is installed): exported matches and sessions
imported into gnubg, which must see the same dice, moves, boards, cube
actions, winners, points and scores.
"""

import contextlib
import io
import os
import random

import pytest
from hypothesis import given, settings, strategies as st

from minigam.bg.game import BgGame, OVER
from minigam.bg.ids import format_position_id
from minigam.bg.rules import BLOCK, TURN, do_move, new_position
from minigam.core.dice import Dice
from minigam.host import bgmat
from minigam.host.aitools.bg import gnubg
from minigam.host.aitools.bg import players as P
from minigam.host.aitools.players import play_game

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")

live = pytest.mark.skipif(not gnubg.available(),
                          reason="gnubg is not installed")


def session(match_to, seed, games=3, specs=("random", "greedy"),
            cube="random", jacoby=False):
    """Play a match (or ``games`` money games, ``jacoby``: with the Jacoby
    rule and beavers, half of the takes beavered); returns ``(logs,
    game)``."""
    g = BgGame(match_to=match_to, dice=Dice(seed=seed), jacoby=jacoby)
    players = [P.make_player(s, seed * 2 + k) for k, s in enumerate(specs)]
    policy = (P.RandomCube(seed, p_beaver=0.5) if cube == "random"
              else P.NoCube())
    logs = []
    while True:
        play_game(g, players, policy)
        logs.append(bgmat.game_log(g))
        if g.match_over() or (not match_to and len(logs) == games):
            return logs, g
        g.new_game()


def same_logs(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert (x.score, x.winner, x.points, bytes(x.pos)) == \
            (y.score, y.winner, y.points, bytes(y.pos))
        assert _moves(x) == _moves(y)


def _moves(log):
    """A game's turns as the file shows them (a bear-off with a higher die
    names no die: "1/0 1/0" is either die on either checker)."""
    return [(p, sorted((d1, d2)), bgmat.format_moves(t) if d1 else t)
            for p, d1, d2, t in log.turns]


# -- writing and reading back ---------------------------------------------

def test_games_read_back_exactly():
    kinds = set()
    for seed in range(24):
        match_to = (0, 1, 3, 5)[seed % 4]
        logs, g = session(match_to, seed)
        text = bgmat.export(logs, match_to, ("P1-random", "P2-greedy"))
        got = bgmat.read(text)
        assert got.match_to == match_to
        assert got.names == ("P1-random", "P2-greedy")
        same_logs(got.games, logs)
        assert got.game.score == g.score
        assert bgmat.export(got.games, match_to, got.names) == text
        for log in logs:
            kinds.add(log.points // max(1, _cube(log)))
            for t in log.turns:
                kinds.add("drop" if t[1:] == (0, 0, 3) else
                          "take" if t[1:] == (0, 0, 2) else
                          "pass" if t[1] and not t[3] else None)
    assert {1, 2, "drop", "take", "pass"} <= kinds


def _cube(log):
    c = 1
    for t in log.turns:
        if t[1:] == (0, 0, 2):
            c *= 2
    return c


def test_the_layout_is_gnubgs():
    logs, g = session(5, 3)
    text = bgmat.export(logs, 5, ("P1 random", "P2:greedy"))
    lines = text.split("\n")
    assert lines[:5] == ['; [Site "MINIGAM"]', "", " 5 point match", "",
                         " Game 1"]
    assert lines[5] == " P1-random : 0" + " " * 18 + "P2-greedy : 0"
    # Seed 3: Player 2 wins the opening roll (5-1): line 1's left is empty.
    assert lines[6] == "  1)" + " " * 29 + "51: 13/8 24/23"
    assert lines[7] == "  2) 22: 6/4 6/4 6/4 4/2*        63: 25/22 24/18"
    # A dance is the roll alone; a double after it on the same line.
    assert lines[9] == "  4) 11:" + " " * 26 + "Doubles => 2"
    assert lines[10] == "  5)  Takes" + " " * 22 + "31: 6/5* 8/5"
    # A left column of 28 characters or more: one space, then the right.
    assert lines[24] == (" 19) 33: 25/22 25/22 21/18 18/15 32: 15/12 "
                         "12/10*")
    assert lines[25:27] == [" 20)  Doubles => 4                Drops",
                            "      Wins 2 points"]
    assert lines[28:31] == [" Game 2", " P1-random : 2" + " " * 18 +
                            "P2-greedy : 0", "  1)" + " " * 29 +
                            "61: 13/7 8/7"]
    assert text.endswith("\n\n")


def test_wins_goes_in_the_winners_column():
    # Player 1 drops: Player 2's win on the same line; Player 2 bears off
    # last: a line of its own in the right column.
    found = set()
    for seed in range(40):
        logs, _ = session(0, seed, games=2)
        for line in bgmat.export(logs, 0).split("\n"):
            if "Drops" in line and "Wins" in line:
                assert line.index("Wins") == 34 and line.index("Drops") < 9
                found.add("same line")
            elif line.strip().startswith("Wins"):
                assert line.index("Wins") in (6, 34)
                found.add(line.index("Wins"))
        if len(found) == 3:
            break
    assert found == {"same line", 6, 34}


def test_an_unfinished_game_and_a_game_before_its_opening():
    g = BgGame(match_to=3, dice=Dice(seed=1))
    assert bgmat.game_log(g).turns == []
    players = [P.make_player("first"), P.make_player("first")]
    g.start_game()
    for _ in range(5):
        g.play_steps(players[g.player - 1].choose(g.pos, g.d1, g.d2))
        g.confirm()
        g.roll()
    text = bgmat.export([bgmat.game_log(g)], 3)
    assert "Wins" not in text
    got = bgmat.read(text)
    assert got.game.state != OVER and len(got.game.turns) == 5
    assert got.games[0].winner == 0
    # A game resumed from a save did not start with its opening roll.
    from minigam.bg import save
    r = save.loads(save.dumps(g))
    with pytest.raises(bgmat.MatError, match="opening roll"):
        bgmat.game_log(r)


def test_a_file_may_start_mid_match():
    logs, g = session(5, 3)
    assert len(logs) == 4
    text = bgmat.export(logs[1:], 5)
    got = bgmat.read(text)
    assert got.game.score == g.score
    same_logs(got.games, logs[1:])
    with pytest.raises(bgmat.MatError, match="already won"):
        bgmat.read(text.replace(" : %d" % logs[1].score[0], " : 9", 1))


# -- gnubg's own files and other notations --------------------------------

def test_reads_what_gnubg_exported():
    # tests/data/bg_gnubg_3pt.mat: gnubg 1.07 against itself, a 3-point
    # match (a double dropped; then a double, a redouble and a resignation
    # at 4 points); bg_gnubg_money.mat: 4 money games.
    with open(os.path.join(DATA, "bg_gnubg_3pt.mat")) as f:
        m = bgmat.read(f.read())
    assert m.match_to == 3 and m.names == ("gnubg", "human")
    assert [(x.score, x.winner, x.points) for x in m.games] == [
        ((0, 0), 1, 1), ((1, 0), 1, 4)]
    assert m.game.score == [5, 0] and m.game.match_winner == 1
    assert [format_position_id(x.pos) for x in m.games] == [
        "31kAAOi2bQgAAQ", "AgAA2F4HAAAAAA"]
    with open(os.path.join(DATA, "bg_gnubg_money.mat")) as f:
        m = bgmat.read(f.read())
    assert m.match_to == 0
    assert [(x.score, x.winner, x.points) for x in m.games] == [
        ((0, 0), 2, 1), ((0, 1), 1, 2), ((2, 1), 2, 4), ((2, 5), 2, 2)]


def test_other_notations():
    base = ("; a comment\n\n 1 point match\n\n Game 1\n a : 0    b : 0\n"
            "  1) 31: %s\n  2)%s66: %s\n")
    right = " " * 29

    def final(play, dbl="24/18 24/18 13/7 13/7", gap=right):
        return bytes(bgmat.read(base % (play, gap, dbl)).game.pos)

    want = final("8/5 6/5")
    for play in ("8/5* 6/5*", "6/5 8/5", "8/5(1) 6/5", "8/5 6/5\r",
                 "\t8/5\t6/5"):
        assert final(play) == want, play
    assert final("13/10/9") == final("13/9") == final("13/10 10/9")
    assert final("8/5 6/5", "24/18(2) 13/7(2)") == want
    # One checker with two dice: every landing point must be open.
    with pytest.raises(bgmat.MatError, match="line 8: 24/12 13/7 13/7 with "
                       "66: illegal move 24/12"):
        final("8/5 6/5", "24/12 13/7(2)")
    assert final("8/5 6/5", gap="\t\t\t\t") == want  # tabs: 8 columns
    # bar/off for 25/0, in a whole exported game.
    logs, _ = session(0, 3, games=3)
    text = bgmat.export(logs, 0)
    assert "25/" in text and "/0" in text
    words = text.replace(" 25/", " bar/").replace("/0", "/off")
    same_logs(bgmat.read(words).games, logs)


BAD = [
    ("", 1, "no 'N point match'"),
    ("hello\n", 1, "expected 'N point match'"),
    (" 3 point match\n", 1, "no game"),
    (" 3 point match\n 3 point match\n", 2, "a second"),
    (" 100 point match\n", 1, "0 (money) to 99"),
    (" 3 point match\n Game 2\n a : 0 b : 0\n", 2, "expected Game 1"),
    (" 3 point match\n Game 1\n a b\n", 3, "players' scores"),
    (" 3 point match\n  1) 31: 8/5 6/5\n", 2, "expected 'Game 1'"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  2) 31: 8/5 6/5\n", 4,
     "expected 1)"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 33: 8/5 6/5\n", 4,
     "cannot be a double"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/3\n", 4,
     "illegal move"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5\n", 4,
     "incomplete play"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5 6/5\n", 4,
     "too many moves"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31:\n", 4,
     "the play is missing"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8-5 6/5\n", 4,
     "bad move '8-5'"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5 Doubles\n",
     4, "'Doubles => N'"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 5/8 6/5\n", 4,
     "higher point"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 26/23 6/5\n", 4,
     "point 26"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) Doubles => 2\n", 4,
     "before the opening"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) Takes\n", 4,
     "no double is offered"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) Beavers\n", 4,
     "a beaver must read 'Beavers => N'"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) Raccoons => 8\n", 4,
     "unrecognised action"),
    (" 0 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5  Doubles => 2"
     "\n  2) Beavers => 4\n", 5, "without the Jacoby rule"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5 Wins 4 points"
     "\n", 4, "by resignation, but the cube is at 1"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5  42: 8/4 6/4"
     " 21: 13/11 6/5\n", 4, "more than two"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2) 42: 8/4 6/4\n", 5, "Player 1 is not on roll"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n garbage\n",
     5, "numbered line"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     " Game 2\n a : 0 b : 0\n", 5, "before game 1 is over"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 4\n", 5,
     "the cube is at 1"),
    (" 1 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n", 5,
     "may not double"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n  3)  Doubles => 4\n",
     6, "expected 'Takes' or 'Drops'"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n  3)  Drops\n", 6,
     "the 'Wins' line is missing"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n  3)  Drops    "
     "                   Wins 2 points\n", 6, "worth 1"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n  3)  Drops\n"
     "      Wins 1 point\n", 7, "Player 2 won"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n  3)  Drops\n"
     "                                  Wins 1 point\n  4) 21: 8/6 6/5\n",
     8, "after the win"),
    (" 0 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n  3)  Drops\n"
     "                                  Wins 1 point\n Game 2\n"
     " b : 1 a : 0\n", 9, "the players are a and b"),
    (" 0 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n  3)  Drops\n"
     "                                  Wins 1 point\n Game 2\n"
     " a : 1 b : 0\n", 9, "score 1-0 before game 2, but the games before "
     "it make 0-1"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n  3)  Drops\n"
     "                                  Wins 1 point\n Game 2\n"
     " a : 0 b : 1\n  1) 31: 8/5 6/5\n  2)                              "
     "Doubles => 2\n  3)  Drops\n                                  "
     "Wins 1 point\n Game 3\n a : 0 b : 2\n  1) 31: 8/5 6/5\n"
     "  2)                              Doubles => 2\n", 17,
     "the Crawford game"),
    (" 3 point match\n Game 1\n a : 0 b : 0\n  99999999999) 31: 8/5\n", 4,
     "too large"),
]


@pytest.mark.parametrize("text,line,reason", BAD)
def test_errors_name_the_line_and_the_reason(text, line, reason):
    with pytest.raises(bgmat.MatError) as info:
        bgmat.read(text)
    assert info.value.line == line, str(info.value)
    assert reason in info.value.reason, str(info.value)
    assert str(info.value) == "line %d: %s" % (line, info.value.reason)


def test_not_text_is_an_error():
    with pytest.raises(bgmat.MatError, match="must be text"):
        bgmat.read(b" 1 point match")


_GOOD = []


def _good():
    if not _GOOD:
        logs, _ = session(3, 5)
        _GOOD.append(bgmat.export(logs, 3))
    return _GOOD[0]


MUTATIONS = ("0123456789/*: =>()\n\tWinsDoublesTakesDropsGamepointmatch;bar"
             "\u0663\u00b2\u00a0")


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_fuzz_only_mat_errors(data):
    text = _good()
    for _ in range(data.draw(st.integers(1, 4))):
        k = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["replace", "delete", "insert",
                                          "cut", "swap"]))
        s = data.draw(st.text(alphabet=MUTATIONS, min_size=1, max_size=4))
        if kind == "replace":
            text = text[:k] + s + text[k + len(s):]
        elif kind == "delete":
            text = text[:k] + text[k + len(s):]
        elif kind == "insert":
            text = text[:k] + s + text[k:]
        elif kind == "cut":
            text = text[:k]
        else:
            j = data.draw(st.integers(0, len(text)))
            a, b = sorted((k, j))
            lines = text.split("\n")
            if len(lines) > 2:
                x, y = a % len(lines), b % len(lines)
                lines[x], lines[y] = lines[y], lines[x]
            text = "\n".join(lines)
    try:
        m = bgmat.read(text)
    except bgmat.MatError as exc:
        assert exc.line >= 1 and exc.reason
        assert "unreadable" not in exc.reason  # (the reader's safety net)
        return
    # Whatever reads is a consistent record: it writes back to text that
    # reads to the same games.
    again = bgmat.read(bgmat.export(m.games, m.match_to, m.names))
    same_logs(again.games, m.games)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_random_text(text):
    try:
        bgmat.read(text)
    except bgmat.MatError as exc:
        assert "unreadable" not in exc.reason


# -- the simulator's recorder ---------------------------------------------

def test_the_simulator_writes_its_games_across_a_resume(tmp_path):
    """A whole game against the AI in the simulator, a trip to the menu
    (the game goes back to its save) and Resume in the middle: the .mat
    has the whole game, and replays to the board the app shows."""
    from minigam.host.simulator import sim
    from minigam.hw import keys as K
    path = str(tmp_path / "sim.mat")
    s = sim.Session("pico-st7789", seed=4, mat=path)
    try:
        for code in (K.X, K.X, K.X, K.A, K.Y, K.Y, K.Y, K.A, K.A):
            s.tap(code)  # Game: Backgammon, Play vs AI, the opening roll
        rng = random.Random(1)
        first = s.app.game
        resumed = False
        for _ in range(6000):
            if s.state == "OVER":
                break
            if s.state in ("AI", "AIMOVE"):
                s.advance(100)
            elif s.state == "OFFER":
                s.tap(K.A if rng.random() < 0.7 else K.B)
            elif (not resumed and s.state == "ROLL"
                  and s.app.game.turn_no >= 8):
                s.tap(K.B)  # the menu; its first line: Resume Backgammon
                assert s.state == "MENU"
                s.tap(K.A)
                resumed = True
            else:
                s.tap(K.X if rng.random() < 0.15 else K.A)
        g = s.app.game
        assert resumed and g is not first and g.state == OVER
    finally:
        s.close()
    assert s.mat_files == [path]
    with open(path) as f:
        text = f.read()
    m = bgmat.read(text)
    assert m.names == ("You", "AI-Medium")
    assert len(m.games) == 1 and m.game.score == g.score
    assert bytes(m.games[0].pos) == bytes(g.pos)
    assert len(m.games[0].turns) > len(g.turns)


def test_sim_mat_option(tmp_path):
    """``sim --headless --mat FILE``: the AI's opening play, written as the
    game in progress when the session ends."""
    from minigam.host.cli import sim as cmd_sim
    path = str(tmp_path / "s.mat")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = cmd_sim.main(["--headless", "--seed", "1", "--mat", path,
                           "--settle", "6000",
                           "--keys", "X X X A Y Y Y A A A"])
    assert rc == 0 and out.getvalue() == "wrote %s\n" % path
    with open(path) as f:
        m = bgmat.read(f.read())
    assert m.names == ("You", "AI-Medium") and m.match_to == 0
    assert len(m.game.turns) == 1 and m.game.turns[0][0] == 2
    assert m.games[0].winner == 0


def test_recorder_matches_and_sessions(tmp_path):
    """Driven directly: a match, the next match on the same game object, a
    game left in progress, and a save it never saw the start of."""
    from minigam.bg import save
    path = str(tmp_path / "r.mat")
    rec = bgmat.Recorder(path)
    g = BgGame(match_to=3, dice=Dice(seed=2))
    players = [P.make_player("greedy"), P.make_player("random", 1)]
    rec.watch(g)
    games = 0
    while not g.match_over():
        if g.state == OVER:
            g.new_game()
            rec.watch(g)
        g.start_game()
        while g.state != OVER:
            if g.state != 2:
                g.roll()
            g.play_steps(players[g.player - 1].choose(g.pos, g.d1, g.d2))
            g.confirm()
            rec.watch(g)
        games += 1
    g.new_match()
    rec.watch(g)
    g.start_game()
    g.play_steps(players[g.player - 1].choose(g.pos, g.d1, g.d2))
    g.confirm()
    rec.watch(g)
    other = save.loads(save.dumps(g))  # not a continuation: a new score
    other.score = [1, 0]
    rec.watch(other)
    assert rec.skipped == 1
    files = rec.close()
    assert files == [path, str(tmp_path / "r-2.mat")]
    with open(files[0]) as f:
        m = bgmat.read(f.read())
    assert len(m.games) == games and m.game.match_winner
    with open(files[1]) as f:
        m = bgmat.read(f.read())
    assert len(m.games) == 1 and len(m.game.turns) == 1
    assert rec.watch(None) is None and bgmat.Recorder(path).close() == []


# -- gnubg reads what we write --------------------------------------------

def _our_actions(log):
    """A game's actions as gnubg's match() lists them."""
    out = []
    side = {1: "X", 2: "O"}
    first = log.turns[0][0] if log.turns else 1
    pos = new_position(first)
    for player, d1, d2, x in log.turns:
        if not d1:
            pos[TURN] = player
            out.append(("double", side[player], format_position_id(pos)))
            if x in (2, 3):
                out.append(("take" if x == 2 else "drop", side[3 - player]))
            continue
        pos[TURN] = player
        board = format_position_id(pos)
        m = 0 if player == 1 else BLOCK
        moves = []
        for s, d, _ in x:
            do_move(pos, m, s, d)
            moves.append((25 - s, max(0, 25 - s - d)))
        out.append(("move", side[player], tuple(sorted((d1, d2))),
                    tuple(sorted(moves)), board))
    return out


def _gnubg_actions(game):
    out = []
    for t in game["game"]:
        a = t["action"]
        if a == "move":
            out.append((a, t["player"], tuple(sorted(t["dice"])),
                        tuple(sorted(tuple(mv) for mv in t["move"])),
                        t["board"]))
        elif a == "double":
            out.append((a, t["player"], t["board"]))
        else:
            out.append((a, t["player"]))
    return out


@live
def test_gnubg_imports_what_we_export(tmp_path):
    # (The coverage asserted below comes from the seeded random and greedy
    # players, not from the AI's choices.)
    cases = [(0, 11, 4, ("greedy", "random"), "random"),  # money, cube
             (5, 27, 0, ("greedy", "random"), "random"),  # Crawford, post
             (3, 13, 0, ("ai:hard", "ai:easy"), "random"),
             (0, 14, 3, ("greedy", "random"), "none")]    # gammons
    paths = []
    ours = []
    for k, (match_to, seed, games, specs, cube) in enumerate(cases):
        logs, g = session(match_to, seed, games, specs, cube)
        p = str(tmp_path / ("m%d.mat" % k))
        with open(p, "w") as f:
            f.write(bgmat.export(logs, match_to, ["P1-" + specs[0],
                                                  "P2-" + specs[1]]))
        paths.append(p)
        ours.append((match_to, logs, g))
    seen = set()
    for (match_to, logs, g), got in zip(ours, gnubg.import_mat(paths)):
        assert got["match-info"]["match-length"] == match_to
        assert len(got["games"]) == len(logs)
        for log, game in zip(logs, got["games"]):
            info = game["info"]
            assert (info["score-X"], info["score-O"]) == log.score
            assert info["winner"] == "XO"[log.winner - 1]
            assert info["points-won"] == log.points
            assert not info["resigned"]
            assert _gnubg_actions(game) == _our_actions(log)
            if info.get("crawford"):
                seen.add("crawford")
            seen.update(a[0] for a in _gnubg_actions(game))
            if log.points >= 2 * _cube(log):
                seen.add("gammon")
            if any(a[0] == "move" and not a[3]
                   for a in _gnubg_actions(game)):
                seen.add("dance")
        assert g.score == [sum(x.points for x in logs if x.winner == p)
                           + 0 for p in (1, 2)]
    assert {"crawford", "double", "take", "drop", "gammon",
            "dance"} <= seen, seen


@live
def test_gnubg_reads_our_sessions_from_the_cli(tmp_path):
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "minigam.host", "play",
                           "--game", "backgammon", "--players",
                           "ai:hard,ai:medium", "--seed", "5", "--match",
                           "3", "--cube"], capture_output=True, text=True,
                          cwd=os.path.dirname(HERE), timeout=300)
    assert proc.returncode == 0, proc.stderr
    p = tmp_path / "cli.mat"
    p.write_text(proc.stdout)
    m = bgmat.read(proc.stdout)
    got = gnubg.import_mat([str(p)])[0]
    assert [_gnubg_actions(x) for x in got["games"]] == \
        [_our_actions(x) for x in m.games]
    assert got["match-info"]["X"]["name"] == "P1-ai-hard"


def test_a_jacoby_session_with_beavers_reads_back_only_as_one():
    logs, g = session(0, 21, 6, ("greedy", "random"), jacoby=True)
    assert any(7 in [t[3] for t in log.turns if not t[1]] for log in logs)
    text = bgmat.export(logs, 0, ["P1", "P2"], jacoby=True)
    assert "Beavers => 4" in text and "set jacoby on" in text
    same_logs(logs, bgmat.read(text, jacoby=True).games)
    with pytest.raises(bgmat.MatError) as e:
        bgmat.read(text)
    assert "without the Jacoby rule" in str(e.value)


@live
def test_gnubg_imports_a_jacoby_session_with_beavers(tmp_path):
    logs, g = session(0, 21, 6, ("greedy", "random"), jacoby=True)
    p = tmp_path / "jacoby.mat"
    p.write_text(bgmat.export(logs, 0, ["P1", "P2"], jacoby=True))
    got = gnubg.import_mat([str(p)], jacoby=True)[0]
    assert len(got["games"]) == len(logs)
    for log, game in zip(logs, got["games"]):
        info = game["info"]
        assert (info["score-X"], info["score-O"]) == log.score
        assert info["points-won"] == log.points
        assert info["winner"] == "XO"[log.winner - 1]
