"""Generate hardware/ (build guide, BOM, pin tables, wiring SVGs, Wokwi
diagram) from the pin data the profiles run on (each profile module's
``DATA``, all of them in ``minigam.hw.pins.PROFILES``), and
the OpenSCAD cases from ``minigam.host.hardware.enclosure``.

The docs are derived, never drawn by hand, so they cannot disagree with the
code: ``python -m minigam.host hwdocs`` rewrites them and ``--check`` (used
by the tests) fails when a committed file differs from what this produces.
"""

import csv
import io
import json

from minigam.host.hardware import enclosure
from minigam.hw import pins as pinmap

# Raspberry Pi Pico header: physical pin number of each named pin.
PICO_PHYSICAL = {"GP%d" % g: n for g, n in (
    (0, 1), (1, 2), (2, 4), (3, 5), (4, 6), (5, 7), (6, 9), (7, 10), (8, 11),
    (9, 12), (10, 14), (11, 15), (12, 16), (13, 17), (14, 19), (15, 20),
    (16, 21), (17, 22), (18, 24), (19, 25), (20, 26), (21, 27), (22, 29),
    (26, 31), (27, 32), (28, 34))}
PICO_PHYSICAL.update({"3V3": 36, "VSYS": 39, "VBUS": 40, "GND": 38})

# Display pin role -> the label printed on typical breakout boards.
DISPLAY_LABEL = {"sck": "SCK/CLK", "mosi": "MOSI/DIN/SDA", "miso": "MISO",
                 "cs": "CS", "dc": "DC/RS", "rst": "RST",
                 "backlight": "BL/LED"}
# ... and on Wokwi's ILI9341 part.
WOKWI_LCD = {"sck": "SCK", "mosi": "MOSI", "miso": "MISO", "cs": "CS",
             "dc": "D/C", "rst": "RST", "backlight": "LED"}
# Keyboard shortcut of each button in the Wokwi simulation (same keys as the
# desktop simulator where it has them).
WOKWI_KEYS = {"A": "z", "B": "x", "X": "c", "Y": "v", "UP": "ArrowUp",
              "DOWN": "ArrowDown", "LEFT": "ArrowLeft",
              "RIGHT": "ArrowRight", "PRESS": "p"}

# NeoPixel budget: a WS2812B draws about 20 mA per colour channel at full
# duty, 60 mA at full white (Adafruit NeoPixel Uberguide, "Powering
# NeoPixels"), and under 1 mA even dark (Adafruit, "Sipping Power With
# NeoPixels"). The dice indicator never gets brighter than the profiles' cap.
PIXEL_MA_PER_CHANNEL = 20
PIXEL_IDLE_MA = 1
PIXEL_MAX_BRIGHTNESS = pinmap.PIXEL_MAX_PERCENT / 100

# Where the NeoPixel chain of a Pico build takes its supply: VSYS, which USB
# feeds through the Pico's own Schottky diode and the battery option through
# its diode. VBUS is dead without USB, so a ring on VBUS goes dark on battery
# (issue 19). Pin tables, steps, notes, wiring view and Wokwi all use this.
PIXEL_SUPPLY = "VSYS"

# Parts per profile: (part, quantity, example part or product, approx USD).
_PICO = ("Raspberry Pi Pico or Pico 2 (with headers)", 1,
         "Raspberry Pi SC0915 (Pico) / SC1631 (Pico 2)", 5)
_BUTTONS = ("Tactile push button 6x6 mm", 9, "Omron B3F-1000", 2)
_PIXELS = ("WS2812B NeoPixel ring or strip, 12 pixels", 1,
           "Adafruit 1643 (NeoPixel Ring 12)", 8)
_RESISTOR = ("Resistor 330 ohm (NeoPixel data)", 1, "any 1/4 W", 0.1)
_CAP = ("Electrolytic capacitor 470 uF 10 V (NeoPixel supply)", 1,
        "Panasonic EEU-FR1A471", 0.5)
_WIRES = ("Breadboard and jumper wires", 1, "half-size breadboard + 40 M-M",
          6)
# The Pico and the Pico 2 both have a micro-USB socket, as do the PyBadge
# and the PyGamer; a charge-only cable gives no CIRCUITPY drive.
_USB = ("Micro-USB data cable (the Pico and the Pico 2 both have "
        "micro-USB)", 1, "any micro-USB data cable (not charge-only)", 3)
_USB_PYBADGE = ("Micro-USB data cable (the PyBadge has micro-USB)", 1,
                "any micro-USB data cable (not charge-only)", 3)
_USB_PYGAMER = ("Micro-USB data cable (the PyGamer has micro-USB)", 1,
                "any micro-USB data cable (not charge-only)", 3)
# The battery option of the Pico builds: a LiPo cell on a charger board fed
# from the Pico's VBUS, a slide switch and a Schottky diode into VSYS (the
# Pico datasheet, "Powering Pico": a second supply into VSYS through a
# Schottky diode, OR-ed with USB by the Pico's own diode). Adafruit's
# numbers as published on adafruit.com; the 4410's 5V/GND/BAT pads and its
# 22.9 x 19.1 mm outline are in Adafruit's board file
# (github.com/adafruit/Adafruit-MicroLipo-PCB, "Adafruit USB C microlipo
# charger.brd"), its 100 mA default charge rate and 500 mA jumper too.
BATTERY_MAH = 500
BATTERY_CELL = "Adafruit 1578"
_BATTERY = [
    ("Optional, battery: LiPo cell 3.7 V %d mAh, JST-PH plug, protection "
     "circuit (cuts out at 3.0 V)" % BATTERY_MAH, 1, BATTERY_CELL, 8),
    ("Optional, battery: LiPo charger board (MCP73831) with 5V, GND and BAT "
     "pads", 1, "Adafruit 4410 (Micro-Lipo charger)", 6),
    ("Optional, battery: power switch, slide switch SPDT", 1, "Adafruit 805",
     1),
    ("Optional, battery: Schottky diode 1 A (battery into VSYS)", 1,
     "1N5817", 0.2),
]
BOM = {
    "pico-st7789": [
        _PICO,
        ("Waveshare Pico-LCD-1.3 (ST7789 240x240, joystick, 4 keys)", 1,
         "Waveshare 19650", 11),
        _PIXELS, _RESISTOR, _CAP, _USB] + _BATTERY,
    "pico-ili9341": [
        _PICO,
        ("ILI9341 2.8 in 320x240 SPI TFT breakout (Adafruit 1770: close "
         "its IM1, IM2 and IM3 jumpers with solder for SPI)", 1,
         "Adafruit 1770 or generic red-PCB ILI9341 module", 12),
        _BUTTONS, _PIXELS, _RESISTOR, _CAP, _WIRES, _USB] + _BATTERY,
    "pimoroni-display-pack-2": [
        _PICO,
        ("Pimoroni Pico Display Pack 2.0 (ST7789 320x240, 4 keys, RGB LED)",
         1, "Pimoroni PIM580", 20),
        _USB] + _BATTERY,
    "pybadge": [
        ("Adafruit PyBadge (or PyBadge LC: 1 NeoPixel, set "
         "MINIGAM_PIXELS = 1)", 1, "Adafruit 4200", 35),
        ("Optional: LiPo cell 3.7 V 350-1200 mAh (JST-PH)", 1,
         "Adafruit 2750", 7),
        _USB_PYBADGE],
    "pygamer": [
        ("Adafruit PyGamer", 1, "Adafruit 4242", 40),
        ("Optional: LiPo cell 3.7 V 350-1200 mAh (JST-PH)", 1,
         "Adafruit 2750", 7),
        _USB_PYGAMER],
}

UF2_PAGE = {"raspberry_pi_pico": "raspberry_pi_pico (or raspberry_pi_pico2 "
            "for a Pico 2)", "pybadge": "pybadge", "pygamer": "pygamer"}


def wired(profile):
    """True when the maker wires parts to the board (not all built in)."""
    return not profile["display"].get("builtin")


def pins_used(name):
    """Sorted list of (board pin name, role) for profile ``name``: what the
    pin tables and the stub checks test."""
    p = pinmap.PROFILES[name]
    out = []
    d = p["display"]
    if not d.get("builtin"):
        for role in ("sck", "mosi", "miso", "cs", "dc", "rst", "backlight"):
            if d.get(role):
                out.append((d[role], "display " + role.upper()))
    if p["keypad_shift"]:
        ks = p["keypad_shift"]
        for role in ("clock", "data", "latch"):
            out.append((ks[role], "buttons " + role))
    else:
        for k in p["keys"]:
            out.append((p["keys"][k][0], "key " + k))
    if p["joystick_analog"]:
        out.append((p["joystick_analog"]["x"], "joystick X"))
        out.append((p["joystick_analog"]["y"], "joystick Y"))
    if p["neopixel"]:
        out.append((p["neopixel"]["pin"], "NeoPixel data"))
    if p["rgb_led"]:
        for c in ("r", "g", "b"):
            out.append((p["rgb_led"][c], "RGB LED " + c.upper()))
    out.sort()
    return out


def pin_rows(name):
    """Rows (board pin, header pin, connects to) for profile ``name``."""
    p = pinmap.PROFILES[name]
    rows = []
    d = p["display"]
    if wired(p):
        for role in ("sck", "mosi", "miso", "cs", "dc", "rst", "backlight"):
            if d.get(role):
                rows.append((d[role], "display " + DISPLAY_LABEL[role]))
    ks = p["keypad_shift"]
    if ks:
        for role in ("clock", "data", "latch"):
            rows.append((ks[role], "button shift register " + role
                         + " (on board)"))
    else:
        for key in ("A", "B", "X", "Y", "UP", "DOWN", "LEFT", "RIGHT",
                    "PRESS"):
            if key in p["keys"]:
                pin, level = p["keys"][key]
                rows.append((pin, "key %s to GND (%s, internal pull-up)"
                             % (key, "active-high" if level else
                                "active-low")))
    if p["joystick_analog"]:
        for axis in ("x", "y"):
            rows.append((p["joystick_analog"][axis], "joystick " +
                         axis.upper() + " (on board)"))
    if p["neopixel"]:
        rows.append((p["neopixel"]["pin"], "NeoPixel DIN (through 330 ohm)"
                     if wired(p) else "NeoPixels (on board)"))
    if p["rgb_led"]:
        for c in ("r", "g", "b"):
            rows.append((p["rgb_led"][c], "RGB LED " + c.upper()
                         + " (on the pack, active-low)"))
    out = []
    for pin, what in rows:
        phys = PICO_PHYSICAL.get(pin) if p["stubs_board"].startswith(
            "raspberry_pi_pico") else None
        out.append((pin, str(phys) if phys else "-", what))
    return out


def gnd_text(p):
    """What the GND row of a wired profile's pin table and diagram feeds."""
    return "display GND, button commons" + (", NeoPixel GND"
                                            if p["neopixel"] else "")


def supply_rows(name):
    """Rows (board pin, Pico header pin, connects to) of the power pins a
    wired Pico build uses, the battery option's included: the pin table's
    and the wiring view's."""
    p = pinmap.PROFILES[name]
    if not wired(p):
        return []
    uses = {"3V3": ["display VCC" + (", button commons are GND"
                                     if not p["keypad_shift"] else "")],
            "GND": [gnd_text(p), "battery option: charger GND"],
            "VSYS": [], "VBUS": []}
    if p["neopixel"]:
        uses[PIXEL_SUPPLY].append("NeoPixel 5V (power) pad")
    uses["VSYS"].append("battery option: the diode's cathode (banded end)")
    uses["VBUS"].append("battery option: charger 5V pad (USB 5 V, dead "
                        "without USB)")
    rows = []
    for pin in ("3V3", "GND", "VSYS", "VBUS"):
        phys = str(PICO_PHYSICAL[pin]) + (" (any GND)" if pin == "GND"
                                          else "")
        rows.append((pin, phys, "; ".join(uses[pin])))
    return rows


def pin_table(name):
    lines = ["| board pin | Pico header pin | connects to |",
             "|---|---|---|"]
    for pin, phys, what in pin_rows(name) + supply_rows(name):
        lines.append("| %s | %s | %s |" % (pin, phys, what))
    return "\n".join(lines)


def bom_csv():
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["profile", "part", "quantity", "example", "approx_usd"])
    for name in pinmap.profile_names():
        for part, qty, example, usd in BOM[name]:
            w.writerow([name, part, qty, example, usd])
    return buf.getvalue()


def bom_table(name):
    lines = ["| part | qty | example | approx. cost (USD) |",
             "|---|---|---|---|"]
    total = 0.0
    for part, qty, example, usd in BOM[name]:
        lines.append("| %s | %d | %s | %s |" % (part, qty, example, usd))
        if not part.startswith("Optional"):
            total += usd
    lines.append("| **total (without optional parts)** | | | **about %d** |"
                 % round(total))
    everything = sum(row[3] for row in BOM[name])
    if everything != total:
        lines.append("| **total with the optional parts** | | | **about %d** "
                     "|" % round(everything))
    return "\n".join(lines)


def _esc(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;"))


def wiring_svg(name):
    """A wiring diagram: the Pico's used pins on the left, each wire to the
    part it drives on the right, all from the pin data."""
    rows = [r for r in pin_rows(name)]
    p = pinmap.PROFILES[name]
    if p["neopixel"]:
        rows.append((PIXEL_SUPPLY, str(PICO_PHYSICAL[PIXEL_SUPPLY]),
                     "NeoPixel 5V (power) pad"))
    rows.append(("3V3", "36", "display VCC"))
    rows.append(("GND", "38", gnd_text(p)))
    h = 70 + 24 * len(rows)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="760" height="%d" '
           'viewBox="0 0 760 %d" font-family="sans-serif" font-size="13">'
           % (h, h),
           '<rect width="760" height="%d" fill="#ffffff"/>' % h,
           '<text x="20" y="26" font-size="16" font-weight="bold">%s</text>'
           % _esc(p["title"]),
           '<rect x="20" y="40" width="170" height="%d" rx="6" '
           'fill="#2e7d32"/>' % (24 * len(rows) + 10),
           '<text x="30" y="%d" fill="#ffffff" font-weight="bold" '
           'transform="rotate(-90 30 %d)">Raspberry Pi Pico</text>'
           % (h - 40, h - 40)]
    colours = {"display": "#1565c0", "key": "#ef6c00", "NeoPixel": "#6a1b9a",
               "RGB": "#6a1b9a", "VBUS": "#c62828", "VSYS": "#c62828",
               "3V3": "#c62828",
               "GND": "#212121"}
    for k, (pin, phys, what) in enumerate(rows):
        y = 60 + 24 * k
        colour = "#455a64"
        for prefix, c in colours.items():
            if what.startswith(prefix) or pin == prefix:
                colour = c
        out.append('<text x="60" y="%d" fill="#ffffff">%s (pin %s)</text>'
                   % (y + 4, _esc(pin), _esc(phys)))
        out.append('<circle cx="190" cy="%d" r="4" fill="%s"/>' % (y, colour))
        out.append('<line x1="190" y1="%d" x2="430" y2="%d" stroke="%s" '
                   'stroke-width="3"/>' % (y, y, colour))
        out.append('<circle cx="430" cy="%d" r="4" fill="%s"/>' % (y, colour))
        out.append('<text x="440" y="%d">%s</text>' % (y + 4, _esc(what)))
    out.append('</svg>')
    return "\n".join(out) + "\n"


def wokwi_diagram():
    """Wokwi diagram.json of the pico-ili9341 profile, wired from the pins."""
    p = pinmap.PROFILES["pico-ili9341"]
    d = p["display"]
    parts = [
        {"type": "wokwi-pi-pico", "id": "pico", "top": 0, "left": 0,
         "attrs": {}},
        {"type": "wokwi-ili9341", "id": "lcd", "top": -60, "left": 260,
         "attrs": {}},
    ]
    conns = [["lcd:VCC", "pico:3V3", "red", []],
             ["lcd:GND", "pico:GND.8", "black", []]]
    for role in ("sck", "mosi", "miso", "cs", "dc", "rst", "backlight"):
        if d.get(role):
            conns.append(["lcd:" + WOKWI_LCD[role], "pico:" + d[role],
                          "blue", []])
    keys = [k for k in ("UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X",
                        "Y") if k in p["keys"]]
    for n, key in enumerate(keys):
        bid = "btn" + key
        parts.append({"type": "wokwi-pushbutton", "id": bid,
                      "top": 260 + 60 * (n // 5), "left": -40 + 90 * (n % 5),
                      "attrs": {"label": key, "key": WOKWI_KEYS[key],
                                "color": "green" if len(key) == 1 else
                                "blue", "bounce": "0"}})
        conns.append([bid + ":1.l", "pico:" + p["keys"][key][0], "orange",
                      []])
        conns.append([bid + ":2.l", "pico:GND.%d" % (1 + n % 7), "black",
                      []])
    px = p["neopixel"]
    parts.append({"type": "wokwi-led-ring", "id": "pixels", "top": -60,
                  "left": -200, "attrs": {"pixels": str(px["count"])}})
    conns.append(["pixels:DIN", "pico:" + px["pin"], "purple", []])
    conns.append(["pixels:VCC", "pico:" + PIXEL_SUPPLY, "red", []])
    conns.append(["pixels:GND", "pico:GND.1", "black", []])
    diagram = {"version": 1, "author": "MINIGAM (generated by "
               "python -m minigam.host hwdocs)", "editor": "wokwi",
               "parts": parts, "connections": conns,
               "dependencies": {}}
    return json.dumps(diagram, indent=2) + "\n"


WOKWI_TOML = """# Wokwi for VS Code: simulate the pico-ili9341 build.
# Download the CircuitPython UF2 for the Raspberry Pi Pico from
# circuitpython.org and save it here as circuitpython.uf2 (not committed),
# then copy the deployed files in (see hardware/README.md, "Wokwi").
[wokwi]
version = 1
firmware = "circuitpython.uf2"
"""


# Boards sold in a variant with another NeoPixel count than the profile's.
PIXEL_VARIANTS = {
    "pybadge": (
        "\n\nThe PyBadge LC has a single NeoPixel, not 5: put "
        "`MINIGAM_PIXELS = 1` in settings.toml (deploy keeps the line) and "
        "the pixel alternates between the two dice's colours. Without it "
        "the second die is drawn on a pixel the LC does not have."),
}


def indicator_heading(name):
    p = pinmap.PROFILES[name]
    return "### Dice indicator (%s)" % ("RGB LED" if p["rgb_led"] and not
                                        p["neopixel"] else "NeoPixels")


def neopixel_notes(name):
    p = pinmap.PROFILES[name]
    px = p["neopixel"]
    if p["rgb_led"]:
        return ("The dice indicator is the pack's own RGB LED, driven with "
                "PWM on GP6/GP7/GP8 (active-low). Nothing to wire.")
    n = px["count"]
    full = n * 3 * PIXEL_MA_PER_CHANNEL
    if not wired(p):
        return ("The %d NeoPixels are on the board. MINIGAM caps them at "
                "%d%% brightness, so even all white they draw under %d mA "
                "(%d mA uncapped).%s" % (n, PIXEL_MAX_BRIGHTNESS * 100,
                                         full * PIXEL_MAX_BRIGHTNESS, full,
                                         PIXEL_VARIANTS.get(name, "")))
    sup = PIXEL_SUPPLY
    capped = n * 3 * PIXEL_MA_PER_CHANNEL * capped_level()
    return (
        "- Power the pixels from %s (pin %d), never VBUS: %s carries USB's "
        "5 V less the Pico's own diode drop (roughly 4.7 V) and, with the "
        "battery option, the cell's voltage less the battery diode's drop "
        "(see Power above), while VBUS (pin 40) is dead without USB. "
        "WS2812B pixels are specified from 3.5 V: as the cell runs down "
        "they get dimmer, blue first, long before the Pico stops (it runs "
        "on VSYS down to 1.8 V).\n"
        "- Their data input sees the Pico's 3.3 V logic: WS2812B pixels "
        "accept it in practice at short distance, and more easily the lower "
        "their supply. Keep the data lead short.\n"
        "- Put a 330 ohm resistor in series with DIN, close to the first "
        "pixel, and a 470 uF capacitor across the ring's 5V and GND pads.\n"
        "- Current: a WS2812B draws up to %d mA at full white. "
        "MINIGAM caps the pixels at %d%% brightness (`MINIGAM_PIXEL_MAX`), "
        "so all %d pixels lit white draw about %d mA; the dice "
        "indicator usually lights fewer, in one or two colours%s. Without "
        "the cap, all white would draw %d mA, more than a USB 2.0 port's "
        "500 mA.\n"
        "- Chain: 12 pixels by default, shown as two groups of six (one per "
        "die); set `MINIGAM_PIXELS = <n>` in settings.toml for another "
        "count (1 to 11 pixels show one colour-coded pixel per die)."
        % (sup, PICO_PHYSICAL[sup], sup, 3 * PIXEL_MA_PER_CHANNEL,
           PIXEL_MAX_BRIGHTNESS * 100, n, round(capped),
           " (see the current budget above)" if name in POWER_BUDGET else "",
           full))


def capped_level():
    """The pixels' brightness at the cap as the firmware applies it: the
    DiceIndicator (minigam.hw.pixels) keeps it in 1/255 steps."""
    from minigam.hw.pixels import DiceIndicator

    ind = DiceIndicator([(0, 0, 0)])
    ind.brightness = PIXEL_MAX_BRIGHTNESS
    return ind.brightness


def ring_step():
    """The assembly step that wires a NeoPixel ring to a Pico build."""
    return ("the ring's DIN through the 330 ohm resistor to GP22 (header "
            "pin %d), the ring's 5V pad to %s (pin %d), GND to any GND; put "
            "the 470 uF capacitor across the ring's 5V and GND pads."
            % (PICO_PHYSICAL["GP22"], PIXEL_SUPPLY,
               PICO_PHYSICAL[PIXEL_SUPPLY]))


BATTERY_STEP = ("Battery option (the parts marked \"Optional, battery\"): "
                "wire the charger, the switch and the diode as Power above "
                "says, %s. Slide the switch off, then plug the cell into the "
                "charger.")


ASSEMBLY = {
    "pico-st7789": [
        "Solder male headers to the Pico (or buy a Pico H).",
        "Plug the Pico into the back of the Pico-LCD-1.3, matching the USB "
        "end to the board's USB marking. Display, joystick and keys need no "
        "wiring.",
        "Solder or plug the NeoPixel ring: " + ring_step(),
        BATTERY_STEP % "on the Pico's underside",
        "Install CircuitPython (below), then deploy MINIGAM from a PC.",
    ],
    "pico-ili9341": [
        "Adafruit 1770 breakout only: it starts in 8-bit parallel mode. "
        "On its back, close the IM1, IM2 and IM3 jumpers with a blob of "
        "solder each (leave IM0 open) to put it in SPI mode, then use the "
        "pins on its SPI side. A generic red-PCB ILI9341 module is SPI "
        "only and has no such jumpers.",
        "Put the Pico and the ILI9341 module on the breadboard.",
        "Wire the display exactly as the pin table says (SCK, MOSI, CS, DC, "
        "RST, backlight, VCC to 3V3, GND). Leave MISO unconnected.",
        "Put each of the nine buttons across the breadboard's centre gap; "
        "wire one leg to its GP pin and the diagonal leg to the GND rail. "
        "No resistors: the code enables the internal pull-ups.",
        "Wire the NeoPixel ring as in the NeoPixel notes: " + ring_step(),
        BATTERY_STEP % "on the breadboard rows of pins 38, 39 and 40",
        "Install CircuitPython (below), then deploy with "
        "`--profile pico-ili9341`.",
    ],
    "pimoroni-display-pack-2": [
        "Solder female headers to the pack or male headers to the Pico.",
        "Plug the Pico into the pack, USB end matching the outline. "
        "Nothing else to wire: four keys and the RGB LED are on the pack.",
        BATTERY_STEP % "on the Pico's underside",
        "Install CircuitPython (below), then deploy with "
        "`--profile pimoroni-display-pack-2`. With four keys, the joystick "
        "moves are on X/Y (see the main README's controls).",
    ],
    "pybadge": [
        "Nothing to wire: display, buttons and NeoPixels (5 on the PyBadge, "
        "1 on the PyBadge LC) are on board.",
        "Optionally plug a LiPo into the JST battery connector; the badge "
        "charges it over USB.",
        "Install CircuitPython (below), then deploy with "
        "`--profile pybadge`.",
    ],
    "pygamer": [
        "Nothing to wire: display, buttons, analog joystick and 5 NeoPixels "
        "are on board.",
        "Optionally plug a LiPo into the JST battery connector.",
        "Install CircuitPython (below), then deploy with "
        "`--profile pygamer`.",
    ],
}


# How to reach VBUS, VSYS and GND (pins 40, 39, 38, at the Pico's USB end)
# on each Pico build, for the battery option.
PIN_REACH = {
    "pico-st7789": "The Pico-LCD-1.3 plugs onto the header side of the "
                   "Pico, so solder these wires on the Pico's underside (its "
                   "component side), where the header's short pins come "
                   "through, or to the castellated edge pads",
    "pimoroni-display-pack-2": "The Display Pack plugs onto the header side "
                               "of the Pico, so solder these wires on the "
                               "Pico's underside (its component side), "
                               "where the header's short pins come through, "
                               "or to the castellated edge pads",
    "pico-ili9341": "On the breadboard, use the rows of pins 38, 39 and 40",
}

# Pico builds whose add-on plugs onto the Pico's header.
STACKED = ("pico-st7789", "pimoroni-display-pack-2")


# Why the battery option is not Pimoroni's LiPo SHIM for Pico (PIM557, also
# sold as Adafruit 5612): builds with a Pimoroni Display Pack show the SHIM
# soldered to the back of the Pico and the stack still plugging into the
# pack, so it would fit, but its button then sits between the two boards;
# and no published source we found says whether its "off" disconnects VSYS.
def shim_note(name):
    p = pinmap.PROFILES[name]
    stacked = name in STACKED
    return (
        "- **Why not Pimoroni's LiPo SHIM for Pico** (PIM557, also sold as "
        "Adafruit 5612)? It also charges from the Pico's USB%s. But %swe "
        "could not confirm from a published source that its \"off\" "
        "disconnects VSYS%s. See Pimoroni's product page if you prefer it; "
        "the cell then plugs into the SHIM, which replaces the charger, the "
        "switch and the diode." % (
            ", and it fits: it solders to the back of the Pico, and builds "
            "with Pimoroni's Display Pack still plug the Pico-and-SHIM stack "
            "into the pack" if stacked else "",
            "its power button then sits between the Pico and the display "
            "board, out of reach in a case, and " if stacked else "",
            ", from which the ring would keep drawing" if p["neopixel"]
            else ""))


def power_notes(name):
    p = pinmap.PROFILES[name]
    if not wired(p):
        return ("- USB: any 5 V USB supply or a PC.\n- Battery: a 3.7 V LiPo "
                "on the JST-PH connector; the on-board charger tops it up "
                "from USB.")
    ring = bool(p["neopixel"])
    out = [
        "- **USB:** any 5 V USB supply or a PC. USB's 5 V (VBUS, pin 40) "
        "reaches VSYS (pin 39) through the Pico's own Schottky diode, and "
        "the Pico makes its 3.3 V from VSYS%s." % (
            "; the NeoPixel ring takes its supply from VSYS too" if ring
            else ""),
        "- **Battery option** (the parts marked \"Optional, battery\"): a "
        "%d mAh LiPo cell on a charger board, a slide switch and a Schottky "
        "diode into VSYS. This is the Raspberry Pi Pico datasheet's own "
        "arrangement (section \"Powering Pico\": a second supply feeds VSYS "
        "through a Schottky diode, and the Pico's diode on VBUS OR-s it "
        "with USB; the higher voltage powers the Pico). Wire it:"
        % BATTERY_MAH,
        "  - the charger's **5V** pad to **VBUS (pin 40)** and its **GND** "
        "pad to **GND (pin 38)**, so the Pico's USB socket charges the cell "
        "(100 mA as shipped; closing the board's jumper sets 500 mA). Leave "
        "the charger's own USB socket empty: a cable in each would join "
        "two USB supplies.",
        "  - the charger's **BAT** pad to the switch's middle pin, one outer "
        "pin of the switch to the diode's anode, and the diode's cathode "
        "(the banded end) to **VSYS (pin 39)**.",
        "  - the cell into the charger's JST-PH socket, last, with the "
        "switch off.",
        "  - %s." % PIN_REACH[name],
        "- **How it behaves:** on USB, VSYS sits above the cell's voltage, "
        "so the battery diode blocks: the game runs from USB whatever the "
        "switch says (with the switch off, e.g. to install CircuitPython), "
        "and the cell charges with nothing else drawing on it. On battery "
        "with the switch on, VSYS is the cell's 3.0 to 4.2 V less the "
        "diode's few tenths of a volt. Switch off without USB: the cell "
        "feeds nothing but the charger, so the handheld%s draws nothing. "
        "The switch is the power switch." % (
            ", ring included," if ring else ""),
    ]
    out.append(shim_note(name))
    if name in enclosure.profiles():
        out.append(
            "- **Known gap, the case:** the case (Enclosure below) has a bay "
            "for the cell under the Pico, %s x %s x %s mm (the `lipo_l`, "
            "`lipo_w`, `lipo_h` parameters, not taken from a cell's "
            "drawing), but no opening for the switch and no place for the "
            "charger board (22.9 x 19.1 mm in Adafruit's board file). Check "
            "the cell's size on its product page against the bay before "
            "ordering; until the case holds them, the switch and the "
            "charger sit on their wires inside." % tuple(
                "%g" % enclosure.PARAMS[k]
                for k in ("lipo_l", "lipo_w", "lipo_h")))
    return "\n".join(out)


# Current budget of a build (issue 19), at VSYS, everything at full
# brightness: (part, mA, basis). Parts without a published figure say they
# are estimates; the pixels' rows come from the firmware's own
# DiceIndicator (pixel_ma).
PICO_MA = 25
POWER_BUDGET = {
    "pico-st7789": {
        "pico": ("Raspberry Pi Pico (RP2040, flash, regulator) running "
                 "MINIGAM", PICO_MA,
                 "estimate: we found no published figure for a Pico "
                 "running CircuitPython"),
        "display": ("Pico-LCD-1.3: ST7789 controller and backlight at full",
                    30, "estimate: we found no published current figure "
                    "for this board"),
    },
}


def pixel_ma(name, rolls):
    """Average current (mA) of profile ``name``'s NeoPixels showing each
    roll (d1, d2) in ``rolls`` for player 1 at the brightness cap: the
    firmware's own DiceIndicator (minigam.hw.pixels) lights a plain list,
    and each channel draws its share of PIXEL_MA_PER_CHANNEL."""
    from minigam.hw.pixels import DiceIndicator

    n = pinmap.PROFILES[name]["neopixel"]["count"]
    total = 0
    for d1, d2 in rolls:
        strip = [(0, 0, 0)] * n
        ind = DiceIndicator(strip)
        ind.brightness = PIXEL_MAX_BRIGHTNESS
        ind.show_dice(d1, d2, 1, now_ms=0)
        ind.tick(0)
        total += sum(sum(c) for c in strip)
    return total * PIXEL_MA_PER_CHANNEL / 255 / len(rolls)


ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def power_budget(name):
    """Rows (part, mA, basis) of profile ``name``'s current budget, whole
    mA, the total not included (it is their sum)."""
    p = pinmap.PROFILES[name]
    b = POWER_BUDGET[name]
    n = p["neopixel"]["count"]
    rows = [b["pico"], b["display"],
            ("NeoPixels showing a roll, at the %d%% cap"
             % pinmap.PIXEL_MAX_PERCENT, round(pixel_ma(name, ALL_ROLLS)),
             "average of the 36 rolls: die values d1 + d2 light d1 + d2 "
             "pixels (minigam/hw/pixels.py), player 1's white; a pixel "
             "takes up to 60 mA at full white (Adafruit NeoPixel "
             "Uberguide)"),
            ("NeoPixel controllers, %d pixels" % n, n * PIXEL_IDLE_MA,
             "at most: \"under 1 milliamp per pixel\" even dark (Adafruit, "
             "Sipping Power With NeoPixels)")]
    return [(part, int(ma), basis) for part, ma, basis in rows]


def budget_section(name):
    """The "Current budget" section of a build's page (README lines)."""
    if name not in POWER_BUDGET:
        return []
    rows = power_budget(name)
    total = sum(ma for _part, ma, _basis in rows)
    worst_px = round(pixel_ma(name, [(6, 6)]))
    worst = total - rows[2][1] + worst_px
    hours = BATTERY_MAH / total
    lines = ["### Current budget", "",
             "Estimates, not measurements: drawn from VSYS, with the screen "
             "and the pixels at full brightness (the pixels at their %d%% "
             "cap, `MINIGAM_PIXEL_MAX`)." % pinmap.PIXEL_MAX_PERCENT, "",
             "| part | mA | basis |", "|---|---|---|"]
    for part, ma, basis in rows:
        lines.append("| %s | %d | %s |" % (part, ma, basis))
    lines.append("| **total** | **%d** | sum of the rows |" % total)
    lines += ["",
              "- **Battery life:** the %d mAh cell (%s) lasts about %.1f "
              "hours of play at that total (estimate: capacity / current; "
              "the cell's protection cuts out at 3.0 V, and the diode and "
              "the Pico's regulator lose a little on the way)."
              % (BATTERY_MAH, BATTERY_CELL, hours),
              "- **Worst case:** a double six lights all %d pixels white: "
              "%d mA for the pixels, %d mA in all, about %.1f hours."
              % (pinmap.PROFILES[name]["neopixel"]["count"], worst_px, worst,
                 BATTERY_MAH / worst),
              "- **Longer play:** the pixels and the backlight follow the "
              "brightness setting in the menu; `MINIGAM_PIXEL_MAX = %d` in "
              "settings.toml halves the pixels' share."
              % (pinmap.PIXEL_MAX_PERCENT // 2),
              "- **Measure yours:** a USB power meter between the PC and the "
              "Pico shows the real total (the cell charging adds its charge "
              "current).", ""]
    return lines


def readme():
    out = ["# Building a MINIGAM handheld", "",
           "Everything on this page is generated by `python -m minigam.host "
           "hwdocs` from the pin data the profile modules in "
           "`minigam/hw/profiles/` run on; a test fails if the page and the code "
           "disagree. Edit the data or the generator, never this file.", "",
           "Profiles: " + ", ".join("[`%s`](#%s)" % (n, n)
                                     for n in pinmap.profile_names()) + ".",
           "Parts for every profile are also in [BOM.csv](BOM.csv); a "
           "3D-printable case is under [Enclosure](#enclosure).", ""]
    for name in pinmap.profile_names():
        p = pinmap.PROFILES[name]
        d = p["display"]
        out += ["## %s" % name, "", p["title"] + ". Screen %dx%d%s." % (
            d["width"], d["height"],
            "" if not d.get("builtin") else " (built in)"), "",
            "### Parts", "", bom_table(name), "", "### Pins", "",
            pin_table(name), ""]
        if wired(p):
            out += ["### Wiring", "",
                    "![wiring of %s](wiring-%s.svg)" % (name, name), ""]
        out += ["### Power", "", power_notes(name), ""]
        out += budget_section(name)
        out += [indicator_heading(name), "", neopixel_notes(name),
                "", "### Assembly", ""]
        out += ["%d. %s" % (k + 1, s) for k, s in enumerate(ASSEMBLY[name])]
        out += ["", "### CircuitPython", "",
                "Install CircuitPython 9.2 or 10.x (both are supported). "
                "Download the UF2 for board `%s` from circuitpython.org; "
                "hold BOOTSEL (Pico) or double-click reset (PyBadge, "
                "PyGamer) while plugging in USB; copy the UF2 to the drive "
                "that appears. The board restarts as `CIRCUITPY`. Then, from "
                "a PC with this repository: `make setup && .venv/bin/python "
                "-m minigam.host deploy /path/to/CIRCUITPY --profile %s`."
                % (UF2_PAGE[p["stubs_board"]], name), ""]
    out += enclosure.readme_section()
    out += ["## Wokwi simulation (pico-ili9341)", "",
            "`wokwi/diagram.json` is the `pico-ili9341` build, generated "
            "from the same pins (a test checks every connection). Keyboard: "
            + ", ".join("%s = `%s`" % (k, v) for k, v in WOKWI_KEYS.items())
            + ".", "",
            "On wokwi.com: open the Raspberry Pi Pico CircuitPython "
            "template (wokwi.com/projects/new/circuitpython-pi-pico), "
            "replace its diagram.json with ours, and add the files of a "
            "deploy bundle (`python -m minigam.host deploy --zip "
            "minigam.zip --profile pico-ili9341`): code.py, "
            "settings.toml, the minigam/ folder, and requirements.txt from "
            "the repository root so Wokwi installs the libraries. In VS "
            "Code: `wokwi.toml` points at a CircuitPython UF2 you download. "
            "Nobody has yet checked that a CircuitPython display runs in "
            "Wokwi (DEVICE-NOTES.md): treat it as a wiring check first.", ""]
    return "\n".join(out)


def generate():
    """Every generated file: {path relative to the repo: text}."""
    files = {"hardware/README.md": readme(), "hardware/BOM.csv": bom_csv(),
             "hardware/wokwi/diagram.json": wokwi_diagram(),
             "hardware/wokwi/wokwi.toml": WOKWI_TOML}
    for name in pinmap.profile_names():
        if wired(pinmap.PROFILES[name]):
            files["hardware/wiring-%s.svg" % name] = wiring_svg(name)
    files.update(enclosure.files())
    return files
