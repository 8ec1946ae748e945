"""``python -m minigam.host <command>``: the one entry point of host tools.

Each command lives in its own module ``minigam.host.cli.<name>`` exposing
``main(argv) -> int``, so commands stay independent and load lazily.
"""

import importlib
import sys

COMMANDS = {
    "legal": "list the distinct legal results of <position> <roll> lines",
    "perft": "count positions reachable from the start, by depth",
    "ai": "print the AI's chosen result for <position> <roll> lines",
    "play": "play games between AIs or scripted players, print records",
    "replay": "check a game record turn by turn",
    "mat": "the handheld's Backgammon games (its console) as .mat files",
    "review": "measure each decision of a game record against the best play",
    "solve": "solve MINIGAM exactly and cache/report the value table",
    "sim": "run the handheld app in a desktop simulator",
    "emu": "run the real firmware on an emulated Pico (headless)",
    "web": "build the browser page (make web) or serve it",
    "deploy": "copy MINIGAM to a CIRCUITPY drive",
    "release": "write dist/: the Pico UF2s, .mpy zips, notes, SHA256SUMS",
    "bench": "print speed, memory and size figures",
    "soak": "play many moves checking every invariant",
    "hwdocs": "regenerate hardware/ pin tables, wiring diagrams and case",
}


def usage(out):
    out.write("usage: python -m minigam.host <command> [args]\n\ncommands:\n")
    for name, text in COMMANDS.items():
        out.write("  %-8s %s\n" % (name, text))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help", "help"):
        usage(sys.stdout)
        return 0
    if argv[0] in ("-V", "--version"):
        from minigam.host.firmware.build import project_version
        sys.stdout.write("minigam %s\n" % project_version())
        return 0
    name = argv[0]
    if name not in COMMANDS:
        sys.stderr.write("error: unknown command %r\n" % name)
        usage(sys.stderr)
        return 2
    try:
        module = importlib.import_module("minigam.host.cli." + name)
    except ImportError as exc:
        sys.stderr.write("error: command %r is unavailable: %s\n" % (name, exc))
        return 2
    try:
        return module.main(argv[1:]) or 0
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
