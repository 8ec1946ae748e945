"""The hint: Hard's play for the roll, shown move by move from the turn's
start (the checker, then where it goes), then all its destinations at
once, and over again until a key ends it. Loaded when first asked for.
"""

from minigam.app import persist as P
from minigam.compat import unload
from minigam.app.states import HINT, TUTOR
from minigam.app.coach import analyse
from minigam.hw.ticks import ticks_add


def hint(app, keep=False):
    """Show Hard's play for this roll, from the turn's start: the turn
    is taken back, or with ``keep`` (the tutor's "show best") left on
    the board, to be kept once the hint ends (``App``: back to TUTOR)."""
    if not keep:
        app.game.undo_turn()
    app.hint_keeps = keep
    analyse(app)  # the judge's, unless this roll's is made
    app.state = HINT
    app.hint_k = -1
    app.dirty = True


def end(app):
    """Any key ends the hint, and the hint's code leaves the heap; without
    the tutor its judge and the judge's code leave too (a hint keeps
    nothing). From the tutor's "show best" its notice comes back."""
    unload("minigam.app.hint")
    if app.hint_keeps:  # the play kept
        app.state = TUTOR
        return
    if not app.tutor:
        app.adv = None
        app.adv_state = 0
        unload("minigam.app.coach")
    app.moves()


def hint_frame(app):
    """Advance the hint's move-by-move showing (it starts over after
    the whole play)."""
    g = app.game
    steps = app.adv.steps
    k = app.hint_k + 1
    if k > len(steps):
        k = 0
    q = app.scratch
    if k == 0:
        q[:] = g.turn_start()
    else:
        src, die = steps[k - 1]
        g.rules.do_move(q, 0 if q[g.TURN] == 1 else g.BLOCK, src, die)
    app.hint_k = k
    app.due = ticks_add(app.now, P.SPEEDS[app.settings.speed])
    app.dirty = True


def hint_marks(app, player):
    """Selection, destinations and message of the hint's frame: the
    checker of the move shown and where it goes; at the end, every
    destination of the play."""
    k = app.hint_k
    off = app.game.OFF
    if k < 0:
        return -1, 0, "Hint: wait"
    steps = app.adv.steps
    if not steps:
        return -1, 0, "Hint: pass"
    if k < len(steps):
        src, die = steps[k]
        return (app.col(player, src), 1 << app.col(player, min(src + die, off)),
                "Hint %d/%d" % (k + 1, len(steps)))
    mask = 0
    for src, die in steps:
        mask |= 1 << app.col(player, min(src + die, off))
    return -1, mask, "Hint: any key"
