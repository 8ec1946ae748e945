"""VM fake of CircuitPython's ``board``: every upper-case pin name exists.

``board_id`` is ``"raspberry_pi_pico"``. ``DISPLAY`` does not exist unless a
test sets it (``board.DISPLAY = ...``). Which pins a real board has is the
mypy gate's job (circuitpython-stubs), not this fake's.
"""

from microcontroller import Pin

board_id = "raspberry_pi_pico"
_pins = {}


def __getattr__(name):
    if name == "DISPLAY" or not name[:1].isupper():
        raise AttributeError(name)
    pin = _pins.get(name)
    if pin is None:
        pin = _pins[name] = Pin(name)
    return pin


def SPI():
    import busio

    return busio.SPI(__getattr__("SCK"), MOSI=__getattr__("MOSI"), MISO=__getattr__("MISO"))


def I2C():
    import busio

    return busio.I2C(__getattr__("SCL"), __getattr__("SDA"))
