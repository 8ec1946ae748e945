"""The simulator in a terminal: the same frames in Unicode half blocks.

Each character cell shows two screen pixels, the upper one as the
foreground of ``▀`` and the lower one as the background, in 24-bit colour
(or the nearest of the 256 xterm colours when the terminal does not claim
24-bit support). When the terminal is too small for the screen, blocks of
pixels are averaged, and when that leaves the screen's own text unreadable
(1:3 or smaller) a plain text board is printed under the picture, in a
player's words: the position, the cursor, the picked checker and where it
may go, the screen's prompt (or the menu's lines). Plain lines are cut to
the terminal's width (the picture's never: they hold escape codes, and
are scaled to fit instead). Only the lines that changed are redrawn.
Keys are read from the tty in cbreak mode (Ctrl-C still works) and the
terminal is always restored on exit.
"""

import os
import select
import sys
import time

from minigam.host.simulator.keyboard import key_map

UPPER_HALF = "\u2580"

# Terminal bytes -> key names (minigam.hw.keys.NAMES); "QUIT" ends the game.
_SEQ = {
    b"\x1b[A": "UP", b"\x1b[B": "DOWN", b"\x1b[C": "RIGHT", b"\x1b[D": "LEFT",
    b"\x1bOA": "UP", b"\x1bOB": "DOWN", b"\x1bOC": "RIGHT", b"\x1bOD": "LEFT",
}
_CHARS = {
    "a": "A", "z": "A", "\r": "A", "\n": "A", " ": "A",
    "b": "B", "\x7f": "B", "\x08": "B",
    "x": "X", "y": "Y", "p": "PRESS", "\t": "PRESS",
    "q": "QUIT", "\x1b": "QUIT",
    "h": "HINT",  # X and Y together: a terminal cannot hold two keys
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


def key_line(codes, factor, cols):
    """The key map in one line of at most ``cols`` characters (closer
    spacing first, then cut: plain text, so cutting is safe)."""
    from minigam.hw.keys import key_name
    keys = []
    for c, label in key_map(codes):
        name = key_name(c)
        pc = label.split(" / ")[0]
        keys.append(name if pc == name else "%s=%s" % (name, pc))
    keys += ["h=hint", "q=quit"]
    note = "(1:%d)" % factor if factor > 1 else ""
    for sep in ("  ", " "):
        line = sep.join(keys + ([note] if note else []))
        if len(line) <= cols:
            return line
    return " ".join(keys)[:cols]


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
        """Every line of the current picture; the plain ones (the keys,
        the text board) cut to the terminal's width."""
        from minigam.host.simulator.sim import frame_rgb
        s = self.session
        cols, rows = self._term_size()
        factor = fit_factor(s.width, s.height, cols, max(4, rows - 4))
        board = []
        if factor >= 3:  # room for the plain text board as well
            board = text_board(s, cols)[:BOARD_LINES]
            factor = fit_factor(s.width, s.height, cols,
                                max(4, rows - 2 - BOARD_LINES))
        rgb = downscale(frame_rgb(s.frame()), factor)
        out = render_lines(rgb, self.truecolor)
        out.append("dice: " + pixel_line(s.pixel_display_colors(), self.truecolor))
        out.append(key_line(s.key_codes, factor, cols))
        out.extend(line[:cols] for line in board)
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
# state machine's own names; a state added later shows as its name in
# lower case until it is named here).
PHASES = {
    "MENU": "menu", "INFO": "a text page", "OPEN": "opening roll",
    "OPENED": "opening roll", "ROLL": "to roll", "PICK": "to move",
    "DEST": "to move, choosing where", "DONE": "to confirm the play",
    "PASS": "no legal move", "AI": "the AI thinks",
    "AIMOVE": "the AI moves", "OVER": "game over",
    "ENTER": "entering the dice", "HINT": "the hint, move by move",
    "CHECK": "the tutor checks the play", "TUTOR": "the tutor's notice",
    "SUMMARY": "the game's figures", "REVIEW": "the game's review",
    "OFFER": "an offer to answer", "GAMEPAGE": "the game's IDs, resigning",
}

#: Lines the text board may take (the picture is scaled to leave them).
BOARD_LINES = 5

# Cell marks on a player's row: the cursor, the picked checker, a place it
# may go.
_MARKS = {"cursor": "[%2s]", "picked": "(%2s)", "dest": " %2s*"}


def _phase(state):
    return PHASES.get(state, state.lower())


def _state(session):
    """The app's state name, "" when it has none (an app newer than this
    module may have a state without a name yet)."""
    try:
        return session.state or ""
    except (IndexError, AttributeError, TypeError):
        return ""


def _mirror(player, x):
    """A screen column (0 = Player 1's bar .. 7 = its off) <-> the
    player's own index (0 bar .. 7 off): ``app._col``, its own inverse."""
    return x if player == 1 else 7 - x


def _slot(player, col):
    """The text row's cell (0 bar, 1..6 points, 7 off) of a screen column:
    both rows print the points in screen order, each player's own bar
    first and off last."""
    index = _mirror(player, col)
    return index if index in (0, 7) else col


def _place(player, col, pos=None):
    """A screen column in a player's words: "bar", "off" or "point 3",
    with the mover's checkers there when ``pos`` is given."""
    slot = _slot(player, col)
    name = {0: "bar", 7: "off"}.get(slot, "point %d" % col)
    if pos is None or slot == 7:
        return name
    n = pos[(0 if player == 1 else 8) + _mirror(player, col)]
    return "%s (%d checker%s)" % (name, n, "" if n == 1 else "s")


def _dest_list(player, cols):
    return ", ".join({0: "bar", 7: "off"}.get(_slot(player, c), str(c))
                     for c in cols)


def _focus(app, state, g):
    """``(marks, words)``: what the screen highlights in the mover's row,
    ``{slot: mark}``, and the same in a player's words (for the states
    that show a cursor: PICK, DEST, the moves of AIMOVE)."""
    p = g.player
    marks = {}
    try:
        if state == "PICK":
            col = app.srcs[app.ci]
            dests = sorted(_mirror(p, d)  # screen order, as X walks
                           for d, _ in g.targets(_mirror(p, col)))
            for c in dests:
                marks[_slot(p, c)] = "dest"
            marks[_slot(p, col)] = "cursor"
            text = "cursor: %s -> destinations %s" % (
                _place(p, col, g.pos), _dest_list(p, dests))
            if len(app.srcs) > 1:
                text += "; movable: " + _dest_list(p, app.srcs)
            return marks, text
        if state == "DEST":
            dests = [t[0] for t in app.tgts]
            col, die = app.tgts[app.ci][0], app.tgts[app.ci][1]
            for c in dests:
                marks[_slot(p, c)] = "dest"
            marks[_slot(p, app.src)] = "picked"
            marks[_slot(p, col)] = "cursor"
            return marks, ("picked: %s -> destinations %s; cursor: %s "
                           "(die %d)" % (_place(p, app.src, g.pos),
                                         _dest_list(p, dests),
                                         _place(p, col), die))
        col = getattr(app, "last_col", -1)
        if state == "AIMOVE" and 0 <= col <= 7:
            marks[_slot(p, col)] = "cursor"
            where = _place(p, col)
            return marks, "last move: " + (
                "borne off" if where == "off" else "to " + where)
    except (AttributeError, IndexError, TypeError, ValueError):
        pass  # a view state this module does not know: no highlight
    return {}, ""


def _view_focus(board, p):
    """``(marks, words)`` from what the board view highlights (the hint,
    states added later): its cursor, selected checker and marked
    destinations."""
    cursor = getattr(board, "cursor", -1)
    sel = getattr(board, "sel_col", -1)
    mask = getattr(board, "target_mask", 0)
    if not isinstance(mask, int) or not (isinstance(cursor, int) and
                                         isinstance(sel, int)):
        return {}, ""
    marks = {}
    words = []
    dests = [c for c in range(8) if mask >> c & 1]
    for c in dests:
        marks[_slot(p, c)] = "dest"
    if 0 <= sel <= 7:
        marks[_slot(p, sel)] = "picked"
        words.append("picked: " + _place(p, sel))
    if dests:
        words.append("destinations " + _dest_list(p, dests))
    if 0 <= cursor <= 7:
        marks[_slot(p, cursor)] = "cursor"
        words.append("cursor: " + _place(p, cursor))
    return marks, "; ".join(words)


def _banner(board):
    """The banner across the board ("Opening roll / A: roll"), or ""."""
    banner = getattr(board, "banner", None)
    if banner is None or getattr(banner, "hidden", True):
        return ""
    parts = [getattr(getattr(board, n, None), "text", "") for n in
             ("ban1", "ban2")]
    return " - ".join(x.strip() for x in parts if x and x.strip())


def _page_shown(app):
    """True while a text page covers the board (the menu, statistics,
    the game's figures)."""
    group = getattr(getattr(app, "text", None), "group", None)
    return group is not None and not getattr(group, "hidden", True)


def _page(app, state, cols):
    """A text page in lines: its title, then the menu's lines around the
    pointer (``> ``), or a page's lines run together (`` | ``) to fill
    the lines there are."""
    view = getattr(app, "text", None)
    try:
        title = view.title.text.strip()
        items = [lb.text.strip() for lb in view.lines]
        sel = view.sel - view.first if view.sel >= 0 else -1
    except (AttributeError, TypeError):
        return ["%s  (the picture above; enlarge the terminal to read it)"
                % _phase(state)]
    while items and not items[-1]:
        items.pop()
    for name, where in (("less", "above"), ("more", "below")):
        if not getattr(getattr(view, name, None), "hidden", True):
            title += "  (more %s)" % where
    room = BOARD_LINES - 1
    out = ["%s: %s" % (_phase(state), title)]
    if sel >= 0:
        first = max(0, min(sel - 1, len(items) - room))
        for k in range(first, min(len(items), first + room)):
            out.append(("  > " if k == sel else "    ") + items[k])
        return out
    line = ""
    for item in [x for x in items if x]:
        if line and len(line) + 3 + len(item) > cols - 4:
            out.append("    " + line)
            line = ""
        line = line + " | " + item if line else item
    if line:
        out.append("    " + line)
    return out[:BOARD_LINES]


def _shown_position(board, g):
    """The position the screen shows (the hint's differs from the
    game's): the board view's, else the game's."""
    pos = getattr(board, "pos", None)
    if isinstance(pos, (bytes, bytearray)) and len(pos) >= 16 and any(pos):
        return pos
    return g.pos


def text_board(session, cols=80):
    """A plain text board from the game's public state (``Game.pos``,
    ``player``, ``d1``/``d2``/``used``, ``winner``) and the app's view
    state (the cursor, the picked checker, its destinations, the prompt
    and banner), or the text page that covers the board: shown under the
    picture when the terminal is too small for the screen's own text to
    be read. At most ``BOARD_LINES`` lines."""
    from minigam.quarter.rules import pips
    app = session.app
    g = getattr(app, "game", None)
    state = _state(session)
    if g is None or _page_shown(app):
        return _page(app, state, cols)
    board = getattr(app, "board", None)
    pos = _shown_position(board, g)
    dice = "-"
    if g.d1:
        dice = "%s%d %s%d" % ("" if not g.used[0] else "x", g.d1,
                              "" if not g.used[1] else "x", g.d2)
    phase = _phase(state)
    names = getattr(app, "names", None)
    ai_turn = callable(names) and names()[g.player - 1] == "AI"
    if state == "AIMOVE" and not ai_turn:
        phase = "a forced play, move by move"
    if state == "OVER" and g.winner:
        head = "Player %d wins" % g.winner
    elif state in ("OPEN", "OPENED"):
        head = phase[:1].upper() + phase[1:]  # no mover yet
    else:
        head = "Player %d: %s" % (g.player, phase)
    msg = getattr(getattr(board, "msg_lb", None), "text", "")
    prompt = msg.strip() if isinstance(msg, str) else ""
    marks, words = _focus(app, state, g)
    if not (marks or words) and state != "OVER":
        marks, words = _view_focus(board, g.player)
    words = "; ".join(x for x in (words, _banner(board)) if x)
    cells = {1: [pos[0]] + list(pos[1:8]),
             2: [pos[8]] + [pos[15 - c] for c in range(1, 7)] + [pos[15]]}
    rows = []
    for p, label in ((1, "  P1 > "), (2, "  P2 < ")):
        mine = marks if p == g.player else {}
        rows.append(label + "".join(
            _MARKS.get(mine.get(k), " %2s ") % (n if n or k in (0, 7) else ".")
            for k, n in enumerate(cells[p])) + "  %4d" % pips(pos, p))
    return [
        "%s, dice %s, match %d-%d%s" % (
            head, dice, g.score[0], g.score[1],
            "  | " + prompt if prompt else ""),
        "       bar " + "".join(" %2d " % c for c in range(1, 7)) +
        "off   pips",
    ] + rows + [words]


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
        from minigam.host.simulator.sim import SimError
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
                    for code in ((K.X, K.Y) if name == "HINT"
                                 else (K.key_code(name),)):
                        session.press(code)  # the hint: Y while X is held
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
