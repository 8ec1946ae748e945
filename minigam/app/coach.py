"""The judge of the player's roll and the tutor: the judge (Hard's
network, or the exact table on the PC) analyses the roll in the idle ticks
while the player thinks; the hint (``minigam.app.hint``) shows its play,
and the tutor (``minigam.app.verdict``) measures the play confirmed
against it and names the error. Loaded when either is first used.
"""


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
