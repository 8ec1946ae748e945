"""Standard backgammon (issue 16): the rules engine (``minigam.bg.rules``)
and GNU Backgammon's Position ID and Match ID (``minigam.bg.ids``).

Device code, like ``minigam.quarter.rules``: CircuitPython-safe, no allocation per
candidate in the move generator.
"""
