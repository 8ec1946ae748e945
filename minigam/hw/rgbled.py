"""One RGB LED as a one-pixel sequence for ``minigam.hw.pixels``'s dice
indicator (the PyBadge-class boards without NeoPixels). Its own module, so
boards with NeoPixels never load it.
"""


class RGBLed:
    """One RGB LED on three PWM outputs, as a 1-pixel sequence.

    :param r, g, b: objects with a ``duty_cycle`` attribute (``pwmio.PWMOut``)
    :param active_low: True for a common-anode LED (0 duty = full on).
    """

    def __init__(self, r, g, b, active_low=True):
        self._outs = (r, g, b)
        self.active_low = active_low
        self._color = (0, 0, 0)
        self.show()

    def __len__(self):
        return 1

    def __getitem__(self, i):
        if i != 0 and i != -1:
            raise IndexError("RGBLed has one pixel")
        return self._color

    def __setitem__(self, i, color):
        if i != 0 and i != -1:
            raise IndexError("RGBLed has one pixel")
        self._color = (color[0], color[1], color[2])

    def fill(self, color):
        self[0] = color

    def show(self):
        for k in range(3):
            duty = self._color[k] * 257
            if self.active_low:
                duty = 65535 - duty
            self._outs[k].duty_cycle = duty


class DigitalRGBLed(RGBLed):
    """An RGB LED on three ``digitalio`` outputs: each channel on when > 0."""

    def show(self):
        for k in range(3):
            on = self._color[k] > 0
            self._outs[k].value = (not on) if self.active_low else on
