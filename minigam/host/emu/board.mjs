// The MINIGAM handheld on an emulated RP2040 (rp2040js): the one core that
// both the Node runner (runner.mjs, for the gates) and the browser page
// (web/worker.mjs) run, so that the two cannot drift apart. No Node or
// browser API is used here.
//
// Workarounds for stock rp2040js, each a behaviour of the emulator that
// differs from the chip:
// - BOOTSEL: the QSPI_SS pad is kept input-enabled and driven high, so the
//   firmware does not read the BOOTSEL button as held.
// - USB serial: OUT transfers are held until the host has bytes to send
//   (rp2040js answers every armed OUT buffer at once: an interrupt storm).
// - SPI: each frame completes after dataBits / SCK seconds, as on the chip
//   (rp2040js completes it at once and CircuitPython's DMA SPI overruns).
// - Flash: the boot ROM's flash_range_erase and flash_range_program are
//   caught at their entry points and applied to the flash array, so NVM and
//   CIRCUITPY writes persist across a reset, and a power cut can be injected
//   in the middle of a write.
// - Flash timing: rp2040js reads flash as fast as RAM. The XIP cache model
//   (xipcache.mjs) charges each miss its stall, from the SSI registers the
//   firmware's stage2 set (flashCache false: the ideal flash, for
//   comparison; xipMiss N: N clocks a miss).
// - WFI: a core that executes WFI with an enabled interrupt already pending
//   (CircuitPython idles with interrupts masked) wakes at once, as on the
//   chip; rp2040js would wait for the next interrupt to become pending, which
//   may never come (also seen as a frozen game).
// - PIO: rp2040js steps its PIOs from a wall-clock timer and ignores their
//   clock dividers; Board.run steps each block from the emulated clock, one
//   instruction every CLKDIV system clocks of its running state machine.
// - The clock: rp2040js computes clk_sys and clk_peri from the PLL and
//   CLOCKS registers the firmware writes, and its SPI, PWM, DMA and SysTick
//   follow them; Board.run charges each cycle 1 / clk_sys (8 ns at the
//   boot's 125 MHz, 5 ns at 200 MHz), so emulated time, the SPI's bit
//   times and the flash cache's stalls follow microcontroller.cpu.frequency.
//   The timer counts the 1 us reference tick, which no clock change moves.
//
// Also decoded here: the display (ST7789/ILI9341 CASET, RASET, RAMWR over
// SPI, into a 320x320 RGB565 memory; panel.mjs turns it into the picture
// as the profile mounts the panel) and the NeoPixel chain (the PIO's output bits,
// measured in PIO cycles, since rp2040js's PIO keeps no time). The wiring
// (display bus and pins, NeoPixel pin, keys, NVM) is minigam/host/emu/
// wiring.py's, made from the hardware profile.

import { RP2040, USBCDC, GPIOPinState } from 'rp2040js';
import { XipCache } from './xipcache.mjs';
import { FB_W, FB_H } from './panel.mjs';

export const FLASH_SIZE = 16 * 1024 * 1024;
export const FS_OFFSET = 0x100000;

export class BoardError extends Error {}

function fail(msg) {
  throw new BoardError(msg);
}

export function loadUF2(bytes, flash) {
  let blocks = 0;
  for (let at = 0; at + 512 <= bytes.length; at += 512) {
    const v = new DataView(bytes.buffer, bytes.byteOffset + at, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) {
      fail(`not a UF2 file: bad magic in block at byte ${at}`);
    }
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    const off = addr - 0x10000000;
    if (off < 0 || off + size > flash.length || size > 476) fail(`UF2 block outside flash: 0x${addr.toString(16)}`);
    flash.set(bytes.subarray(at + 32, at + 32 + size), off);
    blocks++;
  }
  if (!blocks) fail('empty UF2 file');
}

function romFunction(rom, code) {
  // The boot ROM's function table: 16-bit pointer at 0x14, (code, address) pairs.
  const bytes = new Uint8Array(rom.buffer);
  const u16 = (a) => bytes[a] | (bytes[a + 1] << 8);
  for (let at = u16(0x14); u16(at); at += 4) {
    if (u16(at) === code) return u16(at + 2) & ~1;
  }
  fail(`boot ROM has no function ${code}`);
}

function wfiWakes(core) {
  // WFI returns at once when an enabled interrupt that outranks the running
  // code is already pending, PRIMASK or not (CircuitPython idles with
  // interrupts masked: disable, check, WFI, enable). rp2040js wakes a
  // waiting core only when an interrupt becomes pending, so one that was
  // pending before the WFI would leave the core asleep for good.
  const set = core.pendingInterrupts & core.enabledInterrupts;
  if (!set) return false;
  const running = core.exceptionPriority(core.IPSR);
  for (let n = 0; n < 32; n++) {
    if (set & (1 << n) && core.exceptionPriority(16 + n) < running) return true;
  }
  return false;
}

function pioDivider(pio) {
  // System clocks a PIO instruction takes: the clock divider (16.8 fixed
  // point; 0 is 65536) of the block's first running state machine.
  for (const m of pio.machines) {
    if (m.enabled) return (m.clockDivInt || 65536) + m.clockDivFrac / 256;
  }
  return 1;
}

export function bootromWords(bytes) {
  // The boot ROM file's bytes as rp2040js loads them.
  if (bytes.length !== 16384) fail(`the RP2040 boot ROM is 16384 bytes, not ${bytes.length}`);
  const copy = new Uint8Array(bytes); // aligned
  return new Uint32Array(copy.buffer, 0, 4096);
}

export function flashImage(uf2Bytes, extras = []) {
  // The whole flash: erased, then the UF2's blocks, then [offset, bytes]
  // pairs laid over it (a CIRCUITPY image, a saved NVM).
  const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
  loadUF2(uf2Bytes, flash);
  for (const [offset, bytes] of extras) flash.set(bytes, offset);
  return flash;
}

export class Board {
  // wiring: {spi, dc, cs, pixel, nvm_offset, nvm_size, keys: {NAME: [gpio,
  // active level]}} (wiring.py); bootrom: bootromWords(); flashCache:
  // model the XIP cache's misses (false: the ideal flash of rp2040js).
  constructor({ wiring, bootrom, flashCache = true, xipMiss = 0 }, flash) {
    this.wiring = wiring;
    const mcu = (this.mcu = new RP2040()); // its default clock is virtual
    this.clock = mcu.clock;
    mcu.loadBootrom(bootrom);
    mcu.flash.set(flash);
    mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
    this.cycleNs = 1e9 / mcu.clkSys; // one system clock, in emulated ns
    mcu.addClockListener((hz) => { this.cycleNs = 1e9 / hz; });
    this.xip = flashCache ? new XipCache({ missCycles: xipMiss }).attach(mcu) : null;
    this.console = '';
    this.pendingText = '';
    this.pendingTimes = [];
    this.halted = null;
    this.cut = null; // {after: writes to skip, bytes: bytes of the cutting write to apply}
    this.flashOps = 0;
    this.nvmWrites = 0; // flash operations in the NVM: erases and programs
    this.nvmErases = 0;
    this.nvmLog = []; // [op, offset in the NVM, bytes] of each NVM operation
    this.flashOpDivider = 0; // SSI BAUDR at the last erase or program
    this.fb = new Uint8Array(FB_W * FB_H * 2);
    this.frames = 0;
    this.lastFrameNs = 0;
    this.frameLog = [];
    this.pixelLog = []; // emulated ns at which each NeoPixel write began
    this.pixelBits = [];
    this.pixelBytes = [];
    this.pixelFrames = 0;
    this.eraseAt = romFunction(bootrom, 0x4552); // 'RE'
    this.programAt = romFunction(bootrom, 0x5052); // 'RP'
    this.breaks = [];
    this.idleNs = 0; // emulated time the core spent asleep (WFI)
    this.samples = [];
    this.watchPc = -1;
    this.watchMin = 0;
    this.watched = [];
    this.sampleNs = 0;
    this.sampleAt = 0;
    mcu.onBreak = (code) => {
      // A BKPT with no debugger: TinyUSB's asserts break when they think
      // one is attached. Note it and go on, as the chip's firmware expects.
      const c = this.mcu.core;
      if (this.breaks.length < 20) this.breaks.push(`bkpt ${code} at 0x${(c.PC >>> 0).toString(16)} lr 0x${(c.LR >>> 0).toString(16)}`);
      c.breakRewind = 0;
    };
    this.fixBootsel();
    this.fixUSB();
    this.fixSPI();
    this.watchPixels();
    for (const pio of mcu.pio) pio.run = () => {}; // run() steps them
    mcu.core.PC = 0x10000000;
    for (const name of Object.keys(wiring.keys || {})) this.setKey(name, false);
  }

  setKey(name, down) {
    // A key (wiring.keys' name: A, B, X, Y, UP, ...) pressed or let go: the
    // level its switch puts on its GPIO.
    const [gpio, active] = this.wiring.keys[name];
    this.mcu.gpio[gpio].setInputValue(!!active === !!down);
  }

  nvm() {
    // The NVM's bytes as the flash holds them now (a copy).
    const { nvm_offset: nvmOffset, nvm_size: nvmSize } = this.wiring;
    return this.mcu.flash.slice(nvmOffset, nvmOffset + nvmSize);
  }

  fixBootsel() {
    const ss = this.mcu.qspi[1];
    let pad = ss.padValue | 0x40;
    Object.defineProperty(ss, 'padValue', {
      get: () => pad,
      set: (v) => { pad = v | 0x40; },
    });
    ss.setInputValue(true);
  }

  fixUSB() {
    const cdc = (this.cdc = new USBCDC(this.mcu.usbCtrl));
    const usb = this.mcu.usbCtrl;
    this.outPending = null;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== cdc.outEndpoint) return;
      if (cdc.txFIFO.empty) this.outPending = { endpoint, size };
      else this.answerOut(endpoint, size);
    };
    cdc.onSerialData = (buf) => {
      const text = String.fromCharCode.apply(null, buf);
      this.console += text;
      this.pendingText += text;
      // When each line ended, in emulated ms (for timings read off the
      // console, such as the AI's thinking time between two trace lines).
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
        this.pendingTimes.push(this.clock.nanos / 1e6);
      }
    };
  }

  answerOut(endpoint, size) {
    const fifo = this.cdc.txFIFO;
    const buf = new Uint8Array(Math.min(size, fifo.itemCount));
    for (let i = 0; i < buf.length; i++) buf[i] = fifo.pull();
    this.mcu.usbCtrl.endpointReadDone(endpoint, buf);
  }

  sendSerial(text) {
    for (let i = 0; i < text.length; i++) this.cdc.sendSerialByte(text.charCodeAt(i) & 0xff);
    if (this.outPending) {
      const { endpoint, size } = this.outPending;
      this.outPending = null;
      this.answerOut(endpoint, size);
    }
  }

  fixSPI() {
    const spi = this.mcu.spi[this.wiring.spi];
    const gpio = this.mcu.gpio;
    const { dc, cs } = this.wiring;
    const done = this.clock.createAlarm(() => spi.completeTransmit(0));
    this.lcd = { cmd: -1, args: [], x0: 0, x1: FB_W - 1, y0: 0, y1: FB_H - 1, x: 0, y: 0, hi: -1, writing: false };
    // A pixel burst ends with the transaction that carried its pixels
    // (chip select released), not only at the next command, which may come
    // with the next refresh. (displayio releases it after the RAMWR command
    // too, before it composes the pixels: that does not end the burst.)
    gpio[cs].addListener((state) => {
      if (state === GPIOPinState.High && this.lcd.writing && this.lcd.pixels) this.frameDone();
    });
    spi.onTransmit = (value) => {
      if (!gpio[cs].outputValue) this.lcdByte(value & 0xff, gpio[dc].outputValue);
      const hz = spi.clockFrequency || 1e6;
      done.schedule(Math.max(1, Math.round((spi.dataBits * 1e9) / hz)));
    };
  }

  lcdByte(b, isData) {
    const s = this.lcd;
    if (!isData) {
      if (s.writing) this.frameDone();
      s.cmd = b;
      s.args = [];
      s.writing = b === 0x2c;
      s.x = s.x0;
      s.y = s.y0;
      s.hi = -1;
      if (s.writing) s.started = this.clock.nanos;
      return;
    }
    if (s.cmd === 0x2a || s.cmd === 0x2b) {
      s.args.push(b);
      if (s.args.length === 4) {
        const a = (s.args[0] << 8) | s.args[1];
        const z = (s.args[2] << 8) | s.args[3];
        if (s.cmd === 0x2a) { s.x0 = a; s.x1 = z; } else { s.y0 = a; s.y1 = z; }
      }
    } else if (s.writing) {
      if (s.hi < 0) { s.hi = b; return; }
      if (s.x < FB_W && s.y < FB_H) {
        const j = 2 * (s.y * FB_W + s.x);
        this.fb[j] = s.hi;
        this.fb[j + 1] = b;
      }
      s.hi = -1;
      s.pixels = (s.pixels || 0) + 1;
      if (++s.x > s.x1) { s.x = s.x0; s.y++; }
    }
  }

  frameDone() {
    // One RAMWR burst finished (the next command byte ends it).
    const s = this.lcd;
    s.writing = false;
    this.frames++;
    this.lastFrameNs = this.clock.nanos;
    if (this.frameLog.length < 20000) this.frameLog.push([s.started, this.clock.nanos, s.pixels || 0, s.x0, s.y0, s.x1, s.y1]);
    s.pixels = 0;
  }

  watchPixels() {
    const pin = this.mcu.gpio[this.wiring.pixel];
    if (!pin) return;
    // A neopixel_write starts by handing the pin to a PIO: a new chain frame.
    let ctrl = pin.ctrl;
    Object.defineProperty(pin, 'ctrl', {
      get: () => ctrl,
      set: (v) => {
        if ((v & 0x1f) !== (ctrl & 0x1f) && ((v & 0x1f) === 6 || (v & 0x1f) === 7)) {
          this.pixelBits = [];
          if (this.pixelLog.length < 20000) this.pixelLog.push(this.clock.nanos);
        }
        ctrl = v;
      },
    });
    let roseAt = -1;
    const pioCycles = () => {
      let n = 0;
      for (const pio of this.mcu.pio) for (const m of pio.machines) n += m.cycles;
      return n;
    };
    pin.addListener((state) => {
      if ((ctrl & 0x1f) !== 6 && (ctrl & 0x1f) !== 7) return;
      if (state === GPIOPinState.High) {
        roseAt = pioCycles();
      } else if (state === GPIOPinState.Low && roseAt >= 0) {
        // CircuitPython's WS2812 program holds a 1 high for one more
        // instruction (jmp [4]) than a 0: as rp2040js counts cycles, a 0
        // measures 8 and a 1 measures 18.
        this.pixelBits.push(pioCycles() - roseAt > 12 ? 1 : 0);
        roseAt = -1;
        if (this.pixelBits.length % 8 === 0) {
          const bits = this.pixelBits;
          const n = bits.length / 8;
          const bytes = [];
          for (let i = 0; i < n; i++) {
            let v = 0;
            for (let k = 0; k < 8; k++) v = (v << 1) | bits[8 * i + k];
            bytes.push(v);
          }
          this.pixelBytes = bytes;
          this.pixelFrames++;
        }
      }
    });
  }

  flashHook() {
    // Called when the core is about to run a ROM flash function.
    const core = this.mcu.core;
    const r = core.registers;
    const addr = r[0] >>> 0;
    this.flashOps++;
    const isErase = core.PC === this.eraseAt;
    const count = isErase ? r[1] >>> 0 : r[2] >>> 0;
    const { nvm_offset: nvmOffset, nvm_size: nvmSize } = this.wiring;
    const inNvm = addr < nvmOffset + nvmSize && addr + count > nvmOffset;
    let apply = count;
    if (inNvm) {
      this.nvmWrites++;
      if (isErase) this.nvmErases++;
      if (this.nvmLog.length < 100000) this.nvmLog.push([isErase ? 'erase' : 'program', addr - nvmOffset, count]);
      if (this.cut) {
        if (this.cut.after > 0) this.cut.after--;
        else {
          apply = Math.min(count, this.cut.bytes);
          this.halted = `power cut during ${isErase ? 'erase' : 'program'} of ${count} bytes at 0x${addr.toString(16)}, after ${apply}`;
          this.cut = null;
        }
      }
    }
    // The SSI's divider as the boot ROM's flash routines left it: the
    // flash's clock for erases and programs (clk_sys / it).
    this.flashOpDivider = this.mcu.peripherals[0x18000].baudr;
    const flash = this.mcu.flash;
    if (this.xip) this.xip.flush();
    if (isErase) {
      flash.fill(0xff, addr, addr + apply);
    } else {
      const src = r[1] >>> 0;
      for (let i = 0; i < apply; i++) flash[addr + i] &= this.mcu.readUint8(src + i);
    }
    core.PC = core.LR & ~1;
  }

  clocks() {
    // The clocks as the firmware set them: clk_sys, clk_peri, and the
    // display bus's SPI bit rate (Hz).
    const { mcu } = this;
    return { clk_sys_hz: mcu.clkSys, clk_peri_hz: mcu.clkPeri, spi_hz: mcu.spi[this.wiring.spi].clockFrequency };
  }

  run(limitNs, stop) {
    // Run until limitNs of virtual time, a halt, or stop() says so.
    const { mcu, clock } = this;
    const core = mcu.core;
    const pios = mcu.pio;
    const pioDebt = [0, 0]; // system clocks each PIO block has not stepped yet
    const eraseAt = this.eraseAt;
    const programAt = this.programAt;
    const xip = this.xip;
    const watchPc = this.watchPc; // (set between commands)
    const sampleNs = this.sampleNs;
    let checks = 0;
    while (clock.nanos < limitNs && !this.halted) {
      if (core.waiting) {
        if (wfiWakes(core)) {
          core.waiting = false;
          continue;
        }
        const step = Math.max(Math.min(clock.nanosToNextAlarm, limitNs - clock.nanos), this.cycleNs);
        this.idleNs += step; // asleep: skipped to the next alarm at once
        clock.tick(step);
      } else {
        const pc = core.PC;
        if (pc === eraseAt || pc === programAt) {
          this.flashHook();
          continue;
        }
        if (pc === watchPc && (core.registers[0] >>> 0) >= this.watchMin && this.watched.length < 40000) {
          this.watched.push(clock.nanos, core.registers[0] >>> 0, core.LR >>> 0);
        }
        const cycles = core.executeInstruction() + (xip ? xip.takeStall() : 0);
        clock.tick(cycles * this.cycleNs); // (the listener may change it)
        if (sampleNs && clock.nanos >= this.sampleAt) {
          // A profile: the program counter every sampleNs of virtual time.
          this.sampleAt = clock.nanos + sampleNs;
          if (this.samples.length < 2000000) this.samples.push(clock.nanos, pc);
        }
        if (!pios[0].stopped || !pios[1].stopped) {
          // rp2040js steps its PIOs from a wall-clock timer; step them here
          // instead, at clk_sys / CLKDIV (CircuitPython's NeoPixel program:
          // 12.8 MHz at any clk_sys).
          for (let k = 0; k < 2; k++) {
            const pio = pios[k];
            if (pio.stopped) continue;
            const div = pioDivider(pio);
            pioDebt[k] += cycles;
            while (pioDebt[k] >= div) {
              pioDebt[k] -= div;
              pio.step();
            }
          }
        }
      }
      if (++checks >= 4096) {
        checks = 0;
        if (stop && stop()) return true;
      }
    }
    return false;
  }

  takeText() {
    const t = { text: this.pendingText, times: this.pendingTimes };
    this.pendingText = '';
    this.pendingTimes = [];
    return t;
  }
}
