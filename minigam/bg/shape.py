"""What a backgammon position's counts say badly to a small network: shots,
primes, contact, escapes, containment (the network's feature rows,
``minigam.bg.eval``).

``features(pos, out)`` fills ``out[0..12]`` with the feature rows of
``pos`` from the view of its side to move ``T`` (side 0 = ``T``, 1 = the
other), as row numbers from the first feature row (``N_FEAT`` rows in 13
one-hot groups, exactly one row on in each):

* ``shot_bin(shots(s))`` for side 0, then ``9 +`` for side 1: the rolls
  of 36 on which the other side hits at least one of ``s``'s blots, binned
  0, 1-2, 3-5, 6-8, ... 18-20, 21+ (bins 0..8);
* ``18 + prime(0)``, ``25 + prime(1)``: the longest run of points (two or
  more checkers) a side holds, 0 to 6 or more;
* ``32 + contact``: 1 while a checker of one side still has one of the
  other ahead of it;
* from row 34 for side 0 and 76 for side 1 (``side_rows``): the escapes of
  its rearmost checker (the rolls of 36 that take it past the last point
  the other side holds ahead of it, an anchor in its home board included,
  landing on open points; ``// 4``, 10 rows), its containment (the fewest
  escapes of a checker anywhere from its rearmost index on; 10 rows), its
  rearmost index (``// 3``, 9 rows) and the pips it needs to bring every
  checker past the other side's rearmost one (``(n + 4) // 5``, 13 rows).

A shot is direct (a die of the distance, entering from the bar included)
or a combination over open points: two dice whose first landing point is
not held by two or more of the blot's side, or a double whose every
intermediate landing is open, up to four steps. The rule that a checker
may not leave the bar or move while another is on the bar is not modelled.

This is the reference for the native twin ``minigam.core.native.bg_shape``
(the MINIGAM firmware's) and agrees with the training tool's
``minigam.host.aitools.bg.features`` (tests compare all three). A roll is
a bit of a 21-bit mask, bit ``_START[a] + b - a`` for ``a <= b``, so no
allocation happens per position.
"""

from minigam.bg import rules as R
from minigam.compat import const

N_FEAT = const(118)  # rows: 9 + 9 shot bins, 7 + 7 primes, 2 contact,
#                        then 42 a side: escapes, containment, back, break
K_FEAT = const(13)  # rows on in every position
_SIDE = const(42)  # a side's rows in the second part
_BLOCK = const(26)
_TURN = const(52)
# First bit of the rolls a-b (b >= a) for a = 1..6 (index 0 unused).
_START = (0, 0, 6, 11, 15, 18, 20)
_DOUBLES = const(0x148841)  # bits of 1-1, 2-2, ... 6-6: 0, 6, 11, 15, 18, 20


def _direct(d):
    """Mask of the rolls with a die of ``d`` (1..6)."""
    m = 0
    for a in range(1, 7):
        lo = a if a < d else d
        hi = a + d - lo
        m |= 1 << (_START[lo] + hi - lo)
    return m


_DIRECT = tuple(_direct(d) if d else 0 for d in range(7))


def shots(pos, m):
    """Rolls of 36 on which the side of block ``m`` (0 or 26) is hit: the
    other side's checker ``d`` pips behind one of its blots (in its own
    view, index ``25 - t`` faces this side's ``t``) hits with ``d``
    directly, or in steps landing on open points."""
    o = _BLOCK - m
    mask = 0
    for t in range(1, 25):
        if pos[m + t] != 1:
            continue
        tj = 25 - t  # the blot in the other side's view
        for j in range(tj):
            if not pos[o + j]:
                continue
            d = tj - j
            if d <= 6:
                mask |= _DIRECT[d]
            a = d - 6 if d > 6 else 1  # combinations a + b, a < b <= 6
            while 2 * a < d:
                bit = 1 << (_START[a] + d - 2 * a)
                if (not mask & bit and (pos[m + 25 - j - a] < 2
                                        or pos[m + 25 - j - d + a] < 2)):
                    mask |= bit
                a += 1
            for a in range(1, 7):  # doubles of 2..4 steps
                k = d // a
                bit = 1 << _START[a]
                if k < 2 or k > 4 or k * a != d or mask & bit:
                    continue
                s = a
                while s < d and pos[m + 25 - j - s] < 2:
                    s += a
                if s == d:
                    mask |= bit
    n = 0
    dbl = _DOUBLES
    while mask:  # a double is one roll of 36, the others two
        if mask & 1:
            n += 1 if dbl & 1 else 2
        mask >>= 1
        dbl >>= 1
    return n


def shot_bin(n):
    """The bin of ``n`` shots: 0, 1-2, 3-5, ... 18-20, 21+ -> 0..8."""
    if n < 3:
        return 1 if n else 0
    n = n // 3 + 1
    return n if n < 8 else 8


def prime(pos, m):
    """The longest run of points (indices 1..24) the side of block ``m``
    holds, at most 6."""
    best = 0
    run = 0
    for i in range(m + 1, m + 25):
        if pos[i] >= 2:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return best if best < 6 else 6


def contact(pos):
    """True while a checker of one side has one of the other ahead."""
    return R.lowest(pos, 0) + R.lowest(pos, _BLOCK) < R.OFF


def escapes(pos, m, i, k):
    """Rolls of 36 that take a checker of the side of block ``m`` at its
    index ``i`` past its index ``k`` (the last point the other side holds
    ahead of it), landing only on points the other side does not hold."""
    o = _BLOCK - m + 25  # + 25 - x: the other side's count at index x
    n = 0
    for a in range(1, 7):
        if i + a > k:  # any roll with a die this big
            n += 13 - 2 * a
            continue
        for b in range(a, 7):
            if a == b:
                s = i + a
                for _ in range(3):
                    if pos[o - s] >= 2:
                        break
                    s += a
                    if s > k:
                        n += 1
                        break
            elif i + b > k or (i + a + b > k and (pos[o - i - a] < 2
                                                  or pos[o - i - b] < 2)):
                n += 2
    return n


def _last_block(pos, m):
    """The highest index of block ``m``'s path the other side holds (0:
    none)."""
    o = _BLOCK - m + 25
    k = 24
    while k and pos[o - k] < 2:
        k -= 1
    return k


def side_rows(pos, m, out, c, r):
    """The side of block ``m``'s rows of the second part into ``out[c:c +
    4]``, its part starting at row ``r``: its rearmost checker's escapes,
    its containment (the fewest escapes of a checker anywhere from there
    on, the bar left out), its rearmost index, and the pips it needs to
    break contact."""
    back = R.lowest(pos, m)
    k = _last_block(pos, m)
    e_back = 36
    least = 36
    i = back
    while i < k:  # past the last block every roll escapes
        e = escapes(pos, m, i, k)
        if i == back:
            e_back = e
        if i and e < least:
            least = e
            if not e:
                break
        i += 1
    out[c] = r + (e_back >> 2 if e_back < 36 else 9)
    out[c + 1] = r + 10 + (least >> 2 if least < 36 else 9)
    out[c + 2] = r + 20 + (back // 3 if back < 24 else 8)
    lim = 25 - R.lowest(pos, _BLOCK - m)
    n = 0
    for i in range(lim):
        n += pos[m + i] * (lim - i)
    n = (n + 4) // 5
    out[c + 3] = r + 29 + (n if n < 12 else 12)


def features(pos, out):
    """``out[0..12]``: the feature rows of ``pos`` (see the module)."""
    m = 0 if pos[_TURN] == 1 else _BLOCK
    o = _BLOCK - m
    out[0] = shot_bin(shots(pos, m))
    out[1] = 9 + shot_bin(shots(pos, o))
    out[2] = 18 + prime(pos, m)
    out[3] = 25 + prime(pos, o)
    out[4] = 33 if contact(pos) else 32
    side_rows(pos, m, out, 5, 34)
    side_rows(pos, o, out, 9, 34 + _SIDE)
    return out
