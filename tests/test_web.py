"""The browser page in a real browser: the distribution's Chromium,
headless, driven by puppeteer-core (``minigam.host.web.browser``).

The page is built as ``make web`` builds it, served from a local server,
and judged against the Node runner of the firmware gates: the same
board.mjs, so the canvas must equal the emulator's frame pixel for pixel.
Skipped, saying why, where no Chromium is installed (CI installs it).
"""

import os

import pytest

from minigam.host.emu import device
from minigam.host.simulator import sim

from test_firmware_gates import (  # noqa: F401 (minigam_firmware: a fixture)
    OUT, SEED, minigam_firmware, play)

PROFILE = "pico-st7789"
EASY = "X X A A Y Y "  # menu: "AI level" Medium -> Easy, back up
# A MINIGAM game against Easy, every play by A, to its end; then the menu.
EASY_GAME = EASY + "A A A A*until:OVER B await:MENU"
# Game: Backgammon, play against the AI to the player's first roll, back
# to the menu (the game is saved: "Resume Backgammon" heads the menu).
BACKGAMMON = " X X X A Y Y Y A A*until:ROLL B await:MENU"
# Then Long Nardy (the Game line is one lower now): its opening and a round.
NARDY = " X X X X A Y Y Y A A*until:ROLL A*until:AI A*until:ROLL B await:MENU"
RESUME = "A await:ROLL"  # "Resume <game>" is the menu's first line
PRODUCT_BOOT_MS = 10000


@pytest.fixture(scope="module")
def page(minigam_firmware, tmp_path_factory):
    """The page built and served: (url, product UF2, traced UF2). The
    traced UF2 is the same firmware with a drive whose settings print the
    app's states and seed the dice (the page boots it with
    ?firmware=traced.uf2)."""
    from minigam.host.web import build as web_build
    from minigam.host.web.browser import chromium
    from minigam.host.web.serve import in_background
    if chromium() is None:
        why = ("no Chromium here: the browser test needs the distribution's "
               "(apt-get install chromium; CI installs it)")
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    product, bootrom = minigam_firmware
    out = str(tmp_path_factory.mktemp("web"))
    web_build.build(out, uf2=product, bootrom=bootrom)
    traced = web_build.add_traced_firmware(out, product, PROFILE, SEED)
    server, url = in_background(out)
    yield url, product, traced
    server.shutdown()


def browser(url):
    from minigam.host.web.browser import BrowserSession
    return BrowserSession(url, PROFILE)


def node_frame_rgb(uf2, script="", nvm=None, boot_ms=None):
    """The Node runner's frame, as RGB, after booting ``uf2`` (with
    ``nvm``) and playing ``script``."""
    with device.EmuSession(PROFILE, uf2=uf2, drive_in_uf2=True,
                           nvm=nvm) as s:
        if boot_ms:
            s.run(boot_ms)
        else:
            s.boot()
        play(s, script)
        s.run(1000)
        return sim.frame_rgb(s.frame())


def differing(a, b):
    return int((a != b).any(axis=2).sum())


def test_the_page_boots_the_release_uf2_to_its_menu(page):
    """The page as a visitor gets it: the product UF2 (no trace) boots to
    the menu, drawn exactly as the Node runner's frame."""
    url, product, _ = page
    s = browser(url)
    try:
        s.run(PRODUCT_BOOT_MS)
        os.makedirs(OUT, exist_ok=True)
        s.screenshot(os.path.join(OUT, "web-page.png"))
        got = s.canvas_rgb()
        assert s.state is None  # (the product drive prints no trace)
    finally:
        s.close()
    want = node_frame_rgb(product, boot_ms=PRODUCT_BOOT_MS)
    assert differing(got, want) == 0
    assert got.any()  # (not a blank canvas that equals a blank frame)


def test_a_game_to_its_end_the_other_games_and_a_resume(page):
    """By keys in the page: a MINIGAM game against Easy to its end, then
    Backgammon and Long Nardy opened and played a little; the page is
    reloaded (the board starts anew), and the saved Long Nardy game
    resumes from the NVM the browser kept; its canvas equals the Node
    runner's frame of the same NVM and keys."""
    from minigam.app import persist as P
    from minigam.hw import store as S
    url, _, traced = page
    s = browser(url + "?firmware=traced.uf2")
    try:
        s.boot()
        play(s, EASY_GAME)
        assert "OVER" in [v[0] for v in s.visits]
        play(s, BACKGAMMON + NARDY)
        seen = [v[0] for v in s.visits]
        assert seen.count("ROLL") >= 3 and "AIMOVE" in seen
        s.run(500)  # (the page stores the NVM after each turn of its own)
        stored = s.nvm()
        store = S.Store(bytearray(stored))
        for kind in (P.BACKGAMMON, P.NARDY):  # each game has its own slot
            assert store.load(P.slot(kind)) is not None
        assert store.load(S.STATS) is not None
        s.reload()
        assert s.nvm() == stored
        s.boot()
        play(s, RESUME)
        s.run(1000)
        got = s.canvas_rgb()
        assert s.speeds and max(v[1] for v in s.speeds) > 0
        # Storage the page did not write (damaged bytes of the right size,
        # then text that is not base64): the board starts as a new one
        # would, or with what it can still read, and shows its menu.
        for bad in (bytes(b ^ 0x5A for b in stored), "not base64!"):
            s.store_nvm(bad)
            s.reload()
            s.boot()
            s.check()
    finally:
        s.close()
    want = node_frame_rgb(traced, RESUME, nvm=stored)
    if differing(got, want):
        from PIL import Image
        Image.fromarray(got).save(os.path.join(OUT, "web-resume-got.png"))
        Image.fromarray(want).save(os.path.join(OUT, "web-resume-want.png"))
    assert differing(got, want) == 0
