"""The title menu, as data.

``menu_items(app)`` lists ``(id, text)`` for the menu; ``menu_key(app, code)``
applies a key to it and returns an action id for the app to run (or
``None``). The page is drawn by :class:`~minigam.app.text_view.TextView`;
the other pages' text is ``minigam.app.pages``.

Keys on the menu: X or DOWN next item, Y or UP previous item, A, PRESS or
RIGHT activates the item or steps its value forward, LEFT steps it back.
"""

from minigam.compat import const
from minigam.hw import keys as K
from minigam.app import persist as P

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

TITLE = "MINIGAM"


def menu_items(app):
    s = app.settings
    out = []
    if app.saved:
        out.append((RESUME, "Resume game"))
    out.append((PLAY_AI, "Play vs AI"))
    out.append((PLAY_2P, "Two players"))
    out.append((LEVEL, "AI level: " + P.LEVEL_NAMES[s.level]))
    out.append((VARIANT, "Rules: " + ("Full-Entry" if s.full_entry
                                      else "Standard")))
    m = P.MATCHES[s.match]
    out.append((MATCH, "Match: " + ("1 game" if m == 1
                                    else "first to %d" % m)))
    out.append((AUTO, "Auto forced: " + ("On" if s.auto else "Off")))
    out.append((SPEED, "AI speed: " + P.SPEED_NAMES[s.speed]))
    out.append((BRIGHT, "Brightness: %d%%" % P.BRIGHT[s.bright]))
    out.append((TUTOR, "Tutor: " + ("On" if s.tutor else "Off")))
    out.append((OWN_DICE, "Dice: " + ("your own" if s.own_dice
                                      else "the device's")))
    out.append((DICE, "Dice statistics"))
    out.append((LIFE, "Lifetime stats"))
    return out


def _step(v, n, d):
    return (v + d) % n


def menu_key(app, code):
    """Apply key ``code`` to the menu; returns the chosen action or None."""
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
    elif item == VARIANT:
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
