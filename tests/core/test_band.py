"""geometry.band: the street |wᵀx̃| ≤ half inside a box (the maximum-margin line's margin band)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pla_core import geometry


def test_a_horizontal_street_is_a_rectangle():
    poly = geometry.band((0, 0, 1), 0.5, (-1, 1, -1, 1))
    assert sorted(map(tuple, poly.tolist())) == [(-1, -0.5), (-1, 0.5), (1, -0.5), (1, 0.5)]
    assert geometry.polygon_area(poly) == pytest.approx(2.0)


def test_a_street_that_misses_the_box_is_none_and_bad_input_says_why():
    assert geometry.band((5, 1, 0), 0.5, (-1, 1, -1, 1)) is None
    with pytest.raises(ValueError, match="half-width"):
        geometry.band((0, 1, 0), float("nan"), (-1, 1, -1, 1))
    with pytest.raises(ValueError, match="plane"):
        geometry.band((0, 1, 0, 1), 0.1, (-1, 1, -1, 1))


num = st.floats(-3, 3, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(num, num, num, st.floats(0.01, 2), st.lists(st.tuples(st.floats(-1, 1), st.floats(-1, 1)), min_size=1, max_size=20))
def test_the_street_holds_exactly_the_box_points_within_half_of_the_line(b, w1, w2, half, pts):
    if abs(w1) + abs(w2) < 1e-3:
        return
    w = np.array([b, w1, w2])
    poly = geometry.band(w, half, (-1, 1, -1, 1))
    for p in pts:
        inside = abs(w @ [1, *p]) <= half
        if poly is None:
            assert not inside or abs(abs(w @ [1, *p]) - half) < 1e-9
            continue
        # a convex polygon in order: p is inside iff it is on the same side of every edge
        P = np.vstack([poly, poly[:1]])
        cross = [(q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]) for q, r in zip(P[:-1], P[1:])]
        in_poly = all(c >= -1e-9 for c in cross) or all(c <= 1e-9 for c in cross)
        if abs(abs(w @ [1, *p]) - half) > 1e-7:
            assert in_poly == inside

