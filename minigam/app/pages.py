"""The text of the pages shown between games: the dice and lifetime
statistics, and the game-over summary (who won, the score, pips, hits, the
best roll). Loaded when a page is shown; the app unloads it, like the menu,
when a game starts, so its code is not in the heap during play."""

from minigam.app import persist as P


def dice_lines(stats):
    """The dice statistics page of ``persist.Stats`` ``stats``."""
    r = stats.rolls()
    c = stats.counts
    out = ["Rolls: %d" % r,
           "1:%d 2:%d 3:%d" % (c[1], c[2], c[3]),
           "4:%d 5:%d 6:%d" % (c[4], c[5], c[6])]
    if r:
        pips = 0
        for v in range(1, 7):
            pips += v * c[v]
        out.append("Doubles %d%% (17)" % (100 * stats.doubles // r))
        out.append("Pips/roll %d.%02d (7)" % (pips // r,
                                             (100 * pips // r) % 100))
    out.append("Expected: 1/6 each")
    return out


def life_lines(stats):
    """The lifetime statistics page: games won per AI level."""
    out = []
    for k in range(3):
        out.append("%s: %d/%d won" % (P.LEVEL_NAMES[k], stats.wins[k],
                                      stats.games[k]))
    out.append("2 players: %d" % stats.two_player)
    return out


def over_lines(app):
    """Title and lines of the game-over page."""
    g = app.game
    n = app.names()
    w = g.winner
    if app.mode == P.MODE_AI:
        title = "You win!" if w == 1 else "AI wins"
    else:
        title = "Player %d wins!" % w
    hits = [0, 0]
    lucky = [None, None]
    for player, d1, d2, steps in g.turns:
        for st in steps:
            if st[2]:
                hits[player - 1] += 1
        t = d1 + d2
        cur = lucky[player - 1]
        if cur is None or t > cur[0] + cur[1]:
            lucky[player - 1] = (d1, d2)
    lines = []
    if g.match_to > 1:
        lines.append("Score %d-%d (to %d)" % (g.score[0], g.score[1],
                                            g.match_to))
        if g.match_winner:
            who = n[g.match_winner - 1]
            lines.append("Match: you win" if who == "You"
                         else "Match: %s wins" % who)
    lines.append("Pips: %s %d %s %d" % (n[0], g.pips(1), n[1], g.pips(2)))
    lines.append("Hits: %s %d %s %d" % (n[0], hits[0], n[1], hits[1]))
    top = 0
    for p in (0, 1):
        if lucky[p] and (not top or sum(lucky[p]) > sum(lucky[top - 1])):
            top = p + 1
    if top:
        d = lucky[top - 1]
        lines.append("Best roll: %s %d-%d" % (n[top - 1], d[0], d[1]))
    lines.append("Turns: %d" % len(g.turns))
    lines.append("A: %s" % ("rematch" if g.match_winner else "next game"))
    lines.append("B: menu")
    return title, lines
