"""The browser page's speed: emulated seconds per wall second in headless
Chromium on this computer (``make bench``, area ``web``).

The page runs paced: never ahead of the wall clock, so a visitor sees at
most 1.00. To see how much room the computer leaves, the figures are
measured flat out (``?pace=off``): at the menu, while Hard thinks in each
game, and while the screen is redrawn. Each is the emulated time over the
wall time between two moments the page's clock passed (its timeline of
worker turns), the moments read from the firmware's trace lines.
"""

import bisect
import os
import tempfile
import time

PROFILE = "pico-st7789"
SEED = 5
AI_TURNS = 3  # the AI's turns timed a game
MENU_S = 4.0  # wall seconds at the menu


class Timeline:
    """The page's [(wall ms, emulated ms)] of its turns: the wall time at
    which the emulated clock passed a moment, interpolated."""

    def __init__(self):
        self.wall = []
        self.emu = []

    def add(self, points):
        for wall, emu in points:
            if not self.emu or emu >= self.emu[-1]:
                self.wall.append(wall)
                self.emu.append(emu)

    def wall_at(self, emu_ms):
        i = bisect.bisect_left(self.emu, emu_ms)
        if i <= 0:
            return self.wall[0]
        if i >= len(self.emu):
            return self.wall[-1]
        e0, e1 = self.emu[i - 1], self.emu[i]
        w0, w1 = self.wall[i - 1], self.wall[i]
        return w0 + (w1 - w0) * ((emu_ms - e0) / (e1 - e0) if e1 > e0 else 0)

    def speed(self, spans):
        """Emulated over wall time, summed over [(from, to) emulated ms]."""
        emu = sum(b - a for a, b in spans)
        wall = sum(self.wall_at(b) - self.wall_at(a) for a, b in spans)
        return emu / wall if wall > 0 else float("nan")


def _session(url):
    from minigam.host.web.browser import BrowserSession
    s = BrowserSession(url, PROFILE)
    s.timeline()  # (the page's start: not measured)
    return s


def _play(s, script, timeline):
    from minigam.host.simulator import sim
    for kind, arg in sim.parse_script(script):
        sim.run_step(s, kind, arg)
        timeline.add(s.timeline())


def ai_spans(s, start):
    """(emulated ms from, to) of each AI think after visit ``start``."""
    spans = []
    visits = s.visits[start:]
    for (state, at), (_, end) in zip(visits, visits[1:]):
        if state == "AI":
            spans.append((at, end))
    return spans


def at_the_menu(s, tl):
    """The page's speed over MENU_S wall seconds at the menu."""
    t0 = s.now
    time.sleep(MENU_S)
    s.poll()
    tl.add(s.timeline())
    return tl.speed([(t0 + 200, s.now - 200)])


def measure(url, out):
    # The menu paths (no tutor) of the firmware's benchmark: the game,
    # then the AI level to Hard.
    from minigam.host.bench.firmware import GAME_KEYS, GAME_NAMES, LEVEL_KEYS
    from minigam.hw import keys as K
    line = out.write
    # Paced, as a visitor gets it.
    tl = Timeline()
    wall0 = time.time()
    s = _session(url)
    try:
        s.boot()
        line("page load and boot to the menu: %.1f s emulated in %.1f s "
             "(paced)\n"
             % (s.now / 1000.0, time.time() - wall0))
        tl.add(s.timeline())
        line("the menu, paced (what a visitor sees): %.2f emulated s per s\n"
             % at_the_menu(s, tl))
    finally:
        s.close()
    # Flat out: what the computer can do.
    sep = "&" if "?" in url else "?"
    for key, game in GAME_NAMES.items():
        keys = GAME_KEYS.get(key, "") + LEVEL_KEYS["hard"]
        tl = Timeline()
        s = _session(url + sep + "pace=off")
        try:
            s.boot()
            tl.add(s.timeline())
            if game == "MINIGAM":
                line("the menu, flat out: %.2f emulated s per s\n"
                     % at_the_menu(s, tl))
                # A redraw: the whole screen, from the menu to the board:
                # from the first pixel burst after the key to the last.
                _play(s, "X", tl)
                s.run(1000, idle_ms=300)
                tl.add(s.timeline())
                pressed = s.now
                _play(s, "A await:OPEN", tl)
                s.run(5000, idle_ms=500)
                tl.add(s.timeline())
                draws = [d for d in s.draws if d[0] >= pressed]
                span = (draws[0][0], draws[-1][1])
                line("a redraw (the menu to the board: %d pixel bursts in "
                     "%.0f ms emulated), flat out: %.2f emulated s per s\n"
                     % (len(draws), span[1] - span[0], tl.speed([span])))
                _play(s, "B await:MENU Y ", tl)
            start = len(s.visits)
            _play(s, keys + "A A A", tl)
            turns = 0
            while turns < AI_TURNS:
                s.tap_until(K.A, "AI")
                s.tap_until(K.A, "ROLL")
                tl.add(s.timeline())
                turns += 1
            spans = ai_spans(s, start)
            line("%s, Hard thinking (%d turns, %.1f s emulated), flat out: "
                 "%.2f emulated s per s\n"
                 % (game, len(spans), sum(b - a for a, b in spans) / 1000.0,
                    tl.speed(spans)))
        finally:
            s.close()


def run(out):
    from minigam.host.web import build as web_build
    from minigam.host.web.browser import chromium
    from minigam.host.web.serve import in_background
    from minigam.host.firmware import build as firmware_build
    path = chromium()
    if path is None:
        out.write("skipped: no Chromium (apt-get install chromium)\n")
        return
    out.write("headless Chromium (%s), the page built by make web; the "
              "firmware's times are the emulated chip's, flash cache "
              "modelled\n" % os.path.basename(path))
    product = firmware_build.build()
    with tempfile.TemporaryDirectory(prefix="minigam-web-") as folder:
        web_build.build(folder, uf2=product)
        web_build.add_traced_firmware(folder, product, PROFILE, SEED)
        server, url = in_background(folder)
        try:
            measure(url + "?firmware=traced.uf2", out)
        finally:
            server.shutdown()
