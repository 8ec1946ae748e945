"""The Backgammon rule book's worked examples are tests.

``docs/rules/backgammon.md`` holds one table of worked examples (found by
its header row). For every row:

* the Position ID is canonical, and the board spelled out beside it (the
  "on roll" and "opponent" cells, in the on-roll player's numbering) is
  exactly the board the ID encodes;
* the results the row lists are exactly the engine's distinct results of
  the roll, as the ``legal --game backgammon`` command prints them (the
  mover still on roll, sorted as text), and the same as
  ``minigam.bg.rules.Rules.results``;
* the play written beside each result is legal move by move (each move a
  legal single move of a die of the roll, a ``*`` exactly where it hits),
  uses as many dice as the engine's plays do, and reaches that result; a
  ``pass`` only where the engine finds no play.
"""

import re
from pathlib import Path

from minigam.bg.ids import format_position_id, parse_position_id
from minigam.bg.rules import (BLOCK, OFF, Rules, can_move, do_move,
                              winner)
from minigam.host.cli.legal import bg_answerer
from minigam.quarter.notation import parse_roll

BOOK = Path(__file__).resolve().parents[1] / "docs" / "rules" / \
    "backgammon.md"
HEADER = ["#", "what it shows", "position", "on roll", "opponent", "roll",
          "results"]
CODE = re.compile(r"`([^`]*)`")
RESULT = re.compile(r"`([^`]*)`\s+(\S.*)")
PLACE = re.compile(r"(bar|off|[1-9]|1[0-9]|2[0-4])(?:x([1-9][0-9]?))?")
MOVE = re.compile(r"(bar|[1-9]|1[0-9]|2[0-4])/([1-9]|1[0-9]|2[0-4]|off)"
                  r"(\*?)")
RULES = Rules()
ANSWER = bg_answerer()


def _cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]


def _one_code(cell, where):
    m = CODE.fullmatch(cell)
    assert m, "%s: expected one `code` span, got %r" % (where, cell)
    return m.group(1)


def book_rows():
    """``[(label, line_no, pid, on_roll, opponent, d1, d2,
    [(result_pid, play_text), ...])]``."""
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
        label, _, pid, me, opp, roll, results = cells
        where = "example %s (%s)" % (label, where)
        d1, d2 = parse_roll(roll)
        listed = []
        for part in results.split("<br>"):
            m = RESULT.fullmatch(part.strip())
            assert m, "%s: expected '`position-id` play', got %r" % (where,
                                                                    part)
            listed.append((m.group(1), m.group(2).strip()))
        rows.append((label, n + 1, _one_code(pid, where),
                     _one_code(me, where), _one_code(opp, where), d1, d2,
                     listed))
    return rows


def board_from_cells(me, opp):
    """The position the two spelled-out cells describe, Player 1 on roll:
    places in the on-roll player's numbering (its point p is its index
    25 - p; the opponent's checkers on that point are at the opponent's
    index p); what is not listed is borne off."""
    pos = bytearray(53)
    pos[52] = 1
    for base, text, index in ((0, me, lambda p: 25 - p),
                              (BLOCK, opp, lambda p: p)):
        seen = set()
        for token in text.split():
            m = PLACE.fullmatch(token)
            assert m, "bad place %r in %r" % (token, text)
            place, count = m.group(1), int(m.group(2) or 1)
            assert place not in seen, "%r listed twice in %r" % (place, text)
            assert count > 1 or not m.group(2), \
                "write %r without x1" % place
            seen.add(place)
            k = 0 if place == "bar" else OFF if place == "off" \
                else index(int(place))
            pos[base + k] = count
        listed = sum(pos[base:base + OFF + 1])
        assert listed <= 15, "more than 15 checkers in %r" % text
        assert "off" not in seen or listed == 15, \
            "%r: the off count must make 15" % text
        pos[base + OFF] += 15 - listed
    return pos


def play_reaches(pos, d1, d2, text):
    """The number of moves of play ``text`` and the board it reaches
    (mover still on roll), checking each move as a single legal move of
    an unused die (the die of a bear-off is found by trying each that
    fits); AssertionError if no assignment of the dice makes it legal."""
    if text == "pass":
        return 0, bytearray(pos)
    moves = []
    for token in text.split():
        m = MOVE.fullmatch(token)
        assert m, "bad move %r in play %r" % (token, text)
        src = 0 if m.group(1) == "bar" else 25 - int(m.group(1))
        dst = OFF if m.group(2) == "off" else 25 - int(m.group(2))
        assert dst > src, "move %r goes backwards" % token
        moves.append((src, dst, m.group(3) == "*"))
    dice = [d1] * 4 if d1 == d2 else [d1, d2]
    m = 0 if pos[52] == 1 else BLOCK

    def search(work, k, left):
        if k == len(moves):
            return work
        src, dst, star = moves[k]
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
            if do_move(nxt, m, src, d) != star:
                continue
            got = search(nxt, k + 1, left[:j] + left[j + 1:])
            if got is not None:
                return got
        return None

    got = search(bytearray(pos), 0, dice)
    assert got is not None, "play %r is not legal move by move" % text
    return len(moves), got


def test_backgammon_rule_book_examples_match_the_engine():
    rows = book_rows()
    assert len(rows) >= 10, "only %d examples in the rule book" % len(rows)
    labels = [r[0] for r in rows]
    assert len(set(labels)) == len(labels), "repeated example numbers"
    failures = []
    for label, line, pid, me, opp, d1, d2, listed in rows:
        where = "example %s (rule book line %d)" % (label, line)
        pos = parse_position_id(pid)
        assert format_position_id(pos) == pid, "%s: ID not canonical" % where
        assert not winner(pos), "%s: the game is already over" % where
        assert board_from_cells(me, opp) == pos, \
            "%s: the board spelled out is not the ID's board" % where
        ids = [r for r, _ in listed]
        assert ids == sorted(ids), "%s: results not sorted" % where
        assert len(set(ids)) == len(ids), "%s: a result twice" % where
        engine = ANSWER(pos, d1, d2).split(";")
        direct = sorted(format_position_id(p) for p in
                        RULES.results(pos, d1, d2, pass_turn=False))
        assert engine == direct, where
        if ids != engine:
            failures.append("%s: %s %d-%d\n  the book lists: %s\n"
                            "  the engine says: %s"
                            % (where, pid, d1, d2, ids, engine))
            continue
        n = RULES.plays(pos, d1, d2)
        steps = RULES.steps(0) if n else 0
        for rid, play in listed:
            if n == 0:
                assert play == "pass", \
                    "%s: the engine finds no play, the book writes %r" \
                    % (where, play)
            else:
                assert play != "pass", \
                    "%s: the book writes a pass, the engine has %d plays" \
                    % (where, n)
            try:
                used, board = play_reaches(pos, d1, d2, play)
            except AssertionError as exc:
                raise AssertionError("%s: %s" % (where, exc))
            assert used == steps, "%s: %r plays %d dice, the engine %d" \
                % (where, play, used, steps)
            assert format_position_id(board) == rid, \
                "%s: %r reaches %s, not %s" % (where, play,
                                               format_position_id(board),
                                               rid)
    assert not failures, "rule book examples disagree with the engine:\n" \
        + "\n".join(failures)


def test_backgammon_rule_book_covers_the_rules():
    rows = book_rows()
    plays = [p for r in rows for _, p in r[7]]
    assert any(p == "pass" for p in plays), "no pass"
    assert any(r[5] == r[6] for r in rows), "no double"
    assert any("bar/" in p for p in plays), "no entry from the bar"
    assert any("*" in p for p in plays), "no hit"
    assert any("/off" in p for p in plays), "no bearing off"
    # A row whose every play uses one die of a non-double (must play the
    # higher, or the only one), and a row reaching a finished game.
    assert any(r[5] != r[6] and all(len(p.split()) == 1 and p != "pass"
                                    for _, p in r[7]) for r in rows)
    assert any(winner(parse_position_id(rid)) for r in rows
               for rid, _ in r[7])
