"""VM fake of CircuitPython's ``supervisor``: ticks_ms (29-bit, wraps), runtime."""

import time

_TICKS_MASK = (1 << 29) - 1
_offset = 0


def ticks_ms():
    """Milliseconds, wrapping at 2**29 like CircuitPython's."""
    return (time.ticks_ms() + _offset) & _TICKS_MASK


def _advance(ms):
    """Fake-only: move ``ticks_ms()`` forward by ``ms``."""
    global _offset
    _offset += ms


class _Runtime:
    serial_connected = True
    serial_bytes_available = 0
    usb_connected = True
    autoreload = True
    run_reason = None
    safe_mode_reason = None


runtime = _Runtime()


def reload():
    raise SystemExit("supervisor.reload()")


def set_next_code_file(filename, **kwargs):
    pass


def disable_autoreload():
    runtime.autoreload = False


def enable_autoreload():
    runtime.autoreload = True


def set_rgb_status_brightness(brightness):
    pass
