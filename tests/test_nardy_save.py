"""Long Nardy's compact save (minigam.nardy.save): round trips in every
state, and any damage is a clear SaveError, never a broken game."""

import random

import pytest

from minigam.core.dice import Dice
from minigam.nardy import game as G
from minigam.nardy.notation import validate
from minigam.nardy.rules import Rules
from minigam.nardy.save import dumps, loads, SAVE_SIZE, MAGIC
from minigam.core.saveframe import SaveError, crc16

from test_bg_save import damage_is_a_save_error


def _same(a, b):
    assert bytes(a.pos) == bytes(b.pos)
    for f in ("state", "d1", "d2", "steps", "score", "match_to", "turn_no",
              "used", "need", "must_pass", "game_no", "match_winner",
              "winner", "points", "auto_forced"):
        assert getattr(a, f) == getattr(b, f), f
    assert a.rules.head_doubles == b.rules.head_doubles
    if a.state == G.MOVE:
        assert a.movable() == b.movable()


def _games(seed, n_turns):
    """Games played by random single moves (a match or money, the head
    exception on or off); yields the game after every action."""
    rng = random.Random(seed)
    g = G.NardyGame(rules=Rules(head_doubles=seed % 3 != 2),
                    match_to=rng.choice((0, 1, 3, 5)), dice=Dice(seed=seed),
                    auto_forced=bool(seed & 1))
    for _ in range(n_turns):
        if g.state == G.OVER:
            if g.match_over():
                return
            g.new_game()
        if g.state == G.NEW:
            yield g
            g.start_game()
        yield g
        g.roll()
        while not g.turn_done():
            yield g
            s = rng.choice(g.movable())
            g.move(s, rng.choice(g.targets(s))[1])
        yield g
        g.confirm()
        yield g


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_in_every_state(seed):
    states = set()
    for g in _games(seed, 150):
        data = dumps(g)
        assert len(data) == SAVE_SIZE and data[0] == MAGIC
        back = loads(data)
        _same(g, back)
        assert dumps(back) == data
        states.add(g.state)
    assert states >= {G.NEW, G.ROLL, G.MOVE}


def test_a_finished_game_and_match_round_trip():
    n = 0
    for g in _games(3, 2000):
        if g.state == G.OVER:
            _same(g, loads(dumps(g)))
            n += 1
    assert n


def test_damage_is_a_save_error():
    g = next(x for k, x in enumerate(_games(1, 10)) if k == 9)
    assert g.state == G.MOVE and g.steps
    data = dumps(g)
    damage_is_a_save_error(data, loads)
    with pytest.raises(SaveError, match="magic"):
        loads(b"\x42" + bytes(data[1:]))


def _signed(b):
    c = crc16(b, end=SAVE_SIZE - 2)
    b[-2], b[-1] = c >> 8, c & 255
    return bytes(b)


def test_fuzzed_bytes_with_a_valid_checksum_load_or_say_why():
    rng = random.Random(3)
    good = [dumps(g) for g in _games(4, 30)]
    loaded = 0
    for k in range(4000):
        if k % 2:
            b = bytearray(rng.randrange(256) for _ in range(SAVE_SIZE))
            b[0], b[1] = MAGIC, 1
        else:  # a good save with a few fields changed: nearer misses
            b = bytearray(rng.choice(good))
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(SAVE_SIZE - 2)
                b[i] = rng.choice((0, 1, 2, 15, 16, 17, 31, 255,
                                   rng.randrange(256)))
        try:
            g = loads(_signed(b))
        except SaveError:
            continue
        loaded += 1
        assert sum(g.pos[0:26]) == 15 and sum(g.pos[26:52]) == 15
        if g.state != G.MOVE:
            validate(g.pos)
        else:
            validate(g.turn_start())
            assert g.turn_done() or g.movable()
    assert loaded > 100
