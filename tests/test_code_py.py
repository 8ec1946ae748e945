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


def test_the_timing_trace_prints_the_state_alone(code_py, capsys):
    # CircuitPython 10.2.1's os.getenv: settings.toml's 2 arrives as "2".
    assert code_py.report("PICK", 12345, "2") == 12345
    assert capsys.readouterr().out == "@PICK\n"
