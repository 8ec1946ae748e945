"""Every change MINIGAM makes to CircuitPython 10.2.1's source (host only).

Two are carried by the source bundle (``SOURCE``): upstream's build assumes
a git clone, and the bundle has no git data. Three more are made before each
build (``BUILD``). Each edit applies once, leaves an already patched file as
it is, and stops the build if the text it changes is not there (another
CircuitPython)."""

import os

from minigam.host.firmware.errors import BuildError


def _read(top, rel):
    try:
        with open(os.path.join(top, rel), encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise BuildError("%s: not found (another CircuitPython?)" % rel) from None


def _write(top, rel, text):
    with open(os.path.join(top, rel), "w", encoding="utf-8") as f:
        f.write(text)


def _unexpected(rel, what):
    return BuildError("%s: no %s to patch (another CircuitPython?)" % (rel, what))


class Replace:
    """In the file ``rel``, the one occurrence of ``old`` becomes ``new``."""

    def __init__(self, rel, old, new):
        self.rel, self.old, self.new = rel, old, new

    def apply(self, top, what):
        text = _read(top, self.rel)
        if text.count(self.new) == 1:
            return
        if text.count(self.old) != 1:
            raise _unexpected(self.rel, what)
        _write(top, self.rel, text.replace(self.old, self.new))


class ReplaceFunction:
    """In the file ``rel``, the text from ``head`` up to ``tail`` (one C
    function, which must call ``needs``) becomes ``new``."""

    def __init__(self, rel, head, tail, needs, new):
        self.rel, self.head, self.tail = rel, head, tail
        self.needs, self.new = needs, new

    def apply(self, top, what):
        text = _read(top, self.rel)
        if self.new in text:
            return
        a, b = text.find(self.head), text.find(self.tail)
        if a < 0 or b < a or self.needs not in text[a:b]:
            raise _unexpected(self.rel, what)
        _write(top, self.rel, text[:a] + self.new + text[b:])


class Placeholder:
    """The file ``rel`` holding ``text``, in a folder that a submodule left
    empty (or absent, in a sparse checkout)."""

    def __init__(self, rel, text):
        self.rel, self.text = rel, text

    def apply(self, top, what):
        path = os.path.join(top, self.rel)
        if os.path.exists(path):
            if _read(top, self.rel) != self.text:
                raise BuildError("%s: not the %s (a checked-out submodule? "
                                 "the recipe expects it empty)" % (self.rel, what))
            return
        os.makedirs(os.path.dirname(path), exist_ok=True)
        _write(top, self.rel, self.text)


class Patch:
    """A named change to upstream: its edits, and why we make it."""

    def __init__(self, name, why, *edits):
        self.name, self.why, self.edits = name, why, edits

    def apply(self, top):
        for edit in self.edits:
            edit.apply(top, self.name)


FROZEN_VERSION = Patch(
    "frozen-module version", """\
Freezing a library replaces a __version__ of "0.0.0+auto.0" with the
library's version from git; upstream asks git on every __version__ line,
which fails without a clone. Only the lines holding "auto.0" use the
answer, so only they ask.""",
    Replace("tools/preprocess_frozen_modules.py",
            '                        if line.startswith("__version__"):\n',
            '                        if line.startswith("__version__") '
            'and "auto.0" in line:\n'))

MICROPYTHON_LIB = Patch(
    "micropython-lib placeholder", """\
Freezing checks that lib/micropython-lib exists; MINIGAM's manifest uses
nothing from it, so the submodule is not fetched and a file stands in.""",
    Placeholder("lib/micropython-lib/README.md",
                "Placeholder: micropython-lib is not used by the minigam_pico "
                "frozen manifest (py/mkrules.mk only checks that this file "
                "exists).\n"))

ALIGN_NATIVE_CODE = Patch(
    "native-code alignment", """\
mpy-tool.py (which turns frozen .mpy files into C) aligns ARMv6-M machine
code to 2 bytes, but the ARMv6-M native emitter assumes 4: its 32-bit
constants and long jumps are PC-relative loads from words it placed
expecting a word-aligned start. Code that lands at an address ending in 2
reads the wrong word (a mask of 0x00FF00FF read as 0x00FFE001). Aligned to
4, as mpy-tool already does for ARMv6 and Xtensa.""",
    Replace("tools/mpy-tool.py", """\
        if config.native_arch in (
            MP_NATIVE_ARCH_ARMV6,
            MP_NATIVE_ARCH_XTENSA,""", """\
        if config.native_arch in (
            MP_NATIVE_ARCH_ARMV6,
            MP_NATIVE_ARCH_ARMV6M,  # MINIGAM: the emitter assumes 4
            MP_NATIVE_ARCH_XTENSA,"""))

NVM_OF_SECTORS = Patch(
    "NVM of sectors", """\
The MINIGAM firmware's NVM is two 4 KB sectors (the store's log needs a
sector to compact into while the other keeps every save). The stock port
fixes the NVM at one sector: its size is a plain #define, and a write that
is not into erased bytes copies, erases and reprograms the NVM's first
sector only. The size becomes overridable by the board, and such a write
erases and reprograms each sector it touches, keeping the rest.""",
    Replace("ports/raspberrypi/mpconfigport.h", """\
#define CIRCUITPY_INTERNAL_NVM_SIZE         (4 * 1024)
""", """\
#ifndef CIRCUITPY_INTERNAL_NVM_SIZE  // MINIGAM: a board may set it
#define CIRCUITPY_INTERNAL_NVM_SIZE         (4 * 1024)
#endif
"""),
    ReplaceFunction(
        "ports/raspberrypi/common-hal/nvm/ByteArray.c",
        "static void erase_and_write_sector(",
        "void common_hal_nvm_bytearray_get_bytes(",
        "flash_range_erase", """\
// MINIGAM: erase and reprogram each flash sector the write touches (the
// stock code assumed a one-sector NVM), keeping the rest of each sector.
static void erase_and_write_sector(uint32_t address, uint32_t len, uint8_t *bytes) {
    uint8_t buffer[FLASH_SECTOR_SIZE];
    uint32_t end = address + len;
    for (uint32_t sector = address - address % FLASH_SECTOR_SIZE; sector < end;
         sector += FLASH_SECTOR_SIZE) {
        uint32_t lo = MAX(address, sector);
        uint32_t hi = MIN(end, sector + FLASH_SECTOR_SIZE);
        uint32_t at = CIRCUITPY_INTERNAL_NVM_START_ADDR + sector;
        #pragma GCC diagnostic push
        #if __GNUC__ >= 11
        #pragma GCC diagnostic ignored "-Warray-bounds"
        #pragma GCC diagnostic ignored "-Wstringop-overread"
        #endif
        memcpy(buffer, (uint8_t *)at, FLASH_SECTOR_SIZE);
        #pragma GCC diagnostic pop
        memcpy(buffer + (lo - sector), bytes + (lo - address), hi - lo);
        // disable interrupts to prevent core hang on rp2040
        common_hal_mcu_disable_interrupts();
        supervisor_flash_pre_write();
        flash_range_erase(RMV_OFFSET(at), FLASH_SECTOR_SIZE);
        flash_range_program(RMV_OFFSET(at), buffer, FLASH_SECTOR_SIZE);
        supervisor_flash_post_write();
        common_hal_mcu_enable_interrupts();
    }
}

"""))

SLEEP_IDLES = Patch(
    "time.sleep idles to its end", """\
time.sleep (mp_hal_delay_ms) idles the core until an interrupt for each
whole 1/1024 s tick of the delay left, then spins on the timer for the part
of a tick that remains. With the 1 kHz tick running (keypad and displayio
keep it on) a delay starts anywhere within a tick, so that spin averages
half a tick: MINIGAM's loop sleeps 2 ms between passes, and spent about a
quarter of its waiting time at full clock. The part of a tick left idles
too, until the next tick (or an alarm a tick away when the tick is off):
a sleep may end up to 1/1024 s late, and the chip rests instead.""",
    Replace("supervisor/shared/tick.c", """\
        int64_t remaining_ticks = remaining / 32;
        if (remaining_ticks > 0) {
            port_interrupt_after_ticks(remaining_ticks);""", """\
        int64_t remaining_ticks = remaining / 32;
        if (remaining > 0) {  // MINIGAM: the last part of a tick idles too
            port_interrupt_after_ticks(remaining_ticks > 0 ? remaining_ticks : 1);"""))

SOURCE = (FROZEN_VERSION, MICROPYTHON_LIB)  # in the source bundle
BUILD = (ALIGN_NATIVE_CODE, NVM_OF_SECTORS, SLEEP_IDLES)  # made before each build
ALL = SOURCE + BUILD


def created_files(patches):
    """The files ``patches`` write rather than change."""
    return {edit.rel for patch in patches for edit in patch.edits
            if isinstance(edit, Placeholder)}


def apply(top, patches=ALL):
    """Apply ``patches`` to the CircuitPython tree at ``top``."""
    for patch in patches:
        patch.apply(top)
