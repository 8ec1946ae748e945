"""``ai --game backgammon --cube`` (issue 57): the device's cube decision
for lines of gnubg's ``<Position ID>:<Match ID>``, one word a line; bad
lines get ``error: ...`` on standard error and exit status 2.

The positions are built here and their IDs written by
``minigam.bg.ids``; the clear-cut answers were checked against gnubg
1.07's cubeful evaluation at 2 plies (``minigam.host.aitools.bg.cube.
gnubg_cube``) when written: B (three checkers left against two on the
ace point, on roll): no double, ND -0.89 DT -1.78, so a take (a beaver
where allowed).
"""

from test_bg_resign import board
from test_cli_legal import run
from minigam.bg import ids
from minigam.bg.rules import new_position

CUBE = ["ai", "--game", "backgammon", "--level", "hard", "--cube"]


B = board({19: 1, 20: 1, 21: 1, 25: 12}, {24: 2, 25: 13})  # far behind


def gid(pos, **fields):
    """gnubg's combined ID of ``pos`` (its mover on roll) and ``fields``;
    ``double=1`` offers the mover's double (the other player decides)."""
    if fields.get("double"):
        fields["turn"] = 1 - (pos[52] - 1)
    return ids.format_gnubg_id(pos, fields)


def ask(lines, *options):
    code, out, err = run(CUBE + list(options), "".join(x + "\n" for x in lines))
    return code, out.split(), err


def test_clear_decisions_for_money():
    start = new_position()
    code, out, err = ask([gid(start), gid(start, double=1), gid(B),
                          gid(B, double=1)])
    assert (code, err) == (0, "")
    assert out == ["no-double", "take", "no-double", "take"]
    # Beavers only where allowed: money with --beavers, the cube low enough.
    code, out, _ = ask([gid(B, double=1), gid(B, double=1, cube=32,
                                              cube_owner=0)], "--beavers")
    assert code == 0 and out == ["beaver", "take"]


def test_matches_follow_the_score_and_the_crawford_rule():
    start = new_position()
    lines = [
        gid(start, length=5),
        # The Crawford game: no cube at all.
        gid(B, length=5, score0=1, score1=4, crawford=1),
        # Post-Crawford: the trailer (on roll) doubles at once, and the
        # leader's cube is of no use to him: he cannot double.
        gid(B, length=5, score0=1, score1=4),
        gid(B, length=5, score0=4, score1=1),
        # In a match a beaver is not allowed: a take.
        gid(B, length=5, double=1),
    ]
    code, out, err = ask(lines, "--beavers")
    assert (code, err) == (0, "")
    assert out == ["no-double", "no-double", "double", "no-double", "take"]


def test_no_cube_decision_once_rolled_or_without_the_cube():
    start = new_position()
    code, out, _ = ask([gid(start, die1=3, die2=1),
                        gid(B, cube=2, cube_owner=1)])  # the opponent's cube
    assert code == 0 and out == ["no-double", "no-double"]


def test_bad_lines_get_an_error_on_stderr_and_exit_2():
    start = new_position()
    bad = [
        "not an id",
        "4HPwATDgc/ABMA",
        gid(start) + " extra",
        gid(start, length=5, score0=5),  # past the match length
        gid(start, length=5, score0=1, crawford=1),  # nobody 1-away
        gid(start, double=1, cube=2, cube_owner=1),  # not the doubler's cube
        gid(start, state=2),  # the game is over
        gid(start, resign=1),
        gid(start, double=1, die1=3, die2=1),
    ]
    for line in bad:
        code, out, err = ask([gid(start), line, gid(start)])
        assert code == 2, line
        assert out == ["no-double", "no-double"], line  # the good lines
        assert err.startswith("error: ") and err.count("\n") == 1, (line, err)
        assert "internal error" not in err, (line, err)
    code, out, err = run(["ai", "--game", "nardy", "--level", "hard",
                          "--cube"], "")
    assert code == 2 and "--cube is backgammon's" in err
