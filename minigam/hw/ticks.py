"""Millisecond ticks with wrap-safe arithmetic, on CircuitPython and a PC.

``supervisor.ticks_ms()`` wraps at 2**29 ms (about 6.2 days; the first wrap
comes about 65 s after power-on). Never compare ticks with ``<``: use
``ticks_diff``. Host fallback: ``time.monotonic_ns`` (CPython) or
``time.ticks_ms`` (MicroPython), masked to the same 2**29 period.
"""

from minigam.compat import const

_PERIOD = const(0x20000000)  # 2**29
_MASK = const(0x1FFFFFFF)
_HALF = const(0x10000000)

try:
    from supervisor import ticks_ms as _ticks  # CircuitPython
except ImportError:
    try:
        from time import ticks_ms as _mp_ticks  # type: ignore[attr-defined]  # MicroPython

        def _ticks():  # type: ignore[misc]  # period 2**30, masked to 2**29
            return _mp_ticks() & _MASK

    except ImportError:
        from time import monotonic_ns as _ns  # CPython

        def _ticks():  # type: ignore[misc]
            return (_ns() // 1000000) & _MASK


def ticks_ms():
    """Current time in ms, in 0 .. 2**29-1, wrapping."""
    return _ticks()


def ticks_add(ticks, delta):
    """``ticks`` + ``delta`` ms (delta may be negative), wrapped."""
    return (ticks + delta) & _MASK


def ticks_diff(t1, t2):
    """Signed ms from ``t2`` to ``t1`` (``t1 - t2``), correct across one wrap.

    Valid while the true difference is within +-2**28 ms (about 3 days).
    """
    return ((t1 - t2 + _HALF) & _MASK) - _HALF


def ticks_less(t1, t2):
    """True if ``t1`` is before ``t2``."""
    return ticks_diff(t1, t2) < 0
