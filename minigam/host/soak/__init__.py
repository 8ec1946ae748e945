"""Reliability runs: long soaks of moves, fuzzed inputs, power cuts and random keys (``python -m minigam.host soak``)."""
