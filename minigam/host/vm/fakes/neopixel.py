"""VM fake of the ``neopixel`` library: a list of colours, nothing sent."""

RGB = "RGB"
GRB = "GRB"
RGBW = "RGBW"
GRBW = "GRBW"


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.brightness = brightness
        self.auto_write = auto_write
        self._px = [(0, 0, 0)] * n
        self.shows = 0

    def __len__(self):
        return self.n

    def __setitem__(self, i, color):
        if isinstance(i, slice):
            for k, c in zip(range(*i.indices(self.n)), color):
                self._px[k] = self._rgb(c)
        else:
            self._px[i] = self._rgb(color)
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        return self._px[i]

    @staticmethod
    def _rgb(c):
        if isinstance(c, int):
            return ((c >> 16) & 255, (c >> 8) & 255, c & 255)
        return tuple(c)

    def fill(self, color):
        c = self._rgb(color)
        for i in range(self.n):
            self._px[i] = c
        if self.auto_write:
            self.show()

    def show(self):
        self.shows += 1

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
