"""Read an AI network from a weights file (``minigam/quarter/weights.bin``,
``weights_fe.bin``) into buffers allocated once: what ``minigam.quarter.eval``
uses when the weights modules are not there (stock CircuitPython, where
``deploy`` ships these files instead; ``minigam.host.aitools.quarter.weights_bin`` writes
them from the modules). ``minigam.quarter.eval`` imports this module only to read a file
and unloads it after. It hands itself in (``ev``: its scales, its ``Net``,
its room ``ROOM`` and where it lives), so this module imports nothing of
it.

The weights file, version 1, all little-endian:

* a header of 10 int32: the magic ``0x574E474D`` (the bytes ``MGNW``), the
  version 1, ``H``, ``H2``, ``NX`` (the number of W1 corrections),
  ``W1O``, ``Q``, ``S``, ``ZS``, ``B3``;
* the tables of the weights module (see its docstring), in this order:
  ``W1`` (128 * H unsigned bytes), ``W1X_AT`` (129 uint16), ``W1X_H`` (NX
  unsigned bytes), ``W1X_D`` (NX int16), ``B1`` (H int16), ``W2`` (H2 * H
  int16), ``B2`` (H2 int32), ``W3`` (H2 int16, or H when H2 is 0);
* a uint32: the CRC-32 (zlib's) of every byte before it;
* nothing after.

A file that is not exactly that raises ValueError saying what is wrong (the
CRC is checked where ``binascii.crc32`` exists: CircuitPython's full builds,
MicroPython, CPython). The tables are read straight into the buffers: the
big one into a bytearray that ``minigam.quarter.eval`` indexes in place, the small ones
into their arrays (the device, like the host, is little-endian).
"""

import array

from minigam.compat import const

N_IN = const(128)
MAGIC = const(0x574E474D)  # b"MGNW" as a little-endian int32
VERSION = const(1)
N_HEAD = const(10)  # int32s in the header
MAX_H = const(128)  # a larger layer is taken as a corrupt header


def path(ev, full_entry):
    """Where a variant's weights file is: next to the evaluator ``ev``. A
    ``.mpy`` from ``deploy`` names its source by its module name
    (``minigam.quarter.eval``, see ``deploy.compile_mpy``), which the
    drive's folders follow from its root."""
    try:
        f = ev.__file__
    except AttributeError:
        f = "/minigam/quarter/eval.py"
    if "/" not in f and "\\" not in f:
        f = "/" + ev.__name__.replace(".", "/") + ".py"
    i = max(f.rfind("/"), f.rfind("\\"))
    folder = f[:i] if i > 0 else ("/" if i == 0 else ".")
    return folder + ("/weights_fe.bin" if full_entry else "/weights.bin")


def _read(f, buf, nbytes, name, what):
    """Fill ``buf`` (``nbytes`` long) from ``f``; ValueError when the file
    ends first."""
    n = (f.readinto(buf) or 0) if nbytes else 0
    if n != nbytes:
        raise ValueError("%s is truncated: it ends in %s (%d of %d bytes)"
                         % (name, what, n, nbytes))


def header(f, name, ev):
    """The header of weights file ``f`` (named ``name`` in errors), checked:
    ``(H, H2, NX, W1O, B3)``."""
    hd = array.array("i", bytes(4 * N_HEAD))
    _read(f, hd, 4 * N_HEAD, name, "the header")
    if hd[0] != MAGIC:
        raise ValueError("%s is not a MINIGAM weights file (bad magic)" % name)
    if hd[1] != VERSION:
        raise ValueError("%s is weights file version %d; this MINIGAM reads "
                         "version %d" % (name, hd[1], VERSION))
    if hd[6] != ev.Q or hd[7] != ev.S or hd[8] != ev.ZS:
        raise ValueError("%s uses other scales than the evaluator (Q %d, S %d, "
                         "ZS %d)" % (name, hd[6], hd[7], hd[8]))
    h, h2, nx, w1o = hd[2], hd[3], hd[4], hd[5]
    if not (0 < h <= MAX_H and 0 <= h2 <= MAX_H and 0 <= nx <= N_IN * h
            and 0 <= w1o <= 255):
        raise ValueError("%s has a bad header: H %d, H2 %d, %d corrections, "
                         "W1O %d" % (name, h, h2, nx, w1o))
    return h, h2, nx, w1o, hd[9]


# A room: the list [tables, H, H2, NX room, user], where tables are the
# buffers in the file's order then the scratch arrays, and user the Net now
# reading them.
_NAMES = ("W1", "W1X_AT", "W1X_H", "W1X_D", "B1", "W2", "B2", "W3")
_ATTRS = ("W1", "XAT", "XH", "XD", "B1", "W2", "B2", "W3", "nzi", "nzv")


def _sizes(h, h2, nx):
    """The bytes of each table in the file's order, for that shape."""
    return (N_IN * h, 2 * (N_IN + 1), nx, 2 * nx, 2 * h, 2 * h2 * h, 4 * h2,
            2 * (h2 or h))


def room(h, h2, nx):
    """Buffers for a network of that shape with up to ``nx`` corrections."""
    n = _sizes(h, h2, nx)
    return [(bytearray(n[0]), array.array("H", bytes(n[1])), bytearray(n[2]),
             array.array("h", bytes(n[3])), array.array("h", bytes(n[4])),
             array.array("h", bytes(n[5])), array.array("i", bytes(n[6])),
             array.array("h", bytes(n[7])),
             array.array("i", bytes(4 * h)), array.array("i", bytes(4 * h))),
            h, h2, nx, None]


def nbytes(r):
    """The bytes of a room's buffers (the tables and two scratch arrays)."""
    return sum(_sizes(r[1], r[2], r[3])) + 8 * r[1]


def reserve(ev):
    """Make the evaluator ``ev``'s room, sized from the weights files' headers (for
    the more corrections of the two); returns its bytes (0: no file).
    ``minigam.quarter.eval.reserve`` calls it when there is no room yet and the weights
    modules do not import."""
    shape = None
    for k in (0, 1):
        name = path(ev, k)
        try:
            with open(name, "rb") as f:
                h, h2, nx, _w, _b = header(f, name, ev)
        except OSError:
            continue
        if shape is None:
            shape = [h, h2, nx]
        elif h == shape[0] and h2 == shape[1] and nx > shape[2]:
            shape[2] = nx
    if shape is None:
        return 0
    r = ev.ROOM[0] = room(shape[0], shape[1], shape[2])
    return nbytes(r)


def load(ev, full_entry):
    """A variant's network from its weights file, read into the evaluator
    ``ev``'s
    room (made here if ``reserve`` did not, or when the file needs another).
    The Net that read the room before is cleared first, so that it fails
    loudly rather than evaluating with another network's weights. ImportError
    when there is no file, ValueError when it is malformed."""
    name = path(ev, full_entry)
    try:
        f = open(name, "rb")
    except OSError as exc:
        raise ImportError("no weights module or file %s (%s)" % (name, exc))
    with f:
        h, h2, nx, w1o, b3 = header(f, name, ev)
        sizes = _sizes(h, h2, nx)
        want = 4 * N_HEAD + sum(sizes) + 4
        got = f.seek(0, 2)
        if got != want:  # checked before anything is allocated for it
            raise ValueError("%s has %d bytes where its header makes %d "
                             "(truncated or damaged)" % (name, got, want))
        f.seek(4 * N_HEAD)
        r = ev.ROOM[0]
        if r is not None and r[4] is not None:
            clear(r[4])
            r[4] = None
        if r is None or r[1] != h or r[2] != h2 or r[3] < nx:
            r = ev.ROOM[0] = None  # the old room goes first
            r = ev.ROOM[0] = room(h, h2, nx)
        t = r[0]
        tables = (t[0], t[1], memoryview(t[2])[:nx], memoryview(t[3])[:nx],
                  t[4], t[5], t[6], t[7])
        for i in range(8):
            _read(f, tables[i], sizes[i], name, _NAMES[i])
        crc = f.read(4)
        if len(crc) != 4:
            raise ValueError("%s is truncated: it ends in the CRC" % name)
        c = _crc(f, tables)
        if c is not None and c != int.from_bytes(crc, "little"):
            raise ValueError("%s is corrupt: its CRC does not match" % name)
    xat = t[1]
    if xat[0] != 0 or xat[N_IN] != nx:
        raise ValueError("%s: W1X_AT runs %d..%d, not 0..%d"
                         % (name, xat[0], xat[N_IN], nx))
    for i in range(N_IN):
        if xat[i] > xat[i + 1]:
            raise ValueError("%s: W1X_AT decreases at row %d" % (name, i))
    xh = t[2]
    for i in range(nx):
        if xh[i] >= h:
            raise ValueError("%s: W1X_H names unit %d of %d"
                             % (name, xh[i], h))
    b1 = t[4]
    for i in range(h):
        b1[i] -= 16 * w1o
    nt = ev.Net()
    nt.H = h
    nt.H2 = h2
    nt.B3 = b3
    for i in range(10):  # W1 a bytearray: indexing gives 0..255, like bytes
        setattr(nt, _ATTRS[i], t[i])
    r[4] = nt
    return nt


def _crc(f, tables):
    """The CRC-32 of the header (read again from ``f``) and of ``tables``;
    None on a build without ``binascii.crc32`` (the sizes are checked)."""
    try:
        from binascii import crc32
    except ImportError:
        return None
    f.seek(0)
    c = crc32(f.read(4 * N_HEAD))
    for b in tables:
        c = crc32(b, c)
    return c


def clear(nt):
    """Make a Net whose buffers are about to be reused unusable."""
    for a in _ATTRS:
        setattr(nt, a, None)
