"""Compact save of a Backgammon game in progress: ``SAVE_SIZE`` = 40 bytes,
within the 64 bytes a PyBadge's NVM gives a game. Its header, the turn's
dice and moves and the checksum are the 24-point games' framing
(``minigam.core.save24``).

``dumps(game) -> bytes`` and ``loads(data, dice=None) -> BgGame``;
``loads`` raises ``SaveError`` (``minigam.core.saveframe``'s) for anything that
is not a complete, intact, consistent save.

Layout (big-endian):

=====  ================================================================
0      magic ``0x42`` ("B")
1      version (1)
2      flags: bit 0 auto-forced, bit 1 Crawford game, bit 2 Crawford
       done, bit 3 the Jacoby rule (money), bits 4-6 state
       (``NEW``, ``ROLL``, ``MOVE``, ``OVER``, ``CUBE``)
3      match length in points (0: money)
4..7   score of Player 1, Player 2 (uint16 each)
8      game number (1..255)
9,10   number of the last confirmed turn
11     how a game in ``OVER`` ended off the board << 5 (0 won on the
       board, or not over; 1 a dropped double; 2, 3, 4 a resigned single
       game, gammon, backgammon) | log2 of the cube's value << 2 | its
       owner (0 centred, 1, 2)
12     the player to move (1, 2); in ``CUBE`` the player who doubled;
       | 64: the Jacoby rule without beavers (0 in saves before it: with)
13-26  GNU Backgammon Position ID of the turn's start (14 characters)
27,28  dice of the turn (0 when not rolled)
29     moves made this turn (0..4)
30-37  those moves as (src, die) pairs (255 when unused)
38,39  CRC-16/CCITT-FALSE of bytes 0..37
=====  ================================================================

Bytes 0..10 (with bit 0 and bits 4-6 of the flags), the turn's dice and
moves, and the checksum at the end are laid out the same in Long Nardy's
save (``minigam.core.save24``).

The moves of the turn are kept so they can still be undone after a
resume; loading replays them through ``BgGame.move``, which checks each.
A game over by a drop or a resignation is not won on its board: byte 11
says how it ended, and with byte 12 (the doubler then; the resigner)
who won it and its points. (Saves written before byte 11 said so have
those bits 0; a drop's did not load then.) A resignation offered and not
yet answered is not kept: it is the mover's turn to roll again.
"""

from minigam.compat import const
from minigam.core.saveframe import SaveError
from minigam.core.save24 import head, tail, check, matched, replay, guarded
from minigam.bg import game as G
from minigam.bg.rules import TURN, OFF, BLOCK, CHECKERS

MAGIC = const(0x42)
SAVE_SIZE = const(40)


def dumps(game):
    b = head(game, MAGIC, SAVE_SIZE, (2 if game.crawford else 0)
             | (4 if game.crawford_done else 0)
             | (8 if game.jacoby else 0))
    lg = 0
    while (1 << lg) < game.cube:
        lg += 1
    end = 1 if game.dropped else game.resigned + 1 if game.resigned else 0
    b[11] = end << 5 | lg << 2 | game.cube_owner
    pos = game.turn_start() if game.state == G.MOVE else game.pos
    b[12] = (game.offered if game.state == G.CUBE else pos[TURN]) \
        | (0 if game.beavers or not game.jacoby else 64)
    from minigam.bg.ids import format_position_id
    pid = format_position_id(pos)
    for k in range(14):
        b[13 + k] = ord(pid[k])
    return tail(b, 27, game)


def loads(data, dice=None):
    return guarded(_read, data, dice)


def _read(data, dice):
    state, match_to, s1, s2 = check(data, MAGIC, SAVE_SIZE, G.CUBE + 1)
    flags = data[2]
    end = data[11] >> 5
    lg = (data[11] >> 2) & 7
    owner = data[11] & 3
    if lg > 6 or owner > 2 or (lg == 0 and owner):
        raise SaveError("bad cube")
    if end > 4 or (end and state != G.OVER):
        raise SaveError("bad game end")
    mover = data[12] & 63
    if mover not in (1, 2) or data[12] & 128 \
            or (data[12] & 64 and not flags & 8):
        raise SaveError("bad player to move")
    from minigam.bg.ids import parse_position_id
    pos = parse_position_id(bytes(data[13:27]).decode(), turn=mover)
    for b in (0, BLOCK):
        n = 0
        for i in range(OFF + 1):
            n += pos[b + i]
        if n != CHECKERS:
            raise SaveError("bad position")
    if flags & 8 and match_to:
        raise SaveError("the Jacoby rule in a match")
    g = G.BgGame(match_to=match_to, dice=dice,
                 auto_forced=bool(flags & 1), jacoby=bool(flags & 8),
                 beavers=not data[12] & 64)
    g.crawford = bool(flags & 2)
    g.crawford_done = bool(flags & 4)
    matched(g, data, state)
    if state == G.NEW:
        if data[27] or data[28] or data[29] \
                or pos[:52] != G.new_position()[:52]:
            raise SaveError("a game before its opening roll must be at "
                            "the start")
        return g
    g.setup(pos, cube=1 << lg, cube_owner=owner)
    if end:  # not won on the board: dropped (the doubler won) or resigned
        if g.winner:
            raise SaveError("bad game end")
        if end == 1:
            g.dropped = True
            g.winner = mover
        else:
            g.resigned = end - 1
            g.winner = 3 - mover
        g.points = g.worth(end - 1) if end > 1 else g.cube
        g.state = G.OVER
    if state == G.CUBE:
        replay(g, data, 27, G.ROLL)
        if not g.can_double():
            raise SaveError("bad double")
        g.double()
        return g
    return replay(g, data, 27, state)
