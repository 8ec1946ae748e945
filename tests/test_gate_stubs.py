"""Gate c: the device files against the real CircuitPython API.

For each board named by a hardware profile (``STUBS_BOARD`` in
``minigam/hw/profiles/<name>.py``), mypy from ``.venv-stubs`` checks every
device file (``code.py``, ``boot.py``, ``minigam/**`` except
``minigam/host/``) against circuitpython-stubs with that board's ``board``
module (config: ``mypy-device.ini``, with ``--check-untyped-defs``).

``circuitpython_setboard BOARD`` works by copying
``board_definitions/BOARD/__init__.pyi`` over the venv's ``board-stubs``:
global state that two test runs at once would fight over. This gate puts
the same file first on ``MYPYPATH`` instead, one temporary copy per board.

Pins in the profiles' ``DATA`` are strings, which mypy cannot see, so a
second test checks every pin a profile uses against its board's stub.
The stubs live in ``.venv-stubs`` (never ``.venv``: their ``board`` module
would shadow Blinka's); ``make test`` builds it. These tests fail, never
skip, without it.
"""

import ast
import os
import re
import subprocess
from pathlib import Path

import pytest

from minigam.host.vm import REPO, device_files

REPO = Path(REPO)
STUBS_VENV = REPO / ".venv-stubs"
CONFIG = REPO / "mypy-device.ini"
PROFILE_DIR = REPO / "minigam" / "hw" / "profiles"


def _site_packages():
    found = sorted(STUBS_VENV.glob("lib/python3*/site-packages/board_definitions"))
    if not found:
        pytest.fail("circuitpython-stubs are not installed in %s: run `make setup`" % STUBS_VENV)
    return found[-1].parent


def board_stub(board):
    """The circuitpython-stubs ``board`` module of ``board`` (a .pyi path)."""
    path = _site_packages() / "board_definitions" / board / "__init__.pyi"
    if not path.is_file():
        pytest.fail("circuitpython-stubs have no board %r (%s missing)" % (board, path))
    return path


def board_names(board):
    """Names the stub ``board`` module of ``board`` defines (pins, DISPLAY, ...)."""
    tree = ast.parse(board_stub(board).read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def profile_files():
    return sorted(p for p in PROFILE_DIR.glob("*.py") if p.name != "__init__.py")


def profile_board(path):
    """(NAME, STUBS_BOARD) declared at module level by a profile file."""
    found = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for t in node.targets:
                if isinstance(t, ast.Name) and t.id in ("NAME", "STUBS_BOARD"):
                    found[t.id] = node.value.value
    return found.get("NAME"), found.get("STUBS_BOARD")


PROFILES = profile_files()
BOARDS = sorted({profile_board(p)[1] for p in PROFILES if profile_board(p)[1]})


def test_profiles_declare_their_board():
    assert PROFILES, "no hardware profiles in %s" % PROFILE_DIR
    for path in PROFILES:
        name, board = profile_board(path)
        rel = path.relative_to(REPO)
        assert name, "%s: no module-level NAME = \"...\"" % rel
        assert board, "%s: no module-level STUBS_BOARD = \"...\" (a circuitpython-stubs board)" % rel
        board_stub(board)


def patched_stub(board):
    """The board's stub, with ``displayio.Display`` (gone from the 10.x stubs,
    still named by their built-in-display boards) read as what CircuitPython
    9+ really returns for ``board.DISPLAY``: a ``busdisplay.BusDisplay``.
    """
    text = board_stub(board).read_text()
    if "displayio.Display\n" in text:
        text = text.replace("displayio.Display\n", "busdisplay.BusDisplay\n")
        text = text.replace("# Imports\n", "# Imports\nimport busdisplay\n", 1)
    return text


def run_mypy(board, files, tmp_path):
    """mypy over ``files`` with ``board``'s stub board module; (status, output)."""
    mypy = STUBS_VENV / "bin" / "mypy"
    if not mypy.exists():
        pytest.fail("mypy is not installed in %s: run `make setup`" % STUBS_VENV)
    stub_dir = tmp_path / "stubs"
    (stub_dir / "board").mkdir(parents=True)
    (stub_dir / "board" / "__init__.pyi").write_text(patched_stub(board))
    env = dict(os.environ, MYPYPATH=str(stub_dir))
    proc = subprocess.run(
        [str(mypy), "--config-file", str(CONFIG), "--cache-dir", str(tmp_path / "cache"), *files],
        cwd=str(REPO), env=env, capture_output=True, text=True, timeout=600,
    )
    return proc.returncode, proc.stdout + proc.stderr


@pytest.mark.parametrize("board", BOARDS)
def test_device_files_type_check_on_board(board, tmp_path):
    users = [p.relative_to(REPO).as_posix() for p in PROFILES if profile_board(p)[1] == board]
    status, out = run_mypy(board, device_files(), tmp_path)
    if status != 0:
        pytest.fail(
            "mypy with circuitpython-stubs for board %s (used by %s) finds errors; each line "
            "names the file:\n%s" % (board, ", ".join(users), out), pytrace=False)


def _pin_strings(value, out):
    """Every string in a nested profile record (dicts, lists, tuples)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _pin_strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _pin_strings(v, out)
    return out


_ALL_BOARD_PINS = None


def all_board_pins():
    """Every name defined by any board's stub: what a pin string may look like."""
    global _ALL_BOARD_PINS
    if _ALL_BOARD_PINS is None:
        names = set()
        for stub in (_site_packages() / "board_definitions").glob("*/__init__.pyi"):
            names.update(re.findall(r"^([A-Z][A-Z0-9_]*)\s*:", stub.read_text(), re.M))
        _ALL_BOARD_PINS = names
    return _ALL_BOARD_PINS


def profile_pins(name):
    """The board pin names profile ``name`` uses: (pin, where) pairs."""
    from minigam.host.hardware import docs as hwdocs
    from minigam.hw import pins

    p = pins.PROFILES[name]
    used = {pin: role for pin, role in hwdocs.pins_used(name)}
    # Also any other pin-shaped string in the record (a role pins_used misses).
    for s in _pin_strings(p, set()):
        if s not in used and (re.match(r"^GP\d+$", s) or s in all_board_pins()):
            used[s] = "a value in its DATA"
    if p["display"].get("builtin"):
        used["DISPLAY"] = "built-in display"
    return sorted(used.items())


@pytest.mark.parametrize("path", PROFILES, ids=[p.stem for p in PROFILES])
def test_profile_pins_exist_on_its_board(path):
    name, board = profile_board(path)
    have = board_names(board)
    missing = ["board.%s (%s)" % (pin, role) for pin, role in profile_pins(name) if pin not in have]
    if missing:
        pytest.fail("%s (profile %s, pins in its DATA) uses pins that board %s lacks: %s" % (
            path.relative_to(REPO), name, board, ", ".join(missing)), pytrace=False)
