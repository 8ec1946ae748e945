"""Compact save of a Long Nardy game in progress: ``SAVE_SIZE`` = 49
bytes, within the 64 bytes a PyBadge's NVM gives a game.

``dumps(game) -> bytes`` and ``loads(data, dice=None) -> NardyGame``;
``loads`` raises ``SaveError`` (``minigam.core.saveframe``'s) for anything that
is not a complete, intact, consistent save.

Layout (big-endian; bytes 0..10, the dice and moves and the checksum are
the 24-point games' framing, ``minigam.core.save24``):

=====  ================================================================
0      magic ``0x4E`` ("N")
1      version (1)
2      flags: bit 0 auto-forced, bit 1 the first-turn head exception
       off, bits 4-5 state (``NEW``, ``ROLL``, ``MOVE``, ``OVER``)
3      match length in points (0: money)
4..7   score of Player 1 (White), Player 2 (Black) (uint16 each)
8      game number (1..255)
9,10   number of the last confirmed turn
11     the player to move (1, 2)
12-35  the turn's start, board points 1..24 (White's numbering): the
       number of checkers there (0..15), plus 16 when they are Black's;
       the rest of each side's 15 are borne off
36,37  dice of the turn (0 when not rolled)
38     moves made this turn (0..4)
39-46  those moves as (src, die) pairs (255 when unused)
47,48  CRC-16/CCITT-FALSE of bytes 0..46
=====  ================================================================

A loaded position is checked as the notation checks one
(``minigam.nardy.notation.validate``: 15 a side, no forbidden block, ...),
and the turn's moves are replayed through ``NardyGame.move``, which checks
each.
"""

from minigam.compat import const
from minigam.core.saveframe import SaveError
from minigam.core.save24 import head, tail, check, matched, replay, guarded
from minigam.nardy import game as G
from minigam.nardy.rules import (Rules, new_position, BLOCK, CHECKERS, OFF,
                                 TURN)

MAGIC = const(0x4E)
SAVE_SIZE = const(49)
_POINTS = const(12)
_TURN = const(36)


def _black(p):
    """Black's index of board point ``p`` (1..24)."""
    return 13 - p if p <= 12 else 37 - p


def dumps(game):
    b = head(game, MAGIC, SAVE_SIZE,
             0 if game.rules.head_doubles else 2)
    pos = game.turn_start() if game.state == G.MOVE else game.pos
    b[11] = pos[TURN]
    for p in range(1, 25):
        n = pos[25 - p]  # White's
        if not n:
            n = pos[BLOCK + _black(p)]
            if n:
                n += 16  # Black's
        b[_POINTS - 1 + p] = n
    return tail(b, _TURN, game)


def loads(data, dice=None):
    return guarded(_read, data, dice)


def _read(data, dice):
    state, match_to, _, _ = check(data, MAGIC, SAVE_SIZE, G.OVER + 1)
    flags = data[2]
    if flags & 12:
        raise SaveError("bad flags")
    mover = data[11]
    if mover not in (1, 2):
        raise SaveError("bad player to move")
    pos = bytearray(len(new_position()))
    pos[TURN] = mover
    for p in range(1, 25):
        v = data[_POINTS - 1 + p]
        n = v & 15
        if v > 31 or v == 16:
            raise SaveError("bad point %d" % p)
        if v & 16:
            pos[BLOCK + _black(p)] = n
        else:
            pos[25 - p] = n
    for b in (0, BLOCK):
        n = CHECKERS
        for i in range(1, OFF):
            n -= pos[b + i]
        if n < 0:
            raise SaveError("more than 15 checkers a side")
        pos[b + OFF] = n
    from minigam.nardy.notation import validate, NotationError
    try:
        validate(pos)
    except NotationError as exc:
        raise SaveError("bad position: %s" % exc)
    g = G.NardyGame(rules=Rules(head_doubles=not flags & 2),
                    match_to=match_to, dice=dice,
                    auto_forced=bool(flags & 1))
    matched(g, data, state)
    if state == G.NEW:
        if data[_TURN] or data[_TURN + 1] or data[_TURN + 2] \
                or pos != new_position():
            raise SaveError("a game before its opening roll must be at "
                            "the start")
        return g
    g.setup(pos)
    return replay(g, data, _TURN, state)
