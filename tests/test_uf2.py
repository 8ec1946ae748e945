"""UF2 files: the product UF2 is the firmware's blocks plus a CIRCUITPY image."""

import pytest

from minigam.host.firmware import uf2
from minigam.host.emu.fat12 import build_image
from minigam.host.firmware.build import DRIVE_OFFSET, drive_files, with_drive


def firmware_like(pages=3):
    return uf2.write_blocks([(uf2.XIP_BASE + 256 * i, bytes([i + 1]) * 256)
                             for i in range(pages)])


def test_blocks_round_trip():
    blocks, family = uf2.read_blocks(firmware_like())
    assert family == uf2.RP2040_FAMILY
    assert [a for a, _ in blocks] == [0x10000000, 0x10000100, 0x10000200]
    assert uf2.write_blocks(blocks, family) == firmware_like()


@pytest.mark.parametrize("bad", [b"", b"x" * 511, b"\0" * 512])
def test_a_bad_file_is_a_clear_error(bad):
    with pytest.raises(uf2.UF2Error):
        uf2.read_blocks(bad)


def test_product_uf2_carries_the_drive_renumbered():
    files = drive_files()
    assert sorted(files) == ["boot.py", "code.py", "settings.toml"]
    assert b"MINIGAM_PROFILE =" not in files["settings.toml"].replace(
        b"# MINIGAM_PROFILE =", b"")  # the board id picks the profile
    data = with_drive(firmware_like(), files)
    blocks, _ = uf2.read_blocks(data)
    count = len(blocks)
    for no in range(count):  # every block numbered, every one knows the count
        assert int.from_bytes(data[512 * no + 20:512 * no + 24], "little") == no
        assert int.from_bytes(data[512 * no + 24:512 * no + 28], "little") == count
    flash = bytearray(b"\xff" * (2 << 20))
    for addr, payload in blocks:
        flash[addr - uf2.XIP_BASE:addr - uf2.XIP_BASE + len(payload)] = payload
    image = build_image(files)
    used = len(image.rstrip(b"\0"))
    assert flash[DRIVE_OFFSET:DRIVE_OFFSET + used] == image[:used]
    assert flash[:256] == b"\1" * 256


def test_emu_knows_the_minigam_firmware_by_its_drive(tmp_path):
    from minigam.host.cli.emu import carries_drive
    plain = tmp_path / "plain.uf2"
    plain.write_bytes(firmware_like())
    ours = tmp_path / "ours.uf2"
    ours.write_bytes(with_drive(firmware_like(), drive_files()))
    assert not carries_drive(str(plain))
    assert carries_drive(str(ours))
    assert not carries_drive(str(tmp_path / "missing.uf2"))
