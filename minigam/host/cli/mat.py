"""``mat [CONSOLE] [-o OUT]``: the handheld's Backgammon games as ``.mat``
files GNU Backgammon imports.

At each finished Backgammon game the handheld prints one line on its USB
serial console (``minigam.app.bg_app.report``)::

    minigam-bg MATCH SCORE1 SCORE2 WINNER POINTS LOG [jacoby]

(MATCH the match length, 0 for a money session; the scores before the
game; LOG the game's turn log in hex, ``minigam.core.turn_log.decode``;
``jacoby`` ends the line of a money game played with the Jacoby rule and
beavers).
Capture the console with any serial terminal (``screen``, ``tio``, Mu's
serial pane) into a file, then this command reads that file (``-`` or
none: stdin), keeps the ``minigam-bg`` lines (anything else on the
console is skipped) and writes the games as ``.mat`` text, each checked by
replaying it (``minigam.host.bgmat.read``). A game whose score before it
does not follow the previous game's (another match, or a game resumed
from a save, which prints nothing) starts a new match: to stdout they
follow one another, each with its header; with ``-o OUT`` the first goes
to OUT, the next to ``OUT-2``, and so on. A malformed line prints
``error: line N: <reason>`` and the exit status is 2.
"""

import argparse
import sys

from minigam.core.turn_log import decode as decode_log
from minigam.bg.rules import new_position
from minigam.host.bgmat import GameLog, MatError, export, read

TAG = "minigam-bg"


def parse_line(text, n):
    """``(match_to, GameLog, jacoby)`` of one console line; MatError
    naming line ``n`` when it is malformed."""
    f = text.split()
    jacoby = len(f) == 8 and f[7] == "jacoby"
    if len(f) != 7 + jacoby:
        raise MatError(n, "a %s line has 6 fields after its tag (and "
                       "'jacoby'), not %d" % (TAG, len(f) - 1))
    try:
        match_to, s1, s2, winner, points = (int(x) for x in f[1:6])
        log = bytes.fromhex(f[6])
    except ValueError:
        raise MatError(n, "fields must be numbers and a hex log: %r"
                       % text.strip()[:60])
    if winner not in (1, 2) or not 1 <= points <= 192 or min(s1, s2) < 0:
        raise MatError(n, "bad winner, points or scores")
    try:
        turns = decode_log(log)
    except ValueError as exc:
        raise MatError(n, str(exc))
    return (match_to, GameLog((s1, s2), turns, winner, points,
                              new_position()), jacoby)


def matches(text):
    """``[(match_to, [GameLog, ...], jacoby), ...]`` from console text: a
    game joins the previous match when its length and rules match and its
    score before follows the previous game's result."""
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.lstrip().startswith(TAG + " "):
            continue
        match_to, log, jacoby = parse_line(raw.strip(), n)
        if out and out[-1][0] == match_to and out[-1][2] == jacoby:
            prev = out[-1][1][-1]
            after = list(prev.score)
            after[prev.winner - 1] += prev.points
            if tuple(after) == log.score and not (
                    match_to and max(after) >= match_to):
                out[-1][1].append(log)
                continue
        out.append((match_to, [log], jacoby))
    return out


def to_mat(text):
    """The ``.mat`` texts of the console ``text``'s matches, each read
    back (replayed and checked) before it is returned."""
    out = []
    for match_to, logs, jacoby in matches(text):
        mat = export(logs, match_to, ("handheld-P1", "handheld-P2"), jacoby)
        read(mat, jacoby)  # every move legal, the scores and points right
        out.append(mat)
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m minigam.host mat",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("console", nargs="?", default="-",
                    help="captured console text (default: stdin)")
    ap.add_argument("-o", "--out", help="write .mat files here (OUT, OUT-2, "
                    "...) instead of stdout")
    args = ap.parse_args(argv)
    try:
        if args.console == "-":
            text = sys.stdin.buffer.read().decode("utf-8", "replace")
        else:
            with open(args.console, "rb") as f:
                text = f.read().decode("utf-8", "replace")
    except OSError as exc:
        sys.stdout.write("error: cannot read %s: %s\n"
                         % (args.console, exc.strerror or exc))
        return 2
    try:
        mats = to_mat(text)
    except MatError as exc:
        sys.stdout.write("error: %s\n" % exc)
        return 2
    if not mats:
        sys.stderr.write("no %s lines: no finished Backgammon game\n" % TAG)
        return 0
    if args.out is None:
        sys.stdout.write("\n".join(mats))
    else:
        for k, mat in enumerate(mats):
            name = args.out if not k else "%s-%d" % (args.out, k + 1)
            with open(name, "w") as f:
                f.write(mat)
            sys.stderr.write("wrote %s\n" % name)
    return 0
