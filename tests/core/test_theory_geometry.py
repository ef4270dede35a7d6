"""Theory quantities against brute force and scikit-learn; the hyperplane geometry of seed 001."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import pla_core as pc


def _data(seed, n=30):
    return pc.datasets.separable(n, margin=0.08, seed=seed)


@pytest.mark.parametrize("seed", range(5))
def test_max_margin_through_origin_matches_a_fine_angle_search(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(25, 2))
    a = rng.uniform(0, 2 * np.pi)
    s = X @ [np.cos(a), np.sin(a)]
    X, y = X[np.abs(s) > 0.1], np.where(s[np.abs(s) > 0.1] > 0, 1.0, -1.0)
    w, rho = pc.max_margin(X, y, bias=False)
    theta = np.linspace(0, 2 * np.pi, 400_001)
    U = np.stack([np.cos(theta), np.sin(theta)])
    grid = ((X * y[:, None]) @ U).min(axis=0).max()
    assert grid <= rho + 1e-12          # nothing on the grid beats the exact answer
    assert rho - grid < 1e-4            # and the grid gets close to it
    assert w[0] == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_max_margin_with_bias_matches_scikit_learn_hard_margin_svm(seed):
    """Augmented space: LinearSVC without intercept on x̃ = (1, x), hinge loss, huge C ≈ hard-margin SVM."""
    from sklearn.svm import LinearSVC

    d = _data(seed)
    Xt = np.hstack([np.ones((len(d.y), 1)), d.X])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        svm = LinearSVC(C=1e6, loss="hinge", fit_intercept=False, tol=1e-12, max_iter=1_000_000).fit(Xt, d.y)
    w_svm = svm.coef_[0] / np.linalg.norm(svm.coef_[0])
    w, rho = pc.max_margin(d.X, d.y)
    assert rho >= pc.margin(w_svm, d.X, d.y) - 1e-12
    assert rho == pytest.approx(pc.margin(w_svm, d.X, d.y), rel=1e-3)
    np.testing.assert_allclose(w, w_svm, atol=1e-3)


def test_max_margin_beats_random_unit_vectors():
    d = _data(7)
    _, rho = pc.max_margin(d.X, d.y)
    U = np.random.default_rng(0).normal(size=(200_000, 3))
    U /= np.linalg.norm(U, axis=1, keepdims=True)
    Z = np.hstack([np.ones((len(d.y), 1)), d.X]) * d.y[:, None]
    best = (Z @ U.T).min(axis=0).max()
    assert best <= rho + 1e-12 and rho - best < 0.01


def test_radius_margin_bound_by_hand():
    X = np.array([[3.0, 4.0], [-3.0, -4.0]])
    y = np.array([1.0, -1.0])
    assert pc.radius(X) == pytest.approx(np.sqrt(26))
    assert pc.radius(X, bias=False) == pytest.approx(5.0)
    # Through the origin the best w is x₁/‖x₁‖, margin 5; the bound is (5/5)² = 1 and PLA needs one update.
    w, rho = pc.max_margin(X, y, bias=False)
    assert rho == pytest.approx(5.0)
    assert pc.mistake_bound(X, y, bias=False) == pytest.approx(1.0)
    assert len(pc.pla(X, y, bias=False)) == 1
    assert pc.margin([0.0, 3.0, 4.0], X, y) == pytest.approx(5.0)
    assert pc.margin([0.0, -3.0, -4.0], X, y) == pytest.approx(-5.0)


def test_xor_certificate_is_the_centre():
    d = pc.datasets.xor4()
    sep = pc.separability(d.X, d.y)
    assert not sep.separable and sep.w is None
    np.testing.assert_allclose(sep.certificate, 0.25)
    np.testing.assert_allclose(sep.meeting_point(d.X, d.y), [0.0, 0.0], atol=1e-12)
    assert pc.max_margin(d.X, d.y) == (None, 0.0)
    with pytest.raises(ValueError, match="not linearly separable"):
        pc.convergence_series(pc.pla(d.X, d.y))


def test_margin_of_zero_w_is_refused():
    with pytest.raises(ValueError, match="no margin"):
        pc.margin([0, 0, 0], [[1.0, 1.0]], [1])


# ---------------------------------------------------------------------------------------------------------------
# Geometry (seed 001)


def test_seed_001_worked_example_distance_of_origin():
    w = [-5.0, -2.0, 3.0]  # −2x + 3y = 5, i.e. −2x + 3y − 5 = 0
    assert abs(pc.signed_distance(w, [[0.0, 0.0]])[0]) == pytest.approx(5 / np.sqrt(13))
    np.testing.assert_allclose(pc.unit_normal(w), np.array([-2.0, 3.0]) / np.sqrt(13))
    assert pc.offset(w) == pytest.approx(-5 / np.sqrt(13))


def test_signed_distance_sign_matches_prediction():
    d = _data(2)
    w = pc.pla(d.X, d.y).w
    np.testing.assert_array_equal(np.sign(pc.signed_distance(w, d.X)), pc.predict(w, d.X))


@pytest.mark.parametrize(
    "w,expected",
    [
        ([0.0, 1.0, 0.0], [[0.0, -1.0], [0.0, 1.0]]),          # vertical x = 0
        ([-0.5, 1.0, 0.0], [[0.5, -1.0], [0.5, 1.0]]),         # vertical x = 0.5
        ([0.0, 0.0, 1.0], [[1.0, 0.0], [-1.0, 0.0]]),          # horizontal y = 0
        ([0.0, 1.0, -1.0], [[-1.0, -1.0], [1.0, 1.0]]),        # diagonal through two corners
        ([-0.5, 1.0, 1e-12], [[0.5, -1.0], [0.5, 1.0]]),       # nearly vertical
    ],
)
def test_clip_line_to_view_box(w, expected):
    seg = pc.clip_line(w, (-1, 1, -1, 1))
    got = sorted(map(tuple, np.round(seg, 9)))
    assert got == sorted(map(tuple, np.round(np.array(expected, dtype=float), 9)))
    # Both ends lie on the line and in the box.
    assert np.allclose(np.asarray(w)[0] + seg @ np.asarray(w)[1:], 0, atol=1e-9)
    assert (np.abs(seg) <= 1).all()


def test_clip_line_misses_and_degenerate():
    assert pc.clip_line([5.0, 1.0, 1.0], (-1, 1, -1, 1)) is None
    assert pc.clip_line([1.0, 0.0, 0.0], (-1, 1, -1, 1)) is None
    assert pc.clip_line([-2.0, 1.0, 0.0], (-1, 1, -1, 1)) is None  # vertical x = 2, outside
    with pytest.raises(ValueError):
        pc.clip_line([0.0, 1.0, 1.0], (1, -1, -1, 1))
    with pytest.raises(ValueError, match="no boundary"):
        pc.unit_normal([1.0, 0.0, 0.0])


@pytest.mark.parametrize("seed", range(20))
def test_clip_line_random_lines_end_on_box_edges(seed):
    rng = np.random.default_rng(seed)
    w = rng.normal(size=3)
    box = (-2.0, 3.0, -1.0, 4.0)
    seg = pc.clip_line(w, box)
    if seg is None:
        # Then the four corners are all on one side.
        corners = np.array([[box[0], box[2]], [box[0], box[3]], [box[1], box[2]], [box[1], box[3]]])
        s = w[0] + corners @ w[1:]
        assert (s > 0).all() or (s < 0).all()
        return
    on_edge = lambda p: np.isclose(p[0], box[:2]).any() or np.isclose(p[1], box[2:]).any()  # noqa: E731
    assert on_edge(seg[0]) and on_edge(seg[1])
    assert np.allclose(w[0] + seg @ w[1:], 0, atol=1e-9)
