"""The judge of the player's roll and the tutor: the judge (Hard's
network, or the exact table on the PC) analyses the roll in the idle ticks
while the player thinks; the hint (``minigam.app.hint``) shows its play,
and the tutor measures the play confirmed against it and names the error
(``minigam.quarter.review.DOUBTFUL``, ``BLUNDER``). Loaded when either is first
used.
"""

from minigam.compat import unload
from minigam.app.states import TUTOR


def advisor(app):
    """The hint's and the tutor's judge: the exact table where the host
    has one (Perfect), else the game's AI, set to Hard between its own
    turns (one player's buffers, not two), else (two players) a Hard
    player of its own. Dropped again when the turn ends unless the
    tutor is on."""
    a = app.adv
    if a is None:
        if app.perfect is not None:
            a = app.perfect(app.game.rules)
        if a is None:
            a = app.opponent()
            if a is None:  # two players: a Hard player of its own
                a = app.xt.player(app, "hard", 0)
        app.adv = a
    if a is app.ai and a.level != "hard":
        a.set_level("hard")  # until its own turn (``App.start_turn``)
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


def judge(app):
    """The tutor's verdict on the play built: a notice when it gives
    away more than DOUBTFUL, else the turn ends."""
    g = app.game
    q = app.scratch
    q[:] = g.pos
    q[g.TURN] = 3 - q[g.TURN]
    loss = app.adv.loss_of(q)
    from minigam.quarter.review import DOUBTFUL
    if loss > DOUBTFUL:
        from minigam.app.pages import tutor_banner
        app.tutor_text = tutor_banner(app, loss)
        app.state = TUTOR
    else:
        app.confirm_play()
    # The notice's words are made once: their code (page texts, notation,
    # thresholds) leaves the heap before the player reads them.
    for m in ("minigam.app.pages", "minigam.quarter.notation", "minigam.quarter.review"):
        unload(m)
    app.dirty = True
