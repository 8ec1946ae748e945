"""One module per hardware profile; each has ``STUBS_BOARD`` and ``build()``."""
