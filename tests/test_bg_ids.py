"""gnubg's Position ID and Match ID (minigam/bg/ids.py, issue 16): known
IDs (each checked with gnubg 1.07's own ``positionfromid``/``matchid``),
round trips, and fuzzed input that must fail cleanly with a reason."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bg_refgen import random_position
from minigam.bg.ids import (B64, IdError, MATCH_DEFAULTS, b64_decode,
                            b64_encode, format_gnubg_id, format_match_id,
                            format_position_id, parse_gnubg_id,
                            parse_match_id, parse_position_id, position_key)
from minigam.bg.rules import BLOCK, TURN, new_position, winner

START_ID = "4HPwATDgc/ABMA"


def board(pos):
    """{(player, index): count} of a position's non-empty places."""
    return {(1 if k < BLOCK else 2, k % BLOCK): v
            for k, v in enumerate(pos[:52]) if v and k % BLOCK != 25}


def test_start_position_id():
    assert format_position_id(new_position()) == START_ID
    assert format_position_id(new_position(2)) == START_ID
    assert parse_position_id(START_ID) == new_position()
    assert parse_position_id(START_ID, 2) == new_position(2)
    assert position_key(new_position()) == bytes(
        [0xe0, 0x73, 0xf0, 0x01, 0x30, 0xe0, 0x73, 0xf0, 0x01, 0x30])


# Position IDs gnubg 1.07 made, and its board for them, in our indices:
# Player 1 is gnubg's player on roll (the ID's *second* block).
KNOWN = [
    # After the opening 13/7 8/7 by the player now not on roll.
    ("4NvgATDgc/ABMA", {(1, 1): 2, (1, 12): 5, (1, 17): 3, (1, 19): 5,
                        (2, 1): 2, (2, 12): 4, (2, 17): 2, (2, 18): 2,
                        (2, 19): 5}),
    # Not on roll: 15 on its ace point; on roll: 15 on its 23-point.
    ("/38AAAAAAMD/Hw", {(1, 2): 15, (2, 24): 15}),
    # The same board, the other side on roll.
    ("AADA/x//fwAAAA", {(1, 24): 15, (2, 2): 15}),
    # On roll: 2 on the bar, 13 on its 6-point, facing a closed board.
    ("27YdAADg/wMAYA", {(1, 0): 2, (1, 19): 13, (2, 19): 2, (2, 20): 2,
                        (2, 21): 2, (2, 22): 2, (2, 23): 2, (2, 24): 2,
                        (2, 18): 3}),
    # On roll: its 6- and ace points; not on roll: 14 on its 13-point and
    # a blot on its 22-point (our 3-point).
    ("APD/AwhBAAAAAA", {(1, 19): 1, (1, 24): 1, (2, 12): 14, (2, 3): 1}),
    # Finished games: the side not on roll has none left, or the mover.
    ("AAAA/v8AAAAAAA", {(1, 24): 15}),
    ("/38AAAAAAAAAAA", {(2, 24): 15}),
]


@pytest.mark.parametrize("pid,places", KNOWN)
def test_known_position_ids(pid, places):
    pos = parse_position_id(pid)
    assert board(pos) == places
    for b in (0, BLOCK):
        assert sum(pos[b:b + 26]) == 15
    assert format_position_id(pos) == pid
    swapped = parse_position_id(pid, 2)
    assert swapped[TURN] == 2 and swapped[:26] == pos[26:52]
    assert format_position_id(swapped) == pid


def test_finished_games_decode_with_their_winner():
    assert winner(parse_position_id("AAAA/v8AAAAAAA")) == 2
    assert winner(parse_position_id("/38AAAAAAAAAAA")) == 1


@settings(max_examples=500, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from((1, 2)))
def test_position_id_round_trip(rng, turn):
    pos = random_position(rng, allow_finished=True)
    pos[TURN] = turn
    pid = format_position_id(pos)
    assert len(pid) == 14 and all(c in B64 for c in pid)
    assert parse_position_id(pid, turn) == pos


def test_base64_matches_the_standard_one():
    import base64
    rng = random.Random(5)
    for n in (1, 2, 3, 9, 10, 11):
        for _ in range(50):
            data = bytes(rng.randrange(256) for _ in range(n))
            text = base64.b64encode(data).decode().rstrip("=")
            assert b64_encode(data) == text
            assert b64_decode(text, n, "x") == data


@pytest.mark.parametrize("text,reason", [
    ("4HPwATDgc/ABM", "must be 14 characters, got 13"),
    ("4HPwATDgc/ABMAA", "must be 14 characters, got 15"),
    ("", "must be 14 characters, got 0"),
    ("4HPwATDgc/AB-A", "bad character '-' at 13"),
    ("4HPwATDgc AB A", "bad character ' ' at 10"),
    ("4HPwATDgc/ABMB", "too many bits"),  # a padding bit set
    ("//////////////", "too many bits"),
    ("AAAAAAAAAAAAAA", "both sides have borne off every checker"),
])
def test_bad_position_ids_say_why(text, reason):
    with pytest.raises(IdError) as info:
        parse_position_id(text)
    assert reason in str(info.value)
    assert isinstance(info.value, ValueError)


def _ids_from_places(first, second):
    """A Position ID straight from two 25-place blocks (our own bit
    writer, for IDs the encoder would never make)."""
    bits = []
    for blk in (first, second):
        for n in blk:
            bits += [1] * n + [0]
    bits += [0] * (80 - len(bits))
    assert len(bits) == 80
    key = bytes(sum(bits[8 * i + j] << j for j in range(8))
                for i in range(10))
    return b64_encode(key)


def test_impossible_boards_are_refused():
    # Both sides on one point: the mover's ace point (place 0) and the
    # opponent's 24-point (place 23) are the same point.
    pid = _ids_from_places([0] * 23 + [1, 0], [1] + [0] * 24)
    with pytest.raises(IdError, match="both sides have checkers on the "
                       "1-point of the player on roll"):
        parse_position_id(pid)
    # 16 checkers for the player on roll.
    pid = _ids_from_places([0] * 25, [16] + [0] * 24)
    with pytest.raises(IdError, match="player on roll has more than 15"):
        parse_position_id(pid)
    pid = _ids_from_places([10, 6] + [0] * 23, [0] * 25)
    with pytest.raises(IdError, match="player not on roll has more than 15"):
        parse_position_id(pid)
    # Both sides finished.
    with pytest.raises(IdError, match="both sides have borne off"):
        parse_position_id(_ids_from_places([0] * 25, [0] * 25))
    # A bit set after the 50 places (the start has 60 bits).
    key = position_key(new_position())
    key[9] |= 0x80
    with pytest.raises(IdError, match="too many bits"):
        parse_position_id(b64_encode(key))


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=B64 + "=-_ !\u00e9\x00", min_size=12, max_size=16))
def test_fuzzed_position_ids_decode_or_fail_cleanly(text):
    try:
        pos = parse_position_id(text)
    except IdError as exc:
        assert str(exc)
        return
    assert format_position_id(pos) == text


@settings(max_examples=1500, deadline=None)
@given(st.binary(min_size=10, max_size=10))
def test_random_keys_decode_or_fail_cleanly(key):
    text = b64_encode(key)
    try:
        pos = parse_position_id(text)
    except IdError as exc:
        assert str(exc)
        return
    assert format_position_id(pos) == text
    assert position_key(pos) == key


def test_non_text_is_refused():
    with pytest.raises(IdError):
        parse_position_id(None)
    with pytest.raises(IdError):
        parse_match_id(b"cAkLAAAAAAAA")


# -- Match ID ----------------------------------------------------------------

# Match IDs gnubg 1.07 showed, with the fields they stand for.
KNOWN_MATCH = [
    # Money game, player 1 rolled 6-2 (the opening roll).
    ("cAkLAAAAAAAA", dict(move=1, turn=1, die1=6, die2=2)),
    # Money game, player 0 to play 3-1.
    ("MIEFAAAAAAAA", dict(die1=3, die2=1)),
    # Player 1 on roll, not rolled yet.
    ("cAkAAAAAAAAA", dict(move=1, turn=1)),
    # A 9-point match at 0-0, player 1 to play 5-1 (gnubg's mailing list).
    ("cIkmAQAAAAAA", dict(move=1, turn=1, die1=5, die2=1, length=9)),
    # gnubg 1.07, a 7-point match at 2-3, a 4-cube owned by player 1, who
    # rolled 4-2 (no Jacoby rule in a match: bit 66 set).
    ("UgnqACAAGAAE", dict(cube=4, cube_owner=1, move=1, turn=1, die1=4,
                          die2=2, length=7, score0=2, score1=3,
                          no_jacoby=1)),
    # gnubg 1.07, the Crawford game of a 5-point match at 4-1, 6-6 rolled.
    ("sAG7AEAACAAE", dict(crawford=1, die1=6, die2=6, length=5, score0=4,
                          score1=1, no_jacoby=1)),
]


@pytest.mark.parametrize("mid,fields", KNOWN_MATCH)
def test_known_match_ids(mid, fields):
    want = dict(MATCH_DEFAULTS, **fields)
    assert parse_match_id(mid) == want
    assert format_match_id(fields) == mid


@settings(max_examples=500, deadline=None)
@given(st.fixed_dictionaries({
    "cube": st.sampled_from([1 << k for k in range(16)]),
    "cube_owner": st.sampled_from((-1, 0, 1)),
    "move": st.integers(0, 1), "crawford": st.integers(0, 1),
    "state": st.integers(0, 4), "turn": st.integers(0, 1),
    "double": st.integers(0, 1), "resign": st.integers(0, 3),
    "die1": st.integers(0, 6), "die2": st.integers(0, 6),
    "length": st.integers(0, 32767), "score0": st.integers(0, 32767),
    "score1": st.integers(0, 32767), "no_jacoby": st.integers(0, 1)}))
def test_match_id_round_trip(fields):
    if (fields["die1"] == 0) != (fields["die2"] == 0):
        fields["die2"] = fields["die1"]
    mid = format_match_id(fields)
    assert len(mid) == 12
    assert parse_match_id(mid) == fields


def _with_bits(mid, bits):
    """``mid`` with key bits set (1) or cleared (0), as {bit: value}."""
    key = b64_decode(mid, 9, "x")
    for k, v in bits.items():
        if v:
            key[k >> 3] |= 1 << (k & 7)
        else:
            key[k >> 3] &= ~(1 << (k & 7))
    return b64_encode(key)


@pytest.mark.parametrize("text,reason", [
    ("cAkLAAAAAAA", "must be 12 characters, got 11"),
    ("cAkLAAAAAAA*", "bad character '*' at 12"),
    (_with_bits("cAkLAAAAAAAA", {67: 1}), "too many bits"),
    (_with_bits("cAkLAAAAAAAA", {71: 1}), "too many bits"),
    (_with_bits("cAkLAAAAAAAA", {4: 0, 5: 1}), "cube owner 2"),
    (_with_bits("cAkLAAAAAAAA", {8: 1, 9: 1, 10: 1}), "game state 7"),
    (_with_bits("cAkLAAAAAAAA", {15: 1, 16: 1, 17: 1}), "dice 7-2"),
    ("cAkDAAAAAAAA", "dice 6-0"),
])
def test_bad_match_ids_say_why(text, reason):
    with pytest.raises(IdError) as info:
        parse_match_id(text)
    assert reason in str(info.value)


@pytest.mark.parametrize("fields,reason", [
    ({"cube": 3}, "not a power of 2"),
    ({"cube": 1 << 16}, "not a power of 2"),
    ({"score0": 1 << 15}, "score0"),
    ({"die1": 7, "die2": 7}, "dice 7-7"),
    ({"die1": 8, "die2": 8}, "die1 8 out of range"),
    ({"die1": 3}, "dice"),
    ({"colour": 1}, "unknown field"),
])
def test_bad_match_fields_say_why(fields, reason):
    with pytest.raises(IdError) as info:
        format_match_id(fields)
    assert reason in str(info.value)


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=B64 + "=-_ !", min_size=11, max_size=13))
def test_fuzzed_match_ids_decode_or_fail_cleanly(text):
    try:
        fields = parse_match_id(text)
    except IdError as exc:
        assert str(exc)
        return
    assert format_match_id(fields) == text


def test_gnubg_id_pairs_the_two():
    pos = new_position(2)
    text = format_gnubg_id(pos, {"die1": 5, "die2": 2})
    assert text.startswith(START_ID + ":")
    back, fields = parse_gnubg_id(text)
    assert back == pos and fields["move"] == 1 and fields["die1"] == 5
    assert parse_gnubg_id("4NvgATDgc/ABMA:cAkAAAAAAAAA")[0][TURN] == 2
    for bad in ("4HPwATDgc/ABMA", "a:b:c", "4HPwATDgc/ABMA:xx"):
        with pytest.raises(IdError):
            parse_gnubg_id(bad)
