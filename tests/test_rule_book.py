"""The rule book's worked examples are tests.

``docs/rules/minigam.md`` holds one table of worked examples (found by its
header row). For every row, the rules engine's distinct results of the roll
(positions with the turn passed, canonical notation, sorted) must be exactly
the positions the row lists.
"""

import re
from pathlib import Path

from minigam.quarter.notation import format_position, parse_position, parse_roll
from minigam.quarter.rules import Rules

BOOK = Path(__file__).resolve().parents[1] / "docs" / "rules" / "minigam.md"
HEADER = ["#", "what it shows", "position", "variant", "roll", "results"]
VARIANTS = {"standard": False, "full-entry": True}
CODE = re.compile(r"`([^`]*)`")


def _cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]


def _code(cell, where):
    """The notation in backticks filling a cell (one span per item)."""
    items = []
    for part in cell.split("<br>"):
        m = CODE.fullmatch(part.strip())
        assert m, "%s: expected `notation`, got %r" % (where, part)
        items.append(m.group(1))
    return items


def book_rows():
    """``[(label, line_no, position, full_entry, d1, d2, results)]``."""
    lines = BOOK.read_text(encoding="utf-8").splitlines()
    start = None
    for n, line in enumerate(lines):
        if line.strip().startswith("|") and _cells(line) == HEADER:
            assert start is None, "two tables with the examples' header"
            start = n
    assert start is not None, "no table with header %r in %s" % (HEADER, BOOK)
    assert set(_cells(lines[start + 1])) <= {"---", ":---", "---:", ":---:"}
    rows = []
    for n in range(start + 2, len(lines)):
        if not lines[n].strip().startswith("|"):
            break
        cells = _cells(lines[n])
        where = "rule book line %d" % (n + 1)
        assert len(cells) == len(HEADER), "%s: %d cells" % (where, len(cells))
        label, _, pos, variant, roll, results = cells
        where = "example %s (%s)" % (label, where)
        assert variant in VARIANTS, "%s: variant %r" % (where, variant)
        [pos] = _code(pos, where)
        d1, d2 = parse_roll(roll)
        rows.append((label, n + 1, pos, VARIANTS[variant], d1, d2,
                     _code(results, where)))
    return rows


def test_rule_book_examples_match_the_engine():
    rows = book_rows()
    assert len(rows) >= 9, "only %d examples in the rule book" % len(rows)
    labels = [r[0] for r in rows]
    assert len(set(labels)) == len(labels), "repeated example numbers"
    rules = {fe: Rules(checkers=8, full_entry=fe) for fe in (False, True)}
    failures = []
    for label, line, pos, fe, d1, d2, listed in rows:
        # Each listed result must be canonical, listed once.
        for text in listed:
            assert format_position(parse_position(text)) == text, \
                "example %s (line %d): %r is not canonical" % (label, line,
                                                              text)
        assert len(set(listed)) == len(listed), \
            "example %s (line %d): a result is listed twice" % (label, line)
        assert format_position(parse_position(pos)) == pos, \
            "example %s (line %d): position not canonical" % (label, line)
        got = sorted({format_position(p) for p in
                      rules[fe].results(parse_position(pos), d1, d2)})
        if got != sorted(listed):
            failures.append(
                "example %s (rule book line %d): %s %s %d-%d\n"
                "  the book lists: %s\n  the engine says: %s"
                % (label, line, pos, "full-entry" if fe else "standard",
                   d1, d2, sorted(listed), got))
    assert not failures, "rule book examples disagree with the engine:\n" \
        + "\n".join(failures)


def test_rule_book_covers_both_variants_and_players():
    rows = book_rows()
    assert {r[3] for r in rows} == {False, True}
    assert {r[2][-1] for r in rows} == {"1", "2"}
    # At least one pass (the only result is the same board, turn passed).
    assert any(len(r[6]) == 1 and r[6][0][:-1] == r[2][:-1] for r in rows)
