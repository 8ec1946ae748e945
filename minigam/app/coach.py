"""The hint and the tutor: a judge of the player's roll (Hard's network,
or the exact table on the PC) runs in the idle ticks while the player
thinks. The hint shows its play move by move from the turn's start; the
tutor measures the play confirmed against it and names the error
(``DOUBTFUL``, ``BLUNDER``). Loaded when either is first used.
"""

from minigam.app import persist as P
from minigam.app.app import HINT, TUTOR, _col
from minigam.review import DOUBTFUL
from minigam.hw.ticks import ticks_add


def advisor(app):
    """The hint's and the tutor's judge: the exact table where the host
    has one (Perfect), else the game's AI if it plays Hard, else a Hard
    AIPlayer of its own (dropped again when the turn ends unless the
    tutor is on)."""
    a = app.adv
    if a is None:
        if app.perfect is not None:
            a = app.perfect(app.game.rules)
        if a is None:
            ai = app.ai
            if ai is not None and ai.level == "hard":
                a = ai
            else:
                from minigam.ai import AIPlayer
                a = AIPlayer(app.game.rules, "hard", 0)
        app.adv = a
    return a


def analyse(app):
    """Start the advisor on this turn's roll, from the turn's start
    (once a turn)."""
    if app.adv_state:
        return
    g = app.game
    advisor(app).begin(g.turn_start() if g.steps else g.pos,
                          g.d1, g.d2)
    app.adv_state = 1


def hint(app):
    """Show Hard's play for this roll, from the turn's start."""
    app.game.undo_turn()
    analyse(app)
    app.state = HINT
    app.hint_k = -1
    app.dirty = True


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
        q[:] = g.pos
    else:
        src, die = steps[k - 1]
        app.game.rules.do_move(q, 0 if q[16] == 1 else 8, src, die)
    app.hint_k = k
    app.due = ticks_add(app.now, P.SPEEDS[app.settings.speed])
    app.dirty = True


def judge(app):
    """The tutor's verdict on the play built: a notice when it gives
    away more than DOUBTFUL, else the turn ends."""
    g = app.game
    q = app.scratch
    q[:] = g.pos
    q[16] = 3 - q[16]
    loss = app.adv.loss_of(q)
    if loss > DOUBTFUL:
        app.tutor_loss = loss
        app.state = TUTOR
    else:
        app._confirm()
    app.dirty = True


def hint_marks(app, player):
    """Selection, destinations and message of the hint's frame: the
    checker of the move shown and where it goes; at the end, every
    destination of the play."""
    k = app.hint_k
    if k < 0:
        return -1, 0, "Hint: wait"
    steps = app.adv.steps
    if not steps:
        return -1, 0, "Hint: pass"
    if k < len(steps):
        src, die = steps[k]
        dst = src + die if src + die < 7 else 7
        return (_col(player, src), 1 << _col(player, dst),
                "Hint %d/%d" % (k + 1, len(steps)))
    mask = 0
    for src, die in steps:
        mask |= 1 << _col(player, src + die if src + die < 7 else 7)
    return -1, mask, "Hint: any key"
