"""The AI network's weights as files for stock CircuitPython (host only).

The weights modules (``minigam/quarter/weights.py``, ``weights_fe.py``,
written by ``minigam.host.aitools.quarter.train``) stay the single source
of truth; on a stock CircuitPython drive ``deploy`` ships
``minigam/quarter/weights.bin`` and ``weights_fe.bin`` in their place,
written here at deploy time (a loaded ``.mpy`` keeps its constants in the
heap, a file read into a buffer does not cost more than the buffer). The
file format is defined, and read, in ``minigam/quarter/net_file.py``.
"""

import struct
import zlib

from minigam.quarter import net_file as ai_load

#: The weights modules (paths in the checkout) and the file each becomes.
MODULES = {
    "minigam/quarter/weights.py": "minigam/quarter/weights.bin",
    "minigam/quarter/weights_fe.py": "minigam/quarter/weights_fe.bin",
}


def to_bin(w):
    """The weights file (bytes) of a weights module ``w`` (anything with its
    names as attributes: ``weights_module.load_source`` of its text).
    ValueError when the tables do not fit together."""
    n_in = ai_load.N_IN
    h, h2 = w.H, w.H2
    nx = len(w.W1X_H)
    n3 = h2 or h
    sizes = (("W1", len(w.W1), n_in * h), ("W1X_AT", len(w.W1X_AT), n_in + 1),
             ("W1X_D", len(w.W1X_D), nx), ("B1", len(w.B1), 2 * h),
             ("W2", len(w.W2), 2 * h2 * h), ("B2", len(w.B2), 4 * h2),
             ("W3", len(w.W3), 2 * n3))
    for name, got, want in sizes:
        if got != want:
            raise ValueError("%s has %d entries (bytes), not %d" % (name, got, want))
    if not (0 < h <= ai_load.MAX_H and 0 <= h2 <= ai_load.MAX_H):
        raise ValueError("a network of H %d, H2 %d does not fit the file" % (h, h2))
    at = list(w.W1X_AT)
    if at[0] != 0 or at[-1] != nx or sorted(at) != at:
        raise ValueError("W1X_AT is not 0 .. %d in order" % nx)
    if any(not 0 <= x < h for x in w.W1X_H):
        raise ValueError("W1X_H names a unit outside 0..%d" % (h - 1))
    if not 0 <= w.W1O <= 255:
        raise ValueError("W1O %d is not a byte" % w.W1O)
    head = struct.pack("<%di" % ai_load.N_HEAD, ai_load.MAGIC, ai_load.VERSION,
                       h, h2, nx, w.W1O, w.Q, w.S, w.ZS, w.B3)
    body = b"".join((
        head,
        bytes(w.W1),
        struct.pack("<%dH" % (n_in + 1), *at),
        bytes(w.W1X_H),
        struct.pack("<%dh" % nx, *w.W1X_D),
        bytes(w.B1), bytes(w.W2), bytes(w.B2), bytes(w.W3),
    ))
    return body + struct.pack("<I", zlib.crc32(body))

