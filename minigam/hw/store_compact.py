"""Compaction of the store's log (``minigam.hw.store``): the live blobs
rewritten into a fresh sector; and erasing it. Loaded only when a save
finds the log full, when ``Store.maintain`` finds it over half full, or
to erase:
on stock CircuitPython a loaded module's code stays in the heap, and a
save in play rarely needs this.
"""

from minigam.core.saveframe import crc16
from minigam.hw.store import (HDR, KINDS, REC, SEQ_MAX, VERSION, StoreError,
                              put_record)


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
    h = bytearray(HDR)
    h[0] = 0x4D  # "M"
    h[1] = 0x4C  # "L"
    h[2] = VERSION
    h[3] = epoch & 0xFF
    h[4] = (epoch >> 8) & 0xFF
    h[5] = epoch >> 16
    crc = crc16(h, 0xFFFF, 0, 6)
    h[6] = crc & 0xFF
    h[7] = crc >> 8
    return h


def live_kinds(store):
    """Kinds holding a blob, oldest save first."""
    kinds = [k for k in range(KINDS) if store._blobs[k] is not None]
    kinds.sort(key=lambda k: store._seqs[k])
    return kinds


def compact(store, kind, data):
    """Write the live blobs, ``kind``'s as ``data`` (``kind`` -1: none
    new), into a fresh sector; the header last when there is another
    sector to fall back on."""
    live = [k for k in live_kinds(store) if k != kind]
    size = store.size
    img = blank(size)
    at = HDR
    seq = 0
    for k in live:
        seq += 1
        if at + len(store._blobs[k]) + REC + 1 > size:
            raise StoreError("saves do not fit the NVM")
        at = put_record(img, at, k, seq, store._blobs[k])
        store._seqs[k] = seq
    if data is not None:
        if at + len(data) + REC + 1 > size:
            raise StoreError("saves do not fit the NVM")
        seq += 1
        at = put_record(img, at, kind, seq, data)
    epoch = (store._epoch + 1) & SEQ_MAX
    target = 1 - store._active if store.sectors > 1 and store._active >= 0 \
        else 0
    base = target * size
    hdr = header(epoch)
    if store.sectors == 1:
        img[0:HDR] = hdr
    store.nvm[base:base + size] = img
    if store.sectors > 1:
        store.nvm[base:base + HDR] = hdr
    store._active, store._epoch, store._end, store._seq = target, epoch, at, seq
    if kind >= 0:
        store._keep(kind, seq, data)
    store.compactions += 1
    store.saves += 1 if kind >= 0 else 0



def erase(store):
    """Every sector of ``store`` erased (0xFF), old-format saves too."""
    erased = blank(store.size)
    for s in range(store.sectors):
        store.nvm[s * store.size:(s + 1) * store.size] = erased
