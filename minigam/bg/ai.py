"""Backgammon AI: chooses a play by the network's cubeless equity (0-ply):
``minigam.core.search24``'s search over Backgammon's rules
(``minigam.bg.rules``) and network (``minigam.bg.eval``), whose docstring
says how it plays and what it answers.

The noise of the weaker levels is sized on gnubg's error-rate scale
(``minigam.host.aitools.bg.analyse``: 200 cubeless games a level against
gnubg 0-ply, the AI's moves analysed by gnubg 1.07 at its default 2
plies): Easy 29.5 mEMG a move (gnubg's "Beginner", 26-35), Medium 12.8
("Intermediate", 12-18), Hard 6.5 over 600 games ("Expert", 5-8; gnubg
0-ply itself rates 3.7 in such games, and "World class" is below 5). Hard
loses 0.0036 equity a decision against gnubg 0-ply's own choice in
held-out games of its own against gnubg (``bg_train``'s docstring).
"""

from minigam.bg import eval as bge
from minigam.bg import rules as R
from minigam.core.search24 import LEVELS, SLICE, Search24  # noqa: F401

# Noise sd (1/4096 equity): Beginner, Intermediate, none (see above).
NOISE = {"easy": 360, "medium": 160, "hard": 0}


class BgAI(Search24):
    """The device backgammon AI (``Search24``).

    :param level: one of ``LEVELS``
    :param seed: seed of the noise (levels other than Hard); None draws
        one from ``random``
    :param rules: a ``minigam.bg.rules.Rules`` for the AI alone (made when
        not given)
    """

    _R = R
    _EV = bge
    _NOISE = NOISE
