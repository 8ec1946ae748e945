"""The firmware build's one fix to CircuitPython's source bundle: frozen
ARMv6-M native code aligned to 4 bytes (host only; the firmware gates
check the built code)."""

import os
import re
import subprocess
import sys

import pytest

from minigam.host.firmware import build, inputs, patches, source

ALIGN = patches.ALIGN_NATIVE_CODE
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _tool(tmp_path, text):
    (tmp_path / "tools").mkdir()
    path = tmp_path / "tools" / "mpy-tool.py"
    path.write_text(text)
    return path


def test_native_code_alignment_is_patched_once(tmp_path):
    text = "head\n" + ALIGN.edits[0].old + "\n            tail\n"
    path = _tool(tmp_path, text)
    ALIGN.apply(str(tmp_path))
    patched = path.read_text()
    assert ALIGN.edits[0].new in patched
    assert patched.count("MP_NATIVE_ARCH_ARMV6M,") == 1
    ALIGN.apply(str(tmp_path))  # a second build: unchanged
    assert path.read_text() == patched


def test_a_bundle_without_the_code_to_patch_stops_the_build(tmp_path):
    _tool(tmp_path, "a different mpy-tool\n")
    with pytest.raises(build.BuildError, match="alignment"):
        ALIGN.apply(str(tmp_path))


def test_the_shared_bundle_has_the_code_to_patch(firmware_file):
    """The source bundle the build uses has exactly the lines it patches."""
    import tarfile
    with tarfile.open(firmware_file(build.TARBALL)) as tf:
        for member in tf:
            if member.name.endswith("/tools/mpy-tool.py"):
                text = tf.extractfile(member).read().decode()
                break
        else:
            raise AssertionError("no tools/mpy-tool.py in the bundle")
    assert text.count(ALIGN.edits[0].old) == 1
    assert ALIGN.edits[0].new not in text


def test_the_inputs_stamp_changes_with_any_input(tmp_path):
    # The build skips CircuitPython's make when the stamp of its inputs is
    # the last build's: any frozen module or board file changed must
    # change it, and nothing else may.
    top = tmp_path / "src"
    board = top / "ports" / "raspberrypi" / "boards" / build.BOARD
    board.mkdir(parents=True)
    (board / "mpconfigboard.h").write_text("#define X 1\n")
    frozen = tmp_path / "frozen"
    (frozen / "minigam").mkdir(parents=True)
    (frozen / "minigam" / "game.py").write_text("A = 1\n")

    def stamp(bindir="/tc"):
        return build.inputs_stamp(str(top), str(frozen), bindir, "cp.tar")

    first = stamp()
    assert stamp() == first
    (frozen / "minigam" / "game.py").write_text("A = 2\n")
    second = stamp()
    assert second != first
    (frozen / "minigam" / "new.py").write_text("")
    third = stamp()
    assert third != second
    (board / "mpconfigboard.h").write_text("#define X 2\n")
    assert stamp() != third
    assert stamp("/other") != stamp()


# The test modules that read a file of the firmware folder (the source
# bundle, the stock UF2, the boot ROM, CircuitPython's mpy-cross), but the
# firmware gates and test_emu.py: the Makefile runs those apart, and their
# one fixture skips them, naming the file, before anything else runs.
FIRMWARE_FILE_MODULES = ("test_deploy.py", "test_firmware_build.py",
                         "test_firmware_patches.py",
                         "test_firmware_source.py", "test_release.py",
                         "test_web.py")
GATES = ("test_emu.py",)
FIRMWARE_FILES = (inputs.UF2_NAME, inputs.BOOTROM_NAME,
                  inputs.MPY_CROSS_NAME, source.TARBALL)
# What a test module calls when it needs a firmware file.
NEEDS_A_FILE = re.compile(r"firmware_dir\(|firmware_paths\(|mpy_cross_path"
                          r"\(|mpy_cross_or_default\(|firmware_file\b|"
                          r"minigam_firmware\b")


def test_the_list_has_every_module_that_needs_a_firmware_file():
    """A new test module that reads the firmware folder joins the fresh
    clone's check below."""
    tests = os.path.join(ROOT, "tests")
    needing = set()
    for name in os.listdir(tests):
        if name.startswith("test_") and name.endswith(".py"):
            with open(os.path.join(tests, name), encoding="utf-8") as f:
                if NEEDS_A_FILE.search(f.read()):
                    needing.add(name)
    gates = {n for n in needing if n.startswith("test_firmware_gates")}
    assert needing - gates - set(GATES) == set(FIRMWARE_FILE_MODULES)


def test_a_clone_without_the_firmware_folder_skips_naming_each_file(
        tmp_path):
    """A fresh clone has no ../shared/firmware: outside CI every test that
    needs one of its files skips, saying which file, and none fails."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("CI", "MINIGAM_UF2", "MINIGAM_BOOTROM",
                        "MINIGAM_MPY_CROSS")}
    nowhere = str(tmp_path / "no-firmware-here")
    env["MINIGAM_FIRMWARE_DIR"] = nowhere
    me = "tests/test_firmware_build.py::"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
         "--deselect", me + "test_a_clone_without_the_firmware_folder_skips_"
         "naming_each_file"]
        + ["tests/" + m for m in FIRMWARE_FILE_MODULES],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    tail = run.stdout[-4000:] + run.stderr[-2000:]
    assert run.returncode == 0, tail
    skips = [line for line in run.stdout.splitlines()
             if line.startswith("SKIPPED")]
    assert skips, tail
    about_firmware = [line for line in skips if nowhere in line
                      or re.search(r"firmware|mpy-cross|bundle", line, re.I)]
    assert about_firmware, skips
    for line in about_firmware:
        assert any(f in line for f in FIRMWARE_FILES), line
