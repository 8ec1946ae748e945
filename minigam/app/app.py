"""The handheld app: a tick-driven state machine over the game, AI and view.

``App(hw)`` takes a hardware profile (see ``minigam/hw/__init__.py``) and
builds the screens once. ``app.tick(now_ms)`` does one pass of the loop: it
reads every pending key, advances the AI's sliced search and its move-by-move
playback, advances the dice pixels, and when something changed pushes the
new state into the views and refreshes the display once. Nothing blocks.
``code.py`` runs the device loop.

States (``app.state``): MENU, INFO (a statistics page), OPEN (opening roll
due), OPENED (opening dice shown), ROLL (a human must roll: the hand-over
banner), ENTER (a roll entered by hand: "your own dice"), PICK (choose a
checker), DEST (choose where it goes), DONE (play complete: confirm or
undo), PASS (no legal move), HINT (Hard's play shown move by move), CHECK
(the tutor measures a confirmed play), TUTOR (its notice: keep the play or
take it back), AI (thinking), AIMOVE (showing the AI's moves one by one),
OVER (game over: the final board), SUMMARY (the game's figures), REVIEW
(the largest errors of the game), OFFER (Backgammon: a double offered, the
other player takes or drops it; or a resignation, accepted or declined),
GAMEPAGE (Backgammon: the position's gnubg IDs and resigning), ASK
(Backgammon: a double, a drop or a resignation asked once: A yes, B no).

Keys on the board, usable with A/B/X/Y alone: X (or RIGHT/DOWN) moves the
cursor on, LEFT/UP moves it back; A (or PRESS) picks, moves, rolls,
confirms; B undoes the last move, or backs out of a choice; Y undoes the
whole turn; X and Y together show the hint. In Backgammon, X before a
roll offers the cube (asking first), Y shows its game page
(``bg_app.key``), each on its release: X and Y together there show the
cube's hint. The
bottom line names the keys of the moment, in turn when they do not fit at
once. Keys during the AI's turn are read and dropped.
"""

from minigam.compat import const, unload
from minigam.hw import keys as K
from minigam.hw.ticks import ticks_add, ticks_diff
from minigam.app import palette as C
from minigam.app import persist as P
from minigam.app.states import (MENU, INFO, OPEN, OPENED, ROLL, PICK, DEST,
                                DONE, PASS, AI, AIMOVE, OVER, ENTER, HINT,
                                CHECK, TUTOR, SUMMARY, REVIEW, OFFER,
                                GAMEPAGE,
                                MENU_MODULE, PAGES_MODULE, OVER_MODULES)


TIP_MS = const(2500)  # the bottom line's key tips take turns this long

_G_ROLL = const(1)  # minigam.quarter.game states (and minigam.bg.game's)
_G_OVER = const(3)


def _menu():
    """The menu module, loaded when a menu or summary page is shown; a game
    start unloads it again (on stock CircuitPython its code would otherwise
    stay in the heap through the game)."""
    from minigam.app import menu
    return menu


def _tips(app):
    from minigam.app.play_view import tips
    return tips(app)


def _own_dice():
    from minigam.app import own_dice
    return own_dice


def _coach():
    from minigam.app import coach
    return coach


def _hint():
    from minigam.app import hint
    return hint


def _over():
    from minigam.app import over
    return over


class App:
    """The whole handheld app on a hardware profile ``hw``.

    :param hw: a ``minigam.hw.profile.Profile`` (or the host equivalent)
    :param dice: a ``minigam.core.dice.Dice`` for every game (tests script it);
        None: fair dice seeded from ``os.urandom``
    :param ai_seed: seed of the AI's noise (tests); None: random
    :param perfect: host only: ``perfect(rules)`` returns a player of the
        exact table (``begin``/``step``/``steps`` like ``AIPlayer``) or
        None; it adds the Perfect level to the menu
    """

    def __init__(self, hw, dice=None, ai_seed=None, perfect=None):
        # Every attribute is set, and explained, in start-up code that
        # leaves the heap once the app runs.
        from minigam.app.app_init import init
        init(self, hw, dice, ai_seed, perfect)
        unload("minigam.app.app_init")

    def names(self):
        """The two players' names in this game's mode."""
        return ("You", "AI") if self.mode == P.MODE_AI else ("P1", "P2")

    def n_levels(self):
        """AI levels the menu offers: Perfect only with the exact table."""
        return len(P.LEVELS) + (0 if self.perfect is None else 1)

    @property
    def game_over(self):
        """True while the game-over page is shown."""
        return self.state == OVER

    # -- loop -----------------------------------------------------------------

    def tick(self, now_ms):
        """One pass of the main loop at time ``now_ms`` (ticks)."""
        self.now = now_ms
        hw = self.hw
        took = False
        while True:
            k = hw.poll(now_ms)  # (not a key that woke the screen)
            if k == K.NONE:
                break
            self.key(k)
            took = True
        if self.chord != K.NONE and self.xt.chord_up(self):
            took = True
        if not (took and self.dirty):
            # A key's frame first: the AI's next slice, a review's or a
            # hint's, waits for the next pass.
            self._advance()
        hw.tick(now_ms)  # (and dims and blanks the screen when idle)
        if self.dirty:
            self.draw()
        if self.save_due:  # dice rolled: kept once their frame is drawn
            self.save_due = False
            self.save_game()
            self.dirty = P.failed != self.failed_seen  # ("Save failed!")

    def draw(self):
        """Draw the frame now (the main loop does when ``dirty``; so does
        ``minigam.app.ai_turn_keys`` from inside a long search)."""
        self.dirty = False
        self._render()
        self.hw.display.refresh()
        self.frames += 1
        if self.frames == 1:
            # displayio's first refresh after ``root_group`` is set
            # draws the whole screen without marking its parts drawn,
            # so its next refresh draws them all again: let that be
            # now, not at the player's first key (70 ms).
            self.dirty = True
        if self.text is not None and self.text.group.hidden:
            self._drop_text()  # hidden by _leave_pages, now redrawn

    def key(self, code):
        """Handle one key code in the current state."""
        self.keys_taken += 1
        if self.chord != K.NONE:  # (Backgammon's X and Y: bg_app.chord_key)
            self.xt.chord_up(self)  # one tapped alone before acts first
        st = self.state
        if st == MENU:
            _menu().key(self, code)
            return
        if st in (AI, AIMOVE, CHECK):
            # The AI's turn (or a forced play shown, or the tutor's quick
            # check): a key changes nothing but the status line, which
            # says to wait.
            if not self.waited:
                self.waited = True
                self.dirty = True
            return
        if self.xt.CUBE and self.xt.chord_key(self, code, st):
            return  # (X or Y before a roll or on an offer: on release)
        self.act(code, st)

    def act(self, code, st):
        """What key ``code`` does in state ``st`` (``key``'s work, and
        Backgammon's X or Y on its release)."""
        self.failed_seen = P.failed  # ("Save failed!" told: a key hides it)
        self.tip = 0  # the key tips start again from the first
        self.tip_at = ticks_add(self.now, TIP_MS)
        ok = code in (K.A, K.PRESS)
        back = code == K.B
        fwd = code in (K.X, K.RIGHT, K.DOWN)
        if st == INFO:
            _menu().info_key(self, code, ok, back, fwd)
        elif st in (OVER, SUMMARY, REVIEW):
            _over().key(self, code, ok, back)
        elif st == OPEN and ok and self.settings.own_dice:
            _own_dice().enter(self, 0)
        elif st == OPEN or st == OPENED:
            from minigam.app.opening import key as opening_key
            opening_key(self, ok, back)
        elif st == ROLL:
            self.cube_note = None
            if ok:
                if self.settings.own_dice:
                    _own_dice().enter(self, self.game.player)
                else:
                    self._human_roll()
            elif back:
                self.to_menu()
            elif self.xt.CUBE:  # X doubles, Y its game page (bg_app.key)
                self.xt.key(self, code, ok, back)
        elif st >= OFFER:  # Backgammon's offers, questions and game page
            self.xt.key(self, code, ok, back)
        elif st == ENTER:
            _own_dice().key(self, ok, back, fwd, code in (K.LEFT, K.UP, K.Y))
        elif st == PASS:
            if ok and not self.is_ai(self.game.player):
                self.confirm_play()
        elif st == HINT:  # any key ends it (``minigam.app.hint.end``)
            _hint().end(self)
        elif st == TUTOR:
            if ok:
                self.confirm_play()
            elif code == K.X:  # the better play shown; then keep or redo
                _hint().hint(self, True)
            elif back:
                self.game.undo_turn()
                self.moves()
        else:
            self._board_key(code, ok, back)
        self.dirty = True

    # -- menu -------------------------------------------------------------------

    def apply_brightness(self):
        self.hw.brightness = P.BRIGHT[self.settings.bright] / 100

    def to_menu(self):
        """The menu (``minigam.app.menu.enter``): the game leaves the
        heap."""
        self.chord = K.NONE  # (an X held into the menu does nothing)
        _menu().enter(self)

    def show_page(self, title, lines, sel=-1, first=0):
        """Show a text page (``minigam.app.text_view.page``)."""
        from minigam.app.text_view import page
        page(self, title, lines, sel, first)

    def scroll(self, d):
        """Scroll a page without a selection by ``d`` lines."""
        if d and self.text is not None:
            self.text.scroll(d)
            self.dirty = True

    def leave_pages(self, game=True):
        """A game takes the screen: the menu's and the pages' code leaves
        the heap, and the text view is hidden now and leaves after the
        next refresh (``tick``): displayio redraws the area of a hidden
        group, not of one taken off the screen before a refresh."""
        if self.text is not None:
            self.text.group.hidden = True
        unload(MENU_MODULE)
        unload(PAGES_MODULE)
        if game:  # a game starts: the game-over modules leave too
            for m in OVER_MODULES:
                unload(m)

    def _drop_text(self):
        """The text view leaves the screen's groups and the heap."""
        t = self.text
        if t is not None:
            self.root.remove(t.group)
            self.text = None
            unload("minigam.app.text_view")

    # -- games --------------------------------------------------------------

    def opponent(self):
        """The game's AI (None with two players), made when first
        needed (``minigam.app.opponent``)."""
        if self.ai is None and self.mode == P.MODE_AI:
            from minigam.app.opponent import make
            make(self)
            unload("minigam.app.opponent")
        return self.ai

    def is_ai(self, player):
        return self.mode == P.MODE_AI and player == 2

    def start_turn(self):
        """Start (or continue) the mover's turn."""
        g = self.game
        self.waited = False
        if g.state == _G_OVER:
            _over().begin(self)
            return
        p = g.player
        if self.xt.CUBE and self.xt.turn(self):
            return  # a double to answer first
        if self.is_ai(p):
            if g.state == _G_ROLL:
                if self.settings.own_dice:
                    _own_dice().enter(self, p)  # the AI's roll too
                    return
                self._roll()
            elif g.steps:
                g.undo_turn()
            ai = self.opponent()
            if self.level < len(P.LEVELS) and ai.level != P.LEVELS[self.level]:
                ai.set_level(P.LEVELS[self.level])  # it judged at Hard
            self.last_col = -1  # not the human's last destination
            self.thinking = True
            self.ai_began = None
            self.hw.pixels.think(p, self.now)
            self.state = AI
            self.due = ticks_add(self.now, P.SPEEDS[self.settings.speed] // 2)
            self.cur_color = C.LAST
        elif g.state == _G_ROLL:
            self.state = ROLL
            self.hw.pixels.show_mover(p)
        elif self.ai_steps:
            self._play_forced()
        else:
            self.moves()

    def look_ahead(self):
        """The AI's turn to think about the cube (Backgammon's door asks,
        ``xt.turn``): its look one roll ahead (``Search24.ahead_begin``)
        runs in slices in the AI state as its search does, keys and
        frames going on, and ``xt.looked`` then decides."""
        self.opponent()
        if self.look_out is None:
            self.look_out = [0] * 5  # (Backgammon's outputs)
        self.looking = True
        self.thinking = True
        self.ai_began = None
        self.waited = False
        self.hw.pixels.think(2, self.now)
        self.state = AI

    def _roll(self):
        g = self.game
        d1, d2 = g.roll()
        self.stats.add_roll(d1, d2)
        self.hw.pixels.roll(d1, d2, g.player, self.now)
        if self.is_ai(g.player) and g.forced:
            g.undo_turn()
        self.save_due = True  # a restart plays these dice, not new ones

    def _human_roll(self):
        self._roll()
        self.rolled()

    def rolled(self):
        """A human's dice are rolled (or entered): a forced play is shown
        move by move, else the play is built."""
        g = self.game
        if g.forced:
            self.ai_steps = [(s, d) for s, d, _ in g.steps]
            g.undo_turn()
            self._play_forced()
        else:
            self.moves()

    def _play_forced(self):
        """Auto-play of a forced play (``ai_steps``): shown move by move
        like the AI's, then the player confirms or undoes it."""
        self.forced = True
        self.state = AIMOVE
        self.cur_color = C.LAST
        self.due = ticks_add(self.now, P.SPEEDS[self.settings.speed] // 2)

    def moves(self):
        """The human mover builds a play (or acknowledges a pass)."""
        g = self.game
        if not g.steps:
            self.forced = False
            if self.tutor and not g.must_pass:
                _coach().analyse(self)  # the tutor's, while idle
        self.cur_color = C.CURSOR
        self.src = -1
        self.hw.pixels.set_used(g.used[0], g.used[1])
        if g.must_pass:
            self.state = PASS
        elif g.turn_done():
            self.state = DONE
        else:
            self.state = PICK
            self._sources()

    def _sources(self):
        g = self.game
        p = g.player
        pairs = [(self.col(p, i), i) for i in g.movable()]
        pairs.sort()
        cols = self.srcs = [c for c, _ in pairs]
        self.src_idx = [i for _, i in pairs]  # the game's indices
        if self.last_col in cols:
            self.ci = cols.index(self.last_col)
        else:
            self.ci = 0

    def _board_key(self, code, ok, back):
        g = self.game
        st = self.state
        nxt = code in (K.X, K.RIGHT, K.DOWN)
        prv = code in (K.LEFT, K.UP)
        if code == K.X or code == K.Y:
            # X and Y together: the hint (of the whole turn, so it first
            # takes the turn back, as Y alone does). The first key has
            # acted at once: the hint undoes what it did (the cursor
            # moved on, the turn taken back), so the cursor stays instant.
            if self.hw.keys.held(K.Y if code == K.X else K.X):
                _hint().hint(self)
                return
        if code == K.Y:
            g.undo_turn()
            self.moves()
            return
        if st == PICK:
            n = len(self.srcs)
            if nxt:
                self.ci = (self.ci + 1) % n
            elif prv:
                self.ci = (self.ci - 1) % n
            elif ok:
                self.src = self.srcs[self.ci]
                self.src_index = self.src_idx[self.ci]
                self.last_col = self.src
                p = g.player
                t = [(self.col(p, d), die, self.col(p, d) * 8 + die)
                     for d, die in g.targets(self.src_index)]
                t.sort(key=lambda e: e[2])
                self.tgts = t
                self.ci = 0
                self.state = DEST
            elif back:
                if g.undo():
                    self.moves()
        elif st == DEST:
            n = len(self.tgts)
            if nxt:
                self.ci = (self.ci + 1) % n
            elif prv:
                self.ci = (self.ci - 1) % n
            elif ok:
                col, die, _ = self.tgts[self.ci]
                g.move(self.src_index, die)
                self.last_col = col
                self.moves()
            elif back:
                self.state = PICK
                self._sources()
                if self.src in self.srcs:
                    self.ci = self.srcs.index(self.src)
                self.src = -1
        elif st == DONE:
            if ok:
                self._done_key()
            elif back:
                if g.undo():
                    self.moves()

    def _done_key(self):
        """A on a finished play: with the tutor on, the play is measured
        first (CHECK, then perhaps the TUTOR notice)."""
        g = self.game
        if self.tutor and not self.forced and g.steps:
            _coach().analyse(self)
            self.state = CHECK
            self.waited = False
        else:
            self.confirm_play()

    def confirm_play(self):
        g = self.game
        self.adv_state = 0  # the turn ends: its analysis is spent
        if not self.tutor:
            self.adv = None
        w = g.confirm()
        self.hw.pixels.off()
        if w:
            from minigam.app.tally import record
            record(self, w)
            unload("minigam.app.tally")
        self.save_game()
        self.start_turn()

    def save_game(self):
        """Keep the game in its type's slot (``saved``: a mask of the
        types with a game to resume); a match won clears it."""
        g = self.game
        bit = 1 << g.KIND
        self.saved &= ~bit
        if g.state == _G_OVER and g.match_over():
            P.clear_game(self.hw.store, g.KIND)
        elif P.save_game(self.hw.store, self.mode, self.level, g):
            self.saved |= bit

    # -- the AI's turn -------------------------------------------------------

    def _advance(self):
        """The work of a tick that no key asked for: the AI's turn, the
        advisor's analysis (one slice a tick while the player thinks; a
        few milliseconds' worth while the player waits for it), the
        hint's moves, the review, and the turns of the key tips."""
        st = self.state
        if st == AI or st == AIMOVE:
            self._advance_ai()
            return
        waiting = st == HINT or st == CHECK
        if self.adv_state == 1 and (waiting or st in (PICK, DEST, DONE)):
            end = ticks_add(self.hw.ticks_ms(), 30 if waiting else 0)
            while True:
                if self.adv.step():
                    self.adv_state = 2
                    break
                if ticks_diff(self.hw.ticks_ms(), end) >= 0:
                    return
        if st == HINT:
            if self.adv_state == 2 and (
                    self.hint_k < 0 or ticks_diff(self.now, self.due) >= 0):
                _hint().hint_frame(self)
        elif st == CHECK:
            if self.adv_state == 2:
                from minigam.app.verdict import judge
                judge(self)
                unload("minigam.app.verdict")
        elif st == REVIEW:
            _over().advance(self)
        elif ticks_diff(self.now, self.tip_at) >= 0:
            self.tip_at = ticks_add(self.now, TIP_MS)
            if self.game is not None and len(_tips(self)) > 1:
                self.tip += 1
                self.dirty = True

    def _advance_ai(self):
        st = self.state
        if ticks_diff(self.now, self.due) < 0 and st == AIMOVE:
            return
        g = self.game
        if st == AI:
            if self.thinking:
                if self.ai_began is None:
                    if self.dirty:
                        return  # the turn's frame is drawn first
                    self.ai_began = self.hw.ticks_ms()
                    # The search's start (its plays found, the root's sums
                    # set) is a slice of its own: the key that ended the
                    # player's turn has had its frame.
                    if self.looking:
                        self.ai.ahead_begin(g.pos, self.look_out)
                    else:
                        self.ai.begin(g.pos, g.d1, g.d2)
                    return
                if self.looking:
                    if not self.ai.ahead_step():
                        return
                    self.look_ms = ticks_diff(self.hw.ticks_ms(),
                                              self.ai_began)
                    self.looking = self.thinking = False
                    self.dirty = True
                    self.xt.looked(self)
                    return
                if not self.ai.step():
                    return
                # read the clock now: a search may end in the slice it began
                self.think_ms = ticks_diff(self.hw.ticks_ms(), self.ai_began)
                self.thinking = False  # the search is done; now the pacing
            if ticks_diff(self.now, self.due) < 0:
                return
            self.ai_steps = list(self.ai.steps)
            self.state = AIMOVE
            self.hw.pixels.show_dice(g.d1, g.d2, 2)
            self.due = ticks_add(self.now, P.SPEEDS[self.settings.speed] // 2)
            self.dirty = True
            return
        if self.ai_steps:
            src, die = self.ai_steps.pop(0)
            g.move(src, die)
            self.last_col = self.col(g.player, min(src + die, g.OFF))
            self.hw.pixels.set_used(g.used[0], g.used[1])
        elif self.is_ai(g.player):
            self.last_col = -1
            self.confirm_play()
        else:
            self.moves()  # a forced play shown: now confirm or undo
        self.due = ticks_add(self.now, P.SPEEDS[self.settings.speed])
        self.dirty = True

    # -- drawing --------------------------------------------------------------

    def _render(self):
        """Push the game's state into the board view (its code, in
        ``minigam.app.play_view``, is loaded while a game is on)."""
        st = self.state
        if st in (MENU, INFO, SUMMARY, GAMEPAGE) or (
                st == REVIEW and self.review is not None and self.review.done):
            return
        from minigam.app import play_view
        play_view.render(self)

