"""VM fake of CircuitPython's ``analogio``: inputs read mid-scale."""


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin
        self.value = 32768
        self.reference_voltage = 3.3

    def deinit(self):
        pass


class AnalogOut:
    def __init__(self, pin):
        self.value = 0

    def deinit(self):
        pass
