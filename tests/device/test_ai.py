"""Device AI tests: run by pytest on CPython and inside the MicroPython VM."""

from minigam.quarter import eval as ai_eval
from minigam.quarter.ai import LEVELS, SLICE, AIPlayer, win_prob
from minigam.quarter.notation import parse_position
from minigam.quarter.rules import Rules

SAMPLES = (
    ("0,0,0,0,0,0/8,8/0,0/1", 3, 1),
    ("0,0,0,0,0,0/8,8/0,0/2", 6, 1),
    ("0,-1,0,0,0,0/8,7/0,0/1", 5, 2),
    ("1,1,0,-2,0,-2/0,0/6,4/1", 3, 1),
    ("2,1,-1,1,-2,-1/2,2/2,2/1", 4, 2),
    ("2,1,-1,1,-2,-1/2,2/2,2/2", 3, 3),
    ("1,-1,2,-1,1,-2/2,1/2,3/2", 5, 1),
    ("-1,0,1,1,1,1/2,0/2,7/1", 6, 6),
)


def _legal(rules, pos, d1, d2, result):
    return bytes(result) in [bytes(p) for p in rules.results(pos, d1, d2)]


def _replay(rules, pos, steps):
    p = bytearray(pos)
    m = 0 if p[16] == 1 else 8
    for src, die in steps:
        assert rules.can_move(p, m, src, die)
        rules.do_move(p, m, src, die)
    p[16] = 3 - p[16]
    return p


def test_every_level_plays_legally_and_steps_match_result():
    rules = Rules()
    for level in LEVELS:
        ai = AIPlayer(rules, level, seed=3)
        for text, d1, d2 in SAMPLES:
            pos = parse_position(text)
            before = bytes(pos)
            steps = ai.choose(pos, d1, d2)
            assert bytes(pos) == before  # the caller's position is untouched
            assert _legal(rules, pos, d1, d2, ai.result)
            assert bytes(_replay(rules, pos, steps)) == bytes(ai.result)


def test_pass_gives_no_steps_and_passes_turn():
    rules = Rules()
    # Player 1 on the bar, 5 and 6 blocked by Player 2 (its indices 2 and 1).
    pos = parse_position("0,0,0,0,-4,-4/8,0/0,0/1")
    ai = AIPlayer(rules, "hard")
    assert ai.choose(pos, 6, 5) == []
    assert ai.result[16] == 2 and bytes(ai.result[:16]) == bytes(pos[:16])


def test_takes_the_winning_play():
    rules = Rules()
    pos = parse_position("0,-2,0,0,1,1/0,0/6,6/1")
    for level in LEVELS:
        ai = AIPlayer(rules, level, seed=5)
        ai.choose(pos, 4, 1)
        assert ai.result[7] == 8


def test_sliced_search_equals_one_call_and_is_sliced():
    rules = Rules()
    pos = parse_position("2,1,-1,1,-2,-1/2,2/2,2/1")
    n = rules.plays(pos, 4, 2)
    assert n > SLICE
    for level in LEVELS:
        a = AIPlayer(rules, level, seed=9)
        a.choose(pos, 4, 2)
        b = AIPlayer(rules, level, seed=9)
        b.begin(pos, 4, 2)
        calls = 1
        while not b.step():
            calls += 1
        # scoring takes ceil(n / SLICE) steps; Hard's deeper search one
        # step or more per opponent roll (21) for each close candidate
        assert calls >= (n + SLICE - 1) // SLICE + 21 * b.searched
        assert bytes(a.result) == bytes(b.result) and a.steps == b.steps
        assert b.step()  # stays done


START = parse_position("0,0,0,0,0,0/8,8/0,0/1")
ROLLS21 = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def _reference_choice(rules, pos, d1, d2, searched=None):
    """Hard's rule written plainly: best estimate, or among the close
    calls the least opponent 1-ply win probability. ``searched``: how many
    close calls the budget let the AI search whole (None: all)."""
    from minigam.quarter.ai import MARGIN, TOPK
    n = rules.checkers
    res = rules.results(pos, d1, d2)
    m = 0 if pos[16] == 1 else 8
    est = []
    for r in res:
        if r[m + 7] == n:
            return r, 0
        est.append(win_prob(ai_eval.evaluate(r)))
    best = min(est)
    close = sorted([i for i in range(len(res)) if est[i] < best + MARGIN],
                   key=lambda i: (est[i], i))[:TOPK]
    if len(close) < 2:
        return res[est.index(best)], 0
    if searched is not None:
        close = close[:max(searched, 1)]
    o = 8 - m
    v1 = []
    for i in close:
        c = res[i]
        tot = 0
        for a, b in ROLLS21:
            top = 0
            for q in rules.results(c, a, b):
                if q[o + 7] == n:
                    v = 4096
                else:
                    v = 4096 - win_prob(ai_eval.evaluate(q))
                top = max(top, v)
            tot += top * (1 if a == b else 2)
        v1.append(tot)
    return res[close[v1.index(min(v1))]], len(close)


def test_hard_search_matches_a_plain_reference():
    rules = Rules()
    ai = AIPlayer(rules, "hard")
    searched = 0
    x = 12345  # a tiny LCG: the same decisions on every port
    decisions = 0
    while searched < 4 and decisions < 400:
        pos = parse_position("0,0,0,0,0,0/8,8/0,0/1")
        while pos[7] < 8 and pos[15] < 8 and searched < 4:
            x = (x * 1103 + 12345) % 65521
            d1, d2 = 1 + x % 6, 1 + (x // 6) % 6
            if rules.plays(pos, d1, d2) >= 2:
                decisions += 1
                ai.begin(pos, d1, d2)
                while not ai.step():
                    # the app may use the same rules between steps
                    rules.plays(START, 6, 5)
                ref, k = _reference_choice(rules, pos, d1, d2)
                assert bytes(ai.result) == bytes(ref)
                assert ai.searched == k
                searched += k
            res = rules.results(pos, d1, d2)
            pos = res[x % len(res)]
    assert searched > 0  # the deeper search ran somewhere


def test_same_seed_same_choices():
    rules = Rules()
    a = AIPlayer(rules, "easy", seed=42)
    b = AIPlayer(rules, "easy", seed=42)
    for text, d1, d2 in SAMPLES * 3:
        pos = parse_position(text)
        assert a.choose(pos, d1, d2) == b.choose(pos, d1, d2)


def test_a_player_judging_at_hard_between_its_turns_plays_its_own_level():
    """The tutor's judge is the game's Medium AI set to Hard between its
    turns: its own decisions stay those of a Medium player alone (Hard
    draws no noise), and its Hard ones those of a Hard player."""
    rules = Rules()
    alone = AIPlayer(rules, "medium", seed=9)
    hard = AIPlayer(rules, "hard", seed=1)
    both = AIPlayer(rules, "medium", seed=9)
    for text, d1, d2 in SAMPLES * 2:
        pos = parse_position(text)
        both.set_level("hard")
        assert both.choose(pos, d1, d2) == hard.choose(pos, d1, d2)
        assert both.search and both.level == "hard"
        both.set_level("medium")
        assert both.choose(pos, d1, d2) == alone.choose(pos, d1, d2)
    try:
        both.set_level("grandmaster")
        assert False
    except ValueError:
        pass


def test_incremental_scores_equal_full_evaluation():
    rules = Rules()
    ev = ai_eval.Evaluator()
    for text, d1, d2 in SAMPLES:
        pos = parse_position(text)
        root = bytearray(pos)
        root[16] = 3 - root[16]
        ev.set_root(root)
        for res in rules.results(pos, d1, d2):
            assert ev.score(res) == ai_eval.evaluate(res)


def test_bad_level_and_finished_game_are_errors():
    rules = Rules()
    try:
        AIPlayer(rules, "grandmaster")
        assert False
    except ValueError:
        pass
    ai = AIPlayer(rules, "hard")
    try:
        ai.begin(parse_position("0,-2,0,0,0,0/0,0/8,6/2"), 3, 1)
        assert False
    except ValueError:
        pass


def test_win_prob_is_monotone_and_bounded():
    last = -1
    for z in range(-40 * ai_eval.ZS, 40 * ai_eval.ZS, ai_eval.ZS // 8 + 1):
        p = win_prob(z)
        assert 0 <= p <= 4096 and p >= last
        last = p
    assert win_prob(0) == 2048


def test_hard_search_stops_at_its_budget_with_the_best_searched():
    from minigam.quarter.ai import REPLY_SLICE
    rules = Rules()
    ai = AIPlayer(rules, "hard")
    ai.budget = budget = 100  # low, so that some searches are cut
    x = 777
    cut = whole = 0
    for _ in range(40):
        pos = parse_position("0,0,0,0,0,0/8,8/0,0/1")
        while pos[7] < 8 and pos[15] < 8:
            x = (x * 1103 + 12345) % 65521
            d1, d2 = 1 + x % 6, 1 + (x // 6) % 6
            if rules.plays(pos, d1, d2) >= 2:
                ai.choose(pos, d1, d2)
                if ai._phase:  # the deeper search ran
                    # work stops within one slice of the budget
                    assert ai._work < budget + REPLY_SLICE + 1
                    ref, k = _reference_choice(rules, pos, d1, d2,
                                               ai.searched)
                    assert bytes(ai.result) == bytes(ref)
                    if ai.searched < ai._nc:
                        cut += 1
                    else:
                        whole += 1
            res = rules.results(pos, d1, d2)
            pos = res[x % len(res)]
        if cut >= 3 and whole >= 3:
            break
    assert cut >= 3 and whole >= 3  # both cases were seen
