"""MINIGAM: quarter-board backgammon for a CircuitPython handheld.

Layers, each importing only the ones before it:
rules -> game -> ai -> app (screens, input, pixels, storage) -> hardware profile.
``minigam.host`` holds PC-only tools and never ships to a board.
"""
