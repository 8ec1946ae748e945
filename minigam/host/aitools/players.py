"""What the host's scripted players share, whatever the game.

A player has ``choose(pos, d1, d2) -> [(src, die), ...]``: a whole legal
play in order (the mover's source indices, as the game's ``play_steps``
takes them), ``[]`` when there is none; the device AIs have the same, so
``play_game`` plays any of them through any game's flow.

``FirstPlayer``, ``RandomPlayer`` and ``GreedyPlayer`` ask the rules for
the roll's plays and play the one they pick; the games differ only in how
a play's steps are packed (``play_steps`` for the 24-point games, MINIGAM
its own) and in the greedy heuristic (a subclass's ``score``).
``make_player`` builds a 24-point game's player from its name; MINIGAM's
(``quarter.players``) has a Perfect level and builds its own.
"""

import random

from minigam.core.flow import ROLL, OVER

#: The players every 24-point game's ``make_player`` knows.
SPECS = ("random", "greedy", "first", "ai:easy", "ai:medium", "ai:hard")


class PlayerError(ValueError):
    """An unknown player name, or a player that cannot be built here."""


def play_steps(rules, k):
    """Play ``k`` of a 24-point game's last ``rules.plays`` call as
    ``[(src, die), ...]`` (8 bytes a play, ``rules.steps(k)`` of them
    used)."""
    mv = rules.moves
    b = k << 3
    return [(mv[b + 2 * j], mv[b + 2 * j + 1]) for j in range(rules.steps(k))]


def best_play(rules, pos, n, score):
    """The index of the play (of the ``n`` that ``rules.plays`` found for
    ``pos``) whose result, the turn passed, has the highest ``score(res)``;
    the first on a tie, so it is deterministic."""
    best = None
    bk = 0
    for k in range(n):
        s = score(rules.result(pos, k))
        if best is None or s > best:
            best = s
            bk = k
    return bk


class FirstPlayer:
    """The first generated play: fully predictable. ``steps(rules, k)``
    unpacks a play (``play_steps`` for the 24-point games)."""

    def __init__(self, rules, steps=play_steps):
        self.rules = rules
        self.steps = steps

    def choose(self, pos, d1, d2):
        n = self.rules.plays(pos, d1, d2)
        if n == 0:
            return []
        return self.steps(self.rules, self.pick(pos, n))

    def pick(self, pos, n):
        """The index of the play to make, of the ``n`` of ``pos``'s roll."""
        return 0


class RandomPlayer(FirstPlayer):
    """A uniformly random distinct result, seeded."""

    def __init__(self, rules, seed=None, steps=play_steps):
        FirstPlayer.__init__(self, rules, steps)
        self.rng = random.Random(seed)

    def pick(self, pos, n):
        return self.rng.randrange(n)


class GreedyPlayer(FirstPlayer):
    """The result with the best ``score(pos, res)`` (each game's subclass
    gives its heuristic, a winning play scored above it), the first on a
    tie: deterministic."""

    def pick(self, pos, n):
        return best_play(self.rules, pos, n, lambda res: self.score(pos, res))

    def score(self, pos, res):
        raise NotImplementedError


def make_player(spec, seed, game, rules, greedy, ai):
    """A 24-point game's player from its name (``SPECS``); raises
    ``PlayerError``. ``game`` names the game in the errors, ``rules()``
    makes its rules, ``greedy()`` its greedy player, ``ai()`` imports its
    AI: ``(class, LEVELS)``."""
    if spec == "random":
        return RandomPlayer(rules(), seed)
    if spec == "greedy":
        return greedy()
    if spec == "first":
        return FirstPlayer(rules())
    if spec.startswith("ai:"):
        cls, levels = ai()
        if spec[3:] not in levels:
            raise PlayerError("unknown %s AI level %r (choose from %s)"
                              % (game, spec[3:], ", ".join(levels)))
        return cls(spec[3:], seed)
    raise PlayerError("unknown %s player %r (choose from %s)"
                      % (game, spec, ", ".join(SPECS)))


def play_game(game, players, cube=None):
    """Play ``game`` (any of the three games' ``Game``, state ``NEW``) to
    its end with ``players[0]`` (Player 1) and ``players[1]``; returns the
    winner. ``cube``: a Backgammon cube policy (``wants_double(game)``,
    ``takes(game)``, ``beavers(game)``, ``bg.players``), consulted before
    each roll the mover may double; None: nobody doubles. An illegal
    choice raises the game's own ``GameError``, naming the player and the
    play."""
    game.start_game()
    while game.state != OVER:
        if game.state == ROLL:
            if cube is not None and game.can_double() \
                    and cube.wants_double(game):
                game.double()
                if not cube.takes(game):
                    game.drop()
                    break
                if game.can_beaver() and cube.beavers(game):
                    game.beaver()
                else:
                    game.take()
            game.roll()
        who = game.player
        steps = players[who - 1].choose(game.pos, game.d1, game.d2)
        if steps or not game.must_pass:
            try:
                game.play_steps(steps)
            except ValueError as exc:  # the game's GameError
                raise type(exc)("P%d chose an illegal play %r with %d-%d: %s"
                                % (who, steps, game.d1, game.d2, exc))
        game.confirm()
    return game.winner
