"""CircuitPython's source for the firmware build, both ways (host only): the
clone of the release tag and its submodules (here from local git
repositories made from the shared bundle, standing in for GitHub) gives the
same tree as the bundle; how the build chooses between them."""

import os
import shutil
import stat
import subprocess
import tarfile

import pytest

from minigam.host.firmware.inputs import firmware_dir
from minigam.host.firmware import patches, source
from minigam.host.firmware.errors import BuildError

SHARED = os.path.join(firmware_dir(), source.TARBALL)
needs_bundle = pytest.mark.skipif(
    not os.path.isfile(SHARED) and not os.environ.get("CI"),
    reason="firmware file %s not found in %s (MINIGAM_FIRMWARE_DIR)"
    % (source.TARBALL, firmware_dir()))


def _git(cwd, *args):
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com",
         "-c", "init.defaultBranch=main"] + list(args),
        cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _commit_all(repo):
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "snapshot")
    return _git(repo, "rev-parse", "HEAD")


def unpacked_bundle(dest):
    with tarfile.open(SHARED) as tf:
        tf.extractall(dest, filter="data")
    return os.path.join(dest, source.TOP)


def as_upstream(top):
    """Undo the changes the bundle carries: the tag's own files."""
    for patch in patches.SOURCE:
        for edit in patch.edits:
            path = os.path.join(top, edit.rel)
            if isinstance(edit, patches.Placeholder):
                os.remove(path)
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            assert text.count(edit.new) == 1
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.replace(edit.new, edit.old))


@pytest.fixture(scope="module")
def local_github(tmp_path_factory):
    """A folder laid out as GitHub's URLs: CircuitPython at tag 10.2.1 with
    the submodules the recipe lists, from the shared bundle's files."""
    tmp = tmp_path_factory.mktemp("cp")
    top = unpacked_bundle(str(tmp / "bundle"))
    as_upstream(top)
    github = tmp / "github"
    commits = {}
    for path, url in source.SUBMODULES:
        repo = github / url[len(source.GITHUB):]
        shutil.copytree(os.path.join(top, path), repo)
        shutil.rmtree(os.path.join(top, path))
        commits[path] = _commit_all(repo)
    shutil.rmtree(os.path.join(top, "lib", "micropython-lib"))
    commits["lib/micropython-lib"] = "1" * 40  # never fetched
    main = github / source.REPOSITORY[len(source.GITHUB):]
    shutil.move(top, main)
    _git(main, "init", "-q")
    _git(main, "add", "-A")
    for path, commit in commits.items():
        _git(main, "update-index", "--add", "--cacheinfo",
             "160000,%s,%s" % (commit, path))
    _git(main, "commit", "-q", "-m", "CircuitPython")
    _git(main, "tag", source.TAG)
    return "file://%s/" % github


def tree(top):
    """{path: (bytes, executable)} of every file under ``top``."""
    files = {}
    for folder, _, names in os.walk(top):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, top)] = (
                    f.read(), bool(os.stat(path).st_mode & stat.S_IXUSR))
    return files


@needs_bundle
def test_the_clone_builds_the_same_tree_as_the_bundle(local_github, tmp_path,
                                                      monkeypatch):
    monkeypatch.setenv("MINIGAM_CP_GIT", local_github)
    work = tmp_path / "work"
    made = source.bundle_for_build(str(tmp_path / "no-bundle-here"), str(work))
    assert made == str(work / source.TARBALL)
    assert os.listdir(work) == [source.TARBALL]  # the clone is not kept
    cloned = source.unpack(made, str(tmp_path / "a"))
    shared = source.unpack(SHARED, str(tmp_path / "b"))
    for top in (cloned, shared):
        patches.apply(top)
    a, b = tree(cloned), tree(shared)
    assert sorted(a) == sorted(b)
    assert [r for r in a if a[r] != b[r]] == []
    assert len(a) == len(source.manifest()) > 1000


@needs_bundle
def test_a_clone_of_another_commit_is_refused(local_github, tmp_path,
                                              monkeypatch):
    """The list of files and their sha256 is what the clone must match."""
    monkeypatch.setenv("MINIGAM_CP_GIT", local_github)
    checkout = source.clone(str(tmp_path / "clone"))
    with open(os.path.join(checkout, "py", "vm.c"), "a") as f:
        f.write("/* another commit */\n")
    with pytest.raises(BuildError, match="changed py/vm.c"):
        source.make_bundle(checkout, str(tmp_path / "out.tar.xz"))
    assert not os.path.exists(tmp_path / "out.tar.xz")


def test_a_submodule_the_tag_does_not_have_stops_the_clone(tmp_path,
                                                          monkeypatch):
    repo = tmp_path / "gh" / "adafruit" / "circuitpython"
    repo.mkdir(parents=True)
    (repo / "README").write_text("not CircuitPython\n")
    _commit_all(repo)
    _git(repo, "tag", source.TAG)
    monkeypatch.setenv("MINIGAM_CP_GIT", "file://%s/" % (tmp_path / "gh"))
    with pytest.raises(BuildError, match="no submodule"):
        source.clone(str(tmp_path / "clone"))


@needs_bundle
def test_a_bundle_s_bytes_depend_only_on_its_files(tmp_path):
    top = unpacked_bundle(str(tmp_path / "x"))
    first = source.make_bundle(top, str(tmp_path / "1.tar.xz"), preset=0)
    for folder, _, names in os.walk(top):
        for name in names:
            os.utime(os.path.join(folder, name), (1e9, 1e9))
    second = source.make_bundle(top, str(tmp_path / "2.tar.xz"), preset=0)
    with open(first, "rb") as f1, open(second, "rb") as f2:
        assert f1.read() == f2.read()


@needs_bundle
def test_the_shared_bundle_is_the_listed_source():
    with tarfile.open(SHARED) as tf:
        names = {m.name[len(source.TOP) + 1:] for m in tf if m.isfile()}
    assert names == set(source.manifest())


def test_verify_names_what_differs(tmp_path):
    top = tmp_path / "top"
    want = source.manifest()
    rel = sorted(want)[0]
    (top / os.path.dirname(rel)).mkdir(parents=True, exist_ok=True)
    (top / rel).write_text("not it")
    (top / "extra.c").write_text("")
    with pytest.raises(BuildError) as exc:
        source.verify(str(top))
    text = str(exc.value)
    assert "changed %s" % rel in text and "not listed extra.c" in text
    assert "missing " in text and "%d files" % (len(want) + 1) in text


def _empty_tarball(path):
    with tarfile.open(path, "w:xz"):
        pass
    return str(path)


def test_the_build_takes_a_bundle_at_hand_first(tmp_path, monkeypatch):
    monkeypatch.delenv("MINIGAM_FIRMWARE_SOURCE", raising=False)
    fwdir, work = tmp_path / "fw", tmp_path / "work"
    fwdir.mkdir()
    work.mkdir()
    made = _empty_tarball(work / source.TARBALL)
    assert source.bundle_for_build(str(fwdir), str(work)) == made
    at_hand = _empty_tarball(fwdir / source.TARBALL)
    assert source.bundle_for_build(str(fwdir), str(work)) == at_hand
    assert source.bundle_for_build(str(fwdir), str(work), "bundle") == at_hand


def test_a_forced_way_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("MINIGAM_CP_GIT", "file://%s/" % (tmp_path / "none"))
    _empty_tarball(tmp_path / source.TARBALL)
    monkeypatch.setenv("MINIGAM_FIRMWARE_SOURCE", "clone")
    with pytest.raises(BuildError, match="git clone failed"):  # no GitHub
        source.bundle_for_build(str(tmp_path), str(tmp_path / "work"))
    monkeypatch.setenv("MINIGAM_FIRMWARE_SOURCE", "bundle")
    with pytest.raises(BuildError, match="not found"):
        source.bundle_for_build(str(tmp_path / "empty"), str(tmp_path / "w"))
    monkeypatch.setenv("MINIGAM_FIRMWARE_SOURCE", "github")
    with pytest.raises(BuildError, match="bundle, clone or auto"):
        source.bundle_for_build(str(tmp_path), str(tmp_path / "w"))
