"""Compact save of a Backgammon game in progress: ``SAVE_SIZE`` = 40 bytes,
within the 64 bytes a PyBadge's NVM gives a game; and the parts of it
Long Nardy's save (``minigam.nardy.save``) shares: the header, the turn's
dice and moves, the checksum, and their checks.

``dumps(game) -> bytes`` and ``loads(data, dice=None) -> BgGame``;
``loads`` raises ``SaveError`` (``minigam.core.saveframe``'s) for anything that
is not a complete, intact, consistent save.

Layout (big-endian):

=====  ================================================================
0      magic ``0x42`` ("B")
1      version (1)
2      flags: bit 0 auto-forced, bit 1 Crawford game, bit 2 Crawford
       done, bits 4-6 state (``NEW``, ``ROLL``, ``MOVE``, ``OVER``,
       ``CUBE``)
3      match length in points (0: money)
4..7   score of Player 1, Player 2 (uint16 each)
8      game number (1..255)
9,10   number of the last confirmed turn
11     cube: log2 of its value << 2 | owner (0 centred, 1, 2)
12     the player to move (1, 2); in ``CUBE`` the player who doubled
13-26  GNU Backgammon Position ID of the turn's start (14 characters)
27,28  dice of the turn (0 when not rolled)
29     moves made this turn (0..4)
30-37  those moves as (src, die) pairs (255 when unused)
38,39  CRC-16/CCITT-FALSE of bytes 0..37
=====  ================================================================

Bytes 0..10 (with bit 0 and bits 4-6 of the flags), the turn's dice and
moves, and the checksum at the end are laid out the same in Long Nardy's
save (``head``, ``tail``, ``check``, ``matched``, ``replay``,
``guarded``).

The moves of the turn are kept so they can still be undone after a
resume; loading replays them through ``BgGame.move``, which checks each.
"""

from minigam.compat import const
from minigam.core.saveframe import SaveError, crc16
from minigam.bg import game as G
from minigam.bg.rules import TURN, OFF, BLOCK, CHECKERS

MAGIC = const(0x42)
VERSION = const(1)
SAVE_SIZE = const(40)


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
    if data[2] & 0x88 or state >= states:
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
        if state != G.OVER:
            raise SaveError("match over but the game is not")
        g.match_winner = 1 if s1 >= m else 2


def replay(g, data, at, state):
    """After ``g.setup``: the turn number, the state's check, and in
    ``MOVE`` the saved roll and its moves (from byte ``at``) replayed
    through ``g.move``, which checks each. Returns ``g``."""
    g.turn_no = data[9] << 8 | data[10]
    g.first_turn = g.turn_no
    d1, d2, n = data[at], data[at + 1], data[at + 2]
    if (state == G.OVER) != bool(g.winner):
        raise SaveError("game state does not match the position")
    if state == G.MOVE:
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6) or n > 4:
            raise SaveError("bad dice or move count")
        auto = g.auto_forced
        g.auto_forced = False  # the saved moves are replayed instead
        g.roll(d1, d2)
        g.auto_forced = auto
        try:
            for k in range(n):
                g.move(data[at + 3 + 2 * k], data[at + 4 + 2 * k])
        except G.GameError as exc:
            raise SaveError("bad saved move: %s" % exc)
    elif d1 or d2 or n:
        raise SaveError("dice stored outside a turn")
    return g


def dumps(game):
    b = head(game, MAGIC, SAVE_SIZE, (2 if game.crawford else 0)
             | (4 if game.crawford_done else 0))
    lg = 0
    while (1 << lg) < game.cube:
        lg += 1
    b[11] = lg << 2 | game.cube_owner
    pos = game.turn_start() if game.state == G.MOVE else game.pos
    b[12] = game.offered if game.state == G.CUBE else pos[TURN]
    from minigam.bg.ids import format_position_id
    pid = format_position_id(pos)
    for k in range(14):
        b[13 + k] = ord(pid[k])
    return tail(b, 27, game)


def guarded(read, data, dice):
    """``read(data, dice)``, anything odd in the data a ``SaveError``."""
    try:
        return read(data, dice)
    except SaveError:
        raise
    except Exception as exc:  # anything odd in the data is a bad save
        raise SaveError("bad saved game: %s" % exc)


def loads(data, dice=None):
    return guarded(_read, data, dice)


def _read(data, dice):
    state, match_to, s1, s2 = check(data, MAGIC, SAVE_SIZE, G.CUBE + 1)
    flags = data[2]
    lg = data[11] >> 2
    owner = data[11] & 3
    if lg > 6 or owner > 2 or (lg == 0 and owner):
        raise SaveError("bad cube")
    mover = data[12]
    if mover not in (1, 2):
        raise SaveError("bad player to move")
    from minigam.bg.ids import parse_position_id
    pos = parse_position_id(bytes(data[13:27]).decode(), turn=mover)
    for b in (0, BLOCK):
        n = 0
        for i in range(OFF + 1):
            n += pos[b + i]
        if n != CHECKERS:
            raise SaveError("bad position")
    g = G.BgGame(match_to=match_to, dice=dice,
                 auto_forced=bool(flags & 1))
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
    if state == G.CUBE:
        replay(g, data, 27, G.ROLL)
        if not g.can_double():
            raise SaveError("bad double")
        g.double()
        return g
    return replay(g, data, 27, state)
