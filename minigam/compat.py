"""Small shims so device modules run unchanged on CPython and CircuitPython."""

try:
    from micropython import const  # noqa: F401  (folded by the device compiler)
except ImportError:  # CPython

    def const(value):
        """Host stand-in for ``micropython.const``: returns the value."""
        return value
