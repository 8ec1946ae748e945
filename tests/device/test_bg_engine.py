"""The backgammon engine and its IDs on the device (issue 16): run by pytest
and inside the MicroPython VM. Plain ``test_*`` functions, bare asserts.
The thorough checks (against gnubg and a reference generator) are the host
tests tests/test_bg_*.py; these make sure the same code runs on
CircuitPython's interpreter and gives the same answers there."""

from minigam.bg.ids import (IdError, format_match_id, format_position_id,
                            parse_match_id, parse_position_id)
from minigam.bg.rules import (NONE, TURN, Rules, new_position, pips,
                              win_kind, winner)

START = "4HPwATDgc/ABMA"
RULES = Rules(max_plays=400)


def test_start_counts_as_gnubg():
    pos = new_position()
    # gnubg's hint (0 plies, no pruning) lists these many plays.
    for a, b, n in ((6, 5, 7), (3, 1, 16), (1, 1, 42), (2, 2, 75),
                    (4, 4, 52), (6, 6, 11)):
        assert RULES.plays(pos, a, b) == n
    assert pos == new_position()
    assert pips(pos, 1) == 167 and winner(pos) == 0 and win_kind(pos) == 0


def test_start_position_id_and_results():
    pos = new_position()
    assert format_position_id(pos) == START
    assert parse_position_id(START) == pos
    got = sorted([format_position_id(RULES.result(pos, k, False))
                  for k in range(RULES.plays(pos, 6, 5))])
    assert got == ["4HPwATCKT/ABMA", "4HPwATDC5+ABMA", "4HPwATDE1+ABMA",
                   "4HPwATDEZ/BBIA", "4HPwATDg68EBMA", "4HPwATDg8+BBIA",
                   "4HPwATDgc/ADIA"]


def test_closed_board_is_a_pass():
    pos = parse_position_id("27YdAADg/wMAYA")
    assert pos[0] == 2 and RULES.plays(pos, 6, 6) == 0
    res = RULES.results(pos, 3, 1)
    assert len(res) == 1 and res[0][TURN] == 2 and res[0][:52] == pos[:52]


def test_a_hit_is_recorded():
    # The on-roll side's 6- and ace points; a blot on its 3-point: 3-3
    # hits it on the way off (gnubg: 6/3*/off 1/off).
    pos = parse_position_id("APD/AwhBAAAAAA")
    assert RULES.plays(pos, 3, 3) == 1
    assert RULES.hits[0] == 1 and RULES.moves[0] == 19
    assert RULES.moves[6] == NONE
    RULES.apply(pos, 0)
    assert winner(pos) == 1 and win_kind(pos) == 3  # the blot on the bar


def test_bad_ids_raise_id_error():
    for bad in ("", "4HPwATDgc/ABM", "4HPwATDgc/AB-A", "//////////////"):
        try:
            parse_position_id(bad)
            assert False, bad
        except IdError:
            pass


def test_match_id_round_trip():
    f = parse_match_id("cAkLAAAAAAAA")
    assert f["die1"] == 6 and f["die2"] == 2 and f["move"] == 1
    assert format_match_id(f) == "cAkLAAAAAAAA"
