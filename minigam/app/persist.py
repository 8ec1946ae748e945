"""What the app keeps in the profile's store: settings, lifetime statistics
and the game in progress (saved after every completed turn).

Blobs (all small enough for the PyBadge's 256-byte NVM):

* settings, 11 bytes: version, AI level, Full-Entry, match index, auto-play
  of forced plays, AI speed index, brightness index, last mode, the tutor,
  your own dice, the game (0 MINIGAM, 1 Backgammon, 2 Long Nardy)
  (versions 1 and 2, without the last three or the last one, still load;
  read by ``minigam.app.settings_blob``);
* statistics, 41 bytes (MINIGAM's), 71 or 97 (Backgammon's, Long
  Nardy's too): ``minigam.app.stats_blob``;
* a game in progress, one of each game type, so that starting one game
  never discards another's (the store's kind ``slot(kind)``: 0 MINIGAM,
  3 Backgammon, 4 Long Nardy): mode (1 vs AI, 2 two players), AI level,
  then the save of the game's own package (``SAVES``:
  ``minigam.quarter.save``, ``minigam.bg.save``, ``minigam.nardy.save``),
  whose first byte ("M", "B", "N") tells the game (read by
  ``minigam.app.saved_game``, which also moves a 24-point game saved in
  kind 0 by an older version to its own kind).

Anything unreadable loads as defaults (settings, statistics) or as "no saved
game", never as an exception.
"""

from minigam.compat import const, unload

LEVELS = ("easy", "medium", "hard")  # the device AI's levels
# Level PERFECT exists only where the host gives the app the exact table
# (the simulator); lifetime statistics count the device levels only.
LEVEL_NAMES = ("Easy", "Medium", "Hard", "Perfect")
PERFECT = const(3)
MATCHES = (1, 3, 5, 7)  # MINIGAM: games; else points, 1 = money
MINIGAM = const(0)
BACKGAMMON = const(1)
NARDY = const(2)
SPEEDS = (1400, 800, 400)  # ms per AI move shown
SPEED_NAMES = ("Slow", "Normal", "Fast")
BRIGHT = (25, 50, 75, 100)

MODE_AI = const(1)
MODE_2P = const(2)

# Each game type's save module (``dumps(game)``, ``loads(data, dice)``), by
# the game's ``KIND`` (``minigam.app.saved_game`` tells a save's game by its
# first byte).
SAVES = ("minigam.quarter.save", "minigam.bg.save", "minigam.nardy.save")

_KIND_GAME = const(0)
_KIND_SETTINGS = const(1)
_KIND_STATS = const(2)
SET_VER = const(3)  # the settings blob's (minigam.app.settings_blob)


class Settings:
    """The menu's choices, with defaults."""

    def __init__(self):
        self.level = 1
        self.full_entry = False
        self.head_doubles = True  # Long Nardy's first-turn head exception
        self.jacoby = False  # Backgammon's money: the Jacoby rule,
        self.beavers = True  # ... with beavers
        self.match = 0
        self.auto = True
        self.speed = 1
        self.bright = 3
        self.mode = MODE_AI
        self.tutor = False
        self.own_dice = False
        self.game = MINIGAM

    def to_bytes(self):
        # byte 2: bit 0 MINIGAM's Full-Entry, bit 1 Long Nardy's head
        # exception off (older blobs leave it 0: on), bit 2 Backgammon's
        # Jacoby rule, bit 3 its beavers off (older blobs: 0, on)
        return bytes((SET_VER, self.level, (1 if self.full_entry else 0)
                      | (0 if self.head_doubles else 2)
                      | (4 if self.jacoby else 0)
                      | (0 if self.beavers else 8),
                      self.match, 1 if self.auto else 0, self.speed,
                      self.bright, self.mode, 1 if self.tutor else 0,
                      1 if self.own_dice else 0, self.game))

    def load(self, data):
        """Take values from blob ``data``; False (kept) if invalid."""
        from sys import modules
        from minigam.app.settings_blob import unpack
        ok = unpack(self, data, modules[__name__])
        unload("minigam.app.settings_blob")
        return ok


class Stats:
    """Lifetime statistics: games and wins per game type and AI level
    (``games[3 * BACKGAMMON + level]``), two-player games per game type,
    dice counts (``counts[1..6]``, ``doubles``) of every turn roll, and
    in one list (one object: the heap of stock boards is tight) the
    ``records``: matches played against each level (``records[k]``, ``k``
    as for ``games``), matches won (``records[9 + k]``), and Backgammon's
    money sessions against the AI, points won (``records[18]``) and lost
    (``records[19]``). Backgammon's figures follow MINIGAM's in the blob,
    then Long Nardy's, only as far as there are some (a PyBadge's 41 bytes
    hold MINIGAM's; it plays neither)."""

    def __init__(self):
        self.games = [0] * 9
        self.wins = [0] * 9
        self.two_player = [0, 0, 0]
        self.counts = [0] * 7
        self.doubles = 0
        self.records = [0] * 20

    def add_roll(self, d1, d2):
        self.counts[d1] += 1
        self.counts[d2] += 1
        if d1 == d2:
            self.doubles += 1

    def rolls(self):
        return sum(self.counts) // 2

    def to_bytes(self):
        """The statistics blob (``minigam.app.stats_blob``)."""
        from minigam.app.stats_blob import pack
        out = pack(self)
        unload("minigam.app.stats_blob")
        return out

    def load(self, data):
        """Take the counts from blob ``data``; False (kept) if invalid."""
        from minigam.app.stats_blob import unpack
        ok = unpack(self, data)
        unload("minigam.app.stats_blob")
        return ok


def load_settings(store):
    s = Settings()
    try:
        s.load(store.load(_KIND_SETTINGS))
    except Exception:  # a store that cannot read: keep defaults
        pass
    return s


def load_stats(store):
    s = Stats()
    try:
        s.load(store.load(_KIND_STATS))
    except Exception:
        pass
    return s


# Saves that failed since start-up: the board's bottom line says so until
# the player's next key (``play_view``); what was saved before stays.
failed = 0


def save_blob(store, kind, data):
    """Save, never raising: a failed save must not stop the game (the
    store writes a record whole or not at all)."""
    global failed
    try:
        store.save(kind, data)
        return True
    except Exception as exc:  # noqa: BLE001 (full NVM, hardware error)
        failed += 1
        print("minigam: save failed:", exc)
        return False


def save_settings(store, settings):
    return save_blob(store, _KIND_SETTINGS, settings.to_bytes())


def save_stats(store, stats):
    return save_blob(store, _KIND_STATS, stats.to_bytes())


def save_module(kind):
    """The save module of game type ``kind``."""
    return __import__(SAVES[kind], None, None, ("dumps",))


def slot(kind):
    """The store's kind that keeps game type ``kind``'s game in progress
    (kinds 1 and 2 are the settings and the statistics)."""
    return kind + 2 if kind else _KIND_GAME


def save_game(store, mode, level, game):
    """Save the game in progress in its type's slot. Its save module is
    loaded for the call: a save comes once a turn, and on stock
    CircuitPython the module's code would otherwise hold heap through the
    player's turn, when the tutor's search needs it."""
    kind = game.KIND
    data = save_module(kind).dumps(game)
    unload(SAVES[kind])
    return save_blob(store, slot(kind), bytes((mode, level)) + data)


def clear_game(store, kind):
    return save_blob(store, slot(kind), None)


def _saved(what, *args):
    """``minigam.app.saved_game``'s ``what`` (``"load"``, ``"find"``) run
    with ``args`` and this module, in a module loaded for the call."""
    from sys import modules
    from minigam.app import saved_game
    try:
        return getattr(saved_game, what)(*(args + (modules[__name__],)))
    finally:
        unload("minigam.app.saved_game")


def load_game(store, kind, dice=None):
    """``(mode, level, game)`` of game type ``kind``'s saved game, or None
    when there is none or it does not read as a whole, consistent game."""
    return _saved("load", store, kind, dice)


def saved_games(store, kinds, dice=None):
    """A mask of the game types (bit ``1 << kind``) among ``kinds`` with a
    saved game that loads."""
    return _saved("find", store, kinds, dice)
