"""Issue 14, per-page cost: the batch and mini-batch loops and the random-order scan were rewritten for speed
(no per-step index arrays or copies of the data). Nothing they return may change: every run here is compared, bit
for bit, with the implementation they replaced, kept below as the oracle (and only here)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import pla_core as pc
from pla_core._checks import check_data, check_w0, signed_points
from pla_core.perceptron import _cycle_quantum, _Draws, _key, _Scan
from pla_core.reference import is_mistake, radius_bound, tie_mask
from pla_core.trace import Trace

READINGS = [None, 1, -1, "both"]
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------------------------------
# The oracles: pla_core's loops as they were before the rewrite (commit e6af166), unchanged but for the names.
# Since issue 21, runs on grid data are exact (pla_core.grid: integer units, no rounding), which these float loops are
# not; so their data are taken off the grid (×√2 + √3/1000: the ties at w = 0, and rounding residue elsewhere), where the
# fast loops still run in floating point and must give the old loops' floats bit for bit. The exact runs have
# their own oracle, a loop in fractions.Fraction (tests/core/test_exact_runs.py).


def off_grid(X):
    return np.asarray(X, dtype=float) * math.sqrt(2) + math.sqrt(3) / 1000  # (0 too: nothing stays on a grid)


def old_batch(X, y, *, eta=1.0, w0=None, bias=True, sign_zero=None, max_updates=1000, batch_size=None,
              average=None):
    X, y = check_data(X, y)
    n = len(y)
    average = bool(batch_size is not None if average is None else average)
    w = check_w0(w0, X.shape[1], bias)
    if batch_size is not None:
        return _old_minibatch(X, y, w, eta, bias, sign_zero, max_updates, int(batch_size), average)
    Z, tie, R = signed_points(X, y, bias), tie_mask(y, sign_zero), radius_bound(X, bias)
    scale = eta / n if average else eta
    quantum = _cycle_quantum(X, bias, scale)
    seen = {}
    W, U, I, used, E, C = [w], [], [], [], [], []
    cycle, halted = None, False
    for t in range(max_updates + 1):
        m = Z @ w
        bad = is_mistake(m, math.sqrt(w @ w), R, tie)
        E.append(int(bad.sum()))
        C.append(float(max(0.0, -m[bad].sum())))
        if not E[-1]:
            halted = True
            break
        key = _key(w, quantum)
        if key in seen:
            cycle = (seen[key], t - seen[key])
            break
        seen[key] = t
        if t == max_updates:
            break
        u = scale * Z[bad].sum(axis=0)
        w = w + u
        W.append(w)
        U.append(u)
        I.append(int(bad.argmax()))
        used.append(np.packbits(bad))
    T, d1 = len(I), X.shape[1] + 1
    stop = "halted" if halted else "cycle" if cycle else "max_updates"
    cache = {"updates": np.array(U).reshape(T, d1), "errors": np.array(E, dtype=np.int64), "criterion": np.array(C)}
    return Trace(weights=np.array(W), mistakes=np.array(I, dtype=np.int64), visits=n * np.arange(1, T + 1),
                 halted=halted, cycle=cycle, stop=stop, X=X, y=y, examined=n * len(E),
                 settings=dict(bias=bool(bias), sign_zero=sign_zero),
                 _used_bits=np.array(used, dtype=np.uint8).reshape(T, (n + 7) // 8), _cache=cache)


def _old_minibatch(X, y, w, eta, bias, sign_zero, max_updates, b, average):
    n = len(y)
    Z, tie, R = signed_points(X, y, bias), tie_mask(y, sign_zero), radius_bound(X, bias)
    scale = eta / b if average else eta
    quantum = _cycle_quantum(X, bias, scale)
    span = -(-n // b) * b
    first = b * max(1, 64 // b)
    seen = {}
    W, U, I, V, used, starts = [w], [], [], [], [], [0]
    pos = steps = 0
    cycle, halted = None, False
    while True:
        wn, r, size, found = math.sqrt(w @ w), 0, first, None
        while r < span:
            e = min(r + size, span)
            idx = np.arange(pos + r, pos + e) % n
            bad = is_mistake(Z[idx] @ w, wn, R, tie[idx])
            k = int(bad.argmax())
            if bad[k]:
                j = (r + k) // b * b - r
                found = idx[j:j + b], bad[j:j + b]
                steps += (r + j) // b + 1
                break
            r, size = e, 2 * size
        if found is None:
            steps += span // b
            halted = True
            break
        key = _key(w, quantum) + pos.to_bytes(8, "little")
        T = len(I)
        if key in seen:
            cycle = (seen[key], T - seen[key])
            break
        if T == max_updates:
            break
        if len(seen) < _Scan.MAX_REMEMBERED:
            seen[key] = T
        block, bad = found
        u = scale * Z[block[bad]].sum(axis=0)
        w = w + u
        W.append(w)
        U.append(u)
        M = np.sort(block[bad])
        I.append(int(M[0]))
        V.append(b * steps)
        used.append(M)
        starts.append(starts[-1] + len(M))
        pos = int((block[-1] + 1) % n)
    T, d1 = len(I), X.shape[1] + 1
    stop = "halted" if halted else "cycle" if cycle else "max_updates"
    return Trace(weights=np.array(W), mistakes=np.array(I, dtype=np.int64), visits=np.array(V, dtype=np.int64),
                 halted=halted, cycle=cycle, stop=stop, X=X, y=y, examined=b * steps,
                 settings=dict(bias=bool(bias), sign_zero=sign_zero),
                 _used_index=(np.array(starts, dtype=np.int64),
                              np.concatenate(used).astype(np.int64) if used else np.empty(0, np.int64)),
                 _cache={"updates": np.array(U).reshape(T, d1)})


def old_judge_many(Z, tie, W, R, *, criterion=False):
    """trace.judge_many with its old blocks of about 4·10⁶ scores (32 MB)."""
    count = np.empty(len(W), dtype=np.int64)
    crit = np.empty(len(W)) if criterion else None
    rows = max(1, 4_000_000 // max(1, len(Z)))
    for a in range(0, len(W), rows):
        Wa = W[a:a + rows]
        M = Wa @ Z.T
        bad = is_mistake(M, np.sqrt((Wa * Wa).sum(axis=1))[:, None], R, tie)
        count[a:a + rows] = bad.sum(axis=1)
        if criterion:
            crit[a:a + rows] = np.maximum(0.0, -np.where(bad, M, 0.0).sum(axis=1))
    return count, crit


def old_random_pla(X, y, *, eta=1.0, w0=None, margin=0.0, bias=True, sign_zero=None, max_updates=1000, seed=None):
    """pla(order="random"): each update picks a uniformly random point among the current mistakes."""
    X, y = check_data(X, y)
    w = check_w0(w0, X.shape[1], bias)
    rng = np.random.default_rng(seed)
    Z, R = signed_points(X, y, bias), radius_bound(X, bias)
    tie = None if sign_zero is None else tie_mask(y, sign_zero)
    W, I = [w], []
    while len(I) < max_updates:
        idx = np.flatnonzero(is_mistake(Z @ w, math.sqrt(w @ w), R, tie, margin))
        if idx.size == 0:
            return np.array(W), np.array(I, dtype=np.int64), True
        i = int(idx[rng.integers(idx.size)])
        w = w + eta * Z[i]
        W.append(w)
        I.append(i)
    return np.array(W), np.array(I, dtype=np.int64), False


# ---------------------------------------------------------------------------------------------------------------
# Data that make every branch run: ties on grid points, repeated points with both labels, zeros (−0.0 in yₙxₙ),
# float data, and sizes past the first window of the mini-batch search (64 points).


@st.composite
def point_sets(draw):
    kind = draw(st.sampled_from(["grid", "float", "spot", "mixed", "small"]))
    n, d = draw(st.integers(1, 150)), draw(st.sampled_from([2, 2, 1, 3]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    if kind == "small":  # a few grid points, labels often no line explains: the runs that cycle
        X = rng.integers(-2, 3, size=(min(n, 9), d)).astype(float)
    elif kind == "grid":
        X = rng.integers(-3, 4, size=(n, d)).astype(float)
    elif kind == "float":
        X = rng.uniform(-3, 3, size=(n, d))
    elif kind == "spot":  # every point on one spot, both labels: no line separates them
        X = np.full((n, d), 0.5)
    else:
        X = np.where(rng.random((n, d)) < 0.5, rng.integers(-2, 3, size=(n, d)), rng.normal(size=(n, d)))
    if kind != "small" and draw(st.booleans()):  # labels from a line (often separable) or at random
        w = rng.normal(size=d + 1)
        y = np.where(X @ w[1:] + w[0] > 0, 1.0, -1.0)
    else:
        y = rng.choice([-1.0, 1.0], size=len(X))
    return X, y


OPTIONS = dict(
    sign_zero=st.sampled_from(READINGS),
    eta=st.sampled_from([1.0, 0.5, 0.3, 3.0, 0.01]),
    w0=st.sampled_from([None, (0.5, -1.0, 0.25), (-2.0, 0.0, 1.0), (100.0, -100.0, 100.0), (0.0, -100.0, 100.0)]),
    bias=st.booleans(),
    max_updates=st.one_of(st.integers(0, 5), st.integers(0, 400)),
)


def _w0(w0, bias, d):
    """w₀ for d features: the bias weight (0 without a bias), then the feature weights repeated to length d."""
    return None if w0 is None else (w0[0] if bias else 0.0, *np.resize(w0[1:], d).tolist())


def same_trace(a: Trace, b: Trace) -> None:
    assert a.weights.tobytes() == b.weights.tobytes()
    assert a.mistakes.tobytes() == b.mistakes.tobytes() and a.visits.tolist() == b.visits.tolist()
    assert (a.halted, a.cycle, a.stop, a.examined) == (b.halted, b.cycle, b.stop, b.examined)
    assert a.updates.tobytes() == b.updates.tobytes()
    assert a.used_window() == b.used_window()
    assert a.errors.tobytes() == b.errors.tobytes() and a.criterion.tobytes() == b.criterion.tobytes()


@SETTINGS
@given(data=point_sets(), draw=st.data(), **OPTIONS)
def test_the_batch_and_mini_batch_runs_are_those_of_the_old_loops(data, draw, sign_zero, eta, w0, bias,
                                                                   max_updates):
    X, y = data
    X = off_grid(X)
    b = draw.draw(st.one_of(st.none(), st.integers(1, len(y)), st.sampled_from([1, min(2, len(y)), len(y)])), label="b")
    average = draw.draw(st.sampled_from([None, True, False]), label="average")
    kw = dict(eta=eta, w0=_w0(w0, bias, X.shape[1]), bias=bias, sign_zero=sign_zero, max_updates=max_updates,
              batch_size=b, average=average)
    trace = pc.batch(X, y, **kw)
    event(f"{'full' if b is None else 'mini'} batch: {trace.stop}")
    same_trace(trace, old_batch(X, y, **kw))


@SETTINGS
@given(data=point_sets(), margin=st.sampled_from([0.0, 0.0, 0.001, 0.15, 1.0, 100.0]), seed=st.integers(0, 2**32 - 1),
       **OPTIONS)
def test_random_order_runs_are_those_of_the_old_scan(data, margin, seed, sign_zero, eta, w0, bias, max_updates):
    X, y = data
    X = off_grid(X)
    kw = dict(eta=eta, w0=_w0(w0, bias, X.shape[1]), margin=margin, bias=bias, sign_zero=sign_zero,
              max_updates=max_updates, seed=seed)
    trace = pc.pla(X, y, order="random", **kw)
    W, I, halted = old_random_pla(X, y, **kw)
    assert trace.weights.tobytes() == W.tobytes() and trace.mistakes.tobytes() == I.tobytes()
    assert trace.halted == halted and trace.stop == ("halted" if halted else "max_updates")
    event(f"random order: {trace.stop}")


def test_the_worst_links_runs_are_unchanged():
    """The runs of the most expensive /batch and /margin links (500 points, 20,000 updates), against the oracles."""
    noisy = pc.datasets.separable(500, margin=0.0, noise=0.2, seed=4)
    X, y = noisy.X, noisy.y
    for kw in (dict(batch_size=500, average=True), dict(batch_size=1), dict(batch_size=37, sign_zero=-1),
               dict(eta=0.01, w0=(100.0, -100.0, 100.0)), dict(sign_zero=1)):
        same_trace(pc.batch(X, y, max_updates=3000, **kw), old_batch(X, y, max_updates=3000, **kw))
    for margin in (0.0, 0.15):
        trace = pc.pla(X, y, order="random", margin=margin, max_updates=3000, seed=11)
        W, I, halted = old_random_pla(X, y, margin=margin, max_updates=3000, seed=11)
        assert trace.weights.tobytes() == W.tobytes() and trace.mistakes.tobytes() == I.tobytes()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=point_sets(), sign_zero=st.sampled_from(READINGS), bias=st.booleans(), seed=st.integers(0, 2**32 - 1),
       rows=st.sampled_from([1, 2, 3000]))
def test_mistake_counts_and_criterion_are_those_of_the_old_blocks(data, sign_zero, bias, seed, rows):
    """Trace.errors, Trace.criterion and count_mistakes (trace.judge_many) now score the weights in blocks of
    about 2¹⁷ scores: the same counts and the same J, bit for bit, as in blocks of 4·10⁶ (one block here)."""
    X, y = data
    rng = np.random.default_rng(seed)
    W = np.round(rng.normal(size=(rows, X.shape[1] + 1)) * 4, int(rng.integers(0, 3)))  # exact ties on grid data
    if not bias:
        W[:, 0] = 0.0
    Z, tie, R = signed_points(X, y, bias), tie_mask(y, sign_zero), radius_bound(X, bias)
    counts, crit = old_judge_many(Z, tie, W, R, criterion=True)
    assert pc.count_mistakes(W, X, y, bias=bias, sign_zero=sign_zero).tobytes() == counts.tobytes()
    trace = Trace(weights=W, mistakes=np.zeros(rows - 1, dtype=np.int64), visits=None, halted=False, cycle=None,
                  stop="max_updates", X=X, y=y, settings=dict(bias=bias, sign_zero=sign_zero))
    assert trace.criterion.tobytes() == crit.tobytes() and trace.errors.tobytes() == counts.tobytes()


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), used=st.integers(0, 3), top=st.sampled_from([2, 3, 600, 2_000_000, 2**31 + 5]),
       count=st.integers(0, 500), draws=st.data())
def test_the_scan_draws_rng_integers_numbers_and_leaves_the_generator_as_it_would(seed, used, top, count, draws):
    """The random scan's draws (_Draws) are rng.integers(k)'s, rejections included (k near 2³¹ rejects often),
    and the generator is left where those calls leave it, a half-used 32-bit draw included."""
    a, b = np.random.default_rng(seed), np.random.default_rng(seed)
    for g in (a, b):
        g.integers(7, size=used)  # a generator already used, often with half an output kept
    ks = draws.draw(st.lists(st.integers(1, top), min_size=count, max_size=count), label="k")
    draw = _Draws(b)
    assert [draw(k) for k in ks] == [int(a.integers(k)) for k in ks]
    draw.close()
    assert b.bit_generator.state == a.bit_generator.state
    assert b.integers(1000, size=3).tolist() == a.integers(1000, size=3).tolist()
