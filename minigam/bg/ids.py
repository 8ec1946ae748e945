"""GNU Backgammon's Position ID and Match ID, encoded and decoded.

**Position ID** (14 characters): an 80-bit key in base64 (standard
alphabet, the two padding characters dropped). Key bit ``k`` is bit
``k % 8`` of byte ``k // 8``. The bits list, for each side in turn, its 25
places in that side's own view (its ace point, 2-point, ... 24-point, then
its bar), each place as one ``1`` per checker followed by a ``0``; zeros pad
to 80 bits. Borne-off checkers are not listed (15 minus the rest).

Which side comes first: gnubg's manual says the player on roll, but
gnubg 1.07 (checked with its Python API: ``positionfromid``, ``board``,
``set turn`` and ``hint``) writes the player *not* on roll first and the
player on roll second. This module follows the program: the second block is
the mover, ``pos[TURN]``. The start position is ``4HPwATDgc/ABMA`` either
way. In a ``bytearray(53)`` (``minigam.bg.rules``) a side's index ``i``
(1..24) is its point ``25 - i``, so gnubg place ``j`` (0..23) is index
``24 - j`` and place 24 (the bar) index 0.

**Match ID** (12 characters): a key in 9 bytes, base64, fields packed
from bit 0 up, each least significant bit first: cube (log2, 4 bits), cube
owner (2: 0, 1, or 3 for centred), player on roll (1), Crawford (1), game
state (3: 0 none, 1 playing, 2 over, 3 resigned, 4 dropped), player to
decide (1), double offered (1), resignation (2), die 1 (3), die 2 (3),
match length (15, 0 for money), score of player 0 (15), of player 1 (15):
the 66 bits the manual describes. gnubg 1.07 also sets bit 66 when the
Jacoby rule is *not* in effect (every match, and money sessions with
``set jacoby off``; proposed on bug-gnubg in 2011 as a "not Jacoby" flag so
that older IDs, with the bit clear, read as Jacoby on): the field
``no_jacoby``. The last 5 bits are zero. Player numbers are gnubg's 0 and
1: Player ``p`` of a position is gnubg's player ``p - 1``.

Malformed text raises ``IdError`` (a ``ValueError``) with the reason.
"""

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
POSITION_ID_LEN = 14
MATCH_ID_LEN = 12

# (name, bits) in key order; a parsed Match ID is a dict of these names,
# with "cube" the cube's value (1, 2, 4, ...) and "cube_owner" -1 centred.
MATCH_FIELDS = (("cube", 4), ("cube_owner", 2), ("move", 1),
                ("crawford", 1), ("state", 3), ("turn", 1), ("double", 1),
                ("resign", 2), ("die1", 3), ("die2", 3), ("length", 15),
                ("score0", 15), ("score1", 15), ("no_jacoby", 1))
MATCH_DEFAULTS = {"cube": 1, "cube_owner": -1, "move": 0, "crawford": 0,
                  "state": 1, "turn": 0, "double": 0, "resign": 0,
                  "die1": 0, "die2": 0, "length": 0, "score0": 0,
                  "score1": 0, "no_jacoby": 0}


class IdError(ValueError):
    """A Position ID or Match ID that cannot be decoded; the message says
    why."""


def b64_encode(data):
    """Bytes -> base64 text without padding characters."""
    out = []
    n = len(data)
    for i in range(0, n, 3):
        chunk = data[i] << 16
        if i + 1 < n:
            chunk |= data[i + 1] << 8
        if i + 2 < n:
            chunk |= data[i + 2]
        chars = 4 if i + 2 < n else 3 if i + 1 < n else 2
        for k in range(chars):
            out.append(B64[(chunk >> (18 - 6 * k)) & 63])
    return "".join(out)


def b64_decode(text, nbytes, what):
    """Base64 text without padding -> ``nbytes`` bytes; the bits past them
    must be zero."""
    out = bytearray(nbytes)
    acc = 0
    nacc = 0
    j = 0
    for pos, ch in enumerate(text):
        v = B64.find(ch)
        if v < 0:
            raise IdError("%s: bad character %r at %d (not base64)"
                          % (what, ch, pos + 1))
        acc = (acc << 6) | v
        nacc += 6
        if nacc >= 8:
            nacc -= 8
            if j < nbytes:
                out[j] = (acc >> nacc) & 255
                j += 1
            elif (acc >> nacc) & 255:
                raise IdError("%s: too many bits" % what)
            acc &= (1 << nacc) - 1
    if acc:
        raise IdError("%s: too many bits (nonzero bits after the %d-bit key)"
                      % (what, 8 * nbytes))
    return out


def _check_len(text, n, what):
    if not isinstance(text, str):
        raise IdError("%s must be text" % what)
    if len(text) != n:
        raise IdError("%s must be %d characters, got %d"
                      % (what, n, len(text)))


# -- Position ID ---------------------------------------------------------------

def position_key(pos):
    """The 10-byte gnubg key of ``pos`` (the player not on roll first)."""
    key = bytearray(10)
    m = 0 if pos[52] == 1 else 26
    k = 0
    for b in (26 - m, m):
        for j in range(25):
            n = pos[b + (24 - j if j < 24 else 0)]
            for _ in range(n):
                key[k >> 3] |= 1 << (k & 7)
                k += 1
            k += 1
    if k > 80:
        raise IdError("position has more than 80 bits (over 15 checkers "
                      "a side)")
    return key


def format_position_id(pos):
    """The 14-character gnubg Position ID of ``pos``, ``pos[TURN]`` on
    roll."""
    return b64_encode(position_key(pos))


def parse_position_id(text, turn=1):
    """A Position ID -> a new ``bytearray(53)`` with its player on roll as
    Player ``turn`` (the ID does not say which player that is)."""
    what = "position ID"
    _check_len(text, POSITION_ID_LEN, what)
    key = b64_decode(text, 10, what)
    pos = bytearray(53)
    pos[52] = turn
    m = 0 if turn == 1 else 26
    k = 0
    for side, b in enumerate((26 - m, m)):
        total = 0
        for j in range(25):
            n = 0
            while k < 80 and (key[k >> 3] >> (k & 7)) & 1:
                n += 1
                k += 1
            if k == 80:
                raise IdError("%s: too many bits (the key ends inside the "
                              "%s's places)" % (what, _SIDES[side]))
            k += 1  # the place's 0
            total += n
            if total > 15:
                raise IdError("%s: the %s has more than 15 checkers"
                              % (what, _SIDES[side]))
            pos[b + (24 - j if j < 24 else 0)] = n
        pos[b + 25] = 15 - total
    while k < 80:
        if (key[k >> 3] >> (k & 7)) & 1:
            raise IdError("%s: too many bits (set after both sides' 50 "
                          "places)" % what)
        k += 1
    for i in range(1, 25):
        if pos[m + i] and pos[26 - m + 25 - i]:
            raise IdError("%s: both sides have checkers on the %d-point of "
                          "the player on roll" % (what, 25 - i))
    if pos[25] == 15 and pos[51] == 15:
        raise IdError("%s: both sides have borne off every checker" % what)
    return pos


_SIDES = ("player not on roll", "player on roll")


# -- Match ID ----------------------------------------------------------------

def format_match_id(fields=None):
    """A dict of ``MATCH_FIELDS`` names (missing ones from
    ``MATCH_DEFAULTS``) -> the 12-character Match ID."""
    f = dict(MATCH_DEFAULTS)
    if fields:
        for name in fields:
            if name not in f:
                raise IdError("match ID: unknown field %r" % name)
            f[name] = fields[name]
    cube = f["cube"]
    log = 0
    while (1 << log) < cube:
        log += 1
    if cube < 1 or (1 << log) != cube or log > 15:
        raise IdError("match ID: cube %r is not a power of 2 up to 32768"
                      % cube)
    key = bytearray(9)
    k = 0
    for name, bits in MATCH_FIELDS:
        v = f[name]
        if name == "cube":
            v = log
        elif name == "cube_owner" and v == -1:
            v = 3
        if not isinstance(v, int) or v < 0 or v >= (1 << bits):
            raise IdError("match ID: %s %r out of range" % (name, v))
        for b in range(bits):
            if (v >> b) & 1:
                key[k >> 3] |= 1 << (k & 7)
            k += 1
    _check_match(f)
    return b64_encode(key)


def parse_match_id(text):
    """A Match ID -> a dict of its fields (see ``MATCH_FIELDS``)."""
    what = "match ID"
    _check_len(text, MATCH_ID_LEN, what)
    key = b64_decode(text, 9, what)
    f = {}
    k = 0
    for name, bits in MATCH_FIELDS:
        v = 0
        for b in range(bits):
            v |= ((key[k >> 3] >> (k & 7)) & 1) << b
            k += 1
        f[name] = v
    if key[8] >> 3:
        raise IdError("match ID: too many bits (set after the 67th)")
    f["cube"] = 1 << f["cube"]
    if f["cube_owner"] == 3:
        f["cube_owner"] = -1
    _check_match(f)
    return f


def _check_match(f):
    if f["cube_owner"] == 2:
        raise IdError("match ID: cube owner 2 (0, 1 or centred only)")
    if f["state"] > 4:
        raise IdError("match ID: game state %d (0..4 only)" % f["state"])
    a = f["die1"]
    b = f["die2"]
    if a > 6 or b > 6 or (a == 0) != (b == 0):
        raise IdError("match ID: dice %d-%d" % (a, b))


# -- both ------------------------------------------------------------------

def format_gnubg_id(pos, fields=None):
    """``"<Position ID>:<Match ID>"``, the match's player on roll set from
    ``pos[TURN]``."""
    f = dict(fields or {})
    f["move"] = pos[52] - 1
    if "turn" not in f:
        f["turn"] = f["move"]
    return format_position_id(pos) + ":" + format_match_id(f)


def parse_gnubg_id(text):
    """``"<Position ID>:<Match ID>"`` -> ``(pos, fields)``, the position's
    mover being the match's player on roll."""
    parts = text.split(":")
    if len(parts) != 2:
        raise IdError("gnubg ID must be '<position ID>:<match ID>'")
    fields = parse_match_id(parts[1])
    return parse_position_id(parts[0], fields["move"] + 1), fields
