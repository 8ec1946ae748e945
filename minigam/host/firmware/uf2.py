"""UF2 files: read a firmware's blocks, write them back with more (host only).

A UF2 is a list of 512-byte blocks, each carrying up to 476 bytes (256 by
convention) for one flash address. The RP2040's boot ROM writes every block
it is given and leaves the rest of the flash as it was, so one UF2 can carry
the firmware and a CIRCUITPY drive image. Every block states the file's
block count, so adding blocks means renumbering them all.
"""

import struct

MAGIC0 = 0x0A324655
MAGIC1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x2000
RP2040_FAMILY = 0xE48BFF56
XIP_BASE = 0x10000000
PAGE = 256
_HEAD = struct.Struct("<8I")


class UF2Error(ValueError):
    """A file that is not a well-formed UF2."""


def read_blocks(data):
    """[(flash address, payload bytes)] of a UF2, and its family id."""
    if not data or len(data) % 512:
        raise UF2Error("a UF2 is a whole number of 512-byte blocks (got %d "
                       "bytes)" % len(data))
    blocks = []
    family = None
    for at in range(0, len(data), 512):
        (m0, m1, flags, addr, size, _no, _count,
         fam) = _HEAD.unpack_from(data, at)
        end = struct.unpack_from("<I", data, at + 508)[0]
        if m0 != MAGIC0 or m1 != MAGIC1 or end != MAGIC_END:
            raise UF2Error("block %d: bad magic" % (at // 512))
        if size > 476:
            raise UF2Error("block %d: payload of %d bytes" % (at // 512, size))
        if flags & FLAG_FAMILY:
            family = fam
        blocks.append((addr, bytes(data[at + 32:at + 32 + size])))
    return blocks, family


def write_blocks(blocks, family=RP2040_FAMILY):
    """The UF2 bytes for [(flash address, payload)] (payloads <= 476 B)."""
    out = bytearray()
    count = len(blocks)
    for no, (addr, payload) in enumerate(blocks):
        out += _HEAD.pack(MAGIC0, MAGIC1, FLAG_FAMILY, addr, len(payload),
                          no, count, family)
        out += payload.ljust(476, b"\0")
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def image_blocks(image, offset):
    """Blocks putting ``image`` at flash ``offset``, up to its last non-zero
    page: the rest is free space whose old contents a FAT never reads."""
    end = len(image.rstrip(b"\0"))
    end = (end + PAGE - 1) // PAGE * PAGE
    return [(XIP_BASE + offset + at, image[at:at + PAGE].ljust(PAGE, b"\0"))
            for at in range(0, end, PAGE)]
