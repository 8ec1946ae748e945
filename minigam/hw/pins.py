"""The profile index: which profiles exist, the module holding each one's
pin and part data, and which ``board.board_id`` selects which.

A profile's pins are ``DATA`` in its own module ``minigam.hw.profiles.<module>``
(keys: ``minigam/hw/profiles/__init__.py``), so a device imports this index
and then only its own profile (issue 14: every profile's pins at once cost
about 2.8 KB of heap even frozen into flash). Host tools (hardware docs,
deploy, emulator, tests) read ``PROFILES``: every profile's data, imported
when first asked for.
"""

DEFAULT_PROFILE = "pico-st7789"

# Brightest the dice pixels ever get, in percent (settings.toml
# MINIGAM_PIXEL_MAX overrides it); the hardware docs budget current from it.
PIXEL_MAX_PERCENT = 30

# profile name -> its module, minigam.hw.profiles.<module>.
MODULES = {
    "pico-st7789": "pico_st7789",
    "pico2-st7789": "pico2_st7789",
    "pico-ili9341": "pico_ili9341",
    "pimoroni-display-pack-2": "pimoroni_display_pack_2",
    "pybadge": "pybadge",
    "pygamer": "pygamer",
}

# board.board_id -> the profile it selects (any other board: DEFAULT_PROFILE).
BOARD_IDS = {
    "minigam_pico": "pico-st7789",  # MINIGAM's own firmware (make firmware)
    "raspberry_pi_pico": "pico-st7789",
    "raspberry_pi_pico_w": "pico-st7789",
    "raspberry_pi_pico2": "pico2-st7789",
    "raspberry_pi_pico2_w": "pico2-st7789",
    "pybadge": "pybadge",
    "edgebadge": "pybadge",  # a PyBadge with a microphone: the same pins
    "pygamer": "pygamer",
}


def profile_names():
    """Profile names, the default first."""
    names = [DEFAULT_PROFILE]
    for n in sorted(MODULES):
        if n != DEFAULT_PROFILE:
            names.append(n)
    return names


def profile_for_board_id(board_id):
    """The profile name for a ``board.board_id``, or the default profile."""
    return BOARD_IDS.get(board_id, DEFAULT_PROFILE)


def profile_module(name):
    """Import profile ``name``'s module (``DATA``, ``build()``) and no other;
    ImportError if ``deploy`` did not put it on this board."""
    return __import__("minigam.hw.profiles." + MODULES[name], None, None, ("DATA",))


def __getattr__(attr):
    # Host tools only: PROFILES imports every profile, which a device must not.
    if attr == "PROFILES":
        return {n: profile_module(n).DATA for n in MODULES}
    raise AttributeError(attr)
