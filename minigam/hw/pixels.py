"""The dice indicator: what the NeoPixels (or an RGB LED) show.

Pure logic over any pixel sequence: an object with ``len()``,
``obj[i] = (r, g, b)`` and optionally ``show()`` (a ``neopixel.NeoPixel``
with ``auto_write=False``, a list, ``minigam.hw.rgbled.RGBLed``). Nothing blocks:
animations advance only in ``tick(now_ms)``, which writes the pixels (and
calls ``show()``) only when something changed.

What it shows, by pixel count n:

- n >= 12: two groups of six, pixels 0..5 for the first die, 6..11 for the
  second; die value v lights the first v pixels of its group in the mover's
  colour. Pixels 12.. stay dark.
- 2 <= n <= 11: pixel 0 is the first die, pixel n-1 the second, each in the
  colour of its value (``DIE_COLORS``); pixels between show the mover's
  colour, dim.
- n == 1: the pixel alternates between the two dice's colours
  (``ALT_SHOW_MS`` on, ``ALT_GAP_MS`` dark, per die).

A used die is shown at 1/4 intensity. ``roll()`` shows tumbling dice for
``duration_ms`` then the result; ``think()`` runs a chase (a pulse on one
pixel) in the mover's colour until another mode is set; ``show_mover()``
lights everything dimly in the mover's colour. ``brightness`` (0..1) scales
everything (0: dark; the board's idle dimming and blanking use it,
``minigam.hw.profile``).
"""

from minigam.compat import const
from minigam.hw.ticks import ticks_diff

# Colour of each die value 1..6 (index 0 unused): red, orange, yellow,
# green, blue, violet, the rainbow order, easy to learn.
DIE_COLORS = (
    (0, 0, 0),
    (255, 0, 0),
    (255, 96, 0),
    (255, 220, 0),
    (0, 255, 0),
    (0, 64, 255),
    (200, 0, 255),
)

PLAYER_COLORS = ((0, 0, 0), (255, 255, 255), (255, 0, 64))

OFF = const(0)
MOVER = const(1)
DICE = const(2)
ROLL = const(3)
THINK = const(4)

USED_LEVEL = const(64)  # of 256: a used die is dimmed to 1/4
MOVER_LEVEL = const(40)  # dim mover colour
ALT_SHOW_MS = const(700)
ALT_GAP_MS = const(150)
ROLL_FRAME_MS = const(70)
THINK_STEP_MS = const(90)
PULSE_MS = const(1000)


def _roll_face(k, salt):
    # A fixed, pseudo-random looking sequence of faces for the roll animation.
    return (k * 5 + salt * 3 + (k * k) % 7) % 6 + 1


class DiceIndicator:
    """Shows two dice, the mover, a roll and a thinking animation on pixels.

    :param pixels: pixel sequence (see module doc).
    :param count: pixels to use (default ``len(pixels)``).
    """

    def __init__(self, pixels, count=None):
        self.pixels = pixels
        n = len(pixels) if count is None else count
        if n < 1:
            raise ValueError("a dice indicator needs at least one pixel")
        self.count = n
        self._buf = bytearray(3 * n)  # frame being built (full intensity)
        self._out = bytearray(3 * n)  # what the pixels hold now (scaled)
        self._written = False
        self._bright = 255
        self._dirty = True
        self.mode = OFF
        self.d1 = 0
        self.d2 = 0
        self.used1 = False
        self.used2 = False
        self.player = 1
        self._t0 = 0
        self._roll_ms = 600
        self._started = False
        self._last_fid = -3

    # ----- settings
    @property
    def brightness(self):
        return self._bright / 255

    @brightness.setter
    def brightness(self, value):
        b = int(value * 255 + 0.5)
        self._bright = 0 if b < 0 else (255 if b > 255 else b)
        self._dirty = True

    # ----- modes
    def off(self):
        self.mode = OFF
        self._dirty = True

    def show_mover(self, player):
        """Light all pixels dimly in ``player``'s colour (1 or 2)."""
        self.mode = MOVER
        self.player = player
        self._dirty = True

    def show_dice(self, d1, d2, player=1, used1=False, used2=False, now_ms=None):
        """Show dice ``d1``, ``d2`` (1..6) rolled by ``player``."""
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise ValueError("dice must be 1..6")
        self.mode = DICE
        self.d1 = d1
        self.d2 = d2
        self.player = player
        self.used1 = used1
        self.used2 = used2
        if now_ms is not None:
            self._t0 = now_ms
            self._started = True
        else:
            self._started = False
        self._dirty = True

    def set_used(self, used1, used2):
        """Mark each die used (dimmed) or not."""
        if used1 != self.used1 or used2 != self.used2:
            self.used1 = used1
            self.used2 = used2
            self._dirty = True

    def roll(self, d1, d2, player, now_ms, duration_ms=600):
        """Tumble for ``duration_ms``, then show ``d1``, ``d2``."""
        self.show_dice(d1, d2, player)
        self.mode = ROLL
        self._t0 = now_ms
        self._started = True
        self._roll_ms = duration_ms

    def think(self, player, now_ms):
        """Thinking animation in ``player``'s colour until another mode is set."""
        self.mode = THINK
        self.player = player
        self._t0 = now_ms
        self._started = True
        self._dirty = True

    # ----- frame building
    def _set(self, i, c, level=256):
        j = 3 * i
        b = self._buf
        if level >= 256:
            b[j] = c[0]
            b[j + 1] = c[1]
            b[j + 2] = c[2]
        else:
            b[j] = (c[0] * level) >> 8
            b[j + 1] = (c[1] * level) >> 8
            b[j + 2] = (c[2] * level) >> 8

    def _clear(self):
        b = self._buf
        for j in range(len(b)):
            b[j] = 0

    def _dice_frame(self, d1, d2, used1, used2, elapsed):
        n = self.count
        l1 = USED_LEVEL if used1 else 256
        l2 = USED_LEVEL if used2 else 256
        if n >= 12:
            c = PLAYER_COLORS[self.player]
            for i in range(d1):
                self._set(i, c, l1)
            for i in range(d2):
                self._set(6 + i, c, l2)
        elif n >= 2:
            self._set(0, DIE_COLORS[d1], l1)
            self._set(n - 1, DIE_COLORS[d2], l2)
            c = PLAYER_COLORS[self.player]
            for i in range(1, n - 1):
                self._set(i, c, MOVER_LEVEL)
        else:
            period = 2 * (ALT_SHOW_MS + ALT_GAP_MS)
            ph = elapsed % period
            if ph < ALT_SHOW_MS:
                self._set(0, DIE_COLORS[d1], l1)
            elif ALT_SHOW_MS + ALT_GAP_MS <= ph < 2 * ALT_SHOW_MS + ALT_GAP_MS:
                self._set(0, DIE_COLORS[d2], l2)

    def frame(self, now_ms):
        """Build the frame for ``now_ms`` into the internal buffer (full intensity)."""
        self._clear()
        if self.mode == OFF:
            return
        if not self._started:
            self._t0 = now_ms
            self._started = True
        elapsed = ticks_diff(now_ms, self._t0)
        if elapsed < 0:
            elapsed = 0
        mode = self.mode
        if mode == ROLL:
            if elapsed >= self._roll_ms:
                self.mode = DICE
                self._t0 = now_ms
                mode = DICE
                elapsed = 0
            else:
                k = elapsed // ROLL_FRAME_MS
                self._dice_frame(_roll_face(k, 1), _roll_face(k + 3, 2), False, False, k * 467)
                return
        if mode == DICE:
            self._dice_frame(self.d1, self.d2, self.used1, self.used2, elapsed)
        elif mode == MOVER:
            c = PLAYER_COLORS[self.player]
            for i in range(min(self.count, 12)):
                self._set(i, c, MOVER_LEVEL)
        elif mode == THINK:
            c = PLAYER_COLORS[self.player]
            n = self.count
            if n >= 2:
                m = n if n < 12 else 12
                pos = (elapsed // THINK_STEP_MS) % m
                self._set(pos, c)
                self._set((pos + m - 1) % m, c, USED_LEVEL)
            else:
                ph = elapsed % PULSE_MS
                half = PULSE_MS // 2
                lv = ph if ph < half else PULSE_MS - ph
                self._set(0, c, 16 + (240 * lv) // half)

    def tick(self, now_ms):
        """Advance animations and write the pixels if anything changed.

        :return: True if the pixels were written.
        """
        fid = self._frame_id(now_ms)
        if not self._dirty and self._written and fid == self._last_fid:
            return False  # same picture as the last tick: nothing to do
        self._last_fid = fid
        self.frame(now_ms)
        self._dirty = False
        buf = self._buf
        out = self._out
        br = self._bright
        px = self.pixels
        changed = False
        for i in range(self.count):
            j = 3 * i
            r = (buf[j] * br + 127) // 255
            g = (buf[j + 1] * br + 127) // 255
            b = (buf[j + 2] * br + 127) // 255
            if not self._written or out[j] != r or out[j + 1] != g or out[j + 2] != b:
                out[j] = r
                out[j + 1] = g
                out[j + 2] = b
                px[i] = (r, g, b)
                changed = True
        self._written = True
        if changed:
            show = getattr(px, "show", None)
            if show is not None:
                show()
        return changed

    def _frame_id(self, now_ms):
        """A number that changes exactly when the animation's picture may."""
        mode = self.mode
        if mode == OFF or mode == MOVER or not self._started:
            return -1
        elapsed = ticks_diff(now_ms, self._t0)
        if elapsed < 0:
            elapsed = 0
        if mode == ROLL:
            if elapsed >= self._roll_ms:
                return -2  # settles: frame() switches to DICE
            return elapsed // ROLL_FRAME_MS
        if mode == THINK:
            if self.count == 1:
                return elapsed // 20
            return elapsed // THINK_STEP_MS
        if self.count == 1:  # DICE on one pixel: which of the four phases
            ph = elapsed % (2 * (ALT_SHOW_MS + ALT_GAP_MS))
            return (elapsed // (2 * (ALT_SHOW_MS + ALT_GAP_MS))) * 4 + (
                0 if ph < ALT_SHOW_MS else 1 if ph < ALT_SHOW_MS + ALT_GAP_MS
                else 2 if ph < 2 * ALT_SHOW_MS + ALT_GAP_MS else 3)
        return -1

    def color(self, i):
        """The (r, g, b) last written to pixel ``i`` (brightness applied)."""
        j = 3 * i
        o = self._out
        return (o[j], o[j + 1], o[j + 2])
