"""How the emulated board is wired: one description for the Node runner
(the gates) and the browser page, made from the hardware profile.

:func:`wiring` gives the display's SPI bus and pins and its geometry (the
panel window and rotation, as ``displayio`` drives it), the NeoPixel pin,
each key's GPIO and active level, and where the firmware keeps its NVM.
``board.mjs`` takes it as it is.
"""

import re

from minigam.hw import keys as K

# Where microcontroller.nvm lies in flash: stock CircuitPython's one
# sector, and the MINIGAM firmware's two (``minigam.host.firmware.build``).
NVM_STOCK = (0xFF000, 4096)
NVM_MINIGAM = (0xFE000, 8192)


class WiringError(ValueError):
    """A profile the emulator cannot wire: one line for the user."""


def pin_number(name):
    """The GPIO number of an RP2040 pin name (``GP12``)."""
    m = re.fullmatch(r"GP(\d+)", name or "")
    if not m:
        raise WiringError("pin %r is not an RP2040 GPIO" % (name,))
    return int(m.group(1))


def nvm_layout(uf2):
    """(flash offset, size) of the NVM of the firmware in ``uf2`` (a path):
    the MINIGAM firmware names its board "MINIGAM Pico"."""
    from minigam.host.firmware import uf2 as uf2_file
    with open(uf2, "rb") as f:
        blocks, _ = uf2_file.read_blocks(f.read())
    if b"MINIGAM Pico" in b"".join(data for _, data in sorted(blocks)):
        return NVM_MINIGAM
    return NVM_STOCK


def wiring(profile, uf2):
    """The JSON-ready wiring of ``profile`` running the firmware ``uf2``."""
    from minigam.hw import pins
    from minigam.host.hardware.chips import emulated_profiles
    if profile not in pins.PROFILES:
        raise WiringError("unknown profile %r" % profile)
    if profile not in emulated_profiles():
        raise WiringError("profile %s is not an RP2040 or RP2350 build"
                          % profile)
    data = pins.PROFILES[profile]
    disp = data["display"]
    nvm_offset, nvm_size = nvm_layout(uf2)
    return {
        "profile": profile,
        "spi": 1 if disp["sck"] in ("GP10", "GP14", "GP26") else 0,
        "dc": pin_number(disp["dc"]),
        "cs": pin_number(disp["cs"]),
        "pixel": pin_number((data.get("neopixel") or {}).get("pin")
                            or "GP22"),
        "width": disp["width"],
        "height": disp["height"],
        "col0": disp.get("colstart") or 0,
        "row0": disp.get("rowstart") or 0,
        "rotation": disp.get("rotation") or 0,
        "nvm_offset": nvm_offset,
        "nvm_size": nvm_size,
        "keys": {K.key_name(K.key_code(name)): [pin_number(pin),
                                                 1 if active else 0]
                 for name, (pin, active) in data["keys"].items()},
    }
