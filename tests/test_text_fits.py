"""Every text the screens show fits its space, at every screen size
(160x128, 240x240, 320x240: the pybadge, pico-st7789 and pico-ili9341
profiles), in all three games, with the longest content the games can
make: long plays, three-digit pips, the largest scores and counts the
saves keep, both modes' names.

A line never cuts text in silence: ``minigam.app.text.fit`` reports in
``text.cuts`` every text a line was given and could not hold, and the
tests here fail on any. The pages (the menu's, Settings for each game,
Statistics, the game-over summary, the review's, Backgammon's game page)
and the board's lines (the score line, the bottom line's tips, the
banners, the tutor's notice) are rendered through the real app; whole
games played by keys show every bottom line and banner of a game. The
score line also keeps a space between its texts, and the bottom line's
text stays clear of the dice.
"""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import app as A  # noqa: E402
from minigam.app import menu, over, pages, persist as P  # noqa: E402
from minigam.app import text as T  # noqa: E402
from minigam.app.text_view import wrap  # noqa: E402
from minigam.core.review import Decision, Review, play_text, with_hits  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

from test_app_flows import Rig  # noqa: E402

PROFILES = ("pybadge", "pico-st7789", "pico-ili9341")
KINDS = (P.MINIGAM, P.BACKGAMMON, P.NARDY)
BIG = 0xFFFF  # the largest figure a save or the statistics keep


@pytest.fixture
def cuts(monkeypatch):
    """The texts lines were given and could not hold (``text.cuts``)."""
    got = []
    monkeypatch.setattr(T, "cuts", got)
    return got


def cut_free(cuts):
    """No text was cut: else the cuts, each once."""
    assert not cuts, sorted(set(cuts))


def rig(profile, seed=1):
    """The app on ``profile``, every game offered (the simulator's
    160x128 profiles may offer MINIGAM alone: their pages are still
    measured for all three)."""
    r = Rig(profile, seed=seed)
    r.app.has_bg = True
    return r


def whole_page(app):
    """Scroll a page without a selection to its end, so that every one
    of its lines is shown once."""
    for _ in range(60):
        first = app.text.first
        app.scroll(1)
        if app.text.first == first:
            return


# -- the mechanism --------------------------------------------------------

def test_a_line_reports_the_text_it_cannot_hold(cuts):
    import displayio
    g = displayio.Group()
    lb = T.Text(g, 5, 0xFFFFFF, 0, 6)
    lb.text = "12345"
    assert cuts == [] and lb.text == "12345"
    lb.text = "1234567"
    assert cuts == [("1234567", 5)]
    assert lb.text == "12345"  # (what shows)


def test_a_long_page_line_wraps_at_a_space_with_its_indent():
    assert wrap(["  24/22 22/20 13/11(2)"], 17) == ["  24/22 22/20",
                                                    "  13/11(2)"]
    assert wrap(["Each face 21845.0 (21845.0)"], 17) == [
        "Each face 21845.0", "  (21845.0)"]
    for w in (11, 17, 23):
        for t in ("bar/20* 20/14*(2) 14/8* 6/off", "Pips You 375 AI 375",
                  "X:the 3 biggest", "  a b c d e f g h i j k l m n o"):
            got = wrap([t], w)
            assert all(len(x) <= w for x in got), (t, w, got)
            # nothing lost or split: the words, in order
            assert " ".join(got).split() == t.split()
    # a word longer than the line is left whole (``fit`` reports it)
    assert wrap(["12345678901234567890"], 17) == ["12345678901234567890"]


# -- the menu -------------------------------------------------------------

def settings_values(s):
    """Every value of every menu setting, one setting at a time (the
    others at their longest word)."""
    yield
    for name, values in (("level", range(4)), ("match", range(4)),
                         ("jacoby", (False, True)),
                         ("beavers", (False, True)),
                         ("full_entry", (False, True)),
                         ("head_doubles", (False, True)),
                         ("auto", (False, True)), ("speed", range(3)),
                         ("bright", range(4)), ("tutor", (False, True)),
                         ("own_dice", (False, True))):
        keep = getattr(s, name)
        for v in values:
            setattr(s, name, v)
            yield
        setattr(s, name, keep)


@pytest.mark.parametrize("profile", PROFILES)
def test_every_menu_page_fits(profile, cuts):
    r = rig(profile)
    app = r.app
    app.saved = 7  # every game has a saved game: the Resume line
    s = app.settings
    for kind in KINDS:
        s.game = kind
        for page in (0, 1, 2):
            app.menu_page = page
            for _ in settings_values(s):
                menu.show(app)
                assert app.text.items  # (a page was shown)
    cut_free(cuts)


# -- statistics -----------------------------------------------------------

def biggest_stats(stats):
    """Every count of ``stats`` at the largest the blob keeps."""
    for name in dir(stats):
        v = getattr(stats, name)
        if isinstance(v, list):
            setattr(stats, name, [BIG] * len(v))
    stats.doubles = BIG
    stats.counts[0] = 0


@pytest.mark.parametrize("profile", PROFILES)
def test_statistics_pages_fit_with_the_largest_counts(profile, cuts):
    r = rig(profile)
    app = r.app
    for fill in (False, True):
        if fill:
            biggest_stats(app.stats)
        for opener in (menu.DICE, menu.LIFE):
            menu.show(app)  # (the main page; its Statistics page)
            app.menu_page = 2
            menu.show(app)
            app.menu_sel = [i for i, _ in menu.menu_items(app)].index(opener)
            r.press(K.A)
            assert app.state == A.INFO
            whole_page(app)
            r.press(K.A)  # back to the menu
    cut_free(cuts)


# -- a game's longest content ---------------------------------------------

def _plays(g, pos, d1, d2):
    """The legal plays of ``d1-d2`` from ``pos``, as ``(src, die)``
    steps."""
    rules = g.rules
    n = rules.plays(pos, d1, d2)
    mv = rules.moves
    size = 4 if g.KIND == P.MINIGAM else 8
    out = []
    for k in range(n):
        steps = []
        for j in range(size // 2):
            s = mv[size * k + 2 * j]
            if s == 255:
                break
            steps.append((s, mv[size * k + 2 * j + 1]))
        out.append(steps)
    return out


def longest_plays(g, n=3, seed=7):
    """The ``n`` plays of the longest text in game ``g``'s notation,
    ``(pos, d1, d2, steps with hits)``, found over a random game's
    positions and every roll of doubles (four moves) and a few others."""
    rng = random.Random(seed)
    pos = bytearray(g.pos)
    found = []
    for turn in range(40):
        for d1, d2 in ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6),
                       (6, 5), (2, 1)):
            for steps in _plays(g, pos, d1, d2):
                st = with_hits(g, pos, steps)
                found.append((len(play_text(g.KIND, pos[g.TURN], st)),
                              bytearray(pos), d1, d2, st))
        plays = _plays(g, pos, rng.randint(1, 6), rng.randint(1, 6))
        if not plays:
            pos[g.TURN] = 3 - pos[g.TURN]
            continue
        m = 0 if pos[g.TURN] == 1 else g.BLOCK
        for s, d in rng.choice(plays):
            g.rules.do_move(pos, m, s, d)
        pos[g.TURN] = 3 - pos[g.TURN]
        if g.rules.winner(pos) if hasattr(g.rules, "winner") else 0:
            break
    found.sort(key=lambda f: -f[0])
    return [f[1:] for f in found[:n]]


def far_position(g):
    """A position of ``g``'s type with the most pips for both sides
    (every checker on the bar; Long Nardy's on their heads)."""
    pos = bytearray(len(g.pos))
    if g.KIND == P.NARDY:
        pos[:] = g.pos  # (the start: 360 pips each)
    elif g.KIND == P.BACKGAMMON:
        pos[0] = pos[g.BLOCK] = 15
    else:
        pos[0] = pos[8] = 8
    pos[g.TURN] = 1
    return pos


def finished(app, kind, mode, match, winner, how=0):
    """A game of ``kind`` played (``mode``, the menu's ``match`` index)
    and over, its figures the longest: 999 turns of four hits each,
    every checker left the farthest back, the largest scores (65535 in a
    money session; past the match's length in a match), Backgammon's
    cube at 64, dropped (``how`` 1) or a backgammon resigned (2)."""
    s = app.settings
    s.game = kind
    s.match = match
    menu.new_game(app, mode)
    g = app.game
    log = bytearray()
    for t in range(999):
        log += bytes((1 + t % 2 << 6 | 6 << 3 | 6, 4)) + bytes((1, 13)) * 4
    g.log = log
    g.pos = far_position(g)
    g.state = 3  # (over)
    g.winner = winner
    g.points = 1
    if g.match_to:
        g.score = [g.match_to - 1, g.match_to - 1]
        g.score[winner - 1] += 192 if kind == P.BACKGAMMON else 2
        g.match_winner = winner
    else:
        g.score = [BIG, BIG]
    if kind == P.BACKGAMMON:
        g.cube = 64
        g.points = 192
        g.dropped = how == 1
        g.resigned = 3 if how == 2 else 0
    app.state = A.OVER
    return g


def review_of(app, g):
    """The review of ``g`` made, with the longest texts: 999 decisions,
    the largest mean loss, and the errors of the longest plays."""
    r = Review(g, (1,), None)
    r.n = 999
    r.total = 999 * (0.999 if g.KIND else 1.0)
    r.worst = []
    for pos, d1, d2, st in longest_plays(g):
        r.worst.append(Decision(999, pos[g.TURN], d1, d2, st, st,
                                3.999 if g.KIND else 1.0))
    r.done = True
    app.review = r
    return r


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("kind", KINDS)
def test_game_over_pages_fit(profile, kind, cuts):
    """The final board's banner, the summary and every review page, in
    both modes, a match and without one, each way a game ends."""
    r = rig(profile)
    app = r.app
    for mode in (P.MODE_AI, P.MODE_2P):
        for match in (0, 3):
            for winner in (1, 2):
                for how in ((0, 1, 2) if kind == P.BACKGAMMON else (0,)):
                    g = finished(app, kind, mode, match, winner, how)
                    app.leave_pages()
                    app.dirty = True
                    r.tick()  # the final board and its banner
                    assert app.state == A.OVER
                    over.summary(app)
                    whole_page(app)
            review_of(app, g)
            for k in range(1 + len(app.review.worst)):
                app.review_page = k
                over.review_page(app)
                whole_page(app)
    cut_free(cuts)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("kind", KINDS)
def test_the_tutors_notice_fits(profile, kind, cuts):
    """The tutor's notice of the longest plays the game has, at each
    mark's largest loss."""
    r = rig(profile)
    app = r.app
    app.settings.game = kind
    menu.new_game(app, P.MODE_AI)
    g = app.game
    app.adv = app.xt.player(app, P.LEVELS[2], 1)
    for pos, d1, d2, st in longest_plays(g):
        g.pos = bytearray(pos)
        app.adv.steps = [(s, d) for s, d, _ in st]
        for loss in (0.05, 0.1, 3.999 if kind else 1.0):
            app.board.set_banner(*pages.tutor_banner(app, loss))
    cut_free(cuts)


@pytest.mark.parametrize("profile", PROFILES)
def test_backgammons_game_page_fits(profile, cuts):
    from minigam.app import bg_resign
    r = rig(profile)
    app = r.app
    for match in (0, 3):
        app.settings.game = P.BACKGAMMON
        app.settings.match = match
        menu.new_game(app, P.MODE_AI)
        g = app.game
        g.pos = far_position(g)
        g.cube = 64
        g.cube_owner = 2
        g.score = [BIG, BIG] if not match else [6, 5]
        app.state = A.ROLL
        bg_resign.open_page(app)
        assert app.state == A.GAMEPAGE
    cut_free(cuts)


# -- the board's lines ----------------------------------------------------

def text_span(lb):
    """Screen x of the first character ``lb`` shows and past its last
    (None: blank), from its grid's place, width, alignment and scale."""
    t = lb.text
    if not t.strip():
        return None
    form = lb._form
    n, align, s = form >> 4, (form >> 2) & 3, form & 3
    pad = n - len(t)
    pad = pad // 2 if align == 1 else (0 if align == 0 else pad)
    x = lb.grid.x * s
    lead = len(t) - len(t.lstrip())
    return x + (pad + lead) * 6 * s, x + (pad + len(t.rstrip())) * 6 * s


def score_cases(kind, length):
    """Scores of a match to ``length`` (0: a session), the Crawford game
    among them: every score of the match, and past its end by the most
    a game wins; for a session the largest figures."""
    if length > 1:
        out = [(a, b, False) for a in range(length) for b in range(length)]
        if kind == P.BACKGAMMON:
            out += [(length - 1, b, True) for b in range(length - 1)]
            out += [(b, length - 1, True) for b in range(length - 1)]
        top = length - 1 + (192 if kind == P.BACKGAMMON else
                            2 if kind == P.NARDY else 1)
        return out + [(top, length - 1, False), (length - 1, top, False)]
    return [(0, 0, False), (9, 17, False), (999, 1000, False),
            (BIG, BIG, False), (5, BIG, False)]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("kind", KINDS)
def test_the_score_line_fits_a_space_between_its_texts(profile, kind,
                                                        cuts):
    """The status line's names, pips and score, each mode, each match
    and session, every score: each text fits, two texts are at least
    two thirds of a space apart, the score names the Crawford game, and
    on the 24-point boards Player 2's figure, in its colour, lies over
    the same figure (MINIGAM's names its players beside their pips)."""
    r = rig(profile)
    app = r.app
    for mode in (P.MODE_AI, P.MODE_2P):
        for match in range(4):
            app.settings.game = kind
            app.settings.match = match
            menu.new_game(app, mode)
            g = app.game
            g.pos = far_position(g)
            b = app.board
            base = b.mid_lb if kind == P.MINIGAM else b.score_lb
            over2 = None if kind == P.MINIGAM else b.score2_lb
            cw = app.lay.cw
            for a, c, crawford in score_cases(kind, g.match_to):
                g.score = [a, c]
                if kind == P.BACKGAMMON:
                    g.crawford = crawford
                app.dirty = True
                r.tick()
                a, c = g.shown(0), g.shown(1)  # (a match's at most its length)
                spans = sorted(s for s in (text_span(lb) for lb in (
                    b.p1_lb, b.p2_lb, base)) if s)
                for (_, end), (start, _) in zip(spans, spans[1:]):
                    assert start - end >= 2 * cw // 3, (
                        b.p1_lb.text, b.p2_lb.text, base.text)
                t = base.text.strip()
                if not t:
                    assert g.match_to <= 1 and kind == P.MINIGAM
                    continue
                assert "Craw" in t if crawford else "Craw" not in t
                if over2 is None:  # (MINIGAM: the names say whose)
                    assert t == "%d-%d/%d" % (a, c, g.match_to)
                    assert b.p1_lb.text.startswith(app.names()[0])
                    continue
                # Player 2's figure, and the same figure beneath it
                x0, _ = text_span(base)
                i = (over2.grid.x * app.lay.scale - x0) // cw
                shown = over2.text.strip()
                assert t[i:i + len(shown)] == shown
                assert t[i - 1] == "-" and t[:i - 1].endswith(
                    ("%d" % a, "%dk" % (a // 1000)))
                assert shown in ("%d" % c, "%dk" % (c // 1000))
    cut_free(cuts)


def clear_of_the_dice(app):
    """On the board, the bottom line's text ends left of the dice shown
    (they lie over its right end)."""
    if app.text is not None and not app.text.group.hidden:
        return
    b = app.board
    dice = [d.x for d in getattr(b, "dice_g", None) or b.dice
            if not d.hidden]
    span = text_span(b.msg_lb)
    if dice and span:
        assert span[1] <= min(dice) - 2, (b.msg_lb.text, min(dice))


def hint_chord(r):
    """X and Y together (X held, Y pressed)."""
    r.hw.keys.hold(K.X)
    r.tick()
    r.hw.keys.push(K.Y)
    r.tick()
    r.hw.keys.release(K.X)
    r.tick()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_game_played_by_keys_shows_no_cut_text(profile, kind, cuts):
    """A whole game against the AI (MINIGAM's with the tutor), keys pressed as a
    new player presses them (A mostly; X, Y, B, the hint now and then),
    then its summary: every line of every frame fits, and
    the bottom line's text stays clear of the dice."""
    r = rig(profile, seed=3 + kind)
    app = r.app
    s = app.settings
    s.game = kind
    s.tutor = kind == P.MINIGAM  # (the 24-point games' tutor: slow here;
    s.level = 0  # its notices are measured above)
    s.match = 1  # (a match: the score line's longest words)
    menu.new_game(app, P.MODE_AI)
    rng = random.Random(kind)
    for _ in range(3000):
        if app.state == A.OVER:
            break
        if app.state in (A.AI, A.AIMOVE, A.CHECK):
            r.tick(ms=100)
        elif app.state == A.MENU:
            r.press(K.A)  # (B at a roll: the menu; A resumes)
        else:
            k = rng.random()
            if k < 0.02:
                hint_chord(r)
            else:
                r.press(K.A if k < 0.75 else K.X if k < 0.9 else
                        K.Y if k < 0.95 else K.B)
        clear_of_the_dice(app)
    assert app.state == A.OVER
    r.press(K.X)  # the summary (the review's pages: measured above)
    assert app.state == A.SUMMARY
    whole_page(app)
    cut_free(cuts)


def render_in(r, state):
    """Draw the board in ``state`` (what the state's words need is set
    up by the caller)."""
    r.app.state = state
    r.app.dirty = True
    r.tick()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_banner_fits_with_its_longest_words(profile, kind, cuts):
    """The opening roll's, a turn's, a pass's, a roll entered by hand,
    the final board's with the most points, and Backgammon's cube and
    resignation at a cube of 64 (asked, offered, answered), in both
    modes: each line fits the banner, and the bottom line beside it."""
    from minigam.app import states as S
    r = rig(profile)
    app = r.app
    for mode in (P.MODE_AI, P.MODE_2P):
        app.settings.game = kind
        menu.new_game(app, mode)
        g = app.game
        g.opening = (6, 5)
        for st in (A.OPEN, A.OPENED, A.ROLL, A.PASS):
            render_in(r, st)
        app.enter_d[:] = bytearray((6, 6))
        for who in (0, 1, 2):
            for k, tie in ((0, False), (1, False), (0, True)):
                app.enter_who, app.enter_k, app.enter_tie = who, k, tie
                render_in(r, A.ENTER)
        app.leave_pages()
        finished(app, kind, mode, 0, 1, 2 if kind == P.BACKGAMMON else 0)
        render_in(r, A.OVER)
        if kind != P.BACKGAMMON:
            continue
        menu.new_game(app, mode)
        g = app.game
        g.pos = far_position(g)
        g.cube = 32
        for offered in (1, 2):
            g.offered = offered
            g.resigning = 0
            render_in(r, A.OFFER)
            if mode == P.MODE_2P:  # (the AI answers a resignation at once)
                g.pos[g.TURN] = offered
                g.resigning = 3
                g.cube = 64
                render_in(r, A.OFFER)
                g.cube = 32
        from minigam.app import bg_app
        g.resigning = 0
        for what in (bg_app.DOUBLE, bg_app.DROP, bg_app.RESIGN):
            for level in (1, 2, 3):
                app.ask = (what, level, A.ROLL)
                render_in(r, S.ASK)
        app.ask = None
        for note in ("AI beavers: cube 64", "AI takes: cube 64",
                     "Beaver: cube 64", "Taken: cube 64"):
            app.cube_note = note
            g.d1 = g.d2 = 0  # (before a roll: no dice)
            render_in(r, A.ROLL)
        app.cube_note = None
    cut_free(cuts)


def test_a_table_keeps_its_columns_or_puts_its_labels_above():
    from minigam.app.pages import table
    got = table(17, ("Rolled", "Fair"), [("1", "0", "0.0"), ("2", "9", "0.0")])
    assert got == ["   Rolled    Fair", "1       0     0.0",
                   "2       9     0.0"]
    # figures under their names, right-aligned, whatever their widths
    for w in (17, 23):
        for rows in ([("Pips", "375", "5"), ("Money", "65535", "0")],
                     [("Best roll", "6-6", "-"), ("Hits", "12", "999")]):
            got = table(w, ("You", "AI"), rows)
            assert all(len(t) <= w for t in got), got
            if len(got) == 1 + len(rows):  # one right edge, the names'
                assert len({len(t.rstrip()) for t in got}) == 1, got
            else:  # (too wide: each label above its figures)
                assert [t.strip() for t in got[1::2]] == [r[0] for r in rows]
