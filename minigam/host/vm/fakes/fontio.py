"""VM fake of CircuitPython's ``fontio``: Glyph and a fixed-cell BuiltinFont."""


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class BuiltinFont:
    """A fixed-cell font: printable ASCII, blank glyphs (nothing is drawn)."""

    def __init__(self, width=6, height=12):
        import displayio

        self._w = width
        self._h = height
        # One tile per printable ASCII character, side by side, like the
        # real terminalio font's bitmap (which lives in flash on a board).
        self.bitmap = displayio.Bitmap(width * 95, height, 2)

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        # A new Glyph per call, nothing cached: CircuitPython's BuiltinFont
        # keeps no glyphs either (its C struct has no room for them).
        if codepoint < 32 or codepoint > 126:
            codepoint = 63  # "?"
        return Glyph(self.bitmap, codepoint - 32, self._w, self._h, 0, 0, self._w, 0)
