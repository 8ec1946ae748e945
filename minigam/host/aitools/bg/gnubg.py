"""Run GNU Backgammon (gnubg) from host tools: scripts, legal plays, games.

gnubg is an optional program (Debian/Ubuntu: ``apt-get install gnubg``), not
a Python package: ``find()`` looks for ``$MINIGAM_GNUBG``, then
``/usr/games/gnubg``, then ``gnubg`` on the PATH. ``run(script)`` runs
Python inside it (``gnubg -t -q -r -p FILE``: its embedded interpreter,
with the ``gnubg`` module: ``command``, ``board``, ``positionid``,
``hint``, ``match`` ...) in a subprocess with a timeout and returns what the
script passed to ``emit(...)``: one line a call, written to a file of its
own, so gnubg's boards and messages never mix in. Everything else gnubg
prints is dropped; a script that raises gives ``GnubgError`` with the
traceback.

What was found out about gnubg 1.07 (and is relied on here):

* ``gnubg.board()`` is ``(player not on roll, player on roll)``, each 25
  places in its own view (ace point first, bar last), and the Position ID
  encodes them in that order: the player on roll is the *second* block
  (the manual says first). ``set board ID`` keeps the current player on
  roll as the ID's second block; ``set turn N`` swaps the board.
* ``hint`` lists every legal play, one per distinct resulting board, only
  when chequer play is evaluated at 0 plies with pruning off; at the
  default 2 plies its move filters drop plays. With no legal play the list
  is empty (gnubg's game records show such a turn as the move ``()``, the
  board unchanged). Its Python API has no move generator of its own, so a
  play's resulting board comes from playing it with ``move``: afterwards
  ``board()`` is ``(mover, opponent)``, also after a play that wins (with
  ``set automatic game off``; the game is then over and ``new game``
  starts another before the next ``set board``).
* ``set player N gnubg`` makes gnubg play itself; with ``set automatic game
  off`` each ``new game`` plays one whole game, and ``match(0, 1, 0, 0)``
  lists its turns: ``board`` is the Position ID before the turn (the mover
  on roll), ``dice``, ``move``.

``python -m minigam.host.aitools.bg.gnubg --legal-fixture PATH`` writes the
fixture ``tests/test_bg_gnubg.py`` checks offline (see ``write_fixture``).
"""

import argparse
import gzip
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

ENV = "MINIGAM_GNUBG"
DEBIAN_PATH = "/usr/games/gnubg"
DEFAULT_TIMEOUT = 600

# Runs first in every script: the emit() helper, then the script itself,
# whose exception (if any) is reported to the runner through the file.
_PRELUDE = '''
import sys as _sys, traceback as _tb
_emit_file = open(%(out)r, "w")
def emit(*parts):
    _emit_file.write(" ".join([str(p) for p in parts]) + "\\n")
try:
    import gnubg
    exec(compile(%(script)r, "<minigam script>", "exec"),
         {"gnubg": gnubg, "emit": emit, "__name__": "__minigam__"})
except BaseException:
    _emit_file.write("@@error\\n" + _tb.format_exc())
else:
    _emit_file.write("@@done\\n")
_emit_file.close()
'''


class GnubgMissing(RuntimeError):
    """gnubg is not installed (or not where it was looked for)."""


class GnubgError(RuntimeError):
    """gnubg failed, timed out, or the script raised."""


def find():
    """The gnubg executable's path, or None."""
    env = os.environ.get(ENV)
    if env:
        return env if os.access(env, os.X_OK) else None
    if os.access(DEBIAN_PATH, os.X_OK):
        return DEBIAN_PATH
    return shutil.which("gnubg")


def available():
    return find() is not None


def run(script, timeout=DEFAULT_TIMEOUT):
    """Run Python ``script`` inside gnubg; returns the lines it emitted
    (``emit(*parts)`` joins its parts with spaces), as one string."""
    exe = find()
    if exe is None:
        raise GnubgMissing(
            "gnubg not found (looked at $%s, %s and the PATH); on "
            "Debian/Ubuntu: apt-get install gnubg" % (ENV, DEBIAN_PATH))
    with tempfile.TemporaryDirectory(prefix="minigam-gnubg-") as tmp:
        out = os.path.join(tmp, "emitted.txt")
        path = os.path.join(tmp, "script.py")
        with open(path, "w") as f:
            f.write(_PRELUDE % {"out": out, "script": script})
        env = dict(os.environ, HOME=tmp)  # its prefs go to the temp dir
        try:
            proc = subprocess.run([exe, "-t", "-q", "-r", "-p", path],
                                  stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, timeout=timeout,
                                  cwd=tmp, env=env)
        except subprocess.TimeoutExpired:
            raise GnubgError("gnubg took more than %s s" % timeout)
        text = ""
        if os.path.exists(out):
            with open(out) as f:
                text = f.read()
    head, sep, tail = text.rpartition("@@done\n")
    if sep and not tail:
        return head
    if "@@error\n" in text:
        raise GnubgError("the script raised:\n"
                         + text.split("@@error\n", 1)[1])
    err = proc.stderr.decode("utf-8", "replace").strip()
    raise GnubgError("gnubg exited with status %d before the script "
                     "finished%s" % (proc.returncode,
                                     (": " + err[-500:]) if err else ""))


def version():
    """gnubg's version line, e.g. 'GNU Backgammon 1.07.001 20230103'."""
    exe = find()
    if exe is None:
        raise GnubgMissing("gnubg not found")
    proc = subprocess.run([exe, "--version"], capture_output=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    lines = proc.stdout.decode("utf-8", "replace").splitlines()
    return lines[0].strip() if lines else "gnubg (unknown version)"


# Our positions from gnubg's boards, for the scripts the other tools run in
# gnubg (no %: they may be %-formatted). A gnubg side is 25 counts, index
# 0..23 the points 1..24 from its ace point, 24 its bar. ``ours(me, opp,
# turn)``: our bytearray(53) of sides ``me`` (player ``turn``) and ``opp``,
# byte 52 = turn; ``apply(me, opp, pairs)``: the sides after ``me`` plays
# ``parsemove``'s (from, to) pairs, a blot it lands on sent to the bar.
BOARDS = r'''
def ours(me, opp, turn):
    p = bytearray(53)
    for side, blk in ((me, 0 if turn == 1 else 26),
                      (opp, 26 if turn == 1 else 0)):
        p[blk] = side[24]
        n = side[24]
        for i in range(1, 25):
            p[blk + i] = side[24 - i]
            n += side[24 - i]
        p[blk + 25] = 15 - n
    p[52] = turn
    return p

def apply(me, opp, pairs):
    me = list(me)
    opp = list(opp)
    for f, t in pairs:
        me[f - 1] -= 1
        if t > 0:
            me[t - 1] += 1
            if opp[24 - t] == 1:
                opp[24 - t] = 0
                opp[24] += 1
    return me, opp
'''

# Helpers every game script below starts with.
_COMMON = r'''
import base64
def state():
    """(game state, player on roll) from the Match ID; (0, 0) before the
    first game."""
    try:
        key = base64.b64decode(gnubg.matchid())
    except ValueError:
        return 0, 0
    return key[1] & 7, (key[0] >> 6) & 1
'''

# Inside gnubg: QUERIES (position ID, dice) and ``setup`` of each, with
# hints at 0 plies, unpruned (every legal play listed).
HINT_SETUP = _COMMON + r'''
QUERIES = %(queries)r
gnubg.command("set automatic game off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("set evaluation chequerplay evaluation prune off")

def setup(pid, d1, d2):
    if state()[0] != 1:
        gnubg.command("new game")
    gnubg.command("set board " + pid)
    if gnubg.positionid() != pid:
        raise ValueError("gnubg refused the board " + pid)
    gnubg.command("set dice %%d %%d" %% (d1, d2))
'''

_LEGAL = HINT_SETUP + r'''
for pid, d1, d2 in QUERIES:
    setup(pid, d1, d2)
    moves = [h["move"] for h in gnubg.hint(100000)["hint"]]
    results = set()
    for mv in moves:
        setup(pid, d1, d2)
        before = state()[1]
        gnubg.command("move " + mv)
        st, now = state()
        if st == 1 and now == before:
            raise ValueError("gnubg did not play %%s on %%s %%d-%%d"
                             %% (mv, pid, d1, d2))
        b = gnubg.board()  # (mover, opponent) after the play
        results.add(gnubg.positionid((b[1], b[0])))
    if len(results) != len(moves):
        raise ValueError("%%s %%d-%%d: %%d moves, %%d boards"
                         %% (pid, d1, d2, len(moves), len(results)))
    emit(pid, "%%d-%%d" %% (d1, d2), ";".join(sorted(results)) or pid)
'''


def legal_plays(queries, timeout=DEFAULT_TIMEOUT):
    """gnubg's legal plays of each ``(position_id, d1, d2)``: a list (one
    entry a query) of the sorted Position IDs of the distinct boards after
    each play, the mover still on roll, as ``minigam.host.cli.legal --game
    backgammon`` prints them; a turn with no legal play gives the position
    itself. The player on roll is the ID's own (its second block)."""
    queries = [(str(p), int(a), int(b)) for p, a, b in queries]
    if not queries:
        return []
    text = run(_LEGAL % {"queries": queries}, timeout)
    out = []
    for line, (pid, a, b) in zip(text.splitlines(), queries):
        fields = line.split()
        if fields[:2] != [pid, "%d-%d" % (a, b)] or len(fields) != 3:
            raise GnubgError("unexpected line from gnubg: %r" % line)
        out.append(fields[2].split(";"))
    if len(out) != len(queries):
        raise GnubgError("gnubg answered %d of %d queries"
                         % (len(out), len(queries)))
    return out


_GAMES = _COMMON + r'''
gnubg.command("set automatic game off")
gnubg.command("set cube use off")
gnubg.command("set seed %(seed)d")
for p in (0, 1):
    gnubg.command("set player %%d gnubg" %% p)
    gnubg.command("set player %%d chequerplay evaluation plies %(plies)d" %% p)
    gnubg.command("set player %%d chequerplay evaluation prune off" %% p)
for g in range(%(games)d):
    gnubg.command("new game")
for game in gnubg.match(0, 1, 0, 0)["games"]:
    for turn in game["game"]:
        if turn.get("action") == "move" and turn.get("dice"):
            d1, d2 = turn["dice"]
            emit(turn["board"], d1, d2)
'''


def game_positions(games, seed=1, plies=0, timeout=DEFAULT_TIMEOUT):
    """The decision points of ``games`` games gnubg plays against itself
    (money games, no cube, both sides at ``plies`` plies, dice from gnubg's
    generator seeded with ``seed``): a list of ``(position_id, d1, d2)``,
    the mover on roll, in the order played (passes included)."""
    text = run(_GAMES % {"games": games, "seed": seed, "plies": plies},
               timeout)
    out = []
    for line in text.splitlines():
        pid, a, b = line.split()
        out.append((pid, int(a), int(b)))
    return out


_IMPORT = r'''
gnubg.command("set jacoby %(jacoby)s")
gnubg.command("set beavers %(beavers)d")
for path in %(paths)r:
    gnubg.command("import mat " + path)
    emit(repr(gnubg.match(0, 1, 0, 0)))
'''


def import_mat(paths, jacoby=False, timeout=DEFAULT_TIMEOUT):
    """What gnubg reads in each ``.mat`` file of ``paths`` (``import
    mat``): a list of ``gnubg.match()`` dicts (``match-info``; ``games``,
    each with ``info``, its score, winner and points, and ``game``, its
    actions: ``move`` with ``player`` X or O, ``dice``, ``move`` (from, to)
    pairs and ``board``, the Position ID before it; ``double``, ``take``,
    ``drop``). ``jacoby`` is gnubg's setting for money sessions (off:
    gammons count without a double, as in ``BgGame``), with one beaver
    allowed when it is on."""
    import ast
    paths = [os.path.abspath(p) for p in paths]
    if not paths:
        return []
    text = run(_IMPORT % {"paths": paths, "jacoby": "on" if jacoby
                          else "off", "beavers": 1 if jacoby else 0},
               timeout)
    out = [ast.literal_eval(line) for line in text.splitlines()]
    if len(out) != len(paths):
        raise GnubgError("gnubg read %d of %d files" % (len(out), len(paths)))
    return out


# -- the legal-play fixture --------------------------------------------------

def digest(results):
    """The fixture's check value of a sorted result list: the first 12
    hex digits of the SHA-1 of the ``;``-joined Position IDs."""
    return hashlib.sha1(";".join(results).encode()).hexdigest()[:12]


def collect(n, seed=1, batch_games=100, progress=None):
    """At least ``n`` distinct decision points (position ID and roll, the
    lower die first) from gnubg's own games, in the order met."""
    seen = set()
    out = []
    s = seed
    while len(out) < n:
        for pid, a, b in game_positions(batch_games, seed=s):
            q = (pid, min(a, b), max(a, b))
            if q not in seen:
                seen.add(q)
                out.append(q)
        if progress:
            progress("%d games played (seeds %d..%d): %d distinct "
                     "positions" % ((s - seed + 1) * batch_games, seed, s,
                                    len(out)))
        s += 1
    return out[:n]


def write_fixture(path, n=10000, seed=1, batch=1000, progress=None):
    """Write the legal-play fixture: gzip text, ``#`` comment lines, then
    one line a decision point from gnubg's own games:
    ``<position-id> <d1>-<d2> <count> <digest>``, ``count`` the number of
    distinct results gnubg lists (1 for a pass: the position itself) and
    ``digest`` the ``digest()`` of their sorted list. Returns the number of
    positions written."""
    queries = collect(n, seed, progress=progress)
    lines = ["# legal plays by %s (hint at 0 plies, no pruning), %d "
             "distinct decision points of its own 0-ply games (seed %d)"
             % (version(), len(queries), seed),
             "# <position-id> <d1>-<d2> <count> <sha1[:12] of the sorted "
             "';'-joined results>"]
    for i in range(0, len(queries), batch):
        part = queries[i:i + batch]
        for (pid, a, b), res in zip(part, legal_plays(part)):
            lines.append("%s %d-%d %d %s" % (pid, a, b, len(res),
                                             digest(res)))
        if progress:
            progress("gnubg's legal plays: %d of %d positions"
                     % (min(i + batch, len(queries)), len(queries)))
    data = ("\n".join(lines) + "\n").encode()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "wb") as f:
        # mtime 0: the same fixture gives the same bytes.
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as gz:
            gz.write(data)
    return len(queries)


def read_fixture(path):
    """The fixture's entries: ``[(position_id, d1, d2, count, digest)]``."""
    out = []
    with gzip.open(path, "rt") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            pid, roll, count, dig = line.split()
            a, b = roll.split("-")
            out.append((pid, int(a), int(b), int(count), dig))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m minigam.host.aitools.bg.gnubg",
        description="gnubg helpers for the backgammon engine's tests")
    ap.add_argument("--legal-fixture", metavar="PATH",
                    help="write the legal-play fixture (gzip) to PATH")
    ap.add_argument("--positions", type=int, default=10000,
                    help="decision points in the fixture (10000)")
    ap.add_argument("--seed", type=int, default=1,
                    help="first dice seed of gnubg's games (1)")
    args = ap.parse_args(argv)
    if not args.legal_fixture:
        ap.error("nothing to do (try --legal-fixture PATH)")

    def progress(msg):
        sys.stderr.write(msg + "\n")

    try:
        n = write_fixture(args.legal_fixture, args.positions, args.seed,
                          progress=progress)
    except (GnubgMissing, GnubgError) as exc:
        sys.stderr.write("error: %s\n" % exc)
        return 2
    print("%s: %d positions" % (args.legal_fixture, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
