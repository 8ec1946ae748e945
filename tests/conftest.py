"""pytest set-up shared by every host test.

Blinka refuses to run on a PC unless ``BLINKA_OS_AGNOSTIC`` is set, and it
reads it when ``board`` is first imported: set it here, before any test
module (or anything they import) can import ``board``.
"""

import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"


import sys  # noqa: E402

import pytest  # noqa: E402


def missing_firmware_file(name):
    """Why a test needing file ``name`` of the firmware folder cannot run,
    or None when the file is there: the file's name and where it was
    looked for, so the skip says what to get."""
    from minigam.host.firmware.inputs import firmware_dir

    path = os.path.join(firmware_dir(), name)
    if os.path.isfile(path):
        return None
    return ("firmware file %s not found in %s (set MINIGAM_FIRMWARE_DIR; "
            "docs/firmware.md, 'Files the tests use', says where to get it)"
            % (name, firmware_dir()))


@pytest.fixture(scope="session")
def firmware_file():
    """``firmware_file(name)``: the path of the firmware folder's file
    ``name``. A fresh clone has no firmware folder: outside CI a missing
    file skips the test with ``missing_firmware_file``'s message; in CI
    (``CI`` set), where the files must be, it fails the test."""
    from minigam.host.firmware.inputs import firmware_dir

    def find(name):
        why = missing_firmware_file(name)
        if why:
            if os.environ.get("CI"):
                pytest.fail(why)
            pytest.skip(why)
        return os.path.join(firmware_dir(), name)
    return find


@pytest.fixture(autouse=True)
def _simulator_files_stay_in_the_test(tmp_path, monkeypatch):
    """The simulator keeps its NVM in the user's data directory; a test's
    run keeps it in its own temporary folder instead."""
    monkeypatch.setenv("MINIGAM_DATA", str(tmp_path / "minigam-data"))


@pytest.fixture(autouse=True)
def _unloaded_modules_come_back():
    """The app lets modules go (``compat.unload``: on a board their code
    leaves the heap). On the PC a test file's module-level imports must
    stay the live modules for the next test, so what a test unloaded is
    put back after it, also where the test imported it afresh meanwhile
    (the app leaving a game lets its package go; a later import in the
    same test makes a second module, which test files never saw)."""
    before = [(k, v) for k, v in sys.modules.items()
              if k.startswith("minigam.")]
    yield
    for name, module in before:
        if sys.modules.get(name) is not module:
            sys.modules[name] = module
            parent, _, leaf = name.rpartition(".")
            if sys.modules.get(parent) is not None:  # (None: a test hides
                setattr(sys.modules[parent], leaf, module)  # the package)


@pytest.fixture
def lose_hit_checkers(monkeypatch):
    """Plant a rules bug: a hit checker vanishes instead of going to the
    bar. The soak and abuse checkers must catch it."""
    from minigam.quarter.rules import Rules
    real = Rules.do_move

    def leaky(self, pos, m, i, d):
        hit = real(self, pos, m, i, d)
        if hit:
            pos[8 - m] -= 1
        return hit

    monkeypatch.setattr(Rules, "do_move", leaky)
