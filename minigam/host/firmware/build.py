"""Build the MINIGAM firmware: CircuitPython 10.2.1 for the Pico with the game
frozen into flash (host only).

``python -m minigam.host.firmware.build [--out DIR] [--source auto|bundle|clone]``
writes ``build/firmware/minigam-pico-<version>.uf2``. Its inputs, each from
public sources by a recipe in this repository:

- CircuitPython's source (``source``): a source bundle at hand
  (``MINIGAM_FIRMWARE_DIR``, else ``../shared/firmware``, else one made here
  before), else one made here from a shallow clone of the release tag and
  the submodules the build reads. Every file is checked against
  ``firmware/circuitpython-10.2.1.sha256``, so both ways build the same tree.
- Every change we make to it (``patches``): two the bundle carries (the
  build assumed a git clone), and three made before each build: frozen
  ARMv6-M native code word-aligned (``patches.ALIGN_NATIVE_CODE``), an NVM of
  several flash sectors, and ``time.sleep`` idling to its end rather than
  spinning through its last part of a tick (``patches.SLEEP_IDLES``).
- ARM GCC 14 (``toolchain``): ``build/toolchain``, else the system's, else
  Debian trixie's packages unpacked there.

The repository also holds MINIGAM's board overlay
(``firmware/boards/minigam_pico/``): the board folder is the stock
``raspberry_pi_pico`` one, renamed, with the overlay appended and the board
name changed. Frozen: the device package without ``minigam/host/`` and every
library an RP2040 profile imports (the same resolution ``deploy`` uses).
``code.py``, ``boot.py`` and ``settings.toml`` stay on CIRCUITPY
(CircuitPython runs ``code.py`` only from there), so the UF2 also carries a
CIRCUITPY drive image holding them: one file to drag onto the Pico.
``minigam-pico-<version>-firmware-only.uf2`` leaves the drive as it is, for
an update. Each stage is cached under ``build/firmware/``.
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time

from minigam.host.firmware import patches, source, toolchain
from minigam.host.firmware.errors import BuildError, exit_status
from minigam.host.firmware.inputs import firmware_dir, repo_root

BOARD = "minigam_pico"
CP_VERSION = "10.2.1"
EPOCH = "1767225600"  # 2026-01-01: repeatable bytes
TARBALL = source.TARBALL
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


def work_dir():
    """Where the build keeps its source tree, logs and outputs."""
    return os.path.join(repo_root(), "build", "firmware")


def built_mpy_cross():
    """The path of the mpy-cross the build made from CircuitPython's source
    (it compiles the frozen modules; ``release`` compiles the .mpy zips
    with it when no prebuilt one is at hand), or None before a build."""
    path = os.path.join(work_dir(), "src", source.TOP, "mpy-cross", "build",
                        "mpy-cross")
    return path if os.path.isfile(path) else None


def built_elf():
    """The firmware ELF of the last build (its symbols name the program
    counters ``minigam.host.emu.profile`` samples), or None before one."""
    path = os.path.join(work_dir(), "src", source.TOP, "ports", "raspberrypi",
                        "build-" + BOARD, "firmware.elf")
    return path if os.path.isfile(path) else None


def project_version():
    with open(os.path.join(repo_root(), "pyproject.toml"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"')
    raise BuildError("no version in pyproject.toml")


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


def frozen_tree(dest):
    """The device package and every RP2040 profile's libraries, as files
    under ``dest`` (libraries at its top, as on ``lib/``). The AI's weights
    stay modules: frozen, their tables are read in place from flash."""
    from minigam.host.hardware.chips import firmware_profiles
    from minigam.host.hardware.deploy import build_plan
    shutil.rmtree(dest, ignore_errors=True)
    files = {}
    for name in firmware_profiles():
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


def build(out=None, fwdir=None, jobs=2, how=None):
    """Build (or bring up to date) the MINIGAM firmware; returns the
    product UF2's path. One build at a time: ``make test`` runs two pytest
    processes side by side, and each may ask for the firmware."""
    import fcntl
    work = work_dir()
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(work, out, fwdir, jobs, how)


def _build(work, out, fwdir, jobs, how):
    tarball = _stage("the CircuitPython source", source.bundle_for_build,
                     fwdir or firmware_dir(), work, how)
    top = _stage("unpack " + os.path.basename(tarball), source.unpack,
                 tarball, work)
    patches.apply(top)
    bindir = _stage("ARM GCC 14 toolchain", toolchain.find_or_install,
                    os.path.join(repo_root(), "build", "toolchain"))
    frozen = os.path.join(work, "frozen")
    names = _stage("stage the frozen modules", frozen_tree, frozen)
    board_folder(top, frozen)
    env = dict(os.environ, CP_VERSION=CP_VERSION, SOURCE_DATE_EPOCH=EPOCH,
               PATH=os.pathsep.join([bindir, os.path.dirname(sys.executable),
                                     os.environ.get("PATH", "")]))
    log = os.path.join(work, "firmware.log")
    port_build = os.path.join(top, "ports", "raspberrypi", "build-" + BOARD)
    uf2 = os.path.join(port_build, "firmware.uf2")
    stamp_path = os.path.join(port_build, "minigam-inputs.sha256")
    stamp = inputs_stamp(top, frozen, bindir, os.path.basename(tarball))
    if not (os.path.isfile(uf2) and _read_text(stamp_path) == stamp):
        _make(top, port_build, jobs, env, work, log)
        with open(stamp_path, "w") as f:
            f.write(stamp)
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


def _make(top, port_build, jobs, env, work, log):
    _stage("build mpy-cross", _run, ["make", "-C", os.path.join(top, "mpy-cross"),
                                     "-j%d" % jobs], os.path.join(work, "mpy-cross.log"), env)
    # CircuitPython's make rebuilds its list of frozen modules only when its
    # copy of the folder's top changes: a module new in a subfolder would be
    # left out. Drop the copy and the list, so both are made again.
    shutil.rmtree(os.path.join(port_build, "frozen_mpy"), ignore_errors=True)
    if os.path.exists(os.path.join(port_build, "manifest.py")):
        os.remove(os.path.join(port_build, "manifest.py"))
    _stage("build the firmware", _run, [
        "make", "-C", os.path.join(top, "ports", "raspberrypi"),
        "BOARD=" + BOARD, "TRANSLATION=en_US", "-j%d" % jobs], log, env)


def inputs_stamp(top, frozen, bindir, source_name):
    """A digest of everything the firmware is made from here: the frozen
    modules, the board folder (with MINIGAM's overlay), the upstream
    changes and this build's own code, the source and the compiler. The
    same digest as the last build's means its UF2 is current: ``make
    test``'s two pytest runs each ask for the firmware after it was built,
    and a make that finds nothing to do still recompiles every frozen
    module (about a minute)."""
    h = hashlib.sha256()
    folder = os.path.join(top, "ports", "raspberrypi", "boards", BOARD)
    own = os.path.dirname(os.path.abspath(__file__))
    h.update(("%s %s %s %s\n" % (CP_VERSION, EPOCH, source_name, bindir))
             .encode())
    for base, names in ((frozen, None), (folder, None),
                        (own, ("build.py", "patches.py", "source.py",
                               "toolchain.py"))):
        for rel in names or sorted(_walk(base)):
            with open(os.path.join(base, rel), "rb") as f:
                data = f.read()
            h.update(("%s %d\n" % (rel, len(data))).encode())
            h.update(data)
    return h.hexdigest()


def _walk(base):
    for folder, _, files in os.walk(base):
        for name in files:
            yield os.path.relpath(os.path.join(folder, name), base)


def _read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="minigam.host.firmware.build",
        description="Build CircuitPython 10.2.1 for the Pico with MINIGAM "
                    "frozen in.")
    ap.add_argument("--out", help="folder for the UF2 (default build/firmware)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--source", choices=("auto", "bundle", "clone"),
                    help="CircuitPython's source: a bundle at hand, or "
                         "cloned from GitHub (default: MINIGAM_FIRMWARE_SOURCE, "
                         "else a bundle if there is one)")
    args = ap.parse_args(argv)
    return exit_status(build, args.out, None, args.jobs, args.source)


if __name__ == "__main__":
    sys.exit(main())
