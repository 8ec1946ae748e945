"""MINIGAM boot: print the version (CircuitPython writes what boot.py prints
into boot_out.txt, under its own version and the board id), and hold A and
B at power-on to erase the saved game, settings and statistics (kept in
NVM, so nothing is remounted here). boot.py runs in a heap of its own:
what it imports is gone before code.py starts."""

try:
    from minigam.version import VERSION  # type: ignore[import-not-found]

    print("MINIGAM", VERSION)
except ImportError:  # a checkout: deploy writes the file
    pass

try:
    from minigam.hw.bootreset import run

    run()
except ImportError:
    pass
