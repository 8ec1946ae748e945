"""The lifetime statistics' blob (``persist.Stats``), packed and read here,
in a module loaded only to save or load them: on stock CircuitPython its
code would otherwise hold heap through every game.

Version 1, big-endian uint16s after the version byte: games and wins
against each AI level (easy, medium, hard), two-player games, the dice
counts of 1..6 and the doubles (29 bytes: MINIGAM's); then, once they have
any, Backgammon's games and wins per level and two-player games (14
bytes), then Long Nardy's (14). A PyBadge's 31 bytes hold MINIGAM's.
"""

from minigam.compat import const

_VER = const(1)
_SIZE = const(29)  # MINIGAM's games and the dice
_MORE = const(14)  # then Backgammon's games, then Long Nardy's


def _values(st):
    """The 16-bit fields in the blob's order."""
    v = []
    for k in range(9):
        v.append(st.games[k])
        v.append(st.wins[k])
        if k % 3 == 2:
            v.append(st.two_player[k // 3])
            if k == 2:
                v.extend(st.counts[1:])
                v.append(st.doubles)
    return v


def pack(st):
    vals = _values(st)
    n = len(vals) * 2 + 1
    while n > _SIZE and not max(vals[(n - _MORE) // 2:]):
        n -= _MORE
    out = bytearray(n)
    out[0] = _VER
    for k in range(n // 2):
        v = min(vals[k], 0xFFFF)
        out[1 + 2 * k] = v >> 8
        out[2 + 2 * k] = v & 255
    return bytes(out)


def unpack(st, data):
    """Fill ``st`` from ``data``; False (``st`` kept) when it is not a
    valid blob."""
    if not data or len(data) not in (_SIZE, _SIZE + _MORE, _SIZE + 2 * _MORE) \
            or data[0] != _VER:
        return False
    v = [(data[1 + 2 * k] << 8) | data[2 + 2 * k]
         for k in range(len(data) // 2)] + [0] * 14
    st.games = v[0:6:2] + v[14:20:2] + v[21:27:2]
    st.wins = v[1:6:2] + v[15:20:2] + v[22:27:2]
    st.two_player = [v[6], v[20], v[27]]
    st.counts = [0] + v[7:13]
    st.doubles = v[13]
    return True
