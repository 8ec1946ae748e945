"""``deploy PATH [--profile P] [--dry-run] [--force] [--no-libs] [--mpy-cross
PATH | --py] | --zip OUT``.

Copies MINIGAM onto a mounted CIRCUITPY drive (see ``minigam.host.hardware.deploy``
for exactly what ships and what is never touched), or builds a release zip.
"""

import argparse
import sys

from minigam.host.hardware import deploy


def main(argv):
    ap = argparse.ArgumentParser(
        prog="minigam.host deploy",
        description="Copy MINIGAM to a CIRCUITPY drive, or build a zip.")
    ap.add_argument("path", nargs="?",
                    help="the mounted CIRCUITPY drive (e.g. /media/$USER/CIRCUITPY, "
                    "/Volumes/CIRCUITPY, E:\\); default: the one CircuitPython "
                    "drive found mounted")
    ap.add_argument("--profile", help="hardware profile (default: detected "
                    "from boot_out.txt's board id, else %s)"
                    % deploy.DEFAULT_PROFILE)
    ap.add_argument("--dry-run", action="store_true",
                    help="show what would be copied; write nothing")
    ap.add_argument("--force", action="store_true",
                    help="write to a folder without boot_out.txt")
    ap.add_argument("--no-libs", action="store_true",
                    help="do not copy libraries to lib/ (e.g. you used circup)")
    ap.add_argument("--zip", metavar="OUT",
                    help="build a release zip instead of writing a drive "
                    "(OUT a folder: named minigam-<version>-circuitpython<N>-"
                    "<profile>.zip)")
    ap.add_argument("--mpy-cross", metavar="PATH",
                    help="CircuitPython's mpy-cross for the drive's major "
                         "version (default: the firmware folder's, for 10.x)")
    ap.add_argument("--py", action="store_true",
                    help="copy .py source, not .mpy")
    ap.add_argument("--list-profiles", action="store_true",
                    help="print the profile names and exit")
    args = ap.parse_args(argv)
    try:
        if args.list_profiles:
            print("\n".join(deploy.profile_names()))
            return 0
        if args.zip:
            if args.path:
                ap.error("give either PATH or --zip OUT, not both")
            deploy.build_zip(args.zip, args.profile,
                             with_libs=not args.no_libs, out=sys.stdout,
                             mpy_cross=args.mpy_cross, mpy=not args.py)
            return 0
        if not args.path:
            drives = deploy.find_drives()
            if len(drives) != 1:
                raise deploy.DeployError(
                    "give the CIRCUITPY drive's path (%s)" % (
                        "found several: " + ", ".join(drives) if drives else
                        "no mounted CircuitPython drive found; is the board "
                        "plugged in with CircuitPython installed?"))
            args.path = drives[0]
            print("drive: %s" % args.path)
        deploy.deploy_to(args.path, args.profile, force=args.force,
                         dry_run=args.dry_run, with_libs=not args.no_libs,
                         out=sys.stdout, mpy_cross=args.mpy_cross,
                         mpy=not args.py)
        return 0
    except deploy.DeployError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    except OSError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 1
