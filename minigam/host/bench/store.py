"""Bench figures of the NVM store: flash erases per 100 saves on each
build, and the flash's lifetime in games (host only; printed, never
asserted).

The app plays MINIGAM matches by keys (a human who always presses A,
against the AI and two-player) over the host's model of each build's
``microcontroller.nvm`` (``minigam.host.emu.nvmflash``, checked operation
by operation against the MINIGAM firmware by its gate): every save it
makes, every compaction at the menu. Erases are the model's sector
erases. On the Pico the lifetime divides the NVM sectors' rated erase
cycles (100,000 for the W25Q16JV) by the erases a game costs; a SAMD51
gets erases a game only (its flash's rating is its datasheet's).

``python -m minigam.host bench --only store``.
"""

ENDURANCE = 100000  # erase cycles a sector is rated for (W25Q16JV)
TURNS = 300  # completed turns per session (several matches)


def measure(build, turns=TURNS, seed=11):
    """(saves, erases, games, compactions at the menu) of two sessions
    (against the AI and two-player) on ``build``'s NVM."""
    from minigam.host.soak.cuts import MAINTAIN, record_session
    from minigam.hw.store import STATS
    profile = "pybadge" if build == "samd51" else "pico-st7789"
    saves = erases = games = menu = 0
    for mode in ("ai", "2p"):
        ses = record_session(profile, seed=seed, mode=mode, turns=turns,
                             build=build)
        saves += ses.saves
        erases += ses.erases
        games += sum(1 for w in ses.writes if w["kind"] == STATS)
        menu += sum(1 for w in ses.writes if w["kind"] == MAINTAIN)
    return saves, erases, max(games, 1), menu


def run(out):
    from minigam.host.soak.cuts import BUILDS
    out.write("flash erases per 100 saves (MINIGAM matches by keys, vs the AI "
              "and two-player, %d turns each, on the host's model of each "
              "build's nvm)\n" % TURNS)
    for build, label in (("minigam", "MINIGAM firmware, 2 x 4 KB sectors"),
                         ("stock", "stock CircuitPython, 1 x 4 KB sector"),
                         ("samd51", "SAMD51 (PyBadge), 256 B in a flash "
                                    "block")):
        saves, erases, games, menu = measure(build)
        per_game = erases / float(games)
        life = "%.2f erases a game" % per_game
        if build != "samd51" and per_game:
            sectors = BUILDS[build][1] // 4096
            life = "lifetime ~{:,.0f} games at {:,} erase cycles a " \
                   "sector".format(ENDURANCE * sectors / per_game, ENDURANCE)
        out.write("  %-45s %5d saves, %4d erases: %5.1f per 100 saves "
                  "(%d compactions at the menu); %.1f saves a game, %s\n"
                  % (label, saves, erases, 100.0 * erases / max(saves, 1),
                     menu, saves / float(games), life))
    out.write("  (a SAMD51 erases its block at every write: the window and "
              "the wear are the same with any layout)\n")
