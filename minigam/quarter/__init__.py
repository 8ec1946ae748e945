"""MINIGAM the game: quarter-board backgammon, 8 checkers a side on 6
points (``docs/rules/minigam.md``). Its rules, notation, turn flow, AI,
saves, records and review; ``minigam.bg`` and ``minigam.nardy`` are the
other two games, of the same shape. (MINIGAM the product is the whole of
``minigam/``.)
"""
