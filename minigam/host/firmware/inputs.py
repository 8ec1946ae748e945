"""Where the firmware files no registry provides are found: the stock
CircuitPython UF2, the RP2040 boot ROM and CircuitPython's mpy-cross, in
``../shared/firmware`` beside the checkout or where the environment says.

It imports nothing of the project, so the emulator (``minigam.host.emu``),
the drive's deployment (``minigam.host.hardware.deploy``) and the firmware
build can all ask it without importing one another.
"""

import os

UF2_NAME = "circuitpython-raspberry_pi_pico-10.2.1.uf2"
BOOTROM_NAME = "rp2040-bootrom-b1.bin"
MPY_CROSS_NAME = "mpy-cross-cp10.2.1"


def repo_root():
    """The checkout's top folder."""
    return os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))


def firmware_dir():
    """``MINIGAM_FIRMWARE_DIR``, else ``../shared/firmware`` beside the
    checkout (where the project keeps what no registry provides)."""
    env = os.environ.get("MINIGAM_FIRMWARE_DIR")
    if env:
        return env
    return os.path.join(os.path.dirname(repo_root()), "shared", "firmware")


def mpy_cross():
    """``(path, None)`` of CircuitPython 10's own mpy-cross
    (``MINIGAM_MPY_CROSS``, else the firmware folder's), or ``(None,
    why)`` when it is not there."""
    path = os.environ.get("MINIGAM_MPY_CROSS") or os.path.join(
        firmware_dir(), MPY_CROSS_NAME)
    if not os.path.isfile(path):
        return None, ("CircuitPython's mpy-cross not found at %s (set "
                      "MINIGAM_MPY_CROSS)" % path)
    return path, None
