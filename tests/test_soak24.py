"""The 24-point games' soak (``soak --game backgammon|nardy``) passes on the
real engines and fails, naming the invariant, on planted rules bugs."""

import pytest

from minigam.bg import rules as BR
from minigam.host.cli import soak as cmd_soak
from minigam.nardy import rules as NR


@pytest.mark.parametrize("game", ["backgammon", "nardy"])
def test_short_soak_passes(game, capsys):
    assert cmd_soak.main(["--moves", "400", "--seed", "5", "--game", game,
                          "--ai-share", "0.2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("soak %s: 400 plays," % game)
    assert "all invariants held" in out


@pytest.mark.parametrize("game", ["backgammon", "nardy"])
def test_short_soak_through_the_game_class(game, capsys):
    assert cmd_soak.main(["--moves", "300", "--seed", "2", "--game", game,
                          "--game-share", "1", "--ai-share", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "all invariants held" in out
    games = int(out.split(" games (")[0].split()[-1])
    assert "%d through the Game class" % games in out
    assert " 0 Game turns walked" not in out


def soak_fails(capsys, args):
    assert cmd_soak.main(["--moves", "3000", "--ai-share", "0"] + args) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL after ")
    return out


def test_a_lost_checker_fails_the_count(monkeypatch, capsys):
    real = BR.Rules.do_move

    def leaky(self, pos, m, i, d):  # a hit checker vanishes, no bar
        hit = real(self, pos, m, i, d)
        if hit:
            pos[26 - m] -= 1
        return hit

    monkeypatch.setattr(BR.Rules, "do_move", leaky)
    out = soak_fails(capsys, ["--game", "backgammon", "--game-share", "0"])
    assert "checker count" in out and "Position ID" in out


def test_an_exception_in_the_engine_is_a_failure(monkeypatch, capsys):
    real = BR.do_move

    def leaky(pos, m, i, d):  # the same bug in the generator's steps:
        hit = real(pos, m, i, d)  # its undo_move then breaks
        if hit:
            pos[26 - m] -= 1
        return hit

    monkeypatch.setattr(BR, "do_move", leaky)
    out = soak_fails(capsys, ["--game", "backgammon"])
    assert "no exception: ValueError raised" in out


def test_a_move_off_the_bar_too_late_fails(monkeypatch, capsys):
    from minigam.bg import game as bg_game
    real = BR.can_move

    def careless(pos, m, i, d):  # forgets that the bar comes first
        bar = pos[m]
        if i:
            pos[m] = 0
        try:
            return real(pos, m, i, d)
        finally:
            pos[m] = bar

    monkeypatch.setattr(bg_game, "can_move", careless)
    out = soak_fails(capsys, ["--game", "backgammon", "--game-share", "1"])
    assert "bar first" in out


def test_an_asymmetric_generator_fails_the_mirror(monkeypatch, capsys):
    real = BR.Rules.plays

    def lopsided(self, pos, d1, d2):  # Player 2 loses a play
        n = real(self, pos, d1, d2)
        if pos[BR.TURN] == 2 and n > 1:
            n = self.count = n - 1
        return n

    monkeypatch.setattr(BR.Rules, "plays", lopsided)
    out = soak_fails(capsys, ["--game", "backgammon", "--game-share", "0"])
    assert "mirror symmetry" in out


def test_omitted_results_fail_the_legal_set(monkeypatch, capsys):
    real = NR.Rules.plays

    def forgetful(self, pos, d1, d2):  # the last play is left out
        n = real(self, pos, d1, d2)
        if n > 1:
            n = self.count = n - 1
        return n

    monkeypatch.setattr(NR.Rules, "plays", forgetful)
    out = soak_fails(capsys, ["--game", "nardy", "--game-share", "1",
                              "--seed", "3"])
    assert "legal set" in out or "Game offers" in out
    assert "/w" in out or "/b" in out  # the position in the notation


def test_two_off_the_head_fails_the_head_rule(monkeypatch, capsys):
    real = NR.can_move

    def greedy(pos, m, i, d, head_doubles=True):  # ignores HEADS
        if i != NR.HEAD:
            return real(pos, m, i, d, head_doubles)
        heads = pos[NR.HEADS]
        pos[NR.HEADS] = 0
        try:
            return real(pos, m, i, d, head_doubles)
        finally:
            pos[NR.HEADS] = heads

    monkeypatch.setattr(NR, "can_move", greedy)
    out = soak_fails(capsys, ["--game", "nardy", "--game-share", "0"])
    assert "head rule" in out


def test_the_strict_head_rule_is_soaked(monkeypatch, capsys):
    # With the exception off, the first-turn 6-6 may take one from the
    # head only: a generator that allows two there is caught.
    real = NR.can_move

    def lax(pos, m, i, d, head_doubles=True):
        return real(pos, m, i, d, True)

    monkeypatch.setattr(NR, "can_move", lax)
    out = soak_fails(capsys, ["--game", "nardy", "--game-share", "0",
                              "--strict-share", "1", "--moves", "20000"])
    assert "head rule" in out and "exception off" in out


def test_game_only_with_the_moves_soak(capsys):
    assert cmd_soak.main(["--fuzz", "10", "--game", "nardy"]) == 2


def test_a_legal_play_the_game_layer_hides_fails(monkeypatch, capsys):
    from minigam.bg.game import Game24
    real = Game24._allowed

    def picky(self, src, die):  # never runs a back checker with a 6 first
        if src == 1 and die == 6 and not self.steps \
                and self.d1 != self.d2:
            return False
        return real(self, src, die)

    monkeypatch.setattr(Game24, "_allowed", picky)
    out = soak_fails(capsys, ["--game", "backgammon", "--game-share", "1"])
    assert "Game offers" in out and "never reaches" in out
