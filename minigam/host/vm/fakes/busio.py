"""VM fake of CircuitPython's ``busio``: SPI and I2C that accept everything."""


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):
        self.clock = clock
        self.MOSI = MOSI
        self.MISO = MISO
        self.frequency = 250000
        self._locked = False
        self.written = 0

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        self.frequency = baudrate

    def write(self, buf, *, start=0, end=None):
        self.written += len(buf) if end is None else end - start

    def readinto(self, buf, *, start=0, end=None, write_value=0):
        pass

    def write_readinto(self, out_buf, in_buf, **kwargs):
        pass

    def deinit(self):
        pass


class I2C:
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        self._locked = False

    def try_lock(self):
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        return []

    def deinit(self):
        pass
