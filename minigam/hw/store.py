"""Persistent store on ``microcontroller.nvm``: power-cut safe, no filesystem.

Holds three opaque blobs: ``GAME`` (the game in progress, from
``minigam.savegame``), ``SETTINGS`` and ``STATS``. SETTINGS and STATS share
one record ("meta"); GAME has its own. Each record is double-buffered: two
slots, each written whole by ONE slice assignment, the newer valid slot wins.

Slot format (``cap`` = payload capacity, slot size = cap + 8)::

    0      magic   0xB1 meta / 0xB2 game (format version 1)
    1..2   seq     uint16 little-endian, +1 per save (wrap-safe compare)
    3..4   length  uint16 little-endian, payload bytes used
    5..6   crc     CRC-16/CCITT-FALSE over bytes 0..4 and the payload
    7..    payload (then zero padding up to cap)
    last   commit  == seq & 0xFF

A save goes to the slot NOT holding the current record, with a seq chosen so
that its low byte differs from both the old header seq byte and the old
commit byte of that slot. A write torn at any byte, in ascending or
descending address order, therefore leaves a header/commit mismatch (or the
old, older record untouched): loading gives the last or the previous
complete save, never a mix, and never raises. CRC-16 catches other damage.

Meta payload: ``[len(settings)] settings stats``.

Layout, chosen from the NVM size (``Store.capacity``):

- >= 1296 bytes (RP2040/RP2350: 4096): meta cap 120 (settings <= 32,
  stats <= 87), game cap 512. Uses 1296 bytes.
- 256..1295 bytes (SAMD51 PyBadge/PyGamer: 256): meta cap 48 (settings
  <= 16, stats <= 31), game cap ``min(512, (size - 112) // 2 - 8)`` = 64 on
  256 bytes: the game save must be compact there (no move history).

Caveat: on the RP2040 each slice assignment rewrites the 4 KiB flash sector
holding all of the NVM; a cut during that erase can lose the whole sector.
The checksums then make the load return nothing (a fresh start), not garbage.
"""

from minigam.compat import const

GAME = const(0)
SETTINGS = const(1)
STATS = const(2)

_MAGIC_META = const(0xB1)
_MAGIC_GAME = const(0xB2)
_HDR = const(7)
_OVERHEAD = const(8)
_BIG_LAYOUT = const(1296)  # 2 * (120 + 8) + 2 * (512 + 8)


class StoreError(ValueError):
    """A blob too large for its record, or an NVM too small."""


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


def _newer(a, b):
    """True if 16-bit sequence number a is newer than b."""
    return a != b and ((a - b) & 0xFFFF) < 0x8000


class _Record:
    def __init__(self, magic, offset, cap):
        self.magic = magic
        self.offset = offset  # of slot 0
        self.cap = cap
        self.slot_size = cap + _OVERHEAD
        self.cur = -1  # slot holding the current record, -1 none
        self.seq = 0
        self.data = None  # bytes of the current payload

    def slot_off(self, k):
        return self.offset + k * self.slot_size


class Store:
    """Blob store over an NVM-like bytearray (``microcontroller.nvm``).

    :param nvm: object with ``len()``, ``nvm[i]``, ``nvm[a:b]`` read and
        ``nvm[a:b] = bytes`` write.

    ``volatile`` is True when the board had no usable NVM and the store
    lives in RAM (set by the profile builder).
    """

    def __init__(self, nvm):
        self.nvm = nvm
        self.volatile = False  # True: not real NVM (lost at power-off)
        n = len(nvm)
        if n < 256:
            raise StoreError("NVM of %d bytes is too small (need 256)" % n)
        if n >= _BIG_LAYOUT:
            meta_cap = 120
            self._settings_cap = 32
            game_cap = 512
        else:
            meta_cap = 48
            self._settings_cap = 16
            game_cap = (n - 2 * (meta_cap + _OVERHEAD)) // 2 - _OVERHEAD
            if game_cap > 512:
                game_cap = 512
        self._meta = _Record(_MAGIC_META, 0, meta_cap)
        self._game = _Record(_MAGIC_GAME, 2 * (meta_cap + _OVERHEAD), game_cap)
        self.used_bytes = self._game.offset + 2 * self._game.slot_size
        self._settings = None
        self._stats = None
        self.reload()

    # ----- public API
    def capacity(self, kind):
        """Largest blob (bytes) ``save(kind, ...)`` accepts."""
        if kind == GAME:
            return self._game.cap
        if kind == SETTINGS:
            return self._settings_cap
        if kind == STATS:
            return self._meta.cap - 1 - self._settings_cap
        raise StoreError("unknown kind %r" % (kind,))

    def load(self, kind):
        """The last saved blob of ``kind`` (bytes), or None if none was saved."""
        if kind == GAME:
            return self._game.data
        if kind == SETTINGS:
            return self._settings
        if kind == STATS:
            return self._stats
        raise StoreError("unknown kind %r" % (kind,))

    def save(self, kind, data):
        """Save blob ``data`` (bytes-like) as ``kind``; None clears it.

        Raises StoreError if it is larger than ``capacity(kind)``.
        """
        if data is not None:
            data = bytes(data)
            if len(data) > self.capacity(kind):
                raise StoreError(
                    "blob of %d bytes exceeds capacity %d" % (len(data), self.capacity(kind))
                )
        if kind == GAME:
            self._write(self._game, b"" if data is None else data)
            self._game.data = data
        elif kind == SETTINGS or kind == STATS:
            settings = data if kind == SETTINGS else self._settings
            stats = data if kind == STATS else self._stats
            s = settings or b""
            payload = bytes((len(s),)) + s + (stats or b"")
            self._write(self._meta, payload)
            self._settings = settings
            self._stats = stats
        else:
            raise StoreError("unknown kind %r" % (kind,))

    def clear(self, kind):
        """Forget the blob of ``kind`` (saves an empty one)."""
        self.save(kind, None)

    def erase(self):
        """Invalidate everything (one write of zeros over the store)."""
        self.nvm[0 : self.used_bytes] = bytes(self.used_bytes)
        self.reload()

    def reload(self):
        """Re-read the NVM (after an external change)."""
        self._read(self._game)
        g = self._game.data
        self._game.data = g if g else None
        self._read(self._meta)
        self._settings = None
        self._stats = None
        m = self._meta.data
        if m:
            k = m[0]
            if 1 + k <= len(m) and k <= self._settings_cap:
                self._settings = m[1 : 1 + k] if k else None
                st = m[1 + k :]
                self._stats = st if st else None
        self._meta.data = None

    # ----- slots
    def _valid(self, rec, k):
        nvm = self.nvm
        o = rec.slot_off(k)
        hdr = bytes(nvm[o : o + _HDR])
        if hdr[0] != rec.magic:
            return -1, None
        seq = hdr[1] | (hdr[2] << 8)
        ln = hdr[3] | (hdr[4] << 8)
        if ln > rec.cap:
            return -1, None
        if nvm[o + rec.slot_size - 1] != (seq & 0xFF):
            return -1, None
        payload = bytes(nvm[o + _HDR : o + _HDR + ln])
        crc = crc16(hdr, 0xFFFF, 0, 5)
        crc = crc16(payload, crc)
        if crc != (hdr[5] | (hdr[6] << 8)):
            return -1, None
        return seq, payload

    def _read(self, rec):
        s0, p0 = self._valid(rec, 0)
        s1, p1 = self._valid(rec, 1)
        rec.cur = -1
        rec.data = None
        if p0 is not None and (p1 is None or not _newer(s1, s0)):
            rec.cur, rec.seq, rec.data = 0, s0, p0
        elif p1 is not None:
            rec.cur, rec.seq, rec.data = 1, s1, p1

    def _write(self, rec, payload):
        k = 1 - rec.cur if rec.cur >= 0 else 0
        o = rec.slot_off(k)
        nvm = self.nvm
        old_hdr = nvm[o + 1]
        old_commit = nvm[o + rec.slot_size - 1]
        seq = (rec.seq + 1) & 0xFFFF
        while (seq & 0xFF) == old_hdr or (seq & 0xFF) == old_commit:
            seq = (seq + 1) & 0xFFFF
        ln = len(payload)
        buf = bytearray(rec.slot_size)
        buf[0] = rec.magic
        buf[1] = seq & 0xFF
        buf[2] = seq >> 8
        buf[3] = ln & 0xFF
        buf[4] = ln >> 8
        buf[_HDR : _HDR + ln] = payload
        crc = crc16(buf, 0xFFFF, 0, 5)
        crc = crc16(buf, crc, _HDR, _HDR + ln)
        buf[5] = crc & 0xFF
        buf[6] = crc >> 8
        buf[rec.slot_size - 1] = seq & 0xFF
        nvm[o : o + rec.slot_size] = buf
        rec.cur = k
        rec.seq = seq
