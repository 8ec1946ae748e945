"""Backgammon's compact save (minigam.bg.save): round trips in every state,
and any damage is a clear SaveError, never a broken game."""

import random

import pytest

from minigam.bg import game as G
from minigam.bg.save import dumps, loads, SAVE_SIZE
from minigam.core.dice import Dice
from minigam.core.saveframe import SaveError


def _same(a, b):
    assert bytes(a.pos) == bytes(b.pos)
    for f in ("state", "d1", "d2", "steps", "cube", "cube_owner", "score",
              "match_to", "crawford", "crawford_done", "offered", "turn_no",
              "used"):
        assert getattr(a, f) == getattr(b, f), f


def _games(seed, n_turns):
    """A game played ``n_turns`` turns by random single moves, with a
    double taken on the way; yields it after every action."""
    rng = random.Random(seed)
    g = G.BgGame(match_to=rng.choice((0, 3, 5)), dice=Dice(seed=seed))
    yield g
    g.start_game()
    for _ in range(n_turns):
        while not g.turn_done():
            yield g
            s = rng.choice(g.movable())
            g.move(s, rng.choice(g.targets(s))[1])
        yield g
        if g.confirm():
            yield g
            return
        yield g
        if g.can_double() and rng.random() < 0.2:
            g.double()
            yield g
            g.take()
        g.roll()


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_in_every_state(seed):
    for g in _games(seed, 40):
        data = dumps(g)
        assert len(data) == SAVE_SIZE
        _same(g, loads(data))


def damage_is_a_save_error(data, loads):
    """A save ``data`` with a few bytes changed, cut short, or None: every
    one a ``SaveError`` from ``loads`` (Long Nardy's save's test too)."""
    data = bytearray(data)
    rng = random.Random(2)
    for _ in range(2000):
        bad = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            bad[rng.randrange(len(bad))] = rng.randrange(256)
        if bad == data:
            continue
        with pytest.raises(SaveError):
            loads(bytes(bad))
    for cut in range(len(data)):
        with pytest.raises(SaveError):
            loads(bytes(data[:cut]))
    with pytest.raises(SaveError):
        loads(None)


def test_damage_is_a_save_error():
    g = next(x for k, x in enumerate(_games(1, 10)) if k == 5)
    damage_is_a_save_error(dumps(g), loads)


def test_fuzzed_bytes_with_a_valid_checksum_load_or_say_why():
    from minigam.core.saveframe import crc16
    rng = random.Random(3)
    for _ in range(3000):
        b = bytearray(rng.randrange(256) for _ in range(SAVE_SIZE))
        b[0], b[1] = 0x42, 1
        c = crc16(b, end=38)
        b[38], b[39] = c >> 8, c & 255
        try:
            g = loads(bytes(b))
        except SaveError:
            continue
        assert sum(g.pos[0:26]) == 15 and sum(g.pos[26:52]) == 15
