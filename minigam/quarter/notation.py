"""Position and move notation of the rule book (docs/rules/minigam.md),
with validation.

Position: ``<pt1>,...,<pt6>/<bar1>,<bar2>/<off1>,<off2>/<turn>``; points are
signed (``+n``/``n`` Player 1, ``-n`` Player 2). Moves use absolute points:
``bar/3``, ``3/5*``, ``5/off``; a play is moves joined by spaces, ``-`` a pass.
"""

from minigam.quarter.rules import POS_SIZE, TURN, START_CHECKERS, NONE


class NotationError(ValueError):
    """A position, roll or move string that is malformed or impossible."""


_DIGITS = "0123456789"


def _int(text, what):
    t = text.strip()
    body = t[1:] if t[:1] in ("+", "-") else t
    # ASCII digits only: CPython's isdigit() also accepts "²" or "٣".
    for ch in body:
        if ch not in _DIGITS:
            body = ""
            break
    if not body:
        raise NotationError("%s is not a number: %r" % (what, text))
    if len(body) > 3:
        raise NotationError("%s is out of range: %r" % (what, text))
    v = int(body)
    return -v if t[:1] == "-" else v


def parse_position(text, checkers=START_CHECKERS):
    """Parse a position in the notation of the rule book
    (docs/rules/minigam.md) into a position bytearray.

    Raises ``NotationError`` naming what is wrong (garbage, a bad turn field,
    a wrong checker count, an impossible position).
    """
    if not isinstance(text, str):
        raise NotationError("position must be text")
    s = text.strip()
    if not s:
        raise NotationError("empty position")
    fields = s.split("/")
    if len(fields) != 4:
        raise NotationError(
            "position needs 4 fields separated by '/', got %d" % len(fields))
    pts = fields[0].split(",")
    if len(pts) != 6:
        raise NotationError("points field needs 6 counts, got %d" % len(pts))
    bars = fields[1].split(",")
    offs = fields[2].split(",")
    if len(bars) != 2:
        raise NotationError("bar field needs 2 counts, got %d" % len(bars))
    if len(offs) != 2:
        raise NotationError("off field needs 2 counts, got %d" % len(offs))
    turn = fields[3].strip()
    if turn not in ("1", "2"):
        raise NotationError("turn field must be 1 or 2, got %r" % fields[3])
    pos = bytearray(POS_SIZE)
    for k in range(6):
        v = _int(pts[k], "point %d" % (k + 1))
        if v > 0:
            pos[k + 1] = min(v, 255)
            if v > checkers:
                raise NotationError("point %d holds %d checkers, more than %d"
                                    % (k + 1, v, checkers))
        elif v < 0:
            if -v > checkers:
                raise NotationError("point %d holds %d checkers, more than %d"
                                    % (k + 1, -v, checkers))
            pos[8 + 6 - k] = -v
    for side in range(2):
        for name, vals, idx in (("bar", bars, 0), ("off", offs, 7)):
            v = _int(vals[side], "%s%d" % (name, side + 1))
            if v < 0:
                raise NotationError("%s%d is negative" % (name, side + 1))
            if v > checkers:
                raise NotationError("%s%d is %d, more than %d checkers"
                                    % (name, side + 1, v, checkers))
            pos[8 * side + idx] = v
    for side in range(2):
        total = sum(pos[8 * side:8 * side + 8])
        if total != checkers:
            raise NotationError("player %d has %d checkers, not %d"
                                % (side + 1, total, checkers))
    if pos[7] == checkers and pos[15] == checkers:
        raise NotationError("both players have borne off every checker")
    pos[TURN] = int(turn)
    return pos


def format_position(pos):
    """Canonical notation of a position bytearray, as in the rule book
    (docs/rules/minigam.md)."""
    parts = []
    for p in range(1, 7):
        a = pos[p]
        b = pos[8 + 7 - p]
        if a and b:
            raise NotationError("point %d holds both colours" % p)
        parts.append(str(a) if a else ("-%d" % b if b else "0"))
    return "%s/%d,%d/%d,%d/%d" % (",".join(parts), pos[0], pos[8], pos[7],
                                  pos[15], pos[TURN])


def validate(pos, checkers=START_CHECKERS):
    """Check a position bytearray's invariants; raise ``NotationError``."""
    if len(pos) != POS_SIZE:
        raise NotationError("position must be %d bytes" % POS_SIZE)
    if pos[TURN] not in (1, 2):
        raise NotationError("turn must be 1 or 2")
    for side in range(2):
        total = sum(pos[8 * side:8 * side + 8])
        if total != checkers:
            raise NotationError("player %d has %d checkers, not %d"
                                % (side + 1, total, checkers))
    for p in range(1, 7):
        if pos[p] and pos[8 + 7 - p]:
            raise NotationError("point %d holds both colours" % p)
    if pos[7] == checkers and pos[15] == checkers:
        raise NotationError("both players have borne off every checker")


def parse_roll(text):
    """``"3-1"`` -> ``(3, 1)``; raises ``NotationError``."""
    s = text.strip()
    if len(s) != 3 or s[1] != "-" or s[0] not in "123456" \
            or s[2] not in "123456":
        raise NotationError("roll must look like 3-1 with dice 1..6, got %r"
                            % text)
    return int(s[0]), int(s[2])


def format_roll(d1, d2):
    return "%d-%d" % (d1, d2)


def _square(index, player):
    if index == 0:
        return "bar"
    if index >= 7:
        return "off"
    return str(index if player == 1 else 7 - index)


def format_move(player, src, die, hit=False):
    """One single move in absolute notation, e.g. ``bar/2*`` or ``5/off``."""
    dst = src + die
    return "%s/%s%s" % (_square(src, player), _square(dst, player),
                        "*" if hit else "")


def format_play(player, steps):
    """A play from ``[(src, die, hit), ...]``; ``-`` for a pass."""
    if not steps:
        return "-"
    return " ".join([format_move(player, s, d, h) for s, d, h in steps])


def _parse_square(text, player, is_src):
    if text == "bar":
        if not is_src:
            raise NotationError("a move cannot end on the bar")
        return 0
    if text == "off":
        if is_src:
            raise NotationError("a move cannot start from off")
        return 7
    if len(text) != 1 or text not in "123456":
        raise NotationError("bad point %r in move" % text)
    p = int(text)
    return p if player == 1 else 7 - p


def parse_move(text, player):
    """Parse one move into ``(src_index, dst_index, hit_marked)``.

    ``dst_index`` is 7 for off; the die used is decided by the caller (a
    bear-off may use a higher die).
    """
    s = text.strip()
    hit = s.endswith("*")
    if hit:
        s = s[:-1]
    parts = s.split("/")
    if len(parts) != 2:
        raise NotationError("move must look like 3/5, bar/2 or 5/off: %r"
                            % text)
    src = _parse_square(parts[0], player, True)
    dst = _parse_square(parts[1], player, False)
    if dst <= src:
        raise NotationError("move %r goes backwards" % text)
    return src, dst, hit


def parse_play(text, player):
    """Parse a play into a list of ``(src, dst, hit)``; ``-`` is ``[]``."""
    s = text.strip()
    if s == "-":
        return []
    if not s:
        raise NotationError("empty play")
    return [parse_move(t, player) for t in s.split()]


def play_steps(rules, pos, k):
    """The moves of play ``k`` of ``rules``'s last generation as
    ``[(src, die, hit), ...]``, computed on a scratch copy of ``pos``."""
    scratch = bytearray(pos)
    m = 0 if pos[TURN] == 1 else 8
    mv = rules.moves
    b = 4 * k
    steps = []
    for s, d in ((mv[b], mv[b + 1]), (mv[b + 2], mv[b + 3])):
        if s == NONE:
            break
        steps.append((s, d, bool(rules.do_move(scratch, m, s, d))))
    return steps
