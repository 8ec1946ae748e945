"""Power cuts at the app level, against CircuitPython's own write paths.

The app saves the game after every completed turn (and settings and
statistics when they change) through the NVM store, and lets it compact at
the menu. Every store call is replayed with a power cut in each flash
operation it makes (``minigam.host.emu.nvmflash``: the stock RP2040 ``nvm``,
the MINIGAM firmware's patched one, a SAMD51's), at several byte offsets.
On the MINIGAM firmware every cut must leave exactly the last or the
previous save of each kind; on stock CircuitPython every cut outside a
compaction must. The long run is ``python -m minigam.host soak --cuts``;
the firmware gates check the model against the real firmware.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402

from minigam.hw import store as S  # noqa: E402
from minigam.host.cli import soak as cmd_soak  # noqa: E402
from minigam.host.emu.nvmflash import FlashNVM, PowerCut  # noqa: E402
from minigam.host.soak.cuts import (MAINTAIN, CutFailure,  # noqa: E402
                                    check_cuts, cut_points, record_session)


@pytest.fixture(scope="module")
def minigam_session():
    # long enough for the log to fill both sectors: compactions that erase
    return record_session("pico-st7789", seed=5, mode="ai", turns=200,
                          build="minigam")


def test_a_save_in_play_programs_erased_bytes_only(minigam_session):
    ses = minigam_session
    kinds = {w["kind"] for w in ses.writes}
    assert S.GAME in kinds and S.STATS in kinds
    appends = 0
    for w in range(len(ses.writes)):
        _, trace, _ = ses.replay(w)
        if all(op == "program" for op, _, _ in trace) and len(trace) <= 2:
            appends += 1
    assert ses.erases >= 1  # a compaction erased a sector
    assert appends >= len(ses.writes) - 3 * ses.erases - 2
    assert ses.saves / ses.erases > 50, (ses.saves, ses.erases)


def test_every_cut_on_the_minigam_firmware_keeps_a_save(minigam_session):
    fig = check_cuts(minigam_session, app_check=False)
    assert fig["window"] == 0
    assert fig["cuts"] > 1000


def test_stock_firmware_loses_nothing_outside_compaction():
    ses = record_session("pico-st7789", seed=7, mode="2p", turns=120,
                         build="stock")
    fig = check_cuts(ses, app_check=False)
    assert ses.erases >= 1
    assert fig["window"] > 0  # the one sector's erase: reported, not hidden
    assert fig["window_in_play"] == 0  # compaction waited for the menu
    maintains = [w for w in ses.writes if w["kind"] == MAINTAIN]
    assert len(maintains) >= ses.erases - 1


def test_samd51_window_is_every_write():
    ses = record_session("pybadge", seed=3, mode="ai", turns=10,
                         build="samd51")
    fig = check_cuts(ses, app_check=False)
    assert ses.erases == len(ses.writes)
    assert fig["window"] > 0


@pytest.mark.parametrize("profile,build", [("pybadge", "samd51"),
                                           ("pico-st7789", "minigam")])
def test_a_fresh_app_resumes_after_every_cut(profile, build):
    ses = record_session(profile, seed=9, mode="ai", turns=3, build=build)
    ses.writes = ses.writes[:3]
    fig = check_cuts(ses, app_check=True)
    assert fig["apps"] == fig["images"] > 5
    assert fig["resumes"] > 0


def test_cuts_find_a_store_that_commits_its_sector_first(monkeypatch):
    # The header programmed with the image (before the records): a cut
    # in between leaves a "complete" sector missing its records.
    import sys
    monkeypatch.setattr(sys.modules["minigam.compat"], "unload",
                        lambda name: None)  # keep the module patched below
    from minigam.hw import store_compact as C
    real = C.compact

    def header_first(store, kind, data):
        sectors = store.sectors
        store.sectors = 1  # the one-sector path puts the header in the image
        target = 1 - store._active if sectors > 1 and store._active >= 0 \
            else 0
        store._active = -1 if target == 0 else 0
        try:
            real(store, kind, data)
        finally:
            store.sectors = sectors
        store._active = target

    ses = record_session("pico-st7789", seed=5, mode="ai", turns=200,
                         build="minigam")
    monkeypatch.setattr(C, "compact", header_first)
    with pytest.raises(CutFailure, match="neither"):
        check_cuts(ses, app_check=False)


def test_the_flash_model_writes_as_circuitpython_does():
    nvm = FlashNVM(8192, "minigam")
    nvm.keep_trace = True
    nvm[100:110] = b"x" * 10  # erased: one page program
    assert [op for op, _, _ in nvm.trace] == ["program"]
    nvm[250:260] = b"y" * 10  # erased, across a page boundary: two
    assert [op for op, _, _ in nvm.trace[1:]] == ["program", "program"]
    nvm[4090:4100] = b"z" * 10  # into erased bytes across two sectors
    nvm.trace = []
    nvm[105:106] = b"q"  # not erased: its sector erased and programmed
    assert nvm.trace == [("erase", 0, 4096), ("program", 0, 4096)]
    assert bytes(nvm.data[100:110]) == b"xxxxxqxxxx"
    assert bytes(nvm.data[4090:4100]) == b"z" * 10
    nvm.trace = []
    nvm[4095:4097] = b"ab"  # touches both sectors: both rewritten
    assert [op for op, _, _ in nvm.trace] == ["erase", "program"] * 2
    stock = FlashNVM(4096, "rp2040")
    stock.keep_trace = True
    stock[10:12] = b"ab"
    stock[10:12] = b"cd"
    assert [op for op, _, _ in stock.trace] == ["program", "erase",
                                                 "program"]
    samd = FlashNVM(256, "samd51")
    samd.keep_trace = True
    samd[0:1] = b"a"
    assert [op for op, _, _ in samd.trace] == ["erase", "program"]
    with pytest.raises(ValueError):
        FlashNVM(8192, "rp2040")


def test_a_cut_stops_the_operation_after_its_bytes():
    nvm = FlashNVM(4096, "rp2040")
    nvm[0:4] = b"\x00" * 4
    nvm.arm_cut(1, 0)  # the erase goes through, the program never starts
    with pytest.raises(PowerCut):
        nvm[0:4] = b"\x01" * 4
    assert nvm.data == b"\xff" * 4096  # erased, not yet programmed
    nvm.arm_cut(0, 100)  # the erase stops after 100 bytes
    nvm.data[0:200] = b"\x00" * 200
    with pytest.raises(PowerCut):
        nvm[0:4] = b"\x01" * 4
    assert nvm.data[:100] == b"\xff" * 100 and nvm.data[100:200] == bytes(100)
    nvm.arm_cut(0, 10)  # the page is programmed whole, from its start
    with pytest.raises(PowerCut):
        nvm[8:12] = b"\x00" * 4  # erased bytes: 2 of the 4 are done
    assert bytes(nvm.data[8:12]) == b"\x00\x00\xff\xff"
    assert cut_points(4096) == [0, 1, 128, 2048, 4095, 4096]
    assert cut_points(256) == [0, 1, 128, 255, 256]


def test_soak_cuts_command(capsys, monkeypatch):
    from minigam.host.soak import cuts as soak_cuts
    monkeypatch.setattr(soak_cuts, "check_cuts",
                        lambda ses, app_check=True, log=None: {
                            "profile": ses.profile, "build": ses.build,
                            "writes": len(ses.writes),
                            "cuts": 2 * len(ses.writes), "window": 0,
                            "window_in_play": 0, "images": 0,
                            "apps": 0, "resumes": 0})
    assert cmd_soak.main(["--cuts", "--turns", "2", "--profile",
                          "pybadge"]) == 0
    assert "power cuts survived" in capsys.readouterr().out
    assert cmd_soak.main(["--cuts", "--profile", "nope"]) == 2
    assert cmd_soak.main(["--cuts", "--keys", "5"]) == 2
