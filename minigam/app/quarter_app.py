"""MINIGAM (the quarter-board game, ``minigam.quarter``) in the app.

Each game has a module like this one, the app's one door to the game
(``app.xt``, by the game's kind: ``states.GAME_MODULES``); Backgammon's is
``minigam.app.bg_app``, Long Nardy's ``minigam.app.nardy_app``. Each gives:

* ``KIND``, its save and statistics slot, and what it has: ``POINTS``
  (a game is worth points), ``HITS`` (the summary counts hits),
  ``CUBE``; and ``AI_MODULES``, which leave the heap at game over;
* ``board(app)``: its board view and the view's place of a player's index;
  ``LEAVING``, the modules that leave the heap when another game's board
  takes the screen;
* ``new_game(app, m)``; ``player(app, level, seed)``, its AI: the
  opponent, and (Hard) the hint's judge in a two-player game;
* where the board shows more than the score, ``status(app, b)``, each
  frame (the cube, Long Nardy's crosses and notes); where the game has a
  console record, ``report(app)`` at a game's end (Backgammon's, for
  gnubg);
* where there is a cube (``CUBE``): ``turn(app)``, the AI's double or a
  double to answer at a turn's start (the AI looks one roll ahead first,
  in slices: ``App.look_ahead``, then ``looked(app)`` decides); ``chord_key(app, code, st)`` and
  ``chord_up(app)``, X and Y there acting on release (together: the
  cube's hint, ``cube_hint(app)``); ``key(app, code, ok, back)``, the
  keys before a roll (X a double, asked once: ``ask``; Y
  ``game_page(app)``: the gnubg IDs, resigning) and in the states past
  ``OFFER``;
  ``answer(app, take)``; ``banner(app)`` of a double or a resignation
  offered; ``roll_tip(app)``, the bottom line's tips before a roll;
  ``cube_lines(app)``, the game-over summary's.
"""

KIND = 0  # persist.MINIGAM: its save and statistics slot
POINTS = False  # a game is one game of a match (no gammons)
HITS = True  # the summary counts hits
CUBE = False
AI_MODULES = ("minigam.quarter.ai",)  # they leave the heap at game over
# ... and these when another game's board takes the screen: that game
# never evaluates a MINIGAM position. (A stock drive's weights-file
# buffers go with the evaluator; a later MINIGAM game reads its network
# into new ones: only a Pico 2's stock drive has the 24-point games.)
LEAVING = ("minigam.app.board_view", "minigam.quarter.ai",
           "minigam.quarter.eval", "minigam.quarter.weights",
           "minigam.quarter.weights_fe")


def board(app):
    """MINIGAM's board view, and the view's place of a player's index
    (``app.col``): made at start-up before any other allocation, and by
    the menu's ``use_board``."""
    from minigam.app.board_view import BoardView, column
    return BoardView(app.lay), column


def new_game(app, m):
    """A MINIGAM match of ``m`` games with the menu's settings."""
    from minigam.quarter.game import Game
    s = app.settings
    app.game = Game(full_entry=s.full_entry, match_to=m, dice=app.dice,
                    auto_forced=s.auto)


def player(app, level, seed):
    """A MINIGAM AI of ``level``: the opponent, or (Hard) the hint's and
    the tutor's judge in a two-player game."""
    from minigam.quarter.ai import AIPlayer
    return AIPlayer(app.game.rules, level, seed)
