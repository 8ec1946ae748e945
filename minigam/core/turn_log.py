"""A game's turn log (``minigam.core.flow.Flow.log``), a few bytes a turn
(a game's tuples would take kilobytes of the device's heap): a turn is
``player << 6 | d1 << 3 | d2``, the number of moves, then two bytes a move
(src; die << 1 | hit); a cube action (Backgammon) is the player << 6 (no
dice), then 1 offered, 2 taken, 3 dropped, 7 beavered (taken and
redoubled at once: the cube four times its value), and a resignation accepted
(the game's last entry) the resigner << 6, then 4, 5 or 6 (a single game,
a gammon or a backgammon given up). Flow writes it; ``decode``
reads it back, in a module loaded for the read (the game-over pages and
the records are its only readers).
"""


def decode(log):
    """A game's turn log (``Flow.log``) as ``[(player, d1, d2, steps),
    ...]``, ``steps`` a tuple of ``(src, die, hit)``; a cube action is
    ``(player, 0, 0, action)``, action 1 offered, 2 taken, 3 dropped, 7
    beavered, 4..6 resigned (``action - 3`` times the cube given up).
    ValueError when ``log`` ends inside a turn."""
    out = []  # type: list
    i = 0
    while i < len(log):
        if i + 1 >= len(log):
            raise ValueError("the log ends inside a turn")
        b = log[i]
        n = log[i + 1]
        if not b & 63:
            out.append((b >> 6, 0, 0, n))
            i += 2
            continue
        if i + 2 + 2 * n > len(log):
            raise ValueError("the log ends inside a turn")
        steps = []
        for j in range(n):
            e = log[i + 3 + 2 * j]
            steps.append((log[i + 2 + 2 * j], e >> 1, e & 1))
        out.append((b >> 6, (b >> 3) & 7, b & 7, tuple(steps)))
        i += 2 + 2 * n
    return out
