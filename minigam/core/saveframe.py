"""What every save shares: ``SaveError`` and the checksum.

A game's save (``minigam.quarter.save``, ``minigam.bg.save``,
``minigam.nardy.save``) and the NVM store's records (``minigam.hw.store``)
are checked by the same CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF).
"""

from minigam.compat import const


class SaveError(ValueError):
    """A saved game that is missing, corrupt, truncated or inconsistent."""


# CRC-16/CCITT-FALSE, one nibble at a time (16-entry table).
_CRC_NIBBLE = (
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
    0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
)
_START = const(0xFFFF)


def crc16(data, crc=_START, start=0, end=None):
    """CRC-16/CCITT-FALSE of ``data[start:end]``, continuing from ``crc``."""
    if end is None:
        end = len(data)
    tab = _CRC_NIBBLE
    for i in range(start, end):
        b = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ tab[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ tab[(crc >> 12) ^ (b & 0x0F)]
    return crc
