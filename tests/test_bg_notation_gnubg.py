"""Backgammon's plays in words against GNU Backgammon's (issue 54, item 7).

``minigam.bg.notation.format_play`` (the tutor's notice, the review, the
PC's ``review``) must write every play as gnubg 1.07 does in its move
lists: one checker's moves joined (``24/15``) but its hits kept
(``11/8*/5``), a repeated move counted (``6/2*(2)``), a hit marked once
for its point, the moves in gnubg's order, ``bar`` and ``off``.

Offline (always): tests/data/bg_notation.txt.gz, gnubg's words for every
legal play of 2,500 decision points chosen for their joins, counts, hits,
entering and bearing off (written by ``python
tests/test_bg_notation_gnubg.py --write-fixture``): one line a position and
roll, ``<position-id> <d1>-<d2> <words>;<words>;...``, the words in the
order of the plays' result IDs sorted as text (``legal`` prints them so).
Run it from the repository with ``PYTHONPATH=.``.

Live (only where gnubg is installed): new random positions and positions
of gnubg's own games, every legal play, and every order and every choice
of dice a player could make the play in, against gnubg itself.
"""

import gzip
import os
import random
import sys

import pytest

from bg_refgen import random_position
from minigam.bg.ids import format_position_id, parse_position_id
from minigam.bg.notation import format_play
from minigam.bg.rules import Rules, can_move, do_move
from minigam.host.aitools.bg import gnubg

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "data", "bg_notation.txt.gz")
RULES = Rules()

live = pytest.mark.skipif(not gnubg.available(),
                          reason="gnubg is not installed")

# For each query, gnubg's words and result ID of every play its hint (0
# plies, no pruning: every play) lists.
_WORDS = gnubg.HINT_SETUP + r'''
for pid, d1, d2 in QUERIES:
    setup(pid, d1, d2)
    out = []
    for mv in [h["move"] for h in gnubg.hint(100000)["hint"]]:
        setup(pid, d1, d2)
        gnubg.command("move " + mv)
        b = gnubg.board()  # (mover, opponent) after the play
        out.append((mv, gnubg.positionid((b[1], b[0]))))
    emit(repr((pid, d1, d2, out)))
'''


def gnubg_words(queries):
    """``[{result ID: gnubg's words}, ...]``, one a ``(pid, d1, d2)``."""
    import ast
    text = gnubg.run(_WORDS % {"queries": list(queries)})
    out = []
    for line, q in zip(text.splitlines(), queries):
        pid, d1, d2, plays = ast.literal_eval(line)
        assert (pid, d1, d2) == tuple(q)
        out.append(dict((r, w) for w, r in plays))
    assert len(out) == len(queries)
    return out


def our_plays(pos, d1, d2):
    """``{result ID: [(src, die, hit), ...]}`` of the generator's plays."""
    out = {}
    for k in range(RULES.plays(pos, d1, d2)):
        q = bytearray(pos)
        steps = []
        b = k << 3
        for j in range(RULES.steps(k)):
            s, d = RULES.moves[b + 2 * j], RULES.moves[b + 2 * j + 1]
            steps.append((s, d, do_move(q, 0, s, d)))
        out[format_position_id(q)] = steps
    return out


def every_way(pos, d1, d2, n):
    """``{result ID: [steps, ...]}``: every sequence of ``n`` single moves
    (any order, any choice of dice) a player could make with the roll."""
    out = {}

    def go(p, left, steps):
        if len(steps) == n:
            out.setdefault(format_position_id(p), []).append(steps)
            return
        for j, d in enumerate(left):
            if d in left[:j]:
                continue
            for i in range(25):
                if can_move(p, 0, i, d):
                    q = bytearray(p)
                    h = do_move(q, 0, i, d)
                    go(q, left[:j] + left[j + 1:], steps + [(i, d, h)])

    go(bytearray(pos), [d1] * 4 if d1 == d2 else [d1, d2], [])
    return out


def read_fixture(path=FIXTURE):
    with gzip.open(path, "rt") as f:
        out = []
        for line in f:
            pid, roll, words = line.rstrip("\n").split(" ", 2)
            d1, d2 = (int(x) for x in roll.split("-"))
            out.append((pid, d1, d2, words.split(";")))
    return out


# -- offline ---------------------------------------------------------------

def test_every_play_of_the_fixture_in_gnubgs_words():
    entries = read_fixture()
    assert len(entries) >= 2500
    bad = []
    n = 0
    for pid, d1, d2, words in entries:
        ours = our_plays(parse_position_id(pid), d1, d2)
        assert len(ours) == len(words), (pid, d1, d2)
        for r, want in zip(sorted(ours), words):
            n += 1
            got = format_play(1, ours[r])
            if got != want:
                bad.append("%s %d-%d: %s, gnubg %s" % (pid, d1, d2, got,
                                                      want))
    assert not bad, "%d of %d plays differ, e.g.\n%s" % (
        len(bad), n, "\n".join(bad[:10]))
    # The fixture has what the words are about.
    every = ";".join(";".join(e[3]) for e in entries)
    for part in ("*/", ")", "*(", "bar/", "/off", "*/off", "bar/2"):
        assert part in every, part


# -- live ------------------------------------------------------------------

def fresh_queries(n, seed, games=0):
    """``n`` random decision points (the player on roll first in the ID),
    then those of ``games`` games gnubg plays against itself."""
    rng = random.Random(seed)
    out = []
    seen = set()
    while len(out) < n:
        p = random_position(rng)
        if p[52] != 1:
            continue
        q = (format_position_id(p), rng.randint(1, 6), rng.randint(1, 6))
        if q not in seen:
            seen.add(q)
            out.append(q)
    if games:
        out += gnubg.game_positions(games, seed=seed)
    return out


@live
def test_every_way_of_making_each_play_reads_as_gnubg_writes_it():
    queries = fresh_queries(150, seed=54, games=3)
    bad = []
    ways = 0
    for (pid, d1, d2), want in zip(queries, gnubg_words(queries)):
        pos = parse_position_id(pid)
        ours = our_plays(pos, d1, d2)
        assert set(ours) == set(want) or not (ours or want), (pid, d1, d2)
        if not ours:
            continue
        n = len(next(iter(ours.values())))
        found = every_way(pos, d1, d2, n)
        for r, words in want.items():
            assert r in found, (pid, d1, d2, words)
            for steps in found[r]:
                ways += 1
                got = format_play(1, steps)
                if got != words:
                    bad.append("%s %d-%d %r: %s, gnubg %s"
                               % (pid, d1, d2, steps, got, words))
    assert not bad, "%d of %d differ, e.g.\n%s" % (len(bad), ways,
                                                   "\n".join(bad[:10]))
    assert ways > 5000


# -- the fixture's writer --------------------------------------------------

def _interesting(words):
    return any(c in words for c in "*()") or "bar" in words \
        or "off" in words or any(w.count("/") > 1 for w in words.split())


def write_fixture(path=FIXTURE, n=2500, seed=7):
    """gnubg's words for ``n`` decision points whose plays show joins,
    counts, hits, entering or bearing off (random positions and gnubg's own
    games, seed ``seed``)."""
    pool = fresh_queries(3 * n, seed, games=60)
    lines = []
    for (pid, d1, d2), words in zip(pool, gnubg_words(pool)):
        if len(lines) < n and any(_interesting(w) for w in words.values()):
            lines.append("%s %d-%d %s\n" % (pid, d1, d2, ";".join(
                [words[r] for r in sorted(words)])))
    with gzip.open(path, "wt") as f:
        f.writelines(lines)
    return len(lines)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write-fixture"]:
        sys.exit("usage: python tests/test_bg_notation_gnubg.py "
                 "--write-fixture")
    print("wrote %d lines to %s" % (write_fixture(), FIXTURE))
