"""THE definition of PLA in pla_core: the mistake rule and a plain textbook loop. Read this file first.

Notation of the five notes: x̃ = (1, x) (or (0, x) with ``bias=False``), w = (w₀, w₁, …, w_d), the
score of point n is yₙ·wᵀx̃ₙ, and an update is wₜ₊₁ = wₜ + η·yₙ·x̃ₙ.

:func:`is_mistake` is the one rule every algorithm of pla_core applies (PLA, Pocket, batch, online, ``predict``,
``count_mistakes``, ``Trace.errors``). :func:`pla_reference` is the loop of the notes, one point at a time;
:func:`pla_core.pla` is a fast implementation of the same loop (a block of points per NumPy call, cycle detection,
a trace of every update), and the tests assert that it gives bit-identical weights and mistakes. On grid data
(decimals of at most 6 digits, as the app's points are) both make the exact run: this loop in exact integers (the
Fractions over a common denominator), the fast one in integer units too (:mod:`pla_core.grid`). On other data both
add the same floats, η·yₙ·x̃ₙ, and decide by this rule (they sum a score in different orders, which could only
matter for a score within ~1e-16·‖w‖·R of the edge of the tie band, 1e-12·‖w‖·R away from 0).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ._checks import check_data

__all__ = ["TIE", "radius_bound", "tie_mask", "is_mistake", "pla_reference"]

#: Scores |wᵀx̃| ≤ TIE·‖w‖·R count as exactly 0 in a floating-point run, where sums that cancel exactly leave
#: ~1e-15·‖w‖·R. Runs on grid data (the app's points) are exact instead and need no band (pla_core.grid).
TIE = 1e-12


def radius_bound(X: np.ndarray, bias: bool) -> float:
    """A cheap upper bound of R = maxₙ‖x̃ₙ‖ (no n×d temporary): the scale of the tie tolerance."""
    big = max(float(X.max()), -float(X.min())) if X.size else 0.0
    return float(np.sqrt(X.shape[1] * big * big + float(bias) ** 2))


def tie_mask(y, sign_zero) -> np.ndarray:
    """Which points are mistakes when wᵀx̃ = 0 exactly, under each reading of sign(0) in the notes.

    ``None``: y·wᵀx̃ ≤ 0 is a mistake, so a tie is wrong for both classes: the handwritten notes' algorithm box ("if
    yᵢ(wᵀ·xᵢ) ≤ 0 then", "w = 0 misclassifies everything"), and scikit-learn.
    ``"both"``: only y·wᵀx̃ < 0 is a mistake, so sign(0) counts as either class and a tie is right for both:
    the handwritten notes' margin-perceptron section ("the original perceptron algorithm predicts a mistake when
    y·wᵀx < 0"). From w₀ = 0 every point is a tie, so PLA makes no update and halts at w = 0.
    ``+1``: sign(0) = +1, so only y = −1 points are wrong at a tie: the step-function notes' step(0) = +1, David Press's
    AI notes' loop (yᵢ = −1 is flagged when w·xᵢ ≥ 0, yᵢ = +1 when w·xᵢ < 0), and the handwritten notes' first page ("≥
    0 → predict y = 1").
    ``-1``: sign(0) = −1, so only y = +1 points are wrong at a tie: the Princeton COS 495 lecture ("predict positive iff
    wₜ·x > 0"), and the NTU course's data. The credit-card notes write sign(wᵀx) ≠ y and leave sign(0) open.
    """
    if sign_zero is None:
        return np.ones(np.shape(y), dtype=bool)
    if isinstance(sign_zero, str):  # "both"
        return np.zeros(np.shape(y), dtype=bool)
    return np.asarray(y) != sign_zero


def is_mistake(m, w_norm, R: float, tie=None, margin: float = 0.0):
    """The mistake rule. ``m`` = yₙ·wᵀx̃ₙ (a number or an array), ``w_norm`` = ‖w‖ (broadcast against m).

    A mistake when m < 0; or m = 0 (|m| ≤ TIE·‖w‖·R, a tie) and ``tie`` says so (:func:`tie_mask` of the
    sign(0) reading; None: every tie is a mistake). The margin perceptron (the handwritten notes, ``margin`` = γ > 0)
    instead counts m/‖w‖ < γ/2, and at w = 0, where there is no margin yet, every point, whatever the sign(0) reading.
    """
    if margin > 0:
        return (m < 0.5 * margin * w_norm) | (w_norm == 0)
    tol = TIE * R * w_norm
    if tie is None:
        return m <= tol
    return (m < -tol) | ((m <= tol) & tie)


def pla_reference(X, y, *, order: str = "cyclic", eta: float = 1.0, w0=None, margin: float = 0.0,
                  bias: bool = True, sign_zero=None, max_updates: int = 100_000, seed=None):
    """The Perceptron Learning Algorithm, one point at a time: what :func:`pla_core.pla` computes.

    "cyclic" visits 0, 1, …, n−1 and wraps, going on after an update with the next point; "permuted" does the
    same along ``np.random.default_rng(seed).permutation(n)``; "random" picks each update uniformly among the
    current mistakes with ``rng.integers``. Stops when n points in a row (all of them, for "random") are right,
    or after ``max_updates`` updates. Options as in :func:`pla_core.pla` (it also stops once the run repeats).

    On grid data (every coordinate, w₀, η and γ a decimal of at most 6 digits, as the app's points are) the loop
    runs on those decimals exactly (Python integers: the Fractions over common denominators): the exact run, where a
    tie is exactly 0 and γ's test m < (γ/2)·‖w‖ is decided as m < 0 or m² < (γ/2)²·‖w‖². The weights returned are the
    floats nearest the exact ones. Other data run in floating point, with the tie band of :func:`is_mistake`.

    Returns ``(weights (T+1, d+1), mistakes (T,), halted)``.
    """
    X, y = check_data(X, y)
    if order not in ("cyclic", "permuted", "random"):
        raise ValueError(f"order must be cyclic, permuted or random; not {order!r}.")
    n = len(y)
    Xt = np.hstack([np.full((n, 1), 1.0 if bias else 0.0), X])
    w = np.zeros(Xt.shape[1]) if w0 is None else np.array(w0, dtype=float)
    R, tie, rng = radius_bound(X, bias), tie_mask(y, sign_zero), np.random.default_rng(seed)
    exact = _exact_numbers(Xt, w, eta, margin)
    if exact is not None:  # Python integers: x̃·D and w·S, the Fractions over common denominators
        Xt, w, eta, S, D, gamma = exact
        yi = [int(v) for v in y]
    visit = rng.permutation(n) if order == "permuted" else np.arange(n)
    W, I = [w], []
    k = clean = 0  # place in the pass; points in a row found right

    def wrong(i, w):
        if exact is None:
            return is_mistake(y[i] * (Xt[i] @ w), math.sqrt(w @ w), R, tie[i], margin)
        m = yi[i] * sum(u * v for u, v in zip(Xt[i], w))  # yᵢ·wᵀx̃ᵢ times S·D, exactly
        if gamma > 0:  # m/‖w‖ < γ/2, in these units m/‖w‖ < γ·D/2; and every point at w = 0
            norm2 = sum(v * v for v in w)
            return norm2 == 0 or m < 0 or 4 * m * m < (gamma * D) ** 2 * norm2
        return m < 0 or (m == 0 and tie[i])

    while clean < n and len(I) < max_updates:
        if order == "random":
            bad = np.flatnonzero([wrong(j, w) for j in range(n)])
            if bad.size == 0:
                clean = n
                continue
            i = bad[rng.integers(bad.size)]
        else:
            i, k = visit[k], (k + 1) % n
            if not wrong(i, w):
                clean += 1
                continue
        if exact is not None:
            w = [a + eta * yi[i] * b for a, b in zip(w, Xt[i])]
        else:
            w = w + eta * y[i] * Xt[i]
        W.append(w)
        I.append(i)
        clean = 0
    W = np.array([[a / S for a in w] for w in W]) if exact is not None else np.array(W)  # int / int: rounded once
    return W, np.array(I, dtype=np.int64), clean >= n


def _exact_numbers(Xt, w, eta, margin):
    """The decimals Xt, w, η and γ stand for, in Python integers: (x̃·D rows, w·S, η·S/D, S, D, γ as a Fraction),
    with D the common denominator of the points and S one of w₀ and η·(1/D) (so an update η·yᵢ·x̃ᵢ adds integers
    to w·S). None when a number is not a decimal of at most 6 digits (up to the float's own rounding, 1e-12)."""
    def dec(v):
        r = round(float(v), 6)
        return Fraction(repr(r)) if abs(r - v) <= 1e-12 * max(1.0, abs(v)) else None

    values = [dec(v) for v in np.concatenate([Xt.ravel(), w, [eta, margin]])]
    if any(v is None for v in values):
        return None
    k, d1 = Xt.size, Xt.shape[1]
    xs, ws, rate, gamma = values[:k], values[k:k + len(w)], values[-2], values[-1]
    D = math.lcm(*(v.denominator for v in xs))
    S = math.lcm(*(v.denominator for v in ws), rate.denominator * D)
    rows = [[int(v * D) for v in xs[r:r + d1]] for r in range(0, k, d1)]
    return rows, [int(v * S) for v in ws], int(rate * S / D), S, D, gamma
