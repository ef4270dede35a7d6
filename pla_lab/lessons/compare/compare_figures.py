"""The strip chart of the lesson "Runs compared" (plain data in, a Plotly dict out; no Streamlit): one dot per
run, the updates T of each order of visits over 20 seeds, against the bound R²/ρ*²."""

from __future__ import annotations

import math

from pla_lab.api import num, palette
from pla_lab.lessons.compare import compare_runs as compare

_COLORS = {"cyclic": "fg", "permuted": "pos", "random": "neg"}
_SYMBOLS = {"cyclic": "circle", "permuted": "diamond", "random": "square"}


def strip_figure(strip: compare.OrderStrip, shown_order: str, *, theme: str = "light", height: int = 260) -> dict:
    """Three columns of dots (cyclic, permuted, random), each dot a seed's T, spread sideways by seed; the bound
    as a dashed line across; the plot's run (the chosen order, the first seed) ringed. A log axis when every run
    made an update, so the bound and the runs far below it both show."""
    pal = palette(theme)
    n = len(strip.seeds)
    spread = [0.6 * ((k + 0.5) / n - 0.5) for k in range(n)]
    data = []
    for j, order in enumerate(compare.ORDERS):
        data.append({
            "type": "scatter", "mode": "markers", "name": order, "meta": f"strip-{order}",
            "x": [j + dx for dx in spread], "y": strip.counts[order], "customdata": list(strip.seeds),
            "marker": {"symbol": _SYMBOLS[order], "size": 8, "color": pal[_COLORS[order]], "opacity": 0.8},
            "hovertemplate": f"{order}, seed %{{customdata}}: T = %{{y}}<extra></extra>", "showlegend": False,
        })
    j = compare.ORDERS.index(shown_order)
    data.append({"type": "scatter", "mode": "markers", "name": "on the plot", "meta": "strip-shown",
                 "x": [j + spread[0]], "y": [strip.counts[shown_order][0]], "hoverinfo": "skip", "showlegend": False,
                 "marker": {"symbol": "circle-open", "size": 18, "color": pal["fg"], "line": {"width": 2.5, "color": pal["fg"]}}})
    top = max(max(c) for c in strip.counts.values())
    finite = math.isfinite(strip.bound)
    if finite:
        top = max(top, strip.bound)
        data.append({"type": "scatter", "mode": "lines", "name": f"bound R²/ρ*² = {num(strip.bound)}", "meta": "bound",
                     "x": [-0.5, len(compare.ORDERS) - 0.5], "y": [strip.bound, strip.bound], "hoverinfo": "skip",
                     "line": {"color": pal["pocket"], "width": 2.5, "dash": "dash"}, "showlegend": True})
    low = min(min(c) for c in strip.counts.values())
    log = low >= 1
    yaxis = {"title": {"text": "updates T", "standoff": 4}, "fixedrange": True, "automargin": True,
             "gridcolor": "rgba(128,128,128,0.22)"}
    if log:
        lo, hi = max(0.8, low * 0.7), top * 1.6
        ticks = [m * 10**k for k in range(0, 8) for m in (1, 2, 5) if lo <= m * 10**k <= hi]
        yaxis |= {"type": "log", "range": [math.log10(lo), math.log10(hi)], "tickvals": ticks,
                  "ticktext": [f"{v:,}" for v in ticks]}
    else:
        yaxis |= {"range": [0, top * 1.1]}
    return {"data": data, "layout": {
        "height": height, "margin": {"l": 55, "r": 10, "t": 30, "b": 30}, "font": {"size": 14, "color": pal["fg"]},
        "paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)", "dragmode": False, "hovermode": "closest",
        "xaxis": {"tickvals": list(range(len(compare.ORDERS))), "ticktext": list(compare.ORDERS),
                  "range": [-0.5, len(compare.ORDERS) - 0.5], "fixedrange": True, "showgrid": False},
        "yaxis": yaxis,
        "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
        "showlegend": finite,
    }}
