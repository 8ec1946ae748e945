"""Writes ``minigam.bg.met``, the device's match equity table, from the
Kazaross-XG2 table (Neil Kazaross and the eXtreme Gammon team: XG
rollouts to 9 points, GNU Backgammon rollouts to 15, extended to 25 by
projected take points), read from GNU Backgammon's transcription of it,
``met/Kazaross-XG2.xml`` (Debian's ``gnubg`` package installs it at
``/usr/share/gnubg/met/Kazaross-XG2.xml``).

``python -m minigam.host.aitools.bg.met [--xml FILE] [--out FILE]``

The table gives each player's match winning chance (MWC) before a game at
every score up to 25-away each: pre-Crawford (``ME(a, b)``: the player
``a`` points away against one ``b`` away; ``ME(a, b) + ME(b, a) = 1`` in
the file, checked here) and post-Crawford (the trailer ``a`` away against
the leader at 1-away). The module stores them as millionths (the file has
six decimals at most), three bytes each, little-endian: ``PRE`` the pairs
``a < b`` row by row (``ME(a, a)`` is one half, ``ME(b, a)`` is
``1 - ME(a, b)``), ``POST`` the trailer's MWC at 1..25-away (1-away: one
half). ``minigam.bg.cube`` reads them.
"""

import argparse
import xml.etree.ElementTree as ET

XML = "/usr/share/gnubg/met/Kazaross-XG2.xml"
OUT = "minigam/bg/met.py"


def read(path=XML):
    """``(pre, post)`` of the file as millionths: ``pre[i][j]`` is
    ``ME(i + 1, j + 1)``, ``post[i]`` the post-Crawford trailer's at
    ``i + 1``-away."""
    root = ET.parse(path).getroot()

    def rows(tag):
        return [[int(round(float(m.text) * 1000000)) for m in r.findall("me")]
                for r in root.find(tag).findall("row")]

    pre = rows("pre-crawford-table")
    post = rows("post-crawford-table")[0]
    n = len(pre)
    if any(len(r) != n for r in pre) or len(post) != n:
        raise ValueError("%s: not a square table" % path)
    for i in range(n):
        for j in range(n):
            if pre[i][j] + pre[j][i] != 1000000:
                raise ValueError("%s: ME(%d, %d) + ME(%d, %d) != 1"
                                 % (path, i + 1, j + 1, j + 1, i + 1))
    if post[0] != 500000:
        raise ValueError("%s: post-Crawford 1-away is not one half" % path)
    return pre, post


def _b3(vals):
    out = bytearray()
    for v in vals:
        out += bytes((v & 255, (v >> 8) & 255, v >> 16))
    return bytes(out)


def module_text(pre, post):
    n = len(pre)
    upper = [pre[i][j] for i in range(n) for j in range(i + 1, n)]
    lines = [
        '"""The Kazaross-XG2 match equity table (Neil Kazaross and the',
        "eXtreme Gammon team), read from GNU Backgammon's",
        "``met/Kazaross-XG2.xml``. Written by",
        "``python -m minigam.host.aitools.bg.met``: do not edit. Millionths,",
        "three bytes each, little-endian: ``PRE`` ME(a, b) for a < b row by",
        "row, ``POST`` the post-Crawford trailer's at 1..N-away.\"\"\"",
        "",
        "N = %d" % n,
        "PRE = (",
    ]
    for blob, name in ((_b3(upper), "PRE"), (_b3(post), "POST")):
        if name == "POST":
            lines.append("POST = (")
        for k in range(0, len(blob), 24):
            lines.append("    %r" % blob[k:k + 24])
        lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--xml", default=XML)
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    text = module_text(*read(args.xml))
    with open(args.out, "w") as f:
        f.write(text)
    print("wrote %s" % args.out)


if __name__ == "__main__":
    main()
