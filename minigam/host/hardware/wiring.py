"""The wiring facts of the builds: the display's pin labels, the boards
that plug onto the Pico, the ground pins the wiring views use, the
NeoPixel ring's supply and parts. The guide (``docs``), its drawings
(``views``) and the Wokwi diagram (``wokwi``) all draw on them, so none of
those imports another for them."""

from minigam.hw import pins as pinmap

# The display's pins as each build's board prints them, by role.
DISPLAY_LABELS = {
    # Waveshare's wiki, Pico-LCD-1.3: LCD_DC GP8, LCD_CS GP9, LCD_CLK GP10,
    # DIN GP11, LCD_RST GP12, LCD_BL GP13.
    "pico-st7789": {"sck": "CLK", "mosi": "DIN", "cs": "CS", "dc": "DC",
                    "rst": "RST", "backlight": "BL"},
    "pimoroni-display-pack-2": {"sck": "SCK", "mosi": "MOSI", "cs": "CS",
                                "dc": "DC", "backlight": "BL"},
    # Adafruit 1770, SPI side: power in is Vin (3-5 V; 3Vo is the
    # breakout's own 3.3 V output), the backlight input is Lite.
    "pico-ili9341": {"sck": "CLK", "mosi": "MOSI", "miso": "MISO",
                     "cs": "CS", "dc": "D/C", "rst": "RST",
                     "backlight": "Lite"},
}
# ... and on a generic red-PCB ILI9341 module, where they differ.
GENERIC_ILI9341 = {"sck": "SCK", "mosi": "SDI", "miso": "SDO", "dc": "DC",
                   "rst": "RESET", "backlight": "LED", "vin": "VCC"}
# The boards that plug onto the Pico's header: (name, whether the direction
# keys are a joystick). Their keys and display need no wiring.
PLUG_ON = {"pico-st7789": ("Pico-LCD-1.3", True),
           "pimoroni-display-pack-2": ("Display Pack", False)}
# The Pico pin each plug-on board takes its supply from, through the
# header. Waveshare's pin table for the Pico-LCD-1.3 (Readme_EN.txt of its
# Pico demos, github.com/waveshare/Pico_code: "VCC -> VSYS"; its boards
# take 2.6 to 5.5 V); the Display Pack runs on the Pico's 3V3.
ADDON_SUPPLY = {"pico-st7789": "VSYS", "pimoroni-display-pack-2": "3V3"}
JOYSTICK_KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "PRESS")
# Which GND pin each ground wire of the wiring views takes (any GND would
# do): the ring's beside GP22, the display's among its signals, the
# buttons' rails' beside the buttons.
RING_GND_PIN = 28
DISPLAY_GND_PIN = 8
BUTTON_GND_PINS = (3, 18, 23)
# The NeoPixel ring's data resistor and supply capacitor. Adafruit's
# Uberguide asks for 300-500 ohm and, across a large supply, 500-1000 uF;
# the capacitor sits on VSYS, which USB charges at plug-in, and USB 2.0
# allows a device 10 uF there: 470 uF, the smaller standard value, is
# plenty for a ring capped at 30% brightness.
RESISTOR_OHMS = 330
CAP_UF = 470
# The battery option's ideal diode: a P-channel MOSFET beside the Schottky
# (the Pico datasheet's "improved way": gate on VBUS), so VSYS gets the
# cell's voltage, not the cell's less the diode's 0.3-0.4 V. Its SOT-23
# pins (Diodes Inc.'s datasheet): 1 gate, 2 source, 3 drain.
PFET = "DMG2305UX"
PFET_PINS = {"gate": 1, "source": 2, "drain": 3}
# The WS2812B's supply range (Worldsemi's datasheet: 3.5 to 5.3 V) and
# the level its data input reads as a 1 (0.7 x its supply).
PIXEL_MIN_V = 3.5
PIXEL_VIH = 0.7
# Volts: VSYS on USB (5 V less the Pico's own Schottky), the cell full,
# nominal and cut off (Adafruit 1578: 4.2 V full, 3.7 V nominal, its
# protection cuts out at 3.0 V), the 1N5817's drop at the handheld's
# 0.2-0.3 A (its datasheet: 0.45 V at most at 1 A; about 0.35 V here).
VSYS_USB = 4.7
CELL_FULL, CELL_NOMINAL, CELL_EMPTY = 4.2, 3.7, 3.0
SCHOTTKY_DROP = 0.35
# Where the NeoPixel chain of a Pico build takes its supply: VSYS, which USB
# feeds through the Pico's own Schottky diode and the battery option through
# its diode. VBUS is dead without USB, so a ring on VBUS goes dark on battery
# (issue 19). Pin tables, steps, notes, wiring view and Wokwi all use this.
PIXEL_SUPPLY = "VSYS"


def ring_pin():
    """The NeoPixel pin of the Pico builds (the default profile's)."""
    return pinmap.PROFILES[pinmap.DEFAULT_PROFILE]["neopixel"]["pin"]
