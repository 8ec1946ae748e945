"""``legal [--full-entry]``: distinct legal results of ``<position> <roll>`` lines.

Each non-blank input line gives one output line: the resulting positions
(turn passed) in canonical notation, sorted as strings, joined by ``;``; a
pass gives the position itself with the turn passed. A finished game has no
result (an empty line; the rule book (docs/rules/minigam.md) ends the game
with the winning play). Blank input lines are skipped. A bad line prints
``error: <reason>`` and the next lines are still answered; the exit status
is 2 if any line was bad.
"""

import argparse
import io
import sys

from minigam.notation import NotationError, format_position, parse_position, parse_roll
from minigam.rules import Rules


def parse_query(line):
    """``"<position> <d1>-<d2>"`` -> ``(pos, d1, d2)``; raises NotationError."""
    parts = line.split()
    if len(parts) != 2:
        raise NotationError("expected '<position> <d1>-<d2>', got %d field%s"
                            % (len(parts), "" if len(parts) == 1 else "s"))
    pos = parse_position(parts[0])
    d1, d2 = parse_roll(parts[1])
    return pos, d1, d2


def run_lines(lines, out, answer):
    """Answer each non-blank query line with ``answer(pos, d1, d2)`` (a
    string), or ``error: ...``. Returns the exit status."""
    status = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            pos, d1, d2 = parse_query(line)
            text = answer(pos, d1, d2)
        except NotationError as exc:
            text = "error: %s" % exc
            status = 2
        except Exception as exc:  # never a traceback for a user
            text = "error: internal error: %s" % exc
            status = 2
        out.write(text + "\n")
    return status


def stdin_lines():
    """Standard input as text lines; undecodable bytes become U+FFFD so a
    garbage line gets an error line instead of a traceback."""
    return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8",
                            errors="replace")


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host legal")
    ap.add_argument("--full-entry", action="store_true",
                    help="the Full-Entry variant")
    args = ap.parse_args(argv)
    rules = Rules(full_entry=args.full_entry)

    def answer(pos, d1, d2):
        return ";".join(sorted(format_position(p)
                               for p in rules.results(pos, d1, d2)))

    return run_lines(stdin_lines(), sys.stdout, answer)
