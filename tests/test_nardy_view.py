"""Long Nardy's board screen (minigam/app/nardy_view.py) rendered by
Blinka's displayio at each supported size and checked pixel by pixel:
every checker where the rule book's numbering puts it (Black's read along
its own path), the heads' labels in their colour, crosses on blocked
points, the note on the message line, no cube; nothing off the screen.

``python tests/test_nardy_view.py DIR`` writes a start, a busy and a
blocked-point frame at every size (240x135 too, which no profile has) to
``DIR`` as PNGs.
"""

import os
import random
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import palette as C  # noqa: E402
from minigam.app.bg_build import _BLOCKED, _HEAD  # noqa: E402
from minigam.app.bg_layout import BgLayout, OFF1, OFF2, column  # noqa: E402
from minigam.app.nardy_view import NardyBoardView, spot  # noqa: E402
from minigam.host.simulator.render import Frame  # noqa: E402
from minigam.nardy.notation import parse_position  # noqa: E402

import test_bg_view  # noqa: E402
from test_bg_view import SIZES, slot_box, who  # noqa: E402

def busy():
    return parse_position("24x4,22x2,19,16x3,13,9,1x3/23x2,20,17x2,15,"
                          "12x6,10x2,7/b")


class Rig(test_bg_view.Rig):
    view_class = NardyBoardView

    def frame(self):
        self.display.refresh()
        return Frame(self.display)


@pytest.fixture(params=SIZES, ids=["%dx%d" % s for s in SIZES])
def rig(request):
    return Rig(*request.param)


def stack(pos, sp):
    """(player, count) on board point ``sp``: White's index ``25 - sp``,
    Black's by its own path."""
    w = pos[25 - sp]
    b = pos[26 + (13 - sp if sp <= 12 else 37 - sp)]
    return (1, w) if w else (2, b)


def check_checkers(fr, lay, pos):
    cap = lay.cap
    for sp in range(1, 25):
        q, n = stack(pos, sp)
        for k in range(cap):
            assert who(fr, lay, sp, k) == (q if k < n else 0), (sp, k, n)


def test_spots_follow_the_rule_book_numbering():
    assert [spot(1, i) for i in (1, 12, 13, 24)] == [24, 13, 12, 1]
    assert [spot(2, i) for i in (1, 12, 13, 24)] == [12, 1, 24, 13]
    assert spot(1, 25) == OFF1 and spot(2, 25) == OFF2
    for i in range(1, 25):  # the view reads Black's point back
        assert NardyBoardView.p2[spot(2, i)] == i


def test_start_and_busy_positions(rig):
    v, lay = rig.view, rig.lay
    for pos in (parse_position("24x15/12x15/w"), busy()):
        v.update(pos)
        fr = rig.frame()
        check_checkers(fr, lay, pos)
        # pips read by index: 360 each at the start
        assert v.pips == [sum(pos[i] * (25 - i) for i in range(25)),
                          sum(pos[26 + i] * (25 - i) for i in range(25))]
    assert v.cube.hidden


def test_random_game_positions(rig):
    from minigam.nardy.rules import Rules, winner
    rules = Rules()
    rng = random.Random(5)
    pos = parse_position("24x15/12x15/w")
    for turn in range(120):
        res = rules.results(pos, rng.randint(1, 6), rng.randint(1, 6))
        if not res:
            break
        pos = rng.choice(res)
        if turn % 20 == 19 or winner(pos):
            rig.view.update(pos)
            check_checkers(rig.frame(), rig.lay, pos)


def heads_marked(fr, lay):
    """The heads' numbers (24 top, 12 bottom) on the head colour, their
    digits still in the labels' grey; no other number on it."""
    for sp, top in ((24, True), (12, False)):
        x = lay.col_x(column(sp))
        y = lay.label_y(top)
        assert fr.count(_HEAD, x, y, x + lay.pw, y + lay.lh) > \
            lay.pw * lay.lh // 3, sp
        assert fr.count(C.DIM, x, y, x + lay.pw, y + lay.lh) > 0
        assert fr.count(_HEAD, 0, y, lay.w, y + lay.lh) == \
            fr.count(_HEAD, x, y, x + lay.pw, y + lay.lh)


def test_heads_marked(rig):
    v, lay = rig.view, rig.lay
    v.update(busy())
    heads_marked(rig.frame(), lay)
    # the cursor on a head: highlighted as any other number
    v.set_cursor(24)
    fr = rig.frame()
    x, y = lay.col_x(column(24)), lay.label_y(True)
    assert fr.count(C.CURSOR, x, y, x + lay.pw, y + lay.lh) > \
        lay.pw * lay.lh // 2


def test_crosses(rig):
    v, lay = rig.view, rig.lay
    pos = busy()
    v.update(pos)
    v.set_blocked((1 << 12) | (1 << 21) | (1 << 16))
    fr = rig.frame()
    # on a full stack (Black's head, 6): its top checker below the count;
    # on an empty point: the first slot; on a short stack: its top checker
    for sp, k in ((21, 0), (16, 2)):
        x0, y0, x1, y1 = slot_box(lay, sp, k)
        assert fr.count(_BLOCKED, x0, y0, x1, y1) > 0, sp
    # on a red (Player 2) checker the cross is in Player 1's colour: red
    # on red would not show
    x0, y0, x1, y1 = slot_box(lay, 12, lay.cap - 2)
    assert fr.count(C.P2, x0, y0, x1, y1) > 0  # the checker under it
    assert fr.count(C.P1, x0, y0, x1, y1) > 0
    assert fr.count(_BLOCKED, x0, y0, x1, y1) == 0
    n = sum(fr.count(_BLOCKED, *slot_box(lay, sp, k))
            for sp, k in ((21, 0), (16, 2)))
    assert fr.count(_BLOCKED) == n  # nowhere else
    v.set_blocked(0)
    fr = rig.frame()
    assert fr.count(_BLOCKED) == 0
    check_checkers(fr, lay, pos)


def test_a_cross_is_never_one_more_checker(rig):
    """A blocked point's cross marks the stack itself: it is on the top
    checker, in ink that is not the checker's colour (red on ivory, ivory
    on red), and nothing shows beyond the stack, so a stack of n still
    reads n. On an empty point it is strokes in the cross's own colour,
    without the rim every checker has, and far fewer pixels than one."""
    v, lay = rig.view, rig.lay
    disc = None
    for side in "wb":
        pos = parse_position("24x12,20x2,18/22,12x11,4x3/" + side)
        v.set_blocked(0)
        v.update(pos)
        fr = rig.frame()
        disc = fr.count(C.P2, *slot_box(lay, 22, 0)) + \
            fr.count(C.RIM, *slot_box(lay, 22, 0))
        # the opponent's short stacks, and an empty point (a block)
        stacks = (22, 4) if side == "w" else (20, 18)
        v.set_blocked((1 << 19) | (1 << stacks[0]) | (1 << stacks[1]))
        fr = rig.frame()
        for sp in stacks:
            q, n = stack(pos, sp)
            assert 0 < n < lay.cap
            for k in range(n):
                assert who(fr, lay, sp, k) == q, (side, sp, k)
            box = slot_box(lay, sp, n)  # beyond the stack: the board only
            for color in (C.P1, C.P2, C.RIM, _BLOCKED):
                assert fr.count(color, *box) == 0, (side, sp, color)
            box = slot_box(lay, sp, n - 1)  # the cross, on the top checker
            assert fr.count(_BLOCKED if q == 1 else C.P1, *box) > 0, sp
        box = slot_box(lay, 19, 0)
        assert fr.count(C.P1, *box) == fr.count(C.P2, *box) == 0
        assert fr.count(C.RIM, *box) == 0
        cross = fr.count(_BLOCKED, *box)
        assert 0 < 3 * cross < 2 * disc, (cross, disc)


def test_note_takes_the_message_line(rig):
    v = rig.view
    v.set_message("A:pick B:undo")
    v.note = "Head: 1 per turn"
    v.set_message("A:pick B:undo")
    assert v.msg_lb.text == "Head: 1 per turn"
    v.note = None
    v.set_message("Y:undo turn")
    assert v.msg_lb.text == "Y:undo turn"


def test_nothing_leaves_the_screen(rig):
    from test_bg_view import footprint
    objs, nbytes, _ = footprint(rig.view)
    assert objs <= 62 and nbytes <= 12 * 1024


def write_pngs(out):
    os.makedirs(out, exist_ok=True)
    for w, h in SIZES:
        r = Rig(w, h)
        v = r.view
        scale = 3 if w < 200 else 2
        v.update(parse_position("24x15/12x15/w"))
        v.set_score(0, 0, 0)
        v.set_dice(5, 3)
        v.set_message("A:pick X:next")
        v.set_cursor(24)
        r.frame().save_png(os.path.join(out, "nardy-start-%dx%d.png"
                                        % (w, h)), scale)
        v.update(parse_position("24x10,23,22,16,2,1/12x9,10x3,8x3/w"))
        v.set_score(1, 2, 5)
        v.set_dice(5, 3)
        v.set_selected(24)
        v.set_cursor(19)
        v.set_marks(1 << 19)
        v.set_blocked(1 << 21)
        v.set_message("A:use 5 B:back")
        r.frame().save_png(os.path.join(out, "nardy-blocked-%dx%d.png"
                                        % (w, h)), scale)
        v.set_blocked(0)
        v.set_marks(0)
        v.set_selected(-1)
        v.update(busy())
        v.set_dice(4, 4, 0b0011)
        v.set_cursor(10)
        v.note = "Head: 1 per turn"
        v.set_message("A:pick B:undo")
        r.frame().save_png(os.path.join(out, "nardy-busy-%dx%d.png"
                                        % (w, h)), scale)


if __name__ == "__main__":
    write_pngs(sys.argv[1] if len(sys.argv) > 1 else "/tmp/nardyview")
