"""``replay FILE`` (``-`` for stdin): check a game record turn by turn.

Prints the final position of each record in the file (a match is a sequence
of records), or ``error: line N: <reason>`` and exits with 2. Never a
traceback: a missing file, an empty file or binary data is an error too.
"""

import sys

from minigam.notation import format_position
from minigam.record import RecordError, replay


def read_text(data):
    """Decode ``data`` (bytes) as UTF-8 text; ``RecordError`` naming the
    line of the first bad byte otherwise."""
    bad = data.find(b"\0")
    why = "binary data (a NUL byte)"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if bad < 0 or exc.start < bad:
            bad = exc.start
            why = "not UTF-8 text (binary data?)"
    if bad >= 0:
        raise RecordError(data.count(b"\n", 0, bad) + 1, why)
    return text


def read_bytes(name):
    """The bytes of file ``name`` (``-``: stdin); OSError if unreadable."""
    if name == "-":
        return sys.stdin.buffer.read()
    with open(name, "rb") as f:
        return f.read()


def main(argv):
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        sys.stderr.write("usage: python -m minigam.host replay FILE\n")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    name = argv[0]
    try:
        data = read_bytes(name)
    except OSError as exc:
        sys.stdout.write("error: cannot read %s: %s\n"
                         % (name, exc.strerror or exc))
        return 2
    try:
        games = replay(read_text(data))
    except RecordError as exc:
        sys.stdout.write("error: %s\n" % exc)
        return 2
    for game in games:
        sys.stdout.write(format_position(game.pos) + "\n")
    return 0
