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
