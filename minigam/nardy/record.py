"""Plain-text records of Long Nardy games: written from ``NardyGame``'s
turn log, read back with every turn checked (host only).

One record a game; a session or a match is a sequence of records::

    Long Nardy record 1
    start: 24x15/12x15/w
    opening: 5-3
    1. w 6-6 24/18 24/18 => 24x13,18x2/12x15/b
    2. b 6-5 12/6 6/1 => 24x13,18x2/12x14,1/w
    3. w 2-2 pass => 24x13,18x2/12x14,1/b
    ...
    winner: w mars

* ``start``: the position before turn 1, in Long Nardy's notation
  (``minigam.nardy.notation``: board points as White numbers them), the
  player to move on roll;
* ``opening``: the opening roll, White's die then Black's (no ties): the
  higher starts, with the start position, and rolls both dice again for
  turn 1. Absent when a record starts elsewhere (its first turn may have
  any number; the following ones count up by one);
* a turn: its number, the player (``w``/``b``), the roll, the moves in the
  rule book's notation (one a die: ``24/18``, ``5/off``, in board points;
  ``pass`` when no die can be played) and, after ``=>``, the position
  after the play, the turn passed;
* ``winner``: ``w`` or ``b`` and ``oin`` (1 point) or ``mars`` (2), after
  the winning turn and only there.

Blank lines and lines starting with ``#`` are ignored. Checked turn by
turn through ``NardyGame``: the player to move, each move legal with a
die left, the play complete (no die left that could still be played),
the position written and the winner line. The rules are the rule book's
with the first-turn exception to the head rule.

``export(game) -> str``: the record of a ``NardyGame`` (confirmed turns);
``read(text) -> [NardyGame, ...]``: every record checked, each game at its
end; raises ``RecordError`` (``minigam.core.record``'s: ``.line``,
``.reason``, ``str()`` ``line N: reason``) and no other exception.
"""

from minigam.core.record import (RecordError, field, match, show, skip,
                                 turn_head)
from minigam.nardy.game import GameError, NardyGame, ROLL
from minigam.nardy.notation import (NotationError, format_play,
                                    format_position, parse_position)
from minigam.nardy.rules import CHECKERS, HEAD, OFF, TURN, BLOCK
from minigam.quarter.notation import NotationError as RollError, parse_roll

HEADER = "Long Nardy record 1"
SIDE = {1: "w", 2: "b"}
KIND = {1: "oin", 2: "mars"}


def board_point(player, i):
    """The board point (White's numbering) of ``player``'s index ``i``."""
    if player == 2:
        i = i + 12 if i <= 12 else i - 12
    return 25 - i


def index_of(player, point):
    """``player``'s index of board point ``point`` (its own inverse)."""
    return 25 - board_point(player, 25 - point)


def export(game):
    """The record of ``game`` (see the module docstring)."""
    start = game.start if game.start is not None else game.pos
    out = [HEADER, "start: " + format_position(start)]
    if game.opening:
        out.append("opening: %d-%d" % game.opening)
    pos = bytearray(start)
    n = game.first_turn
    for player, d1, d2, steps in game.turns:
        m = 0 if player == 1 else BLOCK
        for s, d, _ in steps:
            game._do(pos, m, s, d)
        game.pass_turn(pos)
        n += 1
        out.append("%d. %s %d-%d %s => %s" % (
            n, SIDE[player], d1, d2, format_play(player, steps),
            format_position(pos)))
    if game.winner:
        out.append("winner: %s %s" % (SIDE[game.winner],
                                      KIND[game.points]))
    return "\n".join(out) + "\n"


def read(text):
    """Check every record of ``text``; see the module docstring."""
    if not isinstance(text, str):
        raise RecordError(1, "a record must be text")
    lines = text.split("\n")
    games = []
    k = skip(lines, 0)
    while k < len(lines):
        s = lines[k].strip()
        if s != HEADER:
            raise RecordError(k + 1, "expected '%s', got %s"
                              % (HEADER, show(s)))
        try:
            game, k = _record(lines, k + 1)
        except RecordError:
            raise
        except Exception as exc:  # never anything but RecordError
            raise RecordError(k + 1, "unreadable record: %s" % exc)
        games.append(game)
        k = skip(lines, k)
    if not games:
        raise RecordError(1, "empty record: expected '%s'" % HEADER)
    return games


def _record(lines, k):
    game = NardyGame()
    v, k = field(lines, k, "start")
    try:
        start = parse_position(v)
    except NotationError as exc:
        raise RecordError(k + 1, "bad start position: %s" % exc)
    k = skip(lines, k + 1)
    if k < len(lines) and lines[k].strip().startswith("opening:"):
        try:
            a, b = parse_roll(lines[k].strip()[8:].strip())
            if start[HEAD] != CHECKERS or start[BLOCK + HEAD] != CHECKERS:
                raise GameError("an opening roll needs all 30 checkers on "
                                "their heads at the start")
            if a == b:
                raise GameError("opening tie %d-%d: it is thrown again"
                                % (a, b))
            if start[TURN] != (1 if a > b else 2):
                raise GameError("the start must have %s, the opening's "
                                "winner, on roll" % SIDE[1 if a > b else 2])
            game.start_game((a, b))
        except (NotationError, RollError, GameError) as exc:
            raise RecordError(k + 1, "bad opening: %s" % exc)
        k += 1
    else:
        game.setup(start)
    last = k
    won = False
    while True:
        k = skip(lines, k)
        if k >= len(lines) or lines[k].strip() == HEADER:
            break
        s = lines[k].strip()
        try:
            if s.startswith("winner:"):
                if won:
                    raise GameError("a second winner line")
                _winner(game, s[7:].split())
                won = True
            elif won:
                raise GameError("a line after the winner line: %s"
                                % show(s))
            else:
                _turn(game, s)
                last = k
        except (NotationError, RollError, GameError) as exc:
            raise RecordError(k + 1, str(exc))
        k += 1
    if game.winner and not won:
        raise RecordError(last + 1, "%s has won: the 'winner: %s %s' line "
                          "is missing" % (SIDE[game.winner],
                                          SIDE[game.winner],
                                          KIND[game.points]))
    return game, k


def _winner(game, toks):
    want = "%s %s" % (SIDE.get(game.winner), KIND.get(game.points))
    if len(toks) != 2 or toks[0] not in ("w", "b") \
            or toks[1] not in ("oin", "mars"):
        raise GameError("a winner line is 'winner: w|b oin|mars', got %s"
                        % show(" ".join(toks)))
    if not game.winner:
        raise GameError("winner: %s, but the game is not over"
                        % " ".join(toks))
    if " ".join(toks) != want:
        raise GameError("winner: %s, but the game ended %s"
                        % (" ".join(toks), want))


def _turn(game, s):
    player, toks, right = turn_head(game, s, ("w", "b"), GameError)
    if game.state != ROLL:
        raise GameError("the game is not at a roll")
    a, b = parse_roll(toks[2])
    game.roll(a, b)
    words = toks[3:]
    if words == ["pass"]:
        if not game.must_pass:
            raise GameError("'pass', but %s can play %d-%d"
                            % (toks[1], a, b))
    elif game.must_pass:
        raise GameError("%s has no legal move with %d-%d: the play must be "
                        "'pass'" % (toks[1], a, b))
    else:
        moves = [_move(player, w) for w in words]
        err = match(game, moves, words, 0, OFF, GameError)
        if err:
            raise GameError(err)
    game.confirm()
    try:
        want = parse_position(right.strip())
    except NotationError as exc:
        raise GameError("bad position after the play: %s" % exc)
    if want != game.pos:
        raise GameError("the play gives %s, not %s"
                        % (format_position(game.pos), right.strip()))


def _move(player, word):
    """``a/b`` -> (source index, target index; ``OFF`` for off)."""
    a, slash, b = word.partition("/")
    try:
        if not slash or not a.isdigit() or not (b.isdigit() or b == "off"):
            raise ValueError
        p = int(a)
        q = 0 if b == "off" else int(b)
        if not 1 <= p <= 24 or not (b == "off" or 1 <= q <= 24):
            raise ValueError
    except ValueError:
        raise GameError("a move is '<point>/<point>' or '<point>/off' "
                        "(points 1-24), got %s" % show(word))
    src = index_of(player, p)
    dst = OFF if b == "off" else index_of(player, q)
    if dst <= src:
        raise GameError("move %s goes backwards" % word)
    return src, dst, None  # (nothing is ever hit)
