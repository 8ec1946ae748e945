"""The handheld app: screens (displayio) and the tick-driven state machine.

``build_app(hw, seed=None)`` is what ``code.py`` and the simulator call: it
builds :class:`minigam.app.app.App` on a hardware profile. ``seed`` (tests,
screenshots) makes the dice and the AI's noise reproducible.
"""


def build_app(hw, seed=None, perfect=None):
    """The app on profile ``hw``; drive it with ``app.tick(now_ms)``.
    ``perfect``: the host's exact-table player factory (see ``App``)."""
    from minigam.quarter import eval as ai_eval
    # Weights files (stock CircuitPython) are read into buffers made now,
    # while the heap is whole; a no-op where the weights modules import.
    ai_eval.reserve()
    from minigam.app.app import App
    dice = None
    if seed is not None:
        from minigam.core.dice import Dice
        dice = Dice(seed=seed)
    return App(hw, dice=dice, ai_seed=seed, perfect=perfect)
