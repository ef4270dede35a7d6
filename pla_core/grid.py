"""Exact runs on grid data: the points, w₀ and η are decimals of a few digits, so every wₜ is a rational number.

The app's points lie on a decimal grid (links keep 0.001; the XOR examples snap to 0.1), so PLA's run has an exact
answer: the run in :class:`fractions.Fraction` of the decimals as written. In floating point it can differ:
0.1 + 0.2 − 0.3 is 5.6e−17, not 0, so where the updates cancel back to w = 0 a residue decides a tie, corrects
another point, and from there the run is another run (noisy XOR on a 0.1 grid, seed 0: at update 250 the exact w is
(0, 0, 0) and the float one (0, −6.7e−16, −1.1e−15)).

So on grid data the algorithms run in scaled units, where every number is an integer held exactly in a float64:
x̃ˢ = 10ᵏ·x̃ (the bias coordinate 10ᵏ), wˢ = w·q·10ᵏ with η (divided by b or n when a batch averages) = p/q,
and an update is wˢ ← wˢ + p·y·x̃ˢ. Sums of integers below 2⁵³ are exact in any order, so every score is exact,
a tie is exactly 0, and the weights handed back are wˢ/(q·10ᵏ), the float nearest the exact value (one correctly
rounded division). :func:`grid` returns None, and the run is made in plain floating point as before, when the data
are not on a grid of at most :data:`MOST_DIGITS` decimals, or when the run could reach integers too large for
this (the overflow guard, checked before the run from its cap on updates).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ._checks import signed_points

__all__ = ["Grid", "grid", "decimals", "scores", "MOST_DIGITS"]

#: The most decimals a grid may have: links keep 3, CSV files a few more.
MOST_DIGITS = 6
_SAFE = 2.0 ** 52  # every integer up to here is exact in a float64, with a factor 2 to spare for sums
_SAMPLE = 64  # rows tried first: real-valued data are refused after one small product


def decimals(values, most: int = MOST_DIGITS) -> int | None:
    """The fewest decimals k ≤ ``most`` with every value a multiple of 10⁻ᵏ (up to the float's own rounding of
    the decimal, 1e-12 relative), or None. ``decimals([0.1, -0.25]) == 2``; ``decimals([1/3]) is None``."""
    v = np.asarray(values, dtype=float).reshape(-1)
    least = 0  # the data need at least the decimals of a sample of them
    if v.size > 4 * _SAMPLE:
        least = decimals(v[:: v.size // _SAMPLE], most)
        if least is None:
            return None
    for k in range(least, most + 1):
        s = v * 10.0 ** k
        r = np.rint(s)
        if np.all(np.abs(s - r) <= 1e-12 * np.maximum(1.0, np.abs(s))) and (r.size == 0 or np.abs(r).max() < _SAFE):
            return k
    return None


def _fraction(x: float) -> Fraction:
    """The decimal a float stands for (its shortest repr): 0.1 → 1/10, not 3602879701896397/36028797018963968."""
    return Fraction(repr(float(x)))


@dataclass(frozen=True)
class Grid:
    """The scaled units of one run: x̃ˢ = 10ᵏ·x̃ and wˢ = w·``w_scale``, all integers held exactly in floats."""

    digits: int  # k
    X: np.ndarray  # X·10ᵏ
    bias: float  # the bias coordinate x̃ˢ₀: 10ᵏ, or 0 for a boundary through the origin
    step: float  # p, the scaled η: an update adds p·y·x̃ˢ (p·Σ y·x̃ˢ for a batch)
    w_scale: float  # q·10ᵏ·10ʲ

    @property
    def score_scale(self) -> float:
        """wˢᵀx̃ˢ = wᵀx̃ · score_scale."""
        return self.w_scale * 10.0 ** self.digits

    def scaled(self, W) -> np.ndarray:
        """The integers wˢ of weights this grid handed back (floats of wˢ/w_scale: the rounding undone)."""
        return np.rint(np.asarray(W, dtype=float) * self.w_scale)

    def weights(self, WS) -> np.ndarray:
        """w = wˢ / w_scale, the float nearest the exact rational, for scaled weights."""
        return np.asarray(WS, dtype=float) / self.w_scale

    def margin(self, gamma: float) -> float:
        """γ in scaled units: yₙwᵀx̃ₙ/‖w‖ < γ/2 ⟺ yₙwˢᵀx̃ˢₙ/‖wˢ‖ < (γ·10ᵏ)/2."""
        return gamma * 10.0 ** self.digits

    def half(self, gamma: float) -> Fraction:
        """(γ·10ᵏ)/2 exactly, for the margin test's exact decisions (γ as the decimal it prints as)."""
        return _fraction(gamma) * 10 ** self.digits / 2


def grid(X, w0, eta, *, bias: bool, max_updates: int, divisor: int = 1, per_update: int = 1) -> Grid | None:
    """The scaled units for an exact run of at most ``max_updates`` updates, each adding at most ``per_update``
    points' η·y·x̃/``divisor`` (a batch: its n or b points, averaged or not), or None (run in floating point).

    None when X, w₀ or η are not decimals of at most :data:`MOST_DIGITS` digits, or when a score of the run could
    pass 2⁵² in scaled units: (d+1)·max|x̃ˢ|·(max|w₀ˢ| + max_updates·per_update·p·max|x̃ˢ|) ≥ 2⁵².
    """
    k = decimals(X)
    if k is None or decimals([eta]) is None:
        return None
    rate = _fraction(eta) / divisor
    p, q = rate.numerator, rate.denominator
    for j in range(MOST_DIGITS + 1):  # w₀ may have more decimals than the points
        w_scale = float(q * 10 ** (k + j))
        if decimals(np.asarray(w0, dtype=float) * 10.0 ** (k + j), 0) is not None:
            break
    else:
        return None
    p *= 10 ** j
    XS = np.rint(X * 10.0 ** k)
    b0 = float(10 ** k) if bias else 0.0
    big_x = max(b0, float(np.abs(XS).max()) if XS.size else 0.0)
    big_w = float(np.abs(np.rint(np.asarray(w0, dtype=float) * w_scale)).max(initial=0.0))
    reach = big_w + float(max_updates) * per_update * p * big_x
    if (X.shape[1] + 1) * big_x * reach >= _SAFE or w_scale >= _SAFE or p >= _SAFE:
        return None
    return Grid(digits=k, X=XS, bias=b0, step=float(p), w_scale=w_scale)


def scores(w, X, y, *, bias: bool = True) -> np.ndarray | None:
    """yₙ·wᵀx̃ₙ for every point, each the float nearest its exact value, when the points and w are on a grid (else
    None): a point on the boundary scores exactly 0, so a margin or a distance computed from these is exactly 0
    there, not a residue such as −3.5e−17 (w = (1, 1, 1) at the point (−0.1, −0.9))."""
    w = np.asarray(w, dtype=float)
    g = grid(X, w, 1.0, bias=bias, max_updates=0)
    if g is None:
        return None
    return (signed_points(g.X, np.asarray(y, dtype=float), g.bias) @ g.scaled(w)) / g.score_scale
