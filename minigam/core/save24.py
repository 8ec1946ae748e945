"""The save framing the 24-point games share (Backgammon's save,
``minigam.bg.save``, and Long Nardy's, ``minigam.nardy.save``): bytes
0..10 (magic, version, flags, match length, scores, game and turn
numbers), the turn's dice and moves, the checksum at the end, and their
checks. Each game's save module lays out the rest: the position, and
Backgammon's cube.

Bytes 0..10, big-endian: 0 magic; 1 version (1); 2 flags (bit 0
auto-forced, bits 4-6 the state, the game's own in bits 1-3); 3 match
length in points (0: money); 4..7 the scores (uint16 each); 8 the game
number; 9,10 the number of the last confirmed turn. At ``at``: the dice,
the number of moves (0..4), four (src, die) pairs (255 unused); the last
two bytes: the CRC-16/CCITT-FALSE of the rest.
"""

from minigam.compat import const
from minigam.core.flow import GameError, MOVE, OVER
from minigam.core.saveframe import SaveError, crc16

VERSION = const(1)


def head(game, magic, size, flags):
    """A save of ``size`` bytes with bytes 0..10 filled: ``magic``,
    version 1, the flags (``flags`` | auto-forced | the state << 4), the
    match length, the scores, the game and turn numbers."""
    b = bytearray(size)
    b[0] = magic
    b[1] = VERSION
    b[2] = flags | (1 if game.auto_forced else 0) | (game.state << 4)
    b[3] = game.match_to
    for k in range(2):
        s = min(game.score[k], 0xFFFF)
        b[4 + 2 * k] = s >> 8
        b[5 + 2 * k] = s & 255
    b[8] = min(game.game_no, 255)
    t = min(game.turn_no, 0xFFFF)
    b[9] = t >> 8
    b[10] = t & 255
    return b


def tail(b, at, game):
    """The turn's dice and moves from byte ``at`` (two dice, the number of
    moves, four (src, die) pairs), then the checksum in the last two
    bytes. Returns ``b`` as bytes."""
    b[at] = game.d1
    b[at + 1] = game.d2
    steps = game.steps
    b[at + 2] = len(steps)
    for k in range(4):
        if k < len(steps):
            b[at + 3 + 2 * k] = steps[k][0]
            b[at + 4 + 2 * k] = steps[k][1]
        else:
            b[at + 3 + 2 * k] = 255
            b[at + 4 + 2 * k] = 255
    n = len(b) - 2
    c = crc16(b, end=n)
    b[n] = c >> 8
    b[n + 1] = c & 255
    return bytes(b)


def check(data, magic, size, states):
    """The checks of every save: present, ``size`` bytes, ``magic``,
    version, checksum; the state below ``states``, no unknown flag bits
    (3 and 7); the match length and scores (at most 192 over the match:
    64 x backgammon), not both over. Returns ``(state, match_to, s1,
    s2)``."""
    if data is None:
        raise SaveError("no saved game")
    if len(data) != size:
        raise SaveError("saved game is %d bytes, expected %d"
                        % (len(data), size))
    if data[0] != magic:
        raise SaveError("no saved game (bad magic byte)")
    if data[1] != VERSION:
        raise SaveError("saved game version %d is not supported" % data[1])
    if crc16(data, end=size - 2) != (data[size - 2] << 8) | data[size - 1]:
        raise SaveError("saved game is corrupt (checksum mismatch)")
    state = data[2] >> 4
    if data[2] & 0x80 or state >= states:
        raise SaveError("bad flags")
    match_to = data[3]
    s1 = data[4] << 8 | data[5]
    s2 = data[6] << 8 | data[7]
    if match_to > 99 or (match_to and max(s1, s2) >= match_to + 192):
        raise SaveError("bad match length or score")
    if match_to and s1 >= match_to and s2 >= match_to:
        raise SaveError("both players have won the match")
    return state, match_to, s1, s2


def matched(g, data, state):
    """The scores and game number of ``data`` into game ``g``, and the
    match's winner (the game must be over then)."""
    s1 = data[4] << 8 | data[5]
    s2 = data[6] << 8 | data[7]
    g.score = [s1, s2]
    g.game_no = data[8] or 1
    m = g.match_to
    if m and (s1 >= m or s2 >= m):
        if state != OVER:
            raise SaveError("match over but the game is not")
        g.match_winner = 1 if s1 >= m else 2


def replay(g, data, at, state):
    """After ``g.setup``: the turn number, the state's check, and in
    ``MOVE`` the saved roll and its moves (from byte ``at``) replayed
    through ``g.move``, which checks each. Returns ``g``."""
    g.turn_no = data[9] << 8 | data[10]
    g.first_turn = g.turn_no
    d1, d2, n = data[at], data[at + 1], data[at + 2]
    if (state == OVER) != bool(g.winner):
        raise SaveError("game state does not match the position")
    if state == MOVE:
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6) or n > 4:
            raise SaveError("bad dice or move count")
        auto = g.auto_forced
        g.auto_forced = False  # the saved moves are replayed instead
        g.roll(d1, d2)
        g.auto_forced = auto
        try:
            for k in range(n):
                g.move(data[at + 3 + 2 * k], data[at + 4 + 2 * k])
        except GameError as exc:
            raise SaveError("bad saved move: %s" % exc)
    elif d1 or d2 or n:
        raise SaveError("dice stored outside a turn")
    return g


def guarded(read, data, dice):
    """``read(data, dice)``, anything odd in the data a ``SaveError``."""
    try:
        return read(data, dice)
    except SaveError:
        raise
    except Exception as exc:  # anything odd in the data is a bad save
        raise SaveError("bad saved game: %s" % exc)
