"""Compact save of a game in progress (for NVM): ``SAVE_SIZE`` = 36 bytes.

``dumps(game) -> bytes`` and ``loads(data, dice=None) -> Game``; ``loads``
raises ``SaveError`` for anything that is not a complete, intact save made by
this version (wrong length, bad magic or version, checksum mismatch, or
fields that do not make a consistent game). ``crc16(data)`` is exposed for
the hardware store.

Layout (fixed size, big-endian):

====  =====================================================================
0     magic ``0x4D`` ("M")
1     version (1)
2     flags: bit 0 Full-Entry, bit 1 auto-forced, bits 2-3 state
3     checkers per side
4     match length (games to win)
5,6   score of Player 1, Player 2
7     game number in the match (1..255)
8,9   number of the last confirmed turn (0..65535)
10-26 the position at the start of the current turn (17 bytes, rules.py)
27,28 dice of the turn (0 when not rolled)
29    moves made this turn (0..2)
30-33 those moves as (src, die) pairs (255 when unused)
34,35 CRC-16/CCITT-FALSE of bytes 0..33
====  =====================================================================

The moves of the current turn are stored so the player can still undo them
after a resume; loading replays them through ``Game.move``, which checks each.
The game's record (earlier turns) is not kept: a resumed game's record starts
at the saved turn's position.
"""

from minigam.compat import const
from minigam.rules import Rules, winner as _winner, TURN, POS_SIZE
from minigam.game import Game, GameError, NEW, MOVE, OVER

MAGIC = const(0x4D)
VERSION = const(1)
SAVE_SIZE = const(36)
_BODY = const(34)


class SaveError(ValueError):
    """A saved game that is missing, corrupt, truncated or inconsistent."""


def crc16(data, n=None):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of ``data[:n]``."""
    if n is None:
        n = len(data)
    crc = 0xFFFF
    for k in range(n):
        crc ^= data[k] << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def dumps(game):
    """The ``SAVE_SIZE``-byte save of ``game``."""
    b = bytearray(SAVE_SIZE)
    b[0] = MAGIC
    b[1] = VERSION
    b[2] = (1 if game.rules.full_entry else 0) \
        | (2 if game.auto_forced else 0) | (game.state << 2)
    b[3] = game.rules.checkers
    b[4] = game.match_to
    b[5] = game.score[0]
    b[6] = game.score[1]
    b[7] = min(game.game_no, 255)
    t = min(game.turn_no, 0xFFFF)
    b[8] = t >> 8
    b[9] = t & 255
    pos = game.turn_start() if game.state == MOVE else game.pos
    for k in range(POS_SIZE):
        b[10 + k] = pos[k]
    b[27] = game.d1
    b[28] = game.d2
    steps = game.steps
    b[29] = len(steps)
    for k in range(2):
        if k < len(steps):
            b[30 + 2 * k] = steps[k][0]
            b[31 + 2 * k] = steps[k][1]
        else:
            b[30 + 2 * k] = 255
            b[31 + 2 * k] = 255
    c = crc16(b, _BODY)
    b[34] = c >> 8
    b[35] = c & 255
    return bytes(b)


def loads(data, dice=None):
    """Rebuild a ``Game`` from ``dumps`` output; raises ``SaveError``."""
    try:
        return _loads(data, dice)
    except SaveError:
        raise
    except Exception as exc:  # anything odd in the data is a bad save
        raise SaveError("bad saved game: %s" % exc)


def _loads(data, dice):
    if data is None:
        raise SaveError("no saved game")
    n = len(data)
    if n != SAVE_SIZE:
        raise SaveError("saved game is %d bytes, expected %d"
                        % (n, SAVE_SIZE))
    if data[0] != MAGIC:
        raise SaveError("no saved game (bad magic byte)")
    if data[1] != VERSION:
        raise SaveError("saved game version %d is not supported" % data[1])
    if crc16(data, _BODY) != (data[34] << 8) | data[35]:
        raise SaveError("saved game is corrupt (checksum mismatch)")
    flags = data[2]
    if flags & 0xF0:
        raise SaveError("bad flags")
    state = (flags >> 2) & 3
    checkers = data[3]
    if checkers < 1 or checkers > 15:
        raise SaveError("bad checker count %d" % checkers)
    match_to = data[4]
    s1, s2 = data[5], data[6]
    game_no = data[7]
    if match_to < 1 or match_to > 99:
        raise SaveError("bad match length %d" % match_to)
    if s1 > match_to or s2 > match_to or (s1 == match_to and s2 == match_to):
        raise SaveError("bad score %d-%d" % (s1, s2))
    if game_no < 1 or s1 + s2 > game_no:
        raise SaveError("bad game number %d" % game_no)
    pos = bytearray(data[10:10 + POS_SIZE])
    _check_position(pos, checkers)
    d1, d2 = data[27], data[28]
    nsteps = data[29]
    w = _winner(pos, checkers)
    over = state == OVER
    if over != (w != 0):
        raise SaveError("game state does not match the position")
    if over:
        if s1 + s2 != game_no:
            raise SaveError("a finished game must be counted in the score")
    elif s1 + s2 != game_no - 1:
        raise SaveError("score %d-%d does not fit game %d" % (s1, s2, game_no))
    if s1 == match_to or s2 == match_to:
        if not over or (s1 == match_to) != (w == 1):
            raise SaveError("match over but not by the last game's winner")
    if state == MOVE:
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6) or nsteps > 2:
            raise SaveError("bad dice or move count")
    elif d1 or d2 or nsteps:
        raise SaveError("dice stored outside a turn")
    for k in range(2):
        if k >= nsteps and (data[30 + 2 * k] != 255 or data[31 + 2 * k] != 255):
            raise SaveError("bad unused move slot")
    if state == NEW and pos != _start(checkers, pos[TURN]):
        raise SaveError("a game before its opening roll must be at the start")
    rules = Rules(checkers=checkers, full_entry=bool(flags & 1))
    game = Game(rules=rules, match_to=match_to, dice=dice,
                auto_forced=bool(flags & 2))
    game.score = [s1, s2]
    game.game_no = game_no
    game.pos = pos
    game.turn_no = (data[8] << 8) | data[9]
    game.first_turn = game.turn_no
    game.state = state
    if state != NEW:
        game.start = bytearray(pos)
    if over:
        game.winner = w
        if s1 == match_to or s2 == match_to:
            game.match_winner = w
    if state == MOVE:
        game._begin_turn(d1, d2, False)
        try:
            for k in range(nsteps):
                game.move(data[30 + 2 * k], data[31 + 2 * k])
        except GameError as exc:
            raise SaveError("bad move in saved turn: %s" % exc)
    return game


def _start(checkers, turn):
    p = bytearray(POS_SIZE)
    p[0] = checkers
    p[8] = checkers
    p[TURN] = turn
    return p


def _check_position(pos, checkers):
    """SaveError unless ``pos`` is a valid position. The checker
    (``minigam.notation``) is loaded for this only: on stock CircuitPython
    its code leaves the heap again unless something else had loaded it."""
    import sys
    had = "minigam.notation" in sys.modules
    from minigam.notation import validate, NotationError
    try:
        validate(pos, checkers)
    except NotationError as exc:
        raise SaveError("bad position: %s" % exc)
    finally:
        if not had:
            from minigam.compat import unload
            unload("minigam.notation")
