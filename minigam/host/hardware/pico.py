"""The Raspberry Pi Pico's header: what each of its 40 pins is, and where it
sits on the board, from Raspberry Pi's Pico datasheet (chapter 2,
"Mechanical Specification" and "Raspberry Pi Pico Pinout"): a 51 x 21 mm
board, the micro-USB socket overhanging one short edge, and 40 pins on a
2.54 mm grid in two rows of 20, 17.78 mm (7 x 2.54) apart. The Pico 2 has
the same outline and pinout.

Pins are numbered as on the datasheet's pinout drawing, looking at the
component side with the USB socket at the top: pin 1 is top left, 20
bottom left, 21 bottom right, 40 top right.
"""

# Physical pin n (1..40) -> its name, from the datasheet's pinout.
PINOUT = (
    None,
    "GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
    "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14",
    "GP15",
    "GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22",
    "RUN", "GP26", "GP27", "GND", "GP28", "ADC_VREF", "3V3", "3V3_EN", "GND",
    "VSYS", "VBUS",
)

# Board outline and grid (mm).
BOARD_W = 21.0
BOARD_L = 51.0
PITCH = 2.54
ROW_GAP = 7 * PITCH  # 17.78 mm between the two rows' centres
# The rows sit centred across the width, the 20 pins centred along the
# length: 1.61 mm from a long edge, 1.37 mm from a short one.
EDGE_X = (BOARD_W - ROW_GAP) / 2
EDGE_Y = (BOARD_L - 19 * PITCH) / 2
# Mounting holes: 2.1 mm, 11.4 mm apart across the board and 47 mm along it.
HOLE_D = 2.1
HOLES = tuple((x, y) for y in ((BOARD_L - 47) / 2, (BOARD_L + 47) / 2)
              for x in ((BOARD_W - 11.4) / 2, (BOARD_W + 11.4) / 2))
# The micro-USB socket: centred on the top edge, overhanging it by 1.3 mm
# (8 mm wide and 5.3 mm deep here: a drawing aid, not from the datasheet).
USB_W = 8.0
USB_D = 5.3
USB_OVERHANG = 1.3


def pin_mm(n):
    """Centre of physical pin ``n`` (1..40) in mm from the board's top-left
    corner, component side up, USB at the top."""
    if not 1 <= n <= 40:
        raise ValueError("the Pico has pins 1 to 40, not %r" % (n,))
    if n <= 20:
        return EDGE_X, EDGE_Y + PITCH * (n - 1)
    return BOARD_W - EDGE_X, EDGE_Y + PITCH * (40 - n)


def pins_named(name):
    """Every physical pin called ``name`` (GND has eight)."""
    return [n for n in range(1, 41) if PINOUT[n] == name]


# Name -> physical pin, for the pin tables. GND is on eight pins: the
# tables name pin 38, beside VSYS and VBUS.
PHYSICAL = {PINOUT[n]: n for n in range(1, 41) if PINOUT[n] != "GND"}
PHYSICAL["GND"] = 38
