"""MINIGAM's board screen (minigam/app/board_view.py) rendered by Blinka's
displayio at each screen size and read back pixel by pixel: the point
numbers clear of the points' triangles, and a banner (the roll to make,
the tutor's word, a game's end) that leaves every checker readable.

``python tests/test_board_view.py DIR`` writes a start frame with the
roll's banner and a busy frame with a banner over tall stacks at every
size to ``DIR`` as PNGs.
"""

import os
import random
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import palette as C  # noqa: E402
from minigam.app.board_view import BoardView  # noqa: E402
from minigam.app.layout import COLS, Layout  # noqa: E402
from minigam.host.simulator.render import (Frame, make_display,  # noqa: E402
                                           to565)
from minigam.quarter.rules import Rules, new_position, winner  # noqa: E402

SIZES = ((160, 128), (240, 135), (240, 240), (320, 240))


class Rig:
    def __init__(self, w, h):
        self.lay = Layout(w, h)
        self.display = make_display(w, h)
        self.view = BoardView(self.lay)
        self.display.root_group = self.view.group

    def frame(self):
        self.display.refresh()
        return Frame(self.display)


@pytest.fixture(params=SIZES, ids=["%dx%d" % s for s in SIZES])
def rig(request):
    return Rig(*request.param)


def glyph(ch):
    """The pixels of ``ch`` in terminalio's font, in its 6x12 cell."""
    from minigam.app.text import _font
    sheet, tiles = _font()
    cols = sheet.width // 6
    t = tiles[ord(ch) - 32]
    sx, sy = (t % cols) * 6, (t // cols) * 12
    return {(x, y) for y in range(12) for x in range(6)
            if sheet[sx + x, sy + y]}


def under(box, x, y):
    bx, by, bw, bh = box
    return bx <= x < bx + bw and by <= y < by + bh


def read_column(fr, lay, c, ban):
    """(player, count) of point column ``c`` read from the frame alone,
    outside the banner box ``ban``: the checkers that show from the
    bottom up (probed beside the centre, as test_app_flows does), the
    top one's count when it bears one; (0, 0) for none. A checker above
    an empty slot, or of the other colour, is unreadable."""
    x = lay.col_cx(c) + (3 * lay.r) // 4
    seen = []
    for k in range(lay.cap):
        y = lay.slot_cy(k)
        if ban and under(ban, x, y - 4):
            break  # (its count's line under the banner: out of sight)
        seen.append(1 if fr.is_color(x, y, C.P1) else
                    2 if fr.is_color(x, y, C.P2) else 0)
    q = seen[0] if seen else 0
    n = 0
    while n < len(seen) and seen[n] == q and q:
        n += 1
    assert not any(seen[n:]), (c, seen)
    if not n:
        return 0, 0
    # a count: one digit in the checker's ink, centred on the top checker
    ink = to565(C.P1_INK if q == 1 else C.P2_INK)
    cx, cy = lay.col_cx(c), lay.slot_cy(n - 1)
    got = {(x - cx + 3, y - cy + 6) for y in range(cy - 6, cy + 6)
           for x in range(cx - 3, cx + 3) if fr.value(x, y) == ink}
    if not got:
        return q, n
    for d in range(2, 9):
        if got == glyph(str(d)):
            return q, d
    raise AssertionError((c, "ink that is no count"))


def column(pos, c):
    n1, n2 = pos[c], pos[15 - c]
    return (1, n1) if n1 else ((2, n2) if n2 else (0, 0))


def positions():
    """The start, tall stacks on every point, and positions of a game."""
    out = [new_position()]
    for a, b, c, d in ((8, 0, 7, 1), (5, 3, 6, 2)):  # 8 checkers a side
        tall = bytearray(17)
        tall[1], tall[2] = a, b  # Player 1's columns 1 and 2
        tall[15 - 5], tall[15 - 6] = c, d  # Player 2's columns 5 and 6
        tall[16] = 1
        out.append(tall)
    rules = Rules()
    rng = random.Random(4)
    pos = new_position()
    for turn in range(200):
        res = rules.results(pos, rng.randint(1, 6), rng.randint(1, 6))
        pos = rng.choice(res)
        if turn % 25 == 4:
            out.append(bytes(pos))
        if winner(pos):
            pos = new_position()
    return out


def test_point_numbers_clear_of_the_triangles(rig):
    """Each point's number stands on the felt above its triangle's tip,
    with a pixel's gap: not on the point itself."""
    v, lay = rig.view, rig.lay
    pos = bytearray(17)
    pos[0], pos[8], pos[16] = 8, 8, 1  # every checker on the bars
    v.update(pos)
    fr = rig.frame()
    points = (to565(C.POINT_A), to565(C.POINT_B))
    dim = to565(C.DIM)
    for c in range(1, COLS - 1):
        x0, x1 = lay.col_x(c), lay.col_x(c) + lay.colw
        digits = [(x, y) for y in range(lay.y0, lay.y1)
                  for x in range(x0, x1) if fr.value(x, y) == dim]
        assert digits, c
        top = min(y for _, y in digits)
        bottom = max(y for _, y in digits)
        tri = [y for y in range(top - 1, bottom + 2) for x in range(x0, x1)
               if fr.value(x, y) in points]
        assert not tri, (c, top, bottom, min(tri))


def test_a_banner_leaves_the_position_readable(rig):
    """While a banner shows (the roll to make, the tutor's word), every
    point's checkers read back from what shows below it (a count on the
    top checker in sight where the banner covers the rest); the bars,
    the trays' counts, the pips and the dice stay clear of it. Hidden,
    the board is as before."""
    v, lay = rig.view, rig.lay
    v.set_names("You", "AI")
    v.set_dice(3, 5)
    for pos in positions():
        v.set_banner(None)
        v.update(pos)
        v.set_banner("Your turn", "press A to roll")
        fr = rig.frame()
        ban = v.banner_box
        for c in range(1, COLS - 1):
            assert read_column(fr, lay, c, ban) == column(pos, c), \
                (c, bytes(pos))
        v.set_banner(None)
        fr = rig.frame()
        for c in range(1, COLS - 1):
            assert read_column(fr, lay, c, None) == column(pos, c)
    x, y, w, h = v.banner_box
    assert lay.top <= y and y + h <= lay.y1  # the status line clear
    # the bars' checkers and the trays' counts below it
    assert y + h <= lay.tray_label_y - 4  # (a count's ink from 4 above)
    assert y + h <= lay.slot_cy(lay.bar_cap - 1) - lay.r
    for lb in (v.ban1, v.ban2):
        gy = lb.grid.y * lay.scale + 2 * lay.scale  # ink from font row 2
        assert y < gy and gy + 10 * lay.scale <= y + h


def write_pngs(out):
    os.makedirs(out, exist_ok=True)
    for w, h in SIZES:
        r = Rig(w, h)
        v = r.view
        scale = 3 if w < 200 else 2
        v.set_names("You", "AI")
        v.update(new_position())
        v.set_banner("Your turn", "press A to roll")
        v.set_message("B:menu")
        r.frame().save_png(os.path.join(out, "mg-roll-%dx%d.png" % (w, h)),
                           scale)
        v.update(positions()[1])
        v.set_dice(6, 6, 1)
        v.set_banner("Blunder: -0.21", "Best 6/off 3/off")
        v.set_message("A:keep B:redo")
        r.frame().save_png(os.path.join(out, "mg-tall-%dx%d.png" % (w, h)),
                           scale)


if __name__ == "__main__":
    write_pngs(sys.argv[1] if len(sys.argv) > 1 else "/tmp/boardview")
