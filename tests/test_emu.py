"""The emulator harness's own parts: the CIRCUITPY image and the ``emu``
command (its firmware runs are in test_firmware_gates.py)."""

import os
import shutil
import struct
import subprocess
import sys

import pytest

from minigam.host.emu import device
from minigam.host.emu.fat12 import FatImageError, build_image

FILES = {
    "code.py": b"print(1)\n",
    "settings.toml": b'MINIGAM_PROFILE = "pico-st7789"\n',
    "lib/adafruit_st7789.py": b"# driver\n" * 50,
    "minigam/app/app.py": bytes(range(256)) * 300,  # several clusters
    "empty.txt": b"",
}
FILES.update({"many/module_number_%02d.py" % i: b"x = %d\n" % i
              for i in range(40)})  # a folder spanning several clusters


def test_image_is_a_1_mib_fat12_volume_and_repeatable():
    img = build_image(FILES)
    assert len(img) == 1024 * 1024
    assert img[510:512] == b"\x55\xaa"
    assert img[54:62] == b"FAT12   "
    assert struct.unpack_from("<H", img, 11)[0] == 512
    assert build_image(FILES) == img


def test_too_many_files_is_a_clear_error():
    with pytest.raises(FatImageError, match="do not fit"):
        build_image({"big.bin": bytes(1100 * 1024)})
    with pytest.raises(FatImageError, match="both a file and a folder"):
        build_image({"a": b"1", "a/b": b"2"})


@pytest.mark.skipif(not shutil.which("mtype"), reason="mtools not installed")
def test_mtools_and_fsck_read_the_image(tmp_path):
    path = tmp_path / "cp.img"
    path.write_bytes(build_image(FILES))
    if shutil.which("fsck.fat"):
        run = subprocess.run(["fsck.fat", "-n", str(path)],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
    for name, data in FILES.items():
        got = subprocess.run(["mtype", "-i", str(path), "::/" + name],
                             capture_output=True).stdout
        assert got == data, name


def test_emu_without_firmware_says_where_to_get_it(tmp_path):
    env = dict(os.environ, MINIGAM_FIRMWARE_DIR=str(tmp_path))
    run = subprocess.run([sys.executable, "-m", "minigam.host", "emu"],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 2
    assert "firmware UF2 not found" in run.stderr
    assert "MINIGAM_FIRMWARE_DIR" in run.stderr


def test_emu_rejects_a_bad_key_script_before_booting():
    run = subprocess.run([sys.executable, "-m", "minigam.host", "emu",
                          "--keys", "A FOO"], capture_output=True, text=True)
    assert run.returncode == 2
    assert "FOO" in run.stderr


def test_emu_runs_a_key_script_and_writes_screens(tmp_path):
    try:
        device.firmware_paths()
    except device.EmuError as exc:
        if os.environ.get("CI"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))
    run = subprocess.run(
        [sys.executable, "-m", "minigam.host", "emu", "--keys", "X shot",
         "--screenshot-dir", str(tmp_path), "--settle", "100"],
        capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "@MENU" in run.stdout  # the board's console, printed
    assert "flash cache modelled" in run.stdout
    shots = sorted(os.listdir(tmp_path))
    assert len(shots) == 2 and all(n.endswith(".png") for n in shots)
