"""NVM store: round trips, capacities, old saves read once, damaged records,
and a power cut at every byte of a save on a small flash model.

Device test: plain asserts, runs on CPython and in the MicroPython VM. (The
wide sweeps against CircuitPython's own write paths are host tests:
``tests/test_power_cuts.py``.)
"""

from minigam.hw.store import (GAME, SETTINGS, STATS, SECTOR, Store, StoreError,
                              crc16, put_record)
from minigam.hw.store_compact import blank, header


class PowerCut(Exception):
    pass


class Flash:
    """An NVM on flash: a write into erased bytes programs them (1 -> 0
    only); any other write erases each 4 KB sector it touches (or the
    whole NVM, if smaller) and programs it again, as CircuitPython does.
    ``budget``: bytes the flash may still erase or program before the
    power fails (None: no cut)."""

    def __init__(self, size, fill=0xFF):
        self.data = bytearray(size)
        for i in range(size):
            self.data[i] = fill
        self.budget = None
        self.erases = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, value):
        start = i.start or 0
        n = len(value)
        d = self.data
        erased = True
        for k in range(n):
            if d[start + k] != 0xFF:
                erased = False
                break
        if erased:
            for k in range(n):
                self._spend()
                d[start + k] &= value[k]
            return
        unit = min(SECTOR, len(d))
        first = start - start % unit
        img = bytearray(d[first:start + n + unit - 1 - (start + n - 1) % unit])
        img[start - first:start - first + n] = value
        self.erases += 1
        for k in range(len(img)):
            self._spend()
            d[first + k] = 0xFF
        for k in range(len(img)):
            self._spend()
            d[first + k] = img[k]

    def _spend(self):
        if self.budget is not None:
            if self.budget <= 0:
                raise PowerCut()
            self.budget -= 1

    def copy(self):
        c = Flash(len(self.data))
        c.data[:] = self.data
        return c


def _blob(seed, n):
    out = bytearray(n)
    x = seed * 2654435761 + 12345
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = (x >> 16) & 0xFF
    return bytes(out)


def test_crc16_known_value():
    # CRC-16/CCITT-FALSE check value of "123456789".
    assert crc16(b"123456789") == 0x29B1


def test_blank_is_erased_bytes():
    for n in (0, 1, 2, 3, 255, 256, 4096):
        b = blank(n)
        assert len(b) == n and all(x == 0xFF for x in b)


def test_empty_erased_and_zeroed_nvm_load_nothing():
    for fill in (0, 0xFF):
        for size in (256, 4096, 8192):
            s = Store(Flash(size, fill))
            assert s.load(GAME) is None
            assert s.load(SETTINGS) is None
            assert s.load(STATS) is None


def test_geometry_and_capacities():
    small = Store(Flash(256))
    assert (small.sectors, small.size) == (1, 256)
    assert small.capacity(GAME) == 64
    assert small.capacity(SETTINGS) == 16
    assert small.capacity(STATS) == 41
    assert (Store(Flash(4096)).sectors, Store(Flash(8192)).sectors) == (1, 2)
    big = Store(Flash(8192))
    assert big.capacity(GAME) == 240
    assert big.capacity(SETTINGS) == 32
    assert big.capacity(STATS) == 97
    assert big.capacity(4) == 240  # other kinds are games' saves


def test_too_small_nvm_too_big_blob_and_bad_kind_raise_store_error():
    try:
        Store(Flash(128))
        assert False, "128 bytes accepted"
    except StoreError:
        pass
    s = Store(Flash(256))
    for kind in (GAME, SETTINGS, STATS):
        cap = s.capacity(kind)
        s.save(kind, _blob(kind, cap))  # the largest fits
        try:
            s.save(kind, bytes(cap + 1))
            assert False, "oversized blob accepted"
        except StoreError:
            pass
        assert s.load(kind) == _blob(kind, cap)
    for bad in (-1, 16):
        try:
            s.load(bad)
            assert False, "kind %d accepted" % bad
        except StoreError:
            pass


def test_round_trip_survives_reload_through_many_compactions():
    for size in (256, 4096, 8192):
        nvm = Flash(size)
        s = Store(nvm)
        for i in range(120):
            g = _blob(i, 1 + i % s.capacity(GAME))
            s.save(GAME, g)
            if i % 9 == 0:
                st = _blob(100 + i, 9 + i % 20)
                s.save(STATS, st)
            if i % 31 == 0:
                se = _blob(200 + i, 3 + i % 10)
                s.save(SETTINGS, se)
            if i % 25 == 0:
                s.maintain()
            r = Store(nvm)
            assert r.load(GAME) == g, (size, i)
            assert r.load(STATS) == st
            assert r.load(SETTINGS) == se
        assert s.compactions > 0, size
        s.save(GAME, None)
        assert Store(nvm).load(GAME) is None
        assert Store(nvm).load(STATS) == st
        s.erase()
        r = Store(nvm)
        assert r.load(GAME) is None and r.load(SETTINGS) is None and r.load(STATS) is None


def test_appends_program_erased_bytes_and_compaction_erases_rarely():
    nvm = Flash(8192)
    s = Store(nvm)
    for i in range(400):
        s.save(GAME, _blob(i, 40))
    # 4088 bytes a sector hold 85 records of 48: an erase per 85 saves at
    # most (the first two compactions find their sector erased)
    assert nvm.erases <= 400 // 80, nvm.erases
    one = Flash(4096)
    s = Store(one)
    for i in range(400):
        s.save(GAME, _blob(i, 40))
        if i % 20 == 0:
            s.maintain()
    assert one.erases <= 400 // 40, one.erases


def test_a_save_that_changes_nothing_writes_nothing():
    nvm = Flash(256)
    s = Store(nvm)
    s.save(SETTINGS, b"\x03\x01")
    before = bytes(nvm.data)
    s.save(SETTINGS, b"\x03\x01")
    s.save(GAME, None)
    s.save(GAME, b"")
    assert bytes(nvm.data) == before


def _v1_slot(buf, at, magic, cap, seq, payload):
    buf[at] = magic
    buf[at + 1] = seq & 0xFF
    buf[at + 2] = seq >> 8
    buf[at + 3] = len(payload)
    buf[at + 4] = 0
    buf[at + 7:at + 7 + len(payload)] = payload
    crc = crc16(payload, crc16(buf, 0xFFFF, at, at + 5))
    buf[at + 5] = crc & 0xFF
    buf[at + 6] = crc >> 8
    buf[at + cap + 7] = seq & 0xFF


def test_old_format_saves_are_read_once_and_kept():
    game = _blob(5, 38)
    for size, at in ((4096, 0), (8192, 4096), (256, 0)):
        nvm = Flash(size, 0)
        old = bytearray(min(size, 4096))
        meta_cap, game_cap = (120, 512) if size >= 1296 else (48, 64)
        settings, stats = b"\x03\x02\x00\x01", _blob(6, 29)
        _v1_slot(old, 0, 0xB1, meta_cap, 7,
                 bytes((len(settings),)) + settings + stats)
        _v1_slot(old, 2 * (meta_cap + 8), 0xB2, game_cap, 3, _blob(1, 38))
        _v1_slot(old, 2 * (meta_cap + 8) + game_cap + 8, 0xB2, game_cap, 4,
                 game)  # the newer slot
        nvm.data[at:at + len(old)] = old
        s = Store(nvm)
        assert (s.load(GAME), s.load(SETTINGS), s.load(STATS)) \
            == (game, settings, stats), size
        r = Store(nvm)  # converted: the log holds them now
        assert r.compactions == 0
        assert (r.load(GAME), r.load(SETTINGS), r.load(STATS)) \
            == (game, settings, stats), size
        r.save(GAME, b"new")
        assert Store(nvm).load(GAME) == b"new"
        assert Store(nvm).load(STATS) == stats


def test_damaged_records_never_raise_nor_load_garbage():
    nvm = Flash(4096)
    s = Store(nvm)
    s.save(SETTINGS, b"\x01\x02\x03")
    s.save(GAME, _blob(1, 40))
    s.save(GAME, _blob(2, 40))
    good = bytes(nvm.data)
    rec = 8 + 11  # the game records start here
    for at in range(rec, rec + 2 * 48):
        for bit in (1, 0x80):
            img = Flash(4096)
            img.data[:] = good
            img.data[at] ^= bit
            r = Store(img)
            g = r.load(GAME)
            # the flip lands in the first game record (then the log ends
            # before it) or in the second (the first is the last good one)
            assert g in (None, _blob(1, 40)), (at, bit)
            assert r.load(SETTINGS) == b"\x01\x02\x03"
            r.save(GAME, b"after")  # and a save still works
            assert Store(img).load(GAME) == b"after"
            assert Store(img).load(SETTINGS) == b"\x01\x02\x03"
    # a torn header, an unknown version, garbage: nothing loads, no raise
    for junk in (header(5)[:5] + b"\x00\x00\x00", b"ML\x03" + bytes(5),
                 _blob(9, 8)):
        img = Flash(4096)
        img.data[:] = good
        img.data[0:8] = junk
        r = Store(img)
        assert r.load(GAME) is None and r.load(SETTINGS) is None


def test_records_out_of_order_end_the_log():
    nvm = Flash(4096)
    buf = blank(4096)
    buf[0:8] = header(1)
    at = put_record(buf, 8, GAME, 5, b"five")
    put_record(buf, at, GAME, 5, b"again")  # a seq that does not rise
    nvm.data[:] = buf
    assert Store(nvm).load(GAME) == b"five"


def garbage_nvm_never_raises(size):
    for seed in range(30):
        nvm = Flash(size)
        nvm.data[:] = _blob(seed, size)
        s = Store(nvm)
        for kind in (GAME, SETTINGS, STATS):
            got = s.load(kind)
            assert got is None or isinstance(got, bytes)
        s.save(GAME, b"ok")
        assert Store(nvm).load(GAME) == b"ok"


def test_garbage_nvm_never_raises():
    garbage_nvm_never_raises(256)
    garbage_nvm_never_raises(8192)


def _cut_every_byte(size, fill_saves, step=1):
    """After ``fill_saves`` saves, cut the next save (an append, or a
    compaction when the log is full) at every ``step``-th byte: a fresh
    store loads the last or the previous save, and the settings and
    statistics saved before."""
    base = Flash(size)
    s = Store(base)
    s.save(SETTINGS, b"\x01\x02")
    s.save(STATS, b"\x07" * 5)
    for i in range(fill_saves):
        s.save(GAME, _blob(i, 40))
    prev = s.load(GAME)
    new = _blob(999, 40)
    k = 0
    cuts = 0
    while True:
        nvm = base.copy()
        nvm.budget = k
        try:
            Store(nvm).save(GAME, new)
            done = True
        except PowerCut:
            done = False
        nvm.budget = None
        r = Store(nvm)
        got = r.load(GAME)
        assert got in ((prev, new) if not done else (new,)), (size, k)
        assert r.load(SETTINGS) == b"\x01\x02", (size, k)
        assert r.load(STATS) == b"\x07" * 5, (size, k)
        r.save(GAME, b"next")  # the store works on after the cut
        assert Store(nvm).load(GAME) == b"next"
        cuts += 1
        if done:
            return cuts
        k += step


def test_power_cut_at_every_byte_of_an_append_and_a_compaction():
    # 8 KB (the MINIGAM firmware): an append, then a compaction into the
    # other sector, which it erases (a sector holds 84 saves of 48 bytes
    # after the settings and statistics: the second compaction erases)
    assert _cut_every_byte(8192, 3) > 40
    for fill in range(160, 175):
        nvm = Flash(8192)
        s = Store(nvm)
        s.save(SETTINGS, b"\x01\x02")
        s.save(STATS, b"\x07" * 5)
        for i in range(fill + 1):
            s.save(GAME, _blob(i, 40))
        if nvm.erases:
            break
    assert _cut_every_byte(8192, fill, step=7) > 8192 // 7
    # 4 KB (stock) outside compaction: an append
    assert _cut_every_byte(4096, 3) > 40
