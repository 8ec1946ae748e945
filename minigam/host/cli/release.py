"""``release [--out DIR] [--mpy-cross PATH] | --verify DIR``: write a
release's files (``minigam.host.release`` says which and why), or check a
folder's files against its SHA256SUMS."""

import argparse
import sys


def main(argv):
    from minigam.host import release
    ap = argparse.ArgumentParser(
        prog="minigam.host release",
        description="Write the release: the MINIGAM firmware UF2s for the "
                    "Pico, a .mpy zip for each board on stock CircuitPython, "
                    "release notes and SHA256SUMS.")
    ap.add_argument("--out", default="dist",
                    help="the folder (default dist; emptied of an earlier "
                         "release first)")
    ap.add_argument("--mpy-cross", metavar="PATH",
                    help="CircuitPython's mpy-cross (default: the firmware "
                         "folder's, for 10.x)")
    ap.add_argument("--verify", metavar="DIR",
                    help="check DIR's files against its SHA256SUMS instead")
    args = ap.parse_args(argv)
    if args.verify:
        problems = release.verify(args.verify)
        for problem in problems:
            sys.stderr.write("error: %s\n" % problem)
        return 1 if problems else 0
    try:
        release.release(args.out, mpy_cross=args.mpy_cross)
    except release.ReleaseError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    return 0
