"""Backgammon in the app: its board and game made, its AI, and the
doubling cube: the human's double (X before rolling), the AI's double at
the start of its turn, and the answer to a double (OFFER: A takes, B
drops, X beavers in a money session with the Jacoby rule); the game page
(Y before rolling: the gnubg IDs, resigning) and the answer to a
resignation, in ``minigam.app.bg_resign``, loaded while
they are used. The app's door to the game (``app.xt``), like
``minigam.app.quarter_app``, whose docstring lists what each game's module
gives. Loaded with Backgammon's board (the MINIGAM firmware ships it,
stock drives carry MINIGAM alone).

The AI's cube decisions (doubles, redoubles, takes, beavers) come from
``minigam.bg.cube``, loaded for one decision and unloaded after it: for
money the thresholds fitted to gnubg's decisions on the network's
cubeless equity; in a match the network's five outputs (its chances of
winning, of gammons and backgammons each way), Janowski's cubeful model
with a cube efficiency of 0.68 and the Kazaross-XG2 match equity table.
"""

from minigam.compat import unload
from minigam.hw import keys as K
from minigam.app.persist import MODE_2P
from minigam.app.states import ROLL, OFFER, ASK, AI

# What ASK asks (``app.ask``): a double, a drop, a resignation.
DOUBLE = 1
DROP = 2
RESIGN = 3

KIND = 1  # persist.BACKGAMMON
POINTS = True  # a game is worth points: gammons, the cube, money sessions
HITS = True
CUBE = True
AI_MODULES = ("minigam.bg.ai", "minigam.core.search24")
LEAVING = ("minigam.app.bg_view", "minigam.app.bg_layout")  # (see quarter_app)


def _cube_says(what, g, *args):
    """``minigam.bg.cube``'s ``what`` (``"ai_plan"``, ``"ai_doubles"``,
    ``"ai_answer"``) of game ``g`` and its other arguments: the module and
    its match equity table are loaded for the decision and leave the heap
    after it."""
    from minigam.bg import cube
    yes = getattr(cube, what)(g, *args)
    unload("minigam.bg.cube")
    unload("minigam.bg.met")
    return yes


def turn(app):
    """At the start of a Backgammon turn: a double offered to the AI (a
    resumed one) is answered after its look ahead, or the human answers
    (OFFER); the AI, to roll, may double, after a look where the position
    asks for one (``App.look_ahead``, then ``looked``). True when the
    turn waits for either."""
    from minigam.bg.game import CUBE, ROLL
    g = app.game
    if g.state == CUBE:  # a double offered (a resumed game)
        if app.is_ai(3 - g.offered):
            app.look_ahead()
        else:
            app.state = OFFER
        return True
    if not (app.is_ai(g.player) and g.state == ROLL and g.can_double()):
        return False
    if app.cube_looked:  # this turn's look: no double
        app.cube_looked = False
        return False
    plan = _cube_says("ai_plan", g)
    if plan is None:
        app.look_ahead()
        return True
    return plan and _doubled(app)


def looked(app):
    """The AI's look one roll ahead is done (``App.look_ahead``): it
    answers the double offered, or doubles, or the turn goes on."""
    from minigam.bg.game import CUBE
    g = app.game
    pr = [v / 4096 for v in app.look_out]  # (the evaluator's PSCALE)
    if g.state == CUBE:
        if ai_answers(app, pr):
            app.save_game()
            app.start_turn()  # the doubler rolls
        return
    if _cube_says("ai_doubles", g, pr):
        _doubled(app)
        return
    app.cube_looked = True
    app.start_turn()


def _doubled(app):
    """The AI doubles: the human answers (OFFER)."""
    g = app.game
    g.double()
    app.state = OFFER
    app.hw.pixels.show_mover(g.offered)
    return True


def ai_answers(app, pr):
    """The AI's answer to the human's double on its look ``pr``: it drops
    (the game is over), takes or beavers, the bottom line saying which.
    True when the game goes on."""
    g = app.game
    k = _cube_says("ai_answer", g, pr)
    if not k:
        app.cube_note = "AI drops"
        _dropped(app)
        return False
    if k == 2:
        g.beaver()
        app.cube_note = "AI beavers: cube %d" % g.cube
    else:
        g.take()
        app.cube_note = "AI takes: cube %d" % g.cube
    return True


def human_double(app):
    """X before a roll: offer the cube. Against the AI it answers after its
    look ahead (its answer is on the bottom line); in a two-player game
    the other player answers (OFFER)."""
    g = app.game
    if not g.can_double():
        return False
    g.double()
    if app.is_ai(3 - g.offered):
        app.look_ahead()  # its answer then (looked)
    else:
        app.state = OFFER
        app.hw.pixels.show_mover(3 - g.offered)
    return True


def key(app, code, ok, back):
    """The app's keys for Backgammon beyond the board's: before a roll
    (ROLL) X doubles and Y opens the game page; an offer's answer (OFFER:
    A takes or accepts, B drops or declines, Y the game page); a question
    (ASK: A yes, B no); the game page's keys (GAMEPAGE,
    ``minigam.app.bg_resign``). A double, a drop and a resignation, which
    give points away, are asked once."""
    st = app.state
    g = app.game
    if st == ROLL:
        if code == K.X:
            if g.can_double():
                ask(app, DOUBLE)
        elif code == K.Y:
            game_page(app)
    elif st == OFFER:
        app.cube_note = None  # (the cube's hint, until a key)
        if ok or (back and g.resigning):
            answer(app, ok)
        elif back:
            ask(app, DROP)
        elif code == K.X and g.can_beaver() and not g.resigning:
            beaver(app)
        elif code == K.Y:
            game_page(app)
    elif st == ASK:
        if ok or back:
            _asked(app, ok)
    else:
        from minigam.app.bg_resign import key as page_key
        page_key(app, code, ok, back)


_CHORDED = -2  # app.chord: X and Y were pressed together


def chord_key(app, code, st):
    """Before a roll and on an offer, X and Y act beyond the board (the
    cube, the game page), so each waits for its release (``chord_up``):
    with the other key pressed first, the pair is the cube's hint
    instead, and neither acts. Another key puts a waiting one off. True
    when ``code`` is taken here."""
    if (code == K.X or code == K.Y) and st in (ROLL, OFFER):
        c = app.chord
        if c == K.NONE:
            app.chord = code
        elif c >= 0:
            app.chord = _CHORDED
            cube_hint(app)
            app.dirty = True
        return True
    if app.chord >= 0:
        app.chord = _CHORDED
    return False


def chord_up(app):
    """Once X and Y are both up, one that waited alone acts; True then."""
    held = app.hw.keys.held
    if held(K.X) or held(K.Y):
        return False
    c = app.chord
    app.chord = K.NONE
    if c >= 0:
        app.act(c, app.state)
        app.dirty = True
    return True


def ask(app, what, level=0):
    """Ask once before ``what`` (``DOUBLE``, ``DROP``, ``RESIGN`` of
    ``level``): A does it, B goes back."""
    app.ask = (what, level, app.state if what == DROP else ROLL)
    app.state = ASK


def _asked(app, yes):
    what, level, back = app.ask
    app.ask = None
    app.state = back
    if not yes:
        return
    if what == DOUBLE:
        human_double(app)
    elif what == DROP:
        answer(app, False)
    else:
        from minigam.app.bg_resign import offer
        offer(app, level)


def cube_hint(app):
    """X and Y together before a roll or on a double offered: Hard's cube
    decision for the player, on the bottom line: "Thinking..." first,
    while the advisor looks one roll ahead (in one call: about a second
    on the board, up to three)."""
    g = app.game
    if app.state == OFFER and g.resigning:
        return
    if app.state == ROLL and not g.can_double():
        app.cube_note = "Hint: roll"
        return
    app.cube_note = "Thinking..."
    app.draw()
    from minigam.app.coach import advisor
    adv = advisor(app)
    unload("minigam.app.coach")
    if app.state == ROLL:
        t = ("Hint: double" if _cube_says("ai_doubles", g, None, adv)
             else "Hint: roll")
    else:
        t = ("Hint: drop", "Hint: take", "Hint: beaver")[
            _cube_says("ai_answer", g, None, adv)]
    app.cube_note = t


def game_page(app):
    """Y before a roll: the game page (``minigam.app.bg_resign``)."""
    from minigam.app.bg_resign import open_page
    open_page(app)


def answer(app, take):
    """The human's answer to a double (OFFER): take (A) or drop (B); or
    to a resignation (``minigam.app.bg_resign.answer``)."""
    g = app.game
    if g.resigning:
        from minigam.app.bg_resign import answer as resign_answer
        resign_answer(app, take)
    elif take:
        g.take()
        app.cube_note = "Taken: cube %d" % g.cube
        app.save_game()
        app.start_turn()  # the doubler rolls (the AI thinks)
    else:
        app.cube_note = "Dropped"
        _dropped(app)


def beaver(app):
    """X on a double offered (money, the Jacoby rule and beavers on): the
    human takes and redoubles at once, keeping the cube."""
    g = app.game
    g.beaver()
    app.cube_note = "Beaver: cube %d" % g.cube
    app.save_game()
    app.start_turn()  # the doubler rolls (the AI thinks)


def _dropped(app):
    ended(app, app.game.drop())


def ended(app, w):
    """The game is over off the board (a drop, a resignation accepted),
    won by ``w``: counted, saved, its final board shown."""
    from minigam.app.tally import record
    record(app, w)
    unload("minigam.app.tally")
    app.save_game()
    app.start_turn()  # the game is over: its final board


def board(app):
    """Backgammon's board view and the view's place of a player's index
    (the menu's ``use_board``; its names live here, so a MINIGAM-only
    drive never interns them)."""
    from minigam.app.bg_layout import BgLayout, spot
    from minigam.app.bg_view import BgBoardView
    return BgBoardView(BgLayout(app.hw.width, app.hw.height)), spot


def new_game(app, m):
    """A Backgammon match to ``m`` points (1: a money session)."""
    from minigam.bg.game import BgGame
    app.game = BgGame(match_to=0 if m == 1 else m, dice=app.dice,
                      auto_forced=app.settings.auto,
                      jacoby=app.settings.jacoby,
                      beavers=app.settings.beavers)


def player(app, level, seed):
    """A Backgammon AI of ``level``, sharing the game's play buffers (27.5
    KB at gnubg's bound: one set, not two)."""
    from minigam.bg.ai import BgAI
    return BgAI(level, seed, rules=app.game.rules)


def result(app):
    """The finished game's result in words: a single game, a gammon, a
    backgammon, a dropped double or a resignation (the board is not won
    then)."""
    if app.game.resigned:
        return "Resigned"
    from minigam.bg.rules import win_kind
    k = win_kind(app.game.pos)
    return ("Drop", "Single", "Gammon", "Backgammon")[k]


def status(app, b):
    """The cube on Backgammon's board ``b`` (each frame), the points'
    numbers, and the Crawford game named on the score line (no doubling
    in it), with the score: "Crawford", or "Craw" where the line is
    short ("Craw 2-1/3" at 240x240)."""
    g = app.game
    b.set_cube(g.cube, g.cube_owner)
    # Two players number the points from the mover's side, as gnubg does
    # (against the AI, always from the player's).
    b.number_from(g.player if app.mode == MODE_2P else 1)
    w = ("Crawford", "Craw") if g.crawford else ("Score",)
    if b.words != w:
        b.words = w
        b.set_score(g.shown(0), g.shown(1), g.match_to)


def roll_tip(app):
    """The bottom line's tips before a roll: the last cube action's or
    resignation's words (until a key), or that X doubles and Y shows the
    game page, in turn."""
    if app.cube_note:
        return (app.cube_note,)
    return ("X:double B:menu" if app.game.can_double() else "B:menu",
            "Y:resign, IDs", "X+Y:hint")


def banner(app):
    """The banner of an offered double or resignation (short: 13
    characters fit the smallest board's banner, 15 the 240x240's), and
    the bottom line's key word when beavers are allowed."""
    from minigam.bg.game import CUBE
    g = app.game
    n = app.board.ban_chars
    if app.state == AI:  # the AI looks ahead: at a double, to answer it
        return ("Double to %d" % (2 * g.cube), "AI thinks...") \
            if g.state == CUBE else None
    if app.state == ASK:
        what, level, _ = app.ask
        if what == DOUBLE:
            t = "Double to %d?" % (2 * g.cube)
        elif what == DROP:
            t = "Drop: lose %d?" % g.cube
            if len(t) > n:
                t = "Drop? -%d" % g.cube
        else:
            t = "Resign: %d pt?" % g.worth(level)
            if len(t) > n:
                t = "Resign?"
        return t, "A:yes B:no"
    if g.resigning:
        p = g.worth(g.resigning)
        t = "%s resigns: %d" % (app.names()[g.player - 1], p)
        u = t + (" pt" if p == 1 else " pts")
        return (u if len(u) <= n else t, "A:accept B:no")
    who = app.names()[g.offered - 1]
    if app.cube_note:  # (the cube's hint)
        tip = app.cube_note
    else:
        tip = "X:beaver Y:IDs" if g.can_beaver() else "Y:IDs X+Y:hint"
    return ("%s doubles: %d" % (who, 2 * g.cube), "A:take B:drop", tip)


def cube_lines(app):
    """The game-over summary's lines of the cube: its value, and a drop
    or a resignation that ended the game."""
    g = app.game
    out = ["Cube: %d%s" % (g.cube, ", dropped" if g.dropped else "")]
    if g.resigned:
        t = "Resigned: " + ("single", "gammon", "backgammon")[g.resigned - 1]
        lay = app.lay  # (a page that scrolls has one character less)
        out.append(t if len(t) < lay.chars(lay.w - 2 * lay.cw) else
                   "Resigned: bg")
    return out


def report(app):
    """The finished game on the USB serial console, one line a PC turns
    into a .mat file for GNU Backgammon (``python -m minigam.host mat``):
    ``minigam-bg MATCH SCORE1 SCORE2 WINNER POINTS LOG [jacoby]``, the
    scores before the game, LOG the game's turn log in hex
    (``minigam.bg.game``), "jacoby" for a money session with the Jacoby
    rule and beavers. Not
    for a game resumed from a save: its turns before the save are gone."""
    g = app.game
    if g.opening is None or not g.winner:
        return
    from binascii import hexlify
    s1, s2 = g.score[0], g.score[1]
    if g.winner == 1:
        s1 -= g.points
    else:
        s2 -= g.points
    print("minigam-bg %d %d %d %d %d %s%s" % (
        g.match_to, s1, s2, g.winner, g.points, hexlify(g.log).decode(),
        " jacoby" if g.jacoby else ""))
