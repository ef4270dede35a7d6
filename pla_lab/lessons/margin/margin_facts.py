"""The margin perceptron's facts, decided exactly on grid data (no Streamlit, no Plotly): γ against ρ* and 2ρ* (γ²
against ρ*² and 4ρ*², ρ*² from :func:`pla_core.facts.best_margin2`), where each point is against wₜ's band (m < 0,
m = 0, or 4m² < γ²‖w‖², m = yₙwₜᵀx̃ₙ, as :func:`pla_core.pla_reference` decides it), T against 8R²/(γρ*) + 4R/ρ*
(square roots compared by squaring), and which final line has the wider margin. Floats compute what is shown; off
the grid a comparison is :func:`pla_core.facts.compare`'s, with its one tolerance."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

import pla_core
from pla_core import facts as pfacts


def gamma_of(gamma: float, exact: bool) -> Fraction | None:
    """γ as the decimal it is typed as (pla_core.facts.rational; beyond 6 digits, the shortest repr the run itself
    reads, see :meth:`pla_core.grid.Grid.half`), when the points are on the grid (``exact``); else None."""
    if not exact:
        return None
    q = pfacts.rational(gamma)
    return q if q is not None else Fraction(repr(float(gamma)))


def sign_root(u: Fraction, v: Fraction, s: Fraction) -> int:
    """The sign of u + v·√s (s ≥ 0), exactly: −1, 0 or +1."""
    su, sv = (u > 0) - (u < 0), (v > 0) - (v < 0)
    if sv == 0 or s == 0:
        return su
    if su == 0 or su == sv:
        return sv
    a, b = u * u, v * v * s  # opposite signs: the larger square wins
    return su if a > b else (sv if b > a else 0)


def within_bound(T: int, gamma: Fraction, R2: Fraction, rho2: Fraction) -> bool:
    """T ≤ 8R²/(γρ*) + 4R/ρ*, exactly: T·ρ* ≤ c + 4R with c = 8R²/γ; both sides ≥ 0, so squared:
    T²ρ*² − c² − 16R² ≤ 8c·R, the sign of one number u + v·√(R²)."""
    c = 8 * R2 / gamma
    return sign_root(T * T * rho2 - c * c - 16 * R2, -8 * c, R2) <= 0


def floor3(v: float, square: Fraction | None = None) -> float:
    """v > 0 rounded down to 3 significant digits (a γ typed as a person would, still ≤ v); with ``square`` = v²
    exact, decided on it (⌊√x⌋ = isqrt(⌊x⌋)), so the result is never above v."""
    e = math.floor(math.log10(v)) - 2
    if square is None:
        k = 10.0 ** e
        return math.floor(v / k) * k
    while True:
        n = math.isqrt(math.floor(square * Fraction(10) ** (-2 * e)))  # ⌊v·10⁻ᵉ⌋
        if n < 1000:
            return float(n * Fraction(10) ** e)
        e += 1  # log10 rounded v just below a power of 10 down a decade


@dataclass(frozen=True)
class Band:
    """Where the points are against wₜ's band: each point's score m = yₙwₜᵀx̃ₙ and ‖wₜ‖² (exact Fractions on grid
    data, else floats), which points the run counts as mistakes, and which of those are on the wrong side, on the
    line, or on the right side inside the band."""

    m: list
    norm2: object
    mistake: list[bool]
    side: list[int]  # −1: the wrong side, 0: on the line, +1: the right side

    @property
    def wrong(self) -> int:
        return sum(s < 0 for s in self.side)

    @property
    def on_line(self) -> int:
        return sum(s == 0 for s in self.side) if self.norm2 != 0 else 0

    @property
    def inside(self) -> int:
        """Mistakes on the right side, inside the band."""
        return sum(b and s > 0 for b, s in zip(self.mistake, self.side))

    def ratio(self, i: int) -> float:
        """mₙ/‖w‖, as a float to show (0 exactly when mₙ is 0)."""
        return float(self.m[i]) / math.sqrt(float(self.norm2))


def band(trace, t: int) -> Band:
    """The band of wₜ for the margin perceptron's ``trace``: exact on grid data (the run's own rule, m < 0 or
    4m² < γ²‖w‖², and every point at w = 0), else pla_core's float rule."""
    m = pfacts.scores(trace, t)
    gamma = trace.settings["margin"]
    if m is not None:
        w = pfacts.weights(trace, t)
        g = gamma_of(gamma, True)
        norm2 = sum(v * v for v in w)
        bad = [norm2 == 0 or s < 0 or 4 * s * s < g * g * norm2 for s in m]
        return Band(m, norm2, bad, [(s > 0) - (s < 0) for s in m])
    bias, w = trace.settings["bias"], trace.weights[t]
    Xt = np.hstack([np.full((len(trace.y), 1), 1.0 if bias else 0.0), trace.X])
    mf = trace.y * (Xt @ w)
    norm2 = float(w @ w)
    bad = pla_core.is_mistake(mf, math.sqrt(norm2), pla_core.radius_bound(trace.X, bias), margin=gamma)
    return Band(mf.tolist(), norm2, [bool(b) for b in np.atleast_1d(bad)],
                [pfacts.compare(s, 0.0) for s in mf.tolist()])


def margin2(trace, t: int) -> Fraction | float | None:
    """ρ(wₜ)², signed as ρ(wₜ) (minₙ yₙwₜᵀx̃ₙ/‖wₜ‖), exact on grid data (:func:`pla_core.facts.margin2` of the exact
    wₜ); None at w = 0 (no margin)."""
    wq = pfacts.weights(trace, t)
    if wq is not None:
        return pfacts.margin2(wq, trace.X, trace.y, bias=trace.settings["bias"])
    w = trace.weights[t]
    if not np.any(w):
        return None
    r = pla_core.margin(w, trace.X, trace.y, bias=trace.settings["bias"])
    return math.copysign(r * r, r)


@dataclass(frozen=True)
class Facts:
    """What the lesson shows besides the run: γ, R, the best margin ρ*, the bound, and both runs' final margins
    ρ(w_T) (None when w_T = 0, which has no margin); and, decided exactly on grid data, whether a line separates the
    points and where γ stands against ρ* and 2ρ*."""

    gamma: float
    R: float
    rho_star: float                 # 0 when no line separates the points
    bound: float                    # 8R²/(γρ*) + 4R/ρ*, ∞ when γ > ρ* or not separable
    wide: float                     # M̄ of M(ρ* − γ/2) ≤ R + (R²/2ρ*)(1 + ln M), ∞ when γ ≥ 2ρ* or not separable
    from_zero: bool                 # the run starts from w₀ = 0 (a hypothesis of the bound)
    rho_T: float | None             # the margin perceptron's final margin
    plain_T: int                    # plain PLA's (γ = 0) updates on the same points
    plain_halted: bool
    plain_w: np.ndarray             # plain PLA's final weights
    rho_plain: float | None         # plain PLA's final margin
    separable: bool = True          # ρ* > 0 (exact on grid data)
    vs_rho: int = -1                # γ against ρ*: −1, 0, +1 (γ² against ρ*², exact on grid data)
    vs_2rho: int = -1               # γ against 2ρ* (γ² against 4ρ*²)
    exact: tuple | None = None      # (γ, R², ρ*²) as Fractions on grid data, else None
    wider: int | None = None        # ρ(w_T) against plain PLA's ρ: −1, 0, +1 (exact on grid data); None: no margin
    clears: bool = False            # ρ(w_T) ≥ γ/2 (exact on grid data: ρ(w_T)² against γ²/4)


def _rho(w, X, y, bias) -> float | None:
    return None if not np.any(w) else pla_core.margin(w, X, y, bias=bias)


def facts(trace, plain, gamma: float) -> Facts:
    """The numbers of the lesson for the margin perceptron's ``trace`` and plain PLA's run ``plain``. On grid data R²,
    ρ*² and γ are Fractions, and every comparison the words make is decided on them (margin_facts)."""
    X, y, bias = trace.X, trace.y, trace.settings["bias"]
    R2, rho2 = pfacts.radius2(X, bias=bias), pfacts.best_margin2(X, y, bias=bias)
    g = gamma_of(gamma, R2 is not None and rho2 is not None)
    if g is not None:
        R, rho_star = math.sqrt(R2), math.sqrt(rho2)
        vs_rho, vs_2rho = pfacts.compare(g * g, rho2), pfacts.compare(g * g, 4 * rho2)
        separable = rho2 > 0
    else:
        R, rho_star = pla_core.radius(X, bias=bias), max(pla_core.max_margin(X, y, bias=bias)[1], 0.0)
        vs_rho, vs_2rho = pfacts.compare(gamma, rho_star), pfacts.compare(gamma, 2 * rho_star)
        separable = rho_star > 0
    bound = 8 * R ** 2 / (gamma * rho_star) + 4 * R / rho_star if separable and vs_rho <= 0 else math.inf
    wide = pla_core.margin_perceptron_log_bound(X, y, gamma, bias=bias) if separable and vs_2rho < 0 else math.inf
    a, b = margin2(trace, len(trace)), margin2(plain, len(plain))
    return Facts(gamma=gamma, R=R, rho_star=rho_star if separable else 0.0, bound=bound, wide=wide,
                 from_zero=not np.any(trace.weights[0]), rho_T=_rho(trace.weights[-1], X, y, bias),
                 plain_T=len(plain), plain_halted=plain.halted, plain_w=plain.weights[-1],
                 rho_plain=_rho(plain.weights[-1], X, y, bias), separable=separable, vs_rho=vs_rho,
                 vs_2rho=vs_2rho, exact=None if g is None else (g, R2, rho2),
                 wider=None if a is None or b is None else pfacts.compare(a, b),
                 clears=a is not None and a >= 0 and pfacts.compare(4 * a, (gamma if g is None else g) ** 2) >= 0)


def within(T: int, f: Facts) -> bool:
    """T ≤ 8R²/(γρ*) + 4R/ρ* (γ ≤ ρ*), exactly on grid data."""
    if f.exact is not None:
        return within_bound(T, *f.exact)
    return pfacts.at_most(T, f.bound)
