"""The simulator in a terminal: the same frames in Unicode half blocks.

Each character cell shows two screen pixels, the upper one as the
foreground of ``▀`` and the lower one as the background, in 24-bit colour
(or the nearest of the 256 xterm colours when the terminal does not claim
24-bit support). When the terminal is too small for the screen, blocks of
pixels are averaged, and when that leaves the screen's own text unreadable
(1:3 or smaller) a plain text board is printed under the picture. Only the
lines that changed are redrawn. Keys are read
from the tty in cbreak mode (Ctrl-C still works) and the terminal is always
restored on exit.
"""

import os
import select
import sys
import time

from minigam.host.sim import key_map

UPPER_HALF = "\u2580"

# Terminal bytes -> key names (minigam.hw.keys.NAMES); "QUIT" ends the game.
_SEQ = {
    b"\x1b[A": "UP", b"\x1b[B": "DOWN", b"\x1b[C": "RIGHT", b"\x1b[D": "LEFT",
    b"\x1bOA": "UP", b"\x1bOB": "DOWN", b"\x1bOC": "RIGHT", b"\x1bOD": "LEFT",
}
_CHARS = {
    "z": "A", "\r": "A", "\n": "A", " ": "A",
    "x": "B", "\x7f": "B", "\x08": "B",
    "c": "X", "v": "Y", "p": "PRESS", "\t": "PRESS",
    "q": "QUIT", "\x1b": "QUIT",
}


def parse_input(data):
    """Terminal input bytes -> list of key names (``QUIT`` to leave)."""
    out = []
    i = 0
    while i < len(data):
        for seq, name in _SEQ.items():
            if data.startswith(seq, i):
                out.append(name)
                i += len(seq)
                break
        else:
            ch = chr(data[i]).lower()
            if data[i:i + 1] == b"\x1b" and i + 1 < len(data):
                i += 1  # an escape sequence we do not know: skip it
                while i < len(data) and not (64 <= data[i] <= 126 and
                                             data[i] != ord("[")):
                    i += 1
                i += 1
                continue
            if ch in _CHARS:
                out.append(_CHARS[ch])
            i += 1
    return out


def downscale(rgb, factor):
    """Average ``factor`` x ``factor`` blocks of an (h, w, 3) array."""
    import numpy as np
    if factor == 1:
        return rgb
    h, w, _ = rgb.shape
    h2, w2 = -(-h // factor) * factor, -(-w // factor) * factor
    pad = np.zeros((h2, w2, 3), dtype=np.uint32)
    pad[:h, :w] = rgb
    blocks = pad.reshape(h2 // factor, factor, w2 // factor, factor, 3)
    return (blocks.mean(axis=(1, 3)) + 0.5).astype(np.uint8)


def fit_factor(width, height, cols, lines):
    """Smallest downscale factor that fits the screen in cols x lines."""
    f = 1
    while -(-width // f) > cols or -(-height // f) > 2 * lines:
        f += 1
    return f


def _c256(r, g, b):
    def q(v):
        return 0 if v < 48 else 1 if v < 115 else (v - 35) // 40
    return 16 + 36 * q(r) + 6 * q(g) + q(b)


def _sgr(fg, bg, truecolor):
    if truecolor:
        return "\x1b[38;2;%d;%d;%d;48;2;%d;%d;%dm" % (fg + bg)
    return "\x1b[38;5;%d;48;5;%dm" % (_c256(*fg), _c256(*bg))


def render_lines(rgb, truecolor=True):
    """An (h, w, 3) array -> list of terminal lines of half blocks."""
    h, w, _ = rgb.shape
    lines = []
    for y in range(0, h, 2):
        top = rgb[y]
        bot = rgb[y + 1] if y + 1 < h else None
        parts = []
        last = None
        for x in range(w):
            fg = tuple(int(v) for v in top[x])
            bg = tuple(int(v) for v in bot[x]) if bot is not None else (0, 0, 0)
            if (fg, bg) != last:
                parts.append(_sgr(fg, bg, truecolor))
                last = (fg, bg)
            parts.append(UPPER_HALF)
        parts.append("\x1b[0m")
        lines.append("".join(parts))
    return lines


def pixel_line(colors, truecolor=True):
    """The dice pixels as coloured dots."""
    parts = []
    for i, c in enumerate(colors):
        if i and len(colors) >= 12 and i % 6 == 0:
            parts.append("  ")
        if truecolor:
            parts.append("\x1b[38;2;%d;%d;%dm\u25cf" % c if any(c) else
                         "\x1b[38;5;238m\u25cb")
        else:
            parts.append("\x1b[38;5;%dm\u25cf" % _c256(*c) if any(c) else
                         "\x1b[38;5;238m\u25cb")
        parts.append(" ")
    return "".join(parts) + "\x1b[0m"


class TextScreen:
    """Keeps what the terminal shows and redraws only changed lines."""

    def __init__(self, session, out, truecolor=True, size=None):
        self.session = session
        self.out = out
        self.truecolor = truecolor
        self.size = size
        self.shown = []
        self._refresh = -1
        self._pixels = None
        self._factor = None

    def _term_size(self):
        if self.size:
            return self.size
        try:
            s = os.get_terminal_size(self.out.fileno())
            return s.columns, s.lines
        except (OSError, ValueError, AttributeError):
            return 80, 24

    def lines(self):
        """Every line of the current picture."""
        from minigam.host.sim import frame_rgb
        from minigam.hw.keys import key_name
        s = self.session
        cols, rows = self._term_size()
        factor = fit_factor(s.width, s.height, cols, max(4, rows - 4))
        if factor >= 3:  # room for the plain text board as well
            factor = fit_factor(s.width, s.height, cols, max(4, rows - 8))
        rgb = downscale(frame_rgb(s.frame()), factor)
        out = render_lines(rgb, self.truecolor)
        out.append("dice: " + pixel_line(s.pixel_display_colors(), self.truecolor))
        keys = "  ".join("%s=%s" % (key_name(c), label.split(" / ")[0])
                         for c, label in key_map(s.key_codes))
        note = "  (1:%d)" % factor if factor > 1 else ""
        out.append(keys + "  q=quit" + note)
        if factor >= 3:
            out.extend(text_board(s))
        return out

    def draw(self, force=False):
        s = self.session
        pixels = s.pixel_colors()
        if not force and s.panel.version == self._refresh and pixels == self._pixels:
            return False
        self._refresh = s.panel.version
        self._pixels = pixels
        new = self.lines()
        buf = []
        for i, line in enumerate(new):
            if force or i >= len(self.shown) or self.shown[i] != line:
                buf.append("\x1b[%d;1H%s\x1b[K" % (i + 1, line))
        if len(new) < len(self.shown):
            buf.append("\x1b[%d;1H\x1b[J" % (len(new) + 1))
        self.shown = new
        self.out.write("".join(buf))
        self.out.flush()
        return True


# What each app state means to a player (the terminal never shows the
# state machine's own names).
PHASES = {
    "MENU": "menu", "INFO": "a text page", "OPEN": "opening roll",
    "OPENED": "opening roll", "ROLL": "to roll", "PICK": "to move",
    "DEST": "to move, choosing where", "DONE": "to confirm the play",
    "PASS": "no legal move", "AI": "the AI thinks",
    "AIMOVE": "the AI moves", "OVER": "game over",
}


def text_board(session):
    """A plain text board from the game's public state (``Game.pos``,
    ``player``, ``d1``/``d2``/``used``): shown under the picture when the
    terminal is too small for the screen's own text to be read."""
    from minigam.rules import pips
    app = session.app
    g = getattr(app, "game", None)
    state = session.state
    if g is None:
        return ["%s  (the picture above; enlarge the terminal to read it)"
                % PHASES.get(state, state.lower())]
    pos = g.pos
    cells1 = ["%2s" % (pos[p] or ".") for p in range(1, 7)]
    cells2 = ["%2s" % (pos[15 - p] or ".") for p in range(1, 7)]
    dice = "-"
    if g.d1:
        dice = "%s%d %s%d" % ("" if not g.used[0] else "x", g.d1,
                              "" if not g.used[1] else "x", g.d2)
    if state == "OVER" and g.winner:
        head = "Player %d wins" % g.winner
    else:
        head = "Player %d: %s" % (g.player, PHASES.get(state, state.lower()))
    prompt = ""
    board = getattr(app, "board", None)
    if board is not None and state not in ("MENU", "INFO", "OVER"):
        prompt = board.msg_lb.text.strip()
    return [
        "%s, dice %s, match %d-%d%s" % (
            head, dice, g.score[0], g.score[1],
            "  | " + prompt if prompt else ""),
        "        bar  1  2  3  4  5  6  off  pips",
        "  P1 >  %2d %s   %2d  %4d" % (pos[0], " ".join(cells1), pos[7],
                                        pips(pos, 1)),
        "  P2 <  %2d %s   %2d  %4d" % (pos[8], " ".join(cells2), pos[15],
                                        pips(pos, 2)),
    ]


def truecolor_terminal():
    return os.environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")


def run_text(session, stdin=None, stdout=None, max_ms=None):
    """Play in the terminal until ``q`` (or ``max_ms`` of app time)."""
    import termios
    import tty
    from minigam.hw import keys as K
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    fd = stdin.fileno()
    if not os.isatty(fd):
        from minigam.host.sim import SimError
        raise SimError("text mode needs a terminal (stdin is not a tty); "
                       "use --headless for scripts")
    screen = TextScreen(session, stdout, truecolor_terminal())
    old = termios.tcgetattr(fd)
    stdout.write("\x1b[?1049h\x1b[?25l\x1b[2J")
    t0 = time.monotonic()
    base = session.now
    pending = []  # (release time, code)
    try:
        tty.setcbreak(fd)
        screen.draw(force=True)
        while True:
            r, _, _ = select.select([fd], [], [], 0.02)
            now = base + int((time.monotonic() - t0) * 1000)
            if r:
                data = os.read(fd, 64)
                for name in parse_input(data):
                    if name == "QUIT":
                        return
                    code = K.key_code(name)
                    session.press(code)
                    pending.append((now + 60, code))
            for item in [p for p in pending if p[0] <= now]:
                session.release(item[1])
                pending.remove(item)
            session.sync(now)
            screen.draw()
            if max_ms is not None and session.now - base >= max_ms:
                return
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        stdout.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        stdout.flush()
