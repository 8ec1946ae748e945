"""Tests of minigam.quarter.save: the compact NVM save of a game in progress.
Plain functions, bare asserts."""

from minigam.core.dice import Dice
from minigam.quarter.game import Game, NEW, ROLL, MOVE, OVER
from minigam.quarter.notation import parse_position
from minigam.quarter.rules import Rules
from minigam.quarter.save import SAVE_SIZE, SaveError, crc16, dumps, loads
from refgen import Lcg


def _bad(data):
    try:
        loads(data)
    except SaveError:
        return True
    return False


def _same(a, b):
    assert a.pos == b.pos and a.state == b.state
    assert (a.d1, a.d2) == (b.d1, b.d2) and a.used == b.used
    assert a.steps == b.steps and a.score == b.score
    assert a.match_to == b.match_to and a.game_no == b.game_no
    assert a.turn_no == b.turn_no and a.winner == b.winner
    assert a.match_winner == b.match_winner
    assert a.rules.full_entry == b.rules.full_entry
    assert a.auto_forced == b.auto_forced
    assert a.must_pass == b.must_pass


def _saves(seed=3, match_to=3, full_entry=False):
    """Saves of every state met while playing a match (after each action)."""
    g = Game(rules=Rules(full_entry=full_entry), match_to=match_to,
             dice=Dice(seed=seed), auto_forced=seed % 2 == 0)
    rng = Lcg(seed)
    out = [dumps(g)]
    while True:
        g.start_game()
        while g.state != OVER:
            if g.state == ROLL:
                out.append(dumps(g))
                g.roll()
            out.append(dumps(g))
            while not g.turn_done():
                srcs = g.movable()
                src = srcs[rng.below(len(srcs))]
                ts = g.targets(src)
                g.move(src, ts[rng.below(len(ts))][1])
                out.append(dumps(g))
            g.confirm()
        out.append(dumps(g))
        if g.match_over():
            return out, g
        g.new_game()
        out.append(dumps(g))


def test_size_fits_the_pybadge_budget():
    assert SAVE_SIZE == 36 and SAVE_SIZE <= 200
    assert len(dumps(Game())) == SAVE_SIZE


def test_crc16_check_value():
    # The standard check value of CRC-16/CCITT-FALSE.
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF


def test_round_trip_every_state_of_a_match():
    saves, last = _saves()
    states = {}
    for s in saves:
        g = loads(s)
        states[g.state] = True
        assert dumps(g) == s
    assert sorted(states.keys()) == [NEW, ROLL, MOVE, OVER]
    end = loads(saves[-1])
    _same(end, last)
    assert end.match_over()


def test_full_entry_and_settings_survive():
    saves, last = _saves(seed=8, match_to=1, full_entry=True)
    g = loads(saves[-1])
    _same(g, last)
    assert g.rules.full_entry and g.auto_forced


def test_resume_mid_turn_keeps_undo():
    g = Game(dice=Dice(source=[3, 1]))
    g.start_game()
    start = bytearray(g.pos)
    g.move(0, 3)
    r = loads(dumps(g))
    _same(r, g)
    assert r.steps == [(0, 3, 0)] and r.dice_left() == [1]
    assert r.undo() and r.pos == start and r.dice_left() == [3, 1]
    r.move(0, 1)
    r.move(0, 3)
    r.confirm()
    assert r.player == 2 and r.state == ROLL


def test_resumed_game_continues_and_keeps_hits():
    g = Game()
    g.setup(parse_position("0,-1,0,0,0,0/8,7/0,0/1"))
    g.roll(5, 2)
    g.move(0, 2)          # hits
    r = loads(dumps(g), Dice(source=[6, 6]))
    assert r.steps == [(0, 2, 1)] and r.pos == g.pos
    r.undo()
    assert r.pos[8] == 7 and r.pos[8 + 5] == 1   # the blot is back on 2
    r.move(0, 5)
    r.move(0, 2)
    r.confirm()
    assert r.roll() == (6, 6)


def test_every_corrupted_byte_is_rejected():
    saves, _ = _saves(seed=5, match_to=1)
    picks = [saves[0], saves[1], saves[2], saves[len(saves) // 2],
             saves[-1]]
    for s in picks:
        assert not _bad(s)
        for k in range(SAVE_SIZE):
            for v in (s[k] ^ 1, s[k] ^ 0x80, s[k] ^ 0xFF, 0, 255,
                      (s[k] + 17) & 255):
                if v == s[k]:
                    continue
                b = bytearray(s)
                b[k] = v
                assert _bad(bytes(b)), (k, v)


def test_every_truncation_and_extension_is_rejected():
    s = _saves(seed=6, match_to=1)[0][5]
    for n in range(SAVE_SIZE):
        assert _bad(s[:n])
    assert _bad(s + b"\x00")
    assert _bad(None)
    assert _bad(b"\xff" * SAVE_SIZE)      # erased NVM
    assert _bad(bytes(SAVE_SIZE))         # zeroed NVM
    assert _bad("M" * SAVE_SIZE)


def test_consistent_checksum_but_impossible_fields_rejected():
    base = bytearray(dumps(Game(match_to=3)))

    def patched(k, v):
        b = bytearray(base)
        b[k] = v
        c = crc16(b, end=34)
        b[34] = c >> 8
        b[35] = c & 255
        return bytes(b)

    assert not _bad(patched(0, base[0]))
    assert _bad(patched(1, 2))            # unknown version
    assert _bad(patched(2, 0x40))         # unknown flag bits
    assert _bad(patched(2, MOVE << 2))    # a turn without dice
    assert _bad(patched(3, 0))            # no checkers
    assert _bad(patched(4, 0))            # match to 0
    assert _bad(patched(5, 3))            # a score of a finished match
    assert _bad(patched(7, 0))            # game 0
    assert _bad(patched(10, 7))           # 15 P1 checkers
    assert _bad(patched(26, 3))           # turn 3
    assert _bad(patched(27, 4))           # dice before the opening roll
    assert _bad(patched(29, 1))           # moves before the opening roll
    # a saved move that is illegal in the saved position
    g = Game(dice=Dice(source=[3, 1]))
    g.start_game()
    g.move(0, 3)
    base = bytearray(dumps(g))
    assert not _bad(patched(30, 0))
    assert _bad(patched(30, 4))           # no checker at index 4
    assert _bad(patched(31, 2))           # no die 2


def test_random_data_with_a_valid_checksum_loads_or_is_rejected():
    # Random field values behind a correct header and CRC exercise the
    # consistency checks: each either loads into a game that saves back to
    # the same bytes, or raises SaveError (never anything else).
    rng = Lcg(2026)
    loaded = 0
    for n in range(3000):
        b = bytearray(SAVE_SIZE)
        for k in range(SAVE_SIZE):
            b[k] = rng.below(256)
        b[0] = 0x4D
        b[1] = 1
        # every other case: fields drawn to be mostly consistent
        if n % 2:
            state = rng.below(4)
            b[2] = (state << 2) | rng.below(4)
            b[3] = 8
            b[4] = 1 + rng.below(3)
            b[5] = rng.below(2)
            b[6] = rng.below(2)
            b[7] = b[5] + b[6] + (0 if state == 3 else 1)
            b[8] = 0
            b[9] = rng.below(3)
            for k in range(10, 26):
                b[k] = 0
            if state == 0:
                b[10] = b[18] = 8
            else:
                for _ in range(8):
                    b[10 + rng.below(8)] += 1
                    b[18 + rng.below(8)] += 1
            b[26] = 1 + rng.below(2)
            for k in range(27, 34):
                b[k] = 0 if k < 30 else 255
            if state == 2:
                b[27] = 1 + rng.below(6)
                b[28] = 1 + rng.below(6)
                if rng.below(2):
                    b[29] = 1
                    b[30] = rng.below(7)
                    b[31] = b[27 + rng.below(2)]
        c = crc16(b, end=34)
        b[34] = c >> 8
        b[35] = c & 255
        try:
            g = loads(bytes(b))
        except SaveError:
            continue
        loaded += 1
        assert dumps(g) == bytes(b)
    assert loaded > 20, loaded
