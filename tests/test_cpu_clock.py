"""The chip's clock at start-up (issue 56): ``minigam.hw.loader.set_clock``
on stand-ins for CircuitPython's ``microcontroller`` and its ports. An
RP2040 goes to ``MINIGAM_CPU_MHZ`` (default 200) before the profile's
display bus, keys and pixels are made; any other chip, and an RP2040
whose setter refuses, keeps its clock and says so. The real firmware on
the emulated chip is gated in test_firmware_gates.py
(``test_the_board_runs_at_the_clock_it_reports``)."""

import sys
import types

import pytest

from minigam.hw import loader, pins
from test_hw_profiles import _fake_modules

MHZ = 1000000


class CPU:
    """``microcontroller.cpu``: its frequency, and each set (``sets``);
    ``fixed``: a read-only property, as on a SAMD51; ``refuse``: a
    frequency the PLL cannot make raises as CircuitPython's setter does."""

    def __init__(self, hz, calls, fixed=False, refuse=()):
        self._hz = hz
        self.calls = calls
        self.fixed = fixed
        self.refuse = refuse

    @property
    def frequency(self):
        return self._hz

    @frequency.setter
    def frequency(self, hz):
        if self.fixed:
            raise AttributeError("can't set attribute")
        if hz in self.refuse:
            raise ValueError("Invalid frequency")
        self.calls.append(("clock", hz))
        self._hz = hz


def on_chip(monkeypatch, platform, hz, calls, **kw):
    """CircuitPython on ``platform``: its ``microcontroller.cpu``."""
    micro = sys.modules.get("microcontroller")
    if micro is None:
        micro = types.ModuleType("microcontroller")
        monkeypatch.setitem(sys.modules, "microcontroller", micro)
    cpu = CPU(hz, calls, **kw)
    monkeypatch.setattr(micro, "cpu", cpu, raising=False)
    impl = dict(vars(sys.implementation), name="circuitpython")
    monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(**impl))
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.delenv("MINIGAM_CPU_MHZ", raising=False)
    return cpu


def test_an_rp2040_goes_to_200_mhz(monkeypatch, capsys):
    calls = []
    on_chip(monkeypatch, "RP2040", 125 * MHZ, calls)
    assert loader.set_clock() == 200 * MHZ
    assert calls == [("clock", 200 * MHZ)]
    assert capsys.readouterr().out == "cpu 200 MHz\n"


def test_the_setting_goes_back_to_125(monkeypatch, capsys):
    """settings.toml's number arrives as a string (CircuitPython 10.2.1);
    a board already at it is not set again (a set moves clk_peri)."""
    calls = []
    on_chip(monkeypatch, "RP2040", 125 * MHZ, calls)
    monkeypatch.setenv("MINIGAM_CPU_MHZ", "125")
    assert loader.set_clock() == 125 * MHZ
    assert calls == []
    # after a soft reload at 200: back down
    on_chip(monkeypatch, "RP2040", 200 * MHZ, calls)
    monkeypatch.setenv("MINIGAM_CPU_MHZ", "125")
    assert loader.set_clock() == 125 * MHZ
    assert calls == [("clock", 125 * MHZ)]
    assert capsys.readouterr().out == "cpu 125 MHz\ncpu 125 MHz\n"


@pytest.mark.parametrize("setting", ["133", "fast"])
def test_a_clock_the_chip_refuses_keeps_its_own(setting, monkeypatch,
                                                capsys):
    calls = []
    on_chip(monkeypatch, "RP2040", 125 * MHZ, calls, refuse=(133 * MHZ,))
    monkeypatch.setenv("MINIGAM_CPU_MHZ", setting)
    assert loader.set_clock() == 125 * MHZ
    assert calls == []
    assert capsys.readouterr().out.startswith("cpu 125 MHz (kept: ")


@pytest.mark.parametrize("platform,mhz", [("MicroChip SAMD51", 120),
                                          ("RP2350", 150)])
def test_other_chips_keep_their_clock(platform, mhz, monkeypatch, capsys):
    """The PyBadge's and PyGamer's SAMD51 (a read-only frequency), the
    Pico 2's RP2350 at its certified 150 MHz: never set, and said."""
    calls = []
    on_chip(monkeypatch, platform, mhz * MHZ, calls,
            fixed=platform != "RP2350")
    monkeypatch.setenv("MINIGAM_CPU_MHZ", "200")
    assert loader.set_clock() == mhz * MHZ
    assert calls == []
    assert capsys.readouterr().out == "cpu %d MHz (its own)\n" % mhz


def test_off_circuitpython_nothing_is_touched(monkeypatch, capsys):
    assert loader.set_clock() == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("name", ["pico-st7789", "pimoroni-display-pack-2"])
def test_the_clock_is_set_before_any_part_is_made(name, monkeypatch):
    """busio.SPI and pwmio work out their dividers from the clock they are
    made at: the clock comes first."""
    calls = []
    p = pins.PROFILES[name]
    names = {pin for part in (p["display"], p["neopixel"] or {},
                              p["rgb_led"] or {})
             for pin in part.values() if isinstance(pin, str)}
    names |= {pin for pin, _ in p["keys"].values()}
    _fake_modules(monkeypatch, names, p["nvm_bytes"], calls)
    on_chip(monkeypatch, "RP2040", 125 * MHZ, calls)
    monkeypatch.delenv("MINIGAM_PROFILE", raising=False)
    loader.load_profile(name)
    kinds = [c[0] for c in calls]
    assert kinds[0] == "clock" and kinds.count("clock") == 1
    assert {"spi", "keys"} <= set(kinds[1:])
