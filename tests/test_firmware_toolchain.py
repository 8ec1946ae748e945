"""How the firmware build finds ARM GCC 14 (host only; installing Debian's
packages needs the network, and was checked by hand)."""

import os
import sys

import pytest

from minigam.host.firmware import toolchain
from minigam.host.firmware.errors import BuildError


def fake_gcc(folder, version, code=0):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, toolchain.GCC)
    with open(path, "w") as f:
        f.write("#!/bin/sh\necho %s\nexit %d\n" % (version, code))
    os.chmod(path, 0o755)
    return path


def test_the_version_gcc_reports(tmp_path):
    assert toolchain.gcc_major(fake_gcc(str(tmp_path / "a"), "14.2.1")) == 14
    assert toolchain.gcc_major(fake_gcc(str(tmp_path / "b"), "12")) == 12
    assert toolchain.gcc_major(fake_gcc(str(tmp_path / "c"), "14", 1)) is None
    assert toolchain.gcc_major(str(tmp_path / "none")) is None


@pytest.fixture
def no_install(monkeypatch):
    def refuse(prefix):
        raise BuildError("no Debian here")
    monkeypatch.setattr(toolchain, "install_from_debian", refuse)


def test_a_prefix_with_gcc_14_is_used(tmp_path, monkeypatch, no_install):
    prefix = str(tmp_path / "tc")
    fake_gcc(os.path.join(prefix, "usr", "bin"), "14.2.1")
    monkeypatch.setenv("PATH", os.path.dirname(
        fake_gcc(str(tmp_path / "sys"), "15.1")))
    assert toolchain.find_or_install(prefix) == os.path.join(prefix, "usr", "bin")


def test_else_the_system_s_gcc_14(tmp_path, monkeypatch, no_install):
    prefix = str(tmp_path / "tc")
    fake_gcc(os.path.join(prefix, "usr", "bin"), "12.2.1")  # too old
    system = str(tmp_path / "sys")
    fake_gcc(system, "14.3.0")
    monkeypatch.setenv("PATH", system)
    assert toolchain.find_or_install(prefix) == system


def test_else_debian_s_packages(tmp_path, monkeypatch):
    prefix = str(tmp_path / "tc")
    monkeypatch.setenv("PATH", os.path.dirname(
        fake_gcc(str(tmp_path / "sys"), "12.2")))
    monkeypatch.setattr(toolchain, "install_from_debian", lambda p: fake_gcc(
        os.path.join(p, "usr", "bin"), "14.2.1"))
    assert toolchain.find_or_install(prefix) == os.path.join(prefix, "usr", "bin")


def test_else_the_error_names_arm_s_download(tmp_path, monkeypatch, no_install):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(BuildError) as exc:
        toolchain.find_or_install(str(tmp_path / "tc"))
    text = str(exc.value)
    assert toolchain.ARM_DOWNLOAD in text and "14.2" in text
    assert "no Debian here" in text


def test_the_debian_archive_apt_uses(tmp_path, monkeypatch):
    monkeypatch.delenv("DEBIAN_MIRROR", raising=False)
    apt = tmp_path / "apt"
    (apt / "sources.list.d").mkdir(parents=True)
    assert toolchain.debian_mirror(str(apt)) == toolchain.DEFAULT_MIRROR
    (apt / "sources.list.d" / "debian.sources").write_text(
        "Types: deb\nURIs: http://ftp.example.org/debian/\n"
        "Suites: bookworm\nComponents: main\n")
    assert toolchain.debian_mirror(str(apt)) == "http://ftp.example.org/debian"
    (apt / "sources.list").write_text(
        "deb https://mirror.example.net/debian bookworm main\n")
    assert toolchain.debian_mirror(str(apt)) == "https://mirror.example.net/debian"
    monkeypatch.setenv("DEBIAN_MIRROR", "http://local/debian")
    assert toolchain.debian_mirror(str(apt)) == "http://local/debian"


def test_which_files_get_the_host_loader(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a program")
    assert toolchain._elf64_has_loader(str(text)) == (False, False)
    python = os.path.realpath(sys.executable)
    if not toolchain._elf64_has_loader(python)[0]:
        pytest.skip("this Python is not a 64-bit ELF program")
    assert toolchain._elf64_has_loader(python) == (True, True)
