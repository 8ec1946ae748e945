"""Compact save of a game in progress (for NVM): ``SAVE_SIZE`` = 36 bytes.

``dumps(game) -> bytes`` and ``loads(data, dice=None) -> Game``; ``loads``
raises ``SaveError`` for anything that is not a complete, intact save made by
this version (wrong length, bad magic or version, checksum mismatch, or
fields that do not make a consistent game).

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

from minigam.compat import const, unload
from minigam.core.saveframe import SaveError, crc16  # noqa: F401 (the API's)
from minigam.quarter.rules import POS_SIZE
from minigam.quarter.game import MOVE

MAGIC = const(0x4D)
VERSION = const(1)
SAVE_SIZE = const(36)
_BODY = const(34)


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
    c = crc16(b, end=_BODY)
    b[34] = c >> 8
    b[35] = c & 255
    return bytes(b)


def loads(data, dice=None):
    """Rebuild a ``Game`` from ``dumps`` output; raises ``SaveError``. The
    checks live in ``minigam.quarter.save_reader``, loaded for this only: a game in
    progress saves every turn but reads a save once (on stock CircuitPython
    the reader's code would otherwise hold heap through every game)."""
    from minigam.quarter.save_reader import read
    try:
        return read((MAGIC, VERSION, SAVE_SIZE), data, dice)
    finally:
        unload("minigam.quarter.save_reader")  # nothing else imports it
