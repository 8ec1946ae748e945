"""MINIGAM on a board: pick the hardware profile, build the app, run it.

The profile comes from ``MINIGAM_PROFILE`` in settings.toml, else from the
board's id (see ``minigam/hw/profile.py``). For tests: ``MINIGAM_TRACE = 1``
there prints each app state as it is entered, with the free heap
(``@PICK 91234``), which the emulator harness and the firmware benchmark
read; ``MINIGAM_SEED = n`` repeats the dice and the AI's noise, so a game on
the emulated board can be replayed in the simulator. On a PC
this file only runs when started directly: Python's own ``code`` module
shares its name, and tools (pdb, pytest) that import ``code`` must not start
the game.
"""

import sys


def main():
    from os import getenv
    from minigam.hw.profile import load_profile
    from minigam.app import build_app

    hw = load_profile()
    seed = getenv("MINIGAM_SEED")
    app = build_app(hw, None if seed is None else int(seed))
    ticks = hw.ticks_ms
    if not getenv("MINIGAM_TRACE"):
        while True:
            app.tick(ticks())
    import gc
    from minigam.app.app import STATE_NAMES
    state = -1
    while True:
        app.tick(ticks())
        if app.state != state:
            state = app.state
            print("@%s %d" % (STATE_NAMES[state], gc.mem_free()))


if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    main()
