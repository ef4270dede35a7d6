"""The Experiments lesson's charts as plotly figure dicts (no Streamlit): histograms of many runs with their mean,
median and 90th percentile marked, two distributions side by side, and the sweep over N on log axes."""

from __future__ import annotations

import numpy as np

from pla_core.experiment import summary

BLUE, ORANGE, GREEN, GREY = "#1f6fb4", "#d9661a", "#2a9d4b", "#6b6e76"
HEIGHT = 270


def _layout(title: str, x_title: str, *, height: int = HEIGHT, log_x: bool = False) -> dict:
    return dict(title=dict(text=title, font=dict(size=15), x=0, xanchor="left"), height=height,
                margin=dict(l=50, r=10, t=40, b=45), bargap=0.05, showlegend=False,
                xaxis=dict(title=dict(text=x_title), type="log" if log_x else "linear"),
                yaxis=dict(title=dict(text="runs"), rangemode="tozero"))


def _bins(x: np.ndarray, log: bool, bins: int) -> np.ndarray:
    lo, hi = float(x.min()), float(x.max())
    if log:
        return np.geomspace(lo, hi * 1.0001, bins + 1)
    if hi == lo:
        return np.array([lo - 0.5, lo + 0.5])
    return np.linspace(lo, hi, bins + 1)


def histogram(values, *, title: str, x_title: str, bins: int = 40, log_x: bool | None = None,
              color: str = BLUE, marks: bool = True, height: int = HEIGHT) -> dict:
    """Bars of how many runs fall in each bin of ``values`` (non-finite values left out), with dotted lines at the
    mean, the median and the 90th percentile. ``log_x`` (default: when every value is ≥ 1 and the largest is 50×
    the smallest) bins on a log scale, so a long tail and the bulk both show."""
    x = np.asarray(values, dtype=float)
    x = x[np.isfinite(x)]
    fig = dict(data=[], layout=_layout(title, x_title, height=height))
    if len(x) == 0:
        return fig
    if log_x is None:
        log_x = bool(x.min() >= 1 and x.max() >= 50 * x.min())
    counts, edges = np.histogram(x, bins=_bins(x, log_x, bins))
    centre = np.sqrt(edges[:-1] * edges[1:]) if log_x else (edges[:-1] + edges[1:]) / 2
    fig["layout"] = _layout(title, x_title, height=height, log_x=log_x)
    fig["data"].append(dict(type="bar", x=centre.tolist(), y=counts.tolist(), width=np.diff(edges).tolist(),
                            marker=dict(color=color), name=x_title, meta="histogram",
                            customdata=np.column_stack([edges[:-1], edges[1:]]).tolist(),
                            hovertemplate="%{customdata[0]:.3g} to %{customdata[1]:.3g}: runs %{y}<extra></extra>"))
    if marks:
        s = summary(x)
        top = int(counts.max())
        for (name, v), dash, h in zip((("mean", s["mean"]), ("median", s["median"]), ("90%", s["p90"])),
                                      ("solid", "dash", "dot"), (1.12, 1.0, 0.88)):
            fig["data"].append(dict(type="scatter", x=[v, v, v], y=[0, top * h, top * h], mode="lines+text",
                                    line=dict(color=GREY, width=2, dash=dash), text=["", "", " " + name],
                                    textposition="middle right", meta=f"mark-{name}", hoverinfo="skip",
                                    cliponaxis=False))
    return fig


def compare(a, b, *, names: tuple[str, str], title: str, x_title: str, bins: int = 30,
            height: int = HEIGHT) -> dict:
    """Two distributions on one set of bins, side by side in each bin (PLA's last w against Pocket's ŵ)."""
    a, b = (np.asarray(v, dtype=float) for v in (a, b))
    both = np.concatenate([a, b])
    both = both[np.isfinite(both)]
    fig = dict(data=[], layout=_layout(title, x_title, height=height))
    fig["layout"].update(showlegend=True, barmode="group", bargap=0.1,
                         legend=dict(orientation="h", x=1, xanchor="right", y=1.02, yanchor="bottom"))
    if len(both) == 0:
        return fig
    edges = _bins(both, False, bins)
    centre = (edges[:-1] + edges[1:]) / 2
    for v, name, color in ((a, names[0], BLUE), (b, names[1], ORANGE)):
        counts, _ = np.histogram(v[np.isfinite(v)], bins=edges)
        fig["data"].append(dict(type="bar", x=centre.tolist(), y=counts.tolist(), name=name, meta=name,
                                marker=dict(color=color),
                                hovertemplate=f"{name}: %{{x:.3f}}: runs %{{y}}<extra></extra>"))
    return fig


def sweep(ns, mean_T, mean_P, *, runs, height: int = HEIGHT) -> dict:
    """Mean T (left axis) and mean P[f ≠ g] (right axis) against N, all three on log scales; ``runs``: how many
    runs each N's means are over (a stopped sweep's last N may have fewer)."""
    ns = [int(n) for n in ns]
    hover = [f"N = {n:,}: {k:,} run{'s' * (k != 1)}" for n, k in zip(ns, runs)]
    fig = dict(data=[
        dict(type="scatter", x=ns, y=[float(v) for v in mean_T], mode="lines+markers", name="mean T (updates)",
             meta="mean T", marker=dict(color=BLUE, size=9), line=dict(color=BLUE, width=2.5), text=hover,
             hovertemplate="%{text}<br>mean T %{y:.3g}<extra></extra>"),
        dict(type="scatter", x=ns, y=[float(v) for v in mean_P], mode="lines+markers", name="mean P[f ≠ g]",
             meta="mean P", yaxis="y2", marker=dict(color=ORANGE, size=9, symbol="square"),
             line=dict(color=ORANGE, width=2.5, dash="dash"), text=hover,
             hovertemplate="%{text}<br>mean P[f ≠ g] %{y:.3g}<extra></extra>"),
    ], layout=_layout("How mean T and mean P[f ≠ g] change with N", "N (points per run)", height=height,
                      log_x=True))
    fig["layout"].update(
        showlegend=True, legend=dict(orientation="h", x=0, y=1.02, yanchor="bottom"),
        margin=dict(l=55, r=60, t=60, b=45),
        xaxis=dict(title=dict(text="N (points per run)"), type="log", tickvals=ns, ticktext=[f"{n:,}" for n in ns]),
        yaxis=dict(title=dict(text="mean T", font=dict(color=BLUE)), type="log", dtick="D2", tickformat="~g"),
        yaxis2=dict(title=dict(text="mean P[f ≠ g]", font=dict(color=ORANGE)), type="log", overlaying="y",
                    side="right", showgrid=False, dtick="D2", tickformat="~g"))
    return fig
