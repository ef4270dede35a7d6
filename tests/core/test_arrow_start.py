"""pla_core.geometry.off_box and arrow_start: where a line off a box lies, and where arrows start so they stay in it."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pla_core.geometry import arrow_start, clip_line, off_box

num = st.floats(-3, 3, allow_nan=False)


@st.composite
def boxes(draw):
    x0, y0 = draw(num), draw(num)
    return (x0, x0 + draw(st.floats(0.5, 5)), y0, y0 + draw(st.floats(0.5, 5)))


@settings(max_examples=500, deadline=None)
@given(st.tuples(num, num, num), boxes(), st.tuples(num, num), st.tuples(num, num))
def test_arrows_from_the_start_stay_in_the_box_and_start_on_the_line_when_it_has_room(w, box, a, b):
    L = 0.22 * min(box[1] - box[0], box[3] - box[2])
    m = max(np.hypot(*a), np.hypot(*b))
    tips = [np.array(a) * L / m, np.array(b) * L / m] if m > 0 else []
    p = arrow_start(w, box, tips)
    for q in [p, *(p + t for t in tips)]:
        assert box[0] - 1e-9 <= q[0] <= box[1] + 1e-9 and box[2] - 1e-9 <= q[1] <= box[3] + 1e-9
    if np.any(w[1:]) and clip_line(w, box) is not None:
        seg = clip_line(w, box)
        inset = 0.04 * min(box[1] - box[0], box[3] - box[2]) + 1e-9
        def room(q):
            return all(box[0] + inset <= e[0] <= box[1] - inset and box[2] + inset <= e[1] <= box[3] - inset
                       for e in [q, *(q + t for t in tips)])
        on_line = abs(w[0] + w[1] * p[0] + w[2] * p[1]) <= 1e-9 * (1 + np.abs(w).sum()) * (1 + np.abs(box).max())
        if any(room(q) for q in np.linspace(seg[0], seg[1], 41)):
            assert on_line


def test_off_box_points_from_the_middle_to_the_line():
    assert np.allclose(off_box([-5, 1, 0], [0, 1, 0, 1]), [1, 0])
    assert np.allclose(off_box([5, 0, 1], [0, 1, 0, 1]), [0, -1])
    assert off_box([-0.5, 1, 1], [0, 1, 0, 1]) is None and off_box([1, 0, 0], [0, 1, 0, 1]) is None


def test_issue_20_step_1_starts_beside_the_line_in_the_corner():
    w, box = [-1, 0.749, 0.154], (-1.25, 1.25, -1.25, 1.25)
    s = 0.22 * 2.5 / np.hypot(1.045, -0.733)
    tips = [np.array([0.749, 0.154]) * s, np.array([1.045, -0.733]) * s]
    p = arrow_start(w, box, tips)
    assert clip_line(w, box) is not None and abs(w[0] + w[1] * p[0] + w[2] * p[1]) > 0.05
    assert all(-1.25 <= c <= 1.25 for q in [p, p + tips[0], p + tips[1]] for c in q)
