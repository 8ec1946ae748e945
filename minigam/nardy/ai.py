"""Long Nardy AI: chooses a play by the network's cubeless equity (0-ply).

``NardyAI(level, seed)`` has the 24-point games' AI API
(``minigam.core.search24``): ``choose(pos, d1,
d2)`` picks a play in one call; an app calls ``begin(pos, d1, d2)`` and
then ``step()`` once per frame until it returns True (each step scores at
most ``SLICE`` candidates). The answer is then in ``.steps`` (``[(src,
die), ...]`` in play order, mover's-view source indices as
``minigam.nardy.rules.do_move`` takes them; ``[]`` for a pass), ``.result``
(a new bytearray: the position after the play, turn passed) and
``.equity`` (the chosen play's estimated equity for the mover, 1/4096
units; a play that wins counts its win's size: 1 oin, 2 mars).

Every candidate result is scored by ``minigam.nardy.eval`` (the network's
equity for the side that moves next; the mover takes the lowest). Hard
takes the best estimate; Medium and Easy add seeded Gaussian-like noise of
``NOISE[level]`` (1/4096 equity) to each candidate first, as Backgammon's
levels do. Measured by ``minigam.host.aitools.nardy.strength`` (the
figures are in the README).

It is ``minigam.core.search24``'s search (Backgammon's too) over Long
Nardy's rules, evaluator and noise: the same code chooses. The AI holds its own ``Rules`` (its play
buffers) unless given one (the app shares its game's), so others may use
theirs between steps; nothing is allocated per candidate.
"""

from minigam.core.search24 import LEVELS, SLICE, Search24  # noqa: F401 (the API)
from minigam.nardy import eval as ne
from minigam.nardy import rules as R

NOISE = {"easy": 1200, "medium": 400, "hard": 0}


class NardyAI(Search24):
    """The device Long Nardy AI.

    :param level: one of ``LEVELS``
    :param seed: seed of the noise (levels other than Hard); None draws
        one from ``random``
    :param rules: a ``minigam.nardy.rules.Rules`` for the AI alone (made
        when not given)
    """

    _R = R
    _EV = ne
    _NOISE = NOISE
