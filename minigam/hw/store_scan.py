"""Reading the store's log (``minigam.hw.store``) from the NVM: which
sector holds it, and its records. Loaded at start-up (and after an erase)
only: on stock CircuitPython a loaded module's code stays in the heap.
"""

from minigam.core.saveframe import crc16
from minigam.hw.store import HDR, KINDS, REC, TAG, VERSION


def scan(store):
    """Set ``store``'s log state and blobs from its NVM; False when no
    sector holds a valid log."""
    for k in range(KINDS):
        store._blobs[k] = None
        store._seqs[k] = 0
    store._active = -1
    store._epoch = 0
    store._end = -1
    store._seq = 0
    for s in range(store.sectors):
        e = epoch_of(store, s)
        if e >= 0 and (store._active < 0 or e > store._epoch):
            store._active, store._epoch = s, e
    if store._active < 0:
        return False
    read_log(store)
    return True


def epoch_of(store, s):
    """The epoch of sector ``s``'s valid header, or -1."""
    h = store.nvm[s * store.size:s * store.size + HDR]
    if h[0] != 0x4D or h[1] != 0x4C or h[2] != VERSION:
        return -1
    if crc16(h, 0xFFFF, 0, 6) != h[6] | (h[7] << 8):
        return -1
    return h[3] | (h[4] << 8) | (h[5] << 16)


def read_log(store):
    """Read the active sector's records; ``_end`` is where the next
    one goes (-1 when the log ends in a damaged record: compact)."""
    nvm = store.nvm
    base = store._active * store.size
    at = HDR
    last = -1
    while at + REC + 1 <= store.size:
        h = nvm[base + at:base + at + REC]
        tag = h[0]
        if tag == 0xFF:
            store._end = at
            break
        seq = h[1] | (h[2] << 8) | (h[3] << 16)
        n = h[4]
        end = at + REC + n
        if (tag & 0xF0) != TAG or seq <= last or end >= store.size:
            break
        payload = nvm[base + at + REC:base + end]
        if nvm[base + end] != seq & 0x7F:
            break
        crc = crc16(h, 0xFFFF, 0, 5)
        if crc16(payload, crc) != h[5] | (h[6] << 8):
            break
        if tag & 0x0F < KINDS:  # (a later version's kinds: not kept)
            store._keep(tag & 0x0F, seq, bytes(payload) if n else None)
        last = seq
        at = end + 1
    else:
        store._end = at  # full to the last byte
    store._seq = max(last, 0)
