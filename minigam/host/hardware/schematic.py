"""The schematic of the default build (hardware/schematic-<profile>.svg):
every connection as a net, the battery option's included, drawn from the
same wiring facts as the pin table and the wiring view.

``nets(name)`` is the netlist: {net: (part:pin, ...)}. In the SVG each
terminal is a circle with ``data-pin="part:pin"`` and ``data-net``, and
each wire a polyline with ``data-net``, so a test can check that every
net's wires join exactly its terminals and touch no other net's (a wire
that crosses another hops over it, and a hop is not a join).
"""

from minigam.host.hardware import pico
from minigam.host.hardware import views
from minigam.host.hardware import wiring
from minigam.hw import pins as pinmap

W, H = 1300, 760
Y_VBUS, Y_VSYS, Y_GND = 150, 230, 690
HOP = 8  # half the height of a hop over a crossing wire

COLOURS = {"VBUS": views.VBUS_C, "VSYS": views.VSYS_C, "GND": views.GND_C,
           "GP22": views.DATA_C, "DIN": views.DATA_C, "bus": views.DISPLAY_C,
           "switched": views.ADDON_C, "BAT": views.ADDON_C,
           "cell+": views.ADDON_C, "cell-": views.ADDON_C}


def nets(name):
    """{net: (part:pin, ...)} of profile ``name``'s build, the battery
    option's parts included (its nets: BAT, switched, cell+/-)."""
    p = pinmap.PROFILES[name]
    gp = p["neopixel"]["pin"]
    supply = wiring.ADDON_SUPPLY[name]
    if supply != "VSYS" or wiring.PIXEL_SUPPLY != "VSYS":
        raise ValueError("the schematic draws the display and the ring on "
                         "VSYS")
    return {
        "VBUS": ("pico:VBUS", "charger:5V", "fet:G"),
        "VSYS": ("lcd:VCC", "pico:VSYS", "ring:5V", "cap:+", "diode:K",
                 "fet:S"),
        "GND": ("lcd:GND", "pico:GND", "ring:GND", "cap:-", "charger:GND"),
        gp: ("pico:" + gp, "resistor:1"),
        "DIN": ("resistor:2", "ring:DIN"),
        "bus": ("pico:signals", "lcd:signals"),
        "switched": ("switch:outer", "diode:A", "fet:D"),
        "BAT": ("charger:BAT", "switch:middle"),
        "cell+": ("charger:JST+", "cell:+"),
        "cell-": ("charger:JST-", "cell:-"),
    }


class Sheet(views.View):
    """A schematic: terminals and net wires on views.View's primitives."""

    def __init__(self):
        views.View.__init__(self, W, H, 0, 0)
        self.where = {}  # part:pin -> (x, y)

    def terminal(self, pin, net, x, y, label=None, anchor="start", dx=8,
                 dy=-6):
        self.where[pin] = (x, y)
        self.circle(x, y, 4.5, "#ffffff", COLOURS.get(net, views.DATA_C), 2,
                    layer=self.front,
                    attrs=' class="terminal" data-pin="%s" data-net="%s"'
                    % (views.esc(pin), views.esc(net)))
        if label:
            self.text(x + dx, y + dy, label, size=10.5, anchor=anchor,
                      fill="#37474f")

    def net_wire(self, net, points, width=2.5, cls="net"):
        self.wires.append(
            '<polyline class="%s" data-net="%s" points="%s" fill="none" '
            'stroke="%s" stroke-width="%s" stroke-linejoin="round"/>'
            % (cls, views.esc(net), " ".join(
                "%s,%s" % (views.fmt(x), views.fmt(y)) for x, y in points),
               COLOURS.get(net, views.DATA_C), views.fmt(width)))

    def box(self, x0, y0, x1, y1, lines, fill="#eceff1", top=24):
        self.rect(x0, y0, x1 - x0, y1 - y0, fill=fill, stroke="#37474f",
                  rx=6)
        for k, line in enumerate(lines):
            self.text((x0 + x1) / 2, y0 + top + 16 * k, line, size=12,
                      anchor="middle", weight="bold" if k == 0 else None,
                      layer=self.back)


def hop_up(s, net, x, y_from, y_to, y_cross, width):
    """A vertical wire of ``net`` from y_from up to y_to that hops (to the
    right) over a horizontal wire at y_cross: two runs and the hop between,
    a polyline of class "hop" (it crosses the other wire's line at its
    apex, and by the convention the key states, is not joined to it)."""
    arc = []
    for k in range(9):
        t = k / 4.0 - 1  # -1 .. 1, bottom to top
        arc.append((x + HOP * (1 - t * t) ** 0.5, y_cross - HOP * t))
    s.net_wire(net, [(x, y_from), (x, y_cross + HOP)], width=width)
    s.net_wire(net, arc, width=width, cls="hop")
    s.net_wire(net, [(x, y_cross - HOP), (x, y_to)], width=width)


def svg(name):
    """The schematic of profile ``name``'s build (SVG text)."""
    n = nets(name)
    p = pinmap.PROFILES[name]
    gp = p["neopixel"]["pin"]
    part = wiring.PLUG_ON[name][0]
    s = Sheet()
    # The display board, plugged on the header.
    s.box(40, 300, 230, 470, [part, "on the Pico's header", "(display,",
                              "joystick, keys)"], fill="#e3f2fd")
    s.terminal("lcd:VCC", "VSYS", 100, 300, "VCC", dx=8, dy=-8)
    s.terminal("lcd:GND", "GND", 100, 470, "GND", dx=8, dy=16)
    s.terminal("lcd:signals", "bus", 230, 385)
    # The Pico.
    s.box(300, 290, 480, 560, ["Raspberry Pi Pico", "(or Pico 2)"],
          fill="#e8f5e9", top=60)
    s.terminal("pico:VSYS", "VSYS", 340, 290,
               "VSYS %d" % pico.PHYSICAL["VSYS"], dx=0, dy=22,
               anchor="middle")
    s.terminal("pico:VBUS", "VBUS", 440, 290,
               "VBUS %d" % pico.PHYSICAL["VBUS"], dx=0, dy=22,
               anchor="middle")
    s.terminal("pico:GND", "GND", 390, 560,
               "GND %d" % pico.PHYSICAL["GND"], dx=0, dy=-10,
               anchor="middle")
    s.terminal("pico:" + gp, gp, 480, 500,
               "%s %d" % (gp, pico.PHYSICAL[gp]), dx=-8, dy=4, anchor="end")
    s.terminal("pico:signals", "bus", 300, 385)
    taken = addon_pins(name)
    s.net_wire("bus", [(230, 385), (300, 385)], width=6)
    s.lines(238, 350, ["%d signals" % len(taken)], size=10.5,
            fill=views.DISPLAY_C, weight="bold")
    s.lines(40, 722, ["The bus: %s through the header (the pin table)."
                      % ", ".join(taken)], size=10.5, fill="#37474f")
    # The ring, its data resistor and supply capacitor.
    s.box(660, 330, 840, 560, ["NeoPixel ring", "%d x WS2812B"
                               % p["neopixel"]["count"]], fill="#f3e5f5",
          top=60)
    s.terminal("ring:DIN", "DIN", 660, 500, "DIN", dx=8, dy=4)
    s.terminal("ring:5V", "VSYS", 720, 330, "5V", dx=8, dy=-6)
    s.terminal("ring:GND", "GND", 720, 560, "GND", dx=8, dy=-8)
    s.terminal("resistor:1", gp, 540, 500)
    s.terminal("resistor:2", "DIN", 610, 500)
    s.rect(548, 492, 54, 16, fill="#ffe0b2", stroke="#6d4c41", rx=3,
           layer=s.front)
    s.text(575, 484, "%d \u03a9" % wiring.RESISTOR_OHMS, size=11,
           anchor="middle", weight="bold", fill="#4e342e")
    s.terminal("cap:+", "VSYS", 900, 400)
    s.terminal("cap:-", "GND", 900, 450)
    s.front.append('<line x1="886" y1="417" x2="914" y2="417" '
                   'stroke="#212121" stroke-width="3"/>')
    s.front.append('<path d="M 886 433 Q 900 425 914 433" fill="none" '
                   'stroke="#212121" stroke-width="3"/>')
    s.net_wire("VSYS", [(900, 400), (900, 417)])
    s.net_wire("GND", [(900, 429), (900, 450)])
    s.text(920, 414, "+", size=12, weight="bold")
    s.lines(920, 440, ["%d \u00b5F" % wiring.CAP_UF, "at the ring"],
            size=10.5, fill="#4e342e")
    # The battery option: diode and MOSFET side by side into VSYS, the
    # switch, the charger and the cell.
    s.rect(975, 250, 290, 420, fill="none", stroke="#9e9e9e", rx=8,
           dash="6,4")
    s.lines(1112, 622, ["Battery option:", "the parts marked",
                        "\"Optional, battery\""], size=10.5, fill="#616161")
    s.terminal("diode:K", "VSYS", 1010, 270, "K (band)", dx=10, dy=4)
    s.terminal("diode:A", "switched", 1010, 340, "A", dx=10, dy=4)
    s.front.append('<path d="M 1000 325 L 1020 325 L 1010 290 Z" '
                   'fill="#424242"/>')
    s.front.append('<rect x="999" y="286" width="22" height="4" '
                   'fill="#424242"/>')
    s.net_wire("VSYS", [(1010, 270), (1010, 288)])
    s.net_wire("switched", [(1010, 325), (1010, 340)])
    s.text(990, 310, "1N5817", size=10, anchor="end", fill="#424242")
    fet = wiring.PFET_PINS
    s.terminal("fet:S", "VSYS", 1110, 270, "S (%d)" % fet["source"], dx=10,
               dy=4)
    s.terminal("fet:D", "switched", 1110, 340, "D (%d)" % fet["drain"],
               dx=10, dy=4)
    s.terminal("fet:G", "VBUS", 1150, 305, "G (%d)" % fet["gate"],
               dx=-22, dy=20, anchor="start")
    s.rect(1096, 288, 28, 36, fill="#fff8e1", stroke="#424242", rx=3,
           layer=s.front)
    s.text(1110, 310, "P", size=11, anchor="middle", weight="bold")
    s.net_wire("VSYS", [(1110, 270), (1110, 288)])
    s.net_wire("switched", [(1110, 324), (1110, 340)])
    s.net_wire("VBUS", [(1124, 305), (1150, 305)])
    s.text(1060, 362, wiring.PFET, size=10, anchor="middle",
           fill="#424242")
    s.net_wire("switched", [(1010, 340), (1010, 380), (1110, 380),
                            (1110, 340)])
    s.net_wire("switched", [(1060, 380), (1060, 405)])
    s.dot(1060, 380, COLOURS["switched"])
    s.terminal("switch:outer", "switched", 1060, 405, "switch", dx=12,
               dy=4)
    s.terminal("switch:middle", "BAT", 1060, 445)
    s.front.append('<line x1="1060" y1="445" x2="1074" y2="410" '
                   'stroke="#37474f" stroke-width="2.5"/>')
    s.box(1000, 470, 1200, 560, ["charger", "Adafruit 4410"],
          fill="#bbdefb", top=44)
    s.terminal("charger:BAT", "BAT", 1060, 470, "BAT", dx=0, dy=18,
               anchor="middle")
    s.net_wire("BAT", [(1060, 445), (1060, 470)])
    s.terminal("charger:5V", "VBUS", 1170, 470, "5V", dx=0, dy=18,
               anchor="middle")
    s.terminal("charger:GND", "GND", 1100, 560, "GND", dx=8, dy=-8)
    s.terminal("charger:JST+", "cell+", 1200, 495, "+", dx=-12, dy=4)
    s.terminal("charger:JST-", "cell-", 1200, 535, "-", dx=-12, dy=4)
    s.terminal("cell:+", "cell+", 1240, 495)
    s.terminal("cell:-", "cell-", 1240, 535)
    s.net_wire("cell+", [(1200, 495), (1240, 495)])
    s.net_wire("cell-", [(1200, 535), (1240, 535)])
    for y, wide in ((508, 26), (520, 12)):
        s.front.append('<line x1="%d" y1="%d" x2="%d" y2="%d" '
                       'stroke="#212121" stroke-width="3"/>'
                       % (1240 - wide / 2, y, 1240 + wide / 2, y))
    s.net_wire("cell+", [(1240, 495), (1240, 508)])
    s.net_wire("cell-", [(1240, 520), (1240, 535)])
    s.lines(1210, 580, ["LiPo cell", "(JST-PH)"], size=10.5,
            fill="#37474f")
    # The rails and the VBUS net.
    s.net_wire("VSYS", [(100, 300), (100, Y_VSYS), (1110, Y_VSYS),
                        (1110, 270)], width=3.5)
    for x, y in ((340, 290), (720, 330), (900, 400), (1010, 270)):
        s.net_wire("VSYS", [(x, Y_VSYS), (x, y)])
        s.dot(x, Y_VSYS, COLOURS["VSYS"])
    s.net_wire("GND", [(100, 470), (100, Y_GND), (1100, Y_GND),
                       (1100, 560)], width=3.5)
    for x, y in ((390, 560), (720, 560), (900, 450)):
        s.net_wire("GND", [(x, y), (x, Y_GND)])
        s.dot(x, Y_GND, COLOURS["GND"])
    hop_up(s, "VBUS", 440, 290, Y_VBUS, Y_VSYS, 3)
    s.net_wire("VBUS", [(440, Y_VBUS), (1170, Y_VBUS), (1170, 470)], width=3)
    s.net_wire("VBUS", [(1150, 305), (1170, 305)])
    s.dot(1170, 305, COLOURS["VBUS"])
    s.net_wire(gp, [(480, 500), (540, 500)])
    s.net_wire("DIN", [(610, 500), (660, 500)])
    s.text(460, Y_VBUS - 8, "VBUS (USB 5 V, none without USB)", size=12,
           fill=COLOURS["VBUS"], weight="bold")
    for label, y in (("VSYS", Y_VSYS), ("GND", Y_GND)):
        s.text(40, y + 4, label, size=12, fill=COLOURS[label],
               weight="bold")
    missing = [pin for pins in n.values() for pin in pins
               if pin not in s.where]
    if missing:
        raise ValueError("terminals not drawn: %s" % missing)
    return s.render(
        "Schematic: " + p["title"],
        ["Every net of the build, the battery option's included. A dot "
         "joins wires; a wire that hops over another is not joined to it.",
         "The Pico-LCD-1.3 takes VSYS through the header (Waveshare: VCC "
         "to VSYS). Optional level shifter: Dice indicator notes."])


def addon_pins(name):
    """The GP pins the plug-on board of profile ``name`` takes: its
    display's and its keys', in order."""
    p = pinmap.PROFILES[name]
    d = p["display"]
    used = {d[r] for r in views.ROLES if d.get(r)}
    used |= {pin for pin, _level in p["keys"].values()}
    return sorted(used, key=lambda q: int(q[2:]))
