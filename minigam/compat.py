"""Small shims so device modules run unchanged on CPython and CircuitPython."""

try:
    from micropython import const  # noqa: F401  (folded by the device compiler)
except ImportError:  # CPython

    def const(value):
        """Host stand-in for ``micropython.const``: returns the value."""
        return value


def unload(module):
    """Forget a loaded module (and its parent package's name for it), so
    its code can leave the heap once nothing else holds it: stock
    CircuitPython keeps a loaded ``.mpy``'s code in RAM."""
    import sys
    if sys.modules.pop(module, None) is None:
        return
    parent, _, leaf = module.rpartition(".")
    try:
        delattr(sys.modules[parent], leaf)
    except (KeyError, AttributeError):
        pass


def getenv(key):
    """A settings.toml value, or None (no such key, no ``os.getenv``, or a
    settings file that cannot be read)."""
    try:
        from os import getenv as _getenv
    except ImportError:
        return None
    try:
        return _getenv(key)
    except Exception:  # settings.toml unreadable
        return None
