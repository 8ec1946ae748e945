"""Key codes and the key event source: keypad events in, key codes out.

Key codes (small ints, the same on every profile)::

    A=0 B=1 X=2 Y=3 UP=4 DOWN=5 LEFT=6 RIGHT=7 PRESS=8   NONE=-1

``KeyReader.poll(now_ms)`` returns ONE key code per call, or ``NONE`` when
nothing is pending; call it in a loop until ``NONE``. A press gives one code
at once; a held direction key (UP/DOWN/LEFT/RIGHT) repeats after
``delay_ms`` every ``rate_ms`` (ticks-based, never blocks). Releases give no
code. ``held(code)`` tells whether a key is down now.

Sources are keypad-like: an object with ``events`` (with ``get_into``,
``overflowed``, ``clear``), optionally ``reset()``; plus a tuple mapping the
scanner's key numbers to key codes. ONE event object per source is reused
(``get_into``), so polling allocates nothing. If a burst overflowed the
queue, the queue is cleared, the scanner reset (it re-reports keys still
down) and held state forgotten: no crash, no stuck repeat.

``SoftQueue`` is a bounded, allocation-free event queue with keypad's
semantics, used by the host fakes and by the PyGamer's analog joystick.
"""

from minigam.compat import const
from minigam.hw.ticks import ticks_add, ticks_diff

A = const(0)
B = const(1)
X = const(2)
Y = const(3)
UP = const(4)
DOWN = const(5)
LEFT = const(6)
RIGHT = const(7)
PRESS = const(8)
NONE = const(-1)

NAMES = ("A", "B", "X", "Y", "UP", "DOWN", "LEFT", "RIGHT", "PRESS")
KEY_COUNT = const(9)
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)
_DIR_MASK = const(0xF0)  # bits UP..RIGHT

_UNMAPPED = const(255)


def key_code(name):
    """Key code for a key name (case-insensitive); ValueError if unknown."""
    n = name.upper()
    for i in range(KEY_COUNT):
        if NAMES[i] == n:
            return i
    raise ValueError("unknown key %r (keys: %s)" % (name, " ".join(NAMES)))


def key_name(code):
    """Name of a key code ("NONE" for NONE)."""
    if 0 <= code < KEY_COUNT:
        return NAMES[code]
    return "NONE"


class SoftEvent:
    """A mutable stand-in for ``keypad.Event`` (filled by ``SoftQueue``)."""

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class SoftQueue:
    """A bounded key event queue like ``keypad.EventQueue``, allocation-free.

    ``record(key_number, pressed)`` adds an event; when full, the event is
    dropped and ``overflowed`` set, as keypad does. ``max_events=0`` means
    unbounded (host scripts).
    """

    def __init__(self, max_events=64):
        self._max = max_events
        n = max_events if max_events > 0 else 64
        self._keys = bytearray(n)
        self._press = bytearray(n)
        self._head = 0
        self._len = 0
        self.overflowed = False

    def record(self, key_number, pressed):
        n = len(self._keys)
        if self._len == n:
            if self._max > 0:
                self.overflowed = True
                return False
            # unbounded: grow (host only)
            self._keys = self._unroll(self._keys) + bytearray(n)
            self._press = self._unroll(self._press) + bytearray(n)
            self._head = 0
            n = n * 2
        i = (self._head + self._len) % n
        self._keys[i] = key_number
        self._press[i] = 1 if pressed else 0
        self._len += 1
        return True

    def _unroll(self, buf):
        h = self._head
        return bytearray(buf[h:]) + bytearray(buf[:h])

    def get_into(self, event):
        if not self._len:
            return False
        h = self._head
        event.key_number = self._keys[h]
        event.pressed = self._press[h] == 1
        self._head = (h + 1) % len(self._keys)
        self._len -= 1
        return True

    def clear(self):
        self._head = 0
        self._len = 0
        self.overflowed = False

    def __len__(self):
        return self._len

    def __bool__(self):
        return self._len > 0


class KeyReader:
    """Key codes from one or more keypad-like sources, with direction repeat.

    :param delay_ms: hold time before a direction key first repeats.
    :param rate_ms: time between repeats.
    """

    def __init__(self, delay_ms=400, rate_ms=120):
        self.delay_ms = delay_ms
        self.rate_ms = rate_ms
        self._sources = []  # [events, codes, scanner, event]
        self._pollers = []
        self._held = 0  # bitmask of held key codes
        self._rep = NONE  # repeating key code
        self._rep_at = 0
        self.overflows = 0  # how many overflows were recovered (for tests/diagnostics)

    def add_source(self, scanner, codes, event=None):
        """Add a keypad scanner (``.events``) or a bare queue as a source.

        :param codes: sequence: scanner key number -> key code (or 255/-1: ignore).
        :param event: the reused event object (default: ``keypad.Event()`` if
            keypad exists and the source is a real scanner, else ``SoftEvent()``).
        """
        events = getattr(scanner, "events", scanner)
        if event is None:
            if isinstance(events, SoftQueue):
                event = SoftEvent()
            else:
                try:
                    import keypad

                    event = keypad.Event()
                except ImportError:
                    event = SoftEvent()
        table = bytearray(len(codes))
        for i in range(len(codes)):
            c = codes[i]
            table[i] = _UNMAPPED if (c is None or c < 0) else c
        self._sources.append([events, table, scanner, event])

    def add_poller(self, obj):
        """Add an object whose ``update(now_ms)`` runs at each poll (e.g. analog joystick)."""
        self._pollers.append(obj)

    def held(self, code):
        """True if key ``code`` is down now."""
        return bool(self._held & (1 << code))

    @property
    def held_mask(self):
        """Bitmask of held keys (bit = key code)."""
        return self._held

    def clear(self):
        """Drop pending events and held state (e.g. after a long AI slice)."""
        for s in self._sources:
            s[0].clear()
        self._held = 0
        self._rep = NONE

    def poll(self, now_ms):
        """The next key code, or ``NONE``. Never blocks, never raises on bursts."""
        for p in self._pollers:
            p.update(now_ms)
        for s in self._sources:
            events = s[0]
            if events.overflowed:
                self._recover(s)
            table = s[1]
            ev = s[3]
            while events.get_into(ev):
                kn = ev.key_number
                if kn >= len(table):
                    continue
                code = table[kn]
                if code == _UNMAPPED:
                    continue
                bit = 1 << code
                if ev.pressed:
                    self._held |= bit
                    if bit & _DIR_MASK:
                        self._rep = code
                        self._rep_at = ticks_add(now_ms, self.delay_ms)
                    return code
                self._held &= ~bit
                if code == self._rep:
                    self._rep = NONE
        rep = self._rep
        if rep != NONE:
            late = ticks_diff(now_ms, self._rep_at)
            if late >= 0:
                if late >= self.rate_ms:  # polled late: no catch-up burst
                    self._rep_at = ticks_add(now_ms, self.rate_ms)
                else:
                    self._rep_at = ticks_add(self._rep_at, self.rate_ms)
                return rep
        return NONE

    def _recover(self, s):
        self.overflows += 1
        s[0].clear()
        scanner = s[2]
        if scanner is not s[0] and hasattr(scanner, "reset"):
            scanner.reset()  # keypad re-reports keys still pressed
        # forget what this source held
        table = s[1]
        for c in table:
            if c != _UNMAPPED:
                self._held &= ~(1 << c)
                if c == self._rep:
                    self._rep = NONE


class AnalogStick:
    """Directions from an analog joystick (PyGamer) as key events.

    :param read_x, read_y: callables returning 0..65535 (e.g. ``AnalogIn(...).value``
        bound methods or lambdas).
    Events go to ``events`` (a SoftQueue) with key numbers 0..3 = UP, DOWN,
    LEFT, RIGHT; add it with ``reader.add_source(stick, (UP, DOWN, LEFT, RIGHT))``
    and ``reader.add_poller(stick)``.
    """

    def __init__(self, read_x, read_y, low=16000, high=49000, invert_y=False):
        self.read_x = read_x
        self.read_y = read_y
        self.low = low
        self.high = high
        self.invert_y = invert_y
        self.events = SoftQueue(16)
        self._state = 0  # bits 0..3 = UP DOWN LEFT RIGHT

    def update(self, now_ms):
        x = self.read_x()
        y = self.read_y()
        s = 0
        up = y < self.low
        down = y > self.high
        if self.invert_y:
            up, down = down, up
        if up:
            s |= 1
        if down:
            s |= 2
        if x < self.low:
            s |= 4
        if x > self.high:
            s |= 8
        changed = s ^ self._state
        if changed:
            for i in range(4):
                b = 1 << i
                if changed & b:
                    self.events.record(i, bool(s & b))
            self._state = s

    def reset(self):
        self._state = 0
