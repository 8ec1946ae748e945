"""Fair dice for MINIGAM, with injectable sources.

``Dice(source=None, seed=None)``:

* ``roll() -> (d1, d2)`` two dice of a turn;
* ``roll_one() -> d`` one die (the opening roll);
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

The app counts the dice of every turn roll in its lifetime statistics
(``minigam.app.persist.Stats``).
"""

from minigam.compat import const

_MASK = const(0xFFFFFFFF)
_MULT = const(0x2545F491)


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
        """One die, 1..6."""
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
        """Two dice of a turn."""
        return self.roll_one(), self.roll_one()
