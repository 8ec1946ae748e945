"""``ai --game backgammon --level L --cube [--jacoby] [--beavers]``: the
device's cube decision for each position, by its own code
(``minigam.bg.cube``'s ``ai_doubles`` and ``ai_answer`` on a
``minigam.bg.game.BgGame`` set up as the line says).

Each line is gnubg's combined ID, ``<Position ID>:<Match ID>``, as its
``gnubgid`` command prints it: the Match ID carries the cube's value and
owner, the match length (0: money) and score, the Crawford flag, the
player on roll and whether a double is offered. The answer is one word:

* no double offered: ``double`` or ``no-double`` for the player on roll
  (a redouble is ``double``; ``no-double`` too where the rules let it not
  double: the opponent owns the cube, the Crawford game, a cube that
  would win nothing more, the dice already rolled);
* a double offered: ``take``, ``pass``, or ``beaver`` where the rules
  allow one (money, ``--beavers``, the cube low enough).

Money follows ``--jacoby`` (a centred cube's gammons count only once
doubled) and ``--beavers``; both are off by default, as gnubg's money
analysis runs. A match has the Crawford rule: the Crawford game is the
Match ID's flag, and a game with a side at 1-away and the flag clear is
post-Crawford. A line that is not such an ID, or whose fields the game
cannot be in (a score past the match length, a double the player on roll
could not make), gets ``error: ...`` on standard error, no answer, and the
exit status 2.
"""

from minigam.bg.ids import IdError, parse_gnubg_id


def parse_cube_query(line):
    """``"<Position ID>:<Match ID>"`` -> ``(pos, fields)``; IdError if
    malformed."""
    text = line.strip()
    if not text or len(text.split()) != 1:
        raise IdError("expected one '<position ID>:<match ID>', got %r"
                      % line.strip())
    return parse_gnubg_id(text)


def cube_game(pos, f, jacoby=False, beavers=False):
    """A ``BgGame`` in the state the Match ID ``f`` describes for ``pos``
    (its mover on roll): before the roll, or with the mover's double
    offered. IdError when the game cannot be in that state."""
    from minigam.bg.game import BgGame, GameError, ROLL
    from minigam.bg.met import N
    length = f["length"]
    if f["state"] != 1:
        raise IdError("match ID: the game is not being played (state %d)"
                      % f["state"])
    if f["resign"]:
        raise IdError("match ID: a resignation is offered, not a cube "
                      "decision")
    score = [f["score0"], f["score1"]]
    if length:
        if max(score) >= length:
            raise IdError("match ID: score %d-%d is past the match length %d"
                          % (score[0], score[1], length))
        if length - min(score) > N:
            raise IdError("match ID: %d-away; the match equity table goes "
                          "to %d-away" % (length - min(score), N))
        if f["crawford"] and length - 1 not in score:
            raise IdError("match ID: the Crawford game, but neither side "
                          "is 1-away")
    g = BgGame(match_to=length, jacoby=jacoby)
    g.beavers = bool(beavers) and not length
    g.score = score
    g.crawford = bool(f["crawford"])
    g.crawford_done = bool(length) and not g.crawford and \
        length - 1 in score
    owner = f["cube_owner"]
    g.setup(pos, f["cube"], 0 if owner < 0 else owner + 1)
    if g.state != ROLL:
        raise IdError("position ID: the game is over")
    mover = f["move"]
    if f["double"]:
        if f["turn"] != 1 - mover:
            raise IdError("match ID: a double offered, but the player to "
                          "decide is the doubler")
        if f["die1"]:
            raise IdError("match ID: a double offered after the roll")
        try:
            g.double()
        except GameError:
            raise IdError("match ID: a double the player on roll cannot "
                          "make (cube %d, owner %s)"
                          % (f["cube"], "centred" if owner < 0 else owner))
    elif f["die1"]:
        g.d1, g.d2 = f["die1"], f["die2"]  # rolled: no cube decision
    return g


def cube_answerer(jacoby=False, beavers=False):
    """``answer(pos, fields)``: the device's cube decision (see above)."""
    from minigam.bg import cube
    from minigam.bg.ai import BgAI
    from minigam.bg.game import CUBE
    ai = BgAI("hard", 1)  # its look one roll ahead, as the device's

    def answer(pos, f):
        g = cube_game(pos, f, jacoby, beavers)
        if g.state == CUBE:
            return ("pass", "take", "beaver")[cube.ai_answer(g, None, ai)]
        if g.d1 or not g.can_double():
            return "no-double"
        return "double" if cube.ai_doubles(g, None, ai) else "no-double"

    return answer
