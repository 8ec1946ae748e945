"""Persistent store on ``microcontroller.nvm``: an append-only log of
records, so that a power cut during a save loses at most that save.

Why a log: flash programs bits from 1 to 0 page by page, but only a sector
erase (4 KB) sets them back to 1. CircuitPython's RP2040 ``nvm`` programs a
write that lands on erased (0xFF) bytes, and erases and reprograms the
sector for any other write. A save that rewrites old bytes in place
therefore erases a sector that may hold every other save, and a cut in that
erase loses them all. Here a save appends a complete record to erased
bytes (page programs only); a sector is erased only to compact the log.

Layout. The NVM is one or two *sectors* (4096 bytes each on the RP2040:
two on the MINIGAM firmware's 8 KB NVM, one on stock CircuitPython's 4 KB;
a SAMD51's 256 bytes are one small sector). A sector is::

    0..1   "ML" (MINIGAM log)
    2      format version (2; version 1 was the A/B slot store, read once
           by ``minigam.hw.store_v1`` when no log exists)
    3..5   epoch, uint24 little-endian: +1 at each compaction
    6..7   CRC-16/CCITT-FALSE of bytes 0..5
    8..    records, back to back, then erased bytes (0xFF)

A record (``len`` + 8 bytes)::

    0      0xA0 | kind (GAME, SETTINGS, STATS, ...: 0..15)
    1..3   seq, uint24 little-endian: +1 at each save, across kinds
    4      len, the payload's length (0: the kind was cleared)
    5..6   CRC-16/CCITT-FALSE of bytes 0..4 and the payload
    7..    payload
    last   commit: seq & 0x7F (written last: a torn record lacks it)

Loading reads the *active* sector, the one with a valid header and the
highest epoch, in order: each valid record replaces the kind's blob; the
first invalid one (torn, or never written) ends the log there.

Compaction writes the live records (and the new one) into a whole-sector
image of the *other* sector, and only then programs that sector's header,
so the active sector stays complete until the new one is: every cut
leaves the last or the previous save of each kind. With one sector there
is no other: compaction erases the only copy. ``maintain()`` does it at
moments a player is unlikely to switch off (the menu, a game's start)
when the log is more than half full, so that saves in play rarely need it.

On a SAMD51 every ``nvm`` write erases the flash block it lies in,
whatever the bytes: no layout avoids that window; the store keeps it to
one write per save, and none for a save that changes nothing.
"""

from minigam.compat import const
from minigam.hw.crc import crc16

GAME = const(0)
SETTINGS = const(1)
STATS = const(2)
KINDS = const(16)  # kinds a record can name (tag's low nibble)

SECTOR = const(4096)
_HDR = const(8)  # sector header
_REC = const(7)  # record bytes before the payload (the commit byte follows)
_TAG = const(0xA0)
_VERSION = const(2)
_SEQ_MAX = const(0xFFFFFF)


class StoreError(ValueError):
    """A blob too large for its record, or an NVM too small."""


def put_record(buf, at, kind, seq, payload):
    """Write the record of ``payload`` (bytes or None) into ``buf`` at
    ``at``; returns the offset after it."""
    n = len(payload) if payload else 0
    buf[at] = _TAG | kind
    buf[at + 1] = seq & 0xFF
    buf[at + 2] = (seq >> 8) & 0xFF
    buf[at + 3] = seq >> 16
    buf[at + 4] = n
    if n:
        buf[at + _REC:at + _REC + n] = payload
    crc = crc16(buf, 0xFFFF, at, at + 5)
    crc = crc16(buf, crc, at + _REC, at + _REC + n)
    buf[at + 5] = crc & 0xFF
    buf[at + 6] = crc >> 8
    buf[at + _REC + n] = seq & 0x7F
    return at + _REC + n + 1


def blank(n):
    """``n`` erased (0xFF) bytes in a new bytearray, filled by doubling in
    place (MicroPython repeats no bytearray, and a repeated ``bytes``
    would be a second buffer as large)."""
    b = bytearray(n)
    if not n:
        return b
    m = memoryview(b)
    b[0] = 0xFF
    k = 1
    while k < n:
        c = min(k, n - k)
        m[k:k + c] = m[0:c]
        k += c
    return b


def header(epoch):
    """The 8 bytes of a sector header with ``epoch``."""
    h = bytearray(_HDR)
    h[0] = 0x4D  # "M"
    h[1] = 0x4C  # "L"
    h[2] = _VERSION
    h[3] = epoch & 0xFF
    h[4] = (epoch >> 8) & 0xFF
    h[5] = epoch >> 16
    crc = crc16(h, 0xFFFF, 0, 6)
    h[6] = crc & 0xFF
    h[7] = crc >> 8
    return h


class Store:
    """Blob store over an NVM-like object (``microcontroller.nvm``).

    :param nvm: object with ``len()``, ``nvm[a:b]`` read and
        ``nvm[a:b] = bytes`` write.

    ``volatile`` is True when the board had no usable NVM and the store
    lives in RAM (set by the profile builder). ``saves`` counts the saves
    that wrote, ``compactions`` the whole-sector rewrites.
    """

    def __init__(self, nvm):
        self.nvm = nvm
        self.volatile = False
        n = len(nvm)
        if n < 256:
            raise StoreError("NVM of %d bytes is too small (need 256)" % n)
        if n >= 2 * SECTOR:
            self.sectors, self.size = 2, SECTOR
        else:
            self.sectors, self.size = 1, min(n, SECTOR)
        if self.size >= 1024:
            self._caps = (240, 32, 87)
        else:
            self._caps = (64, 16, 31)
        self.saves = 0
        self.compactions = 0
        self._blobs = [None] * KINDS
        self._seqs = [0] * KINDS
        self._active = -1  # the sector holding the log, -1 none
        self._epoch = 0
        self._end = -1  # where its next record goes, -1: compact first
        self._seq = 0  # the last record's sequence number
        self.reload()

    # ----- public API
    def capacity(self, kind):
        """Largest blob (bytes) ``save(kind, ...)`` accepts."""
        if kind < 0 or kind >= KINDS:
            raise StoreError("unknown kind %r" % (kind,))
        if kind == SETTINGS or kind == STATS:
            return self._caps[kind]
        return self._caps[GAME]

    def load(self, kind):
        """The last saved blob of ``kind`` (bytes), or None if none was saved."""
        if kind < 0 or kind >= KINDS:
            raise StoreError("unknown kind %r" % (kind,))
        return self._blobs[kind]

    def save(self, kind, data):
        """Save blob ``data`` (bytes-like) as ``kind``; None or empty clears
        it. A save that changes nothing writes nothing.

        Raises StoreError if it is larger than ``capacity(kind)``.
        """
        if data is not None:
            data = bytes(data) if len(data) else None
        if data is not None and len(data) > self.capacity(kind):
            raise StoreError("blob of %d bytes exceeds capacity %d"
                             % (len(data), self.capacity(kind)))
        if data == self.load(kind):
            return
        seq = self._seq + 1
        if seq > _SEQ_MAX:  # (a lifetime of saves: start the numbers anew)
            self._compact(kind, data)
            return
        n = (len(data) if data else 0) + _REC + 1
        at = self._active * self.size + self._end
        if self._active < 0 or self._end < 0 or self._end + n > self.size \
                or not self._erased(at, n):
            self._compact(kind, data)
            return
        rec = bytearray(n)
        put_record(rec, 0, kind, seq, data)
        self.nvm[at:at + n] = rec
        self._end += n
        self._seq = seq
        self._keep(kind, seq, data)
        self.saves += 1

    def clear(self, kind):
        """Forget the blob of ``kind``."""
        self.save(kind, None)

    def free(self):
        """Bytes left for records in the active sector (0 if it must be
        compacted before the next save)."""
        if self._active < 0 or self._end < 0:
            return 0
        return self.size - self._end

    def maintain(self):
        """Compact now, at a moment a player is unlikely to switch off,
        if the only sector is over half full or its log ends in a torn
        record; returns True if it did. (With two sectors, compaction is
        safe whenever a save needs it: nothing to do here.)"""
        if self.sectors > 1 or self.size < SECTOR:
            return False  # (a SAMD51 erases at every write anyway)
        if self._active >= 0 and self._end >= 0 \
                and self._end <= self.size // 2:
            return False
        if self._active < 0 and not self._live():
            return False  # nothing kept yet: the first save sets it up
        self._compact(-1, None)
        return True

    def erase(self):
        """Forget everything: every sector erased, old-format saves too."""
        erased = blank(self.size)
        for s in range(self.sectors):
            self.nvm[s * self.size:(s + 1) * self.size] = erased
        self.reload()

    def reload(self):
        """Re-read the NVM (after an external change)."""
        blobs = self._blobs
        seqs = self._seqs
        for k in range(KINDS):
            blobs[k] = None
            seqs[k] = 0
        self._active = -1
        self._epoch = 0
        self._end = -1
        self._seq = 0
        for s in range(self.sectors):
            e = self._epoch_of(s)
            if e >= 0 and (self._active < 0 or e > self._epoch):
                self._active, self._epoch = s, e
        if self._active >= 0:
            self._scan()
        else:
            self._migrate()

    # ----- the log
    def _epoch_of(self, s):
        """The epoch of sector ``s``'s valid header, or -1."""
        h = self.nvm[s * self.size:s * self.size + _HDR]
        if h[0] != 0x4D or h[1] != 0x4C or h[2] != _VERSION:
            return -1
        if crc16(h, 0xFFFF, 0, 6) != h[6] | (h[7] << 8):
            return -1
        return h[3] | (h[4] << 8) | (h[5] << 16)

    def _scan(self):
        """Read the active sector's records; ``_end`` is where the next
        one goes (-1 when the log ends in a damaged record: compact)."""
        nvm = self.nvm
        base = self._active * self.size
        at = _HDR
        last = -1
        while at + _REC + 1 <= self.size:
            h = nvm[base + at:base + at + _REC]
            tag = h[0]
            if tag == 0xFF:
                self._end = at
                break
            seq = h[1] | (h[2] << 8) | (h[3] << 16)
            n = h[4]
            end = at + _REC + n
            if (tag & 0xF0) != _TAG or seq <= last or end >= self.size:
                break
            payload = nvm[base + at + _REC:base + end]
            if nvm[base + end] != seq & 0x7F:
                break
            crc = crc16(h, 0xFFFF, 0, 5)
            if crc16(payload, crc) != h[5] | (h[6] << 8):
                break
            self._keep(tag & 0x0F, seq, bytes(payload) if n else None)
            last = seq
            at = end + 1
        else:
            self._end = at  # full to the last byte
        self._seq = max(last, 0)

    def _keep(self, kind, seq, data):
        self._blobs[kind] = data
        self._seqs[kind] = seq

    def _live(self):
        """Kinds holding a blob, oldest save first."""
        kinds = [k for k in range(KINDS) if self._blobs[k] is not None]
        kinds.sort(key=lambda k: self._seqs[k])
        return kinds

    def _erased(self, at, n):
        for b in self.nvm[at:at + n]:
            if b != 0xFF:
                return False
        return True

    def _compact(self, kind, data):
        """Write the live blobs, ``kind``'s as ``data`` (``kind`` -1: none
        new), into a fresh sector; the header last when there is another
        sector to fall back on."""
        live = [k for k in self._live() if k != kind]
        size = self.size
        img = blank(size)
        at = _HDR
        seq = 0
        for k in live:
            seq += 1
            if at + len(self._blobs[k]) + _REC + 1 > size:
                raise StoreError("saves do not fit the NVM")
            at = put_record(img, at, k, seq, self._blobs[k])
            self._seqs[k] = seq
        if data is not None:
            if at + len(data) + _REC + 1 > size:
                raise StoreError("saves do not fit the NVM")
            seq += 1
            at = put_record(img, at, kind, seq, data)
        epoch = (self._epoch + 1) & _SEQ_MAX
        target = 1 - self._active if self.sectors > 1 and self._active >= 0 \
            else 0
        base = target * size
        hdr = header(epoch)
        if self.sectors == 1:
            img[0:_HDR] = hdr
        self.nvm[base:base + size] = img
        if self.sectors > 1:
            self.nvm[base:base + _HDR] = hdr
        self._active, self._epoch, self._end, self._seq = target, epoch, at, seq
        if kind >= 0:
            self._keep(kind, seq, data)
        self.compactions += 1
        self.saves += 1 if kind >= 0 else 0

    def _migrate(self):
        """No log yet: read a version-1 store once (where it lay on the
        NVM before this format) and keep its blobs in a new log."""
        from minigam.hw import store_v1
        from minigam.compat import unload
        found = None
        for at in ((SECTOR, 0) if self.sectors > 1 else (0,)):
            found = store_v1.read(self.nvm, at, min(len(self.nvm) - at, SECTOR))
            if found:
                break
        unload("minigam.hw.store_v1")
        if not found:
            return
        for kind in (SETTINGS, STATS, GAME):
            b = found[kind]
            if b is not None and len(b) <= self.capacity(kind):
                self._keep(kind, 0, b)
        try:
            self._compact(-1, None)
        except Exception as exc:  # kept in RAM: the next save writes them
            print("minigam: old saves not converted yet:", exc)
