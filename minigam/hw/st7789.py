"""The ST7789 panel on displayio, started with the waits its datasheet asks.

The Adafruit driver's start-up waits 1.17 s (150 ms after the software
reset, 500 ms after sleep out, 10 + 10 ms after two settings and 500 ms
after display on). The datasheet (Sitronix ST7789VW, v1.0: SWRESET 01h,
SLPOUT 11h) asks for 5 ms after a software reset, or 120 ms when the panel
was awake (after a soft reload it is), and 5 ms after sleep out before the
next command; the other commands need no wait. ``INIT`` waits 120 and
10 ms: the menu appears about a second sooner. Before it, ``FourWire``
pulses the reset pin (1 ms low, 1 ms high), which the software reset's
120 ms wait also covers. The registers it leaves are the Adafruit
driver's (MADCTL 0xC0, colour inversion on), so panels look the same.
"""

# displayio's format: command, argument count (bit 7 set: a delay byte in
# ms follows the arguments; 255 means 500 ms), arguments.
INIT = (
    b"\x01\x80\x78"  # SWRESET, wait 120 ms
    b"\x11\x80\x0a"  # SLPOUT, wait 10 ms (5 ms required)
    b"\x3a\x01\x55"  # COLMOD: 16 bits a pixel (RGB565)
    b"\x36\x01\xc0"  # MADCTL: row and column order as the board mounts it
    b"\x21\x00"  # INVON: IPS panels need their colours inverted
    b"\x13\x00"  # NORON: normal display mode
    b"\x29\x00"  # DISPON
)


def init_delay_ms(seq=INIT):
    """The waits written into an init sequence, in ms."""
    total = 0
    i = 0
    while i < len(seq):
        n = seq[i + 1]
        i += 2 + (n & 0x7F)
        if n & 0x80:
            total += 500 if seq[i] == 255 else seq[i]
            i += 1
    return total


def make(bus, **kwargs):
    """A displayio display of the ST7789 on ``bus`` (``kwargs`` as for
    ``busdisplay.BusDisplay``: size, offsets, rotation, backlight)."""
    try:
        from busdisplay import BusDisplay
    except ImportError:  # CircuitPython 8/9
        from displayio import Display as BusDisplay  # type: ignore[attr-defined,no-redef]
    return BusDisplay(bus, INIT, **kwargs)
