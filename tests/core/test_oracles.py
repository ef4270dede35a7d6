"""pla_core against outside oracles: a textbook loop, scikit-learn, and a real course's data sets."""

from __future__ import annotations

import pathlib
import warnings

import numpy as np
import pytest

import pla_core as pc

#: The course's data sets, kept in the repository (their README says where they come from and their licence)
REF = pathlib.Path(__file__).resolve().parent / "data" / "ntu-mlfoundations-hw1"


def textbook_pla(X, y, *, eta=1.0, sign_zero=None, bias=True, max_updates=100_000):
    """Cyclic PLA exactly as the notes write it, one point at a time (seed 000; seed 003's loop)."""
    n = len(y)
    Xt = np.hstack([np.full((n, 1), 1.0 if bias else 0.0), X])
    w, W, I = np.zeros(Xt.shape[1]), [np.zeros(Xt.shape[1])], []
    i = clean = 0
    while clean < n and len(I) < max_updates:
        s = sum(w[j] * Xt[i, j] for j in range(len(w)))  # plain Python sum: no BLAS, no FMA
        if sign_zero is None:
            wrong = y[i] * s <= 0
        else:
            wrong = (np.sign(s) if s != 0 else sign_zero) != y[i]
        if wrong:
            w = w + eta * y[i] * Xt[i]
            W.append(w)
            I.append(i)
            clean = 0
        else:
            clean += 1
        i = (i + 1) % n
    return np.array(W), np.array(I, dtype=int), clean >= n


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("sign_zero", [None, 1, -1])
def test_cyclic_matches_textbook_update_by_update(seed, sign_zero):
    data = pc.datasets.separable(60, margin=0.02, seed=seed)
    W, I, halted = textbook_pla(data.X, data.y, sign_zero=sign_zero)
    trace = pc.pla(data.X, data.y, sign_zero=sign_zero)
    assert halted and trace.halted
    np.testing.assert_array_equal(trace.mistakes, I)
    np.testing.assert_array_equal(trace.weights, W)


@pytest.mark.parametrize("sign_zero", [None, 1, -1])
def test_textbook_on_integer_grid_data_with_ties(sign_zero):
    """Integer points make wᵀx̃ = 0 happen, so each sign(0) convention is exercised."""
    rng = np.random.default_rng(5)
    X = rng.integers(-3, 4, size=(25, 2)).astype(float)
    y = np.where(X[:, 0] + 2 * X[:, 1] >= 1, 1.0, -1.0)
    W, I, halted = textbook_pla(X, y, sign_zero=sign_zero)
    trace = pc.pla(X, y, sign_zero=sign_zero)
    np.testing.assert_array_equal(trace.mistakes, I)
    np.testing.assert_array_equal(trace.weights, W)
    assert trace.halted == halted


def test_without_bias_matches_textbook_through_origin():
    data = pc.datasets.separable(40, margin=0.05, seed=3)
    X = data.X - data.X.mean(axis=0)
    y = np.where(X @ [1.0, -0.5] > 0, 1.0, -1.0)
    W, I, _ = textbook_pla(X, y, bias=False)
    trace = pc.pla(X, y, bias=False)
    np.testing.assert_array_equal(trace.weights, W)
    assert (trace.weights[:, 0] == 0).all()


@pytest.mark.parametrize("n,d,seed", [(200, 2, 0), (500, 5, 1), (1000, 10, 2), (300, 3, 3)])
def test_final_weights_equal_scikit_learn(n, d, seed):
    from sklearn.linear_model import Perceptron

    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    wf = rng.normal(size=d + 1)
    s = X @ wf[1:] + wf[0]
    keep = np.abs(s) > 0.05
    X, y = X[keep], np.where(s[keep] > 0, 1.0, -1.0)
    trace = pc.pla(X, y)
    assert trace.halted
    epochs = -(-trace.examined // len(y))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf = Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=epochs).fit(X, y)
    # Exact on any CPU: both add the same η·yₙ·x̃ₙ in the same order (elementwise IEEE adds, no BLAS), and no score
    # decides near 0 (the smallest |wₜᵀx̃ₙ|/(‖wₜ‖R) of these runs is 6e-8, BLAS rounding ~1e-16).
    np.testing.assert_array_equal(clf.coef_[0], trace.w[1:])
    assert clf.intercept_[0] == trace.w[0]


def test_scikit_learn_after_a_fixed_number_of_epochs_on_noisy_data():
    """Not separable: after the same k passes the weights are still identical (PLA stopped at the pass end)."""
    from sklearn.linear_model import Perceptron

    data = pc.datasets.separable(150, noise=0.15, margin=0.0, seed=4)
    assert not pc.is_separable(data.X, data.y)
    full = pc.pla(data.X, data.y, max_updates=100_000, stop_on_cycle=False)
    for epochs in (1, 2, 5):
        t = int(np.searchsorted(full.visits, epochs * len(data.y), side="right"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            clf = Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=epochs).fit(data.X, data.y)
        # Exact on any CPU, as above (the smallest |wₜᵀx̃ₙ|/(‖wₜ‖R) over these 5 passes is 1.3e-5)
        np.testing.assert_array_equal(clf.coef_[0], full.weights[t, 1:])
        assert clf.intercept_[0] == full.weights[t, 0]


# ---------------------------------------------------------------------------------------------------------------
# A real course's data (NTU Machine Learning Foundations, homework 1): w = 0, x₀ = 1, sign(0) = −1.


def test_ntu_separable_set_halts_like_the_textbook_loop():
    X, y = pc.load_points(REF / "hw1_15_train.dat")
    assert X.shape == (400, 4)
    trace = pc.pla(X, y, sign_zero=-1)
    W, I, halted = textbook_pla(X, y, sign_zero=-1)
    assert trace.halted and halted
    np.testing.assert_array_equal(trace.mistakes, I)
    np.testing.assert_array_equal(trace.weights, W)
    assert len(trace) == 45  # the number of updates course solutions report for question 15
    assert trace.errors[-1] == 0
    assert len(trace) <= pc.mistake_bound(X, y)
    assert pc.is_separable(X, y)


def test_ntu_noisy_set_pocket_beats_plain_pla_out_of_sample():
    """Questions 18–19: Pocket's ŵ after 50 updates against PLA's w₅₀, on the test file, averaged over runs."""
    X, y = pc.load_points(REF / "hw1_18_train.dat")
    Xte, yte = pc.load_points(REF / "hw1_18_test.dat")
    assert not pc.is_separable(X, y)
    pocket_err, pla_err = [], []
    for seed in range(100):
        tr = pc.pocket(X, y, max_updates=50, order="permuted", sign_zero=-1, seed=seed)
        assert tr.pocket_errors[-1] == tr.errors.min()
        pocket_err.append(pc.count_mistakes(tr.pocket_weights[-1], Xte, yte, sign_zero=-1) / len(yte))
        pla_err.append(pc.count_mistakes(tr.weights[-1], Xte, yte, sign_zero=-1) / len(yte))
    mean_pocket, mean_pla = np.mean(pocket_err), np.mean(pla_err)
    assert mean_pocket < mean_pla - 0.1
    # Course solutions report about 0.13 for Pocket and 0.35 for PLA's w₅₀ (averaged over 2000 runs).
    assert 0.10 < mean_pocket < 0.17
    assert 0.25 < mean_pla < 0.45
