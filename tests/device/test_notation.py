"""Tests of the notation of the rule book (docs/rules/minigam.md):
positions, rolls, moves, plays. Run by pytest and inside the MicroPython VM.
Plain ``test_*`` functions."""

from minigam.quarter.notation import (NotationError, format_move, format_play,
                              format_position, format_roll, parse_move,
                              parse_play, parse_position, parse_roll,
                              play_steps, validate)
from minigam.quarter.rules import POS_SIZE, TURN, Rules, new_position
from refgen import Lcg, random_position


def _error(fn, *args):
    """The NotationError message ``fn(*args)`` raises (fails if none)."""
    try:
        fn(*args)
    except NotationError as exc:
        return str(exc)
    assert False, "no NotationError for %r" % (args,)


def test_start_position():
    start = "0,0,0,0,0,0/8,8/0,0/1"
    pos = parse_position(start)
    assert pos == new_position()
    assert format_position(pos) == start
    assert len(pos) == POS_SIZE


def test_layout_of_a_parsed_position():
    # Player 1 by index = point; Player 2's index of point p is 7 - p.
    pos = parse_position("2,-1,0,1,0,-3/1,2/4,2/2")
    assert pos[0] == 1 and pos[1] == 2 and pos[4] == 1 and pos[7] == 4
    assert pos[8] == 2 and pos[8 + 5] == 1 and pos[8 + 1] == 3
    assert pos[15] == 2 and pos[TURN] == 2


def test_round_trip_random_positions():
    rng = Lcg(2024)
    seen = {}
    for k in range(3000):
        text = random_position(rng)
        pos = parse_position(text)
        assert format_position(pos) == text
        assert parse_position(format_position(pos)) == pos
        validate(pos)
        seen[text] = True
    assert len(seen) > 2500  # the generator really varies


def test_round_trip_smaller_games():
    for n in (1, 3, 5):
        rng = Lcg(n)
        for k in range(200):
            text = random_position(rng, n)
            pos = parse_position(text, n)
            assert format_position(pos) == text
            validate(pos, n)


def test_non_canonical_input_formats_canonically():
    # "+n" and leading zeros are accepted; printing drops them.
    pos = parse_position("+1,0,00,-0,0,0/07,+8/0,0/1")
    assert format_position(pos) == "1,0,0,0,0,0/7,8/0,0/1"


def test_errors_name_what_is_wrong():
    cases = [
        # wrong checker counts
        ("0,0,0,0,0,0/7,8/0,0/1", "player 1 has 7 checkers"),
        ("0,0,0,0,0,-1/8,8/0,0/1", "player 2 has 9 checkers"),
        ("1,0,0,0,0,0/8,8/0,0/2", "player 1 has 9 checkers"),
        # a bad turn field
        ("0,0,0,0,0,0/8,8/0,0/3", "turn"),
        ("0,0,0,0,0,0/8,8/0,0/", "turn"),
        ("0,0,0,0,0,0/8,8/0,0/x", "turn"),
        # garbage and wrong shapes
        ("hello", "4 fields"),
        ("", "empty"),
        ("0,0,0,0,0,0/8,8/0,0/1/1", "4 fields"),
        ("a,0,0,0,0,0/8,8/0,0/1", "point 1 is not a number"),
        ("0,0,0,0,0,--1/8,8/0,0/1", "point 6 is not a number"),
        ("0,0,0,0,0/8,8/0,0/1", "6 counts"),
        ("0,0,0,0,0,0/8/0,0/1", "bar field"),
        ("0,0,0,0,0,0/8,8/0,0,0/1", "off field"),
        ("0,0,0,0,0,0/8,x/0,0/1", "bar2 is not a number"),
        ("\xb2,0,0,0,0,0/8,8/0,0/1", "not a number"),
        # more than 8 on a point, on the bar, or off
        ("9,0,0,0,0,0/0,8/0,0/1", "point 1 holds 9"),
        ("0,0,0,-9,0,0/8,0/0,0/1", "point 4 holds 9"),
        ("0,0,0,0,0,0/9,8/0,0/1", "bar1 is 9"),
        ("0,0,0,0,0,0/8,0/0,9/1", "off2 is 9"),
        ("0,0,0,0,0,0/-1,8/0,0/1", "bar1 is negative"),
        ("1000,0,0,0,0,0/8,8/0,0/1", "out of range"),
        # impossible: both players finished
        ("0,0,0,0,0,0/0,0/8,8/1", "both players"),
    ]
    for text, words in cases:
        msg = _error(parse_position, text)
        assert words in msg, "%r: %r lacks %r" % (text, msg, words)
    assert "text" in _error(parse_position, b"0,0,0,0,0,0/8,8/0,0/1")


def test_checker_count_follows_the_game_size():
    assert parse_position("0,0,0,0,0,0/3,3/0,0/1", 3) == new_position(3)
    assert "3 checkers" in _error(parse_position, "0,0,0,0,0,0/8,8/0,0/1", 3)


def test_validate_catches_impossible_bytearrays():
    pos = new_position()
    validate(pos)
    both = parse_position("1,0,0,0,0,0/7,8/0,0/1")
    both[8 + 6] = 1  # a Player 2 checker on point 1 too
    both[8] = 7
    assert "both colours" in _error(validate, both)
    assert "both colours" in _error(format_position, both)
    bad = new_position()
    bad[TURN] = 0
    assert "turn" in _error(validate, bad)
    bad = new_position()
    bad[3] = 1
    assert "player 1 has 9" in _error(validate, bad)
    assert "bytes" in _error(validate, bytearray(5))
    done = bytearray(new_position())
    done[0], done[7], done[8], done[15] = 0, 8, 0, 8
    assert "both players" in _error(validate, done)


def test_rolls():
    assert parse_roll("3-1") == (3, 1)
    assert parse_roll(" 6-6 ") == (6, 6)
    assert format_roll(2, 5) == "2-5"
    for bad in ("", "3", "31", "3-", "0-1", "7-1", "3_1", "3-1-2", "a-b",
                "3--1", "１-2"):
        assert "roll" in _error(parse_roll, bad), bad


def test_format_moves_both_players():
    assert format_move(1, 0, 3) == "bar/3"
    assert format_move(1, 3, 2, True) == "3/5*"
    assert format_move(1, 5, 2) == "5/off"  # exact
    assert format_move(1, 5, 6) == "5/off"  # higher die
    assert format_move(2, 0, 2) == "bar/5"  # Player 2 enters on 7 - d
    assert format_move(2, 2, 2, True) == "5/3*"
    assert format_move(2, 6, 1) == "1/off"
    assert format_play(1, []) == "-"
    assert format_play(1, [(0, 2, True), (2, 5, False)]) == "bar/2* 2/off"


def test_parse_moves_both_players():
    assert parse_move("bar/3", 1) == (0, 3, False)
    assert parse_move("3/5*", 1) == (3, 5, True)
    assert parse_move("5/off", 1) == (5, 7, False)
    assert parse_move("bar/5", 2) == (0, 2, False)
    assert parse_move("5/3*", 2) == (2, 4, True)
    assert parse_move("1/off", 2) == (6, 7, False)
    assert parse_play("-", 1) == []
    assert parse_play("bar/2* 2/off", 1) == [(0, 2, True), (2, 7, False)]
    for bad, words in (("3/3", "backwards"), ("5/2", "backwards"),
                       ("off/3", "off"), ("3/bar", "bar"), ("x/3", "bad point"),
                       ("7/off", "bad point"), ("3-5", "must look like"),
                       ("3/5/6", "must look like")):
        assert words in _error(parse_move, bad, 1), bad
    assert "backwards" in _error(parse_move, "2/5", 2)
    assert "empty" in _error(parse_play, "  ", 1)


def test_play_steps_name_the_moves_of_each_play():
    # The rule book's example 7: bar/5 5/off, bar/2* 2/off, bar/2* bar/5.
    rules = Rules()
    pos = parse_position("0,-1,0,0,0,0/8,7/0,0/1")
    n = rules.plays(pos, 5, 2)
    texts = {}
    for k in range(n):
        play = format_play(1, play_steps(rules, pos, k))
        after = format_position(rules.result(pos, k))
        texts[after] = play
    assert format_position(pos) == "0,-1,0,0,0,0/8,7/0,0/1"  # untouched
    # Either order of a merged play may be the one kept.
    assert texts["0,-1,0,0,0,0/7,7/1,0/2"] in ("bar/5 5/off",)
    assert texts["0,0,0,0,0,0/7,8/1,0/2"] in ("bar/2* 2/off",)
    assert texts["0,1,0,0,1,0/6,8/0,0/2"] in ("bar/2* bar/5", "bar/5 bar/2*")
    # Player 2, example 8: bar/1 bar/6 and bar/1 1/off or bar/6 6/off.
    pos = parse_position("0,0,0,0,0,0/8,8/0,0/2")
    n = rules.plays(pos, 6, 1)
    plays = sorted([format_play(2, play_steps(rules, pos, k))
                    for k in range(n)])
    assert len(plays) == 2
    assert plays[0] in ("bar/1 1/off", "bar/6 6/off")
    assert plays[1] in ("bar/1 bar/6", "bar/6 bar/1")
