"""Issue 13: pla_many runs a batch of data sets at once, and each run must end exactly as pla ends it alone."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core as pc
import pla_core.many as many

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
READINGS = [None, 1, -1, "both"]
BOX = (-1.0, 1.0, -1.0, 1.0)


def lfd(runs: int, n: int, seed: int = 0):
    """The LFD experiment: x uniform in [−1, 1]², the target a line through two uniform points of the square."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (runs, n, 2))
    a, b = rng.uniform(-1, 1, (2, runs, 2))
    w_f = np.stack([a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0], a[:, 1] - b[:, 1], b[:, 0] - a[:, 0]], axis=1)
    y = np.where(w_f[:, None, 0] + np.einsum("rnd,rd->rn", X, w_f[:, 1:]) > 0, 1.0, -1.0)
    return X, y, w_f


def assert_same_as_pla(X, y, res, w0=None, seeds=None, **kw):
    """Each run of ``res`` against pla on that run alone, with the settings spelled out here (not taken from res)."""
    assert res.T.shape == res.halted.shape == res.stop.shape == (len(X),)
    assert res.weights.shape == (len(X), X.shape[2] + 1)
    for r in range(len(X)):
        w0r = None if w0 is None else (w0[r] if np.ndim(w0) == 2 else w0)
        seed = None if seeds is None else int(seeds[r])
        trace = pc.pla(X[r], y[r], w0=w0r, seed=seed, **kw)
        assert res.T[r] == len(trace), (r, res.stop[r], trace.stop)
        np.testing.assert_array_equal(res.weights[r], trace.weights[-1])  # bit for bit
        assert res.halted[r] == trace.halted and res.stop[r] == trace.stop, r


@st.composite
def batches(draw, integer=False):
    """A few runs of small data sets with arbitrary labels: some separable, most not; integer data give ties."""
    runs = draw(st.integers(1, 14))
    n = draw(st.integers(1, 12))
    d = draw(st.integers(1, 3))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    if integer:
        X = rng.integers(-2, 3, size=(runs, n, d)).astype(float)
    else:
        X = rng.uniform(-3, 3, size=(runs, n, d))
    return X, rng.choice([-1.0, 1.0], size=(runs, n))


@SETTINGS
@given(st.one_of(batches(), batches(integer=True)), st.sampled_from(pc.ORDERS), st.sampled_from(READINGS),
       st.booleans(), st.sampled_from([1.0, 0.5, 3.0, 0.37]), st.integers(0, 300), st.booleans(),
       st.sampled_from(["zero", "shared", "per run"]), st.integers(0, 2**32 - 1))
def test_each_run_is_pla_on_that_run(data, order, sign_zero, bias, eta, max_updates, stop_on_cycle, start, seed):
    X, y = data
    runs, _, d = X.shape
    rng = np.random.default_rng(seed)
    w0 = {"zero": None, "shared": rng.integers(-2, 3, d + 1).astype(float),
          "per run": rng.normal(size=(runs, d + 1))}[start]
    if w0 is not None and not bias:
        w0[..., 0] = 0.0
    kw = dict(order=order, sign_zero=sign_zero, bias=bias, eta=eta, max_updates=max_updates,
              stop_on_cycle=stop_on_cycle)
    res = pc.pla_many(X, y, w0=w0, seed=seed, **kw)
    seeds = None if order == "cyclic" else np.random.SeedSequence(seed).generate_state(runs, dtype=np.uint64)
    np.testing.assert_array_equal(res.seeds, seeds)
    assert_same_as_pla(X, y, res, w0=w0, seeds=seeds, **kw)


@SETTINGS
@given(batches(integer=True), st.sampled_from(READINGS), st.booleans())
def test_ties_on_grid_data_from_zero(data, sign_zero, bias):
    """Integer points from w₀ = 0: scores of exactly 0 are common, and the sign(0) reading decides them."""
    X, y = data
    res = pc.pla_many(X, y, sign_zero=sign_zero, bias=bias, max_updates=500)
    assert_same_as_pla(X, y, res, sign_zero=sign_zero, bias=bias, max_updates=500)


@pytest.mark.parametrize("order", pc.ORDERS)
@pytest.mark.parametrize("sign_zero", READINGS)
def test_a_batch_big_enough_for_lockstep_and_tail(order, sign_zero):
    """200 LFD runs: most finish in lockstep (compacted several times), the slowest one by one. ("both" from
    w₀ = 0 would halt at once: every point is a tie, right for both classes.)"""
    X, y, _ = lfd(200, 30, seed=3)
    w0 = [0.0, 1.0, 0.0] if sign_zero == "both" else None
    res = pc.pla_many(X, y, order=order, sign_zero=sign_zero, seed=11, w0=w0)
    assert res.halted.all() and res.T.max() > 10 * np.median(res.T)  # a real tail
    assert_same_as_pla(X, y, res, w0=w0, seeds=res.seeds, order=order, sign_zero=sign_zero, max_updates=10_000)


def test_noisy_grid_runs_cycle_and_stop_where_pla_stops():
    rng = np.random.default_rng(5)
    X = rng.integers(-3, 4, size=(120, 12, 2)).astype(float)
    y = rng.choice([-1.0, 1.0], size=(120, 12))
    for order in ("cyclic", "permuted"):
        res = pc.pla_many(X, y, order=order, seed=1, max_updates=3000)
        assert res.cycled.sum() > 100 and res.halted.sum() > 0 and not res.capped.any()
        assert_same_as_pla(X, y, res, seeds=res.seeds, order=order, max_updates=3000)
        off = pc.pla_many(X, y, order=order, seed=1, max_updates=300, stop_on_cycle=False)
        assert not off.cycled.any() and off.capped.sum() == res.cycled.sum()
        assert_same_as_pla(X, y, off, seeds=off.seeds, order=order, max_updates=300, stop_on_cycle=False)


def test_small_log_and_chunks_still_give_pla(monkeypatch):
    """A log of pass starts that fills at once (checks, growth, runs handed to pla) and chunks of 7 runs."""
    monkeypatch.setattr(many._Lockstep, "LOG_START", 8)
    monkeypatch.setattr(many._Lockstep, "LOG_MAX", 32)
    monkeypatch.setattr(many, "_CHUNK_SCORES", 7 * 40)
    X, y, _ = lfd(60, 40, seed=8)
    y[::3, ::7] *= -1  # a third of the runs become non-separable
    rng = np.random.default_rng(2)
    Xg, yg = rng.integers(-2, 3, size=(60, 40, 2)).astype(float), rng.choice([-1.0, 1.0], size=(60, 40))
    for A, b in ((X, y), (Xg, yg)):
        res = pc.pla_many(A, b, max_updates=2000)
        assert_same_as_pla(A, b, res, max_updates=2000)


def _mixed_batch(seed):
    """LFD runs, a third made non-separable (they reach the cap), and grid runs with random labels (ties, cycles)."""
    X, y, _ = lfd(30, 24, seed=seed)
    y[::3, ::5] *= -1
    rng = np.random.default_rng(seed)
    Xg, yg = rng.integers(-2, 3, size=(30, 24, 2)).astype(float), rng.choice([-1.0, 1.0], size=(30, 24))
    return np.concatenate([X, Xg]), np.concatenate([y, yg])


@pytest.mark.parametrize("tail", [0, 10_000])
@pytest.mark.parametrize("order,sign_zero,eta,margin", [
    ("cyclic", None, 1.0, 0.0), ("permuted", -1, 0.37, 0.0), ("cyclic", "both", 3.0, 0.0), ("cyclic", 1, 1.0, 0.0),
    ("random", None, 1.0, 0.0), ("cyclic", None, 0.5, 0.3), ("permuted", None, 1.0, 0.05)])
def test_all_in_lockstep_or_all_one_by_one_gives_pla(monkeypatch, tail, order, sign_zero, eta, margin):
    """With no tail every run ends in lockstep (halted, capped and cycling runs alike); with a tail of 10⁴ every
    run is done one by one. Either way each run is pla's, with every sign(0) reading, η and the margin rule."""
    monkeypatch.setattr(many, "_TAIL_RUNS", tail)
    monkeypatch.setattr(many, "_TAIL_RUNS_RANDOM", tail)
    X, y = _mixed_batch(6)
    w0 = [0.5, 1.0, -0.25] if sign_zero == "both" else None
    kw = dict(order=order, sign_zero=sign_zero, eta=eta, margin=margin, max_updates=400)
    res = pc.pla_many(X, y, w0=w0, seed=4, **kw)
    assert res.halted.any() and res.capped.any() and (order == "random" or res.cycled.any())
    assert_same_as_pla(X, y, res, w0=w0, seeds=res.seeds, **kw)


def test_small_windows_and_large_n_paths_give_pla(monkeypatch):
    """Pass starts logged every 3 steps, into a log that must grow; the paths for large N (no table of positions,
    no list of windows in the tail) forced on small data."""
    monkeypatch.setattr(many._Lockstep, "WINDOW", 3)
    monkeypatch.setattr(many._Lockstep, "LOG_START", 16)
    monkeypatch.setattr(many, "_AHEAD_TABLE_MAX", 4)
    monkeypatch.setattr(many, "_TAIL_VIEWS_MAX", 4)
    X, y = _mixed_batch(7)
    for order in ("cyclic", "permuted"):
        res = pc.pla_many(X, y, order=order, seed=2, max_updates=500)
        assert res.cycled.any() and res.halted.any()
        assert_same_as_pla(X, y, res, seeds=res.seeds, order=order, max_updates=500)
    monkeypatch.setattr(many._Lockstep, "WINDOW_ENTRIES", 50)  # a window of one step while more than 25 runs go
    for stop_on_cycle in (True, False):
        res = pc.pla_many(X, y, max_updates=500, stop_on_cycle=stop_on_cycle)
        assert_same_as_pla(X, y, res, max_updates=500, stop_on_cycle=stop_on_cycle)


def test_separable_runs_are_never_redone_by_pla(monkeypatch):
    """A run is handed to pla only when its logged pass starts repeat: never on separable data (a wrong entry in
    the log, or one logged twice, would show up here as calls)."""
    calls = []
    monkeypatch.setattr(many, "pla", lambda *a, **kw: calls.append(1) or pc.pla(*a, **kw))
    X, y, _ = lfd(300, 40, seed=9)
    res = pc.pla_many(X, y)
    assert res.halted.all() and res.T.max() > 20 * np.median(res.T) and not calls
    y[::2, ::7] *= -1  # half the runs now reach the cap without repeating (float data); a dead row logs nothing
    res = pc.pla_many(X, y, max_updates=300)
    assert res.capped.sum() > 100 and not res.cycled.any() and not calls
    assert_same_as_pla(X[::10], y[::10], pc.pla_many(X[::10], y[::10], max_updates=300), max_updates=300)


def test_capped_runs_are_reported_not_dropped():
    X = np.tile(pc.datasets.xor4().X, (5, 1, 1))
    y = np.tile(pc.datasets.xor4().y, (5, 1))
    res = pc.pla_many(X, y, max_updates=7, stop_on_cycle=False)
    assert len(res) == 5 and (res.T == 7).all() and res.capped.all() and not res.halted.any()
    assert (res.stop == "max_updates").all()
    none = pc.pla_many(X, y, max_updates=0)
    assert (none.T == 0).all() and none.capped.all() and not none.weights.any()


@SETTINGS
@given(st.integers(1, 30), st.sampled_from(pc.ORDERS), st.sampled_from([None, 1, -1]), st.sampled_from([1.0, 0.3]),
       st.integers(0, 10**6))
def test_updates_never_exceed_the_bound_from_zero(n, order, sign_zero, eta, seed):
    X, y, _ = lfd(8, n, seed)
    res = pc.pla_many(X, y, order=order, sign_zero=sign_zero, eta=eta, seed=seed, max_updates=100_000,
                      max_work=None)
    for r in range(len(X)):
        if len(np.unique(y[r])) == 1 or res.T[r] == 0:
            assert res.halted[r]
            continue
        bound = pc.mistake_bound(X[r], y[r])
        assert res.halted[r] and res.T[r] <= bound * (1 + 1e-9)


def test_seeds():
    X, y, _ = lfd(6, 20, seed=1)
    a = pc.pla_many(X, y, order="random", seed=42)
    b = pc.pla_many(X, y, order="random", seed=42)
    np.testing.assert_array_equal(a.weights, b.weights)
    np.testing.assert_array_equal(a.seeds, np.random.SeedSequence(42).generate_state(6, dtype=np.uint64))
    given_seeds = pc.pla_many(X, y, order="random", seed=[3, 1, 4, 1, 5, 9])
    np.testing.assert_array_equal(given_seeds.seeds, [3, 1, 4, 1, 5, 9])
    assert_same_as_pla(X, y, given_seeds, seeds=[3, 1, 4, 1, 5, 9], order="random", max_updates=10_000)
    fresh = pc.pla_many(X, y, order="permuted")  # seed None: fresh entropy, yet every run can be made again
    assert_same_as_pla(X, y, fresh, seeds=fresh.seeds, order="permuted", max_updates=10_000)
    assert pc.pla_many(X, y).seeds is None


def test_trace_on_request_is_pla_trace():
    X, y, _ = lfd(5, 15, seed=2)
    res = pc.pla_many(X, y, order="permuted", seed=3, trace=True)
    assert pc.pla_many(X, y).traces is None
    for r, trace in enumerate(res.traces):
        again = pc.pla(X[r], y[r], **res.pla_kwargs(r))
        np.testing.assert_array_equal(trace.weights, again.weights)
        np.testing.assert_array_equal(trace.weights[-1], res.weights[r])
        assert len(trace) == res.T[r]
    assert "runs=5" in repr(res) and "halted=5" in repr(res)


X3, Y3 = np.zeros((2, 3, 2)), np.ones((2, 3))


@pytest.mark.parametrize(
    "X,y,kwargs,words",
    [
        (np.zeros((3, 2)), np.ones(3), {}, "three-dimensional"),
        (np.zeros((0, 3, 2)), np.ones((0, 3)), {}, "no runs"),
        (np.zeros((2, 0, 2)), np.ones((2, 0)), {}, "empty"),
        (np.zeros((2, 3, 0)), np.ones((2, 3)), {}, "at least one feature"),
        (X3, np.ones((2, 4)), {}, "one label per point"),
        (X3, np.array([[1, 1, 1], [1, 0, -1]]), {}, "Run 1: Point 1 has label 0 and point 2 has label -1"),
        (X3, np.array([[1, 1, 1], [1, 2, 1]]), {}, "Run 1: Labels must be +1 or -1 (or 1 and 0"),
        (np.where(np.arange(12).reshape(2, 3, 2) == 9, np.nan, 0.0), Y3, {}, "Run 1: Point 1 has a missing"),
        ([[["a", "b"]]], [[1]], {}, "Run 0: X must be a table of numbers"),
        (X3, Y3, dict(order="sorted"), "order must be one of"),
        (X3, Y3, dict(eta=0), "learning rate"),
        (X3, Y3, dict(sign_zero=0), "sign_zero"),
        (X3, Y3, dict(max_updates=-1), "max_updates"),
        (X3, Y3, dict(seed=-1), "seed"),
        (X3, Y3, dict(seed=[1, 2, 3], order="random"), "one per run (2)"),
        (X3, Y3, dict(w0=[1.0, 2.0]), "w0 must have 3 numbers"),
        (X3, Y3, dict(w0=np.zeros((3, 3))), "one per run (2 rows)"),
        (X3, Y3, dict(w0=[1.0, 0.0, 0.0], bias=False), "through the origin"),
        (np.zeros((1000, 100, 2)), np.ones((1000, 100)), dict(max_updates=20_000, max_work=10**9),
         "over the limit of 1,000,000,000: use fewer runs or points, a smaller max_updates"),  # asked for: refused
    ],
)
def test_bad_input_is_explained(X, y, kwargs, words):
    with pytest.raises(ValueError) as e:
        pc.pla_many(X, y, **kwargs)
    assert words in str(e.value), str(e.value)


# ---------------------------------------------------------------------------------------------------------------
# disagreement_many: exact P[f ≠ g] of many runs at once


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from(READINGS),
       st.sampled_from([BOX, (0.0, 2.0, -3.0, 1.0), (-5.0, 5.0, 0.5, 0.75)]))
def test_disagreement_many_is_disagreement_run_by_run(seed, sign_zero, box):
    rng = np.random.default_rng(seed)
    W, W_f = rng.normal(size=(40, 3)), rng.normal(size=(40, 3))
    W[:4, 1:] = 0.0        # constant predictions, two of them w = 0
    W[:2, 0] = 0.0
    W[4:8] = W_f[4:8]      # the same line: no disagreement
    W[8:12] = -W_f[8:12]   # the opposite: disagree everywhere
    W[12:16, rng.integers(1, 3)] = 0.0  # vertical or horizontal lines
    W[16:20] = rng.integers(-2, 3, size=(4, 3))
    got = pc.disagreement_many(W, W_f, box, sign_zero=sign_zero)
    want = [pc.geometry.disagreement(W[r], W_f[r], box, sign_zero=sign_zero) for r in range(40)]
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-14)
    assert (got[4:8] == 0).all() and (got[8:12] > 1 - 1e-12).all()


def test_disagreement_many_matches_monte_carlo_within_its_error_bar():
    X, y, w_f = lfd(6, 50, seed=4)
    res = pc.pla_many(X, y)
    exact = pc.disagreement_many(res.weights, w_f)
    rng = np.random.default_rng(0)
    m = 200_000
    P = rng.uniform(-1, 1, (m, 2))
    for r in range(6):
        w, f = res.weights[r], w_f[r]
        est = np.mean(np.sign(w[0] + P @ w[1:]) != np.sign(f[0] + P @ f[1:]))
        sd = np.sqrt(max(exact[r] * (1 - exact[r]), 1e-6) / m)
        assert abs(est - exact[r]) < 4 * sd, (r, est, exact[r])
    assert exact.max() > 0.001  # not a tautology of zeros


@pytest.mark.parametrize("W,W_f,words", [([[1.0, 2.0]], [[1.0, 2.0, 3.0]], "rows of 3"),
                                         (np.ones((2, 3)), np.ones((3, 3)), "one row per run"),
                                         ([[np.nan, 1, 1]], [[0, 1, 1]], "finite")])
def test_disagreement_many_bad_input(W, W_f, words):
    with pytest.raises(ValueError) as e:
        pc.disagreement_many(W, W_f)
    assert words in str(e.value)
