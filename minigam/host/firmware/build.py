"""Build the MINIGAM firmware: CircuitPython 10.2.1 for the Pico with the game
frozen into flash (host only).

``python -m minigam.host.firmware.build [--out DIR]`` writes
``build/firmware/minigam-pico-<version>.uf2``. What it needs and cannot get
from a registry comes from the firmware folder (``MINIGAM_FIRMWARE_DIR``,
else ``../shared/firmware``): the CircuitPython source bundle and
``toolchain.sh``, which installs ARM GCC 14 from Debian's packages.

The repository holds only MINIGAM's board overlay
(``firmware/boards/minigam_pico/mpconfigboard.mk``): the board folder is the
stock ``raspberry_pi_pico`` one from the bundle, renamed, with the overlay
appended and the board name changed; the bundle's ``mpy-tool.py`` gets
one fix (``align_native_code``: frozen ARMv6-M native code word-aligned,
as the emitter assumes). Frozen: the device package without
``minigam/host/`` and every library an RP2040 profile imports (the same
resolution ``deploy`` uses). ``code.py``, ``boot.py`` and ``settings.toml``
stay on CIRCUITPY (CircuitPython runs ``code.py`` only from there), so the
UF2 also carries a CIRCUITPY drive image holding them: one file to drag onto
the Pico. ``minigam-pico-<version>-firmware-only.uf2`` leaves the drive as
it is, for an update. Each stage is cached under ``build/firmware/``.
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import time

BOARD = "minigam_pico"
CP_VERSION = "10.2.1"
EPOCH = "1767225600"  # 2026-01-01: repeatable bytes
TARBALL = "circuitpython-10.2.1-rp2040-src.tar.xz"
# Flash: the firmware, then the NVM (two sectors here, one after stock
# CircuitPython's 1020 KB; ``minigam.host.emu.device.NVM_MINIGAM``), then
# CIRCUITPY where stock has it, so a firmware-only update keeps the drive
# (and finds old saves in the NVM's second sector: ``minigam.hw.store_v1``).
REGION = 1016 * 1024
DRIVE_OFFSET = 0x100000  # CIRCUITPY on a 2 MB Pico: after firmware and NVM
SETTINGS = """\
# MINIGAM settings. With none, the board runs the pico-st7789 profile
# (Waveshare Pico-LCD-1.3). For other wiring name its profile, e.g.
# MINIGAM_PROFILE = "pico-ili9341"
# MINIGAM_PROFILE = "pimoroni-display-pack-2"
# Other keys: MINIGAM_PIXELS, MINIGAM_PIXEL_MAX, MINIGAM_ROTATION (README).
"""


class BuildError(Exception):
    """A stage failed: one line for the user (plus the tail of its log)."""


def repo_root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))


def project_version():
    with open(os.path.join(repo_root(), "pyproject.toml"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"')
    raise BuildError("no version in pyproject.toml")


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _stage(name, fn, *args):
    t = time.time()
    sys.stdout.write("%s ...\n" % name)
    sys.stdout.flush()
    result = fn(*args)
    sys.stdout.write("%s: done in %.0f s\n" % (name, time.time() - t))
    return result


def _run(cmd, log, env=None, cwd=None):
    with open(log, "w") as f:
        code = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT,
                               env=env, cwd=cwd)
    if code:
        with open(log, errors="replace") as f:
            tail = "".join(f.readlines()[-25:])
        raise BuildError("%s failed (log %s):\n%s" % (" ".join(cmd[:3]), log, tail))


def unpack(tarball, work):
    """The source bundle, unpacked once per tarball."""
    stamp = os.path.join(work, "src.sha256")
    digest = _sha256(tarball)
    src = os.path.join(work, "src")
    if os.path.isfile(stamp) and open(stamp).read() == digest:
        return _source_top(src)
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(src)
    with tarfile.open(tarball) as tf:
        tf.extractall(src, filter="data")
    with open(stamp, "w") as f:
        f.write(digest)
    return _source_top(src)


def _source_top(src):
    tops = [d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d))]
    if len(tops) != 1:
        raise BuildError("unexpected source bundle layout in %s" % src)
    return os.path.join(src, tops[0])


# mpy-tool.py (which turns frozen .mpy files into C) aligns ARMv6-M machine
# code to 2 bytes, but the ARMv6-M native emitter assumes 4: its 32-bit
# constants and long jumps are PC-relative loads from words it placed
# expecting a word-aligned start. Code that lands at an address ending
# in 2 reads the wrong word (a mask of 0x00FF00FF read as 0x00FFE001).
# Aligned to 4, as mpy-tool already does for ARMv6 and Xtensa.
_ALIGN_OLD = """        if config.native_arch in (
            MP_NATIVE_ARCH_ARMV6,
            MP_NATIVE_ARCH_XTENSA,"""
_ALIGN_NEW = """        if config.native_arch in (
            MP_NATIVE_ARCH_ARMV6,
            MP_NATIVE_ARCH_ARMV6M,  # MINIGAM: the emitter assumes 4
            MP_NATIVE_ARCH_XTENSA,"""


def align_native_code(top):
    """Make the bundle's mpy-tool.py align frozen ARMv6-M code to 4 bytes
    (once; the frozen C is made again every build)."""
    path = os.path.join(top, "tools", "mpy-tool.py")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if _ALIGN_NEW in text:
        return
    if text.count(_ALIGN_OLD) != 1:
        raise BuildError("%s: no native-code alignment to patch (another "
                         "CircuitPython?)" % path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(_ALIGN_OLD, _ALIGN_NEW))


# The MINIGAM firmware's NVM is two 4 KB sectors (the store's log needs a
# sector to compact into while the other keeps every save). The stock port
# fixes the NVM at one sector: its size is a plain #define, and a write
# that is not into erased bytes copies, erases and reprograms the NVM's
# first sector only. The size becomes overridable by the board, and such a
# write erases and reprograms each sector it touches, keeping the rest.
_NVM_SIZE_OLD = """#define CIRCUITPY_INTERNAL_NVM_SIZE         (4 * 1024)
"""
_NVM_SIZE_NEW = """#ifndef CIRCUITPY_INTERNAL_NVM_SIZE  // MINIGAM: a board may set it
#define CIRCUITPY_INTERNAL_NVM_SIZE         (4 * 1024)
#endif
"""
_NVM_WRITE_OLD_HEAD = "static void erase_and_write_sector("
_NVM_WRITE_OLD_TAIL = "void common_hal_nvm_bytearray_get_bytes("
_NVM_WRITE_NEW = """// MINIGAM: erase and reprogram each flash sector the write touches (the
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

"""


def nvm_of_sectors(top):
    """Patch the bundle's RP2040 port for a board-set NVM size and writes
    that erase only the sectors they touch (once; idempotent)."""
    header = os.path.join(top, "ports", "raspberrypi", "mpconfigport.h")
    with open(header, encoding="utf-8") as f:
        text = f.read()
    if _NVM_SIZE_NEW not in text:
        if text.count(_NVM_SIZE_OLD) != 1:
            raise BuildError("%s: no NVM size to patch (another "
                             "CircuitPython?)" % header)
        with open(header, "w", encoding="utf-8") as f:
            f.write(text.replace(_NVM_SIZE_OLD, _NVM_SIZE_NEW))
    source = os.path.join(top, "ports", "raspberrypi", "common-hal", "nvm",
                          "ByteArray.c")
    with open(source, encoding="utf-8") as f:
        text = f.read()
    if _NVM_WRITE_NEW in text:
        return
    a = text.find(_NVM_WRITE_OLD_HEAD)
    b = text.find(_NVM_WRITE_OLD_TAIL)
    if a < 0 or b < a or "flash_range_erase" not in text[a:b]:
        raise BuildError("%s: no sector write to patch (another "
                         "CircuitPython?)" % source)
    with open(source, "w", encoding="utf-8") as f:
        f.write(text[:a] + _NVM_WRITE_NEW + text[b:])


def toolchain(fwdir, prefix):
    """ARM GCC 14 under ``prefix`` (installed by toolchain.sh once)."""
    gcc = os.path.join(prefix, "usr", "bin", "arm-none-eabi-gcc")
    if not os.path.isfile(gcc):
        _run(["bash", os.path.join(fwdir, "toolchain.sh"), prefix],
             prefix + ".log")
    return os.path.dirname(gcc)


def frozen_tree(dest):
    """The device package and every RP2040 profile's libraries, as files
    under ``dest`` (libraries at its top, as on ``lib/``). The AI's weights
    stay modules: frozen, their tables are read in place from flash."""
    from minigam.host.hardware.deploy import build_plan
    from minigam.hw.pins import PROFILES
    shutil.rmtree(dest, ignore_errors=True)
    files = {}
    for name, p in sorted(PROFILES.items()):
        if p["display"].get("builtin") or p.get("keypad_shift"):
            continue  # not an RP2040 build
        for rel, data in build_plan(name, weights_bin=False,
                                     native=True).files:
            if rel.endswith(".py") and rel not in ("code.py", "boot.py"):
                files[rel[4:] if rel.startswith("lib/") else rel] = data
    for rel, data in files.items():
        path = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    return sorted(files)


def board_folder(top, frozen):
    """The stock Pico board, renamed, with MINIGAM's overlay appended."""
    boards = os.path.join(top, "ports", "raspberrypi", "boards")
    folder = os.path.join(boards, BOARD)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(os.path.join(boards, "raspberry_pi_pico"), folder)
    header = os.path.join(folder, "mpconfigboard.h")
    with open(header) as f:
        text = f.read()
    text = text.replace('"Raspberry Pi Pico"', '"MINIGAM Pico"')
    with open(header, "w") as f:
        f.write(text)
    overlay_dir = os.path.join(repo_root(), "firmware", "boards", BOARD)
    with open(os.path.join(overlay_dir, "mpconfigboard.mk")) as f:
        overlay = f.read()
    with open(os.path.join(overlay_dir, "link.ld")) as f:
        link = f.read()
    with open(os.path.join(folder, "link.ld"), "w") as f:
        f.write(link)
    with open(os.path.join(folder, "mpconfigboard.mk"), "a") as f:
        f.write("\n# --- MINIGAM overlay ---\n" + overlay)
        f.write("FROZEN_MPY_DIRS += %s\n" % os.path.abspath(frozen))
    # make keeps its generated headers (the qstr list among them) across
    # builds, and does not see that new settings (the native emitter, say)
    # need other qstrs: with a changed overlay they are made again.
    stamp = os.path.join(top, "ports", "raspberrypi", "build-" + BOARD,
                         "overlay.sha256")
    digest = hashlib.sha256((overlay + link).encode()).hexdigest()
    old = None
    if os.path.isfile(stamp):
        with open(stamp) as f:
            old = f.read().strip()
    if old != digest:
        shutil.rmtree(os.path.dirname(stamp), ignore_errors=True)
        os.makedirs(os.path.dirname(stamp))
        with open(stamp, "w") as f:
            f.write(digest + "\n")


def drive_files():
    """CIRCUITPY as the product UF2 carries it: the entry files, and a
    settings.toml saying how to choose another profile."""
    from minigam.host.hardware.deploy import KEEP_SOURCE, build_plan
    from minigam.hw.pins import DEFAULT_PROFILE
    files = {rel: data for rel, data in build_plan(DEFAULT_PROFILE).files
             if rel in KEEP_SOURCE}
    files["settings.toml"] = SETTINGS.encode()
    return files


def with_drive(firmware, files):
    """A firmware UF2's bytes with a CIRCUITPY image of ``files`` added."""
    from minigam.host.firmware import uf2
    from minigam.host.emu.fat12 import build_image
    blocks, family = uf2.read_blocks(firmware)
    blocks += uf2.image_blocks(build_image(files), DRIVE_OFFSET)
    return uf2.write_blocks(blocks, family or uf2.RP2040_FAMILY)


def build(out=None, fwdir=None, jobs=2):
    """Build (or bring up to date) the MINIGAM firmware; returns the
    product UF2's path. One build at a time: ``make test`` runs two pytest
    processes side by side, and each may ask for the firmware."""
    import fcntl
    work = os.path.join(repo_root(), "build", "firmware")
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(work, out, fwdir, jobs)


def _build(work, out, fwdir, jobs):
    from minigam.host.emu.device import firmware_dir
    fwdir = fwdir or firmware_dir()
    tarball = os.path.join(fwdir, TARBALL)
    if not os.path.isfile(tarball):
        raise BuildError("%s not found (set MINIGAM_FIRMWARE_DIR)" % tarball)
    top = _stage("unpack the CircuitPython source", unpack, tarball, work)
    align_native_code(top)
    nvm_of_sectors(top)
    bindir = _stage("ARM GCC 14 toolchain", toolchain, fwdir,
                    os.path.join(repo_root(), "build", "toolchain"))
    frozen = os.path.join(work, "frozen")
    names = _stage("stage the frozen modules", frozen_tree, frozen)
    board_folder(top, frozen)
    env = dict(os.environ, CP_VERSION=CP_VERSION, SOURCE_DATE_EPOCH=EPOCH,
               PATH=os.pathsep.join([bindir, os.path.dirname(sys.executable),
                                     os.environ.get("PATH", "")]))
    _stage("build mpy-cross", _run, ["make", "-C", os.path.join(top, "mpy-cross"),
                                     "-j%d" % jobs], os.path.join(work, "mpy-cross.log"), env)
    log = os.path.join(work, "firmware.log")
    # CircuitPython's make rebuilds its list of frozen modules only when its
    # copy of the folder's top changes: a module new in a subfolder would be
    # left out. Drop the copy and the list, so both are made again.
    port_build = os.path.join(top, "ports", "raspberrypi", "build-" + BOARD)
    shutil.rmtree(os.path.join(port_build, "frozen_mpy"), ignore_errors=True)
    if os.path.exists(os.path.join(port_build, "manifest.py")):
        os.remove(os.path.join(port_build, "manifest.py"))
    _stage("build the firmware", _run, [
        "make", "-C", os.path.join(top, "ports", "raspberrypi"),
        "BOARD=" + BOARD, "TRANSLATION=en_US", "-j%d" % jobs], log, env)
    uf2 = os.path.join(top, "ports", "raspberrypi", "build-" + BOARD,
                       "firmware.uf2")
    out = out or work
    os.makedirs(out, exist_ok=True)
    name = "minigam-pico-%s" % project_version()
    only = os.path.join(out, name + "-firmware-only.uf2")
    shutil.copyfile(uf2, only)
    dest = os.path.join(out, name + ".uf2")
    with open(uf2, "rb") as f:
        product = with_drive(f.read(), drive_files())
    with open(dest, "wb") as f:
        f.write(product)
    with open(log, errors="replace") as f:
        for line in f:
            if "FLASH_FIRMWARE:" in line or line.strip().startswith("RAM:"):
                sys.stdout.write(line.rstrip() + "\n")
    sys.stdout.write("frozen: %d modules\nwrote %s (with CIRCUITPY) and %s\n"
                     % (len(names), dest, only))
    return dest


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="minigam.host.firmware.build",
        description="Build CircuitPython 10.2.1 for the Pico with MINIGAM "
                    "frozen in.")
    ap.add_argument("--out", help="folder for the UF2 (default build/firmware)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    try:
        build(args.out, jobs=args.jobs)
    except BuildError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
