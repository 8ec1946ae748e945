"""The generated OpenSCAD cases: committed, checked by hwdocs, every number
sourced, and geometrically sound for the data table. The geometry checks
run without OpenSCAD (enclosure.problems); where OpenSCAD is installed, the
file is also rendered and its echoed numbers compared with layout()."""

import copy
import math
import os
import re
import shutil
import subprocess

import pytest

from minigam.host.hardware import enclosure
from minigam.host.hardware import docs as hwdocs
from minigam.hw import pins

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "pico-st7789"

# The defaults and a few edits a maker might make in the .scad file.
VARIANTS = [{}, {"lipo": False}, {"wall": 3.0, "clearance": 0.6},
            {"post_d": 6.0, "key_hole_d": 3.2, "lipo_w": 33.0},
            {"lid_t": 2.6, "pixel_hole_d": 4.0, "sw_offset": -4.0},
            {"charger_usb_open": True}]
CASES = [(n, v) for n in enclosure.profiles() for v in VARIANTS]


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def readme_section():
    text = read("hardware/README.md").split("## Enclosure\n", 1)[1]
    return text.split("\n## ", 1)[0]


def test_hwdocs_writes_and_checks_every_case(tmp_path, monkeypatch):
    generated = hwdocs.generate()
    for rel, text in enclosure.files().items():
        assert generated[rel] == text
        assert read(rel) == text, "run python -m minigam.host hwdocs"
    assert "hardware/enclosure/pico-st7789.scad" in generated
    from minigam.host.cli import hwdocs as cmd_hwdocs
    monkeypatch.setattr(cmd_hwdocs, "ROOT", str(tmp_path))
    assert cmd_hwdocs.main([]) == 0
    case = tmp_path / "hardware" / "enclosure" / "pico-st7789.scad"
    case.write_text(case.read_text().replace("wall = 2;", "wall = 9;"))
    assert cmd_hwdocs.main(["--check"]) == 1


def test_case_profiles_exist():
    assert NAME in enclosure.profiles()
    assert set(enclosure.profiles()) <= set(pins.PROFILES)


@pytest.mark.parametrize("name", enclosure.profiles())
def test_every_dimension_has_a_known_source(name):
    scad = enclosure.scad(name)
    for key, (value, src) in enclosure.PARTS[name].items():
        assert src in enclosure.SOURCES, (key, src)
        # ... and the .scad file states it with its source.
        assert re.search(r"^%s = [^;]+;  // \[%s\]" % (re.escape(key), src),
                         scad, re.M), key


@pytest.mark.parametrize("name", enclosure.profiles())
def test_readme_lists_sources_and_every_estimate_with_how_to_measure(name):
    readme = readme_section()
    ests = enclosure.estimates(name)
    assert "%d estimates" % len(ests) in readme
    for key, (value, src) in enclosure.PARTS[name].items():
        if src == "estimate":
            continue
        # a published value is listed beside its source
        line = [ln for ln in readme.splitlines() if "`%s` = " % key in ln]
        assert line, key
        assert enclosure.SOURCES[src] in line[0], key
    for key, val, how in ests:
        assert how, key
        row = "| `%s` | %s | %s |" % (key, enclosure._scad_value(val), how)
        assert row in readme, key
    # the cell's size is a parameter, and listed as an estimate
    for k in enclosure.PARAM_ESTIMATES:
        assert k in enclosure.PARAMS and k in dict(
            (e[0], e) for e in ests)
    # nothing is called an estimate twice or missed
    est_keys = [e[0] for e in ests]
    assert len(est_keys) == len(set(est_keys))
    assert set(enclosure.MEASURE) == set(est_keys)


def test_published_values_are_what_the_sources_say():
    """Spot checks against the drawings, so a slip in the table shows."""
    v = lambda k: enclosure.value(NAME, k)  # noqa: E731
    assert (v("pico_l"), v("pico_w"), v("pico_t")) == (51.0, 21.0, 1.0)
    assert v("pico_hole_dx") == pytest.approx(51.0 - 2 * 2.0)
    assert v("pico_hole_dy") == pytest.approx(21.0 - 2 * 4.8)
    assert (v("chg_l"), v("chg_w")) == (22.86, 19.05)  # 0.9 x 0.75 in
    assert v("chg_hole_in") == 2.54 and v("chg_hole_d") == 2.5
    assert v("ring_od") == 37.0
    assert v("ring_n") == pins.PROFILES[NAME]["neopixel"]["count"]
    assert v("key_order") == "ABXY"
    assert (v("screen_w"), v("screen_h")) == (23.4, 23.4)


@pytest.mark.parametrize("name", enclosure.profiles())
def test_parameters_are_top_level_and_the_source_is_balanced(name):
    scad = enclosure.scad(name)
    for k in enclosure.PARAMS:
        assert len(re.findall(r"^%s = " % k, scad, re.M)) == 1, k
    code = re.sub(r"//[^\n]*", "", scad)
    code = re.sub(r'"[^"\n]*"', '""', code)
    for o, c in ("()", "[]", "{}"):
        assert code.count(o) == code.count(c), o
    # Every identifier assigned at top level is assigned once.
    names = re.findall(r"^([A-Za-z_]\w*) = ", scad, re.M)
    assert len(names) == len(set(names))


@pytest.mark.parametrize("name,over", CASES)
def test_the_case_holds_everything(name, over):
    """No part outside the cavity, no two in one place, every opening over
    what it is for."""
    lay = enclosure.layout(name, **over)
    assert enclosure.problems(name, lay) == []


@pytest.mark.parametrize("name,over", CASES)
def test_stack_heights_add_up(name, over):
    lay = enclosure.layout(name, **over)
    v = lambda k: enclosure.value(name, k)  # noqa: E731
    prm = lay["params"]
    # floor, cell, Pico's parts, Pico, headers, LCD PCB, tallest front
    # part (a key with its cap's flange), air, top plate
    stack = ((prm["lipo_h"] + prm["lipo_gap"] if prm["lipo"] else 0)
             + v("pico_parts_below") + v("pico_t") + v("header_gap")
             + v("board_t") + max(v("screen_top"),
                                  v("key_top") + prm["key_flange_t"])
             + prm["lid_gap"])
    assert lay["z_lid"] >= stack - 1e-9
    assert lay["height"] == pytest.approx(prm["wall"] + lay["z_lid"]
                                          + prm["lid_t"])
    assert 0 < lay["z_pico"] < lay["z_board"] < lay["z_rim"] < lay["z_lid"]
    # the ring's pixels touch the plate; the charger stays below the ring
    assert lay["ring"]["top"] == pytest.approx(lay["z_lid"])
    assert lay["charger"]["top"] < lay["ring"]["z0"]


def test_a_shell_too_low_for_the_stack_fails():
    lay = enclosure.layout(NAME)
    low = copy.deepcopy(lay)
    low["z_lid"] -= 1.0
    found = enclosure.problems(NAME, low)
    assert any("taller than the space under the top plate" in p
               for p in found), found
    # and so does a Pico pressed onto the cell
    low = copy.deepcopy(lay)
    low["z_pico"] -= 1.0
    assert any("press on the cell" in p for p in enclosure.problems(NAME, low))


def test_misplaced_openings_and_parts_fail():
    lay = enclosure.layout(NAME)
    bad = copy.deepcopy(lay)
    x, y, d = bad["holes"]["B"]
    bad["holes"]["B"] = (x, y + 1.0, d)
    assert any("B hole is not over the B key" in p
               for p in enclosure.problems(NAME, bad))
    bad = copy.deepcopy(lay)
    bad["switch"]["slot"] = (2.0, bad["switch"]["slot"][1])
    assert any("switch slot" in p for p in enclosure.problems(NAME, bad))
    bad = copy.deepcopy(lay)
    bad["usb"]["z"] += 3.0
    assert any("micro-USB opening" in p for p in enclosure.problems(NAME, bad))
    bad = copy.deepcopy(lay)
    for k in ("x0", "x1"):
        bad["charger"][k] += 2.0
    assert any("charger" in p for p in enclosure.problems(NAME, bad))
    bad = copy.deepcopy(lay)
    bad["ring"]["x"] -= 15.0          # onto the key caps
    found = enclosure.problems(NAME, bad)
    assert any("ring" in p and "cap" in p for p in found), found
    bad = copy.deepcopy(lay)
    bad["pixels"] = bad["pixels"][:-1]
    assert any("one window per pixel" in p
               for p in enclosure.problems(NAME, bad))


def test_keys_in_the_makers_order_and_caps_that_stay_in(monkeypatch):
    lay = enclosure.layout(NAME)
    ys = [lay["holes"][k][1] for k in "ABXY"]
    assert ys == sorted(ys, reverse=True)        # A at the top
    xs = set(lay["holes"][k][0] for k in "ABXY")
    assert len(xs) == 1                          # one column
    assert lay["caps"]["flange_w"] >= lay["params"]["key_hole_d"] + 1
    # Swapping two keys in the table breaks the maker's order.
    data = dict(enclosure.PARTS[NAME])
    data["key_A_y"], data["key_Y_y"] = data["key_Y_y"], data["key_A_y"]
    monkeypatch.setitem(enclosure.PARTS, NAME, data)
    found = enclosure.problems(NAME, enclosure.layout(NAME))
    assert any("top to bottom" in p for p in found), found


def test_keys_too_close_for_the_cap_flanges_fail(monkeypatch):
    data = dict(enclosure.PARTS[NAME])
    data["key_B_y"] = (data["key_A_y"][0] - 4.0, "estimate")
    monkeypatch.setitem(enclosure.PARTS, NAME, data)
    found = enclosure.problems(NAME, enclosure.layout(NAME))
    assert any("flanges are too narrow" in p for p in found), found


def test_a_bigger_cell_grows_the_case_and_still_fits():
    small = enclosure.layout(NAME)
    big = enclosure.layout(NAME, lipo_h=6.0, lipo_w=36.0)
    assert big["z_lid"] > small["z_lid"]
    assert enclosure.problems(NAME, big) == []
    flat = enclosure.layout(NAME, lipo=False)
    assert flat["height"] < small["height"]
    assert flat["battery"] is None


def test_pixel_windows_sit_over_the_pixels():
    lay = enclosure.layout(NAME)
    ring = lay["ring"]
    n = enclosure.value(NAME, "ring_n")
    assert len(lay["pixels"]) == n
    angles = sorted(round(math.degrees(math.atan2(y - ring["y"],
                                                  x - ring["x"])) % 360, 6)
                    for x, y in lay["pixels"])
    assert angles == [round(360.0 * i / n, 6) for i in range(n)]
    for x, y in lay["pixels"]:
        r = math.hypot(x - ring["x"], y - ring["y"])
        assert enclosure.value(NAME, "ring_id") / 2 < r < ring["od"] / 2


def test_the_usb_ends_are_where_the_power_notes_want_them():
    lay = enclosure.layout(NAME)
    # the Pico's micro-USB at the left end wall, the charger's USB socket at the
    # right one but closed unless asked for (docs: leave it empty)
    assert lay["usb"]["wall"] == "x-"
    assert lay["usb"]["connector_x"] < lay["outer"][0] / 2
    assert lay["charger"]["usb"][0] > lay["outer"][0] / 2
    assert lay["charger"]["usb_open"] is None
    assert enclosure.layout(NAME, charger_usb_open=True)[
        "charger"]["usb_open"]
    assert "charger_usb_open = false;" in enclosure.scad(NAME)


def test_a_pico_turned_the_other_way_is_refused(monkeypatch):
    data = dict(enclosure.PARTS[NAME])
    data["pico_usb_end"] = ("right", "estimate")
    monkeypatch.setitem(enclosure.PARTS, NAME, data)
    with pytest.raises(ValueError):
        enclosure.layout(NAME)


def test_unknown_parameter_is_refused():
    with pytest.raises(KeyError):
        enclosure.layout(NAME, wal=3)


def test_docs_can_still_read_the_cell_parameters():
    # hardware/docs.py quotes the bay's size from these three
    for k in ("lipo_l", "lipo_w", "lipo_h"):
        assert isinstance(enclosure.PARAMS[k], float)


OPENSCAD = shutil.which("openscad")


@pytest.mark.skipif(not OPENSCAD, reason="OpenSCAD is not installed")
@pytest.mark.parametrize("over", [{}, {"lipo": False}])
def test_openscad_agrees_with_layout(tmp_path, over):
    """Render the generated file: its assertions pass, and the numbers it
    echoes are the ones layout() computes."""
    text = enclosure.scad(NAME)
    for k, val in over.items():
        text = re.sub(r"^%s = [^;]+;" % k, "%s = %s;" % (
            k, enclosure._scad_value(val)), text, flags=re.M)
    src = tmp_path / "case.scad"
    src.write_text(text)
    run = subprocess.run([OPENSCAD, "-o", str(tmp_path / "out.echo"),
                          "-D", 'part="assembled"', str(src)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    echo = (tmp_path / "out.echo").read_text() + run.stderr
    assert "Assertion" not in echo, echo
    m = re.search(r"minigam = \[(.*)\]", echo)
    assert m, echo
    got = dict((k, float(v)) for k, v in
               re.findall(r'\["(\w+)", ([-\d.e]+)\]', m.group(1)))
    lay = enclosure.layout(NAME, **over)
    want = {"out_l": lay["outer"][0], "out_w": lay["outer"][1],
            "bx": lay["board_origin"][0], "by": lay["board_origin"][1],
            "ring_cx": lay["ring"]["x"], "z_pico": lay["z_pico"],
            "z_board": lay["z_board"], "z_rim": lay["z_rim"],
            "z_lid": lay["z_lid"], "lid_h": lay["lid_h"],
            "chg_x0": lay["charger"]["x0"], "sw_cx": lay["switch"]["x"],
            "flange_w": lay["caps"]["flange_w"]}
    assert set(got) == set(enclosure.ECHOED) == set(want)
    for k in want:
        assert got[k] == pytest.approx(want[k], abs=1e-3), k


@pytest.mark.skipif(not OPENSCAD, reason="OpenSCAD is not installed")
def test_openscad_assertions_catch_a_bad_edit(tmp_path):
    text = re.sub(r"^key_B_y = [^;]+;", "key_B_y = 19;",
                  enclosure.scad(NAME), flags=re.M)
    src = tmp_path / "case.scad"
    src.write_text(text)
    run = subprocess.run([OPENSCAD, "-o", str(tmp_path / "out.echo"),
                          "-D", 'part="assembled"', str(src)],
                         capture_output=True, text=True, timeout=300)
    out = run.stderr + ((tmp_path / "out.echo").read_text()
                        if (tmp_path / "out.echo").exists() else "")
    assert "Assertion" in out and "cap flanges" in out, out
    assert "minigam = " not in out   # evaluation stopped at the assertion


@pytest.mark.skipif(not OPENSCAD, reason="OpenSCAD is not installed")
@pytest.mark.parametrize("part,solids", [("bottom", 1), ("top", 1),
                                          ("caps", 5), ("diffuser", 1)])
def test_openscad_renders_each_printed_part_in_one_piece(tmp_path, part,
                                                         solids):
    """A full (CGAL) render of each part: a valid solid, and no piece
    left floating (a collar that only touches the plate, say)."""
    src = tmp_path / "case.scad"
    src.write_text(enclosure.scad(NAME))
    out = tmp_path / ("%s.stl" % part)
    run = subprocess.run([OPENSCAD, "-o", str(out), "-D",
                          'part="%s"' % part, str(src)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "WARNING" not in run.stderr and "ERROR" not in run.stderr, \
        run.stderr
    m = re.search(r"Volumes:\s+(\d+)", run.stderr)
    assert m, run.stderr
    assert int(m.group(1)) == solids + 1     # CGAL counts the outside too
    assert out.stat().st_size > 1000


def test_every_screw_the_guide_names_fits_its_hole():
    """A screw longer than what it passes through plus its pilot hole
    bottoms out before its head is down (the charger's M2 x 6 did, in a
    3 mm post): each named screw stops short of its hole and bites 2 mm."""
    readme = readme_section()
    named = re.findall(r"(\d+) x M2 x (\d+) for ([A-Za-z ]+?): ([\d.]+) mm "
                       r"through, into a ([\d.]+) mm pilot hole", readme)
    assert len(named) == 3, named
    for count, length, what, through, depth in named:
        bite = int(length) - float(through)
        assert 2.0 <= bite <= float(depth) - 0.5, (what, length, depth)
    # ... and they are the case's own screws, its posts as layout() has them
    lay = enclosure.layout(NAME)
    posts = {"the top": lay["z_rim"], "the Pico": lay["standoff_h"],
             "the charger": lay["params"]["chg_standoff_h"]}
    assert {w: float(d) for _c, _l, w, _t, d in named} == pytest.approx(posts)
    # The parts list orders the same screws, as many as the case takes.
    bom = [r for r in hwdocs.BOM[NAME] if r[0].startswith("Optional, case: M2")]
    assert sorted((q, int(re.search(r"M2 x (\d+)", p).group(1)))
                  for p, q, _e, _u in bom) == sorted(
        (int(c), int(n)) for c, n, _w, _t, _d in named)


def test_a_post_too_short_for_any_screw_fails():
    lay = enclosure.layout(NAME, chg_standoff_h=2.0)
    assert [p for p in enclosure.problems(NAME, lay) if "charger" in p]
