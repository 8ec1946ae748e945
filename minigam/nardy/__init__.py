"""Long Nardy (issue 17): the rules engine (``minigam.nardy.rules``) and
the position notation (``minigam.nardy.notation``).

Device code, like ``minigam.bg``: CircuitPython-safe, no allocation per
candidate in the move generator. Ships with the MINIGAM firmware only.
"""
