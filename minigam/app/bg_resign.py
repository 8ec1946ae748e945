"""Backgammon's game page and resigning, reached through
``minigam.app.bg_app`` (``game_page``, ``key``, ``answer``) and loaded
while they are used: each way off the page, and the answer to a
resignation, unloads it again.

**The game page** (``GAMEPAGE``, Y before a roll): the position's GNU
Backgammon Position ID and Match ID (``minigam.bg.ids``), to look the
position up in gnubg ("set gnubgid" or its Edit menu), then "Back" (the
pointer starts there) and the resignations the mover may offer: "Resign
single", and "Resign gammon" and "Resign backgammon" while the opponent
can still win one (``most``). X / DOWN and Y / UP move the pointer, A
chooses, B goes back to the board.

**A resignation** gives the opponent the game at 1, 2 or 3 times the
cube (a single game, a gammon, a backgammon). Against the AI it answers
at once (``accepts``): accepted, the game is over (``BgGame.resign``:
logged, scored, saved, reported as any game end); declined, the mover
rolls, the bottom line saying "AI declines". With two players the other
player answers on the board (``OFFER``, the game's ``resigning``): A
accepts, B declines.

**The AI's answer.** From the network's five outputs for the position,
the mover on roll (``minigam.bg.eval``: the mover's chances of winning,
of winning a gammon and a backgammon, of losing a gammon and a
backgammon), what the AI expects from playing on: each result's chance
times what it is worth, cubeless (the cube's ownership is not weighed).
For money a result is worth the cube times 1, 2 or 3 (``BgGame.worth``:
under the Jacoby rule, before the cube is turned, the cube alone); in a
match it is worth the AI's match winning chance after it, from the
Kazaross-XG2 table the cube decisions use (``minigam.bg.cube.me``), so a
gammon that wins no more of the match than a single game counts no
more. Results the position rules out count nothing (no gammon once the
loser has borne off a checker, no backgammon when no contact is left and
the loser has no checker on the bar or in the winner's home board:
``most``). It accepts when what the resignation gives it is at least
that; so it always accepts a resignation that gives it the most it
could win.
"""

from minigam.compat import unload
from minigam.hw import keys as K
from minigam.app.states import ROLL, OFFER, GAMEPAGE
from minigam.bg.rules import TURN, BLOCK, OFF
from minigam.core.rules24 import lowest

KINDS = ("single", "gammon", "backgammon")
PS = 4096  # the network's probabilities' scale (net24.PSCALE)


def most(pos, m):
    """The most a game won against block ``m``'s player can still be
    worth in units of the cube: 1 once that player has borne off a
    checker, 2 when no backgammon can come (no contact left, and none of
    its checkers on the bar or in the winner's home board: its indices 0
    to 6), else 3."""
    if pos[m + OFF]:
        return 1
    lo = lowest(pos, m)
    if lo > 6 and lo + lowest(pos, BLOCK - m) >= 25:
        return 2
    return 3


def _result(g, ai, won, level, me):
    """What the game ending with ``level`` won (``won``) or lost by player
    ``ai`` is worth to it: for money its points, in a match its match
    winning chance after it (``me``: ``minigam.bg.cube.me``)."""
    v = g.worth(level)
    if not g.match_to:
        return v if won else -v
    a = g.match_to - g.score[ai - 1]
    b = g.match_to - g.score[2 - ai]
    if won:
        a -= v
    else:
        b -= v
    return me(a, b, g.crawford or g.crawford_done)


def expected(g, me=None):
    """What the opponent of ``g``'s mover expects from playing on (see
    the module docstring), in ``_result``'s units times 4096."""
    from minigam.bg.eval import evaluate, probs
    pos = g.pos
    mover = pos[TURN]
    m = 0 if mover == 1 else BLOCK
    w, wg, wbg, lg, lbg = probs(evaluate(pos), [0] * 5)
    k = most(pos, m)  # the opponent's best result
    if k < 3:
        lbg = 0
        if k < 2:
            lg = 0
    k = most(pos, BLOCK - m)  # the mover's
    if k < 3:
        wbg = 0
        if k < 2:
            wg = 0
    ai = 3 - mover
    return (_result(g, ai, True, 1, me) * max(0, PS - w - lg)
            + _result(g, ai, True, 2, me) * max(0, lg - lbg)
            + _result(g, ai, True, 3, me) * lbg
            + _result(g, ai, False, 1, me) * max(0, w - wg)
            + _result(g, ai, False, 2, me) * max(0, wg - wbg)
            + _result(g, ai, False, 3, me) * wbg)


def accepts(g, level):
    """Whether the AI, the opponent of ``g``'s mover, accepts the mover's
    resignation of ``level`` (1 single, 2 gammon, 3 backgammon): in a
    match by match winning chances, from the cube's match equity table
    (loaded for the answer)."""
    me = None
    if g.match_to:
        from minigam.bg.cube import me
    yes = _result(g, 3 - g.player, True, level, me) * PS >= expected(g, me)
    unload("minigam.bg.cube")
    unload("minigam.bg.met")
    return yes


def _lines(app):
    """The game page's lines: the IDs (label and code on one line where
    the page is wide enough, else on two), "Back", the resignations."""
    from minigam.bg.ids import format_position_id, format_match_id
    g = app.game
    pos = g.pos
    me = pos[TURN]
    sc = g.score
    asked = app.state == OFFER  # a double or a resignation to answer
    mid = format_match_id({
        "cube": g.cube, "cube_owner": g.cube_owner - 1 if g.cube_owner
        else -1, "move": me - 1, "turn": 2 - me if asked else me - 1,
        "double": 0 if g.resigning or not asked else 1,
        "resign": g.resigning if asked else 0,
        "crawford": 1 if g.crawford else 0, "length": g.match_to,
        "score0": min(sc[0], 32767), "score1": min(sc[1], 32767),
        "no_jacoby": 0 if g.jacoby else 1})
    pid = format_position_id(pos)
    lay = app.lay
    if lay.chars(lay.w - 2 * lay.cw) >= 23:
        out = ["Position " + pid, "Match ID " + mid]
    else:
        out = ["Position ID", pid, "Match ID", mid]
    out.append("Back")
    if asked:
        return out  # (the offer is answered on the board)
    # (under the Jacoby rule, before the cube is turned, a single game)
    for k in range(most(pos, 0 if me == 1 else BLOCK)
                   if g.worth(2) > g.worth(1) else 1):
        out.append("Resign " + KINDS[k])
    return out


def open_page(app):
    """Y before a roll, or on an offer to answer: the game page, its
    pointer on "Back". The AI leaves the heap while it shows (it comes
    back at its next turn): the text view then takes no more room beside
    the board than the game-over summary does."""
    app.ai = None
    lines = _lines(app)
    app.page_from = app.state
    app.state = GAMEPAGE
    app.show_page("This position", lines, lines.index("Back"))


def key(app, code, ok, back):
    """A key on the game page: a resignation is asked once
    (``bg_app.ask``)."""
    t = app.text
    items = t.items
    first = items.index("Back")
    n = len(items) - first
    sel = t.sel - first
    if ok and sel:
        _leave(app)
        app.state = ROLL
        app.xt.ask(app, app.xt.RESIGN, sel)
    elif ok or back:
        _leave(app)
        app.state = app.page_from
    elif code in (K.X, K.DOWN, K.RIGHT, K.Y, K.UP, K.LEFT):
        sel = (sel + (1 if code in (K.X, K.DOWN, K.RIGHT) else -1)) % n
        app.show_page(t.title.text, items, first + sel)


def _leave(app):
    """Off the page, back to the board."""
    app.leave_pages(False)
    unload(__name__)


def offer(app, level):
    """The mover resigns ``level``: the AI answers at once; a player is
    asked (``OFFER``)."""
    g = app.game
    _leave(app)
    if app.is_ai(3 - g.player):
        if accepts(g, level):
            app.xt.ended(app, g.resign(level))
        else:
            app.cube_note = "AI declines"
            app.state = ROLL
    else:
        g.resigning = level
        app.state = OFFER
        app.hw.pixels.show_mover(3 - g.player)


def answer(app, ok):
    """The other player's answer to a resignation (``OFFER``): A accepts
    (the game is over), B declines (the mover rolls)."""
    g = app.game
    level = g.resigning
    g.resigning = 0
    unload(__name__)
    if ok:
        app.xt.ended(app, g.resign(level))
    else:
        app.cube_note = "Declined"
        app.state = ROLL
        app.hw.pixels.show_mover(g.player)

