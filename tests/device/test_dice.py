"""Tests of minigam.dice: injected sources, the seeded generator's fairness,
hand-entered dice, and the statistics. Plain functions, bare asserts."""

from minigam.dice import Dice, DiceError, DiceStats, check_roll, STATS_SIZE


def _raises(fn, *args):
    try:
        fn(*args)
    except DiceError:
        return True
    return False


def test_scripted_list_source():
    d = Dice(source=[1, 2, 6, 6, 3])
    assert d.roll() == (1, 2)
    assert d.roll() == (6, 6)
    assert d.roll_one() == 3
    assert _raises(d.roll_one)
    assert d.stats.rolls == 2 and d.stats.doubles == 1


def test_callable_source_and_bad_values():
    seq = [4, 5]
    d = Dice(source=lambda: seq.pop())
    assert d.roll() == (5, 4)
    assert _raises(Dice(source=[0]).roll_one)
    assert _raises(Dice(source=[7]).roll_one)
    assert _raises(Dice(source=["3"]).roll_one)


def test_seeded_generator_is_reproducible():
    a = Dice(seed=12345)
    b = Dice(seed=12345)
    c = Dice(seed=54321)
    ra = [a.roll() for _ in range(50)]
    assert ra == [b.roll() for _ in range(50)]
    assert ra != [c.roll() for _ in range(50)]
    # seed 0 is allowed (xorshift needs a non-zero state)
    z = Dice(seed=0)
    assert len(set([z.roll_one() for _ in range(60)])) == 6


def test_known_sequence_is_stable():
    # Pins the generator so a --seed gives the same game on CPython and on
    # the board (the VM run of this test checks MicroPython agrees).
    d = Dice(seed=1)
    assert [d.roll_one() for _ in range(12)] == [3, 6, 4, 6, 1, 1, 6, 5, 6,
                                                  2, 3, 4]


def test_unseeded_dice_differ():
    # Seeded from os.urandom (or the clock): two fresh dice differ somewhere
    # in 40 rolls unless they got the same seed.
    d1, d2 = Dice(), Dice()
    assert [d1.roll() for _ in range(40)] != [d2.roll() for _ in range(40)]


def test_generator_is_uniform_and_independent():
    # 6000 rolls from a fixed seed: every value, doubles and pips are near
    # their expectations (deterministic, so this cannot flake).
    d = Dice(seed=2024)
    for _ in range(6000):
        d.roll()
    st = d.stats
    assert st.rolls == 6000
    for v in range(1, 7):
        # expected 2000 each, sd ~ 40.8: allow 5 sd
        assert abs(st.counts[v] - 2000) < 205, st.counts
    assert abs(st.doubles_rate() - 1 / 6) < 0.025
    assert abs(st.pips_per_roll() - 7) < 0.15
    assert st.chi_square() < 20.5  # p ~ 0.001 at 5 degrees of freedom


def test_expected_pips_per_roll_is_seven():
    # Doubles are two moves (RULES.md), so a roll a-b always gives a + b
    # pips; over the 36 equally likely rolls that averages exactly 7.
    st = DiceStats()
    for a in range(1, 7):
        for b in range(1, 7):
            st.add(a, b)
    assert st.rolls == 36 and st.pips == 252
    assert st.pips_per_roll() == 7
    assert st.doubles_rate() == 1 / 6
    assert st.chi_square() == 0


def test_hand_entered_dice_are_checked():
    assert check_roll(1, 6) == (1, 6)
    for bad in ((0, 1), (1, 7), (3, None), (2.0, 3), (True, 2)):
        assert _raises(check_roll, bad[0], bad[1])


def test_stats_counting_and_text():
    st = DiceStats()
    assert st.rolls == 0 and st.doubles_rate() == 0 and st.pips_per_roll() == 0
    st.add(3, 3)
    st.add(6, 1)
    assert st.counts == [0, 1, 0, 2, 0, 0, 1]
    assert st.rolls == 2 and st.doubles == 1 and st.pips == 13
    lines = st.lines()
    assert lines[0] == "rolls 2" and "50.0%" in lines[7]
    assert "6.50" in lines[8]
    assert _raises(st.add, 0, 3)
    st.reset()
    assert st.rolls == 0


def test_stats_serialisation():
    st = DiceStats()
    for a, b in ((1, 2), (5, 5), (6, 6), (4, 2)):
        st.add(a, b)
    st.counts[3] += 70000
    st.counts[4] += 70000
    data = st.to_bytes()
    assert len(data) == STATS_SIZE == 21
    back = DiceStats.from_bytes(data)
    assert back.counts == st.counts and back.doubles == st.doubles
    assert _raises(DiceStats.from_bytes, data[:-1])
    assert _raises(DiceStats.from_bytes, None)
    bad = bytearray(data)
    bad[18] = 255     # more doubles than rolls
    assert _raises(DiceStats.from_bytes, bytes(bad))
    bad = bytearray(data)
    bad[2] += 1       # odd number of dice
    assert _raises(DiceStats.from_bytes, bytes(bad))
