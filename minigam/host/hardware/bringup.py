"""Bringing a wired Pico build up (host only): the checks before its first
power-up, its first boot and which way up its screen is, and what to do
when something does not work. ``docs`` puts them on the build's page.

Which way up: the ST7789 maps its frame memory (240 columns x 320 rows)
onto the glass as MADCTL (36h) says. ``glass`` is the datasheet's table
("memory data write/read direction": MV exchanges the column and row
addresses, then MX mirrors the panel's columns and MY its rows; ML only
sets the refresh direction), and ``displayio_address`` is displayio's own
turn of the picture (``rotation``, clockwise, in software, as the
emulator's panel.mjs undoes it). From them ``quarter_turn`` works out the
``MINIGAM_ROTATION`` that makes MINIGAM's start-up (``minigam/hw/
st7789.py``: MADCTL 0xC0, the profile's row offset) show what Waveshare's
demo (MADCTL 0x70, no offset) shows.
"""

from minigam.host.hardware import wiring
from minigam.hw import pins as pinmap

# The ST7789's frame memory: 240 columns (source lines) by 320 rows (gate
# lines); the Pico-LCD-1.3's panel shows the first 240 rows.
RAM_COLS, RAM_ROWS = 240, 320
MY, MX, MV = 0x80, 0x40, 0x20
MINIGAM_MADCTL = 0xC0   # minigam/hw/st7789.py's INIT (Adafruit's driver's)
WAVESHARE_MADCTL = 0x70  # Waveshare's Pico-LCD-1.3.py demo, no offset


def glass(madctl, x, y):
    """Where address (x, y) (CASET column, RASET row) lands in the frame
    memory, as (column, row), under ``madctl``."""
    col, row = (y, x) if madctl & MV else (x, y)
    if madctl & MX:
        col = RAM_COLS - 1 - col
    if madctl & MY:
        row = RAM_ROWS - 1 - row
    return col, row


def displayio_address(rotation, x, y, size):
    """The address displayio writes picture pixel (x, y) of a square
    ``size`` display to, before its offsets, for ``rotation``."""
    n = size - 1
    return {0: (x, y), 90: (n - y, x), 180: (n - x, n - y),
            270: (y, n - x)}[rotation]


def placement(madctl, rotation, size, colstart=0, rowstart=0):
    """{picture pixel: frame memory cell} of a few pixels (corners and
    an off-centre one), for a start-up with ``madctl`` and offsets and
    displayio's ``rotation``."""
    out = {}
    for px, py in ((0, 0), (size - 1, 0), (0, size - 1), (37, 5)):
        ax, ay = displayio_address(rotation, px, py, size)
        out[(px, py)] = glass(madctl, ax + colstart, ay + rowstart)
    return out


def quarter_turn(name):
    """The ``MINIGAM_ROTATION`` under which profile ``name``'s start-up
    puts every pixel where Waveshare's demo puts it, or None."""
    d = pinmap.PROFILES[name]["display"]
    want = placement(WAVESHARE_MADCTL, 0, d["width"])
    for rotation in (0, 90, 180, 270):
        if placement(MINIGAM_MADCTL, rotation, d["width"], d["colstart"],
                     d["rowstart"]) == want:
            return rotation
    return None


def upright(name):
    """How the build is held, and what an upright picture looks like."""
    return ("Hold it landscape, the joystick on the left and the four keys "
            "on the right, A at the top, as Waveshare's demo draws them. "
            "Upright, the menu's title (\"MINIGAM\") runs along the top "
            "edge, the menu reads left to right beneath it with the cursor "
            "at the left, and the joystick's up moves the cursor up")


def rotation_fix():
    """What to put in settings.toml for each way the picture can be off."""
    return ("If it is turned, add a line `MINIGAM_ROTATION = <n>` to "
            "settings.toml on the CIRCUITPY drive (CircuitPython restarts "
            "the game when the file is saved): `270` if the title runs down "
            "the right-hand edge, beside the keys; `90` if it runs up the "
            "left-hand edge, beside the joystick; `180` if it is upside "
            "down. displayio turns the picture in software (clockwise by "
            "that many degrees), so nothing else changes")


def which_way_up(name):
    """The "Which way up" section of a build with the Pico-LCD-1.3 (README
    lines): the two published start-ups, the datasheet's reading of them,
    and what the emulator can and cannot check."""
    turn = quarter_turn(name)
    d = pinmap.PROFILES[name]["display"]
    return [
        "### Which way up", "",
        "Nobody has seen this build's picture on a real panel yet, and the "
        "two published ways to start its ST7789 differ by a quarter turn:",
        "",
        "- MINIGAM starts it as Adafruit's CircuitPython driver does "
        "(`minigam/hw/st7789.py`): MADCTL 0x%02X (MY and MX set), with a "
        "row offset of %d (the profile's `rowstart`)."
        % (MINIGAM_MADCTL, d["rowstart"]),
        "- Waveshare's own demo for this board (`Pico-LCD-1.3.py` in "
        "github.com/waveshare/Pico_code) sends MADCTL 0x%02X (MV, MX and "
        "ML set) with no offset, and draws a marker beside each key with "
        "the board held as the first boot says: A, B, X, Y down the right, "
        "the joystick's cross on the left." % WAVESHARE_MADCTL,
        "",
        "What the ST7789 datasheet says: the frame memory is %d columns by "
        "%d rows and this panel shows %d x %d of it. MV exchanges the "
        "column and row addresses; then MX mirrors the panel's columns and "
        "MY its rows (its table of memory write directions); ML only sets "
        "the direction of the refresh. Waveshare's 0x%02X needs no offset, "
        "so the panel shows the memory's first %d rows; with MY set, those "
        "are addresses %d to %d, hence MINIGAM's offset of %d: both fill "
        "the whole screen. Pixel (x, y) of a picture lands on column %d - "
        "y, row x under 0x%02X, and on column %d - x, row %d - (y + %d) "
        "under 0x%02X with its offset: the same picture turned a quarter, "
        "MINIGAM's 90 degrees clockwise "
        "from Waveshare's (a turn, not a mirror image: if one shows text "
        "the right way round, so does the other). So if Waveshare's demo is upright, MINIGAM's "
        "default picture lies on its side with its top against the keys, "
        "and `MINIGAM_ROTATION = %d` stands it up."
        % (RAM_COLS, RAM_ROWS, d["width"], d["height"], WAVESHARE_MADCTL,
           d["height"], RAM_ROWS - d["height"], RAM_ROWS - 1, d["rowstart"],
           RAM_COLS - 1, WAVESHARE_MADCTL, RAM_COLS - 1, RAM_ROWS - 1,
           d["rowstart"], MINIGAM_MADCTL, turn),
        "",
        "Why the tests cannot tell: the emulator (`minigam/host/emu/"
        "board.mjs`, `panel.mjs`) files each pixel where the column and "
        "row addresses (CASET, RASET) say and ignores MADCTL; it shows the "
        "window at the profile's offsets, turned by the profile's rotation. "
        "So it checks that every pixel lands inside the %d x %d window the "
        "offsets name and that the frames equal the PC's, but not how the "
        "memory meets the glass: a real panel applies MADCTL and its own "
        "wiring, the emulator neither. A build a quarter turn off passes "
        "every gate; only a real panel shows it. Tell us which value yours "
        "needed (an issue on the repository)." % (d["width"], d["height"]),
        ""]


def power_check(name):
    """The assembly step "Check before the first power-up" of a wired
    Pico build: shorts, the diode's direction, VSYS on USB and on the
    cell."""
    p = pinmap.PROFILES[name]
    ring = bool(p["neopixel"])
    plug_on = name in wiring.PLUG_ON
    alone = ("the Pico alone, nothing plugged onto it" if plug_on else
             "the breadboard wired, USB unplugged")
    neighbours = ("pin 29 (GP22) touches neither 28 nor 30 (RUN: joined to "
                  "GND it holds the Pico in reset), " if ring else "")
    return (
        "**Check before the first power-up** (a multimeter; %s): "
        "VSYS (pin 39) to GND (pin 38) is not a short (a reading that "
        "climbs for a second is the Pico's capacitors charging, and fine; "
        "under 10 ohm that stays is a short: find it before going on); "
        "%s39 touches neither 38 nor 40. Battery option: on the diode-test "
        "range, red probe on the switch's outer pin (the diode's anode), "
        "black on pin 39: 0.1 to 0.4 V (the diode and the MOSFET's body "
        "diode conduct); the other way round: no reading. A reading both "
        "ways is a short or a MOSFET turned round; none both ways, an open "
        "joint. Then check the cell's plug against the charger (Power "
        "above), plug it in with the switch off, and power up: on USB "
        "(switch off), VSYS to GND reads about %g V (4.5 to 5.0); USB out, "
        "switch on, VSYS reads the cell's voltage (measure it at the "
        "charger's BAT pad) less under 0.05 V: more than 0.2 V less means "
        "the MOSFET is not conducting (its gate not on VBUS, or its source "
        "and drain swapped). Switch off again."
        % (alone, neighbours, wiring.VSYS_USB))


def first_boot(name):
    """The assembly step "First boot" of the default build: the screen the
    right way up, then the ring."""
    part = wiring.PLUG_ON[name][0]
    return (
        "**First boot:** USB out, plug the Pico into the %s: its back shows "
        "the Pico's outline with a USB mark; match the Pico's USB end to it "
        "and press the header fully into the board's sockets, the wires "
        "leading away sideways. Plug the USB back in: the MINIGAM menu "
        "comes up. %s. %s; [Which way up](#which-way-up) says why it may "
        "be, most likely by a quarter turn with the title against the "
        "keys. Then the ring: start a game and roll, and the ring lights "
        "the dice (the Dice indicator notes say how). Last, the battery: "
        "USB out, switch on: the same menu."
        % (part, upright(name), rotation_fix()))


# (entry, what it needs: "ring", "battery", "plug_on", "lcd" or None)
TROUBLES = [
    ("**Nothing at all on USB** (no drive, no light): a charge-only cable "
     "(try the data cable of the parts list, another port); VSYS shorted to "
     "GND, or pin 30 (RUN) touching a GND pin: the first power-up check, "
     "USB out.", None),
    ("**No RPI-RP2 drive for the UF2:** hold BOOTSEL before the cable goes "
     "in and until the drive appears; a charge-only cable shows nothing.",
     None),
    ("**The screen stays dark:** the header not pressed fully home, or the "
     "Pico turned round (its USB end must match the outline on the "
     "board's back); the firmware not installed (the PC shows RPI-RP2, "
     "not CIRCUITPY); settings.toml's `MINIGAM_PROFILE` naming another "
     "build.", "plug_on"),
    ("**The screen stays dark:** Vin on 3V3 (not 3Vo), GND, and Lite on "
     "its GP pin; on the Adafruit 1770, the IM1, IM2 and IM3 jumpers "
     "closed.", "breadboard"),
    ("**The backlight is on but the picture is white, black or noise:** a "
     "signal pin of the header not making contact (press it home); another "
     "panel than the profile's.",
     "plug_on"),
    ("**The picture is on its side or upside down:** `MINIGAM_ROTATION` "
     "(the first boot, and Which way up).", "lcd"),
    ("**A key or a direction does nothing:** press the header home; a "
     "wire's joint bridging to that key's pin beside it. The serial "
     "console (What went wrong, at the end) with `MINIGAM_TRACE = 2` in "
     "settings.toml prints each screen the keys lead to.", "plug_on"),
    ("**A button does nothing:** one leg on its GP pin, the diagonal leg "
     "on a GND rail; the button straddling the breadboard's gap.",
     "breadboard"),
    ("**The ring stays dark:** the wire on DIN, not DOUT (the arrows on "
     "the ring point away from DIN); the resistor's two joints; the data "
     "wire on pin 29 (GP22), not 28 or 30; the ring's 5V on VSYS (pin 39); "
     "`MINIGAM_PIXELS = 0` in settings.toml turns it off. It lights only "
     "when dice are rolled, not in the menu.", "ring"),
    ("**The first pixel is right and the rest flicker or show the wrong "
     "colours:** the data level on USB: a shorter data wire, then the "
     "optional 74AHCT125 (Dice indicator); a ring of another chip (an RGBW "
     "one, say) than the WS2812B's GRB.", "ring"),
    ("**The board restarts when the ring lights:** the capacitor missing "
     "or far from the ring's pads; on the cell, a cell nearly empty.",
     "ring"),
    ("**Blue and violet fade, or white turns yellow, on the cell:** VSYS "
     "below the pixels' 3.5 V: the cell nearly empty (charge it), or the "
     "MOSFET not conducting (the power-up check: VSYS within 0.05 V of "
     "the cell).", "ring"),
    ("**It runs on USB but not on the cell:** the switch off, or its "
     "middle pin not on the charger's BAT pad; the diode or the MOSFET "
     "turned round (the diode test of the power-up check); the cell flat "
     "(USB in: the charger's charge light is on while it charges).",
     "battery"),
    ("**The cell never charges:** the charger's 5V pad on VBUS (pin 40), "
     "not VSYS; its own USB socket must stay empty; the charge light off "
     "with USB in means no 5 V at the pad.", "battery"),
    ("**Anything gets hot:** unplug the USB and the cell at once. A cell "
     "plugged in reversed, a short on VSYS or a MOSFET turned round; find "
     "it with the power-up checks before powering again.", "battery"),
    ("**Reaching BOOTSEL without the button** (a new UF2 once the board "
     "covers it or the case hides it): CircuitPython can restart into the Pico's USB bootloader "
     "itself. Open the serial console (a terminal on the Pico's USB "
     "serial port: `screen /dev/ttyACM0` on Linux, Thonny's or Mu's "
     "console elsewhere), press Ctrl-C to stop the game and Enter for the "
     "`>>>` prompt, and type `import microcontroller; "
     "microcontroller.on_next_reset(microcontroller.RunMode.BOOTLOADER); "
     "microcontroller.reset()`: the RPI-RP2 drive appears (on the Pico, "
     "CircuitPython sends BOOTLOADER to the chip's ROM bootloader), and "
     "the UF2 goes on as before. A board that no longer starts "
     "CircuitPython needs the button: take the board or the case off.",
     "plug_on"),
    ("**What went wrong:** the serial console shows CircuitPython's "
     "message when the game stops; `boot_out.txt` on the CIRCUITPY drive "
     "names the firmware, its version and the board.", None),
    ("**Start afresh:** hold A and B while the board starts: it erases the "
     "saved game, the settings and the statistics.", None),
]


def troubleshooting(name):
    """The "Troubleshooting" section of a wired Pico build (README
    lines): the entries that apply to its parts."""
    p = pinmap.PROFILES[name]
    has = {None: True, "ring": bool(p["neopixel"]), "battery": True,
           "plug_on": name in wiring.PLUG_ON,
           "breadboard": name not in wiring.PLUG_ON,
           "lcd": name == pinmap.DEFAULT_PROFILE}
    return (["### Troubleshooting", ""]
            + ["- " + text for text, needs in TROUBLES if has[needs]] + [""])
