"""Issue 21, part 1: on grid data (coordinates, w₀, η and γ decimals of a few digits, as the app's points are) every
run the app replays is the exact run: the loop of the notes in fractions.Fraction, written again here, independent of
pla_core. The same wₜ (pla_core's floats are the floats nearest the exact rationals, so they are compared bit for bit:
a correctly rounded conversion of the same rational is the same float on every CPU), the same mistakes, the same
halting and the same cycle, at every update, for every order and reading of sign(0)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core as pc

READINGS = [None, 1, -1, "both"]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dec(v) -> Fraction:
    """The decimal a grid float stands for (at most 6 digits)."""
    return Fraction(repr(round(float(v), 6)))


class Exact:
    """Data and settings as Fractions, and the mistake rule of the notes without any tolerance."""

    def __init__(self, X, y, *, bias=True, sign_zero=None, margin=0.0):
        self.X = [[Fraction(1 if bias else 0)] + [dec(v) for v in row] for row in X]
        self.y = [int(v) for v in y]
        self.sign_zero, self.margin = sign_zero, dec(margin)

    def score(self, w, i) -> Fraction:
        return self.y[i] * sum(a * b for a, b in zip(w, self.X[i]))

    def wrong(self, w, i) -> bool:
        m = self.score(w, i)
        if self.margin > 0:  # seed 001: m/‖w‖ < γ/2, and every point at w = 0
            norm2 = sum(v * v for v in w)
            return norm2 == 0 or m < 0 or m * m < self.margin ** 2 / 4 * norm2
        if m != 0:
            return m < 0
        return self.sign_zero is None or (self.sign_zero != "both" and self.y[i] != self.sign_zero)

    def add(self, w, i, rate):
        return tuple(a + rate * self.y[i] * b for a, b in zip(w, self.X[i]))


def first_repeat(states):
    """(start, period) of the first state (after an update) equal to an earlier one, or None."""
    seen = {}
    for t, s in enumerate(states):
        if s in seen:
            return seen[s], t - seen[s]
        seen[s] = t
    return None


def exact_pla(X, y, *, order="cyclic", eta=1.0, w0=None, bias=True, sign_zero=None, margin=0.0, seed=None,
              updates=700):
    """PLA in Fractions: (weights, mistakes, halted, cycle); the cycle in the states (w, next place) of cyclic and
    permuted order, as pla reports it."""
    e, n = Exact(X, y, bias=bias, sign_zero=sign_zero, margin=margin), len(y)
    rng = np.random.default_rng(seed)
    visit = rng.permutation(n).tolist() if order == "permuted" else list(range(n))
    w = tuple(Fraction(0) for _ in range(len(X[0]) + 1)) if w0 is None else tuple(dec(v) for v in w0)
    W, I, states, k, clean = [w], [], [(w, 0)], 0, 0
    while clean < n and len(I) < updates:
        if order == "random":
            bad = [i for i in range(n) if e.wrong(w, i)]
            if not bad:
                break
            i = bad[int(rng.integers(len(bad)))]
        else:
            i, k = visit[k], (k + 1) % n
            if not e.wrong(w, i):
                clean += 1
                continue
        w, clean = e.add(w, i, dec(eta)), 0
        W.append(w)
        I.append(i)
        states.append((w, k))
    halted = clean >= n or (order == "random" and len(I) < updates)
    cycle = first_repeat(states) if order != "random" else None
    return W, I, halted, cycle


def exact_batch(X, y, *, eta=1.0, w0=None, bias=True, sign_zero=None, b=None, average=None, updates=150):
    """The batch (b None) or mini-batch perceptron in Fractions: (the weights after each update, the Exact data);
    ``average`` None averages a mini-batch's sum and not a full batch's, as pla_core.batch does."""
    e, n = Exact(X, y, bias=bias, sign_zero=sign_zero), len(y)
    size = n if b is None else b
    rate = dec(eta) / size if ((b is not None) if average is None else average) else dec(eta)
    w = tuple(dec(v) for v in w0) if w0 is not None else (Fraction(0),) * (len(X[0]) + 1)
    W, pos, quiet = [w], 0, 0
    while len(W) <= updates and quiet < -(-n // size):
        block = range(n) if b is None else [(pos + j) % n for j in range(size)]
        pos = 0 if b is None else (pos + size) % n
        M = [i for i in block if e.wrong(w, i)]
        if not M:
            quiet += 1
            continue
        quiet = 0
        w = tuple(a + rate * sum(e.y[i] * e.X[i][c] for i in M) for c, a in enumerate(w))
        W.append(w)
    return W, e


def floats(W) -> np.ndarray:
    return np.array([[float(v) for v in w] for w in W])


def noisy_xor(n, grid, seed):
    d = pc.datasets.xor(n, noise=0.1, spread=0.2, seed=seed)
    return np.round(d.X, grid), d.y


def same_run(trace, W, I, halted, cycle):
    T = min(len(trace), len(I))
    np.testing.assert_array_equal(trace.weights[:T + 1], floats(W[:T + 1]))
    assert trace.mistakes[:T].tolist() == I[:T]
    if trace.stop != "cycle":
        assert len(trace) == len(I) and trace.halted == halted
    if cycle is not None and trace.stop == "cycle":
        assert trace.cycle == cycle


@SETTINGS
@given(seed=st.integers(0, 10_000), grid=st.sampled_from([1, 3]), n=st.sampled_from([12, 20, 40]),
       order=st.sampled_from(pc.ORDERS), sign_zero=st.sampled_from(READINGS), eta=st.sampled_from([1.0, 0.1, 0.3]))
def test_pla_on_noisy_xor_grids_is_the_exact_run(seed, grid, n, order, sign_zero, eta):
    X, y = noisy_xor(n, grid, seed)
    trace = pc.pla(X, y, order=order, seed=seed, sign_zero=sign_zero, eta=eta, max_updates=700, stop_on_cycle=False)
    same_run(trace, *exact_pla(X, y, order=order, seed=seed, sign_zero=sign_zero, eta=eta))
    # pla_core's own definition, the reference loop, is the exact run too
    W, I, halted = pc.pla_reference(X, y, order=order, seed=seed, sign_zero=sign_zero, eta=eta, max_updates=700)
    np.testing.assert_array_equal(W, trace.weights)
    assert I.tolist() == trace.mistakes.tolist() and halted == trace.halted


@pytest.mark.parametrize("seed", range(12))
def test_noisy_xor_runs_that_come_back_to_zero_cycle_as_the_exact_run(seed):
    """600+ updates on non-separable grid data where w returns to 0: pla stops at the exact run's cycle, and
    what it says about every wₜ (its mistakes, the score of the point it corrects) is the exact run's."""
    X, y = noisy_xor(20, 1, seed)
    W, I, halted, cycle = exact_pla(X, y, updates=1500)
    trace = pc.pla(X, y, max_updates=1500)
    same_run(trace, W, I, halted, cycle)
    e = Exact(X, y)
    errors = [sum(e.wrong(w, i) for i in range(len(y))) for w in W[:len(trace) + 1]]
    assert trace.errors.tolist() == errors
    for t in range(len(trace)):
        assert trace.score(t) == float(e.score(W[t], I[t]) * e.y[I[t]])


def test_the_two_xor_runs_of_the_issue_by_their_exact_numbers():
    """/xor, Noisy XOR, 20 points: seed 0 is at w = 0 at update 250 (all 20 points mistakes there) and cycles from
    update 8 with period 420; seed 1 cycles from 56 with period 18 (floats had said (118, 160) and (42, 90))."""
    from pla_lab.framework import model
    from pla_lab.lessons.xor.xor_lesson import XorLesson

    for seed, cycle in ((0, (8, 420)), (1, (56, 18))):
        X, y = model.arrays(XorLesson.presets["xor20"].build(seed)[0])
        trace = pc.pla(X, y, max_updates=2000)
        assert trace.cycle == cycle and trace.stop == "cycle"
        if seed == 0:
            np.testing.assert_array_equal(trace.weights[250], 0)
            assert trace.errors[250] == 20 and trace.score(250) == 0.0


@SETTINGS
@given(seed=st.integers(0, 10_000), sign_zero=st.sampled_from(READINGS), b=st.sampled_from([None, 1, 3, 5]),
       average=st.sampled_from([None, True, False]), eta=st.sampled_from([1.0, 0.1, 0.7]))
def test_batch_and_mini_batch_on_grid_data_are_exact(seed, sign_zero, b, average, eta):
    X, y = noisy_xor(15, 1, seed)
    n = len(y)
    trace = pc.batch(X, y, batch_size=b, average=average, sign_zero=sign_zero, eta=eta, max_updates=150)
    W, e = exact_batch(X, y, eta=eta, sign_zero=sign_zero, b=b, average=average, updates=len(trace))
    T = min(len(trace), len(W) - 1)
    np.testing.assert_array_equal(trace.weights[:T + 1], floats(W[:T + 1]))
    errors = [sum(e.wrong(w, i) for i in range(n)) for w in W[:T + 1]]
    assert trace.errors[:T + 1].tolist() == errors


@SETTINGS
@given(seed=st.integers(0, 10_000), sign_zero=st.sampled_from(READINGS), passes=st.integers(1, 4),
       eta=st.sampled_from([1.0, 0.2]))
def test_online_on_grid_data_is_exact(seed, sign_zero, passes, eta):
    X, y = noisy_xor(16, 1, seed)
    trace = pc.online(X, y, passes=passes, sign_zero=sign_zero, eta=eta)
    e = Exact(X, y, sign_zero=sign_zero)
    w, W, wrong = (Fraction(0),) * 3, [(Fraction(0),) * 3], []
    for _ in range(passes):  # after a pass with no mistake the stream goes on, changing nothing
        for i in range(len(y)):
            bad = e.wrong(w, i)
            wrong.append(bad)
            if bad:
                w = e.add(w, i, dec(eta))
                W.append(w)
    np.testing.assert_array_equal(trace.weights, floats(W))
    assert trace.stream.wrong.tolist() == wrong


@SETTINGS
@given(seed=st.integers(0, 10_000), gamma=st.sampled_from([0.05, 0.1, 0.25, 0.5]), order=st.sampled_from(pc.ORDERS))
def test_the_margin_perceptron_on_grid_data_is_exact(seed, gamma, order):
    d = pc.datasets.separable(15, margin=0.2, seed=seed)
    X, y = np.round(d.X, 2), d.y
    trace = pc.pla(X, y, margin=gamma, order=order, seed=seed, max_updates=400, stop_on_cycle=False)
    same_run(trace, *exact_pla(X, y, margin=gamma, order=order, seed=seed, updates=400))


def test_a_margin_test_exactly_at_its_threshold_is_decided_exactly():
    """w₀ = (0, 7, 24): ‖w‖ = 25, and the point (1, 0) has m = 7 = (γ/2)·‖w‖ for γ = 0.56 — not a mistake
    (m < γ/2·‖w‖ is strict), though in floats 0.5·0.56·25 = 7.000000000000001 makes it one."""
    X, y = np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([1.0, 1.0])
    assert 7 < 0.5 * 0.56 * 25.0  # what floating point alone would decide
    trace = pc.pla(X, y, w0=[0.0, 7.0, 24.0], margin=0.56, bias=False)
    assert len(trace) == 0 and trace.halted
    W, I, halted, _ = exact_pla(X, y, w0=[0.0, 7.0, 24.0], margin=0.56, bias=False)
    assert I == [] and halted


def test_real_valued_data_run_in_floating_point_as_before():
    """Off the grid (×√2) nothing is exact to find: pla is its float reference loop, bit for bit."""
    d = pc.datasets.xor(30, noise=0.1, seed=3)
    X = np.round(d.X, 1) * np.sqrt(2)
    trace = pc.pla(X, d.y, max_updates=500, stop_on_cycle=False)
    W, I, _ = pc.pla_reference(X, d.y, max_updates=500)
    assert trace.weights.tobytes() == W.tobytes() and trace.mistakes.tolist() == I.tolist()
    assert pc.grid.decimals(X) is None and pc.grid.decimals(np.round(d.X, 1)) == 1


def test_a_point_on_the_boundary_has_margin_and_distance_exactly_zero_on_grid_data():
    """w = (1, 1, 1) and the point (−0.1, −0.9): 1 − 0.1 − 0.9 = 0, which floats sum to −3.5e−17."""
    X, y = np.array([[0.0, 0.0], [-0.1, -0.9]]), np.array([1.0, 1.0])
    assert pc.margin([1.0, 1.0, 1.0], X, y) == 0.0
    assert pc.geometric_margin([1.0, 1.0, 1.0], X, y) == 0.0
    assert pc.predict([1.0, 1.0, 1.0], X).tolist() == [1.0, 0.0] and pc.count_mistakes([1, 1, 1], X, y) == 1
