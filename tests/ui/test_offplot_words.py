"""Issue 20, defect 6: what the words say about a line off the plot, a missing line and the arrows' scale is true of
the picture, on many data sets and views (the browser's side is tests/js/offplot.test.mjs)."""

from __future__ import annotations

import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import pla_core
from pla_core.geometry import clip_line
from pla_lab.drawing import figures
from pla_lab.words import explain

LAYERS = ("shade", "ghost", "boundary", "w", "update", "circle")
coord = st.floats(-4, 4, allow_nan=False)
weight = st.floats(-3, 3, allow_nan=False).map(lambda v: 0.0 if abs(v) < 0.3 else v)  # zeros come often


@st.composite
def views(draw):
    x0, y0 = draw(coord), draw(coord)
    return (x0, x0 + draw(st.floats(0.5, 6)), y0, y0 + draw(st.floats(0.5, 6)))


def crossing(w, view):
    """Where the line crosses the horizontal and the vertical through the view's middle (None if parallel)."""
    b, w1, w2 = w
    cx, cy = (view[0] + view[1]) / 2, (view[2] + view[3]) / 2
    return (-(b + w2 * cy) / w1 if w1 else None), (-(b + w1 * cx) / w2 if w2 else None)


@settings(max_examples=600, deadline=None)
@given(st.tuples(weight, weight, weight), views())
def test_off_the_plot_iff_the_line_misses_the_view_and_on_the_side_it_names(w, view):
    words = explain.line_words(w, view) or ""
    flat = w[1] == 0 and w[2] == 0
    assert ("no line" in words) == flat
    assert ("off the plot" in words) == (not flat and clip_line(w, view) is None)
    x, y = crossing(w, view)
    # A line beyond the right edge crosses the middle's horizontal right of the view, and so on (a line on an edge
    # may be found a rounding error outside it: it is then not drawn, and named off the plot).
    tol = 1e-9 * max(map(abs, view))
    if "right" in words:
        assert x is not None and x > view[1] - tol
    if "left" in words:
        assert x is not None and x < view[0] + tol
    if "above" in words or "upper" in words:
        assert y is not None and y > view[3] - tol
    if "below" in words or "lower" in words:
        assert y is not None and y < view[2] + tol
    if "off the plot" in words:
        assert any(k in words for k in ("right", "left", "above", "below"))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 30), views(), st.sampled_from([0.1, 1.0, 7.0]))
def test_every_step_of_a_run_says_where_its_line_is_and_the_arrows_scale(seed, n, view, eta):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, (n, 2))
    y = np.where(rng.uniform(size=n) < 0.5, -1.0, 1.0)
    trace = pla_core.pla(X, y, eta=eta, stop_on_cycle=False, max_updates=60)
    for t in range(len(trace) + 1):
        w = trace.weights[t]
        line = explain.showing(trace, t, LAYERS, view)
        flat = not np.any(w[1:])
        assert ("no line" in line) == flat
        assert ("off the plot" in line) == (not flat and clip_line(w, view) is None)
        assert line in figures.describe([(*x, v) for x, v in zip(X, y)], trace, t, LAYERS, view)
        nxt = trace.weights[min(t + 1, len(trace))]
        drawn = np.hypot(*w[1:]) > 0 or (t < len(trace) and np.hypot(*nxt[1:]) > 0)
        assert ("arrows drawn ×" in line) == bool(drawn)
        if drawn:
            s = float(re.search(r"arrows drawn ×([\d.]+)", line)[1])
            longest = max(np.hypot(*w[1:]), np.hypot(*nxt[1:]) if t < len(trace) else 0)
            # the longer arrow drawn at that scale is 22% of the view's shorter side (2 significant digits)
            assert abs(s * longest / min(view[1] - view[0], view[3] - view[2]) - 0.22) <= 0.22 * 0.05
            seg = clip_line(w, view) if not flat else None
            if "beside its line" in line:
                assert seg is not None
                assert not any(_room(p, w, nxt - w, 0.22 * min(view[1] - view[0], view[3] - view[2]) / longest, view)
                               for p in np.linspace(seg[0], seg[1], 41))


def _room(p, w, u, s, view):
    """Whether w's arrow from p, and w + u's, end inside the view less its 4% inset."""
    m = 0.04 * min(view[1] - view[0], view[3] - view[2]) - 1e-9
    ends = [p, p + w[1:] * s, p + (w[1:] + u[1:]) * s]
    return all(view[0] + m <= x <= view[1] - m and view[2] + m <= y <= view[3] - m for x, y in ends)


def test_issue_20_step_1_w_drawn_beside_its_line_at_the_right_edge():
    from pla_lab.framework import runs
    from pla_lab.framework.settings import ALGORITHM, pla_kwargs
    from pla_lab.lessons.pla.pla_lesson import PLA

    pts, view, _ = PLA.presets["separable"].build(0)
    trace = runs.pla(pts, pla_kwargs({s.key: s.default for s in ALGORITHM}))
    line = explain.showing(trace, 1, LAYERS, view)
    assert "arrows drawn ×" in line and "w beside its line to keep them on the plot" in line
    assert "off the plot," not in line  # the line itself crosses the view's corner


def test_xor_run_back_at_w_0_says_why_there_is_no_line():
    X = np.array([(-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (1.0, -1.0)])
    trace = pla_core.pla(X, np.array([-1, -1, 1, 1.0]), stop_on_cycle=False, max_updates=1000)
    line = explain.showing(trace, 1000, LAYERS, (-1.6, 1.6, -1.6, 1.6))
    assert "no line: w = 0, so wᵀx̃ = 0 at every point" in line
    assert "arrows" not in line  # w₁₀₀₀ = 0 and no update after it: nothing is drawn


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), views())
def test_a_batch_run_says_the_same_of_its_marks(seed, view):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, (12, 2))
    trace = pla_core.batch(X, np.where(X[:, 0] + 0.3 > X[:, 1], 1.0, -1.0), max_updates=30)
    for t in range(len(trace) + 1):
        w, words = trace.weights[t], " · ".join(explain.mark_words(trace, t, LAYERS, view))
        flat = not np.any(w[1:])
        assert ("no line" in words) == flat
        assert ("off the plot" in words) == (not flat and clip_line(w, view) is None)
