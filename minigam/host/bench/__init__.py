"""Benchmarks: ``python -m minigam.host bench`` prints speed, memory and size figures, never pass/fail (one module per area)."""
