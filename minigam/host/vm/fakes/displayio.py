"""VM fake of CircuitPython's ``displayio``: the object model, no drawing.

Group, Bitmap (real pixel storage), Palette, ColorConverter, TileGrid,
release_displays; ``Display`` and ``FourWire`` are the pre-9 names of
``busdisplay.BusDisplay`` and ``fourwire.FourWire``.
"""

from busdisplay import BusDisplay as Display  # noqa: F401  (CircuitPython 8 name)
from fourwire import FourWire  # noqa: F401  (CircuitPython 8 name)


def release_displays():
    pass


class Colorspace:
    RGB565 = "RGB565"
    RGB888 = "RGB888"
    L8 = "L8"


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        # Stored directly: subclasses (adafruit_display_text's labels)
        # override ``scale`` with a property that needs their own state.
        self._scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self._layers = []

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        if value < 1:
            raise ValueError("scale must be >= 1")
        self._scale = value

    def _check(self, layer):
        for have in self._layers:
            if have is layer:
                raise ValueError("Layer already in a group")

    def append(self, layer):
        self._check(layer)
        self._layers.append(layer)

    def insert(self, index, layer):
        self._check(layer)
        self._layers.insert(index, layer)

    def index(self, layer):
        for i, have in enumerate(self._layers):
            if have is layer:
                return i
        raise ValueError("object not in sequence")

    def pop(self, i=-1):
        return self._layers.pop(i)

    def remove(self, layer):
        self._layers.pop(self.index(layer))

    def sort(self, key=None, reverse=False):
        self._layers.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._layers)

    def __bool__(self):
        return True

    def __getitem__(self, i):
        return self._layers[i]

    def __setitem__(self, i, layer):
        self._layers[i] = layer

    def __delitem__(self, i):
        del self._layers[i]

    def __contains__(self, layer):
        for have in self._layers:
            if have is layer:
                return True
        return False

    def __iter__(self):
        return iter(self._layers)


class Bitmap:
    def __init__(self, width, height, value_count):
        if value_count < 1 or value_count > 65536:
            raise ValueError("value_count must be in 1..65536")
        self.width = width
        self.height = height
        self.value_count = value_count
        if value_count <= 256:
            self._data = bytearray(width * height)
        else:
            self._data = [0] * (width * height)

    def _index(self, i):
        if isinstance(i, tuple):
            x, y = i
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise IndexError("pixel (%d, %d) out of range" % (x, y))
            return y * self.width + x
        return i

    def __getitem__(self, i):
        return self._data[self._index(i)]

    def __setitem__(self, i, value):
        if not 0 <= value < self.value_count:
            raise ValueError("value %d out of range (value_count %d)" % (value, self.value_count))
        self._data[self._index(i)] = value

    def __len__(self):
        return self.width * self.height

    def fill(self, value):
        for i in range(self.width * self.height):
            self._data[i] = value

    def blit(self, x, y, source_bitmap, *, x1=0, y1=0, x2=None, y2=None, skip_index=None):
        import bitmaptools

        bitmaptools.blit(self, source_bitmap, x, y, x1=x1, y1=y1, x2=x2, y2=y2,
                         skip_source_index=skip_index)

    def dirty(self, x1=0, y1=0, x2=None, y2=None):
        pass

    def deinit(self):
        pass


def _rgb888(color):
    if isinstance(color, int):
        return color & 0xFFFFFF
    if isinstance(color, (tuple, list)):
        r, g, b = color
        return (r << 16) | (g << 8) | b
    # bytes-like RGB
    return (color[0] << 16) | (color[1] << 8) | color[2]


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._colors = [0] * color_count
        self._transparent = bytearray(color_count)
        self.dither = dither

    def __len__(self):
        return len(self._colors)

    def __getitem__(self, i):
        return self._colors[i]

    def __setitem__(self, i, color):
        self._colors[i] = _rgb888(color)

    def make_transparent(self, i):
        self._transparent[i] = 1

    def make_opaque(self, i):
        self._transparent[i] = 0

    def is_transparent(self, i):
        return bool(self._transparent[i])


class ColorConverter:
    def __init__(self, *, input_colorspace=Colorspace.RGB888, dither=False):
        self.dither = dither
        self._transparent = None

    def convert(self, color):
        c = _rgb888(color)
        return ((c >> 8) & 0xF800) | ((c >> 5) & 0x07E0) | ((c >> 3) & 0x001F)

    def make_transparent(self, color):
        self._transparent = color

    def make_opaque(self, color):
        self._transparent = None


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = bitmap.width if tile_width is None else tile_width
        self.tile_height = bitmap.height if tile_height is None else tile_height
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        self._tiles = bytearray(width * height) if default_tile < 256 else [0] * (width * height)
        for i in range(width * height):
            self._tiles[i] = default_tile

    def _index(self, i):
        if isinstance(i, tuple):
            return i[1] * self.width + i[0]
        return i

    def __getitem__(self, i):
        return self._tiles[self._index(i)]

    def __setitem__(self, i, tile):
        self._tiles[self._index(i)] = tile

    def contains(self, touch_tuple):
        x, y = touch_tuple[0], touch_tuple[1]
        return (self.x <= x < self.x + self.width * self.tile_width
                and self.y <= y < self.y + self.height * self.tile_height)


class OnDiskBitmap:
    def __init__(self, file):
        raise OSError("OnDiskBitmap is not faked in the VM")
