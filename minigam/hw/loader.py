"""Which profile a board runs, and building it (start-up only: ``code.py``
unloads this module once the profile is built).

``load_profile(name=None)``: ``name`` or settings.toml ``MINIGAM_PROFILE``,
else detected from ``board.board_id``, else the default ``pico-st7789``;
then ``minigam.hw.profiles.<module>.build()``, the only profile module
imported.
"""

from minigam.compat import getenv, unload
from minigam.hw.profile import ProfileError


def select_profile_name(name=None):
    """The profile to use: ``name``, settings.toml MINIGAM_PROFILE, board id, default."""
    from minigam.hw import pins as _pins
    if not name:
        name = getenv("MINIGAM_PROFILE")
    if not name:
        try:
            import board

            name = _pins.profile_for_board_id(getattr(board, "board_id", ""))
        except ImportError:
            name = _pins.DEFAULT_PROFILE
    if name not in _pins.MODULES:
        raise ProfileError(
            "unknown profile %r (profiles: %s)" % (name, ", ".join(_pins.profile_names()))
        )
    return name


def load_profile(name=None):
    """Build the device profile (see ``select_profile_name``), importing only
    its module. ``deploy`` copies only that module and its libraries, so a
    profile named later in settings.toml may be missing: ProfileError says
    what to run."""
    import sys
    had = "minigam.hw.pins" in sys.modules
    name = select_profile_name(name)
    from minigam.hw import pins as _pins
    try:
        hw = _pins.profile_module(name).build()
    except ImportError as exc:
        raise ProfileError("profile %s needs files this board lacks (%s): "
                           "run deploy --profile %s" % (name, exc, name))
    # Used only to build it: on stock CircuitPython their code would stay
    # in the heap (measured 4 KB on the emulated Pico, 1.4 KB more for the
    # pin index).
    unload("minigam.hw.parts")
    unload("minigam.hw.st7789")
    unload("minigam.hw.ili9341")
    unload("minigam.hw.profiles." + _pins.MODULES[name])
    unload("minigam.hw.profiles")  # the package too: nothing imports it later
    if not had:  # the pin index too, unless someone else holds it
        unload("minigam.hw.pins")
    return hw

