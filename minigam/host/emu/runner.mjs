// The real CircuitPython firmware on an emulated RP2040, driven over
// stdin/stdout by minigam/host/emu/device.py (host only). The board itself
// (rp2040js with its workarounds, the panel and NeoPixel decoders, the
// flash timing model) is board.mjs, which the browser page runs too.
//
// Protocol: one JSON command per stdin line, one JSON reply per command on
// stdout. Console text from the board's USB serial port comes as
// {"console": "...", "line_ms": [...]} lines before the reply (line_ms: when
// each line of the text ended). Time is the emulator's own
// (virtual) clock: nothing here depends on the wall clock.
//
// Arguments: --bootrom FILE --uf2 FILE --wiring JSON (wiring.py's) and
// optionally --fs FILE (a CIRCUITPY image), --nvm FILE (the NVM's bytes),
// --flash-cache on|off, --xip-miss N.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Board, BoardError, FS_OFFSET, bootromWords, flashImage } from './board.mjs';
import { panelView } from './panel.mjs';

function fail(msg) {
  process.stdout.write(JSON.stringify({ error: msg }) + '\n');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { fs: null, nvm: null, 'flash-cache': 'on', 'xip-miss': 0 };
  for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (opts['flash-cache'] !== 'on' && opts['flash-cache'] !== 'off') fail('--flash-cache is on or off');
  if (!opts.bootrom || !opts.uf2 || !opts.wiring) fail('runner needs --bootrom FILE, --uf2 FILE and --wiring JSON');
  opts.wiring = JSON.parse(opts.wiring);
  return opts;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { wiring } = opts;
  const config = { wiring, flashCache: opts['flash-cache'] === 'on', xipMiss: Number(opts['xip-miss']) };
  const extras = [];
  if (opts.fs) extras.push([FS_OFFSET, readFileSync(opts.fs)]);
  if (opts.nvm) extras.push([wiring.nvm_offset, readFileSync(opts.nvm).subarray(0, wiring.nvm_size)]);
  let board;
  try {
    config.bootrom = bootromWords(readFileSync(opts.bootrom));
    board = new Board(config, flashImage(readFileSync(opts.uf2), extras));
  } catch (e) {
    fail(e instanceof BoardError ? e.message : String(e.stack || e));
  }
  const held = {}; // the keys the host pressed or let go, by name

  const send = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
  const flushText = () => {
    const t = board.takeText();
    if (t.text) send({ console: t.text, line_ms: t.times });
  };

  const handlers = {
    run(c) {
      // {ms, until?: a console line holding this, idle_ms?: quiet display time}
      const start = board.clock.nanos;
      const limit = start + c.ms * 1e6;
      const from = board.console.length;
      const until = c.until || null;
      const idleNs = c.idle_ms ? c.idle_ms * 1e6 : 0;
      const minNs = start + (c.min_ms || 0) * 1e6;
      let reason = 'time';
      const stop = () => {
        if (board.pendingText.length > 256) flushText();
        if (until) {
          // A whole line holding `until` (its newline has arrived too).
          const at = board.console.indexOf(until, from);
          if (at >= 0 && board.console.indexOf('\n', at) >= 0) { reason = 'until'; return true; }
        }
        if (idleNs && board.clock.nanos >= minNs && board.clock.nanos - Math.max(board.lastFrameNs, start) >= idleNs) {
          reason = 'idle';
          return true;
        }
        return false;
      };
      board.run(limit, stop);
      if (board.halted) reason = 'halted';
      flushText();
      return { t_ms: board.clock.nanos / 1e6, reason, halted: board.halted };
    },
    key(c) {
      // {name, down}: a key (the wiring's name) pressed or let go
      if (!(c.name in wiring.keys)) throw new Error(`the wiring has no key ${c.name}`);
      held[c.name] = !!c.down;
      board.setKey(c.name, !!c.down);
      return { t_ms: board.clock.nanos / 1e6 };
    },
    serial(c) {
      board.sendSerial(c.text);
      return {};
    },
    frame() {
      // The picture as the profile mounts the panel (wiring's geometry).
      const view = panelView(board.fb, wiring);
      return { w: wiring.width, h: wiring.height, frames: board.frames, data: Buffer.from(view).toString('base64') };
    },
    pixels() {
      return { frames: board.pixelFrames, bytes: board.pixelBytes };
    },
    flash(c) {
      const f = board.mcu.flash;
      return { data: Buffer.from(f.subarray(c.offset, c.offset + c.length)).toString('base64') };
    },
    stats() {
      return {
        t_ms: board.clock.nanos / 1e6,
        idle_ms: board.idleNs / 1e6, // asleep in WFI, skipped
        frames: board.frames,
        flash_ops: board.flashOps,
        nvm_writes: board.nvmWrites,
        nvm_erases: board.nvmErases,
        halted: board.halted,
        breaks: board.breaks,
        flash_op_divider: board.flashOpDivider,
        ...board.clocks(),
        flash_cache: !!board.xip,
        ...(board.xip ? board.xip.stats() : {}),
      };
    },
    frame_log() {
      const log = board.frameLog;
      board.frameLog = [];
      return { log };
    },
    nvm_log() {
      const log = board.nvmLog;
      board.nvmLog = [];
      return { log };
    },
    sample(c) {
      // {every_us}: from now on, note the program counter that often (0:
      // stop); returns the notes [ns, pc, ns, pc, ...] taken since last asked.
      const notes = board.samples;
      board.samples = [];
      board.sampleNs = Math.round((c.every_us || 0) * 1000);
      board.sampleAt = board.clock.nanos;
      return { samples: notes };
    },
    watch(c) {
      // {pc, min}: from now on, note [ns, r0, lr] each time the core
      // reaches pc with r0 >= min (who calls gc_collect, and how big an
      // allocation is); no pc: stop. Returns the notes since last asked.
      const got = board.watched;
      board.watched = [];
      board.watchPc = c.pc === undefined ? -1 : c.pc;
      board.watchMin = c.min || 0;
      return { watched: got };
    },
    pixel_log() {
      const log = board.pixelLog;
      board.pixelLog = [];
      return { log };
    },
    cut(c) {
      // Cut the power in NVM write number `after` (0 = the next) once
      // `bytes` of it are applied.
      board.cut = { after: c.after || 0, bytes: c.bytes || 0 };
      return {};
    },
    reset() {
      // Power off and on: the flash stays, everything else starts anew.
      const kept = board.mcu.flash.slice();
      board = new Board(config, kept);
      // What is wired to the pins (buttons at rest) stays as it was.
      for (const [name, down] of Object.entries(held)) board.setKey(name, down);
      return {};
    },
  };

  const rl = createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let c;
    try {
      c = JSON.parse(line);
    } catch (e) {
      send({ error: `bad command line: ${e.message}` });
      return;
    }
    if (c.cmd === 'quit') process.exit(0);
    const h = handlers[c.cmd];
    if (!h) {
      send({ error: `unknown command ${c.cmd}` });
      return;
    }
    try {
      send({ ok: true, ...h(c) });
    } catch (e) {
      send({ error: `${c.cmd}: ${e.stack || e}` });
    }
  });
  rl.on('close', () => process.exit(0));
  send({ ok: true, ready: true });
}

main();
