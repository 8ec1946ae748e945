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

Reading the log (``store_scan``, at start-up), compaction and erasing
(``store_compact``) and the old format (``store_v1``) live in modules
loaded by name for the call and let go after (``Store._run``): on stock
CircuitPython a loaded module's code stays in the heap.

On a SAMD51 every ``nvm`` write erases the flash block it lies in,
whatever the bytes: no layout avoids that window; the store keeps it to
one write per save, and none for a save that changes nothing.
"""

import sys

from minigam.compat import const
from minigam.core.saveframe import crc16

GAME = const(0)
SETTINGS = const(1)
STATS = const(2)
KINDS = const(5)  # kinds kept: GAME, SETTINGS, STATS, two more games' saves
SECTOR = const(4096)
HDR = const(8)  # sector header
REC = const(7)  # record bytes before the payload (the commit byte follows)
TAG = const(0xA0)
VERSION = const(2)
SEQ_MAX = const(0xFFFFFF)


class StoreError(ValueError):
    """A blob too large for its record, or an NVM too small."""


def put_record(buf, at, kind, seq, payload):
    """Write the record of ``payload`` (bytes or None) into ``buf`` at
    ``at``; returns the offset after it."""
    n = len(payload) if payload else 0
    buf[at] = TAG | kind
    buf[at + 1] = seq & 0xFF
    buf[at + 2] = (seq >> 8) & 0xFF
    buf[at + 3] = seq >> 16
    buf[at + 4] = n
    if n:
        buf[at + REC:at + REC + n] = payload
    crc = crc16(buf, 0xFFFF, at, at + 5)
    crc = crc16(buf, crc, at + REC, at + REC + n)
    buf[at + 5] = crc & 0xFF
    buf[at + 6] = crc >> 8
    buf[at + REC + n] = seq & 0x7F
    return at + REC + n + 1


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
            self._caps = (240, 32, 97)
        else:
            self._caps = (64, 16, 41)  # (stats: minigam.app.stats_blob)
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
        self.load(kind)  # (a known kind)
        return self._caps[kind if kind == SETTINGS or kind == STATS else GAME]

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
        seq = self._seq + 1  # (compaction numbers them from 1 again)
        n = (len(data) if data else 0) + REC + 1
        at = self._active * self.size + self._end
        if self._active < 0 or self._end < 0 or self._end + n > self.size \
                or not self._erased(at, n):
            self._run("store_compact", "compact", kind, data)
            return
        rec = bytearray(n)
        put_record(rec, 0, kind, seq, data)
        self.nvm[at:at + n] = rec
        self._end += n
        self._seq = seq
        self._keep(kind, seq, data)
        self.saves += 1

    def maintain(self):
        """Compact now, at a moment a player is unlikely to switch off, if
        the only sector is over half full or its log ends in a torn
        record; returns True if it did. With two sectors compaction is
        safe in any save, and a SAMD51 erases at every write: nothing to
        do (and no module to load) there, nor while the log has room."""
        if self.sectors > 1 or self.size < SECTOR \
                or 0 <= self._end <= self.size // 2 \
                or (self._active < 0
                    and all(b is None for b in self._blobs)):
            return False  # (nothing kept yet: the first save sets it up)
        self._run("store_compact", "compact", -1, None)
        return True

    def erase(self):
        """Forget everything: every sector erased, old-format saves too."""
        self._run("store_compact", "erase")
        self.reload()

    def reload(self):
        """Re-read the NVM (after an external change)."""
        if not self._run("store_scan", "scan"):
            self._run("store_v1", "migrate")  # no log yet: old saves, once

    # ----- the log
    def _keep(self, kind, seq, data):
        self._blobs[kind] = data
        self._seqs[kind] = seq

    def _erased(self, at, n):
        for b in self.nvm[at:at + n]:
            if b != 0xFF:
                return False
        return True

    def _run(self, module, name, *args):
        """``minigam.hw.<module>.<name>(self, *args)``, the module loaded
        for the call only: reading the log (start-up), compaction and
        the old format are rare, and on stock CircuitPython a loaded
        module's code stays in the heap."""
        from minigam.compat import unload
        full = "minigam.hw." + module
        __import__(full)
        try:
            return getattr(sys.modules[full], name)(self, *args)
        finally:
            unload(full)
