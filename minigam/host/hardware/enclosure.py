"""Parametric OpenSCAD cases for the hardware profiles (host only).

``scad(name)`` writes ``hardware/enclosure/<name>.scad`` (through ``hwdocs``)
from one data table, ``PARTS``, which holds every dimension taken from a
part, each with where it comes from. ``layout(name)`` works out the case
from the same table with the same formulas the generated OpenSCAD file
uses (a test renders the file with OpenSCAD, when installed, and compares
the numbers it echoes), and ``problems(layout)`` checks the result without
OpenSCAD: every part inside the cavity, no two parts in the same place,
every opening over what it is for.

Frames. *Board frame*: the Pico-LCD-1.3 seen from the screen side, x along
its long edge from its left end (joystick side), y across from its bottom
edge (the Y key's side), millimetres. *Charger frame*: Adafruit's board
file of the 4410 charger, x from its USB edge, y across. *Case frame*:
x, y as the board frame, origin at the outside corner of the bottom shell,
z up from the top face of the shell's floor.

The case holds, from left to right: the Pico-LCD-1.3 with the Pico plugged
into its back (screwed to four standoffs, micro-USB through the left end
wall) and the LiPo cell in a bay on the floor under the Pico; then the
NeoPixel ring in a collar under the top plate, behind one window per
pixel and a printed diffuser, with the charger board on standoffs on the
floor beneath it and the power switch in the far long wall.
"""

import math

# Where a number comes from. Every entry of PARTS names one of these; all
# but "estimate" are published by the part's maker.
SOURCES = {
    "pico-ds": "Raspberry Pi Pico datasheet, chapter 2 'Mechanical "
               "Specification' "
               "(https://datasheets.raspberrypi.com/pico/pico-datasheet.pdf)",
    "pico-fig": "Raspberry Pi Pico datasheet, the board's dimension "
                "drawing: mounting holes 2.0 mm from the short edges and "
                "4.8 mm from the long ones, so 47 x 11.4 mm apart",
    "ws-wiki": "Waveshare wiki, Pico-LCD-1.3, 'Specifications', display "
               "size 23.4 x 23.4 mm "
               "(https://www.waveshare.com/wiki/Pico-LCD-1.3)",
    "ws-demo": "Waveshare's own Pico-LCD-1.3 demo (github.com/waveshare/"
               "Pico_code, Python/Pico-LCD-1.3/Pico-LCD-1.3.py), which "
               "draws each key's marker beside the key: A, B, X, Y in one "
               "column right of the screen, A at the top, the joystick "
               "left",
    "ada-4410": "Adafruit's board file of the 4410 Micro-Lipo (USB type C) "
                "charger (github.com/adafruit/Adafruit-MicroLipo-PCB, "
                "'Adafruit USB C microlipo charger.brd'): outline, the four "
                "2.5 mm holes 2.54 mm in from the edges, the USB "
                "footprint (8.94 mm wide, its face 1.143 mm past the board "
                "edge) centred on one short edge",
    "ada-1643": "Adafruit product 1643, NeoPixel Ring 12 x 5050: 'a circle "
                "with 1.5\" (37mm) outer diameter'",
    "profile": "MINIGAM's own pico-st7789 profile "
               "(minigam/hw/profiles/pico_st7789.py), which drives 12 "
               "pixels on GP22",
    "estimate": "estimate, not from a maker's drawing: measure before "
                "printing (the README says how)",
}

# ---------------------------------------------------------------------------
# THE DATA TABLE: every hardware-derived dimension of a case, in mm, as
# (value, source). Positions are centres in the board frame (module
# docstring) unless said otherwise. MEASURE says how to measure each
# estimate.
# ---------------------------------------------------------------------------
PARTS = {
    "pico-st7789": {
        # Waveshare Pico-LCD-1.3 (Waveshare 19650). Its dimension drawing is
        # an image we could not read, so the board's own numbers are
        # estimates; a third party's caliper-and-scan record of one board
        # agrees with them to about 0.5 mm.
        "board_l": (52.7, "estimate"),
        "board_w": (26.5, "estimate"),
        "board_t": (2.0, "estimate"),
        "screen_w": (23.4, "ws-wiki"),    # active area
        "screen_h": (23.4, "ws-wiki"),
        "screen_x": (26.6, "estimate"),   # active-area centre
        "screen_y": (13.2, "estimate"),
        "screen_top": (2.1, "estimate"),  # glass top above the PCB top
        "joy_x": (6.5, "estimate"),       # 5-way joystick, stem centre
        "joy_y": (13.2, "estimate"),
        "joy_top": (5.0, "estimate"),     # stem tip above the PCB top
        "joy_stem": (1.9, "estimate"),    # stem tip, square, across flats
        "key_order": ("ABXY", "ws-demo"),  # one column, top to bottom
        "key_x": (48.6, "estimate"),      # the column's plunger centres
        "key_A_y": (21.9, "estimate"),
        "key_B_y": (16.2, "estimate"),
        "key_X_y": (10.6, "estimate"),
        "key_Y_y": (4.9, "estimate"),
        "key_top": (2.6, "estimate"),     # plunger top above the PCB top
        # Raspberry Pi Pico under the board (plugged into its headers),
        # its component side (and micro-USB) facing the floor.
        "pico_l": (51.0, "pico-ds"),
        "pico_w": (21.0, "pico-ds"),
        "pico_t": (1.0, "pico-ds"),
        "pico_hole_d": (2.1, "pico-ds"),
        "pico_hole_dx": (47.0, "pico-fig"),
        "pico_hole_dy": (11.4, "pico-fig"),
        "pico_x": (26.35, "estimate"),    # Pico centre under the board
        "pico_y": (13.25, "estimate"),
        # The keys sit on GP15-GP21, at the Pico's far end from its USB
        # socket, so the USB is most likely at the joystick end: check.
        "pico_usb_end": ("left", "estimate"),
        "usb_overhang": (1.3, "estimate"),  # micro-B face past the Pico edge
        "usb_w": (7.5, "estimate"),
        "usb_h": (2.9, "estimate"),
        "usb_d": (5.0, "estimate"),       # from its face back over the Pico
        "plug_w": (11.0, "estimate"),     # micro-USB plug overmould
        "plug_h": (7.5, "estimate"),
        "pico_parts_below": (3.5, "estimate"),  # tallest part, component side
        "header_gap": (11.0, "estimate"),  # Pico PCB top to LCD PCB bottom
        # Adafruit 4410 Micro-Lipo (USB type C) charger, from its board file.
        "chg_l": (22.86, "ada-4410"),     # along x, USB edge to JST edge
        "chg_w": (19.05, "ada-4410"),
        "chg_hole_d": (2.5, "ada-4410"),
        "chg_hole_in": (2.54, "ada-4410"),  # hole centres from the edges
        "chg_usb_w": (8.94, "ada-4410"),
        "chg_usb_overhang": (1.143, "ada-4410"),
        "chg_t": (1.6, "estimate"),
        "chg_usb_h": (3.2, "estimate"),   # USB socket above the PCB
        "chg_parts_h": (6.0, "estimate"),  # tallest part (the JST socket)
        "usbc_plug_w": (12.5, "estimate"),  # type C plug overmould
        "usbc_plug_h": (7.0, "estimate"),
        # Adafruit 805 breadboard-friendly SPDT slide switch.
        "sw_body_l": (11.7, "estimate"),  # along its slide
        "sw_body_w": (4.0, "estimate"),   # thickness across the slide
        "sw_body_h": (5.5, "estimate"),   # lever face to pin face
        "sw_lever_w": (2.0, "estimate"),  # along the slide
        "sw_lever_t": (2.0, "estimate"),  # across the slide
        "sw_lever_h": (3.0, "estimate"),  # standing off the body
        "sw_travel": (3.0, "estimate"),
        # Adafruit 1643 NeoPixel Ring 12.
        "ring_od": (37.0, "ada-1643"),
        "ring_n": (12, "profile"),
        "ring_id": (23.0, "estimate"),
        "ring_t": (1.6, "estimate"),      # PCB
        "ring_led_h": (1.6, "estimate"),  # 5050 pixel above the PCB
        "ring_pix_d": (30.0, "estimate"),  # circle through the pixel centres
    },
}

# How to measure each estimate (calipers unless said otherwise).
MEASURE = {
    "board_l": "LCD board: across the PCB's two short edges",
    "board_w": "LCD board: across the PCB's two long edges",
    "board_t": "LCD board: PCB thickness at an edge, clear of parts",
    "screen_x": "show a white screen; from the PCB's joystick-end edge to "
                "both ends of the lit area, and average",
    "screen_y": "as screen_x, from the PCB's bottom edge (the Y key's side)",
    "screen_top": "depth gauge: PCB top face to the glass top",
    "joy_x": "from the PCB's joystick-end edge to the stem's centre",
    "joy_y": "from the PCB's bottom edge to the stem's centre",
    "joy_top": "depth gauge: PCB top face to the stem tip, stick centred",
    "joy_stem": "the stem tip across its flats (the cap's socket)",
    "key_x": "from the PCB's joystick-end edge to the key plungers' centres",
    "key_A_y": "from the PCB's bottom edge to the A plunger's centre",
    "key_B_y": "from the PCB's bottom edge to the B plunger's centre",
    "key_X_y": "from the PCB's bottom edge to the X plunger's centre",
    "key_Y_y": "from the PCB's bottom edge to the Y plunger's centre",
    "key_top": "depth gauge: PCB top face to a plunger's top, at rest",
    "pico_x": "Pico plugged in: from the LCD PCB's joystick-end edge to "
              "the Pico's USB-end edge, plus 25.5 (half the Pico)",
    "pico_y": "Pico plugged in: from the LCD PCB's bottom edge to the "
              "Pico's nearer long edge, plus 10.5",
    "pico_usb_end": "look: which end of the LCD board the Pico's USB socket "
                    "is at once plugged in (the case needs the joystick end)",
    "usb_overhang": "from the Pico's short edge to the micro-USB socket's "
                    "face",
    "usb_w": "the micro-USB socket's width",
    "usb_h": "the micro-USB socket's height above the Pico PCB",
    "usb_d": "the micro-USB socket's length from its face back",
    "plug_w": "your cable's plug: width of the moulded grip",
    "plug_h": "your cable's plug: height of the moulded grip",
    "pico_parts_below": "depth gauge: tallest part on the Pico's component "
                        "side (the side with the USB socket)",
    "header_gap": "Pico plugged in: from the Pico PCB's face to the LCD "
                  "PCB's back face, at the header strips",
    "chg_t": "charger: PCB thickness",
    "chg_usb_h": "charger: its USB socket top above the PCB top face",
    "chg_parts_h": "charger: tallest part above the PCB (the JST socket)",
    "usbc_plug_w": "your type C cable's plug grip, width (only with "
                   "charger_usb_open)",
    "usbc_plug_h": "your type C cable's plug grip, height (only with "
                   "charger_usb_open)",
    "sw_body_l": "switch: body length along the slide",
    "sw_body_w": "switch: body thickness across the slide",
    "sw_body_h": "switch: body from the lever's face to the pins' face",
    "sw_lever_w": "switch: lever width along the slide",
    "sw_lever_t": "switch: lever thickness across the slide",
    "sw_lever_h": "switch: how far the lever stands off the body",
    "sw_travel": "switch: the lever's travel, end to end",
    "ring_id": "ring: inner diameter",
    "ring_t": "ring: PCB thickness",
    "ring_led_h": "ring: pixel top above the PCB",
    "ring_pix_d": "ring: across the ring between two opposite pixels' "
                  "centres",
    "lipo_l": "your cell's length, leads' end excluded (set the parameter)",
    "lipo_w": "your cell's width (set the parameter)",
    "lipo_h": "your cell's thickness at its thickest (set the parameter)",
}

# Top-level parameters a maker edits in the .scad file (defaults here).
# lipo_l/w/h are the cell's size: the Adafruit 1578 500 mAh cell of the
# battery option, as Adafruit lists it (about 36 x 29 x 4.75 mm; we could
# not read that figure from the stored product page, so it is an estimate).
PARAMS = {
    "wall": 2.0,          # shell wall and floor thickness
    "clearance": 0.3,     # gap around every part
    "lid_t": 2.0,         # top plate thickness
    "lid_gap": 0.4,       # air between the tallest front part and the plate
    "window_margin": 0.5,  # screen window larger than the active area
    "key_hole_d": 3.6,    # holes for the printed key caps
    "key_proud": 1.2,     # key caps stand this far above the plate
    "key_flange_t": 0.8,  # key caps' flange under the plate
    "key_flange_l": 6.5,  # ... and its length across the key column
    "joy_hole_d": 9.0,    # joystick hole: room for its cap to tilt
    "joy_cap_d": 6.0,
    "joy_cap_proud": 1.5,
    "post_d": 5.0,        # screw posts joining top and bottom
    "screw_d": 1.7,       # pilot holes (M2 self-tapping)
    "screw_clear_d": 2.4,  # clearance hole in the top for the M2 screw
    "standoff_d": 3.5,    # Pico standoffs (must clear the USB connector)
    "lipo": True,         # LiPo bay under the Pico
    "lipo_l": 36.0, "lipo_w": 29.0, "lipo_h": 4.75,
    "lipo_gap": 0.5,      # air above the cell
    "fence_t": 1.2, "fence_h": 2.0,  # low fence around the cell
    "chg_standoff_d": 4.5, "chg_standoff_h": 3.0,
    "charger_usb_open": False,  # opening for the charger's own USB socket
    "ring_gap": 1.0,      # LCD board edge to the ring's collar
    "collar_t": 1.2,      # collar holding the ring under the plate
    "pixel_hole_d": 5.2,  # one window per pixel (takes a 5 mm light pipe)
    "diffuser_t": 0.8,    # printed diffuser ring in a rebate under them
    "sw_offset": 0.0,     # switch along the far wall, from the ring's centre
    "sw_base": 2.0,       # switch body above the floor
    "sw_recess": 1.0,     # outside pocket round the switch slot
}

# Both files list the parameters in this order.
_PARAM_ORDER = tuple(PARAMS)

# Parameters that are a part's size rather than a design choice: listed
# with the estimates in the README.
PARAM_ESTIMATES = ("lipo_l", "lipo_w", "lipo_h")

KEYS = ("A", "B", "X", "Y")
RIB = 1.2          # switch cradle ribs
BUMP = 0.5         # the collar's snap bumps reach this far in


def profiles():
    """Profile names that have a case."""
    return sorted(PARTS)


def value(name, key):
    return PARTS[name][key][0]


def source(name, key):
    return PARTS[name][key][1]


def estimates(name):
    """[(key, value, how to measure)] of every estimate of ``name``."""
    out = [(k, v, MEASURE[k]) for k, (v, s) in PARTS[name].items()
           if s == "estimate"]
    return out + [(k, PARAMS[k], MEASURE[k]) for k in PARAM_ESTIMATES]


def layout(name, **overrides):
    """The case of profile ``name`` in the case frame (module doc), with
    the formulas of the generated .scad file. ``overrides`` change PARAMS."""
    prm = dict(PARAMS)
    for k in overrides:
        if k not in prm:
            raise KeyError(k)
        prm[k] = overrides[k]
    v = dict((k, PARTS[name][k][0]) for k in PARTS[name])
    if v["pico_usb_end"] != "left":
        raise ValueError("pico_usb_end must be 'left': the case puts the "
                         "Pico's USB opening at the joystick end and the "
                         "ring at the other")
    wall, clr, post = prm["wall"], prm["clearance"], prm["post_d"]
    # Plan.
    side = post - 0.5 + clr                  # a corner post beside a board
    collar_r = v["ring_od"] / 2 + clr + prm["collar_t"]
    in_w = max(v["board_w"] + 2 * side, 2 * collar_r + 2 * clr,
               prm["lipo_w"] + 2 * (clr + prm["fence_t"])
               if prm["lipo"] else 0)
    out_w = in_w + 2 * wall
    cy = wall + in_w / 2
    usb_out = max(0, v["usb_overhang"] - (v["pico_x"] - v["pico_l"] / 2))
    bx = wall + clr + usb_out                # board origin in the case frame
    by = cy - v["board_w"] / 2
    pcx, pcy = bx + v["pico_x"], by + v["pico_y"]
    ring_cx = bx + v["board_l"] + prm["ring_gap"] + collar_r
    post_off = post / 2 - 0.5                # post centre from inner faces
    reach = collar_r + post / 2 + clr
    post_dy = in_w / 2 - post_off
    in_r = max(ring_cx + collar_r + clr,
               ring_cx + math.sqrt(max(0, reach * reach - post_dy * post_dy))
               + post_off)                   # inner face of the far end
    out_l = in_r + wall
    in_l = in_r - wall
    # Heights from the floor's top face.
    bay_h = prm["lipo_h"] + prm["lipo_gap"] if prm["lipo"] else 0
    z_pico = max(bay_h + v["pico_parts_below"],
                 v["usb_h"] / 2 + v["plug_h"] / 2 + clr)  # Pico's underside
    z_board = z_pico + v["pico_t"] + v["header_gap"]       # LCD PCB bottom
    z_rim = z_board + v["board_t"]           # LCD PCB top: the parting line
    z_lid = z_rim + max(v["screen_top"], v["key_top"] + prm["key_flange_t"]) \
        + prm["lid_gap"]                     # top plate's underside
    lid_h = z_lid - z_rim + prm["lid_t"]
    # Micro-USB: the connector, the opening sized to the plug.
    px0, px1 = pcx - v["pico_l"] / 2, pcx + v["pico_l"] / 2
    face = px0 - v["usb_overhang"]
    usb = {"wall": "x-", "y": pcy, "z": z_pico - v["usb_h"] / 2,
           "w": v["plug_w"] + 2 * clr, "h": v["plug_h"] + 2 * clr,
           "connector_x": face,
           "connector": (face, face + v["usb_d"], pcy - v["usb_w"] / 2,
                         pcy + v["usb_w"] / 2, z_pico - v["usb_h"], z_pico)}
    # Screen window, joystick and key holes in the top plate.
    m = prm["window_margin"]
    window = {"x": bx + v["screen_x"], "y": by + v["screen_y"],
              "w": v["screen_w"] + 2 * m, "h": v["screen_h"] + 2 * m}
    holes = {"PAD": (bx + v["joy_x"], by + v["joy_y"], prm["joy_hole_d"])}
    for k in KEYS:
        holes[k] = (bx + v["key_x"], by + v["key_%s_y" % k],
                    prm["key_hole_d"])
    ys = sorted(v["key_%s_y" % k] for k in KEYS)
    pitch = min(b - a for a, b in zip(ys, ys[1:]))
    flange_w = min(prm["key_flange_l"], pitch - clr)
    cap_stem = z_lid + prm["lid_t"] + prm["key_proud"] - (z_rim + v["key_top"])
    caps = {"stem_d": prm["key_hole_d"] - 0.5, "stem_h": cap_stem,
            "flange_l": prm["key_flange_l"], "flange_w": flange_w,
            "flange_t": prm["key_flange_t"]}
    joy_socket = 1.7
    joy_cap = {"d": prm["joy_cap_d"], "socket": v["joy_stem"] + 0.15,
               "socket_h": joy_socket,
               "z0": z_rim + v["joy_top"] - joy_socket,
               "z1": z_lid + prm["lid_t"] + prm["joy_cap_proud"]}
    # Posts in the four inner corners, Pico standoffs under its holes.
    posts = [(wall + post_off, wall + post_off),
             (wall + post_off, out_w - wall - post_off),
             (in_r - post_off, wall + post_off),
             (in_r - post_off, out_w - wall - post_off)]
    hx, hy = v["pico_hole_dx"] / 2, v["pico_hole_dy"] / 2
    standoffs = [(pcx + sx * hx, pcy + sy * hy) for sx in (-1, 1)
                 for sy in (-1, 1)]
    # The cell in its bay under the Pico.
    battery = None
    if prm["lipo"]:
        battery = {"x": pcx, "y": cy, "l": prm["lipo_l"], "w": prm["lipo_w"],
                   "h": prm["lipo_h"], "bay_h": bay_h}
    # The ring under the top plate, in its collar, one window per pixel.
    ring_z1 = z_lid - v["ring_led_h"]        # ring PCB top (pixels face up)
    collar_h = v["ring_led_h"] + v["ring_t"] + 0.6
    ring = {"x": ring_cx, "y": cy, "od": v["ring_od"], "id": v["ring_id"],
            "z0": ring_z1 - v["ring_t"], "z1": ring_z1, "top": z_lid,
            "collar_r": collar_r, "collar_h": collar_h,
            "collar_z0": z_lid - collar_h}
    r = v["ring_pix_d"] / 2
    pixels = [(ring_cx + r * math.cos(2 * math.pi * i / v["ring_n"]),
               cy + r * math.sin(2 * math.pi * i / v["ring_n"]))
              for i in range(v["ring_n"])]
    diffuser = (r - prm["pixel_hole_d"] / 2 - 1,
                r + prm["pixel_hole_d"] / 2 + 1)  # rebate radii
    # The charger on standoffs under the ring, its USB socket at the far wall.
    cx1 = in_r - clr - v["chg_usb_overhang"]  # its USB edge
    cx0 = cx1 - v["chg_l"]
    cy0 = cy - v["chg_w"] / 2
    hin = v["chg_hole_in"]
    cz = prm["chg_standoff_h"]
    charger = {"x0": cx0, "x1": cx1, "y0": cy0, "y1": cy0 + v["chg_w"],
               "z0": cz, "z1": cz + v["chg_t"],
               "top": cz + v["chg_t"] + v["chg_parts_h"],
               "holes": [(x, y) for x in (cx0 + hin, cx1 - hin)
                         for y in (cy0 + hin, cy0 + v["chg_w"] - hin)],
               "usb": (cx1 + v["chg_usb_overhang"], cy,
                       cz + v["chg_t"] + v["chg_usb_h"] / 2),
               "usb_open": {"w": v["usbc_plug_w"] + 2 * clr,
                            "h": v["usbc_plug_h"] + 2 * clr}
               if prm["charger_usb_open"] else None}
    # The switch against the far long wall, its lever through a slot.
    y_in = out_w - wall
    sw_cx = ring_cx + prm["sw_offset"]
    sw_y0 = y_in - clr - v["sw_body_h"]
    sw_z0 = prm["sw_base"]
    sw_zc = sw_z0 + v["sw_body_w"] / 2
    # the pocket round the slot: deep enough that the lever stands 1.5 mm
    # out of it
    pocket = max(prm["sw_recess"], wall + clr + 1.5 - v["sw_lever_h"])
    switch = {"x": sw_cx, "body": (sw_cx - v["sw_body_l"] / 2,
                                   sw_cx + v["sw_body_l"] / 2, sw_y0,
                                   y_in - clr, sw_z0, sw_z0 + v["sw_body_w"]),
              "lever_tip": y_in - clr + v["sw_lever_h"],
              "lever": (v["sw_lever_w"], v["sw_lever_t"]),
              "travel": v["sw_travel"], "z": sw_zc, "pocket": pocket,
              "slot": (v["sw_travel"] + v["sw_lever_w"] + 2 * clr,
                       v["sw_lever_t"] + 2 * clr),
              "cradle": (sw_cx - v["sw_body_l"] / 2 - clr - RIB,
                         sw_cx + v["sw_body_l"] / 2 + clr + RIB,
                         sw_y0 - clr - RIB, y_in)}
    return {"params": prm, "outer": (out_l, out_w), "inner": (in_l, in_w),
            "wall": wall, "board_origin": (bx, by), "pico_x": (px0, px1),
            "pico_c": (pcx, pcy), "z_pico": z_pico, "z_board": z_board,
            "z_rim": z_rim, "z_lid": z_lid, "shell_h": z_rim + wall,
            "lid_h": lid_h, "height": wall + z_lid + prm["lid_t"],
            "standoff_h": z_pico, "usb": usb, "window": window,
            "holes": holes, "caps": caps, "joy_cap": joy_cap,
            "posts": posts, "standoffs": standoffs, "battery": battery,
            "ring": ring, "pixels": pixels, "diffuser": diffuser,
            "charger": charger, "switch": switch, "key_pitch": pitch}


# ---------------------------------------------------------------------------
# Geometry check without OpenSCAD: the parts as boxes and upright cylinders.
# ---------------------------------------------------------------------------
EPS = 1e-6


def _box(x0, x1, y0, y1, z0, z1):
    return ("box", (x0, x1, y0, y1, z0, z1))


def _cyl(x, y, r, z0, z1):
    return ("cyl", (x, y, r, z0, z1))


def _zspan(s):
    return (s[1][4], s[1][5]) if s[0] == "box" else (s[1][3], s[1][4])


def _overlap(a, b):
    """True if two solids share volume (touching does not count)."""
    az, bz = _zspan(a), _zspan(b)
    if min(az[1], bz[1]) - max(az[0], bz[0]) <= EPS:
        return False
    if a[0] == "cyl" and b[0] == "box":
        a, b = b, a
    if a[0] == "box" and b[0] == "box":
        p, q = a[1], b[1]
        return (min(p[1], q[1]) - max(p[0], q[0]) > EPS
                and min(p[3], q[3]) - max(p[2], q[2]) > EPS)
    if a[0] == "box":
        x0, x1, y0, y1 = a[1][:4]
        cx, cy, r = b[1][:3]
        dx = max(x0 - cx, 0, cx - x1)
        dy = max(y0 - cy, 0, cy - y1)
        return math.hypot(dx, dy) < r - EPS
    return math.hypot(a[1][0] - b[1][0], a[1][1] - b[1][1]) < \
        a[1][2] + b[1][2] - EPS


def _inside_xy(s, x0, x1, y0, y1):
    if s[0] == "box":
        b = s[1]
        return (b[0] >= x0 - EPS and b[1] <= x1 + EPS and b[2] >= y0 - EPS
                and b[3] <= y1 + EPS)
    cx, cy, r = s[1][:3]
    return (cx - r >= x0 - EPS and cx + r <= x1 + EPS and cy - r >= y0 - EPS
            and cy + r <= y1 + EPS)


def parts_solids(name, lay):
    """{part: solid} of everything the case holds, from ``lay``."""
    v = dict((k, PARTS[name][k][0]) for k in PARTS[name])
    bx, by = lay["board_origin"]
    pcx, pcy = lay["pico_c"]
    zp, zr = lay["z_pico"], lay["z_rim"]
    hl, hw = v["pico_l"] / 2, v["pico_w"] / 2
    s = {"pico": _box(pcx - hl, pcx + hl, pcy - hw, pcy + hw, zp,
                      zp + v["pico_t"]),
         "pico_usb": _box(*lay["usb"]["connector"]),
         "lcd": _box(bx, bx + v["board_l"], by, by + v["board_w"],
                     lay["z_board"], zr)}
    # The Pico's component side, less round keep-outs at its four holes.
    s["pico_parts"] = _box(pcx - hl + 3.2, pcx + hl - 3.2, pcy - hw, pcy + hw,
                           zp - v["pico_parts_below"], zp)
    # The glass: the active area plus a 1.5 mm border (assumed).
    w = lay["window"]
    s["glass"] = _box(w["x"] - v["screen_w"] / 2 - 1.5,
                      w["x"] + v["screen_w"] / 2 + 1.5,
                      w["y"] - v["screen_h"] / 2 - 1.5,
                      w["y"] + v["screen_h"] / 2 + 1.5, zr,
                      zr + v["screen_top"])
    caps = lay["caps"]
    for k in KEYS:
        x, y, _d = lay["holes"][k]
        s["key_" + k] = _cyl(x, y, 1.5, zr, zr + v["key_top"])
        s["cap_flange_" + k] = _box(
            x - caps["flange_l"] / 2, x + caps["flange_l"] / 2,
            y - caps["flange_w"] / 2, y + caps["flange_w"] / 2,
            zr + v["key_top"], zr + v["key_top"] + caps["flange_t"])
        s["cap_stem_" + k] = _cyl(x, y, caps["stem_d"] / 2,
                                  zr + v["key_top"] + caps["flange_t"],
                                  zr + v["key_top"] + caps["stem_h"])
    jx, jy, _d = lay["holes"]["PAD"]
    s["joystick"] = _cyl(jx, jy, v["joy_stem"] / 2, zr, zr + v["joy_top"])
    jc = lay["joy_cap"]
    s["joy_cap"] = _cyl(jx, jy, jc["d"] / 2, jc["z0"], jc["z1"])
    b = lay["battery"]
    if b:
        s["battery"] = _box(b["x"] - b["l"] / 2, b["x"] + b["l"] / 2,
                            b["y"] - b["w"] / 2, b["y"] + b["w"] / 2, 0,
                            b["h"])
    c = lay["charger"]
    s["charger"] = _box(c["x0"], c["x1"], c["y0"], c["y1"], c["z0"], c["z1"])
    s["charger_parts"] = _box(c["x0"] + 3.5, c["x1"], c["y0"] + 3.5,
                              c["y1"] - 3.5, c["z1"], c["top"])
    ux, uy, uz = c["usb"]
    s["charger_usb"] = _box(ux - 7.35, ux, uy - v["chg_usb_w"] / 2,
                            uy + v["chg_usb_w"] / 2, c["z1"],
                            c["z1"] + v["chg_usb_h"])
    sw = lay["switch"]
    s["switch"] = _box(*sw["body"])
    lw, lt = sw["lever"]
    s["switch_lever"] = _box(sw["x"] - lw / 2 - sw["travel"] / 2,
                             sw["x"] + lw / 2 + sw["travel"] / 2,
                             sw["body"][3], sw["lever_tip"],
                             sw["z"] - lt / 2, sw["z"] + lt / 2)
    ring = lay["ring"]
    s["ring"] = _cyl(ring["x"], ring["y"], ring["od"] / 2, ring["z0"],
                     ring["top"])
    return s


def case_solids(name, lay):
    """{feature: solid} of what the bottom shell and the top put inside
    the cavity (walls excluded)."""
    prm = lay["params"]
    s = {}
    for i, (x, y) in enumerate(lay["posts"]):
        s["post%d" % i] = _cyl(x, y, prm["post_d"] / 2, 0,
                               lay["z_lid"])
    for i, (x, y) in enumerate(lay["standoffs"]):
        s["standoff%d" % i] = _cyl(x, y, prm["standoff_d"] / 2, 0,
                                   lay["z_pico"])
    for i, (x, y) in enumerate(lay["charger"]["holes"]):
        s["chg_standoff%d" % i] = _cyl(x, y, prm["chg_standoff_d"] / 2, 0,
                                       lay["charger"]["z0"])
    b = lay["battery"]
    if b:
        # the fence as its four sides
        c, t = prm["clearance"], prm["fence_t"]
        x0, x1 = b["x"] - b["l"] / 2 - c, b["x"] + b["l"] / 2 + c
        y0, y1 = b["y"] - b["w"] / 2 - c, b["y"] + b["w"] / 2 + c
        h = prm["fence_h"]
        s["fence_l"] = _box(x0 - t, x0, y0 - t, y1 + t, 0, h)
        s["fence_r"] = _box(x1, x1 + t, y0 - t, y1 + t, 0, h)
        s["fence_f"] = _box(x0 - t, x1 + t, y0 - t, y0, 0, h)
        s["fence_b"] = _box(x0 - t, x1 + t, y1, y1 + t, 0, h)
    sw = lay["switch"]
    x0, x1, y0, y1 = sw["cradle"]
    bx0, bx1, by0, by1, bz0, bz1 = sw["body"]
    s["sw_base"] = _box(x0, x1, y0, y1, 0, bz0)
    s["sw_rib_l"] = _box(x0, x0 + RIB, y0, y1, bz0, bz1)
    s["sw_rib_r"] = _box(x1 - RIB, x1, y0, y1, bz0, bz1)
    ring = lay["ring"]
    # the collar, as the thin wall it is: checked by radius below
    s["collar"] = _cyl(ring["x"], ring["y"], ring["collar_r"],
                       ring["collar_z0"], lay["z_lid"])
    return s


# Pairs that touch or nest by design (checked by their own rules below).
_ALLOWED = (("pico_parts", "standoff"), ("ring", "collar"),
            ("switch", "sw_"), ("battery", "fence"),
            ("charger", "chg_standoff"), ("pico_usb", "pico_parts"),
            ("cap_stem", "cap_flange"), ("joystick", "joy_cap"),
            ("charger_parts", "charger_usb"))


def _allowed(a, b):
    for p, q in _ALLOWED:
        if (a.startswith(p) and b.startswith(q)) or \
                (b.startswith(p) and a.startswith(q)):
            return True
    return False


def problems(name, lay):
    """What is wrong with ``lay`` (a layout of profile ``name``, maybe
    edited): a list of sentences, empty when the case fits."""
    v = dict((k, PARTS[name][k][0]) for k in PARTS[name])
    prm = lay["params"]
    wall, clr = lay["wall"], prm["clearance"]
    out_l, out_w = lay["outer"]
    x0, x1, y0, y1 = wall, out_l - wall, wall, out_w - wall
    out = []
    parts = parts_solids(name, lay)
    case = case_solids(name, lay)
    # Openings a part may pass through, as (part prefix, test).
    jx, jy, jd = lay["holes"]["PAD"]
    through_lid = {"joystick": jd, "joy_cap": jd}
    for k in KEYS:
        through_lid["cap_stem_" + k] = lay["holes"][k][2]
    # 1. Every part inside the cavity (or through its own opening).
    for pname, sol in parts.items():
        lo, hi = _zspan(sol)
        if lo < -EPS:
            out.append("%s goes through the floor" % pname)
        if hi > lay["z_lid"] + EPS and pname not in through_lid:
            out.append("%s is taller than the space under the top plate "
                       "(%.2f > %.2f)" % (pname, hi, lay["z_lid"]))
        if pname == "switch_lever":
            continue
        if not _inside_xy(sol, x0, x1, y0, y1):
            out.append("%s pokes into a wall" % pname)
    # Parts through the top plate stay inside their hole.
    for pname, d in through_lid.items():
        sol = parts[pname]
        hx, hy = sol[1][0], sol[1][1]
        hole = lay["holes"]["PAD"] if pname.startswith("joy") else \
            lay["holes"][pname[-1]]
        if math.hypot(hx - hole[0], hy - hole[1]) + sol[1][2] > \
                hole[2] / 2 + EPS:
            out.append("%s does not fit its hole in the top" % pname)
    # 2. No two things in the same place.
    allsol = list(parts.items()) + list(case.items())
    for i, (a, sa) in enumerate(allsol):
        for b, sb in allsol[i + 1:]:
            if a in case and b in case:
                continue
            if _allowed(a, b):
                continue
            if _overlap(sa, sb):
                out.append("%s and %s collide" % (a, b))
    # Nesting rules for the allowed pairs.
    ring = lay["ring"]
    if ring["od"] / 2 + clr > ring["collar_r"] - prm["collar_t"] + EPS:
        out.append("the ring does not fit its collar")
    if ring["z0"] < ring["collar_z0"] + 0.3 - EPS:
        out.append("the collar's bumps cannot reach under the ring")
    b = lay["battery"]
    if b and b["bay_h"] < b["h"] - EPS:
        out.append("the cell is taller than its bay")
    if b and lay["z_pico"] - v["pico_parts_below"] < b["bay_h"] - EPS:
        out.append("the Pico's parts press on the cell")
    for (sx, sy) in lay["standoffs"]:
        px0, px1 = lay["pico_x"]
        if not px0 < sx < px1:
            out.append("a standoff is not under the Pico")
        cx0, cx1, cy0, cy1 = lay["usb"]["connector"][:4]
        r = prm["standoff_d"] / 2
        if not (sx + r <= cx0 or sx - r >= cx1 or sy + r <= cy0
                or sy - r >= cy1):
            out.append("a standoff is under the micro-USB socket")
    # 3. Openings over what they are for.
    bx, by = lay["board_origin"]
    for k in KEYS:
        hx, hy, _d = lay["holes"][k]
        want = (bx + v["key_x"], by + v["key_%s_y" % k])
        if math.hypot(hx - want[0], hy - want[1]) > 0.01:
            out.append("the %s hole is not over the %s key" % (k, k))
    order = "".join(sorted(KEYS, key=lambda k: -lay["holes"][k][1]))
    if order != v["key_order"]:
        out.append("keys top to bottom are %s, the board has %s"
                   % (order, v["key_order"]))
    caps = lay["caps"]
    if caps["flange_w"] < prm["key_hole_d"] + 1.0 - EPS:
        out.append("the key caps' flanges are too narrow to hold them")
    w = lay["window"]
    sx, sy = bx + v["screen_x"], by + v["screen_y"]
    if not (w["x"] - w["w"] / 2 <= sx - v["screen_w"] / 2 + EPS
            and sx + v["screen_w"] / 2 <= w["x"] + w["w"] / 2 + EPS
            and w["y"] - w["h"] / 2 <= sy - v["screen_h"] / 2 + EPS
            and sy + v["screen_h"] / 2 <= w["y"] + w["h"] / 2 + EPS):
        out.append("the window does not show the whole screen")
    top_holes = [(k, h) for k, h in lay["holes"].items()]
    top_holes += [("pixel%d" % i, (x, y, prm["pixel_hole_d"]))
                  for i, (x, y) in enumerate(lay["pixels"])]
    win = ("box", (w["x"] - w["w"] / 2, w["x"] + w["w"] / 2,
                   w["y"] - w["h"] / 2, w["y"] + w["h"] / 2, 0, 1))
    posts = [_cyl(x, y, prm["post_d"] / 2, 0, 1) for x, y in lay["posts"]]
    for i, (k, (x, y, d)) in enumerate(top_holes):
        c = _cyl(x, y, d / 2, 0, 1)
        if not _inside_xy(c, x0, x1, y0, y1):
            out.append("the %s hole cuts a wall" % k)
        if _overlap(c, win):
            out.append("the %s hole cuts into the window" % k)
        for p in posts:
            if _overlap(c, p):
                out.append("the %s hole cuts a screw post" % k)
        for k2, (x2, y2, d2) in top_holes[i + 1:]:
            if math.hypot(x - x2, y - y2) < (d + d2) / 2 + 1.0 - EPS:
                out.append("the %s and %s holes leave under 1 mm between"
                           % (k, k2))
    # every pixel under its window, every window over a pixel
    rr = v["ring_pix_d"] / 2
    if abs(len(lay["pixels"]) - v["ring_n"]) > 0:
        out.append("not one window per pixel")
    for (x, y) in lay["pixels"]:
        if abs(math.hypot(x - ring["x"], y - ring["y"]) - rr) > 0.01:
            out.append("a pixel window is off the pixel circle")
    if not v["ring_id"] / 2 < rr < v["ring_od"] / 2:
        out.append("the pixel circle is off the ring")
    lo, hi = lay["diffuser"]
    if lo > rr - prm["pixel_hole_d"] / 2 or hi < rr + prm["pixel_hole_d"] / 2:
        out.append("the diffuser does not cover the pixel windows")
    if hi > ring["collar_r"] - prm["collar_t"] + EPS:
        out.append("the diffuser's rebate cuts the collar")
    if prm["diffuser_t"] > prm["lid_t"] - 0.8 + EPS:
        out.append("the diffuser leaves the top plate too thin")
    # the micro-USB opening passes the plug onto the socket
    u = lay["usb"]
    x0c, x1c, y0c, y1c, z0c, z1c = u["connector"]
    if not (u["y"] - u["w"] / 2 <= y0c and y1c <= u["y"] + u["w"] / 2
            and u["z"] - u["h"] / 2 <= z0c and z1c <= u["z"] + u["h"] / 2):
        out.append("the micro-USB opening does not surround the socket")
    if u["z"] - u["h"] / 2 < -EPS:
        out.append("the micro-USB opening cuts the floor")
    if u["z"] + u["h"] / 2 > lay["z_rim"] + EPS:
        out.append("the micro-USB opening reaches the parting line")
    if x0c - wall < -EPS or x0c - wall > clr + 0.5:
        out.append("the micro-USB socket is not at the end wall")
    for (_x, y) in lay["posts"]:
        r = prm["post_d"] / 2
        if not (y + r <= u["y"] - u["w"] / 2 or y - r >= u["y"] + u["w"] / 2):
            out.append("the micro-USB opening cuts a screw post")
    # the charger's USB socket at the far wall, its opening (if any) round it
    c = lay["charger"]
    if abs(c["usb"][0] - (out_l - wall - clr)) > 0.01:
        out.append("the charger's USB socket is not at the end wall")
    if c["usb_open"]:
        o = c["usb_open"]
        if c["usb"][2] - o["h"] / 2 < -EPS:
            out.append("the charger's USB opening cuts the floor")
        if o["w"] < v["chg_usb_w"] or o["h"] < v["chg_usb_h"]:
            out.append("the charger's USB opening is smaller than the socket")
    # the switch slot passes the lever over its whole travel
    sw = lay["switch"]
    sl, sh = sw["slot"]
    lw, lt = sw["lever"]
    if sl < lw + sw["travel"] or sh < lt:
        out.append("the switch slot is smaller than the lever's travel")
    if sw["z"] + sh / 2 + 2 > lay["z_rim"] + EPS:
        out.append("the switch slot reaches the parting line")
    if sw["z"] - sh / 2 - 2 < -EPS:
        out.append("the switch recess cuts the floor")
    if sw["lever_tip"] < out_w - sw["pocket"] + 1.5 - EPS:
        out.append("the switch lever does not stand out of its recess")
    if wall - sw["pocket"] < 0.8 - EPS:
        out.append("the switch recess leaves the wall too thin")
    if sw["lever_tip"] - (out_w - wall) > v["sw_lever_h"] + EPS:
        out.append("the switch is not against its wall")
    for (x, _y) in lay["posts"]:
        r = prm["post_d"] / 2
        cx0, cx1 = sw["cradle"][:2]
        if _y > out_w / 2 and not (x + r <= cx0 or x - r >= cx1):
            out.append("the switch cradle runs into a screw post")
    # 6. Every screw bites its post and stops short of the hole's end.
    for count, length, what, through, depth in screws(name, lay):
        if length is None or length - through < BITE_MIN - EPS:
            out.append("no M2 screw bites %g mm into the posts of %s"
                       % (BITE_MIN, what))
    return out


# Stock M2 screw lengths (mm). A self-tapping screw must bite at least
# BITE_MIN into a printed post, needs no more than BITE_MAX, and its tip
# stops HOLE_SPARE short of the pilot hole's end (else it bottoms out
# before the head is down). The top's screws sit in a recess LID_RECESS
# deep (the .scad file's counterbore).
M2_LENGTHS = (3, 4, 5, 6, 8, 10, 12)
BITE_MIN, BITE_MAX = 2.0, 6.0
HOLE_SPARE = 0.5
LID_RECESS = 1.2


def screws(name, lay=None):
    """The case's screws: [(count, length in mm or None when none fits,
    what they hold, plastic or board they pass through in mm, depth of
    the pilot hole they end in in mm)], each the longest stock M2 length
    that bites no more than BITE_MAX and stops HOLE_SPARE short."""
    lay = lay or layout(name)
    prm = lay["params"]
    joints = [(4, "the top", lay["lid_h"] - LID_RECESS,
               lay["z_rim"]),
              (4, "the Pico", value(name, "pico_t"), lay["z_pico"]),
              (4, "the charger", value(name, "chg_t"),
               prm["chg_standoff_h"])]
    out = []
    for count, what, through, depth in joints:
        room = min(BITE_MAX, depth - HOLE_SPARE)
        fits = [n for n in M2_LENGTHS if n - through <= room + EPS]
        out.append((count, max(fits) if fits else None, what, through,
                    depth))
    return out


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
    "clearance": "gap around every part",
    "lid_t": "top plate thickness",
    "lid_gap": "air between the tallest front part and the top plate",
    "window_margin": "screen window this much larger than the active area",
    "key_hole_d": "key holes in the top plate",
    "key_proud": "key caps stand this far above the top plate",
    "key_flange_t": "key caps' flange (keeps them in) thickness",
    "key_flange_l": "... and length across the key column",
    "joy_hole_d": "joystick hole: room for its cap to tilt",
    "joy_cap_d": "joystick cap diameter",
    "joy_cap_proud": "joystick cap above the top plate",
    "post_d": "screw posts joining top and bottom (4, in the corners)",
    "screw_d": "pilot holes, M2 self-tapping",
    "screw_clear_d": "M2 clearance hole through the top",
    "standoff_d": "Pico standoffs, M2 screws through the Pico's holes",
    "lipo": "true: LiPo bay under the Pico (raises the stack)",
    "lipo_l": "your cell's length (Adafruit 1578: about 36)",
    "lipo_w": "your cell's width (Adafruit 1578: about 29)",
    "lipo_h": "your cell's thickness (Adafruit 1578: about 4.75)",
    "lipo_gap": "air above the cell",
    "fence_t": "fence round the cell: thickness",
    "fence_h": "fence round the cell: height",
    "chg_standoff_d": "charger standoffs",
    "chg_standoff_h": "charger standoffs: height",
    "charger_usb_open": "true: opening for the charger's own USB socket (the "
                        "Power notes wire the charger to VBUS and say to "
                        "leave that socket empty)",
    "ring_gap": "LCD board edge to the ring's collar",
    "collar_t": "collar holding the ring under the top plate",
    "pixel_hole_d": "one window per pixel (takes a 5 mm light pipe)",
    "diffuser_t": "diffuser ring (print it in white or clear) thickness",
    "sw_offset": "switch along the far long wall, from the ring's centre",
    "sw_base": "switch body above the floor",
    "sw_recess": "pocket round the switch slot, outside (deeper if the "
                 "lever needs it)",
}

# Derived values the .scad file echoes (a test compares them with layout()).
ECHOED = ("out_l", "out_w", "bx", "by", "ring_cx", "z_pico", "z_board",
          "z_rim", "z_lid", "lid_h", "chg_x0", "sw_cx", "flange_w")

_BODY = """
// ---- derived (edit the parameters above, not these) ----------------------
assert(pico_usb_end == "left", "the case needs the Pico's USB at the joystick end");
side = post_d - 0.5 + clearance;         // a corner post beside a board
collar_r = ring_od / 2 + clearance + collar_t;
in_w = max(board_w + 2 * side, 2 * collar_r + 2 * clearance,
           lipo ? lipo_w + 2 * (clearance + fence_t) : 0);
out_w = in_w + 2 * wall;
cy = wall + in_w / 2;
usb_out = max(0, usb_overhang - (pico_x - pico_l / 2));
bx = wall + clearance + usb_out;         // board origin in the case frame
by = cy - board_w / 2;
pcx = bx + pico_x;                       // Pico centre
pcy = by + pico_y;
ring_cx = bx + board_l + ring_gap + collar_r;
post_off = post_d / 2 - 0.5;             // post centre from the inner faces
reach = collar_r + post_d / 2 + clearance;
post_dy = in_w / 2 - post_off;
in_r = max(ring_cx + collar_r + clearance,
           ring_cx + sqrt(max(0, reach * reach - post_dy * post_dy)) + post_off);
out_l = in_r + wall;
in_l = in_r - wall;
// heights: z = 0 on the floor's top face (add wall for the print)
bay_h = lipo ? lipo_h + lipo_gap : 0;
z_pico = max(bay_h + pico_parts_below, usb_h / 2 + plug_h / 2 + clearance);
z_board = z_pico + pico_t + header_gap;  // LCD PCB bottom
z_rim = z_board + board_t;               // LCD PCB top: top and bottom meet
z_lid = z_rim + max(screen_top, key_top + key_flange_t) + lid_gap;
lid_h = z_lid - z_rim + lid_t;           // height of the top part
usb_y = pcy;
usb_z = z_pico - usb_h / 2;
key_ys = [for (k = keys) k[1]];
pitch = min([for (i = [0 : 2]) abs(key_ys[i + 1] - key_ys[i])]);
flange_w = min(key_flange_l, pitch - clearance);
cap_stem = z_lid + lid_t + key_proud - (z_rim + key_top);
joy_socket = 1.7;
ring_z1 = z_lid - ring_led_h;            // ring PCB top, pixels face up
collar_h = ring_led_h + ring_t + 0.6;
pix_r = ring_pix_d / 2;
dif_r0 = pix_r - pixel_hole_d / 2 - 1;   // diffuser rebate radii
dif_r1 = pix_r + pixel_hole_d / 2 + 1;
chg_x1 = in_r - clearance - chg_usb_overhang;   // its USB edge
chg_x0 = chg_x1 - chg_l;
chg_y0 = cy - chg_w / 2;
chg_z = chg_standoff_h;
y_in = out_w - wall;                     // far long wall, inner face
sw_cx = ring_cx + sw_offset;
sw_y0 = y_in - clearance - sw_body_h;
sw_zc = sw_base + sw_body_w / 2;
sw_slot_l = sw_travel + sw_lever_w + 2 * clearance;
sw_slot_h = sw_lever_t + 2 * clearance;
sw_pocket = max(sw_recess, wall + clearance + 1.5 - sw_lever_h);
rib = %(rib)s;
bump = %(bump)s;
r_corner = wall;
$fn = 48;

assert(z_pico - pico_parts_below >= bay_h - 1e-6, "the Pico's parts press on the cell");
assert(chg_z + chg_t + chg_parts_h < ring_z1 - ring_t, "the charger reaches the ring");
assert(sw_zc + sw_slot_h / 2 + 2 <= z_rim, "the switch slot reaches the parting line");
assert(flange_w >= key_hole_d + 1, "the keys are too close for the cap flanges");
assert(dif_r1 <= collar_r - collar_t, "the diffuser rebate cuts the collar");
assert(usb_z - (plug_h / 2 + clearance) >= 0, "the micro-USB opening cuts the floor");

echo(minigam = [%(echo)s]);

module rounded_box(l, w, h, r) {
    hull() for (x = [r, l - r], y = [r, w - r])
        translate([x, y, 0]) cylinder(r = r, h = h);
}

module post_xy() {
    // centres 0.5 mm into the walls so each post fuses with them
    for (x = [wall + post_off, in_r - post_off],
         y = [wall + post_off, out_w - wall - post_off])
        translate([x, y, 0]) children();
}

module pico_holes_xy() {
    for (sx = [-1, 1], sy = [-1, 1])
        translate([pcx + sx * pico_hole_dx / 2, pcy + sy * pico_hole_dy / 2, 0])
            children();
}

module chg_holes_xy() {
    for (x = [chg_x0 + chg_hole_in, chg_x1 - chg_hole_in],
         y = [chg_y0 + chg_hole_in, chg_y0 + chg_w - chg_hole_in])
        translate([x, y, 0]) children();
}

module bottom() {
    difference() {
        union() {
            difference() {
                rounded_box(out_l, out_w, wall + z_rim, r_corner);
                translate([wall, wall, wall]) cube([in_l, in_w, z_rim + 1]);
            }
            post_xy() cylinder(d = post_d, h = wall + z_rim);
            // Pico standoffs under its four mounting holes
            pico_holes_xy() cylinder(d = standoff_d, h = wall + z_pico);
            // a low fence round the cell, open towards the charger
            if (lipo)
                translate([pcx, cy, 0]) difference() {
                    translate([-lipo_l / 2 - clearance - fence_t,
                               -lipo_w / 2 - clearance - fence_t, 0])
                        cube([lipo_l + 2 * (clearance + fence_t),
                              lipo_w + 2 * (clearance + fence_t), wall + fence_h]);
                    translate([-lipo_l / 2 - clearance, -lipo_w / 2 - clearance, wall])
                        cube([lipo_l + 2 * clearance, lipo_w + 2 * clearance, fence_h + 1]);
                    translate([lipo_l / 2 - 1, -5, wall]) cube([fence_t + 3, 10, fence_h + 1]);
                }
            // charger standoffs
            chg_holes_xy() cylinder(d = chg_standoff_d, h = wall + chg_z);
            // switch cradle: a base and two ribs against the far wall
            translate([sw_cx - sw_body_l / 2 - clearance - rib, sw_y0 - clearance - rib, 0]) {
                cube([sw_body_l + 2 * (clearance + rib), y_in - sw_y0 + clearance + rib,
                      wall + sw_base]);
                for (x = [0, sw_body_l + 2 * clearance + rib])
                    translate([x, 0, 0])
                        cube([rib, y_in - sw_y0 + clearance + rib,
                              wall + sw_base + sw_body_w]);
            }
        }
        post_xy() translate([0, 0, wall]) cylinder(d = screw_d, h = z_rim + 1);
        pico_holes_xy() translate([0, 0, wall]) cylinder(d = screw_d, h = z_pico + 1);
        chg_holes_xy() translate([0, 0, wall]) cylinder(d = screw_d, h = chg_z + 1);
        // micro-USB: plug-sized opening in the left end wall
        translate([-1, usb_y - (plug_w + 2 * clearance) / 2,
                   wall + usb_z - (plug_h + 2 * clearance) / 2])
            cube([wall + 2, plug_w + 2 * clearance, plug_h + 2 * clearance]);
        // the charger's own USB socket, only on request
        if (charger_usb_open)
            translate([out_l - wall - 1, cy - (usbc_plug_w + 2 * clearance) / 2,
                       wall + chg_z + chg_t + chg_usb_h / 2 - (usbc_plug_h + 2 * clearance) / 2])
                cube([wall + 2, usbc_plug_w + 2 * clearance, usbc_plug_h + 2 * clearance]);
        // switch: slot for the lever, a pocket round it outside
        translate([sw_cx - sw_slot_l / 2, y_in - 1, wall + sw_zc - sw_slot_h / 2])
            cube([sw_slot_l, wall + 2, sw_slot_h]);
        translate([sw_cx - sw_slot_l / 2 - 2, out_w - sw_pocket, wall + sw_zc - sw_slot_h / 2 - 2])
            cube([sw_slot_l + 4, sw_pocket + 1, sw_slot_h + 4]);
    }
}

module window_cut() {
    // the screen window, widening towards the face (45 degrees)
    hull() {
        translate([bx + screen_x - screen_w / 2 - window_margin,
                   by + screen_y - screen_h / 2 - window_margin, -1])
            cube([screen_w + 2 * window_margin, screen_h + 2 * window_margin,
                  lid_h - lid_t + 1.01]);
        translate([bx + screen_x - screen_w / 2 - window_margin - lid_t,
                   by + screen_y - screen_h / 2 - window_margin - lid_t, lid_h])
            cube([screen_w + 2 * (window_margin + lid_t),
                  screen_h + 2 * (window_margin + lid_t), 0.01]);
    }
}

module top() {
    zl = z_lid - z_rim;                  // plate underside, in the top's frame
    difference() {
        union() {
            difference() {
                rounded_box(out_l, out_w, lid_h, r_corner);
                translate([wall, wall, -1]) cube([in_l, in_w, zl + 1]);
            }
            post_xy() cylinder(d = post_d, h = lid_h);
            // collar holding the ring under the plate, three snap bumps
            translate([ring_cx, cy, zl - collar_h]) {
                difference() {                   // 0.5 mm into the plate
                    cylinder(r = collar_r, h = collar_h + 0.5);
                    translate([0, 0, -1]) cylinder(r = collar_r - collar_t, h = collar_h + 2);
                }
                for (a = [90, 210, 330]) rotate([0, 0, a])
                    translate([collar_r - collar_t - bump, -2, 0]) cube([bump + 0.1, 4, 0.6]);
            }
        }
        window_cut();
        translate([bx + joy_x, by + joy_y, -1]) cylinder(d = joy_hole_d, h = lid_h + 2);
        for (k = keys)
            translate([bx + k[0], by + k[1], -1]) cylinder(d = key_hole_d, h = lid_h + 2);
        // one window per pixel, a rebate under them for the diffuser
        for (i = [0 : ring_n - 1])
            translate([ring_cx + pix_r * cos(360 * i / ring_n),
                       cy + pix_r * sin(360 * i / ring_n), -1])
                cylinder(d = pixel_hole_d, h = lid_h + 2);
        translate([ring_cx, cy, zl - 0.01]) difference() {
            cylinder(r = dif_r1, h = diffuser_t + 0.01);
            translate([0, 0, -1]) cylinder(r = dif_r0, h = diffuser_t + 2);
        }
        post_xy() translate([0, 0, -1]) cylinder(d = screw_clear_d, h = lid_h + 2);
        post_xy() translate([0, 0, lid_h - 1.2]) cylinder(d = 4.2, h = 2);
    }
}

// A cap per key: a stem through the top plate on a flange that keeps it in.
module cap() {
    translate([-key_flange_l / 2, -flange_w / 2, 0])
        cube([key_flange_l, flange_w, key_flange_t]);
    cylinder(d = key_hole_d - 0.5, h = cap_stem);
}

// The joystick's cap: a button with a socket for the stem's square tip.
module joy_cap() {
    h = z_lid + lid_t + joy_cap_proud - (z_rim + joy_top - joy_socket);
    difference() {
        cylinder(d = joy_cap_d, h = h);
        translate([-(joy_stem + 0.15) / 2, -(joy_stem + 0.15) / 2, -1])
            cube([joy_stem + 0.15, joy_stem + 0.15, joy_socket + 1]);
    }
}

module caps() {
    for (i = [0 : len(keys) - 1])
        translate([i * (key_flange_l + 3), 0, 0]) cap();
    translate([len(keys) * (key_flange_l + 3) + joy_cap_d / 2, 0, 0])
        joy_cap();
}

// Print the diffuser in white or clear filament.
module diffuser() {
    difference() {
        cylinder(r = dif_r1 - 0.15, h = diffuser_t, $fn = 96);
        translate([0, 0, -1]) cylinder(r = dif_r0 + 0.15, h = diffuser_t + 2, $fn = 96);
    }
}

// Stand-ins for the boards, the cell and the switch (preview only).
module hardware() {
    f = wall;                            // floor top in print coordinates
    color("DarkGreen") translate([pcx - pico_l / 2, pcy - pico_w / 2, f + z_pico])
        cube([pico_l, pico_w, pico_t]);
    color("Silver") translate([pcx - pico_l / 2 - usb_overhang, usb_y - usb_w / 2,
                               f + z_pico - usb_h])
        cube([usb_d, usb_w, usb_h]);
    color("Navy") translate([bx, by, f + z_board]) cube([board_l, board_w, board_t]);
    color("Black") translate([bx + screen_x - screen_w / 2 - 1.5,
                              by + screen_y - screen_h / 2 - 1.5, f + z_rim])
        cube([screen_w + 3, screen_h + 3, screen_top]);
    color("DimGray") for (k = keys) translate([bx + k[0], by + k[1], f + z_rim])
        cylinder(d = 3, h = key_top);
    color("DimGray") translate([bx + joy_x, by + joy_y, f + z_rim])
        cylinder(d = joy_stem, h = joy_top);
    if (lipo) color("Gold") translate([pcx - lipo_l / 2, cy - lipo_w / 2, f])
        cube([lipo_l, lipo_w, lipo_h]);
    color("MediumBlue") translate([chg_x0, chg_y0, f + chg_z]) cube([chg_l, chg_w, chg_t]);
    color("Silver") translate([chg_x1 + chg_usb_overhang - 7.35, cy - chg_usb_w / 2,
                               f + chg_z + chg_t])
        cube([7.35, chg_usb_w, chg_usb_h]);
    color("White") translate([chg_x0 + 0.5, cy - 4, f + chg_z + chg_t])
        cube([8, 8, chg_parts_h]);
    color("Black") translate([sw_cx - sw_body_l / 2, sw_y0, f + sw_base])
        cube([sw_body_l, sw_body_h, sw_body_w]);
    color("Red") translate([sw_cx - sw_lever_w / 2 - sw_travel / 2, y_in - clearance,
                            f + sw_zc - sw_lever_t / 2])
        cube([sw_lever_w, sw_lever_h, sw_lever_t]);
    color("Black") translate([ring_cx, cy, f + ring_z1 - ring_t]) difference() {
        cylinder(d = ring_od, h = ring_t);
        translate([0, 0, -1]) cylinder(d = ring_id, h = ring_t + 2);
    }
    color("White") for (i = [0 : ring_n - 1])
        translate([ring_cx + pix_r * cos(360 * i / ring_n) - 2.5,
                   cy + pix_r * sin(360 * i / ring_n) - 2.5, f + ring_z1])
            cube([5, 5, ring_led_h]);
}

// Print layout: the bottom as it sits, the top turned over (plate on the
// bed) beside it, the caps and the diffuser in front.
if (part == "bottom" || part == "all") bottom();
if (part == "top" || part == "all")
    translate([0, part == "all" ? 2 * out_w + 10 : out_w, lid_h])
        rotate([180, 0, 0]) top();
if (part == "caps" || part == "all")
    translate([key_flange_l, -12, 0]) caps();
if (part == "diffuser" || part == "all")
    translate([part == "all" ? out_l + dif_r1 + 5 : 0, part == "all" ? out_w / 2 : 0, 0])
        diffuser();
module closed() {
    color("SteelBlue") bottom();
    color("LightSteelBlue", 0.5) translate([0, 0, wall + z_rim]) top();
    hardware();
}
if (part == "assembled") closed();
if (part == "open") {                    // the top lifted off
    color("SteelBlue") bottom();
    hardware();
    color("LightSteelBlue") translate([0, out_w, wall + z_rim + lid_h + 25])
        rotate([180, 0, 0]) top();
}
if (part == "section")
    intersection() {
        closed();
        translate([-1, -1, -1]) cube([out_l + 2, section_y + 1, wall + z_lid + lid_t + 2]);
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
        "// Two shells screwed together with four M2 self-tapping screws.",
        "// part = \"bottom\": the Pico on four standoffs over the LiPo bay,",
        "//   its micro-USB through the left end wall; the charger board on",
        "//   standoffs at the far end; the power switch in a cradle, its lever",
        "//   through the far long wall.",
        "// part = \"top\": the screen window, joystick and key holes, one",
        "//   window per NeoPixel over a rebate for the diffuser, and the",
        "//   collar the ring clicks into.",
        "// \"caps\" prints the key caps and the joystick cap, \"diffuser\" the",
        "// ring behind the pixel windows (white or clear filament);",
        "// \"assembled\", \"open\" (top lifted off) and \"section\" preview the",
        "// case with stand-ins for the boards; \"all\" lays the parts out.",
        "//",
        "// Sources of the hardware dimensions:",
    ]
    for key in sorted(SOURCES):
        lines.append("//   [%s] %s" % (key, SOURCES[key]))
    lines += ["// Every [estimate] must be checked with calipers before "
              "printing.", "",
              "part = \"all\";  // bottom | top | caps | diffuser | "
              "assembled | open | section | all",
              "section_y = 22;  // \"section\" keeps y below this", "",
              "// ---- parameters (edit these) "
              "-------------------------------------------"]
    for k in _PARAM_ORDER:
        lines.append("%s = %s;  // %s" % (k, _scad_value(PARAMS[k]),
                                         _PARAM_NOTES[k]))
    lines += ["", "// ---- hardware data (from enclosure.py PARTS, board "
              "frame, mm) --------------"]
    for k, (val, src) in PARTS[name].items():
        lines.append("%s = %s;  // [%s]" % (k, _scad_value(val), src))
    lines.append("keys = [%s];  // A, B, X, Y centres" % ", ".join(
        "[key_x, key_%s_y]" % k for k in KEYS))
    body = _BODY % {"rib": _num(RIB), "bump": _num(BUMP),
                    "echo": ", ".join('["%s", %s]' % (k, k) for k in ECHOED)}
    return "\n".join(lines) + "\n" + body


def files():
    """{path relative to the repo: text} of every case file."""
    return dict(("hardware/enclosure/%s.scad" % n, scad(n))
                for n in profiles())


def readme_section():
    """The "Enclosure" section of hardware/README.md."""
    out = ["## Enclosure", "",
           "A parametric two-part OpenSCAD case, generated from the data "
           "table in `minigam/host/hardware/enclosure.py`: " + ", ".join(
               "[`%s`](enclosure/%s.scad)" % (n, n) for n in profiles())
           + ". Other profiles have no case yet (the PyBadge and PyGamer "
           "have their own).", ""]
    for n in profiles():
        lay = layout(n)
        out += ["`%s`: %s x %s x %s mm outside. What it holds, and how:"
                % (n, _num(round(lay["outer"][0], 1)),
                   _num(round(lay["outer"][1], 1)),
                   _num(round(lay["height"], 1))), "",
                "- **Display board and Pico:** the Pico-LCD-1.3 plugs onto "
                "the Pico, which screws (component side down) to four "
                "standoffs under its mounting holes; the top plate has the "
                "screen window, a hole for the joystick's cap and one for "
                "each key cap (A, B, X, Y in one column, A at the top).",
                "- **Battery:** the cell lies in a fenced bay on the floor "
                "under the Pico (`lipo = false` removes it and lowers the "
                "case by %s mm)." % _num(round(
                    lay["z_pico"] - layout(n, lipo=False)["z_pico"], 2)),
                "- **Pixels:** the NeoPixel ring clicks into a collar under "
                "the top plate, pixels up, each under its own %s mm window "
                "(a 5 mm light pipe fits); a printed diffuser ring sits in a "
                "rebate between the pixels and the windows."
                % _num(PARAMS["pixel_hole_d"]),
                "- **Charger:** the 4410 board screws to four standoffs on "
                "the floor under the ring, its USB socket against the far end "
                "wall, its JST socket facing the cell. Its own USB socket stays "
                "closed: the Power notes charge the cell through the Pico's "
                "micro-USB and say to leave that socket empty "
                "(`charger_usb_open = true` cuts an opening if you wire it "
                "otherwise).",
                "- **Switch:** the slide switch sits in a cradle against the "
                "far long wall, its lever through a slot in a small pocket "
                "(a drop of glue keeps it in the cradle).",
                "- **USB:** the Pico's micro-USB opening is in the left end "
                "wall, sized for the plug's grip: it runs the game and "
                "charges the cell.",
                "- **Diode, MOSFET, capacitor, resistor:** in-line on their "
                "wires, in heat-shrink, in the free floor space between the "
                "Pico and the charger, none on the cell.",
                "- **Insulation:** the cell lies under the Pico's component "
                "side, where the joints and the header pins' short ends "
                "are: a layer of polyimide (Kapton) tape over them keeps "
                "them off the pouch.",
                "- **BOOTSEL:** the Pico lies component side down, so its "
                "BOOTSEL button faces the floor once the case is closed: "
                "the build's Troubleshooting says how to reach the "
                "bootloader without it.", ""]
    out += ["**Open and export:** open the .scad file in OpenSCAD "
            "(2021.01 or newer), set `part` to `bottom`, `top`, `caps` or "
            "`diffuser`, render (F6) and export STL (F7). `assembled` "
            "previews the closed case with stand-ins for the boards, `open` "
            "lifts the top off, `section` cuts it lengthwise. `wall`, "
            "`clearance`, `lid_t`, the screw posts, the hole sizes and the "
            "cell's size are parameters at the top of the file.", "",
            "**Print:** PLA or PETG, 0.2 mm layers, 3 walls, 20 % infill, "
            "no supports: the bottom as it sits, the top upside down (face "
            "on the bed), the caps flange down, the diffuser in white or "
            "clear filament.", ""]
    for n in profiles():
        out += ["**Screws** (`%s`, M2 self-tapping, in the parts list): "
                % n + "; ".join(
                    "%d x M2 x %d for %s: %s mm through, into a %s mm "
                    "pilot hole" % (count, length, what, _num(through),
                    _num(depth))
                    for count, length, what, through, depth in screws(n))
                + ". Each is the longest stock length that bites at most "
                "%s mm and stops %s mm short of its hole's end: a longer "
                "one bottoms out before its head is down." % (
                    _num(BITE_MAX), _num(HOLE_SPARE)), ""]
    out += ["**Assemble:** wire and check everything first (the Assembly "
            "steps above, to the first boot). The Pico-LCD-1.3's board "
            "covers the Pico's mounting holes, so it comes off for this: "
            "pull it straight off the Pico, rocking it gently end to end. "
            "Tape over the Pico's component side (Insulation above), drop "
            "the cell into its bay, screw the Pico to its standoffs, "
            "component side down over the cell (USB towards the left "
            "opening), and the charger to its own, press the switch into "
            "its cradle, then plug the Pico-LCD-1.3 back onto the Pico. "
            "Into the top: the diffuser into its rebate, the ring into its "
            "collar (pixels against the diffuser, turned so each pixel sits "
            "under a window), the caps into the key holes, the joystick cap "
            "onto the stem. Close with the four screws.", "",
            "**From the makers' drawings.** These values come from a "
            "published source:", ""]
    for n in profiles():
        for src in sorted(SOURCES):
            if src == "estimate":
                continue
            keys = [k for k in PARTS[n] if PARTS[n][k][1] == src]
            if keys:
                out.append("- `%s`: %s, from %s." % (n, ", ".join(
                    "`%s` = %s" % (k, _scad_value(value(n, k)))
                    for k in keys), SOURCES[src]))
    out += ["", "**Still estimates: measure them before printing.** No "
            "drawing we could read gives these. Measure your parts "
            "(calipers, a depth gauge for heights), fix the numbers in "
            "`PARTS` (the cell's in the parameters) and run `python -m "
            "minigam.host hwdocs`; or print just the top at 20 % infill as "
            "a test fit.", ""]
    for n in profiles():
        ests = estimates(n)
        out += ["`%s`, %d estimates:" % (n, len(ests)), "",
                "| value | estimate | how to measure |", "| --- | --- | --- |"]
        out += ["| `%s` | %s | %s |" % (k, _scad_value(val), how)
                for k, val, how in ests]
        out.append("")
    return out
