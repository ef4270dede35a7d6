"""Issue 12, "Variants": the mini-batch perceptron (seed 002), the online perceptron's bound (seeds 002, 004), the
margin perceptron's bound (seed 001), and what η does (seed 001: "higher the learning rate faster is the
convergence")."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pla_core as pc
from pla_core.reference import is_mistake, radius_bound, tie_mask

from .test_properties import integer_sets, separable_sets

READINGS = [None, 1, -1, "both"]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _Z(X, y, bias=True):
    return np.hstack([np.full((len(y), 1), 1.0 if bias else 0.0), X]) * y[:, None]


def _wrong(Z, y, w, sign_zero, bias=True):
    """The mistakes of w among all points, by the rule of the notes (reference.is_mistake): a boolean (n,)."""
    X = Z[:, 1:] * y[:, None]
    return is_mistake(Z @ w, math.sqrt(w @ w), radius_bound(X, bias), tie_mask(y, sign_zero))


# ---------------------------------------------------------------------------------------------------------------
# The batch and mini-batch perceptron: every update is the formula


@st.composite
def batch_runs(draw):
    """A data set (separable or not, float or grid), a batch size (None: the full batch), and the other options."""
    X, y = draw(st.one_of(separable_sets(), separable_sets(integer=True), integer_sets()))
    n = len(y)
    b = draw(st.one_of(st.none(), st.integers(1, n)))
    average = draw(st.sampled_from([None, True, False]))
    sign_zero = draw(st.sampled_from(READINGS))
    eta = draw(st.sampled_from([1.0, 0.5, 0.3, 3.0]))
    w0 = draw(st.sampled_from([None, (0.5, -1.0, 0.25), (-2.0, 0.0, 1.0)]))
    return X, y, b, average, sign_zero, eta, w0


@SETTINGS
@given(batch_runs())
def test_every_batch_update_is_eta_times_the_sum_over_the_mistakes_of_its_block(run):
    """Seed 004: wₜ₊₁ = wₜ + η·Σ_{n ∈ Mₜ} yₙx̃ₙ over all mistakes; seed 002: over the mistakes among the next b
    points x_{tb+1} … x_{tb+b} of the stream, times 1/b. Recomputed here from each wₜ alone."""
    X, y, b, average, sign_zero, eta, w0 = run
    n = len(y)
    trace = pc.batch(X, y, batch_size=b, average=average, sign_zero=sign_zero, eta=eta, w0=w0, max_updates=300)
    size = n if b is None else b
    averaged = (b is not None) if average is None else average  # each note's own rule by default
    assert trace.settings["batch_size"] == b and trace.settings["average"] is averaged
    scale = eta / size if averaged else eta
    Z, T = _Z(X, y), len(trace)
    W = trace.weights
    assert T <= 300 and trace.visits.shape == (T,)
    last = -1  # the step (block) of the previous update
    for t in range(T):
        step, rest = divmod(int(trace.visits[t]), size)
        step -= 1  # visits count the whole block of the update
        assert rest == 0 and step > last
        bad = _wrong(Z, y, W[t], sign_zero)
        for s in range(last + 1, step):  # the blocks in between held no mistake of wₜ: no update
            assert not bad[(s * size + np.arange(size)) % n].any()
        block = (step * size + np.arange(size)) % n  # x_{tb+1} … x_{tb+b}, wrapping past the end of the data
        M = block[bad[block]]
        assert len(M) > 0
        assert trace.used(t).tolist() == sorted(M.tolist()) and trace.mistakes[t] == M.min()
        expected = scale * Z[M].sum(axis=0)
        np.testing.assert_allclose(trace.updates[t], expected, rtol=1e-12, atol=1e-12 * eta * (1 + np.abs(Z).max()))
        # Grid data run exactly: wₜ₊₁ and the update are each the float nearest its exact value, so their float
        # sum may differ from it in the last bit.
        np.testing.assert_allclose(W[t + 1], W[t] + trace.updates[t], rtol=1e-15, atol=1e-15 * np.abs(W[t]).max())
        last = step
    bad = _wrong(Z, y, W[-1], sign_zero)
    if trace.halted:  # ⌈n/b⌉ clean blocks in a row: every point checked with w_T
        assert not bad.any() and trace.stop == "halted"
        assert trace.examined == size * (last + 1 + -(-n // size))
    elif trace.stop == "cycle":  # the state (w, place of the next block) repeats
        start, period = trace.cycle
        place = [0] + [int(v) % n for v in trace.visits]
        assert place[start] == place[start + period]
        np.testing.assert_allclose(W[start], W[start + period], atol=1e-8 * eta * (1 + np.abs(Z).max()))
    else:
        assert trace.stop == "max_updates" and T == 300


@SETTINGS
@given(st.one_of(separable_sets(), separable_sets(integer=True), integer_sets()), st.sampled_from(READINGS),
       st.sampled_from([1.0, 0.7]), st.sampled_from([None, (1.0, 0.5, -0.5)]), st.booleans())
def test_a_mini_batch_of_one_point_is_the_cyclic_pla(data, sign_zero, eta, w0, average):
    """b = 1: each step looks at one point and corrects it if wrong, and halts after n clean points in a row."""
    X, y = data
    mini = pc.batch(X, y, batch_size=1, average=average, sign_zero=sign_zero, eta=eta, w0=w0, max_updates=400)
    plain = pc.pla(X, y, sign_zero=sign_zero, eta=eta, w0=w0, max_updates=400, stop_on_cycle=False)
    T = len(mini)
    assert mini.weights.tobytes() == plain.weights[:T + 1].tobytes()
    assert mini.mistakes.tolist() == plain.mistakes[:T].tolist() and mini.visits.tolist() == plain.visits[:T].tolist()
    assert mini.halted == plain.halted
    if mini.halted:
        assert T == len(plain) and mini.examined == plain.examined


@SETTINGS
@given(st.one_of(separable_sets(), separable_sets(integer=True), integer_sets()), st.sampled_from(READINGS),
       st.sampled_from([None, (1.0, 0.5, -0.5)]))
def test_a_mini_batch_of_all_n_points_summed_is_the_full_batch(data, sign_zero, w0):
    X, y = data
    full = pc.batch(X, y, sign_zero=sign_zero, w0=w0, max_updates=300)
    mini = pc.batch(X, y, batch_size=len(y), average=False, sign_zero=sign_zero, w0=w0, max_updates=300)
    assert full.settings["average"] is False and full.settings["batch_size"] is None
    assert mini.weights.tobytes() == full.weights.tobytes()
    assert mini.used_window() == full.used_window() and mini.mistakes.tolist() == full.mistakes.tolist()
    assert mini.visits.tolist() == full.visits.tolist() and mini.examined == full.examined
    assert (mini.halted, mini.stop, mini.cycle) == (full.halted, full.stop, full.cycle)
    np.testing.assert_array_equal(mini.errors, full.errors)
    np.testing.assert_allclose(mini.criterion, full.criterion, rtol=1e-12, atol=1e-12)


@SETTINGS
@given(st.one_of(separable_sets(), integer_sets()), st.integers(1, 9), st.sampled_from(READINGS))
def test_from_zero_averaging_only_rescales_w_by_1_over_b(data, b, sign_zero):
    """From w₀ = 0 the 1/b is a smaller η: the same mistakes and lines, w divided by b (exactly when b is 2ᵏ; for
    other b to rounding, so, as for η, only on separable data: see test_a_generic_eta_can_change_a_run…)."""
    X, y = data
    b = min(b, len(y))
    assume(b & (b - 1) == 0 or pc.is_separable(X, y))
    mean = pc.batch(X, y, batch_size=b, average=True, sign_zero=sign_zero, max_updates=300)
    total = pc.batch(X, y, batch_size=b, average=False, sign_zero=sign_zero, max_updates=300)
    assert mean.used_window() == total.used_window() and mean.visits.tolist() == total.visits.tolist()
    assert (mean.stop, mean.cycle) == (total.stop, total.cycle)
    if b & (b - 1) == 0:
        assert (mean.weights * b).tobytes() == total.weights.tobytes()
    else:
        np.testing.assert_allclose(mean.weights * b, total.weights, rtol=1e-12, atol=1e-9)


def test_a_mini_batch_run_by_hand():
    """bias=False, b = 2, n = 3, so the second block wraps: points 2, 0; then 1, 2; then 0, 1.

    zₙ = yₙxₙ = (2, 0), (0, 2), (−1, 3); w₀ = (1, −1). Block (0, 1): z₁·w = −2, one mistake, w += (0, 2)/2 →
    (1, 0). Block (2, 0): z₂·w = −1, w += (−1, 3)/2 → (0.5, 1.5). Blocks (1, 2) and (0, 1) are clean: halt,
    after 4 blocks of 2 = 8 points examined. Summed instead (seed 004's rule), w₀ + (0, 2) = (1, 1) is already
    right: from w₀ ≠ 0 averaging changes the run.
    """
    X, y = np.array([[2.0, 0.0], [0.0, 2.0], [1.0, -3.0]]), np.array([1.0, 1.0, -1.0])
    t = pc.batch(X, y, bias=False, w0=[0.0, 1.0, -1.0], batch_size=2)
    np.testing.assert_array_equal(t.weights, [[0.0, 1.0, -1.0], [0.0, 1.0, 0.0], [0.0, 0.5, 1.5]])
    assert t.used_window() == [[1], [2]] and t.mistakes.tolist() == [1, 2] and t.visits.tolist() == [2, 4]
    assert t.halted and t.examined == 8 and t.settings["average"] is True
    s = pc.batch(X, y, bias=False, w0=[0.0, 1.0, -1.0], batch_size=2, average=False)
    np.testing.assert_array_equal(s.weights, [[0.0, 1.0, -1.0], [0.0, 1.0, 1.0]])
    assert s.halted and s.examined == 6
    # Seed 004's step(0) = +1 from w = 0 with every label +1: no mistake; the two clean blocks still count.
    z = pc.batch(X, np.ones(3), bias=False, batch_size=2, sign_zero=1)
    assert len(z) == 0 and z.halted and z.examined == 4


def test_mini_batch_on_xor_cycles_through_the_places_of_the_blocks():
    """XOR, b = 3: the four points' blocks start at 0, 3, 2, 1, 0, …: the state repeats after four updates."""
    d = pc.datasets.xor4()
    t = pc.batch(d.X, d.y, batch_size=3)
    assert t.stop == "cycle" and t.cycle == (0, 4) and not t.halted
    assert t.visits.tolist() == [3, 6, 9, 12]
    np.testing.assert_allclose(t.weights[4], t.weights[0], atol=1e-15)


@pytest.mark.parametrize("bad", [0, 5, -1, 2.0, True, "2"])
def test_batch_size_must_be_a_whole_number_from_1_to_n(bad):
    with pytest.raises(ValueError, match="batch_size"):
        pc.batch([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, 2.0]], [1, -1, 1, 1], batch_size=bad)


def test_average_must_be_true_false_or_none():
    with pytest.raises(ValueError, match="average"):
        pc.batch([[0.0, 1.0]], [1], average="yes")


# ---------------------------------------------------------------------------------------------------------------
# The online perceptron: at most R²/ρ*² mistakes on a separable stream (seed 004; seed 002's 1/γ²)


@SETTINGS
@given(st.one_of(separable_sets(), separable_sets(integer=True)), st.sampled_from(READINGS), st.integers(1, 6),
       st.booleans(), st.integers(0, 1000), st.sampled_from([1.0, 0.25, 7.0]))
def test_online_mistakes_never_exceed_R2_over_rho2(data, sign_zero, passes, shuffle, seed, eta):
    X, y = data
    run = pc.online(X, y, sign_zero=sign_zero, passes=passes, shuffle=shuffle, seed=seed, eta=eta)
    bound = pc.mistake_bound(X, y)
    assert run.stream.wrong.sum() == len(run) <= bound * (1 + 1e-9)
    if sign_zero == "both":
        assert len(run) == 0  # from w = 0 every point is a tie, right for both classes


# ---------------------------------------------------------------------------------------------------------------
# The margin perceptron (seed 001): at most 8R²/(γγ₀) + 4R/γ₀ updates for 0 < γ ≤ γ₀, margin ≥ γ/2 when it halts


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 40), st.integers(0, 2**32 - 1), st.sampled_from([0.2, 1.0, 30.0]),
       st.sampled_from([1.0, 0.5, 0.1]), st.sampled_from(["w*", "target"]), st.sampled_from(pc.ORDERS),
       st.sampled_from(READINGS), st.sampled_from([1.0, 0.3, 4.0]), st.booleans())
def test_margin_perceptron_within_its_bound_and_ends_with_margin_gamma_over_2(n, seed, scale, fraction, which,
                                                                              order, sign_zero, eta, bias):
    d = pc.datasets.separable(n, margin=0.05 * scale, seed=seed, box=(-scale, scale))
    # Without a bias: move the points so that the target line (unit normal w_f[1:]) passes through the origin.
    X = d.X if bias else d.X + d.w_f[0] * d.w_f[1:]
    w_f = d.w_f if bias else np.concatenate([[0.0], d.w_f[1:]])
    w_star, rho_star = pc.max_margin(X, d.y, bias=bias)
    w_f = w_star if which == "w*" else w_f
    gamma0 = pc.margin(w_f, X, d.y, bias=bias)
    gamma = fraction * gamma0
    bound = pc.margin_perceptron_bound(X, d.y, gamma, bias=bias, w_f=w_f)
    R = pc.radius(X, bias=bias)
    assert bound == pytest.approx(8 * R ** 2 / (gamma * gamma0) + 4 * R / gamma0, rel=1e-12)
    if gamma <= rho_star:  # (γ = ρ(w*) may exceed ρ* by a rounding)
        assert bound >= pc.margin_perceptron_bound(X, d.y, gamma, bias=bias) * (1 - 1e-9)  # ρ* gives the least
    trace = pc.pla(X, d.y, margin=gamma, order=order, sign_zero=sign_zero, eta=eta, seed=seed, bias=bias,
                   max_updates=min(int(bound) + 1, 10**6))  # (far more than it takes)
    assert trace.halted and len(trace) <= bound
    # The margin it stops at is ρ of pla_core.margin, the one is_mistake divides by: the whole augmented ‖w‖.
    assert pc.margin(trace.w, X, d.y, bias=bias) >= gamma / 2 * (1 - 1e-12)
    if np.any(trace.w[1:]):  # the distance in the plane is larger still: ‖(w₁, …, w_d)‖ ≤ ‖w‖
        assert pc.geometric_margin(trace.w, X, d.y) >= gamma / 2 * (1 - 1e-12)


def test_margin_perceptron_bound_by_hand():
    """Two points on the x₁-axis, no bias: R = 2, ρ* = 1 (w* = (0, 1)); γ = 1 gives 8·4/1 + 4·2/1 = 40."""
    X, y = np.array([[2.0], [-1.0]]), np.array([1.0, -1.0])
    assert pc.margin_perceptron_bound(X, y, 1.0, bias=False) == pytest.approx(40.0)
    assert pc.margin_perceptron_bound(X, y, 0.5, bias=False) == pytest.approx(72.0)  # 32/0.5 + 8
    assert pc.margin_perceptron_bound(X, y, 1.0, bias=False, w_f=[0.0, 5.0]) == pytest.approx(40.0)


def test_margin_perceptron_bound_outside_its_hypotheses():
    d = pc.datasets.separable(30, margin=0.1, seed=3)
    _, rho = pc.max_margin(d.X, d.y)
    for bad in (0, 0.0, -0.1, float("nan"), float("inf"), True, "0.1", None):
        with pytest.raises(ValueError, match="gamma"):
            pc.margin_perceptron_bound(d.X, d.y, bad)
    assert pc.margin_perceptron_bound(d.X, d.y, rho * 1.01) == math.inf  # γ > γ₀: no guarantee
    gamma0 = pc.margin(d.w_f, d.X, d.y)
    assert gamma0 < rho and pc.margin_perceptron_bound(d.X, d.y, rho, w_f=d.w_f) == math.inf
    with pytest.raises(ValueError, match="does not separate"):
        pc.margin_perceptron_bound(d.X, d.y, 0.01, w_f=-d.w_f)
    xor = pc.datasets.xor4()
    assert pc.margin_perceptron_bound(xor.X, xor.y, 0.1) == math.inf
    # No guarantee is not "never halts": for γ₀ < γ ≤ 2ρ* a w with margin γ/2 exists and the run may find it…
    assert pc.pla(d.X, d.y, margin=1.5 * rho, max_updates=100_000).halted
    # …but for γ > 2ρ* none exists, so it never halts.
    t = pc.pla(d.X, d.y, margin=2.2 * rho, max_updates=3000)
    assert not t.halted and t.stop == "max_updates"


# ---------------------------------------------------------------------------------------------------------------
# η (seed 001: "higher the learning rate faster is the convergence")


def _runs(order, sign_zero, seed):
    """Every algorithm of pla_core as f(X, y, eta, w0) with the other settings fixed."""
    return {
        "pla": lambda X, y, eta, w0: pc.pla(X, y, order=order, sign_zero=sign_zero, seed=seed, eta=eta, w0=w0,
                                           max_updates=2000),
        "margin": lambda X, y, eta, w0: pc.pla(X, y, order=order, margin=0.05, seed=seed, eta=eta, w0=w0,
                                              max_updates=2000),
        "pocket": lambda X, y, eta, w0: pc.pocket(X, y, order=order, sign_zero=sign_zero, seed=seed, eta=eta, w0=w0,
                                                 max_updates=200),
        "batch": lambda X, y, eta, w0: pc.batch(X, y, sign_zero=sign_zero, eta=eta, w0=w0, max_updates=300),
        "mini-batch": lambda X, y, eta, w0: pc.batch(X, y, batch_size=3 if len(y) >= 3 else 1, sign_zero=sign_zero,
                                                     eta=eta, w0=w0, max_updates=300),
        "online": lambda X, y, eta, w0: pc.online(X, y, sign_zero=sign_zero, passes=4, shuffle=order != "cyclic",
                                                  seed=seed, eta=eta, w0=w0),
    }


ALGORITHMS = list(_runs("cyclic", None, 0))


def _same_run(one, other):
    assert other.mistakes.tolist() == one.mistakes.tolist() and other.used_window() == one.used_window()
    assert (other.stop, other.cycle, other.examined) == (one.stop, one.cycle, one.examined)
    if one.visits is not None:
        assert other.visits.tolist() == one.visits.tolist()


@SETTINGS
@given(st.one_of(separable_sets(), separable_sets(integer=True), integer_sets()), st.sampled_from(ALGORITHMS),
       st.sampled_from(pc.ORDERS), st.sampled_from(READINGS), st.integers(0, 100), st.sampled_from([0.25, 2.0, 64.0]))
def test_from_zero_a_power_of_two_eta_scales_w_exactly(data, name, order, sign_zero, seed, eta):
    """From w₀ = 0, wₜ(η) = η·wₜ(1) at every step: the same mistakes, the same lines, in every order and under every
    reading of sign(0), separable or not. Bit for bit when η is a power of two, which scales every float without
    rounding (for other η see the next two tests)."""
    X, y = data
    run = _runs(order, sign_zero, seed)[name]
    one, other = run(X, y, 1.0, None), run(X, y, eta, None)
    _same_run(one, other)
    assert (other.weights / eta).tobytes() == one.weights.tobytes()


@SETTINGS
@given(st.one_of(separable_sets(), separable_sets(integer=True)), st.sampled_from(ALGORITHMS),
       st.sampled_from(pc.ORDERS), st.sampled_from(READINGS), st.integers(0, 100), st.sampled_from([0.1, 0.37, 3.3]))
def test_from_zero_any_eta_scales_w_to_rounding_on_separable_data(data, name, order, sign_zero, seed, eta):
    """Any other η: wₜ(η) = η·wₜ(1) only to rounding (η·a + η·b is not always the float η·(a + b)), with the same
    mistakes. On separable data w_fᵀwₜ grows with every update, so wₜ never comes back near 0, where rounding
    would be all that is left of it (next test)."""
    X, y = data
    run = _runs(order, sign_zero, seed)[name]
    one, other = run(X, y, 1.0, None), run(X, y, eta, None)
    _same_run(one, other)
    scale = eta * (1 + np.arange(len(one.weights)))[:, None] * (1 + np.abs(X).max())
    assert np.all(np.abs(other.weights - eta * one.weights) <= 1e-13 * scale)


def test_a_generic_eta_scales_w_only_to_rounding():
    """With η = 0.1 the weights are not 0.1·wₜ(1) bit for bit; on separable data the run is the same."""
    d = pc.datasets.separable(40, margin=0.02, seed=0)
    a, b = pc.pla(d.X, d.y), pc.pla(d.X, d.y, eta=0.1)
    assert a.mistakes.tolist() == b.mistakes.tolist()
    assert not np.array_equal(0.1 * a.weights, b.weights)
    np.testing.assert_allclose(0.1 * a.weights, b.weights, rtol=0, atol=1e-15)


def test_a_generic_eta_no_longer_changes_a_run_that_comes_back_to_zero():
    """Not separable: the updates cancel and w₁₄ = 0 exactly, where every point is a tie (a mistake, with
    sign_zero=None). In floating point η = 0.1 cancelled only to rounding, w₁₄ = (0, −2.8e−17, 0), and the runs
    parted there. Grid data now run exactly, so from w₀ = 0 η only scales w, as the notes say: the same mistakes,
    the same cycle, and wₜ(0.1) is the float nearest 0.1·wₜ(1)."""
    X = np.array([[0.0, 0.0], [1.0, 0.0], [-1.0, 0.0], [1.0, 1.0], [2.0, -1.0]])
    y = np.array([-1.0, 1.0, 1.0, -1.0, -1.0])
    a, b = pc.pla(X, y), pc.pla(X, y, eta=0.1)
    assert not pc.is_separable(X, y)
    assert a.mistakes.tolist() == b.mistakes.tolist() and a.cycle == b.cycle and a.cycle is not None
    np.testing.assert_array_equal(a.weights[14], 0)
    np.testing.assert_array_equal(b.weights[14], 0)
    np.testing.assert_array_equal(b.weights, a.weights / 10)  # a.weights are integers: /10 rounds once, as exact
    c = pc.pla(X, y, eta=0.125)
    assert c.mistakes.tolist() == a.mistakes.tolist() and (c.weights * 8).tobytes() == a.weights.tobytes()


def test_from_a_nonzero_w0_eta_changes_the_run():
    """w₀ = (0, −1, 0) on zₙ = yₙx̃ₙ = (1, 1, 0), (−1, 0, −1). η = 1: z₀·w₀ = −1, w₁ = (1, 0, 0) (no line at all);
    z₁·w₁ = −1, w₂ = (0, 0, −1); then two ties, each a mistake: w₄ = (0, 1, −2); 4 updates. η = 2: w₁ = (2, 1, 0),
    the line x₁ = −2; z₁·w₁ = −2, w₂ = (0, 1, −2); 2 updates. The lines differ from the first update on."""
    X, y, w0 = np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([1.0, -1.0]), [0.0, -1.0, 0.0]
    one, two = pc.pla(X, y, w0=w0), pc.pla(X, y, w0=w0, eta=2.0)
    np.testing.assert_array_equal(one.weights, [[0, -1, 0], [1, 0, 0], [0, 0, -1], [1, 1, -1], [0, 1, -2]])
    np.testing.assert_array_equal(two.weights, [[0, -1, 0], [2, 1, 0], [0, 1, -2]])
    assert one.mistakes.tolist() == [0, 1, 0, 1] and two.mistakes.tolist() == [0, 1]
    assert np.linalg.matrix_rank(np.vstack([one.weights[1], two.weights[1]])) == 2  # not proportional
    for run in (pc.batch, pc.online):  # the batch and online perceptron too (batch: w₁ = w₀ + η·(z₀ + z₁))
        w1, w2 = run(X, y, w0=w0).weights[1], run(X, y, w0=w0, eta=2.0).weights[1]
        assert np.linalg.matrix_rank(np.vstack([w1, w2])) == 2


@pytest.mark.parametrize("name", ALGORITHMS)
@pytest.mark.parametrize("order", pc.ORDERS)
def test_from_zero_a_higher_eta_is_not_faster(name, order):
    """Seed 001: "higher the learning rate faster is the convergence". From w₀ = 0 (the notes' start) it is not
    so: every η makes the same updates, the same number of them, after the same number of points examined."""
    d = pc.datasets.separable(60, margin=0.02, seed=5)
    runs = [_runs(order, None, 3)[name](d.X, d.y, eta, None) for eta in (0.001, 0.1, 1.0, 10.0, 1000.0)]
    first = runs[0]
    assert first.halted or name == "pocket" or (name == "online" and len(first) > 0)
    for r in runs[1:]:
        assert len(r) == len(first) and r.examined == first.examined and r.mistakes.tolist() == first.mistakes.tolist()


def test_from_a_nonzero_w0_a_higher_eta_can_be_slower_or_faster():
    """η matters only against w₀, and either way: zₙ = (1, 2, 2), (1, −2, 2), (1, 1, −1), w₀ = (1, −1, 1): η = 1
    fixes the one mistake, z₂, and halts at (2, 0, 0); η = 2 overshoots to (3, 1, −1), wrong on z₁, and needs
    3 updates. In the previous example η = 2 took 2 updates where η = 1 took 4."""
    X, y, w0 = np.array([[2.0, 2.0], [-2.0, 2.0], [1.0, -1.0]]), np.ones(3), [1.0, -1.0, 1.0]
    one, two = pc.pla(X, y, w0=w0), pc.pla(X, y, w0=w0, eta=2.0)
    np.testing.assert_array_equal(one.weights, [[1, -1, 1], [2, 0, 0]])
    np.testing.assert_array_equal(two.weights, [[1, -1, 1], [3, 1, -1], [5, -3, 3], [7, -1, 1]])
    assert one.halted and two.halted and len(one) < len(two)
    X2, y2, w2 = np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([1.0, -1.0]), [0.0, -1.0, 0.0]
    assert len(pc.pla(X2, y2, w0=w2, eta=2.0)) < len(pc.pla(X2, y2, w0=w2))
