"""Leak check of the app in the MicroPython VM (issue 10).

A match of AI against AI through the real app (display faked; Player 1's
plays entered by keys), the live heap read between ``runPython`` calls at
the start of every game: it must not grow from one game to the next. A
planted leak of 4 KB per game is caught by the same measure. ``bench``
prints the peak (``minigam/host/bench/memory.py``).
"""

from minigam.host.bench.memory import breakdown, growth, slope, vm_match

LEAK = """
_leak = []
def _plant():
    from minigam.core.flow import Flow  # every game's flow, loaded throughout
    real = Flow.new_game
    def leaky(self):
        _leak.append(bytearray(4096))
        return real(self)
    Flow.new_game = leaky
_plant()
"""

TOLERANCE = 2048  # bytes: what the AIs keep of their last search varies


def test_the_heap_does_not_grow_from_game_to_game():
    r = vm_match("pybadge", games=16, level="medium", seed=5)
    assert r["games"] == 16
    assert r["turns"] > 16 * 10  # whole games were played
    assert len(r["starts"]) == 16
    assert r["growth"] <= TOLERANCE, r["starts"]
    assert r["peak"] >= max(r["starts"]) > 0


def test_a_planted_leak_is_caught():
    r = vm_match("pybadge", games=16, level="medium", seed=5, inject=LEAK)
    assert r["games"] == 16
    assert r["growth"] > TOLERANCE, r["starts"]
    assert r["slope"] > 2000


def test_growth_and_slope():
    assert growth([9, 5, 6, 5, 7]) == 0
    assert growth([9, 5, 6, 8, 9]) == 3
    assert growth([1]) == 0
    assert slope([1, 2, 3]) == 1.0
    assert slope([5]) == 0.0


def test_the_breakdown_itemises_every_module_the_app_loads():
    # A module the app starts importing must get its own line in the
    # breakdown (bench_memory._BREAK_STEPS), or this lists it.
    b = breakdown("pybadge")
    assert b["unlisted"] == []
    assert b["objects"]["Rectangle"] > 0 and b["objects"]["TileGrid"] > 0
    assert all(size > 0 for size in b["per_object"].values()), b
