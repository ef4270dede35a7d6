"""Regressions found in review: scale, exact ties on grid data, false cycles, and errors that were not ValueErrors."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import pla_core as pc


def exact_pla(X, y, *, sign_zero=None, eta=1, max_updates=5000):
    """Cyclic PLA in exact rational arithmetic (the decimal coordinates as written), for tie-exact oracles."""
    Xq = [[Fraction(repr(float(v))) for v in row] for row in X]
    eta = Fraction(repr(float(eta)))
    n, w, I = len(y), [Fraction(0)] * (len(Xq[0]) + 1), []
    i = clean = 0
    while clean < n and len(I) < max_updates:
        xt = [Fraction(1)] + Xq[i]
        s = sum(a * b for a, b in zip(w, xt))
        wrong = y[i] * s <= 0 if sign_zero is None else ((1 if s > 0 else -1) if s != 0 else sign_zero) != y[i]
        if wrong:
            w = [a + eta * int(y[i]) * b for a, b in zip(w, xt)]
            I.append(i)
            clean = 0
        else:
            clean += 1
        i = (i + 1) % n
    return I, [float(v) for v in w], clean >= n


@pytest.mark.parametrize("seed", [4, 7, 11])
@pytest.mark.parametrize("sign_zero", [None, 1, -1])
def test_ties_on_grid_data_follow_the_sign_convention_exactly(seed, sign_zero):
    d = pc.datasets.credit(40, seed=seed)
    I, w, halted = exact_pla(d.X, d.y, sign_zero=sign_zero)
    trace = pc.pla(d.X, d.y, sign_zero=sign_zero, max_updates=5000)
    np.testing.assert_array_equal(trace.mistakes, I)
    np.testing.assert_allclose(trace.w, w, rtol=1e-12, atol=1e-12)
    assert trace.halted == halted


def test_eta_does_not_change_the_run_on_grid_data():
    d = pc.datasets.credit(20, noise=0.1, seed=1)
    a = pc.pla(d.X, d.y, max_updates=3000, stop_on_cycle=False)
    b = pc.pla(d.X, d.y, eta=0.1, max_updates=3000, stop_on_cycle=False)
    np.testing.assert_array_equal(a.mistakes, b.mistakes)
    assert a.cycle == b.cycle


def test_a_halted_trace_has_no_errors_left():
    X = np.array([[-9, 5, 4], [-4, 4, 4], [9, 3, -5], [-6, -8, 6]]) * 0.1
    y = np.array([-1.0, 1, -1, -1])
    t = pc.pla(X, y)
    assert t.halted and t.errors[-1] == 0 and pc.count_mistakes(t.w, X, y) == 0


@pytest.mark.parametrize("bias", [False, True])
def test_mistake_bound_is_scale_free_without_bias_and_max_margin_scales(bias):
    d = pc.datasets.separable(12, margin=0.1, seed=0)
    X = d.X + 0.3
    if not bias:
        base = pc.mistake_bound(X, d.y, bias=False)
        for s in (1e-4, 1e4, 1e5, 1e6):
            assert pc.mistake_bound(X * s, d.y, bias=False) == pytest.approx(base, rel=1e-6)
    else:
        _, rho = pc.max_margin(X, d.y)
        U = np.random.default_rng(1).normal(size=(100_000, 3))
        U /= np.linalg.norm(U, axis=1, keepdims=True)
        Z = np.hstack([np.ones((12, 1)), X]) * d.y[:, None]
        assert (Z @ U.T).min(axis=0).max() <= rho + 1e-12


def test_no_false_cycles_at_tiny_scales_or_mixed_feature_scales():
    """On separable data PLA never repeats a state (a cycle's updates would sum to 0, yet each has w*ᵀ(yₙx̃ₙ) > 0),
    so any cycle reported there is false; on XOR at the same scales a true cycle must still be found."""
    d = pc.datasets.separable(20, margin=0.05, seed=1)
    t = pc.pla(d.X * 1e-10, d.y)
    assert t.halted and t.cycle is None
    X = np.hstack([d.X * 1e-3, np.zeros((20, 1))])
    X[0, 2] = 1e7
    assert pc.is_separable(X, d.y)
    t = pc.pla(X, d.y, max_updates=20_000)  # R²/ρ² ≈ 3e22: it cannot halt within the cap
    assert t.cycle is None and t.stop == "max_updates" and len(t) == 20_000
    t = pc.pla(d.X, d.y, eta=1e-11, w0=[0.3, 1, -1], max_updates=20_000)  # updates ~1e-11 of the weights
    assert t.cycle is None and t.stop == "max_updates" and len(t) == 20_000

    x = pc.datasets.xor4()
    for X in (x.X * 1e-10, np.hstack([x.X * 1e-3, np.full((4, 1), 1e7)])):
        t = pc.pla(X, x.y, max_updates=20_000)
        assert t.cycle == (2, 4) and t.stop == "cycle" and len(t) == 8  # stops one update after the repeat
        np.testing.assert_array_equal(t.weights[2:5], t.weights[6:9])


@pytest.mark.parametrize("transform", [lambda X: X * 1e-10, lambda X: X * 1e-12, lambda X: X + 1e12,
                                       lambda X: X * 1e8])
def test_separability_does_not_depend_on_units_or_position(transform):
    d = pc.datasets.separable(20, margin=0.05, seed=1)
    assert pc.is_separable(transform(d.X), d.y)
    x = pc.datasets.xor4()
    assert not pc.is_separable(transform(x.X), x.y)


def test_margin_perceptron_at_zero_weights_updates():
    t = pc.pla([[1.0, 0.0], [2.0, 0.0]], [1.0, 1.0], margin=0.5, sign_zero=1)
    assert len(t) >= 1 and pc.margin(t.w, [[1.0, 0.0], [2.0, 0.0]], [1.0, 1.0]) >= 0.25


@pytest.mark.parametrize(
    "call",
    [
        lambda: pc.pla([[0.0, 1.0]], [1], max_updates=None),
        lambda: pc.batch([[0.0, 1.0]], [1], max_updates=None),
        lambda: pc.pla([[0.0, 1.0]], [1], seed="a"),
        lambda: pc.pla([[0.0, 1.0]], [1], seed=1.5),
        lambda: pc.online([[0.0, 1.0]], [1], seed=-1),
        lambda: pc.radius(5),
        lambda: pc.radius(None),
        lambda: pc.margin({}, [[0.0, 1.0]], [1]),
        lambda: pc.margin([np.inf, 1, 1], [[0.0, 1.0]], [1]),
        lambda: pc.count_mistakes(None, [[0.0, 1.0]], [1]),
        lambda: pc.predict([[0.0, 1.0, 1.0]] * 3, [[0.0, 1.0]] * 3),
        lambda: pc.clip_line([0, 1, 1], None),
        lambda: pc.datasets.make([]),
        lambda: pc.datasets.make("xor4", n=100),
        lambda: pc.pla([[1e200, 1.0]], [1]),
        lambda: pc.pla([[0.0, 1.0]], [1], eta=1e308),
        lambda: pc.datasets.separable(10, box=(0, np.inf)),
        lambda: pc.load_points("/tmp"),
        lambda: pc.load_points("0,0,1", max_points=None),
        lambda: pc.load_points("1," + "2" * 200_000 + ",1"),
        lambda: pc.online(np.zeros((20_000, 2)), np.ones(20_000), passes=1000),
    ],
)
def test_bad_calls_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_convergence_series_refuses_runs_its_bounds_do_not_cover():
    d = pc.datasets.separable(30, margin=0.1, seed=0)
    with pytest.raises(ValueError, match="margin perceptron"):
        pc.convergence_series(pc.pla(d.X, d.y, margin=0.1))
    with pytest.raises(ValueError, match="w₀ = 0"):
        pc.convergence_series(pc.pla(d.X, d.y, w0=[1, 0, 0]))
    with pytest.raises(ValueError):
        pc.convergence_series(pc.pla(d.X, d.y), w_f=[0, 0, 0])


def test_load_points_bom_and_empty_fields():
    X, y = pc.load_points("\ufeff1,2,1\n3,4,-1\n")
    assert X.shape == (2, 2)
    with pytest.raises(ValueError, match="Line 1: there is an empty value"):
        pc.load_points("1,2,,1\n3,4,5,-1\n")
