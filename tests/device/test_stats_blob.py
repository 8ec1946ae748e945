"""The lifetime statistics' blob (``minigam.app.stats_blob``), version 2:
matches won and played per game type and AI level, Backgammon's money
won and lost, read back whole; version 1 blobs still load (matches at 0);
anything else loads as nothing, never raising; every size fits the NVM
store of every board."""

from minigam.app.persist import Stats
from minigam.hw.store import STATS, Store


class Flash:
    """An erased NVM of ``n`` bytes."""

    def __init__(self, n):
        self.b = bytearray(b"\xff" * n)

    def __len__(self):
        return len(self.b)

    def __getitem__(self, k):
        return self.b[k]

    def __setitem__(self, k, v):
        self.b[k] = v


def _full(n):
    """Stats with every count distinct and nonzero as far as game type
    ``n`` (0 MINIGAM .. 2 Long Nardy)."""
    st = Stats()
    v = 1
    for k in range(3 * (n + 1)):
        st.games[k] = v
        st.wins[k] = v + 1
        st.records[k] = v + 2  # matches played
        st.records[9 + k] = v + 3  # and won
        v += 4
    for g in range(n + 1):
        st.two_player[g] = 100 + g
    for f in range(1, 7):
        st.counts[f] = 200 + f
    st.doubles = 300
    if n >= 1:
        st.records[18:] = [400, 401]  # money won, lost
    return st


def _same(a, b):
    for name in ("games", "wins", "records", "two_player", "counts"):
        assert getattr(a, name) == getattr(b, name), name
    assert a.doubles == b.doubles


def test_every_count_reads_back_at_each_size():
    for n, size in ((0, 41), (1, 71), (2, 97)):
        st = _full(n)
        data = st.to_bytes()
        assert len(data) == size and data[0] == 2
        back = Stats()
        assert back.load(data)
        _same(back, st)
        assert back.to_bytes() == data


def test_a_later_game_keeps_the_earlier_sections():
    st = Stats()
    st.records[0] = 2  # MINIGAM's matches against Easy
    st.records[9] = 1
    assert len(st.to_bytes()) == 41  # MINIGAM's matches: still its own
    st.records[19] = 5  # Backgammon's money lost alone makes its section
    assert len(st.to_bytes()) == 71
    st.records[8] = 1  # a Long Nardy match against Hard
    data = st.to_bytes()
    assert len(data) == 97
    back = Stats()
    assert back.load(data)
    assert back.records == [2] + [0] * 7 + [1, 1] + [0] * 9 + [5]


def test_counts_saturate_at_16_bits():
    st = _full(2)
    st.records[18] = 70000
    st.records[4] = 1 << 20
    back = Stats()
    assert back.load(st.to_bytes())
    assert back.records[18] == 0xFFFF and back.records[4] == 0xFFFF


def _v1(games, wins, two, counts, doubles, n):
    """A version 1 blob of game types 0..``n``."""
    vals = []
    for g in range(n + 1):
        for lv in range(3):
            vals += [games[3 * g + lv], wins[3 * g + lv]]
        vals.append(two[g])
        if g == 0:
            vals += counts + [doubles]
    out = bytearray([1])
    for v in vals:
        out += bytes((v >> 8, v & 255))
    return bytes(out)


def test_a_version_1_blob_loads_with_no_matches():
    games = [10, 20, 300, 4, 5, 6, 7, 8, 9]
    wins = [1, 2, 3, 2, 3, 4, 5, 6, 7]
    for n, size in ((0, 29), (1, 43), (2, 57)):
        old = _v1(games, wins, [11, 12, 13], [1, 2, 3, 4, 5, 600], 77, n)
        assert len(old) == size
        st = Stats()
        st.records[0] = 9  # (what a load replaces)
        assert st.load(old)
        k = 3 * (n + 1)
        assert st.games == games[:k] + [0] * (9 - k)
        assert st.wins == wins[:k] + [0] * (9 - k)
        assert st.two_player == [11, 12, 13][:n + 1] + [0] * (2 - n)
        assert st.counts == [0, 1, 2, 3, 4, 5, 600] and st.doubles == 77
        assert st.records == [0] * 20
        # and it is saved as version 2 from then on
        assert st.to_bytes()[0] == 2


def test_anything_else_loads_as_nothing_and_keeps_the_counts():
    good = _full(2).to_bytes()
    for data in (None, b"", b"\x02", good[:40], good[:42], good + b"\x00",
                 b"\x03" + good[1:], b"\x01" + good[1:], b"\x00" * 41,
                 b"\x02" + b"\xff" * 39, bytes(range(200))):
        keep = _full(2)
        assert not keep.load(data), data
        _same(keep, _full(2))


def test_random_bytes_never_raise():
    """Random bytes of every length up to 119, their first byte often a
    version it knows: each loads (a blob of a right size) or not, the
    counts then kept."""
    seed = 12345
    for n in range(120):
        b = bytearray(n)
        for i in range(n):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            b[i] = seed >> 16 & 255
        if n:
            b[0] = 1 + n % 2
        keep = _full(2)
        if keep.load(bytes(b)):
            assert n in ((29, 43, 57) if b[0] == 1 else (41, 71, 97))
            assert max(keep.games + keep.records) <= 0xFFFF
        else:
            _same(keep, _full(2))


def test_every_size_fits_the_store_of_every_board():
    for nvm in (256, 4096, 8192):
        s = Store(Flash(nvm))
        for n in (0, 1, 2):
            data = _full(n).to_bytes()
            if nvm == 256 and n:
                continue  # (a PyBadge plays MINIGAM alone)
            assert len(data) <= s.capacity(STATS), (nvm, n)
            s.save(STATS, data)
            assert Store(s.nvm).load(STATS) == data
