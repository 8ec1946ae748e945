"""``replay [--game backgammon|nardy] FILE`` (``-`` for stdin): check a
game record turn by turn.

Prints the final position of each record in the file (a match is a sequence
of records), or ``error: line N: <reason>`` and exits with 2. Never a
traceback: a missing file, an empty file or binary data is an error too.

``--game backgammon`` reads a GNU Backgammon ``.mat`` file instead (as
``play --game backgammon`` prints and gnubg exports; ``minigam.host.bgmat``)
and prints, for each game, the GNU Backgammon Position ID of its final
position with the player the game left on roll (after a last play its
opponent, after a dropped double the doubler).

``--game nardy`` reads Long Nardy records (``minigam.nardy.record``, as
``play --game nardy`` prints them) and prints each game's final position
in Long Nardy's notation.
"""

import sys

from minigam.quarter.notation import format_position
from minigam.quarter.record import RecordError, replay


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


USAGE = ("usage: python -m minigam.host replay [--game backgammon|nardy] "
         "FILE\n")


def _game_arg(argv):
    """``(game, rest)``: ``--game NAME`` or ``--game=NAME`` taken out of
    ``argv``; ``game`` None when the option is malformed."""
    rest = list(argv)
    game = "minigam"
    for k, a in enumerate(rest):
        if a == "--game" or a.startswith("--game="):
            if a == "--game":
                value = rest[k + 1] if k + 1 < len(rest) else None
                del rest[k:k + 2]
            else:
                value = a[7:]
                del rest[k]
            game = value if value in ("minigam", "backgammon",
                                      "nardy") else None
            break
    return game, rest


def replay_bg(data):
    """The final Position ID of each game of ``.mat`` bytes ``data``;
    ``MatError`` if the file is bad."""
    from minigam.bg.ids import format_position_id
    from minigam.host.bgmat import MatError, read
    try:
        text = read_text(data)
    except RecordError as exc:
        raise MatError(exc.line, exc.reason)
    return [format_position_id(g.pos) for g in read(text).games]


def main(argv):
    game, argv = _game_arg(argv)
    if game is None or len(argv) != 1 or argv[0] in ("-h", "--help"):
        sys.stderr.write(USAGE)
        if game is None:
            sys.stderr.write("error: --game must be minigam, backgammon or "
                             "nardy\n")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    name = argv[0]
    try:
        data = read_bytes(name)
    except OSError as exc:
        sys.stdout.write("error: cannot read %s: %s\n"
                         % (name, exc.strerror or exc))
        return 2
    if game == "backgammon":
        from minigam.host.bgmat import MatError
        try:
            ids = replay_bg(data)
        except MatError as exc:
            sys.stdout.write("error: %s\n" % exc)
            return 2
        sys.stdout.write("".join(pid + "\n" for pid in ids))
        return 0
    if game == "nardy":
        from minigam.nardy import record as nardyrec
        from minigam.nardy.notation import format_position as format_nardy
        try:
            games = nardyrec.read(read_text(data))
        except RecordError as exc:
            sys.stdout.write("error: %s\n" % exc)
            return 2
        sys.stdout.write("".join(format_nardy(g.pos) + "\n" for g in games))
        return 0
    try:
        games = replay(read_text(data))
    except RecordError as exc:
        sys.stdout.write("error: %s\n" % exc)
        return 2
    for game in games:
        sys.stdout.write(format_position(game.pos) + "\n")
    return 0
