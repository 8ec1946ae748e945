"""GNU Backgammon's ``.mat`` files (Jellyfish's match text) for Backgammon:
written from ``BgGame``'s turn log, read back with every turn checked.

Host only (``minigam/host/`` never goes to a device). The layout is the one
gnubg 1.07 writes with ``export match mat`` and reads with ``import mat``::

    ; [Site "MINIGAM"]

     5 point match

     Game 1
     P1-ai-hard : 0                 P2-random : 0
      1)                             52: 13/8 24/22
      2) 63: 24/18 13/10             66: 24/18 24/18 13/7 13/7
      ...
     14)  Doubles => 2                Takes
     ...
     31) 62: 6/0 2/0
          Wins 2 points

``N point match`` gives the length (``0 point match``: a money session).
Each game has its number, the two names with their scores before it (Player
1 in the left column, Player 2 in the right), then numbered lines of two
actions, Player 1's and Player 2's: a roll (higher die first) and its
moves, ``Doubles => N``, ``Takes``, ``Drops``, and after the last action
``Wins N point(s)`` in the winner's column (gnubg also writes it after the
loser resigned: the game ends there, worth N = the cube times 1, 2 or 3; a
``BgGame`` resigned with ``resign`` is written so, and read back so when
the player on roll resigned). The player who wins the opening roll plays it
as the first action (so when that is Player 2, line 1's left column is
empty). Moves name points in the mover's own view: ``13/8``, ``25/21`` from
the bar, ``6/0`` bearing off, ``*`` a hit; one move a die, in the order
played, as gnubg's ``export match mat`` writes them (a file for programs:
the players' words, ``24/13`` or ``6/2*(2)``, are the review's,
``minigam.bg.notation``; gnubg reads them too, but a reader of Jellyfish's
format need not); a roll with no legal play has no moves (``66:``).
Lines starting with ``;`` or ``#`` are comments. A match always plays
the Crawford rule (gnubg assumes it too: the file does not say which game
is the Crawford game; in a file that starts mid-match, the first game with
one player at match point is taken as it). Money sessions have no
Jacoby rule (gammons always count) unless the reader is told
(``jacoby=True``: the Jacoby rule and beavers, ``Beavers => N`` after a
double, as gnubg writes it); the file does not say, and gnubg applies its
own setting when it imports one, so ``set jacoby off`` (or ``on``, with
``set beavers 1``) first there. A session written with ``jacoby`` says so
in a comment line.

Reading also takes ``bar``/``off`` for 25/0, chains (``24/18/13``),
repeats (``13/11(2)``) and one checker moved with more than one die
(``24/13``); hit marks are optional and not checked.

``game_log(game) -> GameLog``: a game of a ``BgGame`` (from its opening
roll; a game resumed from a save began mid-game and cannot be written).
``export(logs, match_to, names) -> str``: the ``.mat`` text of a match's
games. ``read(text) -> MatMatch``: every game played through ``BgGame``
(the dice, each move legal and the play complete, every cube action, the
scores before each game, the points and winner of ``Wins``); raises
``MatError`` (``.line``, ``.reason``; ``str()`` is ``line N: reason``) and
no other exception. ``Recorder``: the games of a ``BgGame`` watched as
they are played (the simulator's ``--mat``) written as ``.mat`` files.
"""

import re

from minigam.bg.game import BgGame, GameError, NEW, ROLL, MOVE, OVER, CUBE
from minigam.bg.rules import OFF

LEFT_WIDTH = 28  # gnubg's left column: the right one starts at column 33
HEADER_WIDTH = 32  # the second name's column in a game's score line
MAX_NAME = 31  # gnubg keeps names shorter than 32 characters


class MatError(ValueError):
    """A .mat file that is malformed or describes an illegal game, or a
    game that cannot be written as one."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason) if line else reason)
        self.line = line
        self.reason = reason


class GameLog:
    """One game: ``score`` (the players' points before it), ``turns``
    (``BgGame.turns``), ``winner`` (0 while unfinished), ``points``,
    ``pos`` (the final position, a copy), and for a review of its
    decisions, ``start`` (its first position) and ``log`` (its turn log,
    ``minigam.core.turn_log``), copies."""

    __slots__ = ("score", "turns", "winner", "points", "pos", "start", "log")

    def __init__(self, score, turns, winner, points, pos, start=None,
                 log=b""):
        self.score = tuple(score)
        self.turns = turns
        self.winner = winner
        self.points = points
        self.pos = bytearray(pos)
        self.start = None if start is None else bytearray(start)
        self.log = bytes(log)


class MatMatch:
    """What ``read`` returns: ``match_to`` (0: money), ``names`` (Player
    1's, Player 2's), ``games`` (``GameLog`` each) and ``game``, the
    ``BgGame`` at the end of the file (ready to go on)."""

    def __init__(self, match_to, names, games, game):
        self.match_to = match_to
        self.names = names
        self.games = games
        self.game = game


def game_log(game):
    """The ``GameLog`` of ``game``'s current game (confirmed turns)."""
    if game.opening is None and game.state != NEW:
        raise MatError(0, "the game did not start with its opening roll "
                       "(resumed from a save?): a .mat game must")
    score = list(game.score)
    if game.state == OVER:
        score[game.winner - 1] -= game.points
    winner = game.winner if game.state == OVER else 0
    return GameLog(score, game.turns, winner,
                   game.points if winner else 0, game.pos, game.start,
                   game.log)


# -- writing -------------------------------------------------------------

def format_moves(steps):
    """``[(src, die, hit), ...]`` (mover's-view indices) -> ``13/8 24/22*``,
    as gnubg writes them: 25 the bar, 0 off."""
    out = []
    for s, d, h in steps:
        t = 25 - s - d
        out.append("%d/%d%s" % (25 - s, t if t > 0 else 0, "*" if h else ""))
    return " ".join(out)


def _slots(log):
    """The game's actions in order: ``[(player, text), ...]``."""
    out = []
    cube = 1
    for player, d1, d2, x in log.turns:
        if not d1:  # a cube action: 1 offered, 2 taken, 3 dropped, 7 beaver
            if 3 < x < 7:  # a resignation: gnubg writes only its "Wins" line
                continue
            out.append((player, " Doubles => %d" % (2 * cube)))
            if x == 7:
                out.append((3 - player, " Beavers => %d" % (4 * cube)))
                cube *= 4
            elif x == 2:
                out.append((3 - player, " Takes"))
                cube *= 2
            elif x == 3:
                out.append((3 - player, " Drops"))
            continue
        text = "%d%d:" % (max(d1, d2), min(d1, d2))
        if x:
            text += " " + format_moves(x)
        out.append((player, text))
    return out


def _wins(points):
    return " Wins %d point%s" % (points, "" if points == 1 else "s")


def _line(n, left, right):
    head = "%3d) " % n + left.ljust(LEFT_WIDTH)
    if right and len(left) >= LEFT_WIDTH:
        head += " "
    return (head + right).rstrip()


def _game_lines(log):
    slots = _slots(log)
    lines = []
    wins = log.winner != 0  # a "Wins" line still to write
    k = 0
    n = 0
    while k < len(slots):
        n += 1
        left = right = ""
        if slots[k][0] == 1:
            left = slots[k][1]
            k += 1
        if k < len(slots):
            if slots[k][0] != 2:
                raise MatError(0, "turn %d: Player 1 acts twice in a row"
                               % n)
            right = slots[k][1]
            k += 1
        if k < len(slots) and slots[k][0] != 1:
            raise MatError(0, "turn %d: Player 2 acts twice in a row" % n)
        if k == len(slots) and log.winner == 2 and left and not right:
            right = _wins(log.points)  # Player 1 dropped: on this line
            wins = False
        lines.append(_line(n, left, right))
    if wins:
        pad = 5 if log.winner == 1 else 5 + LEFT_WIDTH
        lines.append((" " * pad + _wins(log.points)).rstrip())
    return lines


def _name(name):
    s = "-".join(str(name).replace(":", " ").split()) or "player"
    return s[:MAX_NAME]


def export(logs, match_to=0, names=("Player1", "Player2"), jacoby=False):
    """The ``.mat`` text of ``logs`` (``GameLog`` each, in order), a match
    to ``match_to`` points (0: a money session; ``jacoby``: played with
    the Jacoby rule and beavers). Names lose spaces and colons (a colon
    would end a name in gnubg's reading)."""
    n1 = _name(names[0])
    n2 = _name(names[1])
    out = ['; [Site "MINIGAM"]']
    if jacoby:
        out.append("; Jacoby rule and beavers: in gnubg, set jacoby on "
                   "and set beavers 1 before importing")
    out += ["", " %d point match" % match_to, ""]
    for k, log in enumerate(logs):
        out.append(" Game %d" % (k + 1))
        left = " %s : %d" % (n1, log.score[0])
        if len(left) >= HEADER_WIDTH:
            left += " "
        out.append(left.ljust(HEADER_WIDTH) + "%s : %d" % (n2, log.score[1]))
        out.extend(_game_lines(log))
        out.append("")
    return "\n".join(out) + "\n"


# -- reading -------------------------------------------------------------

# (ASCII only: \d and \s would take other scripts' digits and spaces.)
_LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.I | re.A)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.I | re.A)
_SCORE = re.compile(r"^\s*(\S.*?)\s*:\s*(\d+)\s+(\S.*?)\s*:\s*(\d+)\s*$",
                    re.A)
_TURN = re.compile(r"^\s*(\d+)\)(.*)$", re.A)
_WINS = re.compile(r"^(\s*)Wins\s+(\d+)\s+points?\s*$", re.I | re.A)
_ROLL = re.compile(r"^([1-6])([1-6]):$")
_MOVE = re.compile(r"^(?:bar|\d+)\*?(?:/(?:bar|off|\d+)\*?)+(?:\((\d)\))?$",
                   re.I | re.A)
_NUMBER = re.compile(r"^\d+$", re.A)
_TOKEN = re.compile(r"\S+", re.A)
_KEYWORDS = ("doubles", "beavers", "takes", "drops", "wins")
_RIGHT_AT = 15  # an action starting this far after "N)" is Player 2's
_MAX_NUMBER = 9  # digits: longer numbers are rejected, not parsed


def _number(text, line, what):
    if len(text) > _MAX_NUMBER:
        raise MatError(line, "%s %s... is too large" % (what, text[:9]))
    return int(text)


def _show(s):
    s = s.strip()
    return repr(s[:40] + ("..." if len(s) > 40 else ""))


def _point(text, line):
    t = text.rstrip("*").lower()
    if t == "bar":
        return 25
    if t == "off":
        return 0
    v = _number(t, line, "point")
    if v > 25:
        raise MatError(line, "point %d: points are 0 (off) to 25 (the bar)"
                       % v)
    return v


def parse_moves(tokens, line):
    """Move tokens -> ``[(from, to), ...]`` in points of the mover's view
    (25 the bar, 0 off)."""
    out = []
    for tok in tokens:
        m = _MOVE.match(tok)
        if not m:
            raise MatError(line, "bad move %s (moves look like 13/8, "
                           "25/21, 6/0, 8/3*)" % _show(tok))
        body = tok[:tok.index("(")] if m.group(1) else tok
        pts = [_point(p, line) for p in body.split("/")]
        one = []
        for a, b in zip(pts, pts[1:]):
            if a <= b or a == 0 or b == 25:
                raise MatError(line, "bad move %s: a checker moves from a "
                               "higher point to a lower one" % _show(tok))
            one.append((a, b))
        out.extend(one * int(m.group(1) or 1))
    if len(out) > 4:
        raise MatError(line, "more than 4 moves in one play")
    return out


def _actions(body, line):
    """The actions of a numbered line's text after ``N)``: ``[(offset,
    kind, value), ...]``; kind ``roll`` (value ``(d1, d2, moves)``),
    ``double`` or ``beaver`` (the new cube), ``take``, ``drop`` or ``wins``
    (points)."""
    toks = [(m.start(), m.group()) for m in _TOKEN.finditer(body)]
    out = []
    k = 0
    while k < len(toks):
        at, tok = toks[k]
        low = tok.lower()
        m = _ROLL.match(tok)
        if m:
            j = k + 1
            while j < len(toks) and not _ROLL.match(toks[j][1]) \
                    and toks[j][1].lower() not in _KEYWORDS:
                j += 1
            moves = parse_moves([t for _, t in toks[k + 1:j]], line)
            out.append((at, "roll", (int(m.group(1)), int(m.group(2)),
                                     moves)))
            k = j
        elif low in ("doubles", "beavers"):
            if k + 2 >= len(toks) or toks[k + 1][1] != "=>" \
                    or not _NUMBER.match(toks[k + 2][1]):
                raise MatError(line, "a %s must read '%s => N'"
                               % (low[:-1], tok.title()))
            out.append((at, low[:-1], _number(toks[k + 2][1], line,
                                               "cube")))
            k += 3
        elif low in ("takes", "drops"):
            out.append((at, low[:-1], 0))
            k += 1
        elif low == "wins":
            if k + 2 >= len(toks) or not _NUMBER.match(toks[k + 1][1]) \
                    or toks[k + 2][1].lower() not in ("point", "points"):
                raise MatError(line, "a win must read 'Wins N points'")
            out.append((at, "wins", _number(toks[k + 1][1], line,
                                            "points")))
            k += 3
        else:
            raise MatError(line, "unrecognised action %s (expected a roll "
                           "like '52:', 'Doubles => 2', 'Takes', 'Drops' or "
                           "'Wins 1 point')" % _show(tok))
    return out


def _split(lines):
    """The file's structure: ``(match_to, [(line, number, score_line,
    [(line, player, kind, value), ...]), ...])``."""
    match_to = None
    games = []
    cur = None
    for n, raw in enumerate(lines, 1):
        s = raw.strip()
        if not s or s[0] in ";#":
            continue
        m = _LENGTH.match(s)
        if m:
            if match_to is not None:
                raise MatError(n, "a second 'N point match' line (one match "
                               "a file)")
            match_to = _number(m.group(1), n, "match length")
            if match_to > 99:
                raise MatError(n, "match length %d: 0 (money) to 99 points"
                               % match_to)
            continue
        if match_to is None:
            raise MatError(n, "expected 'N point match' (0 for money), got "
                           "%s" % _show(s))
        m = _GAME.match(s)
        if m:
            cur = [n, _number(m.group(1), n, "game number"), None, [], 0]
            games.append(cur)
            continue
        if cur is None:
            raise MatError(n, "expected 'Game 1', got %s" % _show(s))
        if cur[2] is None:
            m = _SCORE.match(s)
            if not m:
                raise MatError(n, "expected the players' scores ('name : 0  "
                               "name : 0'), got %s" % _show(s))
            cur[2] = (n, m.group(1), _number(m.group(2), n, "score"),
                      m.group(3), _number(m.group(4), n, "score"))
            continue
        _game_line(cur, raw, n)
    if match_to is None:
        raise MatError(_last(lines), "no 'N point match' line: not a .mat "
                       "file")
    return match_to, games


def _last(lines):
    """The number of the file's last line (1 for an empty file)."""
    return max(1, len(lines) - (1 if lines and not lines[-1] else 0))


def _game_line(cur, raw, n):
    """Add line ``n`` (text ``raw``) of game ``cur``: a numbered line or a
    ``Wins`` line of its own."""
    acts = cur[3]
    m = _WINS.match(raw.rstrip("\r\n"))
    if m:
        player = 1 if len(m.group(1).expandtabs()) < 5 + _RIGHT_AT else 2
        acts.append((n, player, "wins", _number(m.group(2), n, "points")))
        return
    m = _TURN.match(raw)
    if not m:
        raise MatError(n, "expected a numbered line like ' 3) 52: 13/8 "
                       "24/22', got %s" % _show(raw))
    num = _number(m.group(1), n, "turn number")
    if num != cur[4] + 1:
        raise MatError(n, "line number %d), expected %d)" % (num, cur[4] + 1))
    cur[4] = num
    found = _actions(m.group(2).expandtabs(), n)
    if not found:
        raise MatError(n, "a numbered line with no action")
    if len(found) > 2:
        raise MatError(n, "more than two actions on one line")
    for j, (at, kind, value) in enumerate(found):
        player = 1 if j == 0 and at < _RIGHT_AT else 2
        if j == 1 and found[0][0] >= _RIGHT_AT:
            raise MatError(n, "two actions in the right column")
        acts.append((n, player, kind, value))


def read(text, jacoby=False):
    """Read and check a ``.mat`` file's text (see the module docstring;
    ``jacoby``: a money session with the Jacoby rule and beavers)."""
    if not isinstance(text, str):
        raise MatError(1, "a .mat file must be text")
    lines = text.split("\n")
    try:
        match_to, games = _split(lines)
        return _replay(match_to, games, _last(lines), jacoby)
    except MatError:
        raise
    except Exception as exc:  # never anything but MatError
        raise MatError(1, "unreadable .mat file: %s: %s"
                       % (type(exc).__name__, exc))


def _replay(match_to, games, nlines, jacoby):
    if not games:
        raise MatError(nlines, "no game in the file (expected 'Game 1')")
    game = BgGame(match_to=match_to, jacoby=jacoby)
    names = None
    logs = []
    for k, (line, number, score, acts, _) in enumerate(games):
        if number != k + 1:
            raise MatError(line, "Game %d, expected Game %d" % (number, k + 1))
        if k:
            if game.state != OVER:
                raise MatError(line, "Game %d starts before game %d is over"
                               % (number, k))
            if game.match_over():
                raise MatError(line, "the match was won in game %d" % k)
            game.new_game()
        if score is None:
            raise MatError(line, "game %d has no score line" % number)
        sl, a, s1, b, s2 = score
        if names is None:
            names = (a, b)
        elif (a, b) != names:
            raise MatError(sl, "the players are %s and %s, not %s and %s"
                           % (names[0], names[1], a, b))
        if not k and (s1 or s2):
            _mid_match(game, sl, s1, s2)
        if [s1, s2] != game.score:
            raise MatError(sl, "score %d-%d before game %d, but the games "
                           "before it make %d-%d" % (s1, s2, number,
                                                     game.score[0],
                                                     game.score[1]))
        wins = None
        for n, player, kind, value in acts:
            if wins is not None:
                raise MatError(n, "an action after the win")
            if kind == "wins":
                _won(game, n, player, value)
                wins = n
            else:
                try:
                    _act(game, player, kind, value)
                except GameError as exc:
                    raise MatError(n, str(exc))
        if game.state == OVER and wins is None:
            raise MatError(acts[-1][0] if acts else sl,
                           "Player %d has won %d point%s, but the 'Wins' "
                           "line is missing" % (game.winner, game.points,
                                                "" if game.points == 1
                                                else "s"))
        logs.append(game_log(game))
    return MatMatch(match_to, names, logs, game)


def _mid_match(game, line, s1, s2):
    """A file that starts mid-match (or mid-session): its first score."""
    m = game.match_to
    if m and (s1 >= m or s2 >= m):
        raise MatError(line, "score %d-%d: the %d-point match is already "
                       "won" % (s1, s2, m))
    game.score = [s1, s2]
    # As gnubg: the first game with one player at match-1 is Crawford's.
    game.crawford = bool(m) and (s1 == m - 1) != (s2 == m - 1)


def _won(game, n, player, points):
    if game.state == ROLL:  # not won on the board: the loser resigned
        worth = [game.worth(k) for k in (1, 2, 3)]
        if points not in worth:
            raise MatError(n, "Wins %d point%s by resignation, but the cube "
                           "is at %d (a single game, gammon or backgammon "
                           "is worth %d, %d or %d)" % ((
                               points, "" if points == 1 else "s",
                               game.cube) + tuple(worth)))
        level = worth.index(points) + 1
        if player == 3 - game.player:  # the player on roll resigned
            game.resign(level)
        else:  # the other one (gnubg allows it; BgGame.resign does not)
            game._finish(player, points)
            game.resigned = level
        return
    if game.state != OVER:
        raise MatError(n, "'Wins' before the double is answered")
    if player != game.winner:
        raise MatError(n, "'Wins' in Player %d's column, but Player %d won"
                       % (player, game.winner))
    if points != game.points:
        raise MatError(n, "Wins %d point%s, but the game is worth %d"
                       % (points, "" if points == 1 else "s", game.points))


def _act(game, player, kind, value):
    """Play one action of ``player`` on ``game``; GameError says why not."""
    if game.state == OVER:
        raise GameError("an action after the game was won")
    if kind in ("take", "drop", "beaver"):
        if game.state != CUBE:
            raise GameError("'%ss' but no double is offered" % kind.title())
        if player != 3 - game.offered:
            raise GameError("Player %d cannot answer its own double"
                            % player)
        if kind == "take":
            game.take()
        elif kind == "beaver":
            if value != 4 * game.cube:
                raise GameError("'Beavers => %d' but the cube is at %d"
                                % (value, game.cube))
            if not game.can_beaver():
                raise GameError("a beaver, but this session is read without "
                                "the Jacoby rule and beavers")
            game.beaver()
        else:
            game.drop()
        return
    if game.state == CUBE:
        raise GameError("Player %d doubled: expected 'Takes' or 'Drops'"
                        % game.offered)
    if game.state != NEW and player != game.player:
        raise GameError("Player %d is not on roll: it is Player %d's turn"
                        % (player, game.player))
    if kind == "double":
        if game.state == NEW:
            raise GameError("no double before the opening roll")
        if value != 2 * game.cube:
            raise GameError("'Doubles => %d' but the cube is at %d"
                            % (value, game.cube))
        if not game.can_double():
            raise GameError("Player %d may not double now%s" % (
                player, " (the Crawford game)" if game.crawford else ""))
        game.double()
        return
    d1, d2, moves = value
    if game.state == NEW:
        if d1 == d2:
            raise GameError("the opening roll cannot be a double (%d%d)"
                            % (d1, d2))
        hi = max(d1, d2)
        lo = min(d1, d2)
        game.start_game((hi, lo) if player == 1 else (lo, hi))
        game.d1, game.d2 = d1, d2
    else:
        game.roll(d1, d2)
    if not moves:
        if not game.must_pass:
            raise GameError("Player %d can move with %d%d: the play is "
                            "missing" % (player, d1, d2))
    elif game.must_pass:
        raise GameError("Player %d has no legal move with %d%d" % (
            player, d1, d2))
    else:
        steps = [(25 - a, OFF - b if b else OFF, "%d/%d" % (a, b))
                 for a, b in moves]
        err = _fit(game, steps, 0)
        if err:
            raise GameError("%s with %d%d: %s" % (
                " ".join("%d/%d" % mv for mv in moves), d1, d2, err))
    game.confirm()


def _fit(game, steps, k, on=False):
    """Play ``steps[k:]`` (``(src, dst, text)``: the mover's indices and
    the move as written) choosing dice that fit; None once the whole play
    is made and complete, else why it cannot be (the game is then back
    where it was). ``on``: ``steps[k]`` goes on with a checker already
    moved by a die of this move (``24/13``); its own failure is then ""."""
    if k == len(steps):
        if game.turn_done():
            return None
        return "incomplete play: the %s can still be played" % " and ".join(
            [str(d) for d in game.dice_left()])
    src, dst, text = steps[k]
    first = None
    tried = 0
    for d in game.dice_left():
        if tried & (1 << d):
            continue
        tried |= 1 << d
        t = src + d
        if t > dst < OFF:
            continue  # past the point (only bearing off may overshoot)
        try:
            game.move(src, d)
        except GameError:
            continue
        if t >= dst:
            err = _fit(game, steps, k + 1)
        else:
            err = _fit(game, steps[:k] + [(t, dst, text)] + steps[k + 1:],
                       k, True)
        if err is None:
            return None
        game.undo()
        if first is None and err:
            first = err
    if first or on:
        return first or ""
    if game.turn_done():
        return "too many moves: the play was complete before %s" % text
    return "illegal move %s (dice left: %s)" % (
        text, ",".join([str(d) for d in game.dice_left()]))


# -- recording games as they are played ----------------------------------

class Recorder:
    """Collects the Backgammon games played on ``BgGame`` objects (the
    simulator's app: ``watch(game, names)`` after every tick) into ``.mat``
    files: ``path`` for the first match or money session, ``<stem>-2<ext>``,
    ``<stem>-3<ext>`` ... for the next ones (``files`` lists them).

    A game left for the menu and resumed from its save goes on in a new
    ``BgGame`` that knows only the saved position; its turns before that
    come from what was watched (it is recognised by its position, cube
    and score). A game left and never resumed is written unfinished (its
    confirmed turns), as is the game in progress at ``close()``, which
    writes the files a last time and returns their paths. A game not
    watched from its opening roll (resumed from a save of an earlier
    session) cannot be written: ``skipped`` counts them (the match's later
    games are, in a file of their own that starts at their score).
    """

    def __init__(self, path):
        self.path = path
        self.files = []
        self.skipped = 0
        self._matches = []  # [match_to, names, [GameLog, ...]]
        self._obj = None
        self._key = None
        self._prefix = []  # the game's turns watched before a resume
        self._seen = None  # (turns, turn-start position, score, cube, state)
        self._whole = False  # this game was watched from its opening
        self._start_score = None

    def watch(self, game, names=("Player1", "Player2")):
        """Look at ``game`` (anything else, or None, is ignored)."""
        if game is None or getattr(game, "OFF", 0) != OFF \
                or not hasattr(game, "cube"):
            return
        if game is not self._obj:
            self._switch(game, names)
        elif self._seen and self._seen[4] == OVER and game.state != OVER:
            self._next(game, names)  # new_game / new_match on it
        key = (id(game), len(game.log), game.state, game.game_no)
        if key == self._key:
            return
        self._key = key
        turns = self._prefix + game.turns
        pos = game.turn_start() if game.state == MOVE else game.pos
        self._seen = (turns, bytes(pos), tuple(game.score), game.cube,
                      game.state, game.match_winner)
        if game.state == OVER and self._whole:
            self._matches[-1][2].append(GameLog(
                self._start_score, turns, game.winner, game.points,
                game.pos))
            self._whole = False  # recorded
            self._write(None)

    def _new_match(self, game, names):
        self._matches.append([game.match_to, tuple(names), []])

    def _switch(self, game, names):
        seen = self._seen
        pending = None  # the game in progress on the object left
        if self._whole and seen and seen[4] not in (NEW, OVER) and seen[0]:
            pending = GameLog(self._start_score, seen[0], 0, 0, seen[1])
        same = seen and self._matches \
            and self._matches[-1][0] == game.match_to \
            and tuple(game.score) == seen[2]
        resumed = game.opening is None and game.state != NEW
        self._obj = game
        if resumed and same and seen[4] != OVER \
                and bytes(game.start) == seen[1] and game.cube == seen[3]:
            turns = list(seen[0])
            if turns and not turns[-1][1] and turns[-1][3] == 1:
                turns.pop()  # the offer: the resumed game makes it again
            self._prefix = turns
            return
        if pending is not None:
            self._matches[-1][2].append(pending)
        if not (same and seen[4] == OVER and not seen[5]
                and game.state == NEW):
            self._new_match(game, names)  # else: the next game of the same
        self._prefix = []
        self._whole = not resumed
        self._start_score = tuple(game.score)
        if resumed:
            self.skipped += 1

    def _next(self, game, names):
        if self._seen[5]:  # the last game won the match: a new one
            self._new_match(game, names)
        self._prefix = []
        self._whole = True
        self._start_score = tuple(game.score)

    def _write(self, extra):
        import os
        stem, ext = os.path.splitext(self.path)
        out = []
        for k, (match_to, names, logs) in enumerate(self._matches):
            logs = logs + ([extra] if extra and k == len(self._matches) - 1
                           else [])
            if not logs:
                continue
            path = self.path if not out else "%s-%d%s" % (stem, len(out) + 1,
                                                          ext)
            with open(path, "w") as f:
                f.write(export(logs, match_to, names))
            out.append(path)
        self.files = out
        return out

    def close(self):
        """Write the files with the game in progress too; their paths."""
        extra = None
        g = self._obj
        if g is not None and self._whole and g.state not in (NEW, OVER) \
                and self._seen and self._seen[0]:
            extra = GameLog(self._start_score, self._seen[0], 0, 0, g.pos)
        if extra is None and not any(m[2] for m in self._matches):
            return []
        return self._write(extra)
