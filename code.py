"""MINIGAM on a board: pick the hardware profile, build the app, run it.

The profile comes from ``MINIGAM_PROFILE`` in settings.toml, else from the
board's id (see ``minigam/hw/profile.py``). On a PC this file only runs when
started directly: Python's own ``code`` module shares its name, and tools
(pdb, pytest) that import ``code`` must not start the game.
"""

import sys


def main():
    from minigam.hw.profile import load_profile
    from minigam.app import build_app

    hw = load_profile()
    app = build_app(hw)
    ticks = hw.ticks_ms
    while True:
        app.tick(ticks())


if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    main()
