"""MINIGAM boot: hold A and B at power-on to erase the saved game, settings
and statistics (kept in NVM, so nothing is remounted here)."""

try:
    from minigam.hw.bootreset import run

    run()
except ImportError:
    pass
