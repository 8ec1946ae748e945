"""A full-screen text page: a title, a window of lines, a selection bar.

The menu, the statistics pages and the game-over summary are all this one
Group, built once with as many line labels as the screen has room for, and
refilled in place. Pages with more lines than fit scroll with the selection
(or, without one, by the app's keys); small arrows at the right say that
more lines lie below or above. On a page without a selection a line too
long for the screen goes on, indented, on the next (``wrap``): a play, a
figure of many digits; the menu's lines are made to fit (``menu``).
"""

import displayio
import vectorio

from minigam.app import palette as C
from minigam.app.text import Text, fit, scaled, set_text, show


class TextView:
    """Text pages for a :class:`~minigam.app.layout.Layout`."""

    def __init__(self, lay):
        self.lay = L = lay
        g = displayio.Group()
        self.group = g
        R = vectorio.Rectangle
        g.append(R(pixel_shader=C.pal(C.PANEL), width=L.w, height=L.h,
                   x=0, y=0))
        g.append(R(pixel_shader=C.pal(C.BAR_BG), width=L.w, height=L.top,
                   x=0, y=0))
        self.line_h = L.ch + 2
        self.n = (L.h - L.top - 4) // self.line_h
        # The selection: a pointer left of its line, moved from line to
        # line. (A bar behind the whole line read as well, but a step then
        # redrew two full lines: over 100 ms on a Pico. The pointer's two
        # small boxes take a few ms.)
        h = self.line_h // 2
        self.pointer = vectorio.Polygon(
            pixel_shader=C.pal(C.CURSOR), points=[(0, 0), (L.cw - 4, h // 2 + 1), (0, h + 2)],
            x=2, y=L.top + 2)
        self.pointer.hidden = True
        g.append(self.pointer)
        self.width_chars = L.chars(L.w - 2 * L.cw)
        big = scaled(g, L.scale)
        # Text is opaque, in the colour beneath it: a change redraws only
        # the text, not the layers under it as well.
        self.title = Text(big, L.chars(L.w - L.cw), C.CURSOR, L.w // 2,
                          L.top // 2, L.scale, 1, background=C.BAR_BG)
        self.lines = []
        for k in range(self.n):
            lb = Text(big, self.width_chars, C.TEXT, 2 + L.cw,
                      L.top + 3 + k * self.line_h + self.line_h // 2,
                      L.scale, 0, background=C.PANEL)
            self.lines.append(lb)
        # "More below" / "more above": arrows at the right edge, in the
        # column a page that scrolls leaves clear (``page``).
        a = max(3, L.cw // 2 - 1)
        x = L.w - a - 1
        self.more = vectorio.Polygon(
            pixel_shader=C.pal(C.CURSOR), points=[(-a, 0), (a, 0), (0, a)],
            x=x, y=L.h - a - 3)
        self.less = vectorio.Polygon(
            pixel_shader=C.pal(C.CURSOR), points=[(-a, a), (a, a), (0, 0)],
            x=x, y=L.top + 3)
        for arrow in (self.more, self.less):
            arrow.hidden = True
            g.append(arrow)
        self.first = 0
        self.sel = -1
        self.items = []  # the page's lines, kept for scrolling
        g.hidden = True

    def page(self, title, items, sel=-1, first=0):
        """Show ``title`` and the strings ``items``; ``sel`` (or -1) is the
        highlighted item, scrolled into view; without one the page starts
        at item ``first``. Returns the first item shown."""
        set_text(self.title, title)
        n = self.n
        w = self.width_chars
        if sel < 0:
            items = wrap(items, w)
            if len(items) > n:  # the scroll arrows take the last column
                items = wrap(items, w - 1)
        if sel >= 0:
            first = self.first
            if sel < first:
                first = sel
            elif sel >= first + n:
                first = sel - n + 1
        self.items = items
        if first > len(items) - n:
            first = max(0, len(items) - n)
        self.first = first
        if len(items) > n:
            w -= 1
        for k in range(n):
            i = first + k
            set_text(self.lines[k], fit(items[i], w) if i < len(items)
                     else "")
        if sel >= 0:
            y = self.lay.top + 2 + (sel - first) * self.line_h \
                + self.line_h // 4
            if self.pointer.y != y:
                self.pointer.y = y
        show(self.pointer, sel >= 0)
        show(self.more, first + n < len(items))
        show(self.less, first > 0)
        self.sel = sel
        return first

    def scroll(self, d):
        """Move a page without a selection ``d`` lines down (up if < 0)."""
        self.page(self.title.text, self.items, -1, max(0, self.first + d))


def wrap(items, w):
    """The lines ``items`` on a page ``w`` characters wide: a longer line
    breaks at its last space that fits and goes on with the line's
    indent (two spaces at least), never inside a word or a number (a word
    longer than the line is left to ``fit``, which reports it)."""
    out = []
    for t in items:
        lead = len(t) - len(t.lstrip())
        ind = " " * (lead if lead > 2 else 2)
        while len(t) > w:
            k = t.rfind(" ", 0, w + 1)
            if k <= len(t) - len(t.lstrip()):
                break  # no space to break at past the indent
            out.append(t[:k].rstrip())
            t = ind + t[k + 1:].lstrip()
        out.append(t)
    return out


def page(app, title, lines, sel=-1, first=0):
    """Show a text page on ``app``'s screen (the menu, statistics, the
    game-over summary). The view is built when a page is first shown and
    dropped for the game (``App.leave_pages``): on stock CircuitPython its
    objects and code would otherwise hold heap through every game."""
    t = app.text
    if t is None:
        t = app.text = TextView(app.lay)
        app.root.append(t.group)
    t.page(title, lines, sel, first)
    t.group.hidden = False
    app.dirty = True
