"""Hardware layer: board profiles, keys, dice pixels, NVM store, ticks.

Everything the app needs from the hardware comes from ONE profile object::

    from minigam.hw.loader import load_profile
    hw = load_profile()            # device: MINIGAM_PROFILE or board.board_id
    # host: from minigam.host.simulator.hwhost import build_host_profile
    #       hw = build_host_profile("pybadge", keys="A A RIGHT")

Profile interface (``minigam.hw.profile.Profile``), identical on every board
and on the host:

- ``hw.name``: profile name, e.g. ``"pico-st7789"``.
- ``hw.display``: a displayio display (``BusDisplay``/``Display``) with
  ``.width``, ``.height``, ``.root_group`` (assign your Group) and
  ``.refresh()``; ``auto_refresh`` is off, so call ``hw.display.refresh()``
  (or ``hw.refresh()``) after changing the screen.
- ``hw.width``, ``hw.height``: screen size in pixels.
- ``hw.keys``: ``minigam.hw.keys.KeyReader``: ``poll(now_ms)`` -> one key code
  or ``keys.NONE``; ``held(code)``; ``clear()``. Key codes in
  ``minigam.hw.keys``: A B X Y UP DOWN LEFT RIGHT PRESS.
- ``hw.poll(now_ms)``: ``hw.keys.poll`` for the app's loop, with the idle
  time: a key restarts it, and a key that finds the screen dimmed or blank
  lights it and is dropped (``keys.NONE``).
- ``hw.key_codes``: tuple of the key codes this board has (a 4-button board
  has only A B X Y: the app must work with those).
- ``hw.has_joystick``: True if UP/DOWN/LEFT/RIGHT exist.
- ``hw.pixels``: ``minigam.hw.pixels.DiceIndicator`` (dice, roll and thinking
  animations); advance it with ``hw.tick(now_ms)``.
- ``hw.store``: ``minigam.hw.store.Store`` on ``microcontroller.nvm``:
  ``load(kind)`` / ``save(kind, data)`` / ``capacity(kind)`` for kinds
  ``GAME``, ``SETTINGS``, ``STATS``.
- ``hw.brightness``: 0.0..1.0 (property): backlight (where dimmable) and
  pixels.
- ``hw.sleep(level=2)``: backlight and pixels off (2), dimmed to a quarter
  of ``brightness`` (1), or back on (0); ``hw.idle`` is the level.
- ``hw.tick(now_ms)``: advance pixel animations, and dim the screen and
  the pixels after 2 minutes without a key (``hw.still``: the ticks of the
  last one), blank them after 5 (call every loop pass).
- ``hw.ticks_ms()``: current ticks (``minigam.hw.ticks``); host profiles use a
  settable clock (``hw.clock.advance(ms)``).

settings.toml keys read by the device profiles: ``MINIGAM_PROFILE``
(profile name), ``MINIGAM_PIXELS`` (NeoPixel count, default 12 on the Pico
profiles, 5 on PyBadge/PyGamer; 0 = none), ``MINIGAM_ROTATION`` (display
rotation override), ``MINIGAM_PIXEL_MAX`` (pixel brightness at full
brightness, percent, default 30), ``MINIGAM_REPEAT_DELAY`` /
``MINIGAM_REPEAT_RATE`` (ms, default 400 / 120), ``MINIGAM_JOY_INVERT_Y``
(PyGamer: 1 if up and down come out swapped), ``MINIGAM_CPU_MHZ`` (an
RP2040's clock, default 200; 125 is the chip's own; ``loader.set_clock``).

Modules: ``pins`` (the profile index: names, modules, board ids),
``keys``, ``pixels``, ``store``, ``ticks``, ``profile`` (the Profile
class), ``loader`` (which profile, and building it: start-up only),
``parts`` (device builders), ``profiles/<name>.py`` (one per profile: its
pin data ``DATA``, ``STUBS_BOARD`` and ``build()``; a board imports only
its own), ``bootreset`` (A+B at power-on erases
the store; run by ``boot.py``), ``host`` (PC fakes; never shipped).
"""
