"""``solve [--full-entry] [--checkers N] [--report]``: the exact solution.

Without ``--report``: solve the variant (standard, or Full-Entry with
``--full-entry``) and write its table to the cache (``cache/`` in the repo,
or ``$MINIGAM_CACHE``), replacing any cached one.

With ``--report``: for both variants, the first mover's win probability
from the start, averaged over the 15 non-double opening rolls (each played
perfectly), plus each roll's figure; tables are solved (and cached) only if
not cached yet.
"""

import argparse
import sys

from minigam.quarter.rules import Rules
from minigam.host.aitools.quarter import solver


def _log(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def _name(full_entry):
    return "Full-Entry" if full_entry else "standard"


def _describe(table):
    meta = table.meta
    return ("%d positions, %s, %d sweeps to change < %g, "
            "Bellman residual %.1e, solved in %.1f s (%.1f s CPU)"
            % (table.size, table_file(table), meta.get("sweeps", 0),
               meta.get("tolerance", 0), meta.get("bellman_residual", -1),
               meta.get("seconds", -1), meta.get("cpu_seconds", -1)))


def table_file(table):
    return solver.table_path(table.full_entry, table.checkers)


def report(checkers, verbose, out):
    for fe in (False, True):
        table = solver.load(fe, checkers)
        if table is None:
            _log("no cached %s table: solving (takes minutes for 8 checkers)"
                 % _name(fe))
            table = solver.load_or_solve(fe, checkers,
                                         log=_log if verbose else None)
        rules = Rules(checkers=checkers, full_entry=fe)
        from minigam.quarter.rules import new_position
        start = new_position(checkers)
        per_roll = []
        for a, b in solver.OPENING_ROLLS:
            eq = solver.result_equities(table, rules, start, a, b)[0][0]
            per_roll.append((a, b, eq))
        avg = sum(e for _, _, e in per_roll) / len(per_roll)
        out.write("%s, %d checkers: first mover wins %.6f "
                  "(average over the 15 opening rolls)\n"
                  % (_name(fe), checkers, avg))
        out.write("  by roll: %s\n" % " ".join(
            "%d-%d:%.4f" % (b, a, e) for a, b, e in per_roll))
        out.write("  table: %s\n" % _describe(table))
        out.flush()
    return 0


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host solve")
    ap.add_argument("--full-entry", action="store_true",
                    help="the Full-Entry variant (ignored with --report)")
    ap.add_argument("--checkers", type=int, default=8,
                    help="checkers per side, 1..8 (default 8)")
    ap.add_argument("--report", action="store_true",
                    help="print the opening win probability of both "
                         "variants, solving only what is not cached")
    ap.add_argument("-q", "--quiet", action="store_true",
                    help="no per-layer progress")
    args = ap.parse_args(argv)
    if not 1 <= args.checkers <= 8:
        sys.stderr.write("error: --checkers must be 1..8\n")
        return 2
    try:
        if args.report:
            return report(args.checkers, not args.quiet, sys.stdout)
        table = solver.solve(args.checkers, args.full_entry,
                             log=None if args.quiet else _log)
        path = solver.save(table)
    except OSError as exc:
        sys.stderr.write("error: cannot write the table: %s\n" % exc)
        return 1
    print("%s, %d checkers: %s" % (_name(args.full_entry), args.checkers,
                                   _describe(table)))
    print("wrote %s" % path)
    return 0
