"""Reading a save back (``minigam.quarter.save.loads``): every field of the
36 bytes checked, so that a corrupt or inconsistent save is a clear
``SaveError``, never a broken game. Loaded only while a save is read.
"""

from minigam.compat import const, unload
from minigam.quarter.rules import Rules, winner as _winner, TURN, POS_SIZE
from minigam.quarter.game import Game, GameError, NEW, MOVE, OVER
from minigam.core.saveframe import SaveError, crc16

_BODY = const(34)  # the bytes the checksum covers


def read(fmt, data, dice=None):
    """Rebuild a ``Game`` from a save; raises ``SaveError``. ``fmt`` is
    ``(MAGIC, VERSION, SAVE_SIZE)`` of ``minigam.quarter.save``, which
    hands them in: it loads this module, never the reverse."""
    try:
        return _read(fmt, data, dice)
    except SaveError:
        raise
    except Exception as exc:  # anything odd in the data is a bad save
        raise SaveError("bad saved game: %s" % exc)


def _read(fmt, data, dice):
    if data is None:
        raise SaveError("no saved game")
    n = len(data)
    magic, version, size = fmt
    if n != size:
        raise SaveError("saved game is %d bytes, expected %d"
                        % (n, size))
    if data[0] != magic:
        raise SaveError("no saved game (bad magic byte)")
    if data[1] != version:
        raise SaveError("saved game version %d is not supported" % data[1])
    if crc16(data, end=_BODY) != (data[34] << 8) | data[35]:
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
    (``minigam.quarter.notation``) is loaded for this only: on stock CircuitPython
    its code leaves the heap again unless something else had loaded it."""
    import sys
    had = "minigam.quarter.notation" in sys.modules
    from minigam.quarter.notation import validate, NotationError
    try:
        validate(pos, checkers)
    except NotationError as exc:
        raise SaveError("bad position: %s" % exc)
    finally:
        if not had:
            unload("minigam.quarter.notation")

