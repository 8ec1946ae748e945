"""The AI opponent of a game against the AI, made when the game first
needs it (its turn, or the player's hint or tutor), not when the game is
chosen: by then the menu's code has left the heap, and the AI's search
buffers take the room it left. Made beside the menu's code, on stock
CircuitPython with ``.py`` files, they left no free 16 KB block in play.
Loaded for that and dropped again.
"""

from minigam.app import persist as P


def make(app):
    """``app.ai``: the exact table of Perfect where the host has one for
    the game, else the AI of the game's level (``app.xt.player``)."""
    ai = None
    if app.level == P.PERFECT and app.perfect is not None:
        ai = app.perfect(app.game.rules)
    if ai is None:
        if app.level >= len(P.LEVELS):  # no exact table here: Hard
            app.level = len(P.LEVELS) - 1
        ai = app.xt.player(app, P.LEVELS[app.level], app.ai_seed)
        if hasattr(ai.rules, "between"):
            # a double's search is long (the 24-point games): keys and
            # frames go on in it
            from minigam.app.ai_turn_keys import hook
            ai.rules.between = hook(app)
    app.ai = ai
