"""Every change the firmware build makes to CircuitPython's source (host
only): each applies to the tag's files, once, and stops the build on a
source it was not written for."""

import os
import tarfile

import pytest

from minigam.host.firmware.inputs import firmware_dir, repo_root
from minigam.host.firmware import patches, source
from minigam.host.firmware.errors import BuildError

SHARED = os.path.join(firmware_dir(), source.TARBALL)


@pytest.fixture(scope="module")
def upstream(tmp_path_factory, firmware_file):
    """The files the patches edit, as the release tag has them (the shared
    bundle's, with the changes it carries undone)."""
    files = {}
    with tarfile.open(firmware_file(source.TARBALL)) as tf:
        for member in tf:
            rel = member.name[len(source.TOP) + 1:]
            if any(rel == e.rel for p in patches.ALL for e in p.edits):
                files[rel] = tf.extractfile(member).read().decode()
    for patch in patches.SOURCE:
        for edit in patch.edits:
            if isinstance(edit, patches.Placeholder):
                del files[edit.rel]
            else:
                files[edit.rel] = files[edit.rel].replace(edit.new, edit.old)
    return files


def write_tree(top, files):
    for rel, text in files.items():
        os.makedirs(os.path.join(top, os.path.dirname(rel)), exist_ok=True)
        with open(os.path.join(top, rel), "w", encoding="utf-8") as f:
            f.write(text)


def read_tree(top):
    out = {}
    for folder, _, names in os.walk(top):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                out[os.path.relpath(path, top)] = f.read()
    return out


@pytest.mark.parametrize("patch", patches.ALL, ids=lambda p: p.name)
def test_a_patch_applies_once_to_the_tag(patch, upstream, tmp_path):
    write_tree(str(tmp_path), upstream)
    patch.apply(str(tmp_path))
    once = read_tree(str(tmp_path))
    changed = {rel for rel in once if once[rel] != upstream.get(rel)}
    assert changed == {e.rel for e in patch.edits}
    for edit in patch.edits:
        if not isinstance(edit, patches.Placeholder):
            assert once[edit.rel].count(edit.new) == 1
    patch.apply(str(tmp_path))  # the next build: nothing more
    assert read_tree(str(tmp_path)) == once


@pytest.mark.parametrize("patch", patches.ALL, ids=lambda p: p.name)
def test_a_patch_stops_on_another_source(patch, upstream, tmp_path):
    other = {e.rel: "/* another CircuitPython */\n" for e in patch.edits}
    write_tree(str(tmp_path), other)
    with pytest.raises(BuildError, match=patch.name) as exc:
        patch.apply(str(tmp_path))
    assert patch.edits[0].rel in str(exc.value)


def test_the_bundle_is_the_tag_with_the_source_patches(upstream, tmp_path):
    write_tree(str(tmp_path), upstream)
    patches.apply(str(tmp_path), patches.SOURCE)
    with tarfile.open(SHARED) as tf:
        for rel, text in read_tree(str(tmp_path)).items():
            member = tf.extractfile("%s/%s" % (source.TOP, rel))
            assert member.read().decode() == text, rel


def test_the_nvm_write_needs_its_sector_erase(tmp_path):
    """Only a function that erases flash is replaced."""
    edit = patches.NVM_OF_SECTORS.edits[1]
    write_tree(str(tmp_path), {edit.rel: "%s) {}\n%s) {}\n" % (
        edit.head, edit.tail)})
    with pytest.raises(BuildError, match="NVM of sectors"):
        edit.apply(str(tmp_path), "NVM of sectors")


def test_every_patch_says_why():
    names = [p.name for p in patches.ALL]
    assert len(set(names)) == len(names) == 5
    # docs/firmware.md lists them all, as many as there are.
    with open(os.path.join(repo_root(), "docs", "firmware.md")) as f:
        doc = f.read()
    heading = "## The five changes to CircuitPython"
    assert heading in doc
    listed = doc.split(heading, 1)[1].split("\n## ", 1)[0]
    assert "%d. **" % len(names) in listed
    assert "%d. **" % (len(names) + 1) not in listed
    assert all(len(p.why) > 80 for p in patches.ALL)
    assert patches.created_files(patches.ALL) == {
        "lib/micropython-lib/README.md"}
