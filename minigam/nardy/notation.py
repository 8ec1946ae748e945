"""Long Nardy's position notation (docs/rules/long-nardy.md), read and
written, with validation.

A position is one word, ``<white>/<black>/<on roll>``::

    24x15/12x15/w                    the start, White on roll
    24x14,13/12x15/b                 after White's opening 6-5 (24/13)
    24x12,22,19,17/12x13,9,7/w       a few turns on
    3x2,2x4,1x3,offx6/17x5,13x10/b   White bearing off

* Points are numbered as White numbers them, the board's usual numbering:
  White's head is 24 and its home 1-6; Black's head is 12 and its home
  13-18. (Black's own point ``n`` is board point ``n + 12`` up to 12, else
  ``n - 12``.)
* Each side is a comma-separated list, highest point first: ``P`` for one
  checker on point ``P``, ``PxN`` for ``N`` (2..15) checkers there, and
  last ``off`` or ``offxN`` for the checkers borne off. The counts make
  15; a side with every checker off is ``offx15``.
* ``w`` or ``b``: the player on roll.

The parser is strict: a wrong count, a point listed twice or out of order,
a point holding both colours, any other character, a position no game can
reach (both sides finished; a side that has borne off all 15 on roll;
checkers borne off while one is still outside home; a forbidden block, six points in a row with no opposing checker
ahead; one side with all 15 on its head while the other has moved, unless
that side is on roll and the other has 13 or more on its head: a first
turn always has a move, so the side that has not moved has had no turn
yet) raise ``NotationError`` (a ``ValueError``) saying what is wrong.
"""

from minigam.nardy.rules import (BLOCK, CHECKERS, HEAD, HEADS, HOME, OFF,
                                 POS_SIZE, TURN)


class NotationError(ValueError):
    """A Long Nardy position that is malformed or impossible; the message
    says why."""


_DIGITS = "0123456789"
_SIDES = ("white", "black")


def _index(side, point):
    """The index in ``side``'s block (0 White, 1 Black) of board point
    ``point`` (1..24)."""
    i = 25 - point
    if side:
        i = i + 12 if i <= 12 else i - 12
    return i


def _number(text, what, lo, hi):
    """A count or point: ASCII digits, no leading zero, ``lo..hi``."""
    if not text or len(text) > 2:
        raise NotationError("%s must be a number %d-%d, got %r"
                            % (what, lo, hi, text))
    for ch in text:
        if ch not in _DIGITS:
            raise NotationError("%s must be a number %d-%d, got %r"
                                % (what, lo, hi, text))
    v = int(text)
    if text[0] == "0" and v:
        raise NotationError("%s %r has a leading zero" % (what, text))
    if v < lo or v > hi:
        raise NotationError("%s must be %d-%d, got %d" % (what, lo, hi, v))
    return v


def _parse_side(pos, side, text):
    name = _SIDES[side]
    b = side * BLOCK
    if not text:
        raise NotationError("%s's field is empty (a side with every "
                            "checker off is offx15)" % name)
    last = 25  # the previous point (25: none yet; 0: off was listed)
    total = 0
    for item in text.split(","):
        place, x, count = item.partition("x")
        if x:
            n = _number(count, "%s's count on %s" % (name, place or "?"),
                        2, CHECKERS)
        else:
            n = 1
        if place == "off":
            if last == 0:
                raise NotationError("%s lists off twice" % name)
            pos[b + OFF] = n
            last = 0
        else:
            p = _number(place, "%s's point" % name, 1, 24)
            if last == 0:
                raise NotationError("%s lists point %d after off (off "
                                    "comes last)" % (name, p))
            if p >= last:
                raise NotationError(
                    "%s lists point %d %s (highest point first)"
                    % (name, p, "twice" if p == last else
                       "after %d" % last))
            pos[b + _index(side, p)] = n
            last = p
        total += n
        if total > CHECKERS:
            raise NotationError("%s has more than %d checkers"
                                % (name, CHECKERS))
    if total != CHECKERS:
        raise NotationError("%s has %d checkers, not %d"
                            % (name, total, CHECKERS))


def parse_position(text):
    """A position in the notation -> a new ``bytearray(POS_SIZE)``; raises
    ``NotationError`` naming what is wrong."""
    if not isinstance(text, str):
        raise NotationError("a position must be text")
    for ch in text:
        if not ("a" <= ch <= "z" or ch in _DIGITS or ch in ",/"):
            raise NotationError("bad character %r in the position (only "
                                "digits, 'x', 'off', ',', '/', 'w', 'b')"
                                % ch)
    fields = text.split("/")
    if len(fields) != 3:
        raise NotationError("a position is '<white>/<black>/<w or b>', got "
                            "%d field%s" % (len(fields),
                                            "" if len(fields) == 1 else "s"))
    if fields[2] not in ("w", "b"):
        raise NotationError("the player on roll must be w or b, got %r"
                            % fields[2])
    pos = bytearray(POS_SIZE)
    _parse_side(pos, 0, fields[0])
    _parse_side(pos, 1, fields[1])
    pos[TURN] = 1 if fields[2] == "w" else 2
    validate(pos)
    return pos


def format_position(pos):
    """``pos`` (between turns: ``HEADS`` is not written) in the
    notation."""
    out = []
    for side in (0, 1):
        b = side * BLOCK
        items = []
        for p in range(24, 0, -1):
            n = pos[b + _index(side, p)]
            if n:
                items.append("%d" % p if n == 1 else "%dx%d" % (p, n))
        n = pos[b + OFF]
        if n:
            items.append("off" if n == 1 else "offx%d" % n)
        out.append(",".join(items))
    out.append("w" if pos[TURN] == 1 else "b")
    return "/".join(out)


def forbidden_block(pos, side):
    """The first forbidden block of ``side`` (0 White, 1 Black) as ``(n,
    first, last)``: its length and its end points in the board's
    numbering, along the other side's path; or None. A forbidden block is
    six or more of ``side``'s points in a row along that path with no
    checker of the other side ahead of them (nor borne off)."""
    b = side * BLOCK
    o = BLOCK - b
    run = 0
    for q in range(1, 26):  # the other side's path, its head first
        if q < 25 and pos[b + (q + 12 if q <= 12 else q - 12)]:
            run += 1
            continue
        if run >= 6:  # the run ended at q - 1
            ahead = 0
            for k in range(q, OFF + 1):
                ahead += pos[o + k]
            if not ahead:
                return (run, _board_point(1 - side, q - run),
                        _board_point(1 - side, q - 1))
        run = 0
    return None


def validate(pos):
    """Raise ``NotationError`` unless ``pos`` is a position a game can
    reach between turns (checked: size, turn, 15 checkers a side, no point
    with both colours, no one borne off with a checker outside home, not
    both finished, a winner not on roll, no forbidden block, a side that
    has not moved yet is on roll after one turn of the other's at most,
    ``HEADS`` 0)."""
    if len(pos) != POS_SIZE:
        raise NotationError("a position has %d bytes, not %d"
                            % (len(pos), POS_SIZE))
    if pos[TURN] not in (1, 2):
        raise NotationError("turn byte %d (1 or 2 only)" % pos[TURN])
    if pos[HEADS]:
        raise NotationError("a turn is in progress (HEADS %d)" % pos[HEADS])
    for side in (0, 1):
        b = side * BLOCK
        name = _SIDES[side]
        if pos[b]:
            raise NotationError("%s has checkers at index 0 (no bar in Long "
                                "Nardy)" % name)
        total = 0
        for i in range(1, OFF + 1):
            total += pos[b + i]
        if total != CHECKERS:
            raise NotationError("%s has %d checkers, not %d"
                                % (name, total, CHECKERS))
        if pos[b + OFF]:
            for i in range(1, HOME):
                if pos[b + i]:
                    raise NotationError(
                        "%s has borne off %d but still has a checker on "
                        "point %d, outside its home: impossible"
                        % (name, pos[b + OFF], _board_point(side, i)))
    for i in range(1, OFF):
        if pos[i] and pos[BLOCK + (i + 12 if i <= 12 else i - 12)]:
            raise NotationError("point %d holds both colours" % (25 - i))
    if pos[OFF] == CHECKERS and pos[BLOCK + OFF] == CHECKERS:
        raise NotationError("both players have borne off every checker")
    for side in (0, 1):
        if pos[side * BLOCK + OFF] == CHECKERS and pos[TURN] == side + 1:
            raise NotationError(
                "%s has borne off every checker and won: the game is over, "
                "so %s cannot be on roll" % (_SIDES[side], _SIDES[side]))
    for side in (0, 1):
        b = side * BLOCK
        o = BLOCK - b
        if pos[b + HEAD] == CHECKERS and pos[o + HEAD] != CHECKERS:
            # side has never moved (a first turn always has a move), so
            # the other side has played one turn: its first
            me = _SIDES[side]
            if pos[TURN] != side + 1:
                raise NotationError(
                    "%s has all 15 on its head, not having moved yet, and "
                    "%s has: it must be %s's turn" % (me, _SIDES[1 - side],
                                                       me))
            if pos[o + HEAD] < CHECKERS - 2:
                raise NotationError(
                    "%s has all 15 on its head, not having moved yet, so %s "
                    "has played one turn and cannot have fewer than 13 on "
                    "its head" % (me, _SIDES[1 - side]))
    for side in (0, 1):
        blk = forbidden_block(pos, side)
        if blk:
            raise NotationError(
                "%s's %d points in a row %d-%d have no %s checker ahead of "
                "them: a forbidden block, impossible"
                % (_SIDES[side], blk[0], blk[1], blk[2], _SIDES[1 - side]))


def _board_point(side, i):
    """Board point of index ``i`` of ``side`` (0 White, 1 Black)."""
    if side:
        i = i + 12 if i <= 12 else i - 12
    return 25 - i


def format_play(player, steps):
    """Moves ``[(src, die, ...), ...]`` of ``player`` (1 White, 2 Black;
    the mover's-view indices of ``minigam.nardy.rules``) on the board's
    points: ``24/18 18/13`` (``pass`` for none)."""
    out = []
    for st in steps:
        s, d = st[0], st[1]
        t = s + d
        out.append("%d/%s" % (_board_point(player - 1, s), "off" if t >= OFF
                              else _board_point(player - 1, t)))
    return " ".join(out) or "pass"
