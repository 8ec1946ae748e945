// The emulated handheld, in a worker so that the page stays responsive: the
// same board.mjs as the Node runner of the firmware gates.
//
// The emulated clock is the chip's own, at the frequency the firmware
// set (board.mjs follows clk_sys: 200 MHz once MINIGAM's start-up set it).
// The worker runs it in slices of a
// few wall milliseconds, never ahead of the wall clock (the game must not
// run faster than on a Pico), and when the computer is too slow it simply
// falls behind: the firmware sees a true clock, the player a slower game.
// Time the core sleeps (WFI) costs nothing: the board skips to its next
// alarm at once.
//
// Messages in:  {type: 'boot', uf2, bootrom, wiring, nvm?, paced?}
//               (paced false: as fast as the computer can, to measure it)
//               {type: 'key', name, down}  a key pressed or let go
//               {type: 'pause', paused}    the page hidden, or shown again
//               {type: 'power'}            switch off and on (flash kept)
//               {type: 'erase'}            erase the NVM, then power on
// Messages out: {type: 'clock', t_ms, last_ms, draws, mhz}  every turn
//               (draws: [from, to] emulated ms of each pixel burst to the
//               panel; mhz: clk_sys)
//               {type: 'frame', width, height, view (RGB565), frames}
//               {type: 'pixels', colours}
//               {type: 'nvm', bytes}       after the firmware wrote its NVM
//               {type: 'console', text, line_ms}
//               {type: 'speed', speed, busy}
//               {type: 'error', message}

import { Board, bootromWords, flashImage } from '../minigam/host/emu/board.mjs';
import { panelView, pixelColours } from '../minigam/host/emu/panel.mjs';

const SLICE_MS = 12; // wall time of emulation between two looks at the queue
const FRAME_MS = 33; // at most one picture to the page this often (wall):
// 30 a second; each costs the emulation time, and more slowed a redraw
const SPEED_MS = 2000; // the speed is measured over this much wall time
const BEHIND_MS = 40; // further behind than this: do not rush to catch up
const MIN_HOLD_MS = 40; // a key is held at least this long, emulated
const MIN_GAP_MS = 40; // and let go at least this long before it is pressed again

let board = null;
let config = null;
let keys = null; // {name: {down, since (emulated ns), queue: [down, ...]}}
let anchor = null; // {wall, nanos}: the real-time pace runs from here
let last = null; // what the page was last sent
let measured = null; // {wall, nanos, idle}: the speed window's start
const yieldChannel = new MessageChannel(); // a turn without setTimeout's clamp
yieldChannel.port1.onmessage = () => turn();
let scheduled = false;
let paused = false; // the page is hidden: the chip's time stands still

function post(msg, transfer) {
  self.postMessage(msg, transfer || []);
}

function start(flash) {
  board = new Board(config, flash);
  keys = {};
  for (const name of Object.keys(config.wiring.keys)) keys[name] = { down: false, since: -1e12, queue: [] };
  last = { frames: -1, frameWall: 0, pixelFrames: -1, nvmWrites: 0 };
  paceFromNow();
}

function paceFromNow() {
  // The real-time pace and the speed window start again here (a new board,
  // or the page shown again after a pause).
  anchor = { wall: performance.now(), nanos: board.clock.nanos };
  measured = { wall: anchor.wall, nanos: board.clock.nanos, idle: board.idleNs };
  schedule(0);
}

function schedule(delayMs) {
  if (scheduled) return;
  scheduled = true;
  if (delayMs > 0) setTimeout(() => { scheduled = false; turn(); }, delayMs);
  else yieldChannel.port2.postMessage(0);
}

function keyEvent(name, down) {
  // Key changes wait in a queue of their own, so that on a slow computer a
  // quick tap still holds the key MIN_HOLD_MS and lets it go MIN_GAP_MS
  // before the next press, emulated: no tap is lost or merged.
  const key = keys && keys[name];
  if (!key) return;
  const lastWanted = key.queue.length ? key.queue[key.queue.length - 1] : key.down;
  if (lastWanted !== !!down) key.queue.push(!!down);
  applyKeys();
}

function applyKeys() {
  // Apply the queued key changes that are due; the emulated ns of the next
  // one still to come (Infinity: none).
  let next = Infinity;
  const now = board.clock.nanos;
  // A key may change once held MIN_HOLD_MS, or let go MIN_GAP_MS.
  const due = (key) => key.since + (key.down ? MIN_HOLD_MS : MIN_GAP_MS) * 1e6;
  for (const [name, key] of Object.entries(keys)) {
    if (key.queue.length && due(key) <= now) {
      key.down = key.queue.shift();
      key.since = now;
      board.setKey(name, key.down);
    }
    if (key.queue.length) next = Math.min(next, due(key));
  }
  return next;
}

function turn() {
  scheduled = false;
  if (!board || paused) return;
  const wall = performance.now();
  const clock = board.clock;
  let paced = config.paced ? anchor.nanos + (wall - anchor.wall) * 1e6 : clock.nanos + 1e9;
  if (paced - clock.nanos > BEHIND_MS * 1e6) {
    // Slower than the chip: go on from here, without a rush to catch up.
    anchor = { wall, nanos: clock.nanos };
    paced = clock.nanos + SLICE_MS * 1e6;
  }
  const sliceEnd = wall + SLICE_MS;
  while (clock.nanos < paced && !board.halted) {
    const limit = Math.min(paced, applyKeys());
    if (board.run(limit, () => performance.now() >= sliceEnd)) break;
  }
  applyKeys();
  report();
  if (board.halted) {
    post({ type: 'error', message: board.halted });
    return;
  }
  // Ahead of the wall clock: wait until the chip's time comes.
  const aheadMs = (clock.nanos - anchor.nanos) / 1e6 - (performance.now() - anchor.wall);
  schedule(config.paced && aheadMs > 1 ? Math.min(aheadMs, 50) : 0);
}

function report() {
  const now = performance.now();
  const draws = board.frameLog.map((f) => [f[0] / 1e6, f[1] / 1e6]);
  board.frameLog = [];
  post({ type: 'clock', t_ms: board.clock.nanos / 1e6, last_ms: board.lastFrameNs / 1e6, draws, mhz: board.mcu.clkSys / 1e6 });
  const text = board.takeText();
  if (text.text) post({ type: 'console', text: text.text, line_ms: text.times });
  if (board.frames !== last.frames && now - last.frameWall >= FRAME_MS) {
    last.frames = board.frames;
    last.frameWall = now;
    const view = panelView(board.fb, config.wiring); // (the page makes it RGBA)
    post({ type: 'frame', width: config.wiring.width, height: config.wiring.height, view, frames: board.frames }, [view.buffer]);
  }
  if (board.pixelFrames !== last.pixelFrames) {
    last.pixelFrames = board.pixelFrames;
    post({ type: 'pixels', colours: pixelColours(board.pixelBytes) });
  }
  if (board.nvmWrites !== last.nvmWrites) {
    last.nvmWrites = board.nvmWrites;
    const bytes = board.nvm();
    post({ type: 'nvm', bytes }, [bytes.buffer]);
  }
  if (now - measured.wall >= SPEED_MS) {
    const emu = board.clock.nanos - measured.nanos;
    post({
      type: 'speed',
      speed: emu / 1e6 / (now - measured.wall),
      busy: emu > 0 ? 1 - (board.idleNs - measured.idle) / emu : 0,
    });
    measured = { wall: now, nanos: board.clock.nanos, idle: board.idleNs };
  }
}

self.onmessage = (event) => {
  const msg = event.data;
  try {
    if (msg.type === 'boot') {
      config = { wiring: msg.wiring, bootrom: bootromWords(new Uint8Array(msg.bootrom)), flashCache: true, paced: msg.paced !== false };
      const extras = msg.nvm ? [[msg.wiring.nvm_offset, new Uint8Array(msg.nvm).subarray(0, msg.wiring.nvm_size)]] : [];
      start(flashImage(new Uint8Array(msg.uf2), extras));
    } else if (msg.type === 'pause') {
      paused = !!msg.paused;
      if (!paused && board) paceFromNow();
    } else if (msg.type === 'key') {
      keyEvent(msg.name, msg.down);
    } else if (msg.type === 'power' || msg.type === 'erase') {
      const flash = board.mcu.flash.slice();
      if (msg.type === 'erase') flash.fill(0xff, config.wiring.nvm_offset, config.wiring.nvm_offset + config.wiring.nvm_size);
      start(flash);
    }
  } catch (e) {
    post({ type: 'error', message: String(e && e.message ? e.message : e) });
  }
};
