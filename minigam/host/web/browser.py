"""The built page in headless Chromium, as a session like the emulator's.

:class:`BrowserSession` drives ``driver.mjs`` (puppeteer-core on the
distribution's Chromium). It reads the page's USB console and clock, so it
offers what :class:`minigam.host.emu.device.EmuSession` offers the
simulator's key scripts (``tap``, ``await_state``, ``tap_until``,
``state``) when the page boots a UF2 whose drive prints the app's states.
Its times are the page's emulated clock; the page runs at its own pace, so
waiting means polling it.
"""

import base64
import json
import os
import shutil
import subprocess
import time

from minigam.host.emu.device import EmuError, EmuSession, quit_process
from minigam.host.firmware.inputs import repo_root

POLL_S = 0.03  # wall time between two looks at the page
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def chromium():
    """The path of an installed Chromium (``MINIGAM_CHROMIUM`` first), or
    None."""
    path = os.environ.get("MINIGAM_CHROMIUM")
    if path:
        return path if os.path.isfile(path) else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


class BrowserSession(EmuSession):
    """The page at ``url`` in headless Chromium (``open`` loads it)."""

    def __init__(self, url, profile="pico-st7789", echo=None, width=1100,
                 height=900):
        from minigam.hw import pins
        from minigam.hw.keys import key_code
        path = chromium()
        if path is None:
            raise EmuError("Chromium is not installed (apt-get install "
                           "chromium, or set MINIGAM_CHROMIUM)")
        node = shutil.which("node")
        driver = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "driver.mjs")
        if node is None or not os.path.isdir(
                os.path.join(repo_root(), "node_modules", "puppeteer-core")):
            raise EmuError("node and puppeteer-core are needed: run `make "
                           "setup`")
        self.url = url
        self.profile = profile
        data = pins.PROFILES[profile]
        self.width = data["display"]["width"]
        self.height = data["display"]["height"]
        self._keys = {key_code(name): name.upper() for name in data["keys"]}
        self.echo = echo
        self._reset_console()
        self.visits = []
        self.heap = []
        self.stages = []
        self.speeds = []  # (t_ms, emulated s per s, busy share) polled
        self.draws = []  # (from, to) emulated ms: pixel bursts (timeline)
        self._proc = subprocess.Popen(
            [node, driver, "--chromium", path, "--width", str(width),
             "--height", str(height)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, cwd=repo_root())
        self._call("open", url=url)

    def _reset_console(self):
        self.console = ""
        self._seen = 0  # page console characters read
        self._seen_lines = 0
        self._line = ""
        self.state = None
        self.keys_taken = None
        self._keys_sent = 0
        self.now = 0.0
        self.last_frame_ms = 0.0

    # --- the driver ----------------------------------------------------------

    def _call(self, cmd, **args):
        args["cmd"] = cmd
        try:
            self._proc.stdin.write(json.dumps(args) + "\n")
            self._proc.stdin.flush()
        except OSError:
            pass
        line = self._proc.stdout.readline()
        if not line:
            raise EmuError("the browser driver stopped: %s" % (
                self._proc.stderr.read().strip()[-2000:] or "no output"))
        msg = json.loads(line)
        if msg.get("page_errors"):
            raise EmuError("the page reported: %s"
                           % "; ".join(msg["page_errors"]))
        if "error" in msg:
            raise EmuError("browser: %s" % msg["error"])
        return msg

    def poll(self):
        """Read the page's new console text and its clock."""
        msg = self._call("poll", since=self._seen, lines=self._seen_lines)
        if msg.get("board_error"):
            raise EmuError("the page's board stopped: %s"
                           % msg["board_error"])
        self.now = msg["t_ms"] or 0.0
        self.last_frame_ms = msg.get("last_frame_ms") or 0.0
        self.speeds.append((self.now, msg["speed"], msg["busy"]))
        text = msg["text"]
        if text:
            self._seen += len(text)
            self._seen_lines += len(msg["line_ms"])
            self._feed(text, msg["line_ms"])
        return msg

    def close(self):
        quit_process(self._proc, 20)  # (Chromium takes longer to close)

    # --- time ----------------------------------------------------------------

    def run(self, ms, until=None, idle_ms=None, min_ms=None):
        """Wait while the page runs ``ms`` of emulated time, or less: until
        ``until`` is in the console, or the screen was quiet ``idle_ms``."""
        self.poll()
        start = self.now
        from_at = len(self.console)
        while True:
            if until:
                at = self.console.find(until, from_at)
                if at >= 0 and "\n" in self.console[at:]:
                    return "until"
            if (idle_ms and self.now >= start + (min_ms or 0)
                    and self.now - max(self.last_frame_ms, start) >= idle_ms):
                return "idle"
            if self.now >= start + ms:
                return "time"
            time.sleep(POLL_S)
            self.poll()

    # --- keys ----------------------------------------------------------------

    def press(self, code, down=True):
        self._call("key", name=self._keys[code], down=bool(down))

    def tap(self, code, hold_ms=None, gap_ms=None):
        """Press and let go at once: the page holds the key 40 ms and lets
        it go 40 ms before the next press, emulated; with a trace, wait
        until the app has taken it."""
        if code not in self._keys:
            raise EmuError("profile %s has no key %s" % (self.profile, code))
        self.press(code)
        self.press(code, False)
        self._keys_sent += 1
        if self.keys_taken is None:
            self.run(hold_ms or 200)
        self.await_key()

    # --- outputs -------------------------------------------------------------

    def canvas_rgb(self):
        """The canvas's pixels as a numpy (height, width, 3) array."""
        import numpy as np
        msg = self._call("canvas")
        rgba = np.frombuffer(base64.b64decode(msg["data"]), dtype=np.uint8)
        return rgba.reshape(msg["h"], msg["w"], 4)[..., :3]

    def timeline(self):
        """[(wall ms, emulated ms)] at each of the page's turns since last
        asked (wall: the page's performance.now()); the panel's pixel
        bursts meanwhile, [(from, to) emulated ms], are added to
        ``self.draws``."""
        msg = self._call("timeline")
        self.draws.extend(tuple(d) for d in msg["draws"])
        return [tuple(p) for p in msg["timeline"]]

    def nvm(self):
        """The NVM the page keeps in the browser's storage (None: none)."""
        data = self._call("nvm")["data"]
        return None if data is None else base64.b64decode(data)

    def store_nvm(self, data):
        """Put ``data`` (bytes, or a str as it is) in the page's storage
        for the next load: a save from elsewhere, or a corrupt one."""
        if isinstance(data, bytes):
            data = base64.b64encode(data).decode("ascii")
        self._call("store_nvm", data=data)

    def screenshot(self, path, scale=1):
        self._call("screenshot", path=os.path.abspath(path))

    def reload(self):
        """Reload the page: the board starts anew from the stored NVM."""
        self._call("reload")
        self._reset_console()

    def power_cycle(self):
        self.reload()
