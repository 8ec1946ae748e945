"""The real app on every host profile, driven by key events only.

Frames are rendered by adafruit-blinka-displayio and checked pixel by pixel
against the game (checker colours at their points, bars, trays, the
highlighted destination); text is checked through the label objects. A few
frames per profile are written to build/test-frames/ to look at.
"""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app.start import build_app  # noqa: E402
from minigam.app import app as A  # noqa: E402
from minigam.app import menu  # noqa: E402
from minigam.app import palette as C  # noqa: E402
from minigam.app import persist as P  # noqa: E402
from minigam.hw import keys as K  # noqa: E402
from minigam.host.simulator.hwhost import build_host_profile  # noqa: E402
from minigam.hw.pins import PROFILES  # noqa: E402
from minigam.host.simulator.render import Frame  # noqa: E402
from minigam.quarter.notation import parse_position, format_position  # noqa: E402
from minigam.quarter.rules import winner  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "test-frames")
# (not pico2-st7789: pico-st7789's screen, keys and parts on a Pico 2,
# which test_hw_profiles keeps equal)
ALL = sorted(n for n in PROFILES if n != "pico2-st7789")


class Rig:
    """A host profile, the app on it, and a clock advanced per tick."""

    def __init__(self, profile, seed=1, nvm=None):
        self.profile = profile
        self.hw = build_host_profile(profile, nvm=nvm)
        self.app = build_app(self.hw, seed=seed)
        self.now = 0
        self.tick()

    def tick(self, n=1, ms=40):
        for _ in range(n):
            self.now += ms
            self.app.tick(self.now)

    def press(self, *keys):
        for k in keys:
            self.hw.keys.push(k)
            self.tick()

    def frame(self):
        return Frame(self.hw.display)

    def shot(self, name):
        fr = self.frame()
        fr.save_png(os.path.join(OUT, self.profile, name + ".png"), 2)
        return fr

    def wait_human(self, limit=4000):
        """Tick until a human has something to do (or the game is over)."""
        for _ in range(limit):
            if self.app.state not in (A.AI, A.AIMOVE):
                return
            self.tick(ms=100)
        raise AssertionError("the AI never finished its turn")


def checker_at(fr, lay, col, slot, banner=None):
    """1, 2 or 0: whose checker colour shows in ``slot`` of ``col`` (probed
    beside the centre, clear of the selection and target dots); None when
    the probe is under the ``banner`` box (x, y, w, h)."""
    x = lay.col_cx(col) + (3 * lay.r) // 4
    y = lay.slot_cy(slot)
    if banner and banner[0] <= x < banner[0] + banner[2] \
            and banner[1] <= y < banner[1] + banner[3]:
        return None
    if fr.is_color(x, y, C.P1):
        return 1
    if fr.is_color(x, y, C.P2):
        return 2
    if fr.is_color(x, y, C.CURSOR):
        return 3  # the picked-up checker
    return 0


def check_board(fr, app):
    """Every point, bar and tray on screen agrees with the game position."""
    lay = app.lay
    pos = app.game.pos
    ban = None if app.board.banner.hidden else app.board.banner_box
    sel = (app.board.sel_col, app.board.sel_k)
    if app.state == A.DEST:
        # The picked-up checker is the top one of the cursor's source.
        assert sel[0] == app.src and sel[1] >= 0
    for c in range(1, 7):
        n1, n2 = pos[c], pos[15 - c]
        want = 1 if n1 else (2 if n2 else 0)
        n = n1 or n2
        for k in range(lay.cap):
            got = checker_at(fr, lay, c, k, ban)
            exp = want if k < n else 0
            if (c, k) == sel:
                exp = 3
            assert got in (None, exp), (c, k, format_position(pos))
    for c, n, p in ((0, pos[0], 1), (7, pos[8], 2)):
        for k in range(lay.bar_cap):
            got = checker_at(fr, lay, c, k, ban)
            exp = p if k < n else 0
            if (c, k) == sel:
                exp = 3
            assert got in (None, exp), (c, k)
    for c, n, color in ((0, pos[15], C.P2), (7, pos[7], C.P1)):
        x = lay.col_x(c) + lay.colw // 2
        for k in range(8):
            y = lay.slab_y(k) + lay.slab_h // 2
            assert fr.is_color(x, y, color) == (k < n), ("tray", c, k, n)
    # Whose turn: the mover's pip label is highlighted.
    b = app.board
    if app.state in (A.PICK, A.DEST, A.DONE, A.ROLL):
        p = app.game.player
        assert (b.p1_lb if p == 1 else b.p2_lb).background_color == C.CURSOR
        assert (b.p2_lb if p == 1 else b.p1_lb).background_color is None


def check_dest(fr, app):
    """In DEST the green dot marks every legal destination, nothing else."""
    lay = app.lay
    cols = set(t[0] for t in app.tgts)
    assert cols
    assert len(cols) <= 2
    marked = set()
    for m in app.board.marks:
        if fr.is_color(m.x, m.y, C.TARGET):
            marked.add((m.x - lay.x0) // lay.colw)
    assert marked == cols
    green = [c for c in range(8)
             if fr.count(C.TARGET, lay.col_x(c), lay.y0, lay.col_x(c + 1),
                         lay.y1)]
    assert set(green) == cols
    # ... and the cursor bars mark the chosen one, and no other column.
    c = app.tgts[app.ci][0]
    for k in range(8):
        on = fr.is_color(lay.col_x(k) + 1, lay.y0, C.CURSOR) and \
            fr.is_color(lay.col_x(k) + 1, lay.y1 - 1, C.CURSOR)
        assert on == (k == c), (k, c)


def human_step(rig, rng):
    """One human decision by keys: sometimes browse, undo, back out."""
    app = rig.app
    st = app.state
    if st == A.PICK:
        g = app.game
        srcs = app.srcs
        # Only the mover's checkers can be picked.
        p = g.player
        for col in srcs:
            idx = col if p == 1 else 7 - col
            base = 0 if p == 1 else 8
            assert g.pos[base + idx] > 0
        r = rng.random()
        if r < 0.08 and g.steps:
            before = len(g.steps)
            rig.press(K.B)
            assert len(g.steps) == before - 1
        elif r < 0.12 and g.steps:
            rig.press(K.Y)
            assert not g.steps and app.state == A.PICK
        else:
            for _ in range(rng.randrange(3)):
                rig.press(K.X)
            rig.press(K.A)
    elif st == A.DEST:
        r = rng.random()
        if r < 0.1:
            rig.press(K.B)
            assert app.state == A.PICK
        else:
            if rng.random() < 0.5:
                rig.press(K.X)
            rig.press(K.A)
    elif st == A.DONE:
        if rng.random() < 0.15:
            rig.press(K.B)
            assert app.state in (A.PICK, A.DONE)
        else:
            rig.press(K.A)
    else:
        rig.press(K.A)


def play_out(rig, rng, checks=6, tag="game"):
    """Play until the game-over page by keys; check frames along the way."""
    app = rig.app
    steps = 0
    dest_done = False
    saved = 0
    while app.state != A.OVER:
        rig.wait_human()
        if app.state == A.OVER:
            break
        if app.state == A.DEST and not dest_done:
            fr = rig.shot(tag + "-dest")
            check_dest(fr, app)
            check_board(fr, app)
            dest_done = True
        elif app.state == A.PICK and saved < checks and steps % 7 == 0:
            fr = rig.shot("%s-%02d" % (tag, saved))
            check_board(fr, app)
            saved += 1
        turns = app.game.turn_no
        human_step(rig, rng)
        if app.game.turn_no != turns and app.state != A.OVER:
            # saved after every completed turn
            data = rig.hw.store.load(0)
            assert data and data[0] == app.mode
        steps += 1
        assert steps < 3000, "the game does not end"
    assert winner(app.game.pos) in (1, 2)
    assert dest_done
    return app.game


@pytest.mark.parametrize("profile", ALL)
def test_vs_ai_whole_game(profile):
    rig = Rig(profile, seed=3)
    app = rig.app
    assert app.state == A.MENU
    rig.shot("menu")
    assert app.text.title.text == "MINIGAM  A:choose"
    assert app.text.lines[0].text == "Play vs AI"
    rig.press(K.A)
    assert app.state == A.OPEN and app.mode == P.MODE_AI
    assert app.board.ban1.text == "Opening roll"
    rig.press(K.A)
    assert app.state == A.OPENED
    a, b = app.game.opening
    fr = rig.shot("opening")
    assert app.board.ban1.text == "You %d : AI %d" % (a, b)
    # The opening dice are drawn in each player's colour.
    lay = app.lay
    assert fr.is_color(lay.die_x(0) + 1, lay.die_y() + 1, C.P1)
    assert fr.is_color(lay.die_x(1) + 1, lay.die_y() + 1, C.P2)
    rig.press(K.A)
    game = play_out(rig, random.Random(profile), tag="ai")
    # Game over: the final board, who won on the banner.
    fr = rig.shot("over")
    assert app.board.ban1.text in ("You win!", "AI wins")
    assert not app.board.banner.hidden
    check_board(fr, app)
    assert app.board.msg_lb.text.strip() == "A:more B:menu"
    # A (or X): the summary page; B back to the board, B again to the
    # menu. A mashed on the final board never skips the summary.
    rig.press(K.A)
    assert app.state == A.SUMMARY
    rig.shot("over-summary")
    assert app.text.title.text == app.board.ban1.text
    lines = [lb.text for lb in app.text.lines]
    # (each player's figures in a table under their names)
    assert ["You", "AI"] in [t.split() for t in lines]
    assert any(t.split()[:1] == ["Pips"] for t in lines)
    assert any(t.split()[:1] == ["Hits"] for t in lines)
    assert game.turns
    # Lifetime statistics counted the game.
    assert sum(app.stats.games) == 1
    rig.press(K.B)
    assert app.state == A.OVER
    rig.press(K.B)
    assert app.state == A.MENU


@pytest.mark.parametrize("profile", ["pybadge", "pico-st7789",
                                     "pimoroni-display-pack-2"])
def test_pass_and_play_whole_game(profile):
    rig = Rig(profile, seed=11)
    app = rig.app
    rig.press(K.X, K.A)  # "Two players"
    assert app.mode == P.MODE_2P and app.state == A.OPEN
    rig.press(K.A, K.A)
    rng = random.Random(7)
    handovers = set()
    steps = 0
    while app.state != A.OVER:
        if app.state == A.ROLL:
            p = app.game.player
            assert app.board.ban1.text == "Player %d" % p
            assert app.board.ban2.text == "press A to roll"
            assert not app.board.banner.hidden
            if p not in handovers:
                fr = rig.shot("handover-p%d" % p)
                check_board(fr, app)
            handovers.add(p)
        human_step(rig, rng)
        steps += 1
        assert steps < 4000
    assert handovers == {1, 2}
    assert app.board.ban1.text.startswith("Player ")
    assert app.stats.two_player == [1, 0, 0]


def test_every_screen_with_four_buttons_only():
    """The Display Pack has only A, B, X and Y: menu, game and game over."""
    rig = Rig("pimoroni-display-pack-2", seed=5)
    assert rig.hw.key_codes == (K.A, K.B, K.X, K.Y)
    app = rig.app
    # Menu: X down to the level, A steps it, Y back up, A plays.
    rig.press(K.X, K.X)
    assert app.text.lines[app.menu_sel].text == "AI level: Medium"
    rig.press(K.A)
    assert app.text.lines[app.menu_sel].text == "AI level: Hard"
    rig.press(K.Y, K.Y, K.A)
    assert app.state == A.OPEN and app.level == 2
    rig.press(K.A, K.A)
    play_out(rig, random.Random(1), checks=2, tag="four")
    rig.press(K.A, K.A)  # the summary, then the rematch
    assert app.state == A.OPEN


def test_ai_moves_one_by_one_and_ignores_keys():
    rig = Rig("pico-st7789", seed=21)
    app = rig.app
    rig.press(K.A, K.A)
    # Make it the AI's turn: play the human's turns with A until then.
    rng = random.Random(2)
    while app.state not in (A.AI, A.AIMOVE):
        human_step(rig, rng)
    g = app.game
    assert app.board.msg_lb.text == "AI's turn"
    # no highlight is left on the human's last destination
    assert app.last_col == -1 and app.board.cursor == -1
    start = bytearray(g.pos)
    seen = []  # (steps made, position on screen) after each frame
    mash = [K.A, K.B, K.X, K.Y, K.LEFT, K.RIGHT, K.UP, K.DOWN, K.PRESS]
    while app.state in (A.AI, A.AIMOVE):
        for k in mash:
            rig.hw.keys.push(k)
        f = app.frames
        rig.tick(ms=60)
        if app.frames != f and app.state in (A.AI, A.AIMOVE):
            seen.append((len(g.steps), bytes(app.board.pos)))
            # the keys were seen: the status line says to wait
            # (one text while it thinks and moves: no line redrawn)
            assert app.board.msg_lb.text == "AI's turn:wait"
    # The screen showed 0, then 1, then (if any) 2 moves: never a jump.
    counts = [n for n, _ in seen]
    assert counts[0] == 0
    for a, b in zip(counts, counts[1:]):
        assert b - a in (0, 1)
    played = g.turns[-1] if g.turns[-1][0] == 2 else None
    assert played is not None
    assert max(counts) == len(played[3])
    # The keys mashed during the AI's turn changed nothing: the play is the
    # AI's choice from the turn's start.
    assert bytes(app.ai.result) == bytes(g.pos)
    assert start != bytes(g.pos) or not played[3]
    assert "wait" not in app.board.msg_lb.text  # the human's turn again


def test_no_legal_move_notice():
    rig = Rig("pybadge", seed=1)
    app = rig.app
    from minigam.core.dice import Dice
    app.dice = Dice(source=[3, 5, 1, 2, 1, 2, 1, 2])
    pos = parse_position("0,0,-2,0,-2,-4/8,0/0,0/1")
    menu.play_from(app, P.MODE_2P, pos)
    assert app.state == A.ROLL
    app.game.dice = app.dice
    rig.press(K.A)
    assert app.state == A.PASS and app.game.must_pass
    assert app.board.ban1.text == "No legal move"
    assert app.board.ban2.text == "P1: A to pass"
    fr = rig.shot("no-move")
    check_board(fr, app)
    rig.press(K.X, K.B, K.Y)  # nothing but A continues
    assert app.state == A.PASS
    rig.press(K.A)
    assert app.state == A.ROLL and app.game.player == 2


def test_undo_single_move_and_whole_turn():
    rig = Rig("pico-ili9341", seed=4)
    app = rig.app
    rig.press(K.X, K.A, K.A, K.A)  # two players, opening roll, go
    assert app.state == A.PICK
    g = app.game
    start = bytes(g.pos)
    rig.press(K.A, K.A)  # first checker, first destination
    assert len(g.steps) == 1
    one = bytes(g.pos)
    rig.press(K.B)  # undo it
    assert bytes(g.pos) == start and not g.steps
    rig.press(K.A, K.A)
    assert bytes(g.pos) == one
    if app.state == A.PICK:
        rig.press(K.A, K.A)
    assert app.state == A.DONE
    rig.press(K.Y)  # undo the whole turn
    assert bytes(g.pos) == start and app.state == A.PICK
    fr = rig.frame()
    check_board(fr, app)


def test_resume_saved_game_and_settings():
    rig = Rig("pybadge", seed=8)
    app = rig.app
    # Change a setting: match length (Settings, second item).
    rig.press(K.DOWN, K.DOWN, K.DOWN, K.DOWN, K.A)
    assert app.text.title.text.startswith("MINIGAM  B:back")  # (its game)
    rig.press(K.DOWN, K.RIGHT)
    assert app.text.lines[app.menu_sel - app.text.first].text == \
        "Match: first to 3"
    rig.press(K.B)  # back to the main page, on "Settings"
    assert app.text.lines[app.menu_sel].text == "Settings"
    rig.press(K.UP, K.UP, K.UP, K.UP, K.A, K.A, K.A)
    rng = random.Random(3)
    while app.game.turn_no < 3:
        if app.state in (A.AI, A.AIMOVE):
            rig.tick(ms=100)
        else:
            human_step(rig, rng)
    rig.wait_human()
    assert app.state == A.ROLL
    pos = bytes(app.game.pos)
    turn_no = app.game.turn_no
    # Power off and on: a new app on the same NVM.
    nvm = rig.hw.nvm
    rig2 = Rig("pybadge", seed=9, nvm=nvm)
    app2 = rig2.app
    assert app2.saved
    assert app2.text.lines[0].text == "Resume MINIGAM"
    assert app2.settings.match == 1
    rig2.press(K.A)
    assert app2.game.match_to == 3 and app2.mode == P.MODE_AI
    assert app2.state == A.ROLL
    assert app2.game.turn_no == turn_no
    assert bytes(app2.game.pos) == pos
    assert app2.board.p1_lb.text.startswith("You")
    fr = rig2.frame()
    check_board(fr, app2)


def test_forced_play_is_shown_move_by_move():
    rig = Rig("pico-st7789", seed=1)
    app = rig.app
    from minigam.core.dice import Dice
    app.dice = Dice(source=[1, 2])
    pos = parse_position("0,0,0,0,1,0/0,8/7,0/1")
    menu.play_from(app, P.MODE_2P, pos)
    app.game.dice = app.dice
    assert app.settings.auto and app.state == A.ROLL
    rig.press(K.A)
    assert app.state == A.AIMOVE and not app.game.steps
    assert app.board.msg_lb.text == "Forced play"
    seen = []
    while app.state == A.AIMOVE:
        rig.hw.keys.push(K.Y)  # ignored while the play is shown
        rig.tick(ms=100)
        seen.append(len(app.game.steps))
    assert seen[0] == 0 and seen[-1] >= 1
    assert app.state == A.DONE
    assert app.board.msg_lb.text == "Forced. A:ok"
    rig.press(K.B)  # it can still be undone
    assert app.state == A.PICK
    rig.press(K.A, K.A)
    while app.state == A.PICK:
        rig.press(K.A, K.A)
    assert app.state == A.DONE
    rig.press(K.A)
    assert app.state == A.OVER
    assert app.board.ban1.text == "Player 1 wins!"


def test_menu_settings_apply_and_persist():
    rig = Rig("pico-st7789", seed=1)
    app = rig.app
    items = [lb.text for lb in app.text.lines]
    assert items[:7] == ["Play vs AI", "Two players", "AI level: Medium",
                         "Game: MINIGAM", "Settings", "Statistics", ""]
    # Settings, fifth item on the main page; brightness is its fifth:
    # step it from 100% to 25%.
    rig.press(K.DOWN, K.DOWN, K.DOWN, K.DOWN, K.A)
    assert app.text.title.text == "MINIGAM  B:back"  # (the game's)
    rig.press(*([K.DOWN] * 4))
    sel = app.menu_sel - app.text.first
    assert app.text.lines[sel].text == "Brightness: 100%"
    rig.press(K.RIGHT)
    assert app.text.lines[sel].text == "Brightness: 25%"
    assert abs(rig.hw.brightness - 0.25) < 1e-6
    rig.press(K.UP)  # AI speed
    rig.press(K.LEFT)  # Normal -> Slow
    assert app.text.lines[app.menu_sel - app.text.first].text == \
        "AI speed: Slow"
    # B: back to the main page, on "Settings"; the settings are written.
    rig.press(K.B)
    assert app.text.title.text == "MINIGAM  A:choose"
    assert app.text.lines[app.menu_sel].text == "Settings"
    assert not app.settings_changed
    # Dice statistics page (Statistics, first item), then back to it.
    rig.press(K.DOWN, K.A)
    assert [lb.text for lb in app.text.lines[:3]] == [
        "Dice statistics", "Lifetime stats", ""]
    rig.press(K.A)
    assert app.state == A.INFO and app.text.title.text == "Dice"
    assert app.text.lines[0].text == "Rolls: 0"
    rig.press(K.B)
    assert app.state == A.MENU
    assert app.text.title.text.startswith("Statistics")
    assert app.text.lines[app.menu_sel].text == "Dice statistics"
    rig.press(K.B)
    assert app.text.lines[app.menu_sel].text == "Statistics"
    # Settings are written when the menu is left; a new app reads them.
    rig2 = Rig("pico-st7789", seed=1, nvm=rig.hw.nvm)
    assert rig2.app.settings.bright == 0 and rig2.app.settings.speed == 0
    assert abs(rig2.hw.brightness - 0.25) < 1e-6


@pytest.mark.parametrize("profile", ALL)
def test_menu_pages_fit_without_scrolling(profile):
    """Every menu page fits the screen (a cursor step then only moves the
    pointer), with "Resume Long Nardy" too, on every profile."""
    rig = Rig(profile, seed=2)
    app = rig.app
    app.saved = 7  # a game of each type to resume
    app.settings.game = 2  # the longest game name
    for page in (0, 1, 2):  # main, Settings, Statistics
        app.menu_page = page
        app.menu_sel = 0
        menu.show(app)
        n = len(menu.menu_items(app))
        assert n <= app.text.n, (page, n, app.text.n)
        for _ in range(n):
            rig.press(K.X)
            assert app.text.first == 0
            assert app.text.more.hidden and app.text.less.hidden
