// The RP2040's XIP flash cache, as a timing model for rp2040js (which
// reads flash as fast as RAM). Written from the RP2040 datasheet (2.6.3,
// "Flash: XIP cache", and the XIP_CTRL and SSI register lists):
//
// - 16 KB, two-way set-associative, 8-byte lines: 1024 sets. A hit costs
//   nothing more than the bus access rp2040js already charges; a miss
//   stalls the core while the SSI reads the line from the flash.
// - Four aliases of the flash: 0x10 caches and allocates; 0x11 checks the
//   cache but does not allocate on a miss; 0x12 does not check it (always
//   reads the flash) but allocates; 0x13 bypasses it.
// - XIP_CTRL (0x14000000): CTRL.EN off sends every access to the flash;
//   writing FLUSH (0x14000004) clears the tags; CTR_HIT and CTR_ACC count.
//   The runner also flushes on each flash erase and program it applies.
// - The miss penalty in system clocks comes from the SSI registers the
//   firmware's second-stage boot leaves: (instruction + address and mode
//   bits + wait cycles + 64 data bits) in SCK clocks, each BAUDR system
//   clocks. CircuitPython 10.2.1's Pico stage2 (W25Q16JV, continuous quad
//   read, divider 4, 4 dummy clocks): (8 + 4 + 16) x 4 = 112 clocks.
//
// Not modelled: which way a real miss replaces (here the least recently
// used), the XIP streaming FIFO, and branch prefetch; DMA reads of flash
// are charged to the core.

export const XIP_BASE = 0x10000000;
export const XIP_END = 0x14000000;
export const XIP_CTRL_BASE = 0x14000000;
const SETS = 1024;

export class XipCache {
  constructor({ missCycles = 0 } = {}) {
    this.tags = new Int32Array(2 * SETS).fill(-1); // line number, -1 empty
    this.lru = new Uint8Array(SETS); // the way a miss replaces next
    this.enabled = true; // XIP_CTRL.CTRL.EN (on at reset)
    this.fixedMiss = missCycles; // > 0: this many clocks a miss, not the SSI's
    this.ssi = null; // rp2040js' SSI peripheral, for the penalty
    this.stall = 0; // clocks the running instruction waits (the runner takes them)
    this.hits = 0;
    this.accesses = 0;
    this.misses = 0;
    this.stallTotal = 0;
    this.flushes = 0;
    this.ctrHit = 0; // XIP_CTRL's own counters (the firmware may clear them)
    this.ctrAcc = 0;
  }

  // Clocks one miss costs with the SSI as it is configured now.
  missCycles() {
    if (this.fixedMiss > 0) return this.fixedMiss;
    const ssi = this.ssi;
    if (!ssi) return 112;
    const sck = ssi.baudr & 0xfffe || 2; // SCKDV: even, 0 means disabled
    const frf = (ssi.crtlr0 >>> 21) & 3; // SPI_FRF: standard, dual, quad
    const lanes = frf === 2 ? 4 : frf === 1 ? 2 : 1;
    const ctl = ssi.spictlr0;
    const trans = ctl & 3; // 0: all standard; 1: address wide; 2: both wide
    const addrBits = ((ctl >>> 2) & 0xf) * 4;
    const instBits = [0, 4, 8, 16][(ctl >>> 8) & 3];
    const wait = (ctl >>> 11) & 0x1f;
    const inst = trans === 2 ? instBits / lanes : instBits;
    const addr = trans >= 1 ? addrBits / lanes : addrBits;
    return (inst + addr + wait + 64 / lanes) * sck;
  }

  // One access of the core (or DMA) to XIP address `address`.
  access(address) {
    const alias = (address >>> 24) & 3;
    const line = (address & 0xffffff) >>> 3;
    const set = line & (SETS - 1);
    const at = set << 1;
    const tags = this.tags;
    this.accesses++;
    this.ctrAcc++;
    if (this.enabled && alias <= 1) {
      if (tags[at] === line) { this.lru[set] = 1; this.hits++; this.ctrHit++; return; }
      if (tags[at + 1] === line) { this.lru[set] = 0; this.hits++; this.ctrHit++; return; }
    }
    const cost = this.missCycles();
    this.misses++;
    this.stall += cost;
    this.stallTotal += cost;
    if (this.enabled && (alias === 0 || alias === 2)) {
      let way = tags[at] === line ? 0 : tags[at + 1] === line ? 1 : this.lru[set];
      tags[at + way] = line;
      this.lru[set] = 1 - way;
    }
  }

  flush() {
    this.tags.fill(-1);
    this.flushes++;
  }

  takeStall() {
    const s = this.stall;
    this.stall = 0;
    return s;
  }

  // XIP_CTRL registers (offsets from 0x14000000).
  readCtrl(offset) {
    switch (offset) {
      case 0x00: return this.enabled ? 1 : 0;
      case 0x08: return 0x2; // STAT: FIFO empty, flush ready
      case 0x0c: return Math.min(this.ctrHit, 0xffffffff) >>> 0;
      case 0x10: return Math.min(this.ctrAcc, 0xffffffff) >>> 0;
      default: return 0;
    }
  }

  writeCtrl(offset, value) {
    if (offset === 0x00) this.enabled = !!(value & 1) && !(value & 0x8);
    else if (offset === 0x04) this.flush();
    else if (offset === 0x0c) this.ctrHit = 0;
    else if (offset === 0x10) this.ctrAcc = 0;
  }

  // Wrap `mcu`'s reads so that every XIP access goes through the cache,
  // and answer XIP_CTRL. rp2040js' 16- and 8-bit reads serve the 0x10
  // alias themselves and hand the others to the 32-bit read: each access
  // is counted once.
  attach(mcu) {
    this.ssi = mcu.peripherals[0x18000] || null;
    const r32 = mcu.readUint32.bind(mcu);
    const r16 = mcu.readUint16.bind(mcu);
    const r8 = mcu.readUint8.bind(mcu);
    const w32 = mcu.writeUint32.bind(mcu);
    const cache = this;
    mcu.readUint32 = (address) => {
      const a = address >>> 0;
      if (a >= XIP_BASE && a < XIP_END) cache.access(a);
      else if (a >>> 14 === XIP_CTRL_BASE >>> 14) return cache.readCtrl(a & 0xfff);
      return r32(a);
    };
    mcu.readUint16 = (address) => {
      const a = address >>> 0;
      if (a >= XIP_BASE && a < XIP_BASE + 0x1000000) cache.access(a);
      return r16(a);
    };
    mcu.readUint8 = (address) => {
      const a = address >>> 0;
      if (a >= XIP_BASE && a < XIP_BASE + 0x1000000) cache.access(a);
      return r8(a);
    };
    mcu.writeUint32 = (address, value) => {
      const a = address >>> 0;
      if (a >>> 14 === XIP_CTRL_BASE >>> 14) {
        // atomic aliases (set/clear/xor at +0x1000..) as rp2040js' peripherals
        const type = (a & 0x3000) >>> 12;
        const off = a & 0xfff;
        let v = value >>> 0;
        if (type === 1) v = cache.readCtrl(off) ^ v;
        else if (type === 2) v = cache.readCtrl(off) | v;
        else if (type === 3) v = cache.readCtrl(off) & ~v;
        cache.writeCtrl(off, v);
        return;
      }
      w32(address, value);
    };
    return this;
  }

  stats() {
    return {
      xip_accesses: this.accesses,
      xip_hits: this.hits,
      xip_misses: this.misses,
      xip_stall_cycles: this.stallTotal,
      xip_flushes: this.flushes,
      xip_miss_cycles: this.missCycles(),
    };
  }
}
