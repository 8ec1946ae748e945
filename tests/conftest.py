"""pytest set-up shared by every host test.

Blinka refuses to run on a PC unless ``BLINKA_OS_AGNOSTIC`` is set, and it
reads it when ``board`` is first imported: set it here, before any test
module (or anything they import) can import ``board``.
"""

import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"


import sys  # noqa: E402

import pytest  # noqa: E402


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
    put back after it (a module imported afresh meanwhile stays)."""
    before = [(k, v) for k, v in sys.modules.items()
              if k.startswith("minigam.")]
    yield
    for name, module in before:
        if name not in sys.modules:
            sys.modules[name] = module
            parent, _, leaf = name.rpartition(".")
            if parent in sys.modules:
                setattr(sys.modules[parent], leaf, module)


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
