"""The fast PLA and the algorithms built from it: PLA, Pocket, batch and online perceptron.

Start with :mod:`pla_core.reference`: it holds the definition, the mistake rule :func:`is_mistake` and the plain
loop :func:`pla_reference`. This module runs the same loop fast (a block of points per NumPy call, cycle detection)
and records a :class:`~pla_core.trace.Trace`; every algorithm here judges points with that one rule, and the tests
assert that :func:`pla` gives the reference loop's weights and mistakes bit for bit.

On grid data (the app's points: decimals of a few digits, and η, w₀, γ too) every run here is the exact run, the
loop in :class:`fractions.Fraction`: it runs in the integer units of :mod:`pla_core.grid`, where no sum rounds and a
tie is exactly 0, and hands back the floats nearest the exact wₜ. Other data run in floating point.

Notation follows the five notes: x̃ = (x₀, x) with x₀ = 1 (or 0 without a bias), w = (w₀, w₁, …, w_d),
a point is a mistake of w when sign(wᵀx̃ₙ) ≠ yₙ, and an update is wₜ₊₁ = wₜ + η·yₙ·x̃ₙ.
"""

from __future__ import annotations

import math

import numpy as np

from ._checks import augment, check_data, check_options, check_w0, signed_points
from .grid import grid
from .reference import TIE, is_mistake, radius_bound, tie_mask
from .trace import Stream, Trace, judge_many, readonly

__all__ = [
    "Trace", "Stream", "ORDERS", "radius_bound",
    "pla", "pocket", "batch", "online", "count_mistakes", "predict",
]

ORDERS = ("cyclic", "permuted", "random")
DEFAULT_MAX_UPDATES = 100_000

# Relative resolution at which two weight vectors count as the same state when looking for a cycle.
# Integer or grid data repeat exactly; float data repeat up to rounding, far below this.
_CYCLE_RESOLUTION = 1e-9


# ---------------------------------------------------------------------------------------------------------------
# Predictions and counts, by the rule of reference.is_mistake


def _signs(s, w_norm, R: float, sign_zero) -> np.ndarray:
    """sign(s) for scores s = wᵀx̃: the one label that would not be a mistake; 0 when both labels are mistakes (a
    tie with ``sign_zero=None``) or neither is (a tie with "both")."""
    plus = ~is_mistake(s, w_norm, R, tie_mask(1.0, sign_zero))
    minus = ~is_mistake(-s, w_norm, R, tie_mask(-1.0, sign_zero))
    return np.where(plus == minus, 0.0, np.where(plus, 1.0, -1.0))


def predict(w, X, *, bias: bool = True, sign_zero=None) -> np.ndarray:
    """sign(wᵀx̃) for each row of X: the label w gives each point, +1 or −1, or 0 at a tie that no label settles.

    Parameters
    ----------
    w : array (d+1,)
        Weights, bias weight first.
    X : array (n, d)
        The points, without the bias column.
    bias : bool
        As in :func:`pla`: False scores x̃ = (0, x).
    sign_zero : {None, +1, -1, "both"}
        What sign(0) means, as in :func:`pla` (its notes there). At a tie wᵀx̃ = 0 (within 1e-12·‖w‖·R, as pla)
        the prediction is ``sign_zero`` when that is ±1, and **0** otherwise: with None (the default) a tie is
        wrong for both labels, which is why PLA updates on it; with "both" it is right for both. Deliberately not
        ±1: a 0 never matches a label, so it counts as the mistake PLA sees.

    Returns
    -------
    ndarray (n,)
        +1, −1 or 0. With ``sign_zero`` None, +1 or −1 and labels y of ±1, ``(predict(w, X) != y).sum()`` is
        ``count_mistakes(w, X, y)``, the mistakes PLA counts; with "both" a 0 is right whatever the label.
    """
    X, _ = check_data(X, np.ones(len(np.atleast_2d(np.asarray(X, dtype=float)))))
    w = _check_w(w, X.shape[1])
    if w.ndim != 1:
        raise ValueError("predict takes one weight vector w (bias weight first), not a table of them.")
    g = grid(X, w, 1.0, bias=bias, max_updates=0)  # grid data and weights: exact scores, a tie exactly 0
    if g is not None:
        ws = g.scaled(w)
        return _signs(augment(g.X, g.bias) @ ws, math.sqrt(ws @ ws), 0.0, sign_zero)
    return _signs(augment(X, bias) @ w, math.sqrt(w @ w), radius_bound(X, bias), sign_zero)


def _check_w(w, d: int) -> np.ndarray:
    try:
        w = np.asarray(w, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("w must be a list of numbers (bias weight first).") from None
    if w.ndim not in (1, 2) or w.shape[-1] != d + 1:
        raise ValueError(f"w must have {d + 1} numbers (the bias weight, then one per feature).")
    if not np.isfinite(w).all():
        raise ValueError("w must contain finite numbers only.")
    return w


def count_mistakes(W, X, y, *, bias: bool = True, sign_zero=None) -> np.ndarray | int:
    """Number of points each weight vector gets wrong (E_in·n).

    W: (d+1,) for one vector, or (k, d+1) for many (counted a chunk at a time). Returns an int or (k,) array.
    ``sign_zero`` (None, +1, −1 or "both") as in :func:`pla`.
    """
    X, y = check_data(X, y)
    W = _check_w(W, X.shape[1])
    g = grid(X, W, 1.0, bias=bias, max_updates=0)  # grid data and weights: exact scores, a tie exactly 0
    if g is not None:
        counts, _ = judge_many(signed_points(g.X, y, g.bias), tie_mask(y, sign_zero), np.atleast_2d(g.scaled(W)), 0.0)
    else:
        counts, _ = judge_many(signed_points(X, y, bias), tie_mask(y, sign_zero), np.atleast_2d(W),
                               radius_bound(X, bias))
    return int(counts[0]) if W.ndim == 1 else counts


# ---------------------------------------------------------------------------------------------------------------
# Cycles


def _cycle_quantum(X: np.ndarray, bias: bool, eta: float) -> np.ndarray:
    """Per weight, 1e-9 of the size of one update to it (η·maxₙ|x̃ₙⱼ|): two weight vectors are the same state
    when they agree to that resolution in every coordinate, whatever the scale of each feature."""
    # Column maxima over at most ~4k rows: a reduction along axis 0 of a tall narrow array is slow (~6 ms at
    # 10⁵×2), and a scale needs no precision. A column whose largest value was not sampled gets a finer quantum,
    # which can only miss a cycle, never invent one.
    S = X if len(X) <= 4096 else X[:: len(X) // 4096 + 1]
    col = np.abs(S).max(axis=0) if len(S) else np.zeros(X.shape[1])
    q = _CYCLE_RESOLUTION * eta * np.concatenate([[float(bias)], col])
    return np.where(q > 0, q, 1.0)


def _key(w, quantum) -> bytes:
    # Rounded in floating point (no integer cast to overflow); + 0.0 turns −0.0 into 0.0.
    return (np.rint(w / quantum) + 0.0).tobytes()


# ---------------------------------------------------------------------------------------------------------------
# Steppers: each finds the next mistake of the current w and applies the update; the loop records the result.


class _Growing:
    """Append-only record of (w, index, visits); buffers grow by doubling in place and are trimmed at the end,
    so a run of T updates keeps about T·(d+3)·8 bytes."""

    def __init__(self, w0: np.ndarray, cap: int = 1024):
        self.W = np.empty((cap, w0.size))
        self.I = np.empty(cap, dtype=np.int64)
        self.V = np.empty(cap, dtype=np.int64)
        self.W[0] = w0
        self.T = 0

    def grow(self):
        cap = 2 * len(self.W)
        self.W.resize((cap, self.W.shape[1]), refcheck=False)  # realloc: no second copy alive
        self.I.resize(cap, refcheck=False)
        self.V.resize(cap, refcheck=False)
        return self.W, self.I, self.V

    def add(self, w: np.ndarray, i: int, v: int) -> None:
        T = self.T
        if T + 1 >= len(self.W):
            self.grow()
        self.W[T + 1] = w
        self.I[T] = i
        self.V[T] = v
        self.T = T + 1

    def arrays(self):
        T = self.T
        self.W.resize((T + 1, self.W.shape[1]), refcheck=False)
        self.I.resize(T, refcheck=False)
        self.V.resize(T, refcheck=False)
        return self.W, self.I, self.V


class _Scan:
    """Cyclic PLA over X in the given order: visit 0, 1, …, n−1 and wrap; after an update go on with the next point.

    Mistakes are found a block of points at a time with one matrix–vector product, the block growing while no
    mistake turns up and shrinking to the last gap after one, so a quiet pass over 10⁶ points costs a handful of
    NumPy calls and a busy one about ten calls per update. The state at each pass start is remembered; when one
    repeats, the run is cycling.
    """

    MIN_BLOCK, MAX_BLOCK = 16, 1 << 16
    PRECOMPUTE_LIMIT = 1 << 22
    SLACK_FLOPS = 4096
    MAX_REMEMBERED = 1 << 18  # pass starts kept for cycle detection (about 40 MB at most)

    def __init__(self, X, y, bias, tie, w, eta, margin, half=None):
        self.X, self.y, self.bias, self.tie, self.eta, self.margin = X, y, bias, tie, eta, margin
        self.w0 = w
        self.visits = 0
        self.cycle_hit = None  # (updates at the first visit, updates at the repeat) of a pass-start state
        # In an exact run's scaled units (``half``: γ/2 there, a Fraction, or True without a margin) every score
        # is an exact integer: a tie is exactly 0, with no tolerance.
        self.half = half
        self.R = 0.0 if half is not None else radius_bound(X, bias)
        self.key_scale = _cycle_quantum(X, bias, eta)

    def key(self, w) -> bytes:
        return _key(w, self.key_scale)

    def _scorer(self):
        """scores(a, e, w) = yₙ·wᵀx̃ₙ for points a..e−1, and the update row η·yᵢ·x̃ᵢ.

        Scores start from X (a product and two more operations per block). Building the rows zₙ = yₙx̃ₙ once
        makes each block a single product (~3 µs saved a block) but costs fresh memory (~10 ns a number here),
        which a run with few blocks never earns back; so Z is built only once the extra operations have cost
        about as much (the ski-rental rule: never worse than twice the better choice made in hindsight).
        """
        X, y, bias, eta = self.X, self.y, self.bias, self.eta
        dot = np.dot  # np.dot dispatches in about half the time of the @ operator
        budget = X.shape[0] * (X.shape[1] + 1) // 1000 + 1 if X.size <= self.PRECOMPUTE_LIMIT else -1
        state = {"Z": None, "calls": 0}

        def scores(a, e, w):
            Z = state["Z"]
            if Z is not None:
                return dot(Z[a:e], w)
            state["calls"] += 1
            if state["calls"] == budget:
                state["Z"] = signed_points(X, y, bias)
            m = dot(X[a:e], w[1:])
            if bias:
                m += w[0] * bias  # bias: 1 (True), or x̃₀ in scaled units
            m *= y[a:e]  # summed as w·x + b, like the textbook loop and scikit-learn
            return m

        def row(i):
            Z = state["Z"]
            if Z is not None:
                return Z[i] if eta == 1 else eta * Z[i]
            r = np.empty(X.shape[1] + 1)
            r[0] = eta * y[i] * bias if bias else 0.0
            np.multiply(eta * y[i], X[i], out=r[1:])
            return r

        return scores, row

    def run(self, rec: "_Growing", max_updates: int, stop_on_cycle: bool, one_pass: bool = False) -> bool:
        """Record updates into ``rec`` until halting, the cap, (if asked) just after a cycle, or (``one_pass``) the
        end of the first pass; True if halted."""
        tie, margin, R = self.tie, self.margin, self.R
        rule = is_mistake
        n, d = self.X.shape
        scores, row = self._scorer()
        # Overshoot a block by about as many rows as one NumPy call costs, so guesses rarely fall short.
        slack = self.SLACK_FLOPS // (d + 1)
        w = self.w0.copy()
        wn = math.sqrt(w @ w)  # ‖w‖, for the tie tolerance and the margin rule; changes only at updates
        pos = clean = visits = 0  # next point; points found correct since the last update; points examined
        block = self.MIN_BLOCK
        seen: dict | None = {}
        W, I, V = rec.W, rec.I, rec.V
        T = rec.T
        halted = False
        while T < max_updates:
            if pos == 0:
                if one_pass and visits:
                    break
                if seen is not None:
                    key = self.key(w)
                    if key in seen:
                        self.cycle_hit = (seen[key], T)
                        seen = None
                    elif len(seen) < self.MAX_REMEMBERED:
                        seen[key] = T
            end = min(pos + block, n, pos + n - clean)
            m = scores(pos, end, w)
            bad = rule(m, wn, R, None if tie is None else tie[pos:end], margin)
            if margin > 0 and wn and self.half is not None:
                _exact_margin(bad, m, w, wn, self.half)
            k = int(bad.argmax())
            if not bad[k]:
                visits += end - pos
                clean += end - pos
                if clean >= n:
                    halted = True
                    break
                pos = end % n
                block = min(2 * block, self.MAX_BLOCK)
                continue
            i = pos + k
            visits += k + 1
            w = w + row(i)
            wn = math.sqrt(w @ w)
            if T + 1 >= len(W):
                W, I, V = rec.grow()
            T += 1
            W[T] = w
            I[T - 1] = i
            V[T - 1] = visits
            if stop_on_cycle and self.cycle_hit:
                break
            clean = 0
            pos = (i + 1) % n
            block = k + 1 + (k >> 1) + slack
        rec.T = T
        self.visits = visits
        return halted


class _RandomScan:
    """Each update picks a uniformly random point among the current mistakes (the credit-card notes' Pocket).

    An update costs one product (all n scores), the mistake rule written into buffers made once, the indices of
    the mistakes, one draw and the update: about half the NumPy calls and none of the allocations of a plain loop,
    with the same floats and the same draws (tests/core/test_fast_loops.py keeps the plain loop as the oracle)."""

    cycle_hit = None  # a random walk has no deterministic state to repeat
    visits = None

    def __init__(self, X, y, bias, tie, w, eta, margin, rng, half=None):
        self.Z = signed_points(X, y, bias)
        self.R = 0.0 if half is not None else radius_bound(X, bias)  # as in _Scan
        self.tie, self.w0, self.eta, self.margin, self.rng, self.half = tie, w, eta, margin, rng, half

    def run(self, rec: "_Growing", max_updates: int, stop_on_cycle: bool) -> bool:
        Z, w, R, tie, margin = self.Z, self.w0, self.R, self.tie, self.margin
        n = len(Z)
        rows = Z if self.eta == 1 else self.eta * Z  # ηzₙ: the same floats as η·Z[i] at each update
        m, bad, spare = np.empty(n), np.empty(n, dtype=bool), np.empty(n, dtype=bool)
        dot, sqrt = np.dot, math.sqrt
        draw = _Draws(self.rng) if type(self.rng.bit_generator) is np.random.PCG64 else None
        integers = self.rng.integers if draw is None else draw
        W, I, V = rec.W, rec.I, rec.V
        T0 = T = rec.T
        halted = False
        try:
            while T < max_updates:
                wn = sqrt(dot(w, w))
                _mistakes_into(bad, dot(Z, w, out=m), wn, R, tie, margin, spare)
                if margin > 0 and wn and self.half is not None:
                    _exact_margin(bad, m, w, wn, self.half)
                idx = bad.nonzero()[0]
                if not len(idx):
                    halted = True
                    break
                i = int(idx[integers(len(idx))])
                w = w + rows[i]
                if T + 1 >= len(W):
                    W, I, V = rec.grow()
                T += 1
                W[T] = w
                I[T - 1] = i
        finally:
            if draw is not None:
                draw.close()
        V[T0:T] = 0
        rec.T = T
        return halted


class _Draws:
    """``rng.integers(k)``, 1 ≤ k < 2³², one at a time without a NumPy call each (about 4× faster): NumPy's own
    method for the default bit generator, PCG64, on its raw 64-bit outputs fetched a block at a time. A draw
    takes 32 bits (the low half of an output, then its high half) and keeps ⌊k·u/2³²⌋ unless Lemire's
    rejection test asks for another (``buffered_bounded_lemire_uint32`` in NumPy's distributions.c); k = 1
    takes none. :meth:`close` leaves the generator's state where as many ``rng.integers`` calls would.
    tests/core/test_fast_loops.py checks both against ``rng.integers`` itself."""

    BLOCK = 256

    def __init__(self, rng: np.random.Generator):
        self.bg = rng.bit_generator
        self.start = self.bg.state
        self.upper = self.start["uinteger"]  # the high half last kept, and whether it is still unused
        self.half = self.upper if self.start["has_uint32"] else None
        self.raw, self.next, self.taken = [], 0, 0  # outputs fetched, the next one to use, outputs used

    def _u32(self) -> int:
        h = self.half
        if h is not None:
            self.half = None
            return h
        if self.next == len(self.raw):
            self.raw, self.next = self.bg.random_raw(self.BLOCK).tolist(), 0
        r = self.raw[self.next]
        self.next += 1
        self.taken += 1
        self.half = self.upper = r >> 32
        return r & 0xFFFFFFFF

    def __call__(self, k: int) -> int:
        if k == 1:
            return 0
        m = self._u32() * k
        if m & 0xFFFFFFFF < k:
            floor = (0x100000000 - k) % k
            while m & 0xFFFFFFFF < floor:
                m = self._u32() * k
        return m >> 32

    def close(self) -> None:
        self.bg.state = self.start
        self.bg.advance(self.taken)
        state = self.bg.state
        state["has_uint32"], state["uinteger"] = int(self.half is not None), self.upper
        self.bg.state = state


def _mistakes_into(out, m, w_norm: float, R: float, tie, margin: float, spare) -> np.ndarray:
    """:func:`~pla_core.reference.is_mistake` (m, w_norm, R, tie, margin) written into ``out`` (``spare``: a
    scratch buffer of the same shape): the same comparisons with the same thresholds, no new arrays."""
    if margin > 0:
        if w_norm == 0:
            out.fill(True)
            return out
        return np.less(m, 0.5 * margin * w_norm, out=out)
    tol = TIE * R * w_norm
    if tie is None:
        return np.less_equal(m, tol, out=out)
    np.less_equal(m, tol, out=spare)
    np.logical_and(spare, tie, out=spare)
    np.less(m, -tol, out=out)
    return np.logical_or(out, spare, out=out)


def _exact_margin(bad, m, w, wn: float, half) -> None:
    """Decide exactly, in integers, the scores the float test m < (γ/2)·‖w‖ cannot tell from its threshold (an
    exact run's scaled units: m and w integers, ``half`` = γ/2 a Fraction): m < (γ/2)‖w‖ ⟺ m < 0 or
    m² < (γ/2)²·‖w‖²."""
    edge = float(half) * wn
    near = np.flatnonzero(np.abs(m - edge) <= 1e-9 * edge)
    if near.size:
        norm2 = sum(int(v) ** 2 for v in w)
        for i in near.tolist():
            mi = int(m[i])
            bad[i] = mi < 0 or mi * mi < half * half * norm2


def _prepare(X, y, *, order, eta, w0, margin, bias, sign_zero, max_updates, seed):
    X, y = check_data(X, y)
    check_options(eta=eta, sign_zero=sign_zero, margin=margin, max_updates=max_updates, seed=seed)
    if not isinstance(order, str) or order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}; not {order!r}.")
    w = check_w0(w0, X.shape[1], bias)
    rng = np.random.default_rng(seed)
    settings = dict(algorithm="pla", order=order, eta=float(eta), margin=float(margin), bias=bool(bias),
                    sign_zero=sign_zero, seed=seed, max_updates=int(max_updates))
    return X, y, w, rng, settings


def _cycle_start(W, I, n, first, now, key) -> tuple[int, int]:
    """Earliest (start, period) with state(start) = state(start + period), state(t) = (wₜ, next position).

    The pass-start states before updates ``first`` and ``now`` are equal, so the states after updates
    ``first + 1`` and ``now + 1`` are too; walk back while the two copies still agree.
    """
    period = now - first
    pos = np.concatenate([[0], (I + 1) % n])
    s = first + 1
    while s > 0 and pos[s - 1] == pos[s - 1 + period] and key(W[s - 1]) == key(W[s - 1 + period]):
        s -= 1
    return s, period


def pla(X, y, *, order: str = "cyclic", eta: float = 1.0, w0=None, margin: float = 0.0, bias: bool = True,
        sign_zero=None, max_updates: int = DEFAULT_MAX_UPDATES, seed=None, stop_on_cycle: bool = True) -> Trace:
    """Run the Perceptron Learning Algorithm and return the trace of every update.

    For t = 0, 1, …: find a mistake (xₙ, yₙ) of wₜ, i.e. sign(wₜᵀx̃ₙ) ≠ yₙ, and set wₜ₊₁ = wₜ + η·yₙ·x̃ₙ;
    stop when a full pass finds no mistake (the credit-card notes, cyclic PLA). The definition, as a plain loop, is
    :func:`pla_core.reference.pla_reference`: this gives its weights and mistakes bit for bit, and also stops
    one update after the run is seen to repeat (``stop_on_cycle``).

    Parameters
    ----------
    X : array (n, d)
        The points, without the bias column.
    y : array (n,)
        Labels, each +1 or −1.
    order : {"cyclic", "permuted", "random"}
        "cyclic" visits 0..n−1 and wraps, continuing after an update with the next point; "permuted" draws one
        random permutation (from ``seed``) and cycles it; "random" picks each update uniformly among the current
        mistakes.
    eta : float > 0
        Learning rate η. From w₀ = 0 it only scales w, so the boundaries are the same for every η: exactly on grid
        data (the run is exact) and for η a power of two; on real-valued data up to rounding, which decides the run
        only where the updates cancel back to w ≈ 0, as they can on data that are not separable.
    w0 : array (d+1,), optional
        Initial weights (bias weight first); default 0.
    margin : float ≥ 0
        γ of the margin perceptron (the handwritten notes): a point is also a mistake when yₙ·wᵀx̃ₙ/‖w‖ < γ/2 (its
        mistake bound and hypotheses: :func:`~pla_core.theory.margin_perceptron_bound`).
    bias : bool
        True: x̃ = (1, x) and w₀ is learned. False: the boundary passes through the origin (the step-function
        notes), w₀ = 0.
    sign_zero : {None, +1, -1, "both"}
        What sign(0) means, i.e. which points are mistakes at a tie wᵀx̃ₙ = 0 (:func:`~pla_core.reference.tie_mask`):
        None counts yₙ·wᵀx̃ₙ ≤ 0 as a mistake, a tie wrong for both classes (the handwritten notes' algorithm,
        scikit-learn); "both" counts only yₙ·wᵀx̃ₙ < 0, a tie right for both classes (the handwritten notes'
        margin-perceptron section: "the original perceptron algorithm predicts a mistake when y·wᵀx < 0"), so from w₀ = 0
        PLA makes no update and halts at w = 0; +1 is the step-function notes' step(0) = +1 (also David Press's AI
        notes' loop, which flags y = −1 when wᵀx ≥ 0, and the handwritten notes' first page, "≥ 0 → predict y = 1"); −1
        is the Princeton COS 495 lecture's "predict positive iff wᵀx > 0", the convention of the NTU course data. On
        grid data the run is exact, so a tie is exactly 0; on other data scores within 1e-12·‖w‖·R of 0 count as 0. No
        effect with ``margin`` > 0.
    max_updates : int
        Stop after this many updates (above 10⁷ a ResourceWarning says what a run that long would keep).
    seed : int, optional
        Seed for "permuted" and "random" order.
    stop_on_cycle : bool
        Stop one update after the state is seen to repeat (cyclic/permuted order only), since the run would repeat
        for ever. Either way the cycle found is reported in ``trace.cycle``.
    """
    X, y, w, rng, settings = _prepare(
        X, y, order=order, eta=eta, w0=w0, margin=margin, bias=bias, sign_zero=sign_zero,
        max_updates=max_updates, seed=seed)
    perm = rng.permutation(len(y)) if order == "permuted" else None
    g = grid(X, w, eta, bias=bias, max_updates=max_updates)  # grid data: the exact run, in scaled units
    Xs, b0, ws, step, _ = _units(X, w, float(eta), bool(bias), g)
    Xv, yv = (Xs, y) if perm is None else (Xs[perm], y[perm])  # the order in which points are visited
    tie = None if sign_zero is None else tie_mask(yv, sign_zero)
    gamma, half = (float(margin), None) if g is None else (g.margin(float(margin)), g.half(float(margin)))
    args = (Xv, yv, b0, tie, ws, step, gamma)
    scan = _RandomScan(*args, rng, half=half) if order == "random" else _Scan(*args, half=half)
    rec = _Growing(ws)
    halted = scan.run(rec, max_updates, stop_on_cycle)
    W, I, V = rec.arrays()
    cycle = None
    if scan.cycle_hit and scan.cycle_hit[1] < rec.T:
        cycle = _cycle_start(W, I, len(y), *scan.cycle_hit, scan.key)
    if g is not None:
        W = g.weights(W)
    if perm is not None:
        I = perm[I]
    stop = "halted" if halted else "cycle" if cycle and stop_on_cycle else "max_updates"
    return Trace(weights=readonly(W), mistakes=readonly(I), visits=None if order == "random" else readonly(V),
                 halted=halted, cycle=cycle, stop=stop, X=readonly(X), y=readonly(y), settings=settings,
                 permutation=readonly(perm), examined=scan.visits, _grid=g)


def pocket(X, y, *, max_updates: int = DEFAULT_MAX_UPDATES, order: str = "random", eta: float = 1.0, w0=None,
           bias: bool = True, sign_zero=None, seed=None) -> Trace:
    """The Pocket algorithm (the credit-card notes): run PLA and keep in the pocket the best weights seen so far.

    After every update wₜ₊₁ is compared with the pocket ŵ by in-sample error; ŵ is replaced only when wₜ₊₁ makes
    strictly fewer mistakes. Stops after ``max_updates`` updates (default 10⁵, as :func:`pla`: on noisy data PLA never
    halts, so Pocket runs to it, ~1.6 s at N = 1,000 here), or earlier if PLA halts (then ŵ = w, E_in = 0).
    ``trace.pocket_weights`` has shape (T+1, d+1); ``trace.pocket_errors`` never increases.
    Parameters as in :func:`pla` (``sign_zero``: None, +1, −1 or "both", each with the notes that use it).
    """
    if max_updates is None:
        raise ValueError("Pocket needs max_updates: on noisy data PLA never halts by itself.")
    trace = pla(X, y, order=order, eta=eta, w0=w0, bias=bias, sign_zero=sign_zero, max_updates=max_updates,
                seed=seed, stop_on_cycle=False)
    err = trace.errors
    # Index of the first weights achieving each running minimum: that is what the pocket holds.
    improved = np.concatenate([[True], err[1:] < np.minimum.accumulate(err)[:-1]])
    best = np.maximum.accumulate(np.where(improved, np.arange(len(err)), 0))
    settings = dict(trace.settings, algorithm="pocket")
    return Trace(weights=trace.weights, mistakes=trace.mistakes, visits=trace.visits, halted=trace.halted,
                 cycle=trace.cycle, stop=trace.stop, X=trace.X, y=trace.y,
                 settings=settings, permutation=trace.permutation, examined=trace.examined,
                 pocket_weights=readonly(trace.weights[best]), _cache={"errors": err}, _grid=trace._grid)


# ---------------------------------------------------------------------------------------------------------------
# Batch and online perceptron (the Princeton COS 495 lecture and the step-function notes)


def batch(X, y, *, eta: float = 1.0, w0=None, bias: bool = True, sign_zero=None, max_updates: int = 1000,
          batch_size: int | None = None, average: bool | None = None) -> Trace:
    """Batch perceptron (the step-function notes), or the mini-batch perceptron (the Princeton COS 495 lecture) with
    ``batch_size`` = b.

    Full batch (``batch_size=None``, the step-function notes): gradient descent on the perceptron criterion,
    wₜ₊₁ = wₜ + η·Σ_{n ∈ Mₜ} yₙx̃ₙ, where Mₜ is the set of all mistakes of wₜ (the rule of
    :func:`~pla_core.reference.is_mistake`). Each step looks at all n points and is one update.

    Mini-batch (``batch_size=b``, the Princeton COS 495 lecture's "(x_{tb+1}, y_{tb+1}), …, (x_{tb+b}, y_{tb+b})" and
    θₜ₊₁ = θₜ − ηₜ∇((1/b)·Σ_{1≤i≤b} l(θₜ, x_{tb+i}, y_{tb+i})) with l = −y·wᵀx̃·𝕀[mistake on x]): step s takes
    the next b points of the stream X[0], X[1], …, X[n−1], X[0], … in the given order (no shuffling: the Princeton COS
    495 lecture indexes them tb+1 … tb+b; a block wraps past the end of the data, so every block has exactly b points),
    and adds η/b·Σ yₙx̃ₙ over the mistakes Mₛ of w among those b points. The gradient of l has terms for mistakes only,
    but the 1/b divides by the whole mini-batch, not by |Mₛ|. A step whose block holds no mistake changes nothing
    and is not an update (it still counts in ``visits`` and ``examined``). The run halts after ⌈n/b⌉ mistake-free
    blocks in a row (they cover every point with the same w: the credit-card notes' "a full cycle not encountering
    mistakes", so b = 1 is the cyclic PLA, :func:`pla`, update for update). With b = n every block is the whole data
    set, and with ``average=False`` this is the full batch, update for update.

    Parameters
    ----------
    X, y, eta, w0, bias, sign_zero, max_updates
        As in :func:`pla` (``sign_zero``: None, +1, −1 or "both"; with "both" and w₀ = 0 no point is a mistake
        and the run halts at once; the step-function notes' step(0) = +1 is ``sign_zero=1``, the Princeton COS 495
        lecture's "predict positive iff wₜ·x > 0" is −1). ``max_updates`` caps the updates; the steps without one are at
        most ⌈n/b⌉ between two updates, so the work is at most about (max_updates + 1)·(n + b) point evaluations.
    batch_size : int from 1 to n, optional
        b, the points of one mini-batch; None: the full batch.
    average : bool, optional
        True: divide the sum by b (the Princeton COS 495 lecture's mini-batch rule; by n for the full batch); False: the
        plain sum over the mistakes (the step-function notes' θ ← θ + η·Σ_{M} yᵢxᵢ). None: each note's own rule, i.e.
        False for the full batch and True for a mini-batch. From w₀ = 0 averaging only scales every wₜ by 1/b, like η,
        so it moves no line and changes no mistake; from w₀ ≠ 0 it does.

    Returns
    -------
    Trace
        The shape of :func:`pla`'s. ``updates[t]`` is the vector added; ``used(t)`` the mistakes it summed (all of
        Mₜ, or those of its mini-batch), ``mistakes[t]`` the smallest of them; ``visits[t]`` the points examined
        when update t was made, its whole block included (full batch: n·(t+1), a pass per update; mini-batch:
        b·(s+1) for the step s it was made at); ``examined`` all points examined (a final confirming ⌈n/b⌉ blocks
        included); ``criterion`` the loss J(wₜ) = Σ_{n ∈ M(wₜ)} −yₙwₜᵀx̃ₙ over all points. Stops when no point is
        a mistake (``halted``), when the state (wₜ, and for a mini-batch the place of the next block) equals an
        earlier one (``cycle = (s, t − s)``, ``stop="cycle"``: the run would repeat), or after ``max_updates``
        updates. ``settings`` holds ``batch_size`` and ``average`` (resolved to True or False).
    """
    X, y = check_data(X, y)
    check_options(eta=eta, sign_zero=sign_zero, max_updates=max_updates)
    n = len(y)
    if batch_size is not None and (isinstance(batch_size, bool) or not isinstance(batch_size, (int, np.integer))
                                   or not 1 <= batch_size <= n):
        raise ValueError(f"batch_size must be None (the full batch) or a whole number from 1 to n = {n}, "
                         f"not {batch_size!r}.")
    if average is not None and not isinstance(average, (bool, np.bool_)):
        raise ValueError(f"average must be True, False or None, not {average!r}.")
    average = bool(batch_size is not None if average is None else average)
    w = check_w0(w0, X.shape[1], bias)
    settings = dict(algorithm="batch", order=None, eta=float(eta), margin=0.0, bias=bool(bias),
                    sign_zero=sign_zero, seed=None, max_updates=int(max_updates),
                    batch_size=None if batch_size is None else int(batch_size), average=average)
    per = n if batch_size is None else int(batch_size)  # the points one update may sum
    g = grid(X, w, eta, bias=bias, max_updates=max_updates, divisor=per if average else 1, per_update=per)
    if batch_size is not None:
        return _minibatch(X, y, w, eta, bias, sign_zero, max_updates, int(batch_size), average, settings, g)
    return _full_batch(X, y, w, eta, bias, sign_zero, max_updates, average, settings, g)


def _units(X, w, eta, bias, g):
    """(points, x̃₀, w₀, η, the tie band's R) as a run uses them: as given, or in the exact scaled units of grid
    ``g`` (integers; a tie is exactly 0, so R = 0)."""
    if g is None:
        return X, bias, w, eta, radius_bound(X, bias)
    return g.X, g.bias, g.scaled(w), g.step, 0.0


def _sum_rows(A) -> np.ndarray:
    """Σ along each row of A (r, k), the floats of ``np.add.reduce(A.T, axis=0)``: a reduction over the rows of
    a (k, r) array (r ≥ 2) adds them one after another starting from 0.0. Here each row is accumulated in one
    contiguous pass instead of one NumPy step per point (several times faster for a few hundred points)."""
    # accumulate starts from the first term, not 0.0: only a sum of −0.0s differs, and from 0.0 it is 0.0
    return np.add.accumulate(A, axis=1)[:, -1] + 0.0


class _Seen:
    """Cycle detection a block of steps at a time: the keys of the block's weights (:func:`_key`, and for a
    mini-batch the place of the next block) are made with one division and one rounding, then looked up in
    order, as a loop checking each wₜ before its update would. ``limit``: keys remembered at most."""

    def __init__(self, quantum: np.ndarray, limit: int | None = None):
        self.quantum, self.limit, self.keys = quantum, limit, {}

    def first_repeat(self, W: np.ndarray, t0: int, places=None) -> tuple[int, int] | None:
        """(t, s) for the first row t − t0 of W whose state was already seen at s; the states before it kept."""
        K = _key(W, self.quantum)  # row by row, the bytes of _key(wₜ)
        size, keys, limit = 8 * W.shape[1], self.keys, self.limit
        for i in range(len(W)):
            key = K[i * size:(i + 1) * size]
            if places is not None:
                key += places[i].to_bytes(8, "little")
            if key in keys:
                return t0 + i, keys[key]
            if limit is None or len(keys) < limit:
                keys[key] = t0 + i
        return None


def _block_rows(n: int) -> int:
    """Steps between two bookkeeping passes (cycle keys, the mistakes' bits): blocks of about 2¹⁸ points."""
    return max(1, min(256, (1 << 18) // n))


def _doubled(A: np.ndarray) -> np.ndarray:
    return np.concatenate([A, np.empty_like(A)])


def _full_batch(X, y, w, eta, bias, sign_zero, max_updates, average, settings, g=None) -> Trace:
    """The full batch perceptron of :func:`batch`, fast: each step is one product (the scores), one gathering of
    the mistakes' scores and points together, their sums, and the update, into buffers made once; the cycle keys
    and the bits of Mₜ are made a block of steps at a time. The same floats as the plain loop, added in the same
    order (tests/core/test_fast_loops.py keeps it as the oracle)."""
    n, d1 = X.shape[0], X.shape[1] + 1
    Xs, b0, w, scale, R = _units(X, w, eta / n if average else eta, bias, g)
    Z, tie = signed_points(Xs, y, b0), tie_mask(y, sign_zero)
    tie = None if tie.all() else tie  # every tie a mistake: the rule's one-comparison case
    seen = _Seen(_cycle_quantum(Xs, b0, scale))
    # Rows: the scores yₙwᵀx̃ₙ, then zₙ's coordinates: one take gathers the mistakes' scores and points.
    A = np.empty((d1 + 1, n))
    A[1:] = Z.T
    m, spare, sums = A[0], np.empty(n, dtype=bool), np.empty(d1)
    rows = _block_rows(n)
    B = np.empty((rows, n), dtype=bool)  # Mₜ for the steps of the block
    W, U = np.empty((min(max_updates, 1023) + 1, d1)), np.empty((min(max_updates, 1023) + 1, d1))
    W[0] = w
    E, C, I, used = [], [], [], []
    dot, sqrt, reduce = np.dot, math.sqrt, np.add.reduce
    hit, halted, t0, t = None, False, 0, 0

    def bookkeeping(t1):
        used.append(np.packbits(B[:t1 - t0], axis=1))  # n/8 bytes an update, whatever |Mₜ|
        return seen.first_repeat(W[t0:t1], t0)

    for t in range(max_updates + 1):
        w, bad = W[t], B[t - t0]
        M = _mistakes_into(bad, dot(Z, w, out=m), sqrt(dot(w, w)), R, tie, 0.0, spare).nonzero()[0]
        E.append(len(M))
        S = A.take(M, axis=1)  # (an index array gathers without the branches of a mask)
        # The scores pairwise, as ndarray.sum sums them; the bias coordinate with them (±1s or 0s: exact in any
        # order); the features one after another, as Z[M].sum(axis=0) adds them.
        r = reduce(S[:2], axis=1)
        c = -float(r[0])
        C.append(c if c > 0.0 else 0.0)  # max(0, −Σ_{M} yₙwᵀx̃ₙ), −0.0 read as 0
        if not len(M):
            halted = True
            hit = bookkeeping(t) if t > t0 else None
            break
        I.append(int(M[0]))
        if t < max_updates:
            if t + 2 > len(W):
                W, U = _doubled(W), _doubled(U)
            sums[0], sums[1:] = r[1], _sum_rows(S[2:])
            np.multiply(scale, sums, out=U[t])
            np.add(w, U[t], out=W[t + 1])
        if t == max_updates or t - t0 == rows - 1:
            hit = bookkeeping(t + 1)
            t0 = t + 1
            if hit:
                break
    cycle = None
    if hit:
        t, start = hit
        cycle, halted = (start, t - start), False
    T = t
    stop = "halted" if halted else "cycle" if cycle else "max_updates"
    E, C = E[:T + 1], C[:T + 1]
    W, U, C = _unscaled(g, W[:T + 1].copy(), U[:T].copy(), np.array(C))
    cache = {"updates": readonly(U), "errors": readonly(np.array(E, dtype=np.int64)), "criterion": readonly(C)}
    bits = np.concatenate(used)[:T] if used else np.empty((0, (n + 7) // 8), dtype=np.uint8)
    return Trace(weights=readonly(W), mistakes=readonly(np.array(I[:T], dtype=np.int64)),
                 visits=readonly(n * np.arange(1, T + 1, dtype=np.int64)), halted=halted, cycle=cycle, stop=stop,
                 X=readonly(X), y=readonly(y), settings=settings, examined=n * len(E),
                 _used_bits=readonly(bits), _cache=cache, _grid=g)


def _unscaled(g, W, U, C):
    """Weights, updates and criterion values back from an exact run's scaled units (each rounded once)."""
    if g is None:
        return W, U, C
    return g.weights(W), g.weights(U), C / g.score_scale


def _minibatch(X, y, w, eta, bias, sign_zero, max_updates, b, average, settings, g=None) -> Trace:
    """The mini-batch perceptron of :func:`batch` (its rules are stated there), fast.

    The stream X[0], …, X[n−1], X[0], … is laid out once, as far as any window read can reach (a window starts
    at a place < n and spans at most ⌈n/b⌉ blocks), so each window of points, scores and ties is a slice, not an
    index array and a copy; the block's mistakes are gathered by index and summed by :func:`_sum_rows`, and
    the cycle keys are made a block of steps at a time. The same floats as the plain loop, added in the same
    order (tests/core/test_fast_loops.py keeps it as the oracle)."""
    n, d1 = X.shape[0], X.shape[1] + 1
    Xs, b0, w, scale, R = _units(X, w, eta / b if average else eta, bias, g)
    Z, tie = signed_points(Xs, y, b0), tie_mask(y, sign_zero)
    seen = _Seen(_cycle_quantum(Xs, b0, scale), limit=_Scan.MAX_REMEMBERED)  # memory: a later cycle runs on
    span = -(-n // b) * b  # ⌈n/b⌉ blocks: a full pass
    first = b * max(1, 64 // b)  # points scored by the first call after an update (then doubled)
    stream = np.arange(n + span) % n
    ZS, TS = Z[stream], (None if tie.all() else tie[stream])
    ZT = np.ascontiguousarray(ZS.T)  # a coordinate of every zₙ in a row: the mistakes' sums run along rows
    m, bad, spare = np.empty(span), np.empty(span, dtype=bool), np.empty(span, dtype=bool)
    W, U = np.empty((min(max_updates, 1023) + 1, d1)), np.empty((min(max_updates, 1023) + 1, d1))
    W[0] = w
    I, V, P, used, starts = [], [], [], [], [0]
    rows = _block_rows(b)
    dot, sqrt = np.dot, math.sqrt
    pos = steps = 0  # place in the data of the next block; blocks examined
    hit, halted, t0, T = None, False, 0, 0
    while True:
        # The first block from pos that holds a mistake of w: the blocks before it change nothing.
        w = W[T]
        wn, r, size, s = sqrt(dot(w, w)), 0, first, -1
        while r < span:
            e = min(r + size, span)  # r and e are whole blocks from pos
            a, k = pos + r, e - r
            win = _mistakes_into(bad[:k], dot(ZS[a:a + k], w, out=m[:k]), wn, R,
                                 None if TS is None else TS[a:a + k], 0.0, spare[:k])
            k = int(win.argmax())
            if win[k]:
                j = k // b * b  # start of the block holding it, in this window
                s, sel = a + j, win[j:j + b]
                steps += (r + j) // b + 1
                break
            r, size = e, 2 * size
        if s < 0:
            steps += span // b
            halted = True
            hit = seen.first_repeat(W[t0:T], t0, P[t0:T]) if T > t0 else None
            break
        P.append(pos)
        if T == max_updates:
            hit = seen.first_repeat(W[t0:T + 1], t0, P[t0:T + 1])
            break
        if T + 2 > len(W):
            W, U = _doubled(W), _doubled(U)
        at = sel.nonzero()[0] + s  # the block's mistakes, in stream order
        np.multiply(scale, _sum_rows(ZT.take(at, axis=1)), out=U[T])
        np.add(w, U[T], out=W[T + 1])
        M = stream.take(at)
        if s % n + b > n:  # the block wraps past the end of the data
            M.sort()
        I.append(int(M[0]))
        V.append(b * steps)
        used.append(M)
        starts.append(starts[-1] + len(M))
        pos = (s + b) % n  # the next block starts after this one
        T += 1
        if T - t0 == rows:
            hit = seen.first_repeat(W[t0:T], t0, P[t0:T])
            t0 = T
            if hit:
                break
    cycle, examined = None, b * steps
    if hit:
        t, start = hit
        cycle, halted, T = (start, t - start), False, t
        examined = V[t] if t < len(V) else examined  # the blocks examined up to the repeat
    stop = "halted" if halted else "cycle" if cycle else "max_updates"
    W = W[:T + 1].copy()
    # E and J over all n points, as the full batch records them: one pass over the weights for both.
    E, J = judge_many(Z, tie, W, R, criterion=True)
    W, U, J = _unscaled(g, W, U[:T].copy(), J)
    cache = {"updates": readonly(U), "errors": readonly(E), "criterion": readonly(J)}
    return Trace(weights=readonly(W), mistakes=readonly(np.array(I[:T], dtype=np.int64)),
                 visits=readonly(np.array(V[:T], dtype=np.int64)), halted=halted, cycle=cycle, stop=stop,
                 X=readonly(X), y=readonly(y), settings=settings, examined=examined, _cache=cache, _grid=g,
                 **_kept_used(used[:T], starts[:T + 1], n))


def _kept_used(used: list, starts: list, n: int) -> dict:
    """Each update's Mₜ (ascending indices) kept the smaller way: as indices (8 bytes a mistake), or as bits over
    the n points (⌈n/8⌉ bytes an update, as the full batch keeps them). With b = 500 and 500 points a run to the
    cap of 20,000 updates holds 1.3 MB of bits instead of up to 80 MB of indices: a run the server caches."""
    T, row = len(used), (n + 7) // 8
    if 8 * starts[-1] <= T * row:
        return {"_used_index": (readonly(np.array(starts, dtype=np.int64)),
                                readonly(np.concatenate(used) if T else np.empty(0, np.int64)))}
    bits = np.empty((T, row), dtype=np.uint8)
    for t0 in range(0, T, 1024):  # a block of rows at a time: T × n booleans at once could be large
        block = used[t0:t0 + 1024]
        B = np.zeros((len(block), n), dtype=bool)
        B[np.repeat(np.arange(len(block)), [len(m) for m in block]), np.concatenate(block)] = True
        bits[t0:t0 + len(block)] = np.packbits(B, axis=1)
    return {"_used_bits": readonly(bits)}


def online(X, y, *, eta: float = 1.0, w0=None, bias: bool = True, sign_zero=None, passes: int = 1,
           shuffle: bool = False, seed=None) -> Trace:
    """Online perceptron (the Princeton COS 495 lecture and the step-function notes) over the stream X[0], X[1], …
    (``passes`` times, each pass shuffled if ``shuffle``): predict sign(wᵀx̃ₙ), then learn yₙ, updating w on a mistake.

    That is the PLA loop run along the stream without stopping, so this runs :func:`pla`'s scan one pass at a
    time. The trace's updates are the mistakes of the stream (T of them; update t at time ``visits[t] - 1``), and
    ``trace.stream`` has the predictions at every time. ``halted``: some pass made no mistake, so w_T is right on
    every point and the rest of the stream changes nothing; otherwise ``stop == "end_of_stream"``. ``sign_zero``
    (None, +1, −1 or "both") as in :func:`pla`: the step-function notes' step(0) = +1 is ``sign_zero=1``.
    """
    X, y = check_data(X, y)
    check_options(eta=eta, sign_zero=sign_zero, seed=seed)
    if isinstance(passes, bool) or not isinstance(passes, (int, np.integer)) or not 1 <= passes <= 1000:
        raise ValueError(f"passes must be a whole number from 1 to 1000, not {passes!r}.")
    if passes * len(y) > 10_000_000:
        raise ValueError(f"{passes} passes over {len(y):,} points is more than the 10⁷ predictions allowed.")
    w = check_w0(w0, X.shape[1], bias)
    n = len(y)
    rng = np.random.default_rng(seed)
    shown = np.concatenate([rng.permutation(n) if shuffle else np.arange(n) for _ in range(passes)])
    tie = None if sign_zero is None else tie_mask(y, sign_zero)
    g = grid(X, w, eta, bias=bias, max_updates=passes * n)
    Xs, b0, w, step, R = _units(X, w, float(eta), bool(bias), g)
    half = None if g is None else g.half(0.0)
    rec, halted = _Growing(w), False
    for p in range(passes):
        o = shown[p * n:(p + 1) * n]
        Xo, yo, to = (Xs[o], y[o], None if tie is None else tie[o]) if shuffle else (Xs, y, tie)
        T0 = rec.T
        halted = _Scan(Xo, yo, b0, to, rec.W[T0].copy(), step, 0.0, half=half).run(
            rec, T0 + n, stop_on_cycle=False, one_pass=True)
        rec.I[T0:rec.T] = o[rec.I[T0:rec.T]]
        rec.V[T0:rec.T] += p * n
        if halted:
            break
    W, I, V = rec.arrays()
    wrong = np.zeros(len(shown), dtype=bool)
    wrong[V - 1] = True
    predictions = y[shown]  # right wherever no update was made
    Wt, Xt = W[:-1], augment(Xs[I], b0)
    predictions[V - 1] = _signs((Wt * Xt).sum(axis=1), np.sqrt((Wt * Wt).sum(axis=1)), R, sign_zero)
    if g is not None:
        W = g.weights(W)
    settings = dict(algorithm="online", order="shuffled" if shuffle else "cyclic", eta=float(eta), margin=0.0,
                    bias=bool(bias), sign_zero=sign_zero, seed=seed, max_updates=None, passes=int(passes),
                    shuffle=bool(shuffle))
    stream = Stream(shown=readonly(shown), predictions=readonly(predictions), wrong=readonly(wrong))
    return Trace(weights=readonly(W), mistakes=readonly(I), visits=readonly(V), halted=halted, cycle=None,
                 stop="halted" if halted else "end_of_stream", X=readonly(X), y=readonly(y), settings=settings,
                 examined=len(shown), stream=stream, _grid=g)
