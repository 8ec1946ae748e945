"""Run Python code inside the real MicroPython VM (WebAssembly, under Node).

The VM is the npm package ``@micropython/micropython-webassembly-pyscript``,
installed into ``node_modules/`` by ``make setup``. Each call starts one Node
process (``node --no-liftoff minigam/host/vm/runner.mjs``, about 0.3 s), copies
a file tree into the VM's file system and runs the code; batch work into one
call where you can.

What the VM's file system holds (by default):

* ``/minigam/...``: the device package (``minigam/`` without ``host/``) and
  ``/code.py``, ``/boot.py`` if present, taken from ``root`` (the repository,
  or any tree laid out like a CIRCUITPY drive);
* ``/<name>.py``: small fakes of CircuitPython's native modules (``board``,
  ``displayio``, ``keypad``, ``neopixel``, ``microcontroller``, ``supervisor``,
  ``storage``, ``fourwire``, ``busdisplay``, ``terminalio``, ``vectorio``, ...)
  from ``minigam/host/vm/fakes/``;
* ``/lib/...``: the real pure-Python CircuitPython libraries the device uses
  (``adafruit_ticks``, ``adafruit_display_text``, ...), copied from the host
  environment, as ``circup`` would put them on a board.

``/`` comes first on ``sys.path``. ``js.performance.now()`` is the clock to
time with (``time.ticks_us`` only ticks once per millisecond there).

API:

* ``run(code, timeout=120, files=None, root=None, heapsize=None) -> str``:
  the VM's stdout; raises ``VMError(type, message, stdout)`` when the code
  raises (``type`` is the Python exception name, ``message`` has the VM's
  traceback) or ``VMError("Timeout", ...)`` / ``VMError("VMUnavailable", ...)``.
* ``device_files(root)``, ``device_modules(root)``: what ships to a board.
* ``import_modules(modules=None, root=None)`` -> ``{module: None | "Type: message"}``.
* ``run_test_file(path, root=None)`` -> ``[(test_name, None | "error text")]``:
  runs every ``test_*`` function of a ``tests/device`` file inside the VM.
* ``results(stdout)``: the JSON records a driver printed after ``RESULT_MARK``.

From a shell: ``python -m minigam.host.vm FILE.py`` or ``-c CODE``.
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import util as importlib_util
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
RUNNER = Path(__file__).with_name("runner.mjs")
FAKES = Path(__file__).with_name("fakes")

# Real pure-Python CircuitPython libraries copied into /lib of the VM (from
# the host environment, where pip installed them), as on a board.
LIBRARIES = ("adafruit_ticks", "adafruit_display_text", "adafruit_ili9341")

RESULT_MARK = "@@minigam-vm "

#: MicroPython source that builds ``_hw``, a hardware profile over the VM
#: fakes (``%``-template: ``w``, ``h``, ``nvm`` bytes, ``pixels``): the
#: display ``_disp`` (auto_refresh off), keys from ``_q`` (a ``SoftQueue``:
#: ``_q.record(code, pressed)``), a RAM store and a clock the caller sets
#: (``_hw.clock.now``). The app benchmarks and the VM app test share it.
FAKE_PROFILE = r"""
import busdisplay
from minigam.hw.keys import KeyReader
from minigam.hw.softkeys import SoftQueue
from minigam.hw.pixels import DiceIndicator
from minigam.hw.store import Store
from minigam.hw.profile import Profile


class _Clock:
    now = 0

    def ticks_ms(self):
        return self.now


_disp = busdisplay.BusDisplay(None, b"", width=%(w)d, height=%(h)d,
                              auto_refresh=False)
_q = SoftQueue(0)
_kr = KeyReader()
_kr.add_source(_q, tuple(range(9)))
_hw = Profile("vm", _disp, _kr, DiceIndicator([(0, 0, 0)] * %(pixels)d),
              Store(bytearray(%(nvm)d)), tuple(range(9)), clock=_Clock())
"""


class VMError(Exception):
    """The code raised inside the VM, timed out, or the VM could not start.

    ``type``: the Python exception's name (``"ImportError"``), or ``"Timeout"``,
    ``"VMUnavailable"``, ``"JSError"``; ``message``: its text with the VM's
    traceback; ``stdout``: what the code printed before.
    """

    def __init__(self, type, message, stdout=""):
        super().__init__("%s: %s" % (type, message))
        self.type = type
        self.message = message
        self.stdout = stdout


def device_files(root=None):
    """Paths (relative, POSIX) of every device file under ``root``.

    ``code.py``, ``boot.py`` and every ``.py`` under ``minigam/`` except
    ``minigam/host/``, sorted.
    """
    root = Path(root or REPO)
    found = [name for name in ("code.py", "boot.py") if (root / name).is_file()]
    pkg = root / "minigam"
    for path in sorted(pkg.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("minigam/host/") or "__pycache__" in rel:
            continue
        found.append(rel)
    return found


def device_modules(root=None):
    """Dotted names of every device module (``minigam``, ``minigam.quarter.rules``, ...)."""
    names = []
    for rel in device_files(root):
        if not rel.startswith("minigam/"):
            continue
        name = rel[:-3].replace("/", ".")
        if name.endswith(".__init__"):
            name = name[: -len(".__init__")]
        names.append(name)
    return names


def _tree(base, prefix, skip=None):
    """{vm path: bytes} for every file under ``base`` (no caches)."""
    out = {}
    for path in sorted(base.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        rel = path.relative_to(base).as_posix()
        if skip and skip(rel):
            continue
        out[prefix + rel] = path.read_bytes()
    return out


def library_files():
    """{vm path under /lib: bytes} for the real libraries found on the host."""
    out = {}
    for name in LIBRARIES:
        spec = importlib_util.find_spec(name)
        if spec is None or spec.origin is None:
            continue
        origin = Path(spec.origin)
        if spec.submodule_search_locations:
            out.update(_tree(origin.parent, "/lib/%s/" % name))
        else:
            out["/lib/%s.py" % name] = origin.read_bytes()
    return out


def vm_files(root=None):
    """The default VM file tree: device package, fakes and libraries."""
    root = Path(root or REPO)
    files = {}
    files.update(library_files())
    files.update(_tree(FAKES, "/"))
    for name in ("code.py", "boot.py"):
        if (root / name).is_file():
            files["/" + name] = (root / name).read_bytes()
    files.update(_tree(root / "minigam", "/minigam/", skip=lambda rel: rel.startswith("host/")))
    return files


def _encode(files):
    job = {}
    for path, data in files.items():
        if isinstance(data, str):
            data = data.encode()
        try:
            job[path] = {"text": data.decode("utf-8")}
        except UnicodeDecodeError:
            job[path] = {"b64": base64.b64encode(data).decode("ascii")}
    return job


def run(code, timeout=120, files=None, root=None, heapsize=None, default_files=True):
    """Run ``code`` in a fresh VM and return what it printed.

    :param files: extra ``{vm path: str or bytes}`` added to (and overriding)
        the default tree.
    :param root: the tree the device package comes from (default: the repo).
    :param heapsize: the VM's initial heap in bytes (it grows anyway).
    :param default_files: False starts from an empty file system.
    """
    node = shutil.which("node")
    if node is None:
        raise VMError("VMUnavailable", "node is not installed (Node 18+ is needed; see README)")
    tree = vm_files(root) if default_files else {}
    if files:
        tree.update(files)
    job = {"files": _encode(tree), "code": code, "heapsize": heapsize}
    with tempfile.TemporaryDirectory(prefix="minigam-vm-") as tmp:
        job_path = os.path.join(tmp, "job.json")
        result_path = os.path.join(tmp, "result.json")
        with open(job_path, "w") as fh:
            json.dump(job, fh)
        cmd = [node, "--no-liftoff", str(RUNNER), job_path, result_path]
        try:
            proc = subprocess.run(
                cmd, cwd=str(REPO), stdin=subprocess.DEVNULL, capture_output=True,
                text=True, timeout=timeout,
            )
        except subprocess.TimeoutExpired as exc:
            out = exc.stdout or ""
            if isinstance(out, bytes):
                out = out.decode("utf-8", "replace")
            raise VMError("Timeout", "the VM run took longer than %s s" % timeout, out)
        stdout = proc.stdout
        try:
            with open(result_path) as fh:
                result = json.load(fh)
        except (OSError, ValueError):
            raise VMError(
                "VMCrashed",
                "node exited with status %d and no result:\n%s" % (proc.returncode, proc.stderr[-4000:]),
                stdout,
            )
    if proc.stderr:
        sys.stderr.write(proc.stderr)
    if not result["ok"]:
        # "//minigam/x.py": sys.path "/" joined with "/minigam"; show it once.
        message = result["message"].replace('File "//', 'File "/')
        raise VMError(result["type"], message, stdout)
    return stdout


def run_job(runner, job, timeout=600):
    """Run ``job`` (a JSON-able dict; the device tree is added as
    ``files``) with a benchmark's own Node ``runner`` source, which writes
    ``{"lines": [...], "error": ...}`` to the path in its second argument.
    Returns the printed lines; raises RuntimeError on a VM error."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed")
    job = dict(job, files=_encode(vm_files()))
    with tempfile.TemporaryDirectory(prefix="minigam-job-") as tmp:
        runner_path = os.path.join(tmp, "runner.mjs")
        with open(runner_path, "w") as f:
            f.write(runner)
        job_path = os.path.join(tmp, "job.json")
        out_path = os.path.join(tmp, "out.json")
        with open(job_path, "w") as f:
            json.dump(job, f)
        subprocess.run([node, "--no-liftoff", runner_path, job_path, out_path],
                       cwd=str(REPO), check=True, timeout=timeout,
                       capture_output=True)
        with open(out_path) as f:
            res = json.load(f)
    if res["error"]:
        raise RuntimeError("VM: " + res["error"].strip()[-1500:])
    return res["lines"]


def results(stdout):
    """The JSON records a VM driver printed with ``RESULT_MARK``."""
    out = []
    for line in stdout.splitlines():
        if line.startswith(RESULT_MARK):
            out.append(json.loads(line[len(RESULT_MARK):]))
    return out


# Shared by the drivers below: runs inside MicroPython.
_DRIVER_PRELUDE = """
import sys, io, json
def _report(name, exc):
    if exc is None:
        err = None
    else:
        buf = io.StringIO()
        sys.print_exception(exc, buf)
        err = "%s: %s\\n%s" % (type(exc).__name__, exc, buf.getvalue().replace('File "//', 'File "/'))
    print(_MARK + json.dumps([name, err]))
_MARK = "@@minigam-vm "
"""
assert RESULT_MARK in _DRIVER_PRELUDE


def import_modules(modules=None, root=None, timeout=120):
    """Import each module in one VM; ``{module: None or "Type: message\\ntraceback"}``."""
    modules = list(device_modules(root) if modules is None else modules)
    code = _DRIVER_PRELUDE + """
for _name in %r:
    try:
        __import__(_name)
        _report(_name, None)
    except BaseException as _exc:
        _report(_name, _exc)
""" % (modules,)
    out = run(code, timeout=timeout, root=root)
    got = dict(results(out))
    # A module that never reported (the VM stopped) counts as a failure.
    return {name: got.get(name, "no result (the VM stopped before it)") for name in modules}


def run_test_file(path, root=None, timeout=300):
    """Run every ``test_*`` function of one device test file inside the VM.

    The file (and its folder's other ``.py`` files) is copied to
    ``/tests_device/`` and imported; returns
    ``[(name, None or error text)]`` in definition order, with
    ``("<import>", error)`` alone if the file itself does not import.
    """
    path = Path(path)
    module = path.stem
    code = _DRIVER_PRELUDE + """
sys.path.insert(0, '/tests_device')
try:
    _mod = __import__(%r)
except BaseException as _exc:
    _report('<import>', _exc)
    _mod = None
if _mod is not None:
    _names = [n for n in %r if callable(getattr(_mod, n, None))]
    for _name in _names:
        try:
            getattr(_mod, _name)()
            _report(_name, None)
        except BaseException as _exc:
            _report(_name, _exc)
""" % (module, device_test_names(path))
    # The whole folder, so test files may share helper modules.
    files = {"/tests_device/" + p.name: p.read_bytes() for p in path.parent.glob("*.py")}
    files["/tests_device/%s.py" % module] = path.read_bytes()
    out = run(code, timeout=timeout, files=files, root=root)
    return [tuple(r) for r in results(out)]


def device_test_names(path):
    """Names of the top-level ``def test_*`` functions of a file, in order.

    Read with a pattern, not ``ast``: this runs in worker threads, and
    CPython 3.11's ``ast.parse`` is not safe there (a SystemError, "AST
    constructor recursion depth mismatch", when two threads parse at once).
    """
    import re

    return re.findall(r"(?m)^def (test_\w+)\(", Path(path).read_text())


def main(argv=None):
    """``python -m minigam.host.vm FILE.py | -c CODE``: run it in the VM (with
    the device package, fakes and libraries), print its output."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) == 2 and argv[0] == "-c":
        code = argv[1]
    elif len(argv) == 1 and not argv[0].startswith("-"):
        try:
            code = Path(argv[0]).read_text()
        except OSError as exc:
            sys.stderr.write("error: cannot read %s: %s\n" % (argv[0], exc.strerror))
            return 2
    else:
        sys.stderr.write("usage: python -m minigam.host.vm FILE.py | -c CODE\n")
        return 2
    try:
        sys.stdout.write(run(code))
    except VMError as exc:
        sys.stdout.write(exc.stdout)
        sys.stderr.write("%s: %s\n" % (exc.type, exc.message.rstrip()))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
