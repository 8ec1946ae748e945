"""Conformance tests of the rules engine (the rule book,
docs/rules/minigam.md), run by pytest and inside the MicroPython VM. Plain
``test_*`` functions, bare asserts.

Expected results are worked out by hand from the rule book (the reasoning is
in the comments); the random tests compare the engine with ``refgen``, a naive
generator written separately on notation strings.

Notation reminder: points 1..6, ``+n`` Player 1, ``-n`` Player 2; Player 1
moves 1 -> 6 and enters on point d; Player 2 moves 6 -> 1, enters on point
7 - d and bears off past point 1.
"""

from minigam.quarter.notation import format_position, parse_position
from minigam.quarter.rules import TURN, Rules, new_position, pips, winner
from refgen import Lcg, random_position, ref_results, ref_search

STD = Rules()
FULL = Rules(full_entry=True)
START = "0,0,0,0,0,0/8,8/0,0/1"
ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def _res(rules, text, a, b):
    return sorted([format_position(p)
                   for p in rules.results(parse_position(text), a, b)])


def _check(rules, text, a, b, expected):
    got = _res(rules, text, a, b)
    want = sorted(expected)
    assert got == want, "%s %d-%d: got %r, want %r" % (text, a, b, got, want)
    # The roll order given never matters.
    assert _res(rules, text, b, a) == want


# -- the worked examples of the rule book -----------------------------------

def test_example_1_opening_3_1():
    want = ["0,0,0,1,0,0/7,8/0,0/2", "1,0,1,0,0,0/6,8/0,0/2"]
    _check(STD, START, 3, 1, want)
    _check(FULL, START, 3, 1, want)  # nothing bears off: variants agree


def test_example_2_bear_off_on_first_turn():
    _check(STD, START, 6, 1,
           ["0,0,0,0,0,0/7,8/1,0/2", "1,0,0,0,0,1/6,8/0,0/2"])
    _check(FULL, START, 6, 1, ["1,0,0,0,0,1/6,8/0,0/2"])


def test_example_3_higher_die_farthest_back():
    want = ["0,-2,0,0,0,0/0,0/8,6/2", "0,-2,0,0,0,1/0,0/7,6/2"]
    _check(STD, "0,-2,0,0,1,1/0,0/6,6/1", 4, 1, want)
    _check(FULL, "0,-2,0,0,1,1/0,0/6,6/1", 4, 1, want)  # bar empty


def test_example_4_bar_blocks_higher_die():
    want = ["0,0,0,0,1,1/0,8/6,0/2"]
    _check(STD, "0,0,0,0,0,1/1,8/6,0/1", 3, 2, want)
    _check(FULL, "0,0,0,0,0,1/1,8/6,0/1", 3, 2, want)


def test_example_5_order_choice_drops_a_die():
    want = ["0,1,0,-2,1,-2/0,0/6,4/2", "1,0,1,-2,0,-2/0,0/6,4/2"]
    _check(STD, "1,1,0,-2,0,-2/0,0/6,4/1", 3, 1, want)
    _check(FULL, "1,1,0,-2,0,-2/0,0/6,4/1", 3, 1, want)


def test_example_6_doubles_are_two_moves():
    want = ["0,0,0,1,0,0/7,8/0,0/2", "0,2,0,0,0,0/6,8/0,0/2"]
    _check(STD, START, 2, 2, want)
    _check(FULL, START, 2, 2, want)


def test_example_7_hits():
    _check(STD, "0,-1,0,0,0,0/8,7/0,0/1", 5, 2,
           ["0,-1,0,0,0,0/7,7/1,0/2", "0,0,0,0,0,0/7,8/1,0/2",
            "0,1,0,0,1,0/6,8/0,0/2"])
    # Full-Entry: both bear-offs happen with 7 checkers still on the bar.
    _check(FULL, "0,-1,0,0,0,0/8,7/0,0/1", 5, 2, ["0,1,0,0,1,0/6,8/0,0/2"])


def test_example_8_player_two_mirrors():
    p2 = "0,0,0,0,0,0/8,8/0,0/2"
    _check(STD, p2, 6, 1,
           ["-1,0,0,0,0,-1/8,6/0,0/1", "0,0,0,0,0,0/8,7/0,1/1"])
    _check(FULL, p2, 6, 1, ["-1,0,0,0,0,-1/8,6/0,0/1"])


# -- further cases, checked by hand -----------------------------------------
# (variants, position, roll, expected results); "SF" = both variants.

HAND = [
    # 1. Last checker on 6, roll 1-2: the 1 bears off exactly, the 2 is a
    # higher die from the farthest-back checker; either wins at once and the
    # turn ends with the other die unused.
    ("SF", "0,0,0,0,0,1/0,8/7,0/1", 1, 2, ["0,0,0,0,0,0/0,8/8,0/2"]),
    # 2. Checkers on 4 and 6, 5-5: the 5 takes 4 off (4+5>7, nothing
    # behind it); 6+5>7 is refused while 4 is on the board. Then 6 is the
    # farthest back and the second 5 takes it off: a win.
    ("SF", "0,0,0,1,0,1/0,8/6,0/1", 5, 5, ["0,0,0,0,0,0/0,8/8,0/2"]),
    # 3. Checkers on 3 and 5, 2-4. 2 first: 3/5, then 5+4>7 bears one off
    # from the farthest back (5:1, off 7); or 5/off (exact 2), then 3/off
    # (exact 4): the win. 4 first: 3/off (exact), then 5/off (exact): the
    # win. The 5 cannot use the 4 while 3 is behind it.
    ("SF", "0,0,1,0,1,0/0,8/6,0/1", 2, 4,
     ["0,0,0,0,1,0/0,8/7,0/2", "0,0,0,0,0,0/0,8/8,0/2"]),
    # 4. Bar 1 and a checker on 6, roll 1-6. 1 first: bar/1 then 1/off
    # (exact 6; 6+6 is a higher die and 1 is behind), or 6/off (exact 1)
    # then bar/6. 6 first: bar/6 (6+6 higher die refused: bar) then 6/off.
    # Every order ends with one checker on 6 and 7 off.
    ("S", "0,0,0,0,0,1/1,8/6,0/1", 1, 6, ["0,0,0,0,0,1/0,8/7,0/2"]),
    # 5. Same in Full-Entry: 6/off first is refused (bar), but bar/1 1/off
    # and bar/6 6/off bear off after the bar emptied: same single result.
    ("F", "0,0,0,0,0,1/1,8/6,0/1", 1, 6, ["0,0,0,0,0,1/0,8/7,0/2"]),
    # 6. Bar 1, checker on 6, 1-1. Standard: bar/1 then 1/2 or 6/off; or
    # 6/off then bar/1 (same as bar/1 6/off).
    ("S", "0,0,0,0,0,1/1,8/6,0/1", 1, 1,
     ["0,1,0,0,0,1/0,8/6,0/2", "1,0,0,0,0,0/0,8/7,0/2"]),
    # 7. Full-Entry: 6/off is refused first, but after bar/1 the bar is
    # empty, so 6/off is allowed second: the same two results.
    ("F", "0,0,0,0,0,1/1,8/6,0/1", 1, 1,
     ["0,1,0,0,0,1/0,8/6,0/2", "1,0,0,0,0,0/0,8/7,0/2"]),
    # 8. Entry on 1 blocked by Player 2's made point; 1-1. Standard: the
    # exact 6/off is allowed with a checker on the bar, then the second 1
    # cannot enter: one move.
    ("S", "-2,0,0,0,0,1/1,6/6,0/1", 1, 1, ["-2,0,0,0,0,0/1,6/7,0/2"]),
    # 9. Full-Entry blocks even the exact bear-off: no move at all, a pass.
    ("F", "-2,0,0,0,0,1/1,6/6,0/1", 1, 1, ["-2,0,0,0,0,1/1,6/6,0/2"]),
    # 10. Last checker on the bar, 6-1, Full-Entry: bar/6 then 6/off (exact,
    # bar now empty) or bar/1 then 1/off: the win. Standard the same.
    ("SF", "0,0,0,0,0,0/1,8/7,0/1", 6, 1, ["0,0,0,0,0,0/0,8/8,0/2"]),
    # 11. Last bar checker, 6-6: bar/6 then 6+6>7 from the farthest back
    # with an empty bar: the win, in both variants.
    ("SF", "0,0,0,0,0,0/1,8/7,0/1", 6, 6, ["0,0,0,0,0,0/0,8/8,0/2"]),
    # 12. Last bar checker, 2-1: bar/2 2/3 or bar/1 1/3: the same.
    ("SF", "0,0,0,0,0,0/1,8/7,0/1", 2, 1, ["0,0,1,0,0,0/0,8/7,0/2"]),
    # 13. Two on the bar, 6-1, Full-Entry: after one entry the bar still
    # holds one, so neither 6/off nor 1/off: only bar/6 bar/1.
    ("F", "0,0,0,0,0,0/2,8/6,0/1", 6, 1, ["1,0,0,0,0,1/0,8/6,0/2"]),
    # 14. Standard: also bar/6 6/off = bar/1 1/off (exact, bar non-empty).
    ("S", "0,0,0,0,0,0/2,8/6,0/1", 6, 1,
     ["1,0,0,0,0,1/0,8/6,0/2", "0,0,0,0,0,0/1,8/7,0/2"]),
    # 15. All 8 on the bar, points 2 and 3 made by Player 2, 2-3: neither
    # die enters and nothing else can move: the turn passes.
    ("SF", "0,-2,-2,0,0,0/8,4/0,0/1", 2, 3, ["0,-2,-2,0,0,0/8,4/0,0/2"]),
    # 16. Same, 2-4: only the 4 enters; then the 2 cannot enter but 4/6 can.
    ("SF", "0,-2,-2,0,0,0/8,4/0,0/1", 2, 4, ["0,-2,-2,0,0,1/7,4/0,0/2"]),
    # 17. Player 2 on the bar against Player 1's points 5 and 6 (its entry
    # points for 2 and 1), 1-2: a pass.
    ("SF", "0,0,0,0,2,2/4,8/0,0/2", 1, 2, ["0,0,0,0,2,2/4,8/0,0/1"]),
    # 18. Player 2: bar entry on 6 (die 1) blocked, checker on 2 cannot
    # move 1 onto Player 1's point 1: 1-1 passes.
    ("SF", "2,-1,0,0,0,2/4,7/0,0/2", 1, 1, ["2,-1,0,0,0,2/4,7/0,0/1"]),
    # 19. Same, 1-2: the 1 never moves. 2 first: bar/5 then 5/4 (bar/6 and
    # 2/1 blocked); or 2/off (exact: point 2 with a 2) and then nothing.
    ("S", "2,-1,0,0,0,2/4,7/0,0/2", 1, 2,
     ["2,-1,0,-1,0,2/4,6/0,0/1", "2,0,0,0,0,2/4,7/0,1/1"]),
    # 20. Full-Entry: 2/off refused with Player 2 on the bar.
    ("F", "2,-1,0,0,0,2/4,7/0,0/2", 1, 2, ["2,-1,0,-1,0,2/4,6/0,0/1"]),
    # 21. Hit on entry, 3-3: bar/3* then bar/3 or 3/6. Two moves only.
    ("SF", "0,0,-1,0,0,0/8,7/0,0/1", 3, 3,
     ["0,0,2,0,0,0/6,8/0,0/2", "0,0,0,0,0,1/7,8/0,0/2"]),
    # 22. Double hit, 2-2: bar/2 then bar/2, 1/3* or 2/4; or 1/3* then
    # bar/2 (dup) or 3/5* (the same checker hits twice: Player 2 has 8 up).
    ("SF", "1,0,-1,0,-1,0/7,6/0,0/1", 2, 2,
     ["1,2,-1,0,-1,0/5,6/0,0/2", "0,1,1,0,-1,0/6,7/0,0/2",
      "1,0,-1,1,-1,0/6,6/0,0/2", "0,0,0,0,1,0/7,8/0,0/2"]),
    # 23. Two blots hit by two checkers, 1-1. First bar/1, 1/2* or 3/4*;
    # then: bar/1 x {bar/1, 1/2*, 3/4*}; 1/2* x {bar/1, 2/3, 3/4*};
    # 3/4* x {bar/1, 1/2*, 4/5}: six distinct results.
    ("SF", "1,-1,1,-1,0,0/6,6/0,0/1", 1, 1,
     ["3,-1,1,-1,0,0/4,6/0,0/2", "1,1,1,-1,0,0/5,7/0,0/2",
      "2,-1,0,1,0,0/5,7/0,0/2", "0,0,2,-1,0,0/6,7/0,0/2",
      "0,1,0,1,0,0/6,8/0,0/2", "1,-1,0,0,1,0/6,7/0,0/2"]),
    # 24. Player 2 mirror of example 5 (points 5 and 6 against Player 1's
    # points 1 and 3), 3-1: 5/2 6/5 (= 6/5 5/2) or 5/4 and the 3 is dead
    # (6/3 and 4/1 blocked).
    ("SF", "2,0,2,0,-1,-1/0,0/4,6/2", 3, 1,
     ["2,-1,2,0,-1,0/0,0/4,6/1", "2,0,2,-1,0,-1/0,0/4,6/1"]),
    # 25. Must play the second die when it can: 1/3 blocked, so 1/2 2/4.
    ("SF", "1,0,-2,0,0,0/0,6/7,0/1", 2, 1, ["0,0,-2,1,0,0/0,6/7,0/2"]),
    # 26. Last bar checker, 4-1, points 5 and 6 made: bar/4 (4/5 blocked)
    # or bar/1 (1/5 blocked): each order drops the other die.
    ("SF", "0,0,0,0,-2,-2/1,4/7,0/1", 4, 1,
     ["0,0,0,1,-2,-2/0,4/7,0/2", "1,0,0,0,-2,-2/0,4/7,0/2"]),
    # 27. Doubles from the start, 1-1: bar/1 bar/1 or bar/1 1/2; never a
    # third move.
    ("SF", START, 1, 1, ["2,0,0,0,0,0/6,8/0,0/2", "0,1,0,0,0,0/7,8/0,0/2"]),
    # 28. 6-6 from the start: bar/6 then bar/6; 6+6>7 needs an empty bar
    # even in the standard game.
    ("SF", START, 6, 6, ["0,0,0,0,0,2/6,8/0,0/2"]),
    # 29. 3-3 from the start: bar/3 bar/3 or bar/3 3/6.
    ("SF", START, 3, 3, ["0,0,2,0,0,0/6,8/0,0/2", "0,0,0,0,0,1/7,8/0,0/2"]),
    # 30. 5-4 from the start: 5+4>7 cannot bear off (bar): bar/4 bar/5.
    ("SF", START, 5, 4, ["0,0,0,1,1,0/6,8/0,0/2"]),
    # 31. Hit on the board, 2-5. 2 first: bar/2 then bar/5 or 2/off; 2/4*
    # then bar/5 (4+5>7 refused: bar). 5 first: bar/5 then bar/2, 2/4* or
    # 5/off; 2/off then bar/2. Three distinct results.
    ("S", "0,1,0,-1,0,0/7,7/0,0/1", 2, 5,
     ["0,2,0,-1,1,0/5,7/0,0/2", "0,1,0,-1,0,0/6,7/1,0/2",
      "0,0,0,1,1,0/6,8/0,0/2"]),
    # 32. Full-Entry: no bear-off with 7 on the bar: the bar/2 2/off result
    # goes.
    ("F", "0,1,0,-1,0,0/7,7/0,0/1", 2, 5,
     ["0,2,0,-1,1,0/5,7/0,0/2", "0,0,0,1,1,0/6,8/0,0/2"]),
    # 33. Player 2 hits on the board, 2-1 (its point 5, a blot of Player 1
    # on 3). 2 first: bar/5 then bar/6 or 5/4; 5/3* then bar/6 or 3/2.
    # 1 first: bar/6 then bar/5, 5/3*, 6/4; 5/4 then bar/5 or 4/2.
    ("SF", "0,0,1,0,-1,0/7,7/0,0/2", 2, 1,
     ["0,0,1,0,-2,-1/7,5/0,0/1", "0,0,1,-1,-1,0/7,6/0,0/1",
      "0,0,-1,0,0,-1/8,6/0,0/1", "0,-1,0,0,0,0/8,7/0,0/1",
      "0,-1,1,0,0,0/7,7/0,0/1"]),
    # 34. Player 2 hits on entry: the 2 enters on point 5 hitting; 2-3.
    # bar/5* then bar/4 or 5/2; bar/4 then bar/5* or 4/2.
    ("SF", "0,0,0,0,1,0/7,8/0,0/2", 2, 3,
     ["0,0,0,-1,-1,0/8,6/0,0/1", "0,-1,0,0,0,0/8,7/0,0/1",
      "0,-1,0,0,1,0/7,7/0,0/1"]),
    # 35. Player 2 bears off, 5-1: 3/off with the 5 (farthest back for
    # Player 2 is the highest point); 1/off exact with the 1. 1 first may
    # also play 3/2 and then 2/off with the 5.
    ("SF", "-1,0,-1,0,0,0/8,0/0,6/2", 5, 1,
     ["0,0,0,0,0,0/8,0/0,8/1", "-1,0,0,0,0,0/8,0/0,7/1"]),
    # 36. Player 2's higher die and its bar: one on the bar, one on point 1
    # (index 6, 1 pip from off), 6-5. Neither die bears off first (bar not
    # empty). 6 first: bar/1 enters, then the 5 (higher than 1 pip) bears
    # one off point 1, the farthest back, bar now empty. 5 first: bar/2,
    # then the 6 bears off point 2 (now the farthest back); point 1 cannot
    # use it (point 2 is behind). Both: one on point 1, 7 off.
    ("SF", "-1,0,0,0,0,0/8,1/0,6/2", 6, 5,
     ["-1,0,0,0,0,0/8,0/0,7/1"]),
    # 37. Checkers on 4 and 6, 3-3: 4/off exact; then 6 is the farthest
    # back and 6+3>7 bears it off. 6 cannot move first (4 behind it).
    ("SF", "0,0,0,1,0,1/0,8/6,0/1", 3, 3, ["0,0,0,0,0,0/0,8/8,0/2"]),
    # 38. Checkers on 3 and 6, 2-5. 2 first: 3/5 (6+2>7 refused, 3 behind)
    # then 5+5>7 from the farthest back -> 6 stays, 7 off. 5 first: 3+5>7
    # (farthest back) off, then 6+2>7 off: the win.
    ("SF", "0,0,1,0,0,1/0,8/6,0/1", 2, 5,
     ["0,0,0,0,0,1/0,8/7,0/2", "0,0,0,0,0,0/0,8/8,0/2"]),
    # 39. Moving inside instead of bearing off: checkers on 2 and 4, 4-1.
    # 4 first: 2/6 (4+4>7 refused, 2 behind), then 4/5 or 6/off. 1 first:
    # 2/3 then 3/off (exact 4) or 4/5 then 2/6 (5+4>7 refused, 2 behind).
    ("SF", "0,1,0,1,0,0/0,8/6,0/1", 4, 1,
     ["0,0,0,0,1,1/0,8/6,0/2", "0,0,0,1,0,0/0,8/7,0/2"]),
    # 40. Passing over made points: 1/4 jumps Player 2's points 2 and 3.
    # 3 first: 1/4 then bar/1 or 4/5. 1 first: bar/1 (1/2 blocked) then
    # 1/4.
    ("SF", "1,-2,-2,0,0,0/7,4/0,0/1", 3, 1,
     ["1,-2,-2,1,0,0/6,4/0,0/2", "0,-2,-2,0,1,0/7,4/0,0/2"]),
    # 41. Move then bear off with the same checker while others sit on the
    # bar (standard), 2-1: bar/2 x {bar/1, 2/3, 4/5}, 4/6 x {bar/1, 6/off},
    # and 1 first gives nothing new.
    ("S", "0,0,0,1,0,0/7,8/0,0/1", 2, 1,
     ["1,1,0,1,0,0/5,8/0,0/2", "0,0,1,1,0,0/6,8/0,0/2",
      "0,1,0,0,1,0/6,8/0,0/2", "1,0,0,0,0,1/6,8/0,0/2",
      "0,0,0,0,0,0/7,8/1,0/2"]),
    # 42. Full-Entry: the 6/off and 5/off endings go (bar not empty).
    ("F", "0,0,0,1,0,0/7,8/0,0/1", 2, 1,
     ["1,1,0,1,0,0/5,8/0,0/2", "0,0,1,1,0,0/6,8/0,0/2",
      "0,1,0,0,1,0/6,8/0,0/2", "1,0,0,0,0,1/6,8/0,0/2"]),
    # 43. A finished game has no results (the rule book defines no move after
    # the win; the engine's choice: an empty list, `legal` prints "").
    ("SF", "0,0,0,0,0,0/0,8/8,0/2", 3, 1, []),
    ("SF", "0,0,0,0,0,0/0,8/8,0/1", 6, 6, []),
    ("SF", "0,0,0,0,0,0/8,0/0,8/1", 2, 1, []),
    # 44. Player 2 (2 on the bar, 6 off) against Player 1's blot on 6,
    # 1-6. The 1 enters on point 6 hitting, the 6 enters on point 1. 1 first:
    # bar/6*, then bar/1 or 6/off (index 1 + 6 = 7, exact; standard allows
    # it with one still on the bar). 6 first: bar/1, then bar/6* (dup) or
    # 1/off (exact 1), leaving Player 1's blot alone.
    ("S", "0,0,0,0,0,1/0,2/7,6/2", 1, 6,
     ["-1,0,0,0,0,-1/1,0/7,6/1", "0,0,0,0,0,0/1,1/7,7/1",
      "0,0,0,0,0,1/0,1/7,7/1"]),
    # 45. Full-Entry for the same: a bear-off only once the bar is empty;
    # bar/6* bar/1 empties it with both dice: one result.
    ("F", "0,0,0,0,0,1/0,2/7,6/2", 1, 6, ["-1,0,0,0,0,-1/1,0/7,6/1"]),
]


def test_hand_cases():
    n = 0
    for variants, text, a, b, want in HAND:
        if "S" in variants:
            _check(STD, text, a, b, want)
            n += 1
        if "F" in variants:
            _check(FULL, text, a, b, want)
            n += 1
    assert n >= 60


def test_hand_cases_agree_with_reference():
    # The naive generator must reproduce the hand results too, or it is no
    # reference.
    for variants, text, a, b, want in HAND:
        for fe in (False, True):
            if ("F" if fe else "S") in variants:
                assert ref_results(text, a, b, fe) == sorted(want), text


# -- perft -------------------------------------------------------------------

def _perft(rules, pos, depth):
    if depth == 0 or winner(pos, rules.checkers):
        return 1
    total = 0
    for a, b in ROLLS:
        for child in rules.results(pos, a, b):
            total += _perft(rules, child, depth - 1)
    return total


def _ref_perft(text, depth, full_entry):
    offs = text.split("/")[2].split(",")
    if depth == 0 or offs[0] == "8" or offs[1] == "8":
        return 1
    total = 0
    for a, b in ROLLS:
        for child in ref_results(text, a, b, full_entry):
            total += _ref_perft(child, depth - 1, full_entry)
    return total


def test_perft_depth_1():
    # From the start every checker is on the bar. A non-double a<b gives
    # bar/a bar/b, plus bar/a then a->a+b (= bar/b b->a+b, one result) when
    # a+b <= 6, or an exact bear-off when a+b == 7 (allowed with checkers on
    # the bar); a+b > 7 is a higher die, refused with checkers on the bar.
    # So 2 results when a+b <= 7: (1,2..6) 5 + (2,3..5) 3 + (3,4) 1 = 9
    # pairs, 1 result for the other 6: 9*2 + 6 = 24. Doubles: bar/d bar/d,
    # plus bar/d d/2d when 2d <= 6 (1-1, 2-2, 3-3), never a bear-off
    # (2d = 7 is impossible, 2d > 7 needs an empty bar): 3*2 + 3 = 9.
    # Standard: 24 + 9 = 33.
    assert _perft(STD, new_position(), 1) == 33
    # Full-Entry loses the exact bear-offs of 1-6, 2-5 and 3-4: 30.
    assert _perft(FULL, new_position(), 1) == 30


def test_perft_depth_2_matches_reference():
    # Regression figures, confirmed by the independent reference generator
    # (which the host CLI test also checks at depth 3: 68959 / 45697).
    assert _perft(STD, new_position(), 2) == 1174
    assert _perft(FULL, new_position(), 2) == 955
    assert _ref_perft(START, 2, False) == 1174
    assert _ref_perft(START, 2, True) == 955


def test_perft_player_two_first_is_the_mirror():
    # Same tree with Player 2 to move first.
    assert _perft(STD, new_position(turn=2), 2) == 1174
    assert _perft(FULL, new_position(turn=2), 2) == 955


# -- random positions against the naive reference ----------------------------

def _compare(rules, text, a, b, fe, checkers=8):
    got = _res(rules, text, a, b) if checkers == 8 else sorted(
        [format_position(p) for p in
         rules.results(parse_position(text, checkers), a, b)])
    want = ref_results(text, a, b, fe, checkers)
    assert got == want, "%s %d-%d fe=%s: engine %r, reference %r" % (
        text, a, b, fe, got, want)


def test_random_positions_match_reference():
    rng = Lcg(12345)
    for k in range(1200):
        text = random_position(rng)
        a, b = 1 + rng.below(6), 1 + rng.below(6)
        _compare(STD, text, a, b, False)
        _compare(FULL, text, a, b, True)


def test_random_games_match_reference():
    # Positions from real (random) play, both variants, both players.
    rng = Lcg(777)
    for rules, fe in ((STD, False), (FULL, True)):
        queries = 0
        while queries < 600:
            pos = new_position(turn=1 + rng.below(2))
            while not winner(pos) and queries < 600:
                a, b = 1 + rng.below(6), 1 + rng.below(6)
                text = format_position(pos)
                res = rules.results(pos, a, b)
                got = sorted([format_position(p) for p in res])
                assert got == ref_results(text, a, b, fe), text
                pos = res[rng.below(len(res))]
                queries += 1


def test_smaller_games_match_reference():
    # The engine is parameterised by the checkers per side.
    for n in (1, 2, 3, 5):
        std, full = Rules(checkers=n), Rules(checkers=n, full_entry=True)
        rng = Lcg(99 + n)
        for k in range(150):
            text = random_position(rng, n)
            a, b = 1 + rng.below(6), 1 + rng.below(6)
            _compare(std, text, a, b, False, n)
            _compare(full, text, a, b, True, n)


# -- invariants ---------------------------------------------------------------

def _mirror(pos):
    out = bytearray(pos)
    for i in range(8):
        out[i], out[8 + i] = pos[8 + i], pos[i]
    out[TURN] = 3 - pos[TURN]
    return out


def test_player_two_plays_mirror_player_one():
    rng = Lcg(4242)
    for k in range(800):
        pos = parse_position(random_position(rng))
        a, b = 1 + rng.below(6), 1 + rng.below(6)
        for rules in (STD, FULL):
            mine = sorted([bytes(p) for p in rules.results(pos, a, b)])
            theirs = sorted([bytes(_mirror(p))
                             for p in rules.results(_mirror(pos), a, b)])
            assert mine == theirs, format_position(pos)


def _abs_src(i, player):
    if i == 0:
        return "bar"
    return i if player == 1 else 7 - i


def _built(rules, pos, dice, out):
    """Every end position reachable by building a play one single move at
    a time from ``single_moves`` (what the UI offers)."""
    moves = []
    rules.single_moves(pos, dice, moves)
    if not moves:
        end = bytearray(pos)
        end[TURN] = 3 - end[TURN]
        out[bytes(end)] = True
        return
    m = 0 if pos[TURN] == 1 else 8
    for i, d in moves:
        nxt = bytearray(pos)
        rules.do_move(nxt, m, i, d)
        rest = list(dice)
        rest.remove(d)
        _built(rules, nxt, rest, out)


def test_single_moves_are_first_moves_of_legal_plays():
    rng = Lcg(31337)
    out = []
    for k in range(600):
        text = random_position(rng)
        pos = parse_position(text)
        if winner(pos):
            continue
        player = pos[TURN]
        a, b = 1 + rng.below(6), 1 + rng.below(6)
        for rules, fe in ((STD, False), (FULL, True)):
            rules.single_moves(pos, (a, b), out)
            got = sorted([(str(_abs_src(i, player)), d) for i, d in out])
            firsts = ref_search(text, a, b, fe)[1]
            want = sorted([(str(s), d) for s, d in firsts])
            assert got == want, "%s %d-%d" % (text, a, b)
            # Building a play move by move reaches exactly the results.
            built = {}
            _built(rules, pos, [a, b], built)
            assert sorted(built) == sorted(
                [bytes(p) for p in rules.results(pos, a, b)]), text


def test_plays_restore_the_position_and_apply_matches_results():
    rng = Lcg(5)
    for k in range(300):
        pos = parse_position(random_position(rng))
        keep = bytes(pos)
        a, b = 1 + rng.below(6), 1 + rng.below(6)
        n = STD.plays(pos, a, b)
        assert bytes(pos) == keep
        applied = []
        for j in range(n):
            q = bytearray(pos)
            STD.apply(q, j)
            applied.append(bytes(q))
            assert bytes(STD.result(pos, j)) == bytes(q)
        assert len(set(applied)) == n  # plays are distinct
        res = sorted([bytes(p) for p in STD.results(pos, a, b)])
        if n:
            assert sorted(applied) == res
        elif not winner(pos):
            assert res == [bytes(STD.result(pos, None))]


# -- smaller API ------------------------------------------------------------

def test_new_position_pips_winner():
    pos = new_position()
    assert format_position(pos) == START
    assert pips(pos, 1) == 56 and pips(pos, 2) == 56  # the rule book: start 56
    assert winner(pos) == 0
    p = parse_position("0,-2,0,0,1,1/0,0/6,6/1")
    assert pips(p, 1) == 2 + 1  # index 5 -> 2 pips, index 6 -> 1 pip
    assert pips(p, 2) == 2 * 2  # point 2 = P2 index 5: 7 - 5 = 2 pips each
    assert winner(parse_position("0,0,0,0,0,0/0,8/8,0/2")) == 1
    assert winner(parse_position("0,0,0,0,0,0/8,0/0,8/1")) == 2
    small = new_position(3, 2)
    assert small[0] == 3 and small[8] == 3 and small[TURN] == 2


def test_can_do_undo_move():
    pos = parse_position("0,-1,0,0,0,0/8,7/0,0/1")
    keep = bytes(pos)
    assert STD.can_move(pos, 0, 0, 2)  # bar/2* hits
    assert not STD.can_move(pos, 0, 3, 2)  # nothing on point 3
    hit = STD.do_move(pos, 0, 0, 2)
    assert hit == 1
    assert format_position(pos) == "0,1,0,0,0,0/7,8/0,0/1"
    STD.undo_move(pos, 0, 0, 2, hit)
    assert bytes(pos) == keep
    # Player 2 (block 8) entering with a 5 lands on point 2: its own blot.
    pos[TURN] = 2
    assert STD.do_move(pos, 8, 0, 5) == 0
    assert format_position(pos) == "0,-2,0,0,0,0/8,6/0,0/2"
    blocked = parse_position("-2,0,0,0,0,1/1,6/6,0/1")
    assert not STD.can_move(blocked, 0, 0, 1)  # entry onto a made point
    assert STD.can_move(blocked, 0, 6, 1)  # exact bear-off, bar not empty
    assert not FULL.can_move(blocked, 0, 6, 1)  # Full-Entry refuses it
    assert not STD.can_move(blocked, 0, 6, 2)  # higher die, bar not empty


def test_single_moves_by_hand():
    out = []
    # Example 5: die 3 only 2/5 (1/4 blocked); die 1: 1/2 and 2/3.
    pos = parse_position("1,1,0,-2,0,-2/0,0/6,4/1")
    assert STD.single_moves(pos, (3, 1), out) == 3
    assert sorted(out) == [(1, 1), (2, 1), (2, 3)]
    # After 2/3 only the 3 is left and it is dead: nothing to offer.
    STD.do_move(pos, 0, 2, 1)
    assert STD.single_moves(pos, (3,), out) == 0
    # Example 4: only entries; 6/off is refused with the bar occupied.
    pos = parse_position("0,0,0,0,0,1/1,8/6,0/1")
    STD.single_moves(pos, (3, 2), out)
    assert sorted(out) == [(0, 2), (0, 3)]
    # A double is offered once.
    STD.single_moves(new_position(), (2, 2), out)
    assert out == [(0, 2)]
    # A finished game offers nothing.
    assert STD.single_moves(parse_position("0,0,0,0,0,0/0,8/8,0/2"),
                            (1, 2), out) == 0
