// The page around the emulated handheld: its panel on a canvas at an
// integer scale, the NeoPixel dice beside it, keys from the keyboard and
// from on-screen buttons, the NVM kept in the browser's storage, and the
// emulated speed. The emulation itself runs in worker.mjs.
//
// handheld.json (written by `make web`) says which firmware to boot and how
// the board is wired; ?firmware=FILE.uf2 boots another UF2 from this folder
// (the browser test boots one whose drive prints the app's states), and
// ?pace=off runs it as fast as the computer can (to measure the speed).
//
// window.minigam is a small API for the browser test and the curious:
// key(name, down), console, frames, t_ms, mhz (clk_sys), speed, canvas()
// (the panel's pixels as shown), nvm() (the stored NVM, base64), timeline
// ([wall ms, emulated ms] at each of the worker's turns), draws ([from, to]
// emulated ms of each pixel burst to the panel), ready (a promise).

import { rgb565ToRgba } from '../minigam/host/emu/panel.mjs';

const STORE = 'minigam-nvm'; // localStorage key: the NVM, base64
const DOTS = 12; // NeoPixels drawn, at most

function base64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function unbase64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function storedNvm(size) {
  try {
    const text = localStorage.getItem(STORE);
    if (!text) return null;
    const bytes = unbase64(text);
    return bytes.length === size ? bytes : null; // another layout: not ours
  } catch (e) {
    return null; // storage refused or corrupt: start blank, as a new board
  }
}

async function fetchBytes(url) {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url}: ${reply.status} ${reply.statusText}`);
  return reply.arrayBuffer();
}

async function main() {
  const $ = (id) => document.getElementById(id);
  const status = $('status');
  const api = (window.minigam = { console: '', lineMs: [], timeline: [], draws: [], frames: 0, t_ms: 0, mhz: 0, lastFrameMs: 0, speed: 0, busy: 0, error: null });
  let signalReady;
  api.ready = new Promise((resolve) => { signalReady = resolve; });

  const handheld = await (await fetch('handheld.json')).json();
  const wiring = handheld.wiring;
  const params = new URLSearchParams(location.search);
  const firmware = params.get('firmware') || handheld.firmware;
  if (!/^[\w.-]+\.uf2$/.test(firmware)) throw new Error(`firmware ${firmware}: a .uf2 file of this folder, please`);
  $('firmware').textContent = firmware;

  // The panel, drawn at the largest integer scale that fits.
  const canvas = $('panel');
  const picture = new OffscreenCanvas(wiring.width, wiring.height);
  const pictureCtx = picture.getContext('2d');
  const ctx = canvas.getContext('2d');
  const image = new ImageData(wiring.width, wiring.height); // reused
  const fit = () => {
    const room = Math.min((window.innerWidth - 40) / wiring.width, (window.innerHeight * 0.75) / wiring.height);
    const scale = Math.max(1, Math.min(4, Math.floor(room)));
    canvas.width = wiring.width * scale;
    canvas.height = wiring.height * scale;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(picture, 0, 0, canvas.width, canvas.height);
  };
  window.addEventListener('resize', fit);
  fit();

  // The dice pixels as a monitor should show them (the simulator's way):
  // the current cap the device runs them at undone, and a gamma lift.
  const lift = (v) => Math.min(255, Math.floor(255 * Math.min(1, v / handheld.pixel_max / 255) ** 0.6));
  const dots = [];
  for (let i = 0; i < DOTS; i++) {
    const dot = document.createElement('span');
    dot.className = 'dot';
    $('pixels').appendChild(dot);
    dots.push(dot);
  }

  const worker = new Worker('worker.js', { type: 'module' });
  const key = (name, down) => {
    if (name in wiring.keys) worker.postMessage({ type: 'key', name, down });
  };
  api.key = key;
  api.canvas = () => {
    // The panel's pixels as the canvas shows them, one a panel pixel
    // (sampled at the scale's step), RGBA, base64.
    const scale = canvas.width / wiring.width;
    const shown = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const out = new Uint8Array(4 * wiring.width * wiring.height);
    for (let y = 0; y < wiring.height; y++) {
      for (let x = 0; x < wiring.width; x++) {
        const from = 4 * (y * scale * canvas.width + x * scale);
        out.set(shown.subarray(from, from + 4), 4 * (y * wiring.width + x));
      }
    }
    return base64(out);
  };
  api.nvm = () => localStorage.getItem(STORE);
  api.size = [wiring.width, wiring.height];

  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === 'clock') {
      api.t_ms = msg.t_ms;
      api.mhz = msg.mhz;
      api.lastFrameMs = msg.last_ms;
      if (api.timeline.length < 200000) api.timeline.push([performance.now(), msg.t_ms]);
      if (api.draws.length < 200000) api.draws.push(...msg.draws);
    } else if (msg.type === 'frame') {
      rgb565ToRgba(msg.view, image.data);
      pictureCtx.putImageData(image, 0, 0);
      ctx.drawImage(picture, 0, 0, canvas.width, canvas.height);
      api.frames = msg.frames;
      if (msg.frames) signalReady();
    } else if (msg.type === 'pixels') {
      msg.colours.slice(0, DOTS).forEach(([r, g, b], i) => {
        const lit = r || g || b;
        dots[i].style.background = lit ? `rgb(${lift(r)},${lift(g)},${lift(b)})` : '';
      });
    } else if (msg.type === 'nvm') {
      try {
        localStorage.setItem(STORE, base64(msg.bytes));
      } catch (e) {
        status.textContent = `the browser refused to store the saves: ${e.message}`;
      }
    } else if (msg.type === 'console') {
      api.console += msg.text;
      api.lineMs.push(...msg.line_ms);
      const pre = $('console');
      pre.textContent = (pre.textContent + msg.text).slice(-20000);
    } else if (msg.type === 'speed') {
      api.speed = msg.speed;
      api.busy = msg.busy;
      $('speed').textContent = `${msg.speed.toFixed(2)} emulated s per s`;
      $('clock').textContent = `${(api.t_ms / 1000).toFixed(1)} s since power-on, ${api.mhz} MHz`;
    } else if (msg.type === 'error') {
      api.error = msg.message;
      status.textContent = `the emulated board stopped: ${msg.message}`;
    }
  };
  worker.onerror = (e) => {
    api.error = e.message;
    status.textContent = `the emulator failed: ${e.message}`;
  };

  // Keys: the keyboard, as in the desktop simulator.
  const held = new Set();
  window.addEventListener('keydown', (e) => {
    const name = handheld.keyboard[e.key];
    if (!name || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    if (e.repeat) return; // the firmware repeats held direction keys itself
    held.add(e.key);
    key(name, true);
  });
  window.addEventListener('keyup', (e) => {
    const name = handheld.keyboard[e.key];
    if (!name || !held.has(e.key)) return;
    held.delete(e.key);
    key(name, false);
  });
  window.addEventListener('blur', () => {
    for (const k of held) key(handheld.keyboard[k], false);
    held.clear();
  });
  for (const [name, label] of handheld.labels) {
    const row = $('keys').insertRow();
    row.insertCell().textContent = name;
    row.insertCell().textContent = label.replaceAll(' / ', ', ');
  }
  // On-screen buttons, for touch screens and mice.
  for (const button of document.querySelectorAll('[data-key]')) {
    const name = button.dataset.key;
    if (!(name in wiring.keys)) {
      button.hidden = true;
      continue;
    }
    const up = () => key(name, false);
    button.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      button.setPointerCapture(e.pointerId);
      key(name, true);
    });
    button.addEventListener('pointerup', up);
    button.addEventListener('pointercancel', up);
  }
  // A hidden page costs no computing: the chip's time stands still.
  document.addEventListener('visibilitychange', () => worker.postMessage({ type: 'pause', paused: document.hidden }));
  $('power').addEventListener('click', () => worker.postMessage({ type: 'power' }));
  $('erase').addEventListener('click', () => {
    if (!confirm('Erase the saved game, the settings and the statistics?')) return;
    localStorage.removeItem(STORE);
    worker.postMessage({ type: 'erase' });
  });

  status.textContent = 'loading the firmware…';
  const [uf2, bootrom] = await Promise.all([fetchBytes(firmware), fetchBytes(handheld.bootrom)]);
  const nvm = storedNvm(wiring.nvm_size);
  const paced = params.get('pace') !== 'off';
  worker.postMessage({ type: 'boot', uf2, bootrom, wiring, nvm: nvm && nvm.buffer, paced }, [uf2, bootrom]);
  status.textContent = nvm ? 'booting; your saves are kept in this browser' : 'booting';
  await api.ready;
  status.textContent = '';
}

main().catch((e) => {
  document.getElementById('status').textContent = `the page could not start: ${e.message}`;
  window.minigam = Object.assign(window.minigam || {}, { error: e.message });
});
