"""The PC keys that press the handheld's keys: the desktop simulator's,
and the browser page's (``minigam.host.web`` writes them into the page)."""

from minigam.hw import keys as K

# (key code, label, pygame key names, browser KeyboardEvent.key values)
KEYBOARD = (
    (K.A, "A / Z / Enter / Space", ("a", "z", "return", "enter", "space"),
     ("a", "A", "z", "Z", "Enter", " ")),
    (K.B, "B / Backspace", ("b", "backspace"), ("b", "B", "Backspace")),
    (K.X, "X", ("x",), ("x", "X")),
    (K.Y, "Y", ("y",), ("y", "Y")),
    (K.UP, "Up", ("up",), ("ArrowUp",)),
    (K.DOWN, "Down", ("down",), ("ArrowDown",)),
    (K.LEFT, "Left", ("left",), ("ArrowLeft",)),
    (K.RIGHT, "Right", ("right",), ("ArrowRight",)),
    (K.PRESS, "P / Tab", ("p", "tab"), ("p", "P", "Tab")),
)


def key_map(codes):
    """``[(key code, label of the PC keys)]`` for the keys a profile has."""
    return [(row[0], row[1]) for row in KEYBOARD if row[0] in codes]


def browser_keys(codes):
    """``{KeyboardEvent.key: key name}`` for the keys a profile has."""
    return {dom: K.key_name(row[0]) for row in KEYBOARD if row[0] in codes
            for dom in row[3]}
