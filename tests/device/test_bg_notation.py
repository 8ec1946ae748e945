"""Backgammon's plays in words on the device (issue 54, item 7): run by
pytest and inside the MicroPython VM. Each play is one gnubg 1.07 listed
(``hint``) for its position and roll, as ``[(src, die, hit), ...]`` in the
mover's view; the words are gnubg's. tests/test_bg_notation_gnubg.py
compares every play of thousands of positions with gnubg."""

from minigam.bg.notation import format_play

# (steps, gnubg's words): points joined, counted, hits kept, gnubg's order.
PLAYS = (
    ([(1, 6, 0), (7, 3, 0)], "24/15"),  # one checker: 24/18 18/15
    ([(12, 2, 0), (12, 2, 0), (19, 2, 0), (19, 2, 0)], "13/11(2) 6/4(2)"),
    ([(1, 2, 0), (12, 2, 0), (19, 2, 0), (19, 2, 0)], "24/22 13/11 6/4(2)"),
    ([(12, 2, 0), (12, 2, 0), (12, 2, 0), (14, 2, 0)], "13/9 13/11(2)"),
    ([(1, 2, 0), (1, 2, 0), (3, 2, 0), (5, 2, 0)], "24/18 24/22"),
    ([(19, 2, 0), (19, 2, 0), (21, 2, 1), (21, 2, 0)], "6/2*(2)"),
    ([(19, 2, 1), (19, 2, 0), (19, 2, 0), (22, 2, 1)], "6/4*(3) 3/1*"),
    ([(0, 4, 1), (0, 4, 0), (0, 4, 0), (4, 4, 0)], "bar/21*/17 bar/21(2)"),
    ([(0, 5, 0), (0, 3, 1)], "bar/22* bar/20"),
    ([(14, 3, 1), (14, 3, 0), (15, 3, 0), (17, 3, 0)],
     "11/8*/5 11/8 10/7"),
    ([(14, 3, 1), (14, 3, 0), (17, 3, 0), (17, 3, 0)], "11/8*/5(2)"),
    ([(21, 1, 1), (22, 2, 1)], "4/3*/1*"),
    ([(20, 1, 1), (21, 4, 0)], "5/4*/off"),
    ([(23, 1, 0), (23, 1, 0), (24, 1, 0), (24, 1, 0)], "2/off(2)"),
    ([], "pass"),
)


def test_plays_in_gnubgs_words():
    for steps, words in PLAYS:
        assert format_play(1, steps) == words, (steps, words)


def test_the_order_of_the_moves_does_not_matter():
    # A play made 22/20 first, or its hit checker moved on first, reads
    # the same: the words depend on the moves, not on their order.
    for steps, words in PLAYS:
        back = list(steps)
        back.reverse()
        assert format_play(2, back) == words, (back, words)
    # Played checker by checker: 6/4 4/2* 6/4 4/2.
    assert format_play(1, [(19, 2, 0), (21, 2, 1), (19, 2, 0),
                           (21, 2, 0)]) == "6/2*(2)"
