"""Hypothesis strategies for MINIGAM positions (host tests only)."""

from hypothesis import strategies as st

from minigam.quarter.rules import POS_SIZE, TURN


@st.composite
def positions(draw, checkers=8, allow_finished=True):
    """A valid position: each side has ``checkers`` checkers, no point holds
    both colours, at most one side has finished."""
    pos = bytearray(POS_SIZE)
    owner = [draw(st.sampled_from((0, 1, 2))) for _ in range(6)]
    for side in (1, 2):
        base = 0 if side == 1 else 8
        left = checkers
        slots = [0, 7] + [p for p in range(1, 7) if owner[p - 1] == side]
        draw(st.randoms()).shuffle(slots)
        for s in slots[:-1]:
            n = draw(st.integers(0, left))
            idx = s if side == 1 or s in (0, 7) else 7 - s
            pos[base + idx] += n
            left -= n
        s = slots[-1]
        idx = s if side == 1 or s in (0, 7) else 7 - s
        pos[base + idx] += left
    if pos[7] == checkers and pos[15] == checkers:
        pos[7] -= 1
        pos[0] += 1
    if not allow_finished and (pos[7] == checkers or pos[15] == checkers):
        side = 0 if pos[7] == checkers else 8
        pos[side + 7] -= 1
        pos[side] += 1
    pos[TURN] = draw(st.sampled_from((1, 2)))
    return pos


dice = st.integers(1, 6)
