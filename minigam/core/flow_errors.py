"""The words of the turn flow's errors (``minigam.core.flow.fail``), in a
module loaded only when one is raised: on stock CircuitPython the words
of errors a game rarely meets would otherwise hold heap through it.
"""

# Why an action cannot be taken now, by the flow's state (its NEW, ROLL,
# MOVE, OVER, CUBE: 0..4; not imported, so that the flow, which loads
# this module, is never loaded by it).
_WHY = ("the opening roll is due", "roll the dice first",
        "finish the play first", "the game is over", "a double is offered")


def _left(flow):
    left = flow.dice_left()
    return ",".join([str(d) for d in left]) if left else "none"


def text(flow, what, a, b):
    """The message of error ``what`` of ``flow`` (None for a die alone),
    with its values ``a`` and ``b``."""
    if what == "die":
        return "a die must be 1..6, got %r" % (a,)
    if what == "not over":
        return "the game in progress is not over"
    if what == "match over":
        return "the match is over"
    if what == "not new":
        return "the opening roll is only at the start of a game"
    if what == "opening":
        return "the opening roll is two dice, got %r" % (a,)
    if what == "tie":
        return "opening tie %d-%d: roll again" % (a, b)
    if what == "state":
        return "cannot %s: %s" % (a, _WHY[flow.state])
    if what == "won":
        return "cannot move: the game is won, confirm the play"
    if what == "no die":
        return "die %r is not left to play (dice left: %s)" % (a, _left(flow))
    if what == "illegal":
        return "illegal move: no checker at index %r may move with a %d" \
            % (a, b)
    if what == "not complete":
        return "the play is not complete: dice left %s" % _left(flow)
    return "incomplete play: dice left %s" % _left(flow)
