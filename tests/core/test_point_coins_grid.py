"""Noise & Pocket's flips (``point_coins``) depend on a point's value, not on the float that spells it: a link
saved when the app stored k·0.001 (0.8200000000000001) and one it saves now (0.82, the float nearest k/1000), and
the literal a notebook writes, flip the same points."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import pla_core as pc

grid = st.integers(-100_000_000 + 1, 100_000_000 - 1)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(grid, grid), min_size=1, max_size=8), st.integers(0, 2**32 - 1))
def test_a_grid_point_has_one_coin_whichever_float_spells_it(K, seed):
    K = np.array(K, dtype=float)
    then, now = K * 1e-3, K / 1000  # as links were read before issue 44, and as they are now
    written = np.array([[float(repr(v)) for v in row] for row in now.tolist()])  # the notebook's literal
    assert np.array_equal(pc.datasets.point_coins(then, seed), pc.datasets.point_coins(now, seed))
    assert np.array_equal(pc.datasets.point_coins(now, seed), pc.datasets.point_coins(written, seed))


def test_points_off_the_grid_still_get_coins_of_their_own():
    X = np.array([[0.1234567, 0.5], [0.1234568, 0.5], [-0.0, 0.0], [0.0, 0.0]])
    c = pc.datasets.point_coins(X, 3)
    assert c[0] != c[1] and c[2] == c[3] and ((0 <= c) & (c < 1)).all()
