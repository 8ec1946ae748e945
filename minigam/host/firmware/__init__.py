"""The MINIGAM firmware: building it from CircuitPython's source bundle with the game frozen in, the UF2 files, and probe programs for the emulated board."""
