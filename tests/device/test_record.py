"""Tests of minigam.quarter.record: export, round trip, and replay rejecting every
kind of illegal or malformed turn. Plain functions, bare asserts."""

from minigam.core.dice import Dice
from minigam.quarter.game import Game, NEW, ROLL, MOVE, OVER
from minigam.quarter.notation import format_position
from minigam.quarter.record import HEADER, RecordError, export, load, replay
from minigam.quarter.rules import Rules
from refgen import Lcg

START = "0,0,0,0,0,0/8,8/0,0/1"

# A short legal game, checked by hand from the rule book (P1 enters 3-1 by
# bar/3 3/4; P2 enters 5-5 on point 2 twice; ...).
HEAD = HEADER + "\nvariant: standard\nstart: " + START + "\nopening: 3-1\n"
T1 = "1. P1 3-1 bar/3 3/4 => 0,0,0,1,0,0/7,8/0,0/2\n"
T2 = "2. P2 5-5 bar/2 bar/2 => 0,-2,0,1,0,0/7,6/0,0/1\n"


def _err(text):
    """The RecordError of ``text`` (asserting there is one)."""
    try:
        replay(text)
    except RecordError as exc:
        assert str(exc) == "line %d: %s" % (exc.line, exc.reason)
        return exc
    assert False, "accepted: %r" % text


def _choose(game, rng):
    while not game.turn_done():
        srcs = game.movable()
        src = srcs[rng.below(len(srcs))]
        ts = game.targets(src)
        game.move(src, ts[rng.below(len(ts))][1])


def _random_game(seed, rules=None, stop_after=None):
    g = Game(rules=rules, dice=Dice(seed=seed))
    rng = Lcg(seed)
    g.start_game()
    while g.state != OVER:
        if stop_after is not None and g.turn_no >= stop_after:
            break
        if g.state == ROLL:
            g.roll()
        _choose(g, rng)
        g.confirm()
    return g


def test_example_of_the_issue_is_accepted():
    games = replay(HEAD + T1 + T2)
    g = games[0]
    assert len(games) == 1
    assert format_position(g.pos) == "0,-2,0,1,0,0/7,6/0,0/1"
    assert g.state == ROLL and g.player == 1 and g.turn_no == 2
    assert g.opening == (3, 1)


def test_any_order_of_the_same_play_is_accepted():
    # bar/1 1/4 reaches the same position as bar/3 3/4.
    t = "1. P1 3-1 bar/1 1/4 => 0,0,0,1,0,0/7,8/0,0/2\n"
    assert format_position(replay(HEAD + t)[0].pos) == \
        "0,0,0,1,0,0/7,8/0,0/2"
    t = "1. P1 1-3 bar/3 bar/1 => 1,0,1,0,0,0/6,8/0,0/2\n"
    replay(HEAD + t)


def test_round_trip_finished_and_running_games():
    for seed in range(6):
        rules = Rules(full_entry=seed % 2 == 1)
        g = _random_game(seed, rules)
        text = export(g)
        assert text.startswith(HEADER + "\nvariant: ")
        assert ("full-entry" in text) == rules.full_entry
        assert text.endswith("winner: P%d\n" % g.winner)
        back = replay(text)[0]
        # (turns may differ only in which die bore a checker off when the
        # notation cannot tell, e.g. 2/off 2/off with 6-4; the text agrees)
        assert back.pos == g.pos and len(back.turns) == len(g.turns)
        assert back.winner == g.winner and back.state == OVER
        assert export(back) == text
        # a running game: no winner line, and it can go on after loading
        r = _random_game(seed, rules, stop_after=5)
        text = export(r)
        assert "winner" not in text
        back = load(text, Dice(seed=1))
        assert back.pos == r.pos and back.turn_no == 5
        assert export(back) == text
        if back.state == ROLL:
            back.roll()
        _choose(back, Lcg(seed))
        back.confirm()
        assert back.turn_no == 6
        assert export(back).startswith(text[:-1])


def test_new_game_and_resumed_game_records():
    g = Game()
    text = export(g)
    assert text == HEADER + "\nvariant: standard\nstart: " + START + "\n"
    assert load(text).state == NEW
    # a game set up mid-way has no opening; its turns number on
    g = Game()
    from minigam.quarter.notation import parse_position
    g.setup(parse_position("0,-2,0,0,1,1/0,0/6,6/1"))
    g.first_turn = g.turn_no = 30
    g.roll(4, 1)
    g.play_steps([(5, 4), (6, 1)])
    g.confirm()
    text = export(g)
    assert "31. P1 4-1 5/off 6/off => 0,-2,0,0,0,0/0,0/8,6/2\nwinner: P1\n" \
        in text
    back = load(text)
    assert back.winner == 1 and back.turn_no == 31


def test_a_match_is_a_sequence_of_records():
    texts = [export(_random_game(s)) for s in (7, 8, 9)]
    games = replay("\n".join(texts))
    assert len(games) == 3
    for k in range(3):
        assert export(games[k]) == texts[k]


def test_pass_and_higher_die_bear_off_notation():
    text = (HEADER + "\nvariant: standard\nstart: 0,0,-2,0,-2,-2/8,2/0,0/1\n"
            "1. P1 3-5 - => 0,0,-2,0,-2,-2/8,2/0,0/2\nwinner: P1\n")
    assert _err(text).line == 5  # the game is not over
    text = text.replace("winner: P1\n", "")
    assert replay(text)[0].turns == [(1, 3, 5, ())]
    text = (HEADER + "\nvariant: standard\nstart: 0,-2,0,0,1,1/0,0/6,6/1\n"
            "5. P1 4-1 5/off 6/off => 0,-2,0,0,0,0/0,0/8,6/2\nwinner: P1\n")
    g = replay(text)[0]
    assert g.winner == 1 and g.turns == [(1, 4, 1, ((5, 4, 0), (6, 1, 0)))]


def test_replay_rejects_illegal_turns():
    good = HEAD + T1 + T2
    replay(good)
    cases = (
        # (replace this, with this, on line, reason contains)
        ("1. P1 3-1", "1. P2 3-1", 5, "not on roll"),
        ("1. P1 3-1", "1. P1 4-1", 5, "opening dice"),
        ("2. P2 5-5", "2. P1 5-5", 6, "not on roll"),
        ("2. P2 5-5", "3. P2 5-5", 6, "turn number"),
        ("bar/3 3/4", "bar/3 3/5", 5, "illegal move"),
        ("bar/3 3/4", "bar/3", 5, "incomplete"),
        ("bar/3 3/4", "bar/3 3/4 4/5", 5, "too many"),
        ("bar/3 3/4", "bar/3* 3/4", 5, "drop the '*'"),
        ("bar/3 3/4", "-", 5, "pass"),
        ("bar/3 3/4", "bar/3 3/2", 5, "backwards"),
        ("bar/3 3/4", "bar/3 3/x", 5, "bad point"),
        ("0,0,0,1,0,0/7,8/0,0/2\n", "0,0,1,0,0,0/7,8/0,0/2\n", 5,
         "the play gives"),
        ("0,0,0,1,0,0/7,8/0,0/2\n", "0,0,0,1,0,0/7,8/0,0/1\n", 5,
         "the play gives"),
        ("0,0,0,1,0,0/7,8/0,0/2\n", "0,0,0,1,0,0/7,7/0,0/2\n", 5,
         "bad position"),
        (" => 0,0,0,1", " 0,0,0,1", 5, "expected a turn"),
        ("bar/2 bar/2 =>", "bar/2 bar/3 =>", 6, "illegal move"),
        ("opening: 3-1", "opening: 3-3", 4, "tie"),
        ("opening: 3-1", "opening: 1-3", 4, "opening winner"),
        ("variant: standard", "variant: tiny", 2, "variant"),
        ("start: 0,0", "start: 9,0", 3, "start position"),
        (HEADER, "MINIGAM record 2", 1, "unsupported record version"),
        (HEADER, "hello", 1, "expected 'MINIGAM record 1'"),
        ("1. P1", "1 P1", 5, "turn number"),
        ("1. P1", "1. P3", 5, "player must be"),
        ("3-1 bar/3", "3-x bar/3", 5, "roll"),
    )
    for old, new, line, why in cases:
        assert old in good, old
        e = _err(good.replace(old, new, 1))
        assert e.line == line, (old, new, e.line, str(e))
        assert why in e.reason, (old, new, str(e))


def test_hits_must_be_marked():
    text = (HEADER + "\nvariant: standard\nstart: 0,-1,0,0,0,0/8,7/0,0/1\n"
            "1. P1 5-2 bar/2* 2/off => 0,0,0,0,0,0/7,8/1,0/2\n")
    replay(text)
    e = _err(text.replace("bar/2*", "bar/2"))
    assert e.line == 4 and "hits" in e.reason


def test_must_pass_but_moved():
    text = (HEADER + "\nvariant: standard\nstart: 0,0,-2,0,-2,-2/8,2/0,0/1\n"
            "1. P1 3-5 bar/3 => 0,0,-2,0,-2,-2/8,2/0,0/2\n")
    e = _err(text)
    assert e.line == 4 and "must be '-'" in e.reason


def test_winner_lines():
    g = _random_game(3)
    text = export(g)
    lines = text.split("\n")
    n = len(lines) - 2  # 1-based number of the winning turn line
    e = _err(text.replace("winner: P%d\n" % g.winner, ""))
    assert e.line == n and "missing" in e.reason
    e = _err(text.replace("winner: P%d" % g.winner,
                          "winner: P%d" % (3 - g.winner)))
    assert e.line == n + 1 and "won" in e.reason
    e = _err(text + "winner: P%d\n" % g.winner)
    assert e.line == n + 2 and "second winner" in e.reason
    e = _err(text + lines[n - 1] + "\n")
    assert e.line == n + 2
    e = _err(text.replace("winner: P%d" % g.winner, "winner: me"))
    assert "P1 or P2" in e.reason
    # a turn after a win without a winner line in between
    e = _err(text.replace("winner: P%d\n" % g.winner, lines[n - 1] + "\n"))
    assert e.line == n + 1 and "after the game was won" in e.reason


def test_garbage_and_truncation_raise_only_record_error():
    good = export(_random_game(5))
    assert _err("").line == 1
    assert _err("\n\n  \n").line == 1
    assert _err("\x00\x01\xff garbage").line == 1
    e = _err(HEADER + "\n")
    assert "ends early" in e.reason
    # every truncation and many mutations: a RecordError or a valid replay
    cut = 0
    while cut < len(good):
        try:
            replay(good[:cut])
        except RecordError:
            pass
        cut += 7
    rng = Lcg(77)
    chars = "0123456789/,-*P. :abx\n"
    for _ in range(300):
        k = rng.below(len(good))
        bad = good[:k] + chars[rng.below(len(chars))] + good[k + 1:]
        try:
            replay(bad)
        except RecordError:
            pass
    assert _err(123).line == 1
