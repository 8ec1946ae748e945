"""The ILI9341 panel, through Adafruit's driver (``adafruit_ili9341``).

A module of its own, as ``minigam.hw.st7789`` is, so that only boards whose
pin data names an ILI9341 import it: ``deploy`` follows the imports of the
files a profile ships, and the other boards' drives go without the driver
library (``minigam.host.hardware.deploy.unused_parts``).
"""


def make(bus, **kwargs):
    """A displayio display of the ILI9341 on ``bus`` (``kwargs`` as for
    ``busdisplay.BusDisplay``: size, rotation, backlight)."""
    from adafruit_ili9341 import ILI9341

    return ILI9341(bus, **kwargs)
