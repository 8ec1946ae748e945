"""The simulator: key scripts, the terminal and window front ends, and the
real app played through key presses to game over, headless."""

import io
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from minigam.host.simulator import sim
from minigam.host.simulator import sim_text  # noqa: E402
from minigam.hw import keys as K  # noqa: E402


# --- key scripts and terminal input -------------------------------------------

def test_parse_script():
    steps = sim.parse_script("A  b,RIGHT*3 wait:250 +40ms shot # comment A\nx")
    assert steps == [("tap", K.A), ("tap", K.B)] + [("tap", K.RIGHT)] * 3 + [
        ("wait", 250), ("wait", 40), ("shot", None), ("tap", K.X)]
    assert sim.parse_script("") == []
    assert sim.parse_script("await:pick A*until:OVER") == [
        ("await", "PICK"), ("until", (K.A, "OVER"))]


def test_parse_script_chords():
    # X+Y: X pressed, then Y while X is held, then both let go (issue 54:
    # the hint's chord could not be scripted).
    assert sim.parse_script("X+Y a+b+Right A") == [
        ("chord", (K.X, K.Y)), ("chord", (K.A, K.B, K.RIGHT)), ("tap", K.A)]


@pytest.mark.parametrize("bad", ["FIRE", "A*", "wait:x", "A*1000001", "@",
                                 "await:NAP", "A*until:NAP", "Q*until:OVER",
                                 "wait:600001", "+99999999999", "X+", "+X",
                                 "X+FIRE", "X+X", "X+Y*2"])
def test_parse_script_rejects_bad_tokens(bad):
    with pytest.raises(sim.SimError):
        sim.parse_script("A " + bad)


def test_help_lists_every_key_script_token(capsys):
    from minigam.app.states import STATE_NAMES
    from minigam.host.cli import sim as cmd_sim
    with pytest.raises(SystemExit):
        cmd_sim.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    for token in ("PRESS", "A*3", "A*until:STATE", "await:STATE", "X+Y",
                  "wait:MS", "+MS", "shot", "# comment"):
        assert token in out, token
    assert "STATE: " + " ".join(STATE_NAMES) in out


def test_terminal_input():
    assert sim_text.parse_input(b"\x1b[A\x1b[Dz b\r\x1bOCxypq") == [
        "UP", "LEFT", "A", "A", "B", "A", "RIGHT", "X", "Y", "PRESS", "QUIT"]
    # an unknown escape sequence is skipped whole; a lone Esc quits
    assert sim_text.parse_input(b"\x1b[15~z") == ["A"]
    assert sim_text.parse_input(b"\x1b") == ["QUIT"]
    assert sim_text.parse_input(b"h") == ["HINT"]  # X and Y together
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


# --- the real app, headless ---------------------------------------------------

def _play_to_game_over(session, max_taps=3000):
    """Tap A (pick / move / confirm / roll) until the game-over page."""
    taps = 0
    while not session.game_over:
        assert taps < max_taps, "no game over after %d taps (state %s)" % (
            taps, session.app.state)
        session.tap(K.A)
        taps += 1
    return taps


@pytest.mark.parametrize("mode_keys,profile", [
    ("A", "pico-st7789"),           # menu: Play vs AI
    ("DOWN A", "pybadge"),          # menu: Two players (pass and play)
    ("X A", "pimoroni-display-pack-2"),  # four buttons only: X moves on
])
def test_headless_game_through_key_presses_to_game_over(mode_keys, profile,
                                                         tmp_path):
    from minigam.quarter.rules import winner
    session = sim.Session(profile, seed=11)
    try:
        assert not session.game_over
        sim.run_script(session, sim.parse_script(mode_keys), settle_ms=200)
        assert session.app.game is not None
        taps = _play_to_game_over(session)
        game = session.app.game
        assert winner(game.pos) in (1, 2)
        assert taps > 10
        # the game-over page is what the screen shows now
        frame = session.frame()
        assert frame.width == session.width and frame.height == session.height
        path = tmp_path / "over.png"
        session.screenshot(str(path))
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        session.close()


def test_a_chord_holds_both_keys_and_is_the_cube_hint():
    # Backgammon against the AI, at the roll: X+Y is the cube's hint; X
    # alone would ask to double (issue 54, items 1 and 8).
    session = sim.Session("pico-st7789", seed=5)
    app = session.app
    seen = []
    keys = session.hw.keys
    run = session._run

    def watch():
        seen.append((keys.held(K.X), keys.held(K.Y)))
        run()

    try:
        sim.run_script(session, sim.parse_script(
            "X X X A Y Y Y A A*until:ROLL"), settle_ms=0)
        assert app.game.can_double()
        session._run = watch
        sim.run_script(session, sim.parse_script("X+Y"), settle_ms=200)
        assert (True, False) in seen and (True, True) in seen
        assert seen[-1] == (False, False)
        assert session.state == "ROLL" and app.game.cube == 1
        assert app.cube_note in ("Hint: double", "Hint: roll")
        with pytest.raises(sim.SimError):  # no such key on the profile
            session.chord((K.X, 99))
    finally:
        session.close()


def test_host_keys_scripts_press_a_chord():
    # hwhost's own scripts (build_host_profile(keys=...)): X+Y too.
    from minigam.host.simulator.hwhost import build_host_profile
    hw = build_host_profile("pico-st7789")
    try:
        hw.keys.push_script("X+Y A")
        seen = []
        for t in range(0, 100, 10):
            k = hw.keys.poll(t)
            while k != K.NONE:
                seen.append((k, hw.keys.held(K.X), hw.keys.held(K.Y)))
                k = hw.keys.poll(t)
        assert seen[:2] == [(K.X, True, False), (K.Y, True, True)]
        assert [c for c, _, _ in seen] == [K.X, K.Y, K.A]
        assert not hw.keys.held(K.X) and not hw.keys.held(K.Y)
        with pytest.raises(ValueError):
            hw.keys.push_script("X+X")
    finally:
        hw.deinit()


def test_a_chord_on_the_emulator_sends_both_keys_then_both_releases():
    from minigam.host.emu.device import EmuSession
    s = EmuSession.__new__(EmuSession)  # no board: the calls are recorded
    s._keys = {K.X: "X", K.Y: "Y"}
    s._keys_sent = 0
    s.profile = "pico-st7789"
    s.keys_taken = None
    calls = []
    s._call = lambda cmd, **kw: calls.append((kw["name"], kw["down"]))
    s.run = lambda ms, **kw: calls.append(ms)
    s.chord((K.X, K.Y))
    assert calls == [("X", True), ("Y", True), sim.TAP_MS, ("X", False),
                     ("Y", False), sim.GAP_MS]
    assert s._keys_sent == 2  # the app takes one key a press


def test_headless_cli_writes_screenshots(tmp_path, capsys):
    from minigam.host.cli import sim as cmd_sim
    from minigam.host.simulator.render import Frame  # noqa: F401
    shot = tmp_path / "end.png"
    sdir = tmp_path / "steps"
    rc = cmd_sim.main(["--headless", "--profile", "pybadge", "--seed", "2",
                       "--keys", "A shot A A shot", "--screenshot", str(shot),
                       "--screenshot-dir", str(sdir), "--scale", "2"])
    assert rc == 0
    names = sorted(os.listdir(sdir))
    assert names == ["000.png", "001.png", "002.png"]
    import struct
    data = shot.read_bytes()
    w, h = struct.unpack(">II", data[16:24])
    assert (w, h) == (320, 256)
    # the menu and the game screen differ
    assert (sdir / "000.png").read_bytes() != (sdir / "002.png").read_bytes()


def test_cli_errors_are_one_line(tmp_path, capsys):
    from minigam.host.cli import sim as cmd_sim
    assert cmd_sim.main(["--headless", "--keys", "A FIRE",
                         "--screenshot", str(tmp_path / "x.png")]) == 2
    assert cmd_sim.main(["--headless", "--profile", "nosuch",
                         "--screenshot", str(tmp_path / "x.png")]) == 2
    # a four-button board has no UP key
    assert cmd_sim.main(["--headless", "--profile", "pimoroni-display-pack-2",
                         "--keys", "UP", "--screenshot",
                         str(tmp_path / "x.png")]) == 2
    assert cmd_sim.main(["--headless", "--keys-file", str(tmp_path / "none"),
                         "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("error: ") == 4 and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()


# --- the window and the terminal, on the real app ------------------------------

def test_window_shows_the_screen_pixel_for_pixel_and_the_dice_pixels():
    session = sim.Session("pybadge", seed=5)
    try:
        sim.run_script(session, sim.parse_script("A A A"), settle_ms=400)
        window = sim.Window(session, scale=3)
        window.draw()
        surf = window.surface
        frame = session.frame()
        m = window.margin
        for x, y in ((0, 0), (17, 40), (80, 64), (159, 127), (100, 10)):
            want = frame.rgb(x, y)
            got = tuple(surf.get_at((m + 3 * x + 1, m + 3 * y + 1)))[:3]
            assert got == want, (x, y)
        # the panel beside the screen holds one circle per dice pixel
        assert len(session.pixel_colors()) == 5
        assert window.size[0] > window.sw + window.PANEL_W
        window.close()
    finally:
        session.close()


def test_window_loop_feeds_keys_and_quits():
    pygame = sim.import_pygame()
    session = sim.Session("pico-st7789", seed=5)
    try:
        assert session.app.menu_sel == 0
        pygame.display.init()
        for key in (pygame.K_DOWN, ):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key,
                                                 mod=0, unicode="", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key,
                                                 mod=0, unicode="", scancode=0))
        sim.run_window(session, scale=1, max_ms=300)
        assert session.app.menu_sel == 1
        pygame.display.init()
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        sim.run_window(session, scale=1)  # returns at once: closed
    finally:
        session.close()


def test_text_screen_draws_half_blocks_and_redraws_only_changes():
    session = sim.Session("pybadge", seed=5)
    try:
        out = io.StringIO()
        screen = sim_text.TextScreen(session, out, truecolor=True,
                                     size=(170, 80))
        assert screen.draw(force=True)
        first = out.getvalue()
        # 160x128 fits at 1:1: 64 lines of half blocks, the dice, the keys
        assert len(screen.shown) == 64 + 2
        assert first.count(sim_text.UPPER_HALF) == 160 * 64
        assert "A  B  X  Y  UP=Up" in first and "q=quit" in first
        out.truncate(0)
        out.seek(0)
        assert not screen.draw()  # nothing changed, nothing drawn
        session.tap(K.DOWN)
        assert screen.draw()
        changed = out.getvalue()
        assert 0 < changed.count("\x1b[K") < 64
        # a small terminal gets an averaged picture
        small = sim_text.TextScreen(session, io.StringIO(), size=(60, 30))
        assert len(small.lines()[0].split(sim_text.UPPER_HALF)) - 1 == 54
    finally:
        session.close()


@pytest.mark.parametrize("name,seed,script", [
    shot for shot in sim.DOC_SHOTS if shot[0] != "game-over"])
def test_doc_pictures_reach_their_screens(name, seed, script):
    """Each README picture's script gets where its name says (the states a
    script awaits are reached; a script that no longer fits the app fails
    here rather than making a wrong picture)."""
    session = sim.Session("pybadge", seed)
    try:
        sim.run_script(session, sim.parse_script(script), settle_ms=0)
        want = {"menu": "MENU", "settings": "MENU", "opening": "OPENED",
                "board": "PICK",
                "dest": "DEST", "ai-thinking": "AI", "ai-move": "AIMOVE",
                "handover": "ROLL", "backgammon": "DEST",
                "long-nardy": "DEST"}[name]
        assert session.state == want
        if name == "settings":
            from minigam.app.menu import GAMES  # (Settings of the game)
            assert session.app.text.title.text == \
                GAMES[session.app.settings.game] + "  B:back"
    finally:
        session.close()


def test_await_gives_up_with_a_clear_error():
    session = sim.Session("pybadge", 1)
    try:
        with pytest.raises(sim.SimError, match="did not reach OVER"):
            session.await_state("OVER", limit_ms=200)
        with pytest.raises(sim.SimError, match="did not reach OVER after 3"):
            session.tap_until(K.X, "OVER", limit=3)
    finally:
        session.close()


def test_window_picture(tmp_path):
    path = tmp_path / "win.png"
    sim.window_picture(str(path), "pybadge", 1, "A", scale=2)
    pygame = sim.import_pygame()
    img = pygame.image.load(str(path))
    assert img.get_width() > 320 + sim.Window.PANEL_W


def test_small_terminal_adds_a_plain_text_board():
    session = sim.Session("pico-st7789", seed=2)
    try:
        screen = sim_text.TextScreen(session, io.StringIO(), size=(80, 40))
        lines = screen.lines()
        assert lines[-sim_text.BOARD_LINES].startswith("menu: ")
        sim.run_script(session, sim.parse_script("A A A await:PICK A A"),
                       settle_ms=0)
        lines = screen.lines()
        board = lines[-sim_text.BOARD_LINES:]
        # a player's words, no state names; the screen's prompt too
        assert board[0].startswith("Player 1: to move")
        assert "[" not in board[0] and "PICK" not in board[0]
        assert board[0].endswith("| " + session.app.board.msg_lb.text)
        pos = session.app.game.pos

        def cells(line):  # the cursor's marks left out
            return line.translate(str.maketrans("[]()*", "     ")).split()
        p1 = cells(board[2])
        assert p1[:2] == ["P1", ">"] and int(p1[2]) == pos[0]
        assert int(p1[-2]) == pos[7]
        assert sum(int(c) for c in p1[3:9] if c != ".") == sum(pos[1:7])
        p2 = cells(board[3])
        assert int(p2[2]) == pos[8]
        assert sum(int(c) for c in p2[3:9] if c != ".") == sum(pos[9:15])
        assert board[4].startswith("cursor: ")
        assert len(lines) <= 40
        # a big terminal shows the screen itself, without the text board
        big = sim_text.TextScreen(session, io.StringIO(), size=(250, 130))
        assert len(big.lines()) == 120 + 2
    finally:
        session.close()


@pytest.mark.parametrize("profile", ["pybadge", "pico-ili9341"])
def test_panel_capture_matches_a_full_displayio_render(profile):
    """The simulator shows what the refreshes sent to the panel; it must be
    pixel for pixel what displayio renders from the root group."""
    session = sim.Session(profile, seed=2)
    try:
        seen = set()
        for script in ("", "A A", "A await:PICK", "A await:DEST",
                       "A*until:ROLL", "DOWN UP B"):
            sim.run_script(session, sim.parse_script(script), settle_ms=0)
            panel = session.frame()
            assert panel.diff(session.render_frame()) == 0, script
            seen.add(panel.data)
        assert len(seen) >= 4  # the screens really changed
        assert session.panel.version > 10
    finally:
        session.close()


def test_panel_capture_writes_a_window_of_pixels():
    class Core:
        colstart, rowstart = 0, 80

        def _send(self, *a):
            pass

    class Display:
        width, height = 4, 3
        _core = Core()

    cap = sim.PanelCapture(Display())
    send = Display._core._send
    send(0, 0, b"\x2a")
    send(1, 0, b"\x00\x01\x00\x02")      # x 1..2
    send(0, 0, b"\x2b")
    send(1, 0, b"\x00\x51\x00\x52")      # y 81..82 -> rows 1..2
    send(0, 0, b"\x2c")
    send(1, 0, b"\x11\x11\x22\x22\x33\x33")  # two writes: one stream
    send(1, 0, b"\x44\x44")
    fr = cap.frame()
    assert [fr.value(x, y) for y in range(3) for x in range(4)] == [
        0, 0, 0, 0,
        0, 0x1111, 0x2222, 0,
        0, 0x3333, 0x4444, 0]
    assert cap.version == 2


def test_binary_keys_file_is_a_clear_error_not_the_apps(tmp_path, capsys):
    from minigam.host.cli import sim as cmd_sim
    bad = tmp_path / "keys.bin"
    bad.write_bytes(b"\xff\xfe\x00A")
    assert cmd_sim.main(["--headless", "--keys-file", str(bad),
                         "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "cannot read %s as a key script" % bad in err


def test_text_board_after_game_over_names_the_winner():
    session = sim.Session("pico-st7789", seed=2)
    try:
        sim.run_script(session, sim.parse_script("X A A*until:OVER"),
                       settle_ms=0)
        head = sim_text.text_board(session)[0]
        assert head.startswith("Player %d wins" % session.app.game.winner)
        assert "to move" not in head and "OVER" not in head
    finally:
        session.close()


def test_the_pc_keys_a_b_x_y_are_the_device_keys_of_those_names():
    """The screen names the device's keys (``A: roll``, ``B: back``): the
    PC keys of the same letters press them, in the window and in the
    terminal; Z/Enter/Space stay A and Backspace B."""
    import pygame
    from minigam.hw import keys as K
    from minigam.host.simulator import sim_text
    from minigam.host.simulator.keyboard import browser_keys, key_map
    from minigam.host.simulator.sim import _pygame_keys
    pk = _pygame_keys(pygame)
    for name in ("A", "B", "X", "Y"):
        code = getattr(K, name)
        assert pk[getattr(pygame, "K_" + name.lower())] == code
        assert sim_text.parse_input(name.lower().encode()) == [name]
        assert sim_text.parse_input(name.encode()) == [name]
        label = dict(key_map([code]))[code]
        assert label.split(" / ")[0] == name
    for key in (pygame.K_z, pygame.K_RETURN, pygame.K_SPACE):
        assert pk[key] == K.A
    assert pk[pygame.K_BACKSPACE] == K.B
    assert pk[pygame.K_KP_ENTER] == K.A and pk[pygame.K_TAB] == K.PRESS
    assert sim_text.parse_input(b"z \x7fh") == ["A", "A", "B", "HINT"]
    # the browser page: the same letters, and the arrows
    web = browser_keys(range(K.KEY_COUNT))
    assert (web["a"], web["Enter"], web[" "], web["Backspace"], web["x"],
            web["ArrowUp"], web["Tab"]) == ("A", "A", "A", "B", "X", "UP",
                                           "PRESS")


def test_the_simulator_keeps_its_nvm_between_runs(tmp_path):
    """Saves, settings and statistics live in the NVM file: a game saved
    in one run is there to resume in the next; a blank NVM has none."""
    path = str(tmp_path / "data" / "nvm-pico-st7789.bin")
    s = sim.Session("pico-st7789", seed=1, nvm=path)
    taps = 0
    while not s.app.saved and taps < 60:  # play on with A until a save
        s.tap(K.A)
        s.advance(1500)
        taps += 1
    assert s.app.saved
    s.close()
    again = sim.Session("pico-st7789", seed=1, nvm=path)
    assert again.app.saved
    again.close()
    assert not sim.Session("pico-st7789", seed=1).app.saved


def test_the_nvm_file_is_in_the_users_data_directory(monkeypatch):
    monkeypatch.delenv("MINIGAM_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", "/somewhere")
    monkeypatch.setattr(sim.sys, "platform", "linux")
    assert sim.nvm_path("pybadge") == "/somewhere/minigam/nvm-pybadge.bin"
