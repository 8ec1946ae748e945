# MINIGAM's overlay on CircuitPython's raspberry_pi_pico board. The build
# (python -m minigam.host.firmware_build) copies the stock board folder
# from the source bundle and appends these lines, so later settings win.
USB_PRODUCT = "MINIGAM Pico"
USB_MANUFACTURER = "MINIGAM"

# Modules a dice game never imports: off, for flash and static RAM.
CIRCUITPY_ULAB = 0
CIRCUITPY_AUDIOMP3 = 0
CIRCUITPY_QRIO = 0
CIRCUITPY_BLEIO_HCI = 0
CIRCUITPY_SYNTHIO = 0
CIRCUITPY_USB_HOST = 0
CIRCUITPY__EVE = 0
CIRCUITPY_PICODVI = 0
CIRCUITPY_RGBMATRIX = 0
CIRCUITPY_JPEGIO = 0
CIRCUITPY_GIFIO = 0
CIRCUITPY_BITMAPFILTER = 0
CIRCUITPY_AESIO = 0
CIRCUITPY_USB_VIDEO = 0
CIRCUITPY_FLOPPYIO = 0
CIRCUITPY_IMAGECAPTURE = 0

# Native code: the AI evaluator's hot loops (minigam/ai_native.py) are viper
# functions, frozen as ARMv6-M machine code.
CIRCUITPY_ENABLE_MPY_NATIVE = 1
MPY_CROSS_FLAGS += -march=armv6m

# Start-up: no 1 s wait for a reset press into safe mode before code.py
# (a MINIGAM board is recovered by holding BOOTSEL and dragging the UF2).
CIRCUITPY_SKIP_SAFE_MODE_WAIT = 1

# NVM: two 4 KB sectors, for the store's log (minigam/hw/store.py), after a
# firmware region 4 KB smaller than stock; link.ld says the same to the
# linker. CIRCUITPY starts at 1016 + 8 = 1024 KB, as on stock.
CFLAGS += -DCIRCUITPY_FIRMWARE_SIZE='(1016 * 1024)'
CFLAGS += -DCIRCUITPY_INTERNAL_NVM_SIZE='(8 * 1024)'

# The clock: code.py sets the RP2040 to 200 MHz (microcontroller.cpu.
# frequency). The Pico SDK's set_sys_clock_khz then moves clk_peri to the
# 48 MHz USB PLL unless told to keep it on the system PLL, as the SDK's
# own 200 MHz configuration runs it: the display's SPI gets 200 / 4 = 50
# MHz instead of 48 / 2 = 24.
CFLAGS += -DPICO_CLOCK_ADJUST_PERI_CLOCK_WITH_SYS_CLOCK=1
