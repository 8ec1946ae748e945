"""CircuitPython 10.2.1's source for the firmware build (host only).

The build reads a source bundle: the subset of the release tag's tree, with
its submodules, that building ``mpy-cross`` and a Pico board of the
raspberrypi port reads, licences included (``firmware/circuitpython-10.2.1
.sha256`` lists every file and its sha256), with ``patches.SOURCE`` made.
Either a bundle at hand (``MINIGAM_FIRMWARE_DIR``, else ``../shared/firmware``,
else one made here before), or one made here from a shallow, sparse clone of
the tag and the submodules below. Both give the same tree: every file is
checked against the list.

``MINIGAM_FIRMWARE_SOURCE=bundle|clone`` forces one way (default: a bundle
if there is one). ``MINIGAM_CP_GIT=URL/`` fetches from there instead of
https://github.com/ (a mirror). By hand::

    python -m minigam.host.firmware.source clone DEST
    python -m minigam.host.firmware.source bundle CHECKOUT OUT.tar.xz
"""

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

from minigam.host.firmware import patches
from minigam.host.firmware.errors import BuildError, exit_status

TAG = "10.2.1"
GITHUB = "https://github.com/"
REPOSITORY = GITHUB + "adafruit/circuitpython"
TOP = "circuitpython-%s-rp2040-src" % TAG
TARBALL = TOP + ".tar.xz"
MANIFEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                        os.pardir, os.pardir, "firmware",
                        "circuitpython-%s.sha256" % TAG)
# The submodules the Pico build and mpy-cross read (URLs as in the tag's
# .gitmodules; each at the commit the tag records). lib/micropython-lib is
# not fetched: patches.MICROPYTHON_LIB.
SUBMODULES = (
    ("data/nvm.toml", GITHUB + "adafruit/nvm.toml.git"),
    ("extmod/ulab", GITHUB + "v923z/micropython-ulab"),
    ("lib/adafruit_floppy", GITHUB + "adafruit/Adafruit_Floppy"),
    ("lib/mbedtls", GITHUB + "ARMmbed/mbedtls.git"),
    ("lib/mp3", GITHUB + "adafruit/Adafruit_MP3"),
    ("lib/protomatter", GITHUB + "adafruit/Adafruit_Protomatter"),
    ("lib/quirc", GITHUB + "adafruit/quirc.git"),
    ("lib/tinyusb", GITHUB + "hathach/tinyusb.git"),
    ("lib/tlsf", GITHUB + "espressif/tlsf.git"),
    ("ports/raspberrypi/lib/Pico-PIO-USB",
     GITHUB + "sekigon-gonnoc/Pico-PIO-USB.git"),
    ("ports/raspberrypi/lib/PicoDVI", GITHUB + "circuitpython/PicoDVI.git"),
    ("ports/raspberrypi/sdk", GITHUB + "raspberrypi/pico-sdk.git"),
    ("tools/bitmap_font",
     GITHUB + "adafruit/Adafruit_CircuitPython_BitmapFont.git"),
    ("tools/huffman", GITHUB + "tannewt/huffman.git"),
    ("tools/python-semver", GITHUB + "k-bx/python-semver.git"),
    ("tools/uf2", GITHUB + "Microsoft/uf2.git"),
)
_TAR_TIME = 1767225600  # 2026-01-01, as the build's SOURCE_DATE_EPOCH


def manifest():
    """{path in the tree: sha256} of every file the bundle holds."""
    files = {}
    with open(MANIFEST, encoding="utf-8") as f:
        for line in f:
            digest, rel = line.rstrip("\n").split("  ", 1)
            files[rel] = digest
    return files


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def verify(top):
    """Stop unless the tree at ``top`` holds exactly the listed files."""
    want = manifest()
    have = set()
    for folder, _, names in os.walk(top):
        have.update(os.path.relpath(os.path.join(folder, n), top) for n in names)
    problems = (["changed " + r for r in sorted(have & set(want))
                 if _sha256(os.path.join(top, r)) != want[r]]
                + ["not listed " + r for r in sorted(have - set(want))]
                + ["missing " + r for r in sorted(set(want) - have)])
    if problems:
        raise BuildError("%s is not CircuitPython %s's source as %s lists it "
                         "(%d files: %s)" % (top, TAG, os.path.basename(MANIFEST),
                                            len(problems), "; ".join(problems[:5])))


# --- the clone ------------------------------------------------------------

def _git(args, cwd=None):
    """git, fetching from ``MINIGAM_CP_GIT`` instead of GitHub if set."""
    mirror = os.environ.get("MINIGAM_CP_GIT")
    cmd = ["git"] + (["-c", "url.%s.insteadOf=%s" % (mirror, GITHUB)]
                     if mirror else []) + args
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if out.returncode:
        raise BuildError("git %s failed: %s" % (args[0],
                                                out.stderr.strip()[-400:]))
    return out.stdout


def _sparse_checkout(repo, commit, files):
    """Check out only ``files`` (paths in ``repo``) of ``commit``."""
    _git(["config", "core.sparseCheckout", "true"], repo)
    with open(os.path.join(repo, ".git", "info", "sparse-checkout"), "w") as f:
        f.write("".join("/%s\n" % rel for rel in files))
    _git(["checkout", "-q", "--detach", commit], repo)


def _gitlink(repo, path):
    """The commit the superproject at ``repo`` records for ``path``."""
    entry = _git(["ls-tree", "HEAD", "--", path], repo).split()
    if len(entry) < 3 or entry[1] != "commit":
        raise BuildError("%s is no submodule at CircuitPython %s" % (path, TAG))
    return entry[2]


def clone(dest):
    """The files the bundle takes from CircuitPython ``TAG`` and its
    submodules, in a new checkout at ``dest`` (blobs fetched only for them).
    """
    if os.path.exists(dest):
        shutil.rmtree(dest)
    files = sorted(manifest())
    shallow = ["--depth", "1", "--filter=blob:none", "--no-checkout"]
    _git(["clone", "-q"] + shallow + ["--branch", TAG, REPOSITORY, dest])
    inside = {path: [f[len(path) + 1:] for f in files
                     if f.startswith(path + "/")] for path, _ in SUBMODULES}
    _sparse_checkout(dest, "HEAD", [f for f in files if not any(
        f.startswith(p + "/") for p in inside)])
    for path, url in SUBMODULES:
        commit = _gitlink(dest, path)
        sub = os.path.join(dest, path)
        os.makedirs(sub)
        _git(["init", "-q"], sub)
        _git(["remote", "add", "origin", url], sub)
        _git(["config", "remote.origin.promisor", "true"], sub)
        _git(["config", "remote.origin.partialclonefilter", "blob:none"], sub)
        _git(["fetch", "-q", "--depth", "1", "--filter=blob:none", "origin",
              commit], sub)
        _sparse_checkout(sub, commit, inside[path])
    return dest


# --- the bundle -----------------------------------------------------------

def make_bundle(checkout, tarball, preset=6):
    """Write the source bundle from a CircuitPython ``TAG`` checkout (with
    the submodules above): the listed files, ``patches.SOURCE`` made,
    checked, in a tarball whose bytes depend only on them (and the xz
    ``preset``)."""
    if not os.path.isdir(checkout):
        raise BuildError("%s: no CircuitPython checkout there" % checkout)
    want = set(manifest()) - patches.created_files(patches.SOURCE)
    out_dir = os.path.dirname(os.path.abspath(tarball))
    os.makedirs(out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out_dir, prefix=".bundle-") as tmp:
        top = os.path.join(tmp, TOP)
        for rel in want:
            src = os.path.join(checkout, rel)
            if os.path.isfile(src):
                os.makedirs(os.path.dirname(os.path.join(top, rel)), exist_ok=True)
                shutil.copy2(src, os.path.join(top, rel))
        patches.apply(top, patches.SOURCE)
        verify(top)
        part = tarball + ".part"
        with tarfile.open(part, "w:xz", preset=preset) as tf:
            for folder, dirs, names in sorted(os.walk(top)):
                dirs.sort()
                tf.addfile(_tar_entry(tmp, folder))
                for name in sorted(names):
                    path = os.path.join(folder, name)
                    with open(path, "rb") as f:
                        tf.addfile(_tar_entry(tmp, path), f)
        os.replace(part, tarball)
    return tarball


def _tar_entry(root, path):
    info = tarfile.TarInfo(os.path.relpath(path, root))
    info.mtime, info.uid, info.gid = _TAR_TIME, 0, 0
    if os.path.isdir(path):
        info.type, info.mode = tarfile.DIRTYPE, 0o755
    else:
        info.size = os.path.getsize(path)
        info.mode = 0o755 if os.access(path, os.X_OK) else 0o644
    return info


# --- the build's choice -----------------------------------------------------

def bundle_for_build(fwdir, work, how=None):
    """The source bundle the build unpacks: ``how`` (else
    ``MINIGAM_FIRMWARE_SOURCE``) is "bundle" (one at hand), "clone" (made
    now from GitHub) or "auto" (a bundle at hand, else a clone)."""
    how = how or os.environ.get("MINIGAM_FIRMWARE_SOURCE") or "auto"
    if how not in ("auto", "bundle", "clone"):
        raise BuildError("MINIGAM_FIRMWARE_SOURCE=%s: say bundle, clone or auto"
                         % how)
    made = os.path.join(work, TARBALL)
    if how != "clone":
        for tarball in (os.path.join(fwdir, TARBALL), made):
            if os.path.isfile(tarball):
                return tarball
        if how == "bundle":
            raise BuildError("%s not found in %s or %s (set MINIGAM_FIRMWARE_DIR, "
                             "or MINIGAM_FIRMWARE_SOURCE=clone to make it from "
                             "GitHub)" % (TARBALL, fwdir, work))
    checkout = os.path.join(work, "circuitpython-clone")
    try:
        clone(checkout)
    except BuildError as exc:
        raise BuildError("%s (offline? set MINIGAM_FIRMWARE_DIR to a folder "
                         "holding %s)" % (exc, TARBALL)) from None
    make_bundle(checkout, made)
    shutil.rmtree(checkout)
    return made


def unpack(tarball, work):
    """The source bundle, unpacked (and checked) once per tarball; returns
    the tree's top folder."""
    stamp = os.path.join(work, "src.sha256")
    digest = _sha256(tarball)
    src = os.path.join(work, "src")
    top = os.path.join(src, TOP)
    if os.path.isfile(stamp):
        with open(stamp) as f:
            if f.read() == digest and os.path.isdir(top):
                return top
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(src)
    with tarfile.open(tarball) as tf:
        tf.extractall(src, filter="data")
    if not os.path.isdir(top):
        raise BuildError("%s: no %s folder at its top" % (tarball, TOP))
    verify(top)
    with open(stamp, "w") as f:
        f.write(digest)
    return top


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(
        prog="minigam.host.firmware.source",
        description="CircuitPython %s's source for the MINIGAM firmware." % TAG)
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("clone", help="clone the tag and the submodules it needs")
    c.add_argument("dest")
    b = sub.add_parser("bundle", help="write the source bundle from a checkout")
    b.add_argument("checkout")
    b.add_argument("tarball")
    args = ap.parse_args(argv)
    if args.command == "clone":
        return exit_status(lambda: sys.stdout.write(
            "cloned into %s\n" % clone(args.dest)))
    return exit_status(lambda: sys.stdout.write("wrote %s (sha256 %s)\n" % (
        args.tarball, _sha256(make_bundle(args.checkout, args.tarball)))))

if __name__ == "__main__":
    sys.exit(main())
