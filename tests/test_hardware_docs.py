"""hardware/ is derived from the profiles' pin data (minigam/hw/profiles/)
and cannot disagree with it."""

import csv
import io
import json
import os

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
