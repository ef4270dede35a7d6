"""Label noise on the same points, E_out against the target f (exact areas), and XOR's feature lift."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pla_core
from pla_core import datasets, geometry

BOX = (-1.0, 1.0, -1.0, 1.0)


def test_flip_labels_is_the_generators_noise():
    for seed in range(5):
        clean = datasets.separable(50, seed=seed)
        noisy = datasets.separable(50, noise=0.2, seed=seed)
        y, flipped = datasets.flip_labels(clean.y, 0.2, seed)
        assert np.array_equal(y, noisy.y) and np.array_equal(flipped, noisy.flipped)
        assert np.array_equal(y[flipped], -clean.y[flipped]) and np.array_equal(y[~flipped], clean.y[~flipped])


def test_flips_are_monotone_in_p_and_stable_when_points_are_added():
    y = np.ones(200)
    masks = [datasets.flip_labels(y, p, 7)[1] for p in (0.0, 0.05, 0.1, 0.2, 0.4)]
    assert not masks[0].any()
    for a, b in zip(masks, masks[1:]):
        assert np.all(b[a])  # flipped at the smaller p ⇒ flipped at the larger
    assert 0.3 < masks[-1].mean() < 0.5
    assert np.array_equal(datasets.flip_labels(y[:150], 0.2, 7)[1], datasets.flip_labels(y, 0.2, 7)[1][:150])


def test_flip_by_point_keeps_each_points_coin_when_others_come_and_go():
    rng = np.random.default_rng(1)
    X = np.round(rng.uniform(-1, 1, (400, 2)), 3)
    y = np.where(rng.random(400) < 0.5, 1.0, -1.0)
    yn, flipped = datasets.flip_by_point(X, y, 0.2, 5)
    assert np.array_equal(yn[flipped], -y[flipped]) and np.array_equal(yn[~flipped], y[~flipped])
    assert 0.14 < flipped.mean() < 0.26
    keep = np.ones(400, bool)
    keep[[3, 50, 200]] = False  # remove three points
    assert np.array_equal(datasets.flip_by_point(X[keep], y[keep], 0.2, 5)[1], flipped[keep])
    order = rng.permutation(400)
    assert np.array_equal(datasets.flip_by_point(X[order], y[order], 0.2, 5)[1], flipped[order])
    more = datasets.flip_by_point(X, y, 0.3, 5)[1]
    assert np.all(more[flipped])  # monotone in the noise level
    assert not np.array_equal(datasets.flip_by_point(X, y, 0.2, 6)[1], flipped)  # the seed matters
    assert np.array_equal(datasets.point_coins(-0.0 * X, 1), datasets.point_coins(0.0 * X, 1))


@pytest.mark.parametrize("bad", [-0.1, 0.6, float("nan"), "x"])
def test_flip_labels_rejects_bad_noise(bad):
    with pytest.raises(ValueError):
        datasets.flip_labels(np.ones(3), bad, 0)
    with pytest.raises(ValueError):
        datasets.flip_by_point(np.zeros((3, 2)), np.ones(3), bad, 0)


def test_disagreement_extremes_and_known_areas():
    wf = np.array([0.1, 0.6, -0.8])
    assert geometry.disagreement(wf, wf, BOX) == 0
    assert geometry.disagreement(3 * wf, wf, BOX) == 0  # scale does not matter
    assert geometry.disagreement(-wf, wf, BOX) == pytest.approx(1)
    # x₁ = 0 against x₂ = 0: two opposite quarters of the box disagree.
    assert geometry.disagreement([0, 1, 0], [0, 0, 1], BOX) == pytest.approx(0.5)
    # Vertical lines x₁ = 0 and x₁ = 0.5: the strip 0 < x₁ < 0.5 is a quarter of the box.
    assert geometry.disagreement([0, 1, 0], [-0.5, 1, 0], BOX) == pytest.approx(0.25)
    # A constant prediction (w₁ = w₂ = 0) is wrong wherever f says the other class.
    f_pos = geometry.polygon_area(geometry.half_plane(wf, BOX, 1)) / 4
    assert geometry.disagreement([1, 0, 0], wf, BOX) == pytest.approx(1 - f_pos)
    assert geometry.disagreement([-1, 0, 0], wf, BOX) == pytest.approx(f_pos)
    assert geometry.disagreement([0, 0, 0], wf, BOX) == 1.0
    assert geometry.disagreement([0, 0, 0], wf, BOX, sign_zero=1) == pytest.approx(1 - f_pos)


def test_disagreement_path_is_disagreement_per_row_of_a_pocket_trace():
    d = datasets.separable(60, noise=0.2, seed=3)
    trace = pla_core.pocket(d.X, d.y, max_updates=300)
    path = geometry.disagreement_path(trace.pocket_weights, d.w_f, BOX, sign_zero=1)
    expected = [geometry.disagreement(w, d.w_f, BOX, sign_zero=1) for w in trace.pocket_weights]
    assert path.shape == (len(trace) + 1,) and np.array_equal(path, expected)
    assert geometry.disagreement_path(np.empty((0, 3)), d.w_f, BOX).shape == (0,)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-2, 2), min_size=6, max_size=6))
def test_disagreement_matches_monte_carlo(v):
    w, wf = np.array(v[:3]), np.array(v[3:])
    if np.hypot(*w[1:]) < 0.05 or np.hypot(*wf[1:]) < 0.05:
        return
    rng = np.random.default_rng(0)
    P = rng.uniform(-1, 1, size=(200_000, 2))
    mc = np.mean(np.sign(P @ w[1:] + w[0]) != np.sign(P @ wf[1:] + wf[0]))
    assert geometry.disagreement(w, wf, BOX) == pytest.approx(mc, abs=0.006)


def test_half_planes_split_the_box():
    for w in ([0.3, 1, 2], [0, 1, 0], [5, 1, 1], [-0.2, 0, 1]):
        a = geometry.polygon_area(geometry.half_plane(w, BOX, 1))
        b = geometry.polygon_area(geometry.half_plane(w, BOX, -1))
        assert a + b == pytest.approx(4)
    assert geometry.half_plane([5, 1, 1], BOX, -1) is None  # the line misses the box


def test_lift_makes_xor_separable_and_pla_halts():
    d = datasets.xor4()
    assert not pla_core.is_separable(d.X, d.y)
    Z = datasets.with_product(d.X)
    assert np.array_equal(Z[:, 2], d.X[:, 0] * d.X[:, 1])
    assert pla_core.is_separable(Z, d.y)
    tr = pla_core.pla(Z, d.y, max_updates=1000)
    assert tr.halted and tr.errors[-1] == 0
    with pytest.raises(ValueError):
        datasets.with_product(np.ones((3, 3)))


def test_trace_score_is_the_tested_margin_and_exactly_zero_at_a_tie():
    # w₀ = 0: the first point is a tie under every convention.
    d = datasets.separable(30, seed=2)
    trace = pla_core.pla(d.X, d.y)
    assert trace.score(0) == 0.0
    for t in range(1, len(trace)):
        i = trace.mistakes[t]
        raw = trace.weights[t] @ np.r_[1.0, d.X[i]]
        assert trace.score(t) == pytest.approx(raw, abs=1e-12) and d.y[i] * trace.score(t) <= 0
    # Grid points: at update 67 the exact score is 0 (floating-point sums of the updates used to leave −8.9e-16).
    # The run is exact on grid data: it called it a tie (the sign(0) rule decided), and score says 0.
    X = np.array([[0.3, -0.5], [-0.9, -1.0], [0.6, 0.8], [0.2, 0.5], [0.1, 0.9], [0.6, -1.0]])
    y = np.array([-1.0, 1.0, 1.0, -1.0, 1.0, 1.0])
    tr = pla_core.pla(X, y, max_updates=200)
    raw = tr.weights[66] @ np.r_[1.0, X[tr.mistakes[66]]]
    assert abs(raw) < 1e-14
    assert tr.score(66) == 0.0
