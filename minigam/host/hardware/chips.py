"""The chip on each profile's board, and what follows from it (host only):
which profiles the MINIGAM firmware serves, which ones the emulated RP2040
can run, which stock bundles carry Backgammon and Long Nardy, and each
chip's RAM as its maker publishes it (for the heap arithmetic of
``minigam.host.bench.pico2``, the README and the release notes).

A profile names its board (``stubs_board``, CircuitPython's board id) and
says whether its stock bundle carries the 24-point games
(``stock_24_point_games``); the board's chip is this module's
``BOARD_CHIPS``, so the device never holds it. No tool decides by a
board's pins.
"""

#: CircuitPython's board id -> its chip, as boot_out.txt names it ("...
#: Raspberry Pi Pico 2 with rp2350a").
BOARD_CHIPS = {
    "raspberry_pi_pico": "rp2040",
    "raspberry_pi_pico2": "rp2350a",
    "pybadge": "samd51j19",
    "pygamer": "samd51j20",
}

#: The MINIGAM firmware's chip (``make firmware`` builds for the Pico).
FIRMWARE_CHIP = "rp2040"

#: On-chip SRAM in KB (1024 bytes), as the makers publish it.
SRAM_KB = {
    "rp2040": 264,  # RP2040 datasheet: 264 KB in six banks
    "rp2350a": 520,  # RP2350 datasheet: 520 KB in ten banks
    "samd51j19": 192,  # Adafruit's PyBadge guide, "Pinouts": 192KB of RAM
    "samd51j20": 256,  # Microchip's SAM D5x/E5x datasheet: SAMD51J20, 256 KB
}


def _profiles():
    from minigam.hw.pins import PROFILES
    return PROFILES


def chip_of(profile):
    """The chip on profile ``profile``'s board (``"rp2040"``, ...)."""
    return BOARD_CHIPS[_profiles()[profile]["stubs_board"]]


def _profiles_on(test):
    """The profiles whose board's chip passes ``test``, sorted."""
    return [n for n, p in sorted(_profiles().items())
            if test(BOARD_CHIPS[p["stubs_board"]])]


def firmware_profiles():
    """The profiles the MINIGAM firmware serves (its chip's), sorted: the
    Pico's wirings, whose libraries its build freezes."""
    return _profiles_on(lambda chip: chip == FIRMWARE_CHIP)


def emulated_profiles():
    """The profiles whose board the emulator can wire, sorted: an RP2040
    or RP2350 with GPIO pins. An RP2350 profile runs on the emulated
    RP2040 (nothing here emulates an RP2350), for its heap at that size."""
    return _profiles_on(lambda chip: chip.startswith("rp2"))


def ships_24_point_games(profile):
    """Whether profile ``profile``'s stock CircuitPython bundle carries
    Backgammon and Long Nardy (else its menu offers MINIGAM alone)."""
    return bool(_profiles()[profile]["stock_24_point_games"])


def plays_24_point_games(profile):
    """Whether profile ``profile``'s board plays Backgammon and Long
    Nardy at all: with the MINIGAM firmware (its chip's) or a stock
    bundle that carries them. The simulator offers what the board does."""
    return chip_of(profile) == FIRMWARE_CHIP or ships_24_point_games(profile)


def games_of(profile):
    """The games profile ``profile``'s stock bundle plays, in words."""
    if ships_24_point_games(profile):
        return "MINIGAM, Backgammon and Long Nardy"
    return "MINIGAM"
