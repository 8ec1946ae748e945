"""Fuzzing of the loaders (issue 10): game records, saves, the NVM store and
what the app reads from it, with random and mutated inputs.

``fuzz(n, seed=1)`` feeds about ``n`` inputs to each of four loaders and
returns counts per loader (inputs, of which loaded):

``record``
    ``minigam.quarter.record.replay``/``load`` on game records: records exported
    from random games (both variants, games from the start and resumed
    mid-game, matches of several records) then mutated by characters,
    tokens (numbers, dice, moves, hit marks, players, positions) and lines
    (dropped, repeated, swapped, cut), plus random text. Each input replays
    or raises ``RecordError`` whose text starts ``line N:``; what replays is
    made of valid positions and its last game exports to a record that
    replays to the same position.
``save``
    ``minigam.quarter.save.loads`` on 36-byte saves of games in every state,
    mutated with and without a recomputed CRC (so the field checks behind
    the CRC are reached), truncated, extended, or random bytes. Each input
    loads or raises ``SaveError``; what loads saves back to the same bytes,
    holds a valid position, and the game goes on (three more turns of random
    moves) without any exception.
``store``
    ``minigam.hw.store.Store`` over NVM images: random, erased, zeroed, and
    images of stores holding saves, mutated byte by byte, slot copied over
    slot, or torn. Constructing never raises; each blob is None or fits its
    record; ``persist.load_settings``, ``load_stats``, ``load_game`` (each
    game type's) and ``saved_games`` never raise.
``blobs``
    The app's own blobs behind VALID store checksums: random and mutated
    settings, statistics and game blobs (the embedded save re-signed) saved
    through ``Store.save``; ``persist`` loads them as values or defaults or
    "no saved game", and every ``app_every``-th one is given to a fresh app
    on a host profile, which must resume (or not) and run a few ticks of
    keys without an exception.

Anything else raises ``FuzzFailure`` with the input (``repr``). Host only;
``python -m minigam.host soak --fuzz N`` runs it.
"""

import os
import random

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")


class FuzzFailure(Exception):
    """A loader let another exception escape, or accepted nonsense."""


# -- corpus --------------------------------------------------------------------

def random_game(rng, full_entry=None, match_to=1, turns=None):
    """A ``Game`` played by random single moves; stops after ``turns``
    completed turns (None: at the end of the game) or mid-turn at random."""
    from minigam.core.dice import Dice
    from minigam.quarter.game import Game

    if full_entry is None:
        full_entry = rng.random() < 0.5
    g = Game(full_entry=full_entry, match_to=match_to,
             dice=Dice(seed=rng.getrandbits(30)),
             auto_forced=rng.random() < 0.5)
    g.start_game()
    limit = turns if turns is not None else 10 ** 6
    done = 0
    while g.state != 3 and done < limit:
        if g.state == 1:
            g.roll()
        while not g.turn_done():
            src = rng.choice(g.movable())
            _, die = rng.choice(g.targets(src))
            g.move(src, die)
        g.confirm()
        done += 1
    return g


def play_random_moves(rng, g, turns=3):
    """Go on with ``g`` for ``turns`` turns through the Game API (raises
    whatever the game raises)."""
    from minigam.core.dice import Dice

    if g.dice is None:
        g.dice = Dice(seed=rng.getrandbits(30))
    for _ in range(turns):
        if g.state == 3:
            if g.match_over():
                g.new_match()
            else:
                g.new_game()
        if g.state == 0:
            g.start_game()
        elif g.state == 1:
            g.roll()
        for _ in range(4):
            if g.turn_done():
                break
            src = rng.choice(g.movable())
            _, die = rng.choice(g.targets(src))
            g.move(src, die)
        if rng.random() < 0.2 and g.steps:
            g.undo()
            continue
        if g.turn_done():
            g.confirm()


def record_corpus(rng, count=12):
    """Valid records: whole games, resumed games, matches."""
    from minigam.quarter.game import Game
    from minigam.quarter.record import export

    out = []
    for k in range(count):
        kind = k % 3
        if kind == 0:
            out.append(export(random_game(rng)))
        elif kind == 1:  # a record starting mid-game (resumed from a save)
            g = random_game(rng, turns=rng.randint(2, 12))
            if g.state == 2 and not g.turn_done():
                g.undo_turn()
            g2 = Game(rules=g.rules)
            pos = bytearray(g.turn_start() if g.state == 2 else g.pos)
            g2.setup(pos)
            g2.first_turn = g2.turn_no = g.turn_no
            from minigam.core.dice import Dice
            g2.dice = Dice(seed=rng.getrandbits(30))
            for _ in range(rng.randint(1, 8)):
                if g2.state == 3:
                    break
                g2.roll()
                while not g2.turn_done():
                    src = rng.choice(g2.movable())
                    _, die = rng.choice(g2.targets(src))
                    g2.move(src, die)
                g2.confirm()
            out.append(export(g2))
        else:  # a match: several records
            out.append("".join(export(random_game(rng))
                               for _ in range(rng.randint(2, 3))))
    return out


def save_corpus(rng, count=40):
    """Valid saves of games in every state (36 bytes each)."""
    from minigam.quarter.save import dumps

    out = []
    for k in range(count):
        g = random_game(rng, match_to=rng.choice((1, 1, 3, 5)),
                        turns=rng.choice((0, 1, 3, 8, 20, None)))
        if g.state == 3 and not g.match_over() and rng.random() < 0.5:
            g.new_game()
            if rng.random() < 0.5:
                g.start_game()
        elif g.state == 1 and rng.random() < 0.7:
            g.roll()
            for _ in range(rng.randint(0, 2)):
                if g.turn_done():
                    break
                src = rng.choice(g.movable())
                _, die = rng.choice(g.targets(src))
                g.move(src, die)
        if k % 10 == 0:  # before the opening roll
            from minigam.quarter.game import Game
            g = Game(full_entry=rng.random() < 0.5,
                     match_to=rng.choice((1, 3)))
        out.append(dumps(g))
    return out


# -- mutators ------------------------------------------------------------------

_REC_CHARS = "0123456789-,/ *=>.P:offbar\n#MINIGAMrecordwinnerstandardfull\t"


def _rand_text(rng, n):
    pick = rng.random()
    if pick < 0.4:
        return "".join(rng.choice(_REC_CHARS) for _ in range(n))
    if pick < 0.7:
        return "".join(chr(rng.randrange(32, 127)) for _ in range(n))
    return "".join(chr(rng.randrange(0, 0x3000)) for _ in range(n))


def mutate_record(text, rng, pool):
    """One to four random edits of a record (see the module docstring)."""
    from minigam.quarter.notation import format_position
    from minigam.quarter.rules import new_position

    for _ in range(rng.randint(1, 4)):
        lines = text.split("\n")
        op = rng.randrange(12)
        if op == 0 and text:  # replace/insert/delete characters
            k = rng.randrange(len(text))
            text = text[:k] + _rand_text(rng, rng.randint(0, 3)) \
                + text[k + rng.randint(0, 3):]
        elif op == 1 and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif op == 2:
            k = rng.randrange(len(lines))
            lines.insert(k, lines[rng.randrange(len(lines))])
            text = "\n".join(lines)
        elif op == 3 and len(lines) > 2:
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif op == 4:
            text = text[:rng.randrange(len(text) + 1)]
        elif op == 5:  # a number token changed
            toks = text.split(" ")
            k = rng.randrange(len(toks))
            toks[k] = "".join(
                str(rng.choice((0, 1, 2, 3, 5, 6, 7, 9, 12, 99, 65536)))
                if c.isdigit() and rng.random() < 0.5 else c
                for c in toks[k])
            text = " ".join(toks)
        elif op == 6:  # dice
            text = text.replace("%d-%d" % (rng.randint(1, 6),
                                           rng.randint(1, 6)),
                                "%d-%d" % (rng.randint(0, 7),
                                           rng.randint(0, 7)), 1)
        elif op == 7:  # hit marks
            text = text.replace("*", "", 1) if rng.random() < 0.5 and \
                "*" in text else text.replace("/", "/*", 1)
        elif op == 8:
            text = text.replace("P1", "P2", 1) if rng.random() < 0.5 \
                else text.replace("P2", "P1", 1)
        elif op == 9:  # a position after "=>" or start: swapped
            k = text.find("=>" if rng.random() < 0.7 else "start:")
            if k >= 0:
                e = text.find("\n", k)
                e = len(text) if e < 0 else e
                pos = new_position()
                if rng.random() < 0.5:
                    pos[16] = 2
                text = text[:k] + ("=> " if text[k] == "=" else "start: ") \
                    + format_position(pos) + text[e:]
        elif op == 10:  # a line of another record
            other = rng.choice(pool).split("\n")
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(other))
            text = "\n".join(lines)
        else:  # moves: bar/off/numbers swapped
            text = text.replace(rng.choice(("bar", "off", "/", " ")),
                                rng.choice(("bar", "off", "/", "", "  ",
                                            "/bar", "7")), 1)
    return text


def resign(b):
    """``b`` (a save) with its CRC recomputed."""
    from minigam.quarter.save import crc16

    b = bytearray(b)
    if len(b) >= 36:
        c = crc16(b, end=34)
        b[34] = c >> 8
        b[35] = c & 255
    return bytes(b)


def mutate_save(s, rng):
    op = rng.randrange(8)
    b = bytearray(s)
    if op <= 3:  # fields changed behind a valid CRC
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(34)
            b[k] = rng.choice((rng.randrange(256), b[k] ^ (1 << rng.randrange(8)),
                               (b[k] + 1) & 255, (b[k] - 1) & 255, 0, 255))
        return resign(b)
    if op == 4:  # a bit flip, CRC left alone
        k = rng.randrange(len(b))
        b[k] ^= 1 << rng.randrange(8)
        return bytes(b)
    if op == 5:
        return bytes(b[:rng.randrange(len(b))])
    if op == 6:
        return bytes(b) + bytes(rng.randrange(256)
                                for _ in range(rng.randint(1, 4)))
    return bytes(rng.randrange(256) for _ in range(rng.choice((36, 36,
                                                              rng.randrange(80)))))


# -- loaders under test ----------------------------------------------------------

def check_record(text):
    """True if ``text`` replays; raises FuzzFailure on anything unclean."""
    from minigam.quarter.notation import NotationError, validate
    from minigam.quarter.record import RecordError, export, load, replay

    try:
        games = replay(text)
    except RecordError as exc:
        if not str(exc).startswith("line %d: " % exc.line) or exc.line < 1:
            raise FuzzFailure("unclear RecordError %r for %r" % (exc, text))
        return False
    except Exception as exc:
        raise FuzzFailure("replay raised %s: %s for %r"
                          % (type(exc).__name__, exc, text))
    try:
        for g in games:
            validate(g.pos)
        again = replay(export(games[-1]))[-1]
        if again.pos != games[-1].pos:
            raise FuzzFailure("the replayed game exports differently: %r"
                              % text)
        if load(text).pos != games[-1].pos:
            raise FuzzFailure("load and replay disagree on %r" % text)
    except (RecordError, NotationError) as exc:
        raise FuzzFailure("an accepted record is inconsistent (%s): %r"
                          % (exc, text))
    return True


def check_save(data, rng):
    """True if ``data`` loads; raises FuzzFailure on anything unclean."""
    from minigam.quarter.game import GameError
    from minigam.quarter.notation import NotationError, validate
    from minigam.quarter.save import SaveError, dumps, loads

    try:
        g = loads(data)
    except SaveError as exc:
        if not str(exc):
            raise FuzzFailure("SaveError without a reason for %r" % data)
        return False
    except Exception as exc:
        raise FuzzFailure("loads raised %s: %s for %r"
                          % (type(exc).__name__, exc, data))
    try:
        if dumps(g) != bytes(data):
            raise FuzzFailure("a loaded save saves differently: %r" % data)
        validate(g.pos, g.rules.checkers)
        play_random_moves(rng, g)
        validate(g.pos, g.rules.checkers)
    except (GameError, NotationError, IndexError, ValueError) as exc:
        raise FuzzFailure("a loaded save does not play on (%s: %s): %r"
                          % (type(exc).__name__, exc, data))
    return True


def check_store(img):
    """True if the store holds a loadable game; raises FuzzFailure."""
    from minigam.app import persist as P
    from minigam.hw import store as S
    from minigam.quarter.notation import validate

    try:
        st = S.Store(img)
        blobs = [(kind, st.load(kind)) for kind in (S.GAME, S.SETTINGS,
                                                    S.STATS)]
    except Exception as exc:
        raise FuzzFailure("Store raised %s: %s on an image of %d bytes"
                          % (type(exc).__name__, exc, len(img)))
    for kind, b in blobs:
        if b is not None and (not isinstance(b, bytes) or
                              len(b) > st.capacity(kind)):
            raise FuzzFailure("store blob %d of %d bytes over capacity"
                              % (kind, len(b)))
    try:
        P.load_settings(st)
        P.load_stats(st)
        got = P.load_game(st, P.MINIGAM)
        for kind in (P.BACKGAMMON, P.NARDY):
            P.load_game(st, kind)
        P.saved_games(st, (P.MINIGAM, P.BACKGAMMON, P.NARDY))
    except Exception as exc:
        raise FuzzFailure("persist raised %s: %s" % (type(exc).__name__, exc))
    if got is not None:
        from minigam.quarter.notation import NotationError
        try:
            validate(got[2].pos, got[2].rules.checkers)
        except NotationError as exc:
            raise FuzzFailure("persist loaded an illegal position: %s" % exc)
    return got is not None


def store_corpus(rng, saves, size):
    """NVM images of stores after a few random saves."""
    from minigam.app import persist as P
    from minigam.hw import store as S

    nvm = bytearray(size)
    st = S.Store(nvm)
    images = []
    for _ in range(rng.randint(2, 8)):
        r = rng.random()
        if r < 0.6:
            st.save(S.GAME, bytes((rng.choice((1, 2)), rng.randrange(3)))
                    + rng.choice(saves))
        elif r < 0.8:
            s = P.Settings()
            s.level = rng.randrange(3)
            st.save(S.SETTINGS, s.to_bytes())
        else:
            s = P.Stats()
            s.games[0] = rng.randrange(100)
            st.save(S.STATS, s.to_bytes())
        images.append(bytes(nvm))
    return images


def mutate_image(img, rng, size):
    b = bytearray(img)
    op = rng.randrange(6)
    if op <= 2:
        for _ in range(rng.randint(1, 8)):
            k = rng.randrange(min(len(b), 1400))
            b[k] = rng.randrange(256)
    elif op == 3:  # one slot copied over another
        slot = rng.choice((56, 128, 72, 520))
        a = rng.randrange(0, max(1, len(b) - 2 * slot))
        b[a + slot:a + 2 * slot] = b[a:a + slot]
    elif op == 4:  # a torn region
        a = rng.randrange(len(b))
        n = rng.randint(1, 600)
        b[a:a + n] = bytes(rng.randrange(256) for _ in range(len(b[a:a + n])))
    else:
        return bytearray(rng.choice((b"\xff", b"\x00", b"\xb2", b"\xb1"))
                         * size)
    return b


# -- driver --------------------------------------------------------------------

def fuzz(n, seed=1, app_every=50, log=None):
    """Fuzz each loader with about ``n`` inputs; returns the counts."""
    from minigam.app import persist as P
    from minigam.hw import store as S
    from minigam.quarter.save import SAVE_SIZE

    rng = random.Random(seed)
    counts = {k: [0, 0] for k in ("record", "save", "store", "blobs")}
    counts["apps"] = [0, 0]

    def note(kind, ok):
        counts[kind][0] += 1
        counts[kind][1] += 1 if ok else 0

    # records
    pool = record_corpus(rng)
    for k in range(n):
        r = rng.random()
        if r < 0.85:
            text = mutate_record(rng.choice(pool), rng, pool)
        elif r < 0.95:
            text = "MINIGAM record 1\n" + _rand_text(rng, rng.randint(0, 200))
        else:
            text = _rand_text(rng, rng.randint(0, 200))
        note("record", check_record(text))
        if k % 500 == 499:
            pool[rng.randrange(len(pool))] = record_corpus(rng, 1)[0]
    for bad in (None, b"MINIGAM record 1\n", 17, ["MINIGAM record 1"]):
        try:
            from minigam.quarter.record import replay, RecordError
            replay(bad)
        except RecordError:
            note("record", False)
        except Exception as exc:
            raise FuzzFailure("replay(%r) raised %s" % (bad, exc))
    if log:
        log("  records: %d" % counts["record"][0])

    # saves
    saves = save_corpus(rng)
    for k in range(n):
        data = mutate_save(rng.choice(saves), rng) if rng.random() < 0.9 \
            else rng.choice(saves)
        note("save", check_save(data, rng))
    for bad in (None, "M" * SAVE_SIZE, b"", bytearray(SAVE_SIZE),
                memoryview(saves[0]), 5):
        from minigam.quarter.save import SaveError, loads
        try:
            loads(bad)
            note("save", True)
        except SaveError:
            note("save", False)
        except Exception as exc:
            raise FuzzFailure("loads(%r) raised %s" % (bad, exc))
    if log:
        log("  saves: %d" % counts["save"][0])

    # NVM images
    for k in range(n):
        size = rng.choice((256, 4096, 256, 4096, rng.randint(256, 2000)))
        r = rng.random()
        if r < 0.15:
            img = bytearray(rng.randrange(256) for _ in range(size))
        else:
            base = rng.choice(store_corpus(rng, saves, size))
            img = mutate_image(base, rng, size) if r < 0.95 \
                else bytearray(base)
        note("store", check_store(img))
    try:
        S.Store(bytearray(255))
        raise FuzzFailure("a 255-byte NVM was accepted")
    except S.StoreError:
        pass
    if log:
        log("  stores: %d" % counts["store"][0])

    # app blobs behind valid store checksums (and a fresh app on some)
    hw = None
    for k in range(n):
        size = rng.choice((256, 4096))
        st = S.Store(bytearray(size))
        r = rng.random()
        game = bytes((rng.choice((1, 2, 0, 3)), rng.randrange(4))) \
            + (mutate_save(rng.choice(saves), rng) if r < 0.7
               else rng.choice(saves))
        if rng.random() < 0.1:
            game = bytes(rng.randrange(256)
                         for _ in range(rng.randrange(st.capacity(S.GAME))))
        st.save(S.GAME, game[:st.capacity(S.GAME)])
        sset = bytearray(P.Settings().to_bytes())
        for _ in range(rng.randint(0, 3)):
            sset[rng.randrange(len(sset))] = rng.randrange(256)
        st.save(S.SETTINGS, bytes(sset[:rng.randint(0, len(sset) + 1)]))
        stats = bytearray(P.Stats().to_bytes())
        for _ in range(rng.randint(0, 4)):
            stats[rng.randrange(len(stats))] = rng.randrange(256)
        st.save(S.STATS, bytes(stats[:rng.choice((len(stats), len(stats),
                                                   rng.randrange(31)))]))
        ok = check_store(bytearray(st.nvm))
        note("blobs", ok)
        if app_every and (k % app_every == 0 or (ok and k % 5 == 0)):
            hw = _app_check(hw, st, rng, size)
            note("apps", ok)
    if hw is not None:
        hw.deinit()
    if log:
        log("  blobs: %d (%d fresh apps)" % (counts["blobs"][0],
                                            counts["apps"][0]))
    return counts


def _app_check(hw, st, rng, size):
    """A fresh app on store ``st``: resume if offered, a few keys/ticks."""
    from minigam.app.start import build_app
    from minigam.app import app as A
    from minigam.hw import keys as K
    from minigam.host.simulator.hwhost import build_host_profile
    from minigam.hw.store import Store
    from minigam.quarter.notation import validate

    name = "pybadge" if size == 256 else "pico-st7789"
    if hw is None or hw.name != name:
        if hw is not None:
            hw.deinit()
        hw = build_host_profile(name)
    hw.store = Store(bytearray(st.nvm))
    hw.keys.clear()
    try:
        app = build_app(hw, seed=rng.getrandbits(20))
        now = 0
        for i in range(12):
            if app.state not in (A.AI, A.AIMOVE):
                hw.keys.push(rng.choice((K.A, K.A, K.X, K.B)) if i else K.A)
            now += 300
            app.tick(now)
            if app.game is not None:
                validate(app.game.pos, app.game.rules.checkers)
    except Exception as exc:
        import traceback
        raise FuzzFailure("a fresh app on a fuzzed store raised %s: %s "
                          "(game blob %r)\n%s"
                          % (type(exc).__name__, exc, st.load(0),
                             traceback.format_exc()))
    return hw


def total(counts):
    return sum(counts[k][0] for k in ("record", "save", "store", "blobs"))


def format_counts(c):
    return ("records %d (%d replayed), saves %d (%d loaded), NVM images %d "
            "(%d with a game), app blobs %d (%d with a game; %d fresh apps)"
            % (c["record"][0], c["record"][1], c["save"][0], c["save"][1],
               c["store"][0], c["store"][1], c["blobs"][0], c["blobs"][1],
               c["apps"][0]))
