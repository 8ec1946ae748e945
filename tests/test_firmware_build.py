"""The firmware build's one fix to CircuitPython's source bundle: frozen
ARMv6-M native code aligned to 4 bytes (host only; the firmware gates
check the built code)."""

import pytest

from minigam.host.firmware import build, patches

ALIGN = patches.ALIGN_NATIVE_CODE


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


def test_the_shared_bundle_has_the_code_to_patch():
    """The source bundle the build uses has exactly the lines it patches."""
    import os
    import tarfile
    from minigam.host.firmware.inputs import firmware_dir
    with tarfile.open(os.path.join(firmware_dir(), build.TARBALL)) as tf:
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
