"""Power-on reset of the saved data: hold A and B while the board starts.

Called from ``boot.py``. Reads the two keys once (pins with pull-ups, or the
shift register through ``keypad``), and if both are down erases the store on
``microcontroller.nvm`` (no filesystem, no remount). Never raises: a board
whose keys cannot be read simply boots normally.
"""

RESET_KEYS = ("A", "B")


def _pin_keys_down(board, p, names):
    import digitalio

    down = 0
    for n in names:
        pin_name, level = p["keys"][n]
        io = digitalio.DigitalInOut(getattr(board, pin_name))
        try:
            io.switch_to_input(pull=digitalio.Pull.DOWN if level else digitalio.Pull.UP)
            if io.value == level:
                down += 1
        finally:
            io.deinit()
    return down


def _shift_keys_down(board, p, names):
    import time

    import keypad

    ks = p["keypad_shift"]
    want = [int(p["keys"][n][0][2:]) for n in names]
    scanner = keypad.ShiftRegisterKeys(
        clock=getattr(board, ks["clock"]),
        data=getattr(board, ks["data"]),
        latch=getattr(board, ks["latch"]),
        key_count=ks["key_count"],
        value_when_pressed=ks["value_when_pressed"],
    )
    try:
        time.sleep(0.06)  # a few scans
        ev = keypad.Event()
        pressed = []
        while scanner.events.get_into(ev):
            if ev.pressed:
                pressed.append(ev.key_number)
            elif ev.key_number in pressed:
                pressed.remove(ev.key_number)
        return sum(1 for b in want if b in pressed)
    finally:
        scanner.deinit()


def reset_requested(name=None):
    """True if every key of ``RESET_KEYS`` is held now."""
    import board

    from minigam.hw.pins import profile_module
    from minigam.hw.loader import select_profile_name

    p = profile_module(select_profile_name(name)).DATA
    names = [n for n in RESET_KEYS if n in p["keys"]]
    if len(names) != len(RESET_KEYS):
        return False
    if p["keypad_shift"]:
        return _shift_keys_down(board, p, names) == len(names)
    return _pin_keys_down(board, p, names) == len(names)


def run(name=None):
    """Erase the saved data if A and B are held; returns True if it did."""
    try:
        if not reset_requested(name):
            return False
        import microcontroller

        from minigam.hw.store import Store

        Store(microcontroller.nvm).erase()
        print("minigam: A+B held at power-on: saved game, settings and statistics erased")
        return True
    except Exception as exc:  # noqa: BLE001 (boot must never fail)
        print("minigam: boot key check skipped:", exc)
        return False
