"""The text of the pages and notices outside the moves: the dice and
lifetime statistics, the game-over banner and summary (who won, the
score, pips, hits, the best roll), the review's pages and the tutor's
notice. Loaded when one is shown; the app unloads it, like the menu, when
a game starts, so its code is not in the heap during play."""

from minigam.app import persist as P


def dice_lines(w, stats):
    """The dice statistics page of ``persist.Stats`` ``stats``, its table
    ``w`` characters wide: each face's count beside what fair dice give
    (a face on a third of the rolls: two dice a roll), then doubles (1 in
    6) and pips a roll (7)."""
    r = stats.rolls()
    c = stats.counts
    fair = "%d.%d" % (r // 3, 10 * (r % 3) // 3)
    out = ["Rolls: %d" % r]
    out.extend(table(w, ("Rolled", "Fair"),
                     [("%d" % v, "%d" % c[v], fair) for v in range(1, 7)]))
    if r:
        pips = 0
        for v in range(1, 7):
            pips += v * c[v]
        out.append("Doubles: %d%%" % (100 * stats.doubles // r))
        out.append("  fair dice: 17%")
        out.append("Pips a roll: %d.%d" % (pips // r, (10 * pips // r) % 10))
        out.append("  fair dice: 7")
    # what the dice pixels' colours mean (minigam.hw.pixels.DIE_COLORS)
    out.append("Pixel colours:")
    out.append("1 red, 2 orange")
    out.append("3 yellow, 4 green")
    out.append("5 blue, 6 violet")
    return out


def life_lines(stats):
    """The lifetime statistics page: games won per AI level and
    two-player games, per game type (Backgammon's and Long Nardy's once
    they have any); matches won per level once there are some, and
    Backgammon's money won and lost against the AI."""
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
        r = stats.records
        if max(r[k:k + 3]):
            out.append(" Matches won:")
            for lv in range(3):
                out.append("  %s: %d/%d" % (P.LEVEL_NAMES[lv],
                                            r[9 + k + lv], r[k + lv]))
        if g == P.BACKGAMMON and max(r[18:]):
            out.append(" Money won: %d" % r[18])
            out.append(" Money lost: %d" % r[19])
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
    if g.match_to > 1:  # the games won, with their names
        n = app.names()
        return _title(app), "%s %d %s %d" % (n[0], g.shown(0), n[1],
                                             g.shown(1))
    return _title(app), "A:summary"


def width(app):
    """Characters a line of a text page holds beside the scroll arrows
    (``text_view``): the game-over pages' lines are made for it."""
    lay = app.lay
    return lay.chars(lay.w - 2 * lay.cw) - 1


def table(w, names, rows):
    """Lines ``w`` characters wide of a table: a column of labels, then
    each player's figure right-aligned under ``names`` (strings); ``rows``
    are ``(label, figure, figure)``. Where a row of the widest figures
    does not fit, each label goes on a line of its own above its
    figures."""
    lw = 0
    fw = max(len(names[0]), len(names[1]))
    for r in rows:
        lw = max(lw, len(r[0]))
        fw = max(fw, len(r[1]), len(r[2]))
    fw += 2 if lw + 2 * fw + 4 <= w else 1
    if lw + 2 * fw > w:
        lw = -1  # (the labels above)
    out = ["%*s%*s%*s" % (max(lw, 0), "", fw, names[0], fw, names[1])]
    for r in rows:
        if lw < 0:
            out.append(r[0])
        out.append("%-*s%*s%*s" % (max(lw, 0), "" if lw < 0 else r[0], fw,
                                   r[1], fw, r[2]))
    return out


def over_lines(app):
    """Title and lines of the game-over summary: the match, and a table
    of each player's score (of a match, or of a session of single games,
    named as the board names it: ``SESSION``), pips, hits and best roll;
    the turns, the cube."""
    g = app.game
    n = app.names()
    title = _title(app)
    hits = [0, 0]
    lucky = [(0, 0), (0, 0)]
    for player, d1, d2, steps in g.turns:
        if not d1:
            continue  # Backgammon: a cube action
        for st in steps:
            if st[2]:
                hits[player - 1] += 1
        cur = lucky[player - 1]
        if d1 + d2 > cur[0] + cur[1]:
            lucky[player - 1] = (max(d1, d2), min(d1, d2))
    lines = []
    rows = []
    xt = app.xt
    sc = ("%d" % g.shown(0), "%d" % g.shown(1))
    if g.match_to > 1:
        lines.append(("Match to %d points" if xt.POINTS
                      else "First to %d games") % g.match_to)
        if g.match_winner:
            who = n[g.match_winner - 1]
            lines.append("Match: you win" if who == "You"
                         else "Match: %s wins" % who)
        rows.append(("Score",) + sc)
    elif xt.POINTS:  # a session (as the board's score line names it)
        rows.append((app.board.SESSION,) + sc)
    rows.append(("Pips", "%d" % g.pips(1), "%d" % g.pips(2)))
    if xt.HITS:
        rows.append(("Hits", "%d" % hits[0], "%d" % hits[1]))
    b = ["%d-%d" % d if d[0] else "-" for d in lucky]
    rows.append(("Best roll", b[0], b[1]))
    lines.extend(table(width(app), n, rows))
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
    n = app.board.ban_chars
    if len(best) + 5 <= n:
        best = "Best " + best  # else the play alone, or where it is too
    elif len(best) > n:  # long, the key that shows it on the board
        best = "X:show best"
    return "%s -%s" % (MARKS[grade(loss, k)], loss_text(loss, k)), best


def next_line(g):
    """The summary's keys: A plays on (the next game, or a new match once
    one is won), B goes back to the final board (a page too narrow
    breaks the line after A's words: ``text_view.wrap``)."""
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
    if i == 0:
        t = "%s: %d decisions" % ("You" if app.mode == P.MODE_AI
                                  else "Players", r.n)
        lines = [t if len(t) <= width(app) else "Decisions: %d" % r.n]
        if r.n:
            t = "  %s %s" % (loss_text(r.total / r.n, k),
                             "points" if k else "win chance")
            lines.append("Mean loss a move:")
            lines.append(t if len(t) <= width(app) else t.strip())
        if r.worst:
            lines.append("X:the %d biggest" % len(r.worst)
                         if len(r.worst) > 1 else "X:the error")
        else:
            lines.append("No errors found")
        lines.append("B:back")  # (to the summary, where A plays on)
        return "Review", lines
    d = r.worst[i - 1]
    name = "You" if app.mode == P.MODE_AI else "P%d" % d.player
    mark = MARKS[grade(d.loss, k)] or "Lost"
    t = "Turn %d, roll %d-%d" % (d.turn, max(d.d1, d.d2), min(d.d1, d.d2))
    if len(t) > width(app):
        t = t.replace(", roll", ":")  # "Turn 142: 6-5"
    return "Error %d of %d" % (i, pages - 1), [
        t,
        name + " played",
        "  " + play_text(k, d.player, d.played),
        "Better",
        "  " + play_text(k, d.player, d.best),
        "%s -%s" % (mark, loss_text(d.loss, k)),
        "X:next B:back"]
