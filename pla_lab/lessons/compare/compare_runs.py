"""The numbers of the lesson "Runs compared" (no Streamlit, no Plotly): runs of ``pla_core.pla`` on the same points
that differ in one setting — η and w₀, the order of visits over 20 seeds, the reading of sign(0) — gathered so the
page can show them side by side. Every run is a plain ``pla_core.pla`` call, so a notebook gets the same values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

import pla_core
from pla_core import facts, words
from pla_lab.api import S

SEEDS = 20                                   # runs per order in the strip chart
ORDERS = ("cyclic", "permuted", "random")
CONVENTIONS = tuple(S.SIGN_ZERO)             # le0, +1, -1, lt0: the notes' readings of a tie
TABLE_ROWS = 12                              # first steps shown in the sign(0) table


# Point visits (updates × points) that the runs a page computes but does not draw in full may make together: the
# order strip's 60 runs, the η view's run from w₀ = 0, the sign(0) view's three other readings. 3·10⁶ is about
# 0.1 s of server CPU, so a page (its plot's run to the cap, these and the page itself) stays near 0.6 s at 500
# points and the cap of 20,000 (benchmarks/page_cost.py); each run is followed to the page's cap or to its share.
SIDE_WORK = 3 * 10**6


def run(X, y, kwargs: dict) -> pla_core.Trace:
    """PLA as the lesson runs it (to the cap: a cycle is played, not stopped at)."""
    return pla_core.pla(X, y, stop_on_cycle=False, **kwargs)


def side_cap(kwargs: dict, runs: int, n: int) -> int:
    """How far each of ``runs`` runs not drawn in full is followed on n points: the page's cap or SIDE_WORK's share
    of it, whichever is smaller."""
    return max(1, min(int(kwargs["max_updates"]), SIDE_WORK // (runs * max(1, n))))


def cut(trace, cap: int) -> bool:
    """The run stopped at SIDE_WORK's share, before the page's cap ``cap``: it might have gone on."""
    return not trace.halted and len(trace) < cap


def side_run(X, y, kwargs: dict, runs: int) -> pla_core.Trace:
    """A run not drawn in full (one of ``runs``), followed to :func:`side_cap`."""
    return run(X, y, {**kwargs, "max_updates": side_cap(kwargs, runs, len(y))})


# -- η and w₀ ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EtaPair:
    """Two runs from the same w₀ on the same points, with η = 1 and with the chosen η. ``main`` is the longer
    (η = 1 on a tie): the plot's transport follows it to its end while ``other``, the companion, stays at its last
    w once it has halted."""

    base: pla_core.Trace      # η = 1
    chosen: pla_core.Trace    # the chosen η
    eta: float

    @property
    def main_is_base(self) -> bool:
        return len(self.base) >= len(self.chosen)

    @property
    def main(self) -> pla_core.Trace:
        return self.base if self.main_is_base else self.chosen

    @property
    def other(self) -> pla_core.Trace:
        return self.chosen if self.main_is_base else self.base


def eta_pair(X, y, kwargs: dict) -> EtaPair:
    """The η = 1 run and the chosen-η run (``kwargs["eta"]``) from ``kwargs["w0"]``."""
    return EtaPair(base=run(X, y, {**kwargs, "eta": 1.0}), chosen=run(X, y, kwargs), eta=float(kwargs["eta"]))


def from_zero(X, y, kwargs: dict) -> pla_core.Trace:
    """The run from w₀ = 0 (with η = 1; from 0 η only scales w), which the η view names but does not draw."""
    return side_run(X, y, {**kwargs, "eta": 1.0, "w0": (0.0, 0.0, 0.0)}, 1)


def first_other_point(a, b) -> int | None:
    """The first update t (1, 2, …) where runs a and b correct different points, or where one has ended and the other
    goes on; None when they correct the same points in the same order (their w's may still differ)."""
    k = min(len(a), len(b))
    differ = a.mistakes[:k] != b.mistakes[:k]
    if differ.any():
        return int(differ.argmax()) + 1
    return None if len(a) == len(b) else k + 1


def draws_line(w) -> bool:
    """Whether w = (b, w₁, w₂) draws a line: (w₁, w₂) ≠ 0. With w₁ = w₂ = 0 there is none (w = 0: wᵀx̃ = 0 at every
    point; else every point gets sign(b)), as the caption beside the plot says (explain.line_words, which reads the
    run's floats: on grid data the floats nearest the exact weights, 0 exactly when they are)."""
    return any(v != 0 for v in w[1:])


def weights_at(trace, t: int) -> np.ndarray:
    """wₜ, or the last w once the run has ended (a halted run stays where it stopped)."""
    return trace.weights[min(t, len(trace))]


# -- the order of visits -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OrderStrip:
    """Updates T of each order over the seeds ``seeds`` (``counts[order][k]`` for seed ``seeds[k]``), whether each
    run halted, and the bound R²/ρ*² (∞ when no line separates the points)."""

    seeds: tuple[int, ...]
    counts: dict
    halted: dict
    bound: float
    cap: int  # the strip's runs stop here: the page's cap, or less where SIDE_WORK asks for it
    exact: Fraction | None = None  # R²/ρ*² exactly on grid data (None off the grid or when no line separates)

    @property
    def deciding(self) -> Fraction | float:
        """The bound as it decides "past the bound?": exact on grid data (a run of T = R²/ρ*² is within it; the float
        bound can fall just below T there), else the float (facts.compare's TIE)."""
        return self.bound if self.exact is None else self.exact

    def over(self, T: int) -> bool:
        """A run of T updates went past the bound."""
        return math.isfinite(self.bound) and facts.compare(T, self.deciding) > 0


def order_strip(X, y, kwargs: dict, *, seeds: int = SEEDS) -> OrderStrip:
    """Every order of visits on the same points for ``seeds`` seeds from ``kwargs["seed"]`` on, each run to the
    page's cap or to ``SIDE_WORK``'s share of it, whichever is smaller (500 points that no line separates, with
    the cap at 20,000, would take 12 s)."""
    first = int(kwargs["seed"])
    ss = tuple(range(first, first + seeds))
    cap = side_cap(kwargs, len(ORDERS) * seeds, len(y))
    counts, halted = {}, {}
    for order in ORDERS:
        traces = [run(X, y, {**kwargs, "order": order, "seed": s, "max_updates": cap}) for s in ss]
        counts[order] = [len(t) for t in traces]
        halted[order] = [bool(t.halted) for t in traces]
    bound = pla_core.mistake_bound(X, y, bias=kwargs["bias"])
    exact = facts.bound(X, y, bias=kwargs["bias"]) if math.isfinite(bound) else None
    return OrderStrip(ss, counts, halted, float(bound), cap, exact)


# -- sign(0) ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SignRuns:
    """One run per reading of sign(0) (``runs[c]`` for c in CONVENTIONS), the reading the plot shows, and for each
    other reading the first update where its run and the shown one part (None: they never do, or not as far as the
    other was followed: the shown run is drawn to the cap, the others to :func:`side_cap`)."""

    runs: dict
    shown: str
    first_diff: dict
    cap: int  # the page's cap, which the shown run is followed to

    @property
    def side(self) -> int | None:
        """How far the other readings were followed when SIDE_WORK stopped some of them before the cap, else None."""
        cut_ = [len(r) for c, r in self.runs.items() if c != self.shown and cut(r, self.cap)]
        return max(cut_) if cut_ else None


first_difference = words.first_difference  # where two runs part: pla_core.words', which its sign(0) table marks


def sign_runs(X, y, kwargs: dict, shown: str) -> SignRuns:
    """The same run (``kwargs``) under every reading of a tie; ``shown``: the reading on the plot (a key of
    settings.SIGN_ZERO)."""
    others = len(CONVENTIONS) - 1
    runs = {c: run(X, y, {**kwargs, "sign_zero": S.SIGN_ZERO[c]}) if c == shown else
            side_run(X, y, {**kwargs, "sign_zero": S.SIGN_ZERO[c]}, others) for c in CONVENTIONS}
    diff = {c: words.parts(runs[shown], runs[c]) for c in CONVENTIONS if c != shown}  # a run we cut: not parted
    return SignRuns(runs, shown, diff, int(kwargs["max_updates"]))
