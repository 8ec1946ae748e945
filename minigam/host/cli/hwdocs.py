"""``hwdocs [--check]``: regenerate hardware/ from the profiles' pin data.

``--check`` writes nothing and exits 1 listing every file that differs.
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
    args = ap.parse_args(argv)
    stale = []
    for rel, text in sorted(hwdocs.generate().items()):
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
