"""The AI's weights files (issue 14): on stock CircuitPython deploy ships
``minigam/quarter/weights*.bin``
(``minigam.host.aitools.quarter.weights_bin``) instead of the weights
modules, and ``minigam.quarter.eval`` reads them
(``minigam.quarter.net_file``) into buffers allocated once.

* evaluations from the files equal those from the modules, bit for bit, on
  many positions, for both variants, on CPython and in the MicroPython VM
  (the same files as the deployed ones);
* the buffers are allocated once (``reserve``) and reused when the variant
  changes; a network whose buffers were reused fails loudly;
* every truncation and each kind of malformed file raises ValueError saying
  what is wrong; corrupted bytes are caught by the CRC;
* deploy ships the files (no weights module) to stock drives, removes a
  stale weights module, and the MINIGAM firmware's frozen tree keeps the
  modules.
"""

import os
import random
import struct
import zlib

import pytest

from minigam.quarter import eval as ai_eval, net_file as ai_load
from minigam.host.hardware import deploy
from minigam.host.aitools.quarter import weights_bin
from minigam.host.aitools.weights_module import load_source
from minigam.quarter.rules import Rules, new_position, winner

ROOT = deploy.source_root()
VARIANTS = {0: "weights", 1: "weights_fe"}


def module_source(k):
    with open(os.path.join(ROOT, "minigam", "quarter", VARIANTS[k] + ".py"), "rb") as f:
        return f.read()


def file_bytes(k):
    return weights_bin.to_bin(load_source(module_source(k)))


def sample_positions(n, seed):
    """Positions of random games (both variants' rules), each with the
    results of a roll from it: ``[(pos, [result, ...])]``."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        rules = Rules(full_entry=rng.random() < 0.5)
        pos = new_position(turn=rng.choice((1, 2)))
        while winner(pos) == 0 and len(out) < n:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            res = rules.results(pos, d1, d2)
            out.append((bytes(pos), [bytes(r) for r in res]))
            pos = bytearray(rng.choice(res)) if res else bytearray(pos)
            if not res:
                pos[16] = 3 - pos[16]
    return out


POSITIONS = sample_positions(400, 7)


def scores(k):
    """Every full evaluation and every incremental score of POSITIONS."""
    out = []
    ev = ai_eval.Evaluator(bool(k))
    for pos, results in POSITIONS:
        out.append(ai_eval.evaluate(pos, bool(k)))
        root = bytearray(pos)
        root[16] = 3 - root[16]
        ev.set_root(root)
        out.extend(ev.score(r) for r in results)
    return out


@pytest.fixture(scope="module")
def module_scores():
    saved = ai_eval._NETS[:]
    ai_eval._NETS[:] = [None, None]
    try:
        return {k: scores(k) for k in VARIANTS}
    finally:
        ai_eval._NETS[:] = saved


@pytest.fixture
def drive(tmp_path, monkeypatch):
    """ai_eval as on a stock drive: no weights module, the files next to
    it (in ``tmp_path``), nothing loaded or reserved."""
    for k, name in VARIANTS.items():
        (tmp_path / (name + ".bin")).write_bytes(file_bytes(k))

    def no_module(k):
        raise ImportError("no module named 'minigam.%s'" % VARIANTS[k])

    monkeypatch.setattr(ai_eval, "_weights", no_module)
    monkeypatch.setattr(ai_eval, "__file__", str(tmp_path / "eval.py"))
    monkeypatch.setattr(ai_eval, "_NETS", [None, None])
    monkeypatch.setattr(ai_eval, "ROOM", [None])
    return tmp_path


def test_the_two_variants_have_one_shape():
    a, b = (load_source(module_source(k)) for k in VARIANTS)
    assert (a.H, a.H2, a.W1O) == (b.H, b.H2, b.W1O)


def test_files_evaluate_exactly_as_the_modules(drive, module_scores):
    for k in VARIANTS:
        assert scores(k) == module_scores[k], VARIANTS[k]
    assert "minigam.quarter.net_file" not in __import__("sys").modules  # unloaded


def test_the_buffers_are_allocated_once_and_reused(drive, module_scores):
    assert ai_eval.reserve() == ai_load.nbytes(ai_eval.ROOM[0]) > 6000
    room = ai_eval.ROOM[0]
    tables = [id(t) for t in room[0]]
    assert ai_eval.reserve() == 0  # already there
    std = ai_eval.net(False)
    assert std.W1 is room[0][0] and isinstance(std.W1, bytearray)
    fe = ai_eval.net(True)
    assert ai_eval.ROOM[0] is room and [id(t) for t in room[0]] == tables
    assert fe.W1 is room[0][0] and ai_eval._NETS == [None, fe]
    # the standard network's buffers now hold the other one: it says so
    with pytest.raises(TypeError):
        ai_eval.output(std, ai_eval.array.array("i", bytes(4 * 32)))
    assert scores(1) == module_scores[1]
    assert scores(0) == module_scores[0]  # read again, same buffers
    assert ai_eval.ROOM[0] is room and [id(t) for t in room[0]] == tables


def test_without_reserve_the_first_network_allocates_the_buffers(drive):
    assert ai_eval.ROOM[0] is None
    nt = ai_eval.net(True)
    assert nt.W1 is ai_eval.ROOM[0][0][0]


def test_reserve_does_nothing_where_the_modules_import(monkeypatch):
    monkeypatch.setattr(ai_eval, "ROOM", [None])
    assert ai_eval.reserve() == 0 and ai_eval.ROOM == [None]


def test_full_entry_falls_back_and_a_missing_file_is_an_import_error(drive):
    (drive / "weights_fe.bin").unlink()
    assert ai_eval.net(True) is ai_eval.net(False)
    ai_eval._NETS[:] = [None, None]
    (drive / "weights.bin").unlink()
    with pytest.raises(ImportError, match="weights.bin"):
        ai_eval.net(False)


def _load(drive, data):
    (drive / "weights.bin").write_bytes(data)
    ai_eval._NETS[:] = [None, None]
    return ai_eval.net(False)


def _with_crc(body):
    return body + struct.pack("<I", zlib.crc32(body))


def test_a_module_named_source_finds_its_files_from_the_root():
    # deploy's .mpy carries "minigam.quarter.eval" as its source name
    from types import SimpleNamespace
    from minigam.quarter import net_file

    Ev = SimpleNamespace(__name__="minigam.quarter.eval",
                         __file__="minigam.quarter.eval")
    assert net_file.path(Ev, False) == "/minigam/quarter/weights.bin"
    assert net_file.path(Ev, True) == "/minigam/quarter/weights_fe.bin"
    Ev.__file__ = "/lib/minigam/quarter/eval.py"  # a path stays a path
    assert net_file.path(Ev, False) == "/lib/minigam/quarter/weights.bin"


def test_every_truncation_is_a_value_error(drive):
    good = file_bytes(0)
    for n in range(len(good)):
        with pytest.raises(ValueError, match="truncated"):
            _load(drive, good[:n])
    _load(drive, good)


@pytest.mark.parametrize("field,value,message", [
    (0, 0x12345678, "not a MINIGAM weights file"),
    (1, 2, "version 2"),
    (2, 0, "bad header"),
    (2, 1000, "bad header"),
    (3, -1, "bad header"),
    (4, 99999, "bad header"),
    (5, 256, "bad header"),
    (6, 128, "other scales"),
    (8, 1, "other scales"),
])
def test_a_bad_header_is_a_value_error(drive, field, value, message):
    body = bytearray(file_bytes(0)[:-4])
    body[4 * field:4 * field + 4] = struct.pack("<i", value)
    with pytest.raises(ValueError, match=message):
        _load(drive, _with_crc(bytes(body)))


def test_bad_tables_are_value_errors(drive):
    w = load_source(module_source(0))
    good = file_bytes(0)
    at = 40 + 128 * w.H  # W1X_AT
    body = bytearray(good[:-4])
    body[at:at + 2] = b"\x01\x00"  # W1X_AT[0] must be 0
    with pytest.raises(ValueError, match="W1X_AT runs"):
        _load(drive, _with_crc(bytes(body)))
    body = bytearray(good[:-4])
    body[at + 2:at + 4] = b"\x50\x00"  # then row 1 ends after row 2
    with pytest.raises(ValueError, match="W1X_AT decreases"):
        _load(drive, _with_crc(bytes(body)))
    body = bytearray(good[:-4])
    body[at + 2 * 129] = w.H  # W1X_H[0]: no such unit
    with pytest.raises(ValueError, match="W1X_H names unit"):
        _load(drive, _with_crc(bytes(body)))
    with pytest.raises(ValueError, match="%d bytes where its header makes %d"
                       % (len(good) + 1, len(good))):
        _load(drive, good + b"\0")


def test_corrupted_bytes_are_caught(drive):
    good = file_bytes(0)
    rng = random.Random(3)
    for _ in range(200):
        data = bytearray(good)
        i = rng.randrange(len(data))
        data[i] ^= 1 << rng.randrange(8)
        with pytest.raises(ValueError):
            _load(drive, bytes(data))


def test_the_writer_refuses_tables_that_do_not_fit():
    w = load_source(module_source(0))
    w.W2 = w.W2[:-2]
    with pytest.raises(ValueError, match="W2"):
        weights_bin.to_bin(w)
    w = load_source(module_source(0))
    w.W1X_H = (w.H,) + tuple(w.W1X_H[1:])
    with pytest.raises(ValueError, match="W1X_H"):
        weights_bin.to_bin(w)


# --- deploy -------------------------------------------------------------------

BOOT_OUT = ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico "
            "with rp2040\nBoard ID:raspberry_pi_pico\n")


def test_stock_drives_get_the_files_and_the_firmware_keeps_the_modules():
    names = deploy.build_plan(with_libs=False).names()
    assert "minigam/quarter/weights.bin" in names
    assert "minigam/quarter/weights_fe.bin" in names
    assert not [n for n in names if n.startswith("minigam/quarter/weights")
                and not n.endswith(".bin")]
    assert "minigam/quarter/net_file.py" in names
    plan = dict(deploy.build_plan(with_libs=False).files)
    for k, name in VARIANTS.items():
        assert plan["minigam/quarter/%s.bin" % name] == file_bytes(k)
    frozen = deploy.build_plan(with_libs=False, weights_bin=False).names()
    assert "minigam/quarter/weights.py" in frozen and "minigam/quarter/weights_fe.py" in frozen
    assert not [n for n in frozen if n.endswith(".bin")]
    from minigam.host.emu import device
    files = device.drive_files("pico-st7789", frozen=True)
    assert not [n for n in files if n.startswith("minigam/")]


def test_a_stale_weights_module_leaves_the_drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    (d / "minigam").mkdir(parents=True)
    (d / "boot_out.txt").write_text(BOOT_OUT)
    # an earlier deploy's modules: imported before the file, they would win
    (d / "minigam" / "quarter").mkdir()
    (d / "minigam" / "quarter" / "weights.mpy").write_bytes(b"C\x06old")
    (d / "minigam" / "quarter" / "weights_fe.py").write_text("H = 1\n")
    # and the layout before the game packages (issue 39): the weights files
    # and modules at the package's root
    (d / "minigam" / "ai_weights.bin").write_bytes(b"old")
    (d / "minigam" / "ai_eval.mpy").write_bytes(b"C\x06old")
    report = deploy.deploy_to(str(d), "pico-st7789", mpy=False)
    assert {"minigam/quarter/weights.mpy", "minigam/quarter/weights_fe.py",
            "minigam/ai_weights.bin", "minigam/ai_eval.mpy"} <= set(report.removed)
    got = set(os.listdir(d / "minigam" / "quarter"))
    assert {"weights.bin", "weights_fe.bin", "eval.py", "net_file.py"} <= got
    assert not [n for n in got if n.startswith("weights.") and n != "weights.bin"]
    assert not [n for n in os.listdir(d / "minigam") if n.startswith("ai")]
    assert (d / "minigam" / "quarter" / "weights.bin").read_bytes() == file_bytes(0)


# --- the MicroPython VM -------------------------------------------------------

VM_CODE = """
import sys
from minigam.quarter import eval as ai_eval
try:
    import minigam.quarter.weights
    print('MODULE')
except ImportError:
    pass
print('RESERVED', ai_eval.reserve())
res = []
for k in (0, 1, 0):
    for p in POS:
        res.append(ai_eval.evaluate(p, bool(k)))
    res.append(id(ai_eval.net(bool(k)).W1) == id(ai_eval.ROOM[0][0][0]))
print('LOADER', 'minigam.quarter.net_file' in sys.modules)
print('SCORES', res)
"""


def test_the_deployed_files_evaluate_alike_in_the_micropython_vm(module_scores):
    """The deployed tree's device package with its weights files and no
    weights module: MicroPython reads them into the buffers and evaluates as
    CPython does from the modules."""
    from minigam.host import vm
    plan = dict(deploy.build_plan(with_libs=False).files)
    files = {"/" + rel: data for rel, data in plan.items()
             if rel.startswith("minigam/")}
    positions = [pos for pos, _ in POSITIONS[:60]]
    code = "POS = %r\n" % (positions,) + VM_CODE
    try:
        out = vm.run(code, files=files, default_files=False, timeout=300)
    except vm.VMError as exc:
        if exc.type == "VMUnavailable":
            pytest.skip(exc.message)
        raise
    assert "MODULE" not in out
    assert "RESERVED %d" % ai_load.nbytes(ai_load.room(32, 16, 102)) in out
    assert "LOADER False" in out
    got = eval(out.split("SCORES ", 1)[1].splitlines()[0])
    want = []
    for k in (0, 1, 0):
        want += [ai_eval.evaluate(p, bool(k)) for p in positions] + [True]
    assert got == want
