"""The Long Nardy engine and notation on the device (issue 17): run by
pytest and inside the MicroPython VM. Plain ``test_*`` functions, bare
asserts. The thorough checks (against a reference generator, properties,
the rule book) are the host tests tests/test_nardy_*.py and
tests/test_rule_book_nardy.py; these make sure the same code runs on
CircuitPython's interpreter, gives the same answers there, and that the
move generator allocates nothing."""

import gc

from minigam.nardy.notation import (NotationError, format_position,
                                    parse_position)
from minigam.nardy.rules import (HEAD, HEADS, TURN, Rules, can_move,
                                 do_move, new_position, pips, undo_move,
                                 win_kind, winner)

RULES = Rules(max_plays=400)


def _results(text, a, b):
    return sorted([format_position(p)
                   for p in RULES.results(parse_position(text), a, b)])


def test_start_counts():
    pos = new_position()
    total = 0
    for a in range(1, 7):
        for b in range(a, 7):
            total += RULES.plays(pos, a, b)
    assert total == 22  # perft depth 1
    assert pos == new_position()
    assert pips(pos, 1) == 360 and winner(pos) == 0 and win_kind(pos) == 0
    assert _results("24x15/12x15/w", 3, 3) == [
        "24x13,18x2/12x15/b", "24x13,21,15/12x15/b"]


def test_the_head_and_its_exception():
    pos = new_position()
    do_move(pos, 0, HEAD, 4)
    assert pos[HEADS] == 4 and can_move(pos, 0, HEAD, 4)
    assert not can_move(pos, 0, HEAD, 4, False)
    assert not can_move(pos, 0, HEAD, 2)
    undo_move(pos, 0, HEAD, 4)
    assert pos == new_position()


def test_blocks():
    # The rule book's rows 13 and 14.
    assert _results("24x9,13,6,5,4,3,2/12x12,8x3/w", 6, 5) == [
        "24x8,13x2,6,5,4,3,2/12x12,8x3/b"]
    assert _results("24x9,13,6,5,4,3,2/12x11,8x3,1/w", 6, 5) == [
        "24x8,13x2,6,5,4,3,2/12x11,8x3,1/b",
        "24x8,19,7,6,5,4,3,2/12x11,8x3,1/b",
        "24x9,6,5,4,3,2x2/12x11,8x3,1/b"]


def test_bearing_off_and_mars():
    res = RULES.results(parse_position(
        "2,1,offx13/18x4,17x3,16x2,15x2,13x4/w"), 6, 5)
    assert len(res) == 1 and winner(res[0]) == 1 and win_kind(res[0]) == 2
    assert res[0][TURN] == 2


def test_bad_notation_raises_notation_error():
    for bad in ("", "24x15/12x15", "24x16/12x15/w", "24x14,12/12x15/w",
                "24x15/12x15/x", "24x15/12x14/w"):
        try:
            parse_position(bad)
            assert False, bad
        except NotationError as exc:
            assert isinstance(exc, ValueError)


def test_plays_allocate_nothing():
    mem_alloc = getattr(gc, "mem_alloc", None)
    if mem_alloc is None:
        return  # CPython: the VM measures
    queries = [(parse_position(t), a, b) for t, a, b in (
        ("24x15/12x15/w", 3, 3),
        ("24x9,14,9,8,7,6,5/12x13,11x2/w", 4, 2),
        ("24x10,23,22,16,2,1/12x9,10x3,8x3/w", 5, 3),
        ("24x14,13/12x14,1/w", 5, 5),
        ("6,5,3x2,offx11/18x4,17x3,16x2,15x2,13x4/w", 5, 3))]
    for pos, a, b in queries:  # warm up
        RULES.plays(pos, a, b)
    gc.collect()
    before = mem_alloc()
    for pos, a, b in queries:
        RULES.plays(pos, a, b)
        RULES.plays(pos, b, a)
    assert mem_alloc() - before == 0, mem_alloc() - before
