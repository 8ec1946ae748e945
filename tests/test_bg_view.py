"""The Backgammon board screen (minigam/app/bg_view.py) rendered by Blinka's
displayio at each supported size and checked pixel by pixel: every
checker where the layout says, counts on stacks over the cap, bars,
trays, cube, dice, the cursor and the marks; nothing off the screen; and
a one-checker move, a cursor step or a die used redraws only a small area.

``python tests/test_bg_view.py DIR`` writes the start position and a busy
mid-game position at every size to ``DIR`` as PNGs, and prints the view's
displayio objects and bitmap bytes.
"""

import os
import random
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import palette as C  # noqa: E402
from minigam.app.bg_layout import (  # noqa: E402
    BAR1, BAR2, OFF1, OFF2, BgLayout, column, spot, top_half)
from minigam.app.bg_view import BgBoardView  # noqa: E402
from minigam.host.simulator.render import (Frame, RefreshMeter,  # noqa: E402
                                           make_display, to565)

SIZES = ((160, 128), (240, 135), (240, 240), (320, 240))


def start():
    p = bytearray(53)
    for b in (0, 26):
        p[b + 1] = 2
        p[b + 12] = 5
        p[b + 17] = 3
        p[b + 19] = 5
    p[52] = 1
    return p


def busy():
    """Both bars taken, some borne off, a stack of 7, blots."""
    p = bytearray(53)
    p[0], p[6], p[13], p[19], p[25] = 2, 1, 2, 7, 3
    p[26], p[26 + 20], p[26 + 22], p[26 + 8], p[51] = 1, 3, 4, 2, 5
    p[52] = 1
    return p


def random_position(rng):
    """15 checkers a side on bars, points (never both sides on one) and
    trays, stacks up to 15."""
    p = bytearray(53)
    free = list(range(1, 25))
    rng.shuffle(free)
    for base in (0, 26):
        left = 15
        while left:
            n = min(left, rng.choice((1, 1, 2, 3, 5, 6, 9, 15)))
            r = rng.random()
            if r < 0.1:
                i = 0
            elif r < 0.2:
                i = 25
            else:
                sp = free.pop() if free else None
                if sp is None:
                    i = 25
                else:
                    i = 25 - sp if base == 0 else sp
            p[base + i] += n
            left -= n
    p[52] = rng.choice((1, 2))
    return p


class Rig:
    view_class = BgBoardView  # (Long Nardy's test: its own view)

    def __init__(self, w, h):
        self.lay = BgLayout(w, h)
        self.display = make_display(w, h)
        self.view = self.view_class(self.lay)
        self.display.root_group = self.view.group
        self.meter = RefreshMeter(self.display)
        # Blinka redraws everything twice after a new root group.
        self.redrawn()
        self.redrawn()

    def frame(self):
        return Frame(self.display)

    def redrawn(self):
        """Pixels displayio sends for the changes since the last call."""
        self.display.refresh()
        return self.meter.take()


@pytest.fixture(params=SIZES, ids=["%dx%d" % s for s in SIZES])
def rig(request):
    return Rig(*request.param)


# -- reading the frame back -------------------------------------------------

def slot_box(lay, sp, k):
    """(x0, y0, x1, y1) of checker slot ``k`` of spot ``sp``."""
    x = lay.slot_x(column(sp))
    y = lay.slot_cy(sp, k) - lay.step // 2
    return x, y, x + lay.tile_w, y + lay.step


def who(fr, lay, sp, k):
    """1, 2, 3 (the cursor colour: picked up) or 0: what fills slot ``k``."""
    box = slot_box(lay, sp, k)
    area = lay.step * lay.step
    for v, color in ((1, C.P1), (2, C.P2), (3, C.CURSOR)):
        if fr.count(color, *box) * 10 >= area * 3:
            return v
    return 0


def mask(fr, color, x0, y0, x1, y1):
    """The set of (x, y) offsets from (x0, y0) showing ``color``."""
    v = to565(color)
    return {(x - x0, y - y0) for y in range(y0, y1) for x in range(x0, x1)
            if fr.value(x, y) == v}


def number_mask(lay, w, h, n):
    """The pixels of ``n`` as the view's sheets draw it in a ``w`` x ``h``
    box (from bg_sprites, the same code the view's sheets come from)."""
    import displayio
    from minigam.app import bg_sprites
    bmp = displayio.Bitmap(w, h, 2)
    bg_sprites.number(bmp, 0, 0, w, h, n, 1, lay)
    return {(x, y) for y in range(h) for x in range(w) if bmp[x, y]}


def stack(pos, sp):
    """(player, count) on spot ``sp`` of ``pos``."""
    if sp == BAR1:
        return 1, pos[0]
    if sp == BAR2:
        return 2, pos[26]
    n1, n2 = pos[25 - sp], pos[26 + sp]
    return (1, n1) if n1 else (2, n2)


def check_checkers(fr, lay, pos, sel=-1):
    cap = lay.cap
    for sp in list(range(1, 25)) + [BAR1, BAR2]:
        q, n = stack(pos, sp)
        for k in range(cap):
            want = q if k < n else 0
            if sp == sel and k == (min(n, cap) - 1 if n <= cap else cap - 2):
                want = 3
            assert who(fr, lay, sp, k) == want, (sp, k, n)
        if n > cap:
            # The outermost slot carries the count, in the ink of its side.
            x0, y0, x1, y1 = slot_box(lay, sp, cap - 1)
            ink = C.P1_INK if q == 1 else C.P2_INK
            assert mask(fr, ink, x0, y0, x1, y1) == \
                number_mask(lay, x1 - x0, y1 - y0, n), (sp, n)


def check_trays(fr, lay, pos):
    for p, i, top, color in ((1, 25, False, C.P1), (2, 51, True, C.P2)):
        n = pos[i]
        x = lay.tray_x + lay.tray_w // 2
        for k in range(lay.tray_cap):
            y = lay.slab_y(p, k)
            assert fr.is_color(x, y, color) == (k < n), (p, k, n)
        # the count in the number row at the tray's end
        x0, y0 = lay.count_x, lay.label_y(top)
        got = mask(fr, C.DIM, x0, y0, x0 + lay.pw, y0 + lay.lh)
        want = number_mask(lay, lay.pw, lay.lh, n) if n else set()
        assert got == want, (p, n)


# -- the tests ----------------------------------------------------------------

def test_layout_refuses_small_screens():
    for w, h in ((159, 128), (160, 127), (128, 96)):
        with pytest.raises(ValueError):
            BgLayout(w, h)


def test_spots_are_the_same_board_point_for_both_players():
    for i in range(1, 25):
        assert spot(1, i) == spot(2, 25 - i) == 25 - i
    assert (spot(1, 0), spot(2, 0), spot(1, 25), spot(2, 25)) == \
        (BAR1, BAR2, OFF1, OFF2)
    # Player 1's home board bottom right, points 1..12 right to left along
    # the bottom, 13..24 left to right along the top, the bar in column 6.
    assert [column(p) for p in range(1, 13)] == \
        [12, 11, 10, 9, 8, 7, 5, 4, 3, 2, 1, 0]
    assert [column(p) for p in range(13, 25)] == \
        [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]
    assert all(top_half(p) for p in range(13, 25))
    assert not any(top_half(p) for p in range(1, 13))
    assert top_half(BAR1) and not top_half(BAR2)
    assert top_half(OFF2) and not top_half(OFF1)


@pytest.mark.parametrize("w,h", SIZES)
def test_layout_fits_five_and_a_count(w, h):
    lay = BgLayout(w, h)
    assert lay.cap == 5
    assert lay.step >= 8
    assert lay.gap >= 3  # the halves' stacks never touch
    # (13 slabs at 160x128, under MINIGAM's taller bottom bar; a tray's
    # count is shown as a number too)
    assert lay.tray_cap >= 13
    # everything on the 13-column grid and the side columns on screen
    assert lay.rw >= lay.pw and lay.sw >= lay.pw
    assert lay.rx + lay.rw == w


def test_start_position(rig):
    v, lay = rig.view, rig.lay
    v.update(start())
    v.set_cube(1, 0)
    fr = rig.frame()
    check_checkers(fr, lay, start())
    check_trays(fr, lay, start())
    assert v.p1_lb.text.endswith("167") and v.p2_lb.text.endswith("167")
    assert v.p1_lb.background_color == C.CURSOR  # Player 1 to move
    # Player 1's 6-point (index 19) holds 5 ivory checkers bottom right of
    # the bar; Player 2's (its index 19, Player 1's 19-point) top right.
    assert column(6) == 7 and column(19) == 7
    assert who(fr, lay, 6, 4) == 1 and who(fr, lay, 19, 4) == 2


def test_busy_position(rig):
    v, lay = rig.view, rig.lay
    pos = busy()
    v.update(pos)
    v.set_selected(BAR1)
    fr = rig.frame()
    check_checkers(fr, lay, pos, sel=BAR1)
    check_trays(fr, lay, pos)
    assert v.p1_lb.text.endswith("135") and v.p2_lb.text.endswith("86")


def test_random_positions(rig):
    rng = random.Random(16)
    for _ in range(6):
        pos = random_position(rng)
        rig.view.update(pos)
        fr = rig.frame()
        check_checkers(fr, rig.lay, pos)
        check_trays(fr, rig.lay, pos)


def test_every_count(rig):
    """Stacks of every height from the cap to 15, on points and bars."""
    for n in range(rig.lay.cap - 1, 16):
        pos = bytearray(53)
        pos[19], pos[25] = n, 15 - n  # Player 1: its 6-point, off
        pos[26 + 1], pos[26] = n, 15 - n  # Player 2: Player 1's 1-point, bar
        pos[52] = 2
        rig.view.update(pos)
        fr = rig.frame()
        check_checkers(fr, rig.lay, pos)
        check_trays(fr, rig.lay, pos)


def test_marks_cursor_and_picked(rig):
    v, lay = rig.view, rig.lay
    pos = busy()
    v.update(pos)
    marks = (19, 24, 6, OFF1, 20)  # own blot, empty, over the cap, off, hit
    v.set_marks(marks)
    v.set_cursor(19)
    fr = rig.frame()
    # A green dot where Player 1's checker would land.
    for sp, k in ((19, 1), (24, 0), (6, lay.cap - 2)):
        assert fr.count(C.TARGET, *slot_box(lay, sp, k)) > 0, sp
    assert fr.count(C.TARGET, *slot_box(lay, 20, 0)) > 0  # Player 2 has 3
    x = lay.tray_x + lay.tray_w // 2
    assert fr.is_color(x, lay.slab_y(1, pos[25]), C.TARGET)
    # nowhere else
    green = fr.count(C.TARGET)
    inside = sum(fr.count(C.TARGET, *slot_box(lay, sp, k))
                 for sp, k in ((19, 1), (24, 0), (6, lay.cap - 2), (20, 0)))
    assert green == inside + lay.tray_w * lay.slab_h
    # The cursor: point 19's number highlighted, and only it.
    lx = lay.col_x(column(19))
    ly = lay.label_y(True)
    assert fr.count(C.CURSOR, lx, ly, lx + lay.pw, ly + lay.lh) > \
        lay.pw * lay.lh // 2
    assert fr.count(C.CURSOR, 0, ly, lay.w, ly + lay.lh) == \
        fr.count(C.CURSOR, lx, ly, lx + lay.pw, ly + lay.lh)
    assert fr.count(C.CURSOR, 0, lay.label_y(False), lay.w,
                    lay.label_y(False) + lay.lh) == 0
    # Cursor on a tray: its count highlighted.
    v.set_cursor(OFF2)
    fr = rig.frame()
    assert fr.count(C.CURSOR, lay.count_x, ly, lay.count_x + lay.pw,
                    ly + lay.lh) > lay.pw * lay.lh // 2
    assert fr.count(C.CURSOR, lx, ly, lx + lay.pw, ly + lay.lh) == 0
    v.set_marks(())
    v.set_cursor(-1)
    fr = rig.frame()
    assert fr.count(C.TARGET) == 0
    check_checkers(fr, lay, pos)


def test_cube(rig):
    v, lay = rig.view, rig.lay
    v.update(start())
    for value, owner in ((1, 0), (2, 1), (4, 2), (64, 1)):
        v.set_cube(value, owner)
        fr = rig.frame()
        x0 = lay.cube_x
        s = lay.cube
        for o in (0, 1, 2):
            y0 = lay.cube_y(o)
            white = fr.count(C.DIE, x0, y0, x0 + s, y0 + s)
            if o == owner:
                assert white > s * s // 3
                ink = mask(fr, C.DIE_PIP, x0 + 1, y0 + 1, x0 + s - 1,
                           y0 + s - 1)
                shown = 64 if value == 1 else value
                assert ink == {(x - 1, y - 1) for x, y in
                               number_mask(lay, s, s, shown)}
            else:
                assert white == 0, (value, owner, o)
        assert 0 <= x0 and x0 + s <= lay.sw
    v.set_cube(0)
    assert rig.frame().count(C.DIE, 0, 0, lay.sw, lay.h) == 0


def test_dice(rig):
    v, lay = rig.view, rig.lay
    v.update(busy())
    ds = lay.ds

    def faces(fr):
        """What shows of each die place: its colours' ("1", "2", "u" for
        played), "-" for none."""
        out = []
        for k in (0, 1):
            x, y = lay.die_x(k), lay.die_y()
            x1 = x + ds
            n = (x1 - x - 1) * ds
            for color, tag in ((C.P1, "1"), (C.P2, "2"), (C.DIE_USED, "u")):
                if fr.count(color, x + 1, y, x1, y + ds) * 2 > n:
                    out.append(tag)
                    break
            else:
                out.append("-")
        return "".join(out)

    v.set_dice(5, 2)  # a roll: MINIGAM's two places
    assert faces(rig.frame()) == "11"
    v.set_dice(5, 2, 0b10)
    assert faces(rig.frame()) == "1u"
    v.set_dice(4, 4, 0b0111, player=2)  # a double: its die, moves left
    assert faces(rig.frame()) == "22"
    v.set_dice(4, 4, 0b1111)
    assert faces(rig.frame()) == "u-"
    v.set_dice(6, 1, player=(1, 2))  # the opening roll
    assert faces(rig.frame()) == "12"
    v.set_dice(3, 0)  # one die (an entered roll's first)
    assert faces(rig.frame()) == "1-"
    v.set_dice(0, 0)
    assert faces(rig.frame()) == "--"
    # What is shown while the dice are up fits left of them.
    assert 4 + lay.chars(lay.msg_w) * lay.cw <= lay.die_x(0) - 2


def test_the_dice_are_minigams(rig):
    """The 24-point board's bottom bar and dice are MINIGAM's, pixel for
    pixel: a roll's two dice where MINIGAM's board shows them, a double's
    die and its count of moves in the same places."""
    from minigam.app.layout import Layout
    v, lay = rig.view, rig.lay
    q = Layout(lay.w, lay.h)
    assert (lay.bottom, lay.ds) == (q.bottom, q.ds)
    assert (lay.die_x(0), lay.die_x(1), lay.die_y()) == \
        (q.die_x(0), q.die_x(1), q.die_y())
    v.update(busy())
    for args in ((3, 5), (4, 4)):
        v.set_dice(*args)
        fr = rig.frame()
        y0 = lay.h - lay.bottom + 1  # the bar, under the board
        lit = [(x, y) for y in range(y0, lay.h)
               for x in range(lay.die_x(0) - 4, lay.w)
               if not fr.is_color(x, y, C.BAR_BG)]
        xs = [x for x, _ in lit]
        ys = [y for _, y in lit]
        assert (min(xs), max(xs) + 1, min(ys), max(ys) + 1) == (
            q.die_x(0), q.die_x(1) + q.ds, q.die_y(), q.die_y() + q.ds)


def bounds(group, ox=0, oy=0, scale=1):
    """(x0, y0, x1, y1) of every visible TileGrid and rectangle."""
    import displayio
    import vectorio
    for item in group:
        if item.hidden:
            continue
        if isinstance(item, displayio.Group):
            yield from bounds(item, ox + item.x * scale, oy + item.y * scale,
                              scale * item.scale)
        elif isinstance(item, displayio.TileGrid):
            x = ox + item.x * scale
            y = oy + item.y * scale
            yield (x, y, x + item.width * item.tile_width * scale,
                   y + item.height * item.tile_height * scale)
        elif isinstance(item, vectorio.Rectangle):
            yield (item.x, item.y, item.x + item.width, item.y + item.height)


def test_nothing_leaves_the_screen(rig):
    v, lay = rig.view, rig.lay
    v.update(busy())
    v.set_dice(6, 6)
    v.set_banner("Player 2", "press A to roll")
    for owner in (0, 1, 2):
        v.set_cube(64, owner)
        for x0, y0, x1, y1 in bounds(v.group):
            assert 0 <= x0 < x1 <= lay.w and 0 <= y0 < y1 <= lay.h, \
                (x0, y0, x1, y1)
    # The checker grids stay between the rows of numbers, the dice clear
    # of the checkers' slots.
    for g in v.grids:
        assert lay.by0 <= g.y and g.y + lay.cap * lay.step <= lay.by1
        assert lay.x0 <= g.x and g.x + lay.tile_w <= lay.rx
    # the dice in the bottom bar, under the row of numbers
    assert lay.by1 + lay.lh < lay.die_y()
    for k in range(2):
        assert 0 <= lay.die_x(k) and lay.die_x(k) + lay.ds <= lay.w
    assert lay.die_y() + lay.ds <= lay.h


def test_one_move_redraws_little(rig):
    v, lay = rig.view, rig.lay
    pos = start()
    v.update(pos)
    v.set_dice(3, 1)
    v.set_cursor(6)
    rig.redrawn()
    before = rig.frame()
    # Player 1 plays 6/3 (index 19 -> 22): two slots and the pips change.
    pos[19] -= 1
    pos[22] += 1
    v.update(pos)
    px = rig.redrawn()
    after = rig.frame()
    changed = before.diff(after)
    slot = lay.tile_w * lay.step
    pips = lay.pip_chars * lay.cw * lay.ch
    assert 0 < changed <= px
    assert px <= 2 * slot + pips, (px, 2 * slot + pips)
    check_checkers(after, lay, pos)
    assert v.p1_lb.text.endswith("164")
    # A cursor step: the numbers from one to the other (displayio redraws
    # the box around a grid's changed tiles), at most the row of numbers.
    v.set_cursor(3)
    span = abs(column(6) - column(3)) + 1
    assert rig.redrawn() <= span * lay.pw * lay.lh
    v.set_cursor(24)  # to the top row: a number in each
    assert rig.redrawn() <= 2 * lay.pw * lay.lh
    v.set_cursor(13)  # across the top row
    assert rig.redrawn() <= 13 * lay.pw * lay.lh
    # A die used: one die.
    v.set_dice(3, 1, 1)
    assert rig.redrawn() <= lay.ds * lay.ds
    # Marks on and off: a slot each.
    v.set_marks((4, 5))
    assert rig.redrawn() <= 2 * slot
    # Nothing changed: nothing redrawn.
    v.update(pos)
    v.set_marks((4, 5))
    v.set_cursor(13)
    v.set_dice(3, 1, 1)
    assert rig.redrawn() == 0


def test_score_and_message(rig):
    v, lay = rig.view, rig.lay
    v.set_score(2, 1, 5)
    t = v.score_lb.text
    assert t in ("Score 2-1 to 5", "Score 2-1/5", "2-1 to 5", "2-1/5")
    assert len(t) <= lay.score_chars
    v.set_score(0, 0, 0)
    assert v.score_lb.text.startswith("Money")
    v.set_message("A:pick X:next")
    assert v.msg_lb.text == "A:pick X:next"


# -- footprint and pictures ---------------------------------------------------

def footprint(view):
    """(displayio objects, bitmap bytes as CircuitPython stores them: rows
    of 32-bit words, bitmaps) of ``view``; terminalio's glyph sheet is in
    flash on a board and not counted."""
    import displayio
    from minigam.app import text
    objs = 0
    sheets = {}
    stack_ = [view.group]
    while stack_:
        g = stack_.pop()
        objs += 1
        for item in g:
            if isinstance(item, displayio.Group):
                stack_.append(item)
                continue
            objs += 1
            if isinstance(item, displayio.TileGrid):
                b = item.bitmap
                if b is not text._sheet and hasattr(b, "_stride"):
                    sheets[id(b)] = b._stride * 4 * b.height
    return objs, sum(sheets.values()), len(sheets)


def test_footprint(rig):
    objs, nbytes, _ = footprint(rig.view)
    assert objs <= 60
    # (10 KB, and at 320x240 the counts a banner needs from 4, not 6)
    assert nbytes <= 10 * 1024 + 512


def write_pngs(out):
    for w, h in SIZES:
        r = Rig(w, h)
        v = r.view
        v.update(start())
        v.set_cube(1, 0)
        v.set_score(0, 0, 5)
        v.set_dice(3, 1)
        v.set_message("A:pick X:next")
        scale = 3 if w < 200 else 2
        r.frame().save_png(os.path.join(out, "start-%dx%d.png" % (w, h)),
                           scale)
        v.update(busy())
        v.set_cube(4, 2)
        v.set_score(2, 1, 5)
        v.set_dice(6, 6, 0b0011)
        v.set_selected(BAR1)
        v.set_cursor(19)
        v.set_marks((19, 24))
        v.set_message("A:use 6 B:back")
        r.frame().save_png(os.path.join(out, "busy-%dx%d.png" % (w, h)),
                           scale)
        objs, nbytes, n = footprint(v)
        print("%dx%d: %d displayio objects, %d bitmaps of %d bytes"
              % (w, h, objs, n, nbytes))


if __name__ == "__main__":
    write_pngs(sys.argv[1] if len(sys.argv) > 1 else "/tmp/bgview")


def test_two_players_see_the_points_numbered_from_the_movers_side():
    """gnubg numbers the points from the side to move: so does a
    two-player Backgammon game (against the AI, from the player's)."""
    from minigam.app.bg_layout import BgLayout, column
    from minigam.app.bg_view import BgBoardView
    lay = BgLayout(240, 240)
    v = BgBoardView(lay)

    def shown(sp):
        grid = v.labels[0 if sp > 12 else 1]
        return grid[column(sp)]

    assert [shown(sp) for sp in (1, 6, 13, 24)] == [1, 6, 13, 24]
    v.number_from(2)
    assert [shown(sp) for sp in (1, 6, 13, 24)] == [24, 19, 12, 1]
    v.number_from(1)
    assert [shown(sp) for sp in (1, 6, 13, 24)] == [1, 6, 13, 24]


# -- what a banner leaves, a double's dice -------------------------------------

def overlaps(box, x0, y0, x1, y1):
    """True when the banner box (x, y, w, h) overlaps [x0, x1) x [y0, y1)."""
    bx, by, bw, bh = box
    return x0 < bx + bw and bx < x1 and y0 < by + bh and by < y1


def read_number(fr, lay, ink, x0, y0, x1, y1):
    """The number drawn in ``ink`` in the box, 0 for none, -1 for ink that
    is no number."""
    got = mask(fr, ink, x0, y0, x1, y1)
    if not got:
        return 0
    for n in range(2, 16):
        if got == number_mask(lay, x1 - x0, y1 - y0, n):
            return n
    return -1


def read_spot(fr, lay, sp, ban):
    """(player, count) of point or bar ``sp`` read from the frame alone,
    outside the banner box ``ban``: the checkers that show, in stacking
    order (a point's from the board's edge, a bar's from the middle out),
    the last one's number when it bears one; (0, 0) for none. A checker
    past an empty slot, or of the other colour, is unreadable."""
    seen = [who(fr, lay, sp, k) for k in range(lay.cap)
            if not overlaps(ban, *slot_box(lay, sp, k))]
    q = seen[0] if seen else 0
    n = 0
    while n < len(seen) and seen[n] == q and q:
        n += 1
    assert not any(seen[n:]), (sp, seen)
    if not n:
        return 0, 0
    ink = C.P1_INK if q == 1 else C.P2_INK
    k = [k for k in range(lay.cap)
         if not overlaps(ban, *slot_box(lay, sp, k))][n - 1]
    shown = read_number(fr, lay, ink, *slot_box(lay, sp, k))
    assert shown >= 0, (sp, "ink that is no number")
    return q, shown or n


def test_a_banner_leaves_the_position_readable(rig):
    """While a banner shows (the roll to make, a double offered: the cube
    decisions), every point's and bar's checkers read back from what
    shows around it (a count on the last checker in sight where the
    banner covers the rest); the pips, the score, the cube, the trays and
    the bottom line are clear of it. Hidden, the board is as before."""
    v, lay = rig.view, rig.lay
    rng = random.Random(7)
    tall = bytearray(53)
    tall[0], tall[13], tall[19], tall[24] = 3, 4, 5, 3  # bar, 12, 6, 1 pt
    tall[26], tall[26 + 6], tall[26 + 12], tall[26 + 19] = 2, 5, 3, 5
    tall[52] = 1
    positions = [start(), busy(), tall] + \
        [random_position(rng) for _ in range(5)]
    v.set_cube(2, 0)
    for pos in positions:
        v.set_banner(None)
        v.update(pos)
        v.set_banner("AI doubles: 4", "A:take B:drop")
        fr = rig.frame()
        ban = v.banner_box
        for sp in list(range(1, 25)) + [BAR1, BAR2]:
            q, n = stack(pos, sp)
            assert read_spot(fr, lay, sp, ban) == ((q, n) if n else (0, 0)), \
                (sp, q, n)
        check_trays(fr, lay, pos)
        v.set_banner(None)
        fr = rig.frame()
        check_checkers(fr, lay, pos)
    x, y, w, h = v.banner_box
    assert lay.by0 <= y and y + h <= lay.by1  # status line, bottom bar clear
    assert lay.cube_x + lay.cube <= x + 1 and x + w <= lay.tray_x
    # the banner's lines are inside it
    for lb in (v.ban1, v.ban2):
        gy = lb.grid.y * lay.scale + 2 * lay.scale  # ink from font row 2
        assert y < gy and gy + 10 * lay.scale <= y + h


def glyphs(text, scale):
    """The pixels of ``text`` in terminalio's font at ``scale``, moved to
    start at (0, 0)."""
    from minigam.app.text import _font
    sheet, tiles = _font()
    cols = sheet.width // 6
    got = set()
    for i, ch in enumerate(text):
        t = tiles[ord(ch) - 32]
        sx, sy = (t % cols) * 6, (t // cols) * 12
        for y in range(12):
            for x in range(6):
                if sheet[sx + x, sy + y]:
                    for a in range(scale):
                        for b in range(scale):
                            got.add(((6 * i + x) * scale + a, y * scale + b))
    return normal(got)


def normal(pixels):
    if not pixels:
        return set()
    x0 = min(x for x, _ in pixels)
    y0 = min(y for _, y in pixels)
    return {(x - x0, y - y0) for x, y in pixels}


def face_mask(ds, v):
    """The pips of face ``v`` as MINIGAM's dice sheet draws them."""
    from minigam.app import sprites
    bmp = sprites.dice(ds)
    return {(x, y) for y in range(ds) for x in range(ds)
            if bmp[(v - 1) * ds + x, y]}


def test_a_double_shows_its_die_and_the_moves_left(rig):
    """A double is two dice's places wide as any roll, each place whole
    (no die over another): the die, and beside it how many of its four
    moves are left ("x4" .. "x1"), in the mover's colours; played out, the
    die greys and the count goes."""
    v, lay = rig.view, rig.lay
    ds = lay.ds
    y = lay.die_y()
    q = (lay.dice_at[0], lay.dice_at[1])  # MINIGAM's two places
    for used, player, left in ((0, 1, 4), (0b0001, 1, 3), (0b0110, 2, 2),
                               (0b1011, 2, 1), (0b1111, 1, 0)):
        v.set_dice(4, 4, used, player)
        fr = rig.frame()
        # two places at most, never over each other
        shown = [(g.x, g.y) for g in v.dice if not g.hidden]
        assert sorted(shown) == sorted((x, y) for x in q[:2 if left else 1])
        face, ink = ((C.DIE_USED, C.DIE_USED_PIP) if not left else
                     (C.P1, C.P1_INK) if player == 1 else (C.P2, C.P2_INK))
        x = q[0]
        assert mask(fr, ink, x, y, x + ds, y + ds) == face_mask(ds, 4)
        assert fr.count(face, x, y, x + ds, y + ds) + \
            len(face_mask(ds, 4)) == ds * ds
        x = q[1]
        if left:
            got = mask(fr, ink, x, y, x + ds, y + ds)
            assert normal(got) == glyphs("x%d" % left, lay.scale), left
            assert fr.count(face, x, y, x + ds, y + ds) + len(got) == ds * ds
        else:
            assert fr.count(C.BAR_BG, x, y, x + ds, y + ds) == ds * ds
    # the opening roll's tie (two colours) and a roll: two dice
    v.set_dice(3, 3, 0, (1, 2))
    fr = rig.frame()
    for x, face, ink in ((q[0], C.P1, C.P1_INK), (q[1], C.P2, C.P2_INK)):
        assert mask(fr, ink, x, y, x + ds, y + ds) == face_mask(ds, 3)
