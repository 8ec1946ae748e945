"""A CIRCUITPY drive image, written in pure Python (host only).

CircuitPython on a Pico keeps CIRCUITPY as a 1 MiB FAT12 file system at
flash offset 0x100000. The emulator harness builds that image from the
files ``deploy`` would write, so the firmware sees exactly a deployed board.
Long names get VFAT entries (``settings.toml``, ``adafruit_st7789.py``), and
timestamps are fixed, so the same files give the same bytes.
"""

import struct

SIZE = 1024 * 1024
SECTOR = 512
ROOT_ENTRIES = 512
_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1  # 2026-01-01
_ATTR_DIR = 0x10
_ATTR_ARCHIVE = 0x20
_ATTR_LFN = 0x0F


class FatImageError(ValueError):
    """Files that do not fit, or a name FAT cannot hold."""


def _short_ok(name):
    base, _, ext = name.partition(".")
    return (name == name.upper() and 0 < len(base) <= 8 and len(ext) <= 3
            and "." not in ext and all(c.isalnum() or c in "_-~" for c in base + ext))


def _short_name(name, taken):
    """The 8.3 entry name (11 bytes) of ``name``, unique in ``taken``."""
    if _short_ok(name):
        base, _, ext = name.partition(".")
        return (base.ljust(8) + ext.ljust(3)).encode("ascii")
    base, dot, ext = name.rpartition(".")
    if not dot:
        base, ext = name, ""
    clean = lambda s: "".join(c for c in s.upper() if c.isalnum() or c in "_-")
    base, ext = clean(base) or "F", clean(ext)[:3]
    for n in range(1, 1000000):
        tail = "~%d" % n
        short = (base[:8 - len(tail)] + tail).ljust(8) + ext.ljust(3)
        if short not in taken:
            return short.encode("ascii")
    raise FatImageError("too many similar names for %r" % name)


def _lfn_entries(name, short):
    total = 0
    for b in short:
        total = (((total & 1) << 7) + (total >> 1) + b) & 0xFF
    units = [ord(c) for c in name]
    if any(u > 0xFFFF for u in units):
        raise FatImageError("name %r has characters FAT cannot store" % name)
    units.append(0)
    while len(units) % 13:
        units.append(0xFFFF)
    parts = [units[i:i + 13] for i in range(0, len(units), 13)]
    out = []
    for seq in range(len(parts), 0, -1):
        u = parts[seq - 1]
        order = seq | (0x40 if seq == len(parts) else 0)
        out.append(struct.pack("<B5HBBB6HH2H", order, *u[0:5], _ATTR_LFN, 0,
                               total, *u[5:11], 0, *u[11:13]))
    return out


def _entry(short, attr, cluster, size):
    return struct.pack("<11sBBBHHHHHHHI", short, attr, 0, 0, 0, _DATE, _DATE,
                       0, 0, _DATE, cluster, size)


def _tree(files):
    root = {}
    for path, data in files.items():
        parts = [p for p in path.split("/") if p]
        if not parts:
            raise FatImageError("empty file name")
        node = root
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise FatImageError("%s is both a file and a folder" % part)
        if isinstance(node.get(parts[-1]), dict):
            raise FatImageError("%s is both a file and a folder" % path)
        node[parts[-1]] = bytes(data)
    return root


def build_image(files, label="CIRCUITPY", size=SIZE):
    """A FAT12 image holding ``files`` ({posix path: bytes})."""
    sectors = size // SECTOR
    root_sectors = ROOT_ENTRIES * 32 // SECTOR
    fat_sectors = 1
    while True:  # clusters need 1.5 bytes each in the FAT
        clusters = sectors - 1 - 2 * fat_sectors - root_sectors
        if (clusters + 2) * 3 // 2 <= fat_sectors * SECTOR:
            break
        fat_sectors += 1
    data_start = 1 + 2 * fat_sectors + root_sectors
    fat = [0] * (clusters + 2)
    fat[0], fat[1] = 0xFF8, 0xFFF
    blobs = {}
    next_free = [2]

    def allocate(data):
        if not data:
            return 0
        n = (len(data) + SECTOR - 1) // SECTOR
        first = next_free[0]
        if first + n > clusters + 2:
            total = sum(len(d) for d in files.values())
            raise FatImageError("the files (%d bytes) do not fit in a %d KB "
                                "drive" % (total, size // 1024))
        for i in range(n):
            fat[first + i] = first + i + 1 if i < n - 1 else 0xFFF
        next_free[0] += n
        blobs[first] = data
        return first

    def directory(node, self_cluster, parent_cluster):
        entries = []
        if self_cluster is not None:
            entries.append(_entry(b".          ", _ATTR_DIR, self_cluster, 0))
            entries.append(_entry(b"..         ", _ATTR_DIR, parent_cluster, 0))
        taken = set()
        for name in sorted(node):
            short = _short_name(name, taken)
            taken.add(short.decode("ascii"))
            child = node[name]
            if name.upper() != name or not _short_ok(name):
                entries.extend(_lfn_entries(name, short))
            if isinstance(child, dict):
                # A folder's size is known once its own entries are counted.
                n = len(child) * 4 + 2
                cluster = allocate(b"\0" * (32 * (n + sum(
                    len(_lfn_entries(k, b"X" * 11)) for k in child))))
                blobs[cluster] = directory(child, cluster, self_cluster or 0)
                entries.append(_entry(short, _ATTR_DIR, cluster, 0))
            else:
                entries.append(_entry(short, _ATTR_ARCHIVE, allocate(child),
                                      len(child)))
        return b"".join(entries)

    volume = _entry(label.upper()[:11].ljust(11).encode("ascii"), 0x08, 0, 0)
    root = volume + directory(_tree(files), None, 0)
    if len(root) > ROOT_ENTRIES * 32:
        raise FatImageError("too many names in the drive's root folder")

    image = bytearray(size)
    struct.pack_into("<3s8sHBHBHHBHHHII", image, 0, b"\xEB\x3C\x90",
                     b"MSDOS5.0", SECTOR, 1, 1, 2, ROOT_ENTRIES, sectors,
                     0xF8, fat_sectors, 32, 2, 0, 0)
    struct.pack_into("<BBBI11s8s", image, 36, 0x80, 0, 0x29, 0x4D494E49,
                     label.upper()[:11].ljust(11).encode("ascii"), b"FAT12   ")
    image[510:512] = b"\x55\xAA"
    table = bytearray(fat_sectors * SECTOR)
    for i in range(0, len(fat) - 1, 2):
        a, b = fat[i], fat[i + 1]
        table[3 * i // 2:3 * i // 2 + 3] = bytes((a & 0xFF, (a >> 8) | ((b & 0xF) << 4), b >> 4))
    if len(fat) % 2:
        a = fat[-1]
        j = 3 * (len(fat) - 1) // 2
        table[j] = a & 0xFF
        table[j + 1] |= a >> 8
    for k in range(2):
        at = (1 + k * fat_sectors) * SECTOR
        image[at:at + len(table)] = table
    at = (1 + 2 * fat_sectors) * SECTOR
    image[at:at + len(root)] = root
    for cluster, data in blobs.items():
        at = (data_start + cluster - 2) * SECTOR
        image[at:at + len(data)] = data
    return bytes(image)
