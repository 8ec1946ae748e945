"""The settings' blob (``persist.Settings``) read back, in a module loaded
only for that, at start-up: on stock CircuitPython its code would
otherwise hold heap through every game. ``Settings.to_bytes`` writes it.

Version 3, 11 bytes: version, AI level, bit 0 MINIGAM's Full-Entry and
bit 1 Long Nardy's head exception off, bit 2 Backgammon's money
sessions with the Jacoby rule, bit 3 without beavers, match index, auto-play of forced
plays, AI speed index, brightness index, last mode, the tutor, your own
dice, the game. Versions 1 and 2 (without the last three, or the last
one) still load.
"""


def unpack(s, data, P):
    """Take the values of blob ``data`` into settings ``s``; False (``s``
    kept) if it is not a valid blob. ``P``: ``minigam.app.persist``."""
    ver = P.SET_VER
    if not data or len(data) < 8 or data[0] not in (1, 2, ver) \
            or (data[0] >= 2 and len(data) < 8 + data[0]) \
            or (data[0] == ver and data[10] > P.NARDY):
        return False
    if data[1] > P.PERFECT or data[3] >= len(P.MATCHES) \
            or data[5] >= len(P.SPEEDS) or data[6] >= len(P.BRIGHT) \
            or data[7] not in (P.MODE_AI, P.MODE_2P):
        return False
    s.level = data[1]
    s.full_entry = bool(data[2] & 1)
    s.head_doubles = not data[2] & 2
    s.jacoby = bool(data[2] & 4)
    s.beavers = not data[2] & 8
    s.match = data[3]
    s.auto = bool(data[4])
    s.speed = data[5]
    s.bright = data[6]
    s.mode = data[7]
    if data[0] >= 2:
        s.tutor = bool(data[8])
        s.own_dice = bool(data[9])
    if data[0] >= 3:
        s.game = data[10]
    return True
