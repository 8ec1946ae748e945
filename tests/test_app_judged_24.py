"""The tutor and the game review in Backgammon and Long Nardy, in the real
app driven by keys: the tutor names a planted error with the better play
and takes it back, and the game-over review measures every decision of a
whole game as an independent Hard judge does, page by page."""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import app as A  # noqa: E402
from minigam.core.review import (LIMITS, MARKS, Review, grade,  # noqa: E402
                                 loss_text, play_text, with_hits)
from minigam.hw import keys as K  # noqa: E402

from test_app_bg import choose_backgammon  # noqa: E402
from test_app_features import (menu_to, menu_to_top,  # noqa: E402
                               play_by_keys, to_human_pick)
from test_app_flows import Rig  # noqa: E402
from test_app_nardy import choose_nardy  # noqa: E402


def hard(kind):
    """An independent Hard judge of game ``kind`` (its own buffers)."""
    if kind == 1:
        from minigam.bg.ai import BgAI
        return BgAI("hard", seed=0)
    from minigam.nardy.ai import NardyAI
    return NardyAI("hard", seed=0)


GAMES = {"backgammon": (1, choose_backgammon), "nardy": (2, choose_nardy)}


def start(profile, game, seed):
    """A game against the AI with the tutor on, chosen by keys."""
    rig = Rig(profile, seed=seed)
    kind, choose = GAMES[game]
    choose(rig)
    assert menu_to(rig, "Tutor") == "Tutor: Off"
    rig.press(K.A)
    assert rig.app.settings.tutor
    menu_to_top(rig)
    rig.press(K.A)  # Play vs AI
    assert rig.app.game.KIND == kind and rig.app.tutor
    return rig


def plays(judge, game):
    """Every play of the turn as ``(steps, result)``: steps ``(src, die)``
    in the rules' order, the result with the turn passed."""
    rules = judge.rules
    pos = game.turn_start()
    n = rules.plays(pos, game.d1, game.d2)
    out = []
    for k in range(n):
        mv = rules.moves
        steps = []
        for j in range(rules.steps(k)):
            steps.append((mv[8 * k + 2 * j], mv[8 * k + 2 * j + 1]))
        res = bytearray(pos)
        rules.apply(res, k)
        out.append((steps, res))
    return out


def wait_check(rig):
    for _ in range(400):
        if rig.app.state != A.CHECK:
            return
        rig.tick()
    raise AssertionError("the tutor's check never ended")


def plant_error(rig, kind, limit=40):
    """At the human's turns, play Hard's best until a roll has a play
    that gives away more than the doubtful threshold: returns the judge,
    that play's steps and its loss (the turn is at its start)."""
    app = rig.app
    for _ in range(limit):
        to_human_pick(rig)
        g = app.game
        judge = hard(kind)
        judge.choose(g.turn_start(), g.d1, g.d2)
        got = [(judge.loss_of(res), steps) for steps, res in plays(judge, g)]
        loss, steps = max(got, key=lambda e: e[0])
        if loss > LIMITS[kind][0]:
            return judge, steps, loss
        play_by_keys(rig, judge.steps)  # the best: no notice
        rig.press(K.A)
        wait_check(rig)
        assert app.state != A.TUTOR
    raise AssertionError("no error to plant")


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("profile", ("pybadge", "pico-st7789",
                                     "pico-ili9341"))
def test_the_tutor_names_a_planted_error(profile, game):
    kind = GAMES[game][0]
    rig = start(profile, game, seed=6)
    app = rig.app
    judge, bad, loss = plant_error(rig, kind)
    g = app.game
    begin = bytearray(g.pos)
    turn = g.turn_no
    play_by_keys(rig, bad)
    assert app.state == A.DONE
    rig.press(K.A)
    wait_check(rig)
    assert app.state == A.TUTOR
    rig.shot("tutor-%s" % game)
    assert app.board.ban1.text == "%s -%s" % (MARKS[grade(loss, kind)],
                                               loss_text(loss, kind))
    best = play_text(kind, g.player, with_hits(g, begin, judge.steps))
    if len(best) + 5 <= app.board.ban_chars:
        best = "Best " + best
    assert app.board.ban2.text == best
    # B takes it back; X shows the better play as the hint.
    rig.press(K.B)
    assert app.state == A.PICK and g.pos == begin and g.turn_no == turn
    play_by_keys(rig, bad)
    rig.press(K.A)
    wait_check(rig)
    played = bytearray(g.pos)
    rig.press(K.X)  # the hint leaves the player's play on the board
    assert app.state == A.HINT and g.pos == played
    rig.tick()
    assert app.adv.steps == judge.steps
    rig.press(K.A)  # the hint ends: the notice again, to keep the error
    assert app.state == A.TUTOR and g.pos == played
    rig.press(K.A)
    assert g.turn_no == turn + 1


def play_out(rig, rng, limit=20000):
    """Keys until the game is over, the tutor's notices kept (A) or
    taken back (B)."""
    app = rig.app
    for _ in range(limit):
        if app.state == A.OVER:
            return
        if app.state in (A.AI, A.AIMOVE, A.CHECK):
            rig.tick(ms=100)
        elif app.state == A.OFFER:
            rig.press(K.A)
        elif app.state == A.TUTOR:
            rig.press(K.A if rng.random() < 0.8 else K.B)
        else:
            rig.press(K.X if rng.random() < 0.15 else K.A)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_review_measures_every_decision_of_a_whole_game(game):
    kind = GAMES[game][0]
    rig = start("pico-st7789", game, seed=3)
    app = rig.app
    play_out(rig, random.Random(2))
    g = app.game
    rig.press(K.X)
    assert app.state == A.SUMMARY
    assert "X:review" in [lb.text for lb in app.text.lines]
    rig.press(K.X)
    assert app.state == A.REVIEW
    for _ in range(20000):
        if app.review is not None and app.review.done and app.text:
            break
        rig.tick()
    r = app.review
    assert r.done and app.adv is None
    want = Review(g, (1,), hard(kind))
    while not want.step():
        pass
    assert want.n >= 10
    assert r.n == want.n and abs(r.total - want.total) < 1e-9
    assert [(d.turn, d.loss) for d in r.worst] == \
        [(d.turn, d.loss) for d in want.worst]
    rig.shot("review-%s" % game)
    lines = [lb.text for lb in app.text.lines]
    assert lines[0] == "You: %d decisions" % want.n
    assert lines[1:3] == ["Mean loss a move:", "  %s points" % loss_text(
        want.total / want.n, kind)]
    for k, d in enumerate(want.worst):
        rig.press(K.X)
        assert app.text.title.text == "Error %d of %d" % (k + 1,
                                                         len(want.worst))
        lines = [lb.text.strip() for lb in app.text.lines]
        assert lines[0] == "Turn %d, roll %d-%d" % (  # high die first
            d.turn, max(d.d1, d.d2), min(d.d1, d.d2))
        played = play_text(kind, 1, d.played)
        assert lines[2] == played[:len(lines[2])]
        assert lines[5] == "%s -%s" % (MARKS[grade(d.loss, kind)] or "Lost",
                                       loss_text(d.loss, kind))
        rig.shot("review-%s-error-%d" % (game, k + 1))
    rig.press(K.B)
    assert app.state == A.SUMMARY
    rig.press(K.A)
    assert app.state == A.OPEN  # the next game
