"""code.py's own helpers, loaded from the file (Python's ``code`` module
has its name)."""

import importlib.util
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def code_py():
    spec = importlib.util.spec_from_file_location(
        "minigam_code_py", os.path.join(ROOT, "code.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # defines; main() runs on a board only
    return mod


@pytest.mark.parametrize("value, level", [
    (None, 0), ("", 0), ("0", 0), ("1", 1), ("2", 2), (2, 2),
    ("yes", 1)])
def test_trace_level_reads_settings_as_circuitpython_gives_them(
        code_py, value, level):
    # CircuitPython 10.2.1's os.getenv: settings.toml's 2 arrives as '2'.
    assert code_py.trace_level(value) == level
