"""CRC-16/CCITT-FALSE, the NVM store's check of every header and record."""

# CRC-16/CCITT-FALSE, one nibble at a time (16-entry table).
_CRC_NIBBLE = (
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7, 0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
)


def crc16(data, crc=0xFFFF, start=0, end=None):
    """CRC-16/CCITT-FALSE (poly 0x1021) of ``data[start:end]``."""
    if end is None:
        end = len(data)
    tab = _CRC_NIBBLE
    for i in range(start, end):
        b = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ tab[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ tab[(crc >> 12) ^ (b & 0x0F)]
    return crc
