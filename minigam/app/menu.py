"""The title menu and what it starts: its pages, their items and keys, the
pages it opens and the start of a game (new, resumed, or from a position).
Loaded while the menu shows; a game start unloads it (on stock CircuitPython
its code would otherwise stay in the heap through the game).

The menu is three short pages, each within the smallest screen's seven
lines, so that a cursor step only moves the pointer (a list that scrolled
redrew every line: about 190 ms on a Pico):

* the main page: Resume, Play vs AI, Two players, the AI level, the game
  (MINIGAM, Backgammon or Long Nardy), Settings, Statistics;
* Settings, titled with the game chosen, whose rules and match its first
  two lines set: rules, match, auto forced, AI speed, brightness, tutor,
  dice;
* Statistics: the dice statistics and the lifetime statistics, and at
  its foot the version (``version_line``).

``menu_items(app)`` lists ``(id, text)`` for the page shown
(``app.menu_page``); ``key(app, code)`` applies a key to it.
The page is drawn by :class:`~minigam.app.text_view.TextView`; the other
pages' text is ``minigam.app.pages``.

Keys on the menu: X or DOWN next item, Y or UP previous item, A, PRESS or
RIGHT activates the item or steps its value forward, LEFT steps it back,
B goes back from Settings or Statistics to the main page.
"""

from sys import modules
from minigam.compat import const, unload
from minigam.hw import keys as K
from minigam.app import persist as P
from minigam.app.states import (MENU, INFO, OPEN, PAGES_MODULE, PLAY_EXTRAS,
                                GAME_MODULES)

# Pages (``app.menu_page``)
_MAIN = const(0)
_SETTINGS_PAGE = const(1)
_STATS_PAGE = const(2)

_G_NEW = const(0)  # a game's states (minigam.core.flow, minigam.quarter.game)
_G_OVER = const(3)

RESUME = const(1)
PLAY_AI = const(2)
PLAY_2P = const(3)
LEVEL = const(4)
VARIANT = const(5)
MATCH = const(6)
AUTO = const(7)
SPEED = const(8)
BRIGHT = const(9)
DICE = const(10)
LIFE = const(11)
TUTOR = const(12)
OWN_DICE = const(13)
_SETTINGS = const(14)
_STATS = const(15)
_GAME = const(16)

TITLE = "MINIGAM"
GAMES = ("MINIGAM", "Backgammon", "Long Nardy")  # persist.MINIGAM, ...
# Each page's title names its key: A chooses on the main page, B goes
# back from the others (X/Y and the joystick move, as on every page). Key
# words are written "K:word" everywhere: the board's bottom line has no
# room for a space.
# (Settings' title is the game's name: ``show``.)
_TITLES = (TITLE + "  A:choose", "  B:back", "Statistics  B:back")


def menu_items(app):
    """``(id, text)`` of the items on the page shown."""
    s = app.settings
    out = []
    page = app.menu_page
    if page == _SETTINGS_PAGE:
        out.append((VARIANT, _fitted(app, "Rules: ", _rules_text(s))))
        out.append((MATCH, "Match: " + match_text(s)))
        out.append((AUTO, "Auto forced: " + ("On" if s.auto else "Off")))
        out.append((SPEED, "AI speed: " + P.SPEED_NAMES[s.speed]))
        out.append((BRIGHT, "Brightness: %d%%" % P.BRIGHT[s.bright]))
        out.append((TUTOR, "Tutor: " + ("On" if s.tutor else "Off")))
        out.append((OWN_DICE, "Dice: " + ("your own" if s.own_dice
                                          else "the device's")))
    elif page == _STATS_PAGE:
        out.append((DICE, "Dice statistics"))
        out.append((LIFE, "Lifetime stats"))
    else:
        if app.saved & (1 << s.game):  # the game chosen below has one
            out.append((RESUME, "Resume " + GAMES[s.game]))
        out.append((PLAY_AI, "Play vs AI"))
        out.append((PLAY_2P, "Two players"))
        out.append((LEVEL, "AI level: " + P.LEVEL_NAMES[s.level]))
        # (one choice on a stock drive, which carries MINIGAM alone; the
        # line stays, so every build's menu is the same)
        out.append((_GAME, "Game: " + GAMES[s.game]))
        out.append((_SETTINGS, "Settings"))
        out.append((_STATS, "Statistics"))
    return out


def enter(app):
    """The menu's main page. The game (saved, unless it was over) and its
    AI leave the heap: the menu's pages load in their place, and "Resume
    game" reads the save back."""
    app.game = None
    app.ai = None
    app.adv = None
    app.adv_state = 0
    app.review = None
    unload(PAGES_MODULE)
    for m in PLAY_EXTRAS:
        unload(m)
    app.state = MENU
    app.hw.pixels.off()
    keep_store(app)
    show(app)


def keep_store(app):
    """Let the store compact now, at the menu or a game's start, when a
    player is unlikely to switch off (``Store.maintain``); never raises."""
    try:
        app.hw.store.maintain()
    except Exception as exc:  # noqa: BLE001 (full NVM, hardware error)
        print("minigam: store upkeep failed:", exc)


def check_games(app):
    """Whether this build has Backgammon and Long Nardy (the MINIGAM
    firmware and the PC have; a stock drive carries MINIGAM alone); the
    board of the chosen game is made."""
    try:
        import minigam.bg  # noqa: F401
        app.has_bg = True
        unload("minigam.bg")  # until a Backgammon game starts
    except ImportError:
        app.has_bg = False
        app.settings.game = P.MINIGAM
    use_board(app, app.settings.game)


def use_board(app, kind):
    """Put the board view of game ``kind`` (``persist.MINIGAM``,
    ``BACKGAMMON`` or ``NARDY``) on the screen, under the pages, with its
    app module as ``app.xt`` (``states.GAME_MODULES``); the other game's
    view and module leave the heap."""
    if kind == app.xt.KIND:
        return
    app.root.remove(app.board.group)
    app.board = None
    for m in app.xt.LEAVING:
        unload(m)
    unload(app.xt.__name__)
    name = GAME_MODULES[kind]
    __import__(name)
    app.xt = modules[name]
    app.board, app.col = app.xt.board(app)
    app.root.insert(0, app.board.group)


# A game without a match, in each game's words (``persist.MINIGAM``, ...),
# as the score line and the summary name it too: MINIGAM's is one game;
# Backgammon's a money session; Long Nardy's a session of single games
# whose points add up (no cube, no stakes).
NO_MATCH = ("single game", "money", "session")


def match_text(s):
    """The match setting's words: MINIGAM counts games; Backgammon and
    Long Nardy count points; the first choice is no match
    (``NO_MATCH``)."""
    m = P.MATCHES[s.match]
    if m == 1:
        return NO_MATCH[s.game]
    return "%d points" % m if s.game else "first to %d" % m


def _fitted(app, label, value):
    """``label`` and ``value`` on a menu line, or the value alone where
    the line is too short for both ("Jacoby, beavers" at 240x240)."""
    t = label + value
    lay = app.lay
    return t if len(t) <= lay.chars(lay.w - 2 * lay.cw) else value


def _rules_text(s):
    """The rules setting of the chosen game: MINIGAM's Full-Entry variant,
    Backgammon's money sessions with the Jacoby rule, beavers or not, or Long
    Nardy's "Strict head" (no first-turn head exception for 6-6, 4-4 and
    3-3; Standard has it). Each fits the smallest line."""
    if s.game == P.BACKGAMMON:
        if s.jacoby:
            return "Jacoby, beavers" if s.beavers else "Jacoby"
        return "Standard"
    if s.full_entry if not s.game else not s.head_doubles:
        return "Strict head" if s.game else "Full-Entry"
    return "Standard"


def _step(v, n, d):
    return (v + d) % n


def key(app, code):
    """A key on the menu: the selection moves, a setting steps, a page
    opens or closes, or the selected item runs."""
    act = menu_key(app, code)
    if act == RESUME:
        resume(app)
    elif act == PLAY_AI:
        new_game(app, P.MODE_AI)
    elif act == PLAY_2P:
        new_game(app, P.MODE_2P)
    elif act == DICE:
        from minigam.app.pages import dice_lines, width
        _info(app, "Dice", dice_lines(width(app), app.stats))
    elif act == LIFE:
        from minigam.app.pages import life_lines
        _info(app, "Statistics", life_lines(app.stats))
    else:
        if act == _SETTINGS:
            _open(app, _SETTINGS_PAGE)
        elif act == _STATS:
            _open(app, _STATS_PAGE)
        show(app)


def _open(app, page):
    app.menu_page = page
    app.menu_sel = 0


def _back(app):
    """From Settings or Statistics to the main page, its pointer on the
    item that opened them. Changed settings are written now, once."""
    _save_settings(app)
    opener = _SETTINGS if app.menu_page == _SETTINGS_PAGE else _STATS
    app.menu_page = _MAIN
    app.menu_sel = 0
    for i, (item, _) in enumerate(menu_items(app)):
        if item == opener:
            app.menu_sel = i


def show(app):
    """The menu's page, its selection kept in range; the Statistics page
    has the version at its foot (a line the selection never reaches)."""
    items = menu_items(app)
    if app.menu_sel >= len(items):
        app.menu_sel = 0
    lines = [t for _, t in items]
    if app.menu_page == _STATS_PAGE:
        lines += ["", version_line()]
    t = _TITLES[app.menu_page]
    if app.menu_page == _SETTINGS_PAGE:
        t = GAMES[app.settings.game] + t
    app.show_page(t, lines, app.menu_sel)


def version_line():
    """``MINIGAM <version>``: read from ``minigam.version``, which deploy
    and the firmware build write from pyproject.toml's version, and
    unloaded again (nothing of it stays in the heap); a checkout has none
    (the simulator) and says ``dev``."""
    try:
        from minigam.version import VERSION  # type: ignore[import-not-found]
    except ImportError:
        return TITLE + " dev"
    unload("minigam.version")
    return TITLE + " " + VERSION


def menu_key(app, code):
    """Apply key ``code`` to the menu; returns the chosen action or None."""
    if code == K.B:
        if app.menu_page != _MAIN:
            _back(app)
        return None
    items = menu_items(app)
    n = len(items)
    if code in (K.X, K.DOWN):
        app.menu_sel = (app.menu_sel + 1) % n
        return None
    if code in (K.Y, K.UP):
        app.menu_sel = (app.menu_sel - 1) % n
        return None
    if code == K.LEFT:
        d = -1
    elif code in (K.A, K.PRESS, K.RIGHT):
        d = 1
    else:
        return None
    if app.menu_sel >= n:
        app.menu_sel = 0
    item = items[app.menu_sel][0]
    s = app.settings
    if item == LEVEL:
        s.level = _step(s.level, app.n_levels(), d)
    elif item == _GAME:
        s.game = _step(s.game, len(GAMES) if app.has_bg else 1, d)
        # The Resume line comes and goes with the game's save: the cursor
        # stays on the Game line.
        items = menu_items(app)
        app.menu_sel = [i for i, _ in items].index(_GAME)
    elif item == VARIANT:
        if s.game == P.BACKGAMMON:  # Standard, Jacoby, Jacoby and beavers
            r = _step(s.jacoby + (s.jacoby and s.beavers), 3, d)
            s.jacoby = r > 0
            s.beavers = r != 1
        elif s.game:
            s.head_doubles = not s.head_doubles
        else:
            s.full_entry = not s.full_entry
    elif item == MATCH:
        s.match = _step(s.match, len(P.MATCHES), d)
    elif item == AUTO:
        s.auto = not s.auto
    elif item == TUTOR:
        s.tutor = not s.tutor
    elif item == OWN_DICE:
        s.own_dice = not s.own_dice
    elif item == SPEED:
        s.speed = _step(s.speed, len(P.SPEEDS), d)
    elif item == BRIGHT:
        s.bright = _step(s.bright, len(P.BRIGHT), d)
        app.apply_brightness()
    elif code == K.LEFT:
        return None  # LEFT does not start anything
    else:
        return item
    app.settings_changed = True
    return None


def _save_settings(app):
    """Write changed settings (once, when the menu is left: every save is
    a flash write)."""
    if app.settings_changed:
        P.save_settings(app.hw.store, app.settings)
        app.settings_changed = False


def _info(app, title, lines):
    _save_settings(app)
    app.state = INFO
    app.show_page(title, lines + ["", "A:back"])


def new_game(app, mode):
    """Start a new match in ``mode`` (``persist.MODE_AI``/``MODE_2P``) with
    the menu's settings."""
    s = app.settings
    if s.mode != mode:
        s.mode = mode
        app.settings_changed = True
    _save_settings(app)
    app.game = None
    app.ai = None
    use_board(app, s.game)
    app.xt.new_game(app, P.MATCHES[s.match])
    _start(app, mode, s.level)


def info_key(app, code, ok, back, fwd):
    """A key on a statistics page (INFO): A or B back to the menu, the
    others scroll a page longer than the screen."""
    if ok or back:
        app.to_menu()
    else:
        app.scroll(1 if fwd else -1 if code in (K.Y, K.UP) else 0)


def resume(app):
    """Continue the saved game; False (the menu again) if there is none."""
    _save_settings(app)
    kind = app.settings.game
    got = P.load_game(app.hw.store, kind, app.dice)
    if got is None:
        app.saved &= ~(1 << kind)
        show(app)
        return False
    app.game = None
    app.ai = None
    mode, level, app.game = got
    _start(app, mode, level)
    return True


def play_from(app, mode, pos, level=None):
    """Start a game in ``mode`` from position ``pos`` with its mover to
    roll (tests, puzzles, the simulator)."""
    new_game(app, mode)
    app.game.setup(pos)
    app.state = MENU
    _start(app, mode, app.settings.level if level is None else level)


def _start(app, mode, level):
    app.menu_page = _MAIN  # after the game, the menu's main page
    keep_store(app)
    app.cube_note = None  # (the words of another game's cube)
    app.mode = mode
    app.level = level
    g = app.game
    use_board(app, g.KIND)
    app.tutor = app.settings.tutor
    if len(app.scratch) != len(g.pos):
        app.scratch = bytearray(len(g.pos))
    app.board.set_names(*app.names())
    app.leave_pages()  # this module leaves the heap
    app.last_col = -1
    g = app.game
    if g.state == _G_OVER:
        if g.match_over():
            g.new_match()
        else:
            g.new_game()
    app.ai_steps = []
    if g.state == _G_NEW:
        app.state = OPEN
    else:
        app.start_turn()
    app.dirty = True
