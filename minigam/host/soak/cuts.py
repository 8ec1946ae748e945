"""Power cuts at the app level: every save the app makes, cut in every
flash operation CircuitPython would make for it, then a fresh store and a
fresh app started on what the flash holds.

``record_session(profile, seed, mode, turns, build)`` plays through the
real app by keys (a human who always presses A, against the AI or in
two-player mode) on a flash NVM (``minigam.host.emu.nvmflash``) of the
``build``: ``"minigam"`` (the MINIGAM firmware's two-sector NVM),
``"stock"`` (stock CircuitPython's one RP2040 sector) or ``"samd51"``
(a PyBadge's 256 bytes, erased at every write). The app saves the game
after every completed turn, settings when they change, statistics after
each game, and compacts the store at the menu (``Store.maintain``). Each
call that wrote is kept with the NVM image before it and every kind's blob
before and after.

``check_cuts(session, app_check=True)`` replays each of those calls on its
image with a power cut in each of its flash operations (erases and page
programs), after ``cut_points`` bytes of it: none, the first, mid-page,
mid-sector, all but the last, all. A fresh ``Store`` over the result must
load without raising, each kind's blob exactly the one before or the one
after (never a mix, never garbage), and a save after it must work. On the
MINIGAM build every cut must pass. On one sector (stock) a cut in a
compaction's erase can lose the store: such cuts are counted
(``window``), not failed; on a SAMD51 every write has that window. With
``app_check``, a fresh ``App`` is started on every distinct image: its
settings and statistics are the stored ones, it offers "Resume MINIGAM"
exactly when a loadable game is stored, the game it resumes is that game,
and a few more key presses run without an exception. Raises
``CutFailure``; returns figures.

Host only. ``python -m minigam.host soak --cuts [--profile P ...]`` runs it.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from minigam.host.emu.nvmflash import PAGE, SECTOR, FlashNVM, PowerCut  # noqa: E402

# build: (nvmflash kind, NVM bytes)
BUILDS = {"minigam": ("minigam", 2 * SECTOR), "stock": ("rp2040", SECTOR),
          "samd51": ("samd51", 256)}
MAINTAIN = -1  # a recorded Store.maintain() call, not a save


class CutFailure(Exception):
    """A cut save that loads as a mix, raises, or breaks the app."""


def cut_points(count):
    """Bytes of an operation of ``count`` bytes done when the power fails."""
    return sorted({k for k in (0, 1, PAGE // 2, SECTOR // 2, count - 1, count)
                   if 0 <= k <= count})


def default_build(profile):
    from minigam.hw.pins import PROFILES
    return "samd51" if PROFILES[profile]["nvm_bytes"] < SECTOR else "minigam"


class Session:
    """Store calls of one recorded session (see the module docstring)."""

    def __init__(self, profile, build):
        self.profile = profile
        self.build = build
        self.kind, self.size = BUILDS[build]
        # dicts: kind (MAINTAIN for a compaction), data, before (image),
        # blobs0, blobs1 (GAME, SETTINGS, STATS)
        self.writes = []
        self.erases = 0
        self.saves = 0

    def replay(self, w, cut=None):
        """The flash after store call ``w`` on its image before, cut as
        ``(operation, bytes)``; and the operations it made."""
        from minigam.hw.store import Store
        wr = self.writes[w]
        nvm = FlashNVM(self.size, self.kind, wr["before"])
        store = Store(nvm)
        nvm.keep_trace = True
        if cut is not None:
            nvm.arm_cut(*cut)
        try:
            if wr["kind"] == MAINTAIN:
                store.maintain()
            else:
                store.save(wr["kind"], wr["data"])
        except PowerCut:
            return nvm, nvm.trace, True
        return nvm, nvm.trace, False


def _blobs(store):
    from minigam.hw import store as S
    return (store.load(S.GAME), store.load(S.SETTINGS), store.load(S.STATS))


def _press_a_policy(app, hw, K, A, tick):
    """One step of a human who always presses A (ticks on the AI's turn)."""
    if app.state in (A.AI, A.AIMOVE):
        tick(100)
    else:
        hw.keys.push(K.A)
        tick(40)


def record_session(profile, seed=1, mode="ai", turns=40, build=None):
    """Play ``turns`` completed turns through the app, a match after
    another; returns a ``Session`` of every store call that wrote."""
    from minigam.app.start import build_app
    from minigam.app import app as A
    from minigam.hw import keys as K
    from minigam.host.simulator.hwhost import build_host_profile

    ses = Session(profile, build or default_build(profile))
    nvm = FlashNVM(ses.size, ses.kind)
    hw = build_host_profile(profile, nvm=nvm, nvm_bytes=ses.size)
    store = hw.store
    real = {"save": store.save, "maintain": store.maintain}

    def logged(kind, call, *args):
        before, blobs0, n = bytes(nvm.data), _blobs(store), nvm.writes
        result = call(*args)
        if nvm.writes != n:
            ses.writes.append({"kind": kind, "data": args[1] if args else None,
                               "before": before, "blobs0": blobs0,
                               "blobs1": _blobs(store)})
        return result

    store.save = lambda kind, data: logged(kind, real["save"], kind, data)
    store.maintain = lambda: logged(MAINTAIN, real["maintain"])
    app = build_app(hw, seed=seed)
    now = [0]

    def tick(ms):
        now[0] += ms
        app.tick(now[0])

    tick(40)
    done = 0
    for _ in range(1000):  # matches, one after another, from the menu
        started = done
        app.menu_sel = 0  # (the menu keeps its pointer: from the top)
        if mode == "2p":  # menu: Play vs AI, Two players
            hw.keys.push(K.X)
            tick(40)
        hw.keys.push(K.A)
        tick(40)
        for _ in range(40 * turns + 2000):
            g = app.game
            before = g.turn_no if g is not None else 0
            _press_a_policy(app, hw, K, A, tick)
            if app.game is not None and app.game.turn_no != before:
                done += 1
            if done >= turns or (app.state == A.OVER
                                 and app.game.match_over()):
                break
        for _ in range(6):  # the match's end: B, back to the menu
            if app.state == A.MENU:
                break
            hw.keys.push(K.B)
            tick(40)
        if done >= turns or done == started or app.state != A.MENU:
            break
    ses.erases = nvm.erases
    ses.saves = store.saves
    hw.deinit()
    return ses


def check_cuts(ses, app_check=True, log=None):
    """Check every cut point of every store call of ``ses``; returns
    figures: writes, cuts, window (cuts that lost the store, allowed only
    in a one-sector compaction or on a SAMD51; window_in_play: of those,
    cuts in a save rather than at the menu), images, apps, resumes."""
    from minigam.app.start import build_app
    from minigam.app import app as A
    from minigam.app import persist as P
    from minigam.hw import keys as K
    from minigam.hw.store import Store
    from minigam.host.simulator.hwhost import build_host_profile
    from minigam.quarter.notation import NotationError, validate
    from minigam.quarter.save import dumps

    fig = {"profile": ses.profile, "build": ses.build,
           "writes": len(ses.writes), "cuts": 0, "window": 0,
           "window_in_play": 0, "images": 0,
           "apps": 0, "resumes": 0}
    hw = build_host_profile(ses.profile) if app_check else None
    seen = set()
    for w, wr in enumerate(ses.writes):
        _, trace, _ = ses.replay(w)
        erases = any(op == "erase" for op, _, _ in trace)
        for i, (op, at, count) in enumerate(trace):
            for k in cut_points(count):
                nvm, _, was_cut = ses.replay(w, (i, k))
                where = ("%s (%s build) call %d (%s) cut in operation %d "
                         "(%s of %d bytes at %d) after %d bytes"
                         % (ses.profile, ses.build, w, "compaction"
                            if wr["kind"] == MAINTAIN else "kind %d"
                            % wr["kind"], i, op, count, at, k))
                if not was_cut:
                    raise CutFailure("%s: the cut never came" % where)
                fig["cuts"] += 1
                img = bytes(nvm.data)
                try:
                    got = _blobs(Store(FlashNVM(ses.size, ses.kind, img)))
                except Exception as exc:
                    raise CutFailure("%s: the store raised %s: %s"
                                     % (where, type(exc).__name__, exc))
                lost = [n for n in range(3)
                        if got[n] not in (wr["blobs0"][n], wr["blobs1"][n])]
                if lost:
                    if ses.build == "samd51" or (ses.build == "stock"
                                                 and erases):
                        fig["window"] += 1
                        if wr["kind"] != MAINTAIN:
                            fig["window_in_play"] += 1
                        continue
                    raise CutFailure("%s: blob %d is %r, neither the one "
                                     "before (%r) nor after (%r)"
                                     % (where, lost[0], got[lost[0]],
                                        wr["blobs0"][lost[0]],
                                        wr["blobs1"][lost[0]]))
                after = FlashNVM(ses.size, ses.kind, img)
                try:
                    Store(after).save(0, b"after the cut")
                    if Store(after).load(0) != b"after the cut":
                        raise CutFailure("%s: a save after the cut did not "
                                         "load" % where)
                except CutFailure:
                    raise
                except Exception as exc:
                    raise CutFailure("%s: a save after the cut raised %s: %s"
                                     % (where, type(exc).__name__, exc))
                if not app_check or img in seen:
                    continue
                seen.add(img)
                try:
                    _check_app(hw, ses, img, got, where, fig, build_app,
                               A, P, K, dumps, validate, NotationError)
                except CutFailure:
                    raise
                except Exception as exc:
                    import traceback
                    raise CutFailure("%s: the fresh app raised %s: %s\n%s"
                                     % (where, type(exc).__name__, exc,
                                        traceback.format_exc()))
        if log:
            log("  %s: store call %d/%d checked" % (ses.profile, w + 1,
                                                    len(ses.writes)))
    fig["images"] = len(seen)
    if hw is not None:
        hw.deinit()
    return fig


def _check_app(hw, ses, img, got, where, fig, build_app, A, P, K, dumps,
               validate, NotationError):
    from minigam.hw.store import Store

    game, meta = got[0], got[1:]
    hw.store = Store(FlashNVM(ses.size, ses.kind, img))
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
    stored = P.load_game(hw.store, P.MINIGAM)
    if bool(app.saved & 1 << P.MINIGAM) != (stored is not None):
        raise CutFailure("%s: 'Resume MINIGAM' offered: %s, stored game: %s"
                         % (where, bool(app.saved), stored is not None))
    if game is not None and stored is None:
        # A blob that does not load is only acceptable if it is not a
        # save the app made (never the case here: the blobs are its own).
        raise CutFailure("%s: the app's own save does not load" % where)
    if stored is None:
        return
    mode, level, g = stored
    if bytes((mode, level)) + dumps(g) != game:
        raise CutFailure("%s: the resumed game is not the stored one" % where)
    hw.keys.push(K.A)  # "Resume MINIGAM" is the first menu item
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


def builds_of(profile):
    """The builds a profile's board runs: an RP2040 profile both the
    MINIGAM firmware and stock CircuitPython."""
    b = default_build(profile)
    return ("minigam", "stock") if b == "minigam" else (b,)


def run(profiles, seed=1, turns=40, app_check=True, log=None):
    """Record a session per profile, build and mode (vs the AI and
    two-player) and check every cut; returns the list of figures."""
    out = []
    for name in profiles:
        for build in builds_of(name):
            for mode in ("ai", "2p"):
                ses = record_session(name, seed=seed, mode=mode, turns=turns,
                                     build=build)
                fig = check_cuts(ses, app_check=app_check, log=log)
                fig["mode"] = mode
                out.append(fig)
    return out


def format_figures(f):
    window = ""
    if f.get("window"):
        window = (", %d lost the store in the erase window (%d of them in "
                  "a save during play)" % (f["window"], f["window_in_play"]))
    return ("%s, %s build (%s): %d store writes, %d cut points survived%s "
            "(%d distinct NVM images, %d fresh apps, %d resumed games)"
            % (f["profile"], f.get("build", "?"), f.get("mode", "?"),
               f["writes"], f["cuts"] - f.get("window", 0), window,
               f["images"], f["apps"], f["resumes"]))
