"""The XIP flash cache model (``minigam/host/emu/xipcache.mjs``) on its
own, run by Node: geometry, the four aliases, the control registers and
the miss penalty from the SSI registers, as the RP2040 datasheet gives
them. (Its effect on the firmware is gated in test_firmware_gates.py.)"""

import json
import os
import shutil
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.path.join(os.path.dirname(HERE), "minigam", "host", "emu",
                      "xipcache.mjs")

SCRIPT = r"""
import { XipCache } from %s;
const out = {};
const c = new XipCache();
c.ssi = { baudr: 4, crtlr0: 2 << 21, spictlr0: 2 | (8 << 2) | (4 << 11) };
out.quad = c.missCycles();
const miss = (a) => { const m = c.misses; c.access(a); return c.misses - m; };
const A = 0x1000;
out.alloc = [miss(0x10000000 + A), miss(0x10000000 + A + 7), miss(0x10000000 + A + 8)];
out.noalloc = [miss(0x11000000 + 0x2000), miss(0x11000000 + 0x2000), miss(0x11000000 + A)];
out.nocache = [miss(0x12000000 + 0x3000), miss(0x12000000 + 0x3000), miss(0x10000000 + 0x3000)];
out.bypass = [miss(0x13000000 + 0x4000), miss(0x10000000 + 0x4000), miss(0x13000000 + 0x4000)];
// three lines of one set (16 KB apart): two ways, the least recent goes
const S = 0x10000000 + 0x100, W = 16384;
c.flush();
out.ways = [miss(S), miss(S + W), miss(S), miss(S + 2 * W), miss(S), miss(S + W)];
c.writeCtrl(0x04, 1);
out.flushed = miss(S);
c.writeCtrl(0x00, 0);
out.disabled = [miss(S), miss(S)];
c.writeCtrl(0x00, 1);
out.ctr = [c.readCtrl(0x0c), c.readCtrl(0x10)];
const d = new XipCache();
d.ssi = { baudr: 2, crtlr0: 0, spictlr0: 8 << 2 | 2 << 8 };
out.standard = d.missCycles();
out.fixed = new XipCache({ missCycles: 50 }).missCycles();
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def result():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    run = subprocess.run([node, "--input-type=module", "-e",
                          SCRIPT % json.dumps("file://" + MODULE)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_the_penalty_comes_from_the_ssi_registers(result):
    # continuous quad read: 32 address and mode bits, 4 dummy clocks, 64
    # data bits over 4 lanes, each SCK 4 system clocks
    assert result["quad"] == (8 + 4 + 16) * 4
    # standard SPI, 8-bit instruction, 32 address bits, divider 2
    assert result["standard"] == (8 + 32 + 64) * 2
    assert result["fixed"] == 50


def test_the_four_aliases(result):
    assert result["alloc"] == [1, 0, 1]  # an 8-byte line allocated, reused
    assert result["noalloc"] == [1, 1, 0]  # checks (a hit on 0x10's line), never allocates
    assert result["nocache"] == [1, 1, 0]  # always reads flash, but allocates
    assert result["bypass"] == [1, 1, 1]  # neither checks nor allocates


def test_two_ways_least_recently_used_flush_and_enable(result):
    # S, S+W fill both ways; S hits; S+2W evicts S+W (least recent); S hits;
    # S+W misses again
    assert result["ways"] == [1, 1, 0, 1, 0, 1]
    assert result["flushed"] == 1
    assert result["disabled"] == [1, 1]
    hits, accesses = result["ctr"]
    assert 0 < hits < accesses
