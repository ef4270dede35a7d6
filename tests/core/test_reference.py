"""pla() against THE definition, pla_core.reference.pla_reference: bit-identical weights and mistakes."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import pla_core as pc
from pla_core.reference import is_mistake, pla_reference

#: The course's data sets, kept in the repository (their README says where they come from and their licence)
REF = pathlib.Path(__file__).resolve().parent / "data" / "ntu-mlfoundations-hw1"


def assert_bits(a, b):
    """Same shape and the same bytes (stricter than ==: 0.0 and −0.0 differ)."""
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype
    assert a.tobytes() == b.tobytes(), np.argwhere(a != b)[:5]


def check(X, y, **options):
    """pla(...) equals the reference loop with the same options; where pla stopped on a cycle, the reference run
    for as many updates (it has no cycle detection and would go on to the cap)."""
    trace = pc.pla(X, y, **options)
    options.pop("stop_on_cycle", None)
    if trace.stop == "cycle":
        options["max_updates"] = len(trace)
    W, I, halted = pla_reference(X, y, **options)
    assert_bits(trace.weights, W)
    assert_bits(trace.mistakes, I)
    assert trace.halted == halted
    return trace


@st.composite
def data_sets(draw):
    """Points of four kinds: generic floats, an integer grid (ties happen), a 0.1 grid (the app's and the credit
    set's points, where ties come out of decimal sums), and a duplicated point with both labels. Labels from a
    random line, or arbitrary (then usually not separable: cycles)."""
    n = draw(st.integers(1, 25))
    d = draw(st.integers(1, 3))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["float", "int", "tenths", "clash"]))
    if kind == "float":
        X = rng.uniform(-3, 3, size=(n, d))
    elif kind == "int":
        X = rng.integers(-3, 4, size=(n, d)).astype(float)
    else:
        X = np.round(rng.uniform(0, 10, size=(n, d)), 1)
    if draw(st.booleans()):
        w = rng.normal(size=d + 1)
        y = np.where(X @ w[1:] + w[0] >= 0, 1.0, -1.0)
    else:
        y = rng.choice([-1.0, 1.0], size=n)
    if kind == "clash":
        X, y = np.vstack([X, X[:1]]), np.append(y, -y[0])
    return X, y


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data_sets(), st.sampled_from(pc.ORDERS), st.sampled_from([None, 1, -1, "both"]),
       st.sampled_from([1.0, 0.5, 3.0, 0.37]),
       st.sampled_from([0.0, 0.0, 0.1, 0.5]), st.booleans(), st.booleans(), st.integers(0, 300), st.integers(0, 99),
       st.booleans())
def test_pla_is_the_reference_loop(data, order, sign_zero, eta, margin, bias, from_w0, cap, seed, stop_on_cycle):
    X, y = data
    w0 = None
    if from_w0:
        w0 = np.random.default_rng(seed).integers(-2, 3, size=X.shape[1] + 1).astype(float)
        w0[0] = w0[0] if bias else 0.0
    t = check(X, y, order=order, sign_zero=sign_zero, eta=eta, margin=margin, bias=bias, w0=w0, max_updates=cap,
              seed=seed, stop_on_cycle=stop_on_cycle)
    event(f"stop={t.stop}")
    event(f"ties met after w₀: {any(t.score(k) == 0.0 for k in range(1, len(t)))}")


@pytest.mark.parametrize("seed", [0, 4, 7, 11])
@pytest.mark.parametrize("sign_zero", [None, 1, -1])
@pytest.mark.parametrize("order", pc.ORDERS)
def test_grid_data_with_ties(seed, sign_zero, order):
    """The credit set (a 0.1 grid) and an integer grid: wᵀx̃ = 0 happens, so the sign(0) convention decides."""
    d = pc.datasets.credit(40, noise=0.1 if seed else 0.0, seed=seed)
    check(d.X, d.y, order=order, sign_zero=sign_zero, seed=seed, max_updates=3000)
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(25, 2)).astype(float)
    y = np.where(X[:, 0] + 2 * X[:, 1] >= 1, 1.0, -1.0)
    t = check(X, y, order=order, sign_zero=sign_zero, seed=seed)
    assert t.halted
    ties = [k for k in range(len(t)) if t.score(k) == 0.0]
    assert ties or order == "random"  # the cyclic runs of these sets do meet exact ties


def test_xor_cycles_and_the_reference_runs_on():
    x = pc.datasets.xor4()
    t = check(x.X, x.y)
    assert t.cycle == (0, 4) and t.stop == "cycle"
    W, I, halted = pla_reference(x.X, x.y, max_updates=40)
    assert not halted
    np.testing.assert_array_equal(W[8:], np.tile(W[4:8], (9, 1))[:len(W) - 8])
    check(x.X, x.y, max_updates=40, stop_on_cycle=False)


def test_a_larger_set_that_the_block_scan_cuts_into_many_blocks():
    rng = np.random.default_rng(2)
    X = rng.uniform(-1, 1, size=(3000, 10))
    w = rng.normal(size=11)
    s = X @ w[1:] + w[0]
    keep = np.abs(s) > 0.05
    t = check(X[keep], np.where(s[keep] > 0, 1.0, -1.0))
    assert t.halted and len(t) > 100


# ---------------------------------------------------------------------------------------------------------------
# NTU Machine Learning Foundations, homework 1: w = 0, x₀ = 1, sign(0) = −1.


def test_ntu_separable_set():
    X, y = pc.load_points(REF / "hw1_15_train.dat")
    t = check(X, y, sign_zero=-1)
    assert t.halted and len(t) == 45  # the count course solutions report for question 15
    for seed in range(5):  # question 16: random visiting orders (permuted) halt too
        assert check(X, y, sign_zero=-1, order="permuted", seed=seed).halted
        assert check(X, y, sign_zero=-1, order="random", seed=seed, max_updates=5000).halted


@pytest.mark.parametrize("order", ["permuted", "random"])
def test_ntu_noisy_set_first_updates(order):
    """Questions 18–20 run 50 (or 100) updates on the noisy set in a random order."""
    X, y = pc.load_points(REF / "hw1_18_train.dat")
    for seed in range(3):
        t = check(X, y, sign_zero=-1, order=order, seed=seed, max_updates=100)
        assert len(t) == 100 and not t.halted


# ---------------------------------------------------------------------------------------------------------------
# The rule itself


@pytest.mark.parametrize("sign_zero,plus_wrong,minus_wrong",
                         [(None, True, True), (1, False, True), (-1, True, False), ("both", False, False)])
def test_rule_at_an_exact_tie(sign_zero, plus_wrong, minus_wrong):
    """wᵀx̃ = 0 (here 0.1 + 0.2 − 0.3, which floating point makes 5.6e-17): the sign(0) convention decides."""
    w, x = np.array([0.1, 0.2, -0.3]), np.array([1.0, 1.0, 1.0])
    s, wn = w @ x, np.linalg.norm(w)
    assert s != 0
    for label, wrong in ((1.0, plus_wrong), (-1.0, minus_wrong)):
        assert is_mistake(label * s, wn, 2.0, pc.reference.tie_mask(label, sign_zero)) == wrong
    assert pc.predict(w, [[1.0, 1.0]], sign_zero=sign_zero)[0] == (sign_zero if sign_zero in (1, -1) else 0)


def test_rule_away_from_ties_and_with_a_margin():
    assert is_mistake(-1e-9, 1.0, 1.0, np.array(False))  # far outside the tie band: a plain mistake
    assert not is_mistake(1e-9, 1.0, 1.0)
    m = np.array([0.2, 0.3, 0.5, -1.0])
    np.testing.assert_array_equal(is_mistake(m, 1.0, 1.0, margin=0.8), [True, True, False, True])  # m < γ/2
    assert is_mistake(m, 0.0, 1.0, margin=0.8).all()  # at w = 0 there is no margin yet
