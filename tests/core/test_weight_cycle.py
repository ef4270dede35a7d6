"""Issue 44: ``trace.weight_cycle``, the weights' own first repeat, against the exact run. /pla said of ○(−1, −1),
×(0, 0), ○(1, 1) "from update 4 on, the weights repeat every 4 updates (w₈ = w₄)", but w₇ = w₃: the weights repeat
from update 3, and update 4 is where the state (w and the next point to visit, ``trace.cycle``) repeats. On small
grid sets (XOR-like, repeated points with both labels, a point at the origin without a bias, every reading of
sign(0), cyclic and permuted order, η and w₀ on the grid) the (s, p) named is checked by brute force over the exact
weights (Fractions, tests/core/test_exact_runs): w_{s+p} = w_s, w_{s−1+p} ≠ w_{s−1}, w_{t+p} = w_t for every later
t, and no smaller p holds from any start."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pla_core as pc
from tests.core.test_exact_runs import READINGS, exact_pla
from tests.examples import examples

CAP = 400


@st.composite
def cyclers(draw):
    """(X, y, kwargs) of small grid sets that often cycle: few cells, repeats with both labels, the origin."""
    n = draw(st.integers(1, 6))
    unit = draw(st.sampled_from([1, 2, 10]))
    cells = draw(st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2)), min_size=n, max_size=n))
    if draw(st.booleans()):  # a point repeated with the other label: no line separates them
        k = draw(st.integers(0, n - 1))
        cells.append(cells[k])
    X = np.array(cells, dtype=float) / unit
    y = np.array(draw(st.lists(st.sampled_from([1.0, -1.0]), min_size=len(X), max_size=len(X))))
    if len(X) > n:
        y[-1] = -y[cells.index(cells[-1])]
    bias = draw(st.booleans())
    w0 = draw(st.sampled_from([(0.0, 0.0, 0.0), (0.5, 0.0, -0.5), (1.0, 1.0, 0.0)]))
    kw = dict(order=draw(st.sampled_from(["cyclic", "permuted"])), eta=draw(st.sampled_from([1.0, 0.5, 0.3])),
              sign_zero=draw(st.sampled_from(READINGS)), bias=bias, w0=w0 if bias else (0.0, *w0[1:]),
              seed=draw(st.integers(0, 3)))
    return X, y, kw


def brute_weight_cycle(W, cycle):
    """(s, p) from the exact weights and the exact state cycle (s₀, p₀): the least p with w_{t+p} = w_t for every
    t ≥ s₀ (the weights after s₀ repeat the state's period for ever), then the first s it holds from."""
    s0, p0 = cycle
    w = lambda t: W[t] if t < s0 + p0 else W[s0 + (t - s0) % p0]  # noqa: E731  the run along its cycle
    p = next(q for q in range(1, p0 + 1) if all(w(t + q) == w(t) for t in range(s0, s0 + p0)))
    s = s0
    while s > 0 and w(s - 1 + p) == w(s - 1):
        s -= 1
    return s, p


SETTINGS = settings(max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(cyclers())
@example((np.array([[-1.0, -1.0], [0.0, 0.0], [1.0, 1.0]]), np.array([1.0, -1.0, 1.0]),  # the issue's three points
          dict(order="cyclic", eta=1.0, sign_zero=None, bias=True, w0=(0.0, 0.0, 0.0), seed=0)))
@example((np.array([[0.5, 0.5]] * 4), np.array([1.0, -1.0, 1.0, -1.0]),  # one spot, both labels: w period 2, state 4
          dict(order="cyclic", eta=1.0, sign_zero=None, bias=True, w0=(0.0, 0.0, 0.0), seed=0)))
@example((np.array([[0.0, 0.0]]), np.array([1.0]),  # x̃ = 0: w never moves, period 1
          dict(order="cyclic", eta=1.0, sign_zero=None, bias=False, w0=(0.0, 0.0, 0.0), seed=0)))
def test_the_weights_first_repeat_is_the_exact_runs(case):
    X, y, kw = case
    W, I, halted, cycle = exact_pla(X, y, updates=CAP, **kw)
    for stop in (True, False):  # stopped just after the repeat, or run on to the cap
        trace = pc.pla(X, y, max_updates=CAP, stop_on_cycle=stop, **kw)
        assert (trace.cycle is None) == (trace.weight_cycle is None)
        if trace.cycle is None:
            continue
        assert trace.cycle == cycle  # the state's first repeat
        s, p = trace.weight_cycle
        assert (s, p) == brute_weight_cycle(W, cycle)
        s0, p0 = cycle
        assert s <= s0 and p0 % p == 0 and s + p <= len(trace)
        assert W[s + p] == W[s] and (s == 0 or W[s - 1 + p] != W[s - 1])  # the first repeat of w
        assert all(W[t + p] == W[t] for t in range(s, len(W) - p))  # periodic thereafter, within the trace
        np.testing.assert_array_equal(trace.state_at(s + p), trace.state_at(s))


def test_the_issue_s_three_points_repeat_their_weights_before_their_state():
    X, y = np.array([[-1.0, -1.0], [0.0, 0.0], [1.0, 1.0]]), np.array([1.0, -1.0, 1.0])
    trace = pc.pla(X, y)
    assert trace.cycle == (4, 4) and trace.weight_cycle == (3, 4)
    np.testing.assert_array_equal(trace.weights[7], trace.weights[3])
    assert (trace.mistakes[2] + 1) % 3 != (trace.mistakes[6] + 1) % 3  # after w₃ and w₇, another point is next
    spot = pc.pla(np.array([[0.5, 0.5]] * 500), np.where(np.arange(500) % 2, 1.0, -1.0), max_updates=2000)
    assert spot.cycle == (0, 500) and spot.weight_cycle == (0, 2)
    assert pc.pla(pc.datasets.xor4().X, pc.datasets.xor4().y).weight_cycle == (0, 4)
    assert pc.pla(X, y, order="random", seed=0, max_updates=50).weight_cycle is None
    assert pc.pla(np.array([[1.0, 0.0]]), np.array([1.0])).weight_cycle is None  # it halts


def test_the_batch_perceptron_s_weight_cycle_is_its_weights_too():
    xor = pc.datasets.xor4()
    for b in (None, 1, 3):
        trace = pc.batch(xor.X, xor.y, batch_size=b, max_updates=200)
        if trace.cycle is None:
            continue
        s, p = trace.weight_cycle
        s0, p0 = trace.cycle
        assert s <= s0 and p0 % p == 0
        np.testing.assert_array_equal(trace.weights[s + p], trace.weights[s])
        assert s == 0 or not np.array_equal(trace.weights[s - 1 + p], trace.weights[s - 1])
