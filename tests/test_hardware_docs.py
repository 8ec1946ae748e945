"""hardware/ is derived from the profiles' pin data (minigam/hw/profiles/)
and cannot disagree with it."""

import csv
import io
import json
import os
import re

from minigam.host.hardware import docs as hwdocs
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
    for role, lcd_pin in hwdocs.WOKWI_LCD.items():
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
            if pins.PROFILES[n]["neopixel"] and hwdocs.wired(pins.PROFILES[n])]


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
        svg = read("hardware/wiring-%s.svg" % name)
        labels = re.findall(r'<text x="60"[^>]*>([^<]*)</text>.*?<text x="440"[^>]*>([^<]*)</text>',
                            svg, re.S)
        fed = [src for src, dst in labels if "NeoPixel 5V" in dst]
        assert fed == ["%s (pin %d)" % (pin, hwdocs.PICO_PHYSICAL[pin])], fed


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
    # Every Pico build offers the same battery option.
    for other in pins.profile_names():
        if pins.PROFILES[other]["stubs_board"].startswith("raspberry_pi_pico"):
            assert [r["part"] for r in bom_rows(other) if r["part"].startswith("Optional")] \
                == [r["part"] for r in optional], other


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
    # Battery life and the worst case follow from the same numbers.
    life = re.search(r"the (\d+) mAh cell \([^)]*\) lasts about ([\d.]+) hours", text)
    assert abs(float(life.group(2)) - int(life.group(1)) / sum(mas)) < 0.06
    worst = re.search(r"(\d+) mA for the pixels, (\d+) mA in all, about ([\d.]+) hours", text)
    worst_px, worst_all = int(worst.group(1)), int(worst.group(2))
    n = pins.PROFILES[name]["neopixel"]["count"]
    assert abs(worst_px - n * 60 * cap) <= 0.02 * n * 60 * cap
    assert worst_all == sum(mas) - pixels + worst_px
    assert abs(float(worst.group(3)) - int(life.group(1)) / worst_all) < 0.06
