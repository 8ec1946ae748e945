"""A key in the AI's turn gets its frame while the AI works: the 24-point
games' move generation calls ``minigam.app.ai_turn_keys.between`` during a
long search, and a key's frame comes before the AI's next slice."""

import pytest

from minigam.app.ai_turn_keys import between
from minigam.app.states import AI, STATE_NAMES
from minigam.bg.ai import SLICE
from minigam.host.simulator import sim
from minigam.hw.keys import key_code

GAME_KEYS = {"backgammon": "X X X A Y Y Y ", "nardy": "X X X A A Y Y Y "}


def _to_ai_turn(game):
    """A session vs the AI, stopped at the first pass of the AI's turn."""
    session = sim.Session("pico-st7789", seed=7)
    for kind, arg in sim.parse_script(GAME_KEYS[game] + "A"):
        sim.run_step(session, kind, arg)
    A = key_code("A")
    for _ in range(400):
        if session.app.state == AI:
            return session
        session.press(A)
        session.tick()
        session.release(A)
        for _ in range(3):  # one pass at a time: the AI's turn is short
            session.hw.clock.advance(5)
            session.now = session.hw.clock.now
            session.tick()
            if session.app.state == AI:
                return session
    raise AssertionError("no AI turn reached; in %s"
                         % STATE_NAMES[session.app.state])


@pytest.mark.parametrize("game", sorted(GAME_KEYS))
def test_a_key_in_the_move_generation_is_drawn_at_once(game):
    session = _to_ai_turn(game)
    app = session.app
    try:
        assert app.ai.rules.between is not None
        frames = app.frames
        session.press(key_code("RIGHT"))
        app.ai.rules.between()  # as the search calls it
        assert app.waited and app.frames == frames + 1
        assert app.state == AI
    finally:
        session.close()


def test_between_does_nothing_outside_the_ai_turn():
    session = sim.Session("pico-st7789", seed=7)
    try:
        for kind, arg in sim.parse_script(GAME_KEYS["backgammon"] + "A"):
            sim.run_step(session, kind, arg)
        app = session.app
        state, frames = app.state, app.frames
        session.press(key_code("B"))  # would leave for the menu
        between(app)  # a hint's search in the player's turn, say
        assert (app.state, app.frames) == (state, frames)
        taken = app.keys_taken
        session.tick()  # the key is still there for the main loop
        assert app.keys_taken == taken + 1
    finally:
        session.close()


def _spread(game):
    """The game's rules module and a position 12 random plays in: the
    checkers spread, doubles with many plays."""
    if game == "backgammon":
        from minigam.bg import rules as R
    else:
        from minigam.nardy import rules as R
    import random
    rng = random.Random(3)
    pos = R.new_position()
    walk = R.Rules()
    for _ in range(12):
        n = walk.plays(pos, rng.randint(1, 6), rng.randint(1, 6))
        if n:
            walk.apply(pos, rng.randrange(n))
        else:
            pos[R.TURN] = 3 - pos[R.TURN]
    return R, pos


@pytest.mark.parametrize("game", sorted(GAME_KEYS))
def test_the_search_calls_between_and_finds_the_same_plays(game):
    R, pos = _spread(game)
    quiet, hooked = R.Rules(), R.Rules()
    calls = []
    hooked.between = lambda: calls.append(1)
    for d in range(1, 7):
        n = quiet.plays(pos, d, d)
        assert hooked.plays(pos, d, d) == n
        assert hooked.moves[:8 * n] == quiet.moves[:8 * n]
    assert calls  # a double's search yields now and then
    if game == "nardy":
        # Long Nardy's other rolls search both orders with an exact
        # dedupe (up to about 60 ms on a Pico): they yield too.
        # Each first step yields: its second steps and their dedupe took
        # up to 25 ms for two (a key's frame 42 ms late).
        m = 0 if pos[R.TURN] == 1 else R.BLOCK
        for d1 in range(1, 7):
            for d2 in range(d1 + 1, 7):
                del calls[:]
                n = quiet.plays(pos, d1, d2)
                assert hooked.plays(pos, d1, d2) == n
                assert hooked.moves[:8 * n] == quiet.moves[:8 * n]
                firsts = sum(1 for da in (d1, d2) for s in range(1, R.OFF)
                             if pos[m + s] and R.can_move(pos, m, s, da, True))
                assert len(calls) == firsts


@pytest.mark.parametrize("game", sorted(GAME_KEYS))
def test_a_key_in_the_last_slice_is_drawn_before_the_first_move(game):
    # The last slice ends the search; the same pass would show the AI's
    # first move before reading the key (a key's frame 31 ms late on a
    # Pico). The search's end calls between(): the key's frame first.
    session = _to_ai_turn(game)
    app = session.app
    try:
        ai = app.ai
        ai.begin(_spread(game)[1], 4, 2)
        assert not ai.done  # a choice to search
        finished = False
        while not finished:
            frames = app.frames
            if ai._k >= 0 and ai._k + SLICE >= ai._n:  # the last slice
                session.press(key_code("RIGHT"))
            finished = ai.step()
            assert app.waited == finished
        assert app.frames == frames + 1
        assert app.state == AI
    finally:
        session.close()
