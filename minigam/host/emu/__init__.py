"""The real CircuitPython firmware on an emulated RP2040 (host only): the
CIRCUITPY image (``fat12``), the rp2040js runner (``runner.mjs``) and the
session that drives it (``device``)."""
