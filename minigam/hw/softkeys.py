"""Key sources that are not keypad scanners: a keypad-like event queue
(the host fakes and the VM feed keys through it) and the PyGamer's analog
stick, which turns its readings into key events on such a queue. Kept out of
``minigam.hw.keys`` so the boards that need neither never load them (stock
CircuitPython keeps a loaded module's code in the heap).
"""


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

    def new_event(self):
        """An event object for ``get_into`` (keypad's are read-only)."""
        return SoftEvent()

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
