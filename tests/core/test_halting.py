"""Issue 10, "Why PLA halts": the fourth sign(0) reading, the proof's three series, w* against an SVM, and the
geometry of seed 001's worked examples."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core as pc
from pla_core._checks import check_options
from pla_core.reference import is_mistake, pla_reference, tie_mask

from .test_oracles import REF
from .test_reference import check

READINGS = [None, 1, -1, "both"]
BOX = (-1.0, 1.0, -1.0, 1.0)


# ---------------------------------------------------------------------------------------------------------------
# sign(0) = "both" (seed 001's margin section: only y·wᵀx < 0 is a mistake)


@pytest.mark.parametrize("data", [pc.datasets.separable(30, seed=4), pc.datasets.xor4(),
                                  pc.datasets.credit(40, noise=0.2, seed=1)], ids=["separable", "xor4", "noisy"])
@pytest.mark.parametrize("order", pc.ORDERS)
def test_both_makes_no_update_from_zero_and_halts_at_zero(data, order):
    """From w₀ = 0 every score is 0, a tie, and a tie is right for either class: no mistake, even on XOR."""
    X, y = data.X, data.y
    for trace in (pc.pla(X, y, order=order, seed=2, sign_zero="both"),
                  pc.pocket(X, y, order=order, seed=2, sign_zero="both", max_updates=50)):
        assert len(trace) == 0 and trace.halted and trace.stop == "halted"
        np.testing.assert_array_equal(trace.w, np.zeros(3))
        np.testing.assert_array_equal(trace.errors, [0])
    W, I, halted = pla_reference(X, y, order=order, seed=2, sign_zero="both")
    assert halted and len(I) == 0 and W.shape == (1, 3) and not W.any()
    assert pc.count_mistakes(np.zeros(3), X, y, sign_zero="both") == 0
    assert len(pc.batch(X, y, sign_zero="both")) == 0
    run = pc.online(X, y, sign_zero="both", passes=3)
    assert len(run) == 0 and run.halted and not run.stream.wrong.any()
    # The other readings do update from w₀ = 0 (None: every point is a mistake there).
    assert pc.count_mistakes(np.zeros(3), X, y) == len(y)
    for sz in (None, 1, -1):
        assert len(pc.pla(X, y, order=order, seed=2, sign_zero=sz, max_updates=5)) > 0


@pytest.mark.parametrize("sign_zero,updates", [(None, 1), (1, 1), (-1, 0), ("both", 0)])
def test_a_tie_away_from_zero_under_each_reading(sign_zero, updates):
    """w₀ = (0, 1, 0) is the line x₁ = 0; the point (0, 1) labelled −1 lies on it: wᵀx̃ = 0 exactly."""
    X, y = np.array([[0.0, 1.0], [2.0, 0.0], [-2.0, 0.0]]), np.array([-1.0, 1.0, -1.0])
    trace = pc.pla(X, y, w0=[0.0, 1.0, 0.0], sign_zero=sign_zero)
    assert trace.halted
    assert trace.mistakes.tolist() == [0] * updates  # the one update, if any, corrects the point on the line
    W, I, _ = pla_reference(X, y, w0=[0.0, 1.0, 0.0], sign_zero=sign_zero)
    np.testing.assert_array_equal(trace.weights, W)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("order", pc.ORDERS)
def test_both_on_grid_data_where_rounding_made_ties_slightly_negative(seed, order):
    """The credit set and w₀ on a 0.1 grid: true ties used to come out of float sums as ±1e-16, and "both" had to
    call the negative ones right too. The runs are now exact (the fast scan as the reference loop, which runs in
    Fractions on such data): true ties are met, and each is exactly 0 in the exact scores."""
    d = pc.datasets.credit(40, noise=0.1 if seed % 2 else 0.0, seed=seed)
    rng, met = np.random.default_rng(seed), 0
    k = pc.grid.decimals(d.X)
    assert k is not None
    units = 10.0 ** (k + 1)  # w₀ has one decimal: every wₜ·10ᵏ⁺¹ is an integer, every score·10²ᵏ⁺¹ too
    for _ in range(6):
        w0 = np.round(rng.uniform(-3, 3, size=3), 1)
        t = check(d.X, d.y, w0=w0, sign_zero="both", order=order, seed=seed, max_updates=3000)
        WS, XS = np.rint(t.weights * units), np.rint(np.hstack([np.ones((len(d.y), 1)), d.X]) * 10.0 ** k)
        assert np.abs(t.weights * units - WS).max() < 1e-6  # the weights are the floats of the exact decimals
        M = d.y * (WS @ XS.T)  # yₙwₜᵀx̃ₙ in integer units, exact
        met += int((M == 0).sum())
    assert met  # true ties were met


def test_the_rule_for_both_is_a_strict_inequality():
    m = np.array([-1e-3, -1e-13, 0.0, 1e-13, 1e-3])  # R = ‖w‖ = 1: the tie band is |m| ≤ 1e-12
    np.testing.assert_array_equal(is_mistake(m, 1.0, 1.0, tie_mask(np.ones(5), "both")),
                                  [True, False, False, False, False])
    np.testing.assert_array_equal(is_mistake(m, 1.0, 1.0, tie_mask(np.ones(5), None)),
                                  [True, True, True, True, False])
    np.testing.assert_array_equal(pc.predict([0.0, 1.0, 0.0], [[0.0, 5.0], [1.0, 0.0], [-1.0, 0.0]],
                                             sign_zero="both"), [0.0, 1.0, -1.0])


def test_disagreement_of_a_constant_prediction_under_each_reading():
    w_f = [-0.5, 1.0, 0.0]  # f = +1 where x₁ > 0.5: a quarter of the box [−1, 1]²
    zero = [0.0, 0.0, 0.0]
    assert pc.geometry.disagreement(zero, w_f, BOX, sign_zero="both") == 0.0  # a tie agrees with f everywhere
    assert pc.geometry.disagreement(zero, w_f, BOX) == 1.0                     # a tie is wrong everywhere
    assert pc.geometry.disagreement(zero, w_f, BOX, sign_zero=1) == pytest.approx(0.75)
    assert pc.geometry.disagreement(zero, w_f, BOX, sign_zero=-1) == pytest.approx(0.25)
    assert pc.geometry.disagreement([2.0, 0.0, 0.0], w_f, BOX, sign_zero="both") == pytest.approx(0.75)  # sign(b)
    np.testing.assert_allclose(pc.geometry.disagreement_path([zero, [-1.0, 0.0, 0.0]], w_f, BOX, sign_zero="both"),
                               [0.0, 0.25])


@pytest.mark.parametrize("bad", ["Both", "either", 0, True, 2, [1]])
def test_sign_zero_readings_are_checked(bad):
    for sz in READINGS:
        check_options(eta=1.0, sign_zero=sz)
    for call in (lambda: pc.pla([[1.0, 2.0]], [1], sign_zero=bad),
                 lambda: pc.geometry.disagreement([0, 0, 0], [0, 1, 0], BOX, sign_zero=bad)):
        with pytest.raises(ValueError, match="sign_zero"):
            call()


# ---------------------------------------------------------------------------------------------------------------
# The proof's three series (seed 000) never cross their bounds, for w_f = w* and for the generating line


@st.composite
def generated(draw):
    n = draw(st.integers(1, 40))
    margin = draw(st.sampled_from([0.02, 0.05, 0.1, 0.2]))
    return pc.datasets.separable(n, margin=margin, seed=draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(generated(), st.sampled_from(pc.ORDERS), st.sampled_from(READINGS), st.sampled_from([1.0, 0.5, 2.5]),
       st.sampled_from(["w*", "target"]), st.integers(0, 99))
def test_convergence_series_never_cross_their_bounds(data, order, sign_zero, eta, which, seed):
    X, y = data.X, data.y
    w_star, rho_star = pc.max_margin(X, y)
    w_f = w_star if which == "w*" else data.w_f
    bound = pc.mistake_bound(X, y, w_f=w_f)
    trace = pc.pla(X, y, order=order, sign_zero=sign_zero, eta=eta, seed=seed, max_updates=int(bound) + 10)
    s = pc.convergence_series(trace, w_f=w_f)
    T = len(trace)
    assert trace.halted and T <= bound * (1 + 1e-12)
    assert s.R == pc.radius(X) and s.rho == pytest.approx(pc.margin(w_f, X, y), rel=1e-15)
    assert bound == pytest.approx(s.R ** 2 / s.rho ** 2, rel=1e-12) and bound >= pc.mistake_bound(X, y) * (1 - 1e-9)
    np.testing.assert_array_equal(s.t, np.arange(T + 1))
    tol = 1e-9 * (1 + s.t * eta * s.R)
    assert np.all(s.inner >= s.inner_bound - tol)                    # w_fᵀwₜ ≥ t·η·ρ
    assert np.all(s.norm2 <= s.norm2_bound + tol * s.t * eta * s.R)  # ‖wₜ‖² ≤ t·η²·R²
    assert np.all(s.cosine >= s.cosine_bound - 1e-9)                 # cos ≥ √t·ρ/R
    assert np.all(s.cosine <= 1 + 1e-12)
    assert s.cosine_bound[-1] <= 1 + 1e-9                            # hence T ≤ R²/ρ²
    if sign_zero == "both":
        assert T == 0


def test_the_series_of_a_run_by_hand():
    """Two points on the x₁-axis through the origin: w* = (0, 1), ρ = 1, R = 2; PLA makes one update, (0, 2)."""
    X, y = np.array([[2.0], [-1.0]]), np.array([1.0, -1.0])
    trace = pc.pla(X, y, bias=False)
    s = pc.convergence_series(trace)
    # ρ comes out of SciPy's NNLS and a norm, whose last digit a CPU's BLAS kernels may change: to 1e-12
    assert len(trace) == 1 and s.R == 2.0 and s.rho == pytest.approx(1.0, rel=1e-12)  # R = √4: exact
    np.testing.assert_allclose(s.inner, [0, 2]), np.testing.assert_allclose(s.inner_bound, [0, 1])
    np.testing.assert_allclose(s.norm2, [0, 4]), np.testing.assert_allclose(s.norm2_bound, [0, 4])
    np.testing.assert_allclose(s.cosine, [0, 1]), np.testing.assert_allclose(s.cosine_bound, [0, 0.5])
    assert pc.mistake_bound(X, y, bias=False) == pytest.approx(4.0, rel=1e-12)
    # the length of w_f does not matter
    assert pc.mistake_bound(X, y, bias=False, w_f=[0.0, 3.0]) == pytest.approx(4.0, rel=1e-12)


def test_mistake_bound_for_a_given_separator():
    d = pc.datasets.separable(40, margin=0.1, seed=3)
    rho = pc.margin(d.w_f, d.X, d.y)
    assert pc.mistake_bound(d.X, d.y, w_f=d.w_f) == pytest.approx(pc.radius(d.X) ** 2 / rho ** 2, rel=1e-12)
    assert pc.mistake_bound(d.X, d.y, w_f=d.w_f) > pc.mistake_bound(d.X, d.y)  # ρ(w_f) < ρ*
    with pytest.raises(ValueError, match="does not separate"):  # every point on the wrong side
        pc.mistake_bound(d.X, d.y, w_f=-d.w_f)
    X, y = np.array([[0.0, 1.0], [1.0, 0.0]]), np.array([1.0, -1.0])
    with pytest.raises(ValueError, match="does not separate"):  # a point on the line: ρ = 0
        pc.mistake_bound(X, y, w_f=[0.0, 0.0, 1.0])


# ---------------------------------------------------------------------------------------------------------------
# The margin perceptron's bound (seed 001, stated with its hypotheses in mistake_bound's docstring)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 40), st.integers(0, 2**32 - 1), st.sampled_from([0.2, 1.0, 30.0]),
       st.sampled_from([0.999, 0.5, 0.1]), st.sampled_from(pc.ORDERS))
def test_margin_perceptron_within_8R2_over_gamma_gamma0_plus_4R_over_gamma0(n, seed, scale, fraction, order):
    """With γ₀ = ρ* and 0 < γ ≤ γ₀: at most 8R²/(γγ₀) + 4R/γ₀ updates, whatever the scale R of the data."""
    d = pc.datasets.separable(n, margin=0.05 * scale, seed=seed, box=(-scale, scale))
    _, rho = pc.max_margin(d.X, d.y)
    R, gamma = pc.radius(d.X), fraction * rho
    bound = 8 * R ** 2 / (gamma * rho) + 4 * R / rho
    trace = pc.pla(d.X, d.y, order=order, seed=seed, margin=gamma, max_updates=int(bound) + 1)
    assert trace.halted and len(trace) <= bound
    assert pc.margin(trace.w, d.X, d.y) >= gamma / 2 * (1 - 1e-12)


# ---------------------------------------------------------------------------------------------------------------
# w* of max_margin against an independent solver: a hard-margin linear SVM without intercept on x̃ = (1, x)


def _svm_unit_w(Xt, y):
    from sklearn.svm import LinearSVC

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        svm = LinearSVC(C=1e6, loss="hinge", fit_intercept=False, tol=1e-12, max_iter=1_000_000, random_state=0).fit(Xt, y)
    w = svm.coef_[0]
    return w / np.linalg.norm(w), 1 / np.linalg.norm(w)  # hard margin: functional margin 1, so ρ = 1/‖w‖


def _sets():
    for n, margin, seed in [(30, 0.08, 0), (60, 0.05, 1), (200, 0.02, 2), (15, 0.2, 3), (5, 0.1, 4), (100, 0.01, 5)]:
        d = pc.datasets.separable(n, margin=margin, seed=seed)
        yield f"separable-{n}-{seed}", d.X, d.y
    credit = pc.datasets.credit(40, seed=2)
    yield "credit", credit.X, credit.y
    yield "ntu-hw1-15", *pc.load_points(REF / "hw1_15_train.dat")


@pytest.mark.parametrize("name,X,y", list(_sets()), ids=[s[0] for s in _sets()])
@pytest.mark.parametrize("bias", [True, False])
def test_max_margin_is_the_hard_margin_svm_in_the_augmented_space(name, X, y, bias):
    if not pc.is_separable(X, y, bias=bias):
        assert pc.max_margin(X, y, bias=bias) == (None, 0.0) and len(pc.support_points(X, y, bias=bias)) == 0
        return
    Xt = np.hstack([np.full((len(y), 1), 1.0 if bias else 0.0), X])
    u, rho_svm = _svm_unit_w(Xt if bias else X, y)
    u = u if bias else np.concatenate([[0.0], u])
    w, rho = pc.max_margin(X, y, bias=bias)
    assert w @ u > 1 - 1e-6
    assert rho == pytest.approx(rho_svm, rel=1e-6)
    assert rho == pytest.approx(pc.margin(u, X, y, bias=bias), rel=1e-6)
    # The support points are the points on the SVM's margin, y·wᵀx̃ = 1 (up to the solver's accuracy).
    on_margin = np.flatnonzero(y * (Xt @ u) / rho_svm <= 1 + 1e-6)
    np.testing.assert_array_equal(pc.support_points(X, y, bias=bias), on_margin)


# ---------------------------------------------------------------------------------------------------------------
# Seed 001's worked examples. The note writes a line w·x + b = 0; pla_core's w is (b, w₁, w₂).


def test_seed_001_line_x_plus_y_equals_3():
    w = [-3.0, 1.0, 1.0]  # x + y = 3, i.e. x + y − 3 = 0: b = −3
    np.testing.assert_allclose(pc.unit_normal(w), [1 / np.sqrt(2), 1 / np.sqrt(2)])
    assert pc.offset(w) == pytest.approx(-3 / np.sqrt(2))           # b' = b/‖w‖
    assert pc.signed_distance(w, [[0.0, 0.0]])[0] == pytest.approx(-3 / np.sqrt(2))  # origin on the −1 side
    np.testing.assert_allclose(pc.closest_to_origin(w), [1.5, 1.5])  # −b'·ŵ, at distance |b'| = 3/√2
    assert np.linalg.norm(pc.closest_to_origin(w)) == pytest.approx(3 / np.sqrt(2))
    seg = pc.clip_line(w, (-5, 5, -5, 5))
    np.testing.assert_allclose(seg[:, 1], -seg[:, 0] + 3)           # the note's y = −x + 3


def test_seed_001_line_minus_2x_plus_3y_equals_5():
    w = [-5.0, -2.0, 3.0]  # −2x + 3y = 5, i.e. −2x + 3y − 5 = 0: b = −5
    np.testing.assert_allclose(pc.unit_normal(w), np.array([-2.0, 3.0]) / np.sqrt(13))
    assert pc.offset(w) == pytest.approx(-5 / np.sqrt(13))
    # The note: dist (0, 0) = (−2·0 + 3·0 + 5)/√(2² + 3²) = 5/√13. With b = −5 the signed value is −5/√13 (the
    # origin is on the −1 side); the note's numerator has +5, the sign of −2x + 3y + 5 = 0, but its |·| is the same.
    assert pc.signed_distance(w, [[0.0, 0.0]])[0] == pytest.approx(-5 / np.sqrt(13))
    assert abs(pc.signed_distance(w, [[0.0, 0.0]])[0]) == pytest.approx(5 / np.sqrt(13))
    np.testing.assert_allclose(pc.closest_to_origin(w), [-10 / 13, 15 / 13])
    np.testing.assert_allclose(pc.signed_distance(w, [[0.0, 5 / 3], [-2.5, 0.0], [-10 / 13, 15 / 13]]), 0,
                               atol=1e-15)
    seg = pc.clip_line(w, (-5, 5, -5, 5))
    np.testing.assert_allclose(seg[:, 1], 2 / 3 * seg[:, 0] + 5 / 3)  # the note's y = (2/3)x + 5/3


# ---------------------------------------------------------------------------------------------------------------
# support_points, geometric_margin, foot by hand


def test_support_points_by_hand():
    # Through the origin the points yₙxₙ are (1, 1), (1, −1), (3, 0), (2, 2): the nearest point of their hull to
    # the origin is (1, 0), midway between the first two, so w* = (0, 1, 0), ρ* = 1, held by points 0 and 1.
    X, y = np.array([[1.0, 1.0], [-1.0, 1.0], [3.0, 0.0], [-2.0, -2.0]]), np.array([1.0, -1.0, 1.0, -1.0])
    w, rho = pc.max_margin(X, y, bias=False)
    np.testing.assert_allclose(w, [0.0, 1.0, 0.0], atol=1e-12)
    assert rho == pytest.approx(1.0)
    np.testing.assert_array_equal(pc.support_points(X, y, bias=False), [0, 1])
    # With a bias, in one dimension: yₙx̃ₙ = (−1, 1), (1, 1), (1, 3), (−1, 2); w* = (0, 1), ρ* = 1, R² = 10.
    X, y = np.array([[-1.0], [1.0], [3.0], [-2.0]]), np.array([-1.0, 1.0, 1.0, -1.0])
    np.testing.assert_array_equal(pc.support_points(X, y), [0, 1])
    assert pc.mistake_bound(X, y) == pytest.approx(10.0)
    # The tolerance is relative to ρ*: point 2 (at 1.1·ρ* once moved to x = 1.1) joins only with rtol ≥ 0.1.
    X[2] = 1.1
    np.testing.assert_array_equal(pc.support_points(X, y, rtol=0.05), [0, 1])
    np.testing.assert_array_equal(pc.support_points(X, y, rtol=0.2), [0, 1, 2])
    assert len(pc.support_points(pc.datasets.xor4().X, pc.datasets.xor4().y)) == 0  # not separable: none
    with pytest.raises(ValueError, match="rtol"):
        pc.support_points(X, y, rtol=-1)


def test_geometric_margin_by_hand():
    w = [-3.0, 1.0, 1.0]  # x + y = 3
    X = np.array([[0.0, 0.0], [3.0, 3.0], [2.0, 2.0]])
    assert pc.geometric_margin(w, X, [-1, 1, 1]) == pytest.approx(1 / np.sqrt(2))    # (2, 2) is closest
    assert pc.geometric_margin(w, X, [1, 1, 1]) == pytest.approx(-3 / np.sqrt(2))    # (0, 0) on the wrong side
    assert pc.geometric_margin(w, [[1.0, 2.0]], [1]) == 0.0                          # on the line
    # The proofs' ρ(w) divides by ‖w‖ with the bias weight: (1/√2)·√2/√11 = 1/√11.
    assert pc.margin(w, X, [-1, 1, 1]) == pytest.approx(1 / np.sqrt(11))
    # Scaling w changes neither.
    assert pc.geometric_margin(np.multiply(w, 7.0), X, [-1, 1, 1]) == pytest.approx(1 / np.sqrt(2))
    with pytest.raises(ValueError, match="no boundary"):
        pc.geometric_margin([1.0, 0.0, 0.0], X, [1, 1, 1])
    with pytest.raises(ValueError, match="3 numbers"):
        pc.geometric_margin([1.0, 1.0], X, [1, 1, 1])


def test_foot_by_hand():
    w = [-3.0, 1.0, 1.0]  # x + y = 3
    np.testing.assert_allclose(pc.foot(w, [[0.0, 0.0], [3.0, 3.0], [3.0, 0.0], [4.0, 1.0]]),
                               [[1.5, 1.5], [1.5, 1.5], [3.0, 0.0], [3.0, 0.0]])
    np.testing.assert_allclose(pc.foot([-2.0, 1.0, 0.0], [[5.0, 7.0]]), [[2.0, 7.0]])       # vertical x = 2
    np.testing.assert_allclose(pc.foot([-1.0, 0.0, 0.0, 2.0], [[1.0, 2.0, 3.0]]), [[1.0, 2.0, 0.5]])  # z = 1/2
    np.testing.assert_allclose(pc.foot(w, [[0.0, 0.0]])[0], pc.closest_to_origin(w))
    with pytest.raises(ValueError, match="no boundary"):
        pc.foot([1.0, 0.0, 0.0], [[1.0, 1.0]])


@pytest.mark.parametrize("seed", range(10))
def test_foot_is_on_the_line_and_at_the_distance(seed):
    rng = np.random.default_rng(seed)
    w, P = rng.normal(size=3), rng.uniform(-3, 3, size=(20, 2))
    F = pc.foot(w, P)
    np.testing.assert_allclose(pc.signed_distance(w, F), 0, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(P - F, axis=1), np.abs(pc.signed_distance(w, P)), rtol=1e-12)
    np.testing.assert_allclose((P - F) @ [w[2], -w[1]], 0, atol=1e-12)  # along the normal


def test_support_points_reuse_a_w_star_at_hand():
    from pla_core import datasets, theory

    d = datasets.separable(25, margin=0.05, seed=3)
    w_star, rho = theory.max_margin(d.X, d.y)
    assert theory.support_points(d.X, d.y, w_star=w_star).tolist() == theory.support_points(d.X, d.y).tolist()
    assert theory.mistake_bound(d.X, d.y, w_f=w_star) == pytest.approx(theory.mistake_bound(d.X, d.y), rel=1e-12)
