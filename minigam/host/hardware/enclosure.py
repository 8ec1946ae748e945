"""Parametric OpenSCAD cases for the hardware profiles (host only).

``scad(name)`` writes ``hardware/enclosure/<name>.scad`` (through ``hwdocs``)
from one data table, ``PARTS``, which holds every dimension taken from a
part: where it comes from is recorded beside each value. ``layout(name)``
works out the case from the same table and the same formulas the generated
OpenSCAD file uses, so the tests can check the geometry without OpenSCAD.

Frames. *Board frame*: the Pico-LCD-1.3 seen from the screen side, x along
its long edge from its left end (joystick side), y across from its bottom
edge, millimetres. *Case frame*: x, y as the board frame, origin at the
outside corner of the bottom shell, z up from the top of the shell's floor.
"""

# Where a number comes from. Every entry of PARTS names one of these.
SOURCES = {
    "pico-ds": "Raspberry Pi Pico datasheet, chapter 2 'Mechanical "
               "Specification' "
               "(https://datasheets.raspberrypi.com/pico/pico-datasheet.pdf)",
    "pico-fig": "Raspberry Pi Pico datasheet, Figure 3 (dimension "
                "drawing): hole pattern as drawn there; read from the "
                "drawing, check it against your board",
    "ws-wiki": "Waveshare wiki, Pico-LCD-1.3, 'Specifications', display "
               "size 23.4 x 23.4 mm "
               "(https://www.waveshare.com/wiki/Pico-LCD-1.3)",
    "estimate": "estimate, not from a drawing: measure with calipers "
                "before printing",
}

# ---------------------------------------------------------------------------
# THE DATA TABLE: every hardware-derived dimension of a case, in mm, as
# (value, source). Positions are centres in the board frame (module
# docstring). Only values marked "pico-ds" or "ws-wiki" were read from a
# published page; every "estimate" must be measured on your own parts.
# ---------------------------------------------------------------------------
PARTS = {
    "pico-st7789": {
        # Waveshare Pico-LCD-1.3 board.
        "board_l": (52.0, "estimate"),   # long edge (the Pico-LCD family is
                                         # 52 mm long; this one unconfirmed)
        "board_w": (26.5, "estimate"),   # short edge
        "board_t": (1.6, "estimate"),    # PCB thickness
        # 1.3 in IPS panel: active area 23.4 x 23.4 mm (wiki "Display size").
        "screen_w": (23.4, "ws-wiki"),
        "screen_h": (23.4, "ws-wiki"),
        "screen_x": (26.0, "estimate"),  # active-area centre
        "screen_y": (13.25, "estimate"),
        "screen_top": (3.0, "estimate"),  # glass top above the PCB top
        # 5-way joystick (left of the screen) and the A/B/X/Y keys (right).
        "joy_x": (7.0, "estimate"),
        "joy_y": (13.25, "estimate"),
        "joy_hole_d": (9.0, "estimate"),  # room for the cap to tilt
        "joy_top": (5.0, "estimate"),     # cap top above the PCB top
        "key_A_x": (48.0, "estimate"), "key_A_y": (7.0, "estimate"),
        "key_B_x": (42.0, "estimate"), "key_B_y": (7.0, "estimate"),
        "key_X_x": (48.0, "estimate"), "key_X_y": (19.5, "estimate"),
        "key_Y_x": (42.0, "estimate"), "key_Y_y": (19.5, "estimate"),
        "key_top": (1.5, "estimate"),     # actuator top above the PCB top
        # Raspberry Pi Pico under the board (plugged into its headers),
        # its component side (and micro-USB) facing the floor.
        "pico_l": (51.0, "pico-ds"),      # 51 x 21 mm, 1 mm PCB
        "pico_w": (21.0, "pico-ds"),
        "pico_t": (1.0, "pico-ds"),
        "pico_hole_d": (2.1, "pico-ds"),  # 4 drilled mounting holes
        "pico_hole_dx": (47.0, "pico-fig"),  # hole spacing along
        "pico_hole_dy": (11.4, "pico-fig"),  # hole spacing across
        "pico_x": (26.0, "estimate"),     # Pico centre under the board
        "pico_y": (13.25, "estimate"),
        "pico_usb_end": ("left", "estimate"),  # which short end holds the
                                               # micro-USB (left = joystick)
        "usb_overhang": (1.3, "estimate"),  # connector past the Pico edge
                                            # (datasheet: "overhanging")
        "usb_w": (7.5, "estimate"),       # micro-B receptacle
        "usb_h": (3.0, "estimate"),
        "usb_d": (5.0, "estimate"),       # depth from its face back
        "plug_w": (11.0, "estimate"),     # micro-USB plug overmould
        "plug_h": (7.5, "estimate"),
        "pico_parts_below": (3.5, "estimate"),  # tallest part on the Pico's
                                                # component side
        "header_gap": (11.0, "estimate"),  # Pico PCB to LCD PCB, headers
    },
}

# Top-level parameters a maker edits in the .scad file (defaults here).
PARAMS = {
    "wall": 2.0,          # shell wall and floor thickness
    "clearance": 0.3,     # gap around the boards on every side
    "lid_t": 1.6,         # thickness of the top plate
    "lid_gap": 0.4,       # air between the screen glass and the top plate
    "window_margin": 0.5,  # screen window larger than the active area
    "key_hole_d": 4.0,    # holes for the printed key caps
    "post_d": 5.0,        # screw posts joining top and bottom
    "screw_d": 1.7,       # pilot hole in the posts (M2 self-tapping)
    "screw_clear_d": 2.4,  # clearance hole in the top for the M2 screw
    "standoff_d": 3.5,    # Pico standoffs (must clear the USB connector)
    "cable_hole_d": 5.0,  # NeoPixel cable (3 wires) through the far end
    "lipo": True,         # LiPo bay under the Pico
    "lipo_l": 40.0, "lipo_w": 20.0, "lipo_h": 5.0,  # e.g. a 402040 cell
}

# Both files list the parameters in this order.
_PARAM_ORDER = ("wall", "clearance", "lid_t", "lid_gap", "window_margin",
                "key_hole_d", "post_d", "screw_d", "screw_clear_d",
                "standoff_d", "cable_hole_d", "lipo", "lipo_l", "lipo_w",
                "lipo_h")

KEYS = ("A", "B", "X", "Y")


def profiles():
    """Profile names that have a case."""
    return sorted(PARTS)


def value(name, key):
    return PARTS[name][key][0]


def source(name, key):
    return PARTS[name][key][1]


def layout(name, **overrides):
    """The case of profile ``name`` in the case frame (see module doc), with
    the formulas of the generated .scad file. ``overrides`` change PARAMS."""
    prm = dict(PARAMS)
    for k in overrides:
        if k not in prm:
            raise KeyError(k)
        prm[k] = overrides[k]
    v = dict((k, PARTS[name][k][0]) for k in PARTS[name])
    wall, clr, post = prm["wall"], prm["clearance"], prm["post_d"]
    # Cavity: the board, the clearance, one post zone at each end.
    zone = post + clr
    in_l = v["board_l"] + 2 * clr + 2 * zone
    in_w = max(v["board_w"], prm["lipo_w"] if prm["lipo"] else 0) + 2 * clr
    out_l, out_w = in_l + 2 * wall, in_w + 2 * wall
    bx = wall + zone + clr                   # board origin in the case frame
    by = wall + (in_w - v["board_w"]) / 2
    # Heights from the floor top: LiPo, Pico (component side down), board.
    lipo_stack = prm["lipo_h"] + 1 if prm["lipo"] else 0
    standoff_h = max(lipo_stack + v["pico_parts_below"],
                     v["plug_h"] / 2 + v["usb_h"] / 2 + 0.5)
    z_pico = standoff_h                      # Pico component-side face
    z_board = z_pico + v["pico_t"] + v["header_gap"]  # LCD PCB bottom
    z_rim = z_board + v["board_t"]           # bottom shell ends here
    z_lid = z_rim + max(v["screen_top"], v["key_top"]) + prm["lid_gap"]
    shell_h = z_rim + wall                   # outside, floor included
    lid_h = z_lid - z_rim + prm["lid_t"]
    # Micro-USB: the connector's centre, the opening sized to the plug.
    px0 = bx + v["pico_x"] - v["pico_l"] / 2
    px1 = bx + v["pico_x"] + v["pico_l"] / 2
    left = v["pico_usb_end"] == "left"
    # outer face of the connector; it reaches usb_d back over the Pico
    usb_x = px0 - v["usb_overhang"] if left else px1 + v["usb_overhang"]
    usb_y = by + v["pico_y"]
    usb_z = z_pico - v["usb_h"] / 2
    usb_open = {"wall": "x-" if left else "x+", "y": usb_y, "z": usb_z,
                "w": v["plug_w"] + 2 * clr, "h": v["plug_h"] + 2 * clr,
                "connector_x": usb_x,
                "connector": (usb_x if left else usb_x - v["usb_d"],
                              usb_x + v["usb_d"] if left else usb_x,
                              usb_y - v["usb_w"] / 2, usb_y + v["usb_w"] / 2,
                              z_pico - v["usb_h"], z_pico)}
    cable = {"wall": "x+" if left else "x-", "y": out_w / 2,
             "z": (z_pico + z_board) / 2, "d": prm["cable_hole_d"]}
    m = prm["window_margin"]
    window = {"x": bx + v["screen_x"], "y": by + v["screen_y"],
              "w": v["screen_w"] + 2 * m, "h": v["screen_h"] + 2 * m}
    holes = {"PAD": (bx + v["joy_x"], by + v["joy_y"], v["joy_hole_d"])}
    for k in KEYS:
        holes[k] = (bx + v["key_%s_x" % k], by + v["key_%s_y" % k],
                    prm["key_hole_d"])
    r = post / 2 - 0.5                       # posts 0.5 mm into the walls
    posts = [(wall + r, wall + r), (wall + r, out_w - wall - r),
             (out_l - wall - r, wall + r), (out_l - wall - r, out_w - wall - r)]
    hx, hy = v["pico_hole_dx"] / 2, v["pico_hole_dy"] / 2
    cx, cy = bx + v["pico_x"], by + v["pico_y"]
    standoffs = [(cx + sx * hx, cy + sy * hy) for sx in (-1, 1)
                 for sy in (-1, 1)]
    return {"params": prm, "outer": (out_l, out_w), "inner": (in_l, in_w),
            "wall": wall, "board_origin": (bx, by), "pico_x": (px0, px1),
            "z_pico": z_pico, "z_board": z_board, "z_rim": z_rim,
            "z_lid": z_lid, "shell_h": shell_h, "lid_h": lid_h,
            "standoff_h": standoff_h, "usb": usb_open, "cable": cable,
            "window": window, "holes": holes, "posts": posts,
            "standoffs": standoffs}


def _num(x):
    """Fixed, short number text (deterministic output)."""
    if isinstance(x, bool):
        return "true" if x else "false"
    text = "%.3f" % x
    text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _scad_value(x):
    return '"%s"' % x if isinstance(x, str) else _num(x)


_PARAM_NOTES = {
    "wall": "shell wall and floor thickness",
    "clearance": "gap around the boards on every side",
    "lid_t": "top plate thickness",
    "lid_gap": "air between the screen glass and the top plate",
    "window_margin": "screen window this much larger than the active area",
    "key_hole_d": "key holes (the printed caps are 0.5 mm thinner)",
    "post_d": "screw posts joining top and bottom (4, one per corner)",
    "screw_d": "pilot hole in the posts, M2 self-tapping",
    "screw_clear_d": "M2 clearance hole through the top",
    "standoff_d": "Pico standoffs, M2 screws through the Pico's holes; "
                  "the two by the USB end sit beside the connector",
    "cable_hole_d": "NeoPixel cable hole in the far end wall",
    "lipo": "true: LiPo bay under the Pico (raises the stack)",
    "lipo_l": "LiPo bay length", "lipo_w": "LiPo bay width",
    "lipo_h": "LiPo bay height",
}

_BODY = """
// ---- derived (edit the parameters above, not these) ----------------------
zone = post_d + clearance;
in_l = board_l + 2 * clearance + 2 * zone;
in_w = max(board_w, lipo ? lipo_w : 0) + 2 * clearance;
out_l = in_l + 2 * wall;
out_w = in_w + 2 * wall;
bx = wall + zone + clearance;            // board origin in the case frame
by = wall + (in_w - board_w) / 2;
lipo_stack = lipo ? lipo_h + 1 : 0;
standoff_h = max(lipo_stack + pico_parts_below, plug_h / 2 + usb_h / 2 + 0.5);
z_pico = standoff_h;                     // Pico component-side face
z_board = z_pico + pico_t + header_gap;  // LCD PCB bottom
z_rim = z_board + board_t;               // top of the bottom shell
z_lid = z_rim + max(screen_top, key_top) + lid_gap;  // top plate underside
lid_h = z_lid - z_rim + lid_t;           // height of the top part
usb_left = pico_usb_end == "left";
usb_y = by + pico_y;
usb_z = z_pico - usb_h / 2;
cable_z = (z_pico + z_board) / 2;
r_corner = wall;
$fn = 48;

module rounded_box(l, w, h, r) {
    hull() for (x = [r, l - r], y = [r, w - r])
        translate([x, y, 0]) cylinder(r = r, h = h);
}

module post_xy() {
    // centres 0.5 mm into the walls so each post fuses with them
    for (x = [wall + post_d / 2 - 0.5, out_l - wall - post_d / 2 + 0.5],
         y = [wall + post_d / 2 - 0.5, out_w - wall - post_d / 2 + 0.5])
        translate([x, y, 0]) children();
}

module bottom() {
    difference() {
        union() {
            difference() {
                rounded_box(out_l, out_w, z_rim + wall, r_corner);
                translate([wall, wall, wall]) cube([in_l, in_w, z_rim + 1]);
            }
            // screw posts for the top, full shell height
            post_xy() cylinder(d = post_d, h = z_rim + wall);
            // Pico standoffs under its four mounting holes
            for (sx = [-1, 1], sy = [-1, 1])
                translate([bx + pico_x + sx * pico_hole_dx / 2,
                           by + pico_y + sy * pico_hole_dy / 2, 0])
                    cylinder(d = standoff_d, h = wall + standoff_h);
            // LiPo bay: a low fence between the standoffs
            if (lipo)
                translate([bx + pico_x - lipo_l / 2 - 1.2,
                           by + pico_y - lipo_w / 2 - 1.2, 0])
                    difference() {
                        cube([lipo_l + 2.4, lipo_w + 2.4, wall + 2]);
                        translate([1.2, 1.2, wall])
                            cube([lipo_l, lipo_w, 3]);
                    }
        }
        post_xy() translate([0, 0, wall]) cylinder(d = screw_d, h = z_rim + 1);
        for (sx = [-1, 1], sy = [-1, 1])
            translate([bx + pico_x + sx * pico_hole_dx / 2,
                       by + pico_y + sy * pico_hole_dy / 2, wall])
                cylinder(d = screw_d, h = standoff_h + 1);
        // micro-USB: plug-sized opening in the end wall the USB faces
        translate([usb_left ? -1 : out_l - wall - 1,
                   usb_y - (plug_w + 2 * clearance) / 2,
                   wall + usb_z - (plug_h + 2 * clearance) / 2])
            cube([wall + 2, plug_w + 2 * clearance, plug_h + 2 * clearance]);
        // NeoPixel cable through the opposite end wall
        translate([usb_left ? out_l - wall - 1 : -1, out_w / 2, wall + cable_z])
            rotate([0, 90, 0]) cylinder(d = cable_hole_d, h = wall + 2);
    }
}

module top() {
    difference() {
        union() {
            difference() {
                rounded_box(out_l, out_w, lid_h, r_corner);
                translate([wall, wall, -1]) cube([in_l, in_w, lid_h - lid_t + 1]);
            }
            post_xy() cylinder(d = post_d, h = lid_h);
        }
        // screen window
        translate([bx + screen_x - screen_w / 2 - window_margin,
                   by + screen_y - screen_h / 2 - window_margin, -1])
            cube([screen_w + 2 * window_margin,
                  screen_h + 2 * window_margin, lid_h + 2]);
        // joystick and keys
        translate([bx + joy_x, by + joy_y, -1])
            cylinder(d = joy_hole_d, h = lid_h + 2);
        for (k = keys)
            translate([bx + k[0], by + k[1], -1])
                cylinder(d = key_hole_d, h = lid_h + 2);
        post_xy() translate([0, 0, -1]) cylinder(d = screw_clear_d, h = lid_h + 2);
    }
}

// A cap per key: a stem through the top plate on a flange that keeps it in.
module cap() {
    stem_h = z_lid - z_rim - key_top + lid_t + 1.2;
    cylinder(d = key_hole_d + 2.4, h = 0.8);
    cylinder(d = key_hole_d - 0.5, h = stem_h);
}

module caps() {
    for (i = [0 : len(keys) - 1])
        translate([i * (key_hole_d + 4), 0, 0]) cap();
}

// Print layout: bottom as it sits, the top turned over (plate on the bed)
// beside it, the caps in front.
if (part == "bottom" || part == "all") bottom();
if (part == "top" || part == "all")
    translate([0, part == "all" ? 2 * out_w + 10 : out_w, lid_h])
        rotate([180, 0, 0]) top();
if (part == "caps" || part == "all")
    translate([key_hole_d, -key_hole_d - 6, 0]) caps();
if (part == "assembled") {
    color("SteelBlue") bottom();
    color("LightSteelBlue", 0.6) translate([0, 0, wall + z_rim]) top();
}
"""


def scad(name):
    """The OpenSCAD source of profile ``name``'s case."""
    lines = [
        "// MINIGAM case for the %s profile." % name,
        "// Generated by `python -m minigam.host hwdocs` from",
        "// minigam/host/hardware/enclosure.py; edit the parameters below freely, but",
        "// fix hardware dimensions in enclosure.py's PARTS table.",
        "//",
        "// Two parts: part = \"bottom\" (shell: Pico on standoffs, optional",
        "// LiPo bay, micro-USB opening, NeoPixel cable hole) and part = \"top\"",
        "// (screen window, joystick and key holes), screwed together with",
        "// four M2 self-tapping screws; \"caps\" prints the four key caps,",
        "// \"assembled\" shows the closed case, \"all\" lays everything out.",
        "//",
        "// Sources of the hardware dimensions:",
    ]
    for key in sorted(SOURCES):
        lines.append("//   [%s] %s" % (key, SOURCES[key]))
    lines += ["// Every [estimate] must be checked with calipers before "
              "printing.", "", "part = \"all\";  // bottom | top | caps | "
              "assembled | all", "", "// ---- parameters (edit these) "
              "-------------------------------------------"]
    for k in _PARAM_ORDER:
        lines.append("%s = %s;  // %s" % (k, _scad_value(PARAMS[k]),
                                         _PARAM_NOTES[k]))
    lines += ["", "// ---- hardware data (from enclosure.py PARTS, board "
              "frame, mm) --------------"]
    for k, (val, src) in PARTS[name].items():
        lines.append("%s = %s;  // [%s]" % (k, _scad_value(val), src))
    lines.append("keys = [%s];  // A, B, X, Y centres" % ", ".join(
        "[key_%s_x, key_%s_y]" % (k, k) for k in KEYS))
    return "\n".join(lines) + "\n" + _BODY


def files():
    """{path relative to the repo: text} of every case file."""
    return dict(("hardware/enclosure/%s.scad" % n, scad(n))
                for n in profiles())


def readme_section():
    """The "Enclosure" section of hardware/README.md."""
    # Lid screws: through the top, about 5 mm into the bottom post.
    screws = ", ".join("`%s`: M2 x %d" % (n, 2 * int((layout(n)["lid_h"]
                                                      + 5.99) / 2))
                       for n in profiles())
    out = ["## Enclosure", "",
           "A parametric two-part OpenSCAD case, generated from the data "
           "table in `minigam/host/hardware/enclosure.py`: " + ", ".join(
               "[`%s`](enclosure/%s.scad)" % (n, n) for n in profiles())
           + ". Other profiles have no case yet (the PyBadge and PyGamer "
           "have their own).", "",
           "- **Open and export:** open the .scad file in OpenSCAD (2021.01 "
           "or newer), set `part` to `bottom`, `top` or `caps`, render "
           "(F6) and export STL (F7). `assembled` previews the closed case.",
           "- **Edit:** `wall`, `clearance`, `lid_t`, the screw posts "
           "(`post_d`, `screw_d`, `screw_clear_d`), the key hole size and "
           "the LiPo bay (`lipo = false` removes it and lowers the case) "
           "are parameters at the top of the file.",
           "- **Print:** PLA or PETG, 0.2 mm layers, 3 walls, 20 % infill, "
           "no supports: the bottom prints as it sits, the top upside down "
           "(screen side on the bed), the caps flange down. Four M2 self-tapping "
           "screws close it (" + screws + "); four M2 x 6 "
           "screws hold the Pico on its standoffs.",
           "- **Assemble:** screw the Pico to the standoffs (component "
           "side down, USB towards the opening), then plug the "
           "Pico-LCD-1.3 onto it, drop the caps into the top's key holes "
           "and screw the top on.",
           "- **Cables:** the micro-USB opening is in the end wall the "
           "Pico's USB faces, sized for the plug's overmould; the NeoPixel "
           "ring or strip connects through the hole in the opposite end "
           "wall.", "",
           "**Measure first.** Only these dimensions come from a published "
           "page; every other entry of the table (marked `[estimate]` in "
           "the .scad file) is an estimate:", ""]
    for n in profiles():
        for src in sorted(SOURCES):
            if src == "estimate":
                continue
            keys = [k for k in PARTS[n] if PARTS[n][k][1] == src]
            if keys:
                out.append("- `%s`: %s from %s." % (n, ", ".join(
                    "`%s` = %s mm" % (k, _num(value(n, k))) for k in keys),
                    SOURCES[src]))
    out += ["", "Before printing, check with calipers (or print just the "
            "top at 20 % infill as a test fit): the board outline "
            "(`board_l`, `board_w`), where the screen's active area, the "
            "joystick and the four keys sit on it, which end the Pico's "
            "USB is at (`pico_usb_end`), the header gap between the two "
            "PCBs and the height of the screen and key tops. Fix them in "
            "`PARTS` and run `python -m minigam.host hwdocs`.", ""]
    return out
