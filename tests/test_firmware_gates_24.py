"""Firmware gates of the 24-point games, driven by keys on the MINIGAM
firmware on the emulated RP2040 within the 24-point games' heap budget
(``bench_firmware.BG_BUDGET``: 100 KB free), with the tutor on (it judges
each of the player's plays, and A keeps a play it names): eight rounds of
Long Nardy against Hard (the board then equal to the host's), then its
two-player opening; a Long Nardy race resumed from a planted save, played
out and reviewed; and
Backgammon's native feature rows and evaluations on the board equal the
host's. Whole Long Nardy games, against the AI and for two players, are
the simulator's (tests/test_app_nardy.py): here one took about 25 minutes
of CI (2026-11-28). The rounds reach every state of play but the game's
end, whose code and heap Backgammon's whole game shares.

Apart from ``test_firmware_gates.py`` (whose helpers they use) so that
``make test`` runs them beside the other device gates, one a core; the
whole Backgammon game, the longest, is ``test_firmware_gates_bg.py``,
which runs with the MINIGAM gates.
"""

import os

from minigam.host.bench import firmware as bench
from minigam.host.emu import device
from minigam.host.firmware.probes import WAIT_FOR_HOST
from minigam.host.simulator import sim

from test_firmware_gates import (  # noqa: F401 (minigam_firmware: a fixture)
    OUT, SEED, TWO_PLAYER_OPENING, TWO_PLAYERS, compare, host_frame,
    minigam_firmware, play, start, states, within_budget)

# Main page: down to "Game", MINIGAM -> Backgammon, up to "AI level",
# Medium -> Hard, up to "Play vs AI"; then Settings, down to "Tutor" (its
# sixth line, after Rules), on, back (B) and up.
BACKGAMMON_HARD = "X X X A Y A Y Y X*4 A X*5 A B Y*4 "
NARDY_HARD = "X X X A A Y A Y Y X*4 A X*5 A B Y*4 "  # (Game twice: Nardy)
# A round against the AI: the player's turn by A (first choices), then
# A until the player's roll again.
ROUND = "A*until:AI A*until:ROLL "
# Game over: the summary, then the review (``review_on_the_board``).
REVIEW = " X X await:REVIEW"
REVIEW_LIMIT_S = 90


def review_on_the_board(s, want):
    """Game over: the review asked for (``REVIEW``), then awaited a
    second of the emulated chip's time at a time until the board shows
    its first page, equal to ``want`` (the host's frame). Prints the
    seconds it took (the runner models the Pico's flash cache) and the
    longest wait for the tutor's check; returns the seconds."""
    play(s, REVIEW)
    for k in range(1, REVIEW_LIMIT_S + 1):
        play(s, "wait:1000")
        if s.frame().diff(want) == 0:
            checks = [b[1] - a[1] for a, b in zip(s.visits, s.visits[1:])
                      if a[0] == "CHECK"]
            print("review made in %d s (emulated); the tutor's check "
                  "waited %d ms at most (%d checks)"
                  % (k, max(checks or [0]), len(checks)))
            return k
    s.frame().save_png(os.path.join(OUT, "no-review-page-emu.png"))
    want.save_png(os.path.join(OUT, "no-review-page-host.png"))
    raise AssertionError("no review page after %d s: see %s"
                         % (REVIEW_LIMIT_S, OUT))


def against_hard_then_two_players(firmware, game_keys, play_keys, name,
                                  check_console=None, review=False):
    """From the menu, ``game_keys`` choose the game and Hard and turn the
    tutor on; ``play_keys`` play against it, the board then equal to the
    host's (frame ``name``), ``check_console(session)`` on the session
    (what the board printed is its ``console``); with ``review``, the
    game's review, its page equal to the host's; then a two-player
    opening, all within the 24-point games' heap budget."""
    script = game_keys + play_keys
    profile = "pico-st7789"
    with start(profile, firmware, frozen=True) as s:
        play(s, script)
        s.run(500)
        s.check()
        seen = states(s)
        assert "AIMOVE" in seen and "DEST" in seen
        assert "TUTOR" in seen  # (A took first choices: it named one)
        compare(profile, s.frame(), script, name)
        if check_console is not None:
            check_console(s)
        back = "B "
        if review:
            review_on_the_board(s, host_frame(profile, script + REVIEW +
                                              " wait:1000"))
            s.check()
            back = "B B B "  # the review, the summary, the final board
        before = len(states(s))
        # (the menu now starts with "Resume <game>": two down to "Two players")
        play(s, back + "await:MENU X " + TWO_PLAYERS + TWO_PLAYER_OPENING)
        s.run(500)
        s.check()
        two = states(s)[before:]
        assert "AI" not in two and two.count("PICK") >= 2, two
        print("lowest free %.1f KB (in %s)" % (bench.lowest(s)[0][1] / 1024.0,
                                                bench.lowest(s)[0][0]))
        within_budget(s, "frozen", bench.BG_BUDGET)


def test_long_nardy_against_hard_and_for_two_players(minigam_firmware):
    """On the MINIGAM firmware, by keys: eight rounds of Long Nardy
    against Hard, the board then equal to the host's, then a two-player
    opening, within the 24-point games' heap budget."""
    against_hard_then_two_players(minigam_firmware, NARDY_HARD,
                                  "A A " + ROUND * 8, "nardy-rounds-hard")


# A Long Nardy race near its end, White (the player) to roll: its whole
# game by keys, tutor on, then its review, on the board and on the host
# from the same NVM (a whole game from the start takes about 25 minutes of
# CI; this one, a few).
NARDY_RACE = "5x2,4x3,2x2,1,offx7/17x2,16x3,14x2,13,offx7/w"


def nardy_race_nvm():
    """The NVM of the MINIGAM firmware (its 8 KB) holding Hard and the
    tutor on, and a Long Nardy game saved at ``NARDY_RACE``: made by the
    host's app, by keys but for the position."""
    from minigam.host.simulator.hwhost import HostNVM
    from minigam.nardy.notation import parse_position
    nvm = HostNVM(device.NVM_MINIGAM[1])
    s = sim.Session("pico-st7789", SEED, nvm=nvm)
    try:
        play(s, NARDY_HARD + "A A")  # the opening roll
        g = s.app.game
        g.setup(parse_position(NARDY_RACE))
        s.app.save_game()
        return bytes(nvm.data)
    finally:
        s.close()


def test_long_nardy_reviewed_on_the_board(minigam_firmware):
    """On the MINIGAM firmware, by keys: a saved Long Nardy race resumed
    (the menu's first line), played to its end against Hard with the
    tutor on, then the game's review; its page equals the host's from
    the same NVM, within the 24-point games' heap budget."""
    from minigam.host.simulator.hwhost import HostNVM
    image = nardy_race_nvm()
    script = "A await:ROLL A*until:OVER"
    nvm = HostNVM(len(image))
    nvm.data[:] = image
    host = sim.Session("pico-st7789", SEED, nvm=nvm)
    try:
        play(host, script + REVIEW + " wait:1000")
        want = host.frame()
        assert host.app.review.done and host.app.review.n >= 2
    finally:
        host.close()
    want.save_png(os.path.join(OUT, "nardy-review-host.png"))
    uf2, bootrom = minigam_firmware
    files = device.drive_files("pico-st7789", {"MINIGAM_SEED": SEED},
                               frozen=True)
    s = device.EmuSession("pico-st7789", files=files, uf2=uf2,
                          bootrom=bootrom, nvm=image)
    with s:
        s.boot()
        play(s, script)
        s.check()
        assert states(s)[-1] == "OVER"
        review_on_the_board(s, want)
        s.frame().save_png(os.path.join(OUT, "nardy-review-emu.png"))
        s.check()
        print("lowest free %.1f KB (in %s)" % (bench.lowest(s)[0][1] / 1024.0,
                                                bench.lowest(s)[0][0]))
        within_budget(s, "frozen", bench.BG_BUDGET)


BG_NATIVE_PROBE = WAIT_FOR_HOST + b'''
from minigam.bg import eval as bge
from minigam.bg import rules as R
from minigam.bg import shape
print("native", bge.NATIVE)
nat = bge._nat
nat_net = bge.net()  # reads W3 in place; the plain loops need arrays:
bge._nat = None
bge._NET[0] = None
plain_net = bge.net()
bge._nat = nat
rules = R.Rules()
rows_n = bytearray(shape.K_FEAT)
rows_p = bytearray(shape.K_FEAT)
x = 4321
def rnd(n):
    global x
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF
    return (x >> 16) % n
pos = R.new_position(2)
while not R.winner(pos):
    nat.bg_shape(pos, rows_n)
    shape.features(pos, rows_p)
    bge._NET[0] = nat_net
    z1 = bge.evaluate(pos)
    bge._nat = None
    bge._NET[0] = plain_net
    z2 = bge.evaluate(pos)
    bge._nat = nat
    print("pos", bytes(pos).hex(), bytes(rows_n).hex(), rows_n == rows_p,
          " ".join(str(z) for z in z1), z1 == z2)
    n = rules.plays(pos, rnd(6) + 1, rnd(6) + 1)
    if n:
        rules.apply(pos, rnd(n))
    else:
        pos[R.TURN] = 3 - pos[R.TURN]
print("PROBE DONE")
'''


def test_backgammon_native_features_and_evaluations_match_the_host(
        minigam_firmware):
    """On the MINIGAM firmware the feature rows (``ai_native.bg_shape``)
    and evaluations of every position of a random-play game (both sides
    to move, contact, hits and the race) equal the board's own plain code
    and the host's."""
    from minigam.bg import eval as bge
    from minigam.bg import shape
    uf2, bootrom = minigam_firmware
    files = device.drive_files("pico-st7789", {}, frozen=True)
    files["code.py"] = BG_NATIVE_PROBE
    with device.EmuSession("pico-st7789", files=files, uf2=uf2,
                           bootrom=bootrom) as s:
        s.run(1800000, until="PROBE DONE")
        s.check()
        assert "native True" in s.console
        lines = [ln.split() for ln in s.console.splitlines()
                 if ln.startswith("pos ")]
    assert len(lines) > 50, s.console[-2000:]
    for line in lines:
        pos = bytearray(bytes.fromhex(line[1]))
        rows = bytes(shape.features(pos, bytearray(shape.K_FEAT)))
        assert (line[2], line[3], line[-1]) == (rows.hex(), "True", "True")
        assert [int(z) for z in line[4:-1]] == bge.evaluate(pos), line[1]
