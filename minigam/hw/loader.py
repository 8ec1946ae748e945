"""Which profile a board runs, and building it (start-up only: ``code.py``
unloads this module once the profile is built).

``load_profile(name=None)``: the chip's clock first (``set_clock``), then
``name`` or settings.toml ``MINIGAM_PROFILE``, else detected from
``board.board_id``, else the default ``pico-st7789``; then
``minigam.hw.profiles.<module>.build()``, the only profile module
imported.
"""

from minigam.compat import getenv, unload
from minigam.hw.profile import ProfileError

# The RP2040 is certified at 200 MHz (Raspberry Pi's Pico SDK 2.1.1);
# CircuitPython starts it at 125. settings.toml MINIGAM_CPU_MHZ = 125
# goes back.
CPU_MHZ = 200


def set_clock():
    """Run an RP2040 at MINIGAM_CPU_MHZ (default 200), before any bus is
    made: busio.SPI and pwmio keep the dividers they worked out from the
    clock they were made at. Other chips (the SAMD51, the RP2350 at its
    150 MHz) keep theirs, as does a chip whose setter refuses. Prints the
    clock; returns it in Hz (0 off CircuitPython)."""
    import sys
    if sys.implementation.name != "circuitpython":
        return 0
    import microcontroller
    cpu = microcontroller.cpu
    note = " (its own)"
    if sys.platform == "RP2040":
        try:
            hz = int(getenv("MINIGAM_CPU_MHZ") or CPU_MHZ) * 1000000
            if cpu.frequency != hz:
                cpu.frequency = hz
            note = ""
        except (AttributeError, ValueError, NotImplementedError) as exc:
            note = " (kept: %s)" % exc
    hz = cpu.frequency
    print("cpu %d MHz%s" % (hz // 1000000, note))
    return hz


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
    set_clock()
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

