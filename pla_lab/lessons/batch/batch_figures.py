"""The chart of the lesson "Batch perceptron" (plain data in, a chart's data out; no Streamlit): over the steps, the
zero-one loss (how many points wₜ gets wrong) and the perceptron criterion J(wₜ) that the batch perceptron descends
(the step-function notes), on two panels, with the steps where J rises drawn as thick red jumps."""

from __future__ import annotations

import numpy as np

from pla_core import facts
from pla_lab.api import CHART_POINTS, num, plural, sample_steps

RISE_COLOR = "#C0392B"  # red, apart from the palette's blue, orange, pink and green


def rises(trace, J: list | None = None) -> list[int]:
    """The steps t ≥ 1 at which the criterion rose: J(wₜ) > J(wₜ₋₁), exactly on grid data
    (:func:`pla_core.facts.criterion`, or ``J`` when given), else by :func:`pla_core.facts.compare`."""
    J = facts.criterion(trace) if J is None else J
    if J is None:
        J = trace.criterion.tolist()
    return [t for t in range(1, len(J)) if facts.compare(J[t], J[t - 1]) > 0]


def steps_text(ts: list[int], most: int = 12) -> str:
    """"1, 5 and 7", or the first ``most`` of them and how many in all."""
    if len(ts) > most:
        return ", ".join(map(str, ts[:most])) + f", … ({len(ts)} in all)"
    return ", ".join(map(str, ts[:-1])) + (" and " if len(ts) > 1 else "") + (str(ts[-1]) if ts else "")


def batch_chart(trace, up: list[int] | None = None) -> dict:
    """Two panels over the steps: the mistakes of wₜ (of n) and J(wₜ). From w₀ = 0, J(w₀) = 0 and J(w₁) is often far
    above every later value: then the J panel's top follows the later values, and its title gives J(w₁) (↑: above
    the top)."""
    T, n = len(trace), len(trace.y)
    E, J = trace.errors, trace.criterion
    ts = sample_steps(T)
    later = float(J[2:].max()) if T >= 2 else 0.0
    clipped = T >= 2 and J[1] > 2.5 * later > 0
    top = (later if clipped else float(J.max())) * 1.12 or 1.0
    r = lambda a: np.round(np.asarray(a, dtype=float), 6).tolist()  # noqa: E731
    series = [
        {"name": "mistakes of wₜ", "y": E[ts].tolist(), "color": "fg", "width": 3, "panel": 0},
        {"name": "J(wₜ)", "y": r(J[ts]), "color": "pocket", "width": 3, "panel": 1},
    ]
    up = rises(trace) if up is None else up
    if T + 1 <= CHART_POINTS and up:  # a sampled curve has no single steps to mark
        xs, ys = [], []
        for t in up:  # a vertical stroke where the step curve jumps up; None breaks the line between two
            xs += [t, t, None]
            ys += [round(float(J[t - 1]), 6), round(float(J[t]), 6), None]
        series.append({"name": "J rises", "x": xs, "y": ys, "color": RISE_COLOR, "width": 3, "shape": "linear",
                       "panel": 1})
    panels = [
        {"title": f"Zero-one loss: mistakes of wₜ, of {n}", "y_format": "d", "hover_format": "d", "ymin": 0,
         "ymax": n * 1.08},
        {"title": f"Criterion J(wₜ) (J(w₁) = {num(J[1])} ↑)" if clipped else "Perceptron criterion J(wₜ)",
         "y_format": ".4~g", "hover_format": ".4~g", "ymin": 0, "ymax": top},
    ]
    alt = (f"Over {T} step{plural(T)}: the mistakes go from {int(E[0])} to {int(E[-1])} of {n}; J goes from "
           f"{num(J[0])} to {num(J[-1])}; " + (f"J rises at step{plural(len(up))} {steps_text(up)}." if up else
                                               "J never rises."))
    return {"x": ts.tolist(), "series": series, "T": T, "ymax": 1.0, "panels": panels, "marks": [], "alt": alt}
