// Headless Chromium (the distribution's, driven by puppeteer-core: no
// browser download) on the built page, for minigam/host/web/browser.py
// (host only: the browser test and the speed benchmark).
//
// Protocol, as the emulator's runner: one JSON command per stdin line, one
// JSON reply per command on stdout ({"error": ...} when it failed).
//   {cmd: 'open', url}             load the page, wait for its first frame
//   {cmd: 'poll', since, lines}    console text from index `since`, the
//                                  line end times from index `lines`, and
//                                  the page's clock, frames, speed
//   {cmd: 'key', name, down}       a handheld key pressed or let go
//   {cmd: 'timeline'}              [wall ms, emulated ms] at each worker turn,
//                                  and the panel's pixel bursts since last asked
//   {cmd: 'canvas'}                the panel's pixels as the canvas shows them
//   {cmd: 'nvm'}                   the NVM the page stored (base64)
//   {cmd: 'store_nvm', data}       store this instead (base64), for the next load
//   {cmd: 'screenshot', path}      a PNG of the page
//   {cmd: 'reload'}                reload the page (the stored NVM stays)
//   {cmd: 'quit'}
// Arguments: --chromium PATH [--width W --height H]

import { createInterface } from 'node:readline';
import puppeteer from 'puppeteer-core';

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const send = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');

const browser = await puppeteer.launch({
  executablePath: args.chromium,
  headless: true,
  // (CI runs as root, where Chromium's sandbox cannot start)
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-timer-throttling', '--disable-renderer-backgrounding'],
  defaultViewport: { width: Number(args.width || 1100), height: Number(args.height || 900) },
});
const page = await browser.newPage();
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(String(e.message || e)));
page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
// The page must load nothing from elsewhere: every request stays on the
// server it came from (or is a data: URL).
let origin = null;
page.on('request', (r) => {
  const url = r.url();
  if (origin && !url.startsWith(origin) && !url.startsWith('data:')) pageErrors.push(`loaded from elsewhere: ${url}`);
});

async function started() {
  await page.waitForFunction(() => window.minigam && (window.minigam.frames > 0 || window.minigam.error), { timeout: 120000, polling: 100 });
  const error = await page.evaluate(() => window.minigam.error);
  if (error) throw new Error(`the page: ${error}`);
}

const handlers = {
  async open(c) {
    origin = new URL(c.url).origin + '/';
    await page.goto(c.url, { waitUntil: 'load' });
    await started();
    return {};
  },
  async poll(c) {
    return page.evaluate((since, lines) => {
      const m = window.minigam;
      return { text: m.console.slice(since), line_ms: m.lineMs.slice(lines), t_ms: m.t_ms, frames: m.frames, last_frame_ms: m.lastFrameMs, speed: m.speed, busy: m.busy, board_error: m.error };
    }, c.since || 0, c.lines || 0);
  },
  async key(c) {
    await page.evaluate((name, down) => window.minigam.key(name, down), c.name, !!c.down);
    return {};
  },
  async timeline() {
    // [[wall ms, emulated ms], ...] since last asked
    return page.evaluate(() => ({ timeline: window.minigam.timeline.splice(0), draws: window.minigam.draws.splice(0) }));
  },
  async canvas() {
    const got = await page.evaluate(() => ({ data: window.minigam.canvas(), size: window.minigam.size }));
    return { data: got.data, w: got.size[0], h: got.size[1] };
  },
  async nvm() {
    return { data: await page.evaluate(() => window.minigam.nvm()) };
  },
  async store_nvm(c) {
    // What the page will find in its storage at the next load (base64).
    await page.evaluate((data) => localStorage.setItem('minigam-nvm', data), c.data);
    return {};
  },
  async screenshot(c) {
    await page.screenshot({ path: c.path, fullPage: true });
    return {};
  },
  async reload() {
    await page.reload({ waitUntil: 'load' });
    await started();
    return {};
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let c;
  try {
    c = JSON.parse(line);
  } catch (e) {
    send({ error: `bad command line: ${e.message}` });
    continue;
  }
  if (c.cmd === 'quit') break;
  const h = handlers[c.cmd];
  if (!h) {
    send({ error: `unknown command ${c.cmd}` });
    continue;
  }
  try {
    const reply = await h(c);
    if (pageErrors.length) reply.page_errors = pageErrors.splice(0);
    send({ ok: true, ...reply });
  } catch (e) {
    send({ error: `${c.cmd}: ${e.message || e}`, page_errors: pageErrors.splice(0) });
  }
}
await browser.close();
