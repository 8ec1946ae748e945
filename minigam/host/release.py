"""``make release``: the files a MINIGAM release publishes, in ``dist/``
(host only).

``python -m minigam.host release [--out DIR]`` writes (``--verify DIR``
checks such a folder against its SHA256SUMS)::

    minigam-pico-<version>.uf2                  the MINIGAM firmware for the
                                                Raspberry Pi Pico (RP2040),
                                                with a CIRCUITPY drive
    minigam-pico-<version>-firmware-only.uf2    the same, leaving the drive
                                                as it is (an update)
    minigam-<version>-circuitpython10-<profile>.zip
                                                one a profile: the .mpy
                                                bundle for stock
                                                CircuitPython 10.x
    RELEASE-NOTES.md                            which board gets which file,
                                                and what changed
    SHA256SUMS                                  sha256sum -c SHA256SUMS

The UF2s are ``minigam.host.firmware.build``'s (its cache makes a second
release quick), the zips ``deploy --zip``'s with CircuitPython's own
mpy-cross (``deploy.mpy_cross_or_default``: ``MINIGAM_MPY_CROSS``, else the
firmware folder's ``mpy-cross-cp10.2.1``, else the one the firmware build
made from the same source). Every name carries pyproject.toml's
``version``, the one version there is; the device shows the same number
(``deploy.VERSION_FILE``).

A zip a profile, not one zip with a settings.toml a profile: a maker looks
for the file named after their board, copies all of it onto CIRCUITPY and is
done, with nothing to choose or rename (its settings.toml already names the
profile). Each holds what ``deploy`` would write to that board and nothing
more: its own profile module, display driver and libraries (the ILI9341
driver only in ``pico-ili9341``'s), so no flash goes on other boards' files.
"""

import hashlib
import io
import os
import re
import shutil
import subprocess
import sys

NOTES = "RELEASE-NOTES.md"
SUMS = "SHA256SUMS"
# Files a release writes (a folder holding only these may be emptied).
_OURS = (NOTES, SUMS)
_OUR_PREFIX = "minigam-"
_OUR_ENDINGS = (".uf2", ".zip")

# The groups of the notes' changes, by the files a commit touches (each
# file counts for the group of its longest matching prefix, a commit goes
# where most of its files are, ties to the group named first). Tests and
# documentation that come with code do not count: the code says what the
# commit changed.
AREAS = (
    ("The games and their AI", (
        "minigam/quarter/", "minigam/core/", "minigam/bg/",
        "minigam/nardy/", "minigam/host/aitools/", "minigam/host/bgmat.py")),
    ("The handheld: screens, keys, hardware", (
        "minigam/app/", "minigam/hw/", "minigam/compat.py", "code.py",
        "boot.py", "hardware/", "minigam/host/hardware/")),
    ("Firmware, deploy and release", (
        "firmware/", "minigam/host/firmware/", "minigam/host/release.py",
        "minigam/host/hardware/deploy.py", "Makefile")),
    ("Host tools: simulator, emulator, bench, tests", (
        "minigam/host/", "tests/", "package.json", "package-lock.json",
        "pyproject.toml", "requirements.txt")),
    ("Documentation", ("README.md", "docs/")),
)
_COMPANIONS = ("tests/", "README.md", "docs/")
OTHER = "Other"
SUBJECT_CHARS = 200  # a commit's line in the notes, at most


class ReleaseError(Exception):
    """A release problem worth one clear line to the user."""


def release(out, root=None, log=None, mpy_cross=None, firmware=None):
    """Write a release into the folder ``out``; returns the names of its
    files, sorted. ReleaseError for what the user must fix.

    ``firmware``: the product UF2 of a build already made for this very
    tree (``build.build()``'s return, its firmware-only UF2 beside it), to
    publish instead of building again; the device gates pass theirs."""
    from minigam.host.firmware import build
    from minigam.host.hardware import deploy
    log = log or sys.stdout
    root = root or deploy.source_root()
    version = deploy.project_version(root)
    if not version:
        raise ReleaseError("no pyproject.toml in %s: a release needs its "
                           "version" % root)
    empty_folder(out)
    log.write("MINIGAM %s: the release into %s\n" % (version, out))
    try:
        try:
            compiler = deploy.mpy_cross_or_default(mpy_cross)
        except deploy.DeployError:
            # none at hand (a fresh clone): the build makes its own
            compiler = None
        if firmware:
            copy_firmware(firmware, out, version)
        else:
            build.build(out=out)
        compiler = compiler or build.built_mpy_cross()
        if compiler is None:
            raise ReleaseError("no CircuitPython mpy-cross: set "
                               "MINIGAM_MPY_CROSS or run make firmware")
        major = deploy.mpy_cross_major(compiler)
        for profile in deploy.profile_names():
            path = os.path.join(out, deploy.bundle_name(profile, major,
                                                        version))
            deploy.build_zip(path, profile, root, out=io.StringIO(),
                             mpy_cross=compiler)
            log.write("wrote %s\n" % path)
    except (deploy.DeployError, build.BuildError) as exc:
        raise ReleaseError(str(exc))
    expected = release_files(version, major)
    files = [n for n in expected if n not in _OURS]
    with open(os.path.join(out, NOTES), "w", encoding="utf-8") as f:
        f.write(release_notes(version, files, major, root))
    with open(os.path.join(out, SUMS), "w", encoding="utf-8") as f:
        f.write(checksums(out, files + [NOTES]))
    log.write("wrote %s and %s\n" % (NOTES, SUMS))
    problems = verify(out, expected)
    if problems:
        raise ReleaseError("%s is not a complete release: %s"
                           % (out, "; ".join(problems)))
    return expected


def release_files(version, major):
    """Every file a release of ``version`` holds, sorted (its zips for
    CircuitPython ``major``)."""
    from minigam.host.hardware import deploy
    names = list(firmware_names(version)) + [NOTES, SUMS]
    names += [deploy.bundle_name(p, major, version)
              for p in deploy.profile_names()]
    return sorted(names)


def verify(folder, expected=None):
    """What is wrong with the release in ``folder`` (nothing: ``[]``):
    files missing or extra against ``expected`` (names), and files whose
    bytes do not match SHA256SUMS, which must name every other file."""
    names = sorted(os.listdir(folder))
    problems = []
    if expected is not None:
        problems += ["missing %s" % n for n in expected if n not in names]
        problems += ["extra %s" % n for n in names if n not in expected]
    try:
        with open(os.path.join(folder, SUMS), encoding="utf-8") as f:
            listed = dict(line.rstrip("\n").split("  ", 1)[::-1]
                          for line in f if line.strip())
    except (OSError, ValueError) as exc:
        return problems + ["%s unreadable: %s" % (SUMS, exc)]
    for name in names:
        if name == SUMS:
            continue
        if name not in listed:
            problems.append("%s not in %s" % (name, SUMS))
        elif checksums(folder, [name]).split()[0] != listed[name]:
            problems.append("%s does not match %s" % (name, SUMS))
    problems += ["%s listed but missing" % n for n in listed if n not in names]
    return problems


def firmware_names(version):
    """The firmware build's two UF2 names: (product, firmware only)."""
    name = "minigam-pico-%s" % version
    return name + ".uf2", name + "-firmware-only.uf2"


def copy_firmware(product, out, version):
    """Copy a built product UF2 and the firmware-only UF2 beside it."""
    names = firmware_names(version)
    if os.path.basename(product) != names[0]:
        raise ReleaseError("%s is not the firmware of version %s (%s)"
                           % (product, version, names[0]))
    for name in names:
        path = os.path.join(os.path.dirname(product), name)
        if not os.path.isfile(path):
            raise ReleaseError("%s is missing" % path)
        shutil.copyfile(path, os.path.join(out, name))


def empty_folder(out):
    """Make ``out`` an empty folder; the files of an earlier release go,
    anything else is an error (SHA256SUMS covers every file there)."""
    os.makedirs(out, exist_ok=True)
    names = os.listdir(out)
    foreign = [n for n in names if not (
        n in _OURS or (n.startswith(_OUR_PREFIX) and n.endswith(_OUR_ENDINGS)))
        or not os.path.isfile(os.path.join(out, n))]
    if foreign:
        raise ReleaseError("%s holds files a release does not write (%s): "
                           "give an empty folder" % (out, ", ".join(sorted(foreign))))
    for n in names:
        os.remove(os.path.join(out, n))


def checksums(folder, names):
    """``sha256sum`` output over ``names`` in ``folder``."""
    lines = []
    for name in names:
        h = hashlib.sha256()
        with open(os.path.join(folder, name), "rb") as f:
            for block in iter(lambda: f.read(1 << 16), b""):
                h.update(block)
        lines.append("%s  %s\n" % (h.hexdigest(), name))
    return "".join(lines)


# --- the notes ----------------------------------------------------------------

def release_notes(version, files, major, root):
    """RELEASE-NOTES.md: the version, which board gets which of ``files``,
    how to install, and the commits since the previous version's tag."""
    from minigam.host.hardware import deploy
    from minigam.host.hardware.chips import (
        firmware_profiles, ships_24_point_games)
    from minigam.hw.pins import DEFAULT_PROFILE, PROFILES
    uf2, only = firmware_names(version)
    out = ["# MINIGAM %s" % version, ""]
    out += [built_from(root), ""]
    pico = firmware_profiles()
    out += ["## Which file for which board", "",
            "| Board and wiring | Profile | MINIGAM firmware: a Pico "
            "(RP2040), all three games | Stock CircuitPython %d.x | Games "
            "on stock CircuitPython |" % major,
            "| --- | --- | --- | --- | --- |"]
    for name in deploy.profile_names():
        out.append("| %s | `%s` | %s | `%s` | %s |" % (
            PROFILES[name]["title"], name,
            "`%s`" % uf2 if name in pico else "-",
            deploy.bundle_name(name, major, version), stock_games(name)))
    out += ["", "## Installing", "",
            "* **A Raspberry Pi Pico (RP2040): the MINIGAM firmware.** Hold "
            "BOOTSEL while plugging it in and copy `%s` onto the RPI-RP2 "
            "drive: CircuitPython %s with the game frozen in, and a CIRCUITPY "
            "drive with `code.py`, `boot.py` and `settings.toml`. It plays "
            "MINIGAM, Backgammon and Long Nardy. The wiring is `%s` unless "
            "`MINIGAM_PROFILE` in `settings.toml` names another (%s). To "
            "update the firmware and keep the drive as it is, copy `%s` "
            "instead." % (uf2, _cp_version(), DEFAULT_PROFILE,
                          ", ".join("`%s`" % n for n in pico
                                    if n != DEFAULT_PROFILE), only),
            "* **Any board on stock CircuitPython %d.x** (a Pico 2, PyBadge, "
            "PyGamer, or a Pico without the MINIGAM firmware): install "
            "CircuitPython %d.x from circuitpython.org, then copy everything "
            "in the zip named after your wiring onto CIRCUITPY. Its "
            "`settings.toml` holds one line, `MINIGAM_PROFILE`; if your "
            "drive has a `settings.toml` of its own, add that line to it "
            "instead (`python -m minigam.host deploy` merges it for you). "
            "The table says which games each bundle plays: stock "
            "CircuitPython loads the game's code and the AI's networks into "
            "RAM, and only a Pico 2 has the room for Backgammon and Long "
            "Nardy." % (major, major),
            "* **Untested on hardware: %s.** Nothing here emulates an "
            "RP2350: the Pico 2's heap figures are worked out from its "
            "published RAM and from the same bundle measured on an "
            "emulated RP2040 (the repository's docs/measurements.md)."
            % ", ".join("`%s`" % deploy.bundle_name(n, major, version)
                        for n in deploy.profile_names()
                        if ships_24_point_games(n)),
            "* `boot_out.txt` on CIRCUITPY says `MINIGAM %s` under "
            "CircuitPython's own lines, and the menu's Statistics page shows "
            "it at its foot." % version,
            "* `sha256sum -c %s` checks the downloads." % SUMS, ""]
    out += change_log(version, root)
    out += ["", "## Files", ""]
    out += ["* `%s`" % f for f in sorted(files + list(_OURS))]
    return "\n".join(out) + "\n"


def stock_games(profile):
    """The games a profile's stock bundle plays, for the notes' table
    (the Pico 2's marked untested on hardware)."""
    from minigam.host.hardware.chips import games_of, ships_24_point_games
    if ships_24_point_games(profile):
        return games_of(profile) + " (untested on hardware)"
    return games_of(profile)


def _cp_version():
    from minigam.host.firmware import build
    return build.CP_VERSION


def _git(root, *args):
    """A git command's output in ``root``, or None (no git, no history)."""
    try:
        run = subprocess.run(["git", "-C", root] + list(args),
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return run.stdout if run.returncode == 0 else None


def built_from(root):
    """One line: the commit a release was built from, and whether the
    working tree had uncommitted changes."""
    head = _git(root, "log", "-1", "--format=%h %cs")
    if not head:
        return "Built outside a git checkout."
    commit, date = head.split()
    dirty = _git(root, "status", "--porcelain", "--untracked-files=no")
    return "Built from commit %s (%s)%s." % (
        commit, date, ", with uncommitted changes" if dirty else "")


def _version_key(text):
    return tuple(int(n) for n in re.findall(r"\d+", text))


def previous_tag(root, version):
    """The previous release: the newest ``v*`` tag in HEAD's history that
    is older than ``version``, or None."""
    tags = _git(root, "tag", "--list", "v*", "--merged", "HEAD",
                "--sort=-v:refname") or ""
    for tag in tags.split():
        if _version_key(tag) < _version_key(version):
            return tag
    return None


def commits(root, since=None):
    """``[(short hash, subject, [paths])]``, newest first, since the tag
    ``since`` (all of HEAD's history without one); merges left out."""
    args = ["log", "--no-merges", "--format=%x1e%h%x1f%s", "--name-only"]
    if since:
        args.append("%s..HEAD" % since)
    text = _git(root, *args) or ""
    out = []
    for record in text.split("\x1e")[1:]:
        head, _, paths = record.partition("\n")
        commit, _, subject = head.partition("\x1f")
        out.append((commit, subject, [p for p in paths.split("\n") if p]))
    return out


def area_of(paths):
    """The AREAS group of a commit touching ``paths``."""
    votes = {}
    code = [p for p in paths if not p.startswith(_COMPANIONS)]
    for path in code or paths:
        best, length = OTHER, 0
        for title, prefixes in AREAS:
            for prefix in prefixes:
                if path.startswith(prefix) and len(prefix) > length:
                    best, length = title, len(prefix)
        votes[best] = votes.get(best, 0) + 1
    order = [title for title, _ in AREAS] + [OTHER]
    return max(order, key=lambda t: (votes.get(t, 0), -order.index(t)))


def short_subject(subject):
    """A subject to its first clause (before ``; ``), at most
    SUBJECT_CHARS, cut at a word."""
    text = subject.split("; ")[0].strip()
    if len(text) > SUBJECT_CHARS:
        text = text[:SUBJECT_CHARS].rsplit(" ", 1)[0] + " ..."
    return text


def change_log(version, root):
    """The notes' ``## Changes`` section, grouped by AREAS."""
    since = previous_tag(root, version)
    found = commits(root, since)
    head = ("## Changes since %s" % since if since else
            "## Changes (the first release: everything since the start)")
    out = [head, ""]
    if not found:
        return out + ["No commits found."]
    out.append("%d commits, newest first in each group." % len(found))
    groups = {}
    for commit, subject, paths in found:
        groups.setdefault(area_of(paths), []).append((commit, subject))
    for title in [t for t, _ in AREAS] + [OTHER]:
        if title not in groups:
            continue
        out += ["", "### %s (%d)" % (title, len(groups[title])), ""]
        out += ["* %s (%s)" % (short_subject(s), c) for c, s in groups[title]]
    return out
