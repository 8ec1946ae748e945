"""The saved game read back (``persist.load_game``), at start-up and on
"Resume game", in a module loaded only for that: on stock CircuitPython
its code would otherwise hold heap through every game.

The blob: mode (1 vs AI, 2 two players), AI level, then the save of the
game's own package (``persist.SAVES``), whose first byte ("M", "B", "N")
tells the game.
"""

from minigam.compat import const

_KIND_GAME = const(0)  # the store's kind of the game's blob (persist's)
_MAGICS = b"MBN"  # a save's first byte, by game KIND
_PLAYED_CHECKERS = const(8)  # MINIGAM's saves hold 1..15; the app plays 8


def load(store, dice, P):
    """``(mode, level, game)`` of the saved game, or None when there is
    none or it does not read as a whole, consistent game (its save module
    says why: a ``SaveError``, a ``ValueError``). ``P``:
    ``minigam.app.persist``."""
    try:
        data = store.load(_KIND_GAME)
    except Exception:
        return None
    if not data or len(data) < 3 or data[0] not in (P.MODE_AI, P.MODE_2P) \
            or data[1] > P.PERFECT:
        return None
    kind = _MAGICS.find(bytes((data[2],)))
    if kind < 0:
        return None
    try:
        game = P.save_module(kind).loads(bytes(data[2:]), dice)
    except ValueError:
        return None
    if kind == P.MINIGAM and game.rules.checkers != _PLAYED_CHECKERS:
        return None
    return data[0], data[1], game
