"""Check yourself on the experiments (issue 22): about the histograms on screen (mean against median of T, T against
its bound or Pocket's E_out against PLA's) and the sweep; answered from the results of ``pla_core.experiment``
(no Streamlit, no Plotly)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pla_core import experiment as E
from pla_core import facts
from pla_core.experiment import summary
from pla_lab.api import Question, count, plural
from pla_lab.lessons.experiments.experiments_results import results

ABOVE, BELOW, EQUAL = "Above the median", "Below the median", "Equal to it"
PLA, POCKET, TIE = "PLA's last w", "Pocket's ŵ", "The same"


#: A run whose float T / (R²/ρ*²) is within this of 1 is decided exactly: its data are rebuilt
#: (pla_core.experiment.lfd_runs; its points are on the 0.001 grid) and facts.bound gives R²/ρ*² as a Fraction, so
#: T = R²/ρ*² is "within", not "past". Farther from 1 the float ratio is on the exact one's side: pla_core's float
#: bound is the exact one to ~1e-10 (tests/core/test_facts.py checks 1e-9). Every run exactly would cost 10–65 ms each.
NEAR = 1e-6


@dataclass(frozen=True)
class BoundCheck:
    """The runs with a bound (solved, and finite: a line separates their points) against it: how many, how many made
    more updates than it (``over``) or exactly as many (``met``), and the largest T / (R²/ρ*²)."""

    k: int
    over: int
    met: int
    top: float
    ratio: np.ndarray  # T / (R²/ρ*²) of those runs, for the histogram


def bound_check(res: dict, cfg: dict | None = None) -> BoundCheck | None:
    """T against each run's own R²/ρ*² (None: no run has one); ``cfg``, the experiment's settings, lets a run near
    its bound be decided exactly (see :data:`NEAR`); without it, such a run is decided with facts.TIE."""
    ok = np.isfinite(res["bound"])  # NaN: not solved; ∞: no line separates the points, no bound
    if not ok.any():
        return None
    T, B, runs = res["T"][ok], res["bound"][ok], res["run"][ok]
    ratio = T / B
    over, met = ratio > 1, np.zeros(len(T), dtype=bool)
    for j in np.flatnonzero(np.abs(ratio - 1) <= NEAR):
        q = _exact_bound(cfg, int(runs[j]))
        c = facts.compare(int(T[j]), float(B[j]) if q is None else q)
        over[j], met[j] = c > 0, c == 0
    return BoundCheck(int(ok.sum()), int(over.sum()), int(met.sum()), float(ratio.max()), ratio)


def _exact_bound(cfg: dict | None, r: int):
    """Run r's R²/ρ*² as a Fraction, from its rebuilt data; None without the settings or off the grid."""
    if not cfg or not {"n", "p", "seed", "kw"} <= cfg.keys():
        return None
    d = E.lfd_runs(cfg["n"], r, r + 1, noise=cfg["p"], seed=cfg["seed"])
    return facts.bound(d.X[0], d.y[0], bias=cfg["kw"].get("bias", True))


def from_jobs(exp: dict | None, sweep: dict | None) -> list[Question]:
    """The questions about the experiment and the sweep on screen (experiments_jobs's jobs, None when not run): none
    about a job still running, whose histograms grow at every block."""
    done = [j if j and j["parts"] and not j["running"] else None for j in (exp, sweep)]
    res = results(done[0]) if done[0] else None
    noise = done[0]["cfg"]["p"] if done[0] else 0.0
    return questions(res, noise, sweep_means(results(done[1])) if done[1] else None,
                     cfg=done[0]["cfg"] if done[0] else None)


def sweep_means(res: dict) -> dict[int, Fraction]:
    """{N: mean T} of a sweep's results (the N's it has reached), exact: T are whole numbers."""
    return {int(m): _mean(res["T"][res["N"] == m]) for m in np.unique(res["N"])}


def _mean(T) -> Fraction:
    return Fraction(int(np.sum(T, dtype=np.int64)), len(T))


def questions(res: dict | None, noise: float, sweep: dict | None = None, *, cfg: dict | None = None) -> list[Question]:
    """``res``: the experiment's results (None before any run), ``noise``: its p; ``sweep``: {N: mean T} of a
    sweep with at least two N, or None; ``cfg``: the experiment's settings (a run near its bound is then decided
    exactly)."""
    out = []
    if res is not None and len(res["T"]):
        out.append(mean_median(res["T"]))
        out.append(pocket_median(res) if noise > 0 and "pocket_P" in res else over_bound(res, cfg))
    if sweep and len(sweep) >= 2:
        out.append(sweep_grows(sweep))
    return [q for q in out if q is not None]


def mean_median(T) -> Question:
    """Mean against median of the whole numbers T, compared exactly (a median of two middle runs is a half)."""
    s = summary(T)
    mean, med = s["mean"], s["median"]
    v = np.sort(np.asarray(T, dtype=np.int64))
    n = len(v)
    exact_mean, exact_med = _mean(v), Fraction(int(v[(n - 1) // 2]) + int(v[n // 2]), 2)
    right = EQUAL if exact_mean == exact_med else (ABOVE if exact_mean > exact_med else BELOW)
    choices = (ABOVE, BELOW, EQUAL)
    return Question(
        "mean_median", "On the histogram of updates T, is the mean of T above or below its median?", choices,
        choices.index(right),
        f"Mean **{mean:.4g}**, median **{med:.4g}** over {count(s['count'], 'run')}. "
        + ("A few slow runs (the long right tail) pull the mean up; the median, the middle run, ignores how slow "
           "they are." if right == ABOVE else "Here the slow runs do not outweigh the fast ones."))


def over_bound(res: dict, cfg: dict | None = None) -> Question | None:
    b = bound_check(res, cfg)
    if b is None:
        return None
    met = (f" ({b.met:,} run{plural(b.met)} made exactly as many updates as {'its' if b.met == 1 else 'their'} "
           "bound: within it)" if b.met else "")
    return Question(
        "over_bound", f"Among the {count(b.k, 'run')} whose bound was solved (on points a line separates), did any "
        "make more updates than its own bound R²/ρ*²?", ("Yes", "No"), 0 if b.over else 1,
        f"The largest T / (R²/ρ\\*²) is **{b.top:.3g}**" + (
            f": {b.over:,} run{plural(b.over)} went past it{met}." if b.over else
            f", at most 1{met}: from w₀ = 0 the bound holds in every run."))


def pocket_median(res: dict) -> Question:
    """P[f ≠ g] is a float (f is not on the grid): a tie of the medians is decided with facts.TIE."""
    a, b = summary(res["P"])["median"], summary(res["pocket_P"])["median"]
    c = facts.compare(a, b)
    right = TIE if c == 0 else (PLA if c > 0 else POCKET)
    choices = (PLA, POCKET, TIE)
    return Question(
        "pocket_median", "Which histogram of Eₒᵤₜ = P[f ≠ g] has the larger median: PLA's last w or Pocket's ŵ?",
        choices, choices.index(right),
        f"Median Eₒᵤₜ: PLA's last w **{a:.4g}**, Pocket's ŵ **{b:.4g}**. On noisy labels PLA stops wherever the cap "
        "finds it; Pocket keeps the w with the fewest mistakes seen.")


def sweep_grows(sweep: dict) -> Question:
    """``sweep``: {N: mean T}, exact Fractions from :func:`sweep_means` (floats are compared with facts.TIE)."""
    ns = sorted(sweep)
    first, last = sweep[ns[0]], sweep[ns[-1]]
    return Question(
        "sweep_grows", f"In the sweep, is mean T at N = {ns[-1]:,} larger than at N = {ns[0]:,}?", ("Yes", "No"),
        0 if facts.compare(last, first) > 0 else 1,
        "Mean T: " + ", ".join(f"N = {m:,}: **{float(sweep[m]):.4g}**" for m in ns) + ".")
