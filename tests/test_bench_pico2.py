"""The Pico 2 heap bench's own parts on the host (its emulated runs are
``bench --only pico2``'s figures, never asserted): the network cut to
fewer hidden units is still a network the device code evaluates, its
clipping corrections follow the units kept, the probes' lines are read,
and the Pico 2's heap follows the linker scripts' regions."""

import struct

import pytest

from minigam.host.aitools.weights_module import load_source
from minigam.host.bench import pico2


@pytest.mark.parametrize("game", sorted(pico2.GAMES))
def test_a_cut_network_keeps_each_units_weights_and_evaluates(game):
    source, full = pico2.network_source(game)
    w = load_source(source)
    keep = full // 4
    cut = load_source(pico2.cut_network(source, keep))
    assert cut.H == keep
    rows = len(w.W1) // full
    assert len(cut.W1) == rows * keep
    for row in (0, rows // 2, rows - 1):
        assert cut.W1[row * keep:(row + 1) * keep] == \
            w.W1[row * full:row * full + keep]
    assert cut.B1 == w.B1[:2 * keep]
    assert len(cut.W3) == 2 * keep * len(w.W3) // (2 * full)
    assert cut.W3[:2 * keep] == w.W3[:2 * keep]
    # the device's own evaluator takes it, and scores a start position
    if game == "backgammon":
        from minigam.bg import eval as ev
        from minigam.bg.rules import new_position
    else:
        from minigam.nardy import eval as ev
        from minigam.nardy.rules import new_position
    saved = ev._NET[0]
    try:
        ev._NET[0] = ev.Net(cut)
        assert ev._NET[0].H == keep
        assert len(ev.evaluate(new_position(1))) == ev.NO
    finally:
        ev._NET[0] = saved


def test_corrections_of_the_units_cut_off_go_with_them():
    """Two rows of 4 units; row 0 corrects units 1 and 3, row 1 unit 0:
    kept to 2 units, row 0 keeps its unit 1 and row 1 its unit 0."""
    at = struct.pack("<3H", 0, 2, 3)
    xh = bytes([1, 3, 0])
    xd = struct.pack("<3h", -5, 7, 300)
    new_at, new_h, new_d = pico2._cut_corrections(at, xh, xd, 2)
    assert struct.unpack("<3H", new_at) == (0, 1, 2)
    assert new_h == bytes([1, 0])
    assert struct.unpack("<2h", new_d) == (-5, 300)


def test_a_cut_is_refused_outside_the_layer():
    source, full = pico2.network_source("nardy")
    for keep in (0, full + 1):
        with pytest.raises(ValueError, match="hidden units"):
            pico2.cut_network(source, keep)


def test_the_probes_lines_are_read_and_their_steps_costed():
    console = ("\x1b]0;code.py | 10.2.1\x1b\\part start 170000 1000\r\n"
               "part rules 165000 6000\r\npart buffers 133000 38000\r\n"
               "part-memoryerror memory allocation failed, allocating "
               "136705 bytes\r\nPROBE DONE\r\n")
    steps, error = pico2.parse_parts(console)
    assert steps == [("start", 170000, 1000), ("rules", 165000, 6000),
                     ("buffers", 133000, 38000)]
    assert error == "memory allocation failed, allocating 136705 bytes"
    assert pico2.costs(steps) == {"rules": 5000, "buffers": 32000}
    trace = ('Traceback (most recent call last):\r\n'
             '  File "minigam/bg/eval.py", line 1, in net\r\n'
             'MemoryError: memory allocation failed, allocating 8 bytes\r\n')
    assert pico2.memory_error(trace) == (
        "MemoryError: memory allocation failed, allocating 8 bytes (in net)")
    assert pico2.memory_error("Traceback\r\nValueError: x\r\n") is None


def test_the_pico_2s_heap_is_the_rp2040s_plus_the_ram_it_has_more():
    from minigam.host.hardware import chips
    more = pico2.pico2_heap(0)
    assert more == 256 * 1024
    # the linker scripts' regions grow as the chips' published SRAM
    assert more // 1024 == chips.SRAM_KB["rp2350a"] - chips.SRAM_KB["rp2040"]
    assert pico2.pico2_heap(171712) == 171712 + more


def test_the_probes_are_device_python():
    """Each probe compiles as MicroPython source would: plain Python 3."""
    for game in pico2.GAMES:
        for code in (pico2.network_probe(game), pico2.ai_probe(game)):
            compile(code, "code.py", "exec")
    assert "rules=buffers" in pico2.ai_probe("nardy").decode()
