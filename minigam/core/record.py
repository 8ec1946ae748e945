"""What the games' plain-text records share (MINIGAM's
``minigam.quarter.record``, Long Nardy's ``minigam.nardy.record``): the
error, the reading of their lines, a turn line's head (``N. <player>
<roll> <moves> => <position>``) checked against the game, and the matching
of a turn's moves to the dice. Host only: a record is written and read on
a PC (the device ships no record module).
"""


class RecordError(ValueError):
    """A record that is malformed or describes an illegal game."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


def skip(lines, k):
    """The index of the next meaningful line from ``k`` (blank lines and
    ``#`` comments are skipped)."""
    while k < len(lines):
        s = lines[k].strip()
        if s and s[0] != "#":
            break
        k += 1
    return k


def field(lines, k, name):
    """The value of ``name: value`` at the next meaningful line, and its
    index."""
    k = skip(lines, k)
    if k >= len(lines):
        n = len(lines) - (1 if lines and not lines[-1] else 0)
        raise RecordError(n + 1, "record ends early: expected '%s: ...'"
                          % name)
    s = lines[k].strip()
    if not s.startswith(name + ":"):
        raise RecordError(k + 1, "expected '%s: ...', got %s"
                          % (name, show(s)))
    return s[len(name) + 1:].strip(), k


def show(s):
    """``s`` quoted for an error message, cut at 40 characters."""
    return repr(s[:40] + ("..." if len(s) > 40 else ""))


def turn_head(game, s, sides, error):
    """Check turn line ``s``'s number and player against ``game``; returns
    ``(player, toks, right)``: the player, the words before ``=>`` and the
    position after it. ``sides`` names the players (``("P1", "P2")``);
    ``error`` is the game's error class (raised with the reason)."""
    if "=>" not in s:
        raise error("expected a turn 'N. %s 6-5 <moves> => <position>' or "
                    "'winner: ...', got %s" % (sides[0], show(s)))
    left, right = s.split("=>", 1)
    toks = left.split()
    if len(toks) < 4:
        raise error("a turn looks like 'N. %s 6-5 <moves> => <position>'"
                    % sides[0])
    num = toks[0]
    if num[-1:] != "." or not num[:-1].isdigit() or len(num) > 7:
        raise error("turn number must look like '12.', got %s" % show(num))
    n = int(num[:-1])
    if game.winner:
        raise error("a turn after the game was won")
    if game.turns or game.opening:
        if n != game.turn_no + 1:
            raise error("turn number %d, expected %d" % (n, game.turn_no + 1))
    elif n < 1:
        raise error("turn numbers start at 1")
    else:
        game.first_turn = game.turn_no = n - 1
    if toks[1] not in sides:
        raise error("the player must be %s or %s, got %s"
                    % (sides[0], sides[1], show(toks[1])))
    player = sides.index(toks[1]) + 1
    if player != game.player:
        raise error("%s is not on roll: it is %s's turn"
                    % (toks[1], sides[game.player - 1]))
    return player, toks, right


def match(game, moves, words, k, off, error):
    """Play ``moves[k:]`` (``(src, dst, hit)``; ``hit`` None where nothing
    is ever hit) on ``game``, choosing dice that fit (``dst`` ``off``: a
    checker borne off); None when the whole play fits and is complete,
    else the first reason it does not (the game is then back where it
    was). ``words`` are the moves as written."""
    if k == len(moves):
        if game.turn_done():
            return None
        return "incomplete play: the %s can still be played" % " and ".join(
            [str(d) for d in game.dice_left()])
    src, dst, hit = moves[k]
    first = None
    tried = []
    for d in game.dice_left():
        if d in tried:
            continue
        tried.append(d)
        t = src + d
        if t != dst and not (dst == off and t > off):
            continue
        try:
            h = game.move(src, d)
        except error:
            continue
        if hit is not None and bool(h) != hit:
            err = "move %s %s" % (words[k], "hits: mark it with '*'" if h
                                  else "does not hit: drop the '*'")
        else:
            err = match(game, moves, words, k + 1, off, error)
            if err is None:
                return None
        game.undo()
        if first is None:
            first = err
    if first:
        return first
    if game.turn_done():
        return "too many moves: the play was complete before %s" % words[k]
    return "illegal move %s (dice left: %s)" % (
        words[k], ",".join([str(d) for d in game.dice_left()]))
