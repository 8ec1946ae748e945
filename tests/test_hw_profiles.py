"""Hardware profiles on the host: the interface on every profile (host fakes),
the device builders against fake CircuitPython modules, profile selection,
and every pin checked against circuitpython-stubs' board definitions."""

import importlib
import os
import sys
import types
from pathlib import Path

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.hw import keys as K  # noqa: E402
from minigam.hw import pins  # noqa: E402
from minigam.host.hardware import chips  # noqa: E402
from minigam.host.hardware import docs as hwdocs  # noqa: E402
from minigam.host.simulator.hwhost import HostClock, build_host_profile  # noqa: E402
from minigam.hw.profile import ProfileError  # noqa: E402
from minigam.hw.loader import select_profile_name  # noqa: E402
from minigam.hw.store import GAME, SETTINGS, STATS  # noqa: E402

NAMES = pins.profile_names()
ROOT = Path(__file__).resolve().parents[1]


def _drain(hw, now):
    out = []
    while True:
        k = hw.keys.poll(now)
        if k == K.NONE:
            return out
        out.append(k)


@pytest.mark.parametrize("name", NAMES)
def test_host_profile_interface(name):
    p = pins.PROFILES[name]
    hw = build_host_profile(name)
    assert hw.name == name
    assert (hw.width, hw.height) == (p["display"]["width"], p["display"]["height"])
    assert (hw.display.width, hw.display.height) == (hw.width, hw.height)
    assert not hw.display.auto_refresh
    # the display renders a group
    import displayio
    import vectorio

    pal = displayio.Palette(1)
    pal[0] = 0xFF0000
    g = displayio.Group()
    g.append(vectorio.Rectangle(pixel_shader=pal, width=8, height=6, x=3, y=2))
    hw.display.root_group = g
    hw.refresh()
    assert hw.bus.pixels > 0
    frame = hw.snapshot()
    assert len(frame) == hw.width * hw.height * 2
    at = lambda x, y: frame[2 * (y * hw.width + x) : 2 * (y * hw.width + x) + 2]  # noqa: E731
    assert at(4, 3) == b"\xf8\x00"  # RGB565 red, big-endian
    assert at(20, 20) == b"\x00\x00"
    # a small change refreshes a small area only
    hw.bus.last_pixels = 0
    g[0].x = 30
    hw.refresh()
    assert 0 < hw.bus.last_pixels < hw.width * hw.height // 10
    # keys: what the board has, scripted
    assert set(hw.key_codes) >= {K.A, K.B, K.X, K.Y}
    assert hw.has_joystick == (K.UP in hw.key_codes)
    hw.keys.push_script("A B x y")
    assert _drain(hw, 0) == [K.A, K.B, K.X, K.Y]
    if hw.has_joystick:
        hw.keys.push_script("+RIGHT ~1000 -RIGHT")
        got = []
        for t in range(0, 1200, 20):
            got += [(t, k) for k in _drain(hw, t)]
        assert [k for _, k in got] == [K.RIGHT] * len(got) and len(got) >= 6
    else:
        with pytest.raises(ProfileError):
            hw.keys.push("UP")
    # pixels
    n = p["neopixel"]["count"] if p["neopixel"] else 1
    assert len(hw.pixel_strip) == n
    hw.pixels.show_dice(6, 6, 1, now_ms=0)
    hw.brightness = 1.0
    hw.tick(0)
    assert any(c != (0, 0, 0) for c in hw.pixel_strip.values)
    hw.sleep()
    assert all(c == (0, 0, 0) for c in hw.pixel_strip.values)
    assert hw.display.brightness == 0
    hw.sleep(0)  # lit again
    hw.tick(1)
    assert any(c != (0, 0, 0) for c in hw.pixel_strip.values)
    hw.brightness = 0.5
    assert hw.display.brightness == 0.5
    # store: sized from the board's NVM
    assert len(hw.nvm) == p["nvm_bytes"]
    assert hw.store.capacity(GAME) == (64 if p["nvm_bytes"] == 256 else 240)
    hw.store.save(GAME, b"game")
    hw.store.save(SETTINGS, b"s")
    hw.store.save(STATS, b"st")
    # clock
    assert hw.ticks_ms() == 0
    hw.clock.advance(1500)
    assert hw.ticks_ms() == 1500


def test_host_store_persists_in_a_file(tmp_path):
    path = str(tmp_path / "nvm.bin")
    hw = build_host_profile("pybadge", nvm=path)
    hw.store.save(GAME, b"\x01\x02\x03")
    hw.nvm.flush()  # (the simulator flushes after each pass of the app)
    hw2 = build_host_profile("pybadge", nvm=path)
    assert hw2.store.load(GAME) == b"\x01\x02\x03"


def test_host_options_and_errors():
    hw = build_host_profile("pico-st7789", keys=["A", K.B], pixels=3, clock=HostClock(77))
    assert len(hw.pixel_strip) == 3 and hw.ticks_ms() == 77
    assert _drain(hw, 0) == [K.A, K.B]
    with pytest.raises(ProfileError):
        build_host_profile("gameboy")
    with pytest.raises(ValueError):
        hw.keys.push_script("A START")
    with pytest.raises(ValueError):
        hw.keys.push_script("A*x")
    with pytest.raises(ValueError):
        hw.keys.push_script("~soon")
    hw.keys.push_script("A ~100 B")
    assert _drain(hw, 0) == [K.A]
    assert _drain(hw, 50) == []
    assert _drain(hw, 100) == [K.B]
    assert hw.keys.pending() == 0


def test_profile_selection(monkeypatch):
    monkeypatch.delenv("MINIGAM_PROFILE", raising=False)
    assert select_profile_name("pybadge") == "pybadge"
    monkeypatch.setenv("MINIGAM_PROFILE", "pico-ili9341")
    assert select_profile_name() == "pico-ili9341"
    monkeypatch.setenv("MINIGAM_PROFILE", "nope")
    with pytest.raises(ProfileError, match="unknown profile 'nope'"):
        select_profile_name()
    monkeypatch.delenv("MINIGAM_PROFILE")
    fake_board = types.ModuleType("board")
    fake_board.board_id = "pygamer"
    monkeypatch.setitem(sys.modules, "board", fake_board)
    assert select_profile_name() == "pygamer"
    fake_board.board_id = "raspberry_pi_pico"
    assert select_profile_name() == "pico-st7789"
    for pico2 in ("raspberry_pi_pico2", "raspberry_pi_pico2_w"):
        fake_board.board_id = pico2  # its RAM has room for the 24-point games
        assert select_profile_name() == "pico2-st7789"
    fake_board.board_id = "something_else"
    assert select_profile_name() == pins.DEFAULT_PROFILE


def test_pin_data_is_consistent():
    assert NAMES[0] == pins.DEFAULT_PROFILE == "pico-st7789"
    for name in NAMES:
        p = pins.PROFILES[name]
        assert p["name"] == name
        mod = importlib.import_module("minigam.hw.profiles." + pins.MODULES[name])
        # (equal, not always the same object: pico2_st7789 reads
        # pico_st7789's data, then unloads its module)
        assert mod.STUBS_BOARD == p["stubs_board"] and mod.DATA == p
        assert mod.NAME == name
        used = [pin for pin, _ in hwdocs.pins_used(name)]
        assert len(used) == len(set(used)), "a pin used twice in " + name
        for k in p["keys"]:
            K.key_code(k)  # every key name is a key
    # the Waveshare Pico-LCD-1.3 map, as the issue gives it
    st = pins.PROFILES["pico-st7789"]
    d = st["display"]
    assert (d["dc"], d["cs"], d["sck"], d["mosi"], d["rst"], d["backlight"]) == (
        "GP8", "GP9", "GP10", "GP11", "GP12", "GP13")
    assert {k: v[0] for k, v in st["keys"].items()} == {
        "A": "GP15", "B": "GP17", "X": "GP19", "Y": "GP21", "UP": "GP2",
        "DOWN": "GP18", "LEFT": "GP16", "RIGHT": "GP20", "PRESS": "GP3"}
    assert all(level is False for _, level in st["keys"].values())
    assert d["rowstart"] == 80 and (d["width"], d["height"]) == (240, 240)
    assert st["neopixel"] == {"pin": "GP22", "count": 12, "order": "GRB"}
    # the breadboard ILI9341 repeats that map in its own module
    ili = pins.PROFILES["pico-ili9341"]
    assert ili["keys"] == st["keys"] and ili["neopixel"] == st["neopixel"]
    for role in ("sck", "mosi", "miso", "cs", "dc", "rst", "backlight"):
        assert ili["display"][role] == d[role], role
    # the Pico 2's build is the same build: all its parts' data equal
    pico2 = pins.PROFILES["pico2-st7789"]
    same = ("display", "keys", "keypad_shift", "joystick_analog", "neopixel",
            "rgb_led", "nvm_bytes")
    assert {k: pico2[k] for k in same} == {k: st[k] for k in same}
    assert (chips.chip_of("pico2-st7789"), chips.chip_of("pico-st7789")) \
        == ("rp2350a", "rp2040")


def test_every_profiles_board_has_its_chip_and_says_what_it_plays():
    """Host tools choose by chip (the MINIGAM firmware's profiles, the
    emulator's) and by ``stock_24_point_games``: every profile has both."""
    for name in NAMES:
        assert chips.chip_of(name) in chips.SRAM_KB, name
        assert pins.PROFILES[name]["stock_24_point_games"] in (True, False)
    assert chips.firmware_profiles() == [
        "pico-ili9341", "pico-st7789", "pimoroni-display-pack-2"]
    assert chips.emulated_profiles() == sorted(
        chips.firmware_profiles() + ["pico2-st7789"])
    assert set(pins.BOARD_IDS.values()) <= set(NAMES)


# The boards the README's board table names, by the board id CircuitPython
# gives each (circuitpython.org's board pages; the stubs' board_definitions
# folders), and the profile each must select.
README_BOARDS = {
    "Pico + Waveshare": ("raspberry_pi_pico", "pico-st7789"),
    "the same on a Pico 2": ("raspberry_pi_pico2", "pico2-st7789"),
    "Adafruit PyBadge": ("pybadge", "pybadge"),
    "EdgeBadge": ("edgebadge", "pybadge"),
    "Adafruit PyGamer": ("pygamer", "pygamer"),
}


def test_every_board_the_readme_names_selects_its_profile(monkeypatch):
    """A board the README lists is recognised by its board id; the
    EdgeBadge (a PyBadge with a microphone, board id ``edgebadge``) takes
    the PyBadge's profile, not the default Pico one."""
    readme = (ROOT / "README.md").read_text()
    table = readme.split("## Other boards, and what they can play", 1)[1]
    table = table.split("\n\n", 2)[1]
    monkeypatch.delenv("MINIGAM_PROFILE", raising=False)
    fake_board = types.ModuleType("board")
    monkeypatch.setitem(sys.modules, "board", fake_board)
    for words, (board_id, profile) in README_BOARDS.items():
        row = [line for line in table.splitlines() if words in line]
        assert len(row) == 1 and "`%s`" % profile in row[0], words
        assert pins.profile_for_board_id(board_id) == profile, board_id
        fake_board.board_id = board_id
        assert select_profile_name() == profile, board_id


@pytest.mark.parametrize("board_id", sorted(
    b for b in pins.BOARD_IDS if b != "minigam_pico"))
def test_every_board_id_has_its_profiles_pins(board_id):
    """A board id a profile answers for has every pin that profile drives
    (the stubs' board definition of that very board)."""
    name = pins.BOARD_IDS[board_id]
    names = _stub_names(board_id)
    if names is None:
        pytest.skip(".venv-stubs with circuitpython-stubs not installed")
    for pin, role in hwdocs.pins_used(name):
        assert pin in names, "%s: board.%s (%s) not on %s" % (name, pin, role, board_id)


def _stub_names(board):
    base = ROOT / ".venv-stubs" / "lib"
    for f in base.glob("python3*/site-packages/board_definitions/%s/__init__.pyi" % board):
        names = set()
        for line in f.read_text().splitlines():
            head = line.split(":")[0].strip()
            if head.isidentifier():
                names.add(head)
        return names
    return None


@pytest.mark.parametrize("name", NAMES)
def test_every_pin_exists_on_the_stubs_board(name):
    p = pins.PROFILES[name]
    names = _stub_names(p["stubs_board"])
    if names is None:
        pytest.skip(".venv-stubs with circuitpython-stubs not installed")
    for pin, role in hwdocs.pins_used(name):
        assert pin in names, "%s: board.%s (%s) not on %s" % (name, pin, role, p["stubs_board"])
    if p["display"]["builtin"]:
        assert "DISPLAY" in names


# ----- device builders against fake CircuitPython modules


class _Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


def _fake_modules(monkeypatch, board_names, nvm_size, calls):
    from minigam.hw.softkeys import SoftQueue

    board = types.ModuleType("board")
    for n in board_names:
        setattr(board, n, _Pin(n))

    class Disp:
        def __init__(self, bus=None, **kw):
            calls.append(("display", bus, kw))
            self.width = kw.get("width", 160)
            self.height = kw.get("height", 128)
            self.auto_refresh = kw.get("auto_refresh", True)
            self.brightness = 1.0
            self.root_group = None

        def refresh(self):
            return True

    if "DISPLAY" in board_names:
        board.DISPLAY = Disp()
    board.board_id = "fake"
    busio = types.ModuleType("busio")
    busio.SPI = lambda **kw: calls.append(("spi", kw)) or ("spi", kw)
    fourwire = types.ModuleType("fourwire")
    fourwire.FourWire = lambda spi, **kw: calls.append(("fourwire", kw)) or ("bus", kw)
    displayio = types.ModuleType("displayio")
    displayio.release_displays = lambda: calls.append(("release",))
    busdisplay = types.ModuleType("busdisplay")

    def bus_display(bus, init, **kw):
        calls.append(("init", init))
        return Disp(bus, **kw)

    busdisplay.BusDisplay = bus_display
    ili = types.ModuleType("adafruit_ili9341")
    ili.ILI9341 = lambda bus, **kw: Disp(bus, **kw)

    class Scanner:
        def __init__(self, *a, **kw):
            calls.append(("keys", a, kw))
            self.events = SoftQueue(kw.get("max_events", 64))

        def reset(self):
            pass

    keypad = types.ModuleType("keypad")
    keypad.Keys = Scanner
    keypad.ShiftRegisterKeys = Scanner

    class Event:
        key_number = 0
        pressed = False

    keypad.Event = Event
    neopixel = types.ModuleType("neopixel")

    class NeoPixel(list):
        def __init__(self, pin, n, **kw):
            calls.append(("neopixel", pin, n, kw))
            super().__init__([(0, 0, 0)] * n)

        def show(self):
            pass

    neopixel.NeoPixel = NeoPixel
    pwmio = types.ModuleType("pwmio")

    class PWMOut:
        def __init__(self, pin, **kw):
            calls.append(("pwm", pin, kw))
            self.duty_cycle = kw.get("duty_cycle", 0)

    pwmio.PWMOut = PWMOut
    analogio = types.ModuleType("analogio")

    class AnalogIn:
        def __init__(self, pin):
            calls.append(("analog", pin))
            self.value = 32768

    analogio.AnalogIn = AnalogIn
    micro = types.ModuleType("microcontroller")
    micro.nvm = bytearray(nvm_size)
    mods = {"board": board, "busio": busio, "fourwire": fourwire, "displayio": displayio,
            "busdisplay": busdisplay, "adafruit_ili9341": ili, "keypad": keypad,
            "neopixel": neopixel, "pwmio": pwmio, "analogio": analogio,
            "microcontroller": micro}
    for k, v in mods.items():
        monkeypatch.setitem(sys.modules, k, v)
    return board


@pytest.mark.parametrize("name", NAMES)
def test_device_builder_with_fake_circuitpython(name, monkeypatch):
    p = pins.PROFILES[name]
    names = set(_stub_names(p["stubs_board"]) or [])
    names |= {pin for pin, _ in hwdocs.pins_used(name)}
    if p["display"]["builtin"]:
        names.add("DISPLAY")
    calls = []
    _fake_modules(monkeypatch, names, p["nvm_bytes"], calls)
    monkeypatch.setenv("MINIGAM_PIXELS", "7")
    monkeypatch.delenv("MINIGAM_PROFILE", raising=False)
    from minigam.hw.loader import load_profile

    hw = load_profile(name)
    d = p["display"]
    kinds = [c[0] for c in calls]
    assert (hw.width, hw.height) == (d["width"], d["height"])
    assert hw.display.auto_refresh is False
    if d["builtin"]:
        assert "release" not in kinds  # never release board.DISPLAY
    else:
        assert kinds.index("release") < kinds.index("spi")
        spi = [c for c in calls if c[0] == "spi"][0][1]
        assert (spi["clock"].name, spi["MOSI"].name) == (d["sck"], d["mosi"])
        fw = [c for c in calls if c[0] == "fourwire"][0][1]
        assert fw["command"].name == d["dc"] and fw["chip_select"].name == d["cs"]
        assert (fw["reset"].name if fw["reset"] else None) == d["rst"]
        disp = [c for c in calls if c[0] == "display"][-1][2]
        assert disp["rotation"] == d["rotation"] and disp["backlight_pin"].name == d["backlight"]
        if d["driver"] == "st7789":
            assert disp["rowstart"] == d["rowstart"]
            from minigam.hw import st7789
            assert [c[1] for c in calls if c[0] == "init"] == [st7789.INIT]
    keys_call = [c for c in calls if c[0] == "keys"][0]
    if p["keypad_shift"]:
        kw = keys_call[2]
        assert kw["clock"].name == "BUTTON_CLOCK" and kw["value_when_pressed"] is True
        assert kw["key_count"] == p["keypad_shift"]["key_count"]
    else:
        pin_objs = keys_call[1][0]
        want = [p["keys"][n][0] for n in sorted(p["keys"], key=K.key_code)]
        assert [x.name for x in pin_objs] == want
        assert keys_call[2]["value_when_pressed"] is False and keys_call[2]["pull"] is True
    # a press on the first scanner key number gives the right code
    src = hw.keys._sources[0]
    src[0].record(0, True)
    first = _drain_hw(hw)
    if p["keypad_shift"]:
        assert first == [K.B]  # shift register bit 0 is B
    else:
        assert first == [K.A]
    if p["neopixel"]:
        npx = [c for c in calls if c[0] == "neopixel"][0]
        assert npx[1].name == p["neopixel"]["pin"] and npx[2] == 7  # MINIGAM_PIXELS
        assert npx[3]["auto_write"] is False
    if p["rgb_led"]:
        pw = [c for c in calls if c[0] == "pwm"]
        assert [c[1].name for c in pw] == ["GP6", "GP7", "GP8"]
        assert all(c[2]["duty_cycle"] == 65535 for c in pw)  # active-low: off
    if p["joystick_analog"]:
        assert hw.has_joystick and [c[1].name for c in calls if c[0] == "analog"] == [
            "JOYSTICK_X", "JOYSTICK_Y"]
    assert hw.store.volatile is False
    assert hw.store.capacity(GAME) == (64 if p["nvm_bytes"] == 256 else 240)
    hw.brightness = 0.25
    hw.tick(0)


def _drain_hw(hw):
    out = []
    while True:
        k = hw.keys.poll(0)
        if k == K.NONE:
            return out
        out.append(k)


# ----- boot.py: A+B held at power-on erases the store


def _boot_fakes(monkeypatch, name, held):
    from minigam.hw.softkeys import SoftQueue
    from minigam.hw.store import Store

    p = pins.PROFILES[name]
    board = types.ModuleType("board")
    for pin, _ in hwdocs.pins_used(name):
        setattr(board, pin, _Pin(pin))
    board.board_id = "fake"
    digitalio = types.ModuleType("digitalio")

    class Pull:
        UP = "up"
        DOWN = "down"

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.pull = None

        def switch_to_input(self, pull=None):
            self.pull = pull

        @property
        def value(self):
            for k in held:
                if p["keys"][k][0] == self.pin.name:
                    return p["keys"][k][1]
            return not p["keys"]["A"][1]

        def deinit(self):
            pass

    digitalio.Pull = Pull
    digitalio.DigitalInOut = DigitalInOut
    keypad = types.ModuleType("keypad")

    class SRK:
        def __init__(self, **kw):
            self.events = SoftQueue(16)
            for k in held:
                self.events.record(int(p["keys"][k][0][2:]), True)

        def deinit(self):
            pass

    class Event:
        def __init__(self):
            self.key_number = 0
            self.pressed = False

    keypad.ShiftRegisterKeys = SRK
    keypad.Event = Event
    micro = types.ModuleType("microcontroller")
    micro.nvm = bytearray(p["nvm_bytes"])
    Store(micro.nvm).save(GAME, b"saved")
    time_mod = types.ModuleType("time")
    time_mod.sleep = lambda s: None
    for k, v in {"board": board, "digitalio": digitalio, "keypad": keypad,
                 "microcontroller": micro}.items():
        monkeypatch.setitem(sys.modules, k, v)
    monkeypatch.setattr("time.sleep", lambda s: None)
    return micro


@pytest.mark.parametrize("name", NAMES)
def test_boot_reset_needs_a_and_b(name, monkeypatch):
    from minigam.hw import bootreset
    from minigam.hw.store import Store

    for held, erased in (((), False), (("A",), False), (("B",), False), (("A", "B"), True)):
        micro = _boot_fakes(monkeypatch, name, held)
        assert bootreset.run(name) is erased
        assert Store(micro.nvm).load(GAME) == (None if erased else b"saved")


def test_boot_never_raises_without_hardware(monkeypatch, capsys):
    from minigam.hw import bootreset

    fake_board = types.ModuleType("board")  # no pins at all
    monkeypatch.setitem(sys.modules, "board", fake_board)
    assert bootreset.run("pico-st7789") is False
    assert "skipped" in capsys.readouterr().out


# ----- mypy with circuitpython-stubs, set to each profile's board

HW_DEVICE_FILES = [
    "minigam/hw/pins.py", "minigam/hw/ticks.py", "minigam/hw/keys.py",
    "minigam/hw/pixels.py", "minigam/hw/store.py", "minigam/hw/profile.py",
    "minigam/hw/loader.py", "minigam/hw/parts.py", "minigam/hw/bootreset.py", "boot.py",
]


@pytest.mark.parametrize("board", sorted({p["stubs_board"] for p in pins.PROFILES.values()}))
def test_hw_code_type_checks_against_circuitpython_stubs(board, tmp_path):
    """The hardware layer against the real CircuitPython API of each board.

    The stubs' ``board`` module for that board is put first on MYPYPATH (a
    copy, so the shared .venv-stubs is never switched with
    ``circuitpython_setboard`` under another engineer's feet).
    """
    import subprocess

    mypy = ROOT / ".venv-stubs" / "bin" / "mypy"
    src = None
    for f in (ROOT / ".venv-stubs" / "lib").glob(
            "python3*/site-packages/board_definitions/%s/__init__.pyi" % board):
        src = f
    if not mypy.exists() or src is None:
        pytest.skip(".venv-stubs with mypy and circuitpython-stubs not installed")
    (tmp_path / "board").mkdir()
    (tmp_path / "board" / "__init__.pyi").write_text(src.read_text())
    files = HW_DEVICE_FILES + sorted(
        str(p.relative_to(ROOT)) for p in (ROOT / "minigam/hw/profiles").glob("*.py"))
    env = dict(os.environ, MYPYPATH=str(tmp_path))
    r = subprocess.run(
        [str(mypy), "--python-version", "3.11", "--no-error-summary", "--check-untyped-defs",
         "--follow-imports=silent", "--ignore-missing-imports",
         "--cache-dir", str(tmp_path / "cache"), *files],
        cwd=ROOT, env=env, capture_output=True, text=True)
    # The pybadge/pygamer board stubs name displayio.Display (gone in 10.x):
    # a stubs bug, not ours.
    errors = [ln for ln in r.stdout.splitlines()
              if ": error:" in ln and not ln.startswith(str(tmp_path))]
    assert not errors, "\n".join(errors)
    assert r.returncode in (0, 1), r.stderr


def test_host_press_release_and_clock_set():
    hw = build_host_profile("pico-ili9341")
    hw.key_queue.press("DOWN")
    assert _drain(hw, 0) == [K.DOWN]
    assert _drain(hw, 399) == []
    assert _drain(hw, 400) == [K.DOWN]
    hw.key_queue.release(K.DOWN)
    assert _drain(hw, 2000) == []
    assert hw.clock.set(1234) == 1234 and hw.ticks_ms() == 1234
    hw.deinit()


def test_a_profile_missing_from_the_drive_says_what_to_run(monkeypatch):
    import sys
    from minigam.hw import loader, profile
    # as on a drive deployed for another profile: the module is not there
    import minigam.hw.profiles
    monkeypatch.setitem(sys.modules, "minigam.hw.profiles.pybadge", None)
    monkeypatch.delattr(minigam.hw.profiles, "pybadge", raising=False)
    with pytest.raises(profile.ProfileError,
                       match="run deploy --profile pybadge"):
        loader.load_profile("pybadge")


def test_st7789_start_up_waits_what_the_datasheet_asks():
    """120 ms after the software reset (the panel may be awake after a soft
    reload), 10 ms after sleep out (5 ms required), nothing else; the
    registers are those the Adafruit driver leaves."""
    from minigam.hw import st7789
    seq = st7789.INIT
    cmds = []
    i = 0
    while i < len(seq):
        cmd, n = seq[i], seq[i + 1]
        args = bytes(seq[i + 2:i + 2 + (n & 0x7F)])
        i += 2 + (n & 0x7F)
        delay = 0
        if n & 0x80:
            delay = seq[i]
            i += 1
        cmds.append((cmd, args, delay))
    assert cmds == [(0x01, b"", 120), (0x11, b"", 10), (0x3A, b"\x55", 0),
                    (0x36, b"\xc0", 0), (0x21, b"", 0), (0x13, b"", 0),
                    (0x29, b"", 0)]
    assert st7789.init_delay_ms() == 130
    assert st7789.init_delay_ms(b"\x11\x80\xff") == 500
