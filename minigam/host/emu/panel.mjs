// The panel's memory as the player sees it, and the dice pixels' colours:
// pure functions over what board.mjs decodes, shared by the Node runner,
// the browser worker and the page (which must not load rp2040js itself).

export const FB_W = 320; // the panel memory board.mjs fills (the largest
export const FB_H = 320; // ST7789 window)

export function panelView(fb, { width, height, col0 = 0, row0 = 0, rotation = 0 }, out) {
  // The picture as the player sees it: the panel memory's window at (col0,
  // row0), turned as the profile mounts the panel (displayio turns the
  // picture in software for 90 and 270). RGB565, high byte first, width x
  // height, into `out` (made when not given).
  const w = width;
  const h = height;
  const stride = 2 * FB_W;
  const nw = rotation === 90 || rotation === 270 ? h : w;
  const nh = rotation === 90 || rotation === 270 ? w : h;
  out = out || new Uint8Array(2 * w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx = x;
      let ny = y;
      if (rotation === 90) { nx = nw - 1 - y; ny = x; }
      else if (rotation === 270) { nx = y; ny = nh - 1 - x; }
      else if (rotation === 180) { nx = nw - 1 - x; ny = nh - 1 - y; }
      const from = (ny + row0) * stride + 2 * (nx + col0);
      const to = 2 * (y * w + x);
      out[to] = fb[from];
      out[to + 1] = fb[from + 1];
    }
  }
  return out;
}

export function rgb565ToRgba(view, out) {
  // RGB565 (high byte first) to RGBA8888, each channel scaled to 0..255 with
  // rounding, as the host's frame_rgb does.
  const n = view.length >> 1;
  out = out || new Uint8ClampedArray(4 * n);
  for (let i = 0; i < n; i++) {
    const v = (view[2 * i] << 8) | view[2 * i + 1];
    out[4 * i] = (((v >> 11) & 0x1f) * 527 + 23) >> 6;
    out[4 * i + 1] = (((v >> 5) & 0x3f) * 259 + 33) >> 6;
    out[4 * i + 2] = ((v & 0x1f) * 527 + 23) >> 6;
    out[4 * i + 3] = 255;
  }
  return out;
}

export function pixelColours(bytes) {
  // The NeoPixel chain's colours, [[r, g, b], ...] (GRB on the wire).
  const out = [];
  for (let i = 0; i + 2 < bytes.length; i += 3) out.push([bytes[i + 1], bytes[i], bytes[i + 2]]);
  return out;
}
