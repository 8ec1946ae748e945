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

``minigam.hw.softkeys`` has the sources that are not keypad scanners (an
event queue for the host fakes, the PyGamer's analog stick): a board that
needs none never loads them.
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
            keypad exists and the source is a real scanner, else the queue's
            ``new_event()`` or a ``SoftEvent()``).
        """
        events = getattr(scanner, "events", scanner)
        if event is None:
            make = getattr(events, "new_event", None)  # a SoftQueue
            if make is not None:
                event = make()
            else:
                try:
                    import keypad

                    event = keypad.Event()
                except ImportError:
                    from minigam.hw.softkeys import SoftEvent

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
