"""Where the emulated chip spends its time: the program counters the runner
notes (``EmuSession.sample``) named by the firmware ELF's symbols.

A developer's tool for questions such as "what held this key's frame
back?": ``timeline`` lists the functions in order, with how long each
ran; ``top`` counts them over a window.
"""

import bisect
import struct


def elf_functions(path):
    """Sorted [(address, size, name)] of the function symbols of the ELF
    file ``path`` (32-bit little-endian, as the RP2040 firmware's)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ValueError("%s: not a 32-bit little-endian ELF file" % path)
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
    sections = [struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize)
                for i in range(shnum)]
    out = []
    for sec in sections:
        if sec[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sec[6]]
        s_off = strtab[4]
        for k in range(sec[5] // 16):
            name, value, size, info, _, _ = struct.unpack_from(
                "<IIIBBH", data, sec[4] + 16 * k)
            if info & 15 != 2 or not value:  # STT_FUNC
                continue
            end = data.index(b"\0", s_off + name)
            out.append((value & ~1, size,
                        data[s_off + name:end].decode("ascii", "replace")))
    out.sort()
    return out


class Symbols:
    """Names the program counters of one firmware."""

    def __init__(self, elf_path):
        self.funcs = elf_functions(elf_path)
        self.starts = [f[0] for f in self.funcs]

    def name(self, pc):
        """The function holding ``pc``, or its address in hex."""
        i = bisect.bisect_right(self.starts, pc) - 1
        if i >= 0:
            start, size, name = self.funcs[i]
            if pc < start + max(size, 1):
                return name
        return "0x%08x" % pc


def timeline(samples, symbols, min_ms=0.0):
    """[(start_ms, end_ms, name)]: runs of samples in one function, the
    runs shorter than ``min_ms`` left out."""
    runs = []
    for ms, pc in samples:
        name = symbols.name(pc)
        if runs and runs[-1][2] == name:
            runs[-1][1] = ms
        else:
            runs.append([ms, ms, name])
    return [tuple(r) for r in runs if r[1] - r[0] >= min_ms]


def top(samples, symbols, n=20):
    """The ``n`` functions most often sampled: [(name, share 0..1)]."""
    counts = {}
    for _, pc in samples:
        name = symbols.name(pc)
        counts[name] = counts.get(name, 0) + 1
    total = float(len(samples)) or 1.0
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])[:n]
    return [(name, c / total) for name, c in ranked]
