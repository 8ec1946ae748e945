"""Long Nardy's board screen: Backgammon's 24-point view
(``minigam.app.bg_view``) with Black's checkers read along Black's own
path, both heads in their own colour, no cube, and a note (``note``) that
takes the message line while it is set. Loaded only for a Long Nardy game.

Points are numbered as the rule book numbers them, White's way: White
(Player 1) starts on 24 (top right) and goes round to its home, 1..6 at
the bottom right; Black (Player 2) starts on 12 (bottom left), goes right
along the bottom, then from 24 leftwards to its home, 13..18 at the top
left. Both trays are on the right, as in Backgammon.
"""

from minigam.app.bg_view import BgBoardView
from minigam.app.bg_layout import OFF1, OFF2


def _black(k):
    """Black's index of board point ``k``, and the board point of Black's
    index ``k`` (1..24: the map is its own inverse)."""
    return 13 - k if k <= 12 else 37 - k


def spot(player, i):
    """The spot of ``player``'s index ``i`` (1..24 its path, 25 off)."""
    if i >= 25:
        return OFF1 if player == 1 else OFF2
    return 25 - i if player == 1 else _black(i)


class NardyBoardView(BgBoardView):
    """The board screen of Long Nardy for a ``BgLayout``."""

    p2 = bytes([0] + [_black(k) for k in range(1, 25)])
    SESSION = "Session"  # (menu.NO_MATCH) no cube, no stakes: points add up

    def __init__(self, lay):
        # the heads: White's 24 (top row, column 12), Black's 12 (bottom
        # row, column 0)
        BgBoardView.__init__(self, lay, ((True, 12), (False, 0)))
        self.pos = bytearray(54)
        self.note = None
        self.set_cube(0)

    def set_message(self, text):
        """The message line: the note while there is one, else ``text``."""
        BgBoardView.set_message(self, self.note or text)
