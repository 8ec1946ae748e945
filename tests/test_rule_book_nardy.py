"""The Long Nardy rule book's worked examples are tests.

``docs/rules/long-nardy.md`` holds one table of worked examples (found by
its header row). For every row:

* the position is canonical notation and not a finished game;
* the results the row lists are exactly the engine's distinct results of
  the roll, as ``legal --game nardy`` prints them (turn passed, sorted as
  text), and the same as the slow reference generator's
  (tests/nardy_refgen.py);
* the play written beside each result is legal move by move (each move a
  legal single move, in the board's numbering, of an unused die of the
  roll), uses as many dice as the engine's plays do, and reaches that
  result; a ``pass`` only where the engine finds no play;
* a result that ends the game is named in the row's text: "mars" or
  "oin", as ``win_kind`` says.

And the table as a whole shows each rule: the rows whose results the
block rule or the first-turn exception changes are found by running the
reference generator without that rule.
"""

import re
from pathlib import Path

import nardy_refgen
from minigam.host.cli.legal import nardy_answerer
from minigam.nardy.notation import format_position, parse_position
from minigam.nardy.rules import (BLOCK, OFF, TURN, Rules, can_move,
                                 do_move, end_turn, opposite, win_kind,
                                 winner)
from minigam.quarter.notation import parse_roll

BOOK = Path(__file__).resolve().parents[1] / "docs" / "rules" / \
    "long-nardy.md"
HEADER = ["#", "what it shows", "position", "roll", "results"]
CODE = re.compile(r"`([^`]*)`")
RESULT = re.compile(r"`([^`]*)`\s+(\S.*)")
MOVE = re.compile(r"([1-9]|1[0-9]|2[0-4])/([1-9]|1[0-9]|2[0-4]|off)")
RULES = Rules()
ANSWER = nardy_answerer()


def _cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]


def book_rows():
    """``[(label, line_no, text, position, d1, d2, [(result, play)])]``."""
    lines = BOOK.read_text(encoding="utf-8").splitlines()
    start = None
    for n, line in enumerate(lines):
        if line.strip().startswith("|") and _cells(line) == HEADER:
            assert start is None, "two tables with the examples' header"
            start = n
    assert start is not None, "no table with header %r in %s" % (HEADER,
                                                                 BOOK)
    assert set(_cells(lines[start + 1])) <= {"---", ":---", "---:", ":---:"}
    rows = []
    for n in range(start + 2, len(lines)):
        if not lines[n].strip().startswith("|"):
            break
        cells = _cells(lines[n])
        where = "rule book line %d" % (n + 1)
        assert len(cells) == len(HEADER), "%s: %d cells" % (where,
                                                            len(cells))
        label, text, position, roll, results = cells
        m = CODE.fullmatch(position)
        assert m, "%s: the position must be one `code` span" % where
        d1, d2 = parse_roll(roll)
        listed = []
        for part in results.split("<br>"):
            r = RESULT.fullmatch(part.strip())
            assert r, "%s: expected '`position` play', got %r" % (where,
                                                                 part)
            listed.append((r.group(1), r.group(2).strip()))
        rows.append((label, n + 1, text, m.group(1), d1, d2, listed))
    return rows


def _index(side, point):
    """The mover's index of board point ``point`` (White's numbering)."""
    i = 25 - point
    return opposite(i) if side == 2 else i


def play_reaches(pos, d1, d2, text):
    """The number of moves of play ``text`` and the position it reaches
    (turn passed), checking each move as a legal single move of an unused
    die (the die of a bear-off is found by trying each that fits);
    AssertionError if no assignment of the dice makes it legal."""
    if text == "pass":
        out = bytearray(pos)
        end_turn(out)
        return 0, out
    side = pos[TURN]
    moves = []
    for token in text.split():
        m = MOVE.fullmatch(token)
        assert m, "bad move %r in play %r" % (token, text)
        src = _index(side, int(m.group(1)))
        dst = OFF if m.group(2) == "off" else _index(side, int(m.group(2)))
        assert dst > src, "move %r goes backwards for %s" % (
            token, "White" if side == 1 else "Black")
        moves.append((src, dst))
    dice = [d1] * 4 if d1 == d2 else [d1, d2]
    m = 0 if side == 1 else BLOCK

    def search(work, k, left):
        if k == len(moves):
            return work
        src, dst = moves[k]
        for j, d in enumerate(left):
            if d in left[:j]:
                continue  # the same die value again
            if dst < OFF and src + d != dst:
                continue
            if dst == OFF and src + d < OFF:
                continue
            if not can_move(work, m, src, d):
                continue
            nxt = bytearray(work)
            do_move(nxt, m, src, d)
            got = search(nxt, k + 1, left[:j] + left[j + 1:])
            if got is not None:
                return got
        return None

    got = search(bytearray(pos), 0, dice)
    assert got is not None, "play %r is not legal move by move" % text
    end_turn(got)
    return len(moves), got


def test_nardy_rule_book_examples_match_the_engine():
    rows = book_rows()
    assert len(rows) >= 15, "only %d examples in the rule book" % len(rows)
    labels = [r[0] for r in rows]
    assert labels == [str(k) for k in range(1, len(rows) + 1)], labels
    failures = []
    for label, line, text, position, d1, d2, listed in rows:
        where = "example %s (rule book line %d)" % (label, line)
        pos = parse_position(position)
        assert format_position(pos) == position, "%s: not canonical" % where
        assert not winner(pos), "%s: the game is already over" % where
        got = [r for r, _ in listed]
        assert got == sorted(got), "%s: results not sorted" % where
        assert len(set(got)) == len(got), "%s: a result twice" % where
        engine = ANSWER(pos, d1, d2).split(";")
        ref = sorted(format_position(nardy_refgen.from_abs(
            (s[0], s[1], s[2], 3 - s[3])))
            for s in nardy_refgen.ref_results(pos, d1, d2))
        assert engine == ref, "%s: engine and reference differ" % where
        if got != engine:
            failures.append("%s: %s %d-%d\n  the book lists: %s\n"
                            "  the engine says: %s"
                            % (where, position, d1, d2, got, engine))
            continue
        n = RULES.plays(pos, d1, d2)
        steps = RULES.steps(0) if n else 0
        for result, play in listed:
            assert (play == "pass") == (n == 0), \
                "%s: %r, and the engine has %d plays" % (where, play, n)
            try:
                used, board = play_reaches(pos, d1, d2, play)
            except AssertionError as exc:
                raise AssertionError("%s: %s" % (where, exc))
            assert used == steps, "%s: %r plays %d dice, the engine %d" \
                % (where, play, used, steps)
            assert format_position(board) == result, \
                "%s: %r reaches %s, not %s" % (where, play,
                                               format_position(board),
                                               result)
            kind = win_kind(board)
            if kind:
                word = "mars" if kind == 2 else "oin"
                assert word in text.lower(), \
                    "%s: %s ends the game (%s), the text does not say so" \
                    % (where, play, word)
    assert not failures, "rule book examples disagree with the engine:\n" \
        + "\n".join(failures)


def _changed_by(rows, without):
    """The labels of the rows whose results ``without(pos, d1, d2)`` (the
    reference generator without one rule) changes."""
    return [r[0] for r in rows
            if without(parse_position(r[3]), r[4], r[5])
            != nardy_refgen.ref_results(parse_position(r[3]), r[4], r[5])]


def _no_block_rule(pos, d1, d2):
    saved = nardy_refgen.has_forbidden_block
    nardy_refgen.has_forbidden_block = lambda *args: False
    try:
        return nardy_refgen.ref_results(pos, d1, d2)
    finally:
        nardy_refgen.has_forbidden_block = saved


def _no_head_doubles(pos, d1, d2):
    return nardy_refgen.ref_results(pos, d1, d2, head_doubles=False)


def test_nardy_rule_book_covers_the_rules():
    rows = book_rows()
    plays = [p for r in rows for _, p in r[6]]
    assert any(p == "pass" for p in plays), "no pass"
    assert any(r[4] == r[5] for r in rows), "no double"
    assert any("/off" in p for p in plays), "no bearing off"
    assert any(parse_position(r[3])[TURN] == 2 for r in rows), \
        "no example with Black on roll"
    # A row whose every play uses one die of a non-double (the higher, or
    # the only one), and the two kinds of win.
    assert any(r[4] != r[5] and all(len(p.split()) == 1 and p != "pass"
                                    for _, p in r[6]) for r in rows)
    kinds = {win_kind(parse_position(res)) for r in rows for res, _ in r[6]}
    assert {1, 2} <= kinds, "an oin and a mars"
    # Rows the block rule and the first-turn exception change.
    assert len(_changed_by(rows, _no_block_rule)) >= 2
    assert len(_changed_by(rows, _no_head_doubles)) >= 3
