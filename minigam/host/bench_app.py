"""Bench figures of the handheld app (host only; printed, never asserted).

For each screen size of the profiles, a scripted game against the AI is
played through the real app by key presses. Every refresh is measured from
displayio's own dirty areas (what the panel is really sent):

* share of the screen's pixels redrawn per single checker move (the union
  of the refreshed areas of the frame that shows the move; the target is at
  most 25%), mean and worst;
* pixels actually changed per move (a frame diff: the floor any renderer
  must redraw);
* time per app frame on CPython (state update + displayio refresh).

``python -m minigam.host.bench_app`` prints them; the ``bench`` command
calls :func:`run`. Heap and VM timings need the MicroPython VM runner and
its displayio fakes (``minigam.host.vmfakes``); :func:`run` reports them
when those are present.
"""

import os
import sys
import time

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

SIZES = (("pybadge", "160x128"), ("pico-st7789", "240x240"),
         ("pico-ili9341", "320x240"))


class AreaMeter:
    """Collects the areas each refresh sends, for union coverage."""

    def __init__(self, display):
        from displayio._area import Area

        self.w = display.width
        self.h = display.height
        self.boxes = []
        core = display._core
        orig = display._refresh_area

        def area(a):
            c = Area()
            if core.clip_area(a, c):
                self.boxes.append((c.x1, c.y1, c.x2, c.y2))
            return orig(a)

        display._refresh_area = area

    def take(self):
        """(distinct pixels covered, pixels sent) since the last take."""
        mask = bytearray(self.w * self.h)
        sent = 0
        for x1, y1, x2, y2 in self.boxes:
            sent += (x2 - x1) * (y2 - y1)
            for y in range(y1, y2):
                b = y * self.w
                mask[b + x1:b + x2] = b"\x01" * (x2 - x1)
        self.boxes = []
        return sum(mask), sent


def measure(profile, seed=2, max_moves=200):
    """Play a game on ``profile`` by keys; returns a dict of figures."""
    from minigam.app import build_app
    from minigam.app import app as A
    from minigam.hw import keys as K
    from minigam.hw.host import build_host_profile
    from minigam.host.render import Frame

    hw = build_host_profile(profile)
    app = build_app(hw, seed=seed)
    meter = AreaMeter(hw.display)
    now = [0]
    frame_s = [0.0, 0]

    def tick(ms=40):
        now[0] += ms
        t = time.perf_counter()
        f = app.frames
        app.tick(now[0])
        if app.frames != f:
            frame_s[0] += time.perf_counter() - t
            frame_s[1] += 1

    def press(k):
        hw.keys.push(k)
        tick()

    tick()
    press(K.A)  # play vs AI
    press(K.A)  # opening roll
    press(K.A)
    meter.take()
    shares = []
    changed = []
    screen = hw.width * hw.height
    prev = Frame(hw.display)
    moves = 0
    worst = (0, "")
    while app.state != A.OVER and moves < max_moves:
        g = app.game
        before = (g.turn_no, len(g.steps))
        st0 = app.state
        if st0 == A.AIMOVE or st0 == A.DEST or st0 == A.ROLL:
            prev = Frame(hw.display)
        if app.state in (A.AI, A.AIMOVE):
            tick(100)
        else:
            press(K.A)
        after = (g.turn_no, len(g.steps))
        if after[1] > before[1] and after[0] == before[0]:
            cov, _ = meter.take()
            shares.append(cov / screen)
            if cov / screen > worst[0]:
                worst = (cov / screen, A.STATE_NAMES[st0])
            cur = Frame(hw.display)
            changed.append(cur.diff(prev) / screen)
            moves += 1
        else:
            meter.take()
    return {
        "profile": profile,
        "moves": len(shares),
        "share_mean": sum(shares) / len(shares),
        "share_max": max(shares),
        "changed_mean": sum(changed) / len(changed),
        "frame_ms": 1000 * frame_s[0] / max(1, frame_s[1]),
        "frames": frame_s[1],
        "worst_state": worst[1],
    }


def run(out=None):
    """Print the app's bench figures to ``out`` (default stdout)."""
    w = (out or sys.stdout).write
    w("app: screen redrawn per checker move (displayio dirty areas; "
      "target <= 25%)\n")
    for profile, size in SIZES:
        r = measure(profile)
        w("  %-8s %3d moves: redrawn mean %4.1f%% worst %4.1f%%, "
          "(after %s), pixels changed mean %4.1f%%; CPython %.1f ms/frame\n"
          % (size, r["moves"], 100 * r["share_mean"], 100 * r["share_max"],
             r["worst_state"], 100 * r["changed_mean"], r["frame_ms"]))
    try:
        from minigam.host import bench_app_vm
    except ImportError:
        w("app: VM heap and frame time: needs minigam.host.vmfakes "
          "(not available)\n")
        return 0
    return bench_app_vm.run(out)


def main(argv=None):
    return run()


if __name__ == "__main__":
    sys.exit(main())
