"""Every algorithm returns a Trace of one shape: weights, the updates added, and the points each update used."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import pla_core as pc
from pla_core import datasets as ds

SEP = ds.separable(30, margin=0.05, seed=2)
NOISY = ds.separable(40, noise=0.2, seed=6)
GRID = ds.credit(30, noise=0.1, seed=3)

RUNS = {
    "pla cyclic": lambda d: pc.pla(d.X, d.y, max_updates=500),
    "pla permuted": lambda d: pc.pla(d.X, d.y, order="permuted", seed=1, sign_zero=1, max_updates=500),
    "pla random": lambda d: pc.pla(d.X, d.y, order="random", seed=1, eta=0.3, max_updates=500),
    "pla no bias": lambda d: pc.pla(d.X - 5, d.y, bias=False, margin=0.1, max_updates=500),
    "pocket": lambda d: pc.pocket(d.X, d.y, max_updates=200, seed=3),
    "batch": lambda d: pc.batch(d.X, d.y, eta=0.5, max_updates=200),
    "batch sign(0)=-1": lambda d: pc.batch(d.X, d.y, sign_zero=-1, w0=[1, 0, 0], max_updates=200),
    "batch mini-batch of 7": lambda d: pc.batch(d.X, d.y, batch_size=7, max_updates=200),
    "batch mini-batch of 4, summed, sign(0)=+1": lambda d: pc.batch(d.X, d.y, batch_size=4, average=False,
                                                                   sign_zero=1, w0=[0.5, 0, 0], max_updates=200),
    "online": lambda d: pc.online(d.X, d.y, passes=3),
    "online shuffled": lambda d: pc.online(d.X, d.y, passes=4, shuffle=True, seed=5, sign_zero=-1, eta=2.0),
}


@pytest.mark.parametrize("data", [SEP, NOISY, GRID], ids=["separable", "noisy", "grid"])
@pytest.mark.parametrize("name", RUNS)
def test_one_shape_for_every_algorithm(name, data):
    t = RUNS[name](data)
    n, d = data.X.shape
    T = len(t)
    assert t.weights.shape == (T + 1, d + 1) and t.mistakes.shape == (T,) and t.updates.shape == (T, d + 1)
    assert t.errors.shape == t.criterion.shape == (T + 1,)
    assert t.settings["algorithm"] == name.split()[0]
    # The updates are what was added: exactly in floating point; on grid data, where the run is exact, each of
    # wₜ, wₜ₊₁ and the update is the float nearest its exact value (the sum may differ in the last bit).
    if data is GRID:
        np.testing.assert_allclose(t.weights[1:], t.weights[:-1] + t.updates, rtol=1e-15,
                                   atol=1e-15 * np.abs(t.weights).max())
    else:
        assert (t.weights[1:] == t.weights[:-1] + t.updates).all()
    for a in (t.weights, t.mistakes, t.updates, t.errors, t.criterion):
        assert not a.flags.writeable
    used = t.used_window(0, T)
    assert len(used) == T and all(isinstance(i, int) for u in used for i in u)
    for k in range(T):
        u = t.used(k)
        assert u.tolist() == used[k] and u[0] == t.mistakes[k] and (np.diff(u) > 0).all()
    assert t.used_window(T - 3, T + 5) == used[T - 3:] and t.used_window(5, 5) == []
    if T:
        assert t.used(-1).tolist() == used[-1]
    with pytest.raises(IndexError):
        t.used(T)
    # Every point an update used was a mistake of the weights it updated; the criterion counts only mistakes.
    Z = np.hstack([np.full((n, 1), 1.0 if t.settings["bias"] else 0.0), t.X]) * t.y[:, None]
    for k in range(T):
        assert (Z[t.used(k)] @ t.weights[k] <= 1e-9).all() or t.settings["margin"] > 0
    assert (t.criterion >= 0).all() and (t.criterion[t.errors == 0] == 0).all()


def test_pla_updates_and_used():
    t = pc.pla(NOISY.X, NOISY.y, eta=0.7, max_updates=50, stop_on_cycle=False)
    Xt = np.hstack([np.ones((40, 1)), NOISY.X])
    np.testing.assert_allclose(t.updates, 0.7 * NOISY.y[t.mistakes, None] * Xt[t.mistakes], rtol=1e-15)
    assert t.used_window(10, 13) == [[int(i)] for i in t.mistakes[10:13]]


def test_batch_update_is_the_sum_over_all_mistakes():
    b = pc.batch(NOISY.X, NOISY.y, eta=0.5, max_updates=30)
    assert b.stop == "max_updates" and len(b) == 30 and not b.halted and b.cycle is None
    Z = np.hstack([np.ones((40, 1)), NOISY.X]) * NOISY.y[:, None]
    for k in range(len(b)):
        wrong = np.flatnonzero(Z @ b.weights[k] <= 0)  # no ties on these float data
        np.testing.assert_array_equal(b.used(k), wrong)
        assert b.mistakes[k] == wrong[0]
        assert (b.updates[k] == 0.5 * Z[wrong].sum(axis=0)).all()  # the same sum, summed the same way
    np.testing.assert_array_equal(b.visits, 40 * np.arange(1, 31))
    assert b.examined == 40 * 31
    # The criterion the run recorded is the one any trace computes from its weights.
    fresh = dataclasses.replace(b, _cache={})
    np.testing.assert_allclose(fresh.criterion, b.criterion, rtol=1e-12)
    np.testing.assert_array_equal(fresh.errors, b.errors)


def test_batch_on_grid_data_follows_the_sign_convention():
    """At θ = 0 every score is a tie, so sign(0) = +1 makes exactly the y = −1 points the first mistakes."""
    b = pc.batch(GRID.X, GRID.y, sign_zero=1, max_updates=5)
    np.testing.assert_array_equal(b.used(0), np.flatnonzero(GRID.y == -1))
    b = pc.batch(GRID.X, GRID.y, sign_zero=-1, max_updates=5)
    np.testing.assert_array_equal(b.used(0), np.flatnonzero(GRID.y == 1))


def online_by_the_notes(X, y, shown, *, eta=1.0, sign_zero=None):
    """Seed 004's loop: predict step(wᵀx̃), then learn the label. (Float data: wᵀx̃ = 0 only at w = 0.)"""
    Xt = np.hstack([np.ones((len(y), 1)), X])
    w, W, preds = np.zeros(Xt.shape[1]), [np.zeros(Xt.shape[1])], []
    for i in shown:
        s = Xt[i] @ w
        p = np.sign(s) if s != 0 else (0.0 if sign_zero is None else sign_zero)
        preds.append(p)
        if p != y[i]:
            w = w + eta * y[i] * Xt[i]
            W.append(w)
    return np.array(W), np.array(preds)


@pytest.mark.parametrize("shuffle", [False, True])
@pytest.mark.parametrize("sign_zero", [None, 1, -1])
def test_online_is_the_loop_of_the_notes(shuffle, sign_zero):
    run = pc.online(NOISY.X, NOISY.y, passes=5, shuffle=shuffle, seed=9, sign_zero=sign_zero, eta=0.5)
    s = run.stream
    W, preds = online_by_the_notes(NOISY.X, NOISY.y, s.shown, eta=0.5, sign_zero=sign_zero)
    np.testing.assert_array_equal(run.weights, W)
    np.testing.assert_array_equal(s.predictions, preds)
    assert s.predictions[0] == (0 if sign_zero is None else sign_zero)  # w = 0: a tie
    assert len(s) == 200 and run.examined == 200 and run.stop == "end_of_stream" and not run.halted
    np.testing.assert_array_equal(np.flatnonzero(s.wrong), run.visits - 1)
    np.testing.assert_array_equal(s.shown[run.visits - 1], run.mistakes)
    # weight_index: the weights each prediction was made with.
    Xt = np.hstack([np.ones((40, 1)), NOISY.X])
    scores = np.einsum("ij,ij->i", run.weights[s.weight_index], Xt[s.shown])
    at_tie = 0.0 if sign_zero is None else sign_zero  # wᵀx̃ = 0 only while w = 0 on these float data
    np.testing.assert_array_equal(np.where(scores != 0, np.sign(scores), at_tie), s.predictions)
    passes = [sorted(s.shown[k * 40:(k + 1) * 40]) for k in range(5)]
    assert all(p == list(range(40)) for p in passes)
    assert shuffle == (s.shown[:40] != np.arange(40)).any()
    assert run.settings["order"] == ("shuffled" if shuffle else "cyclic") and run.settings["passes"] == 5


def test_online_without_shuffle_is_cyclic_pla_cut_at_the_stream_end():
    run = pc.online(NOISY.X, NOISY.y, passes=3)
    full = pc.pla(NOISY.X, NOISY.y, max_updates=10_000, stop_on_cycle=False)
    T = int(np.searchsorted(full.visits, 3 * 40, side="right"))
    np.testing.assert_array_equal(run.weights, full.weights[:T + 1])
    np.testing.assert_array_equal(run.visits, full.visits[:T])


def test_online_halts_when_a_pass_is_clean():
    run = pc.online(SEP.X, SEP.y, passes=50, shuffle=True, seed=1)
    assert run.halted and run.stop == "halted" and len(run.stream) == 1500
    last = (int(run.visits[-1]) - 1) // 30  # the pass of the last mistake; the next one was clean
    assert not run.stream.wrong[(last + 1) * 30:].any()
    np.testing.assert_array_equal(run.stream.predictions[(last + 1) * 30:], SEP.y[run.stream.shown[(last + 1) * 30:]])
    assert pc.count_mistakes(run.w, SEP.X, SEP.y) == 0
