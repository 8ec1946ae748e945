"""``play --players P1,P2 [--seed S] [--full-entry] [--games N] [--match N]``.

Plays games between host players (``random``, ``greedy``, ``first``,
``ai:easy|medium|hard|perfect``; see ``minigam.host.aitools.quarter.players``)
through the device ``Game`` flow, and prints each game's record
(``minigam.quarter.record``),
records separated by a blank line. ``--games N`` plays N single games;
``--match N`` plays one match to N games instead. With ``--seed`` the dice
and the players' choices are reproducible. A summary goes to stderr.

``--game backgammon`` plays standard backgammon through ``BgGame``
(players ``random``, ``greedy``, ``first``, ``ai:easy|medium|hard``; see
``minigam.host.aitools.bg.players``) and prints one GNU Backgammon ``.mat``
file (``minigam.host.bgmat``): ``--games N`` N games of a money session
(default 1), ``--match N`` a match to N points (1..99, the Crawford rule).
Play is cubeless unless ``--cube``: both players then double and take as
the handheld's AI does (``minigam.bg.cube``; matches up to 25 points,
the match equity table's size). The names in
the file are ``P1-<spec>`` and ``P2-<spec>``.

``--game nardy`` plays Long Nardy through ``NardyGame`` (players
``random``, ``greedy``, ``first``, ``ai:easy|medium|hard``; see
``minigam.host.aitools.nardy.players``; P1 is White) and prints each
game's record (``minigam.nardy.record``), records separated by a blank
line: ``--games N`` N games of a money session (default 1), ``--match N``
a match to N points (1..99; an oin is 1 point, a mars 2).
"""

import argparse
import sys

from minigam.core.dice import Dice
from minigam.quarter.game import Game, GameError
from minigam.quarter.record import export
from minigam.quarter.rules import Rules
from minigam.host.aitools.players import PlayerError, play_game
from minigam.host.aitools.quarter.players import make_player


def _players(build, names, seed):
    """Both players, ``build(spec, seed)`` each (seeds from ``seed``);
    None, the error written, when one cannot be made."""
    try:
        return [build(names[k], None if seed is None else seed * 2 + k + 1)
                for k in range(2)]
    except PlayerError as exc:
        sys.stderr.write("error: %s\n" % exc)
        return None


def _run(games, error):
    """Run ``games()``: 0, or 2 with one error line when a play is illegal
    (``error``, the game's GameError) or a player fails (never a
    traceback)."""
    try:
        games()
    except error as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    except Exception as exc:  # a player failing: no traceback for a user
        sys.stderr.write("error: a player failed: %s: %s\n"
                         % (type(exc).__name__, exc))
        return 2
    return 0


def play_bg(args, names):
    """``play --game backgammon``: a money session or a match, printed as
    one ``.mat`` file."""
    from minigam.bg.game import BgGame, GameError as BgGameError
    from minigam.host import bgmat
    from minigam.host.aitools.bg import players as bg_players
    if args.full_entry:
        sys.stderr.write("error: --full-entry is a MINIGAM variant, not "
                         "backgammon's\n")
        return 2
    if args.games < 1 or not 0 <= args.match <= 99:
        sys.stderr.write("error: --games must be >= 1 and --match a length "
                         "1..99 points\n")
        return 2
    from minigam.bg import met
    if args.cube and args.match > met.N:
        sys.stderr.write("error: --cube plays matches up to %d points (the "
                         "match equity table's size)\n" % met.N)
        return 2
    players = _players(bg_players.make_player, names, args.seed)
    if players is None:
        return 2
    cube = bg_players.DeviceCube() if args.cube else bg_players.NoCube()
    game = BgGame(match_to=args.match, dice=Dice(seed=args.seed))
    logs = []

    def games():
        while True:
            play_game(game, players, cube)
            logs.append(bgmat.game_log(game))
            if game.match_over() or (not args.match
                                     and len(logs) == args.games):
                return
            game.new_game()

    if _run(games, BgGameError):
        return 2
    sys.stdout.write(bgmat.export(logs, args.match, [
        "P%d-%s" % (k + 1, names[k]) for k in range(2)]))
    sys.stderr.write("P1 %s: %d, P2 %s: %d points in %d game%s%s\n" % (
        names[0], game.score[0], names[1], game.score[1], len(logs),
        "" if len(logs) == 1 else "s",
        " (match to %d won by P%d)" % (args.match, game.match_winner)
        if args.match else ""))
    return 0


def play_nardy(args, names):
    """``play --game nardy``: a money session or a match, one record a
    game."""
    from minigam.nardy.game import NardyGame, GameError as NardyGameError
    from minigam.nardy import record as nardyrec
    from minigam.host.aitools.nardy import players as nardy_players
    for flag, name in ((args.full_entry, "--full-entry is a MINIGAM variant"),
                       (args.cube, "--cube is backgammon's")):
        if flag:
            sys.stderr.write("error: %s, not Long Nardy's\n" % name)
            return 2
    if args.games < 1 or not 0 <= args.match <= 99:
        sys.stderr.write("error: --games must be >= 1 and --match a length "
                         "1..99 points\n")
        return 2
    players = _players(nardy_players.make_player, names, args.seed)
    if players is None:
        return 2
    game = NardyGame(match_to=args.match, dice=Dice(seed=args.seed))
    played = []

    def games():
        while True:
            play_game(game, players)
            if played:
                sys.stdout.write("\n")
            sys.stdout.write(nardyrec.export(game))
            played.append(game.points)
            if game.match_over() or (not args.match
                                     and len(played) == args.games):
                return
            game.new_game()

    if _run(games, NardyGameError):
        return 2
    sys.stderr.write("P1 %s: %d, P2 %s: %d points in %d game%s%s\n" % (
        names[0], game.score[0], names[1], game.score[1], len(played),
        "" if len(played) == 1 else "s",
        " (match to %d won by P%d)" % (args.match, game.match_winner)
        if args.match else ""))
    return 0


def main(argv):
    ap = argparse.ArgumentParser(prog="minigam.host play")
    ap.add_argument("--players", default="greedy,random",
                    help="two players separated by a comma, e.g. ai:hard,random")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--full-entry", action="store_true")
    ap.add_argument("--games", type=int, default=None,
                    help="number of single games (default 1; backgammon: "
                         "games of a money session)")
    ap.add_argument("--match", type=int, default=None,
                    help="play one match to N games instead (odd, 1..99, "
                         "as the device offers odd lengths; backgammon: N "
                         "points, 1..99)")
    ap.add_argument("--game", choices=("minigam", "backgammon", "nardy"),
                    default="minigam",
                    help="backgammon prints a GNU Backgammon .mat file, "
                    "nardy Long Nardy records")
    ap.add_argument("--cube", action="store_true",
                    help="backgammon: double and take as the handheld's AI "
                         "does (default: cubeless)")
    args = ap.parse_args(argv)
    names = args.players.split(",")
    if len(names) != 2 or not all(names):
        sys.stderr.write("error: --players needs two names, e.g. greedy,random\n")
        return 2
    if args.games is not None and args.match is not None:
        sys.stderr.write("error: --games and --match exclude each other "
                         "(a match is one run of games to N)\n")
        return 2
    if args.match is not None and not 1 <= args.match <= 99:
        sys.stderr.write("error: --match is a length 1..99, got %d\n"
                         % args.match)
        return 2
    args.match = args.match or 0  # 0: no match (single games, money)
    if args.games is None:
        args.games = 1
    if args.game == "backgammon":
        return play_bg(args, names)
    if args.game == "nardy":
        return play_nardy(args, names)
    if args.cube:
        sys.stderr.write("error: --cube is backgammon's (MINIGAM has no "
                         "cube)\n")
        return 2
    if args.games < 1 or args.match < 0 or args.match > 99 or (
            args.match and args.match % 2 == 0):
        sys.stderr.write("error: --games must be >= 1 and --match an odd "
                         "length 1..99\n")
        return 2
    rules = Rules(full_entry=args.full_entry)
    players = _players(lambda spec, seed: make_player(spec, rules, seed),
                       names, args.seed)
    if players is None:
        return 2
    game = Game(rules=rules, match_to=args.match or 1,
                dice=Dice(seed=args.seed))
    wins = [0, 0]

    def games():
        for k in range(1 if args.match else args.games):
            if k:
                game.new_match()
            while True:
                wins[play_game(game, players) - 1] += 1
                if sum(wins) > 1:
                    sys.stdout.write("\n")
                sys.stdout.write(export(game))
                if not args.match or game.match_over():
                    break
                game.new_game()

    if _run(games, GameError):
        return 2
    sys.stderr.write("P1 %s: %d, P2 %s: %d%s\n" % (
        names[0], wins[0], names[1], wins[1],
        " (match to %d won by P%d)" % (args.match, game.match_winner)
        if args.match else ""))
    return 0
