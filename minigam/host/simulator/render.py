"""Render a display's root group to pixels and PNG files on the host.

adafruit-blinka-displayio composes the root group row by row:
``display.fill_row(y, None)`` returns row ``y`` as big-endian RGB565. A
:class:`Frame` holds one whole screen of those rows, answers pixel queries
for tests, diffs against another frame, and writes a PNG with ``zlib`` and
``struct`` only. :class:`RefreshMeter` counts the pixels each
``display.refresh()`` really sends, from displayio's own dirty areas.

``make_display(w, h)`` builds a bus-less Blinka ``BusDisplay`` whose
``refresh()`` works (the transaction hooks are no-ops), for tests and tools
that need no hardware profile.
"""

import os
import struct
import zlib

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")


def make_display(width, height):
    """A Blinka ``BusDisplay`` with no bus, auto_refresh off, refreshable.

    Blinka allows only a few displays at once, so this releases the others.
    """
    import busdisplay
    import displayio

    displayio.release_displays()

    d = busdisplay.BusDisplay(None, b"", width=width, height=height,
                              auto_refresh=False)
    core = d._core
    core._bus_free = lambda: True
    core._begin_transaction = lambda: True
    core._send = lambda *a: None
    core._end_transaction = lambda: None
    core._bus_reset = lambda: None
    return d


def rgb565_to_rgb(v):
    """(r, g, b) 0..255 of a 16-bit RGB565 value."""
    r = (v >> 11) & 0x1F
    g = (v >> 5) & 0x3F
    b = v & 0x1F
    return ((r * 527 + 23) >> 6, (g * 259 + 33) >> 6, (b * 527 + 23) >> 6)


def to565(color):
    """The RGB565 value displayio draws for a 0xRRGGBB colour."""
    r = (color >> 16) & 0xFF
    g = (color >> 8) & 0xFF
    b = color & 0xFF
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


class Frame:
    """One rendered screen: ``width`` x ``height`` RGB565 values.

    :param display: a displayio display whose ``root_group`` is rendered
    """

    def __init__(self, display):
        self.width = w = display.width
        self.height = h = display.height
        data = bytearray()
        for y in range(h):
            row = display.fill_row(y, None)
            data += bytes(row)[: 2 * w]
        self.data = bytes(data)

    def value(self, x, y):
        """The RGB565 value at (x, y)."""
        i = 2 * (y * self.width + x)
        return (self.data[i] << 8) | self.data[i + 1]

    def rgb(self, x, y):
        """(r, g, b) at (x, y)."""
        return rgb565_to_rgb(self.value(x, y))

    def is_color(self, x, y, color):
        """True when (x, y) shows the 0xRRGGBB ``color`` (at RGB565 depth)."""
        return self.value(x, y) == to565(color)

    def count(self, color, x0=0, y0=0, x1=None, y1=None):
        """Pixels of ``color`` inside the box [x0, x1) x [y0, y1)."""
        x1 = self.width if x1 is None else x1
        y1 = self.height if y1 is None else y1
        v = to565(color)
        hi, lo = v >> 8, v & 0xFF
        n = 0
        d = self.data
        for y in range(y0, y1):
            base = 2 * y * self.width
            for x in range(x0, x1):
                i = base + 2 * x
                if d[i] == hi and d[i + 1] == lo:
                    n += 1
        return n

    def diff(self, other):
        """Number of pixels that differ from ``other`` (same size)."""
        a = self.data
        b = other.data
        n = 0
        for i in range(0, len(a), 2):
            if a[i] != b[i] or a[i + 1] != b[i + 1]:
                n += 1
        return n

    def png_bytes(self, scale=1):
        """The frame as a PNG file's bytes, each pixel ``scale`` x ``scale``."""
        w, h = self.width, self.height
        raw = bytearray()
        d = self.data
        for y in range(h):
            line = bytearray(b"\x00")
            for x in range(w):
                i = 2 * (y * w + x)
                px = bytes(rgb565_to_rgb((d[i] << 8) | d[i + 1]))
                line += px * scale
            for _ in range(scale):
                raw += line

        def chunk(kind, body):
            c = struct.pack(">I", len(body)) + kind + body
            return c + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

        hdr = struct.pack(">IIBBBBB", w * scale, h * scale, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", hdr)
                + chunk(b"IDAT", zlib.compress(bytes(raw), 6))
                + chunk(b"IEND", b""))

    def save_png(self, path, scale=1):
        """Write the frame to ``path`` as a PNG."""
        d = os.path.dirname(path)
        if d:
            os.makedirs(d, exist_ok=True)
        with open(path, "wb") as f:
            f.write(self.png_bytes(scale))


def save_png(display, path, scale=1):
    """Render ``display``'s root group and write it to ``path``."""
    fr = Frame(display)
    fr.save_png(path, scale)
    return fr


class RefreshMeter:
    """Counts the pixels each ``display.refresh()`` redraws.

    Wraps the display's area refresh, so the figure is what displayio's
    dirty-area tracking really sends to the panel.
    """

    def __init__(self, display):
        from displayio._area import Area

        self.display = display
        self.pixels = 0
        self.refreshes = 0
        self.areas = 0
        orig = display._refresh_area
        core = display._core
        orig_refresh = display._refresh_display

        def area(a):
            clipped = Area()
            if core.clip_area(a, clipped):
                self.pixels += clipped.size()
                self.areas += 1
            return orig(a)

        def refresh():
            self.refreshes += 1
            return orig_refresh()

        display._refresh_area = area
        display._refresh_display = refresh

    @property
    def screen(self):
        return self.display.width * self.display.height

    def take(self):
        """Pixels redrawn since the last ``take``; resets the count."""
        n = self.pixels
        self.pixels = 0
        return n
