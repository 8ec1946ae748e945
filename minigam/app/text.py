"""Text as a row of font tiles: a ``TileGrid`` over terminalio's glyph sheet.

Measured in the MicroPython VM, ``adafruit_display_text.bitmap_label`` costs
about 28 KB of heap for the module and about 1.5 KB per label (each owns a
bitmap that is rebuilt on every change). A line of text here is one
``TileGrid`` whose tiles are glyphs of ``terminalio.FONT``'s own bitmap (in
flash on a board), the way CircuitPython's terminal draws: a few hundred
bytes per line, and changing the text rewrites tile numbers, allocating
nothing. The width in characters is fixed when the line is made; text is
left-, centre- or right-aligned inside it by padding with blanks.
"""

import displayio
import terminalio

_sheet = None
_tiles = None  # tile number of each printable ASCII character (32..126)


def _font():
    """The glyph sheet and the tile table, made once."""
    global _sheet, _tiles
    if _sheet is None:
        font = terminalio.FONT
        tiles = bytearray(95)
        sheet = font.bitmap
        if isinstance(sheet, displayio.Bitmap):
            for c in range(95):
                g = font.get_glyph(32 + c)
                # terminalio's sheet is in ASCII order; ask the glyph anyway
                # (tile_index is missing from circuitpython-stubs' Glyph).
                t = getattr(g, "tile_index", c) if g is not None else 31
                tiles[c] = t
        else:
            # Blinka (host): glyphs are separate bitmaps; build a sheet.
            w, h = font.get_bounding_box()[:2]
            sheet = displayio.Bitmap(w * 95, h, 2)
            for c in range(95):
                g = font.get_glyph(32 + c)
                tiles[c] = c
                if g is None:
                    continue
                gb = g.bitmap
                for y in range(min(h, gb.height)):
                    for x in range(min(w, gb.width)):
                        if gb[x, y]:
                            sheet[c * w + x, y] = 1
        _sheet = sheet
        _tiles = tiles
    return _sheet, _tiles


class Text:
    """A line of at most ``n`` characters, appended to ``parent``.

    The line is one TileGrid (``.grid``), no Group of its own: for scale 2
    text, ``parent`` must be a ``Group(scale=2)`` (coordinates are still
    given in screen pixels).

    :param parent: the Group to draw in
    :param n: width in characters
    :param color: text colour (0xRRGGBB)
    :param x: anchor x; the line's left edge (``align`` 0), centre (1) or
        right edge (2)
    :param y: centre y of the line
    :param align: 0 left, 1 centre, 2 right
    :param background: None (transparent) or a colour filling the line
    """

    def __init__(self, parent, n, color, x, y, scale=1, align=0,
                 background=None, text=""):
        sheet, tiles = _font()
        self._tile = tiles
        w = 6 * scale
        if align == 1:
            x -= (n * w) // 2
        elif align == 2:
            x -= n * w
        self._scale = scale
        self._pal = displayio.Palette(2)
        self._pal[1] = color
        self._color = color
        self._bg = None
        self.background_color = background
        self.grid = displayio.TileGrid(
            sheet, pixel_shader=self._pal, width=n, height=1, tile_width=6,
            tile_height=12, default_tile=tiles[0], x=x // scale,
            y=(y - 6 * scale) // scale)
        parent.append(self.grid)
        self._n = n
        self._align = align
        self._text = ""
        self.text = text

    @property
    def hidden(self):
        return self.grid.hidden

    @hidden.setter
    def hidden(self, value):
        self.grid.hidden = value

    def move_y(self, y):
        """Put the line's centre at screen ``y``."""
        y = (y - 6 * self._scale) // self._scale
        if self.grid.y != y:
            self.grid.y = y

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, value):
        if value == self._text:
            return
        n = self._n
        value = value[:n]
        self._text = value
        pad = n - len(value)
        if self._align == 1:
            pad //= 2
        elif self._align == 0:
            pad = 0
        grid = self.grid
        tiles = self._tile
        for i in range(n):
            k = i - pad
            c = ord(value[k]) - 32 if 0 <= k < len(value) else 0
            if c < 0 or c > 94:
                c = 31  # "?"
            t = tiles[c]
            if grid[i] != t:
                grid[i] = t

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, value):
        if value != self._color:
            self._color = value
            self._pal[1] = value

    @property
    def background_color(self):
        return self._bg

    @background_color.setter
    def background_color(self, value):
        self._bg = value
        if value is None:
            self._pal.make_transparent(0)
        else:
            self._pal[0] = value
            self._pal.make_opaque(0)
