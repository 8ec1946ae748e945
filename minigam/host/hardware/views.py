"""Wiring views of the Pico builds (hardware/wiring-<profile>.svg), drawn
from the same pin data as the pin tables.

The Pico is drawn to scale from its datasheet (``pico``: 21 x 51 mm, 40
pins on the 2.54 mm grid, pin 1 top left by the USB socket), seen from its
component side. Every wire starts at the centre of the pad of the physical
pin it is soldered or plugged to, and ends at a pin of the part it feeds;
parts other than the Pico are not to scale. In the SVG, each wire (and each
pin a plug-on board takes through the header) carries
``data-from="pico:<physical pin>"``, ``data-signal="<pin name>"`` and
``data-to="<part>:<pin>"``, so a test can check every wire against the
profile and the datasheet.
"""

import functools

from minigam.host.hardware import wiring
from minigam.host.hardware import pico
from minigam.hw import pins as pinmap

S = 10.0  # px per mm on the Pico
FONT = "DejaVu Sans, Verdana, sans-serif"

DISPLAY_C = "#1565c0"
KEY_C = "#00838f"
DATA_C = "#6a1b9a"
VSYS_C = "#c62828"
VBUS_C = "#ad1457"
V3_C = "#ef6c00"
GND_C = "#212121"
ADDON_C = "#546e7a"
LED_C = "#8e24aa"

# The order of the roles in a display's pin rows.
ROLES = ("sck", "mosi", "miso", "cs", "dc", "rst", "backlight")

# The ILI9341 build's breakout, Adafruit 1770, SPI side: the pins drawn,
# top to bottom, with their printed labels (a generic red-PCB module has
# the same signals as VCC, SCK, SDI(MOSI), SDO(MISO), CS, DC, RESET, LED).
BREAKOUT_PINS = ("GND", "Vin", "3Vo", "CLK", "MISO", "MOSI", "CS", "D/C",
                 "RST", "Lite")


def fmt(v):
    return ("%.1f" % v).rstrip("0").rstrip(".")


def esc(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;"))


class View:
    """One SVG drawing with a Pico at (bx, by) (its top-left corner, px)."""

    def __init__(self, width, height, bx, by):
        self.w, self.h = width, height
        self.bx, self.by = bx, by
        self.back = []   # parts and boards, under the wires
        self.wires = []
        self.front = []  # labels, over the wires

    def pad(self, n):
        x, y = pico.pin_mm(n)
        return self.bx + x * S, self.by + y * S

    def pin_y(self, n):
        return self.pad(n)[1]

    # ----- primitives
    def text(self, x, y, s, size=12, anchor="start", fill="#212121",
             weight=None, layer=None, italic=False):
        extra = ' font-weight="%s"' % weight if weight else ""
        if italic:
            extra += ' font-style="italic"'
        (self.front if layer is None else layer).append(
            '<text x="%s" y="%s" font-size="%s" text-anchor="%s" fill="%s"%s>'
            '%s</text>' % (fmt(x), fmt(y), fmt(size), anchor, fill, extra,
                           esc(s)))

    def lines(self, x, y, rows, size=12, gap=None, **kw):
        """Several lines of text from (x, y) down."""
        gap = gap or size * 1.35
        for k, row in enumerate(rows):
            self.text(x, y + k * gap, row, size=size, **kw)

    def rect(self, x, y, w, h, fill="none", stroke="#424242", rx=0, width=1.5,
             dash=None, layer=None, attrs=""):
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        (self.back if layer is None else layer).append(
            '<rect%s x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" '
            'stroke="%s" stroke-width="%s"%s/>' % (
                attrs, fmt(x), fmt(y), fmt(w), fmt(h), fmt(rx), fill, stroke,
                fmt(width), d))

    def circle(self, x, y, r, fill, stroke="none", width=1, layer=None,
               attrs=""):
        (self.back if layer is None else layer).append(
            '<circle%s cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" '
            'stroke-width="%s"/>' % (attrs, fmt(x), fmt(y), fmt(r), fill,
                                     stroke, fmt(width)))

    def dot(self, x, y, colour):
        """A junction: wires meeting here are joined."""
        self.circle(x, y, 4.5, colour, layer=self.front)

    def wire(self, points, colour, frm=None, signal=None, to=None, dash=None,
             width=3, cls="wire"):
        attrs = ' class="%s"' % cls
        if frm is not None:
            attrs += ' data-from="%s"' % esc(frm)
        if signal is not None:
            attrs += ' data-signal="%s"' % esc(signal)
        if to is not None:
            attrs += ' data-to="%s"' % esc(to)
        if dash:
            attrs += ' stroke-dasharray="%s"' % dash
        self.wires.append(
            '<polyline%s points="%s" fill="none" stroke="%s" stroke-width="%s" '
            'stroke-linejoin="round" stroke-linecap="round"/>' % (
                attrs, " ".join("%s,%s" % (fmt(x), fmt(y))
                                for x, y in points), colour, fmt(width)))

    def pico_wire(self, n, points, colour, to, dash=None, cls="wire"):
        """A wire from the pad of physical pin ``n`` along ``points``."""
        self.wire([self.pad(n)] + list(points), colour, frm="pico:%d" % n,
                  signal=pico.PINOUT[n], to=to, dash=dash, cls=cls)

    def route(self, n, lane_x, tx, ty, colour, to, dash=None):
        """Pad ``n`` -> across to ``lane_x`` -> along to ``ty`` -> ``tx``."""
        px, py = self.pad(n)
        if abs(py - ty) < 0.05:
            self.pico_wire(n, [(tx, ty)], colour, to, dash)
        else:
            self.pico_wire(n, [(lane_x, py), (lane_x, ty), (tx, ty)], colour,
                           to, dash)

    def label_wire(self, n, s, colour, offset=8):
        """A wire's name, just outside the board, above the wire of pin n."""
        px, py = self.pad(n)
        if n <= 20:
            self.text(self.bx - offset, py - 5, s, size=11, anchor="end",
                      fill=colour, weight="bold")
        else:
            self.text(self.bx + pico.BOARD_W * S + offset, py - 5, s,
                      size=11, fill=colour, weight="bold")

    def render(self, title, subtitle):
        head = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" '
                'height="%d" viewBox="0 0 %d %d" font-family="%s">'
                % (self.w, self.h, self.w, self.h, FONT),
                '<rect width="%d" height="%d" fill="#ffffff"/>'
                % (self.w, self.h),
                '<text x="20" y="30" font-size="18" font-weight="bold">%s'
                '</text>' % esc(title)]
        for k, line in enumerate(subtitle):
            head.append('<text x="20" y="%d" font-size="12.5" fill="#424242">'
                        '%s</text>' % (52 + 17 * k, esc(line)))
        return "\n".join(head + self.back + self.wires + self.front
                         + ["</svg>"]) + "\n"

    # ----- the Pico
    def draw_pico(self, used):
        """The board to scale, every pad, and each pin's number and name;
        ``used``: physical pins to mark as taken."""
        bx, by = self.bx, self.by
        w, h = pico.BOARD_W * S, pico.BOARD_L * S
        uw, ud = pico.USB_W * S, pico.USB_D * S
        self.rect(bx, by, w, h, fill="#1b5e20", stroke="#0d3b12", rx=6,
                  width=2, attrs=' id="pico-board"')
        self.rect(bx + (w - uw) / 2, by - pico.USB_OVERHANG * S, uw, ud,
                  fill="#607d8b", stroke="#37474f", rx=2,
                  attrs=' id="pico-usb"')
        self.text(bx + w / 2, by + 2, "USB", size=10, anchor="middle",
                  fill="#eceff1", layer=self.back)
        for hx, hy in pico.HOLES:
            # An outline only: the pin names near it stay readable.
            self.circle(bx + hx * S, by + hy * S, pico.HOLE_D * S / 2,
                        "none", "#a1887f", 1.5)
        self.back.append('<text x="%s" y="%s" font-size="11" '
                         'text-anchor="middle" fill="#81c784" '
                         'transform="rotate(-90 %s %s)">Raspberry Pi Pico / '
                         'Pico 2</text>' % (fmt(bx + w / 2 + 4),
                                            fmt(by + h / 2), fmt(bx + w / 2
                                                                 + 4),
                                            fmt(by + h / 2)))
        for n in range(1, 41):
            x, y = self.pad(n)
            name = pico.PINOUT[n]
            fill = "#ffd54f" if n in used else "#c8a951"
            self.circle(x, y, 8, fill, "#5d4037", 1.2, attrs=
                        ' id="pico-pin-%d" class="pad" data-pin="%d" '
                        'data-name="%s"' % (n, n, name))
            left = n <= 20
            sx = x + 13 if left else x - 13
            anchor = "start" if left else "end"
            self.text(sx, y + 4, str(n), size=9, anchor=anchor,
                      fill="#c5e1a5", layer=self.back)
            nx = x + 29 if left else x - 29
            self.text(nx, y + 4, name, size=10.5, anchor=anchor,
                      fill="#ffffff" if n in used else "#a5d6a7",
                      weight="bold" if n in used else None, layer=self.back)
        self.text(bx + w / 2, by + h + 22, "component side; 21 x 51 mm, "
                  "pins 2.54 mm apart", size=10.5, anchor="middle",
                  fill="#424242", layer=self.back)

    # ----- parts (not to scale)
    def resistor(self, x0, x1, y, label):
        """A resistor in a horizontal wire, between x0 and x1."""
        w = x1 - x0
        self.rect(x0, y - 7, w, 14, fill="#ffe0b2", stroke="#6d4c41", rx=3,
                  layer=self.front)
        self.text((x0 + x1) / 2, y - 11, label, size=11, anchor="middle",
                  fill="#4e342e", weight="bold")

    def button(self, x, y):
        """A tactile button whose legs sit at (x, y) and (x + 44, y)."""
        self.rect(x + 10, y - 9, 24, 18, fill="#eceff1", stroke="#37474f",
                  rx=3)
        self.circle(x + 22, y, 5.5, "#37474f")
        self.wire([(x, y), (x + 10, y)], "#37474f", width=2, cls="lead")
        self.wire([(x + 34, y), (x + 44, y)], "#37474f", width=2, cls="lead")

    def ring(self, cx, cy, r, count, pads_x, pad_ys, cap_label):
        """The NeoPixel ring, its pads (on its back) in a column at
        ``pads_x`` and the capacitor across its 5V and GND pads; returns
        {pad: (x, y)}."""
        import math

        top = min(pad_ys.values()) - 24
        bot = max(pad_ys.values()) + 20
        self.rect(pads_x - 12, top, 80, bot - top, fill="#37474f",
                  stroke="#263238", rx=5)
        self.circle(cx, cy, r + 14, "#263238")
        self.circle(cx, cy, r - 14, "#ffffff")
        for k in range(count):
            a = 2 * math.pi * k / count - math.pi / 2
            px, py = cx + r * math.cos(a), cy + r * math.sin(a)
            self.rect(px - 7, py - 7, 14, 14, fill="#fafafa",
                      stroke="#9e9e9e", rx=2)
        self.text(cx, cy - 4, "NeoPixel ring", size=11, anchor="middle",
                  layer=self.back)
        self.text(cx, cy + 11, "%d pixels" % count, size=11,
                  anchor="middle", layer=self.back)
        self.text(pads_x + 28, top - 6, "pads on its back", size=10,
                  anchor="middle", fill="#37474f")
        out = {}
        for name, y in pad_ys.items():
            self.circle(pads_x, y, 6, "#c8a951", "#5d4037", layer=self.front)
            self.text(pads_x - 14, y - 6, name, size=11, anchor="end",
                      fill="#263238", weight="bold")
            out[name] = (pads_x, y)
        # The capacitor across 5V (+) and GND (-), at the pads.
        y5, yg = pad_ys["5V"], pad_ys["GND"]
        x = pads_x + 40
        plate = y5 + 22
        self.wire([(pads_x, y5), (x, y5), (x, plate - 4)], VSYS_C,
                  width=2, cls="lead")
        self.wire([(x, plate + 6), (x, yg), (pads_x, yg)], GND_C,
                  width=2, cls="lead")
        self.front.append('<line x1="%s" y1="%s" x2="%s" y2="%s" '
                          'stroke="#ffffff" stroke-width="3"/>'
                          % (fmt(x - 10), fmt(plate - 4), fmt(x + 10),
                             fmt(plate - 4)))
        self.front.append('<path d="M %s %s Q %s %s %s %s" fill="none" '
                          'stroke="#ffffff" stroke-width="3"/>'
                          % (fmt(x - 10), fmt(plate + 9), fmt(x),
                             fmt(plate + 2), fmt(x + 10), fmt(plate + 9)))
        self.text(x + 13, plate, "+", size=11, fill="#ffffff",
                  weight="bold")
        self.lines(pads_x - 12, bot + 16, cap_label, size=10.5,
                   fill="#4e342e")
        return out

    def pill(self, n, text, colour, part, part_pin):
        """A pin a plug-on board takes through the header: a stub from the
        pad to a label outside the board (nothing to wire)."""
        px, py = self.pad(n)
        left = n <= 20
        edge = self.bx if left else self.bx + pico.BOARD_W * S
        w = 7 * len(text) + 16
        x0 = edge - 14 - w if left else edge + 14
        end = x0 + w if left else x0
        self.pico_wire(n, [(end, py)], colour, "%s:%s" % (part, part_pin),
                       dash="2,3", cls="addon-pin")
        self.rect(x0, py - 9, w, 18, fill=colour, stroke=colour, rx=9,
                  layer=self.front)
        self.text(x0 + w / 2, py + 4, text, size=10.5, anchor="middle",
                  fill="#ffffff", weight="bold")

    def legend(self, x, y, rows):
        """Colour key: (colour, dashed, text) rows."""
        for k, (colour, dash, s) in enumerate(rows):
            yy = y + 18 * k
            d = ' stroke-dasharray="6,4"' if dash else ""
            if colour:
                self.front.append('<line x1="%s" y1="%s" x2="%s" y2="%s" '
                                  'stroke="%s" stroke-width="3"%s/>'
                                  % (fmt(x), fmt(yy - 4), fmt(x + 26),
                                     fmt(yy - 4), colour, d))
            self.text(x + 34, yy, s, size=11)


# ----- what the profile says


def display_wires(name):
    """[(role, pin)] of the display's signals, in ROLES order."""
    d = pinmap.PROFILES[name]["display"]
    return [(role, d[role]) for role in ROLES if d.get(role)]


def phys(pin):
    return pico.PHYSICAL[pin]


@functools.lru_cache(maxsize=None)
def lane_order(wires):
    """The order (header side first) of wires [(key, y_from, y_to)] in the
    lanes between the Pico and a part's pin column that crosses fewest
    wires and lays none over another: each runs across from the Pico at
    y_from to its lane, along it to y_to, and across to the part."""
    import itertools

    def inside(y, a, b):
        return min(a, b) < y < max(a, b)

    best = None
    for perm in itertools.permutations(range(len(wires))):
        cost = 0
        for i in range(len(perm)):
            _ka, sa, ea = wires[perm[i]]
            for j in range(i + 1, len(perm)):
                _kb, sb, eb = wires[perm[j]]
                cost += inside(eb, sa, ea) + inside(sa, sb, eb)
                # a's first run and b's last on one line would overlap.
                cost += 100 * (abs(sa - eb) < 0.05)
        if best is None or cost < best[0]:
            best = (cost, perm)
    return [wires[k][0] for k in best[1]]


def battery_block(v, x, vbus_y, vsys_y, gnd_y):
    """The battery option (dashed): diode, switch, charger and cell in a
    row, the charger's 5V and GND pads and the diode's cathode at the
    heights of the Pico's VBUS, GND and VSYS wires; returns where those
    wires end: {"5V": .., "GND": .., "VSYS": ..}."""
    dash = "7,5"
    top = vbus_y - 112
    v.rect(x - 12, top, 290, gnd_y - top + 104, fill="#fafafa",
           stroke="#9e9e9e", rx=8, dash="6,4")
    v.text(x, top + 18, "Battery option (dashed): the parts", size=11,
           weight="bold")
    v.text(x, top + 33, "marked \"Optional, battery\"", size=11,
           weight="bold")
    # Diode: cathode (the banded end) to VSYS on the left, anode right.
    kx = x + 10
    v.front.append('<path d="M %s %s L %s %s L %s %s Z" fill="#424242"/>'
                   % (fmt(kx + 18), fmt(vsys_y - 9), fmt(kx + 18),
                      fmt(vsys_y + 9), fmt(kx + 4), fmt(vsys_y)))
    v.front.append('<rect x="%s" y="%s" width="4" height="20" '
                   'fill="#424242"/>' % (fmt(kx), fmt(vsys_y - 10)))
    v.text(kx + 10, vsys_y + 24, "diode", size=10, anchor="middle")
    v.text(kx + 10, vsys_y - 14, "band", size=10, anchor="middle")
    sx = x + 70
    v.wire([(kx + 18, vsys_y), (sx, vsys_y)], VBUS_C, dash=dash,
           cls="battery")
    v.rect(sx, vsys_y - 10, 34, 20, fill="#eceff1", stroke="#37474f", rx=3)
    v.text(sx + 17, vsys_y + 24, "switch", size=10, anchor="middle")
    cx = x + 150
    v.wire([(sx + 34, vsys_y), (cx, vsys_y)], VBUS_C, dash=dash,
           cls="battery")
    v.rect(cx, vbus_y - 14, 100, gnd_y - vbus_y + 28, fill="#1565c0",
           stroke="#0d47a1", rx=4)
    ends = {}
    for pad, yy in (("5V", vbus_y), ("BAT", vsys_y), ("GND", gnd_y)):
        v.circle(cx, yy, 5, "#c8a951", "#5d4037", layer=v.front)
        v.text(cx + 9, yy + 4, pad, size=10.5, fill="#ffffff", weight="bold")
        ends[pad] = (cx, yy)
    v.text(cx + 96, vsys_y + 4, "charger", size=10, anchor="end",
           fill="#bbdefb")
    v.rect(cx + 14, gnd_y + 36, 72, 28, fill="#cfd8dc", stroke="#607d8b",
           rx=4)
    v.text(cx + 50, gnd_y + 55, "LiPo cell", size=10.5, anchor="middle")
    v.wire([(cx + 50, gnd_y + 36), (cx + 50, gnd_y + 14)], "#607d8b",
           width=2, cls="lead")
    # The MOSFET beside the diode, above the VBUS wire: its source to the
    # diode's cathode (VSYS), its drain to the diode's anode side, its gate
    # down onto the VBUS wire (a dot: joined; the other two cross it).
    fy = vbus_y - 38
    fx0, fx1 = kx + 16, kx + 46
    v.rect(fx0, fy - 12, fx1 - fx0, 24, fill="#fff8e1", stroke="#424242",
           rx=3, layer=v.front)
    v.text((fx0 + fx1) / 2, fy + 4, "P", size=11, anchor="middle",
           weight="bold")
    v.text((fx0 + fx1) / 2, fy - 17, "MOSFET %s" % wiring.PFET,
           size=10, anchor="middle")
    sx0 = kx - 12  # the source's lead, left of the diode's label
    v.text(sx0 - 4, fy + 4, "S", size=10, anchor="end")
    v.text(kx + 56, fy + 4, "D", size=10)
    v.wire([(sx0, vsys_y), (kx, vsys_y)], VSYS_C, dash=dash, cls="battery")
    v.wire([(sx0, vsys_y), (sx0, fy), (fx0, fy)], VSYS_C, dash=dash,
           cls="battery")
    v.dot(sx0, vsys_y, VSYS_C)
    dx = kx + 52
    v.wire([(fx1, fy), (dx, fy), (dx, vsys_y)], VBUS_C, dash=dash,
           cls="battery")
    v.dot(dx, vsys_y, VBUS_C)
    gx = (fx0 + fx1) / 2
    v.wire([(gx, fy + 12), (gx, vbus_y)], VBUS_C, dash=dash, cls="battery")
    v.dot(gx, vbus_y, VBUS_C)
    v.text(gx + 5, fy + 24, "G", size=10)
    ends["VSYS"] = (sx0, vsys_y)
    return ends


def power_and_ring(v, name, ring_x, battery_x=None, j_dx=60, vsys_offset=8):
    """The NeoPixel ring (if the profile has one) on its GP pin, VSYS and
    the GND beside it, and, at ``battery_x``, the battery option on VBUS,
    VSYS and GND (VSYS's label ``vsys_offset`` past the board: clear of a
    plug-on board's label on that pin). Returns the physical pins used."""
    p = pinmap.PROFILES[name]
    px = p["neopixel"]
    right = v.bx + pico.BOARD_W * S
    nbus, nsys, ngnd = (pico.PHYSICAL[k] for k in ("VBUS", "VSYS", "GND"))
    vbus, vsys, gnd = (v.pin_y(n) for n in (nbus, nsys, ngnd))
    dash = "7,5"
    used = {nsys}
    v.label_wire(nsys, "VSYS", VSYS_C, offset=vsys_offset)
    if battery_x is not None:
        bat = battery_block(v, battery_x, vbus, vsys, gnd)
        v.route(nbus, 0, bat["5V"][0], vbus, VBUS_C, "charger:5V", dash=dash)
        v.route(ngnd, 0, bat["GND"][0], gnd, GND_C, "charger:GND", dash=dash)
        v.pico_wire(nsys, [bat["VSYS"]], VSYS_C, "diode:cathode", dash=dash)
        v.label_wire(nbus, "VBUS", VBUS_C)
        v.label_wire(ngnd, "GND", GND_C)
        used |= {nbus, ngnd}
    if not px:
        return used
    n = phys(px["pin"])
    ring_gnd = wiring.RING_GND_PIN
    used.update((n, ring_gnd))
    y_din, y_gnd = v.pin_y(n), v.pin_y(ring_gnd)
    y_5v = y_din - 2 * 25.4
    pads = v.ring(ring_x + 200, y_din + 10, 80, px["count"], ring_x,
                  {"5V": y_5v, "DIN": y_din, "GND": y_gnd,
                   "DOUT": y_gnd + 25.4},
                  ["%d \u00b5F capacitor across" % wiring.CAP_UF,
                   "5V and GND; its stripe (-)", "to GND"])
    j = right + j_dx
    v.pico_wire(nsys, [(j, vsys), (j, y_5v), pads["5V"]], VSYS_C, "ring:5V")
    if battery_x is not None:
        v.dot(j, vsys, VSYS_C)
    v.text(j + 6, y_5v - 8, "VSYS to the ring's 5V", size=11, fill=VSYS_C,
           weight="bold")
    v.pico_wire(n, [pads["DIN"]], DATA_C, "ring:DIN")
    mid = (right + ring_x) / 2 + 20
    v.resistor(mid - 30, mid + 30, y_din, "%d \u03a9" % wiring.RESISTOR_OHMS)
    v.pico_wire(ring_gnd, [pads["GND"]], GND_C, "ring:GND")
    lab = min(j_dx, 60) + 14  # left of the resistor's label
    v.label_wire(n, px["pin"] + " to DIN", DATA_C, offset=lab)
    v.label_wire(ring_gnd, "GND", GND_C, offset=lab)
    return used


# ----- the builds


def view_subtitle(name):
    """The lines under a wiring view's title."""
    if name in wiring.PLUG_ON:
        return ["The Pico seen from its component side, USB at the top: the "
                "back of the finished stack, the %s plugged"
                % wiring.PLUG_ON[name][0],
                "on the far side. The Pico is drawn to scale from its "
                "datasheet (21 x 51 mm, 2.54 mm pitch); the other parts are "
                "not."]
    return ["The Pico seen from its component side, USB at the top, to scale "
            "from its datasheet (21 x 51 mm, 2.54 mm pitch);",
            "the other parts are not. On the breadboard, plug each wire into "
            "the row of the pin it starts from."]


def view_notes(name):
    """The bold note of a wiring view: how its wires reach the Pico."""
    p = pinmap.PROFILES[name]
    if name not in wiring.PLUG_ON:
        return []
    part = wiring.PLUG_ON[name][0]
    what = ("The ring's wires (and the battery option's)" if p["neopixel"]
            else "The battery option's wires")
    return ["%s: the %s covers the header, so solder them on the Pico's "
            "component side," % (what, part),
            "on the short ends of the header pins drawn here, before "
            "plugging the Pico in."]




def view_plug_on(name):
    """A build whose display board plugs onto the Pico's header: the pins
    it takes are labels (nothing to wire), the ring and the battery option
    are wires soldered to the Pico."""
    p = pinmap.PROFILES[name]
    part, joystick = wiring.PLUG_ON[name]
    labels = wiring.DISPLAY_LABELS[name]
    v = View(1160, 880 if p["neopixel"] else 830, 210, 270)
    right = v.bx + pico.BOARD_W * S
    pills = []
    for role, pin in display_wires(name):
        pills.append((phys(pin), "LCD " + labels[role], DISPLAY_C,
                      labels[role]))
    for key, (pin, _lv) in p["keys"].items():
        text = ("joystick " + key.lower() if joystick
                and key in wiring.JOYSTICK_KEYS else "key " + key)
        pills.append((phys(pin), text, KEY_C, key))
    if p["rgb_led"]:
        for c in ("r", "g", "b"):
            pills.append((phys(p["rgb_led"][c]), "LED " + c.upper(),
                          LED_C, "LED " + c.upper()))
    # The board's own supply, through the header too.
    supply = wiring.ADDON_SUPPLY[name]
    pills.append((phys(supply), "LCD VCC" if supply == "VSYS" else
                  "pack power", DISPLAY_C, "VCC"))
    for n, text, colour, part_pin in pills:
        v.pill(n, text, colour, part, part_pin)
    used = {n for n, _t, _c, _p in sorted(pills)}
    used |= power_and_ring(v, name, right + 330, right + 420, j_dx=96,
                           vsys_offset=120 if supply == "VSYS" else 8)
    v.draw_pico(used)
    legend = [(DISPLAY_C, True, "display: on the %s" % part),
              (KEY_C, True, "keys: on the %s" % part)]
    if p["rgb_led"]:
        legend.append((LED_C, True, "RGB LED: on the %s" % part))
    if p["neopixel"]:
        legend += [(DATA_C, False, "NeoPixel data, through the resistor"),
                   (VSYS_C, False, "VSYS: NeoPixel 5V")]
    legend += [(GND_C, False, "GND"),
               ("#9e9e9e", True, "battery option (dashed)")]
    lx, ly = right + 330, v.by + (450 if p["neopixel"] else 250)
    v.legend(lx, ly, legend)
    v.lines(lx, ly + 18 * len(legend) + 8,
            ["Dotted stubs: pins the %s takes through" % part,
             "the header; nothing to wire. A dot joins",
             "wires; wires crossing without one are not."],
            size=11, fill="#424242")
    return v


def view_breadboard(name):
    """The breadboard build: the Pico, the ILI9341 breakout, nine buttons
    on GND rails and the ring, each on its wires."""
    p = pinmap.PROFILES[name]
    v = View(1420, 960, 560, 250)
    right = v.bx + pico.BOARD_W * S
    used = set()
    # --- the display, left: its pins in a column, GND level with the
    # Pico's GND pin it takes, the wires in lanes between.
    hx = 150
    gnd_l = wiring.DISPLAY_GND_PIN
    # Half a row below the Pico's: no wire's run to the header lies on
    # the line of another's run from the Pico.
    y0 = v.pin_y(gnd_l) + 25.4 / 2
    hy = {lab: y0 + 25.4 * k for k, lab in enumerate(BREAKOUT_PINS)}
    v.rect(20, y0 - 62, hx - 8, 25.4 * len(BREAKOUT_PINS) + 84,
           fill="#263238", stroke="#101418", rx=6)
    v.lines(28, y0 - 42, ["ILI9341", "breakout"], size=11, fill="#ffffff",
            weight="bold")
    v.text(28, y0 - 12, "SPI side", size=10, fill="#b0bec5")
    for lab, y in hy.items():
        v.circle(hx, y, 6.5, "#c8a951", "#5d4037", layer=v.front)
        v.text(hx - 12, y + 4, lab, size=11, anchor="end", fill="#ffffff",
               weight="bold")
    v.lines(20, y0 + 25.4 * len(BREAKOUT_PINS) + 44,
            ["Labels of the Adafruit 1770;", "wire by label. A generic",
             "module says VCC, SCK, SDI,", "DC, RESET and LED.",
             "3Vo (an output) and MISO:", "leave unconnected."],
            size=10.5, fill="#424242")
    n3 = pico.PHYSICAL["3V3"]
    top = v.by - 44
    runs = [(BREAKOUT_OF[role], phys(pin), v.pin_y(phys(pin)))
            for role, pin in display_wires(name)]
    runs += [("GND", gnd_l, v.pin_y(gnd_l)), ("Vin", n3, top)]
    order = lane_order(tuple((lab, y, hy[lab]) for lab, _n, y in runs))
    lane = {lab: hx + 24 + 26 * k for k, lab in enumerate(order)}
    for lab, n, _y in runs:
        used.add(n)
        colour = (V3_C if lab == "Vin" else GND_C if lab == "GND"
                  else DISPLAY_C)
        if lab == "Vin":
            v.pico_wire(n, [(right + 30, v.pin_y(n)), (right + 30, top),
                            (lane[lab], top), (lane[lab], hy[lab]),
                            (hx, hy[lab])], colour, "display:Vin")
            v.label_wire(n, "3V3", V3_C, offset=34)
            v.text(v.bx + 105, top - 6, "3V3 to the display's Vin",
                   size=11, anchor="middle", fill=V3_C, weight="bold")
        else:
            v.route(n, lane.get(lab, 0), hx, hy[lab], colour,
                    "display:" + lab)
            v.label_wire(n, lab, colour)
    # --- buttons, each from its pin to a GND rail fed by a GND pin beside
    # them.
    keys = sorted((phys(pin), key) for key, (pin, _l) in p["keys"].items())
    bl, br = v.bx - 150, right + 106
    for n, key in keys:
        used.add(n)
        y = v.pin_y(n)
        x = bl if n <= 20 else br
        v.button(x, y)
        v.pico_wire(n, [(x + 44 if n <= 20 else x, y)], KEY_C,
                    "button %s:1" % key)
        v.label_wire(n, key, KEY_C)
    for feed in wiring.BUTTON_GND_PINS:
        group = [n for n, _k in keys if (n <= 20) == (feed <= 20)
                 and abs(n - feed) <= 5]
        if not group:
            continue
        used.add(feed)
        left = feed <= 20
        leg = bl if left else br + 44
        rx = leg - 26 if left else leg + 26
        ys = [v.pin_y(n) for n in group] + [v.pin_y(feed)]
        v.wire([(rx, min(ys)), (rx, max(ys))], GND_C, width=5, cls="rail")
        for n in group:
            v.wire([(leg, v.pin_y(n)), (rx, v.pin_y(n))], GND_C,
                   to="GND rail", width=2)
            v.dot(rx, v.pin_y(n), GND_C)
        v.pico_wire(feed, [(rx, v.pin_y(feed))], GND_C, "GND rail")
        v.dot(rx, v.pin_y(feed), GND_C)
        v.label_wire(feed, "GND", GND_C, offset=40 if left else 8)
    v.lines(br - 40, v.pin_y(21) + 44,
            ["Buttons straddle the breadboard's gap:", "one leg to its GP "
             "pin, the diagonal", "leg to GND; no resistors (the",
             "Pico's internal pull-ups)."], size=10.5, fill="#424242")
    used |= power_and_ring(v, name, right + 330, None, j_dx=50)
    v.lines(right + 330, v.by - 40,
            ["Battery option: wired as in the pico-st7789 view, on",
             "the breadboard rows of pins 38, 39 and 40."], size=11,
            fill="#424242")
    v.draw_pico(used)
    v.legend(v.bx - 40, v.h - 112, [
        (DISPLAY_C, False, "display signals"),
        (V3_C, False, "3V3: display Vin"),
        (KEY_C, False, "buttons"),
        (DATA_C, False, "NeoPixel data, through the resistor"),
        (VSYS_C, False, "VSYS: NeoPixel 5V"),
        (GND_C, False, "GND; a dot joins wires, a crossing does not")])
    return v


BREAKOUT_OF = {"sck": "CLK", "mosi": "MOSI", "miso": "MISO", "cs": "CS",
               "dc": "D/C", "rst": "RST", "backlight": "Lite"}

def svg(name):
    """The wiring view of Pico profile ``name`` (SVG text)."""
    p = pinmap.PROFILES[name]
    v = view_plug_on(name) if name in wiring.PLUG_ON else view_breadboard(name)
    sub = view_subtitle(name)
    v.lines(20, 52 + 17 * len(sub) + 14, view_notes(name), size=12,
            fill="#263238", weight="bold")
    return v.render(p["title"], sub)
