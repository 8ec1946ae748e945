"""A game's start: the next game from the summary, and the opening
roll's keys (OPEN: A rolls one die each, B the menu; OPENED: A plays
on), in a module loaded for them and unloaded when the first turn
starts: on stock CircuitPython its code would otherwise hold heap
through the game.
"""

from minigam.compat import unload
from minigam.app.states import OPEN, OPENED


def key(app, ok, back):
    if app.state == OPEN:
        if ok:  # (with your own dice: ``minigam.app.own_dice``)
            a, b = app.game.start_game()
            app.hw.pixels.roll(a, b, 1, app.now)
            opened(app)
        elif back:
            app.to_menu()
    elif ok:
        unload(__name__)
        app.start_turn()


def opened(app):
    """The opening dice are thrown (rolled, or entered by hand): shown
    (OPENED), kept by the next save; a forced play is shown move by
    move, never as a jump."""
    g = app.game
    app.save_due = True  # a restart keeps the opening roll
    app.ai_steps = []
    if g.forced:
        if not app.is_ai(g.player):
            app.ai_steps = [(s, d) for s, d, _ in g.steps]
        g.undo_turn()
    app.state = OPENED


def next_game(app):
    """A on the summary: the next game of the match or session, or a new
    match once one is won."""
    app.cube_note = None  # (a drop's words stay with their game)
    g = app.game
    if g.match_over():
        g.new_match()
    else:
        g.new_game()
    app.leave_pages()
    app.last_col = -1
    app.state = OPEN
    app.dirty = True
