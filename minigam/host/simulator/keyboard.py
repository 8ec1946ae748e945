"""The PC keys that press the handheld's keys: the desktop simulator's,
and the browser page's (``minigam.host.web`` writes them into the page)."""

from minigam.hw import keys as K

# (key code, label, pygame's key constants, browser KeyboardEvent.key values)
KEYBOARD = (
    (K.A, "A / Z / Enter / Space",
     ("K_a", "K_z", "K_RETURN", "K_KP_ENTER", "K_SPACE"),
     ("a", "A", "z", "Z", "Enter", " ")),
    (K.B, "B / Backspace", ("K_b", "K_BACKSPACE"), ("b", "B", "Backspace")),
    (K.X, "X", ("K_x",), ("x", "X")),
    (K.Y, "Y", ("K_y",), ("y", "Y")),
    (K.UP, "Up", ("K_UP",), ("ArrowUp",)),
    (K.DOWN, "Down", ("K_DOWN",), ("ArrowDown",)),
    (K.LEFT, "Left", ("K_LEFT",), ("ArrowLeft",)),
    (K.RIGHT, "Right", ("K_RIGHT",), ("ArrowRight",)),
    (K.PRESS, "P / Tab", ("K_p", "K_TAB"), ("p", "P", "Tab")),
)


def key_map(codes):
    """``[(key code, label of the PC keys)]`` for the keys a profile has."""
    return [(row[0], row[1]) for row in KEYBOARD if row[0] in codes]


def browser_keys(codes):
    """``{KeyboardEvent.key: key name}`` for the keys a profile has."""
    return {dom: K.key_name(row[0]) for row in KEYBOARD if row[0] in codes
            for dom in row[3]}
