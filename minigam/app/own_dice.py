"""Your own dice (a menu setting): each roll entered with the keys instead
of rolled, the AI's and the opening roll too; never counted in the dice
statistics. X (or RIGHT/DOWN) steps the die in brackets up, Y (or
LEFT/UP) down, A takes it, B goes back (from the first die: the menu, as
B does before a roll). Loaded only when the setting is on.
"""

from minigam.app import persist as P
from minigam.app.states import ENTER


def enter(app, who):
    """Enter ``who``'s roll by hand (0: the opening roll)."""
    app.enter_who = who
    app.enter_k = 0
    app.enter_d[0] = 1
    app.enter_d[1] = 1
    app.enter_tie = False
    app.state = ENTER
    app.hw.pixels.show_mover(who or 1)
    app.dirty = True


def key(app, ok, back, up, down):
    d = app.enter_d
    k = app.enter_k
    if up:
        d[k] = d[k] % 6 + 1
    elif down:
        d[k] = (d[k] + 4) % 6 + 1
    elif back:
        if k:
            app.enter_k = 0
        else:
            app.to_menu()  # as B does before a roll
    elif ok:
        if not k:
            app.enter_k = 1
        else:
            entered(app, d[0], d[1])


def entered(app, d1, d2):
    """Play on with a roll entered by hand (never counted in the dice
    statistics)."""
    g = app.game
    who = app.enter_who
    app.enter_tie = False
    if who == 0:
        if d1 == d2:  # the opening dice tie: enter them again
            app.enter_k = 0
            app.enter_tie = True
            return
        g.start_game((d1, d2))
        app.hw.pixels.show_dice(d1, d2, 1)
        from minigam.app.opening import opened
        opened(app)
        return
    g.roll(d1, d2)
    app.save_due = True  # kept as a rolled one is
    app.hw.pixels.show_dice(d1, d2, who)
    if app.is_ai(who):
        app.start_turn()  # the AI thinks about the roll
    else:
        app.rolled()


def banner(app, names):
    """The banner of a roll entered by hand: whose, and the dice with
    the one being entered in brackets."""
    d = app.enter_d
    k = app.enter_k
    a = ("[%d]" if k == 0 else "%d") % d[0]
    c = ("[%d]" if k == 1 else "%d") % d[1] if k else "?"
    who = app.enter_who
    if not who:
        return ("Tie: again" if app.enter_tie else "Opening roll",
                "%s %s:%s %s" % (names[0], a, names[1], c))
    if app.mode == P.MODE_AI:
        head = "Enter AI's roll" if who == 2 else "Enter your roll"
    else:
        head = "Enter P%d's roll" % who
    return (head, "%s - %s" % (a, c))
