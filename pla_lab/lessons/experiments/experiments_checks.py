"""Check yourself on the experiments (issue 22): about the histograms on screen (mean against median of T, T against
its bound or Pocket's E_out against PLA's) and the sweep; answered from the results of ``pla_core.experiment``
(no Streamlit, no Plotly)."""

from __future__ import annotations

import numpy as np

from pla_core.experiment import summary
from pla_lab.api import Question, plural
from pla_lab.lessons.experiments.experiments_results import results

ABOVE, BELOW, EQUAL = "Above the median", "Below the median", "Equal to it"
PLA, POCKET, TIE = "PLA's last w", "Pocket's ŵ", "The same"


def from_jobs(exp: dict | None, sweep: dict | None) -> list[Question]:
    """The questions about the experiment and the sweep on screen (pla_lab.lessons.experiments.experiments_jobs's jobs, None when not
    run): none about a job still running, whose histograms grow at every block."""
    done = [j if j and j["parts"] and not j["running"] else None for j in (exp, sweep)]
    res = results(done[0]) if done[0] else None
    noise = done[0]["cfg"]["p"] if done[0] else 0.0
    return questions(res, noise, sweep_means(results(done[1])) if done[1] else None)


def sweep_means(res: dict) -> dict[int, float]:
    """{N: mean T} of a sweep's results (the N's it has reached)."""
    return {int(m): float(res["T"][res["N"] == m].mean()) for m in np.unique(res["N"])}


def questions(res: dict | None, noise: float, sweep: dict | None = None) -> list[Question]:
    """``res``: the experiment's results (None before any run), ``noise``: its p; ``sweep``: {N: mean T} of a
    sweep with at least two N, or None."""
    out = []
    if res is not None and len(res["T"]):
        out.append(mean_median(res["T"]))
        out.append(pocket_median(res) if noise > 0 and "pocket_P" in res else over_bound(res))
    if sweep and len(sweep) >= 2:
        out.append(sweep_grows(sweep))
    return [q for q in out if q is not None]


def mean_median(T) -> Question:
    s = summary(T)
    mean, med = s["mean"], s["median"]
    right = EQUAL if abs(mean - med) <= 1e-9 * max(1.0, abs(med)) else (ABOVE if mean > med else BELOW)
    choices = (ABOVE, BELOW, EQUAL)
    return Question(
        "mean_median", "On the histogram of updates T, is the mean of T above or below its median?", choices,
        choices.index(right),
        f"Mean **{mean:.4g}**, median **{med:.4g}** over {s['count']:,} runs. "
        + ("A few slow runs (the long right tail) pull the mean up; the median, the middle run, ignores how slow "
           "they are." if right == ABOVE else "Here the slow runs do not outweigh the fast ones."))


def over_bound(res: dict) -> Question | None:
    ratio = res["T"] / res["bound"]
    ok = np.isfinite(ratio)
    if not ok.any():
        return None
    k, over, top = int(ok.sum()), int((ratio[ok] > 1).sum()), float(ratio[ok].max())
    return Question(
        "over_bound", f"Among the {k:,} runs whose bound was solved, did any make more updates than its own bound "
        "R²/ρ*²?", ("Yes", "No"), 0 if over else 1,
        f"The largest T / (R²/ρ\\*²) is **{top:.3g}**" + (f": {over:,} run{plural(over)} went past it." if over else
                                                         ", at most 1: from w₀ = 0 the bound holds in every run."))


def pocket_median(res: dict) -> Question:
    a, b = summary(res["P"])["median"], summary(res["pocket_P"])["median"]
    right = TIE if a == b else (PLA if a > b else POCKET)
    choices = (PLA, POCKET, TIE)
    return Question(
        "pocket_median", "Which histogram of E_out = P[f ≠ g] has the larger median: PLA's last w or Pocket's ŵ?",
        choices, choices.index(right),
        f"Median E_out: PLA's last w **{a:.4g}**, Pocket's ŵ **{b:.4g}**. On noisy labels PLA stops wherever the cap "
        "finds it; Pocket keeps the w with the fewest mistakes seen.")


def sweep_grows(sweep: dict) -> Question:
    ns = sorted(sweep)
    first, last = sweep[ns[0]], sweep[ns[-1]]
    return Question(
        "sweep_grows", f"In the sweep, is mean T at N = {ns[-1]:,} larger than at N = {ns[0]:,}?", ("Yes", "No"),
        0 if last > first else 1,
        "Mean T: " + ", ".join(f"N = {m:,}: **{sweep[m]:.4g}**" for m in ns) + ".")
