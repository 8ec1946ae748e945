"""Host (PC) fakes: every profile builds on CPython with Blinka displayio.

HOST ONLY (imports ``busdisplay``/``displayio`` from adafruit-blinka-displayio).

``build_host_profile(name, keys=None, pixels=None, nvm=None, clock=None)``
returns a ``minigam.hw.profile.Profile`` like the device's, with:

- ``display``: ``busdisplay.BusDisplay(None, b"", width=W, height=H,
  auto_refresh=False)`` whose bus is a counting no-op (``hw.bus``:
  ``refreshes``, ``pixels`` sent, ``last_pixels``), so ``refresh()`` renders
  dirty areas as the device would; ``hw.snapshot()`` returns the whole frame
  as RGB565 big-endian bytes (``width * height * 2``) and
  ``hw.display.fill_row(y, None)`` one row. Blinka allows ONE display at a
  time: building a profile releases the previous one.
- ``keys`` (also ``key_queue``): ``HostKeys`` (a ``KeyReader`` over a
  scripted queue): ``push(code_or_name)``,
  ``push_script("A A RIGHT*3 +UP ~500 -UP X+Y B")``, ``hold(k)`` (= ``press``),
  ``release(k)``, ``pending()``.
- ``pixels``: a ``DiceIndicator`` over ``HostPixels`` (``hw.pixel_strip``,
  a list of (r, g, b) with a ``shows`` counter).
- ``store``: a ``Store`` over ``HostNVM`` (in memory, or a file if ``nvm``
  is a path: the save survives between runs).
- ``clock``: ``HostClock``: ``now`` in ms, ``advance(ms)``, ``set(ms)``;
  ``hw.ticks_ms()`` reads it.
- ``deinit()``: releases the display.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.hw import keys as _keys  # noqa: E402
from minigam.hw.softkeys import SoftQueue  # noqa: E402
from minigam.hw.parts import key_codes_of  # noqa: E402
from minigam.hw.pins import PROFILES  # noqa: E402
from minigam.hw.pixels import DiceIndicator  # noqa: E402
from minigam.hw.profile import Profile, ProfileError  # noqa: E402
from minigam.hw.store import Store  # noqa: E402
from minigam.hw.ticks import ticks_ms as _real_ticks  # noqa: E402

_MASK = 0x1FFFFFFF


class HostClock:
    """A settable millisecond clock (``real=True``: the PC's clock)."""

    def __init__(self, start_ms=0, real=False):
        self.now = start_ms
        self.real = real

    def ticks_ms(self):
        if self.real:
            return _real_ticks()
        return self.now & _MASK

    def advance(self, ms):
        self.now += ms
        return self.ticks_ms()

    def set(self, ms):
        self.now = ms
        return self.ticks_ms()


class HostPixels:
    """An in-memory pixel strip: ``strip[i] = (r, g, b)``, ``show()`` counts."""

    def __init__(self, count):
        self.values = [(0, 0, 0)] * count
        self.shows = 0

    def __len__(self):
        return len(self.values)

    def __getitem__(self, i):
        return self.values[i]

    def __setitem__(self, i, c):
        self.values[i] = (int(c[0]), int(c[1]), int(c[2]))

    def fill(self, c):
        for i in range(len(self.values)):
            self[i] = c

    def show(self):
        self.shows += 1


class HostNVM:
    """A bytearray-like NVM; with ``path``, loaded from that file and
    written back to it by ``flush`` (the simulator flushes after every
    pass of the app's loop: what one pass saved survives a restart)."""

    def __init__(self, size, path=None):
        self.path = path
        self.data = bytearray(b"\xff") * size  # erased flash
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                old = f.read(size)
            self.data[0 : len(old)] = old
        self.writes = 0
        self._flushed = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        self.data[i] = v
        self.writes += 1

    def flush(self):
        """Write the NVM to its file (whole, by a rename) if it changed."""
        if not self.path or self.writes == self._flushed:
            return
        folder = os.path.dirname(self.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self.data)
        os.replace(tmp, self.path)
        self._flushed = self.writes


class HostBus:
    """Counts what a refresh sends; stands in for the SPI bus."""

    def __init__(self):
        self.refreshes = 0
        self.pixels = 0  # pixels sent in total
        self.last_pixels = 0  # pixels sent by the last refresh
        self._bpp = 2
        self._ram_write = False

    def begin(self):
        return True

    def send(self, data_type, chip_select, data):
        if data_type == 0:  # DISPLAY_COMMAND: 0x2C (write RAM) precedes pixels
            self._ram_write = len(data) == 1 and data[0] == 0x2C
            return
        if self._ram_write:
            n = len(data) // self._bpp
            self.pixels += n
            self.last_pixels += n
            self._ram_write = False

    def end(self):
        pass

    def free(self):
        return True


class HostKeys(_keys.KeyReader):
    """A KeyReader fed by a script instead of keypad.

    Script tokens (whitespace separated, case-insensitive): ``NAME`` press
    and release; ``NAME*N`` N times; ``+NAME`` press and hold; ``-NAME``
    release; ``X+Y`` a chord: X pressed, Y pressed while X is held, then
    both released; ``~MS`` let MS milliseconds pass (of the ``now_ms``
    given to ``poll``) before the rest of the script is fed.
    """

    def __init__(self, key_codes, delay_ms=400, rate_ms=120):
        super().__init__(delay_ms, rate_ms)
        self.key_codes = tuple(key_codes)
        self.queue = SoftQueue(0)
        self.add_source(self.queue, tuple(range(_keys.KEY_COUNT)))
        self._script = []  # pending items: ("k", code, pressed) or ("w", ms)
        self._wait_until = None

    def _code(self, key):
        code = key if isinstance(key, int) else _keys.key_code(key)
        if code not in self.key_codes:
            raise ProfileError("this profile has no key %s" % _keys.key_name(code))
        return code

    def push(self, key):
        """Queue a press and release of ``key`` (code or name)."""
        c = self._code(key)
        self._script.append(("k", c, True))
        self._script.append(("k", c, False))

    def hold(self, key):
        """Queue a press of ``key`` without release (a held key repeats)."""
        self._script.append(("k", self._code(key), True))

    press = hold

    def release(self, key):
        self._script.append(("k", self._code(key), False))

    def wait(self, ms):
        self._script.append(("w", int(ms)))

    def push_script(self, text):
        """Queue a key script (see class doc); ValueError on a bad token."""
        items = []
        for tok in text.split():
            if tok.startswith("~"):
                try:
                    items.append(("w", int(tok[1:])))
                except ValueError:
                    raise ValueError("bad wait %r in key script" % tok) from None
                continue
            if tok[0] in "+-":
                c = self._code(tok[1:])
                items.append(("k", c, tok[0] == "+"))
                continue
            if "+" in tok:
                codes = [self._code(k) for k in tok.split("+")]
                if len(set(codes)) < len(codes):
                    raise ValueError("a key twice in the chord %r" % tok)
                items += [("k", c, True) for c in codes]
                items += [("k", c, False) for c in codes]
                continue
            name, _, times = tok.partition("*")
            n = 1
            if times:
                try:
                    n = int(times)
                except ValueError:
                    raise ValueError("bad repeat count in %r" % tok) from None
            c = self._code(name)
            for _ in range(n):
                items.append(("k", c, True))
                items.append(("k", c, False))
        self._script.extend(items)

    def pending(self):
        """Script items and queued events not yet consumed."""
        return len(self._script) + len(self.queue)

    def _feed(self, now_ms):
        while self._script:
            item = self._script[0]
            if item[0] == "w":
                if self._wait_until is None:
                    self._wait_until = (now_ms + item[1]) & _MASK
                    if item[1] > 0:
                        return
                from minigam.hw.ticks import ticks_diff

                if ticks_diff(now_ms, self._wait_until) < 0:
                    return
                self._wait_until = None
                self._script.pop(0)
                continue
            # feed one press (and its release) per poll so a poll sees one key
            self._script.pop(0)
            self.queue.record(item[1], item[2])
            if item[2]:
                if self._script and self._script[0][0] == "k" and not self._script[0][2]:
                    continue  # let its release follow into the queue too
                return
            if len(self.queue) >= 2:
                return

    def poll(self, now_ms):
        self._feed(now_ms)
        return super().poll(now_ms)


def _patch_bus(display, bus):
    core = display._core
    core._begin_transaction = bus.begin
    core._send = bus.send
    core._end_transaction = bus.end
    core._bus_free = bus.free
    core._bus_reset = lambda: None


def build_host_profile(name, keys=None, pixels=None, nvm=None, clock=None, nvm_bytes=None):
    """Build profile ``name`` on the PC.

    :param keys: None, a key script (str) or a list of key codes/names to queue.
    :param pixels: pixel count (default: the profile's).
    :param nvm: None (fresh, in memory), a path (file-backed) or a bytearray-like.
    :param clock: a ``HostClock`` (default: a new one at 0 ms).
    :param nvm_bytes: NVM size (default: the profile's).
    """
    if name not in PROFILES:
        raise ProfileError("unknown profile %r (profiles: %s)" % (name, ", ".join(PROFILES)))
    import busdisplay
    import displayio

    p = PROFILES[name]
    d = p["display"]
    displayio.release_displays()
    display = busdisplay.BusDisplay(
        None, b"", width=d["width"], height=d["height"], auto_refresh=False
    )
    bus = HostBus()
    _patch_bus(display, bus)
    codes = key_codes_of(p)
    reader = HostKeys(codes)
    if isinstance(keys, str):
        reader.push_script(keys)
    elif keys:
        for k in keys:
            reader.push(k)
    if pixels is None:
        if p["neopixel"]:
            pixels = p["neopixel"]["count"]
        else:
            pixels = 1
    strip = HostPixels(pixels)
    size = nvm_bytes or p["nvm_bytes"]
    if nvm is None:
        nvm = HostNVM(size)
    elif isinstance(nvm, str):
        nvm = HostNVM(size, nvm)
    if clock is None:
        clock = HostClock()
    hw = Profile(
        name, display, reader, DiceIndicator(strip), Store(nvm), codes, clock=clock
    )
    hw.bus = bus
    hw.key_queue = reader  # .press(k) / .release(k) / .push(k)
    hw.deinit = displayio.release_displays
    hw.pixel_strip = strip
    hw.nvm = nvm
    hw.snapshot = lambda: snapshot(display)
    return hw


def snapshot(display):
    """The whole frame as RGB565 big-endian bytes, row by row."""
    out = bytearray()
    for y in range(display.height):
        row = display.fill_row(y, None)
        out += row.tobytes()[: display.width * 2]
    return bytes(out)
