"""Long Nardy in the app: its board and game made, its AI, and what its
board shows besides the checkers and the score: crosses on the points the
picked checker may not go to (an opposing checker holds them, or landing
there would make a forbidden block), and, when the head rule is what keeps
the head's checkers still, a note saying so. The app's door to the game
(``app.xt``), like ``minigam.app.quarter_app``, whose docstring lists what
each game's module gives. Loaded with Long Nardy's board (the MINIGAM
firmware ships it, stock drives carry MINIGAM alone).
"""

from minigam.app.states import PICK, DEST
from minigam.nardy.rules import (BLOCK, HEAD, HEADS, OFF, can_move,
                                 closes_block)

KIND = 2  # persist.NARDY
POINTS = True  # a game is worth points (mars), money sessions
HITS = False  # no checker is ever hit
CUBE = False
AI_MODULES = ("minigam.nardy.ai", "minigam.core.search24")
LEAVING = ("minigam.app.nardy_view", "minigam.app.bg_view",
           "minigam.app.bg_layout")  # (see quarter_app)

# The head rule's note, longest first: the first that fits the line.
NOTES = ("One from head a turn", "1 from head a turn", "Head: 1 per turn",
         "Head: 1 a turn")


def board(app):
    """Long Nardy's board view and the view's place of a player's index
    (the menu's ``use_board``)."""
    from minigam.app.bg_layout import BgLayout
    from minigam.app.nardy_view import NardyBoardView, spot
    return NardyBoardView(BgLayout(app.hw.width, app.hw.height)), spot


def new_game(app, m):
    """A Long Nardy match to ``m`` points (1: a money session)."""
    from minigam.nardy.game import NardyGame
    from minigam.nardy.rules import Rules
    app.game = NardyGame(Rules(head_doubles=app.settings.head_doubles),
                         match_to=0 if m == 1 else m, dice=app.dice,
                         auto_forced=app.settings.auto)


def player(app, level, seed):
    """A Long Nardy AI of ``level``, sharing the game's play buffers."""
    from minigam.nardy.ai import NardyAI
    return NardyAI(level, seed, rules=app.game.rules)


def status(app, b):
    """Each frame: the crosses of the picked checker's blocked
    points (while its destination is chosen), and the head rule's note
    (while a checker is chosen, taking turns with the key tips)."""
    st = app.state
    b.set_blocked(blocked(app) if st == DEST else 0)
    b.note = None
    if st == PICK and not app.tip & 1 and head_stuck(app):
        n = b.lay.chars(b.lay.msg_w)
        for t in NOTES:
            if len(t) <= n:
                b.note = t
                break


def blocked(app):
    """The spots (a mask) where the picked checker (``app.src_index``)
    would land with a die left but may not: an opposing checker is there,
    or the move would complete a forbidden block."""
    g = app.game
    pos = g.pos
    p = g.player
    m = 0 if p == 1 else BLOCK
    s = app.src_index
    mask = 0
    for d in g.dice_left():
        t = s + d
        if t < OFF and (pos[BLOCK - m + (t + 12 if t <= 12 else t - 12)] or (
                not pos[m + t] and closes_block(pos, m, s, t))):
            mask |= 1 << app.col(p, t)
    return mask


def head_stuck(app):
    """True when a checker has left the head this turn, others wait
    there, and only the head rule keeps them from a die left (the cursor
    does not visit the head)."""
    g = app.game
    pos = g.pos
    m = 0 if g.player == 1 else BLOCK
    if not pos[HEADS] or not pos[m + HEAD] or HEAD in app.src_idx:
        return False
    q = app.scratch
    q[:] = pos
    q[HEADS] = 0  # as if none had left yet
    hd = g.rules.head_doubles
    for d in g.dice_left():
        if can_move(q, m, HEAD, d, hd):
            return True
    return False


def result(app):
    """The finished game's result in words: an oin (1 point) or a mars
    (2: the loser has borne off none)."""
    from minigam.nardy.rules import win_kind
    return ("Oin", "Mars")[win_kind(app.game.pos) - 1]
