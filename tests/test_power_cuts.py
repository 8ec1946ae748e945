"""Power cuts at the app level (issue 10).

The app saves the game after every completed turn (and settings/statistics
when they change) through the NVM store. Every such write, torn at every
byte in both address orders, must leave an NVM from which a fresh store
loads exactly the last or the previous save, and a fresh app resumes that
game without an exception. The long run is
``python -m minigam.host soak --cuts``.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.hw import store as S  # noqa: E402
from minigam.host.cli import soak as cmd_soak  # noqa: E402
from minigam.host.soak.cuts import (CutFailure, check_cuts,  # noqa: E402
                                    record_session)


def test_the_app_saves_every_turn_in_one_write():
    ses = record_session("pybadge", seed=3, mode="ai", turns=8)
    games = [w for w in ses.writes if w["kind"] == S.GAME]
    assert len(games) >= 8
    for w in games:
        assert w["game1"] is not None and w["game1"] != w["game0"]
        assert len(w["data"]) == 72   # one whole slot of the 256-byte layout


def test_every_cut_of_a_whole_match_loads_the_last_or_previous_save():
    # Both modes, a whole game each, store level (fast): every cut point.
    for profile in ("pybadge", "pico-st7789"):
        for mode in ("ai", "2p"):
            ses = record_session(profile, seed=5, mode=mode, turns=400)
            kinds = {w["kind"] for w in ses.writes}
            assert S.GAME in kinds and S.STATS in kinds, (profile, mode)
            # the game ended: the last game write clears the save
            assert [w for w in ses.writes
                    if w["kind"] == S.GAME][-1]["game1"] is None
            fig = check_cuts(ses, app_check=False)
            per = sum(2 * len(w["data"]) for w in ses.writes)
            assert fig["cuts"] == per
            assert fig["cuts"] > 1000


@pytest.mark.parametrize("profile,mode", [("pybadge", "ai"),
                                          ("pybadge", "2p")])
def test_a_fresh_app_resumes_after_every_cut(profile, mode):
    ses = record_session(profile, seed=9, mode=mode, turns=3)
    ses.writes = ses.writes[:3]
    fig = check_cuts(ses, app_check=True)
    assert fig["apps"] == fig["images"] > 50
    assert fig["resumes"] > 0


def test_cuts_find_a_store_that_overwrites_its_only_copy(monkeypatch):
    # A store writing in place (no second slot) loses the game when cut.
    real = S.Store._write

    def in_place(self, rec, payload):
        if rec.cur >= 0:
            rec.cur = 1 - rec.cur  # so the real code writes over it
        return real(self, rec, payload)

    monkeypatch.setattr(S.Store, "_write", in_place)
    ses = record_session("pybadge", seed=3, mode="ai", turns=4)
    with pytest.raises(CutFailure, match="neither"):
        check_cuts(ses, app_check=False)


def test_cuts_find_a_save_split_in_two_writes(monkeypatch):
    from minigam.host.soak import cuts as soak_cuts
    Base = soak_cuts.TapeNVM

    class Split(Base):
        def __setitem__(self, i, v):
            if isinstance(i, slice) and len(v) > 8:
                a = i.start
                Base.__setitem__(self, slice(a, a + 8), v[:8])
                Base.__setitem__(self, slice(a + 8, i.stop), v[8:])
                return
            Base.__setitem__(self, i, v)

    monkeypatch.setattr(soak_cuts, "TapeNVM", Split)
    with pytest.raises(CutFailure, match="not one"):
        record_session("pybadge", seed=3, mode="ai", turns=2)


def test_soak_cuts_command(capsys, monkeypatch):
    from minigam.host.soak import cuts as soak_cuts
    monkeypatch.setattr(soak_cuts, "check_cuts",
                        lambda ses, app_check=True, log=None: {
                            "profile": ses.profile, "writes": len(ses.writes),
                            "cuts": 2 * len(ses.writes), "images": 0,
                            "apps": 0, "resumes": 0})
    assert cmd_soak.main(["--cuts", "--turns", "2", "--profile",
                          "pybadge"]) == 0
    assert "power cuts survived" in capsys.readouterr().out
    assert cmd_soak.main(["--cuts", "--profile", "nope"]) == 2
    assert cmd_soak.main(["--cuts", "--keys", "5"]) == 2
