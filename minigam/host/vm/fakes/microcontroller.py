"""VM fake of CircuitPython's ``microcontroller``: Pin, nvm (4 KiB), cpu."""


class Pin:
    """A named pin (``board.GP5`` is ``Pin("GP5")``)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name

    def __eq__(self, other):
        return isinstance(other, Pin) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


class _CPU:
    frequency = 125000000
    temperature = 25.0
    voltage = 3.3
    uid = b"\x00" * 8
    reset_reason = None


cpu = _CPU()
cpus = (cpu,)
nvm = bytearray(4096)  # RP2040 size; a test may replace it


class RunMode:
    NORMAL = 0
    SAFE_MODE = 1
    UF2 = 2
    BOOTLOADER = 3


def on_next_reset(run_mode):
    pass


def reset():
    raise SystemExit("microcontroller.reset()")


def delay_us(delay):
    pass


def disable_interrupts():
    pass


def enable_interrupts():
    pass
