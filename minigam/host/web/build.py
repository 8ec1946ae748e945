"""Build the browser page into ``build/web/``: static files only.

The page (``web/``) and the emulator core it shares with the Node runner
(``minigam/host/emu/board.mjs``, rp2040js from npm) are bundled by esbuild
at build time, so the page loads nothing from elsewhere. Beside them: the
product UF2 (the firmware with its CIRCUITPY drive, as ``make release``
ships it), the RP2040 boot ROM from the firmware folder, and
``handheld.json``, the board's wiring and keyboard made from the same
profile and key table as the gates and the desktop simulator.
"""

import json
import os
import shutil
import subprocess

from minigam.host.firmware.inputs import BOOTROM_NAME, firmware_dir, repo_root

STATIC = ("index.html", "style.css")
BUNDLES = (("page.mjs", "page.js"), ("worker.mjs", "worker.js"))
BOOTROM = "rp2040-bootrom.bin"


class WebBuildError(RuntimeError):
    """Something the page needs is missing: one line for the user."""


def default_out():
    return os.path.join(repo_root(), "build", "web")


def handheld(uf2_name, uf2_path, profile=None):
    """handheld.json's content: what the page boots and how it is wired."""
    from minigam.host.emu.wiring import wiring
    from minigam.host.firmware.build import project_version
    from minigam.host.simulator.keyboard import browser_keys, key_map
    from minigam.hw import keys as K
    from minigam.hw.pins import DEFAULT_PROFILE, PIXEL_MAX_PERCENT
    wired = wiring(profile or DEFAULT_PROFILE, uf2_path)
    codes = [K.key_code(name) for name in wired["keys"]]
    return {
        "version": project_version(),
        "firmware": uf2_name,
        "bootrom": BOOTROM,
        "wiring": wired,
        "keyboard": browser_keys(codes),
        "labels": [[K.key_name(code), label]
                   for code, label in key_map(codes)],
        "pixel_max": PIXEL_MAX_PERCENT / 100.0,
    }


def add_traced_firmware(out, product, profile=None, seed=None,
                        name="traced.uf2"):
    """Write beside the page (``?firmware=traced.uf2``) the product UF2's
    firmware with a drive whose settings print the app's states (and,
    with ``seed``, fix the dice): for the browser test and the speed
    benchmark. Returns its path."""
    from minigam.host.emu.device import drive_files
    from minigam.host.firmware.build import with_drive
    from minigam.hw.pins import DEFAULT_PROFILE
    only = product.replace(".uf2", "-firmware-only.uf2")
    with open(only, "rb") as f:
        firmware = f.read()
    settings = {} if seed is None else {"MINIGAM_SEED": seed}
    files = drive_files(profile or DEFAULT_PROFILE, settings, frozen=True)
    path = os.path.join(out, name)
    with open(path, "wb") as f:
        f.write(with_drive(firmware, files))
    return path


def bundle(src, dest):
    """esbuild (from node_modules) bundles ``src`` and its imports."""
    esbuild = os.path.join(repo_root(), "node_modules", ".bin", "esbuild")
    if not os.path.isfile(esbuild):
        raise WebBuildError("esbuild is missing: run `make setup` (npm ci)")
    cmd = [esbuild, src, "--bundle", "--format=esm", "--minify",
           "--target=es2022", "--log-level=warning", "--outfile=" + dest]
    done = subprocess.run(cmd, capture_output=True, text=True,
                          cwd=repo_root())
    if done.returncode:
        raise WebBuildError("esbuild failed on %s:\n%s" % (src, done.stderr))


def build(out=None, uf2=None, bootrom=None, log=None):
    """Write the page into ``out`` (default build/web, emptied first);
    ``uf2``: the product UF2 (default: the firmware build's, built or
    brought up to date). Returns ``out``."""
    out = out or default_out()
    if uf2 is None:
        from minigam.host.firmware.build import build as build_firmware
        uf2 = build_firmware()
    bootrom = bootrom or os.path.join(firmware_dir(), BOOTROM_NAME)
    for what, path in (("firmware UF2", uf2), ("RP2040 boot ROM", bootrom)):
        if not os.path.isfile(path):
            raise WebBuildError("%s not found at %s" % (what, path))
    web = os.path.join(repo_root(), "web")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for src, dest in BUNDLES:
        bundle(os.path.join(web, src), os.path.join(out, dest))
    for name in STATIC:
        shutil.copyfile(os.path.join(web, name), os.path.join(out, name))
    name = os.path.basename(uf2)
    shutil.copyfile(uf2, os.path.join(out, name))
    shutil.copyfile(bootrom, os.path.join(out, BOOTROM))
    with open(os.path.join(out, "handheld.json"), "w") as f:
        json.dump(handheld(name, uf2), f, indent=1, sort_keys=True)
        f.write("\n")
    if log is not None:
        log.write("wrote the page to %s (firmware %s)\n" % (out, name))
    return out
