"""The firmware gate of a whole Backgammon game, driven by keys on the
MINIGAM firmware on the emulated RP2040 within the 24-point games' heap
budget, with the tutor on and the game's review after (the helpers are
``test_firmware_gates_24.py``'s). ``make test`` runs it with the MINIGAM
firmware's gates, on the other core from the 24-point gates: it is the
longest of them (about 6 minutes here, 2026-11-29).
"""

from test_firmware_gates import minigam_firmware  # noqa: F401 (a fixture)
from test_firmware_gates_24 import (BACKGAMMON_HARD,
                                    against_hard_then_two_players)


def test_backgammon_against_hard_and_for_two_players(minigam_firmware):
    """On the MINIGAM firmware, by keys: a whole Backgammon game against
    Hard with the tutor on (A takes the AI's doubles and keeps the plays
    the tutor names; the human never doubles), its final board and its
    review equal to the host's, then a two-player opening, within
    Backgammon's heap budget."""
    def over_with_a_mat_that_replays(s):
        assert s.state == "OVER"
        # The game's console line makes a .mat file that replays in full.
        from minigam.host.bgmat import read
        from minigam.host.cli.mat import to_mat
        mats = to_mat(s.console)
        assert len(mats) == 1 and len(read(mats[0]).games) == 1

    against_hard_then_two_players(minigam_firmware, BACKGAMMON_HARD,
                                  "A A A*until:OVER", "bg-over-hard",
                                  over_with_a_mat_that_replays, review=True)
