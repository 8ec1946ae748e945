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
JOYSTICK_KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "PRESS")
# Which GND pin each ground wire of the wiring views takes (any GND would
# do): the ring's beside GP22, the display's among its signals, the
# buttons' rails' beside the buttons.
RING_GND_PIN = 28
DISPLAY_GND_PIN = 8
BUTTON_GND_PINS = (3, 18, 23)
# The NeoPixel ring's data resistor and supply capacitor (500-1000 uF,
# 6.3 V or more, across the supply).
RESISTOR_OHMS = 330
CAP_UF = 1000

# Where the NeoPixel chain of a Pico build takes its supply: VSYS, which USB
# feeds through the Pico's own Schottky diode and the battery option through
# its diode. VBUS is dead without USB, so a ring on VBUS goes dark on battery
# (issue 19). Pin tables, steps, notes, wiring view and Wokwi all use this.
PIXEL_SUPPLY = "VSYS"


def ring_pin():
    """The NeoPixel pin of the Pico builds (the default profile's)."""
    return pinmap.PROFILES[pinmap.DEFAULT_PROFILE]["neopixel"]["pin"]
