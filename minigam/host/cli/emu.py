"""``emu [--profile P] [--keys SCRIPT] [--screenshot OUT.png | --screenshot-dir
DIR] [--firmware UF2]``: the real CircuitPython firmware on an emulated Pico.

A second simulator: the same key scripts as ``sim --headless``, run by
CircuitPython 10.2.1 (or the MINIGAM firmware) on rp2040js, with the
CIRCUITPY drive ``deploy`` would write. The board's console is printed as it
runs. Times are the emulator's virtual clock, with the Pico's XIP flash
cache modelled (``--flash-cache off``: flash as fast as RAM, optimistic).
"""

import argparse
import sys


def main(argv):
    from minigam.host.simulator import sim
    from minigam.host.emu import device
    ap = argparse.ArgumentParser(
        prog="minigam.host emu",
        description="Run MINIGAM on the real CircuitPython firmware in an "
                    "emulated RP2040 (headless).",
        epilog="Key script tokens as for sim: A B X Y UP DOWN LEFT RIGHT "
               "PRESS, A*3, A*until:STATE, X+Y, wait:MS, await:STATE, shot.")
    ap.add_argument("--profile", default="pico-st7789",
                    help="an RP2040 profile (default: pico-st7789)")
    ap.add_argument("--keys", default="", help="key script")
    ap.add_argument("--keys-file", help="read the key script from a file")
    ap.add_argument("--screenshot", metavar="PNG", help="write the final screen")
    ap.add_argument("--screenshot-dir", metavar="DIR",
                    help="write one PNG per step, or per 'shot'")
    ap.add_argument("--scale", type=int, default=1, help="PNG pixel scale")
    ap.add_argument("--settle", type=int, default=sim.SETTLE_MS, metavar="MS",
                    help="emulated time to run after the key script")
    ap.add_argument("--firmware", metavar="UF2",
                    help="firmware to run (default: stock CircuitPython "
                         "10.2.1 from the firmware folder; the MINIGAM "
                         "firmware from make firmware gets a drive of "
                         "entry files only)")
    ap.add_argument("--bootrom", metavar="BIN", help="RP2040 boot ROM")
    ap.add_argument("--quiet", action="store_true",
                    help="do not print the board's console")
    ap.add_argument("--flash-cache", choices=("on", "off"), default="on",
                    help="model the Pico's XIP flash cache (default on; off: "
                    "flash as fast as RAM, optimistic)")
    args = ap.parse_args(argv)
    if not 1 <= args.scale <= 16:
        ap.error("--scale must be 1..16")
    if args.settle < 0:
        ap.error("--settle must be >= 0")
    try:
        script = sim.read_script(args.keys, args.keys_file)
        sim.parse_script(script)  # report a bad script before booting
        frozen = bool(args.firmware) and carries_drive(args.firmware)
        session = device.EmuSession(
            args.profile, files=device.drive_files(args.profile, frozen=frozen),
            uf2=args.firmware, bootrom=args.bootrom,
            echo=None if args.quiet else sys.stdout,
            flash_cache=args.flash_cache == "on")
        session.boot()
        sim.run_headless(args.profile, script, args.screenshot,
                         args.screenshot_dir, args.scale, None, args.settle,
                         out=sys.stdout, session=session)
        session.check()
        sys.stdout.write("\nemulated time %.1f s (%s)\n" % (
            session.now / 1000.0, "flash cache modelled"
            if session.flash_cache else "optimistic: flash as fast as RAM"))
        return 0
    except sim.SimError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2


def carries_drive(path):
    """True for a UF2 with a CIRCUITPY image (the MINIGAM firmware, whose
    game is frozen in: the drive then gets only the entry files, as the
    package on CIRCUITPY would shadow the frozen one)."""
    from minigam.host.firmware import uf2
    from minigam.host.firmware.build import DRIVE_OFFSET
    try:
        with open(path, "rb") as f:
            blocks, _ = uf2.read_blocks(f.read())
    except (OSError, uf2.UF2Error):
        return False  # EmuSession reports it
    return any(a >= uf2.XIP_BASE + DRIVE_OFFSET for a, _ in blocks)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
