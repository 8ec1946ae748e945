"""The soak command finds broken invariants and passes on the real engine."""

from minigam.host import cmd_soak
from minigam.rules import Rules


def test_short_soak_passes(capsys):
    assert cmd_soak.main(["--moves", "3000", "--seed", "7"]) == 0
    assert "all invariants held" in capsys.readouterr().out


def test_soak_catches_a_lost_checker(monkeypatch, capsys):
    real = Rules.do_move

    def leaky(self, pos, m, i, d):
        hit = real(self, pos, m, i, d)
        if hit:  # the hit checker vanishes instead of going to the bar
            pos[8 - m] -= 1
        return hit

    monkeypatch.setattr(Rules, "do_move", leaky)
    assert cmd_soak.main(["--moves", "3000", "--ai-share", "0"]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_soak_rejects_bad_arguments(capsys):
    assert cmd_soak.main(["--moves", "0"]) == 2
