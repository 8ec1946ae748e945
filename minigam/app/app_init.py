"""A new App's state: ``init`` sets every attribute of the ``App`` being
made, builds its board and shows the menu. ``App.__init__`` loads this
module for the call and unloads it (on stock CircuitPython start-up code
would otherwise hold heap through every game).
"""


def init(app, hw, dice, ai_seed, perfect):
    """``App.__init__``: the app's state, its board and the menu shown
    (the parameters are ``App``'s)."""
    import displayio
    from minigam.app import palette as C
    from minigam.app import persist as P
    from minigam.app.layout import Layout
    app.hw = hw
    app.lay = Layout(hw.width, hw.height)
    app.text = None  # the TextView, while a text page may be shown
    app.root = displayio.Group()
    # MINIGAM's board first, before any other start-up allocation (on
    # stock CircuitPython a board made later, between the menu's code
    # and its pages, left no 16 KB block free in a game).
    # The game's app module (``states.GAME_MODULES``; ``menu.use_board``
    # changes it with the board): the app's one door to the game.
    from minigam.app import quarter_app
    app.xt = quarter_app
    # It makes the board view, and ``col``, the view's place of a
    # player's index (MINIGAM's column, the 24-point games' spot).
    app.board, app.col = quarter_app.board(app)
    app.root.append(app.board.group)
    app.tutor = False  # the tutor judges this game
    app.dice = dice
    app.ai_seed = ai_seed
    app.perfect = perfect
    app.settings = P.load_settings(hw.store)
    from minigam.app import menu
    menu.check_games(app)  # has_bg; the chosen game's board
    hw.display.root_group = app.root
    if app.settings.level >= app.n_levels():
        app.settings.level = len(P.LEVELS) - 1  # Hard
    app.stats = P.load_stats(hw.store)
    app.settings_changed = False
    app.apply_brightness()
    # The game types with a game to resume (bit 1 << KIND).
    app.saved = P.saved_games(
        hw.store, (P.MINIGAM, P.BACKGAMMON, P.NARDY) if app.has_bg
        else (P.MINIGAM,), dice)
    app.game = None
    app.ai = None
    app.mode = P.MODE_AI
    app.level = 1
    app.now = 0
    app.due = 0
    # The AI's search: when its first slice ran (None: not yet), and
    # how long its last one took from there in ms (the frame drawn as
    # its turn begins is not part of it; the trace and the firmware
    # bench read it).
    app.ai_began = None
    app.thinking = False
    app.think_ms = 0
    # Backgammon's cube: the AI looks one roll ahead in its turn
    # (App.look_ahead): while it does, its outputs' buffer, whether this
    # turn's look found no double, and how long the last look took in ms
    # (the trace prints it).
    app.looking = False
    app.look_out = None
    app.cube_looked = False
    app.look_ms = 0
    app.waited = False  # a key was pressed in this AI turn: "wait"
    app.save_due = False  # dice rolled: the game is saved after the frame
    app.failed_seen = P.failed  # the failed saves the player was told of
    app.menu_page = 0  # main, Settings or Statistics (app.menu)
    app.menu_sel = 0
    app.dirty = True
    app.frames = 0
    app.keys_taken = 0  # key codes handled (the trace reports it)
    # X or Y waiting for its release before it acts (App.key), -2 once
    # both were pressed together, -1 (keys.NONE) none.
    app.chord = -1
    # Board view state, pushed by _render.
    app.cube_note = None  # Backgammon: the last cube action's words
    app.ask = None  # Backgammon: what ASK asks (bg_app.ask)
    app.page_from = 0  # Backgammon: the state its game page came from
    app.srcs = []
    app.src_idx = []
    app.src_index = -1
    app.tgts = []
    app.ci = 0
    app.src = -1
    app.ai_steps = []
    app.forced = False
    app.cur_color = C.CURSOR
    app.last_col = -1
    # The bottom line's key tips: which one shows, and when the next.
    app.tip = 0
    app.tip_at = 0
    # The advisor of the hint and the tutor (a Hard AIPlayer, or the
    # exact table on the PC) and whether it holds this turn's analysis
    # (it runs in the idle ticks while the player thinks).
    app.adv = None
    app.adv_state = 0  # 0 idle, 1 analysing this turn, 2 done
    # the hint's board; the tutor's result (either game's position)
    app.scratch = bytearray(17)  # (53 for Backgammon: menu._start)
    app.hint_k = -1  # the hint's move shown (-1: still thinking)
    app.hint_keeps = False  # the hint leaves the player's play (tutor)
    app.tutor_text = None  # the tutor's notice: its two lines
    # Your own dice: whose roll is entered (0 the opening), which die,
    # the values, and whether the opening dice tied.
    app.enter_who = 0
    app.enter_k = 0
    app.enter_d = bytearray(2)
    app.enter_tie = False
    app.review = None  # the game-over review (minigam.core.review.Review)
    app.review_page = 0
    app.to_menu()
