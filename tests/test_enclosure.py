"""The generated OpenSCAD cases: committed, checked by hwdocs, and
geometrically sane for the data table (no OpenSCAD needed)."""

import math
import os
import re

import pytest

from minigam.host.hardware import enclosure
from minigam.host.hardware import docs as hwdocs
from minigam.hw import pins

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The defaults and a few edits a maker might make in the .scad file.
VARIANTS = [{}, {"lipo": False}, {"wall": 3.0, "clearance": 0.6},
            {"post_d": 6.0, "key_hole_d": 5.0, "lipo_w": 30.0}]
CASES = [(n, v) for n in enclosure.profiles() for v in VARIANTS]


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


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
    assert "pico-st7789" in enclosure.profiles()
    assert set(enclosure.profiles()) <= set(pins.PROFILES)


@pytest.mark.parametrize("name", enclosure.profiles())
def test_every_dimension_has_a_known_source(name):
    scad = enclosure.scad(name)
    for key, (value, src) in enclosure.PARTS[name].items():
        assert src in enclosure.SOURCES, (key, src)
        # ... and the .scad file states it with its source.
        assert re.search(r"^%s = [^;]+;  // \[%s\]" % (re.escape(key), src),
                         scad, re.M), key
    readme = read("hardware/README.md").split("## Enclosure\n", 1)[1]
    readme = readme.split("\n## ", 1)[0]
    for key, (value, src) in enclosure.PARTS[name].items():
        listed = "`%s` = " % key in readme
        assert listed == (src != "estimate"), key


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


def circle_in_rect(x, y, d, x0, y0, x1, y1):
    r = d / 2
    return x0 <= x - r and x + r <= x1 and y0 <= y - r and y + r <= y1


def circles_apart(a, b):
    return math.hypot(a[0] - b[0], a[1] - b[1]) > (a[2] + b[2]) / 2


@pytest.mark.parametrize("name,over", CASES)
def test_top_holes_and_window_sit_inside_the_top_face(name, over):
    lay = enclosure.layout(name, **over)
    wall = lay["wall"]
    out_l, out_w = lay["outer"]
    inner = (wall, wall, out_l - wall, out_w - wall)
    posts = [(x, y, lay["params"]["post_d"]) for x, y in lay["posts"]]
    holes = lay["holes"]
    assert sorted(holes) == ["A", "B", "PAD", "X", "Y"]
    w = lay["window"]
    win = (w["x"] - w["w"] / 2, w["y"] - w["h"] / 2,
           w["x"] + w["w"] / 2, w["y"] + w["h"] / 2)
    assert inner[0] <= win[0] and win[2] <= inner[2], win
    assert inner[1] <= win[1] and win[3] <= inner[3], win
    # The window shows the whole active area of the screen.
    bx, by = lay["board_origin"]
    sx, sy = (bx + enclosure.value(name, "screen_x"),
              by + enclosure.value(name, "screen_y"))
    sw, sh = enclosure.value(name, "screen_w"), enclosure.value(name,
                                                                "screen_h")
    assert win[0] <= sx - sw / 2 and sx + sw / 2 <= win[2]
    assert win[1] <= sy - sh / 2 and sy + sh / 2 <= win[3]
    names = sorted(holes)
    for i, k in enumerate(names):
        x, y, d = holes[k]
        assert circle_in_rect(x, y, d, *inner), k
        # not cut into the window, a post, or another hole
        assert (x + d / 2 <= win[0] or x - d / 2 >= win[2]
                or y + d / 2 <= win[1] or y - d / 2 >= win[3]), k
        for p in posts:
            assert circles_apart((x, y, d), p), (k, p)
        for other in names[i + 1:]:
            assert circles_apart(holes[k], holes[other]), (k, other)
    # Each key hole sits over its key, and every key is on the board.
    for k in enclosure.KEYS:
        assert holes[k][:2] == (bx + enclosure.value(name, "key_%s_x" % k),
                                by + enclosure.value(name, "key_%s_y" % k))
    bl, bw = enclosure.value(name, "board_l"), enclosure.value(name, "board_w")
    for k in names:
        assert bx < holes[k][0] < bx + bl and by < holes[k][1] < by + bw, k


@pytest.mark.parametrize("name,over", CASES)
def test_boards_fit_the_cavity_clear_of_the_posts(name, over):
    lay = enclosure.layout(name, **over)
    wall, clr = lay["wall"], lay["params"]["clearance"]
    out_l, out_w = lay["outer"]
    bx, by = lay["board_origin"]
    bl, bw = enclosure.value(name, "board_l"), enclosure.value(name, "board_w")
    assert wall + clr <= bx and bx + bl + clr <= out_l - wall + 1e-9
    assert wall + clr <= by + 1e-9 and by + bw + clr <= out_w - wall + 1e-9
    r = lay["params"]["post_d"] / 2
    for x, y in lay["posts"]:
        assert x + r <= bx - clr + 1e-9 or x - r >= bx + bl + clr - 1e-9
    # Pico standoffs: under the Pico, clear of its USB connector.
    px0, px1 = lay["pico_x"]
    x0, x1, y0, y1, z0, z1 = lay["usb"]["connector"]
    sr = lay["params"]["standoff_d"] / 2
    for x, y in lay["standoffs"]:
        assert px0 < x < px1
        assert (x + sr <= x0 or x - sr >= x1 or y + sr <= y0
                or y - sr >= y1), (x, y)
    # Stack: LiPo under the Pico's parts, the board under the rim.
    if lay["params"]["lipo"]:
        below = enclosure.value(name, "pico_parts_below")
        assert lay["z_pico"] - below >= lay["params"]["lipo_h"]
    assert 0 < lay["z_pico"] < lay["z_board"] < lay["z_rim"] < lay["z_lid"]


@pytest.mark.parametrize("name,over", CASES)
def test_usb_opening_is_in_the_wall_the_usb_end_faces(name, over):
    lay = enclosure.layout(name, **over)
    usb = lay["usb"]
    out_l = lay["outer"][0]
    left = enclosure.value(name, "pico_usb_end") == "left"
    assert usb["wall"] == ("x-" if left else "x+")
    # The connector's face is nearer that wall than the other one.
    cx = usb["connector_x"]
    assert (cx < out_l - cx) if left else (out_l - cx < cx)
    x0, x1, y0, y1, z0, z1 = usb["connector"]
    assert usb["y"] - usb["w"] / 2 <= y0 and y1 <= usb["y"] + usb["w"] / 2
    assert usb["z"] - usb["h"] / 2 <= z0 and z1 <= usb["z"] + usb["h"] / 2
    # Wholly in the wall: above the floor, below the rim, clear of posts.
    assert usb["z"] - usb["h"] / 2 >= 0
    assert usb["z"] + usb["h"] / 2 <= lay["z_rim"]
    r = lay["params"]["post_d"] / 2
    for _x, y in lay["posts"]:
        assert y + r <= usb["y"] - usb["w"] / 2 or \
            y - r >= usb["y"] + usb["w"] / 2
    # The NeoPixel cable leaves through the other end wall.
    cable = lay["cable"]
    assert cable["wall"] != usb["wall"]
    assert cable["d"] / 2 <= cable["z"] <= lay["z_rim"] - cable["d"] / 2


def test_usb_opening_follows_the_pico_when_it_is_turned(monkeypatch):
    name = "pico-st7789"
    data = dict(enclosure.PARTS[name])
    data["pico_usb_end"] = ("right", "estimate")
    monkeypatch.setitem(enclosure.PARTS, name, data)
    lay = enclosure.layout(name)
    assert lay["usb"]["wall"] == "x+" and lay["cable"]["wall"] == "x-"
    assert lay["usb"]["connector_x"] > lay["outer"][0] / 2
    assert 'pico_usb_end = "right";' in enclosure.scad(name)


def test_unknown_parameter_is_refused():
    with pytest.raises(KeyError):
        enclosure.layout("pico-st7789", wal=3)
