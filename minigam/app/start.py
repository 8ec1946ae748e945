"""The app's start: ``build_app`` makes the App on a hardware profile.
``code.py`` unloads this module once the app is built (on stock
CircuitPython its code would otherwise hold heap through every game).
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

