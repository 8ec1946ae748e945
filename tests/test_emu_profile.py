"""The emulator's profile names program counters by the firmware ELF's
function symbols (``minigam.host.emu.profile``)."""

import struct

import pytest

from minigam.host.emu import profile


def tiny_elf(path, funcs, objects=()):
    """A 32-bit little-endian ELF file with only a symbol table: ``funcs``
    [(name, address, size)] as functions (Thumb: odd addresses), and
    ``objects`` as data symbols."""
    names = b"\0"
    syms = [b"\0" * 16]
    for kind, items in ((2, funcs), (1, objects)):
        for name, addr, size in items:
            syms.append(struct.pack("<IIIBBH", len(names), addr, size,
                                    0x10 | kind, 0, 1))
            names += name.encode() + b"\0"
    symtab = b"".join(syms)
    strtab_off = 52
    symtab_off = strtab_off + len(names)
    shoff = symtab_off + len(symtab)
    header = b"\x7fELF\x01\x01\x01" + b"\0" * 9 + struct.pack(
        "<HHIIIIIHHHHHH", 2, 40, 1, 0, 0, shoff, 0, 52, 0, 0, 40, 3, 0)
    sections = [b"\0" * 40,
                struct.pack("<IIIIIIIIII", 0, 3, 0, 0, strtab_off,
                            len(names), 0, 0, 1, 0),
                struct.pack("<IIIIIIIIII", 0, 2, 0, 0, symtab_off,
                            len(symtab), 1, 0, 4, 16)]
    with open(path, "wb") as f:
        f.write(header + names + symtab + b"".join(sections))


def test_functions_are_named_and_data_symbols_left_out(tmp_path):
    elf = tmp_path / "fw.elf"
    tiny_elf(elf, [("gc_collect", 0x10001001, 0x40),
                   ("mp_execute_bytecode", 0x20000101, 0x100)],
             objects=[("a_table", 0x10002000, 0x800)])
    sym = profile.Symbols(str(elf))
    assert [f[2] for f in sym.funcs] == ["gc_collect", "mp_execute_bytecode"]
    assert sym.name(0x10001000) == "gc_collect"
    assert sym.name(0x1000103E) == "gc_collect"
    assert sym.name(0x10001040) == "0x10001040"  # past its end
    assert sym.name(0x10002010) == "0x10002010"  # data, not code
    assert sym.name(0x20000180) == "mp_execute_bytecode"


def test_timeline_and_top(tmp_path):
    elf = tmp_path / "fw.elf"
    tiny_elf(elf, [("a", 0x100, 0x10), ("b", 0x200, 0x10)])
    sym = profile.Symbols(str(elf))
    samples = [(0.0, 0x100), (0.5, 0x104), (1.0, 0x200), (1.5, 0x100),
               (3.0, 0x102)]
    assert profile.timeline(samples, sym) == [
        (0.0, 0.5, "a"), (1.0, 1.0, "b"), (1.5, 3.0, "a")]
    assert profile.timeline(samples, sym, min_ms=1.0) == [(1.5, 3.0, "a")]
    assert profile.top(samples, sym) == [("a", 0.8), ("b", 0.2)]


def test_not_an_elf_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "fw.uf2"
    bad.write_bytes(b"UF2\n" + b"\0" * 60)
    with pytest.raises(ValueError, match="not a 32-bit"):
        profile.elf_functions(str(bad))
