"""The firmware build's error (host only), shared by its stages so each can
stop the build with one line for the maker."""


class BuildError(Exception):
    """A stage failed: one line for the user (plus the tail of its log)."""


def exit_status(fn, *args):
    """Run a command's ``fn``: 0, or 2 with the BuildError's line on stderr."""
    import sys
    try:
        fn(*args)
    except BuildError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    return 0
