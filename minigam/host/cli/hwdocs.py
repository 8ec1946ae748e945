"""``hwdocs [--check] [--png DIR]``: regenerate hardware/ from the
profiles' pin data.

``--check`` writes nothing and exits 1 listing every file that differs.
``--png DIR`` also renders every generated SVG (the wiring views and the
schematic) to a PNG in DIR, to look at; it needs cairosvg (in the dev extras) and the cairo
library.
"""

import argparse
import os
import sys

from minigam.host.hardware import docs as hwdocs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host hwdocs")
    ap.add_argument("--check", action="store_true",
                    help="only report files that differ from the pin data")
    ap.add_argument("--png", metavar="DIR",
                    help="also render each generated SVG to DIR/<name>.png")
    args = ap.parse_args(argv)
    files = hwdocs.generate()
    if args.png:
        rc = render_png(files, args.png)
        if rc:
            return rc
    stale = []
    for rel, text in sorted(files.items()):
        path = os.path.join(ROOT, rel)
        try:
            with open(path, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        if current == text:
            continue
        stale.append(rel)
        if not args.check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            print("wrote %s" % rel)
    if args.check and stale:
        print("out of date (run: python -m minigam.host hwdocs): "
              + ", ".join(stale))
        return 1
    if not stale:
        print("hardware/ is up to date")
    return 0


def render_png(files, out_dir):
    """Render the SVGs among ``files`` to PNGs in ``out_dir``."""
    try:
        import cairosvg
    except (ImportError, OSError) as e:  # OSError: no libcairo
        print("--png needs cairosvg and the cairo library (pip install "
              "cairosvg; apt-get install libcairo2): %s" % e)
        return 2
    os.makedirs(out_dir, exist_ok=True)
    for rel, text in sorted(files.items()):
        if rel.endswith(".svg"):
            png = os.path.join(out_dir, os.path.basename(rel)[:-4] + ".png")
            cairosvg.svg2png(bytestring=text.encode("utf-8"), write_to=png)
            print("rendered %s" % png)
    return 0
