"""The evaluator's hot loops as native code (viper), for the MINIGAM firmware.

``minigam.quarter.eval`` spends nearly all of an AI decision adding rows of the
first layer and in the second layer's multiply-adds. Compiled to Thumb
code these run many times faster than bytecode, with the same integer
results. Only the MINIGAM firmware has the native emitter (its overlay
turns it on and freezes this module compiled for ARMv6-M); stock
CircuitPython, the MicroPython VM and CPython cannot compile it, so
``deploy`` leaves it out and ``minigam.quarter.eval`` falls back to its
own loops.

Viper reads ``ptr16`` as unsigned: int16 tables are sign-extended here.
"""

import sys

if sys.implementation.name not in ("circuitpython", "micropython"):
    # CPython: Blinka's micropython module has no-op decorators and no ptr
    # types; the plain loops are the reference anyway.
    raise ImportError("native code runs on the board only")

import micropython  # noqa: E402
from micropython import const  # noqa: E402


# Rows waiting to be added and taken off in one pass over the sums: byte
# offsets into W1, _BATCH of each at most (a 16-bit lane holds 257 x 255).
_BATCH = const(32)
_ADDS = bytearray(4 * _BATCH)
_SUBS = bytearray(4 * _BATCH)
_FIXES = bytearray(8 * _BATCH)  # rows with corrections: r, or -1 - r off


@micropython.viper
def _rows(w1, acc, src, na: int, ns: int, n1: int):
    """``acc`` = ``src`` plus the rows at byte offsets ``_ADDS[0 .. na - 1]``
    of ``w1`` less those at ``_SUBS[0 .. ns - 1]`` (rows of ``n1``
    unsigned bytes; ``src`` may be ``acc``).

    One pass over the sums for all the rows, where a row at a time made
    one a row. With ``w1`` and ``n1`` word-aligned it reads four bytes a
    load and sums them in two 16-bit lanes (bytes 0 and 2, 1 and 3): 32
    rows of 255 still fit a lane, so no lane carries into the next."""
    a = ptr32(acc)
    s = ptr32(src)
    ad = ptr32(_ADDS)
    sb = ptr32(_SUBS)
    if (int(ptr8(w1)) & 3) == 0 and (n1 & 3) == 0:
        w = ptr32(w1)
        for t in range(na):
            ad[t] = ad[t] >> 2
        for t in range(ns):
            sb[t] = sb[t] >> 2
        h = 0
        for q in range(n1 >> 2):
            e = 0
            d = 0
            for t in range(na):
                v = w[ad[t] + q]
                e += v & 0xFF00FF
                d += (v >> 8) & 0xFF00FF
            f = 0
            g = 0
            for t in range(ns):
                v = w[sb[t] + q]
                f += v & 0xFF00FF
                g += (v >> 8) & 0xFF00FF
            a[h] = s[h] + (e & 0xFFFF) - (f & 0xFFFF)
            a[h + 1] = s[h + 1] + (d & 0xFFFF) - (g & 0xFFFF)
            a[h + 2] = s[h + 2] + (e >> 16) - (f >> 16)
            a[h + 3] = s[h + 3] + (d >> 16) - (g >> 16)
            h += 4
        return
    b = ptr8(w1)
    for h in range(n1):
        x = s[h]
        for t in range(na):
            x += b[ad[t] + h]
        for t in range(ns):
            x -= b[sb[t] + h]
        a[h] = x


@micropython.viper
def _fix_rows(nt, acc, nf: int):
    """Apply to ``acc`` the sparse corrections (``XD`` at ``XH``) of the
    rows ``_FIXES[0 .. nf - 1]`` (``r`` added, ``-1 - r`` taken off)."""
    ac = ptr32(acc)
    fx = ptr32(_FIXES)
    xat = ptr16(nt.XAT)
    xh = ptr8(nt.XH)
    xd = ptr16(nt.XD)
    for k in range(nf):
        row = fx[k]
        neg = 0
        if row < 0:
            row = -1 - row
            neg = 1
        for x in range(int(xat[row]), int(xat[row + 1])):
            d = int(xd[x])
            if d & 0x8000:
                d -= 0x10000
            if neg:
                ac[xh[x]] -= d
            else:
                ac[xh[x]] += d


@micropython.viper
def hidden(nt, acc, base, full: int, root: ptr8, res: ptr8):
    """``acc`` = the hidden sums of position ``res``: ``base`` (the sums of
    position ``root``, an int32 array) plus or minus the first-layer rows
    of the thermometer bits where ``res`` differs from ``root``, seen by
    ``res``'s side to move. With ``full`` set, ``base`` is ignored and the
    sums start from the biases (``root`` then holds zero counts).

    The layout comes from the net: ``nt.NC`` places a side (Player 1's at
    bytes ``0 .. NC - 1``, Player 2's next), ``nt.BPC`` thermometer rows a
    place (a count above ``BPC`` adds the place's last row once more for
    each checker past it), the player to move (1 or 2) at byte ``nt.TURN``;
    the side to move's rows first. MINIGAM: 8, 8, 16 (``minigam.quarter.eval``:
    8 checkers, so no count passes its rows); backgammon: 26, 8, 52
    (``minigam.bg.eval``). Rows are gathered into batches for ``_rows``."""
    n1 = int(nt.H)
    nc = int(nt.NC)
    bpc = int(nt.BPC)
    sb = nc * bpc  # the other side's first bit
    w1 = nt.W1
    ac = ptr32(acc)
    xat = ptr16(nt.XAT)
    src = base  # the sums the first pass starts from
    if full:
        b1 = ptr16(nt.B1)
        for h in range(n1):
            v = int(b1[h])
            if v & 0x8000:
                v -= 0x10000
            ac[h] = v
        src = acc
    adds = ptr32(_ADDS)
    subs = ptr32(_SUBS)
    fx = ptr32(_FIXES)
    na = 0
    ns = 0
    nf = 0
    t = 0 if int(res[int(nt.TURN)]) == 1 else nc
    for j in range(2 * nc):
        a = int(root[j])
        b = int(res[j])
        if a == b:
            continue
        if j < nc:
            fb = j * bpc
            side = 0
        else:
            fb = (j - nc) * bpc
            side = nc
        if side != t:
            fb += sb
        if b > a:
            neg = 0
            lo = a
            hi = b
        else:
            neg = 1
            lo = b
            hi = a
        # counts from bpc up add the place's last row again (rows stop there)
        extra = 0
        if hi > bpc:
            if lo > bpc:
                extra = hi - lo
                lo = bpc  # (the empty run's ends stay inside the tables)
            else:
                extra = hi - bpc
            hi = bpc
        r = fb + lo
        end = fb + hi
        last = fb + bpc - 1
        while r < end or extra > 0:
            if r < end:
                row = r
                r += 1
            else:
                row = last
                extra -= 1
            if int(xat[row]) != int(xat[row + 1]):
                fx[nf] = -1 - row if neg else row
                nf += 1
            if neg:
                subs[ns] = row * n1
                ns += 1
            else:
                adds[na] = row * n1
                na += 1
            if na == _BATCH or ns == _BATCH or nf == 2 * _BATCH:
                _rows(w1, acc, src, na, ns, n1)
                if nf:
                    _fix_rows(nt, acc, nf)
                src = acc
                na = 0
                ns = 0
                nf = 0
    _rows(w1, acc, src, na, ns, n1)
    if nf:  # (no call when no changed row has corrections)
        _fix_rows(nt, acc, nf)

@micropython.viper
def outputs(nt, acc: ptr32):
    """Fill ``nt.ZO`` (int32, ``nt.NO`` of them) with a net's outputs
    (``minigam.core.net24.outputs``; MINIGAM's one output, as
    ``minigam.quarter.eval.output``): ``W3`` holds ``NO`` rows of ``H2``
    weights (``H`` when ``H2`` is 0), ``B3`` an int32 bias each."""
    n1 = int(nt.H)
    n2 = int(nt.H2)
    no = int(nt.NO)
    w3 = ptr16(nt.W3)
    b3 = ptr32(nt.B3)
    zo = ptr32(nt.ZO)
    q = 256
    for o in range(no):
        zo[o] = b3[o]
    if n2 == 0:
        for h in range(n1):
            a = acc[h]
            if a > 0:
                if a > q:
                    a = q
                r = h
                for o in range(no):
                    v = int(w3[r])
                    if v & 0x8000:
                        v -= 0x10000
                    zo[o] += v * a
                    r += n1
        return
    w2 = ptr16(nt.W2)
    b2 = ptr32(nt.B2)
    nzi = ptr32(nt.nzi)
    nzv = ptr32(nt.nzv)
    n = 0
    for h in range(n1):
        a = acc[h]
        if a > 0:
            nzi[n] = h
            nzv[n] = a if a < q else q
            n += 1
    r = 0
    for j in range(n2):
        s = b2[j]
        for i in range(n):
            v = int(w2[r + nzi[i]])
            if v & 0x8000:
                v -= 0x10000
            s += v * nzv[i]
        r += n1
        if s > 0:
            s //= 256
            if s > q:
                s = q
            k = j
            for o in range(no):
                v = int(w3[k])
                if v & 0x8000:
                    v -= 0x10000
                zo[o] += v * s
                k += n2


_ROLL_START = b"\x00\x00\x06\x0b\x0f\x12\x14"  # minigam.bg.shape._START


@micropython.viper
def bg_shape(pos: ptr8, out: ptr8):
    """``out[0..12]`` = the feature rows of backgammon position ``pos``,
    exactly as ``minigam.bg.shape.features`` (its reference: shots binned,
    primes, contact, then each side's escapes, containment, rearmost index
    and pips to break contact; a roll is a bit of a 21-bit mask)."""
    st = ptr8(_ROLL_START)
    m = 0 if int(pos[52]) == 1 else 26
    for side in range(2):
        o = 26 - m
        mask = 0
        for t in range(1, 25):
            if int(pos[m + t]) != 1:
                continue
            tj = 25 - t
            for j in range(tj):
                if int(pos[o + j]) == 0:
                    continue
                d = tj - j
                if d <= 6:
                    for a in range(1, 7):
                        lo = a if a < d else d
                        mask |= 1 << (int(st[lo]) + a + d - 2 * lo)
                a = d - 6 if d > 6 else 1
                while 2 * a < d:
                    bit = 1 << (int(st[a]) + d - 2 * a)
                    if (mask & bit) == 0 and (
                            int(pos[m + 25 - j - a]) < 2
                            or int(pos[m + 25 - j - d + a]) < 2):
                        mask |= bit
                    a += 1
                for a in range(1, 7):
                    bit = 1 << int(st[a])
                    if (mask & bit) != 0:
                        continue
                    if d != 2 * a and d != 3 * a and d != 4 * a:
                        continue
                    s = a
                    while s < d and int(pos[m + 25 - j - s]) < 2:
                        s += a
                    if s == d:
                        mask |= bit
        n = 0
        dbl = 0x148841
        while mask != 0:
            if mask & 1:
                n += 1 if (dbl & 1) != 0 else 2
            mask >>= 1
            dbl >>= 1
        b = 0
        if n > 0:
            b = 1
            lim = 3
            while n >= lim and b < 8:
                b += 1
                lim += 3
        out[side] = 9 * side + b
        best = 0
        run = 0
        for i in range(m + 1, m + 25):
            if int(pos[i]) >= 2:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
        if best > 6:
            best = 6
        out[2 + side] = 18 + 7 * side + best
        m = o
    low = 0
    for side in range(2):
        i = 0
        while i < 25 and int(pos[26 * side + i]) == 0:
            i += 1
        low += i
    out[4] = 33 if low < 25 else 32
    # each side's escapes, containment, rearmost index, pips to break
    # contact (shape.side_rows)
    for side in range(2):
        o = 26 - m
        ob = o + 25  # pos[ob - x]: the other side's count at index x
        back = 0
        while back < 25 and int(pos[m + back]) == 0:
            back += 1
        k = 24
        while k > 0 and int(pos[ob - k]) < 2:
            k -= 1
        e_back = 36
        best = 36
        i = back
        while i < k:
            n = 0
            for a in range(1, 7):
                if i + a > k:
                    n += 13 - 2 * a
                    continue
                for b in range(a, 7):
                    if a == b:
                        s = i + a
                        for t in range(3):
                            if int(pos[ob - s]) >= 2:
                                break
                            s += a
                            if s > k:
                                n += 1
                                break
                    elif i + b > k or (i + a + b > k and (
                            int(pos[ob - i - a]) < 2
                            or int(pos[ob - i - b]) < 2)):
                        n += 2
            if i == back:
                e_back = n
            if i > 0 and n < best:
                best = n
            if best == 0:
                break
            i += 1
        c = 5 + 4 * side
        base = 34 + 42 * side
        out[c] = base + (e_back >> 2 if e_back < 36 else 9)
        out[c + 1] = base + 10 + (best >> 2 if best < 36 else 9)
        q = 0
        x = back
        while x >= 3 and q < 8:
            x -= 3
            q += 1
        out[c + 2] = base + 20 + q
        lo = 0
        while lo < 25 and int(pos[o + lo]) == 0:
            lo += 1
        lim = 25 - lo
        n = 0
        for i in range(lim):
            n += int(pos[m + i]) * (lim - i)
        q = 0
        x = n + 4
        while x >= 5 and q < 12:
            x -= 5
            q += 1
        out[c + 3] = base + 29 + q
        m = o


@micropython.viper
def add_rows(nt, acc, rows: ptr8, n: int, first: int):
    """Add to ``acc`` the first-layer rows ``first + rows[k]`` (``k`` <
    ``n``) of ``nt`` (its bytes ``W1`` and corrections, as ``hidden``)."""
    n1 = int(nt.H)
    w1 = nt.W1
    ac = ptr32(acc)
    xat = ptr16(nt.XAT)
    xh = ptr8(nt.XH)
    xd = ptr16(nt.XD)
    adds = ptr32(_ADDS)
    m = 0
    for k in range(n):
        r = first + int(rows[k])
        for x in range(int(xat[r]), int(xat[r + 1])):
            d = int(xd[x])
            if d & 0x8000:
                d -= 0x10000
            ac[xh[x]] += d
        adds[m] = r * n1
        m += 1
        if m == _BATCH:
            _rows(w1, acc, acc, m, 0, n1)
            m = 0
    if m:
        _rows(w1, acc, acc, m, 0, n1)
