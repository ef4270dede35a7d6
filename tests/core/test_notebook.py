"""pla_core as a newcomer calls it from a notebook (issue 21, part 5): the defaults of pocket and pla_many, labels
1/0 and True/False, and what predict says at a tie."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core as pc
from pla_core import experiment as E

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def default(f, name: str):
    return inspect.signature(f).parameters[name].default


def test_pocket_runs_without_max_updates_to_the_same_default_cap_as_pla():
    assert default(pc.pocket, "max_updates") == default(pc.pla, "max_updates")
    xor = pc.datasets.xor4()  # never halts: Pocket runs to the cap
    trace = pc.pocket(xor.X, xor.y, seed=1)
    assert len(trace) == default(pc.pla, "max_updates") and not trace.halted
    assert trace.pocket_errors[-1] == trace.pocket_errors.min()


ALGORITHMS = {
    "pla": lambda X, y: pc.pla(X, y).weights,
    "pocket": lambda X, y: pc.pocket(X, y, max_updates=50, seed=3).pocket_weights,
    "batch": lambda X, y: pc.batch(X, y, max_updates=50).weights,
    "online": lambda X, y: pc.online(X, y, passes=2).weights,
    "count_mistakes": lambda X, y: pc.count_mistakes(np.array([0.1, 1.0, -0.5]), X, y),
    "mistake_bound": lambda X, y: pc.mistake_bound(X, y),
    "pla_many": lambda X, y: pc.pla_many(np.stack([X, X]), np.stack([y, y])).weights,
}


@pytest.mark.parametrize("name", ALGORITHMS)
def test_labels_1_0_and_booleans_are_read_as_plus_and_minus_1(name):
    d = pc.datasets.separable(30, margin=0.1, seed=4)
    run = ALGORITHMS[name]
    want = run(d.X, d.y)
    for y in ((d.y > 0).astype(int), d.y > 0, list(d.y > 0), (d.y > 0).astype(float)):
        kept = np.array(y, copy=True)
        assert np.array_equal(run(d.X, y), want), type(y)
        assert np.array_equal(np.asarray(y), kept)  # the caller's labels are not rewritten
    assert np.array_equal(pc.pla(d.X, d.y > 0).y, d.y)  # a trace holds ±1 whatever it was given


def test_labels_are_read_as_a_file_is_read():
    text = "x1,x2,y\n0,0,1\n1,1,0\n2,0.5,1\n"
    X, y = pc.load_points(text)
    assert np.array_equal(pc.check_data(X, [1, 0, 1])[1], y)
    with pytest.raises(ValueError, match="use labels \\+1/-1 or 1/0, not both"):
        pc.load_points(text + "3,3,-1\n")
    with pytest.raises(ValueError, match="use labels \\+1/-1 or 1/0, not both"):
        pc.pla(X.tolist() + [[3, 3]], [1, 0, 1, -1])
    with pytest.raises(ValueError, match="point 1 has label 2"):
        pc.pla(X, [1, 2, 1])


def test_a_large_max_updates_is_a_bound_not_work_done():
    d = E.lfd_runs(100, 0, 1000, seed=0)
    res = pc.pla_many(d.X, d.y, max_updates=100_000)  # up to 10¹⁰ point scores: refused before, done in ~1 s
    assert res.halted.all()
    for r in (0, 500, int(np.argmax(res.T))):
        assert res.T[r] == len(pc.pla(d.X[r], d.y[r], max_updates=100_000))
    with pytest.raises(ValueError, match="over the limit of 1,000,000,000"):  # a limit asked for still holds
        pc.pla_many(d.X, d.y, max_updates=100_000, max_work=10**9)


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from([None, 1, -1, "both"]), st.booleans())
def test_predict_is_0_exactly_at_the_ties_and_agrees_with_count_mistakes(seed, sign_zero, bias):
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(25, 2)).astype(float)  # a grid with small whole weights: many exact ties
    y = rng.choice([-1.0, 1.0], size=25)
    w = rng.integers(-2, 3, size=3).astype(float) * (1 if bias else np.array([0, 1, 1]))
    pred = pc.predict(w, X, bias=bias, sign_zero=sign_zero)
    score = (w[0] if bias else 0.0) + X @ w[1:]
    assert np.array_equal(pred[score != 0], np.sign(score[score != 0]))
    assert (pred[score == 0] == (sign_zero if sign_zero in (1, -1) else 0)).all()
    wrong = (pred != y) & ~((pred == 0) & (sign_zero == "both"))  # with "both" a tie is right for either label
    assert wrong.sum() == pc.count_mistakes(w, X, y, bias=bias, sign_zero=sign_zero)


def test_a_cap_above_ten_million_updates_warns_and_runs():
    """A cap is an upper bound: pla does not refuse one a notebook asks for (the app keeps its own caps)."""
    d = pc.datasets.separable(20, margin=0.1, seed=1)
    with pytest.warns(ResourceWarning, match="max_updates is 20,000,000"):
        trace = pc.pla(d.X, d.y, max_updates=20_000_000)
    assert trace.halted
