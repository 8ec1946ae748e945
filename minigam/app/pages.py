"""The text of the pages and notices outside the moves: the dice and
lifetime statistics, the game-over banner and summary (who won, the
score, pips, hits, the best roll), the review's pages and the tutor's
notice. Loaded when one is shown; the app unloads it, like the menu, when
a game starts, so its code is not in the heap during play."""

from minigam.app import persist as P


def dice_lines(stats):
    """The dice statistics page of ``persist.Stats`` ``stats``."""
    r = stats.rolls()
    c = stats.counts
    out = ["Rolls: %d" % r,
           "1:%d 2:%d 3:%d" % (c[1], c[2], c[3]),
           "4:%d 5:%d 6:%d" % (c[4], c[5], c[6])]
    # Each figure with what fair dice give, in brackets (17 characters fit
    # the largest font beside the scroll arrows): a face on a third of the
    # rolls (two dice a roll), doubles on 1 in 6, 7 pips a roll.
    out.append("Expected: in ( )")
    out.append("Each face (%d.%d)" % (r // 3, 10 * (r % 3) // 3))
    if r:
        pips = 0
        for v in range(1, 7):
            pips += v * c[v]
        out.append("Doubles %d%% (17%%)" % (100 * stats.doubles // r))
        out.append("Avg pips %d.%d (7)" % (pips // r,
                                          (10 * pips // r) % 10))
    # what the dice pixels' colours mean (minigam.hw.pixels.DIE_COLORS)
    out.append("Pixel colours:")
    out.append("1 red, 2 orange")
    out.append("3 yellow, 4 green")
    out.append("5 blue, 6 violet")
    return out


def life_lines(stats):
    """The lifetime statistics page: games won per AI level and
    two-player games, per game type (Backgammon's and Long Nardy's once
    they have any)."""
    out = []
    for g, name in enumerate(("MINIGAM", "Backgammon", "Long Nardy")):
        k = 3 * g
        if g and not (max(stats.games[k:k + 3]) or stats.two_player[g]):
            continue
        out.append(name)
        for lv in range(3):
            out.append(" %s: %d/%d won" % (P.LEVEL_NAMES[lv],
                                           stats.wins[k + lv],
                                           stats.games[k + lv]))
        out.append(" 2 players: %d" % stats.two_player[g])
    return out


def _title(app):
    w = app.game.winner
    if app.mode == P.MODE_AI:
        return "You win!" if w == 1 else "AI wins"
    return "Player %d wins!" % w


def over_banner(app):
    """The banner over the final board."""
    g = app.game
    if app.xt.POINTS:  # what the win was, and the points it was worth
        result = app.xt.result(app)
        t = "%s: %d pt%s" % (result, g.points, "" if g.points == 1 else "s")
        return _title(app), t if len(t) <= app.board.ban_chars else result
    if g.match_to > 1:
        return _title(app), "Score %d-%d" % (g.score[0], g.score[1])
    return _title(app), "X:summary"


def over_lines(app):
    """Title and lines of the game-over summary."""
    g = app.game
    n = app.names()
    title = _title(app)
    hits = [0, 0]
    lucky = [None, None]
    for player, d1, d2, steps in g.turns:
        if not d1:
            continue  # Backgammon: a cube action
        for st in steps:
            if st[2]:
                hits[player - 1] += 1
        t = d1 + d2
        cur = lucky[player - 1]
        if cur is None or t > cur[0] + cur[1]:
            lucky[player - 1] = (d1, d2)
    lines = []
    xt = app.xt
    if xt.POINTS and not g.match_to:  # (as the board's score line)
        lines.append("%s %d-%d" % (app.board.SESSION, g.score[0],
                                   g.score[1]))
    if g.match_to > 1:
        lines.append("Score %d-%d (to %d)" % (g.score[0], g.score[1],
                                            g.match_to))
        if g.match_winner:
            who = n[g.match_winner - 1]
            lines.append("Match: you win" if who == "You"
                         else "Match: %s wins" % who)
    lines.append("Pips: %s %d %s %d" % (n[0], g.pips(1), n[1], g.pips(2)))
    if xt.HITS:
        lines.append("Hits: %s %d %s %d" % (n[0], hits[0], n[1], hits[1]))
    top = 0
    for p in (0, 1):
        if lucky[p] and (not top or sum(lucky[p]) > sum(lucky[top - 1])):
            top = p + 1
    if top:
        d = lucky[top - 1]
        lines.append("Best roll: %s %d-%d" % (n[top - 1], d[0], d[1]))
    lines.append("Turns: %d" % len([t for t in g.turns if t[1]]))
    if xt.CUBE:  # its value, and a drop or a resignation
        lines.extend(xt.cube_lines(app))
    lines.append("X:review")
    lines.append(next_line(g))
    return title, lines


def tutor_banner(app, loss):
    """The tutor's notice of a play that gives away ``loss``: its mark and
    loss, and the better play (the app's keys say: keep it, take it back,
    or see it)."""
    from minigam.core.review import (with_hits, grade, loss_text, play_text,
                                     MARKS)
    g = app.game
    k = g.KIND
    best = play_text(k, g.player,
                     with_hits(g, g.turn_start(), app.adv.steps))
    if len(best) + 5 <= app.board.ban_chars:
        best = "Best " + best  # else the play alone (X: "show best")
    return "%s -%s" % (MARKS[grade(loss, k)], loss_text(loss, k)), best


def next_line(g):
    """The game-over pages' keys: A plays on (the next game, or a new
    match once one is won), B goes back a page."""
    return "A:%s B:back" % ("rematch" if g.match_winner else "next game")


def review_page(app):
    """Title and lines of the review's page ``app.review_page`` (once it
    is made): the overview, then one page per error (X goes round
    them). The overview gives the mean loss a decision: a sum of lost
    winning chances can pass 100%."""
    from minigam.core.review import grade, loss_text, play_text, MARKS
    r = app.review
    k = app.game.KIND
    pages = 1 + len(r.worst)
    i = app.review_page % pages
    who = "You" if app.mode == P.MODE_AI else "Players"
    if i == 0:
        lines = ["%s: %d decisions" % (who, r.n)]
        if r.n:
            mean = loss_text(r.total / r.n, k)
            lines.append("Mean loss a move:")
            lines.append("  " + (mean + " points" if k
                                 else mean + " win chance"))
        if r.worst:
            lines.append("X:the %d biggest" % len(r.worst)
                         if len(r.worst) > 1 else "X:the error")
        else:
            lines.append("No errors found")
        lines.append(next_line(app.game))
        return "Review", lines
    d = r.worst[i - 1]
    name = "You" if app.mode == P.MODE_AI else "P%d" % d.player
    mark = MARKS[grade(d.loss, k)] or "Lost"
    return "Error %d of %d" % (i, pages - 1), [
        "Turn %d, roll %d-%d" % (d.turn, max(d.d1, d.d2), min(d.d1, d.d2)),
        name + " played",
        "  " + play_text(k, d.player, d.played),
        "Better",
        "  " + play_text(k, d.player, d.best),
        "%s -%s" % (mark, loss_text(d.loss, k)),
        "X:next B:back"]
