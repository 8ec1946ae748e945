"""Button abuse (issue 10): random key events into the real app.

The short version of ``python -m minigam.host soak --keys N``: random taps,
holds, bursts and chords on every screen of the app, on a 4-button profile
and on profiles with a joystick, with the game checked after every tick and
every confirmed turn checked against the legal results of its roll.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.host.cli import soak as cmd_soak  # noqa: E402
from minigam.host.soak.keys import AbuseFailure, abuse  # noqa: E402


@pytest.mark.parametrize("profile,events,seed", [
    ("pybadge", 4000, 11),
    ("pimoroni-display-pack-2", 1500, 12),   # A, B, X, Y only
    ("pico-st7789", 800, 13),                # with PRESS
])
def test_random_keys_never_break_the_app(profile, events, seed):
    fig = abuse(profile, events, seed=seed, reboot_every=600)
    assert fig["events"] >= events
    assert fig["keys_handled"] >= events // 2
    assert fig["reboots"] >= 1
    assert fig["turns"] > 0
    # The AI's turn, its move playback, the hand-over banner, the menu and a
    # move being built were all hit by keys.
    for st in ("MENU", "AI", "AIMOVE", "ROLL", "PICK", "DEST", "DONE"):
        assert st in fig["states"], (st, fig["states"])


def test_games_still_finish_under_abuse():
    fig = abuse("pygamer", 4000, seed=4, reboot_every=0)
    assert fig["games"] >= 1
    assert "OVER" in fig["states"]


def test_abuse_catches_an_illegal_position(lose_hit_checkers):
    with pytest.raises(AbuseFailure):
        abuse("pybadge", 4000, seed=11)


def test_abuse_catches_an_app_exception(monkeypatch):
    from minigam.app import app as A
    real = A.App.confirm_play

    def broken(self):
        if self.game.turn_no >= 3:
            raise IndexError("boom")
        return real(self)

    monkeypatch.setattr(A.App, "confirm_play", broken)
    with pytest.raises(AbuseFailure, match="IndexError"):
        abuse("pybadge", 4000, seed=11)


def test_soak_keys_command(capsys):
    assert cmd_soak.main(["--keys", "150", "--profile", "pybadge"]) == 0
    out = capsys.readouterr().out
    assert "nothing raised, every position legal" in out
    assert cmd_soak.main(["--keys", "10", "--profile", "nope"]) == 2
    assert cmd_soak.main(["--keys", "-1"]) == 2
