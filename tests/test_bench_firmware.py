"""The firmware bench's readings of the board's console (the emulated runs
themselves are measured by ``bench --only firmware``, never asserted)."""

from minigam.host import bench_firmware as bf


class _Console:
    def __init__(self, text):
        self.console = text


def test_start_up_stages_are_read_even_after_the_title_escape():
    text = ("\x1b]0;code.py | 10.2.1\x1b\\start-up start 195000 1000\r\n"
            "start-up imports 180000 16000\r\n@MENU 146000 1\r\n")
    assert bf.start_up(_Console(text)) == [("start", 195000, 1000),
                                           ("imports", 180000, 16000)]


def test_decision_times_come_from_think_lines():
    text = "@AI 1 1\r\n@AIMOVE 1 -1\r\nthink 123\r\n@AI 1 -1\r\nthink 9\r\n"
    assert bf.decision_ms(text) == [123, 9]


def test_percentiles():
    values = list(range(1, 101))
    assert bf.percentile(values, 90) == 91
    assert bf.percentile(values, 99) == 100
    assert bf.percentile([5], 99) == 5
