"""Keys and frames from inside a long computation in the AI's turn: a
24-point game's move generation for a double (up to 76 ms on a Pico)
calls ``between`` now and then, so a key pressed then has its frame at
once. Only the 24-point games load it (``minigam.app.opponent``): on stock
CircuitPython, which plays MINIGAM alone, its code stays out of the heap.
"""

from minigam.app.states import AI
from minigam.hw.keys import NONE


def hook(app):
    """The function the AI's rules call (``Rules.between``) for ``app``."""
    return lambda: between(app)


def between(app):
    """One pass for keys and the screen, in the AI's turn only: elsewhere a
    key may change the state under the computation, so it waits."""
    if app.state != AI:
        return
    now = app.hw.ticks_ms()
    while True:
        k = app.hw.poll(now)
        if k == NONE:
            break
        app.key(k)
    app.hw.tick(now)
    if app.dirty:
        app.draw()
