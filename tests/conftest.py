"""pytest set-up shared by every host test.

Blinka refuses to run on a PC unless ``BLINKA_OS_AGNOSTIC`` is set, and it
reads it when ``board`` is first imported: set it here, before any test
module (or anything they import) can import ``board``.
"""

import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"


import pytest  # noqa: E402


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
