"""Plain-text game records: export a game, replay a record checking each turn.

Format (one record per game; a match is a sequence of records)::

    MINIGAM record 1
    variant: standard                      (or: full-entry)
    start: 0,0,0,0,0,0/8,8/0,0/1
    opening: 3-1                           (P1's die, P2's die; no ties)
    1. P1 3-1 bar/3 3/4 => 0,0,0,1,0,0/7,8/0,0/2
    2. P2 5-5 bar/2 bar/2 => ...
    winner: P1

``start`` is the position before turn 1 (the opening winner to move). The
``opening`` line is absent when a record starts elsewhere (a game resumed
from a save); its first turn may then have any number, and the following
ones count up by one. A pass is written ``-``; a hit ``*``; a bear-off with a
higher die ``5/off``. Blank lines and lines starting with ``#`` are ignored.

``export(game) -> str``: the record of a running or finished ``Game``
(confirmed turns only).

``replay(text, checkers=8) -> [Game, ...]``: check every record in ``text``
turn by turn: the player to move, the dice (turn 1 plays the opening dice),
that the play is a legal play of that roll reached move by move (including
hit markers, and complete: no die left that could still move), the position
written after it, and the ``winner`` line. Returns one ``Game`` per record,
each at the record's end. Raises ``RecordError`` (``.line``, ``.reason``;
``str()`` is ``line N: reason``) and no other exception.

``load(text, dice=None) -> Game``: the last record's game, ready to go on.
"""

from minigam.quarter.rules import Rules, TURN, START_CHECKERS
from minigam.quarter.notation import (NotationError, format_position, format_play,
                              parse_position, parse_roll, parse_play)
from minigam.quarter.game import Game, GameError, NEW, ROLL, MOVE
from minigam.core.record import (RecordError, field, match, show, skip,
                                 turn_head)

_SIDES = ("P1", "P2")

HEADER = "MINIGAM record 1"


def export(game):
    """The text record of ``game`` (see the module docstring)."""
    rules = game.rules
    out = [HEADER, "variant: " + ("full-entry" if rules.full_entry
                                  else "standard")]
    start = game.start if game.start is not None else game.pos
    out.append("start: " + format_position(start))
    if game.opening:
        out.append("opening: %d-%d" % game.opening)
    pos = bytearray(start)
    n = game.first_turn
    for player, d1, d2, steps in game.turns:
        m = 0 if player == 1 else 8
        for s, d, _ in steps:
            rules.do_move(pos, m, s, d)
        pos[TURN] = 3 - player
        n += 1
        out.append("%d. P%d %d-%d %s => %s" % (
            n, player, d1, d2, format_play(player, steps),
            format_position(pos)))
    if game.winner:
        out.append("winner: P%d" % game.winner)
    return "\n".join(out) + "\n"


def load(text, dice=None):
    """Replay ``text`` and return its last game, with ``dice`` attached."""
    game = replay(text)[-1]
    game.dice = dice
    return game


def replay(text, checkers=START_CHECKERS):
    """Check every record of ``text``; see the module docstring."""
    if not isinstance(text, str):
        raise RecordError(1, "a record must be text")
    lines = text.split("\n")
    games = []
    k = 0
    while True:
        k = skip(lines, k)
        if k >= len(lines):
            break
        game, k = _replay_one(lines, k, checkers)
        games.append(game)
    if not games:
        raise RecordError(1, "empty record: expected '%s'" % HEADER)
    return games


def _replay_one(lines, k, checkers):
    s = lines[k].strip()
    if s != HEADER:
        if s.startswith("MINIGAM record "):
            raise RecordError(k + 1, "unsupported record version %s"
                              % show(s[15:]))
        raise RecordError(k + 1, "expected '%s', got %s" % (HEADER, show(s)))
    try:
        return _body(lines, k + 1, checkers)
    except RecordError:
        raise
    except Exception as exc:  # never anything but RecordError
        raise RecordError(k + 1, "unreadable record: %s" % exc)


def _body(lines, k, checkers):
    v, k = field(lines, k, "variant")
    if v not in ("standard", "full-entry"):
        raise RecordError(k + 1, "variant must be standard or full-entry, "
                          "got %s" % show(v))
    game = Game(rules=Rules(checkers=checkers, full_entry=v == "full-entry"))
    v, k = field(lines, k + 1, "start")
    try:
        start = parse_position(v, checkers)
    except NotationError as exc:
        raise RecordError(k + 1, "bad start position: %s" % exc)
    initial = start[0] == checkers and start[8] == checkers
    k = skip(lines, k + 1)
    if k < len(lines) and lines[k].strip().startswith("opening:"):
        v = lines[k].strip()[8:].strip()
        try:
            a, b = parse_roll(v)
            if not initial:
                raise GameError("an opening roll needs every checker on "
                                "the bar at the start")
            if a != b and start[TURN] != (1 if a > b else 2):
                raise GameError("the start position must have P%d, the "
                                "opening winner, to move" % start[TURN])
            game.start_game((a, b))
        except (NotationError, GameError) as exc:
            raise RecordError(k + 1, "bad opening: %s" % exc)
        k += 1
    else:
        game.setup(start)
    last = k
    seen_winner = False
    while True:
        k = skip(lines, k)
        if k >= len(lines):
            break
        s = lines[k].strip()
        if s.startswith("MINIGAM record"):
            break
        if s.startswith("winner:"):
            v = s[7:].strip()
            if seen_winner:
                raise RecordError(k + 1, "a second winner line")
            if v not in ("P1", "P2"):
                raise RecordError(k + 1, "winner must be P1 or P2, got %s"
                                  % show(v))
            if not game.winner:
                raise RecordError(k + 1, "winner: %s, but the game is not "
                                  "over" % v)
            if v != "P%d" % game.winner:
                raise RecordError(k + 1, "winner: %s, but P%d won"
                                  % (v, game.winner))
            seen_winner = True
        elif seen_winner:
            raise RecordError(k + 1, "a line after the winner line: %s"
                              % show(s))
        else:
            try:
                _turn(game, s)
            except (NotationError, GameError) as exc:
                raise RecordError(k + 1, str(exc))
            last = k
        k += 1
    if game.winner and not seen_winner:
        raise RecordError(last + 1, "P%d has won, but the 'winner: P%d' line "
                          "is missing" % (game.winner, game.winner))
    if not game.turns and game.opening is None and game.state == ROLL \
            and initial:
        game.state = NEW
        game.start = None
    return game, k


def _turn(game, s):
    player, toks, right = turn_head(game, s, _SIDES, GameError)
    a, b = parse_roll(toks[2])
    if game.state == MOVE:  # the first turn plays the opening dice
        if sorted((a, b)) != sorted((game.d1, game.d2)):
            o = game.opening
            raise GameError("the first turn must play the opening dice "
                            "%d-%d, not %d-%d" % (o[0], o[1], a, b))
        game.d1, game.d2 = a, b
    else:
        game.roll(a, b)
    text = " ".join(toks[3:])
    moves = parse_play(text, player)
    if not moves:
        if not game.must_pass:
            raise GameError("'-' is a pass, but P%d can move with %d-%d"
                            % (player, a, b))
    elif game.must_pass:
        raise GameError("P%d has no legal move with %d-%d: the play must "
                        "be '-'" % (player, a, b))
    else:
        err = match(game, moves, toks[3:], 0, 7, GameError)
        if err:
            raise GameError(err)
    game.confirm()
    try:
        want = parse_position(right, game.rules.checkers)
    except NotationError as exc:
        raise GameError("bad position after the play: %s" % exc)
    if want != game.pos:
        raise GameError("the play gives %s, not %s"
                        % (format_position(game.pos), right.strip()))
