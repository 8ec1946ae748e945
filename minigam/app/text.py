"""Text as a row of font tiles: a ``TileGrid`` over terminalio's glyph sheet.

Measured in the MicroPython VM, ``adafruit_display_text.bitmap_label`` costs
about 28 KB of heap for the module and about 1.5 KB per label (each owns a
bitmap that is rebuilt on every change). A line of text here is one
``TileGrid`` whose tiles are glyphs of ``terminalio.FONT``'s own bitmap (in
flash on a board), the way CircuitPython's terminal draws; changing the text
rewrites tile numbers, allocating nothing. The width in characters is fixed
when the line is made; text is left-, centre- or right-aligned inside it by
padding with blanks.

Heap per line, measured on the emulated Pico (CircuitPython 10.2.1): a
TileGrid about 120 bytes, a Palette about 55, a Python object about 60 plus
8 per attribute. So the palettes are shared (one per ink and background
pair, :func:`ink`), and a line keeps only its grid, text, layout and colours.
"""

import displayio
import terminalio

_sheet = None
_tiles = None  # tile number of each printable ASCII character (32..126)
_inks = []  # [(color, background, Palette)]: shared by every line
# A host test sets this to a list: every text a line could not hold is
# added to it, ``(text, width)``, before being cut (tests/test_text_fits).
cuts = None


def fit(text, n):
    """``text`` as a line of ``n`` characters shows it: cut, and reported
    in ``cuts``, when it is longer. Every page and board line is made to
    fit (shortened by rule, or wrapped) before it comes here."""
    if len(text) > n:
        if cuts is not None:
            cuts.append((text, n))
        text = text[:n]
    return text


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


def ink(color, background=None):
    """The shared two-colour palette of text in ``color`` on
    ``background`` (None: transparent)."""
    for c, b, p in _inks:
        if c == color and b == background:
            return p
    p = displayio.Palette(2)
    p[1] = color
    if background is None:
        p.make_transparent(0)
    else:
        p[0] = background
    _inks.append((color, background, p))
    return p


def set_text(lb, text):
    """Change a label's text only when it differs (no redraw otherwise)."""
    if lb.text != text:
        lb.text = text


def show(obj, on):
    """Hide or show a shape or group only when that changes."""
    if obj.hidden == on:
        obj.hidden = not on


def scaled(parent, scale):
    """A Group of ``scale`` appended to ``parent``, for scaled text."""
    g = displayio.Group(scale=scale)
    parent.append(g)
    return g


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
        w = 6 * scale
        if align == 1:
            x -= (n * w) // 2
        elif align == 2:
            x -= n * w
        # n, align and scale in one int: fewer attributes, less heap.
        self._form = n << 4 | align << 2 | scale
        self._color = color
        self._bg = background
        self.grid = displayio.TileGrid(
            sheet, pixel_shader=ink(color, background), width=n, height=1,
            tile_width=6, tile_height=12, default_tile=tiles[0],
            x=x // scale, y=(y - 6 * scale) // scale)
        parent.append(self.grid)
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
        scale = self._form & 3
        y = (y - 6 * scale) // scale
        if self.grid.y != y:
            self.grid.y = y

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, value):
        if value == self._text:
            return
        form = self._form
        n = form >> 4
        value = fit(value, n)
        self._text = value
        pad = n - len(value)
        align = (form >> 2) & 3
        if align == 1:
            pad //= 2
        elif align == 0:
            pad = 0
        grid = self.grid
        tiles = _tiles
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
            self.grid.pixel_shader = ink(value, self._bg)

    @property
    def background_color(self):
        return self._bg

    @background_color.setter
    def background_color(self, value):
        if value != self._bg:
            self._bg = value
            self.grid.pixel_shader = ink(self._color, value)
