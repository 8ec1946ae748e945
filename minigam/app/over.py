"""Game over: the final board (OVER), the game's figures (SUMMARY) and the
review of its decisions (REVIEW), made in slices while its page shows
progress. X goes forward through them, B back; A plays on from the
summary only (on the final board it opens the summary), so a player
mashing A sees the game's figures before the next game. Loaded at game
over.
"""

from minigam.compat import unload
from minigam.app import persist as P
from minigam.hw import keys as K
from minigam.app.states import OVER, SUMMARY, REVIEW
from minigam.hw.ticks import ticks_add, ticks_diff


def begin(app):
    """The final board, with who won; X shows the game's figures. The AI,
    a judge and the AI's code leave the heap (on stock CircuitPython a
    loaded ``.mpy`` stays in RAM): the next game or a review loads it
    again."""
    app.state = OVER
    app.review = None
    _drop_judge(app)
    app.hw.pixels.show_mover(app.game.winner)


def _drop_judge(app):
    """The AI and the judge leave the heap, and the AI's code."""
    app.ai = None
    app.adv = None
    for m in app.xt.AI_MODULES:
        unload(m)


def key(app, code, ok, back):
    """Game over: X goes forward through the final board, the summary
    and the review's pages, B back (from the board: the menu); A opens
    the summary from the board, plays on from the summary, and does
    nothing in the review; UP and DOWN scroll a page."""
    st = app.state
    fwd = code in (K.X, K.RIGHT, K.DOWN)
    if st != OVER and code in (K.UP, K.DOWN):
        app.scroll(1 if code == K.DOWN else -1)
    elif ok:
        if st == OVER:
            summary(app)
        elif st == SUMMARY:
            from minigam.app.opening import next_game
            next_game(app)
    elif back:
        if st == OVER:
            app.to_menu()
        elif st == SUMMARY:
            app.review = None
            app.leave_pages(False)  # back to the final board
            app.state = OVER
        else:
            summary(app)
    elif fwd:
        if st == OVER:
            summary(app)
        elif st == SUMMARY:
            start_review(app)
        elif app.review is not None and app.review.done:
            app.review_page += 1
            review_page(app)


def summary(app):
    app.state = SUMMARY
    app.review = None
    _drop_judge(app)  # a review left unfinished: its judge goes
    from minigam.app.pages import over_lines
    title, lines = over_lines(app)
    app.show_page(title, lines)


def start_review(app):
    """Review the game's decisions. The judge (a Hard AIPlayer) and the
    text pages never share the heap: the review is made over the final
    board, with its progress on the banner, and its pages come after,
    when the judge is gone (measured on the emulated Pico: both at once
    went 1.5 KB under the heap budget)."""
    app.adv = None
    app.review = None  # made once the text view has left (``advance``)
    app.review_page = 0
    app.state = REVIEW
    app.leave_pages(False)
    app.due = app.now


def review_page(app):
    from minigam.app import pages
    title, lines = pages.review_page(app)
    app.show_page(title, lines)


def advance(app):
    """A slice of the review (about 30 ms), its progress on the banner
    every quarter of a second; its first page when it is made. The
    progress counts as a key for the idle time (``Profile.tick``): the
    screen is not dimmed while the review is made."""
    r = app.review
    if r is None:
        if app.text is not None:
            return  # the text view leaves after the next refresh
        from minigam.core.review import Review
        from minigam.app.coach import advisor
        r = app.review = Review(app.game, (1,) if app.mode == P.MODE_AI
                                else (1, 2), advisor(app))
    if r.done:
        return
    end = ticks_add(app.hw.ticks_ms(), 30)
    while not r.step():
        if ticks_diff(app.hw.ticks_ms(), end) >= 0:
            if ticks_diff(app.now, app.due) >= 0:  # the progress
                app.due = ticks_add(app.now, 250)
                app.dirty = True
                app.hw.still = app.now  # (not idle: the screen stays lit)
            return
    _drop_judge(app)  # the review is made: its judge (the AI) leaves
    review_page(app)


def banner(app):
    """The banner over the final board while the review is made."""
    r = app.review
    if r is None:
        return "Reviewing", ""
    return "Reviewing", "turn %d of %d" % (r.turn + 1, r.last_turn)
