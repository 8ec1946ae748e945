"""The simulator: key scripts, the terminal and window front ends, and the
real app played through key presses to game over, headless."""

import io
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from minigam.host import sim, sim_text  # noqa: E402
from minigam.hw import keys as K  # noqa: E402


# --- key scripts and terminal input -------------------------------------------

def test_parse_script():
    steps = sim.parse_script("A  b,RIGHT*3 wait:250 +40ms shot # comment A\nx")
    assert steps == [("tap", K.A), ("tap", K.B)] + [("tap", K.RIGHT)] * 3 + [
        ("wait", 250), ("wait", 40), ("shot", None), ("tap", K.X)]
    assert sim.parse_script("") == []


@pytest.mark.parametrize("bad", ["FIRE", "A*", "wait:x", "A*1000001", "@"])
def test_parse_script_rejects_bad_tokens(bad):
    with pytest.raises(sim.SimError):
        sim.parse_script("A " + bad)


def test_terminal_input():
    assert sim_text.parse_input(b"\x1b[A\x1b[Dz x\r\x1bOCcvpq") == [
        "UP", "LEFT", "A", "A", "B", "A", "RIGHT", "X", "Y", "PRESS", "QUIT"]
    # an unknown escape sequence is skipped whole; a lone Esc quits
    assert sim_text.parse_input(b"\x1b[15~z") == ["A"]
    assert sim_text.parse_input(b"\x1b") == ["QUIT"]
    assert sim_text.parse_input(b"\xff0") == []


def test_downscale_and_fit():
    rgb = np.zeros((4, 6, 3), dtype=np.uint8)
    rgb[:2, :2] = (200, 100, 0)
    small = sim_text.downscale(rgb, 2)
    assert small.shape == (2, 3, 3)
    assert tuple(small[0, 0]) == (200, 100, 0) and tuple(small[1, 2]) == (0, 0, 0)
    odd = sim_text.downscale(np.full((5, 5, 3), 90, np.uint8), 2)
    assert odd.shape == (3, 3, 3)
    assert sim_text.fit_factor(240, 240, 240, 120) == 1
    assert sim_text.fit_factor(240, 240, 100, 50) == 3
    assert sim_text.fit_factor(160, 128, 80, 30) == 3


def test_half_block_lines():
    rgb = np.zeros((3, 2, 3), dtype=np.uint8)
    rgb[0, 0] = (255, 0, 0)
    rgb[1, 0] = (0, 0, 255)
    lines = sim_text.render_lines(rgb, truecolor=True)
    assert len(lines) == 2
    assert lines[0].startswith("\x1b[38;2;255;0;0;48;2;0;0;255m\u2580")
    assert lines[0].count(sim_text.UPPER_HALF) == 2
    lines256 = sim_text.render_lines(rgb, truecolor=False)
    assert "\x1b[38;5;196;48;5;21m" in lines256[0]
