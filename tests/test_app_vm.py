"""The app runs inside the real MicroPython VM (displayio faked): a whole
game against the AI and a pass-and-play start, on each screen size, driven
by key events. Catches CPython-only code in the app's modules."""

import pytest

from minigam.host import vm

CODE = r"""
import sys
sys.path.insert(0, "/lib")
from minigam.hw import keys as K
""" + vm.FAKE_PROFILE + r"""
hw, q, disp = _hw, _q, _disp
from minigam.app.start import build_app
from minigam.app import app as A
from minigam.app import states as S
app = build_app(hw, seed=3)
now = 0


def press(k):
    global now
    q.record(k, True)
    q.record(k, False)
    now += 50
    app.tick(now)


app.tick(0)
press(K.A)  # play vs AI
press(K.A)  # opening roll
press(K.A)
n = 0
held = None
while app.state != A.OVER:
    if app.state == A.DEST and held is None:
        held = [m for m in sys.modules if m.startswith("minigam")]
    n += 1
    assert n < 5000, "game does not end"
    if app.state in (A.AI, A.AIMOVE):
        now += 100
        app.tick(now)
    elif app.state == A.PICK and n %% 5 == 0:
        press(K.X)
    else:
        press(K.A)
turns = len(app.game.turns)
print("DEST", " ".join(sorted(held)))
print("OVER", " ".join(sorted(m for m in sys.modules if m.startswith("minigam"))))
press(K.B)  # menu
assert app.state == A.MENU
press(K.X)
press(K.A)  # two players
press(K.A)
press(K.A)
assert app.state in (A.PICK, A.DONE, A.AIMOVE), S.STATE_NAMES[app.state]
print("OK", turns, disp.refreshes)
"""


@pytest.mark.parametrize("w,h,nvm", [(160, 128, 256), (240, 240, 4096),
                                     (320, 240, 4096)])
def test_app_in_micropython_vm(w, h, nvm):
    try:
        out = vm.run(CODE % {"w": w, "h": h, "nvm": nvm, "pixels": 5}, timeout=600)
    except vm.VMError as exc:
        if exc.type == "VMUnavailable":
            pytest.skip(str(exc))
        raise
    line = [ln for ln in out.splitlines() if ln.startswith("OK")]
    assert line, out[-2000:]
    turns, refreshes = map(int, line[0].split()[1:])
    assert turns > 5 and refreshes > turns
    # What a game holds (on stock CircuitPython a loaded .mpy stays in the
    # heap): nothing only the start-up, the menu or a save's reading needs;
    # at game over (its banner's text is a page's), not the AI's code.
    held = dict((ln.split()[0], set(ln.split()[1:])) for ln in out.splitlines()
                if ln.startswith(("DEST ", "OVER ")))
    never = {"minigam.hw.loader", "minigam.hw.parts", "minigam.hw.pins",
             "minigam.app.sprites", "minigam.app.menu", "minigam.app.pages",
             "minigam.app.text_view", "minigam.quarter.save_reader",
             "minigam.quarter.notation", "minigam.quarter.net_file", "minigam.quarter.record"}
    assert "minigam.quarter.ai" in held["DEST"] and "minigam.quarter.game" in held["DEST"]
    assert not never & held["DEST"], never & held["DEST"]
    at_over = (never - {"minigam.app.pages"}) | {"minigam.quarter.ai"}
    assert not at_over & held["OVER"], at_over & held["OVER"]
