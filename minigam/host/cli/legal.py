"""``legal [--full-entry] [--game minigam|backgammon|nardy]``: distinct
legal results of ``<position> <roll>`` lines.

Each non-blank input line gives one output line: the resulting positions
(turn passed) in canonical notation, sorted as strings, joined by ``;``; a
pass gives the position itself with the turn passed. A finished game has no
result (an empty line; the rule book (docs/rules/minigam.md) ends the game
with the winning play). Blank input lines are skipped. A bad line prints
``error: <reason>`` and the next lines are still answered; the exit status
is 2 if any line was bad.

``--game backgammon`` (standard backgammon, ``minigam.bg``): each line is
``<position-id> <d1>-<d2>``, a GNU Backgammon Position ID with its player on
roll as gnubg encodes it (the ID's second block; ``minigam.bg.ids``). The
output is the Position IDs of the distinct boards after each legal play,
the mover *still on roll* (so the ID's second block is the mover's board
after the play), sorted as strings and ``;``-joined. When no play is legal
the line is the position itself (gnubg lists no move then, and its game
records keep the board). A finished game (either side has borne off all
15) has no result: an empty line (gnubg would still list the plays of the
side on roll if only its opponent had finished).

``--game nardy`` (Long Nardy, ``minigam.nardy``): each line is
``<position> <d1>-<d2>``, the position in Long Nardy's notation
(``minigam.nardy.notation``, e.g. ``24x15/12x15/w``). The output is the
distinct positions after each legal play, the turn passed (so the last
field names the opponent), in that notation, sorted as strings and
``;``-joined; a pass prints the position with the turn passed; a finished
game has no result (an empty line).
"""

import argparse
import io
import sys

from minigam.bg.ids import IdError
from minigam.nardy.notation import NotationError as NardyNotationError
from minigam.quarter.notation import NotationError, format_position, parse_position, parse_roll
from minigam.quarter.rules import Rules

# The games of ``ai`` (which imports this tuple) and of ``legal``.
GAMES = ("minigam", "backgammon", "nardy")
LEGAL_GAMES = GAMES


def split_query(line, what="<position>"):
    """A query line's two fields, ``(position, roll)``; raises
    NotationError when there are not two."""
    parts = line.split()
    if len(parts) != 2:
        raise NotationError("expected '%s <d1>-<d2>', got %d field%s"
                            % (what, len(parts),
                               "" if len(parts) == 1 else "s"))
    return parts


def parse_query(line):
    """``"<position> <d1>-<d2>"`` -> ``(pos, d1, d2)``; raises NotationError."""
    text, roll = split_query(line)
    pos = parse_position(text)
    d1, d2 = parse_roll(roll)
    return pos, d1, d2


def parse_bg_query(line):
    """``"<position-id> <d1>-<d2>"`` -> ``(pos, d1, d2)``, the ID's player
    on roll as Player 1; raises NotationError or IdError."""
    from minigam.bg.ids import parse_position_id
    text, roll = split_query(line, "<position-id>")
    pos = parse_position_id(text)
    d1, d2 = parse_roll(roll)
    return pos, d1, d2


def bg_answerer():
    """``answer(pos, d1, d2)`` for ``--game backgammon`` (see above)."""
    from minigam.bg.ids import format_position_id
    from minigam.bg.rules import Rules as BgRules, winner as bg_winner
    rules = BgRules()

    def answer(pos, d1, d2):
        if bg_winner(pos):
            return ""
        n = rules.plays(pos, d1, d2)
        if n == 0:
            return format_position_id(pos)
        return ";".join(sorted(
            format_position_id(rules.result(pos, k, pass_turn=False))
            for k in range(n)))

    return answer


def parse_nardy_query(line):
    """``"<position> <d1>-<d2>"`` in Long Nardy's notation -> ``(pos, d1,
    d2)``; raises NotationError (MINIGAM's, for the roll and the fields) or
    Long Nardy's."""
    from minigam.nardy.notation import parse_position as parse_nardy
    text, roll = split_query(line)
    pos = parse_nardy(text)
    d1, d2 = parse_roll(roll)
    return pos, d1, d2


def nardy_answerer(head_doubles=True):
    """``answer(pos, d1, d2)`` for ``--game nardy`` (see above)."""
    from minigam.nardy.notation import format_position as format_nardy
    from minigam.nardy.rules import Rules as NardyRules
    rules = NardyRules(head_doubles=head_doubles)

    def answer(pos, d1, d2):
        return ";".join(sorted(format_nardy(p)
                               for p in rules.results(pos, d1, d2)))

    return answer


def run_lines(lines, out, answer, parse=parse_query, err=None):
    """Answer each non-blank query line, read by ``parse`` (a tuple, most
    often ``(pos, d1, d2)``), with ``answer(*query)`` (a string), or
    ``error: ...`` (on ``err`` when given, else in the answers' place).
    Returns the exit status."""
    status = 0
    for line in lines:
        if not line.strip():
            continue
        bad = True
        try:
            text = answer(*parse(line))
            bad = False
        except (NotationError, IdError, NardyNotationError) as exc:
            text = "error: %s" % exc
        except Exception as exc:  # never a traceback for a user
            text = "error: internal error: %s" % exc
        if bad:
            status = 2
        if bad and err is not None:
            out.flush()
            err.write(text + "\n")
            err.flush()
            continue
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
    ap.add_argument("--game", choices=LEGAL_GAMES, default="minigam",
                    help="minigam (default), backgammon (lines of "
                    "'<gnubg position-id> <d1>-<d2>') or nardy (Long Nardy: "
                    "lines of '<position> <d1>-<d2>', e.g. '24x15/12x15/w "
                    "6-5')")
    args = ap.parse_args(argv)
    if args.game == "nardy":
        if args.full_entry:
            ap.error("--full-entry is a MINIGAM variant, not Long Nardy's")
        return run_lines(stdin_lines(), sys.stdout, nardy_answerer(),
                         parse_nardy_query)
    if args.game == "backgammon":
        if args.full_entry:
            ap.error("--full-entry is a MINIGAM variant, not backgammon's")
        return run_lines(stdin_lines(), sys.stdout, bg_answerer(),
                         parse_bg_query)
    rules = Rules(full_entry=args.full_entry)

    def answer(pos, d1, d2):
        return ";".join(sorted(format_position(p)
                               for p in rules.results(pos, d1, d2)))

    return run_lines(stdin_lines(), sys.stdout, answer)
