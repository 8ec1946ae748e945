"""NVM store: round trips, capacities, and a power cut at every byte of a save.

Device test: plain asserts, runs on CPython and in the MicroPython VM.
"""

from minigam.hw.store import GAME, SETTINGS, STATS, Store, StoreError, crc16


class PowerCut(Exception):
    pass


class TearingNVM:
    """An NVM whose slice writes land byte by byte and can be cut.

    ``budget``: bytes still writable before the power fails (None: no cut).
    ``descending``: write a slice from its last byte to its first.
    """

    def __init__(self, size, fill=0):
        self.data = bytearray(size)
        for i in range(size):
            self.data[i] = fill
        self.budget = None
        self.descending = False

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, value):
        if not isinstance(i, slice):
            self._put(i, value)
            return
        start = i.start or 0
        n = len(value)
        order = range(n - 1, -1, -1) if self.descending else range(n)
        for k in order:
            self._put(start + k, value[k])

    def _put(self, i, v):
        if self.budget is not None:
            if self.budget <= 0:
                raise PowerCut()
            self.budget -= 1
        self.data[i] = v

    def copy(self):
        c = TearingNVM(len(self.data))
        c.data[:] = self.data
        c.descending = self.descending
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


def test_empty_and_erased_nvm_load_nothing():
    for fill in (0, 0xFF):
        for size in (256, 4096):
            s = Store(TearingNVM(size, fill))
            assert s.load(GAME) is None
            assert s.load(SETTINGS) is None
            assert s.load(STATS) is None


def test_capacities():
    small = Store(TearingNVM(256))
    assert small.capacity(GAME) == 64
    assert small.capacity(SETTINGS) == 16
    assert small.capacity(STATS) == 31
    assert small.used_bytes <= 256
    mid = Store(TearingNVM(1024))
    assert mid.capacity(GAME) == 448 and mid.used_bytes <= 1024
    assert Store(TearingNVM(1295)).used_bytes <= 1295
    assert Store(TearingNVM(1296)).capacity(GAME) == 512
    big = Store(TearingNVM(4096))
    assert big.capacity(GAME) == 512
    assert big.capacity(SETTINGS) == 32
    assert big.capacity(STATS) == 87
    assert big.used_bytes <= 4096


def test_too_small_nvm_and_too_big_blob_raise_store_error():
    try:
        Store(TearingNVM(128))
        assert False, "128 bytes accepted"
    except StoreError:
        pass
    s = Store(TearingNVM(256))
    for kind in (GAME, SETTINGS, STATS):
        cap = s.capacity(kind)
        s.save(kind, bytes(cap))  # the largest fits
        try:
            s.save(kind, bytes(cap + 1))
            assert False, "oversized blob accepted"
        except StoreError:
            pass
        assert s.load(kind) == bytes(cap)


def test_round_trip_survives_reload():
    for size in (256, 4096):
        nvm = TearingNVM(size)
        s = Store(nvm)
        for i in range(5):
            g = _blob(i, s.capacity(GAME) - i)
            st = _blob(100 + i, 9 + i)
            se = _blob(200 + i, 3 + i)
            s.save(GAME, g)
            s.save(STATS, st)
            s.save(SETTINGS, se)
            r = Store(nvm)
            assert r.load(GAME) == g
            assert r.load(STATS) == st
            assert r.load(SETTINGS) == se
        s.clear(GAME)
        assert Store(nvm).load(GAME) is None
        assert Store(nvm).load(STATS) == st
        s.erase()
        r = Store(nvm)
        assert r.load(GAME) is None and r.load(SETTINGS) is None and r.load(STATS) is None


def _attempt(nvm, store, kind, data, budget, intended=None):
    """Save with a power cut after ``budget`` bytes; return (expected load, cut).

    A cut write is expected to leave the previous blob, unless the bytes it
    did not get to write already held their new values (then the new write is
    in fact complete, e.g. an unchanged magic byte written last).
    ``intended``: the NVM bytes after an uncut save (computed if None).
    """
    if intended is None:
        full = nvm.copy()
        Store(full).save(kind, data)
        intended = full.data
    before = store.load(kind)
    nvm.budget = budget
    try:
        store.save(kind, data)
        cut = False
    except PowerCut:
        cut = True
    nvm.budget = None
    if not cut or nvm.data == intended:
        return data, cut
    return before, cut


def _cut_everywhere(size, kind, payloads, descending, second_every=1):
    """Save payloads[0], then cut the save of payloads[1] at every byte.

    After each cut, save payloads[2] whole, then cut a save of payloads[1]
    again (for every ``second_every``-th first cut).
    """
    base = TearingNVM(size)
    base.descending = descending
    s = Store(base)
    s.save(SETTINGS, b"\x01\x02")
    s.save(STATS, b"\x07" * 5)
    s.save(kind, payloads[0])
    new = payloads[1]
    newer = payloads[2]
    slot = (s.capacity(GAME) if kind == GAME else s._meta.cap) + 8
    full = base.copy()
    Store(full).save(kind, new)
    uncut = 0
    for k in range(slot + 1):
        nvm = base.copy()
        expect, cut = _attempt(nvm, Store(nvm), kind, new, k, full.data)
        if not cut:
            uncut += 1
        r = Store(nvm)
        assert r.load(kind) == expect, (size, kind, k, descending)
        # the other blobs of the same record never change
        if kind != SETTINGS:
            assert r.load(SETTINGS) == b"\x01\x02"
        if kind != STATS:
            assert r.load(STATS) == b"\x07" * 5
        if k % second_every:
            continue
        # after the cut, a new save works, and cutting that one is safe too
        r.save(kind, newer)
        assert Store(nvm).load(kind) == newer
        expect, cut = _attempt(nvm, r, kind, new, (k * 7) % slot)
        assert cut
        assert Store(nvm).load(kind) == expect
    assert uncut == 1  # only the budget of the whole slot lets the write finish


def test_power_cut_at_every_byte_small_nvm():
    for desc in (False, True):
        _cut_everywhere(256, GAME, (_blob(1, 60), _blob(2, 64), _blob(3, 10)), desc)
        _cut_everywhere(256, STATS, (_blob(4, 31), _blob(5, 20), _blob(6, 31)), desc)
        _cut_everywhere(256, SETTINGS, (_blob(7, 16), _blob(8, 1), _blob(9, 8)), desc)


def test_power_cut_at_every_byte_rp2040_nvm():
    _cut_everywhere(4096, GAME, (_blob(11, 200), _blob(12, 190), _blob(13, 512)), False, 5)
    _cut_everywhere(4096, SETTINGS, (_blob(14, 30), _blob(15, 32), _blob(16, 2)), True, 5)


def test_power_cut_on_identical_payloads():
    # Same payload twice: the sequence number alone must tell slots apart.
    _cut_everywhere(256, GAME, (b"\x00" * 64, b"\x00" * 64, b"\x00" * 64), False)


def test_many_saves_wrap_the_sequence_number():
    nvm = TearingNVM(256)
    s = Store(nvm)
    for i in range(70000 // 256):
        s._game.seq = (s._game.seq + 250) & 0xFFFF  # jump ahead towards the wrap
        g = _blob(i, 1 + i % 60)
        s.save(GAME, g)
        assert Store(nvm).load(GAME) == g


def test_garbage_nvm_never_raises():
    for seed in range(40):
        nvm = TearingNVM(256)
        nvm.data[:] = _blob(seed, 256)
        s = Store(nvm)
        for kind in (GAME, SETTINGS, STATS):
            got = s.load(kind)
            assert got is None or isinstance(got, bytes)
        s.save(GAME, b"ok")
        assert Store(nvm).load(GAME) == b"ok"
