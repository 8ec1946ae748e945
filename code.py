"""MINIGAM on a board: pick the hardware profile, build the app, run it.

The profile comes from ``MINIGAM_PROFILE`` in settings.toml, else from the
board's id (see ``minigam/hw/loader.py``). For tests: ``MINIGAM_TRACE = 1``
there prints each app state as it is entered, with the heap free after a
collection and a 16 KB probe allocation (``@PICK 91234 1``; ``2``: the
state alone), which the emulator harness and the firmware benchmark
read, and ``#key N`` once the app has taken its Nth key (so a test taps
again only then); ``MINIGAM_SEED = n`` repeats the dice and the AI's noise, so a game on
the emulated board can be replayed in the simulator. On a PC
this file only runs when started directly: Python's own ``code`` module
shares its name, and tools (pdb, pytest) that import ``code`` must not start
the game.
"""

import sys


# Sleep between loop passes unless the AI is thinking. Keys are scanned
# every 10 ms in the background; a pass finds a press at most this much
# later, and key to finished frame must stay within 30 ms.
IDLE_S = 0.002


def main():
    from os import getenv
    trace = getenv("MINIGAM_TRACE")  # settings.toml's 2 arrives as "2"
    if trace:
        stage("start")
    from time import sleep
    from minigam.hw.loader import load_profile
    from minigam.app.start import build_app
    from minigam.app.states import AI, AIMOVE, STATE_NAMES

    if trace:
        stage("imports")

    hw = load_profile()
    from minigam.compat import unload
    unload("minigam.hw.loader")  # start-up only
    if trace:
        stage("profile")
    seed = getenv("MINIGAM_SEED")
    app = build_app(hw, None if seed is None else int(seed))
    del build_app
    unload("minigam.app.start")  # start-up only
    ticks = hw.ticks_ms
    if trace:
        stage("app")
    state = -1
    taken = 0
    low = 1 << 30
    # Sleeping lets the chip idle (less power, and an emulator skips ahead);
    # keys are scanned in the background meanwhile, so none is missed.
    while True:
        app.tick(ticks())
        if trace and app.state != state:
            if app.state == AIMOVE and state == AI:  # not a forced play shown
                print("think %d" % app.think_ms)
            state = app.state
            low = report(STATE_NAMES[state], low, trace)
        if trace and app.look_ms:  # (Backgammon's cube: its look ahead)
            print("look %d" % app.look_ms)
            app.look_ms = 0
        if trace and app.keys_taken != taken:
            taken = app.keys_taken
            print("#key %d" % taken)  # after the state it led to
        if app.state != AI:
            sleep(IDLE_S)


def stage(name):
    """Print ``start-up NAME free alloc``: the heap after a start-up stage."""
    import gc
    gc.collect()
    print("start-up %s %d %d" % (name, gc.mem_free(), gc.mem_alloc()))  # type: ignore[attr-defined]


def report(name, low, trace=1):
    """Print ``@NAME free probe``: the heap free after a collection and,
    when that is the lowest yet, whether a 16 KB block can still be had
    (1/0; -1 when not tried). Returns the lowest free so far. With
    ``MINIGAM_TRACE = 2`` only ``@NAME``: a timing run's keys must not
    wait for the trace's collection."""
    if trace == "2":  # (CircuitPython 10.2.1's os.getenv: a string)
        print("@" + name)
        return low
    import gc
    gc.collect()
    free = gc.mem_free()  # type: ignore[attr-defined]  # not in the stubs
    probe = -1
    if free < low:
        low = free
        try:
            block = bytearray(16384)  # the budget's allocatable block
            probe = 1
            del block
        except MemoryError:
            probe = 0
    print("@%s %d %d" % (name, free, probe))
    return low


if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    main()
