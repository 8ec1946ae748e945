"""The board's top and bottom bars in all three games, in the real app on
each screen size the README shows, driven by keys: the pip counts are
labelled "Pips", and the dice are in the same place in every game (where
MINIGAM's board has them: the right end of the bottom bar), for the
opening roll, a roll and a double (its die and its moves left)."""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.app import app as A  # noqa: E402
from minigam.app import palette as C  # noqa: E402
from minigam.hw import keys as K  # noqa: E402

from test_app_flows import Rig  # noqa: E402

PROFILES = ("pybadge", "pico-st7789", "pico-ili9341")
GAMES = (("MINIGAM", 0), ("Backgammon", 1), ("Long Nardy", 2))


def two_players(profile, game, seed=2):
    """A two-player game of ``game`` (A presses on "Game") started by keys,
    at its opening roll."""
    rig = Rig(profile, seed=seed)
    app = rig.app
    for _ in range(3):
        rig.press(K.X)
    for _ in range(game):
        rig.press(K.A)
    for _ in range(3):
        rig.press(K.Y)
    rig.press(K.X, K.A)  # Two players
    assert app.state == A.OPEN
    rig.press(K.A)
    assert app.state == A.OPENED
    return rig


def dice_box(fr, lay):
    """(x0, x1, y0, y1) around what is not the bar's colour in the bottom
    bar right of the message line, or None."""
    y0 = lay.h - lay.bottom + 1
    lit = [(x, y) for y in range(y0, lay.h)
           for x in range(lay.die_x(0) - 4, lay.w)
           if not fr.is_color(x, y, C.BAR_BG)]
    if not lit:
        return None
    xs = [x for x, _ in lit]
    ys = [y for _, y in lit]
    return min(xs), max(xs) + 1, min(ys), max(ys) + 1


def caption(fr, x1, y1):
    """The pixels in the caption's colour left of ``x1`` above ``y1``, as
    offsets from their top left corner (None: none)."""
    from minigam.host.simulator.render import to565
    v = to565(C.DIM)
    px = [(x, y) for y in range(y1) for x in range(x1) if fr.value(x, y) == v]
    if not px:
        return None
    x0 = min(x for x, _ in px)
    y0 = min(y for _, y in px)
    return x0, frozenset((x - x0, y - y0) for x, y in px)


def word(w, h, scale):
    """The caption alone, "Pips" in ``minigam.app.text`` at ``scale``."""
    import displayio
    from minigam.app.text import Text
    from minigam.host.simulator.render import Frame, make_display
    d = make_display(w, h)
    g = displayio.Group(scale=scale)
    Text(g, 4, C.DIM, 2, 20, scale, 0, text="Pips")
    d.root_group = g
    d.refresh()
    return caption(Frame(d), w, h)[1]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_dice_are_in_the_same_place_in_every_game(profile):
    where = []
    doubles = 0
    for name, game in GAMES:
        rig = two_players(profile, game)
        app = rig.app
        lay = app.lay  # MINIGAM's layout: every game has one
        want = (lay.die_x(0), lay.die_x(1) + lay.ds, lay.die_y(),
                lay.die_y() + lay.ds)
        # The opening roll: a die each, in each player's colour.
        fr = rig.frame()
        assert dice_box(fr, lay) == want, name
        y = lay.die_y() + lay.ds // 2
        assert fr.is_color(lay.die_x(0) + 1, y, C.P1), name
        assert fr.is_color(lay.die_x(1) + lay.ds - 2, y, C.P2), name
        # Rolls up to a double (its die and its moves left, in the same
        # two places).
        for _ in range(400):
            if app.state == A.PICK:
                g = app.game
                assert dice_box(rig.frame(), lay) == want, (name, g.d1, g.d2)
                if g.d1 == g.d2:
                    doubles += 1
                    break
            rig.press(K.A)
        where.append(want)
    assert where[0] == where[1] == where[2]
    assert doubles == 3


def pip_counts(game, pos):
    """Each side's pip count of ``pos`` in ``game`` (0 MINIGAM)."""
    if game == 0:
        from minigam.quarter.rules import pips
        return pips(pos, 1), pips(pos, 2)
    return tuple(sum(pos[b + i] * (25 - i) for i in range(25))
                 for b in (0, 26))


@pytest.mark.parametrize("profile", PROFILES)
def test_the_pip_counts_are_labelled_in_every_game(profile):
    seen = []
    for name, game in GAMES:
        rig = two_players(profile, game)
        app = rig.app
        b = app.board
        s = b.lay.scale
        # "Pips" at the top bar's left end, left of Player 1's count.
        got = caption(rig.frame(), b.p1_lb.grid.x * s, b.lay.top)
        assert got is not None, name
        cs = s if b.lay.w // b.lay.cw >= 26 else 1
        assert got[1] == word(b.lay.w, b.lay.h, cs), name
        seen.append(got[0])
        # Then each side's count (after its name where there is room).
        for _ in range(3):
            counts = pip_counts(game, app.game.pos)
            for lb, n in zip((b.p1_lb, b.p2_lb), counts):
                assert lb.text.split()[-1] == str(n), (name, lb.text)
            while True:  # on to the next turn
                rig.press(K.A)
                if app.state == A.ROLL:
                    break
    assert seen[0] == seen[1] == seen[2]  # the word's x in every game
