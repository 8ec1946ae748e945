"""Dice indicator: what every pixel count shows for every roll.

Device test: plain asserts, runs on CPython and in the MicroPython VM.
"""

from minigam.hw import pixels as P
from minigam.hw.pixels import DIE_COLORS, DiceIndicator
from minigam.hw.rgbled import RGBLed

COUNTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 24)


class Strip:
    def __init__(self, n):
        self.v = [(9, 9, 9)] * n  # not black, so an unwritten pixel shows
        self.shows = 0

    def __len__(self):
        return len(self.v)

    def __setitem__(self, i, c):
        self.v[i] = (c[0], c[1], c[2])

    def show(self):
        self.shows += 1


def _scaled(c, level=256):
    if level >= 256:
        return c
    return ((c[0] * level) >> 8, (c[1] * level) >> 8, (c[2] * level) >> 8)


def _dice_frame(n, d1, d2, player, used1, used2, colors, phase=0):
    """The expected pixels, written out independently of the implementation."""
    black = (0, 0, 0)
    out = [black] * n
    mover = colors[player]
    l1 = 64 if used1 else 256
    l2 = 64 if used2 else 256
    if n >= 12:
        for i in range(6):
            out[i] = _scaled(mover, l1) if i < d1 else black
            out[6 + i] = _scaled(mover, l2) if i < d2 else black
    elif n >= 2:
        out[0] = _scaled(DIE_COLORS[d1], l1)
        out[n - 1] = _scaled(DIE_COLORS[d2], l2)
        for i in range(1, n - 1):
            out[i] = _scaled(mover, 40)
    else:
        if phase == 0:
            out[0] = _scaled(DIE_COLORS[d1], l1)
        elif phase == 2:
            out[0] = _scaled(DIE_COLORS[d2], l2)
    return out


def test_every_roll_every_pixel_count():
    colors = P.PLAYER_COLORS
    for n in COUNTS:
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                for player in (1, 2):
                    for used in ((False, False), (True, False), (False, True), (True, True)):
                        s = Strip(n)
                        ind = DiceIndicator(s)
                        ind.show_dice(d1, d2, player, used[0], used[1], now_ms=1000)
                        assert ind.tick(1000)
                        exp = _dice_frame(n, d1, d2, player, used[0], used[1], colors, 0)
                        assert s.v == exp, (n, d1, d2, player, used, s.v)
                        if n >= 12:
                            lit1 = sum(1 for i in range(6) if s.v[i] != (0, 0, 0))
                            lit2 = sum(1 for i in range(6, 12) if s.v[i] != (0, 0, 0))
                            assert (lit1, lit2) == (d1, d2)
                            assert all(c == (0, 0, 0) for c in s.v[12:])


def test_one_pixel_alternates_between_the_dice():
    show, gap = P.ALT_SHOW_MS, P.ALT_GAP_MS
    period = 2 * (show + gap)
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            s = Strip(1)
            ind = DiceIndicator(s)
            t0 = 5000
            ind.show_dice(d1, d2, 1, now_ms=t0)
            seen = []
            for t in range(0, 2 * period, 50):
                ind.tick(t0 + t)
                ph = t % period
                if ph < show:
                    assert s.v[0] == DIE_COLORS[d1]
                elif ph < show + gap:
                    assert s.v[0] == (0, 0, 0)
                elif ph < 2 * show + gap:
                    assert s.v[0] == DIE_COLORS[d2]
                else:
                    assert s.v[0] == (0, 0, 0)
                if s.v[0] not in seen:
                    seen.append(s.v[0])
            assert DIE_COLORS[d1] in seen and DIE_COLORS[d2] in seen


def test_die_colours_are_distinct_and_lit():
    for v in range(1, 7):
        assert DIE_COLORS[v] != (0, 0, 0)
        for w in range(v + 1, 7):
            assert DIE_COLORS[v] != DIE_COLORS[w]


def test_used_die_is_dimmed_not_dark():
    for n in (1, 5, 12):
        s = Strip(n)
        ind = DiceIndicator(s)
        ind.show_dice(6, 6, 1, now_ms=0)
        ind.tick(0)
        full = list(s.v)
        ind.set_used(True, False)
        ind.tick(0)
        assert s.v[0] != full[0] and s.v[0] != (0, 0, 0)
        assert sum(s.v[0]) < sum(full[0])


def test_roll_animation_tumbles_then_settles():
    for n in (1, 2, 5, 12):
        s = Strip(n)
        ind = DiceIndicator(s)
        ind.roll(4, 2, 2, 100, duration_ms=600)
        assert ind.mode == P.ROLL
        frames = []
        for t in range(100, 700, 35):
            ind.tick(t)
            if s.v not in frames:
                frames.append(list(s.v))
        assert len(frames) >= 3, (n, len(frames))  # it moves
        ind.tick(700)
        assert ind.mode != P.ROLL
        ind.tick(701)
        assert s.v == _dice_frame(n, 4, 2, 2, False, False, P.PLAYER_COLORS, 0)


def test_thinking_animation_moves_in_the_movers_colour():
    for n in (1, 3, 12, 13):
        s = Strip(n)
        ind = DiceIndicator(s)
        ind.think(2, 0)  # player 2: (255, 0, 64), player 1 white
        frames = []
        for t in range(0, 2000, 30):
            ind.tick(t)
            for c in s.v:
                assert c[1] == 0 and c[2] * 4 <= c[0] + 4  # player 2's
            if s.v not in frames:
                frames.append(list(s.v))
        assert len(frames) >= 3, n
        ind.show_mover(1)
        ind.tick(2000)
        dim = (255 * P.MOVER_LEVEL) >> 8
        assert all(c == (dim, dim, dim) for c in s.v[: min(n, 12)])


def test_brightness_scales_and_sleep_turns_off():
    s = Strip(12)
    ind = DiceIndicator(s)
    ind.show_dice(6, 6, 1, now_ms=0)
    ind.brightness = 0.5
    ind.tick(0)
    assert s.v[0] == (128, 128, 128)
    ind.brightness = 0
    ind.tick(1)
    assert all(c == (0, 0, 0) for c in s.v)
    ind.brightness = 1
    ind.tick(2)
    assert s.v[0] == (255, 255, 255)
    ind.brightness = 0  # (the board's idle blank)
    ind.tick(3)
    assert all(c == (0, 0, 0) for c in s.v)
    ind.roll(1, 1, 1, 4)
    ind.tick(50)
    assert all(c == (0, 0, 0) for c in s.v)  # dark: animations stay dark
    ind.brightness = 1
    ind.tick(2000)
    assert s.v[0] == (255, 255, 255) and s.v[1] == (0, 0, 0)


def test_static_frames_are_written_once():
    s = Strip(12)
    ind = DiceIndicator(s)
    ind.show_dice(3, 5, 1, now_ms=0)
    assert ind.tick(0)
    shows = s.shows
    for t in range(1, 2000, 10):
        assert not ind.tick(t)
    assert s.shows == shows
    ind.off()
    assert ind.tick(2000)
    assert all(c == (0, 0, 0) for c in s.v)


def test_bad_dice_and_no_pixels_are_refused():
    ind = DiceIndicator(Strip(3))
    for bad in ((0, 3), (3, 7), (-1, 1)):
        try:
            ind.show_dice(bad[0], bad[1])
            assert False, bad
        except ValueError:
            pass
    try:
        DiceIndicator([])
        assert False
    except ValueError:
        pass


class Pwm:
    def __init__(self):
        self.duty_cycle = None


def test_rgb_led_active_low_and_high():
    r, g, b = Pwm(), Pwm(), Pwm()
    led = RGBLed(r, g, b, active_low=True)
    assert (r.duty_cycle, g.duty_cycle, b.duty_cycle) == (65535, 65535, 65535)  # off
    ind = DiceIndicator(led)
    ind.show_dice(1, 4, 1, now_ms=0)
    ind.tick(0)
    assert led[0] == DIE_COLORS[1]
    assert r.duty_cycle == 0 and g.duty_cycle == 65535 and b.duty_cycle == 65535
    led2 = RGBLed(r, g, b, active_low=False)
    led2[0] = (255, 0, 128)
    led2.show()
    assert (r.duty_cycle, g.duty_cycle, b.duty_cycle) == (65535, 0, 128 * 257)


def test_ticks_wrap_does_not_stall_animations():
    from minigam.hw.ticks import ticks_add

    s = Strip(12)
    ind = DiceIndicator(s)
    t0 = (1 << 29) - 300
    ind.think(1, t0)
    frames = []
    for k in range(0, 1500, 45):
        ind.tick(ticks_add(t0, k))
        if s.v not in frames:
            frames.append(list(s.v))
    assert len(frames) >= 10
