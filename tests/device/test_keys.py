"""Keys: presses, held-direction repeat, bursts that overflow, the analog
stick, and wrap-safe ticks.

Device test: plain asserts, runs on CPython and in the MicroPython VM.
"""

from minigam.hw import keys as K
from minigam.hw.keys import KeyReader
from minigam.hw.softkeys import AnalogStick, SoftQueue
from minigam.hw.ticks import ticks_add, ticks_diff, ticks_less, ticks_ms

WRAP = 1 << 29


class Scanner:
    """A keypad-like scanner: ``events`` queue and ``reset()``."""

    def __init__(self, max_events=8):
        self.events = SoftQueue(max_events)
        self.resets = 0

    def reset(self):
        self.resets += 1


def _reader(max_events=64, delay=400, rate=100):
    sc = Scanner(max_events)
    r = KeyReader(delay, rate)
    # scanner key numbers 0..8 in a scrambled order, 9 unmapped
    table = (K.B, K.A, K.Y, K.X, K.RIGHT, K.DOWN, K.UP, K.LEFT, K.PRESS, -1)
    r.add_source(sc, table)
    return r, sc, table


def _drain(r, now):
    out = []
    while True:
        k = r.poll(now)
        if k == K.NONE:
            return out
        out.append(k)


def test_key_names_and_codes():
    for i, n in enumerate(K.NAMES):
        assert K.key_code(n) == i
        assert K.key_code(n.lower()) == i
        assert K.key_name(i) == n
    assert K.key_name(K.NONE) == "NONE"
    try:
        K.key_code("START")
        assert False
    except ValueError as e:
        assert "START" in str(e)


def test_press_gives_one_code_release_none():
    r, sc, table = _reader()
    for kn in range(9):
        sc.events.record(kn, True)
        sc.events.record(kn, False)
    got = _drain(r, 0)
    assert got == list(table[:9])
    sc.events.record(9, True)  # unmapped key number
    sc.events.record(42, True)  # out of range
    assert _drain(r, 10) == []
    assert r.held_mask == 0


def test_held_direction_repeats_buttons_do_not():
    r, sc, _ = _reader(delay=400, rate=100)
    sc.events.record(6, True)  # UP
    sc.events.record(1, True)  # A, held too
    assert r.poll(0) == K.UP
    assert r.poll(0) == K.A
    assert r.held(K.UP) and r.held(K.A)
    got = []
    for t in range(1, 1001):
        k = r.poll(t)
        if k != K.NONE:
            got.append((t, k))
    # UP repeats at 400, 500, ..., 1000; A never repeats
    assert got == [(t, K.UP) for t in range(400, 1001, 100)], got
    sc.events.record(6, False)
    assert r.poll(1001) == K.NONE
    assert _drain(r, 5000) == []
    assert not r.held(K.UP) and r.held(K.A)


def test_late_poll_gives_one_repeat_not_a_burst():
    r, sc, _ = _reader(delay=400, rate=100)
    sc.events.record(4, True)  # RIGHT
    assert r.poll(0) == K.RIGHT
    assert _drain(r, 10000) == [K.RIGHT]  # 96 repeats overdue: just one
    assert r.poll(10050) == K.NONE
    assert r.poll(10100) == K.RIGHT


def test_latest_direction_repeats():
    r, sc, _ = _reader(delay=300, rate=100)
    sc.events.record(6, True)  # UP
    assert r.poll(0) == K.UP
    sc.events.record(7, True)  # LEFT while UP held
    assert r.poll(100) == K.LEFT
    assert r.poll(399) == K.NONE
    assert r.poll(400) == K.LEFT
    sc.events.record(7, False)
    assert _drain(r, 2000) == []  # releasing the repeating key stops repeat


def test_repeat_across_the_ticks_wrap():
    r, sc, _ = _reader(delay=400, rate=100)
    t0 = WRAP - 250
    sc.events.record(5, True)  # DOWN
    assert r.poll(t0) == K.DOWN
    got = []
    for k in range(1, 800):
        t = ticks_add(t0, k)
        if r.poll(t) != K.NONE:
            got.append(k)
    assert got == [400, 500, 600, 700], got


def test_burst_overflow_recovers_without_crash():
    r, sc, _ = _reader(max_events=8)
    sc.events.record(6, True)  # UP held...
    assert r.poll(0) == K.UP
    for i in range(1000):
        sc.events.record(i % 9, i % 2 == 0)
    assert sc.events.overflowed
    assert len(sc.events) == 8
    assert _drain(r, 1) == []  # the queue is dropped, no exception
    assert not sc.events.overflowed
    assert sc.resets == 1 and r.overflows == 1
    assert r.held_mask == 0  # nothing stuck down, no stuck repeat
    assert _drain(r, 5000) == []
    sc.events.record(1, True)
    sc.events.record(1, False)
    assert _drain(r, 5001) == [K.A]


def test_many_sources_and_soft_event_queue_growth():
    r = KeyReader()
    q1 = SoftQueue(0)  # unbounded (host scripts)
    q2 = SoftQueue(4)
    r.add_source(q1, (K.A, K.B))
    r.add_source(q2, (K.X,))
    for i in range(300):
        q1.record(i % 2, True)
        q1.record(i % 2, False)
    assert not q1.overflowed and len(q1) == 600
    q2.record(0, True)
    got = _drain(r, 0)
    assert got == [K.A, K.B] * 150 + [K.X]


def test_clear_forgets_everything():
    r, sc, _ = _reader()
    sc.events.record(6, True)
    assert r.poll(0) == K.UP
    sc.events.record(1, True)
    r.clear()
    assert r.held_mask == 0
    assert _drain(r, 10000) == []


def test_analog_stick_directions():
    pos = [32768, 32768]
    stick = AnalogStick(lambda: pos[0], lambda: pos[1])
    r = KeyReader(400, 100)
    r.add_source(stick, (K.UP, K.DOWN, K.LEFT, K.RIGHT))
    r.add_poller(stick)
    assert r.poll(0) == K.NONE
    pos[1] = 1000
    assert r.poll(10) == K.UP
    assert r.poll(20) == K.NONE
    assert r.poll(410) == K.UP  # a held stick repeats
    pos[1] = 32768
    pos[0] = 65000
    assert _drain(r, 420) == [K.RIGHT]
    pos[0] = 0
    pos[1] = 65000
    assert sorted(_drain(r, 430)) == sorted([K.DOWN, K.LEFT])
    pos[0] = pos[1] = 32768
    assert _drain(r, 5000) == []
    assert r.held_mask == 0


def test_ticks_arithmetic():
    assert ticks_diff(5, 3) == 2
    assert ticks_diff(3, 5) == -2
    assert ticks_diff(0, WRAP - 1) == 1
    assert ticks_diff(WRAP - 1, 0) == -1
    assert ticks_add(WRAP - 1, 1) == 0
    assert ticks_add(0, -1) == WRAP - 1
    assert ticks_less(WRAP - 10, 5)
    assert not ticks_less(5, WRAP - 10)
    for base in (0, 12345, WRAP - 7):
        for d in (-100000, -1, 0, 1, 99999, (1 << 28) - 1):
            assert ticks_diff(ticks_add(base, d), base) == d
    t = ticks_ms()
    assert 0 <= t < WRAP
    assert ticks_diff(ticks_ms(), t) >= 0
