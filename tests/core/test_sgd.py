"""pla_core.sgd (pla_core/descent.py; issue 24, the core): SGD over four per-example losses, against its oracles: finite differences for
every gradient away from its kink; pla_core.pla for the perceptron loss (update for update, every sign(0) reading,
cyclic and permuted order); a Fraction loop on grid data; and full-batch descent, which a small enough step never
makes worse for the smooth losses."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core
from pla_core import datasets
from pla_core import descent
from pla_core.descent import LOSSES, loss_gradients, loss_values, sgd

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
READINGS = [None, 1, -1, "both"]
KINK = {"perceptron": 0.0, "hinge": 1.0}


def _data(seed: int, n: int = 20, noise: float = 0.0, decimals: int = 2):
    ds = datasets.separable(n, margin=0.05, noise=noise, seed=seed)
    return np.round(ds.X, decimals), ds.y


@SETTINGS
@given(seed=st.integers(0, 10_000), loss=st.sampled_from(LOSSES), bias=st.booleans(),
       w=st.lists(st.floats(-3, 3, allow_nan=False), min_size=3, max_size=3))
def test_every_gradient_is_the_loss_s_slope_away_from_its_kink(seed, loss, bias, w):
    X, y = _data(seed, n=8, decimals=6)
    w = np.array(w) * np.array([float(bias), 1.0, 1.0])
    G = loss_gradients(loss, w, X, y, bias=bias)
    h = 1e-6
    m = y * (np.column_stack([np.full(len(y), float(bias)), X]) @ w)
    for j in range(3) if bias else range(1, 3):
        e = np.zeros(3)
        e[j] = h
        fd = (loss_values(loss, w + e, X, y, bias=bias) - loss_values(loss, w - e, X, y, bias=bias)) / (2 * h)
        away = np.abs(m - KINK.get(loss, np.inf)) > 1e-3  # the one-sided slopes differ only at the kink
        assert np.allclose(fd[away], G[away, j], rtol=1e-5, atol=1e-6), (loss, j)


@SETTINGS
@given(seed=st.integers(0, 10_000), sign_zero=st.sampled_from(READINGS), order=st.sampled_from(["cyclic", "permuted"]),
       noise=st.sampled_from([0.0, 0.1]), bias=st.booleans())
def test_the_perceptron_loss_run_is_pla_update_for_update(seed, sign_zero, order, noise, bias):
    X, y = _data(seed, noise=noise)
    p = pla_core.pla(X, y, order=order, seed=seed, sign_zero=sign_zero, bias=bias, max_updates=300,
                     stop_on_cycle=False)
    s = sgd(X, y, loss="perceptron", order=order, seed=seed, sign_zero=sign_zero, bias=bias, epochs=300)
    moved = np.flatnonzero(np.any(s.descent.grad != 0, axis=1))
    k = min(len(moved), len(p))
    assert np.array_equal(s.weights[np.r_[0, moved[:k] + 1]], p.weights[:k + 1])  # exact runs: the same floats
    assert np.array_equal(s.mistakes[moved[:k]], p.mistakes[:k])
    if p.halted:
        assert s.halted and len(moved) == len(p) and s.e_in[-1] == 0 and s.descent.total[-1] == 0


def _fraction_loop(loss, X, y, eta, sign_zero, epochs):
    """The definition, in exact rationals of the decimals as written: cyclic order, constant η, no early stop."""
    F = [[Fraction(1)] + [Fraction(repr(float(v))) for v in row] for row in X]
    w = [Fraction(0)] * 3
    rate, kink = Fraction(repr(float(eta))), Fraction(int(KINK[loss]))
    tie = pla_core.reference.tie_mask(y, sign_zero)
    out = [tuple(w)]
    for t in range(epochs * len(y)):
        i = t % len(y)
        m = int(y[i]) * sum(a * b for a, b in zip(w, F[i]))
        if m < kink or (m == kink and tie[i]):
            w = [a + rate * int(y[i]) * b for a, b in zip(w, F[i])]
        out.append(tuple(w))
    return out


@SETTINGS
@given(seed=st.integers(0, 10_000), loss=st.sampled_from(["perceptron", "hinge"]),
       sign_zero=st.sampled_from(READINGS), eta=st.sampled_from([1.0, 0.1, 0.3]))
def test_on_grid_data_the_kinked_losses_equal_a_fraction_loop(seed, loss, sign_zero, eta):
    X, y = _data(seed, n=10, noise=0.2, decimals=1)
    s = sgd(X, y, loss=loss, eta=eta, sign_zero=sign_zero, epochs=6, stop_when_still=False)
    exact = _fraction_loop(loss, X, y, eta, sign_zero, 6)
    assert s.weights.tolist() == [[float(v) for v in w] for w in exact]  # each the float nearest the rational


@SETTINGS
@given(seed=st.integers(0, 10_000), loss=st.sampled_from(["logistic", "squared"]), noise=st.sampled_from([0.0, 0.2]),
       w=st.lists(st.floats(-2, 2, allow_nan=False), min_size=3, max_size=3))
def test_a_small_full_batch_step_never_increases_the_smooth_losses(seed, loss, noise, w):
    X, y = _data(seed, n=15, noise=noise, decimals=6)
    Xt = np.column_stack([np.ones(len(y)), X])
    curvature = np.linalg.eigvalsh(Xt.T @ Xt / len(y)).max()  # L-smooth: L = λmax/4 (logistic), 2·λmax (squared)
    eta = 1.0 / (curvature / 4 if loss == "logistic" else 2 * curvature)
    w = np.array(w)
    before = loss_values(loss, w, X, y).mean()
    after = loss_values(loss, w - eta * loss_gradients(loss, w, X, y).mean(axis=0), X, y).mean()
    assert after <= before + 1e-12


def test_the_run_records_each_step_s_loss_gradient_and_the_total_loss():
    X, y = _data(3, noise=0.1)
    s = sgd(X, y, loss="logistic", eta=0.5, decay=True, order="random", seed=3, epochs=4)
    T = len(y) * 4
    assert len(s) == T and s.stop == "epochs" and not s.halted
    assert np.allclose(s.descent.eta, 0.5 / np.sqrt(np.arange(1, T + 1)))
    assert np.allclose(np.diff(s.weights, axis=0), -s.descent.eta[:, None] * s.descent.grad)
    for t in (0, 7, T - 1):
        i = s.mistakes[t]
        assert s.descent.loss[t] == pytest.approx(loss_values("logistic", s.weights[t], X, y)[i])
        assert np.allclose(s.descent.grad[t], loss_gradients("logistic", s.weights[t], X, y)[i])
        assert s.descent.total[t] == pytest.approx(loss_values("logistic", s.weights[t], X, y).mean())
    assert s.e_in[-1] == pla_core.count_mistakes(s.w, X, y) / len(y)


def test_the_hinge_loss_keeps_pushing_until_every_point_clears_a_margin_of_one():
    X, y = _data(5)
    s = sgd(X, y, loss="hinge", epochs=500)
    assert s.halted
    Xt = np.column_stack([np.ones(len(y)), X])
    assert (y * (Xt @ s.w)).min() >= 1.0


def test_bad_settings_are_refused_and_the_steps_are_capped(monkeypatch):
    X, y = _data(1)
    for kw in ({"loss": "l1"}, {"order": "sorted"}, {"epochs": -1}, {"epochs": 2.5}, {"eta": 0}):
        with pytest.raises(ValueError):
            sgd(X, y, **kw)
    monkeypatch.setattr(descent, "MAX_STEPS", 50)  # a link asking for 10⁹ epochs gets the cap, and says so
    s = sgd(X, y, loss="logistic", epochs=10**9)
    assert len(s) == 50 and s.stop == "max_steps"


@SETTINGS
@given(seed=st.integers(0, 10_000), big=st.floats(1.5, 50.0))
def test_a_squared_loss_step_too_large_ends_the_run_as_diverged_with_finite_weights(seed, big):
    """η·‖x̃‖² > 1 on every point makes each squared-loss step overshoot more; the run ends at the first weight past
    DIVERGED (finite, so a page can still draw and say it); η·‖x̃‖² < 1/2 never diverges."""
    X, y = _data(seed, n=10)
    X = X + 2.0 * np.sign(X)  # every ‖x̃‖² > 8: η = big/8 ≥ 0.19 overshoots at every step
    top = float((1.0 + (X**2).sum(axis=1)).max())
    run = sgd(X, y, loss="squared", eta=big / 8, epochs=200, stop_when_still=False)
    assert run.stop == "diverged" and np.all(np.isfinite(run.weights)) and np.all(np.isfinite(run.descent.total))
    assert np.abs(run.weights[-1]).max() > descent.DIVERGED >= np.abs(run.weights[-2]).max()
    calm = sgd(X, y, loss="squared", eta=0.5 / top, epochs=50, stop_when_still=False)
    assert calm.stop == "epochs" and len(calm) == 50 * len(y)


@SETTINGS
@given(x=st.lists(st.integers(-20, 20), min_size=2, max_size=2), lab=st.sampled_from([1.0, -1.0]),
       eta=st.sampled_from([0.001, 0.01, 0.05, 0.1, 0.5]), w=st.lists(st.integers(-5, 5), min_size=3, max_size=3))
def test_a_squared_loss_step_multiplies_the_point_s_residual_by_one_minus_two_eta_x_squared(x, lab, eta, w):
    """The lesson's sentence: one step on (x̃, y) sends the residual r = wᵀx̃ − y to r·(1 − 2η‖x̃‖²) (∇ℓ = 2r·x̃), so
    it shrinks exactly when η‖x̃‖² < 1. Checked in Fractions from the run's own floats."""
    X, y = np.array([x], dtype=float) / 10, np.array([lab])
    s = sgd(X, y, loss="squared", eta=eta, w0=np.array(w, dtype=float) / 2, epochs=1, stop_when_still=False)
    xt = [Fraction(1)] + [Fraction(v, 10) for v in x]
    w0, w1 = ([Fraction(float(v)) for v in s.weights[t]] for t in (0, 1))
    r0 = sum(a * b for a, b in zip(w0, xt)) - int(lab)
    r1 = sum(a * b for a, b in zip(w1, xt)) - int(lab)
    factor = 1 - 2 * Fraction(repr(eta)) * sum(v * v for v in xt)
    assert abs(r1 - r0 * factor) <= Fraction(1, 10**9) * (1 + abs(r0))
    assert (abs(factor) < 1) == (Fraction(repr(eta)) * sum(v * v for v in xt) < 1) or r0 == 0


@SETTINGS
@given(seed=st.integers(0, 10_000), order=st.sampled_from(["cyclic", "permuted", "random"]), frac=st.floats(0.05, 0.99),
       decay=st.booleans())
def test_eta_x_squared_below_one_for_every_point_is_enough_for_the_squared_loss_not_to_diverge(seed, order, frac,
                                                                                               decay):
    X, y = _data(seed, n=8, noise=0.3)
    X = X * 3
    top = float((1.0 + (X**2).sum(axis=1)).max())
    run = sgd(X, y, loss="squared", eta=frac / top, order=order, seed=seed, decay=decay, epochs=300,
              stop_when_still=False)
    assert run.stop != "diverged" and np.abs(run.weights).max() < 1e6


def test_eta_x_squared_below_one_is_not_necessary():
    """Two points on one line, bias off: η‖x̃‖² = 1.024 at (3.2, 0) (its residual ×(−1.048) per visit) and 0.1 at
    (1, 0) (×0.8): a pass multiplies the error by 0.8384, so the run settles though one point is past the bound."""
    X, y = np.array([[3.2, 0.0], [1.0, 0.0]]), np.array([1.0, 1.0])
    assert 0.1 * 3.2**2 > 1
    run = sgd(X, y, loss="squared", eta=0.1, bias=False, epochs=400, stop_when_still=False)
    assert run.stop == "epochs"
    assert abs(run.weights[-1, 1] - run.weights[-3, 1]) < 1e-12  # settled into its limit cycle of two steps


def test_the_random_order_draws_with_replacement_and_the_others_visit_each_point_once_a_pass():
    X, y = _data(4, n=6)
    for order in ("cyclic", "permuted"):
        s = sgd(X, y, order=order, seed=4, epochs=5, stop_when_still=False)
        assert all(sorted(s.mistakes[k:k + 6].tolist()) == list(range(6)) for k in range(0, 30, 6))
    p = sgd(X, y, order="permuted", seed=4, epochs=3, stop_when_still=False).mistakes.tolist()
    assert p[:6] == p[6:12] == p[12:]  # the same shuffled order every pass
    r = sgd(X, y, order="random", seed=4, epochs=5, stop_when_still=False)
    assert any(len(set(r.mistakes[k:k + 6].tolist())) < 6 for k in range(0, 30, 6))


@pytest.mark.parametrize("m", [0.0, 20.0, 37.0, 40.0, 100.0, 700.0])
def test_the_logistic_gradient_keeps_its_relative_precision_at_large_margins(m):
    """1 − σ(m) = e⁻ᵐ/(1 + e⁻ᵐ), not 0, where 0.5·(1 + tanh(m/2)) rounds σ(m) to 1."""
    g = loss_gradients("logistic", [0.0, m, 0.0], np.array([[1.0, 0.0]]), np.array([1.0]))
    want = math.exp(-m) / (1 + math.exp(-m))
    assert g[0, 1] == pytest.approx(-want, rel=1e-12) and g[0, 1] < 0
    assert descent.sigmoid(-m) == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize("sign_zero, moves", [(None, True), ("both", False), (1, False), (-1, True)])
def test_a_decayed_float_run_reads_a_score_within_tie_of_zero_as_a_tie(sign_zero, moves):
    """w₀ = (−0.1, 0.5, −0.5) and the point (−0.1, −0.3) of class +1: its score −0.1 − 0.05 + 0.15 is exactly 0, which
    floats sum to 2.8e−17; with η decaying the run is in floats, and the tie is read by sign(0)."""
    X, y = np.array([[-0.1, -0.3]]), np.array([1.0])
    assert float(np.array([1.0, -0.1, -0.3]) @ np.array([-0.1, 0.5, -0.5])) != 0.0
    s = sgd(X, y, loss="perceptron", eta=1.0, decay=True, w0=[-0.1, 0.5, -0.5], sign_zero=sign_zero, epochs=1,
            stop_when_still=False)
    assert bool(np.any(s.updates[0] != 0)) == moves
    g = loss_gradients("perceptron", [-0.1, 0.5, -0.5], X, y, sign_zero=sign_zero)
    assert bool(np.any(g != 0)) == (sign_zero in (None, -1))
