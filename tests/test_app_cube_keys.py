"""Issue 54: Backgammon's keys that give points away. The hint chord (X and
Y together) never acts on its first key, whichever comes first; a double,
a drop and a resignation are asked once ("Double to 2? A:yes B:no"); and
the position page (Y) opens while a double is to be answered."""

import os

import pytest

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.app import app as A  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.app import states as S  # noqa: E402
from minigam.bg import game as G  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

from test_app_flows import Rig  # noqa: E402
from test_app_bg import choose_backgammon  # noqa: E402


def to_roll(two=False, seed=2, profile="pico-st7789"):
    """A Backgammon game, its human mover at the roll prompt."""
    rig = Rig(profile, seed=seed)
    app = rig.app
    choose_backgammon(rig)
    rig.press(*((K.X, K.A) if two else (K.A,)))
    assert app.mode == (P.MODE_2P if two else P.MODE_AI)
    rig.press(K.A)  # the opening roll
    for _ in range(200):
        rig.wait_human()
        if app.state == A.ROLL and app.game.can_double():
            return rig
        rig.press(K.A)
    raise AssertionError("never at a roll prompt")


def chord(rig, first, second):
    """``first`` held, ``second`` pressed, both released."""
    keys = rig.hw.keys
    keys.hold(first)
    rig.tick()
    keys.hold(second)
    rig.tick()
    keys.release(first)
    keys.release(second)
    rig.tick(3)


@pytest.mark.parametrize("first,second", [(K.X, K.Y), (K.Y, K.X)])
def test_the_hint_chord_before_a_roll_neither_doubles_nor_opens_the_page(
        first, second):
    rig = to_roll()
    app = rig.app
    g = app.game
    chord(rig, first, second)
    assert g.cube == 1 and g.state != G.CUBE
    assert app.state == A.ROLL and app.text is None
    assert app.board.msg_lb.text.strip() in ("Hint: double", "Hint: roll")


def test_a_double_is_asked_once():
    rig = to_roll()
    app = rig.app
    g = app.game
    rig.press(K.X)
    assert app.state == S.ASK
    assert app.board.ban1.text == "Double to 2?"
    assert app.board.ban2.text == "A:yes B:no"
    rig.press(K.B)
    assert app.state == A.ROLL and g.cube == 1
    rig.press(K.X, K.A)  # asked, yes: the AI looks ahead, then answers
    assert app.state == A.AI and app.looking
    assert app.board.ban1.text == "Double to 2"
    assert app.board.ban2.text == "AI thinks..."
    rig.wait_human()
    assert g.cube == 2 or g.winner


def test_x_held_then_another_key_does_not_double():
    """X pressed, A pressed before X is let go: A rolls; X does nothing."""
    rig = to_roll()
    app = rig.app
    keys = rig.hw.keys
    keys.hold(K.X)
    rig.tick()
    rig.press(K.A)
    keys.release(K.X)
    rig.tick(3)
    assert app.state != S.ASK and app.game.cube == 1 and app.game.d1


def test_an_offered_double_asks_before_a_drop_and_shows_the_position():
    rig = to_roll(two=True)
    app = rig.app
    g = app.game
    p = g.player
    rig.press(K.X, K.A)  # P doubles
    assert app.state == A.OFFER and g.offered == p
    assert "Y:IDs" in app.board.msg_lb.text
    rig.press(K.Y)  # the position page, to look the position up
    assert app.state == S.GAMEPAGE
    lines = [t.text for t in app.text.lines]
    assert any("Match ID" in t for t in lines)
    assert not any(t.startswith("Resign") for t in lines)
    rig.press(K.B)
    assert app.state == A.OFFER and app.text is None or \
        app.text.group.hidden
    chord(rig, K.X, K.Y)  # the hint of the answer; nothing answered
    assert app.state == A.OFFER and g.state == G.CUBE
    assert app.board.msg_lb.text.strip() in ("Hint: take", "Hint: drop")
    rig.press(K.B)
    assert app.state == S.ASK and app.board.ban1.text == "Drop: lose 1?"
    rig.press(K.B)
    assert app.state == A.OFFER and not g.winner
    rig.press(K.A)
    assert g.cube == 2 and g.cube_owner == 3 - p


def test_the_match_id_on_an_offer_says_a_double_is_to_answer():
    from minigam.bg.ids import parse_match_id
    rig = to_roll(two=True)
    app = rig.app
    g = app.game
    p = g.player
    rig.press(K.X, K.A, K.Y)
    lines = [t.text for t in app.text.lines]
    mid = [t for t in lines if len(t) == 12 and " " not in t] or \
        [t.split()[-1] for t in lines if t.startswith("Match ID ")]
    f = parse_match_id(mid[-1])
    assert f["double"] == 1 and f["move"] == p - 1 and f["turn"] == 2 - p


def test_a_drops_words_stay_with_their_game():
    """"Dropped" on the bottom line is the game's end; the next game's
    roll prompt names its keys again."""
    rig = to_roll(two=True)
    app = rig.app
    g = app.game
    rig.press(K.X, K.A)  # doubled
    rig.press(K.B, K.A)  # dropped, asked once
    assert app.state == A.OVER and g.dropped
    rig.press(K.A, K.A)  # the summary, then the next game
    assert app.state == A.OPEN and not g.dropped
    rig.press(K.A)
    for _ in range(50):
        if app.state == A.ROLL:
            break
        rig.press(K.A)
    assert app.state == A.ROLL
    assert app.cube_note is None
    assert app.board.msg_lb.text.strip() != "Dropped"


def test_mashing_a_at_game_over_shows_the_summary_first():
    rig = to_roll(two=True)
    app = rig.app
    rig.press(K.X, K.A, K.B, K.A)  # doubled and dropped
    assert app.state == A.OVER
    assert app.board.msg_lb.text.strip() == "A:more B:menu"
    rig.press(K.A)
    assert app.state == A.SUMMARY  # not the next game
    rig.press(K.X)  # the review
    for _ in range(200):
        if app.text is not None and not app.text.group.hidden:
            break
        rig.tick()
    rig.press(K.A)  # A does nothing in the review
    assert app.state == A.REVIEW
    rig.press(K.B)
    assert app.state == A.SUMMARY
    rig.press(K.A)
    assert app.state == A.OPEN


def test_a_score_never_reads_past_the_match_length():
    """A gammon at a cube of 2 in a 3-point match is worth 4 points: the
    match is won 3-0 (the banner gives the game's 4 points)."""
    rig = Rig("pico-st7789", seed=2)
    app = rig.app
    choose_backgammon(rig)
    app.settings.match = 1  # 3 points
    rig.press(K.X, K.A)  # two players
    g = app.game
    assert g.match_to == 3
    g.score = [0, 0]
    g.cube, g.cube_owner = 2, 1
    g.match_winner = 0
    g._finish(2, 4)  # (the flow's end of a game: 4 points to player 2)
    assert g.score[1] == 4 and g.match_winner == 2
    assert (g.shown(0), g.shown(1)) == (0, 3)
    rig.tick(2)
    assert "4" not in app.board.score_lb.text.replace("/3", "")
