"""The desktop simulator: the real app on a host profile (host only).

A :class:`Session` builds the same things ``code.py`` builds on a board (the
profile, then the app) but with ``minigam.host.simulator.hwhost.build_host_profile``: the
screen is a Blinka displayio display rendered in memory, the keys come from
a queue the simulator fills, pixels and NVM live in memory, and the clock is
the simulator's. Three front ends drive a session:

- :func:`run_window`: a pygame-ce window with the screen scaled up pixel for
  pixel, the NeoPixel dice indicator beside it and the key map below;
- :func:`minigam.host.simulator.sim_text.run_text`: the same frames in a terminal;
- :func:`run_headless`: a key script, then PNG screenshots (tests, docs).

Key scripts (``--keys``) are whitespace- or comma-separated tokens:

- ``A`` ``B`` ``X`` ``Y`` ``UP`` ``DOWN`` ``LEFT`` ``RIGHT`` ``PRESS``: tap a
  key (press, hold ``TAP_MS``, release, then ``GAP_MS`` of app time);
- ``A*5``: the same tap five times; ``A*until:OVER``: tap until the app
  reaches that state (at most ``UNTIL_TAPS`` taps);
- ``X+Y``: a chord (the hint's): X pressed, Y pressed one frame later
  while X is held, both held ``TAP_MS`` and let go, then ``GAP_MS``;
- ``wait:500`` (or ``+500``): let 500 ms of app time pass;
- ``await:PICK``: let app time pass until the app is in that state
  (``minigam.app.app.STATE_NAMES``: MENU, OPEN, OPENED, ROLL, PICK, DEST,
  DONE, PASS, AI, AIMOVE, OVER, ...), for at most ``AWAIT_MS``;
- ``shot``: save a screenshot here (with ``--screenshot-dir``);
- ``#`` starts a comment to the end of the line.
"""

import os
import re
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

TAP_MS = 40
GAP_MS = 160
FRAME_MS = 20
SETTLE_MS = 1500
AWAIT_MS = 120000
UNTIL_TAPS = 5000


class SimError(Exception):
    """A simulator problem worth one clear line to the user."""


# --- key scripts --------------------------------------------------------------

MAX_WAIT_MS = 600000  # one wait token: ten minutes of app time at most
# What ``sim --help`` and an unknown key's error list.
TOKENS = ("A (a tap: A B X Y UP DOWN LEFT RIGHT PRESS), A*3 (three taps), "
          "A*until:STATE (tap until that state), X+Y (a chord: X, then Y "
          "while X is held, both let go), wait:MS or +MS (app time), "
          "await:STATE (wait for that state), shot (a screenshot with "
          "--screenshot-dir), # comment")


def parse_script(text):
    """Key script -> list of steps ``("tap", code)``, ``("chord", codes)``,
    ``("wait", ms)``, ``("await", state)``, ``("until", (code, state))``
    or ``("shot", None)``. Raises SimError naming the bad token."""
    from minigam.hw import keys as K
    steps = []
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for tok in re.split(r"[\s,]+", line.strip()):
            if not tok:
                continue
            low = tok.lower()
            if low in ("shot", "snap"):
                steps.append(("shot", None))
                continue
            m = re.fullmatch(r"(?:wait:|\+)(\d+)(?:ms)?", low)
            if m:
                if int(m.group(1)) > MAX_WAIT_MS:
                    raise SimError("wait too long in %r (at most %d ms a "
                                   "token)" % (tok, MAX_WAIT_MS))
                steps.append(("wait", int(m.group(1))))
                continue
            if low.startswith("await:"):
                state = tok[6:].upper()
                if state not in _state_names():
                    raise SimError("unknown app state in %r (states: %s)"
                                   % (tok, " ".join(_state_names())))
                steps.append(("await", state))
                continue
            m = re.fullmatch(r"([a-z]+)\*until:([a-z]+)", low)
            if m:
                state = m.group(2).upper()
                if state not in _state_names():
                    raise SimError("unknown app state in %r (states: %s)"
                                   % (tok, " ".join(_state_names())))
                steps.append(("until", (_key(m.group(1), tok), state)))
                continue
            if re.fullmatch(r"[a-z]+(?:\+[a-z]+)+", low):
                codes = tuple(_key(k, tok) for k in low.split("+"))
                if len(set(codes)) < len(codes):
                    raise SimError("a key twice in the chord %r" % tok)
                steps.append(("chord", codes))
                continue
            m = re.fullmatch(r"([a-z]+)(?:\*(\d+))?", low)
            if not m:
                raise SimError("bad key script token %r" % tok)
            code = _key(m.group(1), tok)
            n = int(m.group(2)) if m.group(2) else 1
            if n > 100000:
                raise SimError("repeat count too large in %r" % tok)
            steps.extend([("tap", code)] * n)
    return steps


def read_script(keys, keys_file=None):
    """The key script of ``--keys`` after that of ``--keys-file`` (if any);
    SimError when the file cannot be read as text."""
    if not keys_file:
        return keys
    try:
        with open(keys_file, encoding="utf-8") as f:
            return f.read() + "\n" + keys
    except OSError as exc:
        raise SimError("cannot read %s: %s" % (keys_file, exc.strerror))
    except UnicodeDecodeError as exc:
        raise SimError("cannot read %s as a key script: %s" % (keys_file, exc))


def _key(name, tok):
    from minigam.hw import keys as K
    try:
        return K.key_code(name)
    except ValueError:
        raise SimError("unknown key %r in the key script (keys: %s; "
                       "tokens: %s)" % (tok, " ".join(K.NAMES), TOKENS))


def _state_names():
    from minigam.app.states import STATE_NAMES
    return STATE_NAMES


class PanelCapture:
    """What the panel shows: the pixels each ``display.refresh()`` sends.

    Taps the display core's bus ``send`` (then calls the original): the
    column and row commands set a window, the RAM-write command streams
    big-endian RGB565 pixels into it. Only the dirty areas are sent, so
    keeping the picture costs nothing beyond the refresh the app already
    does, where rendering a whole frame with ``fill_row`` takes 60-180 ms.
    It is what a real panel would show: a change not yet refreshed is not
    on it. ``version`` counts the pixel writes.
    """

    def __init__(self, display, column_command=0x2A, row_command=0x2B,
                 write_command=0x2C):
        core = display._core
        self.width = w = display.width
        self.height = h = display.height
        self.data = bytearray(2 * w * h)
        self.version = 0
        self._cmds = (column_command, row_command, write_command)
        self._col0 = getattr(core, "colstart", 0)
        self._row0 = getattr(core, "rowstart", 0)
        self._cmd = None
        self._x = (0, w - 1)
        self._y = (0, h - 1)
        self._at = 0
        orig = core._send

        def send(data_type, chip_select, data):
            self.feed(data_type, data)
            return orig(data_type, chip_select, data)

        core._send = send

    @staticmethod
    def _bounds(data):
        data = bytes(data)
        if len(data) == 4:
            return (data[0] << 8 | data[1], data[2] << 8 | data[3])
        return (data[0], data[1])

    def feed(self, data_type, data):
        col, row, write = self._cmds
        if data_type == 0:  # a command byte
            if len(data) == 1:
                self._cmd = data[0]
                if self._cmd == write:
                    self._at = 0
            return
        if self._cmd == col:
            a, b = self._bounds(data)
            self._x = (a - self._col0, b - self._col0)
        elif self._cmd == row:
            a, b = self._bounds(data)
            self._y = (a - self._row0, b - self._row0)
        elif self._cmd == write:
            self._write(bytes(data))

    def _write(self, data):
        x0, x1 = self._x
        y0, y1 = self._y
        rw = x1 - x0 + 1
        if rw <= 0:
            return
        w = self.width
        n = len(data) // 2
        i = 0
        while i < n:
            k = self._at + i
            y = y0 + k // rw
            x = x0 + k % rw
            if y > y1 or y >= self.height:
                break
            run = min(rw - k % rw, n - i)
            if 0 <= y and 0 <= x and x + run <= w:
                j = 2 * (y * w + x)
                self.data[j:j + 2 * run] = data[2 * i:2 * (i + run)]
            i += run
        self._at += n
        self.version += 1

    def frame(self):
        """The panel now, as a :class:`minigam.host.simulator.render.Frame`."""
        from minigam.host.simulator.render import Frame
        fr = Frame.__new__(Frame)
        fr.width = self.width
        fr.height = self.height
        fr.data = bytes(self.data)
        return fr


# --- a running app ------------------------------------------------------------

class Session:
    """The real app on a host profile, on the simulator's clock.

    :param profile: profile name (``minigam.hw.pins.PROFILES``)
    :param seed: dice seed (``None``: random)
    :param mat: a path: the Backgammon games played are written there as
        GNU Backgammon ``.mat`` files (``minigam.host.bgmat.Recorder``)
    :param nvm: a path: the board's NVM (saves, settings, statistics) is
        read from that file and kept there (``nvm_path``); None: a blank
        NVM in memory
    """

    def __init__(self, profile=None, seed=None, perfect=None, mat=None,
                 nvm=None):
        try:
            from minigam.host.simulator import hwhost
            from minigam.hw import pins
        except ImportError as exc:
            raise SimError("the host hardware layer is missing: %s" % exc)
        name = profile or pins.DEFAULT_PROFILE
        if name not in pins.PROFILES:
            raise SimError("unknown profile %r (choose from: %s)"
                           % (name, ", ".join(pins.profile_names())))
        self.profile = name
        self.hw = hwhost.build_host_profile(name, nvm=nvm)
        self.panel = PanelCapture(self.hw.display)
        from minigam.host.hardware.chips import plays_24_point_games
        self.app = _build_app(self.hw, seed, perfect,
                              plays_24_point_games(name))
        self.recorder = None
        if mat:
            from minigam.host.bgmat import Recorder
            self.recorder = Recorder(mat)
        self.now = self.hw.clock.now
        self.width = self.hw.width
        self.height = self.hw.height
        self.refreshes = 0
        self._hook_refresh()
        self.tick()

    def _hook_refresh(self):
        display = self.hw.display
        orig = display.refresh

        def refresh(*args, **kwargs):
            self.refreshes += 1
            return orig(*args, **kwargs)

        display.refresh = refresh

    # time
    def _run(self):
        self.app.tick(self.now)
        self.hw.nvm.flush()  # (a file NVM: what the pass saved is kept)
        if self.recorder is not None:
            self.recorder.watch(self.app.game, self.player_names())

    def player_names(self):
        """The players' names for a ``.mat`` file: ``You``/``AI-Medium``
        against the AI, else ``P1``/``P2``."""
        from minigam.app import persist
        app = self.app
        if app.mode == persist.MODE_AI:
            return ("You", "AI-" + persist.LEVEL_NAMES[app.level])
        return ("P1", "P2")

    def tick(self):
        """One pass of the app loop at the current time."""
        self._run()

    def advance(self, ms, frame_ms=FRAME_MS):
        """Let ``ms`` of app time pass, one loop pass every ``frame_ms``."""
        end = self.now + ms
        while self.now < end:
            step = min(frame_ms, end - self.now)
            self.hw.clock.advance(step)
            self.now = self.hw.clock.now
            self._run()

    @property
    def state(self):
        """The app's state name (``MENU``, ``PICK``, ...)."""
        return _state_names()[self.app.state]

    def await_state(self, name, limit_ms=AWAIT_MS, frame_ms=FRAME_MS):
        """Let app time pass until the app is in state ``name``."""
        waited = 0
        while self.state != name:
            if waited >= limit_ms:
                raise SimError("the app did not reach %s within %d ms (it is "
                               "in %s)" % (name, limit_ms, self.state))
            self.advance(frame_ms, frame_ms)
            waited += frame_ms

    def tap_until(self, code, name, limit=UNTIL_TAPS):
        """Tap ``code`` until the app is in state ``name``."""
        taps = 0
        while self.state != name:
            if taps >= limit:
                raise SimError("the app did not reach %s after %d taps (it is "
                               "in %s)" % (name, limit, self.state))
            self.tap(code)
            taps += 1
        return taps

    def sync(self, now_ms):
        """Move the clock to ``now_ms`` (real time in the window) and tick."""
        if now_ms > self.now:
            self.hw.clock.set(now_ms)
            self.now = now_ms
        self._run()

    # keys
    def has_key(self, code):
        return code in self.hw.key_codes

    def press(self, code):
        """Press ``code`` (ignored when the profile has no such key)."""
        if self.has_key(code):
            self.hw.key_queue.press(code)

    def release(self, code):
        if self.has_key(code):
            self.hw.key_queue.release(code)

    def tap(self, code, hold_ms=TAP_MS, gap_ms=GAP_MS):
        """Press, hold ``hold_ms``, release, wait ``gap_ms``. SimError when
        the profile has no such key."""
        if not self.has_key(code):
            from minigam.hw.keys import key_name
            raise SimError("profile %s has no key %s (it has: %s)" % (
                self.profile, key_name(code),
                " ".join(key_name(c) for c in self.hw.key_codes)))
        self.press(code)
        self.advance(hold_ms)
        self.release(code)
        self.advance(gap_ms)

    def chord(self, codes, hold_ms=TAP_MS, gap_ms=GAP_MS):
        """Press ``codes`` one frame apart, hold them all ``hold_ms``, let
        them go, wait ``gap_ms`` (X+Y: the hint). SimError when the
        profile lacks one."""
        for code in codes:
            if not self.has_key(code):
                from minigam.hw.keys import key_name
                raise SimError("profile %s has no key %s" % (
                    self.profile, key_name(code)))
        for k, code in enumerate(codes):
            if k:
                self.advance(FRAME_MS)
            self.press(code)
        self.advance(hold_ms)
        for code in codes:
            self.release(code)
        self.advance(gap_ms)

    @property
    def key_codes(self):
        return tuple(self.hw.key_codes)

    # output
    def frame(self):
        """The screen now (what the panel shows), as a
        :class:`minigam.host.simulator.render.Frame`."""
        return self.panel.frame()

    def render_frame(self):
        """The root group rendered afresh by displayio (``fill_row``): slow,
        and the reference :meth:`frame` is checked against."""
        from minigam.host.simulator.render import Frame
        return Frame(self.hw.display)

    def pixel_colors(self):
        """(r, g, b) of each dice-indicator pixel, as last written."""
        px = self.hw.pixels
        return [px.color(i) for i in range(px.count)]

    def pixel_display_colors(self):
        """The pixel colours as a monitor should show them: the profile's
        current cap undone (the pixels run dimmed to limit current, yet a
        lit NeoPixel looks bright) and a gamma lift."""
        cap = float(getattr(self.hw, "pixel_max", 1.0) or 1.0)
        return [tuple(min(255, int(255 * min(1.0, v / cap / 255.0) ** 0.6))
                      for v in c) for c in self.pixel_colors()]

    def screenshot(self, path, scale=1):
        self.frame().save_png(path, scale)

    @property
    def game_over(self):
        return bool(getattr(self.app, "game_over", False))

    def close(self):
        """Release the hardware fakes; with ``mat``, write the Backgammon
        games (``mat_files`` lists the files)."""
        if self.recorder is not None:
            self.mat_files = self.recorder.close()
        self.hw.nvm.flush()
        deinit = getattr(self.hw, "deinit", None)
        if deinit is not None:
            deinit()


def data_dir():
    """Where the simulator keeps its files: ``MINIGAM_DATA``, else the
    user's data directory (``$XDG_DATA_HOME`` or ``~/.local/share``;
    ``~/Library/Application Support`` on macOS, ``%APPDATA%`` on
    Windows), ``minigam`` in it."""
    env = os.environ.get("MINIGAM_DATA")
    if env:
        return env
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        base = os.environ["APPDATA"]
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.expanduser(
            "~/.local/share")
    return os.path.join(base, "minigam")


def nvm_path(profile):
    """The file that keeps profile ``profile``'s NVM between runs (one a
    profile: their NVM sizes differ)."""
    return os.path.join(data_dir(), "nvm-%s.bin" % profile)


# The 24-point games' packages: a board whose drive lacks them (a stock
# PyBadge's) finds neither.
_GAMES_24 = ("minigam.bg", "minigam.nardy")


def _build_app(hw, seed, perfect=None, games_24=True):
    """The app, built exactly as ``code.py`` builds it (plus, with
    ``perfect``, the host's Perfect level:
    ``minigam.host.aitools.quarter.perfect.factory``). Without
    ``games_24`` it is built as on a board whose drive carries MINIGAM
    alone: the app finds no Backgammon package (``menu.check_games``),
    so its menu offers MINIGAM only, as the board's does."""
    try:
        from minigam.app.start import build_app
    except ImportError as exc:
        raise SimError("the app is missing: %s" % exc)
    if games_24:
        return build_app(hw, seed=seed, perfect=perfect)
    kept = {m: sys.modules.get(m) for m in _GAMES_24}
    for m in _GAMES_24:
        sys.modules[m] = None  # (an import of it raises ImportError)
    try:
        return build_app(hw, seed=seed, perfect=perfect)
    finally:
        for m, mod in kept.items():
            if mod is None:
                del sys.modules[m]
            else:
                sys.modules[m] = mod


def run_step(session, kind, arg):
    """Play one step of a parsed key script (``shot`` does nothing)."""
    if kind == "tap":
        session.tap(arg)
    elif kind == "chord":
        session.chord(arg)
    elif kind == "wait":
        session.advance(arg)
    elif kind == "await":
        session.await_state(arg)
    elif kind == "until":
        session.tap_until(*arg)


def run_script(session, steps, on_shot=None, settle_ms=SETTLE_MS):
    """Play ``steps`` (from :func:`parse_script`) on ``session``; calls
    ``on_shot(index)`` at each ``shot`` step. Ends with ``settle_ms`` of
    app time so animations and the AI's turn finish."""
    shots = 0
    for kind, arg in steps:
        run_step(session, kind, arg)
        if kind == "shot" and on_shot is not None:
            on_shot(shots)
            shots += 1
    session.advance(settle_ms)
    return shots


def run_headless(profile, script, screenshot=None, screenshot_dir=None,
                 scale=1, seed=None, settle_ms=SETTLE_MS, out=None,
                 session=None):
    """Run a key script and write PNGs: ``screenshot`` at the end, and with
    ``screenshot_dir`` one ``NNN.png`` after every step (``shot`` steps
    only, when the script has any). ``session``: another front end with
    the same methods (the emulated firmware's), closed here too."""
    steps = parse_script(script or "")
    session = session or Session(profile, seed)
    written = []

    def save(path):
        session.screenshot(path, scale)
        written.append(path)

    try:
        if screenshot_dir:
            os.makedirs(screenshot_dir, exist_ok=True)
            explicit = any(k == "shot" for k, _ in steps)
            n = [0]

            def shot(_i=None):
                save(os.path.join(screenshot_dir, "%03d.png" % n[0]))
                n[0] += 1

            shot()
            for kind, arg in steps:
                run_step(session, kind, arg)
                if (kind == "shot") if explicit else (kind != "shot"):
                    shot()
            session.advance(settle_ms)
            if not explicit:
                shot()
        else:
            run_script(session, steps, settle_ms=settle_ms)
        if screenshot:
            save(screenshot)
    finally:
        session.close()
    if out is not None:
        for path in written:
            out.write("wrote %s\n" % path)
    return written


# --- the README's pictures ---------------------------------------------------

#: Screen sizes the docs show, by the profile that has them.
DOC_PROFILES = (("pybadge", "160x128"), ("pico-st7789", "240x240"),
                ("pico-ili9341", "320x240"))
#: ``(name, seed, key script)``: each picture is the screen right after its
#: script (no settling), so an animation is caught mid-way. Seed 2's opening
#: roll lets the human (Player 1) start; seed 1's lets the AI start.
DOC_SHOTS = (
    ("menu", 1, ""),
    ("settings", 1, "DOWN DOWN DOWN DOWN A DOWN DOWN DOWN DOWN"),
    ("opening", 2, "A A"),
    ("board", 2, "A A A await:PICK"),
    ("dest", 2, "A A A await:PICK A await:DEST"),
    ("ai-thinking", 1, "A A A await:AI"),
    ("ai-move", 1, "A A A await:AIMOVE wait:400"),
    ("handover", 2, "DOWN A A A await:PICK A*until:ROLL"),
    ("game-over", 2, "A A*until:OVER"),
    # Backgammon (Game: the next value), a destination chosen
    ("backgammon", 2, "DOWN DOWN DOWN A UP UP UP A A A await:PICK A "
     "await:DEST"),
    # Long Nardy, two players, eight turns on: a blocked point crossed
    ("long-nardy", 2, "DOWN DOWN DOWN A A UP UP UP DOWN A"
     + " A*until:DONE A" * 8 + " A*until:PICK A await:DEST"),
)


#: The simulator window itself (screen, dice pixels, key map) for the README.
DOC_WINDOW = ("simulator.png", "pico-st7789", 1, "A A A await:AIMOVE wait:300")


def window_picture(path, profile, seed, script, scale=None):
    """Save a picture of the simulator window after ``script`` (works with
    ``SDL_VIDEODRIVER=dummy``: nothing needs to be on screen)."""
    session = Session(profile, seed)
    try:
        run_script(session, parse_script(script), settle_ms=0)
        window = Window(session, scale)
        try:
            window.draw()
            d = os.path.dirname(path)
            if d:
                os.makedirs(d, exist_ok=True)
            window.pygame.image.save(window.surface, path)
        finally:
            window.close()
    finally:
        session.close()
    return path


def run_docs(folder, out=None, scale=1):
    """Regenerate every picture of ``DOC_SHOTS`` at every size of
    ``DOC_PROFILES`` as ``folder/<name>-<W>x<H>.png``, and the window
    picture ``DOC_WINDOW``."""
    written = []
    name, profile, seed, script = DOC_WINDOW
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # draw off screen
    written.append(window_picture(os.path.join(folder, name), profile, seed,
                                  script, scale=2))
    if out is not None:
        out.write("wrote %s\n" % written[-1])
    for name, seed, script in DOC_SHOTS:
        for profile, size in DOC_PROFILES:
            path = os.path.join(folder, "%s-%s.png" % (name, size))
            written += run_headless(profile, script, screenshot=path,
                                    scale=scale, seed=seed, settle_ms=0,
                                    out=out)
    return written


# --- the pygame window --------------------------------------------------------

def _pygame_keys(pygame):
    from minigam.host.simulator.keyboard import KEYBOARD
    return {getattr(pygame, name): row[0]
            for row in KEYBOARD for name in row[2]}


def frame_rgb(frame):
    """A numpy ``(height, width, 3)`` uint8 array of a Frame."""
    import numpy as np
    v = np.frombuffer(frame.data, dtype=">u2").astype(np.uint32)
    v = v.reshape(frame.height, frame.width)
    rgb = np.empty((frame.height, frame.width, 3), dtype=np.uint8)
    rgb[..., 0] = (((v >> 11) & 0x1F) * 527 + 23) >> 6
    rgb[..., 1] = (((v >> 5) & 0x3F) * 259 + 33) >> 6
    rgb[..., 2] = ((v & 0x1F) * 527 + 23) >> 6
    return rgb


#: Where a local X server keeps its sockets (``X<n>``; tests move it).
X11_SOCKET_DIR = "/tmp/.X11-unix"
#: How long to wait for a display server to answer (seconds).
CONNECT_S = 0.5


class NoWindow(SimError):
    """No visible window can open here: the terminal takes over."""


def parse_display(text):
    """Where the X server of a ``DISPLAY`` string listens, as Xlib reads
    it (``[protocol/][host]:n[.screen]``): ``("local", n)`` for ``:n``,
    ``("unix", n)``, ``("tcp", host, 6000 + n)``, ``("path", socket)``
    (XQuartz's ``/path:n``), or None for anything else (SDL judges it)."""
    text = text or ""
    if text.startswith("/"):
        return ("path", text) if re.search(r":\d+(\.\d+)?$", text) else None
    proto, _, rest = text.rpartition("/")
    m = re.fullmatch(r"(\[[^\]]*\]|[^:\[\]]*):(\d+)(?:\.\d+)?", rest)
    if m is None:
        return None
    host, n = m.group(1).strip("[]"), int(m.group(2))
    if proto in ("unix", "local") or (host == "unix" and not proto):
        return ("unix", n)
    if not host and not proto:
        return ("local", n)
    if proto not in ("", "tcp", "inet", "inet6"):
        return None
    return ("tcp", host or "localhost", 6000 + n)


def _connects(family, address, timeout):
    import socket
    try:
        if family == "tcp":
            socket.create_connection(address, timeout).close()
            return True
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout)
            sock.connect(address)
        return True
    except OSError:
        return False


def x_server_answers(display, timeout=CONNECT_S):
    """True when the X server ``display`` names takes a connection (or the
    string is not one this module reads). A local ``:n`` is tried as
    libxcb does: the abstract socket (Linux), the socket file, then TCP
    on localhost."""
    where = parse_display(display)
    if where is None:
        return True
    if where[0] == "path":
        return _connects("unix", where[1], timeout)
    if where[0] == "tcp":
        return _connects("tcp", where[1:], timeout)
    path = os.path.join(X11_SOCKET_DIR, "X%d" % where[1])
    import sys
    if sys.platform.startswith("linux") and \
            _connects("unix", "\0" + path, timeout):
        return True
    if os.path.exists(path) and _connects("unix", path, timeout):
        return True
    return where[0] == "local" and _connects(
        "tcp", ("localhost", 6000 + where[1]), timeout)


def _wayland_answers(name, env, timeout=CONNECT_S):
    if not os.path.isabs(name):
        runtime = env.get("XDG_RUNTIME_DIR")
        if not runtime:
            return False
        name = os.path.join(runtime, name)
    return _connects("unix", name, timeout)


def window_check(env=None):
    """Can a window open here? ``(True, None)``; ``(False, None)`` where
    plainly not (no DISPLAY: SSH, CI; a dummy SDL driver asked for);
    ``(False, reason)`` where DISPLAY or WAYLAND_DISPLAY names a server
    that is not there: SDL would quietly open an invisible window and
    the terminal would look hung, so the user is told why."""
    env = os.environ if env is None else env
    driver = env.get("SDL_VIDEODRIVER")
    if driver in ("dummy", "offscreen"):
        return False, None
    if driver or os.name != "posix" or _is_macos():
        return True, None  # a driver asked for by name: SDL's to judge
    x, wl = env.get("DISPLAY"), env.get("WAYLAND_DISPLAY")
    if not (x or wl):
        return False, None
    if (x and x_server_answers(x)) or (wl and _wayland_answers(wl, env)):
        return True, None
    why = []
    if x:
        why.append("DISPLAY=%s names no X server here" % x)
    if wl:
        why.append("WAYLAND_DISPLAY=%s names no Wayland compositor here"
                   % wl)
    return False, " and ".join(why)


def display_available():
    """False when there is no screen for a window (SSH, CI, a DISPLAY
    with no server): :func:`window_check` without its reason."""
    return window_check()[0]


def _is_macos():
    import sys
    return sys.platform == "darwin"


def import_pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError as exc:
        raise SimError("pygame-ce is not installed (%s); pip install pygame-ce "
                       "or use --text" % exc)
    return pygame


class Window:
    """The simulator's window: screen, dice pixels, key map.

    Drawing is separate from the event loop so tests can draw a window
    with ``SDL_VIDEODRIVER=dummy`` and inspect it.
    """

    PANEL_W = 230
    BG = (24, 26, 30)
    FG = (220, 220, 220)
    DIM = (130, 130, 140)

    def __init__(self, session, scale=None):
        self.pygame = pygame = import_pygame()
        self.session = session
        w, h = session.width, session.height
        if scale is None:
            scale = max(1, min(5, 640 // max(w, h)))
        self.scale = scale
        self.sw, self.sh = w * scale, h * scale
        self.margin = 16
        self.size = (self.sw + self.PANEL_W + 3 * self.margin,
                     max(self.sh, 300) + 2 * self.margin)
        pygame.display.init()
        driver = pygame.display.get_driver()
        asked = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
        if driver in ("offscreen", "dummy") and driver not in asked:
            # SDL found no screen and fell back by itself: the window
            # would be invisible
            pygame.display.quit()
            raise NoWindow("SDL found no screen (it chose its %r driver)"
                           % driver)
        pygame.font.init()
        pygame.display.set_caption("MINIGAM simulator - %s %dx%d"
                                   % (session.profile, w, h))
        self.surface = pygame.display.set_mode(self.size)
        self.font = pygame.font.Font(None, 22)
        self.small = pygame.font.Font(None, 18)
        self._last_refresh = -1
        self._lit = 1.0
        self._screen = None

    def draw(self, force=False):
        """Redraw the window (the screen only when the app refreshed it,
        or dimmed or blanked its backlight: ``Profile.sleep``)."""
        pygame = self.pygame
        s = self.session
        lit = float(getattr(s.hw.display, "brightness", 1.0))
        if force or self._screen is None or s.panel.version != self._last_refresh \
                or lit != self._lit:
            self._last_refresh = s.panel.version
            self._lit = lit
            rgb = frame_rgb(s.frame())
            if lit < 1:
                rgb = (rgb * lit).astype(rgb.dtype)
            small = pygame.surfarray.make_surface(rgb.swapaxes(0, 1))
            self._screen = pygame.transform.scale(small, (self.sw, self.sh))
        surf = self.surface
        surf.fill(self.BG)
        m = self.margin
        pygame.draw.rect(surf, (60, 60, 66),
                         (m - 3, m - 3, self.sw + 6, self.sh + 6), border_radius=4)
        surf.blit(self._screen, (m, m))
        x = self.sw + 2 * m
        y = m
        surf.blit(self.font.render("dice pixels", True, self.DIM), (x, y))
        y += 24
        y = self._draw_pixels(x, y) + 16
        surf.blit(self.font.render("keys", True, self.DIM), (x, y))
        y += 24
        from minigam.host.simulator.keyboard import key_map
        from minigam.hw.keys import key_name
        for code, label in key_map(s.key_codes):
            surf.blit(self.small.render("%-6s" % key_name(code), True, self.FG),
                      (x, y))
            surf.blit(self.small.render(label, True, self.FG), (x + 60, y))
            y += 18
        y += 6
        for line in ("hint: X and Y together", "quit: Esc / Q / close"):
            surf.blit(self.small.render(line, True, self.DIM), (x, y))
            y += 18
        pygame.display.flip()

    def _draw_pixels(self, x, y):
        pygame = self.pygame
        colors = self.session.pixel_display_colors()
        n = len(colors)
        per_row = 6 if n >= 12 else max(1, min(n, 6))
        r = 11
        for i, c in enumerate(colors):
            cx = x + r + (i % per_row) * (2 * r + 6)
            cy = y + r + (i // per_row) * (2 * r + 8)
            lit = c
            pygame.draw.circle(self.surface, (50, 50, 56), (cx, cy), r + 2)
            pygame.draw.circle(self.surface, lit if any(c) else (12, 12, 14),
                               (cx, cy), r)
        rows = (n + per_row - 1) // per_row
        return y + rows * (2 * r + 8)

    def close(self):
        self.pygame.display.quit()


def run_window(session, scale=None, max_ms=None):
    """Run the window until it is closed (or ``max_ms`` of app time)."""
    import time
    window = Window(session, scale)
    pygame = window.pygame
    keymap = _pygame_keys(pygame)
    clock = pygame.time.Clock()
    t0 = time.monotonic()
    base = session.now
    try:
        running = True
        while running:
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT:
                    running = False
                elif ev.type == pygame.KEYDOWN:
                    if ev.key in (pygame.K_ESCAPE, pygame.K_q):
                        running = False
                    elif ev.key in keymap and not getattr(ev, "repeat", False):
                        session.press(keymap[ev.key])
                elif ev.type == pygame.KEYUP and ev.key in keymap:
                    session.release(keymap[ev.key])
            now = base + int((time.monotonic() - t0) * 1000)
            session.sync(now)
            window.draw()
            if max_ms is not None and session.now - base >= max_ms:
                running = False
            clock.tick(50)
    finally:
        window.close()
