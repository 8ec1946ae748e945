"""hardware/ is derived from the profiles' pin data (minigam/hw/profiles/)
and cannot disagree with it."""

import csv
import io
import json
import os
import re

import pytest

from minigam.host.hardware import docs as hwdocs
from minigam.host.hardware import wokwi
from minigam.hw import pins

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def test_committed_docs_match_the_generator():
    stale = [rel for rel, text in hwdocs.generate().items()
             if not os.path.exists(os.path.join(ROOT, rel)) or read(rel) != text]
    assert not stale, "regenerate with python -m minigam.host hwdocs: %s" % stale


def test_every_profile_pin_is_in_its_pin_table():
    doc = read("hardware/README.md")
    for name in pins.profile_names():
        section = doc.split("## %s\n" % name, 1)[1].split("\n## ", 1)[0]
        for pin, role in hwdocs.pins_used(name):
            assert "| %s |" % pin in section, (name, pin, role)


def test_bom_lists_every_profile():
    rows = list(csv.DictReader(io.StringIO(read("hardware/BOM.csv"))))
    assert {r["profile"] for r in rows} == set(pins.PROFILES)
    for r in rows:
        assert int(r["quantity"]) >= 1 and float(r["approx_usd"]) > 0


def wokwi_links():
    """{(part, pin): set of (part, pin)} over diagram.json's connections."""
    diagram = json.loads(read("hardware/wokwi/diagram.json"))
    links = {}
    for a, b, _colour, _route in diagram["connections"]:
        pa, pb = tuple(a.split(":", 1)), tuple(b.split(":", 1))
        links.setdefault(pa, set()).add(pb)
        links.setdefault(pb, set()).add(pa)
    return diagram, links


def test_wokwi_diagram_is_wired_exactly_as_the_profile():
    p = pins.PROFILES["pico-ili9341"]
    diagram, links = wokwi_links()
    types = {part["id"]: part["type"] for part in diagram["parts"]}
    assert types["pico"] == "wokwi-pi-pico" and types["lcd"] == "wokwi-ili9341"
    # Every display signal goes to the pin the profile drives it from.
    for role, lcd_pin in wokwi.WOKWI_LCD.items():
        want = p["display"].get(role)
        got = {pin for part, pin in links.get(("lcd", lcd_pin), ()) if part == "pico"}
        assert got == ({want} if want else set()), (role, got)
    # Every key is a push button between its pin and GND, with a keyboard key.
    buttons = [part for part in diagram["parts"] if part["type"] == "wokwi-pushbutton"]
    assert sorted(b["attrs"]["label"] for b in buttons) == sorted(p["keys"])
    for b in buttons:
        pin, active_high = p["keys"][b["attrs"]["label"]]
        assert not active_high
        assert links[(b["id"], "1.l")] == {("pico", pin)}
        (gnd,) = links[(b["id"], "2.l")]
        assert gnd[0] == "pico" and gnd[1].startswith("GND")
        assert b["attrs"]["key"]
    # The NeoPixel chain's data pin and count.
    ring = [part for part in diagram["parts"] if part["id"] == "pixels"][0]
    assert int(ring["attrs"]["pixels"]) == p["neopixel"]["count"]
    assert links[("pixels", "DIN")] == {("pico", p["neopixel"]["pin"])}
    # No pico pin drives two different signals.
    used = {}
    for (part, pin), others in links.items():
        if part == "pico" and pin.startswith("GP"):
            used.setdefault(pin, set()).update(others)
    for pin, others in used.items():
        assert len(others) == 1, (pin, others)


def test_check_mode_reports_a_stale_file(tmp_path, monkeypatch, capsys):
    from minigam.host.cli import hwdocs as cmd_hwdocs
    monkeypatch.setattr(cmd_hwdocs, "ROOT", str(tmp_path))
    assert cmd_hwdocs.main(["--check"]) == 1
    assert "out of date" in capsys.readouterr().out
    assert cmd_hwdocs.main([]) == 0
    assert cmd_hwdocs.main(["--check"]) == 0


def section(name):
    """The README section of profile ``name``."""
    return read("hardware/README.md").split("## %s\n" % name, 1)[1].split("\n## ", 1)[0]


def bom_rows(name):
    rows = csv.DictReader(io.StringIO(read("hardware/BOM.csv")))
    return [r for r in rows if r["profile"] == name]


def test_no_usb_c_claim_for_the_pico_2():
    # The Pico 2 has micro-USB, like the Pico.
    for rel in hwdocs.generate():
        if rel.startswith("hardware/"):
            assert "USB-C" not in read(rel), rel
    for name in pins.profile_names():
        if pins.PROFILES[name]["stubs_board"].startswith("raspberry_pi_pico"):
            (cable,) = [r for r in bom_rows(name) if "USB" in r["part"]]
            assert "micro-USB" in cable["part"] and "Pico 2" in cable["part"], cable


def test_pybadge_and_pygamer_cables_are_their_own():
    for name, board in (("pybadge", "PyBadge"), ("pygamer", "PyGamer")):
        (cable,) = [r for r in bom_rows(name) if "USB" in r["part"]]
        text = cable["part"] + " " + cable["example"]
        assert "Pico" not in text and "micro-USB" in text and board in text, cable


def test_ili9341_page_says_to_close_the_spi_jumpers():
    text = section("pico-ili9341")
    assert "IM1, IM2 and IM3" in text and "1770" in text
    steps = text.split("### Assembly", 1)[1]
    assert "IM1, IM2 and IM3" in steps and "SPI" in steps
    (display,) = [r for r in bom_rows("pico-ili9341") if "ILI9341" in r["part"]]
    assert "IM1, IM2 and IM3" in display["part"]


def test_pybadge_page_gives_the_lc_one_pixel():
    text = section("pybadge")
    assert "PyBadge LC has a single NeoPixel" in text
    assert "`MINIGAM_PIXELS = 1`" in text
    # No sentence claims the LC has the PyBadge's 5 pixels.
    assert "5 NeoPixels are on board" not in text
    (board,) = [r for r in bom_rows("pybadge") if "PyBadge LC" in r["part"]]
    assert "1 NeoPixel" in board["part"]


def test_display_pack_page_has_no_neopixel_wiring():
    assert pins.PROFILES["pimoroni-display-pack-2"]["neopixel"] is None
    text = section("pimoroni-display-pack-2")
    assert "NeoPixel" not in text
    assert "### Dice indicator (RGB LED)" in text and "RGB LED" in text
    assert "NeoPixel" not in read("hardware/wiring-pimoroni-display-pack-2.svg")
    assert not [r for r in bom_rows("pimoroni-display-pack-2") if "NeoPixel" in r["part"]]


# ----- power (issue 19): a battery, a switch, the ring's supply, a budget

PIXEL_WORDS = re.compile(r"NeoPixel|\bring\b|\bpixels?\b", re.I)
SUPPLY_PINS = ("VBUS", "VSYS")


def table_rows(text, heading):
    """Cells of the markdown table under ``### heading`` in ``text``."""
    part = text.split("### %s\n" % heading, 1)[1].split("\n### ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in part.splitlines() if line.startswith("|")]
    return rows[2:]  # past the header and the |---| line


def ring_supply_pin(name):
    """The pin the pin table wires the NeoPixel ring's supply to."""
    rows = [r for r in table_rows(section(name), "Pins") if "NeoPixel 5V" in r[2]]
    assert len(rows) == 1, rows
    pin, phys, _what = rows[0]
    assert pin in SUPPLY_PINS and phys == str(hwdocs.PICO_PHYSICAL[pin]), rows
    return pin


def ring_supply_contradictions(text, pin):
    """Sentences of ``text`` about the pixels that feed them from, or wire
    them to, a supply pin other than ``pin``."""
    bad = []
    for sentence in re.split(r"\.\s|\n", text.replace("*", "")):
        if PIXEL_WORDS.search(sentence):
            for m in re.finditer(r"\b(?:from|to) (VBUS|VSYS)\b", sentence):
                if m.group(1) != pin:
                    bad.append(sentence)
    return bad


def ring_profiles():
    return [n for n in pins.profile_names()
            if pins.PROFILES[n]["neopixel"] and hwdocs.drawn(n)]


def test_ring_supply_is_one_pin_on_every_page():
    assert ring_profiles()
    for name in ring_profiles():
        pin = ring_supply_pin(name)
        # VBUS is dead without USB: on the battery option the ring needs VSYS.
        assert pin == "VSYS", name
        text = section(name)
        assert not ring_supply_contradictions(text, pin), name
        # Every "VBUS (pin n)" / "VSYS (pin n)" names the right header pin.
        for m in re.finditer(r"\b(VBUS|VSYS|GND) \(pin (\d+)\)", text.replace("*", "")):
            assert int(m.group(2)) == hwdocs.PICO_PHYSICAL[m.group(1)], (name, m.group(0))
        # The wiring view draws the same supply wire, and no other.
        fed = [w.get("data-from") for w in view_wires(name)
               if w.get("data-to") == "ring:5V"]
        assert fed == ["pico:%d" % hwdocs.PICO_PHYSICAL[pin]], fed


def test_the_contradiction_check_catches_the_old_wiring():
    text = section(pins.DEFAULT_PROFILE)
    old = text.replace("5V pad to VSYS (pin 39)", "5V pad to VBUS (pin 40)")
    assert old != text
    assert ring_supply_contradictions(old, "VSYS")
    assert ring_supply_contradictions("Power the pixels from VSYS.", "VBUS")


def test_wokwi_ring_takes_the_pin_tables_supply():
    _diagram, links = wokwi_links()
    assert links[("pixels", "VCC")] == {("pico", ring_supply_pin("pico-ili9341"))}


def test_default_page_names_a_battery_a_switch_and_a_current_budget():
    name = pins.DEFAULT_PROFILE
    text = section(name)
    optional = [r for r in bom_rows(name) if r["part"].startswith("Optional")]
    for what in ("LiPo cell", "charger", "switch", "diode"):
        assert [r for r in optional if what in r["part"]], what
    power = text.split("### Power\n", 1)[1].split("\n### ", 1)[0]
    assert "switch" in power and "Powering Pico" in power
    for pin in ("VBUS", "VSYS", "GND"):
        assert "%s (pin %d)" % (pin, hwdocs.PICO_PHYSICAL[pin]) in power.replace("*", ""), pin
    assert "### Current budget" in text
    # The budget runs on the cell the parts list orders.
    (cell,) = [r for r in optional if "LiPo cell" in r["part"]]
    mah = int(re.search(r"(\d+) mAh", cell["part"]).group(1))
    assert "the %d mAh cell (%s)" % (mah, cell["example"]) in text
    # Every Pico build offers the same battery option: the cell, its
    # charger, the switch, the diode and the MOSFET beside it, and what
    # wires and insulates them.
    battery = [r["part"] for r in optional if r["part"].startswith("Optional, battery")]
    for what in ("LiPo cell", "charger", "switch", "Schottky diode",
                 "P-channel MOSFET", "hook-up wire", "heat-shrink", "Kapton"):
        assert [b for b in battery if what in b], what
    for other in pins.profile_names():
        if pins.PROFILES[other]["stubs_board"].startswith("raspberry_pi_pico"):
            assert [r["part"] for r in bom_rows(other)
                    if r["part"].startswith("Optional, battery")] == battery, other


def test_budget_total_is_the_sum_of_its_rows():
    name = pins.DEFAULT_PROFILE
    text = section(name)
    rows = table_rows(text, "Current budget")
    parts, total = rows[:-1], rows[-1]
    assert total[0] == "**total**"
    mas = [int(r[1]) for r in parts]
    assert int(total[1].strip("*")) == sum(mas)
    assert [(p, ma) for p, ma, _b in hwdocs.power_budget(name)] == \
        [(r[0], int(r[1])) for r in parts]
    # Every row says where its figure comes from; estimates say so.
    for part, ma, basis in hwdocs.power_budget(name):
        assert basis and ma > 0, part
    # The pixels' row, recomputed from the cap and the dice: d1 + d2 pixels
    # lit white (3 channels of 20 mA) at PIXEL_MAX_PERCENT, averaged over
    # the 36 rolls (the firmware rounds the cap to 1/255, hence the slack).
    cap = pins.PIXEL_MAX_PERCENT / 100
    mean_lit = sum(a + b for a in range(1, 7) for b in range(1, 7)) / 36
    (pixels,) = [int(r[1]) for r in parts if r[0].startswith("NeoPixels showing")]
    assert abs(pixels - mean_lit * 3 * 20 * cap) <= 0.02 * mean_lit * 60 * cap
    # On the cell the Pico's regulator takes the same power from 3.7 V as
    # the datasheet's 5 V: its row alone grows by 5 / 3.7 (the display board
    # and the pixels are not the Pico's regulator's load).
    (pico,) = [int(r[1]) for r in parts if r[0].startswith("Raspberry Pi Pico")]
    grown = re.search(r"its (\d+) mA become about (\d+) mA \(x 5 / 3\.7\)", text)
    assert grown and int(grown.group(1)) == pico
    assert int(grown.group(2)) == round(pico * 5 / 3.7)

    def cell(ma_usb):
        return ma_usb - pico + pico * 5 / 3.7

    on_cell = re.search(r"On the cell the total is about (\d+) mA", text)
    assert abs(int(on_cell.group(1)) - cell(sum(mas))) <= 0.5
    # Battery life and the worst case follow from the same numbers, on the cell.
    life = re.search(r"the (\d+) mAh cell \([^)]*\) lasts about ([\d.]+) hours", text)
    assert abs(float(life.group(2)) - int(life.group(1)) / cell(sum(mas))) < 0.06
    worst = re.search(r"(\d+) mA for the pixels, (\d+) mA in all on USB, (\d+) mA on "
                      r"the cell, about ([\d.]+) hours", text)
    worst_px, worst_all = int(worst.group(1)), int(worst.group(2))
    n = pins.PROFILES[name]["neopixel"]["count"]
    assert abs(worst_px - n * 60 * cap) <= 0.02 * n * 60 * cap
    assert worst_all == sum(mas) - pixels + worst_px
    assert abs(int(worst.group(3)) - cell(worst_all)) <= 0.5
    assert abs(float(worst.group(4)) - int(life.group(1)) / cell(worst_all)) < 0.06
    # Idle (minigam/hw/profile.py): the backlight and the pixels dimmed to
    # a quarter, then off; the rest draws on.
    idle = re.search(r"(\d+) minutes without a key dim the backlight and the "
                     r"pixels to a quarter: about (\d+) mA in all \((\d+) on the cell\)\. "
                     r"After (\d+) minutes both are off: about (\d+) mA \((\d+) on the "
                     r"cell\).*? runs the cell flat in about ([\d.]+) hours", text)
    assert idle, text
    (backlight,) = [int(r[1]) for r in parts if "backlight" in r[0]]
    lit = backlight + pixels
    assert int(idle.group(5)) == sum(mas) - lit
    assert abs(int(idle.group(2)) - (sum(mas) - lit + lit / 4)) <= 0.5
    assert abs(int(idle.group(3)) - cell(int(idle.group(2)))) <= 0.5
    assert abs(int(idle.group(6)) - cell(int(idle.group(5)))) <= 0.5
    assert (int(idle.group(1)), int(idle.group(4))) == (
        hwdocs.IDLE_DIM_MIN, hwdocs.IDLE_OFF_MIN)
    assert abs(float(idle.group(7)) - int(life.group(1)) / int(idle.group(6))) < 0.6


# ----- the wiring views (issue: a build guide a maker can follow)

SVG_NS = "{http://www.w3.org/2000/svg}"

# The Raspberry Pi Pico's pinout, pin 1 to 40, as the datasheet draws it
# (written out here, not taken from the generator, so the two are checked
# against each other).
DATASHEET_PINOUT = (
    "GP0 GP1 GND GP2 GP3 GP4 GP5 GND GP6 GP7 GP8 GP9 GND GP10 GP11 GP12 GP13 "
    "GND GP14 GP15 GP16 GP17 GND GP18 GP19 GP20 GP21 GND GP22 RUN GP26 GP27 "
    "GND GP28 ADC_VREF 3V3 3V3_EN GND VSYS VBUS").split()


def wired_profiles():
    return [n for n in pins.profile_names() if hwdocs.drawn(n)]


def view(name):
    import xml.etree.ElementTree as ET
    return ET.fromstring(read("hardware/wiring-%s.svg" % name))


def view_wires(name):
    return [e for e in view(name).iter(SVG_NS + "polyline") if e.get("data-from")]


def points(e):
    return [tuple(float(v) for v in pt.split(",")) for pt in e.get("points").split()]


def board(root):
    """(x, y, px per mm) of the Pico's outline: the 21 x 51 mm rectangle."""
    (r,) = [r for r in root.iter(SVG_NS + "rect") if r.get("id") == "pico-board"]
    w, h = float(r.get("width")), float(r.get("height"))
    assert abs(h / w - 51 / 21) < 1e-6, "not the Pico's 21 x 51 mm"
    return float(r.get("x")), float(r.get("y")), w / 21


def datasheet_pad(root, n):
    """Where physical pin n must be: rows 17.78 mm apart centred on the 21 mm
    width, 20 pins 2.54 mm apart centred on the 51 mm length, pin 1 top left
    (USB at the top), 20 bottom left, 21 bottom right, 40 top right."""
    bx, by, s = board(root)
    x = (21 - 17.78) / 2 if n <= 20 else 21 - (21 - 17.78) / 2
    k = n - 1 if n <= 20 else 40 - n
    return bx + x * s, by + ((51 - 19 * 2.54) / 2 + 2.54 * k) * s


def near(a, b, tol=0.06):
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


@pytest.mark.parametrize("name", ["pico-st7789", "pico-ili9341", "pimoroni-display-pack-2"])
def test_every_wired_pico_profile_has_a_view(name):
    assert name in wired_profiles()
    assert "![wiring of %s](wiring-%s.svg)" % (name, name) in section(name)


@pytest.mark.parametrize("name", ["pico-st7789", "pico-ili9341", "pimoroni-display-pack-2"])
def test_the_view_draws_the_pico_to_the_datasheet(name):
    root = view(name)
    _bx, by, s = board(root)
    assert abs(s - 10) < 1e-6
    pads = {int(c.get("data-pin")): c for c in root.iter(SVG_NS + "circle")
            if c.get("class") == "pad"}
    assert sorted(pads) == list(range(1, 41))
    for n, c in pads.items():
        assert c.get("data-name") == DATASHEET_PINOUT[n - 1], n
        assert near((float(c.get("cx")), float(c.get("cy"))), datasheet_pad(root, n)), n
    # The USB socket overhangs the top edge, at the pin 1 / pin 40 end, centred.
    (usb,) = [r for r in root.iter(SVG_NS + "rect") if r.get("id") == "pico-usb"]
    bx, _by, _s = board(root)
    assert float(usb.get("y")) < by < float(usb.get("y")) + float(usb.get("height"))
    assert float(usb.get("y")) + float(usb.get("height")) < datasheet_pad(root, 3)[1]
    assert abs(float(usb.get("x")) + float(usb.get("width")) / 2 - (bx + 10.5 * s)) < 0.1


@pytest.mark.parametrize("name", ["pico-st7789", "pico-ili9341", "pimoroni-display-pack-2"])
def test_every_wire_starts_at_its_pins_pad(name):
    root = view(name)
    wires = view_wires(name)
    assert wires
    for w in wires:
        n = int(w.get("data-from").split(":")[1])
        assert w.get("data-signal") == DATASHEET_PINOUT[n - 1], (n, w.get("data-signal"))
        assert near(points(w)[0], datasheet_pad(root, n)), (n, points(w)[0])
    # Every signal pin of the profile is drawn, at its own pad.
    drawn = {w.get("data-signal") for w in wires}
    for pin, role in hwdocs.pins_used(name):
        assert pin in drawn, (name, pin, role)


@pytest.mark.parametrize("name", ["pico-st7789", "pico-ili9341", "pimoroni-display-pack-2"])
def test_the_view_wires_the_profile_as_the_pin_table_says(name):
    p = pins.PROFILES[name]
    wires = view_wires(name)
    to = {}
    for w in wires:
        to.setdefault(w.get("data-to"), []).append(w)
    plug_on = name in hwdocs.PLUG_ON
    labels = hwdocs.DISPLAY_LABELS[name]
    for role, pin in [(r, p["display"].get(r)) for r in labels]:
        if not pin:
            continue
        part = hwdocs.PLUG_ON[name][0] if plug_on else "display"
        (w,) = to["%s:%s" % (part, labels[role])]
        assert w.get("data-signal") == pin, role
        # A plug-on board's pins are taken through the header, not wired.
        assert w.get("class") == ("addon-pin" if plug_on else "wire"), role
    for key, (pin, _level) in p["keys"].items():
        (w,) = [w for w in wires if w.get("data-signal") == pin]
        assert w.get("class") == ("addon-pin" if plug_on else "wire"), key
    if not plug_on:
        # The ILI9341 breakout's power in is Vin, from 3V3; its GND from a GND.
        (vin,) = to["display:Vin"]
        assert vin.get("data-signal") == "3V3"
        (gnd,) = to["display:GND"]
        assert gnd.get("data-signal") == "GND"
        assert "display:VCC" not in to and "display:3Vo" not in to
    if p["neopixel"]:
        (din,) = to["ring:DIN"]
        assert din.get("data-signal") == p["neopixel"]["pin"]
        (gnd,) = to["ring:GND"]
        assert gnd.get("data-signal") == "GND"
        # The series resistor sits in the DIN wire, labelled with its value.
        root = view(name)
        (x0, y), (x1, y1) = points(din)[0], points(din)[-1]
        assert y == y1
        res = [r for r in root.iter(SVG_NS + "rect") if r.get("fill") == "#ffe0b2"]
        assert len(res) == 1
        r = res[0]
        assert abs(float(r.get("y")) + float(r.get("height")) / 2 - y) < 0.1
        assert x0 < float(r.get("x")) < x1
        texts = ["".join(t.itertext()) for t in root.iter(SVG_NS + "text")]
        assert "%d \u03a9" % hwdocs.RESISTOR_OHMS in texts
        assert "%d \u00b5F capacitor across" % hwdocs.CAP_UF in texts
    if plug_on:
        # The battery option's wires, on VBUS, VSYS and GND.
        for end, signal in (("charger:5V", "VBUS"), ("diode:cathode", "VSYS"),
                            ("charger:GND", "GND")):
            (w,) = to[end]
            assert w.get("data-signal") == signal and w.get("stroke-dasharray"), end


def segments(w):
    pts = points(w)
    return list(zip(pts, pts[1:]))


def overlap(a, b):
    """True when segments a and b (each horizontal or vertical) share more
    than a point."""
    (ax0, ay0), (ax1, ay1) = a
    (bx0, by0), (bx1, by1) = b
    if ay0 == ay1 == by0 == by1:
        lo, hi = max(min(ax0, ax1), min(bx0, bx1)), min(max(ax0, ax1), max(bx0, bx1))
        return hi - lo > 0.5
    if ax0 == ax1 == bx0 == bx1:
        lo, hi = max(min(ay0, ay1), min(by0, by1)), min(max(ay0, ay1), max(by0, by1))
        return hi - lo > 0.5
    return False


@pytest.mark.parametrize("name", ["pico-st7789", "pico-ili9341", "pimoroni-display-pack-2"])
def test_no_wire_is_drawn_over_another_signals_wire(name):
    wires = view_wires(name)
    for i, a in enumerate(wires):
        for b in wires[i + 1:]:
            if a.get("data-signal") == b.get("data-signal"):
                continue  # one net: VSYS to the ring and to the battery diode
            for sa in segments(a):
                for sb in segments(b):
                    assert not overlap(sa, sb), (a.get("data-to"), b.get("data-to"))


def test_the_overlap_check_catches_an_overlap():
    assert overlap(((0, 5), (10, 5)), ((8, 5), (20, 5)))
    assert overlap(((3, 0), (3, 9)), ((3, 4), (3, 2)))
    assert not overlap(((0, 5), (10, 5)), ((10, 5), (20, 5)))
    assert not overlap(((0, 5), (10, 5)), ((5, 0), (5, 9)))


def test_the_default_build_reaches_the_covered_header():
    # The Pico-LCD-1.3 covers every pin: the ring is soldered to the header
    # pins' short ends on the Pico's component side, on a pin it leaves free.
    name = pins.DEFAULT_PROFILE
    p = pins.PROFILES[name]
    steps = section(name).split("### Assembly\n", 1)[1].split("\n### ", 1)[0]
    taken = {pin for pin, _phys, what in hwdocs.pin_rows(name) if "on the Pico-LCD-1.3" in what}
    assert taken == {pin for pin, _role in hwdocs.pins_used(name)} - {p["neopixel"]["pin"]}
    assert p["neopixel"]["pin"] not in taken
    assert "it takes %s)" % ", ".join(sorted(taken, key=lambda s: int(s[2:]))) in steps
    assert "component side" in steps and "short ends of the header pins" in steps
    ring = "%s (header pin %d)" % (p["neopixel"]["pin"], hwdocs.PICO_PHYSICAL[p["neopixel"]["pin"]])
    assert ring in steps and "VSYS (pin 39)" in steps
    view_note = "".join(t for e in view(name).iter(SVG_NS + "text") for t in e.itertext())
    assert "component side" in view_note and "short ends of the header pins" in view_note


def heading_anchor(line):
    text = line.lstrip("#").strip().lower()
    return re.sub(r"[^a-z0-9 _-]", "", text).replace(" ", "-")


def test_the_walkthrough_goes_from_parts_to_a_closed_case():
    steps = section(pins.DEFAULT_PROFILE).split("### Assembly\n", 1)[1].split("\n### ", 1)[0]
    order = ["**Order the parts**", "**Solder the headers", "**Prepare the ring**",
             "%d ohm resistor" % hwdocs.RESISTOR_OHMS, "%d uF capacitor" % hwdocs.CAP_UF,
             "**Solder the ring to the Pico.**", "**Battery option",
             "**Check before the first power-up**", "UF2", "**First boot:**",
             "plug the Pico into the Pico-LCD-1.3", "**Close the case**"]
    at = [steps.find(s) for s in order]
    assert -1 not in at and at == sorted(at), list(zip(order, at))
    assert "[Enclosure](#enclosure)" in steps
    assert "\n## Enclosure\n" in read("hardware/README.md")
    # Links into the main README land on its headings.
    anchors = {heading_anchor(line) for line in read("README.md").splitlines()
               if line.startswith("#")}
    for target in re.findall(r"\(\.\./README\.md#([^)]+)\)", read("hardware/README.md")):
        assert target in anchors, target
    # Everything the steps use is in the parts list.
    parts = " ".join(r["part"] for r in bom_rows(pins.DEFAULT_PROFILE))
    for what in ("headers", "Pico-LCD-1.3", "NeoPixel", "%d ohm" % hwdocs.RESISTOR_OHMS,
                 "%d uF" % hwdocs.CAP_UF, "hook-up wire", "heat-shrink", "data cable",
                 "Optional, case: M2", "MOSFET", "Kapton", "74AHCT125"):
        assert what in parts, what


def test_ili9341_page_uses_the_breakouts_own_labels():
    text = section("pico-ili9341")
    rows = {r[0]: r[2] for r in table_rows(text, "Pins")}
    assert "Vin" in rows["3V3"] and "3Vo" in rows["3V3"] and "output" in rows["3V3"]
    assert rows[pins.PROFILES["pico-ili9341"]["display"]["backlight"]].startswith("display Lite")
    assert "VCC to 3V3" not in text and "VCC->3V3" not in text
    steps = text.split("### Assembly\n", 1)[1]
    assert "Vin to 3V3" in steps and "Lite" in steps and "3Vo" in steps


@pytest.mark.parametrize("name", ["pico-st7789", "pimoroni-display-pack-2"])
def test_plug_on_keys_are_on_the_board_not_wired(name):
    part = hwdocs.PLUG_ON[name][0]
    rows = {r[0]: r[2] for r in table_rows(section(name), "Pins")}
    for key, (pin, _level) in pins.PROFILES[name]["keys"].items():
        assert "on the %s" % part in rows[pin] and "nothing to wire" in rows[pin], key
        assert "to GND (" not in rows[pin], key
    assert "button commons" not in rows["3V3"] + rows["GND"]


def test_pixel_wording_is_what_the_indicator_does():
    from minigam.hw import pixels as px

    text = section(pins.DEFAULT_PROFILE)
    assert "1 to 11 pixels show one colour-coded pixel per die" not in read("hardware/README.md")
    # One pixel: the first die's colour, dark, the second's, dark, as stated.
    show, gap = px.ALT_SHOW_MS, px.ALT_GAP_MS
    assert ("alternates between the two dice's colours, %g s the first die, %g s dark, "
            "%g s the second, %g s dark" % (show / 1000, gap / 1000, show / 1000, gap / 1000)) in text
    ind = px.DiceIndicator([(0, 0, 0)])
    ind.show_dice(2, 5, 1, now_ms=0)
    seen = []
    for t in (0, show - 1, show, show + gap - 1, show + gap, 2 * show + gap - 1, 2 * show + gap):
        ind.tick(t)
        seen.append(ind.color(0))
    d2, d5 = px.DIE_COLORS[2], px.DIE_COLORS[5]
    assert seen == [d2, d2, (0, 0, 0), (0, 0, 0), d5, d5, (0, 0, 0)]
    # 2 to 11 pixels: first and last pixel in the dice's colours, named right.
    strip = [(0, 0, 0)] * 5
    ind = px.DiceIndicator(strip)
    ind.show_dice(1, 4, 1, now_ms=0)
    ind.tick(0)
    assert strip[0] == px.DIE_COLORS[1] and strip[-1] == px.DIE_COLORS[4]
    named = dict(re.findall(r"(\d) (red|orange|yellow|green|blue|violet)", text))
    assert sorted(named) == list("123456")
    for v, colour in named.items():
        r, g, b = px.DIE_COLORS[int(v)]
        assert {"red": r > 200 and g < 50 and b < 50, "orange": r > 200 and 50 < g < 150 and b < 50,
                "yellow": r > 200 and g > 150 and b < 50, "green": g > 200 and r < 50 and b < 50,
                "blue": b > 200 and r < 50, "violet": r > 150 and b > 200 and g < 50}[colour], v


def test_pybadge_lc_has_its_product_number():
    (board,) = [r for r in bom_rows("pybadge") if "PyBadge LC" in r["part"]]
    assert "3939 (PyBadge LC)" in board["example"] and "4200 (PyBadge)" in board["example"]


def test_wokwi_limits_are_stated_in_both_readmes():
    sentence = wokwi.limits()
    assert "CircuitPython display" in sentence and "cannot" in sentence
    assert sentence in read("hardware/README.md")
    assert sentence in re.sub(r"\s+", " ", read("README.md"))


def test_wokwi_uses_no_pin_the_profile_does_not():
    p = pins.PROFILES["pico-ili9341"]
    _diagram, links = wokwi_links()
    profile_pins = {pin for pin, _role in hwdocs.pins_used("pico-ili9341")}
    for (part, pin), others in links.items():
        if part != "pico":
            continue
        assert pin in profile_pins or pin in ("3V3", "VSYS") or pin.startswith("GND."), pin
    assert links[("lcd", "VCC")] == {("pico", "3V3")}
    (gnd,) = links[("pixels", "GND")]
    assert gnd[1].startswith("GND.")
    # The buttons are the profile's keys, each on its own pin.
    keys = {pin for key, (pin, _l) in p["keys"].items()}
    wired = {pin for (part, pin), _o in links.items() if part == "pico" and pin in keys}
    assert wired == keys


def test_hwdocs_check_passes_on_the_repository(capsys):
    from minigam.host.cli import hwdocs as cmd_hwdocs
    assert cmd_hwdocs.main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_hwdocs_renders_the_views_as_png(tmp_path):
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as e:  # OSError: no libcairo
        pytest.skip("cairosvg or the cairo library missing: %s" % e)
    from minigam.host.cli import hwdocs as cmd_hwdocs
    assert cmd_hwdocs.render_png(hwdocs.generate(), str(tmp_path)) == 0
    for name in wired_profiles():
        data = (tmp_path / ("wiring-%s.png" % name)).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert w >= 1000 and h >= 700, (name, w, h)


# ----- issue 55: a maker's first build

def steps_of(name):
    """The numbered assembly steps of profile ``name``'s section."""
    part = section(name).split("### Assembly\n", 1)[1].split("\n### ", 1)[0]
    return [line for line in part.splitlines() if re.match(r"\d+\. ", line)]


# The pin each plug-on board takes its supply from, as its maker publishes
# it (Waveshare's Pico-LCD-1.3 pin table: "VCC -> VSYS"; Pimoroni's Display
# Pack runs on 3V3): written out here, not taken from the generator.
PUBLISHED_SUPPLY = {"pico-st7789": "VSYS", "pimoroni-display-pack-2": "3V3"}


@pytest.mark.parametrize("name", sorted(PUBLISHED_SUPPLY))
def test_each_plug_on_board_takes_its_published_supply(name):
    part = hwdocs.PLUG_ON[name][0]
    supply = PUBLISHED_SUPPLY[name]
    rows = {r[0]: r[2] for r in table_rows(section(name), "Pins")}
    assert "the %s's supply" % part in rows[supply], rows[supply]
    for other in ("3V3", "VSYS"):
        if other != supply:
            assert "the %s's supply" % part not in rows[other], rows[other]
    if supply == "VSYS":
        assert "not used" in rows["3V3"]
    # The wiring view draws it as a pin the board takes through the header.
    (w,) = [w for w in view_wires(name) if w.get("data-to") == "%s:VCC" % part]
    assert w.get("data-signal") == supply and w.get("class") == "addon-pin"
    assert w.get("data-from") == "pico:%d" % hwdocs.PICO_PHYSICAL[supply]
    power = section(name).split("### Power\n", 1)[1].split("\n### ", 1)[0]
    if supply == "VSYS":
        assert "the %s takes its supply from VSYS" % part in power


def headings(text):
    """[(line number, level, title)] of the markdown headings in ``text``."""
    out = []
    for k, line in enumerate(text.splitlines()):
        m = re.match(r"(#+) (.+)", line)
        if m:
            out.append((k, len(m.group(1)), m.group(2).split(" (")[0].strip()))
    return out


def misdirected(text):
    """Phrases of ``text`` that send the reader to a heading "above" or
    "below" when that heading is the other way, or not in the same build's
    section (nor a page-level one)."""
    heads = headings(text)
    lines = text.splitlines()
    bad = []
    for k, line in enumerate(lines):
        for level, title in {(lv, t) for _n, lv, t in heads}:
            for m in re.finditer(r"\b%s (above|below)\b" % re.escape(title), line,
                                 re.I):
                # the build section around line k: from its "## " to the next
                start = max([n for n, lv, _t in heads if lv == 2 and n <= k] or [0])
                end = min([n for n, lv, _t in heads if lv == 2 and n > k] or [len(lines)])
                same = [n for n, lv, t in heads if t.lower() == title.lower()
                        and (start <= n < end or lv == 2)]
                want = [n for n in same if (n < k) == (m.group(1) == "above")]
                if not want:
                    bad.append(m.group(0))
    return bad


def test_section_references_point_the_right_way():
    text = read("hardware/README.md")
    assert not misdirected(text), misdirected(text)
    # The check catches a reference that points up the page.
    wrong = text.replace("(Power above)", "(Power below)", 1)
    assert wrong != text and misdirected(wrong) == ["Power below"]


def test_the_guide_opens_saying_nobody_has_built_one():
    head = "\n".join(read("hardware/README.md").splitlines()[:6])
    assert "Nobody has built one yet" in head and "emulated" in head


def test_the_walkthrough_does_each_thing_before_it_is_needed():
    steps = steps_of(pins.DEFAULT_PROFILE)
    text = "\n".join(steps)

    def at(phrase):
        assert phrase in text, phrase
        return text.index(phrase)

    # The battery wires go on the header before the board covers it.
    assert at("**Battery option") < at("plug the Pico into the Pico-LCD-1.3")
    # "Keep the joints low" comes before the first joint on that side.
    assert at("keep every joint on that side low") < at("Wire the ring's DIN")
    # Checks before power; the UF2 while BOOTSEL is in reach; the board
    # comes off before the case's standoffs take the Pico.
    assert at("**Check before the first power-up**") < at("**Put MINIGAM on it**")
    assert at("**Put MINIGAM on it**") < at("**Close the case**")
    assert "comes off again first" in steps[-1]
    assembly = read("hardware/README.md").split("**Assemble:**", 1)[1].split("\n", 1)[0]
    assert (assembly.index("pull it straight off the Pico")
            < assembly.index("screw the Pico to its standoffs")
            < assembly.index("plug the Pico-LCD-1.3 back onto the Pico"))
    # Every step after the first boot sits on a step before it: nothing
    # plugs the Pico into the board twice without taking it off.
    assert text.count("plug the Pico into the Pico-LCD-1.3") == 1


@pytest.mark.parametrize("name", ["pico-st7789", "pico-ili9341", "pimoroni-display-pack-2"])
def test_every_wired_build_checks_before_its_first_power_up(name):
    steps = steps_of(name)
    (check,) = [k for k, s in enumerate(steps) if "**Check before the first power-up**" in s]
    first_power = [k for k, s in enumerate(steps)
                   if "BOOTSEL while plugging" in s or "Install CircuitPython" in s]
    assert first_power and check < first_power[0]
    for what in ("VSYS (pin 39) to GND (pin 38) is not a short", "diode-test",
                 "about %g V" % hwdocs.VSYS_USB, "the cell's voltage"):
        assert what in steps[check], what


@pytest.mark.parametrize("name", ["pico-st7789", "pico-ili9341", "pimoroni-display-pack-2"])
def test_every_wired_build_has_a_troubleshooting_section(name):
    text = section(name)
    part = text.split("### Troubleshooting\n", 1)[1].split("\n### ", 1)[0]
    entries = [line for line in part.splitlines() if line.startswith("- **")]
    assert len(entries) >= 8, entries
    joined = " ".join(entries)
    assert "Reaching BOOTSEL" in joined or name == "pico-ili9341"
    if pins.PROFILES[name]["neopixel"]:
        assert "**The ring stays dark:**" in joined


def test_bootsel_can_be_reached_once_cased():
    text = section(pins.DEFAULT_PROFILE)
    assert "microcontroller.RunMode.BOOTLOADER" in text
    assert "BOOTSEL" in read("hardware/README.md").split("## Enclosure\n", 1)[1]


def test_the_battery_option_keeps_the_ring_within_its_rating():
    name = pins.DEFAULT_PROFILE
    text = section(name)
    power = text.split("### Power\n", 1)[1].split("\n### ", 1)[0].replace("*", "")
    # The MOSFET is wired as the Pico datasheet's ideal diode: gate on
    # VBUS, source on VSYS, drain on the switch's side with the anode.
    fet = hwdocs.PFET_PINS
    assert "MOSFET's drain (%s: pin %d)" % (hwdocs.PFET, fet["drain"]) in power
    assert "MOSFET's source (pin %d) to VSYS (pin 39)" % fet["source"] in power
    assert "MOSFET's gate (pin %d) to VBUS (pin 40)" % fet["gate"] in power
    # The figures: the diode alone leaves the ring below its rating at the
    # cell's nominal voltage, the MOSFET does not.
    assert hwdocs.CELL_NOMINAL - hwdocs.SCHOTTKY_DROP < hwdocs.PIXEL_MIN_V <= hwdocs.CELL_NOMINAL
    assert "%.2f V at its nominal %g V" % (hwdocs.CELL_NOMINAL - hwdocs.SCHOTTKY_DROP,
                                          hwdocs.CELL_NOMINAL) in power
    assert "specified from %g V" % hwdocs.PIXEL_MIN_V in power
    # The schematic puts the MOSFET there too.
    from minigam.host.hardware import schematic
    nets = schematic.nets(name)
    assert "fet:G" in nets["VBUS"] and "fet:S" in nets["VSYS"]
    assert {"fet:D", "diode:A", "switch:outer"} <= set(nets["switched"])
    assert "diode:K" in nets["VSYS"]


def test_the_charge_jumper_stays_at_100_ma_on_a_pc():
    power = section(pins.DEFAULT_PROFILE).split("### Power\n", 1)[1].split("\n### ", 1)[0]
    total = sum(ma for _p, ma, _b in hwdocs.power_budget(pins.DEFAULT_PROFILE))
    assert 500 + total > 500
    assert "Keep it when the handheld charges from a PC's USB port" in power
    assert "100 mA as shipped" in power and "1 A or more" in power
    assert "%d mA" % total in power


def test_the_cell_is_checked_and_kept_off_the_joints():
    power = section(pins.DEFAULT_PROFILE).split("### Power\n", 1)[1].split("\n### ", 1)[0]
    assert "Check the plug's polarity first" in power and "reverse polarity" in power
    assert "Insulation:" in power and "Kapton" in power


def test_the_ring_capacitor_stays_small_behind_usb():
    # USB 2.0 lets a device show 10 uF at plug-in; the ring's capacitor sits
    # on VSYS, so the smallest value that does the job: 470 uF, not 1000.
    assert hwdocs.CAP_UF == 470
    notes = section(pins.DEFAULT_PROFILE).split("### Dice indicator", 1)[1].split("\n### ", 1)[0]
    assert "10 uF" in notes and "%d uF capacitor" % hwdocs.CAP_UF in notes
    assert [r for r in bom_rows(pins.DEFAULT_PROFILE) if "%d uF" % hwdocs.CAP_UF in r["part"]]


def test_the_level_shifter_is_offered_with_its_wiring():
    notes = section(pins.DEFAULT_PROFILE).split("### Dice indicator", 1)[1].split("\n### ", 1)[0]
    for what in ("74AHCT125", "pin 14 (VCC) to VSYS", "pins 7 (GND) and 1 (1OE) to GND",
                 "pin 2 (1A) from GP22", "pin 3 (1Y)", "specified from 4.5 V"):
        assert what in notes, what
    for name in ("pico-st7789", "pico-ili9341"):
        assert [r for r in bom_rows(name) if "74AHCT125" in r["part"]
                and r["part"].startswith("Optional")], name


def test_the_display_pack_comes_with_its_headers():
    steps = " ".join(steps_of("pimoroni-display-pack-2"))
    assert "Solder female headers to the pack" not in steps
    assert "the pack comes with its female headers fitted" in steps


def test_the_pybadge_section_knows_the_edgebadge():
    text = section("pybadge")
    assert "`edgebadge`" in text and "EdgeBadge" in text
    (board,) = [r for r in bom_rows("pybadge") if r["part"].startswith("Adafruit PyBadge")]
    assert "EdgeBadge" in board["part"] and "4400 (EdgeBadge)" in board["example"]


# ----- which way up: the ST7789's MADCTL, from its datasheet

def madctl_cell(madctl, x, y):
    """The ST7789's frame memory cell (column, row) that address (x, y)
    fills: its table of memory write directions (MV exchanges the column
    and row pointers; MX then mirrors the columns, 0-239, MY the rows,
    0-319)."""
    col, row = (y, x) if madctl & 0x20 else (x, y)
    if madctl & 0x40:
        col = 239 - col
    if madctl & 0x80:
        row = 319 - row
    return col, row


def turned(rotation, x, y, n=240):
    """The address displayio writes picture pixel (x, y) to, ``rotation``
    degrees clockwise (the inverse of the emulator's panel.mjs)."""
    return {0: (x, y), 90: (n - 1 - y, x), 180: (n - 1 - x, n - 1 - y),
            270: (y, n - 1 - x)}[rotation]


def test_the_guide_says_which_rotation_stands_the_picture_up():
    d = pins.PROFILES["pico-st7789"]["display"]
    picture = [(x, y) for x in (0, 7, 239) for y in (0, 100, 239)]
    waveshare = [madctl_cell(0x70, x, y) for x, y in picture]
    fits = [r for r in (0, 90, 180, 270)
            if [madctl_cell(0xC0, *(lambda a, b: (a + d["colstart"], b + d["rowstart"]))(
                *turned(r, x, y))) for x, y in picture] == waveshare]
    assert fits == [270]
    # Both fill the panel's 240 rows: Waveshare's without an offset,
    # MINIGAM's with its 80.
    assert {row for _c, row in waveshare} <= set(range(240))
    text = section("pico-st7789")
    way = text.split("### Which way up\n", 1)[1].split("\n### ", 1)[0]
    assert "`MINIGAM_ROTATION = %d` stands it up" % fits[0] in way
    assert "MADCTL 0xC0" in way and "MADCTL 0x70" in way and "ignores MADCTL" in way
    first = [s for s in steps_of("pico-st7789") if "**First boot:**" in s][0]
    assert "joystick on the left" in first and "`MINIGAM_ROTATION = <n>`" in first
    assert "`%d` if the title runs down the right-hand edge" % fits[0] in first


# ----- the schematic

def schematic_root(name):
    import xml.etree.ElementTree as ET
    return ET.fromstring(read("hardware/schematic-%s.svg" % name))


def on_segment(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    return (abs(cross) < 1e-6 and min(ax, bx) - 1e-6 <= px <= max(ax, bx) + 1e-6
            and min(ay, by) - 1e-6 <= py <= max(ay, by) + 1e-6)


def segments_touch(s1, s2):
    (a, b), (c, d) = s1, s2

    def orient(p, q, r):
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return 0 if abs(v) < 1e-6 else (1 if v > 0 else -1)

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return any(on_segment(p, *s) for p, s in ((c, s1), (d, s1), (a, s2), (b, s2)))


def test_the_schematic_joins_each_net_and_nothing_else():
    from minigam.host.hardware import schematic
    name = pins.DEFAULT_PROFILE
    root = schematic_root(name)
    terms = {c.get("data-pin"): (c.get("data-net"), (float(c.get("cx")), float(c.get("cy"))))
             for c in root.iter(SVG_NS + "circle") if c.get("class") == "terminal"}
    nets = schematic.nets(name)
    assert {pin: net for pin, (net, _xy) in terms.items()} == {
        pin: net for net, pinlist in nets.items() for pin in pinlist}
    wires, hops = {}, set()
    for e in root.iter(SVG_NS + "polyline"):
        if e.get("class") in ("net", "hop"):
            pts = points(e)
            segs = list(zip(pts, pts[1:]))
            wires.setdefault(e.get("data-net"), []).extend(segs)
            if e.get("class") == "hop":
                hops.update(segs)
    # Each net's terminals are one piece through its wires.
    for net, pinlist in nets.items():
        segs = wires[net]
        groups = [{k} for k in range(len(segs))]

        def find(k):
            return next(g for g in groups if k in g)
        for i in range(len(segs)):
            for j in range(i + 1, len(segs)):
                if segments_touch(segs[i], segs[j]):
                    gi, gj = find(i), find(j)
                    if gi is not gj:
                        gi |= gj
                        groups.remove(gj)
        pieces = {frozenset(find(k)) for pin in pinlist for k in range(len(segs))
                  if any(on_segment(terms[pin][1], *segs[k]) for _ in [0])}
        assert len(pieces) == 1, (net, len(pieces))
    # No wire of one net touches another net's: a crossing hops over (and
    # a hop crosses only one other wire, once).
    names = sorted(wires)
    crossed = set()
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for sa in wires[a]:
                for sb in wires[b]:
                    if segments_touch(sa, sb):
                        assert sa in hops or sb in hops, (a, b, sa, sb)
                        crossed.add(sb if sa in hops else sa)
    assert hops and len(crossed) == 1
    # The display board's supply is VSYS, as the pin table says.
    assert "lcd:VCC" in nets["VSYS"]
    assert "![schematic of %s](schematic-%s.svg)" % (name, name) in section(name)


def test_the_schematic_check_catches_a_short():
    assert segments_touch(((0, 5), (10, 5)), ((5, 0), (5, 9)))
    assert not segments_touch(((0, 5), (10, 5)), ((5, 6), (5, 9)))


def test_the_budget_counts_the_clock_the_firmware_sets():
    # The Pico's row is at the clock minigam.hw.loader sets (issue 56), and
    # the page still gives the cell's total at CircuitPython's own 125 MHz.
    from minigam.hw import loader
    (pico,) = [(p, ma) for p, ma, _b in hwdocs.power_budget(pins.DEFAULT_PROFILE)
               if p.startswith("Raspberry Pi Pico")]
    assert pico[0].endswith("at %d MHz" % loader.CPU_MHZ)
    scale = (loader.CPU_MHZ / 125) * (1.20 / 1.10) ** 2
    assert pico[1] == round(25 * scale)
    text = section(pins.DEFAULT_PROFILE)
    total = sum(ma for _p, ma, _b in hwdocs.power_budget(pins.DEFAULT_PROFILE))
    stock = total - pico[1] + 25
    assert "(%d at 125 MHz)" % round(stock - 25 + 25 * 5 / 3.7) in text
