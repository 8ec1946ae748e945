"""The firmware bench's readings of the board's console, and its key
scripts played on the host app (the emulated runs themselves are measured
by ``bench --only firmware``, never asserted)."""

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


def test_the_bench_scripts_play_out_in_the_simulator():
    # The firmware bench's key scripts, on the host app with the bench's
    # seed: a round and the board-cursor detour each end on the menu's
    # first line with no game saved (what the next round is scripted for),
    # and the detour's RIGHT taps land on the board at its first pick.
    from minigam.app.app import STATE_NAMES
    from minigam.host import sim
    from minigam.hw.keys import key_code
    session = sim.Session(bf.PROFILE, seed=bf.SEED)
    try:
        for script in (bf.ROUND, bf.TWO_PLAYER_TO_PICK):
            for kind, arg in sim.parse_script(script):
                sim.run_step(session, kind, arg)
        app = session.app
        assert STATE_NAMES[app.state] == "PICK"
        for _ in range(3):
            session.tap(key_code("RIGHT"))
        for kind, arg in sim.parse_script(bf.TWO_PLAYER_REST):
            sim.run_step(session, kind, arg)
        assert STATE_NAMES[app.state] == "MENU"
        assert app.menu_sel == 0 and not app.saved
    finally:
        session.close()
