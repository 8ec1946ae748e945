"""The backgammon network's training data (``minigam.host.aitools.bg.data``).

Offline: a chunk file that is not one is refused. Live (only where gnubg is
installed; a few seconds): one game against the device's Hard at 0 and at
1 ply, whose chunks keep what the module says: at 0 plies the best plays
and a few others, above 0 only the plays gnubg's move filter took to full
depth (the first of gnubg's list, ranks 0, 1, 2 ... without a gap).
"""

import numpy as np
import pytest

from minigam.host.aitools.bg import data as bg_data
from minigam.host.aitools.bg import gnubg

live = pytest.mark.skipif(not gnubg.available(),
                          reason="gnubg is not installed")


def test_read_chunk_refuses_other_files(tmp_path):
    p = tmp_path / "chunk_00001.bin"
    p.write_bytes(b"BGD0" + bytes(8))
    with pytest.raises(ValueError, match="not a bg_data chunk"):
        bg_data.read_chunk(str(p))


def _decisions(chunk):
    s = chunk["start"]
    return [chunk["rank"][s[d]:s[d + 1]] for d in range(len(s) - 1)]


@live
@pytest.mark.parametrize("plies", [0, 1])
def test_a_game_against_hard_keeps_the_candidates_of_its_depth(tmp_path,
                                                               plies):
    path = bg_data.run_chunk(7, 1, str(tmp_path), plies=plies, nice=False,
                             timeout=600, ai="hard")
    c = bg_data.read_chunk(path)
    ranks = _decisions(c)
    assert len(ranks) >= 10  # a whole game of both sides' decisions
    kept = np.diff(c["start"])
    assert (kept >= 2).all() and (kept <= c["nplays"]).all()
    for r, n in zip(ranks, c["nplays"]):
        assert r[0] == 0
        if plies:
            # the filter's plays: gnubg's first few, in its order
            assert list(r) == list(range(len(r)))
        else:
            top = min(bg_data.KEEP_TOP, n)
            assert list(r[:top]) == list(range(top))
            assert len(r) <= top + bg_data.KEEP_RANDOM
    if plies:
        # the filter leaves some plays out of a game's decisions
        assert (kept < c["nplays"]).any()
    p = c["probs"]
    assert ((p >= 0) & (p <= 1)).all()
    assert (p[:, 1] <= p[:, 0] + 1e-6).all()  # gammons within wins
