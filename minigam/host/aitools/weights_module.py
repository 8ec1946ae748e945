"""A weights module (``minigam/<game>/weights.py``) as the trainers read
and write it.

Read: a module's file as a namespace of its public names. The trainers and
strength tools read a run's output (or the committed weights) afresh,
never the imported device module, which drops its texts once decoded.

Written: every game stores a first-layer weight as one byte plus an offset
with the few that do not fit corrected apart (``byte_table``, read back by
``unpack_table``), and MINIGAM's and Backgammon's trainers print the raw
tables as the same ``b"..."`` literals (``bytes_literal``).
"""

import struct
import textwrap

import numpy as np


class Weights:
    """The public names of a weights module, as attributes."""


def load_source(data, filename="<weights>"):
    """A weights module's source (str or bytes) run into a :class:`Weights`
    (the module is our own, written by a trainer: constants only)."""
    if isinstance(data, bytes):
        data = data.decode("utf-8")
    ns = {}
    exec(compile(data, filename, "exec"), ns)
    w = Weights()
    w.__dict__.update((k, v) for k, v in ns.items() if not k.startswith("_"))
    return w


def read(path):
    """The weights file at ``path`` as a :class:`Weights`."""
    with open(path) as f:
        return load_source(f.read(), path)


# -- a first-layer table, a byte a weight ---------------------------------------

def byte_offset(W):
    """The offset (32..224) that leaves the fewest of the int weights ``W``
    outside a byte."""
    flat = np.asarray(W).reshape(-1)
    return min(range(32, 225),
               key=lambda o: int(((flat + o < 0) | (flat + o > 255)).sum()))


def byte_table(W, offset=None):
    """Int weights ``W`` (rows, H) stored a byte a weight: ``(offset,
    stored, at, xh, xd)``. ``stored`` (uint8, rows x H) is each weight plus
    ``offset`` (``byte_offset``'s by default) clipped to 0..255; what the
    clipping cut off is a correction ``xd[x]`` at unit ``xh[x]``, row
    ``r``'s ``x`` in ``at[r] .. at[r + 1] - 1`` (lists of ints)."""
    W = np.asarray(W)
    if offset is None:
        offset = byte_offset(W)
    stored = np.clip(W + offset, 0, 255)
    diff = W - (stored - offset)
    at, xh, xd = [0], [], []
    for r in range(len(W)):
        for h in np.nonzero(diff[r])[0]:
            xh.append(int(h))
            xd.append(int(diff[r, h]))
        at.append(len(xh))
    return offset, stored.astype(np.uint8), at, xh, xd


def unpack_table(raw, offset, at, xh, xd, nrows, H):
    """The int64 weights ``(nrows, H)`` of a table ``byte_table`` stored:
    the bytes ``raw`` less ``offset``, plus the corrections (``at``, ``xh``,
    ``xd`` as tuples of ints, or as bytes: uint16, uint8 and int16)."""
    W = np.frombuffer(raw, np.uint8).astype(np.int64) - offset

    def arr(v, f):
        return np.array(v) if isinstance(v, tuple) else np.frombuffer(v, f)

    at, xh, xd = arr(at, "<u2"), arr(xh, np.uint8), arr(xd, "<i2")
    for row in range(nrows):
        for x in range(at[row], at[row + 1]):
            W[row * H + int(xh[x])] += int(xd[x])
    return W.reshape(nrows, H)


# -- literals ----------------------------------------------------------------------

def bytes_literal(raw):
    """``raw`` as a parenthesised run of ``b"..."`` lines of at most 76
    characters: printable bytes as themselves, the rest as ``\\xNN``."""
    tokens = [chr(c) if 32 <= c < 127 and c not in (34, 92)
              else "\\x%02x" % c for c in raw]
    lines, line = [], ""
    for t in tokens:
        if len(line) + len(t) > 76:
            lines.append(line)
            line = ""
        line += t
    lines.append(line)
    return "(\n    b\"" + "\"\n    b\"".join(lines) + "\")"


def packed_literal(values, fmt="h"):
    """Ints packed little-endian (``struct`` letter ``fmt``) as a
    ``bytes_literal``."""
    a = [int(x) for x in np.asarray(values).reshape(-1)]
    return bytes_literal(struct.pack("<%d%s" % (len(a), fmt), *a))


def tuple_literal(values):
    """Ints as a parenthesised tuple, filled to 72 columns."""
    body = textwrap.fill(" ".join("%d," % v for v in values), 72,
                         initial_indent="    ", subsequent_indent="    ")
    return "(\n%s\n)" % body
