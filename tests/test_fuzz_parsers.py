"""Fuzzing of the position parser and the CLIs that read user text (issue 10).

Every input either parses or raises the parser's own NotationError; no other
exception ever escapes, and no CLI ever prints a traceback.
"""

import random
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from minigam.quarter.notation import (NotationError, format_position, parse_play,
                              parse_position, parse_roll)
from strategies import positions

ALPHABET = "0123456789+-,/ *offbar\t-1 2345678"


def mutate(text, rng):
    """Random edits of a valid string: the inputs most likely to slip past."""
    s = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(4)
        k = rng.randrange(len(s) + 1)
        if op == 0 and s:
            del s[min(k, len(s) - 1)]
        elif op == 1:
            s.insert(k, rng.choice(ALPHABET))
        elif op == 2 and s:
            s[min(k, len(s) - 1)] = rng.choice(ALPHABET)
        else:
            j = rng.randrange(len(s) + 1)
            s[k:j] = s[j:k]
    return "".join(s)


def parses_or_notation_error(fn, text, *args):
    try:
        fn(text, *args)
    except NotationError:
        pass


@settings(max_examples=3000, deadline=None)
@given(st.text(max_size=60))
def test_random_text_never_escapes_the_parsers(text):
    parses_or_notation_error(parse_position, text)
    parses_or_notation_error(parse_roll, text)
    parses_or_notation_error(parse_play, text, 1)
    parses_or_notation_error(parse_play, text, 2)


@settings(max_examples=3000, deadline=None)
@given(positions(), st.integers(0, 2**32 - 1))
def test_mutated_positions_parse_to_valid_positions_or_fail_clearly(pos, seed):
    text = mutate(format_position(pos), random.Random(seed))
    try:
        parsed = parse_position(text)
    except NotationError as exc:
        assert str(exc)
        return
    # Whatever parses is a valid position and formats back to itself.
    assert parse_position(format_position(parsed)) == parsed


def run_cli(args, data):
    return subprocess.run([sys.executable, "-m", "minigam.host"] + args,
                          input=data, capture_output=True, timeout=120)


def test_cli_legal_never_prints_a_traceback_on_garbage():
    rng = random.Random(5)
    lines = [bytes(rng.randrange(256) for _ in range(rng.randint(0, 40)))
             for _ in range(200)]
    lines += [mutate("0,0,0,0,0,0/8,8/0,0/1 3-1", rng).encode()
              for _ in range(300)]
    data = b"\n".join(lines) + b"\n"
    for cmd in (["legal"], ["legal", "--full-entry"]):
        proc = run_cli(cmd, data)
        assert b"Traceback" not in proc.stderr + proc.stdout
        assert proc.returncode in (0, 2)
        for line in proc.stdout.decode().splitlines():
            assert line.startswith("error: ") or line == "" or "/" in line
