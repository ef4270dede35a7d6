"""The figures of the lesson "The perceptron as gradient descent" (plain data in, a chart's data or a Plotly dict
out; no Streamlit): L̂ and E_in over the steps for the four runs, and the four losses as curves of the margin score
with each run's visited point marked on its curve."""

from __future__ import annotations

import numpy as np

from pla_core.descent import LOSSES, margin_loss
from pla_lab.api import num, palette, sample_steps
from pla_lab.lessons.sgd import sgd_runs
from pla_lab.lessons.sgd.sgd_words import NAMES, show

#: Each loss's line, the same on the plot, in the chart and on the curves: a colour of the app's colour-blind-safe
#: palette (by name) or a grey, and a dash, so the four stay apart in black and white too.
STYLE = {"perceptron": ("fg", "solid"), "hinge": ("target", "dash"), "logistic": ("pocket", "dashdot"),
         "squared": ("#8C8C8C", "dot")}


def color(loss: str, pal: dict) -> str:
    c = STYLE[loss][0]
    return pal.get(c, c)


def chart(runs: dict) -> dict:
    """Two panels over the steps: L̂(wₜ) = (1/n)·Σₙ ℓ for each run, and E_in(wₜ). A run that diverged is drawn to
    its end; the L̂ panel's top follows the runs that did not (its title says what is off the chart)."""
    T = max(len(tr) for tr in runs.values())
    ts = sample_steps(T)
    series, tops, off = [], [], []
    for loss, tr in runs.items():
        own = ts[ts <= len(tr)]
        L, E = tr.descent.total, tr.e_in
        c, dash = STYLE[loss]
        common = {"name": NAMES[loss], "color": c, "width": 3, "dash": dash, "x": own.tolist(), "shape": "linear"}
        series.append({**common, "y": np.round(L[own], 6).tolist(), "panel": 0})
        series.append({**common, "y": np.round(E[own], 6).tolist(), "panel": 1, "name": f"{NAMES[loss]} "})
        if tr.stop == "diverged":
            off.append(NAMES[loss])
        else:
            tops.append(float(L.max()))
    top = (max(tops) if tops else 1.0) * 1.1 or 1.0
    title = "L̂(wₜ) = (1/n)·Σ ℓ" + (f" ({', '.join(off)} diverged: off the chart ↑)" if off else "")
    panels = [{"title": title, "y_format": ".3~g", "hover_format": ".4~g", "ymin": 0, "ymax": top},
              {"title": "Eᵢₙ(wₜ): the fraction of points wrong", "y_format": ".0%", "hover_format": ".1%",
               "ymin": 0, "ymax": 1.05}]
    ends = "; ".join(f"{NAMES[k]} L̂ {num(tr.descent.total[0])} → {num(tr.descent.total[-1])}, Eᵢₙ "
                     f"{num(tr.e_in[0])} → {num(tr.e_in[-1])}" for k, tr in runs.items())
    return {"x": ts.tolist(), "series": series, "T": T, "ymax": 1.0, "panels": panels, "marks": [],
            "alt": f"Over {T} step{'s' * (T != 1)}: {ends}."}


def loss_curves(runs: dict, t: int, *, theme: str = "light", height: int = 300) -> dict:
    """ℓ(m) for the four losses over the margin score m = y·wᵀx̃, the perceptron's and the hinge's kinks marked,
    and at step t each run's visited point at its own m on its own curve (a hollow marker where its step moves w,
    a filled one where the gradient is 0)."""
    pal = palette(theme)
    steps = {loss: sgd_runs.step(tr, t) for loss, tr in runs.items()}
    ms = [float(s.m) for s in steps.values() if s is not None]
    lo = min([-3.0, *[m - 0.5 for m in ms if np.isfinite(m)]])
    hi = max([3.0, *[m + 0.5 for m in ms if np.isfinite(m)]])
    lo, hi = max(lo, -50.0), min(hi, 50.0)
    m = np.linspace(lo, hi, 241)
    top = 4.5
    data = []
    for loss in LOSSES:
        c, dash = color(loss, pal), STYLE[loss][1]
        data.append({"type": "scatter", "mode": "lines", "x": np.round(m, 4).tolist(),
                     "y": np.round(np.minimum(margin_loss(loss, m), 1e3), 4).tolist(), "name": NAMES[loss],
                     "meta": f"curve-{loss}", "line": {"color": c, "width": 3, "dash": dash}, "hoverinfo": "skip"})
    for loss, s in steps.items():
        if s is None:
            continue
        c = color(loss, pal)
        shown = float(np.clip(s.m, lo, hi))
        data.append({"type": "scatter", "mode": "markers", "x": [shown], "y": [min(float(s.loss), top * 0.98)],
                     "name": f"{NAMES[loss]} now", "meta": f"now-{loss}", "showlegend": False,
                     "marker": {"size": 15, "color": c, "symbol": "circle-open" if s.moves else "circle",
                                "line": {"width": 3, "color": c}},
                     "hovertemplate": f"{NAMES[loss]}: m = {show(s.m, sgd_runs.kink(runs[loss]))}, "
                                      f"ℓ = {show(s.loss)}<extra></extra>"})
    grid = "rgba(128,128,128,0.22)"
    return {"data": data, "layout": {
        "height": height, "margin": {"l": 45, "r": 10, "t": 30, "b": 40}, "font": {"size": 14, "color": pal["fg"]},
        "paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)", "dragmode": False, "hovermode": "closest",
        "xaxis": {"title": {"text": "margin score m = y·wᵀx̃", "standoff": 4}, "range": [lo, hi], "fixedrange": True,
                  "gridcolor": grid, "zerolinecolor": "rgba(128,128,128,0.6)"},
        "yaxis": {"title": {"text": "ℓ(m)", "standoff": 4}, "range": [0, top], "fixedrange": True, "gridcolor": grid},
        "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
    }}
