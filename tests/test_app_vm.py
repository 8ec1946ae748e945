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
from minigam.app import build_app
from minigam.app import app as A
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
while app.state != A.OVER:
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
press(K.B)  # menu
assert app.state == A.MENU
press(K.X)
press(K.A)  # two players
press(K.A)
press(K.A)
assert app.state in (A.PICK, A.DONE, A.AIMOVE), A.STATE_NAMES[app.state]
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
