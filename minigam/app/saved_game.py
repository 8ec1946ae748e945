"""The saved games read back (``persist.load_game``, ``saved_games``), at
start-up and on "Resume", in a module loaded only for that: on stock
CircuitPython its code would otherwise hold heap through every game.

A blob: mode (1 vs AI, 2 two players), AI level, then the save of the
game's own package (``persist.SAVES``), whose first byte ("M", "B", "N")
tells the game. Each game type has its own slot (``persist.slot``);
versions before it kept one game of any type in kind 0, and ``find``
moves such a Backgammon or Long Nardy save to its own slot.
"""

from minigam.compat import const

_MAGICS = b"MBN"  # a save's first byte, by game KIND
_PLAYED_CHECKERS = const(8)  # MINIGAM's saves hold 1..15; the app plays 8


def _blob(store, k):
    try:
        return store.load(k)
    except Exception:
        return None


def load(store, kind, dice, P):
    """``(mode, level, game)`` of game type ``kind``'s saved game, or None
    when there is none or it does not read as a whole, consistent game
    (its save module says why: a ``SaveError``, a ``ValueError``).
    ``P``: ``minigam.app.persist``."""
    data = _blob(store, P.slot(kind))
    if not data or len(data) < 3 or data[0] not in (P.MODE_AI, P.MODE_2P) \
            or data[1] > P.PERFECT or data[2] != _MAGICS[kind]:
        return None
    try:
        game = P.save_module(kind).loads(bytes(data[2:]), dice)
    except ValueError:
        return None
    if kind == P.MINIGAM and game.rules.checkers != _PLAYED_CHECKERS:
        return None
    return data[0], data[1], game


def find(store, kinds, dice, P):
    """The mask (bit ``1 << kind``) of the game types among ``kinds``
    whose saved game loads, after moving an older version's Backgammon or
    Long Nardy save from kind 0 to its own slot (when that slot is empty:
    a save there is newer)."""
    old = _blob(store, P.slot(P.MINIGAM))
    if old and len(old) > 2:
        kind = _MAGICS.find(bytes((old[2],)))
        if kind > 0 and kind in kinds and not _blob(store, P.slot(kind)):
            if P.save_blob(store, P.slot(kind), bytes(old)):
                P.save_blob(store, P.slot(P.MINIGAM), None)
    mask = 0
    for kind in kinds:
        if load(store, kind, dice, P) is not None:
            mask |= 1 << kind
    return mask
