"""The convergence proof's numbers for one run, gathered from ``pla_core.theory`` (no Streamlit, no Plotly).

Every number here is a ``pla_core`` call on the run's points and settings, so a notebook gets the same values:
R (``radius``), the best margin ρ* and its w* (``max_margin``), the support points, the bound R²/ρ² for w* or
for the target f (``mistake_bound``), and the proof's three series along the run (``convergence_series``). The
bounds are also kept exactly (``pla_core.facts.bound``, a Fraction on grid data): T ≤ R²/ρ² and ⌊R²/ρ²⌋ are decided
from those, since at T = R²/ρ² the float bound can fall just below T (one point on the 0.1 grid: 0.9999999999999998).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

import pla_core
from pla_core import facts as exact  # as "exact": this module's own facts() gathers the proof's numbers
from pla_core import theory
from pla_lab.api import notes, vec


@dataclass(frozen=True)
class Proof:
    """What the lesson shows besides the run. ``w_f`` is the separator the proof is run against (w* or f), unit
    length in the augmented space; ``why_not`` says why the bound does not apply to this run (None: it does)."""

    R: float
    separable: bool
    w_star: np.ndarray | None
    rho_star: float
    support: tuple[int, ...]
    bound_star: float
    w_f: np.ndarray | None
    which: str                      # "w*" or "f": what w_f is
    rho_f: float
    bound_f: float
    series: theory.ConvergenceSeries | None
    why_not: str | None
    note: str | None = None         # e.g. "f no longer separates your points: comparing with w*"
    sep: theory.Separability | None = None
    exact_star: Fraction | None = None  # R²/ρ*², exact on grid data (None off the grid)
    exact_f: Fraction | None = None     # R²/ρ_f², exact, for the separator the proof runs against

    @property
    def star(self) -> Fraction | float:
        """R²/ρ*² as it decides a comparison: exact on grid data, else pla_core's float (facts.compare's TIE)."""
        return self.bound_star if self.exact_star is None else self.exact_star

    @property
    def against(self) -> Fraction | float:
        """R²/ρ_f² (w_f: w* or f) as it decides a comparison, exact on grid data."""
        return self.bound_f if self.exact_f is None else self.exact_f

    @property
    def allowed(self) -> int | float:
        """⌊R²/ρ_f²⌋, the most updates the proof allows (a count is whole): exact on grid data."""
        return exact.floor(self.against)


def facts(trace, *, f=None, use_f: bool = False) -> Proof:
    """The proof's quantities for ``trace`` (a plain PLA run), against w* or, with ``use_f``, the target f."""
    X, y, bias = trace.X, trace.y, trace.settings["bias"]
    R = pla_core.radius(X, bias=bias)
    sep = pla_core.separability(X, y, bias=bias)
    if not sep.separable:
        return Proof(R, False, None, 0.0, (), float("inf"), None, "w*", 0.0, float("inf"), None,
                     _inseparable(X, y, bias), sep=sep)
    w_star, rho_star = pla_core.max_margin(X, y, bias=bias)  # solved once: the support and the bound reuse it
    support = tuple(int(i) for i in theory.support_points(X, y, bias=bias, w_star=w_star))
    bound_star = pla_core.mistake_bound(X, y, bias=bias, w_f=w_star)
    exact_star = exact.bound(X, y, bias=bias)
    w_f, which, rho_f, bound_f, exact_f, note = w_star, "w*", rho_star, bound_star, exact_star, None
    if use_f and f is not None:
        f = np.asarray(f[:3], dtype=float)
        try:
            bound_f = pla_core.mistake_bound(X, y, bias=bias, w_f=f)
            w_f, which = f / np.linalg.norm(f), "f"
            rho_f = pla_core.margin(f, X, y, bias=bias)
            exact_f = exact.bound(X, y, bias=bias, w_f=f)  # None when f's weights are not decimals
        except ValueError:
            bound_f = bound_star
            note = ("f does not separate these points (they were changed, or f needs a bias this run does not "
                    "learn), so the proof runs against w*.")
    elif use_f:
        note = "These points have no target f (only the examples that draw one do), so the proof runs against w*."
    why_not, series = None, None
    w0 = trace.weights[0]
    if np.any(w0 != 0):
        why_not = (f"The proof starts from w₀ = 0, and this run starts from w₀ = {vec(w0)}: ‖wₜ‖² ≤ t·R² and "
                   "w_fᵀwₜ ≥ t·ρ need w₀ = 0, so the bound does not apply (set w₀ = 0, 0, 0 in the sidebar).")
    elif trace.settings.get("margin", 0) > 0:
        why_not = ("This is the margin perceptron, whose bound is another one: the lesson *Margin* derives it, for "
                   f"every γ < 2ρ\\* ({notes.HAND.of} 8/γ₀² is not proved there).")
    else:
        try:
            series = pla_core.convergence_series(trace, w_f)
        except ValueError as e:  # e.g. a w_f whose margin rounds to 0: the words say so, the run is still shown
            why_not = str(e)
    return Proof(R, True, w_star, rho_star, support, bound_star, w_f, which, rho_f, bound_f, series, why_not, note,
                 sep, exact_star, exact_f)



def _inseparable(X, y, bias: bool) -> str:
    """Why there is no bound, for points the exact LP finds inseparable with the run's own ``bias`` setting."""
    if bias:
        return ("No line separates these points (an exact linear program says so), so no w has a positive margin ρ "
                "and there is no bound: PLA never halts on them.")
    sep = pla_core.is_separable(X, y, bias=True)
    return ("No line through the origin separates these points (an exact linear program says so; this run learns "
            "no bias, so b = 0), so no such w has a positive margin ρ and there is no bound"
            + (": a line with a bias does separate them (turn *Learn a bias b* on)." if sep else
               ", and no line with a bias separates them either."))
