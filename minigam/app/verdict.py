"""The tutor's verdict on a finished play: the judge's analysis of the
roll (``minigam.app.coach``) measures it, and a play that gives away more
than ``minigam.quarter.review.DOUBTFUL`` gets a notice naming the error.
Loaded for the check and unloaded after it: on stock CircuitPython its
code would otherwise hold heap through the player's turns.
"""

from minigam.compat import unload
from minigam.app.states import TUTOR


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
    for m in ("minigam.app.pages", "minigam.quarter.notation",
              "minigam.quarter.review"):
        unload(m)
    app.dirty = True
