"""The numbers of the lesson "Runs compared" (no Streamlit, no Plotly): runs of ``pla_core.pla`` on the same points
that differ in one setting — η and w₀, the order of visits over 20 seeds, the reading of sign(0) — gathered so the
page can show them side by side. Every run is a plain ``pla_core.pla`` call, so a notebook gets the same values.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import pla_core

from . import settings as S

SEEDS = 20                                   # runs per order in the strip chart
ORDERS = ("cyclic", "permuted", "random")
CONVENTIONS = tuple(S.SIGN_ZERO)             # le0, +1, -1, lt0: the notes' readings of a tie
TABLE_ROWS = 12                              # first steps shown in the sign(0) table


def run(X, y, kwargs: dict) -> pla_core.Trace:
    """PLA as the lesson runs it (to the cap: a cycle is played, not stopped at)."""
    return pla_core.pla(X, y, stop_on_cycle=False, **kwargs)


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
    cap: int  # the strip's runs stop here: the page's cap, or less where STRIP_WORK asks for it


# Point visits the strip's runs may make for one page (3 orders × 20 seeds × cap × n): about 0.25 s of server CPU,
# so the page (the strip, the plot's run to the cap and the page itself) stays under 1 s (benchmarks/page_cost.py).
# 500 points that no line separates, with the cap at 20,000, would take 12 s; there the strip's runs stop sooner.
STRIP_WORK = 10**7


def order_strip(X, y, kwargs: dict, *, seeds: int = SEEDS) -> OrderStrip:
    """Every order of visits on the same points for ``seeds`` seeds from ``kwargs["seed"]`` on, each run to the
    page's cap or to ``STRIP_WORK``'s share of it, whichever is smaller."""
    first = int(kwargs["seed"])
    ss = tuple(range(first, first + seeds))
    cap = max(1, min(int(kwargs["max_updates"]), STRIP_WORK // (len(ORDERS) * seeds * len(y))))
    counts, halted = {}, {}
    for order in ORDERS:
        traces = [run(X, y, {**kwargs, "order": order, "seed": s, "max_updates": cap}) for s in ss]
        counts[order] = [len(t) for t in traces]
        halted[order] = [bool(t.halted) for t in traces]
    bound = pla_core.mistake_bound(X, y, bias=kwargs["bias"])
    return OrderStrip(ss, counts, halted, float(bound), cap)


# -- sign(0) ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SignRuns:
    """One run per reading of sign(0) (``runs[c]`` for c in CONVENTIONS), the reading the plot shows, and for each
    other reading the first update where its run and the shown one part (None: they never do)."""

    runs: dict
    shown: str
    first_diff: dict


def first_difference(a, b) -> int | None:
    """The first update t (1, 2, …) whose corrected point or result differs between runs a and b, or where one of
    them has ended and the other goes on; None when the two runs are the same."""
    k = min(len(a), len(b))
    differ = (a.mistakes[:k] != b.mistakes[:k]) | np.any(a.weights[1:k + 1] != b.weights[1:k + 1], axis=1)
    if differ.any():
        return int(differ.argmax()) + 1
    return None if len(a) == len(b) else k + 1


def sign_runs(X, y, kwargs: dict, shown: str) -> SignRuns:
    """The same run (``kwargs``) under every reading of a tie; ``shown``: the reading on the plot (a key of
    settings.SIGN_ZERO)."""
    runs = {c: run(X, y, {**kwargs, "sign_zero": S.SIGN_ZERO[c]}) for c in CONVENTIONS}
    diff = {c: first_difference(runs[shown], runs[c]) for c in CONVENTIONS if c != shown}
    return SignRuns(runs, shown, diff)
