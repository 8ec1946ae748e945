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
# duty. The dice indicator lights one colour per lit pixel, never brighter
# than the profiles' cap.
PIXEL_MA_PER_CHANNEL = 20
PIXEL_MAX_BRIGHTNESS = pinmap.PIXEL_MAX_PERCENT / 100

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
_LIPO = ("Optional: LiPo cell 3.7 V 500-1200 mAh + charger", 1,
         "Adafruit 1578 + Adafruit 4410 (bq25185 charger)", 15)
BOM = {
    "pico-st7789": [
        _PICO,
        ("Waveshare Pico-LCD-1.3 (ST7789 240x240, joystick, 4 keys)", 1,
         "Waveshare 19650", 11),
        _PIXELS, _RESISTOR, _CAP, _USB, _LIPO],
    "pico-ili9341": [
        _PICO,
        ("ILI9341 2.8 in 320x240 SPI TFT breakout (Adafruit 1770: close "
         "its IM1, IM2 and IM3 jumpers with solder for SPI)", 1,
         "Adafruit 1770 or generic red-PCB ILI9341 module", 12),
        _BUTTONS, _PIXELS, _RESISTOR, _CAP, _WIRES, _USB, _LIPO],
    "pimoroni-display-pack-2": [
        _PICO,
        ("Pimoroni Pico Display Pack 2.0 (ST7789 320x240, 4 keys, RGB LED)",
         1, "Pimoroni PIM580", 20),
        _USB, _LIPO],
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


def pin_table(name):
    lines = ["| board pin | Pico header pin | connects to |",
             "|---|---|---|"]
    for pin, phys, what in pin_rows(name):
        lines.append("| %s | %s | %s |" % (pin, phys, what))
    p = pinmap.PROFILES[name]
    if wired(p):
        lines.append("| 3V3 | 36 | display VCC%s |" % (
            ", button commons are GND" if not p["keypad_shift"] else ""))
        lines.append("| GND | 38 (any GND) | %s |" % gnd_text(p))
        if p["neopixel"]:
            lines.append("| VBUS | 40 | NeoPixel 5V (USB power) |")
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
        rows.append(("VBUS", "40", "NeoPixel 5V"))
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
               "RGB": "#6a1b9a", "VBUS": "#c62828", "3V3": "#c62828",
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
    conns.append(["pixels:VCC", "pico:VBUS", "red", []])
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
    return (
        "- Power the pixels from VBUS (5 V from USB; on battery see Power "
        "above). Their data input then sees 3.3 V logic from "
        "the Pico: WS2812B pixels accept it in practice at short distance; "
        "for a long lead or a picky strip add a 74AHCT125 level shifter.\n"
        "- Put a 330 ohm resistor in series with DIN, close to the first "
        "pixel, and a 470 uF capacitor across 5 V and GND at the strip.\n"
        "- Current budget: a WS2812B draws up to %d mA at full white. "
        "MINIGAM caps the pixels at %d%% brightness (`MINIGAM_PIXEL_MAX`), "
        "so even all %d pixels lit white stay under %d mA; the dice "
        "indicator usually lights fewer, in one or two colours. Without "
        "the cap, all white would draw %d mA, more than a Pico's VBUS "
        "should feed.\n"
        "- Chain: 12 pixels by default, shown as two groups of six (one per "
        "die); set `MINIGAM_PIXELS = <n>` in settings.toml for another "
        "count (1 to 11 pixels show one colour-coded pixel per die)."
        % (3 * PIXEL_MA_PER_CHANNEL, PIXEL_MAX_BRIGHTNESS * 100, n,
           full * PIXEL_MAX_BRIGHTNESS, full))


ASSEMBLY = {
    "pico-st7789": [
        "Solder male headers to the Pico (or buy a Pico H).",
        "Plug the Pico into the back of the Pico-LCD-1.3, matching the USB "
        "end to the board's USB marking. Display, joystick and keys need no "
        "wiring.",
        "Solder or plug the NeoPixel ring: DIN through the 330 ohm resistor "
        "to GP22 (header pin 29), 5V to VBUS (pin 40), GND to any GND; put "
        "the 470 uF capacitor across the ring's 5V and GND.",
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
        "Wire the NeoPixel ring as in the NeoPixel notes.",
        "Install CircuitPython (below), then deploy with "
        "`--profile pico-ili9341`.",
    ],
    "pimoroni-display-pack-2": [
        "Solder female headers to the pack or male headers to the Pico.",
        "Plug the Pico into the pack, USB end matching the outline. "
        "Nothing else to wire: four keys and the RGB LED are on the pack.",
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


def power_notes(name):
    p = pinmap.PROFILES[name]
    if not wired(p):
        return ("- USB: any 5 V USB supply or a PC.\n- Battery: a 3.7 V LiPo "
                "on the JST-PH connector; the on-board charger tops it up "
                "from USB.")
    return ("- USB: any 5 V USB supply or a PC powers everything through "
            "VBUS.\n- Battery: a 3.7 V LiPo through a charger board (e.g. "
            "bq25185) whose output goes to VSYS (pin 39) through a Schottky "
            "diode, as the Pico datasheet shows%s" % (
                "; the NeoPixels then take "
                "their supply from VSYS instead of VBUS (dimmer at 3.7 V, "
                "still fine at the indicator's brightness)." if p["neopixel"]
                else ". The pack's RGB LED needs no supply wiring of its "
                "own."))


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
        out += ["### Power", "", power_notes(name), "",
                indicator_heading(name), "", neopixel_notes(name),
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
