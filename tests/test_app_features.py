"""The player features, driven through the real app by key events on every
profile: the hint, the tutor, the game review, your own dice, the key tips
of the bottom line, the menu's "more" arrows and the game-over board.
Frames go to build/test-frames/<profile>/ to look at.
"""

import os
import random
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.quarter.ai import AIPlayer  # noqa: E402
from minigam.app import app as A  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.hw import keys as K  # noqa: E402
from minigam.quarter.notation import format_play  # noqa: E402
from minigam.core.review import Review, with_hits, LIMITS, loss_text  # noqa: E402

DOUBTFUL, BLUNDER = LIMITS[0][:2]  # MINIGAM's

import test_app_flows as flows  # noqa: E402

ALL = flows.ALL


def col(player, index):
    return index if player == 1 else 7 - index


def menu_to(rig, text):
    """Move the menu's pointer to the item starting with ``text``: on the
    page shown, else on the main page, Settings or Statistics."""
    app = rig.app
    for opener in (None, "Settings", "Statistics"):
        if opener is not None:
            menu_to_top(rig)
            for _ in range(len(A._menu().menu_items(app))):
                if app.text.lines[app.menu_sel].text == opener:
                    break
                rig.press(K.X)
            rig.press(K.A)
        for _ in range(len(A._menu().menu_items(app))):
            item = app.text.lines[app.menu_sel - app.text.first].text
            if item.startswith(text):
                return item
            rig.press(K.X)
    raise AssertionError("no menu item " + text)


def menu_to_top(rig):
    """Back to the main page (B), its pointer on its first line (Y)."""
    rig.press(K.B)
    for _ in range(20):
        if rig.app.menu_sel == 0:
            return
        rig.press(K.Y)
    raise AssertionError("the menu's pointer never reached the top")


def to_human_pick(rig, limit=400):
    """Keys (A) and time until a human is to pick a checker."""
    app = rig.app
    for _ in range(limit):
        st = app.state
        if st == A.PICK and not app.game.steps:
            return
        if st in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        elif st in (A.OVER, A.MENU):
            raise AssertionError("the game ended first")
        else:
            rig.press(K.A)
    raise AssertionError("no human turn")


def play_by_keys(rig, steps):
    """Play ``(src, die)`` moves by picking and placing with X and A (in
    any game: the board's places are ``app.col``'s)."""
    app = rig.app
    g = app.game
    for src, die in steps:
        p = g.player
        want = app.col(p, src)
        for _ in range(30):
            if app.srcs[app.ci] == want:
                break
            rig.press(K.X)
        rig.press(K.A)
        assert app.state == A.DEST
        dst = app.col(p, min(src + die, g.OFF))
        for _ in range(30):
            if app.tgts[app.ci][:2] == (dst, die):
                break
            rig.press(K.X)
        rig.press(K.A)


def hint_chord(rig):
    """X and Y together (X held, Y pressed)."""
    rig.hw.keys.hold(K.X)
    rig.tick()
    rig.hw.keys.push(K.Y)
    rig.tick()
    rig.hw.keys.release(K.X)
    rig.tick()


def hard_analysis(game):
    """A Hard AIPlayer that has analysed the current turn from its start."""
    ai = AIPlayer(game.rules, "hard", 0)
    ai.choose(game.turn_start(), game.d1, game.d2)
    return ai


# -- the hint ----------------------------------------------------------------

@pytest.mark.parametrize("profile", ALL)
def test_hint_shows_hards_play_move_by_move_and_any_key_ends_it(profile):
    rig = flows.Rig(profile, seed=4)
    app = rig.app
    rig.press(K.A)  # Play vs AI (Medium: the hint's Hard is its own)
    to_human_pick(rig)
    g = app.game
    start = bytearray(g.pos)
    best = hard_analysis(g).steps
    assert app.board.msg_lb.text.strip() == "A:pick X:next"
    hint_chord(rig)
    assert app.state == A.HINT
    for _ in range(50):
        if app.hint_k >= 0:
            break
        rig.tick()
    assert app.adv.steps == best
    p = g.player
    seen = []
    for k in range(len(best) + 1):
        assert app.hint_k == k
        fr = rig.shot("hint-%d" % k)
        if k < len(best):
            src, die = best[k]
            assert app.board.sel_col == col(p, src)
            dst = col(p, min(src + die, 7))
            assert app.board.target_mask == 1 << dst
            assert app.board.msg_lb.text.strip() == "Hint %d/%d" % (
                k + 1, len(best))
            # the picked-up checker is drawn in the cursor's colour
            assert flows.checker_at(fr, app.lay, app.board.sel_col,
                                    app.board.sel_k) == 3
        else:
            assert app.board.msg_lb.text.strip() == "Hint: any key"
        seen.append(bytes(app.board.pos))
        rig.tick(ms=P.SPEEDS[app.settings.speed])
    assert seen[0] == bytes(start)  # shown from the turn's start
    assert app.hint_k == 0  # it starts over
    # Any key ends it, and does nothing else: B neither undoes nor leaves.
    rig.press(K.B)
    assert app.state == A.PICK and g.pos == start and not g.steps
    assert app.adv is None  # nothing kept: the tutor is off
    assert "minigam.app.hint" not in sys.modules  # nor the hint's code
    assert "minigam.app.coach" not in sys.modules
    # The hint takes a half-built turn back to its start.
    rig.press(K.A, K.A)
    if app.state in (A.PICK, A.DONE) and g.steps:
        hint_chord(rig)
        assert app.state == A.HINT and not g.steps and g.pos == start
        rig.press(K.A)
        assert app.state == A.PICK and not g.steps


def test_the_hint_borrows_a_hard_ais_search():
    rig = flows.Rig("pico-st7789", seed=4)
    app = rig.app
    app.settings.level = 2  # Hard
    rig.press(K.A)
    to_human_pick(rig)
    hint_chord(rig)
    assert app.adv is app.ai


def test_the_tutor_judges_with_the_game_ai_set_to_hard_between_its_turns():
    """Against Medium, the judge is the game's own AI at Hard (one
    player's buffers in the heap, not two); at its turn it plays Medium."""
    rig = flows.Rig("pico-st7789", seed=4)
    app = rig.app
    app.settings.tutor = True
    rig.press(K.A)
    to_human_pick(rig)
    for _ in range(20):
        rig.tick()
    assert app.adv is app.ai and app.ai.level == "hard"
    rng = random.Random(1)
    for _ in range(100):
        if app.state in (A.AI, A.AIMOVE):
            break
        if app.state == A.TUTOR:
            rig.press(K.A)  # keep the play
        else:
            flows.human_step(rig, rng)
    assert app.state in (A.AI, A.AIMOVE) and app.ai.level == "medium"


def test_y_alone_still_undoes_the_turn_and_the_tips_name_it():
    rig = flows.Rig("pico-st7789", seed=4)
    app = rig.app
    rig.press(K.A)
    to_human_pick(rig)
    g = app.game
    start = bytearray(g.pos)
    rig.press(K.A, K.A)  # one move
    if not g.steps:
        pytest.skip("the first move ended the turn")
    tips = []
    for _ in range(4):
        tips.append(app.board.msg_lb.text.strip())
        rig.tick(ms=A.TIP_MS)
    assert "Y:undo turn" in tips and "X+Y:hint" in tips
    rig.press(K.Y)
    assert not g.steps and g.pos == start and app.state == A.PICK


# -- the tutor ---------------------------------------------------------------

def _result(rules, pos, steps):
    q = bytearray(pos)
    m = 0 if q[16] == 1 else 8
    for s, d in steps:
        rules.do_move(q, m, s, d)
    q[16] = 3 - q[16]
    return q


def all_plays(game):
    """Every play of the turn as (src, die) lists, with its result."""
    rules = game.rules
    start = game.turn_start()
    from minigam.quarter.notation import play_steps
    n = rules.plays(start, game.d1, game.d2)
    out = []
    for k in range(n):
        rules.plays(start, game.d1, game.d2)
        steps = [(s, d) for s, d, _ in play_steps(rules, start, k)]
        out.append((steps, _result(rules, start, steps)))
    return out


def find_error(rig, limit=60):
    app = rig.app
    for _ in range(limit):
        to_human_pick(rig)
        g = app.game
        ai = hard_analysis(g)
        worst = max(((ai.loss_of(res), steps) for steps, res in all_plays(g)),
                    key=lambda e: e[0])
        if worst[0] > DOUBTFUL:
            return ai, worst[1], worst[0]
        play_by_keys(rig, ai.steps)  # the best play: no notice, it goes on
        rig.press(K.A)
        for _ in range(50):
            if app.state != A.CHECK:
                break
            rig.tick()
        assert app.state != A.TUTOR
    raise AssertionError("no error to make")


@pytest.mark.parametrize("profile", ALL)
def test_tutor_names_an_error_and_offers_it_back(profile):
    rig = flows.Rig(profile, seed=6)
    app = rig.app
    assert menu_to(rig, "Tutor") == "Tutor: Off"  # off by default
    rig.press(K.A)
    assert app.settings.tutor
    menu_to_top(rig)
    rig.press(K.A)  # Play vs AI
    ai, bad, loss = find_error(rig)
    g = app.game
    start = bytearray(g.pos)
    turn = g.turn_no
    play_by_keys(rig, bad)
    assert app.state == A.DONE
    rig.press(K.A)
    for _ in range(100):
        if app.state != A.CHECK:
            break
        rig.tick()
    assert app.state == A.TUTOR
    rig.shot("tutor")
    word = "Blunder" if loss > BLUNDER else "Doubtful"
    assert app.board.ban1.text == "%s -%s" % (word, loss_text(loss))
    best = format_play(g.player, with_hits(g, start, ai.steps))
    if len(best) + 5 <= app.board.ban_chars:
        best = "Best " + best
    assert app.board.ban2.text == best
    assert app.board.msg_lb.text.strip() == "A:keep B:redo"
    # B takes it back: the turn starts again.
    rig.press(K.B)
    assert app.state == A.PICK and g.pos == start and g.turn_no == turn
    # The same play again, and A keeps it.
    play_by_keys(rig, bad)
    rig.press(K.A)
    for _ in range(100):
        if app.state != A.CHECK:
            break
        rig.tick()
    assert app.state == A.TUTOR
    played = bytes(g.pos)
    rig.press(K.X)  # X: the better play, shown as the hint
    assert app.state == A.HINT and bytes(g.pos) == played
    rig.tick(3)
    assert app.adv.steps == ai.steps
    assert bytes(app.scratch) != played  # the hint's board, from the start
    # Any key ends the hint: the notice again, the player's play still
    # there, to keep (A) or take back (B).
    rig.press(K.B)
    assert app.state == A.TUTOR and bytes(g.pos) == played
    assert app.board.msg_lb.text.strip() == "A:keep B:redo"
    rig.press(K.X, K.A)  # the hint again, then the notice
    assert app.state == A.TUTOR
    rig.press(K.A)  # keep
    assert g.turn_no == turn + 1


def test_tutor_setting_persists_and_old_settings_still_load():
    rig = flows.Rig("pico-st7789", seed=1)
    app = rig.app
    menu_to(rig, "Tutor")
    rig.press(K.A)
    menu_to(rig, "Dice: ")
    rig.press(K.A)
    assert app.text.lines[app.menu_sel - app.text.first].text == \
        "Dice: your own"
    menu_to_top(rig)
    rig.press(K.A)
    rig2 = flows.Rig("pico-st7789", seed=1, nvm=rig.hw.nvm)
    assert rig2.app.settings.tutor and rig2.app.settings.own_dice
    s = P.Settings()
    assert s.load(bytes((1, 2, 1, 1, 0, 2, 1, 2)))  # a version 1 blob
    assert s.level == 2 and s.full_entry and not s.tutor


# -- the game review -----------------------------------------------------------

@pytest.mark.parametrize("profile", ALL)
def test_review_lists_the_largest_errors_of_the_game(profile):
    rig = flows.Rig(profile, seed=8)
    app = rig.app
    rig.press(K.A)
    rig.press(K.A, K.A)
    flows.play_out(rig, random.Random(3), checks=0, tag="review")
    g = app.game
    assert app.state == A.OVER
    rig.press(K.X)
    assert app.state == A.SUMMARY
    assert "X:review" in [lb.text for lb in app.text.lines]
    rig.press(K.X)
    assert app.state == A.REVIEW
    # The judge and the text pages never share the heap: the review is
    # made over the final board (its banner shows the progress).
    rig.shot("review-progress")
    assert app.text is None and app.review is None
    assert app.board.ban1.text == "Reviewing"
    for _ in range(2000):
        if app.review is not None and app.review.done:
            break
        rig.tick()
    assert app.review.done and app.adv is None
    want = Review(g, (1,), AIPlayer(g.rules, "hard", 0))
    while not want.step():
        pass
    r = app.review
    assert r.n == want.n and abs(r.total - want.total) < 1e-9
    assert [(d.turn, d.loss) for d in r.worst] == \
        [(d.turn, d.loss) for d in want.worst]
    rig.shot("review")
    lines = [lb.text for lb in app.text.lines]
    assert lines[0] == "You: %d decisions" % want.n
    # the mean loss a decision: a sum of lost win chances is no chance
    assert lines[1:3] == ["Mean loss a move:",
                          "  %s win chance" % loss_text(want.total / want.n)]
    for k, d in enumerate(want.worst):
        rig.press(K.X)
        assert app.text.title.text == "Error %d of %d" % (k + 1,
                                                         len(want.worst))
        lines = [lb.text for lb in app.text.lines]
        assert lines[0] == "Turn %d, roll %d-%d" % (  # high die first
            d.turn, max(d.d1, d.d2), min(d.d1, d.d2))
        assert lines[2].strip() == format_play(1, d.played)[:len(
            lines[2].strip())]
        word = "Blunder" if d.loss > BLUNDER else (
            "Doubtful" if d.loss > DOUBTFUL else "Lost")
        assert lines[5] == "%s -%s" % (word, loss_text(d.loss))
        rig.shot("review-error-%d" % (k + 1))
    rig.press(K.B)
    assert app.state == A.SUMMARY
    rig.press(K.A)
    assert app.state == A.OPEN  # the next game


def test_review_decisions_are_the_turns_with_a_choice():
    from minigam.quarter.game import Game
    from minigam.core.dice import Dice
    g = Game(dice=Dice(seed=2))
    easy = AIPlayer(g.rules, "easy", 1)
    g.start_game()
    choices = 0
    while g.state != 3:
        if g.state == 1:
            g.roll()
        start = g.turn_start()
        g.undo_turn()
        if g.player == 1 and len(g.results()) > 1:
            choices += 1
        g.play_steps(easy.choose(g.pos, g.d1, g.d2) if g.player == 1
                     else AIPlayer(g.rules, "hard", 2).choose(g.pos, g.d1,
                                                               g.d2))
        assert start is not None
        g.confirm()
    r = Review(g, (1,), AIPlayer(g.rules, "hard", 0))
    lasts = []
    while not r.step():
        if r.last is not None:
            lasts.append(r.last)
    if r.last is not None:
        lasts.append(r.last)
    assert r.n == choices == len(lasts)
    assert len({id(d) for d in lasts}) == len(lasts)
    assert abs(sum(d.loss for d in lasts) - r.total) < 1e-9


# -- your own dice ------------------------------------------------------------

def enter_roll(rig, d1, d2):
    """Enter a roll on the ENTER screen: X steps a die up, A takes it."""
    app = rig.app
    assert app.state == A.ENTER
    for k, v in enumerate((d1, d2)):
        assert app.enter_k == k
        while app.enter_d[k] != v:
            rig.press(K.X)
        rig.press(K.A)


@pytest.mark.parametrize("profile", ALL)
def test_own_dice_for_both_players_and_not_counted(profile):
    rig = flows.Rig(profile, seed=9)
    app = rig.app
    menu_to(rig, "Dice: ")
    rig.press(K.A)
    assert app.settings.own_dice
    menu_to_top(rig)
    rig.press(K.A)  # Play vs AI
    assert app.state == A.OPEN
    rig.press(K.A)
    assert app.state == A.ENTER and app.enter_who == 0
    rig.shot("enter-opening")
    assert app.board.ban1.text == "Opening roll"
    enter_roll(rig, 4, 4)  # a tie: again
    assert app.state == A.ENTER and app.board.ban1.text == "Tie: again"
    enter_roll(rig, 5, 2)  # You 5, AI 2: you play 5-2
    assert app.state == A.OPENED and app.game.opening == (5, 2)
    rig.press(K.A)
    g = app.game
    assert (g.d1, g.d2) == (5, 2)
    while app.state in (A.PICK, A.DEST, A.DONE):
        rig.press(K.A)
    # The AI's roll is entered the same way.
    for _ in range(50):
        if app.state == A.ENTER:
            break
        rig.tick(ms=100)
    assert app.enter_who == 2 and app.board.ban1.text == "Enter AI's roll"
    rig.press(K.Y)  # Y steps down: 1 -> 6
    assert app.enter_d[0] == 6
    rig.shot("enter-ai")
    rig.press(K.A)
    enter_k = app.enter_k
    assert enter_k == 1
    rig.press(K.B)  # back to the first die
    assert app.enter_k == 0
    rig.press(K.A)
    while app.enter_d[1] != 3:
        rig.press(K.X)
    rig.press(K.A)
    assert (g.d1, g.d2) == (6, 3) and g.player == 2
    for _ in range(100):
        if app.state == A.ROLL:
            break
        rig.tick(ms=100)
    assert app.state == A.ROLL
    rig.press(K.A)
    enter_roll(rig, 1, 1)
    assert (g.d1, g.d2) == (1, 1) and g.player == 1
    assert app.stats.rolls() == 0  # entered rolls are not counted


# -- pages -------------------------------------------------------------------

@pytest.mark.parametrize("profile", ALL)
def test_page_arrows_say_more_lines_lie_below_and_above(profile):
    """The menu's pages fit the screen; a longer page (the dice
    statistics) shows arrows for the lines below and above."""
    rig = flows.Rig(profile, seed=1)
    app = rig.app
    t = app.text
    assert len(A._menu().menu_items(app)) <= t.n
    assert t.more.hidden and t.less.hidden
    menu_to(rig, "Dice statistics")
    rig.press(K.A)
    assert app.state == A.INFO
    assert not t.more.hidden and t.less.hidden
    rig.shot("page-more")
    for _ in range(12):
        rig.press(K.X)
    assert t.more.hidden and not t.less.hidden
    rig.shot("page-end")


def test_dice_page_says_the_pixel_colours_and_scrolls():
    rig = flows.Rig("pybadge", seed=1)
    app = rig.app
    menu_to(rig, "Dice statistics")
    rig.press(K.A)
    assert app.state == A.INFO
    t = app.text
    assert not t.more.hidden
    for _ in range(10):
        rig.press(K.DOWN)
    text = " ".join(lb.text for lb in t.lines)
    assert "6 violet" in text and t.more.hidden
    rig.shot("dice-page-end")
