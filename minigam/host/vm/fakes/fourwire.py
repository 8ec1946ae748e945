"""VM fake of CircuitPython 9+'s ``fourwire``: a bus that counts bytes."""


class FourWire:
    def __init__(self, spi_bus, *, command=None, chip_select=None, reset=None, baudrate=24000000,
                 polarity=0, phase=0):
        self.spi = spi_bus
        self.sent = 0

    def reset(self):
        pass

    def send(self, command, data, *, toggle_every_byte=False):
        self.sent += 1 + len(data)
