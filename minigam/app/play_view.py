"""The board's picture of a game in progress: the app's state pushed into
the board view (position, dice, cursor, destinations, banner, the bottom
line's key tips). Loaded while a game is on and unloaded at the menu: on
stock CircuitPython its code would otherwise hold heap under the menu.
"""

from minigam.app import persist as P
from minigam.app.states import (OPEN, OPENED, ROLL, ENTER, PASS, PICK, DEST,
                                DONE, HINT, CHECK, TUTOR, OVER, REVIEW, AI,
                                AIMOVE, OFFER)


def tips(app):
    """The keys of the moment for the bottom line; several take turns
    (``TIP_MS``) where the line is too short for them all."""
    st = app.state
    if st == ROLL:  # (Backgammon's: the cube's and the game page's keys)
        return app.xt.roll_tip(app) if app.xt.CUBE else ("B:menu",)
    if st == PICK:
        if app.game.steps:
            return ("A:pick B:undo", "Y:undo turn", "X+Y:hint")
        return ("A:pick X:next", "X+Y:hint")
    if st == DONE:
        if app.forced:
            return ("Forced. A:ok",)
        return ("A:ok B:undo", "Y:undo turn", "X+Y:hint")
    if st == OVER:  # (A plays on from the summary)
        return ("A:more B:menu", "X:more")
    if st == TUTOR:
        return ("A:keep B:redo", "X:show best")
    if st == ENTER:
        return ("X:+1 A:next" if not app.enter_k else "X:+1 A:done",
                "Y:-1 B:back")
    return ()

def render(app):
    st = app.state
    b = app.board
    g = app.game
    pos = app.scratch if st == HINT and app.hint_k >= 0 else g.pos
    b.update(pos)
    names = app.names()
    if st in (OPEN, OPENED) or (st == ENTER and not app.enter_who):
        b.set_turn(0)
    elif st == OVER or st == REVIEW:
        b.set_turn(g.winner)
    else:
        b.set_turn(g.player)
    b.set_score(g.shown(0), g.shown(1), g.match_to)
    if hasattr(app.xt, "status"):
        app.xt.status(app, b)  # the cube, Long Nardy's crosses and notes
    d1 = d2 = used = 0
    who = g.player
    if st == ENTER:
        d = app.enter_d
        d1, d2 = d[0], d[1] if app.enter_k else 0
        who = app.enter_who or (1, 2)
    elif st == OPENED and g.opening:
        d1, d2 = g.opening
        who = (1, 2)
    elif g.d1:
        d1, d2 = g.d1, g.d2
        if st != HINT:
            for k in range(len(g.used)):
                if g.used[k]:
                    used |= 1 << k
    b.set_dice(d1, d2, used, who)
    cursor = -1
    sel = -1
    mask = 0
    tips_ = tips(app)
    msg = tips_[app.tip % len(tips_)] if tips_ else " "
    ban = None
    p = g.player
    who = names[p - 1]
    if st == OPEN:
        ban = ("Opening roll", "A:roll")
        msg = "B:menu"
    elif st == OPENED:
        a, c = g.opening
        ban = ("%s %d : %s %d" % (names[0], a, names[1], c),
               "%s first. A:go" % who)
    elif st == ROLL:
        if app.mode == P.MODE_2P:
            ban = ("Player %d" % p, "press A to roll")
        else:
            ban = ("Your turn", "press A to roll")
    elif st >= OFFER:  # (Backgammon's offers and questions)
        ban = app.xt.banner(app)
        if len(ban) > 2:  # (Backgammon's beaver key)
            msg = ban[2] or msg
            ban = ban[:2]
    elif st == ENTER:
        from minigam.app.own_dice import banner as entry_banner
        ban = entry_banner(app, names)
    elif st == PASS:
        ban = ("No legal move", who + ": A to pass")
    elif st == PICK:
        cursor = app.srcs[app.ci]
    elif st == DEST:
        sel = app.src
        for t in app.tgts:
            mask |= 1 << t[0]
        cursor = app.tgts[app.ci][0]
        msg = "A:use %d B:back" % app.tgts[app.ci][1]
    elif st == HINT:
        from minigam.app.hint import hint_marks
        sel, mask, msg = hint_marks(app, p)
    elif st == CHECK:
        msg = "Checking:wait" if app.waited else "Checking..."
    elif st == TUTOR:
        ban = app.tutor_text
    elif st == OVER:
        from minigam.app.pages import over_banner
        ban = over_banner(app)
    elif st == REVIEW:
        from minigam.app.over import banner as review_banner
        ban = review_banner(app)
        msg = "B:back"
    elif st == AI or st == AIMOVE:
        cursor = app.last_col  # -1 until the first move is shown
        if st == AI or app.is_ai(p):
            # One line while the AI thinks and moves: a new text would
            # redraw the whole line (about 20 ms of refresh on a Pico) in
            # the frame its first move may share with a key's. A key
            # appends ":wait" (a few tiles redrawn).
            msg = "AI's turn:wait" if app.waited else "AI's turn"
        else:
            msg = "Forced:wait" if app.waited else "Forced play"
    if (st == AI or st == AIMOVE) and g.must_pass:
        ban = ("No legal move", "AI must pass")
    elif st == AI and app.looking:  # (Backgammon's cube: a double to answer)
        ban = app.xt.banner(app)
    if P.failed != app.failed_seen:  # (until a key)
        msg = "Save failed!"
    b.set_cursor(cursor, app.cur_color)
    b.set_selected(sel)
    b.set_marks(mask)
    b.set_message(msg)
    b.set_banner(*(ban or (None,)))
