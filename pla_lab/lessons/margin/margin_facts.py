"""The margin perceptron's facts, decided exactly on grid data (no Streamlit, no Plotly): γ against ρ* and 2ρ* (γ²
against ρ*² and 4ρ*², ρ*² from :func:`pla_core.facts.best_margin2`) and T against 8R²/(γρ*) + 4R/ρ* (square roots
compared by squaring), both :func:`pla_core.facts.margin_facts`' (a notebook's words read them there too); where each
point is against wₜ's band (m < 0, m = 0, or 4m² < γ²‖w‖², m = yₙwₜᵀx̃ₙ, as :func:`pla_core.pla_reference` decides
it), and which final line has the wider margin. Floats compute what is shown; off the grid a comparison is
:func:`pla_core.facts.compare`'s, with its one tolerance."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from fractions import Fraction

import numpy as np

import pla_core
from pla_core import facts as pfacts

gamma_of, sign_root, within_bound = pfacts.gamma_of, pfacts.sign_root, pfacts.within_bound  # pla_core's, one copy


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


@dataclass(frozen=True, kw_only=True)
class Facts(pfacts.MarginFacts):
    """What the lesson shows besides the run: its bounds (:class:`pla_core.facts.MarginFacts`: γ, R, the best margin
    ρ*, the bounds, where γ stands against ρ* and 2ρ*, decided exactly on grid data), and both runs' final margins
    ρ(w_T) (None when w_T = 0, which has no margin)."""

    rho_T: float | None             # the margin perceptron's final margin
    plain_T: int                    # plain PLA's (γ = 0) updates on the same points
    plain_halted: bool
    plain_w: np.ndarray             # plain PLA's final weights
    rho_plain: float | None         # plain PLA's final margin
    wider: int | None = None        # ρ(w_T) against plain PLA's ρ: −1, 0, +1 (exact on grid data); None: no margin
    clears: bool = False            # ρ(w_T) ≥ γ/2 (exact on grid data: ρ(w_T)² against γ²/4)


def _rho(w, X, y, bias) -> float | None:
    return None if not np.any(w) else pla_core.margin(w, X, y, bias=bias)


def facts(trace, plain, gamma: float) -> Facts:
    """The numbers of the lesson for the margin perceptron's ``trace`` (γ = ``gamma``) and plain PLA's run ``plain``:
    the bounds (:func:`pla_core.facts.margin_facts`) and the final margins. On grid data every comparison the words
    make is decided on Fractions."""
    X, y, bias = trace.X, trace.y, trace.settings["bias"]
    b = pfacts.margin_facts(trace)
    g = None if b.exact is None else b.exact[0]
    a, c = margin2(trace, len(trace)), margin2(plain, len(plain))
    return Facts(**{k.name: getattr(b, k.name) for k in fields(b)}, rho_T=_rho(trace.weights[-1], X, y, bias),
                 plain_T=len(plain), plain_halted=plain.halted, plain_w=plain.weights[-1],
                 rho_plain=_rho(plain.weights[-1], X, y, bias),
                 wider=None if a is None or c is None else pfacts.compare(a, c),
                 clears=a is not None and a >= 0 and pfacts.compare(4 * a, (gamma if g is None else g) ** 2) >= 0)


def within(T: int, f: Facts) -> bool:
    """T ≤ 8R²/(γρ*) + 4R/ρ* (γ ≤ ρ*), exactly on grid data."""
    return f.within(T)
