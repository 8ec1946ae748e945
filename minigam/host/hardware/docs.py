"""Generate hardware/ (build guide, BOM, pin tables, wiring SVGs, the
schematic, Wokwi diagram) from the pin data the profiles run on (each
profile module's ``DATA``, all of them in ``minigam.hw.pins.PROFILES``),
and the OpenSCAD cases from ``minigam.host.hardware.enclosure``.

The docs are derived, never drawn by hand, so they cannot disagree with the
code: ``python -m minigam.host hwdocs`` rewrites them and ``--check`` (used
by the tests) fails when a committed file differs from what this produces.
"""

import csv
import io
import json

from minigam.host.hardware import bringup
from minigam.host.hardware import enclosure
from minigam.host.hardware import pico
from minigam.host.hardware import schematic
from minigam.host.hardware import wiring
from minigam.host.hardware.wiring import (  # noqa: F401 (docs' names too)
    ADDON_SUPPLY, BUTTON_GND_PINS, CAP_UF, CELL_NOMINAL, DISPLAY_GND_PIN,
    DISPLAY_LABELS, GENERIC_ILI9341, JOYSTICK_KEYS, PFET, PFET_PINS,
    PIXEL_MIN_V, PIXEL_SUPPLY, PIXEL_VIH, PLUG_ON, RESISTOR_OHMS,
    RING_GND_PIN, SCHOTTKY_DROP, VSYS_USB, ring_pin)
from minigam.hw import loader
from minigam.hw import pins as pinmap

# Raspberry Pi Pico header: physical pin number of each named pin (GND:
# pin 38, beside VSYS and VBUS), from the datasheet's pinout (``pico``).
PICO_PHYSICAL = pico.PHYSICAL

# NeoPixel budget: a WS2812B draws about 20 mA per colour channel at full
# duty, 60 mA at full white (Adafruit NeoPixel Uberguide, "Powering
# NeoPixels"), and under 1 mA even dark (Adafruit, "Sipping Power With
# NeoPixels"). The dice indicator never gets brighter than the profiles' cap.
PIXEL_MA_PER_CHANNEL = 20
PIXEL_IDLE_MA = 1
PIXEL_MAX_BRIGHTNESS = pinmap.PIXEL_MAX_PERCENT / 100

# Parts per profile: (part, quantity, example part or product, approx USD).
_PICO = ("Raspberry Pi Pico or Pico 2", 1,
         "Raspberry Pi SC0915 (Pico) / SC1631 (Pico 2)", 5)
_PICO_1 = ("Raspberry Pi Pico (a Pico 2 is profile pico2-st7789)", 1,
           "Raspberry Pi SC0915", 5)
_PICO_2 = ("Raspberry Pi Pico 2", 1, "Raspberry Pi SC1631", 5)
_BUTTONS = ("Tactile push button 6x6 mm", 9, "Omron B3F-1000", 2)
_PIXELS = ("WS2812B NeoPixel ring or strip, 12 pixels", 1,
           "Adafruit 1643 (NeoPixel Ring 12)", 8)
# The NeoPixel data resistor and supply capacitor: Adafruit's NeoPixel
# Uberguide ("Best Practices") asks for 300-500 ohm in the data line and
# 500-1000 uF, 6.3 V or more, across a large supply (wiring.CAP_UF: why
# 470 uF here).
_RESISTOR = ("Resistor %d ohm (NeoPixel data)" % RESISTOR_OHMS, 1,
             "any 1/4 W", 0.1)
_CAP = ("Electrolytic capacitor %d uF 10 V (NeoPixel supply)" % CAP_UF, 1,
        "Panasonic EEU-FR1A471", 0.4)
# A 5 V buffer that reads 3.3 V logic, for a ring whose data the Pico's
# 3.3 V does not drive cleanly (Dice indicator notes). Adafruit sells the
# 74AHCT125 for just this.
_SHIFTER = ("Optional, level shifter: 74AHCT125 quad buffer, DIP-14 (only "
            "for a ring that flickers: Dice indicator)", 1,
            "Adafruit 1787", 1.5)
# Soldering the ring to the Pico of a plug-on build (no breadboard there).
_HEADERS = ("Male pin headers, 2 x 20 pins, 2.54 mm (the Pico's; not "
            "needed with a Pico sold with headers fitted)", 1,
            "any 40-pin 2.54 mm breakaway header", 1)
_HOOKUP = ("Stranded hook-up wire, about 26 AWG, three colours, 15 cm "
           "each, and heat-shrink tube for the resistor and the capacitor's "
           "legs", 1, "any", 2)
# The Pico takes 20 rows and nine buttons across the gap about 3 rows
# each: more than a half-size breadboard's 30.
_WIRES = ("Breadboard and jumper wires", 1,
          "full-size breadboard (830 points, 63 rows) + 40 M-M jumpers", 8)
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
    ("Optional, battery: P-channel MOSFET beside the diode (VSYS gets the "
     "cell's full voltage), SOT-23, on a SOT-23 breakout board", 1,
     "Diodes Inc. %s" % PFET, 1),
    ("Optional, battery: hook-up wire, about 26 AWG, 10 cm each of four "
     "colours; heat-shrink tube; polyimide (Kapton) tape to keep the joints "
     "off the cell", 1, "any", 2),
]


def case_rows(name):
    """The parts list's rows of the printed case of profile ``name``: its
    screws, counted and sized from the case itself, and the filament."""
    rows = [("Optional, case: M2 x %d self-tapping screws, for %s%s"
             % (length, what, " (battery option)" if what == "the charger"
                else ""), count, "any M2 self-tapping screws", 0.5)
            for count, length, what, _through, _depth
            in enclosure.screws(name)]
    return rows + [("Optional, case: PLA or PETG filament (white or clear "
                    "for the diffuser)", 1, "any 1.75 mm filament", 2)]


_LCD_1_3 = ("Waveshare Pico-LCD-1.3 (ST7789 240x240, joystick, 4 keys)", 1,
            "Waveshare 19650", 11)
BOM = {
    "pico-st7789": [
        _PICO_1, _HEADERS, _LCD_1_3, _PIXELS, _RESISTOR, _CAP, _HOOKUP,
        _USB] + _BATTERY + [_SHIFTER] + case_rows("pico-st7789"),
    "pico2-st7789": [
        _PICO_2, _HEADERS, _LCD_1_3, _PIXELS, _RESISTOR, _CAP, _HOOKUP,
        _USB] + _BATTERY + [_SHIFTER] + case_rows("pico-st7789"),
    "pico-ili9341": [
        _PICO, _HEADERS,
        ("ILI9341 2.8 in 320x240 SPI TFT breakout (Adafruit 1770: close "
         "its IM1, IM2 and IM3 jumpers with solder for SPI)", 1,
         "Adafruit 1770 or generic red-PCB ILI9341 module", 12),
        _BUTTONS, _PIXELS, _RESISTOR, _CAP, _WIRES, _USB] + _BATTERY
        + [_SHIFTER],
    "pimoroni-display-pack-2": [
        _PICO,
        _HEADERS,
        ("Pimoroni Pico Display Pack 2.0 (ST7789 320x240, 4 keys, RGB LED)",
         1, "Pimoroni PIM580", 20),
        _USB] + _BATTERY,
    "pybadge": [
        ("Adafruit PyBadge (or PyBadge LC: 1 NeoPixel, set "
         "MINIGAM_PIXELS = 1; or EdgeBadge: the same pins)", 1,
         "Adafruit 4200 (PyBadge) / 3939 (PyBadge LC) / 4400 (EdgeBadge)",
         35),
        ("Optional: LiPo cell 3.7 V 350-1200 mAh (JST-PH)", 1,
         "Adafruit 2750", 7),
        _USB_PYBADGE],
    "pygamer": [
        ("Adafruit PyGamer", 1, "Adafruit 4242", 40),
        ("Optional: LiPo cell 3.7 V 350-1200 mAh (JST-PH)", 1,
         "Adafruit 2750", 7),
        _USB_PYGAMER],
}

# Boards a profile serves beside its own, whose CircuitPython download
# is another board's page (circuitpython.org: board ids).
UF2_VARIANTS = {
    "pybadge": " (an EdgeBadge's is board `edgebadge`: Adafruit 4400, a "
               "PyBadge with a microphone, the same pins; its board id "
               "selects this profile too)",
}

UF2_PAGE = {"raspberry_pi_pico": "raspberry_pi_pico (or raspberry_pi_pico2 "
            "for a Pico 2)", "raspberry_pi_pico2": "raspberry_pi_pico2",
            "pybadge": "pybadge", "pygamer": "pygamer"}


def wired(profile):
    """True when the maker wires parts to the board (not all built in)."""
    return not profile["display"].get("builtin")


def same_build(name):
    """The profile whose build profile ``name`` is, on another board (its
    module takes that one's data: ``deploy.profile_bases``): the same
    parts but the board, the same pins, wiring, power, case and assembly;
    None for a build of its own."""
    from minigam.host.hardware.deploy import profile_bases
    bases = profile_bases(name)
    return bases[0] if bases else None


def drawn(name):
    """True when profile ``name``'s section shows wiring of its own: a
    wired build that is not another's on another board (``same_build``,
    whose section links to that build's)."""
    return wired(pinmap.PROFILES[name]) and same_build(name) is None


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


def display_row(name, role):
    """What a display pin of profile ``name`` connects to."""
    lab = DISPLAY_LABELS[name][role]
    if name in PLUG_ON:
        return "display %s, on the %s (nothing to wire)" % (
            lab, PLUG_ON[name][0])
    generic = GENERIC_ILI9341.get(role)
    return "display %s%s" % (lab, " (generic module: %s)" % generic
                             if generic and generic != lab else "")


def key_row(name, key, active_high):
    """What a key's pin of profile ``name`` connects to."""
    how = "%s, internal pull-up" % ("active-high" if active_high
                                    else "active-low")
    if name in PLUG_ON:
        part, joystick = PLUG_ON[name]
        what = ("joystick " + key if joystick and key in JOYSTICK_KEYS
                else "key " + key)
        return "%s, on the %s (nothing to wire; %s)" % (what, part, how)
    return "key %s to GND (%s)" % (key, how)


def pin_rows(name):
    """Rows (board pin, header pin, connects to) for profile ``name``."""
    p = pinmap.PROFILES[name]
    rows = []
    d = p["display"]
    if wired(p):
        for role in ("sck", "mosi", "miso", "cs", "dc", "rst", "backlight"):
            if d.get(role):
                rows.append((d[role], display_row(name, role)))
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
                rows.append((pin, key_row(name, key, level)))
    if p["joystick_analog"]:
        for axis in ("x", "y"):
            rows.append((p["joystick_analog"][axis], "joystick " +
                         axis.upper() + " (on board)"))
    if p["neopixel"]:
        rows.append((p["neopixel"]["pin"], "NeoPixel DIN (through %d ohm)"
                     % RESISTOR_OHMS if wired(p) else "NeoPixels (on board)"))
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


def supply_rows(name):
    """Rows (board pin, Pico header pin, connects to) of the power pins a
    wired Pico build uses, the battery option's included: the pin table's,
    with the GND pins the wiring view uses."""
    p = pinmap.PROFILES[name]
    if not wired(p):
        return []
    ring = bool(p["neopixel"])
    uses = {"3V3": [], "GND": [], "VSYS": [], "VBUS": []}
    if name in PLUG_ON:
        part = PLUG_ON[name][0]
        supply = ADDON_SUPPLY[name]
        uses[supply].append("the %s's supply (VCC), through the header "
                            "(nothing to wire)" % part)
        if supply != "3V3":
            uses["3V3"].append("not used: the %s takes %s (pin %d), not "
                               "3V3" % (part, supply, PICO_PHYSICAL[supply]))
        uses["GND"].append("the %s's GND, through the header" % part)
    else:
        uses["3V3"].append("display Vin (3 to 5 V in; generic module: VCC); "
                           "not the breakout's 3Vo, which is its 3.3 V "
                           "output")
        uses["GND"] += ["display GND (the view: pin %d)" % DISPLAY_GND_PIN,
                        "button commons (GND rails on pins %s)"
                        % ", ".join(str(n) for n in BUTTON_GND_PINS)]
    if ring:
        uses["GND"].append("NeoPixel GND (the view: pin %d, beside GP22)"
                           % RING_GND_PIN)
        uses[PIXEL_SUPPLY].append("NeoPixel 5V (power) pad")
    uses["GND"].append("battery option: charger GND (pin %d)"
                       % PICO_PHYSICAL["GND"])
    uses["VSYS"].append("battery option: the diode's cathode (banded end) "
                        "and the MOSFET's source")
    uses["VBUS"].append("battery option: charger 5V pad and the MOSFET's "
                        "gate (USB 5 V, dead without USB)")
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
    return "\n".join([
        "- Power the pixels from %s (pin %d), never VBUS: %s carries USB's "
        "5 V less the Pico's own diode drop (roughly %g V) and, with the "
        "battery option, the cell's voltage (see Power above), while VBUS "
        "(pin 40) is dead without USB. WS2812B pixels are specified from "
        "%g V: on the battery option's MOSFET they get the cell's own "
        "voltage, %g V for most of its charge, and only as the cell nears "
        "empty do they dim, blue and green first (those chips need the "
        "most voltage), long before the Pico stops (it runs on VSYS down to "
        "1.8 V). Through the diode alone they would get about %g V less: "
        "%.2f V from a full cell but %.2f V at its nominal %g V, below their "
        "rating for most of the charge, the blue (5) and violet (6) dice "
        "fading first."
        % (sup, PICO_PHYSICAL[sup], sup, VSYS_USB, PIXEL_MIN_V,
           CELL_NOMINAL, SCHOTTKY_DROP, wiring.CELL_FULL - SCHOTTKY_DROP,
           CELL_NOMINAL - SCHOTTKY_DROP, CELL_NOMINAL),
        "- Their data input reads a 1 from %g x its supply: %.1f V on USB, "
        "just the Pico's 3.3 V logic, and %.1f V on the cell. WS2812B "
        "pixels accept 3.3 V in practice at short distance: keep the data "
        "lead short. If the ring flickers or shows wrong colours on USB, "
        "fit the optional 74AHCT125 (a 5 V buffer that reads 3.3 V logic) "
        "in the data line: its pin 14 (VCC) to VSYS, pins 7 (GND) and 1 "
        "(1OE) to GND, pin 2 (1A) from %s, pin 3 (1Y) through the %d ohm "
        "resistor to DIN, and the unused inputs, pins 5, 9 and 12 (2A, 3A, "
        "4A), to GND. It is specified from 4.5 V, so it is for a build "
        "on USB; on the cell's lower supply the pixels read the 3.3 V data "
        "anyway (a battery build that flickers on USB needs a translator "
        "specified down to 3 V instead, such as the SN74LVC1T45, its A "
        "side on 3V3 and its B side on VSYS)."
        % (PIXEL_VIH, PIXEL_VIH * VSYS_USB, PIXEL_VIH * CELL_NOMINAL,
           ring_pin(), RESISTOR_OHMS),
        "- Put a %d ohm resistor in series with DIN, close to the first "
        "pixel, and a %d uF capacitor across the ring's 5V and GND, at its "
        "pads or on its wires close to it. Adafruit's NeoPixel Uberguide "
        "asks for 300 to 500 ohm and, across a large supply, 500 to "
        "1000 uF; this capacitor sits on VSYS, which USB charges at "
        "plug-in, and USB 2.0 allows a device only 10 uF there, so the "
        "smaller standard value: with the pixels capped, %d uF is plenty."
        % (RESISTOR_OHMS, CAP_UF, CAP_UF),
        "- Current: a WS2812B draws up to %d mA at full white. MINIGAM caps "
        "the pixels at %d%% brightness (`MINIGAM_PIXEL_MAX`), so all %d "
        "pixels lit white draw about %d mA; the dice indicator usually "
        "lights fewer, in one or two colours%s. Without the cap, all white "
        "would draw %d mA, more than a USB 2.0 port's 500 mA."
        % (3 * PIXEL_MA_PER_CHANNEL, PIXEL_MAX_BRIGHTNESS * 100, n,
           round(capped), " (see the current budget above)"
           if name in POWER_BUDGET else "", full),
        "- Chain: %d pixels by default; set `MINIGAM_PIXELS = <n>` in "
        "settings.toml for another count (0: none fitted). %s"
        % (n, pixel_modes())])


# The dice colours of minigam.hw.pixels.DIE_COLORS, by name.
COLOUR_NAMES = {(255, 0, 0): "red", (255, 96, 0): "orange",
                (255, 220, 0): "yellow", (0, 255, 0): "green",
                (0, 64, 255): "blue", (200, 0, 255): "violet"}


def pixel_modes():
    """What the dice indicator shows on n pixels, as minigam.hw.pixels
    does it (its constants, not copies)."""
    from minigam.hw import pixels as px

    colours = ", ".join("%d %s" % (v, COLOUR_NAMES[tuple(px.DIE_COLORS[v])])
                        for v in range(1, 7))
    return (
        "What the pixels show (`minigam/hw/pixels.py`): **12 or more:** two "
        "groups of six, pixels 1 to 6 for the first die and 7 to 12 for the "
        "second; a die showing v lights the first v pixels of its group in "
        "the colour of the player who rolled (pixels past the twelfth stay "
        "dark). **2 to 11:** the first pixel shows the first die and the "
        "last pixel the second, each in its value's colour (%s); the pixels "
        "between glow dimly in the player's colour. **1:** the pixel "
        "alternates between the two dice's colours, %g s the first die, "
        "%g s dark, %g s the second, %g s dark, and again. A die already "
        "moved is shown at a quarter of its brightness."
        % (colours, px.ALT_SHOW_MS / 1000, px.ALT_GAP_MS / 1000,
           px.ALT_SHOW_MS / 1000, px.ALT_GAP_MS / 1000))


def capped_level():
    """The pixels' brightness at the cap as the firmware applies it: the
    DiceIndicator (minigam.hw.pixels) keeps it in 1/255 steps."""
    from minigam.hw.pixels import DiceIndicator

    ind = DiceIndicator([(0, 0, 0)])
    ind.brightness = PIXEL_MAX_BRIGHTNESS
    return ind.brightness


def ring_step(cap=True):
    """The wires of the NeoPixel ring of a Pico build (and where its
    capacitor goes, unless ``cap`` is False)."""
    return ("the ring's DIN through the %d ohm resistor to %s (header pin "
            "%d), the ring's 5V pad to %s (pin %d), and its GND pad to GND "
            "(any GND; pin %d is beside %s).%s"
            % (RESISTOR_OHMS, ring_pin(), PICO_PHYSICAL[ring_pin()],
               PIXEL_SUPPLY, PICO_PHYSICAL[PIXEL_SUPPLY], RING_GND_PIN,
               ring_pin(), " The %d uF capacitor goes across the ring's 5V "
               "and GND pads, its stripe (the - lead) to GND." % CAP_UF
               if cap else ""))


def addon_pins(name):
    """The GP pins the plug-on board of profile ``name`` takes, in order."""
    used = {pin for pin, _phys, what in pin_rows(name) if "on the " in what}
    return sorted(used, key=lambda pin: int(pin[2:]))


def free_pins(name):
    """The GP pins the plug-on board of profile ``name`` leaves free."""
    taken = set(addon_pins(name))
    return [pin for pin in (pico.PINOUT[n] for n in range(1, 41))
            if pin.startswith("GP") and pin not in taken]


BATTERY_STEP = ("Battery option (the parts marked \"Optional, battery\"): "
                "wire the charger, the switch, the diode and the MOSFET as "
                "Power above says, %s. Sleeve every joint; leave the cell "
                "unplugged until the power-up check.")

# On a plug-on build the add-on covers the whole header: wires go on the
# header pins' short ends, on the Pico's component side.
REACH = ("on the Pico's component side (the side with the chip and the "
         "BOOTSEL button), on the short ends of the header pins, where each "
         "pin is soldered")

# In the case the Pico lies component side down over the cell: what that
# asks of every joint there, said before the first one is made.
KEEP_LOW = ("In the case the Pico lies component side down over the cell, "
            "so keep every joint on that side low and flat: each wire laid "
            "along its pin's short end, no blob higher than the pin, the "
            "wires leaving sideways and clear of the four mounting holes, "
            "where the standoffs go.")


def optional_rows(name, kind):
    """The parts list's rows of profile ``name`` marked "Optional, kind"."""
    return [r for r in BOM[name] if r[0].startswith("Optional, %s" % kind)]


def default_walkthrough():
    """The default build's assembly, step by step, as a maker follows it."""
    name = pinmap.DEFAULT_PROFILE
    part, _joy = PLUG_ON[name]
    taken = addon_pins(name)
    gp = ring_pin()
    total = round(sum(r[3] for r in BOM[name]
                      if not r[0].startswith("Optional")))
    return [
        "**Order the parts** in the table above: the rows without "
        "\"Optional\" make the handheld (about %d USD); the %d \"Optional, "
        "battery\" rows let it run without USB (Power above), the "
        "\"Optional, case\" rows are the printed case (Enclosure below), "
        "and the level shifter is only for a ring that flickers (Dice "
        "indicator above). Tools: a soldering iron and solder, a breadboard "
        "(a jig for the headers), side cutters, tweezers (the MOSFET is a "
        "SOT-23), and a multimeter: the power-up check needs one."
        % (total, len(optional_rows(name, "battery"))),
        "**Solder the headers to the Pico** (skip this with a Pico sold with "
        "headers fitted): push the two 20-pin male headers into a "
        "breadboard, long ends down, one each side of its centre gap; lay "
        "the Pico on them, component side up (the chip and the BOOTSEL "
        "button on top, the pin labels underneath); solder all 40 pins from "
        "the top. Their short ends stick out on the component side: the "
        "ring's and the battery option's wires go there, in steps 4 and 5.",
        "**Prepare the ring**, away from the Pico: solder a 15 cm wire to "
        "each of the ring's DIN, 5V and GND pads (three colours; DOUT stays "
        "free). Put the %d ohm resistor into the DIN wire close to the pad "
        "and sleeve it with heat-shrink. Solder the %d uF capacitor across "
        "the 5V and GND wires close to the ring, its stripe (the - lead) to "
        "GND, and sleeve its legs." % (RESISTOR_OHMS, CAP_UF),
        "**Solder the ring to the Pico.** %s The %s covers the whole "
        "header, so the ring cannot plug in anywhere: its three wires are "
        "soldered %s (the wiring view above shows the spots). %s is one the "
        "%s leaves free (it takes %s). Wire %s The joints must stay small: "
        "pin 30 (RUN; joined to GND it holds the Pico in reset) and pins 38 "
        "and 40 are next to them." % (
            KEEP_LOW, part, REACH, gp, part, ", ".join(taken),
            ring_step(cap=False)),
        "**" + BATTERY_STEP[:BATTERY_STEP.index(":") + 1] + "**"
        + BATTERY_STEP[BATTERY_STEP.index(":") + 1:] % (
            "on the header pins' short ends like the ring's, as low: the "
            "charger's 5V pad and the MOSFET's gate to pin 40, the diode's "
            "banded end and the MOSFET's source to pin 39 (the ring's 5V "
            "wire shares it), the charger's GND to pin 38")
        + " Then cover the component side's joints and pin ends with "
        "polyimide tape: the cell will lie under them.",
        bringup.power_check(name),
        "**Put MINIGAM on it**, the Pico still alone (BOOTSEL is easy to "
        "reach now): hold BOOTSEL while plugging the Pico into a PC with "
        "the data cable; a drive appears (`RPI-RP2` on a Pico, `RP2350` on "
        "a Pico 2). Copy the MINIGAM firmware UF2 onto it ([Installing on a "
        "Pico](../README.md#installing-on-a-pico-the-minigam-firmware-one-"
        "file) in the main README: `make firmware` builds it), or install "
        "stock CircuitPython and deploy (CircuitPython below; the only way "
        "on a Pico 2).",
        bringup.first_boot(name),
        "**Close the case** (if you print it): its standoffs hold the Pico "
        "by the mounting holes the %s's board covers, so the %s comes off "
        "again first, then everything goes in as [Enclosure](#enclosure) "
        "says (the ring into its collar under the top plate, the %s back on "
        "last). Once cased, BOOTSEL faces the floor: Troubleshooting below "
        "says how to reach the bootloader without the button."
        % (part, part, part),
    ]


ASSEMBLY = {
    "pico-ili9341": [
        "Adafruit 1770 breakout only: it starts in 8-bit parallel mode. "
        "On its back, close the IM1, IM2 and IM3 jumpers with a blob of "
        "solder each (leave IM0 open) to put it in SPI mode, then use the "
        "pins on its SPI side. A generic red-PCB ILI9341 module is SPI "
        "only and has no such jumpers.",
        "Solder male headers to the Pico (component side up, as in the "
        "default build) and to the breakout's SPI side; put both on the "
        "breadboard, the Pico across the centre gap.",
        "Wire the display as the pin table and the wiring view say: CLK, "
        "MOSI, CS, D/C, RST and Lite to their GP pins, Vin to 3V3 (pin %d), "
        "GND to GND. On a generic module the same pins are SCK, SDI, CS, "
        "DC, RESET, LED and VCC. Leave MISO and the 1770's 3Vo (its own "
        "3.3 V output) unconnected." % PICO_PHYSICAL["3V3"],
        "Put each of the nine buttons across the breadboard's centre gap; "
        "wire one leg to its GP pin and the diagonal leg to a GND rail. "
        "No resistors: the code enables the internal pull-ups.",
        "Wire the NeoPixel ring as in the NeoPixel notes: " + ring_step(),
        BATTERY_STEP % "on the breadboard rows of pins 38, 39 and 40",
        "POWER_CHECK",
        "Install CircuitPython (below), then deploy with "
        "`--profile pico-ili9341`.",
    ],
    "pimoroni-display-pack-2": [
        "Solder male headers to the Pico (skip this with a Pico sold with "
        "headers fitted), as the pico-st7789 build does: the pack comes "
        "with its female headers fitted.",
        BATTERY_STEP % REACH,
        "POWER_CHECK",
        "Plug the Pico into the pack, USB end matching the outline. "
        "Nothing else to wire: the four keys and the RGB LED are on the "
        "pack.",
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


def assembly(name):
    if name == pinmap.DEFAULT_PROFILE:
        return default_walkthrough()
    return [bringup.power_check(name) if step == "POWER_CHECK" else step
            for step in ASSEMBLY[name]]


# How to reach VBUS, VSYS and GND (pins 40, 39, 38, at the Pico's USB end)
# on each Pico build, for the battery option.
PIN_REACH = {
    "pico-st7789": "The Pico-LCD-1.3 covers the header: solder these wires "
                   + REACH + ", as the ring's (Assembly below)",
    "pimoroni-display-pack-2": "The Display Pack covers the header: solder "
                               "these wires " + REACH,
    "pico-ili9341": "On the breadboard, use the rows of pins 38, 39 and 40",
}

# Pico builds whose add-on plugs onto the Pico's header.
STACKED = tuple(PLUG_ON)


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
    fed = []
    if name in PLUG_ON:
        part = PLUG_ON[name][0]
        if ADDON_SUPPLY[name] == "VSYS":
            fed.append("the %s takes its supply from VSYS through the "
                       "header (Waveshare's pin table: VCC to VSYS; the "
                       "board takes 2.6 to 5.5 V and makes its own 3.3 V)"
                       % part)
        else:
            fed.append("the %s runs on the Pico's 3V3, through the header"
                       % part)
    if ring:
        fed.append("the NeoPixel ring takes its supply from VSYS too")
    gate, src, drain = (PFET_PINS[k] for k in ("gate", "source", "drain"))
    out = [
        "- **USB:** any 5 V USB supply or a PC. USB's 5 V (VBUS, pin 40) "
        "reaches VSYS (pin 39) through the Pico's own Schottky diode "
        "(about %g V there), and the Pico makes its 3.3 V from VSYS%s."
        % (VSYS_USB, "".join("; " + f for f in fed)),
        "- **Battery option** (the parts marked \"Optional, battery\"): a "
        "%d mAh LiPo cell on a charger board, a slide switch, and a "
        "Schottky diode into VSYS with a P-channel MOSFET beside it. This "
        "is the Raspberry Pi Pico datasheet's own arrangement (section "
        "\"Powering Pico\": a second supply feeds VSYS through a Schottky "
        "diode, and the Pico's diode on VBUS OR-s it with USB; its "
        "\"improved way\" puts a P-channel MOSFET, its gate on VBUS, in the "
        "diode's place, and keeps a Schottky across it when VBUS carries "
        "capacitance, as the charger's input gives it). Wire it:"
        % BATTERY_MAH,
        "  - the charger's **5V** pad to **VBUS (pin 40)** and its **GND** "
        "pad to **GND (pin 38)**, so the Pico's USB socket charges the "
        "cell. Leave the charger's own USB socket empty: a cable in each "
        "would join two USB supplies.",
        "  - the charger's **BAT** pad to the switch's middle pin; one "
        "outer pin of the switch to the diode's anode and the MOSFET's "
        "drain (%s: pin %d); the diode's cathode (the banded end) and the "
        "MOSFET's source (pin %d) to **VSYS (pin 39)**; the MOSFET's gate "
        "(pin %d) to **VBUS (pin 40)**. Solder the MOSFET onto its breakout "
        "board first, and sleeve every joint in heat-shrink."
        % (PFET, drain, src, gate),
        "  - the cell into the charger's JST-PH socket, last, with the "
        "switch off. **Check the plug's polarity first:** Adafruit's cells "
        "match Adafruit's chargers (Adafruit, on the 1578: \"other brands "
        "may have reverse polarity and can destroy your battery\"). With a "
        "multimeter, the cell's red wire must read + against its black "
        "one, and go to the socket pin the charger marks +; if the red "
        "wire lands on the - pin, do not plug it in: swap the two crimped "
        "contacts in the plug (lift each latch with a needle) or take "
        "another cell.",
        "  - the charge current: 100 mA as shipped. Keep it when the "
        "handheld charges from a PC's USB port: closing the board's jumper "
        "sets 500 mA for the cell on top of the handheld's own %s, 0.7 to "
        "0.8 A in all, more than the 500 mA a USB 2.0 port gives. Close it "
        "only for a USB charger rated 1 A or more." % (
            "%d mA or more (the current budget below)"
            % sum(ma for _p, ma, _b in power_budget(name))
            if name in POWER_BUDGET else "0.2 to 0.3 A (the %s build's "
            "current budget)" % pinmap.DEFAULT_PROFILE),
        "  - %s." % PIN_REACH[name],
        "  - **Insulation:** a LiPo pouch is soft: nothing sharp or hot may "
        "press into it. Cover the joints and the header pins' short ends "
        "on the Pico's component side with a layer of polyimide (Kapton) "
        "tape, keep the diode, MOSFET and charger off the cell, and never "
        "solder with the cell plugged in.",
        "- **How it behaves:** on USB, VSYS (about %g V) sits above the "
        "cell's %g V at most, so the MOSFET is off (its gate at VBUS) and "
        "the diode blocks: the game runs from USB whatever the switch says "
        "(with the switch off, e.g. to install CircuitPython), and the "
        "cell charges with nothing else drawing on it. On battery with the "
        "switch on, VBUS is low (the Pico's VBUS-sensing divider on GPIO24 "
        "pulls it down), the MOSFET conducts and VSYS is the cell's %g to %g V "
        "less a few hundredths of a volt (%s: at most 0.1 ohm at 2.5 V "
        "gate drive, the Pico datasheet says; 0.02 V at 0.2 A); the diode "
        "alone would take %g V of it. Switch off without USB: the cell "
        "feeds nothing but the charger, so the handheld%s draws nothing. "
        "The switch is the power switch." % (
            VSYS_USB, wiring.CELL_FULL, wiring.CELL_EMPTY, wiring.CELL_FULL,
            PFET, SCHOTTKY_DROP, ", ring included," if ring else ""),
        "- **Why the MOSFET:** %s" % (
            "the ring's WS2812B pixels are specified from %g V. Through the "
            "diode alone VSYS is the cell less about %g V: %.2f V from a "
            "full cell, %.2f V at its nominal %g V, below the pixels' "
            "rating for most of the charge (Adafruit, on the 1578: \"The "
            "output ranges from 4.2V when completely charged to 3.7V\"). "
            "With the MOSFET VSYS is the cell's own voltage, inside the "
            "rating until the cell nears empty (Dice indicator below)."
            % (PIXEL_MIN_V, SCHOTTKY_DROP, wiring.CELL_FULL - SCHOTTKY_DROP,
               CELL_NOMINAL - SCHOTTKY_DROP, CELL_NOMINAL) if ring else
            "it keeps the diode's %g V, about a tenth of the cell's "
            "voltage and so of its energy, out of the Pico's supply. This "
            "build has no ring to need it: the diode alone also works."
            % SCHOTTKY_DROP),
    ]
    out.append(shim_note(name))
    if name in enclosure.profiles():
        out.append(
            "- **In the case:** the case (Enclosure below) has places for "
            "the charger and the switch, and a bay for the cell under the "
            "Pico, %s x %s x %s mm (the `lipo_l`, `lipo_w`, `lipo_h` "
            "parameters, not taken from a cell's drawing): check the cell's "
            "size on its product page against the bay before ordering."
            % tuple(
                "%g" % enclosure.PARAMS[k]
                for k in ("lipo_l", "lipo_w", "lipo_h")))
    return "\n".join(out)


# Current budget of a build (issues 19 and 37), at VSYS, everything at full
# brightness: (part, mA, basis, lit). Nothing here is measured: each row
# says what its figure rests on. ``lit``: the part follows the brightness,
# so idle dims it to a quarter and blanks it (minigam/hw/profile.py). The
# pixels' rows come from the firmware's own DiceIndicator (pixel_ma).
# The Pico's own draw: 25 mA at CircuitPython's 125 MHz is an estimate
# between the datasheet's two measured loads. MINIGAM runs the chip at
# loader.CPU_MHZ (issue 56); a core's switching power goes with clock x
# voltage squared, and CircuitPython raises the core's regulator from 1.10
# to 1.20 V above 133 MHz, so the clock scales the whole 25 mA (an upper
# bound: the flash and the regulator's own draw do not scale).
PICO_MA_STOCK = 25
STOCK_MHZ = 125
VCORE_STOCK, VCORE_FAST = 1.10, 1.20
CLOCK_SCALE = (loader.CPU_MHZ / STOCK_MHZ) * (
    (VCORE_FAST if loader.CPU_MHZ > 133 else VCORE_STOCK) / VCORE_STOCK) ** 2
PICO_MA = int(round(PICO_MA_STOCK * CLOCK_SCALE))
PICO_FROM_V = 5.0
IDLE_DIM = 4  # dimmed: a quarter of the brightness (Profile.sleep)
IDLE_DIM_MIN, IDLE_OFF_MIN = 2, 5  # minutes without a key (Profile.tick)
POWER_BUDGET = {
    "pico-st7789": {
        "pico": ("Raspberry Pi Pico (RP2040, flash, regulator) running "
                 "MINIGAM at %d MHz" % loader.CPU_MHZ, PICO_MA,
                 "estimate: %d mA at CircuitPython's %d MHz, between the two "
                 "loads the Raspberry Pi Pico datasheet measures (section "
                 "3.1, at 25 degrees C, from 5 V): 8.7 mA idle in BOOTSEL "
                 "mode, 86.5 mA running its Popcorn demo with a VGA, SD card "
                 "and audio board; the app's loop runs on while the screen "
                 "is blank. At MINIGAM's %d MHz (`MINIGAM_CPU_MHZ`) up to "
                 "%.1f times that, an upper bound: a core's switching power "
                 "goes with clock x voltage squared, and CircuitPython "
                 "raises the core's regulator from %.2f to %.2f V above 133 "
                 "MHz (its `ports/raspberrypi/common-hal/microcontroller/"
                 "Processor.c`): (%d / %d) x (%.2f / %.2f)^2, applied to the "
                 "whole %d mA though the flash and the regulator's own draw "
                 "do not scale; the RP2040 datasheet (section 5.4) gives no "
                 "figure for a core at a clock"
                 % (PICO_MA_STOCK, STOCK_MHZ, loader.CPU_MHZ, CLOCK_SCALE,
                    VCORE_STOCK, VCORE_FAST, loader.CPU_MHZ, STOCK_MHZ,
                    VCORE_FAST, VCORE_STOCK, PICO_MA_STOCK), False),
        "controller": ("Pico-LCD-1.3: ST7789 display controller", 8,
                       "about 7.5 mA in normal mode (Sitronix's ST7789V "
                       "datasheets, as summed up on done.land's ST7789 "
                       "page); it stays on while the screen is blank; the "
                       "board takes it from VSYS through its own 3.3 V "
                       "supply", False),
        "backlight": ("Pico-LCD-1.3: backlight at full", 32,
                      "Waveshare gives an operating current of 40 mA for "
                      "its Pico-LCD-1.14, 1.8 and 2 (their wiki's "
                      "specifications; it gives none for the 1.3), less "
                      "the controller's 8 mA", True),
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


def _budget(name):
    """Rows (part, mA, basis, lit) of profile ``name``'s current budget."""
    p = pinmap.PROFILES[name]
    b = POWER_BUDGET[name]
    n = p["neopixel"]["count"]
    rows = [b["pico"], b["controller"], b["backlight"],
            ("NeoPixels showing a roll, at the %d%% cap"
             % pinmap.PIXEL_MAX_PERCENT, round(pixel_ma(name, ALL_ROLLS)),
             "average of the 36 rolls: die values d1 + d2 light d1 + d2 "
             "pixels (minigam/hw/pixels.py), player 1's white; a pixel "
             "takes up to 60 mA at full white (Adafruit NeoPixel "
             "Uberguide)", True),
            ("NeoPixel controllers, %d pixels" % n, n * PIXEL_IDLE_MA,
             "at most: \"under 1 milliamp per pixel\" even dark (Adafruit, "
             "Sipping Power With NeoPixels)", False)]
    return [(part, int(ma), basis, lit) for part, ma, basis, lit in rows]


def power_budget(name):
    """Rows (part, mA, basis) of profile ``name``'s current budget, whole
    mA, the total not included (it is their sum)."""
    return [(part, ma, basis) for part, ma, basis, _lit in _budget(name)]


def idle_budget(name):
    """(dimmed, blank): the budget's total, whole mA, once idle has dimmed
    the parts that follow the brightness to a quarter, then blanked them."""
    rows = _budget(name)
    unlit = sum(ma for _part, ma, _basis, lit in rows if not lit)
    lit = sum(ma for _part, ma, _basis, lit in rows if lit)
    return int(round(unlit + lit / IDLE_DIM)), unlit


def on_cell(ma_usb, pico_ma=PICO_MA):
    """A total from VSYS on USB, as drawn from the cell: the Pico's row
    scaled by PICO_FROM_V / CELL_NOMINAL (its regulator takes the same
    power), the rest unchanged. Whole mA."""
    return int(round(ma_usb - pico_ma + pico_ma * PICO_FROM_V / CELL_NOMINAL))


def budget_section(name):
    """The "Current budget" section of a build's page (README lines)."""
    if name not in POWER_BUDGET:
        return []
    rows = power_budget(name)
    total = sum(ma for _part, ma, _basis in rows)
    (pixels,) = [ma for part, ma, _basis in rows
                 if part.startswith("NeoPixels showing")]
    worst_px = round(pixel_ma(name, [(6, 6)]))
    worst = total - pixels + worst_px
    dimmed, blank = idle_budget(name)
    cell, cell_worst, cell_dimmed, cell_blank = (
        on_cell(ma) for ma in (total, worst, dimmed, blank))
    pico_cell = int(round(PICO_MA * PICO_FROM_V / CELL_NOMINAL))
    # The same budget at CircuitPython's own clock, for comparison.
    stock_cell, stock_blank = (
        on_cell(ma - PICO_MA + PICO_MA_STOCK, PICO_MA_STOCK)
        for ma in (total, blank))
    lines = ["### Current budget", "",
             "Estimates, not measurements: nobody has measured a build's "
             "current yet, so each row names what its figure rests on. "
             "Drawn from VSYS on USB, with the screen and the pixels at full "
             "brightness (the pixels at their %d%% cap, "
             "`MINIGAM_PIXEL_MAX`)." % pinmap.PIXEL_MAX_PERCENT, "",
             "| part | mA | basis |", "|---|---|---|"]
    for part, ma, basis in rows:
        lines.append("| %s | %d | %s |" % (part, ma, basis))
    lines.append("| **total** | **%d** | sum of the rows |" % total)
    lines += ["",
              "- **On the cell:** the Pico's figure is for 5 V, and its "
              "buck-boost regulator takes about the same power from any "
              "VSYS, so from the cell's %g V its %d mA become about %d mA "
              "(x %g / %g). That applies to the Pico alone: the pixels' LEDs "
              "are driven at constant current, and the Pico-LCD-1.3's rows "
              "are counted unchanged (it makes its own 3.3 V from VSYS). "
              "On the cell the total is about %d mA (%d at %d MHz)."
              % (CELL_NOMINAL, PICO_MA, pico_cell, PICO_FROM_V, CELL_NOMINAL,
                 cell, stock_cell, STOCK_MHZ),
              "- **Battery life:** the %d mAh cell (%s) lasts about %.1f "
              "hours of play at that total (%.1f at %d MHz; estimate: "
              "capacity / current; the cell's protection cuts out at 3.0 V, "
              "and the MOSFET loses a few hundredths of a volt on the way)."
              % (BATTERY_MAH, BATTERY_CELL, BATTERY_MAH / cell,
                 BATTERY_MAH / stock_cell, STOCK_MHZ),
              "- **Worst case:** a double six lights all %d pixels white: "
              "%d mA for the pixels, %d mA in all on USB, %d mA on the cell, "
              "about %.1f hours."
              % (pinmap.PROFILES[name]["neopixel"]["count"], worst_px, worst,
                 cell_worst, BATTERY_MAH / cell_worst),
              "- **Idle:** %d minutes without a key dim the backlight and "
              "the pixels to a quarter: about %d mA in all (%d on the cell). "
              "After %d minutes both are off: about %d mA (%d on the cell), "
              "what the Pico, the display's controller and the pixels' "
              "controllers draw with nothing lit, so a handheld left "
              "switched on runs the cell flat in about %.0f hours (%.0f at "
              "%d MHz; the clock's share is an upper bound, the loop sleeps "
              "between keys). The next key lights the screen and does "
              "nothing else. Only the switch turns it off."
              % (IDLE_DIM_MIN, dimmed, cell_dimmed, IDLE_OFF_MIN, blank,
                 cell_blank, BATTERY_MAH / cell_blank,
                 BATTERY_MAH / stock_blank, STOCK_MHZ),
              "- **Longer play:** the pixels and the backlight follow the "
              "brightness setting in the menu; `MINIGAM_CPU_MHZ = %d` in "
              "settings.toml gives back the clock's share (the AI then "
              "thinks %.1f times longer); `MINIGAM_PIXEL_MAX = %d` halves "
              "the pixels' share."
              % (STOCK_MHZ, loader.CPU_MHZ / STOCK_MHZ,
                 pinmap.PIXEL_MAX_PERCENT // 2),
              "- **Measure yours:** a USB power meter between the PC and the "
              "Pico shows the real total on USB (the cell charging adds its "
              "charge current); a multimeter in the cell's lead, the switch "
              "on and USB out, the total on the cell.", ""]
    return lines


def readme():
    from minigam.host.hardware import wokwi

    out = ["# Building a MINIGAM handheld", "",
           "**Nobody has built one yet.** No handheld has been built from "
           "this guide so far: its pins, parts and figures come from the "
           "parts' makers' published data and from the code, and MINIGAM "
           "has run on an emulated Pico, not on these parts. Read your "
           "build's whole section before ordering, do its checks in order, "
           "and tell us what you find (an issue on the repository), the "
           "screen's orientation and the current drawn above all.", "",
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
            "" if not d.get("builtin") else " (built in)"), ""]
        if same_build(name):
            out += same_build_section(name)
            continue
        out += ["### Parts", "", bom_table(name), ""]
        if name in SCHEMATICS:
            out += ["### Schematic", "", schematic_text(name), "",
                    "![schematic of %s](schematic-%s.svg)" % (name, name),
                    ""]
        out += ["### Pins", "", pin_table(name), ""]
        if wired(p):
            out += ["### Wiring", "", wiring_text(name), "",
                    "![wiring of %s](wiring-%s.svg)" % (name, name), ""]
        out += ["### Power", "", power_notes(name), ""]
        out += budget_section(name)
        out += [indicator_heading(name), "", neopixel_notes(name),
                "", "### Assembly", ""]
        out += ["%d. %s" % (k + 1, s) for k, s in enumerate(assembly(name))]
        out += [""]
        if name == pinmap.DEFAULT_PROFILE:
            out += bringup.which_way_up(name)
        if wired(p):
            out += bringup.troubleshooting(name)
        out += circuitpython_section(name)
    out += enclosure.readme_section()
    out += ["## Wokwi simulation (pico-ili9341)", "",
            "`wokwi/diagram.json` is the `pico-ili9341` build, generated "
            "from the same pins (a test checks every connection). Keyboard: "
            + ", ".join("%s = `%s`" % (k, v)
                        for k, v in wokwi.WOKWI_KEYS.items())
            + ".", "",
            "On wokwi.com: open the Raspberry Pi Pico CircuitPython "
            "template (wokwi.com/projects/new/circuitpython-pi-pico), "
            "replace its diagram.json with ours, and add the files of a "
            "deploy bundle (`python -m minigam.host deploy --zip "
            "minigam.zip --profile pico-ili9341`): code.py, "
            "settings.toml, the minigam/ folder, and requirements.txt from "
            "the repository root so Wokwi installs the libraries. In VS "
            "Code: `wokwi.toml` points at a CircuitPython UF2 you download.",
            "", wokwi.limits(), ""]
    return "\n".join(out)


def circuitpython_section(name):
    """The lines of a profile's "CircuitPython" section: the stock
    firmware to install, deploy, and the games its bundle plays."""
    from minigam.host.hardware import chips
    p = pinmap.PROFILES[name]
    games = "On stock CircuitPython it plays %s" % chips.games_of(name)
    if chips.ships_24_point_games(name):
        games += (" (on 10.x: the board's RAM holds Backgammon's and Long "
                  "Nardy's networks, which load into it from the `.mpy` "
                  "bundle; 9.2 gets `.py` files and MINIGAM alone). "
                  "Untested on hardware: the figures are in [the "
                  "measurements](../docs/measurements.md"
                  "#the-pico-2-on-stock-circuitpython)")
    elif chips.chip_of(name) == chips.FIRMWARE_CHIP:
        games += ("; with the [MINIGAM firmware](../README.md"
                  "#installing-on-a-pico-the-minigam-firmware-one-file), "
                  "all three games")
    return ["### CircuitPython", "",
            "Install CircuitPython 9.2 or 10.x (both are supported). "
            "Download the UF2 for board `%s`%s from circuitpython.org; "
            "hold BOOTSEL (Pico) or double-click reset (PyBadge, "
            "PyGamer) while plugging in USB; copy the UF2 to the drive "
            "that appears. The board restarts as `CIRCUITPY`. Then, from "
            "a PC with this repository: `make setup && .venv/bin/python "
            "-m minigam.host deploy /path/to/CIRCUITPY --profile %s`. %s."
            % (UF2_PAGE[p["stubs_board"]], UF2_VARIANTS.get(name, ""), name,
               games), ""]


def same_build_section(name):
    """The section of a profile that is another's build (``same_build``):
    its parts and pins, then the build it shares (wiring, power, case,
    assembly) by link."""
    base = same_build(name)
    return (["The [`%s`](#%s) build with a %s in place of its board: the "
             "same pins, wiring, power, case and assembly (all in that "
             "section); only the parts list's first line and the "
             "CircuitPython for the board differ." % (
                 base, base, BOM[name][0][0]), "",
             "### Parts", "", bom_table(name), "", "### Pins", "",
             pin_table(base), ""]  # (its pin data is the build's)
            + circuitpython_section(name))


# The builds whose page has a schematic (``schematic``): the default one.
SCHEMATICS = (pinmap.DEFAULT_PROFILE,)


def schematic_text(name):
    """The words above a build's schematic."""
    return ("Every connection of the build, the battery option's and the "
            "%s's supply included, as nets: a dot joins wires; a wire that "
            "hops over another is not joined to it. The %s's display and "
            "key signals are one bus here (the pin table lists them). "
            "Parts are drawn by function, not where they sit: the wiring "
            "view below shows where each wire is soldered."
            % (PLUG_ON[name][0], PLUG_ON[name][0]))


def wiring_text(name):
    """The words above a build's wiring view."""
    p = pinmap.PROFILES[name]
    scale = ("the Pico seen from its component side, USB at the top, drawn "
             "to scale from its datasheet (pin 1 top left, 2.54 mm apart); "
             "each wire starts at the pad of its pin")
    render = ("`python -m minigam.host hwdocs --png DIR` renders the views "
              "as PNG.")
    if name in PLUG_ON:
        part = PLUG_ON[name][0]
        ring = ("the ring's three wires (%s through the resistor, GND, "
                "VSYS) and " % ring_pin() if p["neopixel"] else "")
        supply = ADDON_SUPPLY[name]
        return ("The view is the back of the finished stack: %s. Short "
                "dotted stubs mark the pins the %s takes through the header "
                "(nothing to wire), its supply on %s (pin %d) among them; "
                "the drawn wires are the ones you solder there, %sthe "
                "battery option's (dashed). %s"
                % (scale, part, supply, PICO_PHYSICAL[supply], ring, render))
    return ("The view is the breadboard build: %s and runs to the "
            "breakout, a button, a GND rail or the ring's pads. A dot joins "
            "wires; wires that cross without one are not joined. The "
            "battery option is wired as in the default build's view, on the "
            "breadboard rows of pins 38, 39 and 40. %s" % (scale, render))


def generate():
    """Every generated file: {path relative to the repo: text}."""
    from minigam.host.hardware import views
    from minigam.host.hardware import wokwi

    files = {"hardware/README.md": readme(), "hardware/BOM.csv": bom_csv(),
             "hardware/wokwi/diagram.json": wokwi.diagram(),
             "hardware/wokwi/wokwi.toml": wokwi.WOKWI_TOML}
    for name in pinmap.profile_names():
        if drawn(name):
            files["hardware/wiring-%s.svg" % name] = views.svg(name)
    for name in SCHEMATICS:
        files["hardware/schematic-%s.svg" % name] = schematic.svg(name)
    files.update(enclosure.files())
    return files
