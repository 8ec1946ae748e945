"""make release: dist/ holds every file with checksums that verify, notes
naming the version, and a .mpy zip a profile carrying only what that board
imports. The firmware is a stand-in here (its build is the device gates'
business: test_firmware_gates.py releases the real one and boots it)."""

import io
import os
import shutil
import subprocess
import zipfile

import pytest

from minigam.host import release
from minigam.host.cli import release as cmd_release
from minigam.host.firmware.inputs import MPY_CROSS_NAME
from minigam.host.hardware import deploy

VERSION = deploy.project_version()


def stand_in_firmware(folder):
    """A product UF2 and its firmware-only sibling, as the build names them."""
    os.makedirs(folder, exist_ok=True)
    product, only = release.firmware_names(VERSION)
    for name in (product, only):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(b"UF2\n" + name.encode())
    return os.path.join(folder, product)


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    """(folder, names written, log) of a release with CircuitPython's
    mpy-cross (outside CI, its absence skips)."""
    base = tmp_path_factory.mktemp("release")
    out = str(base / "dist")
    log = io.StringIO()
    fw = stand_in_firmware(str(base / "fw"))
    try:
        written = release.release(out, log=log, firmware=fw)
    except release.ReleaseError as exc:
        if "mpy-cross" not in str(exc) or os.environ.get("CI"):
            raise
        pytest.skip("%s (the firmware folder has no %s)"
                    % (exc, MPY_CROSS_NAME))
    return out, written, log.getvalue()


def release_major():
    """The CircuitPython major of the mpy-cross the release compiled with,
    found as ``release.release`` finds it: the firmware folder's, else the
    one a firmware build made (a clone without the folder)."""
    from minigam.host.firmware import build
    try:
        compiler = deploy.mpy_cross_or_default()
    except deploy.DeployError:
        compiler = build.built_mpy_cross()
    return deploy.mpy_cross_major(compiler)


def test_dist_holds_every_file_and_its_checksums_verify(dist):
    out, written, log = dist
    major = release_major()
    assert sorted(os.listdir(out)) == written == release.release_files(
        VERSION, major)
    assert "minigam-pico-%s.uf2" % VERSION in written
    assert "minigam-pico-%s-firmware-only.uf2" % VERSION in written
    for profile in deploy.profile_names():
        assert "minigam-%s-circuitpython%d-%s.zip" % (
            VERSION, major, profile) in written
    assert release.verify(out, written) == []
    with open(os.path.join(out, release.SUMS)) as f:
        listed = sorted(line.split("  ")[1].strip() for line in f)
    assert listed == [n for n in written if n != release.SUMS]
    if shutil.which("sha256sum"):
        subprocess.run(["sha256sum", "--quiet", "-c", release.SUMS], cwd=out,
                       check=True)
    assert "MINIGAM %s" % VERSION in log


def test_a_changed_or_extra_file_fails_verification(dist, tmp_path):
    out, written, _ = dist
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    with open(copy / written[0], "ab") as f:
        f.write(b"!")
    (copy / "stray.txt").write_text("x")
    problems = release.verify(str(copy), written)
    assert "%s does not match SHA256SUMS" % written[0] in problems
    assert "extra stray.txt" in problems
    assert cmd_release.main(["--verify", str(copy)]) == 1
    assert cmd_release.main(["--verify", out]) == 0


def _zip(out, profile):
    major = release_major()
    path = os.path.join(out, deploy.bundle_name(profile, major, VERSION))
    with zipfile.ZipFile(path) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


def test_each_zip_is_its_profiles_mpy_bundle(dist):
    out, _, _ = dist
    for profile in deploy.profile_names():
        files = _zip(out, profile)
        names = set(files)
        assert {"code.py", "boot.py", "settings.toml",
                "minigam/version.mpy"} <= names, profile
        assert files["settings.toml"] == (
            'MINIGAM_PROFILE = "%s"\n' % profile).encode()
        assert files["minigam/__init__.mpy"][:1] == b"C"  # CircuitPython's
        libs = [n for n in names if n.startswith("lib/")]
        assert libs and all(n.endswith(".mpy") for n in libs), profile
        assert not [n for n in names if n.endswith(".py")
                    and n not in ("code.py", "boot.py")], profile
        assert VERSION.encode() in files["minigam/version.mpy"]
        ili9341 = profile == "pico-ili9341"
        assert ("lib/adafruit_ili9341.mpy" in names) == ili9341, profile
        assert ("minigam/hw/ili9341.mpy" in names) == ili9341, profile
        # the 24-point games and their networks, as .mpy, on the Pico 2's
        pico2 = profile == "pico2-st7789"
        for net in ("minigam/bg/weights.mpy", "minigam/nardy/weights.mpy"):
            assert (net in names) == pico2, profile
    assert "lib/adafruit_ili9341.mpy" not in _zip(out, "pico-st7789")


def test_notes_name_the_version_every_file_and_every_board(dist):
    out, written, _ = dist
    with open(os.path.join(out, release.NOTES), encoding="utf-8") as f:
        notes = f.read()
    assert notes.startswith("# MINIGAM %s\n" % VERSION)
    for name in written:
        assert "`%s`" % name in notes
    for profile in deploy.profile_names():
        assert "| `%s` |" % profile in notes
    assert "## Changes" in notes
    # which games each stock bundle plays; the Pico 2's untested
    major = release_major()
    pico2 = deploy.bundle_name("pico2-st7789", major, VERSION)
    assert ("| `%s` | MINIGAM, Backgammon and Long Nardy (untested on "
            "hardware) |" % pico2) in notes
    assert "Untested on hardware: `%s`." % pico2 in notes
    for profile in ("pico-st7789", "pybadge", "pygamer"):
        assert "| `%s` | MINIGAM |" % deploy.bundle_name(
            profile, major, VERSION) in notes


def _git(repo, *args):
    subprocess.run(["git", "-C", str(repo)] + list(args), check=True,
                   capture_output=True,
                   env=dict(os.environ, GIT_AUTHOR_NAME="t",
                            GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                            GIT_COMMITTER_EMAIL="t@t"))


def _commit(repo, subject, *paths):
    for path in paths:
        p = repo / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(p.read_text() + "x" if p.exists() else "x")
    _git(repo, "add", *paths)
    _git(repo, "commit", "-q", "-m", subject)


@pytest.mark.skipif(not shutil.which("git"), reason="git is not installed")
def test_changes_since_the_previous_tag_grouped_by_what_they_touch(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    _commit(repo, "Old: before the last release", "minigam/quarter/rules.py")
    _git(repo, "tag", "v0.0.9")
    _commit(repo, "Rules: a fix; and more words", "minigam/quarter/rules.py",
            "tests/test_rules.py", "README.md")
    _commit(repo, "Menu: a page", "minigam/app/menu.py")
    _commit(repo, "README: words", "README.md")
    _commit(repo, "Firmware: a patch", "minigam/host/firmware/patches.py")
    _git(repo, "tag", "v0.1.0")  # the release being made: not "previous"
    text = "\n".join(release.change_log("0.1.0", str(repo)))
    assert text.startswith("## Changes since v0.0.9\n")
    assert "Old:" not in text and "4 commits" in text
    groups = {}
    for block in text.split("\n### ")[1:]:
        title, _, body = block.partition("\n")
        groups[title.rsplit(" (", 1)[0]] = body
    assert "Rules: a fix (" in groups["The games and their AI"]
    assert "Menu: a page" in groups["The handheld: screens, keys, hardware"]
    assert "README: words" in groups["Documentation"]
    assert "Firmware: a patch" in groups["Firmware, deploy and release"]
    everything = "\n".join(release.change_log("0.0.9", str(repo)))
    assert "since the start" in everything and "Old:" in everything


def test_short_subject_keeps_the_first_clause():
    assert release.short_subject("Store: a log; and more") == "Store: a log"
    long = "word " * 100
    cut = release.short_subject(long)
    assert len(cut) <= release.SUBJECT_CHARS + 4 and cut.endswith(" ...")


def test_a_folder_of_other_files_is_refused(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(release.ReleaseError, match="notes.txt"):
        release.empty_folder(str(tmp_path))
    assert (tmp_path / "notes.txt").exists()
    assert cmd_release.main(["--out", str(tmp_path)]) == 2
    assert "error: " in capsys.readouterr().err


def test_a_firmware_of_another_version_is_refused(tmp_path):
    stray = tmp_path / "minigam-pico-0.0.0.uf2"
    stray.write_bytes(b"UF2")
    with pytest.raises(release.ReleaseError, match="not the firmware"):
        release.copy_firmware(str(stray), str(tmp_path), VERSION)
    product = stand_in_firmware(str(tmp_path / "fw"))
    os.remove(product.replace(".uf2", "-firmware-only.uf2"))
    with pytest.raises(release.ReleaseError, match="firmware-only.uf2 is missing"):
        release.copy_firmware(product, str(tmp_path), VERSION)


def test_release_is_a_host_command(capsys):
    from minigam.host import __main__ as host
    assert host.main(["--help"]) == 0
    assert "release" in capsys.readouterr().out


def test_the_menu_reads_the_shipped_version_and_lets_it_go():
    """menu.version_line: deploy's minigam/version.py when it is there
    (read, then unloaded), ``dev`` in a checkout, which has none."""
    import sys
    import types
    from minigam.app import menu
    assert menu.version_line() == "MINIGAM dev"
    sys.modules["minigam.version"] = types.SimpleNamespace(VERSION="1.2.3")
    try:
        assert menu.version_line() == "MINIGAM 1.2.3"
        assert "minigam.version" not in sys.modules
    finally:
        sys.modules.pop("minigam.version", None)


def test_without_an_mpy_cross_at_hand_the_builds_own_compiles(tmp_path,
                                                               monkeypatch):
    """A fresh clone has no prebuilt mpy-cross: the release compiles the
    zips with the one the firmware build made from CircuitPython's source
    (a stand-in here: the prebuilt one, as if the build had made it), and
    says what to do when there is neither."""
    from minigam.host.firmware import build
    try:
        compiler = deploy.mpy_cross_or_default()
    except deploy.DeployError as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(exc))

    def none_at_hand(explicit=None):
        raise deploy.DeployError("no mpy-cross at hand")

    monkeypatch.setattr(deploy, "mpy_cross_or_default", none_at_hand)
    fw = stand_in_firmware(str(tmp_path / "fw"))
    monkeypatch.setattr(build, "built_mpy_cross", lambda: None)
    with pytest.raises(release.ReleaseError, match="make firmware"):
        release.release(str(tmp_path / "none"), log=io.StringIO(),
                        firmware=fw)
    monkeypatch.setattr(build, "built_mpy_cross", lambda: compiler)
    written = release.release(str(tmp_path / "dist"), log=io.StringIO(),
                              firmware=fw)
    assert any(name.endswith(".zip") for name in written)
    assert release.verify(str(tmp_path / "dist"), written) == []
