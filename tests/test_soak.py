"""The soak command finds broken invariants and passes on the real engine."""

from minigam.host.cli import soak as cmd_soak


def test_short_soak_passes(capsys):
    assert cmd_soak.main(["--moves", "3000", "--seed", "7"]) == 0
    assert "all invariants held" in capsys.readouterr().out


def test_soak_catches_a_lost_checker(lose_hit_checkers, capsys):
    assert cmd_soak.main(["--moves", "3000", "--ai-share", "0"]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_soak_rejects_bad_arguments(capsys):
    assert cmd_soak.main(["--moves", "0"]) == 2


def test_soak_through_the_game_class(capsys):
    assert cmd_soak.main(["--moves", "2000", "--seed", "3",
                          "--game-share", "1", "--ai-share", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "all invariants held" in out
    games = int(out.split(" games (")[0].split()[-1])
    assert "%d through the Game class" % games in out


def test_soak_catches_a_broken_game_undo(monkeypatch, capsys):
    from minigam.quarter.game import Game
    real = Game.undo

    def sloppy(self):
        hit = self.steps[-1][2] if self.steps else 0
        done = real(self)
        if hit:  # the hit checker is not put back on its point
            m = 8 if self.pos[16] == 1 else 0
            self.pos[m] += 1
            for i in range(1, 7):
                if self.pos[m + i]:
                    self.pos[m + i] -= 1
                    break
        return done

    monkeypatch.setattr(Game, "undo", sloppy)
    assert cmd_soak.main(["--moves", "20000", "--game-share", "1",
                          "--ai-share", "0"]) == 1
    assert "FAIL" in capsys.readouterr().out
