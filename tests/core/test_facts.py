"""pla_core.facts, the one place facts about a run are decided exactly: against the theorem itself (no run of PLA
from w₀ = 0 makes more than R²/ρ*² updates, so the exact bound must hold for every exact run, ties included), the
LP, the float bound (the same number to 1e-9), and the cases built to sit on a tie (T equal to the bound)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pla_core as pc
from pla_core import facts
from tests.core.test_exact_runs import READINGS, exact_pla
from tests.examples import examples

SETTINGS = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def grid_sets(draw, n_min=1, n_max=9, unit=10):
    """Points on the 1/``unit`` grid of [−1, 1]², repeats allowed, labels ±1: ties, one point, one class."""
    n = draw(st.integers(n_min, n_max))
    cells = st.tuples(st.integers(-unit, unit), st.integers(-unit, unit))
    P = draw(st.lists(cells, min_size=n, max_size=n))
    y = draw(st.lists(st.sampled_from([1.0, -1.0]), min_size=n, max_size=n))
    return np.array(P, dtype=float) / unit, np.array(y)


@SETTINGS
@given(grid_sets(), st.booleans())
@example((np.array([[0.3, 0.7]]), np.array([1.0])), True)  # one point: T = 1 = R²/ρ*², the float bound 0.9999…
@example((np.array([[3.0, 0.0], [3.0, 2.0], [1.0, 1.0]]) / 10, np.array([1.0, 1.0, -1.0])), True)
def test_separable_and_the_bound_are_exact_and_agree_with_the_lp_and_the_floats(data, bias):
    X, y = data
    sep = facts.separable(X, y, bias=bias)
    assert sep is not None and sep == pc.is_separable(X, y, bias=bias)
    B = facts.bound(X, y, bias=bias)
    if not sep:
        assert B is None and facts.best_margin2(X, y, bias=bias) == 0
        return
    assert isinstance(B, Fraction)
    assert abs(float(B) - pc.mistake_bound(X, y, bias=bias)) <= 1e-9 * float(B)
    # ρ*² is the squared distance to the hull: every z has zᵀw*·‖·‖ ≥ ρ*, and some w (the LP's) is no better
    rho2 = facts.best_margin2(X, y, bias=bias)
    w = pc.separability(X, y, bias=bias).w
    assert float(rho2) >= pc.margin(w, X, y, bias=bias) ** 2 * (1 - 1e-9)


@SETTINGS
@given(grid_sets(n_max=7), st.booleans(), st.sampled_from(READINGS), st.sampled_from(["cyclic", "permuted"]),
       st.sampled_from([1.0, 0.1, 0.5]))
@example((np.array([[0.3, 0.7]]), np.array([1.0])), True, None, "cyclic", 1.0)
@example((np.array([[0.1, 0.0], [-0.1, 0.0]]), np.array([1.0, -1.0])), False, None, "cyclic", 1.0)
def test_no_exact_run_from_zero_makes_more_updates_than_the_exact_bound(data, bias, sign_zero, order, eta):
    """The theorem, checked on the exact run with the exact bound: T ≤ R²/ρ*², and facts.at_most says so (the float
    bound is below T for about a quarter of single points on the 0.1 grid)."""
    X, y = data
    B = facts.bound(X, y, bias=bias)
    if B is None:
        return
    W, I, halted, _ = exact_pla(X, y, order=order, eta=eta, bias=bias, sign_zero=sign_zero, seed=3, updates=2000)
    assert halted and len(I) <= B and facts.at_most(len(I), B)
    trace = pc.pla(X, y, order=order, eta=eta, bias=bias, sign_zero=sign_zero, seed=3)
    assert len(trace) == len(I) and facts.at_most(len(trace), B)


def test_t_equal_to_the_bound_is_decided_as_equal():
    """Single points on the 0.1 grid: T = 1 = R²/ρ*² for every one, while the float bound is below 1 for 128 of
    the 441 (the tie the issue found); two mirrored points without a bias, the same."""
    below = 0
    for a in range(-10, 11):
        for b in range(-10, 11):
            X, y = np.array([[a / 10, b / 10]]), np.array([1.0])
            trace = pc.pla(X, y)
            B = facts.bound(X, y)
            assert B == 1 and len(trace) == 1 and facts.compare(len(trace), B) == 0
            below += pc.mistake_bound(X, y) < 1
    assert below > 0  # the floats do meet this tie: the exact answer is needed
    X, y = np.array([[0.3, 0.4], [-0.3, -0.4]]), np.array([1.0, -1.0])
    assert facts.bound(X, y, bias=False) == 1 and len(pc.pla(X, y, bias=False)) == 1


def test_the_widest_street_example_of_the_issue():
    """○(3,0), ○(3,2), ×(1,1): ρ*² in the augmented space is 6/29, exactly."""
    X, y = np.array([[3.0, 0.0], [3.0, 2.0], [1.0, 1.0]]), np.array([1.0, 1.0, -1.0])
    assert facts.best_margin2(X, y) == Fraction(6, 29)
    assert facts.radius2(X) == 14 and facts.bound(X, y) == Fraction(14 * 29, 6)


@SETTINGS
@given(grid_sets(n_max=8), st.booleans(), st.sampled_from([(0.0, 0.1, 0.2), (0.5, -0.3, 0.2), (1.0, 0.0, 0.0)]))
def test_a_given_separator_gives_its_own_exact_margin_and_bound(data, bias, w_f):
    X, y = data
    w_f = w_f if bias else (0.0, *w_f[1:])
    m2 = facts.margin2(w_f, X, y, bias=bias)
    if m2 is None:
        return
    Z = facts.points(X, y, bias=bias)
    wq = [facts.rational(v) for v in w_f]
    m = min(sum(a * b for a, b in zip(wq, z)) for z in Z)
    assert (m2 > 0) == (m > 0) and (m2 == 0) == (m == 0)
    B = facts.bound(X, y, bias=bias, w_f=w_f)
    assert (B is None) == (m <= 0)
    if B is not None:
        assert abs(float(B) - pc.mistake_bound(X, y, bias=bias, w_f=w_f)) <= 1e-9 * float(B)


@SETTINGS
@given(grid_sets(n_max=8), st.sampled_from(READINGS), st.booleans(), st.integers(0, 30))
def test_scores_and_wrong_are_the_exact_loop_s(data, sign_zero, bias, t):
    X, y = data
    trace = pc.pla(X, y, sign_zero=sign_zero, bias=bias, max_updates=40)
    t = min(t, len(trace))
    W, I, _, _ = exact_pla(X, y, sign_zero=sign_zero, bias=bias, updates=40)
    assert facts.weights(trace, t) == W[t]
    m = facts.scores(trace, t)
    Z = facts.points(X, y, bias=bias)
    assert m == [sum(a * b for a, b in zip(W[t], z)) for z in Z]
    wrong = sum(facts.wrong(v, lab, sign_zero) for v, lab in zip(m, y))
    assert wrong == trace.errors[t]


def test_compare_is_exact_on_fractions_and_tolerant_on_floats_only():
    assert facts.compare(Fraction(1), 1) == 0 and facts.compare(Fraction(10**20 + 1, 10**20), 1) == 1
    assert facts.compare(1.0000000000000002, 1) == 0 and facts.compare(1.001, 1) == 1
    assert facts.floor(Fraction(7, 7)) == 1 and facts.floor(0.9999999999999999) == 1 and facts.floor(2.5) == 2
    assert facts.rational(0.1) == Fraction(1, 10) and facts.rational(1 / 3) is None


def test_the_margin_perceptron_bounds_read_gamma_at_rho_star_and_twice_it_exactly():
    """Mirrored points without a bias, ρ* a decimal: γ = ρ* is inside the first bound's hypothesis γ ≤ ρ* (the float
    ρ* of (0.08, 0.15) is 0.16999999999999998, so γ = 0.17 was read as above it: ∞), and γ = 2ρ* is outside the
    second's γ < 2ρ* (the float one gave 1.6e17 there, a bound the proof does not give)."""
    for a, b, c in ((8, 15, 17), (7, 24, 25), (9, 40, 41), (12, 35, 37)):
        for unit in (10, 100, 1000):
            X, y = np.array([[a / unit, b / unit], [-a / unit, -b / unit]]), np.array([1.0, -1.0])
            rho = c / unit
            assert facts.best_margin2(X, y, bias=False) == Fraction(c, unit) ** 2
            assert pc.margin_perceptron_bound(X, y, rho, bias=False) == pytest.approx(12)  # 8R²/ρ² + 4R/ρ, R = ρ
            assert pc.margin_perceptron_log_bound(X, y, 2 * rho, bias=False) == float("inf")
            assert pc.margin_perceptron_log_bound(X, y, 1.9 * rho, bias=False) < float("inf")
