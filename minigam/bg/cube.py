"""Backgammon's cube decisions for the AI. In a match they come from the
network's five outputs (``minigam.bg.eval``: for the side on roll P(win),
P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon)) by
the model below (``doubles``, ``takes``: for money too, on the PC's
tools); money play keeps the thresholds of ``MONEY``, which measured
better there. Loaded by ``minigam.app.bg_app`` for one decision and
unloaded after it.

**Results.** A side that needs ``a`` points against one that needs ``b``
(both 0 for money) values a result by what it is worth: for money the
points (``n`` times the cube ``v``, ``n`` 1 single, 2 gammon, 3
backgammon), in a match its match winning chance (MWC) after it, from the
Kazaross-XG2 match equity table (``minigam.bg.met``; pre-Crawford, and
post-Crawford once the Crawford game is played). With the position's
gammon and backgammon rates (each side's, as shares of its wins) held,
a side's value of the game is linear in its chance ``p`` of winning it:
``dead(p) = L + p (W - L)``, ``W`` and ``L`` its average win and loss.

**Janowski's model** (R. Janowski, "Take-points in money games", 1993):
the cubeful value is ``(1 - X) dead(p) + X live(p)``, with ``X`` the
cube's efficiency (``X = 0.68``, the commonly published value for money
play; not fitted here) and ``live`` the value with a perfectly efficient
cube: a straight line between the points where the cube would be turned
and passed. A side that may double cashes (the opponent passes) from its
cash point (one less the opponent's live take point for the next cube)
on; a side that may be doubled is cashed out below its live take point.
A cube its owner cannot use (for money from 64 on; in a match once a
single win at that cube wins the match: "dead") has no such point: the
line runs to the game's own end (``p`` 0 or 1: ``L`` or ``W``). Take
points are solved from the next cube's line, so recursively up to the
dead cube. For money this gives Janowski's formulas: the take point
``(L - 1/2) / (W + L + X/2)`` of a side whose average loss is ``L`` and
win ``W``.

**Decisions.** The side on roll doubles when ``min(DT, DP) > ND``: its
cubeful value after double/take (the opponent owns twice the cube) and
after double/pass (it wins the cube) both beat no double. When the
opponent should pass and playing on is worth more than the pass (ND over
DP: a gammonish position, "too good"), it plays on. The side doubled
takes when its cubeful value owning twice the cube is at least what
passing leaves it. Rules on top: no cube in the Crawford game or once a
single win wins the match (``BgGame.can_double``); post-Crawford the
trailer doubles at once (the leader's cube is dead, the double costs the
trailer nothing), and the leader takes or passes by the MWCs above.
For money under the Jacoby rule (``BgGame.jacoby``, which brings beavers)
a centred cube is never too good to turn (a gammon would not count, the
cash is worth at least as much), and the side doubled beavers (takes and
redoubles at once) when its cubeful value owning the cube is above zero:
the double was a mistake it doubles the stakes of.

**Which view.** Both sides judge the position as it is, the doubler on
roll. In matches, on Hard's own takes of gnubg 0-ply's doubles, judged by
gnubg's 2-ply analysis (``minigam.host.aitools.bg.cubegames``,
2026-11-29), that gave up 38.0 mEMG a take where the taker-on-roll view
the device used before gave up 70.9 (100 matches, seed 21), and 44.5
against 63.3 on 100 more (seed 31, the same decisions judged both ways).
(On the decision points of gnubg's self-play, ``minigam.host.aitools.bg.
cube``, the taker's view had looked better for money: 46 against 126.)
Money takes keep the threshold on the taker-on-roll equity (``MONEY``),
refitted on Hard's own takes.
"""

from minigam.bg import met

X = 0.68  # the cube's efficiency (Janowski's x), money and match
# Money play keeps the threshold rule fitted to gnubg's 2-ply cube
# decisions (the network's cubeless equity in 1/4096, for the side on
# roll: doubles within (DOUBLE, TOO_GOOD), takes at TAKE or more). The
# doubles were fitted in 200 of gnubg's money games (``minigam.host.
# aitools.bg.cube --scan``: 5.6 mEMG a decision there, the model above
# 10.7); TAKE on Hard's own takes in 300 money games against gnubg 0-ply
# (``cubegames --fit``, seed 1), and checked on 300 more (seed 11: 26.4
# mEMG a take instead of -1650's 59.2; 2026-11-29). In Hard's own games
# the model does worse on the doubles too (24 against 11.7 mEMG a
# decision). Matches, whose score it cannot weigh, use the model.
MONEY = {"centred": (2200, 2400, -2000), "owned": (1700, 3100, -2000)}
_CAP = 64  # the money cube's top (BgGame.can_double)


def _m3(blob, k):
    k *= 3
    return (blob[k] | blob[k + 1] << 8 | blob[k + 2] << 16) / 1000000


def me(a, b, post=False):
    """The match winning chance of a side ``a`` points away against one
    ``b`` away, before a game (Kazaross-XG2). ``post``: the Crawford game
    is played, so a side at 1-away is post-Crawford. ``a <= 0`` has won,
    ``b <= 0`` lost."""
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    n = met.N
    if a > n or b > n:
        raise ValueError("the match equity table covers scores up to "
                         "%d-away, not %d-away" % (n, max(a, b)))
    if a == b:
        return 0.5
    if post and (a == 1 or b == 1):
        if a == 1:
            return 1.0 - _m3(met.POST, b - 1)
        return _m3(met.POST, a - 1)
    if a > b:
        return 1.0 - me(b, a)
    i = a - 1
    return _m3(met.PRE, i * n - i * (i + 1) // 2 + b - a - 1)


def _win(c, a, b, n, v):
    """Side ``a``'s value of winning ``n`` times cube ``v`` (c: post)."""
    return me(a - n * v, b, c) if a else float(n * v)


def _lose(c, a, b, n, v):
    return me(a, b - n * v, c) if a else float(-n * v)


def _avg(c, a, b, r, v):
    """Side ``a``'s average win and loss at cube ``v``; ``r`` its rates
    (gammons and backgammons a win, the same a loss)."""
    gw, bw, gl, bl = r
    return ((1 - gw) * _win(c, a, b, 1, v) + (gw - bw) * _win(c, a, b, 2, v)
            + bw * _win(c, a, b, 3, v),
            (1 - gl) * _lose(c, a, b, 1, v) + (gl - bl) * _lose(c, a, b, 2, v)
            + bl * _lose(c, a, b, 3, v))


def _dead(a, v):
    """A cube of ``v`` owned by the side needing ``a`` is of no use to
    it."""
    return a <= v if a else v >= _CAP


def _swap(r):
    return (r[2], r[3], r[0], r[1])


def take_point(c, a, b, r, v):
    """The live take point (its chance of winning) of the side needing
    ``a`` (rates ``r``) doubled from ``v`` to ``2 v``."""
    w, lo = _avg(c, a, b, r, 2 * v)
    drop = _lose(c, a, b, 1, v)
    if _dead(a, 2 * v):
        cx, cy = 1.0, w
    else:
        cx = 1.0 - take_point(c, b, a, _swap(r), 2 * v)
        cy = _win(c, a, b, 1, 2 * v)
    if drop <= lo:
        return 0.0
    if drop >= cy:
        return 1.0
    return (drop - lo) * cx / (cy - lo)


def cubeful(c, a, b, r, p, v, state, x=X):
    """Side ``a``'s cubeful value with chance ``p`` and rates ``r`` at cube
    ``v``: ``state`` 0 centred, 1 it owns the cube, 2 the opponent
    does."""
    w, lo = _avg(c, a, b, r, v)
    dead = lo + p * (w - lo)
    lx, ly = 0.0, lo
    if state != 1 and not _dead(b, v):
        lx, ly = take_point(c, a, b, r, v), _lose(c, a, b, 1, v)
    hx, hy = 1.0, w
    if state != 2 and not _dead(a, v):
        hx = 1.0 - take_point(c, b, a, _swap(r), v)
        hy = _win(c, a, b, 1, v)
    if p <= lx:
        live = ly
    elif p >= hx:
        live = hy
    else:
        live = ly + (p - lx) * (hy - ly) / (hx - lx)
    return (1 - x) * dead + x * live


def rates(pr):
    """``(p, r)`` of five probabilities (0..1, the side on roll's): its
    chance of winning and its rates ``(gw, bw, gl, bl)``: gammons and
    backgammons as shares of its wins and of its losses."""
    w = min(1.0, max(0.0, pr[0]))
    lo = 1.0 - w
    wg = min(w, pr[1])
    wbg = min(wg, pr[2])
    lg = min(lo, pr[3])
    lbg = min(lg, pr[4])
    return w, (wg / w if w else 0.0, wbg / w if w else 0.0,
               lg / lo if lo else 0.0, lbg / lo if lo else 0.0)


def doubles(pr, a=0, b=0, v=1, owned=False, post=False, x=X):
    """Whether the side on roll (probabilities ``pr``, needing ``a``
    against ``b``; 0 and 0 for money) doubles cube ``v`` (``owned``: it
    owns it, else it is centred)."""
    if a and (a <= v or b <= 0):
        return False  # a single win already wins it the match
    if a and post and b == 1:
        return True  # post-Crawford: the trailer doubles at once
    p, r = rates(pr)
    nd = cubeful(post, a, b, r, p, v, 1 if owned else 0, x)
    dt = cubeful(post, a, b, r, p, 2 * v, 2, x)
    dp = _win(post, a, b, 1, v)
    return min(dt, dp) > nd


def takes(pr, a=0, b=0, v=1, post=False, x=X):
    """Whether the side doubled from ``v`` takes; ``pr`` the doubler's
    probabilities (on roll), ``a`` what the doubler needs, ``b`` the
    taker (0 and 0 for money)."""
    p, r = rates(pr)
    return (cubeful(post, b, a, _swap(r), 1.0 - p, 2 * v, 1, x)
            >= _lose(post, b, a, 1, v))


def beavers(pr, x=X):
    """Whether the side doubled (money, ``pr`` the doubler's
    probabilities on roll) beavers: it expects to gain owning the
    cube."""
    p, r = rates(pr)
    return cubeful(False, 0, 0, _swap(r), 1.0 - p, 2, 1, x) > 0


def _seen(pos, turn):
    """The network's outputs (``minigam.bg.eval.evaluate``) for ``pos``
    seen with ``turn`` on roll."""
    from minigam.bg.eval import evaluate
    from minigam.bg.rules import TURN
    q = bytearray(pos)
    q[TURN] = turn
    return evaluate(q)


def _probs(pos, turn):
    """The five probabilities (0..1) of ``pos`` seen with ``turn`` on roll,
    for the player on roll in ``pos``."""
    from minigam.bg.eval import probs
    from minigam.bg.rules import TURN
    out = [o / 4096 for o in probs(_seen(pos, turn), [0] * 5)]  # (PSCALE)
    if turn != pos[TURN]:
        out = [1.0 - out[0], out[3], out[4], out[1], out[2]]
    return out


def _needs(g, me_):
    if not g.match_to:
        return 0, 0
    return (g.match_to - g.score[me_ - 1], g.match_to - g.score[2 - me_])


def _equity(pos, turn):
    """The network's cubeless equity (1/4096) of ``pos`` seen with
    ``turn`` on roll, for that side."""
    from minigam.bg.eval import equity_of
    return equity_of(_seen(pos, turn))


def ai_doubles(g):
    """Whether game ``g``'s side on roll, which may double, does."""
    from minigam.bg.rules import TURN
    me_ = g.pos[TURN]
    if not g.match_to:  # money: the fitted thresholds (``MONEY``)
        lo, hi, _ = MONEY["owned" if g.cube_owner else "centred"]
        e = _equity(g.pos, me_)
        return lo <= e and (e <= hi or (g.jacoby and not g.cube_owner))
    a, b = _needs(g, me_)
    return doubles(_probs(g.pos, me_), a, b, g.cube, g.cube_owner == me_,
                   g.crawford_done)


def ai_takes(g):
    """Whether the opponent of ``g``'s doubler (``g.offered``, on roll)
    takes: for money by the threshold on the network's equity with the
    taker on roll, in a match by the model on the position as it is (see
    the module docstring)."""
    if not g.match_to:  # money: the fitted thresholds (``MONEY``)
        return _equity(g.pos, 3 - g.offered) >= MONEY["centred"][2]
    a, b = _needs(g, g.offered)
    return takes(_probs(g.pos, g.offered), a, b, g.cube, g.crawford_done)


def ai_answer(g):
    """The AI's answer to the double offered in ``g``: 0 it drops, 1 it
    takes, 2 it beavers."""
    if not ai_takes(g):
        return 0
    return 2 if ai_beavers(g) else 1


def ai_beavers(g):
    """Whether the AI, doubled in ``g`` and taking, beavers (only where
    ``g.can_beaver()``): judged on the position as it is, the doubler on
    roll (the taker's view that its takes use would favour it by the
    roll it does not have, and a beaver wrongly made costs double)."""
    return g.can_beaver() and beavers(_probs(g.pos, g.offered))
