"""The terminal simulator at 80x24 (issue 15): the plain text board says
where the cursor is, what is picked and where it may go, for both players;
every line fits the terminal; no state machine name ever shows. And a
DISPLAY that names no X server leads to the terminal, not to an invisible
window."""

import io
import os
import re
import socket

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from minigam.app import menu  # noqa: E402
from minigam.host.simulator import sim
from minigam.host.simulator import sim_text  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def visible(line):
    return ANSI.sub("", line)


def row(board, who):
    """The cells of ``who``'s row ("P1"/"P2"): 8 strings (bar, 1..6, off)
    with their marks, e.g. "[ 8]"."""
    line = next(x for x in board if x.lstrip().startswith(who + " "))
    return [line[7 + 4 * k:11 + 4 * k] for k in range(8)]


def words(board):
    return board[4]


def fits(lines, cols=80, rows=24):
    assert len(lines) <= rows, len(lines)
    for line in lines:
        assert len(visible(line)) <= cols, visible(line)


# --- 1. the cursor, the selection and the destinations, at 80x24 ------------

@pytest.mark.parametrize("profile", ["pico-st7789", "pybadge",
                                     "pico-ili9341"])
def test_everything_fits_80x24(profile):
    session = sim.Session(profile, seed=2)
    try:
        screen = sim_text.TextScreen(session, io.StringIO(), size=(80, 24))
        for script in ("", "A A", "A await:PICK", "A await:DEST"):
            sim.run_script(session, sim.parse_script(script), settle_ms=0)
            lines = screen.lines()
            fits(lines)
            assert any("q=quit" in visible(x) for x in lines)
        assert session.state == "DEST"
        assert words(sim_text.text_board(session)) in lines
    finally:
        session.close()


def test_lines_are_cut_to_a_narrow_terminal():
    session = sim.Session("pico-st7789", seed=2)
    try:
        sim.run_script(session, sim.parse_script("A A A await:PICK A"),
                       settle_ms=0)
        fits(sim_text.TextScreen(session, io.StringIO(),
                                 size=(50, 30)).lines(), 50, 30)
    finally:
        session.close()


def test_player_1_cursor_selection_and_destinations():
    session = sim.Session("pico-st7789", seed=2)
    try:
        # seed 2: Player 1 opens with 6 1, every checker on the bar
        sim.run_script(session, sim.parse_script("A A A await:PICK"),
                       settle_ms=0)
        app = session.app
        assert app.srcs == [0]
        board = sim_text.text_board(session)
        assert words(board) == "cursor: bar (8 checkers) -> destinations 1, 6"
        # the cursor's checker and where it could go
        assert row(board, "P1") == ["[ 8]", "  .*", "  . ", "  . ", "  . ",
                                    "  . ", "  .*", "  0 "]
        assert "[" not in "".join(row(board, "P2"))
        session.tap(K.A)
        assert session.state == "DEST"
        board = sim_text.text_board(session)
        assert words(board) == ("picked: bar (8 checkers) -> destinations "
                                "1, 6; cursor: point 1 (die 1)")
        assert row(board, "P1") == ["( 8)", "[ .]", "  . ", "  . ", "  . ",
                                    "  . ", "  .*", "  0 "]
        session.tap(K.X)
        board = sim_text.text_board(session)
        assert words(board).endswith("cursor: point 6 (die 6)")
        assert row(board, "P1")[1] == "  .*" and row(board, "P1")[6] == "[ .]"
        # the screen's prompt is still in the head line
        assert board[0].endswith("| A:use 6 B:back")
    finally:
        session.close()


def _player_2_to_pick():
    """Two players; Player 2 to move from the bar (2), its index 1 (screen
    point 6, 3 checkers) and index 4 (screen point 3, 3 checkers)."""
    from minigam.app import persist as P
    from minigam.quarter.rules import new_position
    session = sim.Session("pico-st7789", seed=2)
    pos = new_position()
    pos[0], pos[2] = 5, 3
    pos[8], pos[9], pos[12], pos[16] = 2, 3, 3, 2
    menu.play_from(session.app, P.MODE_2P, pos)
    session.advance(100)
    session.tap(K.A)  # roll: 6 1
    assert session.state == "PICK" and session.app.game.player == 2
    return session


def test_player_2_columns_in_a_players_words():
    """Player 2 moves from point 6 towards 1 and bears off past 1 (screen
    column 0); its bar is screen column 7. Its row is printed in Player
    1's column order, with its own bar and off at the ends."""
    session = _player_2_to_pick()
    try:
        app = session.app
        assert app.srcs == [6, 7]  # screen point 6, Player 2's bar
        board = sim_text.text_board(session)
        assert words(board) == ("cursor: point 6 (3 checkers) -> "
                                "destinations off, 5; movable: 6, bar")
        assert row(board, "P2") == ["  2 ", "  . ", "  . ", "  3 ", "  . ",
                                    "  .*", "[ 3]", "  0*"]
        session.tap(K.X)
        board = sim_text.text_board(session)
        assert words(board).startswith("cursor: bar (2 checkers) -> "
                                       "destinations 1, 6")
        assert row(board, "P2")[0] == "[ 2]"
        session.tap(K.LEFT)
        session.tap(K.A)
        assert session.state == "DEST" and app.src == 6
        board = sim_text.text_board(session)
        assert words(board) == ("picked: point 6 (3 checkers) -> "
                                "destinations off, 5; cursor: off (die 6)")
        assert row(board, "P2") == ["  2 ", "  . ", "  . ", "  3 ", "  . ",
                                    "  .*", "( 3)", "[ 0]"]
        assert "*" not in "".join(row(board, "P1"))
    finally:
        session.close()


def test_forced_play_in_two_player_mode_is_not_the_ais():
    from minigam.app import persist as P
    from minigam.quarter.rules import new_position
    session = sim.Session("pico-st7789", seed=2)
    try:
        pos = new_position()
        pos[0], pos[2] = 5, 3
        pos[8], pos[9], pos[12], pos[16] = 0, 3, 5, 2
        menu.play_from(session.app, P.MODE_2P, pos)
        session.advance(100)
        session.tap(K.A)  # 6 1: one play only, shown move by move
        assert session.state == "AIMOVE"
        head = sim_text.text_board(session)[0]
        assert "AI" not in head.split("|")[0]
        assert head.startswith("Player 2: a forced play")
    finally:
        session.close()


def test_the_ais_last_move_is_shown():
    session = sim.Session("pico-st7789", seed=1)  # seed 1: the AI opens
    try:
        sim.run_script(session, sim.parse_script("A A A await:AIMOVE"),
                       settle_ms=0)
        while session.state == "AIMOVE" and session.app.last_col < 0:
            session.advance(20)
        assert session.state == "AIMOVE"
        board = sim_text.text_board(session)
        col = session.app.last_col
        cells = row(board, "P2")
        slot = {7: 0, 0: 7}.get(col, col)  # Player 2's bar / off
        assert cells[slot].startswith("["), (col, cells)
        assert words(board).startswith("last move: ")
    finally:
        session.close()


def test_the_menu_in_words():
    session = sim.Session("pico-st7789", seed=2)
    try:
        board = sim_text.text_board(session)
        assert board[0].startswith("menu: ")
        assert any(x.startswith("  > Play vs AI") for x in board)
        session.tap(K.DOWN)
        board = sim_text.text_board(session)
        assert any(x.startswith("  > Two players") for x in board)
        assert len(board) <= sim_text.BOARD_LINES
    finally:
        session.close()


class _Stub:
    """A session whose app is in a state this module has never heard of,
    with none of the board's view state."""

    def __init__(self, state, game=None):
        self.state = state

        class App:
            pass
        self.app = App()
        self.app.game = game


@pytest.mark.parametrize("state", ["HINT", "TUTOR", "ENTER", "REVIEW",
                                   "PICK", "DEST", "AIMOVE", "MENU"])
def test_unknown_states_and_missing_view_state_do_not_crash(state):
    from minigam.quarter.game import Game
    g = Game()
    g.start_game()
    for stub in (_Stub(state), _Stub(state, g)):
        board = sim_text.text_board(stub)
        assert board and all(isinstance(x, str) for x in board)
        assert not any(re.search(r"\b%s\b" % state, x) for x in board)


# --- 3. no state machine names -----------------------------------------------

def _names_shown(lines):
    from minigam.app.states import STATE_NAMES
    bad = []
    for line in lines:
        text = visible(line)
        for name in STATE_NAMES:
            if "[%s]" % name in text or "(%s)" % name in text:
                bad.append((name, text))
            elif name != "AI" and re.search(r"\b%s\b" % name, text):
                bad.append((name, text))  # "AI" is a player's word
    return bad


def _hint(session):
    """X and Y together: the hint, where the app has one."""
    session.press(K.X)
    session.press(K.Y)
    session.advance(60)
    session.release(K.X)
    session.release(K.Y)
    session.advance(160)


def _menu_item(session, prefix, opener=None):
    """Put the menu's pointer on the item starting with ``prefix``, on
    the page shown or on the page the main page's ``opener`` opens;
    False when that page has none."""
    view = session.app.text
    if opener is not None:
        session.tap(K.B)  # the main page
        if not _menu_item(session, opener):
            return False
        session.tap(K.A)
    for _ in range(len(view.items)):
        if view.lines[view.sel - view.first].text.startswith(prefix):
            return True
        session.tap(K.DOWN)
    return False


@pytest.mark.parametrize("mode_keys", ["A", "DOWN A"])
def test_a_whole_game_by_keys_never_shows_a_state_name(mode_keys):
    session = sim.Session("pico-st7789", seed=7)
    try:
        screen = sim_text.TextScreen(session, io.StringIO(), size=(80, 24))
        seen = set()

        def check():
            lines = screen.lines()
            fits(lines)
            assert not _names_shown(lines), (session.state, lines[-5:])
            seen.add(session.state)

        # a text page first: the dice statistics, then back
        assert _menu_item(session, "Dice statistics", "Statistics")
        check()
        session.tap(K.A)
        check()
        session.tap(K.B)
        check()
        if _menu_item(session, "Tutor: Off", "Settings"):
            session.tap(K.A)  # the tutor's notices too
        session.tap(K.B)
        check()
        while session.app.menu_sel:
            session.tap(K.UP)
        for name in mode_keys.split():
            session.tap(K.key_code(name))
            check()
        taps = 0
        while not session.game_over:
            assert taps < 3000
            if session.state == "PICK" and taps % 13 == 5:
                _hint(session)
            else:
                session.tap(K.X if taps % 7 == 3 else K.A)
            taps += 1
            check()
        for _ in range(4):  # the final board's pages, where there are any
            session.tap(K.X)
            check()
        for _ in range(10):
            if session.state == "MENU":
                break
            session.tap(K.B)
            check()
        assert {"MENU", "INFO", "PICK", "DEST", "DONE", "OVER"} <= seen
    finally:
        session.close()


# --- 2. a DISPLAY that names no X server -------------------------------------

@pytest.mark.parametrize("text,want", [
    (":0", ("local", 0)),
    (":1.0", ("local", 1)),
    ("unix:12", ("unix", 12)),
    ("unix/:3.1", ("unix", 3)),
    ("localhost:10.0", ("tcp", "localhost", 6010)),
    ("host.example:1.0", ("tcp", "host.example", 6001)),
    ("tcp/10.0.0.2:2", ("tcp", "10.0.0.2", 6002)),
    ("[::1]:0", ("tcp", "::1", 6000)),
    ("/tmp/launch-x/org.xquartz:0", ("path", "/tmp/launch-x/org.xquartz:0")),
    ("", None), ("nonsense", None), (":x", None), ("host:", None),
])
def test_parse_display(text, want):
    assert sim.parse_display(text) == want


def test_a_display_with_no_x_server_is_no_window(monkeypatch, tmp_path):
    monkeypatch.setattr(sim, "X11_SOCKET_DIR", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":987")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    ok, why = sim.window_check()
    assert not ok
    assert why == "DISPLAY=:987 names no X server here"
    assert not sim.display_available()


def _free_x_number():
    for n in range(40, 200):
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", 6000 + n))
        except OSError:
            continue
        return n, s
    pytest.skip("no free port in 6040..6199")


def test_a_tcp_display_is_tried(monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    n, s = _free_x_number()
    try:
        env = {"DISPLAY": "127.0.0.1:%d.0" % n}
        ok, why = sim.window_check(env)  # bound, not listening: refused
        assert not ok and why == "DISPLAY=127.0.0.1:%d.0 names no X " \
            "server here" % n
        s.listen(1)
        assert sim.window_check(env) == (True, None)
    finally:
        s.close()


def test_a_local_display_socket_is_found(monkeypatch, tmp_path):
    monkeypatch.setattr(sim, "X11_SOCKET_DIR", str(tmp_path))
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(tmp_path / "X5"))
        s.listen(1)
        assert sim.window_check({"DISPLAY": ":5"}) == (True, None)
        assert sim.window_check({"DISPLAY": "unix:5.0"}) == (True, None)
    finally:
        s.close()
    # a socket file left behind by a dead server is no server
    assert not sim.window_check({"DISPLAY": ":5"})[0]


def test_other_reasons_for_no_window_are_quiet():
    assert sim.window_check({}) == (False, None)
    assert sim.window_check({"SDL_VIDEODRIVER": "dummy",
                             "DISPLAY": ":0"}) == (False, None)
    assert sim.window_check({"DISPLAY": "nonsense"}) == (True, None)


@pytest.mark.parametrize("tty", [True, False])
def test_cli_falls_back_to_the_terminal_with_one_line(monkeypatch, capsys,
                                                      tmp_path, tty):
    from minigam.host.cli import sim as cmd_sim
    monkeypatch.setattr(sim, "X11_SOCKET_DIR", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":987")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    calls = []

    def no_window(*a, **k):
        calls.append("window")

    def text(session, **k):
        calls.append("text")
    monkeypatch.setattr(sim, "run_window", no_window)
    monkeypatch.setattr(sim_text, "run_text", text)
    monkeypatch.setattr(cmd_sim, "_on_terminal", lambda: tty)
    assert cmd_sim.main(["--quit-after", "10"]) == 0
    assert calls == ["text"]
    err = capsys.readouterr().err.splitlines()
    line = [x for x in err if "DISPLAY" in x]
    assert len(line) == 1
    assert "DISPLAY=:987 names no X server here" in line[0]
    assert ("playing in the terminal" in line[0]) == tty


def test_sdl_choosing_an_invisible_window_is_no_window(monkeypatch,
                                                       tmp_path):
    """SDL, finding no X server, quietly picks its "offscreen" driver: the
    window would be invisible and the terminal would look hung."""
    monkeypatch.setattr(sim, "X11_SOCKET_DIR", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":987")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    session = sim.Session("pybadge", seed=1)
    try:
        pygame = sim.import_pygame()
        try:
            with pytest.raises(sim.NoWindow, match="offscreen|dummy"):
                sim.Window(session)
        except pygame.error:
            pass  # this SDL refuses outright: no invisible window either
        assert not pygame.display.get_init()
    finally:
        session.close()


def test_cli_says_so_when_sdl_opens_no_visible_window(monkeypatch, capsys):
    from minigam.host.cli import sim as cmd_sim
    calls = []
    monkeypatch.setattr(sim, "window_check", lambda: (True, None))

    def window(*a, **k):
        raise sim.NoWindow("SDL found no screen (it chose its 'offscreen' "
                           "driver)")

    def text(session, **k):
        calls.append("text")
    monkeypatch.setattr(sim, "run_window", window)
    monkeypatch.setattr(sim_text, "run_text", text)
    monkeypatch.setattr(cmd_sim, "_on_terminal", lambda: True)
    assert cmd_sim.main(["--quit-after", "10"]) == 0
    assert calls == ["text"]
    err = capsys.readouterr().err
    assert "SDL found no screen (it chose its 'offscreen' driver); playing " \
        "in the terminal" in err


def test_cli_keeps_the_nvm_in_the_data_directory_unless_fresh(monkeypatch,
                                                              capsys):
    from minigam.host.cli import sim as cmd_sim
    got = []
    monkeypatch.setattr(cmd_sim, "_play",
                        lambda sim_, session, args: got.append(
                            session.hw.nvm.path))
    assert cmd_sim.main(["--quit-after", "10"]) == 0
    assert got[-1] == sim.nvm_path("pico-st7789")
    assert got[-1] in capsys.readouterr().err
    assert cmd_sim.main(["--quit-after", "10", "--fresh"]) == 0
    assert got[-1] is None
    assert "kept in" not in capsys.readouterr().err
