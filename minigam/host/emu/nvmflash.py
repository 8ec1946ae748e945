"""``microcontroller.nvm`` as CircuitPython 10.2.1 writes it to flash, on
the host: the model the wide power-cut sweeps run against (host only).

A slice write becomes the flash operations the firmware would make, and a
power cut can stop any of them after any number of bytes, as the
emulator's runner does (``runner.mjs``: an erase cut after ``k`` bytes has
erased the first ``k``; a program cut has programmed the first ``k``).

Kinds of NVM (``ports/*/common-hal/nvm/ByteArray.c``):

- ``"rp2040"``, stock CircuitPython: a write whose target bytes are all
  0xFF programs each page it touches (the page read, the new bytes laid
  over it, programmed whole); any other write copies the NVM's first 4 KB
  sector, lays the bytes over it, erases the sector and programs it whole.
  The stock code assumes a one-sector NVM.
- ``"minigam"``, the MINIGAM firmware (patched by
  ``minigam.host.firmware.patches.NVM_OF_SECTORS``): the same, but the
  erase-and-program covers each sector the write touches.
- ``"samd51"``: every write erases the flash block it lies in and
  programs it again (ASF4's ``_flash_write``), whatever the bytes.

``erases``, ``programs`` and ``writes`` count the sector erases, page
programs and slice writes; with ``keep_trace``, ``trace`` lists each
operation as the runner's ``nvm_log`` does.
"""

PAGE = 256
SECTOR = 4096
KINDS = ("rp2040", "minigam", "samd51")


class PowerCut(Exception):
    """The power failed during a flash operation (as armed)."""


class FlashNVM:
    """A flash-backed NVM of ``size`` bytes (erased, or ``data``)."""

    def __init__(self, size, kind="rp2040", data=None):
        if kind not in KINDS:
            raise ValueError("unknown NVM kind %r" % (kind,))
        if kind == "rp2040" and size != SECTOR:
            raise ValueError("stock CircuitPython's RP2040 NVM is one sector")
        if kind == "minigam" and size % SECTOR:
            raise ValueError("the MINIGAM NVM is whole sectors")
        self.kind = kind
        self.data = bytearray(b"\xff") * size
        if data is not None:
            self.data[:] = data[:size]
        self.erases = 0
        self.programs = 0
        self.writes = 0
        self.trace = []  # (op, offset, bytes) of every operation, if kept
        self.keep_trace = False
        self._cut = None  # [operations to let through, bytes of the next]

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def arm_cut(self, after=0, nbytes=0):
        """Cut the power in flash operation ``after`` from now (0: the
        next), once ``nbytes`` of it are done."""
        self._cut = [after, nbytes]

    def ops_of(self, start, value):
        """The flash operations (("erase"|"program", offset, bytes or
        length)) a write of ``value`` at ``start`` makes, from the NVM as
        it is now (nothing is changed)."""
        n = len(value)
        end = start + n
        old = self.data
        if self.kind == "samd51":
            return [("erase", 0, len(old)),
                    ("program", 0, bytes(old[:start]) + bytes(value)
                     + bytes(old[end:]))]
        if all(b == 0xFF for b in old[start:end]):
            out = []
            page = start - start % PAGE
            while page < end:
                buf = bytearray(old[page:page + PAGE])
                a = max(start, page)
                b = min(end, page + PAGE)
                buf[a - page:b - page] = value[a - start:b - start]
                out.append(("program", page, bytes(buf)))
                page += PAGE
            return out
        if self.kind == "rp2040":
            first, last = 0, 0
        else:
            first, last = start // SECTOR, (end - 1) // SECTOR
        out = []
        for s in range(first, last + 1):
            a = s * SECTOR
            buf = bytearray(old[a:a + SECTOR])
            lo, hi = max(start, a), min(end, a + SECTOR)
            buf[lo - a:hi - a] = value[lo - start:hi - start]
            out.append(("erase", a, SECTOR))
            out.append(("program", a, bytes(buf)))
        return out

    def __setitem__(self, i, value):
        if not isinstance(i, slice):
            self[i:i + 1] = bytes((value,))
            return
        start = i.start or 0
        value = bytes(value)
        if i.stop is not None and i.stop - start != len(value):
            raise ValueError("an NVM slice write must keep its length")
        self.writes += 1
        for op in self.ops_of(start, value):
            self._apply(*op)

    def _apply(self, op, at, arg):
        count = arg if op == "erase" else len(arg)
        done = count
        cut = self._cut
        cutting = False
        if cut is not None:
            if cut[0] > 0:
                cut[0] -= 1
            else:
                done = min(count, cut[1])
                cutting = True
        if self.keep_trace:
            self.trace.append((op, at, count))
        if op == "erase":
            self.erases += 1
            self.data[at:at + done] = b"\xff" * done
        else:
            self.programs += 1
            d = self.data
            for k in range(done):
                d[at + k] &= arg[k]
        if cutting:
            self._cut = None
            raise PowerCut("power cut during %s of %d bytes at %d, after %d"
                           % (op, count, at, done))
