"""``web build [--out DIR] [--firmware UF2]`` | ``web serve [--dir DIR]
[--port N]`` | ``web shot PNG [--keys SCRIPT] [--size WxH]``: the page that
plays MINIGAM's real firmware in a browser (``make web``, then ``make
web-serve``); ``shot`` photographs the built page in headless Chromium
after a key script (the README's picture)."""

import argparse
import os
import sys


def main(argv):
    from minigam.host.web import build as web_build
    ap = argparse.ArgumentParser(
        prog="minigam.host web",
        description="Build the browser page (the release's Pico UF2 on an "
                    "emulated RP2040), or serve it on this computer.")
    sub = ap.add_subparsers(dest="job", required=True)
    b = sub.add_parser("build", help="write the page (default build/web)")
    b.add_argument("--out", help="the folder (emptied first)")
    b.add_argument("--firmware", metavar="UF2",
                   help="the UF2 to boot (default: the firmware build's "
                        "product UF2, built if needed)")
    s = sub.add_parser("serve", help="serve the built page")
    s.add_argument("--dir", help="the folder (default build/web)")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1")
    p = sub.add_parser("shot", help="a PNG of the built page in headless "
                                     "Chromium, after --keys")
    p.add_argument("png")
    p.add_argument("--dir", help="the folder (default build/web)")
    p.add_argument("--keys", default="", help="key script (as for sim; "
                   "no trace on the product drive: each tap waits 200 ms)")
    p.add_argument("--boot-ms", type=int, default=10000,
                   help="emulated ms to boot before the keys")
    p.add_argument("--size", default="1000x800", help="the browser's "
                   "viewport, WxH")
    args = ap.parse_args(argv)
    if args.job == "shot":
        return _shot(args, web_build)
    if args.job == "build":
        try:
            web_build.build(args.out, uf2=args.firmware, log=sys.stdout)
        except (web_build.WebBuildError, OSError) as exc:
            sys.stderr.write("error: %s\n" % exc)
            return 2
        return 0
    from minigam.host.web.serve import server
    folder = args.dir or web_build.default_out()
    if not os.path.isfile(os.path.join(folder, "handheld.json")):
        sys.stderr.write("error: no page in %s: run `make web` first\n"
                         % folder)
        return 2
    srv = server(folder, args.port, args.host)
    sys.stdout.write("serving %s at http://%s:%d/ (Ctrl-C stops)\n"
                     % (folder, args.host, srv.server_address[1]))
    sys.stdout.flush()
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


def _shot(args, web_build):
    from minigam.host.emu.device import EmuError
    from minigam.host.simulator import sim
    from minigam.host.web.browser import BrowserSession
    from minigam.host.web.serve import in_background
    folder = args.dir or web_build.default_out()
    if not os.path.isfile(os.path.join(folder, "handheld.json")):
        sys.stderr.write("error: no page in %s: run `make web` first\n"
                         % folder)
        return 2
    width, height = (int(v) for v in args.size.lower().split("x"))
    server, url = in_background(folder)
    try:
        s = BrowserSession(url, width=width, height=height)
        try:
            s.run(args.boot_ms)
            for kind, arg in sim.parse_script(args.keys):
                sim.run_step(s, kind, arg)
            s.run(1000)
            s.screenshot(args.png)
        finally:
            s.close()
    except EmuError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    finally:
        server.shutdown()
    sys.stdout.write("wrote %s\n" % args.png)
    return 0
