"""The firmware bench's readings of the board's console, and its key
scripts played on the host app (the emulated runs themselves are measured
by ``bench --only firmware``, never asserted)."""

from minigam.host.bench import firmware as bf
from minigam.app import persist as P


class _Console:
    def __init__(self, text):
        self.console = text


def _fed(text, line_ms):
    """An emulator session's console reader, fed ``text`` (no emulator)."""
    from minigam.host.emu import device
    s = object.__new__(device.EmuSession)
    s.console = s._line = ""
    s.echo = s.state = s.keys_taken = None
    s.heap, s.visits, s.stages, s.now = [], [], [], 0.0
    s._feed(text, line_ms)
    return s


def test_start_up_stages_are_read_even_after_the_title_escape():
    text = ("\x1b]0;code.py | 10.2.1\x1b\\start-up start 195000 1000\r\n"
            "start-up imports 180000 16000\r\n@MENU 146000 1\r\n")
    s = _fed(text, [1300.0, 1325.0, 2050.0])
    assert bf.start_up(s) == [("start", 195000, 1000, 1300.0),
                              ("imports", 180000, 16000, 1325.0)]
    assert s.heap == [("MENU", 146000, 1, 2050.0)]


def test_a_timing_runs_states_come_without_the_heap():
    # MINIGAM_TRACE = 2: "@STATE" alone; the state and its time are read,
    # no heap figure is made up for it
    s = _fed("@MENU 146000 1\r\n@AI\r\n@AIMOVE\r\nme@HOME\r\n",
             [10.0, 20.0, 30.0, 40.0])
    assert s.state == "AIMOVE"
    assert s.visits == [("MENU", 10.0), ("AI", 20.0), ("AIMOVE", 30.0)]
    assert s.heap == [("MENU", 146000, 1, 10.0)]


def test_refreshes_group_a_frames_rows_and_off_grid_measures_pace():
    log = [(10.0, 10.1, 240), (11.2, 11.3, 240), (12.4, 12.5, 240),
           (40.0, 40.1, 72), (41.0, 41.1, 72)]
    assert bf.refreshes(log) == [(10.0, 12.5), (40.0, 41.1)]
    assert bf.off_grid([100, 170, 245, 310, 380], 70) == [0, 5, 0, 0]


def test_decision_times_come_from_think_lines():
    text = "@AI 1 1\r\n@AIMOVE 1 -1\r\nthink 123\r\n@AI 1 -1\r\nthink 9\r\n"
    assert bf.decision_ms(text) == [123, 9]


def test_percentiles():
    values = list(range(1, 101))
    assert bf.percentile(values, 90) == 91
    assert bf.percentile(values, 99) == 100
    assert bf.percentile([5], 99) == 5


def test_the_bench_round_plays_out_in_the_simulator():
    # The firmware bench's round, on the host app with the bench's seed:
    # it ends on the menu's first line with no game saved (what the next
    # round is scripted for).
    from minigam.host.simulator import sim
    session = sim.Session(bf.PROFILE, seed=bf.SEED)
    try:
        for kind, arg in sim.parse_script(bf.ROUND):
            sim.run_step(session, kind, arg)
        app = session.app
        assert app.menu_sel == 0 and not app.saved
        assert app.menu_page == 0
        fresh = P.Settings()
        fresh.mode = app.settings.mode  # the last game's mode is kept
        assert app.settings.to_bytes() == fresh.to_bytes()
    finally:
        session.close()


def test_the_board_cursor_is_measured_in_every_game():
    # Each game reaches the bench's stops, and at one of them at least a
    # cursor key moves the cursor (a key that moves nothing draws no frame
    # and gives the bench no figure).
    from minigam.app.states import STATE_NAMES
    from minigam.host.simulator import sim
    from minigam.hw.keys import key_code
    for game in bf.GAME_NAMES:
        moved = 0
        for stop in bf.BOARD_STOPS:
            session = sim.Session(bf.PROFILE, seed=bf.SEED)
            try:
                script = bf.GAME_KEYS.get(game, "") + "X A A*until:" + stop
                for kind, arg in sim.parse_script(script):
                    sim.run_step(session, kind, arg)
                app = session.app
                assert STATE_NAMES[app.state] == stop, (game, stop)
                for key in ("RIGHT", "LEFT"):
                    was = app.board.cursor
                    session.tap(key_code(key))
                    moved += app.board.cursor != was
            finally:
                session.close()
        assert moved >= 2, game


def test_the_tutor_script_turns_the_tutor_on_and_comes_back_up():
    from minigam.host.simulator import sim
    session = sim.Session(bf.PROFILE, seed=bf.SEED)
    try:
        for kind, arg in sim.parse_script(bf.TUTOR_ON):
            sim.run_step(session, kind, arg)
        app = session.app
        assert app.settings.tutor and not app.settings_changed
        assert app.menu_page == 0 and app.menu_sel == 0
        app.settings.tutor = False
        assert app.settings.to_bytes() == P.Settings().to_bytes()
    finally:
        session.close()


def test_the_ai_speed_runs_play_hard_at_each_speed():
    # bench's ai_turns: level Hard, the speed stepped from Normal, then a
    # game against the AI (a menu line added once sent these keys to the
    # level instead, and every "speed" ran at Normal)
    from minigam.host.simulator import sim
    from minigam.app.states import MENU
    for k in range(len(P.SPEEDS)):
        steps = (k - 1) % len(P.SPEEDS)
        session = sim.Session(bf.PROFILE, seed=bf.SEED)
        try:
            for kind, arg in sim.parse_script(bf.LEVEL_KEYS["hard"]
                                              + bf.speed_keys(steps) + "A"):
                sim.run_step(session, kind, arg)
            app = session.app
            assert app.settings.speed == k
            assert P.LEVELS[app.settings.level] == "hard"
            assert app.state != MENU and app.settings.mode == P.MODE_AI
        finally:
            session.close()


def test_a_redraw_is_read_from_the_writes_after_its_key():
    log = [(5.0, 6.0, 100), (12.0, 20.0, 57600 - 240), (21.0, 23.5, 240)]
    assert bf.redraw(log, 10.0) == (13.5, 57600, 2)
    assert bf.redraw(log, 30.0) is None


def test_the_clocks_are_named_and_the_environment_sets_the_drives(
        monkeypatch):
    stats = {"clk_sys_hz": 200e6, "clk_peri_hz": 48e6, "spi_hz": 24e6}
    assert bf.clock_text(stats) == ("clk_sys 200 MHz, clk_peri 48 MHz, "
                                    "display SPI 24 MHz")
    monkeypatch.delenv("MINIGAM_CPU_MHZ", raising=False)
    assert bf.cpu_settings({"MINIGAM_SEED": 7}) == {"MINIGAM_SEED": 7}
    monkeypatch.setenv("MINIGAM_CPU_MHZ", "125")
    assert bf.cpu_settings() == {"MINIGAM_CPU_MHZ": 125}
    # every drive the bench makes for a session carries it
    from minigam.host.emu import device
    made = {}
    monkeypatch.setattr(device, "EmuSession",
                        lambda profile, files, **kw: made.update(files))
    bf._session("uf2", "rom", frozen=True)
    assert b"MINIGAM_CPU_MHZ = 125" in made["settings.toml"]
