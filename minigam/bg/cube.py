"""Backgammon's cube decisions for the AI, money and match: Janowski's
model (below) on the position's five probabilities one roll ahead
(``minigam.core.search24.Search24.ahead``: for the side on roll P(win),
P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon),
the mean over the 21 rolls of the network's outputs after that side's
best play). The network's own outputs, with no look ahead, gave up three
to four times as much on gnubg's decisions (issue 57); a look costs about
a second on the board, so a double is looked for only where the
network's equity is near one (``LOOK``). Loaded by
``minigam.app.bg_app`` for one decision and unloaded after it; the app's
AI looks in slices, the PC's tools in one call (``looked``).

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
cube's efficiency (``X``, fitted below; 0.68 is the commonly published
value for money play) and ``live`` the value with a perfectly efficient
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
roll, one roll ahead: the taker's view is the same look (its chances
after the doubler's roll). Each side's efficiency is fitted (``X``,
``X_TAKE``).
"""

from minigam.bg import met

# The cube's efficiency (Janowski's x) for the side that may double, and
# for the side doubled, judging its take (and beaver): fitted to gnubg's
# 2-ply cube decisions on the network's probabilities one roll ahead
# (``minigam.host.aitools.bg.cube --ahead --x-scan``, 2026-12-03; seeds 1
# and 2, 100 money games each, 2,576 and 2,582 decision points: doubles
# give up 1.7 mEMG a decision at 0.80 on both (0.70: 6.6 and 5.3), takes
# of gnubg's doubles 11.5 and 9.3 at 1.00 (0.70: 22.0 and 17.3)). The
# look ahead lets the roller choose its best play by the network on each
# roll, which favours it by the network's errors: a higher efficiency of
# the taker's cube makes up for it.
X = 0.80
X_TAKE = 1.00
# A double is looked for one roll ahead only where the network's cubeless
# equity of the position (1/4096) is at least this for the side on roll:
# on the same points a double from below it was more often wrong than
# right (skipping them gave up 2.2 and 3.4 EMG in all, saved 3.9 and 4.1),
# and one position in five needs the look.
LOOK = 410
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


def _ruled(a, b, v, post):
    """A match's double that its score decides (a side needing ``a``
    against ``b``, cube ``v``, ``post``: post-Crawford): False, True, or
    None where the position decides."""
    if a and (a <= v or b <= 0):
        return False  # a single win already wins it the match
    if a and post and b == 1:
        return True  # post-Crawford: the trailer doubles at once
    return None


def doubles(pr, a=0, b=0, v=1, owned=False, post=False, x=X,
            jacoby=False):
    """Whether the side on roll (probabilities ``pr``, needing ``a``
    against ``b``; 0 and 0 for money) doubles cube ``v`` (``owned``: it
    owns it, else it is centred). ``jacoby``: money under the Jacoby rule,
    where a gammon counts only once the cube is turned, so playing on
    with it centred is valued without them (never too good to turn)."""
    ruled = _ruled(a, b, v, post)
    if ruled is not None:
        return ruled
    p, r = rates(pr)
    free = jacoby and not a and not owned
    nd = cubeful(post, a, b, (0.0, 0.0, 0.0, 0.0) if free else r, p, v,
                 1 if owned else 0, x)
    dt = cubeful(post, a, b, r, p, 2 * v, 2, x)
    dp = _win(post, a, b, 1, v)
    # (under the Jacoby rule a sure single win cashes rather than plays)
    return min(dt, dp) >= nd if free else min(dt, dp) > nd


def takes(pr, a=0, b=0, v=1, post=False, x=X_TAKE):
    """Whether the side doubled from ``v`` takes; ``pr`` the doubler's
    probabilities (on roll), ``a`` what the doubler needs, ``b`` the
    taker (0 and 0 for money)."""
    p, r = rates(pr)
    return (cubeful(post, b, a, _swap(r), 1.0 - p, 2 * v, 1, x)
            >= _lose(post, b, a, 1, v))


def beavers(pr, x=X_TAKE):
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


def looked(pos, ai=None):
    """The five probabilities (0..1) of ``pos`` one roll ahead for its side
    on roll (``Search24.ahead`` by ``ai``, a Hard BgAI made for the call
    when None), in one call: the PC's tools and the cube's hint; the
    app's AI looks in slices (``minigam.app.bg_app``)."""
    if ai is None:
        from minigam.bg.ai import BgAI
        ai = BgAI("hard", 1)
    return [v / 4096 for v in ai.ahead(pos, [0] * 5)]  # (PSCALE)


def ai_plan(g):
    """Game ``g``'s side on roll may double: False or True where the
    rules decide, or where its equity is too low to look for a double
    (``LOOK``: no double); None where the AI looks one roll ahead and
    then decides (``ai_doubles``)."""
    from minigam.bg.rules import TURN
    me_ = g.pos[TURN]
    a, b = _needs(g, me_)
    ruled = _ruled(a, b, g.cube, g.crawford_done)
    if ruled is not None:
        return ruled
    if _equity(g.pos, me_) < LOOK:
        return False
    return None


def ai_doubles(g, pr=None, ai=None):
    """Whether game ``g``'s side on roll, which may double, does: by the
    model on ``pr``, the position's probabilities one roll ahead for that
    side (0..1; None: ``ai_plan``'s answer, or a look by ``ai`` in one
    call)."""
    from minigam.bg.rules import TURN
    if pr is None:
        plan = ai_plan(g)
        if plan is not None:
            return plan
        pr = looked(g.pos, ai)
    me_ = g.pos[TURN]
    a, b = _needs(g, me_)
    return doubles(pr, a, b, g.cube, g.cube_owner == me_, g.crawford_done,
                   X, g.jacoby)


def ai_takes(g, pr=None, ai=None):
    """Whether the opponent of ``g``'s doubler (``g.offered``, on roll)
    takes, by the model on ``pr`` (as ``ai_doubles``': the doubler's
    probabilities one roll ahead; None: looked for here)."""
    if pr is None:
        pr = looked(g.pos, ai)
    a, b = _needs(g, g.offered)
    return takes(pr, a, b, g.cube, g.crawford_done)


def ai_answer(g, pr=None, ai=None):
    """The AI's answer to the double offered in ``g``: 0 it drops, 1 it
    takes, 2 it beavers (``pr`` as ``ai_takes``')."""
    if pr is None:
        pr = looked(g.pos, ai)
    if not ai_takes(g, pr):
        return 0
    return 2 if ai_beavers(g, pr) else 1


def ai_beavers(g, pr=None, ai=None):
    """Whether the AI, doubled in ``g`` and taking, beavers (only where
    ``g.can_beaver()``), on the same look as its take."""
    if not g.can_beaver():
        return False
    if pr is None:
        pr = looked(g.pos, ai)
    return beavers(pr)
