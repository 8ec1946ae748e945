"""Reads the store's first format (double-buffered A/B slots, rewritten in
place), once, so that updating keeps a player's game, settings and
statistics. Loaded only when the NVM holds no log (``minigam.hw.store``).

Version 1 laid out, from the NVM's start (``size`` = its length then)::

    meta record: two slots of 120 + 8 bytes (48 + 8 below 1296 bytes)
    game record: two slots of 512 + 8 bytes (less below 1296 bytes)

A slot: magic (0xB1 meta, 0xB2 game), seq uint16, length uint16, CRC-16
of bytes 0..4 and the payload, the payload, and its last byte == seq's
low byte. Of two valid slots the newer seq (wrap-safe) wins. The meta
payload is ``[len(settings)] settings stats``.
"""

from minigam.core.saveframe import crc16


def _slot(nvm, at, magic, cap):
    """(seq, payload) of a valid slot at ``at``, or (-1, None)."""
    h = nvm[at:at + 7]
    if h[0] != magic:
        return -1, None
    seq = h[1] | (h[2] << 8)
    n = h[3] | (h[4] << 8)
    if n > cap or nvm[at + cap + 7] != seq & 0xFF:
        return -1, None
    payload = nvm[at + 7:at + 7 + n]
    if crc16(payload, crc16(h, 0xFFFF, 0, 5)) != h[5] | (h[6] << 8):
        return -1, None
    return seq, bytes(payload)


def _record(nvm, at, magic, cap):
    s0, p0 = _slot(nvm, at, magic, cap)
    s1, p1 = _slot(nvm, at + cap + 8, magic, cap)
    if p1 is not None and (p0 is None or (s1 != s0 and (s1 - s0) & 0xFFFF < 0x8000)):
        return p1
    return p0


def read(nvm, at, size):
    """``[game, settings, stats]`` (bytes or None each) of a version-1
    store of ``size`` bytes at ``at``, or None if it holds nothing."""
    if size < 256:
        return None
    if size >= 1296:
        meta_cap, set_cap, game_cap = 120, 32, 512
    else:
        meta_cap, set_cap = 48, 16
        game_cap = min(512, (size - 2 * (meta_cap + 8)) // 2 - 8)
    game = _record(nvm, at + 2 * (meta_cap + 8), 0xB2, game_cap)
    meta = _record(nvm, at, 0xB1, meta_cap)
    settings = stats = None
    if meta:
        k = meta[0]
        if 1 + k <= len(meta) and k <= set_cap:
            settings = meta[1:1 + k] or None
            stats = meta[1 + k:] or None
    if game is None and settings is None and stats is None:
        return None
    return [game or None, settings, stats]


def migrate(store):
    """Give ``store`` (a ``minigam.hw.store.Store`` that found no log) the
    blobs of a version-1 store, from where it lay: the NVM's start, and on
    the MINIGAM firmware's two sectors the second one too (the stock
    firmware's NVM, which follows the 4 KB smaller firmware region there);
    then write them as a log."""
    nvm = store.nvm
    found = None
    for at in ((4096, 0) if store.sectors > 1 else (0,)):
        found = read(nvm, at, min(len(nvm) - at, 4096))
        if found:
            break
    if not found:
        return
    for kind in range(3):  # GAME, SETTINGS, STATS: as ``read`` lists them
        b = found[kind]
        if b is not None and len(b) <= store.capacity(kind):
            store._keep(kind, 0, b)
    try:
        store._run("store_compact", "compact", -1, None)
    except Exception as exc:  # kept in RAM: the next save writes them
        print("minigam: old saves not converted yet:", exc)
