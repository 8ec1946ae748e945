"""``sim [--profile P] [--text] [--headless --keys SCRIPT --screenshot OUT.png
| --screenshot-dir DIR]``: the handheld app on a PC.

Opens a window (pygame-ce); where no window can open (no display, SSH, a
DISPLAY naming no X server) or with ``--text`` it plays in the terminal
instead. ``--headless`` runs a key
script (see ``minigam.host.simulator.sim``) and writes PNGs of the real screens.
The board's NVM (the saved games, settings and statistics) is kept in a
file in the user's data directory (``minigam.host.simulator.sim.nvm_path``),
so they survive a restart as on the device; ``--fresh`` starts with a blank
one. ``--mat FILE`` writes the Backgammon games played as a GNU Backgammon
``.mat`` file (after each game and on quitting; a second match or money
session goes to ``FILE-2``, and so on; ``minigam.host.bgmat.Recorder``).
"""

import argparse
import os
import sys


def _on_terminal():
    """True when the terminal mode can run (stdin and stdout a tty)."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _play(sim, session, args):
    """The window; where none can open, or with ``--text``, the terminal
    (with one line saying why, when the reason would surprise: a DISPLAY
    with no server, SDL falling back to an invisible window)."""
    why = None
    if not args.text:
        ok, why = sim.window_check()
        if ok:
            try:
                sim.run_window(session, args.scale, args.quit_after)
                return
            except sim.NoWindow as exc:
                why = str(exc)
            except sim.SimError:
                raise
            except Exception as exc:  # SDL could not open a window
                if "pygame" not in type(exc).__module__ and \
                        type(exc).__name__ != "error":
                    raise
                why = "no window (%s)" % exc
    if why:
        sys.stderr.write("note: %s%s\n" % (
            why, "; playing in the terminal" if _on_terminal() else ""))
    from minigam.host.simulator import sim_text
    sim_text.run_text(session, max_ms=args.quit_after)


def main(argv):
    from minigam.host.simulator import sim
    ap = argparse.ArgumentParser(
        prog="minigam.host sim",
        description="Run the MINIGAM handheld app in a desktop simulator.",
        epilog="Key script tokens: %s. STATE: %s." % (
            sim.TOKENS, " ".join(sim._state_names())))
    ap.add_argument("--profile", help="hardware profile, e.g. pybadge "
                    "(default: pico-st7789)")
    ap.add_argument("--text", action="store_true",
                    help="play in the terminal (Unicode half blocks)")
    ap.add_argument("--headless", action="store_true",
                    help="no window: run --keys, write screenshots")
    ap.add_argument("--keys", default="", help="key script (headless)")
    ap.add_argument("--keys-file", help="read the key script from a file")
    ap.add_argument("--screenshot", metavar="PNG",
                    help="write the final screen (headless)")
    ap.add_argument("--screenshot-dir", metavar="DIR",
                    help="write one PNG per step, or per 'shot' (headless)")
    ap.add_argument("--scale", type=int, default=None,
                    help="pixel scale of the window or the PNGs")
    ap.add_argument("--seed", type=int, default=None,
                    help="dice seed, for repeatable games")
    ap.add_argument("--settle", type=int, default=sim.SETTLE_MS, metavar="MS",
                    help="app time to run after the key script (headless)")
    ap.add_argument("--docs", metavar="DIR",
                    help="regenerate the README's pictures into DIR "
                         "(e.g. docs/img)")
    ap.add_argument("--mat", metavar="FILE",
                    help="write the Backgammon games played to FILE (GNU "
                         "Backgammon's .mat; a next match to FILE-2 ...)")
    ap.add_argument("--fresh", action="store_true",
                    help="start with a blank NVM (no saved game, default "
                         "settings and statistics), kept in memory only: "
                         "the file of earlier runs is left as it is")
    ap.add_argument("--quit-after", type=int, default=None, metavar="MS",
                    help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.scale is not None and not 1 <= args.scale <= 16:
        ap.error("--scale must be 1..16")
    if args.settle < 0:
        ap.error("--settle must be >= 0")
    headless = args.headless or args.screenshot or args.screenshot_dir
    try:
        script = sim.read_script(args.keys, args.keys_file)
        if args.docs:
            sim.run_docs(args.docs, out=sys.stdout, scale=args.scale or 1)
            return 0
        if headless:
            if not (args.screenshot or args.screenshot_dir or args.mat):
                sys.stderr.write("note: --headless without --screenshot or "
                                 "--screenshot-dir writes nothing\n")
            sim.parse_script(script)  # report a bad script before starting
            session = None
            if args.mat:
                session = sim.Session(args.profile, args.seed, mat=args.mat)
            sim.run_headless(args.profile, script, args.screenshot,
                             args.screenshot_dir, args.scale or 1, args.seed,
                             args.settle, out=sys.stdout, session=session)
            for path in getattr(session, "mat_files", ()):
                sys.stdout.write("wrote %s\n" % path)
            return 0
        if script:
            raise sim.SimError("--keys needs --headless")
        try:
            from minigam.host.aitools.quarter import perfect
            make_perfect = perfect.factory()
        except ImportError:  # make play's set-up has no numba (make test's has)
            make_perfect = None
        if make_perfect is None:
            sys.stderr.write("note: no exact table cached, so no Perfect AI "
                             "level ('python -m minigam.host solve' makes "
                             "it in minutes, after make test's set-up)\n")
        nvm = None
        if not args.fresh:
            from minigam.hw.pins import DEFAULT_PROFILE
            nvm = sim.nvm_path(args.profile or DEFAULT_PROFILE)
            sys.stderr.write("note: saves, settings and statistics are kept "
                             "in %s (--fresh: start clean)\n" % nvm)
        session = sim.Session(args.profile, args.seed, make_perfect,
                              mat=args.mat, nvm=nvm)
        try:
            _play(sim, session, args)
            return 0
        finally:
            session.close()
            for path in getattr(session, "mat_files", ()):
                sys.stderr.write("wrote %s\n" % path)
    except sim.SimError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    except OSError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 1
    except Exception as exc:  # a bug in the app: say where, in one line
        import traceback
        where = traceback.extract_tb(exc.__traceback__)[-1]
        sys.stderr.write("error: the app raised %s: %s (%s:%d)\n" % (
            type(exc).__name__, exc, where.filename, where.lineno))
        return 3


if __name__ == "__main__":  # pragma: no cover
    os._exit(main(sys.argv[1:]) or 0)
