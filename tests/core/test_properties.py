"""Property-based tests: what the notes prove must hold on every data set hypothesis can think of."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pla_core as pc

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def separable_sets(draw, integer=False):
    """Points in the plane labelled by a random line, none closer to it than a small gap."""
    n = draw(st.integers(1, 25))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    if integer:
        X = rng.integers(-4, 5, size=(n, 2)).astype(float)
    else:
        X = rng.uniform(-3, 3, size=(n, 2))
    w = rng.normal(size=3)
    s = (X @ w[1:] + w[0]) / np.linalg.norm(w[1:])
    keep = np.abs(s) > 0.05
    assume(keep.any())
    return X[keep], np.where(s[keep] > 0, 1.0, -1.0)


@st.composite
def integer_sets(draw):
    """Small integer point sets with arbitrary labels: separable or not."""
    n = draw(st.integers(2, 9))
    pts = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=n, max_size=n, unique=True))
    y = draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=n, max_size=n))
    return np.array(pts, dtype=float), np.array(y)


@SETTINGS
@given(separable_sets(), st.sampled_from(["cyclic", "permuted", "random"]), st.sampled_from([None, 1, -1]),
       st.integers(0, 1000))
def test_updates_never_exceed_the_bound_R2_over_rho2(data, order, sign_zero, seed):
    X, y = data
    bound = pc.mistake_bound(X, y)
    trace = pc.pla(X, y, order=order, sign_zero=sign_zero, seed=seed, max_updates=int(bound) + 10)
    assert trace.halted
    assert len(trace) <= bound * (1 + 1e-9)


@SETTINGS
@given(separable_sets(), st.sampled_from([None, 1, -1]))
def test_every_update_raises_y_w_x_of_the_corrected_point(data, sign_zero):
    X, y = data
    trace = pc.pla(X, y, sign_zero=sign_zero, max_updates=5000)
    Xt = np.hstack([np.ones((len(y), 1)), X])
    for t, i in enumerate(trace.mistakes):
        before = y[i] * trace.weights[t] @ Xt[i]
        after = y[i] * trace.weights[t + 1] @ Xt[i]
        assert after > before
        assert before <= 0  # it really was a mistake


@SETTINGS
@given(separable_sets(), st.sampled_from([0.25, 0.5, 2.0, 4.0, 8.0]), st.sampled_from(["cyclic", "random"]))
def test_eta_is_irrelevant_from_zero(data, eta, order):
    """From w₀ = 0, wₜ(η) = η·wₜ(1): the same mistakes, the same boundaries. (Powers of two keep it exact.)"""
    X, y = data
    a = pc.pla(X, y, order=order, seed=1)
    b = pc.pla(X, y, order=order, eta=eta, seed=1)
    np.testing.assert_array_equal(a.mistakes, b.mistakes)
    np.testing.assert_array_equal(a.weights * eta, b.weights)


def test_eta_is_irrelevant_for_a_generic_eta_too():
    data = pc.datasets.separable(80, margin=0.05, seed=11)
    a = pc.pla(data.X, data.y)
    b = pc.pla(data.X, data.y, eta=0.37)
    np.testing.assert_array_equal(a.mistakes, b.mistakes)
    np.testing.assert_allclose(a.weights * 0.37, b.weights, rtol=1e-12, atol=1e-12)


@SETTINGS
@given(integer_sets())
def test_lp_separability_agrees_with_pla_halting(data):
    """Separable ⇒ PLA halts within R²/ρ²; not separable ⇒ PLA cycles (integer data: the state must repeat)."""
    X, y = data
    sep = pc.separability(X, y)
    if sep.separable:
        assert np.all(y * (np.hstack([np.ones((len(y), 1)), X]) @ sep.w) >= 1 - 1e-9)
        trace = pc.pla(X, y, max_updates=int(pc.mistake_bound(X, y)) + 1)
        assert trace.halted
    else:
        lam = sep.certificate
        Z = np.hstack([np.ones((len(y), 1)), X]) * y[:, None]
        assert np.all(lam >= 0) and abs(lam.sum() - 1) < 1e-9
        assert np.abs(Z.T @ lam).max() < 1e-7
        trace = pc.pla(X, y, max_updates=200_000)
        assert not trace.halted
        assert trace.cycle is not None


@SETTINGS
@given(integer_sets(), st.sampled_from(["cyclic", "permuted"]), st.sampled_from([None, 1, -1]))
def test_a_reported_cycle_really_repeats(data, order, sign_zero):
    X, y = data
    assume(not pc.is_separable(X, y))
    trace = pc.pla(X, y, order=order, sign_zero=sign_zero, seed=3, max_updates=200_000)
    assert trace.cycle is not None and trace.stop == "cycle"
    start, period = trace.cycle
    longer = pc.pla(X, y, order=order, sign_zero=sign_zero, seed=3, max_updates=start + 3 * period,
                    stop_on_cycle=False)
    W, I = longer.weights, longer.mistakes
    np.testing.assert_array_equal(W[start:start + 2 * period + 1], W[start + period:start + 3 * period + 1])
    np.testing.assert_array_equal(I[start:start + 2 * period], I[start + period:start + 3 * period])
    # The start is the earliest: one step before it the state (weights, next point to visit) is not yet periodic.
    n = len(y)
    slot = np.arange(n) if longer.permutation is None else np.argsort(longer.permutation)  # index → place in pass

    def state(t):
        return tuple(W[t]), 0 if t == 0 else (slot[I[t - 1]] + 1) % n

    if start > 0:
        assert state(start - 1) != state(start - 1 + period)
    # state_at: the recorded weights up to T, then along the cycle for ever.
    for t in range(len(trace) + 1):
        np.testing.assert_array_equal(trace.state_at(t), trace.weights[t])
    for j in range(period):
        np.testing.assert_array_equal(trace.state_at(start + 7 * period + j), W[start + j])
        np.testing.assert_array_equal(trace.state_at(start + 5 * period + j), W[start + j])


@SETTINGS
@given(separable_sets(), st.integers(1, 50))
def test_state_at_past_the_end_of_a_halted_run_is_its_final_weights(data, beyond):
    X, y = data
    trace = pc.pla(X, y)
    assert trace.halted and trace.cycle is None
    np.testing.assert_array_equal(trace.state_at(len(trace) + beyond), trace.weights[-1])
    np.testing.assert_array_equal(trace.state_at(0), trace.weights[0])


@SETTINGS
@given(separable_sets(integer=True))
def test_max_margin_is_at_least_every_separator_and_bounds_hold(data):
    X, y = data
    w_star, rho = pc.max_margin(X, y)
    assert rho > 0 and abs(np.linalg.norm(w_star) - 1) < 1e-12
    assert abs(pc.margin(w_star, X, y) - rho) < 1e-12
    trace = pc.pla(X, y, max_updates=100_000)
    assert pc.margin(trace.w, X, y) <= rho + 1e-9
    series = pc.convergence_series(trace)
    assert np.all(series.inner >= series.inner_bound - 1e-9)
    assert np.all(series.norm2 <= series.norm2_bound + 1e-9)
    assert np.all(series.cosine >= series.cosine_bound - 1e-9)
    assert np.all(series.cosine <= 1 + 1e-12)


@SETTINGS
@given(separable_sets(), st.sampled_from([0.1, 0.3]))
def test_margin_perceptron_ends_with_the_margin_it_asked_for(data, gamma):
    """Seed 001: it stops only when every point has yₙwᵀx̃ₙ/‖w‖ ≥ γ/2 (possible when γ ≤ ρ*)."""
    X, y = data
    _, rho = pc.max_margin(X, y)
    assume(gamma <= rho)
    trace = pc.pla(X, y, margin=gamma, max_updates=200_000)
    assert trace.halted
    assert pc.margin(trace.w, X, y) >= gamma / 2 - 1e-12


@SETTINGS
@given(separable_sets(), st.integers(0, 100))
def test_pocket_never_gets_worse_and_holds_the_best_so_far(data, seed):
    X, y = data
    rng = np.random.default_rng(seed)
    y = np.where(rng.random(len(y)) < 0.2, -y, y)  # some noise
    trace = pc.pocket(X, y, max_updates=300, seed=seed)
    pe = trace.pocket_errors
    assert np.all(np.diff(pe) <= 0)
    np.testing.assert_array_equal(pe, np.minimum.accumulate(trace.errors))
    np.testing.assert_array_equal(pc.count_mistakes(trace.pocket_weights, X, y), pe)


@SETTINGS
@given(separable_sets())
def test_online_perceptron_mistakes_within_the_bound(data):
    """Seed 004: at most R²/ρ² mistakes on a separable stream, however long; each mistake is one update."""
    X, y = data
    run = pc.online(X, y, passes=5, shuffle=True, seed=0)
    s = run.stream
    assert len(run) == s.wrong.sum() == s.cumulative_mistakes[-1] <= pc.mistake_bound(X, y) + 1e-9
    np.testing.assert_array_equal(np.flatnonzero(s.wrong), run.visits - 1)
    np.testing.assert_array_equal(s.shown[run.visits - 1], run.mistakes)
    np.testing.assert_array_equal(s.predictions != y[s.shown], s.wrong)
