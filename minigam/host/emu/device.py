"""The real firmware on an emulated Pico, as a session like the simulator's.

:class:`EmuSession` starts ``runner.mjs`` (rp2040js under Node) with a UF2,
the boot ROM and a CIRCUITPY image made from exactly what ``deploy`` writes
for a profile, plus ``MINIGAM_TRACE = 1`` in ``settings.toml`` so that
``code.py`` prints each app state it enters with the heap free after a
collection and a 16 KB probe (``@PICK 91234 1``; a timing run sets 2: the
state alone, no collection). Buttons are GPIO levels,
the screen is rebuilt from the SPI traffic, the NeoPixels from the PIO's
output. All times are the emulator's virtual milliseconds, with the
Pico's XIP flash cache modelled (``xipcache.mjs``: every miss stalls the
core as on the chip); ``flash_cache=False`` gives the ideal flash of
stock rp2040js, for comparison.

It offers what :func:`minigam.host.simulator.sim.run_step` needs (``tap``,
``advance``, ``await_state``, ``tap_until``, ``state``), so the simulator's
key scripts drive the firmware unchanged.
"""

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile

from minigam.host.firmware.inputs import (  # noqa: F401 (device's API)
    BOOTROM_NAME, MPY_CROSS_NAME, UF2_NAME, firmware_dir, mpy_cross,
    repo_root)
from minigam.host.simulator.sim import AWAIT_MS, GAP_MS, TAP_MS, UNTIL_TAPS, SimError
from minigam.host.emu.wiring import (  # noqa: F401 (device's API)
    NVM_MINIGAM, NVM_STOCK, WiringError, nvm_layout, wiring)

BOOT_MS = 20000
# Taps in one state before tap_until calls it a stall (a human turn moves
# on at every tap or two; the emulator is too slow to spend 5000 taps).
STALL_TAPS = 40
KEY_MS = 10000  # longest a key may wait in the app's queue (AI slices)
# "@STATE free probe" (MINIGAM_TRACE = 1) or "@STATE" alone (= 2); the
# first may follow the firmware's title escape
_TRACE = re.compile(r"(?<!\w)@([A-Z]+)(?: (\d+)(?: (-?\d+))?)?(?![\w ])")
_TRACEBACK = "Traceback (most recent call last)"


class EmuError(SimError):
    """The emulated board or its files: one clear line for the user."""


class PowerCut(EmuError):
    """The power was cut (as :meth:`EmuSession.cut_power` asked): the
    board is off until :meth:`EmuSession.power_cycle`."""


def firmware_paths(uf2=None, bootrom=None):
    """(uf2, bootrom): options, else ``MINIGAM_UF2`` / ``MINIGAM_BOOTROM``,
    else the firmware folder. EmuError naming what is missing."""
    uf2 = uf2 or os.environ.get("MINIGAM_UF2") or os.path.join(
        firmware_dir(), UF2_NAME)
    bootrom = bootrom or os.environ.get("MINIGAM_BOOTROM") or os.path.join(
        firmware_dir(), BOOTROM_NAME)
    for what, path in (("firmware UF2", uf2), ("RP2040 boot ROM", bootrom)):
        if not os.path.isfile(path):
            raise EmuError(
                "%s not found at %s: get CircuitPython 10.2.1 for the "
                "Raspberry Pi Pico (circuitpython.org) and the rp2040js boot "
                "ROM, or set MINIGAM_FIRMWARE_DIR / MINIGAM_UF2 / "
                "MINIGAM_BOOTROM (see README, 'The firmware files')"
                % (what, path))
    return uf2, bootrom


def node_command():
    node = shutil.which("node")
    runner = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "runner.mjs")
    if node is None:
        raise EmuError("node is not installed (the emulator runs on Node 18+)")
    if not os.path.isdir(os.path.join(repo_root(), "node_modules", "rp2040js")):
        raise EmuError("rp2040js is missing: run `npm ci` in %s" % repo_root())
    return [node, runner]


def mpy_cross_path():
    """CircuitPython 10's own mpy-cross: ``MINIGAM_MPY_CROSS``, else the
    firmware folder's."""
    path, why = mpy_cross()
    if path is None:
        raise EmuError(why)
    return path


def drive_files(profile, settings=None, extra=None, mpy=False, frozen=False):
    """{path: bytes} of the CIRCUITPY drive: ``deploy``'s plan for
    ``profile`` (its ``.mpy`` bundle with ``mpy``, else its ``.py`` tree,
    which never carries the 24-point games; only the entry files and
    settings with ``frozen``, for the MINIGAM firmware) with ``settings``
    lines added to settings.toml and ``extra`` files (a test's planted
    module, say) added or replaced."""
    from minigam.host.hardware.deploy import (
        KEEP_SOURCE, as_py_tree, build_plan, compile_mpy)
    plan = build_plan(profile)
    files = dict((plan if mpy else as_py_tree(plan)).files)
    if frozen:
        files = {k: v for k, v in files.items()
                 if k in KEEP_SOURCE or k == "settings.toml"}
    if mpy:
        files = compile_mpy(files, mpy_cross_path())
    settings = dict(settings or {})
    lines = ["MINIGAM_TRACE = %d" % settings.pop("MINIGAM_TRACE", 1)]
    for key, value in sorted(settings.items()):
        lines.append("%s = %s" % (key, json.dumps(value)))
    files["settings.toml"] = (files.get("settings.toml", b"").rstrip(b"\n")
                              + b"\n" + "\n".join(lines).encode() + b"\n")
    files.update(extra or {})
    return files


def quit_process(proc, wait_s):
    """Ask a child that reads JSON commands (the runner, the browser's
    driver) to quit; kill it if it has not within ``wait_s`` seconds."""
    if proc.poll() is None:
        try:
            proc.stdin.write('{"cmd":"quit"}\n')
            proc.stdin.flush()
            proc.wait(wait_s)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()


class EmuSession:
    """The firmware running ``files`` (``drive_files``) on an emulated Pico
    wired as ``profile``. ``echo``: a stream that gets the console text.
    ``drive_in_uf2``: no drive image of ours; CIRCUITPY is what the UF2
    itself carries (the MINIGAM product UF2)."""

    def __init__(self, profile="pico-st7789", files=None, uf2=None,
                 bootrom=None, echo=None, nvm=None, drive_in_uf2=False,
                 flash_cache=None, xip_miss=None):
        from minigam.host.emu.fat12 import build_image
        from minigam.hw.keys import key_code
        uf2, bootrom = firmware_paths(uf2, bootrom)
        try:
            self.wiring = wiring(profile, uf2)
        except WiringError as exc:
            raise EmuError(str(exc))
        self.profile = profile
        self.width = self.wiring["width"]
        self.height = self.wiring["height"]
        # key code -> its name in the wiring (board.mjs's setKey wires it)
        self._keys = {key_code(name): name for name in self.wiring["keys"]}
        self.echo = echo
        self.console = ""
        self.state = None
        # (state, free bytes after a collection, 16 KB probe: 1 ok, 0 failed,
        # -1 not tried, emulated ms when the line arrived) as the board
        # reported them (MINIGAM_TRACE = 1)
        self.heap = []
        self.visits = []  # (state, ms): every state entered, either trace
        # code.py's start-up lines with the emulated ms each arrived at.
        self.stages = []
        # Keys the app has taken (its trace's "#key N"); None without a trace.
        self.keys_taken = None
        self._keys_sent = 0
        self.now = 0.0
        self._line = ""
        self._tmp = tempfile.TemporaryDirectory(prefix="minigam-emu-")
        args = node_command() + ["--bootrom", bootrom, "--uf2", uf2]
        if not drive_in_uf2:  # else CIRCUITPY is what the UF2 carries
            image = os.path.join(self._tmp.name, "circuitpy.img")
            with open(image, "wb") as f:
                f.write(build_image(files if files is not None
                                    else drive_files(profile)))
            args += ["--fs", image]
        args += ["--wiring", json.dumps(self.wiring)]
        self.nvm_at = (self.wiring["nvm_offset"], self.wiring["nvm_size"])
        if flash_cache is None:  # on, unless MINIGAM_FLASH_CACHE=off
            flash_cache = os.environ.get("MINIGAM_FLASH_CACHE", "on") != "off"
        self.flash_cache = bool(flash_cache)
        args += ["--flash-cache", "on" if flash_cache else "off"]
        if xip_miss:
            args += ["--xip-miss", str(int(xip_miss))]
        if nvm is not None:
            path = os.path.join(self._tmp.name, "nvm.bin")
            with open(path, "wb") as f:
                f.write(nvm)
            args += ["--nvm", path]
        self._proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, cwd=repo_root())
        self._reply()  # (the board starts with every key let go)

    # --- the runner ---------------------------------------------------------

    def _reply(self):
        while True:
            line = self._proc.stdout.readline()
            if not line:
                err = self._proc.stderr.read()
                raise EmuError("the emulator stopped: %s" % (err.strip()[-2000:] or "no output"))
            msg = json.loads(line)
            if "console" in msg:
                self._feed(msg["console"], msg.get("line_ms") or ())
                continue
            if "error" in msg:
                raise EmuError("emulator: %s" % msg["error"])
            if "t_ms" in msg:
                self.now = msg["t_ms"]
            return msg

    def _call(self, cmd, **args):
        args["cmd"] = cmd
        self._proc.stdin.write(json.dumps(args) + "\n")
        self._proc.stdin.flush()
        return self._reply()

    def _feed(self, text, line_ms=()):
        self.console += text
        if self.echo is not None:
            self.echo.write(text)
            self.echo.flush()
        self._line += text
        *lines, self._line = self._line.split("\n")
        for i, line in enumerate(lines):
            if line.startswith("#key "):
                self.keys_taken = int(line[5:])
                continue
            if self.keys_taken is None and line.startswith("start-up "):
                self.keys_taken = 0  # the trace is on: keys will be counted
            if "start-up " in line:  # (the first may follow an escape)
                self.stages.append(
                    (line[line.index("start-up "):],
                     line_ms[i] if i < len(line_ms) else self.now))
            m = _TRACE.search(line)
            if m:
                self.state = m.group(1)
                at = line_ms[i] if i < len(line_ms) else self.now
                self.visits.append((self.state, at))
                if m.group(2):
                    self.heap.append((self.state, int(m.group(2)),
                                      int(m.group(3) or -1), at))

    def close(self):
        quit_process(self._proc, 5)
        self._tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- time ---------------------------------------------------------------

    def run(self, ms, until=None, idle_ms=None, min_ms=None):
        """Run ``ms`` of emulated time, or less: until ``until`` appears in
        the console, or the screen has been quiet for ``idle_ms``. Returns
        the stop reason (``time``, ``until``, ``idle``); PowerCut when the
        board is off."""
        msg = self._call("run", ms=ms, until=until, idle_ms=idle_ms,
                         min_ms=min_ms)
        if msg["reason"] == "halted":
            raise PowerCut(msg["halted"])
        return msg["reason"]

    def advance(self, ms):
        self.run(ms)

    def boot(self, limit_ms=BOOT_MS):
        """Run until the app shows its menu; EmuError with the console's
        traceback if it does not."""
        self.run(limit_ms, until="@MENU")
        if self.state != "MENU":
            raise EmuError("the board did not reach the menu in %d ms:\n%s"
                           % (limit_ms, self.failure()))

    def failure(self):
        """The console from its last traceback, or its tail."""
        at = self.console.rfind(_TRACEBACK)
        return self.console[at:] if at >= 0 else self.console[-1500:]

    def check(self):
        """EmuError if the console shows a traceback."""
        if _TRACEBACK in self.console:
            raise EmuError("the firmware printed a traceback:\n%s"
                           % self.failure())

    def await_state(self, name, limit_ms=AWAIT_MS):
        if self.state == name:
            return
        self.run(limit_ms, until="@%s " % name)
        if self.state != name:
            self.check()
            raise EmuError("the app did not reach %s within %d ms (it is in "
                           "%s)" % (name, limit_ms, self.state))

    # --- keys ---------------------------------------------------------------

    @property
    def key_codes(self):
        return tuple(self._keys)

    def press(self, code, down=True):
        self._call("key", name=self._keys[code], down=bool(down))

    def release(self, code):
        self.press(code, False)

    def tap(self, code, hold_ms=TAP_MS, gap_ms=GAP_MS):
        if code not in self._keys:
            from minigam.hw.keys import key_name
            raise EmuError("profile %s has no key %s" % (self.profile,
                                                         key_name(code)))
        self.press(code)
        self._keys_sent += 1
        self.run(hold_ms)
        self.release(code)
        self.run(gap_ms)
        self.await_key()

    def chord(self, codes, hold_ms=TAP_MS, gap_ms=GAP_MS):
        """Press ``codes`` in turn, hold them together, let them all go
        (a key script's ``X+Y``)."""
        for code in codes:
            if code not in self._keys:
                from minigam.hw.keys import key_name
                raise EmuError("profile %s has no key %s" % (
                    self.profile, key_name(code)))
        for code in codes:
            self.press(code)
            self._keys_sent += 1  # (the app takes each press as a key)
        self.run(hold_ms)
        for code in codes:
            self.release(code)
        self.run(gap_ms)
        self.await_key()

    def await_key(self, limit_ms=KEY_MS):
        """With a trace, wait until the app has taken every key sent: one
        busy redrawing (the board's first frame takes ~0.7 s) would
        otherwise find several taps queued and run ahead of the script."""
        if self.keys_taken is None or self.keys_taken >= self._keys_sent:
            return
        self.run(limit_ms, until="#key %d" % self._keys_sent)
        if self.keys_taken < self._keys_sent:
            self.check()
            raise EmuError("the app took %d of %d keys within %d ms (it is "
                           "in %s)" % (self.keys_taken, self._keys_sent,
                                       limit_ms, self.state))

    def tap_until(self, code, name, limit=UNTIL_TAPS):
        """Tap ``code`` until the app is in state ``name``; during the AI's
        turn wait for its next state instead of tapping (a tap then would
        race the AI's last move and could land on the state after it)."""
        taps = still = 0
        last = self.state
        while self.state != name:
            self.check()
            if self.state != last:
                last, still = self.state, 0
            elif still >= STALL_TAPS:
                raise EmuError("the app stayed in %s for %d taps on its way "
                               "to %s" % (last, still, name))
            if self.state in ("AI", "AIMOVE"):
                was = self.state
                if self.run(AWAIT_MS, until="@") == "time":
                    self.check()
                    raise EmuError("the app stayed in %s for %d ms during "
                                   "the AI's turn" % (was, AWAIT_MS))
                continue
            if taps >= limit:
                self.check()
                raise EmuError("the app did not reach %s after %d taps (it "
                               "is in %s)" % (name, limit, self.state))
            self.tap(code)
            taps += 1
            still += 1
        return taps

    # --- outputs ------------------------------------------------------------

    def frame(self):
        """What the panel shows now, turned as the profile mounts it (a
        :class:`minigam.host.simulator.render.Frame`)."""
        from minigam.host.simulator.render import Frame
        msg = self._call("frame")  # (board.mjs's panelView)
        fr = Frame.__new__(Frame)
        fr.width, fr.height = msg["w"], msg["h"]
        fr.data = base64.b64decode(msg["data"])
        return fr

    def screenshot(self, path, scale=1):
        self.frame().save_png(path, scale)

    def pixels(self):
        """The NeoPixel chain's last colours as (r, g, b) tuples (GRB on
        the wire)."""
        raw = self._call("pixels")["bytes"]
        return [(raw[i + 1], raw[i], raw[i + 2])
                for i in range(0, len(raw) - 2, 3)]

    def nvm(self):
        msg = self._call("flash", offset=self.nvm_at[0], length=self.nvm_at[1])
        return base64.b64decode(msg["data"])

    def stats(self):
        return self._call("stats")

    def nvm_log(self):
        """[(op, offset in the NVM, bytes)] of the flash erases and
        programs in the NVM since last asked (as the boot ROM was called)."""
        return [tuple(e) for e in self._call("nvm_log")["log"]]

    def frame_log(self):
        """[(start_ms, end_ms, pixels)] of the RAM writes since last asked."""
        return [(e[0] / 1e6, e[1] / 1e6, e[2]) for e in self.frame_windows()]

    def frame_windows(self):
        """[(start_ns, end_ns, pixels, x0, y0, x1, y1)] of the RAM writes
        since last asked: where on the screen each one went, too."""
        return self._call("frame_log")["log"]

    def sample(self, every_us=0):
        """Start (or, with 0, stop) noting the program counter every
        ``every_us`` of emulated time; returns [(ms, pc)] noted since last
        asked. :mod:`minigam.host.emu.profile` names them."""
        got = self._call("sample", every_us=every_us)["samples"]
        return [(got[i] / 1e6, got[i + 1]) for i in range(0, len(got), 2)]

    def watch(self, pc=None, min_r0=0):
        """Start noting each time the core reaches address ``pc`` with its
        first argument (r0) at least ``min_r0`` (None: stop); returns
        [(ms, r0, lr)] noted since last asked: the callers of a firmware
        function (``profile.Symbols`` names ``lr``)."""
        args = {} if pc is None else {"pc": pc, "min": min_r0}
        got = self._call("watch", **args)["watched"]
        return [(got[i] / 1e6, got[i + 1], got[i + 2] & ~1)
                for i in range(0, len(got), 3)]

    def pixel_log(self):
        """[ms] at which each NeoPixel chain write began, since last asked."""
        return [t / 1e6 for t in self._call("pixel_log")["log"]]

    # --- power --------------------------------------------------------------

    def power_cycle(self):
        """Switch off and on: flash (NVM, CIRCUITPY) stays, the rest restarts."""
        self._call("reset")
        for code in self._keys:  # no key is held through a power cycle
            self.release(code)
        self.state = None
        self.keys_taken = None
        self._keys_sent = 0
        self._line = ""
        self.console += "\n--- power cycle ---\n"

    def cut_power(self, after=0, bytes_written=0):
        """Arm a power cut in NVM flash operation number ``after`` (0: the
        next erase or program), once ``bytes_written`` bytes of it are
        done."""
        self._call("cut", after=after, bytes=bytes_written)
