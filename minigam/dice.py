"""Fair dice for MINIGAM, with injectable sources and running statistics.

``Dice(source=None, seed=None)``:

* ``roll() -> (d1, d2)`` two dice of a turn (counted in ``stats``);
* ``roll_one() -> d`` one die (the opening roll; not counted in ``stats``);
* ``source``: ``None`` for the built-in generator, a callable returning
  1..6, or an iterable of 1..6 (tests script the dice with a list);
* ``seed``: an int makes the built-in generator reproducible; otherwise it is
  seeded from ``os.urandom`` where present, else from the clock.

The built-in generator is xorshift32 with a multiplicative output scramble
(xorshift*), kept to 32 bits; a die takes the top 3 bits of an output and
rejects 6 and 7, so every value 1..6 is exactly equally likely. The same seed
gives the same dice on CPython and on the board.

``check_die(d)`` and ``check_roll(d1, d2)`` validate hand-entered dice (a
player rolling real dice) and raise ``DiceError``.

``DiceStats`` counts the dice of turn rolls: ``counts[v]`` for v in 1..6,
``rolls``, ``doubles``, ``pips``. Since a double (a, a) is two moves of a
(RULES.md), the pips a roll gives are always a + b, so the expected pips per
roll are E[a] + E[b] = 3.5 + 3.5 = 7 exactly, and the expected doubles rate
is 1/6. ``chi_square()`` measures how far the value counts are from uniform
(5 degrees of freedom: above 11.07 happens by chance 5% of the time, above
15.09 1% of the time). ``to_bytes()``/``DiceStats.from_bytes()`` store the
statistics in 21 bytes.
"""

from minigam.compat import const

_MASK = const(0xFFFFFFFF)
_MULT = const(0x2545F491)
STATS_SIZE = const(21)


class DiceError(ValueError):
    """A die value out of 1..6, or an exhausted scripted source."""


def check_die(d):
    """Return ``d`` if it is an int in 1..6, else raise ``DiceError``."""
    if not isinstance(d, int) or isinstance(d, bool) or d < 1 or d > 6:
        raise DiceError("a die must be 1..6, got %r" % (d,))
    return d


def check_roll(d1, d2):
    """Validate two hand-entered dice; returns ``(d1, d2)``."""
    return check_die(d1), check_die(d2)


_salt = [0]


def _entropy():
    # A counter is mixed in so dice made at the same instant still differ
    # where only a coarse clock is available.
    _salt[0] = (_salt[0] + 0x9E3779B9) & _MASK
    return _salt[0] ^ _raw_entropy()


def _raw_entropy():
    try:
        import os
        b = os.urandom(4)
        return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
    except (ImportError, AttributeError, NotImplementedError, OSError):
        pass
    import time
    try:
        return time.monotonic_ns() & _MASK
    except AttributeError:
        pass
    ticks_us = getattr(time, "ticks_us", None)  # MicroPython only
    if ticks_us is not None:
        return ticks_us() & _MASK
    return int(time.time() * 1000003) & _MASK


class Dice:
    """Two fair dice. See the module docstring."""

    def __init__(self, source=None, seed=None):
        self.stats = DiceStats()
        self._call = None
        self._iter = None
        if source is not None:
            if callable(source):
                self._call = source
            else:
                self._iter = iter(source)
        if seed is None:
            seed = _entropy()
        self.seed(seed)

    def seed(self, seed):
        """Restart the built-in generator from ``seed`` (an int)."""
        s = seed & _MASK
        if s == 0:
            s = 0x9E3779B9
        self._state = s

    def _next32(self):
        x = self._state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self._state = x
        return (x * _MULT) & _MASK

    def roll_one(self):
        """One die, 1..6 (not counted in the statistics)."""
        if self._call is not None:
            return check_die(self._call())
        if self._iter is not None:
            try:
                return check_die(next(self._iter))
            except StopIteration:
                raise DiceError("the scripted dice ran out")
        while True:
            v = self._next32() >> 29
            if v < 6:
                return v + 1

    def roll(self):
        """Two dice of a turn, counted in ``stats``."""
        d1 = self.roll_one()
        d2 = self.roll_one()
        self.stats.add(d1, d2)
        return d1, d2


class DiceStats:
    """Running statistics of turn rolls. See the module docstring."""

    def __init__(self):
        self.counts = [0] * 7
        self.doubles = 0

    @property
    def rolls(self):
        return sum(self.counts) // 2

    @property
    def pips(self):
        total = 0
        for v in range(1, 7):
            total += v * self.counts[v]
        return total

    def add(self, d1, d2):
        """Count one roll of two dice."""
        check_roll(d1, d2)
        self.counts[d1] += 1
        self.counts[d2] += 1
        if d1 == d2:
            self.doubles += 1

    def reset(self):
        self.counts = [0] * 7
        self.doubles = 0

    def doubles_rate(self):
        """Share of rolls that were doubles (expected 1/6), 0.0 if none."""
        r = self.rolls
        return self.doubles / r if r else 0.0

    def pips_per_roll(self):
        """Average pips per roll (expected exactly 7), 0.0 if none."""
        r = self.rolls
        return self.pips / r if r else 0.0

    def chi_square(self):
        """Pearson's chi-square of the value counts against uniform."""
        n = sum(self.counts)
        if n == 0:
            return 0.0
        e = n / 6
        return sum([(self.counts[v] - e) ** 2 / e for v in range(1, 7)])

    def lines(self):
        """Short text lines for a statistics screen."""
        r = self.rolls
        out = ["rolls %d" % r]
        for v in range(1, 7):
            out.append("%d: %d" % (v, self.counts[v]))
        out.append("doubles %.1f%% (16.7%%)" % (100 * self.doubles_rate()))
        out.append("pips/roll %.2f (7.00)" % self.pips_per_roll())
        return out

    def to_bytes(self):
        """21 bytes: counts of 1..6 and the doubles count, 3 bytes each,
        big-endian (counts saturate at 16,777,215)."""
        out = bytearray(STATS_SIZE)
        vals = self.counts[1:] + [self.doubles]
        for k in range(7):
            v = min(vals[k], 0xFFFFFF)
            out[3 * k] = v >> 16
            out[3 * k + 1] = (v >> 8) & 255
            out[3 * k + 2] = v & 255
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Inverse of ``to_bytes``; raises ``DiceError`` on bad data."""
        if data is None or len(data) != STATS_SIZE:
            raise DiceError("dice statistics must be %d bytes" % STATS_SIZE)
        vals = []
        for k in range(7):
            vals.append((data[3 * k] << 16) | (data[3 * k + 1] << 8)
                        | data[3 * k + 2])
        st = cls()
        st.counts = [0] + vals[:6]
        st.doubles = vals[6]
        n = sum(st.counts)
        if n % 2 or st.doubles > n // 2:
            raise DiceError("inconsistent dice statistics")
        return st
