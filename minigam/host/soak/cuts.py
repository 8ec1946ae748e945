"""Power cuts at the app level (issue 10): every save the app makes, torn at
every byte, then a fresh app started on what the NVM holds.

``record_session(profile, seed, mode, turns)`` plays through the real app
by keys (a human who always presses A, against the AI or in two-player
mode) on an NVM that logs every write: the app saves the game after every
completed turn, settings when they change and statistics after each game,
each through ``Store.save`` as ONE slice assignment on the NVM. Each write
is kept with the NVM image before it and the blobs (game; settings and
statistics) the store held before and after it.

``cut_write(w, k, descending)`` is the NVM image after a power cut during
write ``w`` once ``k`` of its bytes reached the NVM (ascending address
order: the first ``k``; descending: the last ``k``). ``k = 0`` is a cut
before the write, ``k = len`` the complete write.

``check_cuts(session, app_check=True)`` checks every cut point of every
write: a fresh ``Store`` over the image loads without raising, and its game
blob and (settings, statistics) pair are each exactly the one before or the
one after the write (never a mix), the one before when nothing was written,
the one after when all was. With ``app_check``, a fresh ``App`` is started
on every distinct image: its settings and statistics are the before or
after ones, it offers "Resume game" exactly when a loadable game is stored,
the game it resumes (by pressing A on the menu) is that stored game
(``savegame.dumps`` compared byte for byte), and a few more key presses and
ticks run without an exception and with a valid position. Raises
``CutFailure``; returns figures (writes, cut points, distinct images, apps
started, resumes).

Host only. ``python -m minigam.host soak --cuts [--profile P ...]`` runs it.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")


class CutFailure(Exception):
    """A torn save that loads as a mix, raises, or breaks the app."""


class TapeNVM:
    """A bytearray NVM that logs every slice write with the image before."""

    def __init__(self, size):
        self.data = bytearray(size)
        self.log = []  # (start, new bytes, image before)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            start = i.start or 0
            self.log.append((start, bytes(v), bytes(self.data)))
        self.data[i] = v


class Session:
    """Writes of one recorded session (see the module docstring)."""

    def __init__(self, profile, size):
        self.profile = profile
        self.size = size
        self.writes = []  # dicts: kind, start, data, before, game0/1, meta0/1

    def cut(self, w, k, descending=False):
        """The NVM image of a cut during write ``w`` after ``k`` bytes."""
        wr = self.writes[w]
        img = bytearray(wr["before"])
        data = wr["data"]
        n = len(data)
        s = wr["start"]
        if descending:
            img[s + n - k:s + n] = data[n - k:]
        else:
            img[s:s + k] = data[:k]
        return img


def _press_a_policy(app, hw, K, A, tick):
    """One step of a human who always presses A (ticks on the AI's turn)."""
    if app.state in (A.AI, A.AIMOVE):
        tick(100)
    else:
        hw.keys.push(K.A)
        tick(40)


def record_session(profile, seed=1, mode="ai", turns=40, nvm_bytes=None):
    """Play ``turns`` completed turns (or to the end of the match) through
    the app; returns a ``Session`` of every NVM write."""
    from minigam.app import build_app
    from minigam.app import app as A
    from minigam.hw import keys as K
    from minigam.host.simulator.hwhost import build_host_profile
    from minigam.hw.pins import PROFILES
    from minigam.hw import store as S

    size = nvm_bytes or PROFILES[profile]["nvm_bytes"]
    nvm = TapeNVM(size)
    hw = build_host_profile(profile, nvm=nvm)
    store = hw.store
    held = {"game": store.load(S.GAME),
            "meta": (store.load(S.SETTINGS), store.load(S.STATS))}
    ses = Session(profile, size)
    errors = []
    real_save = store.save

    def save(kind, data):
        before_game, before_meta = held["game"], held["meta"]
        n = len(nvm.log)
        real_save(kind, data)
        if len(nvm.log) != n + 1:
            # raised after the tick: the app's save_blob swallows errors
            errors.append("a save made %d NVM writes, not one"
                          % (len(nvm.log) - n))
            return
        held["game"] = store.load(S.GAME)
        held["meta"] = (store.load(S.SETTINGS), store.load(S.STATS))
        start, new, before = nvm.log[-1]
        ses.writes.append({"kind": kind, "start": start, "data": new,
                           "before": before,
                           "game0": before_game, "game1": held["game"],
                           "meta0": before_meta, "meta1": held["meta"]})

    store.save = save
    app = build_app(hw, seed=seed)
    now = [0]

    def tick(ms):
        now[0] += ms
        app.tick(now[0])
        if errors:
            raise CutFailure(errors[0])

    tick(40)
    if mode == "2p":  # menu: Play vs AI, Two players
        hw.keys.push(K.X)
        tick(40)
    hw.keys.push(K.A)
    tick(40)
    done = 0
    for _ in range(40 * turns + 2000):
        g = app.game
        before = g.turn_no if g is not None else 0
        _press_a_policy(app, hw, K, A, tick)
        if app.game is not None and app.game.turn_no != before:
            done += 1
        if done >= turns or (app.state == A.OVER and app.game.match_over()):
            break
    hw.deinit()
    return ses


def check_cuts(ses, app_check=True, log=None):
    """Check every cut point of every write of ``ses``; returns figures."""
    from minigam.app import build_app
    from minigam.app import app as A
    from minigam.app import persist as P
    from minigam.hw import keys as K
    from minigam.hw import store as S
    from minigam.host.simulator.hwhost import build_host_profile
    from minigam.notation import NotationError, validate
    from minigam.savegame import dumps

    fig = {"profile": ses.profile, "writes": len(ses.writes), "cuts": 0,
           "images": 0, "apps": 0, "resumes": 0}
    hw = build_host_profile(ses.profile) if app_check else None
    seen = set()
    for w, wr in enumerate(ses.writes):
        n = len(wr["data"])
        for desc in (False, True):
            for k in range(n + 1):
                if desc and k in (0, n):
                    continue  # the same images as ascending
                img = ses.cut(w, k, desc)
                where = "%s write %d (%s) cut after %d of %d bytes (%s)" % (
                    ses.profile, w, "game" if wr["kind"] == S.GAME else
                    "meta", k, n, "descending" if desc else "ascending")
                fig["cuts"] += 1
                try:
                    st = S.Store(bytearray(img))
                    game = st.load(S.GAME)
                    meta = (st.load(S.SETTINGS), st.load(S.STATS))
                except Exception as exc:
                    raise CutFailure("%s: the store raised %s: %s"
                                     % (where, type(exc).__name__, exc))
                want_g = (wr["game0"], wr["game1"])
                want_m = (wr["meta0"], wr["meta1"])
                if k == 0:
                    want_g, want_m = want_g[:1], want_m[:1]
                elif k == n:
                    want_g, want_m = want_g[1:], want_m[1:]
                if game not in want_g:
                    raise CutFailure("%s: game blob %r is neither the saved "
                                     "one before nor after" % (where, game))
                if meta not in want_m:
                    raise CutFailure("%s: settings/statistics %r are "
                                     "neither before nor after" % (where,
                                                                   meta))
                key = bytes(img)
                if not app_check or key in seen:
                    continue
                seen.add(key)
                try:
                    _check_app(hw, img, game, meta, where, fig, build_app,
                               A, P, K, dumps, validate, NotationError)
                except CutFailure:
                    raise
                except Exception as exc:
                    import traceback
                    raise CutFailure("%s: the fresh app raised %s: %s\n%s"
                                     % (where, type(exc).__name__, exc,
                                        traceback.format_exc()))
        if log:
            log("  %s: write %d/%d checked" % (ses.profile, w + 1,
                                               len(ses.writes)))
    fig["images"] = len(seen)
    if hw is not None:
        hw.deinit()
    return fig


def _check_app(hw, img, game, meta, where, fig, build_app, A, P, K, dumps,
               validate, NotationError):
    from minigam.hw.store import Store
    from minigam.host.simulator.hwhost import HostNVM

    nvm = HostNVM(len(img))
    nvm.data[:] = img
    hw.store = Store(nvm)
    hw.keys.clear()
    app = build_app(hw, seed=7)
    fig["apps"] += 1
    now = [0]

    def tick(ms=40):
        now[0] += ms
        app.tick(now[0])
        if app.game is not None:
            try:
                validate(app.game.pos, app.game.rules.checkers)
            except NotationError as exc:
                raise CutFailure("%s: illegal position after resuming: %s"
                                 % (where, exc))

    tick()
    if app.settings.to_bytes() != _settings_of(P, meta[0]) \
            or app.stats.to_bytes() != _stats_of(P, meta[1]):
        raise CutFailure("%s: the app's settings/statistics are not the "
                         "stored ones" % where)
    stored = P.load_game(hw.store)
    if app.saved != (stored is not None):
        raise CutFailure("%s: 'Resume game' offered: %s, stored game: %s"
                         % (where, app.saved, stored is not None))
    if game is not None and stored is None:
        # A blob that does not load is only acceptable if it is not a
        # save the app made (never the case here: the blobs are its own).
        raise CutFailure("%s: the app's own save does not load" % where)
    if stored is None:
        return
    mode, level, g = stored
    if bytes((mode, level)) + dumps(g) != game:
        raise CutFailure("%s: the resumed game is not the stored one" % where)
    hw.keys.push(K.A)  # "Resume game" is the first menu item
    tick()
    if app.game is None or app.state == A.MENU:
        raise CutFailure("%s: resuming did not start the game" % where)
    fig["resumes"] += 1
    for _ in range(6):
        if app.state in (A.AI, A.AIMOVE):
            tick(300)
        else:
            hw.keys.push(K.A)
            tick()


def _settings_of(P, blob):
    s = P.Settings()
    s.load(blob)
    return s.to_bytes()


def _stats_of(P, blob):
    s = P.Stats()
    s.load(blob)
    return s.to_bytes()


def run(profiles, seed=1, turns=40, app_check=True, log=None):
    """Record a session per profile (vs the AI and two-player) and check
    every cut; returns the list of figures."""
    out = []
    for name in profiles:
        for mode in ("ai", "2p"):
            ses = record_session(name, seed=seed, mode=mode, turns=turns)
            fig = check_cuts(ses, app_check=app_check, log=log)
            fig["mode"] = mode
            out.append(fig)
    return out


def format_figures(f):
    return ("%s (%s): %d writes, %d cut points survived (%d distinct NVM "
            "images, %d fresh apps, %d resumed games)"
            % (f["profile"], f.get("mode", "?"), f["writes"], f["cuts"],
               f["images"], f["apps"], f["resumes"]))
