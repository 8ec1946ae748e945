"""The tutor's verdict on a finished play: the judge's analysis of the
roll (``minigam.app.coach``) measures it, and a play that gives away more
than its game's doubtful threshold (``minigam.core.review.LIMITS``) gets a
notice naming the error.
Loaded for the check and unloaded after it: on stock CircuitPython its
code would otherwise hold heap through the player's turns.
"""

from minigam.compat import unload
from minigam.app.states import TUTOR, OVER_MODULES

# What the notice's words load: the pages, the review's words, the
# game's notation (``OVER_MODULES`` lists them with the game-over page's).
NOTICE_MODULES = ("minigam.app.pages",) + OVER_MODULES[1:]


def judge(app):
    """The tutor's verdict on the play built: a notice when it gives
    away more than its game's doubtful threshold, else the turn ends."""
    g = app.game
    q = app.scratch
    q[:] = g.pos
    g.pass_turn(q)
    loss = app.adv.loss_of(q)
    from minigam.core.review import LIMITS
    if loss > LIMITS[g.KIND][0]:
        from minigam.app.pages import tutor_banner
        app.tutor_text = tutor_banner(app, loss)
        app.state = TUTOR
    else:
        app.confirm_play()
    # The notice's words are made once: their code (page texts, notation,
    # thresholds) leaves the heap before the player reads them.
    for m in NOTICE_MODULES:
        unload(m)
    app.dirty = True
