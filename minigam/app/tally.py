"""A finished game counted in the lifetime statistics and saved, in a
module loaded for the call (``App.confirm_play``, ``bg_app.ended``) and
unloaded after it: on stock CircuitPython its code would otherwise hold
heap on the game-over pages.
"""

from minigam.app import persist as P


def record(app, w):
    """Count a game won by player ``w`` in the lifetime statistics of its
    game type: against the AI, the match it ended, or in a Backgammon
    money session the points it won or lost."""
    st = app.stats
    kind = app.xt.KIND
    g = app.game
    if app.mode == P.MODE_AI:
        if app.level >= len(P.LEVELS):
            return  # Perfect (host only) is not a device level
        k = 3 * kind + app.level
        st.games[k] += 1
        if w == 1:
            st.wins[k] += 1
        r = st.records
        if g.match_winner and g.match_to > 1:  # (not a single game)
            r[k] += 1
            if g.match_winner == 1:
                r[9 + k] += 1
        elif not g.match_to and kind == P.BACKGAMMON:
            r[17 + w] += g.points  # (won, lost)
    else:
        st.two_player[kind] += 1
    P.save_stats(app.hw.store, st)
    if hasattr(app.xt, "report"):  # Backgammon's moves, for gnubg on a PC
        app.xt.report(app)
