"""THE definition of PLA in pla_core: the mistake rule and a plain textbook loop. Read this file first.

Notation of the notes (seeds 000–004): x̃ = (1, x) (or (0, x) with ``bias=False``), w = (w₀, w₁, …, w_d), the
score of point n is yₙ·wᵀx̃ₙ, and an update is wₜ₊₁ = wₜ + η·yₙ·x̃ₙ.

:func:`is_mistake` is the one rule every algorithm of pla_core applies (PLA, Pocket, batch, online, ``predict``,
``count_mistakes``, ``Trace.errors``). :func:`pla_reference` is the loop of the notes, one point at a time;
:func:`pla_core.pla` is a fast implementation of the same loop (a block of points per NumPy call, cycle detection,
a trace of every update), and the tests assert that it gives bit-identical weights and mistakes: both add the
same floats, η·yₙ·x̃ₙ, and both decide by this rule. (They sum a score in different orders, which could only
matter for a score within ~1e-16·‖w‖·R of the edge of the tie band, 1e-12·‖w‖·R away from 0.)
"""

from __future__ import annotations

import math

import numpy as np

from ._checks import check_data

__all__ = ["TIE", "radius_bound", "tie_mask", "is_mistake", "pla_reference"]

#: Scores |wᵀx̃| ≤ TIE·‖w‖·R count as exactly 0. On grid data (the app's points, the credit set) true ties
#: come out of floating-point sums of updates as ~1e-15·‖w‖·R; a real nonzero score there is far above this.
TIE = 1e-12


def radius_bound(X: np.ndarray, bias: bool) -> float:
    """A cheap upper bound of R = maxₙ‖x̃ₙ‖ (no n×d temporary): the scale of the tie tolerance."""
    big = max(float(X.max()), -float(X.min())) if X.size else 0.0
    return float(np.sqrt(X.shape[1] * big * big + (1.0 if bias else 0.0)))


def tie_mask(y, sign_zero) -> np.ndarray:
    """Which points are mistakes when wᵀx̃ = 0 exactly, under each reading of sign(0) in the notes.

    ``None``: y·wᵀx̃ ≤ 0 is a mistake, so a tie is wrong for both classes: seed 001's algorithm box ("if
    yᵢ(wᵀ·xᵢ) ≤ 0 then", "w = 0 misclassifies everything"), and scikit-learn.
    ``"both"``: only y·wᵀx̃ < 0 is a mistake, so sign(0) counts as either class and a tie is right for both:
    seed 001's margin-perceptron section ("the original perceptron algorithm predicts a mistake when
    y·wᵀx < 0"). From w₀ = 0 every point is a tie, so PLA makes no update and halts at w = 0.
    ``+1``: sign(0) = +1, so only y = −1 points are wrong at a tie: seed 004's step(0) = +1, seed 003's loop
    (yᵢ = −1 is flagged when w·xᵢ ≥ 0, yᵢ = +1 when w·xᵢ < 0), and seed 001's first page ("≥ 0 → predict y = 1").
    ``-1``: sign(0) = −1, so only y = +1 points are wrong at a tie: seed 002 ("predict positive iff wₜ·x > 0"),
    and the NTU course's data. Seed 000 writes sign(wᵀx) ≠ y and leaves sign(0) open.
    """
    if sign_zero is None:
        return np.ones(np.shape(y), dtype=bool)
    if isinstance(sign_zero, str):  # "both"
        return np.zeros(np.shape(y), dtype=bool)
    return np.asarray(y) != sign_zero


def is_mistake(m, w_norm, R: float, tie=None, margin: float = 0.0):
    """The mistake rule. ``m`` = yₙ·wᵀx̃ₙ (a number or an array), ``w_norm`` = ‖w‖ (broadcast against m).

    A mistake when m < 0; or m = 0 (|m| ≤ TIE·‖w‖·R, a tie) and ``tie`` says so (:func:`tie_mask` of the
    sign(0) reading; None: every tie is a mistake). The margin perceptron (seed 001, ``margin`` = γ > 0) instead
    counts m/‖w‖ < γ/2, and at w = 0, where there is no margin yet, every point, whatever the sign(0) reading.
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

    Returns ``(weights (T+1, d+1), mistakes (T,), halted)``.
    """
    X, y = check_data(X, y)
    if order not in ("cyclic", "permuted", "random"):
        raise ValueError(f"order must be cyclic, permuted or random; not {order!r}.")
    n = len(y)
    Xt = np.hstack([np.full((n, 1), 1.0 if bias else 0.0), X])
    w = np.zeros(Xt.shape[1]) if w0 is None else np.array(w0, dtype=float)
    R, tie, rng = radius_bound(X, bias), tie_mask(y, sign_zero), np.random.default_rng(seed)
    visit = rng.permutation(n) if order == "permuted" else np.arange(n)
    W, I = [w], []
    k = clean = 0  # place in the pass; points in a row found right
    while clean < n and len(I) < max_updates:
        if order == "random":
            bad = np.flatnonzero(is_mistake(y * (Xt @ w), math.sqrt(w @ w), R, tie, margin))
            if bad.size == 0:
                clean = n
                continue
            i = bad[rng.integers(bad.size)]
        else:
            i, k = visit[k], (k + 1) % n
            if not is_mistake(y[i] * (Xt[i] @ w), math.sqrt(w @ w), R, tie[i], margin):
                clean += 1
                continue
        w = w + eta * y[i] * Xt[i]
        W.append(w)
        I.append(i)
        clean = 0
    return np.array(W), np.array(I, dtype=np.int64), clean >= n
