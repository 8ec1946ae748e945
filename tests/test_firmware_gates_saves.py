"""Firmware gates of the saves (issues 21 and 35): on the emulated Pico, a
game against the AI is saved, switched off and resumed; power cuts in the
middle of a save's flash operations, on the MINIGAM firmware and on stock
CircuitPython with the ``.mpy`` bundle, come back with the last or the
previous save; the host's model of the MINIGAM firmware's two-sector NVM
makes the same erases and programs as the board, and a cut in a compaction
keeps every save. The wide sweep of cuts runs on that model
(``tests/test_power_cuts.py``).

``make test`` runs this file with the host tests, beside the other gates.
"""

import os

import pytest

from minigam.host.emu import device

from test_firmware_gates import (  # noqa: F401 (the fixtures)
    OUT, firmware, minigam_firmware, play, start)


def test_power_off_and_resume(firmware):
    profile = "pico-st7789"
    script = "A A A A*until:ROLL"
    with start(profile, firmware, mpy=True) as s:
        play(s, script)  # the human's second turn: the game is saved
        before = s.frame()
        saved = s.nvm()
        s.power_cycle()
        s.boot()
        s.frame().save_png(os.path.join(OUT, "resume-menu.png"))
        play(s, "A await:ROLL")  # "Resume <game>" is the menu's first line
        assert s.frame().diff(before) == 0
        assert s.nvm() == saved


SECOND_TURN = "A A A A*until:ROLL"
THIRD_TURN = SECOND_TURN + " A await:PICK A*until:ROLL"
# A save in play appends a record to erased flash: one page program (two
# if it crosses a page). A cut in it, or in the next save's (op 1), must
# resume the last or the previous save. Real cuts on the MINIGAM firmware
# and one on stock .mpy; the wide sweep runs on the host's model of the
# firmware's NVM (tests/test_power_cuts.py), checked against the
# firmware below (test_the_flash_model_matches_the_firmware_nvm).
CUTS = [
    ("frozen", SECOND_TURN, 0, 0),
    ("frozen", SECOND_TURN, 0, 128),
    ("frozen", THIRD_TURN, 1, 255),
    ("mpy", THIRD_TURN, 0, 100),
]


@pytest.mark.parametrize("build,before,after,cut_at", CUTS)
def test_power_cut_during_a_save_resumes_a_save(firmware, minigam_firmware,
                                                build, before, after,
                                                cut_at):
    """Cut the power ``cut_at`` bytes into NVM flash operation ``after``
    of the next save, at the product's 200 MHz: the board comes back with
    the last or the previous save, its settings and statistics intact;
    back at the previous save, its frame is the one from before the
    cut."""
    from minigam.hw import store as S
    profile = "pico-st7789"
    fw = minigam_firmware if build == "frozen" else firmware
    with start(profile, fw, mpy=build == "mpy",
               frozen=build == "frozen") as s:
        play(s, before)
        frame0 = s.frame()
        image0 = s.nvm()
        s.cut_power(after=after, bytes_written=cut_at)
        with pytest.raises(device.PowerCut):
            play(s, "A await:PICK A*until:ROLL")
        assert s.stats()["clk_sys_hz"] == 200e6
        image1 = s.nvm()
        s.power_cycle()
        s.boot()
        play(s, "A")  # "Resume <game>" is the menu's first line
        resumed = await_any(s, ("ROLL", "PICK"))
        was, now = S.Store(bytearray(image0)), S.Store(bytearray(image1))
        for kind in (S.SETTINGS, S.STATS):
            assert now.load(kind) == was.load(kind)
        assert now.load(S.GAME) is not None
        if now.load(S.GAME) == was.load(S.GAME):
            assert resumed == "ROLL"
            assert s.frame().diff(frame0) == 0


def await_any(session, names, limit_ms=device.AWAIT_MS):
    """Run until the app shows one of the states ``names``; that state.
    (A save in play is written after every roll too, so a cut that spares
    the roll's save resumes with the dice rolled, at PICK.)"""
    waited = 0
    while session.state not in names and waited < limit_ms:
        session.run(500, until="@")
        waited += 500
    session.check()
    assert session.state in names, "resumed in %s" % session.state
    return session.state


# -- the store on the MINIGAM firmware's two-sector NVM --------------------

STORE_SAVES = 200  # fills the log: compactions, one erasing a sector


def host_store_probe(saves, cut=None, image=None):
    """The store probe's body run on the host over the flash model of the
    MINIGAM firmware's NVM; (the model, what it printed)."""
    import contextlib
    import io
    import sys
    import types
    from minigam.host.emu.nvmflash import FlashNVM, PowerCut
    from minigam.host.firmware.probes import store_probe_body
    nvm = FlashNVM(device.NVM_MINIGAM[1], "minigam", image)
    nvm.keep_trace = True
    if cut is not None:
        nvm.arm_cut(*cut)
    board = types.ModuleType("microcontroller")
    board.nvm = nvm
    old = sys.modules.get("microcontroller")
    sys.modules["microcontroller"] = board
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(store_probe_body(saves).decode(), {})
    except PowerCut:
        pass
    finally:
        if old is None:
            del sys.modules["microcontroller"]
        else:
            sys.modules["microcontroller"] = old
    return nvm, out.getvalue()


def store_session(firmware, cut=None):
    from minigam.host.firmware.probes import store_probe
    uf2, bootrom = firmware
    files = device.drive_files("pico-st7789", {}, frozen=True)
    files["code.py"] = store_probe(STORE_SAVES)
    s = device.EmuSession("pico-st7789", files=files, uf2=uf2,
                          bootrom=bootrom)
    if cut is not None:
        s.cut_power(after=cut[0], bytes_written=cut[1])
    return s


def loaded_lines(text):
    """The probe's "l" lines (the first may follow the console's title
    escape on its line)."""
    import re
    out = []
    for line in text.splitlines():
        m = re.search(r"l [0-9] (?:-|[0-9a-f]+)$", line)
        if m:
            out.append(m.group(0))
    return out


# The W25Q16JV's slowest rating among the commands the boot ROM's flash
# routines send (Read Data, 03h: 50 MHz; erases and programs 133 MHz;
# Winbond's datasheet).
FLASH_OP_MAX_HZ = 50e6


def test_the_flash_model_matches_the_firmware_nvm(minigam_firmware):
    """The same saves on the firmware, at the product's 200 MHz, and on the
    host's model of its NVM: the same erases and page programs, in order,
    and the same bytes. The boot ROM's flash routines clock the flash at
    clk_sys over the SSI divider they set: within its rating at 200 MHz."""
    model, _ = host_store_probe(STORE_SAVES)
    with store_session(minigam_firmware) as s:
        s.run(300000, until="STORE DONE")
        s.check()
        assert s.nvm_at == device.NVM_MINIGAM
        log = s.nvm_log()
        image = s.nvm()
        stats = s.stats()
    assert stats["clk_sys_hz"] == 200e6
    assert stats["clk_sys_hz"] / stats["flash_op_divider"] <= FLASH_OP_MAX_HZ
    assert log == model.trace
    assert sum(1 for op, _, _ in log if op == "erase") >= 1
    assert image == bytes(model.data)


@pytest.mark.parametrize("where", ["erase", "program", "header"])
def test_a_firmware_cut_in_a_compaction_keeps_every_save(minigam_firmware,
                                                         where):
    """A power cut in the compaction that erases a sector (mid-erase,
    mid-program of the new sector, mid-header): the flash holds what the
    model says, and the board's fresh store loads the previous saves."""
    model, _ = host_store_probe(STORE_SAVES)
    erase = [i for i, (op, _, _) in enumerate(model.trace)
             if op == "erase"][0]
    cut = {"erase": (erase, 2048), "program": (erase + 1, 1000),
           "header": (erase + 2, 100)}[where]
    cut_model, _ = host_store_probe(STORE_SAVES, cut)
    from minigam.hw.store import Store
    from minigam.host.emu.nvmflash import FlashNVM
    want = Store(FlashNVM(8192, "minigam", bytes(cut_model.data)))
    before_cut = host_store_probe(0, image=None)  # (nothing saved: all -)
    assert loaded_lines(before_cut[1]) == ["l 0 -", "l 1 -", "l 2 -"]
    with store_session(minigam_firmware, cut) as s:
        with pytest.raises(device.PowerCut):
            s.run(300000, until="STORE DONE")
            s.check()
        assert s.nvm() == bytes(cut_model.data)
        s.power_cycle()
        s.run(60000, until="store loaded")
        got = loaded_lines(s.console.split("--- power cycle ---")[-1])
    hexes = ["l %d %s" % (k, want.load(k).hex() if want.load(k) else "-")
             for k in (0, 1, 2)]
    assert got == hexes
    assert all(not line.endswith(" -") for line in got)  # nothing lost
