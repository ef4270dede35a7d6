"""Issue 21: the margin perceptron is bounded for every γ < 2ρ*, not only γ ≤ ρ*. pla_core.margin_perceptron_log_bound
is the largest M with M(γ₀ − γ/2) ≤ R + (R²/2γ₀)(1 + ln M); here every run stays within it, and every step of its
proof (the docstring's (a)–(e)) holds at every update of real runs."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from scipy.optimize import brentq

import pla_core as pc

from .test_properties import separable_sets

READINGS = [None, 1, -1, "both"]
SETTINGS = settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RTOL = 1e-9  # rounding of the run's floats, far below any slack a wrong bound would show


@st.composite
def data_sets(draw):
    """(X, y, bias): random lines with a gap (floats or a 1-grid), or pla_core's separable sets at three scales;
    with or without a bias (pla_core's sets are then moved so that their target line passes through the origin)."""
    bias = draw(st.booleans())
    if draw(st.booleans()):
        X, y = draw(separable_sets(integer=draw(st.booleans())))
        return X, y, bias or not pc.is_separable(X, y, bias=False)  # (their line seldom passes through 0)
    n, seed, scale = draw(st.integers(1, 40)), draw(st.integers(0, 2**32 - 1)), draw(st.sampled_from([0.2, 1.0, 30.0]))
    d = pc.datasets.separable(n, margin=draw(st.sampled_from([0.02, 0.05, 0.2])) * scale, seed=seed,
                              box=(-scale, scale))
    return (d.X if bias else d.X + d.w_f[0] * d.w_f[1:]), d.y, bias


def run(X, y, bias, gamma, bound, **kw):
    """The margin perceptron with a cap past the bound, so a run that broke the bound would show it."""
    assume(bound < pc.MAX_UPDATES_LIMIT - 1)
    return pc.pla(X, y, margin=gamma, bias=bias, max_updates=int(bound) + 1, **kw)


@SETTINGS
@given(data_sets(), st.floats(1.0, 1.99), st.sampled_from(pc.ORDERS), st.sampled_from(READINGS),
       st.sampled_from([1.0, 0.3, 4.0]), st.integers(0, 1000))
def test_between_rho_star_and_twice_it_every_run_halts_within_the_log_bound(data, fraction, order, sign_zero, eta,
                                                                           seed):
    X, y, bias = data
    _, rho = pc.max_margin(X, y, bias=bias)
    gamma = fraction * rho
    bound = pc.margin_perceptron_log_bound(X, y, gamma, bias=bias)
    assert math.isfinite(bound) and math.isinf(pc.margin_perceptron_bound(X, y, gamma * (1 + 1e-6), bias=bias))
    trace = run(X, y, bias, gamma, bound, order=order, sign_zero=sign_zero, eta=eta, seed=seed)
    assert trace.halted and len(trace) <= bound * (1 + RTOL)
    assert pc.margin(trace.w, X, y, bias=bias) >= gamma / 2 * (1 - 1e-12)


@SETTINGS
@given(data_sets(), st.floats(0.01, 1.0), st.sampled_from(pc.ORDERS), st.integers(0, 1000))
def test_below_rho_star_both_bounds_hold_and_the_log_bound_is_the_smaller_while_R_over_rho_is_below_12(
        data, fraction, order, seed):
    X, y, bias = data
    _, rho = pc.max_margin(X, y, bias=bias)
    R, gamma = pc.radius(X, bias=bias), fraction * rho
    log_bound = pc.margin_perceptron_log_bound(X, y, gamma, bias=bias)
    old = pc.margin_perceptron_bound(X, y, gamma, bias=bias)
    trace = run(X, y, bias, gamma, min(log_bound, old), order=order, seed=seed)
    assert trace.halted and len(trace) <= min(log_bound, old) * (1 + RTOL)
    if R / rho < 12.4:  # the docstring's claim: at γ = ρ* the two cross at R/ρ* = 12.47
        assert log_bound < old


def test_the_log_bound_is_smaller_where_the_docstring_says_and_larger_beyond():
    """Two points on a line, no bias: R = r, ρ* = 1 (w* = (0, 1)), so R/ρ* = r exactly."""
    def both(r, fraction):
        X, y = np.array([[r], [-1.0]]), np.array([1.0, -1.0])
        return (pc.margin_perceptron_log_bound(X, y, fraction, bias=False),
                pc.margin_perceptron_bound(X, y, fraction, bias=False))
    assert both(12.4, 1.0)[0] < both(12.4, 1.0)[1] and both(12.6, 1.0)[0] > both(12.6, 1.0)[1]
    assert both(100, 0.77)[0] < both(100, 0.77)[1] and both(100, 0.79)[0] > both(100, 0.79)[1]
    for r in (1.0, 12.6, 100.0, 1e4):  # and for small γ it is always the smaller: the other grows like 1/γ
        assert both(r, 1e-3)[0] < both(r, 1e-3)[1]


def proof_steps(trace, X, y, bias, gamma):
    """Each inequality of the docstring's proof at every update, in units of η, as a dict of boolean arrays."""
    w_star, rho = pc.max_margin(X, y, bias=bias)
    R, eta = pc.radius(X, bias=bias), trace.settings["eta"]
    W = trace.weights / eta
    T = len(trace)
    t = np.arange(T + 1)
    a = np.linalg.norm(W, axis=1)
    Xt = np.hstack([np.full((len(y), 1), 1.0 if bias else 0.0), X])
    i = trace.mistakes
    m = y[i] * np.einsum("tk,tk->t", W[:-1], Xt[i])  # yₙwₜᵀx̃ₙ of each corrected point
    H = np.concatenate([[0.0], np.cumsum(1.0 / t[1:])])  # H_k = 1 + … + 1/k, H_0 = 0
    M = t[1:]
    return {
        "(a) w*ᵀwₜ ≥ tρ*": W @ w_star >= t * rho * (1 - RTOL) - RTOL * R,
        "(a) ‖wₜ‖ ≥ tρ*": a >= t * rho * (1 - RTOL) - RTOL * R,
        "(b) ‖w₁‖ ≤ R": np.array([a[1] <= R * (1 + RTOL)]),
        "rule: yₙwₜᵀx̃ₙ < γ‖wₜ‖/2, or wₜ = 0": (m < gamma * a[:-1] / 2) | (a[:-1] == 0),
        "(c) ‖wₜ₊₁‖² ≤ ‖wₜ‖² + γ‖wₜ‖ + R²": a[1:] ** 2 <= (a[:-1] ** 2 + gamma * a[:-1] + R ** 2) * (1 + RTOL),
        "(c) ‖wₜ₊₁‖ ≤ ‖wₜ‖ + γ/2 + R²/(2tρ*)":
            a[2:] <= (a[1:-1] + gamma / 2 + R ** 2 / (2 * t[1:-1] * rho)) * (1 + RTOL),
        "(d) ‖w_M‖ ≤ R + (M−1)γ/2 + (R²/2ρ*)H_{M−1}":
            a[1:] <= (R + (M - 1) * gamma / 2 + R ** 2 / (2 * rho) * H[M - 1]) * (1 + RTOL),
        "(d) H_{M−1} ≤ 1 + ln M": H[M - 1] <= 1 + np.log(M),
        "(e) M(ρ* − γ/2) ≤ R + (R²/2ρ*)(1 + ln M)":
            M * (rho - gamma / 2) <= (R + R ** 2 / (2 * rho) * (1 + np.log(M))) * (1 + RTOL),
    }


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data_sets(), st.floats(0.05, 1.99), st.sampled_from(pc.ORDERS), st.sampled_from([1.0, 0.3, 4.0]),
       st.integers(0, 1000))
def test_every_step_of_the_proof_holds_at_every_update(data, fraction, order, eta, seed):
    X, y, bias = data
    _, rho = pc.max_margin(X, y, bias=bias)
    gamma = fraction * rho
    trace = run(X, y, bias, gamma, pc.margin_perceptron_log_bound(X, y, gamma, bias=bias), order=order, eta=eta,
                seed=seed)
    for step, holds in proof_steps(trace, X, y, bias, gamma).items():
        assert holds.all(), (step, np.flatnonzero(~holds)[:5])


def test_the_proof_checks_can_fail():
    """The same checks fail on runs outside the hypotheses: a run held to a smaller γ than it used (its updates
    break the rule), and a run from w₀ ≠ 0 (its first w is longer than R)."""
    d = pc.datasets.separable(30, margin=0.15, seed=0)
    _, rho = pc.max_margin(d.X, d.y)
    trace = pc.pla(d.X, d.y, margin=1.9 * rho)
    steps = proof_steps(trace, d.X, d.y, True, 0.5 * rho)
    assert not steps["rule: yₙwₜᵀx̃ₙ < γ‖wₜ‖/2, or wₜ = 0"].all()
    started = pc.pla(d.X, d.y, margin=1.9 * rho, w0=[0.0, 5.0, 0.0])  # w₀ ≠ 0 breaks (a) and (b)
    steps = proof_steps(started, d.X, d.y, True, 1.9 * rho)
    assert not steps["(b) ‖w₁‖ ≤ R"].all()


def test_m_bar_solves_the_inequality_with_equality():
    """M̄ against scipy's brentq on the same equation, and the two sides at ⌊M̄⌋ and ⌊M̄⌋ + 1."""
    d = pc.datasets.separable(30, margin=0.15, seed=0)
    _, rho = pc.max_margin(d.X, d.y)
    R = pc.radius(d.X)
    for fraction in (0.1, 1.0, 1.5, 1.9, 1.99):
        gamma = fraction * rho

        def gap(M):
            return M * (rho - gamma / 2) - R - R ** 2 / (2 * rho) * (1 + math.log(M))
        M_bar = pc.margin_perceptron_log_bound(d.X, d.y, gamma)
        assert M_bar == pytest.approx(brentq(gap, 1.0, 1e15, xtol=1e-6, rtol=1e-14), rel=1e-8)
        assert gap(math.floor(M_bar)) <= 0 < gap(math.floor(M_bar) + 1)


def test_no_bound_at_or_beyond_twice_the_margin_and_bad_input():
    d = pc.datasets.separable(30, margin=0.1, seed=3)
    _, rho = pc.max_margin(d.X, d.y)
    assert math.isinf(pc.margin_perceptron_log_bound(d.X, d.y, 2 * rho))
    assert math.isinf(pc.margin_perceptron_log_bound(d.X, d.y, 2.2 * rho))
    assert math.isfinite(pc.margin_perceptron_log_bound(d.X, d.y, 1.999 * rho))
    # With a w_f that separates by γ₀ < ρ*, the bound is the one of γ₀: finite below 2γ₀ only.
    gamma0 = pc.margin(d.w_f, d.X, d.y)
    assert gamma0 < rho and math.isinf(pc.margin_perceptron_log_bound(d.X, d.y, 2 * gamma0, w_f=d.w_f))
    assert pc.margin_perceptron_log_bound(d.X, d.y, gamma0, w_f=d.w_f) > pc.margin_perceptron_log_bound(
        d.X, d.y, gamma0)
    xor = pc.datasets.xor4()
    assert math.isinf(pc.margin_perceptron_log_bound(xor.X, xor.y, 0.1))
    for bad in (0, -0.1, float("nan"), float("inf"), True, "0.1", None):
        with pytest.raises(ValueError, match="gamma"):
            pc.margin_perceptron_log_bound(d.X, d.y, bad)
    with pytest.raises(ValueError, match="does not separate"):
        pc.margin_perceptron_log_bound(d.X, d.y, 0.01, w_f=-d.w_f)
