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
backgammon), the AI's expected points from playing on: each result's
chance times what it is worth, the cube times 1, 2 or 3, cubeless (the
cube's ownership is not weighed); in a match each player's results are
worth at most the points that player still needs. Results the position
rules out count nothing (no gammon once the loser has borne off a
checker, no backgammon when no contact is left and the loser has no
checker on the bar or in the winner's home board: ``most``). It accepts
when what the resignation gives it (in a match, at most what it needs) is
at least that; so it always accepts a resignation that gives it the most
it could win.
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


def value(g, player, level):
    """What winning ``level`` (1..3) times the cube of game ``g`` is worth
    to ``player``: in a match at most the points it still needs."""
    v = level * g.cube
    if g.match_to:
        v = min(v, g.match_to - g.score[player - 1])
    return v


def expected(g):
    """The points the opponent of ``g``'s mover expects from playing on,
    in 1/4096 units (see the module docstring)."""
    from minigam.bg.eval import evaluate, probs
    pos = g.pos
    me = pos[TURN]
    m = 0 if me == 1 else BLOCK
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
    him = 3 - me
    return (value(g, him, 1) * max(0, PS - w - lg)
            + value(g, him, 2) * max(0, lg - lbg) + value(g, him, 3) * lbg
            - value(g, me, 1) * max(0, w - wg)
            - value(g, me, 2) * max(0, wg - wbg) - value(g, me, 3) * wbg)


def accepts(g, level):
    """Whether the AI, the opponent of ``g``'s mover, accepts the mover's
    resignation of ``level`` (1 single, 2 gammon, 3 backgammon)."""
    return value(g, 3 - g.player, level) * PS >= expected(g)


def _lines(app):
    """The game page's lines: the IDs (label and code on one line where
    the page is wide enough, else on two), "Back", the resignations."""
    from minigam.bg.ids import format_position_id, format_match_id
    g = app.game
    pos = g.pos
    me = pos[TURN]
    sc = g.score
    mid = format_match_id({
        "cube": g.cube, "cube_owner": g.cube_owner - 1 if g.cube_owner
        else -1, "move": me - 1, "turn": me - 1,
        "crawford": 1 if g.crawford else 0, "length": g.match_to,
        "score0": min(sc[0], 32767), "score1": min(sc[1], 32767),
        "no_jacoby": 1})  # (the handheld's money games have no Jacoby)
    pid = format_position_id(pos)
    lay = app.lay
    if lay.chars(lay.w - 2 * lay.cw) >= 23:
        out = ["Position " + pid, "Match ID " + mid]
    else:
        out = ["Position ID", pid, "Match ID", mid]
    out.append("Back")
    for k in range(most(pos, 0 if me == 1 else BLOCK)):
        out.append("Resign " + KINDS[k])
    return out


def open_page(app):
    """Y before a roll: the game page, its pointer on "Back". The AI
    leaves the heap while it shows (it comes back at its next turn):
    the text view then takes no more room beside the board than the
    game-over summary does."""
    app.ai = None
    app.state = GAMEPAGE
    lines = _lines(app)
    app.show_page("This position", lines, lines.index("Back"))


def key(app, code, ok, back):
    """A key on the game page."""
    t = app.text
    items = t.items
    first = items.index("Back")
    n = len(items) - first
    sel = t.sel - first
    if ok and sel:
        offer(app, sel)
    elif ok or back:
        _leave(app)
        app.state = ROLL
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

