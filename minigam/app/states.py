"""The app's states: which screen shows and what the keys do there
(``App.state``), and the feature modules some of them load.

The app (``minigam.app.app``) and its features (the menu, the tutor, the
hint, the cube, game over, ...) all read them here, so no feature imports
the app.
"""

from minigam.compat import const

MENU = const(0)
INFO = const(1)
OPEN = const(2)
OPENED = const(3)
ROLL = const(4)
PICK = const(5)
DEST = const(6)
DONE = const(7)
PASS = const(8)
AI = const(9)
AIMOVE = const(10)
OVER = const(11)
ENTER = const(12)
HINT = const(13)
CHECK = const(14)
TUTOR = const(15)
SUMMARY = const(16)
REVIEW = const(17)
OFFER = const(18)
GAMEPAGE = const(19)  # Backgammon: its IDs and resigning (Y before a roll)
ASK = const(20)  # Backgammon: "Double to 2? A:yes B:no" (the cube, a drop,
# a resignation: a key that gives points away asks once)

STATE_NAMES = ("MENU", "INFO", "OPEN", "OPENED", "ROLL", "PICK", "DEST",
               "DONE", "PASS", "AI", "AIMOVE", "OVER", "ENTER", "HINT",
               "CHECK", "TUTOR", "SUMMARY", "REVIEW", "OFFER", "GAMEPAGE",
               "ASK")

# The modules of the text pages, and of the player features: loaded when
# first used; on stock CircuitPython they leave the heap at the menu, and
# the game-over ones when the next game starts.
MENU_MODULE = "minigam.app.menu"
PAGES_MODULE = "minigam.app.pages"
OVER_MODULES = ("minigam.app.over", "minigam.core.review",
                "minigam.quarter.notation", "minigam.bg.notation",
                "minigam.nardy.notation")
PLAY_EXTRAS = OVER_MODULES + ("minigam.app.coach", "minigam.app.hint",
                              "minigam.app.opening",
                              "minigam.app.own_dice",
                              "minigam.app.play_view")

# Each game's module in the app (``App.xt``), by the game's ``KIND``
# (``persist.MINIGAM``, ``BACKGAMMON``, ``NARDY``): its board view, its
# game, its AI, its cube and its words (``minigam.app.quarter_app`` says
# what each gives). A new game is a new package and a module here.
GAME_MODULES = ("minigam.app.quarter_app", "minigam.app.bg_app",
                "minigam.app.nardy_app")
