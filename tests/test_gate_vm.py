"""Gate b: the device package runs inside the real MicroPython VM.

The VM is ``@micropython/micropython-webassembly-pyscript`` under Node
(``minigam/host/vm/__init__.py``), with fakes of CircuitPython's native modules
(``minigam/host/vm/fakes/``) and the real pure-Python libraries in ``/lib``.

* every device module imports there (one test per module: a failure names
  the module, the exception and the file and line of the traceback, e.g.
  ``ImportError: no module named 'dataclasses'`` in ``/minigam/foo.py``);
* every ``test_*`` function of every ``tests/device/test_*.py`` file runs
  there (one pytest test per file, listing each failing function);
* the fakes carry the real display library and ``code.py``'s path.

VM runs are batched (one Node process for all imports, one per device test
file); those of the selected tests start together, a few at a time in
threads.
"""

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from minigam.host import vm
from minigam.host.hardware.deploy import NATIVE_ONLY

DEVICE_TESTS = sorted((Path(vm.REPO) / "tests" / "device").glob("test_*.py"))
MODULES = vm.device_modules()
WORKERS = max(2, min(4, os.cpu_count() or 2))

_pool = None
_futures = {}


def _submit(key, fn, *args):
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(WORKERS)
    if key not in _futures:
        _futures[key] = _pool.submit(fn, *args)
    return _futures[key]


@pytest.fixture(scope="module", autouse=True)
def _prefetch(request):
    """Start the VM runs of the selected tests at once, longest first, so
    they overlap; each test then waits for its own."""
    selected = [item for item in request.session.items if item.module is request.module]
    names = {item.originalname for item in selected}
    if "test_device_module_imports_in_vm" in names:
        _submit("imports", vm.import_modules, MODULES)
    paths = [item.callspec.params["path"] for item in selected
             if item.originalname == "test_device_tests_pass_in_vm"]
    for path in sorted(paths, key=lambda p: -p.stat().st_size):
        _submit(path.name, vm.run_test_file, path)
    yield
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=True)
        _pool = None


def _result(key, fn, *args):
    try:
        return _submit(key, fn, *args).result()
    except vm.VMError as exc:
        pytest.fail("the VM run for %s failed: %s: %s\n%s" % (key, exc.type, exc.message, exc.stdout[-3000:]))


def test_vm_runs_code_and_reports_exceptions():
    assert vm.run("print(6 * 7)", default_files=False).strip() == "42"
    with pytest.raises(vm.VMError) as info:
        vm.run("import dataclasses", default_files=False)
    assert info.value.type == "ImportError"
    assert "dataclasses" in info.value.message


def test_import_failure_names_the_file():
    """The message of a CPython-only import names the module's file."""
    files = {"/minigam/zz_gate_probe.py": "X = 1\nfrom dataclasses import dataclass\n"}
    out = vm.run(vm._DRIVER_PRELUDE + "try:\n    import minigam.zz_gate_probe\nexcept Exception as e:\n"
                 "    _report('probe', e)\n", files=files)
    (name, err), = vm.results(out)
    assert "ImportError" in err and "dataclasses" in err and "/minigam/zz_gate_probe.py" in err


def test_every_device_module_listed():
    assert "minigam.quarter.rules" in MODULES and "minigam" in MODULES
    assert not [m for m in MODULES if m.startswith("minigam.host")]


@pytest.mark.parametrize("module", MODULES)
def test_device_module_imports_in_vm(module):
    err = _result("imports", vm.import_modules, MODULES)[module]
    if module.replace(".", "/") + ".py" in NATIVE_ONLY:
        # native code: only the MINIGAM firmware compiles it (its own
        # firmware gate checks it there); the VM must refuse it as the
        # stock firmware would, so minigam.quarter.eval's fallback is exercised
        assert err is not None and "SyntaxError" in err, err
        return
    if err is not None:
        path = module.replace(".", "/") + ".py"
        pytest.fail("%s (%s) does not import in MicroPython:\n%s" % (module, path, err), pytrace=False)


def test_device_tests_exist():
    assert DEVICE_TESTS, "no tests/device/test_*.py files"


@pytest.mark.parametrize("path", DEVICE_TESTS, ids=[p.name for p in DEVICE_TESTS])
def test_device_tests_pass_in_vm(path):
    got = _result(path.name, vm.run_test_file, path)
    names = vm.device_test_names(path)
    assert names, "%s has no test_* functions" % path.name
    failed = ["%s::%s\n%s" % (path.name, name, err) for name, err in got if err]
    if failed:
        pytest.fail("%d of %d device tests fail inside MicroPython:\n\n%s" % (
            len(failed), len(names), "\n\n".join(failed)), pytrace=False)
    ran = [name for name, _ in got]
    assert ran == names, "%s: the VM ran %s, expected %s" % (path.name, ran, names)


FAKES_CODE = """
import gc
import board, busdisplay, displayio, fourwire, keypad, microcontroller, neopixel, supervisor, storage
import terminalio, vectorio, busio, digitalio
from adafruit_display_text import bitmap_label, label
import adafruit_ticks

spi = busio.SPI(clock=board.GP10, MOSI=board.GP11)
bus = fourwire.FourWire(spi, command=board.GP8, chip_select=board.GP9, reset=board.GP12)
display = busdisplay.BusDisplay(bus, b"", width=240, height=240, auto_refresh=False)
root = displayio.Group()
display.root_group = root
pal = displayio.Palette(2)
pal[1] = (255, 0, 0)
root.append(vectorio.Circle(pixel_shader=pal, radius=5, x=10, y=10, color_index=1))
root.append(bitmap_label.Label(terminalio.FONT, text="MINIGAM", color=0xFFFFFF, scale=2,
                               anchor_point=(0.5, 0.5), anchored_position=(120, 20)))
root.append(label.Label(terminalio.FONT, text="3-1", color=0x00FF00))
root[1].text = "Player 2"
try:
    root.append(root[0])
    raise AssertionError("a layer went into one group twice")
except ValueError:
    pass
display.refresh()
keys = keypad.Keys((board.GP15, board.GP17), value_when_pressed=False, pull=True)
keys.events._push(1, True)
ev = keypad.Event()
assert keys.events.get_into(ev) and ev.key_number == 1 and ev.pressed
assert not keys.events.get_into(ev)
px = neopixel.NeoPixel(board.GP22, 12, auto_write=False)
px.fill((1, 2, 3))
px[0] = 0x102030
microcontroller.nvm[0:3] = b"abc"
t = supervisor.ticks_ms()
assert 0 <= t < (1 << 29)
assert adafruit_ticks.ticks_diff(adafruit_ticks.ticks_add(t, 5), t) == 5
print(len(root), display.refreshes, px[0], px[1], bytes(microcontroller.nvm[0:3]), root[1].text)
"""


def test_fakes_carry_the_real_display_library():
    out = vm.run(FAKES_CODE)
    assert out.split() == ["3", "1", "(16,", "32,", "48)", "(1,", "2,", "3)", "b'abc'", "Player", "2"]


APP_CODE = """
import board, busdisplay
from minigam.hw import pins
from minigam.hw.loader import load_profile
from minigam.app.start import build_app
for name in sorted(pins.MODULES):
    d = pins.profile_module(name).DATA["display"]
    if d["builtin"]:
        board.DISPLAY = busdisplay.BusDisplay(None, b"", width=d["width"], height=d["height"])
    hw = load_profile(name)
    app = build_app(hw)
    for i in range(20):
        app.tick(hw.ticks_ms())
    print(name, hw.display.width, hw.display.height, hw.display.refreshes > 0)
"""


def test_code_py_path_runs_on_every_profile_in_vm():
    """What code.py does (load the profile, build the app, tick), per profile."""
    out = vm.run(APP_CODE)
    lines = out.split("\n")
    assert any(line.startswith("pico-st7789 240 240 True") for line in lines), out
    assert all(line.endswith("True") for line in lines if line), out


ONE_PROFILE_CODE = """
import sys
from minigam.hw import bootreset
from minigam.hw.loader import load_profile
bootreset.run("pico-ili9341")
after_boot = sorted(m for m in sys.modules if m.startswith("minigam.hw.profiles"))
hw = load_profile("pico-ili9341")
print(hw.name, after_boot)
print(sorted(m for m in sys.modules
             if m.startswith("minigam.hw.profiles") or m == "minigam.hw.parts"))
"""


def test_a_board_imports_only_its_own_profile_in_vm():
    """boot.py's key check and code.py's load_profile import one profile
    module: the other boards' pin data never reaches the heap (issue 14)."""
    out = vm.run(ONE_PROFILE_CODE).strip().splitlines()
    assert out[-2] == (
        "pico-ili9341 ['minigam.hw.profiles', 'minigam.hw.profiles.pico_ili9341']"), out
    # Once the profile is built, its module and the builders are unloaded.
    assert out[-1] == "[]", out  # the profiles package too
