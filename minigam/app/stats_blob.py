"""The lifetime statistics' blob (``persist.Stats``), packed and read here,
in a module loaded only to save or load them: on stock CircuitPython its
code would otherwise hold heap through every game.

Version 2, big-endian uint16s (saturating) after the version byte, a
section a game type, each only as far as a later one has any count:

* MINIGAM's, 40 bytes: games and wins against each AI level (easy,
  medium, hard), two-player games, the dice counts of 1..6 and the
  doubles, then matches played and won against each level;
* Backgammon's, 30: games and wins a level, two-player games, matches
  played and won a level, the points won and lost in money sessions
  against the AI;
* Long Nardy's, 26: games and wins a level, two-player games, matches.

So the blob is 41, 71 or 97 bytes (the NVM store keeps 41 on a PyBadge's
256 bytes, which plays MINIGAM alone). Version 1 (29, 43 or 57 bytes:
the same without the matches and the money) still loads, its matches at
0; anything else does not load (``unpack`` says so, ``st`` is kept).
"""

from minigam.compat import const

_VER = const(2)
_SIZES = (41, 71, 97)  # version 2: MINIGAM's, then Backgammon's, Nardy's
_OLD = (29, 43, 57)  # version 1's


def _fields(k, old=False):
    """The blob's fields of game type ``k`` in order, as ``(list name,
    index)``: its section of version 2 (``old``: of version 1)."""
    f = []
    for lv in range(3):
        f.append(("games", 3 * k + lv))
        f.append(("wins", 3 * k + lv))
    f.append(("two_player", k))
    if not k:
        for v in range(1, 7):
            f.append(("counts", v))
        f.append(("doubles", 0))
    if not old:  # (``Stats.records``)
        for lv in range(3):
            f.append(("records", 3 * k + lv))
            f.append(("records", 9 + 3 * k + lv))
        if k == 1:
            f.append(("records", 18))
            f.append(("records", 19))
    return f


def _get(st, name, i):
    return st.doubles if name == "doubles" else getattr(st, name)[i]


def pack(st):
    """The blob of ``st``: its sections as far as there are counts."""
    vals = []
    for k in range(3):
        vals.append([_get(st, n, i) for n, i in _fields(k)])
    n = 3
    while n > 1 and not max(vals[n - 1]):
        n -= 1
    out = bytearray(_SIZES[n - 1])
    out[0] = _VER
    at = 1
    for k in range(n):
        for v in vals[k]:
            v = min(v, 0xFFFF)
            out[at] = v >> 8
            out[at + 1] = v & 255
            at += 2
    return bytes(out)


def unpack(st, data):
    """Fill ``st`` from ``data`` (version 2, or 1); False (``st`` kept)
    when it is not a valid blob."""
    if not data:
        return False
    n = len(data)
    old = data[0] == 1
    sizes = _OLD if old else _SIZES
    if data[0] not in (1, _VER) or n not in sizes:
        return False
    st.__init__()  # (what the blob leaves out counts 0)
    at = 1
    for k in range(sizes.index(n) + 1):
        for name, i in _fields(k, old):
            v = (data[at] << 8) | data[at + 1]
            at += 2
            if name == "doubles":
                st.doubles = v
            else:
                getattr(st, name)[i] = v
    return True
