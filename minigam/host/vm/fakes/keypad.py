"""VM fake of CircuitPython's ``keypad``: scanners whose queues tests fill.

Push events with ``scanner.events._push(key_number, pressed)`` (fake-only).
"""

import time


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return (isinstance(other, Event) and other.key_number == self.key_number
                and other.pressed == self.pressed)

    def __hash__(self):
        return self.key_number << 1 | self.pressed

    def __repr__(self):
        return "<Event: key_number %d %s>" % (self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    def __init__(self, max_events=64):
        self._max = max_events
        self._q = []
        self.overflowed = False

    def _push(self, key_number, pressed=True):
        """Fake-only: queue an event (drops it and sets ``overflowed`` when full)."""
        if len(self._q) >= self._max:
            self.overflowed = True
            return
        self._q.append((key_number, bool(pressed), time.ticks_ms()))

    def get(self):
        if not self._q:
            return None
        k, p, t = self._q.pop(0)
        return Event(k, p, t)

    def get_into(self, event):
        if not self._q:
            return False
        k, p, t = self._q.pop(0)
        event.key_number = k
        event.pressed = p
        event.timestamp = t
        return True

    def clear(self):
        self._q = []
        self.overflowed = False

    def __len__(self):
        return len(self._q)

    def __bool__(self):
        return bool(self._q)


class _Scanner:
    def __init__(self, key_count, max_events):
        self.key_count = key_count
        self.events = EventQueue(max_events)

    def reset(self):
        pass

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64, debounce_threshold=1):
        _Scanner.__init__(self, len(pins), max_events)
        self.pins = tuple(pins)
        self.value_when_pressed = value_when_pressed


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count=8, value_when_pressed,
                 interval=0.02, max_events=64, debounce_threshold=1):
        n = key_count if isinstance(key_count, int) else sum(key_count)
        _Scanner.__init__(self, n, max_events)
        self.value_when_pressed = value_when_pressed


class KeyMatrix(_Scanner):
    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        _Scanner.__init__(self, len(row_pins) * len(column_pins), max_events)
