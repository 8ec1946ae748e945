"""The evaluator's hot loops as native code (viper), for the MINIGAM firmware.

``minigam.ai_eval`` spends nearly all of an AI decision adding rows of the
first layer and in the second layer's multiply-adds. Compiled to Thumb
code these run many times faster than bytecode, with the same integer
results. Only the MINIGAM firmware has the native emitter (its overlay
turns it on and freezes this module compiled for ARMv6-M); stock
CircuitPython, the MicroPython VM and CPython cannot compile it, so
``deploy`` leaves it out and ``ai_eval`` falls back to its own loops.

Viper reads ``ptr16`` as unsigned: int16 tables are sign-extended here.
"""

import sys

if sys.implementation.name not in ("circuitpython", "micropython"):
    # CPython: Blinka's micropython module has no-op decorators and no ptr
    # types; the plain loops are the reference anyway.
    raise ImportError("native code runs on the board only")

import micropython  # noqa: E402


@micropython.viper
def hidden(nt, acc: ptr32, base, full: int, root: ptr8, res: ptr8):
    """``acc`` = the hidden sums of position ``res``: ``base`` (the sums of
    position ``root``, an int32 array) plus or minus the first-layer rows
    of the thermometer bits where ``res`` differs from ``root``, seen by
    ``res``'s side to move. With ``full`` set, ``base`` is ignored and the
    sums start from the biases (``root`` then holds zero counts).

    The layout comes from the net: ``nt.NC`` places a side (Player 1's at
    bytes ``0 .. NC - 1``, Player 2's next), ``nt.BPC`` thermometer rows a
    place (a count above ``BPC`` adds the place's last row once more for
    each checker past it), the player to move (1 or 2) at byte ``nt.TURN``;
    the side to move's rows first. MINIGAM: 8, 8, 16 (``minigam.ai_eval``:
    8 checkers, so no count passes its rows); backgammon: 26, 8, 52
    (``minigam.bg.eval``)."""
    n1 = int(nt.H)
    nc = int(nt.NC)
    bpc = int(nt.BPC)
    sb = nc * bpc  # the other side's first bit
    w = ptr8(nt.W1)
    xat = ptr16(nt.XAT)
    xh = ptr8(nt.XH)
    xd = ptr16(nt.XD)
    if full:
        b1 = ptr16(nt.B1)
        for h in range(n1):
            v = int(b1[h])
            if v & 0x8000:
                v -= 0x10000
            acc[h] = v
    else:
        bs = ptr32(base)
        for h in range(n1):
            acc[h] = bs[h]
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
            lo = a
            hi = b
        else:
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
        lo += fb
        hi += fb
        i = lo * n1
        end = hi * n1
        if b > a:
            while i < end:
                for h in range(n1):
                    acc[h] += w[i + h]
                i += n1
        else:
            while i < end:
                for h in range(n1):
                    acc[h] -= w[i + h]
                i += n1
        for x in range(int(xat[lo]), int(xat[hi])):
            d = int(xd[x])
            if d & 0x8000:
                d -= 0x10000
            if b > a:
                acc[xh[x]] += d
            else:
                acc[xh[x]] -= d
        if extra:
            r = fb + bpc - 1
            i = r * n1
            while extra > 0:
                for h in range(n1):
                    if b > a:
                        acc[h] += w[i + h]
                    else:
                        acc[h] -= w[i + h]
                for x in range(int(xat[r]), int(xat[r + 1])):
                    d = int(xd[x])
                    if d & 0x8000:
                        d -= 0x10000
                    if b > a:
                        acc[xh[x]] += d
                    else:
                        acc[xh[x]] -= d
                extra -= 1


@micropython.viper
def output(nt, acc: ptr32) -> int:
    """The network output ``z`` for hidden sums ``acc`` (as
    ``ai_eval.output``)."""
    n1 = int(nt.H)
    n2 = int(nt.H2)
    w2 = ptr16(nt.W2)
    b2 = ptr32(nt.B2)
    w3 = ptr16(nt.W3)
    nzi = ptr32(nt.nzi)
    nzv = ptr32(nt.nzv)
    q = 256  # ai_eval.Q
    z = int(nt.B3)
    if n2 == 0:
        for h in range(n1):
            a = acc[h]
            if a > 0:
                if a > q:
                    a = q
                v = int(w3[h])
                if v & 0x8000:
                    v -= 0x10000
                z += v * a
        return z
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
            s //= 256  # ai_eval.S
            if s > q:
                s = q
            v = int(w3[j])
            if v & 0x8000:
                v -= 0x10000
            z += v * s
    return z


@micropython.viper
def outputs(nt, acc: ptr32):
    """Fill ``nt.ZO`` (int32, ``nt.NO`` of them) with the outputs of a net
    of several (``minigam.bg.eval.outputs``): ``W3`` holds ``NO`` rows of
    ``H2`` weights (``H`` when ``H2`` is 0), ``B3`` an int32 bias each."""
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
