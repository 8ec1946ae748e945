"""One module per hardware profile: ``NAME``, ``STUBS_BOARD``, ``DATA`` (the
profile's pin and part data) and ``build()``. A device imports only its own
profile's module (``minigam.hw.pins`` is the index), so it never holds the
other boards' pins. Pins are strings naming ``board`` attributes
(``"GP15"``); ``minigam.hw.parts`` turns them into pins with ``getattr``.

``DATA`` is a dict with these keys:

- ``name``: the profile name (``NAME``).
- ``title``: human-readable hardware description.
- ``stubs_board``: the circuitpython-stubs board name (``STUBS_BOARD``).
- ``stock_24_point_games``: True when its stock CircuitPython bundle
  carries Backgammon and Long Nardy (the board's RAM holds them: the heap
  arithmetic in docs/measurements.md); False: MINIGAM alone. (A key of
  over 10 characters: the device never interns it. The board's chip, which
  host tools need, is ``minigam.host.hardware.chips``'s, by the stubs
  board, so it costs the device nothing.)
- ``display``: dict: ``driver`` (``"st7789"``, ``"ili9341"`` or ``"builtin"``),
  ``width``, ``height``, ``rotation``, ``rowstart``, ``colstart``,
  ``builtin`` (True: use ``board.DISPLAY``, never release it), and for SPI
  displays ``sck``, ``mosi``, ``miso`` (None: unused), ``cs``, ``dc``,
  ``rst`` (None: not wired), ``baudrate``; ``backlight`` (pin or None;
  None on built-in displays, which drive their own backlight).
- ``keys``: dict key name -> (pin, active_level). Key names are among
  A B X Y UP DOWN LEFT RIGHT PRESS. ``active_level`` False = active-low
  (pressed pulls the pin to ground; use the internal pull-up).
  For shift-register boards the pins are the register's pins, listed in
  ``keypad_shift`` instead, and ``keys`` maps the key name to
  (``"SR<n>"``, True) where n is the register bit.
- ``keypad_shift``: None, or dict ``clock``, ``data``, ``latch``,
  ``key_count``, ``value_when_pressed`` for ``keypad.ShiftRegisterKeys``.
- ``joystick_analog``: None, or dict ``x``, ``y`` analog pins (PyGamer).
- ``neopixel``: None, or dict ``pin``, ``count`` (default count; the Pico
  profiles let ``settings.toml`` ``MINIGAM_PIXELS`` change it), ``order``
  (``"GRB"``).
- ``rgb_led``: None, or dict ``r``, ``g``, ``b`` pins and ``active_level``
  (False = active-low, common anode), ``pwm`` (True: dim with pwmio).
- ``nvm_bytes``: size of ``microcontroller.nvm`` on that board.
"""
