"""Issue 22: an update raises the corrected point's score, yₙ·wₜ₊₁ᵀx̃ₙ = yₙ·wₜᵀx̃ₙ + η‖x̃ₙ‖².
Trace.score_gain gives the three numbers; on grid data they are exact, so they are checked here against the notes' loop replayed in
fractions.Fraction (wₜ₊₁ = wₜ + η·yₙ·x̃ₙ at the points the run chose), independent of pla_core's arithmetic."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core as pc
from pla_core import datasets

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dec(v) -> Fraction:
    return Fraction(repr(round(float(v), 6)))


def fraction_weights(trace, w0, eta) -> list[list[Fraction]]:
    """w₀ … w_T of the run's own choice of points, in Fractions of the decimals."""
    bias = trace.settings["bias"]
    w, out = [dec(v) for v in w0], []
    out.append(list(w))
    for n in trace.mistakes:
        xt = [Fraction(1 if bias else 0)] + [dec(v) for v in trace.X[int(n)]]
        y = int(trace.y[int(n)])
        w = [a + dec(eta) * y * b for a, b in zip(w, xt)]
        out.append(list(w))
    return out


def check(trace, w0, eta):
    W = fraction_weights(trace, w0, eta)
    bias = trace.settings["bias"]
    assert len(trace) > 0
    for t, n in enumerate(trace.mistakes):
        xt = [Fraction(1 if bias else 0)] + [dec(v) for v in trace.X[int(n)]]
        y = int(trace.y[int(n)])
        before, gain, after = trace.score_gain(t)
        assert all(isinstance(v, Fraction) for v in (before, gain, after))
        assert before == y * sum(a * b for a, b in zip(W[t], xt))
        assert after == y * sum(a * b for a, b in zip(W[t + 1], xt))
        assert gain == dec(eta) * sum(b * b for b in xt) and gain >= 0  # 0 only for x̃ = 0
        assert before + gain == after


grid = st.integers(-1000, 1000).map(lambda k: k / 1000)


@SETTINGS
@given(pts=st.lists(st.tuples(grid, grid, st.sampled_from([-1, 1])), min_size=2, max_size=25),
       eta=st.sampled_from([1.0, 0.1, 0.25, 2.5, 0.003]), bias=st.booleans(),
       order=st.sampled_from(["cyclic", "permuted", "random"]), w0=st.sampled_from([None, (-0.2, 0.1)]))
def test_the_score_gain_is_exact_on_grid_data(pts, eta, bias, order, w0):
    X = np.array([p[:2] for p in pts], float)
    y = np.array([p[2] for p in pts], float)
    w0 = None if w0 is None else (0.5 if bias else 0.0, *w0)
    trace = pc.pla(X, y, eta=eta, bias=bias, order=order, seed=3, w0=w0, max_updates=40, stop_on_cycle=False)
    if len(trace) == 0:
        return
    check(trace, w0 or (0, 0, 0), eta)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_score_gain_on_the_apps_examples(seed):
    """The PLA lesson's separable example and the noisy XOR, as the app snaps them (3 and 1 decimals)."""
    d = datasets.separable(20, margin=0.1, seed=seed)
    check(pc.pla(np.round(d.X, 3), d.y), (0, 0, 0), 1.0)
    d = datasets.xor(40, seed=seed)
    check(pc.pla(np.round(d.X, 1), d.y, max_updates=200, stop_on_cycle=False), (0, 0, 0), 1.0)
    d = datasets.credit(30, seed=seed)
    check(pc.pla(np.round(d.X, 3), d.y, eta=0.1, max_updates=300, stop_on_cycle=False), (0, 0, 0), 0.1)


def test_on_real_valued_data_the_gain_is_float_and_adds_up_within_rounding():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(30, 2)) / 3
    y = np.where(X @ [1.0, -2.0] + 0.1 > 0, 1.0, -1.0)
    trace = pc.pla(X, y, eta=0.7)
    assert len(trace) > 0
    for t in range(len(trace)):
        before, gain, after = trace.score_gain(t)
        assert before <= 0 < gain
        assert after == pytest.approx(before + gain, rel=1e-9, abs=1e-12)


def test_a_batch_update_has_no_single_score_gain():
    X = np.array([[0.5, 0.5], [-0.5, -0.5], [0.4, -0.6]])
    y = np.array([1.0, -1.0, -1.0])
    trace = pc.batch(X, y)
    with pytest.raises(ValueError):
        trace.score_gain(0)
