"""Figure builders: plain data in, figure specs (dicts, in plotly's names) out. No Streamlit.

Dicts, not ``go.Figure`` objects (validation would cost ~20 ms a rerun): the plot component draws them as SVG with
its own code (``drawing/plot/surface.js``). The static part (points, axes) is built here; what moves with w (line,
shading, arrows) the component draws from the weights, so an update animates without a round trip.
"""

from __future__ import annotations

import numpy as np

from pla_core.geometry import clip_line
from pla_lab.drawing.numbers import CAP
from pla_lab.words import explain
from pla_lab.words.text import count, num

# Okabe–Ito colours, safe for every common colour blindness: blue and vermillion on a light background, the
# lighter sky blue and orange of the same palette on a dark one. Shapes (○, ×) carry the class as well.
PALETTES = {
    "light": {"pos": "#0072B2", "neg": "#D55E00", "pos_fill": "rgba(0,114,178,0.13)",
              "neg_fill": "rgba(213,94,0,0.13)", "pocket": "#CC79A7", "fg": "#31333F", "target": "#009E73"},
    "dark": {"pos": "#56B4E9", "neg": "#E69F00", "pos_fill": "rgba(86,180,233,0.16)",
             "neg_fill": "rgba(230,159,0,0.16)", "pocket": "#E7A3C8", "fg": "#FAFAFA", "target": "#2FD3A5"},
}


#: Presenter mode: the same two hues (blue against orange stays apart for every common colour blindness), darker on
#: light and brighter on dark, with stronger shading and pure black or white text, for a washed-out projector.
CONTRAST = {
    "light": {"pos": "#00508C", "neg": "#B34500", "pos_fill": "rgba(0,90,160,0.20)", "neg_fill": "rgba(200,80,0,0.20)",
              "pocket": "#A8306F", "fg": "#000000", "target": "#006E4F"},
    "dark": {"pos": "#7FCBF5", "neg": "#FFB833", "pos_fill": "rgba(127,203,245,0.24)",
             "neg_fill": "rgba(255,184,51,0.24)", "pocket": "#F2B8D8", "fg": "#FFFFFF", "target": "#5CE8BE"},
}
CLASSES = ("y = +1", "y = −1")  # the legend's names of the classes, unless the data set's story names them


def palette(theme: str, present: bool = False) -> dict:
    """The colours for a Streamlit theme ("light" or "dark"; light for anything else), high-contrast in presenter
    mode."""
    table = CONTRAST if present else PALETTES
    return table.get(theme, table["light"])


def points_traces(points, *, size=13, theme: str = "light", present: bool = False, classes=CLASSES) -> list[dict]:
    """Two scatter traces named ``classes``: ○ for +1 (blue), × for −1 (vermillion); customdata: each point's index."""
    pal = palette(theme, present)
    out = []
    for label, name, symbol, color in ((1.0, classes[0], "circle-open", pal["pos"]),
                                       (-1.0, classes[1], "x-thin-open", pal["neg"])):
        idx = [i for i, p in enumerate(points) if p[2] == label]
        out.append({
            "type": "scatter", "mode": "markers", "name": name,
            "x": [points[i][0] for i in idx], "y": [points[i][1] for i in idx], "customdata": idx,
            "marker": {"symbol": symbol, "size": size, "color": color, "line": {"width": 3 if size < 18 else 4.5, "color": color}},
            "hovertemplate": "#%{customdata}  (%{x}, %{y})<extra></extra>",
            "meta": "points",
        })
    return out


def base_figure(points, view, *, height: int = 560, axis_titles=("x₁", "x₂"), theme: str = "light",
                legend: dict | None = None, present: bool = False, classes=CLASSES) -> dict:
    """The static figure: points and axes fixed to ``view`` with equal scales (so w is drawn truly normal).
    ``present``: for a projector, markers of 20 px and larger text."""
    xmin, xmax, ymin, ymax = view
    axis = {"showgrid": True, "zeroline": True, "zerolinewidth": 1.5, "ticks": "outside", "constrain": "domain",
            "fixedrange": True, "automargin": True, "title": {"standoff": 4}}
    layout = {
        "height": height,
        "margin": {"l": 50, "r": 10, "t": 40, "b": 45},
        "xaxis": {**axis, "range": [xmin, xmax], "title": {**axis["title"], "text": axis_titles[0]}},
        "yaxis": {**axis, "range": [ymin, ymax], "scaleanchor": "x", "scaleratio": 1,
                  "title": {**axis["title"], "text": axis_titles[1]}},
        "font": {"size": 21 if present else 16},
        "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom", "font": {"size": 19 if present else 15},
                   **(legend or {}), **({"font": {"size": 19}} if present else {})},
        "dragmode": False,
        "clickanywhere": True,
        "hovermode": "closest",
        "hoverdistance": 10,
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
        "showlegend": True,
        "uirevision": "keep",
    }
    data = points_traces(points, theme=theme, size=20 if present else 13, present=present, classes=classes)
    return {"data": data, "layout": layout}


def boundary_label(w) -> str:
    """'b + w₁x₁ + w₂x₂ = 0' with the numbers (and + w₃x₁x₂ for the XOR lift), for captions and screen readers."""
    w = [float(v) for v in w]
    if not any(w[1:]):
        return "no boundary (w₁ = w₂ = 0)"
    text = f"{num(w[0])} + {num(w[1])}·x₁ + {num(w[2])}·x₂"
    if len(w) > 3:
        text += f" + {num(w[3])}·x₁x₂"
    return text + " = 0"


# -- Static layers of the other lessons: the target f, the flipped labels, the certificate, the error chart ---------


def target_trace(w_f, view, *, theme: str = "light") -> dict:
    """The target f as a dashed line across the view (it never moves)."""
    pal = palette(theme)
    seg = clip_line(w_f, view)
    xs, ys = ([seg[0][0], seg[1][0]], [seg[0][1], seg[1][1]]) if seg is not None else ([], [])
    return {"type": "scatter", "mode": "lines", "x": xs, "y": ys, "name": "f (target)",
            "line": {"color": pal["target"], "width": 3.5, "dash": "dash"}, "hoverinfo": "skip", "meta": "target"}


def box_trace(box, *, theme: str = "light") -> dict:
    """The square the example's points were drawn from (E_out is measured over it), as a thin dotted outline."""
    pal = palette(theme)
    x0, x1, y0, y1 = box
    return {"type": "scatter", "mode": "lines", "x": [x0, x1, x1, x0, x0], "y": [y0, y0, y1, y1, y0],
            "name": "where points come from", "showlegend": False, "hoverinfo": "skip", "meta": "box",
            "line": {"color": pal["fg"], "width": 1, "dash": "dot"}}


def flipped_trace(points, flipped, *, theme: str = "light") -> dict:
    """A square around each point whose label the noise flipped."""
    pal = palette(theme)
    idx = [i for i, f in enumerate(flipped) if f]
    # With nothing flipped, one empty (None) point keeps the trace, and its legend entry, in place.
    return {"type": "scatter", "mode": "markers", "name": "flipped",
            "x": [points[i][0] for i in idx] or [None], "y": [points[i][1] for i in idx] or [None],
            "customdata": idx,
            "marker": {"symbol": "square-open", "size": 25, "color": pal["fg"], "line": {"width": 2, "color": pal["fg"]}},
            "hovertemplate": "#%{customdata}: label flipped<extra></extra>", "meta": "flipped"}


def certificate_traces(points, lam, meet, *, theme: str = "light") -> list[dict]:
    """The Farkas certificate drawn: a dotted spoke from every point it uses to the meeting point (a star)."""
    pal = palette(theme)
    xs, ys = [], []
    for (x, y, _), lv in zip(points, lam):
        if lv > 0:
            xs += [x, meet[0], None]
            ys += [y, meet[1], None]
    return [
        {"type": "scatter", "mode": "lines", "x": xs, "y": ys, "name": "certificate",
         "line": {"color": pal["fg"], "width": 2, "dash": "dot"}, "hoverinfo": "skip", "meta": "cert"},
        {"type": "scatter", "mode": "markers", "x": [meet[0]], "y": [meet[1]], "name": "★ averages meet",
         "marker": {"symbol": "star", "size": 22, "color": pal["fg"], "line": {"width": 1, "color": pal["fg"]}},
         "hovertemplate": "both averages: (%{x:.3g}, %{y:.3g})<extra></extra>", "meta": "meet"},
    ]


CHART_POINTS = 1200  # most samples per curve sent to the browser


def sample_steps(T: int, also=None) -> np.ndarray:
    """The steps 0…T a chart draws: all of them, or for a long run every k-th (CHART_POINTS at most), the last, and
    the steps where ``also`` (a mask of length T + 1) is set."""
    ts = np.arange(T + 1)
    if T + 1 <= CHART_POINTS:
        return ts
    keep = np.zeros(T + 1, dtype=bool)
    keep[:: int(np.ceil((T + 1) / CHART_POINTS))] = True
    keep[-1] = True
    if also is not None:
        keep |= also
    return ts[keep]


def error_curves(trace, eout=None) -> dict:
    """E_in of w and of the pocket ŵ (and E_out of ŵ against f) over the updates, for the chart beside the plot.

    Long runs are sampled at every k-th update, always keeping the updates where ŵ improved, so the pocket
    curve keeps every step down. Colours are named ("pocket", "target": the plot's palette, either theme), so
    the result depends on the run alone and is computed once with it.
    """
    T, n = len(trace), len(trace.y)
    improved = None
    if trace.pocket_errors is not None:
        pe = trace.pocket_errors
        improved = np.concatenate([[False], pe[1:] < pe[:-1]])
    ts = sample_steps(T, improved)
    series = [{"name": "Eᵢₙ(w): PLA now", "y": np.round(trace.errors[ts] / n, 5).tolist(),
               "color": "rgba(128,128,128,0.85)", "width": 1.2}]
    if trace.pocket_errors is not None:
        series.append({"name": "Eᵢₙ(ŵ): the pocket", "y": np.round(trace.pocket_errors[ts] / n, 5).tolist(),
                       "color": "pocket", "width": 4})
    if eout is not None:
        series.append({"name": "Eₒᵤₜ(ŵ) against f", "y": np.round(np.asarray(eout)[ts], 5).tolist(),
                       "color": "target", "width": 3, "dash": "dash"})
    # The axis shows every value drawn, w₀'s too (w₀ = 0 gets every point wrong: E_in = 100%), with room above.
    ymax = max(max(v for s in series for v in s["y"]) * 1.05, 0.05)
    return {"x": ts.tolist(), "series": series, "T": T, "ymax": min(1.0, ymax),
            "alt": f"Errors over {T} update{'s' * (T != 1)}: "
            + "; ".join(f"{s['name']} ends at {s['y'][-1]:.1%}" for s in series)}



def describe(points, trace, t, moving=(), view=None) -> str:
    """Alt text for the plot: what a screen reader should say about the current picture (``moving``: the moving
    layers drawn, in ``view``), with the line the page shows above its numbers (:func:`pla_lab.words.explain.showing`)."""
    n_pos = sum(1 for p in points if p[2] > 0)
    text = f"{count(n_pos, 'point')} labelled +1 and {len(points) - n_pos} labelled −1."
    if trace is not None:
        w = trace.weights[t]
        text += (f" {explain.showing(trace, t, moving, view)}. Step {t}: boundary {boundary_label(w)}; "
                 f"{int(trace.errors[t])} misclassified.")
    return text


def lifted_figure(points, w, view, *, theme: str = "light", height: int = 380) -> dict:
    """The XOR lift in 3-D: each point at (x₁, x₂, x₁x₂), and the plane b + w₁x₁ + w₂x₂ + w₃z = 0 PLA learned there
    (w of length 4). Drawn over the view's square, z clipped to the points' range with a margin."""
    pal = palette(theme)
    P = np.array([p[:3] for p in points], dtype=float).reshape(-1, 3)
    z = P[:, 0] * P[:, 1]
    data = []
    # WebGL draws 3-D markers as text glyphs; "x" is a dingbat many fonts lack, so −1 is a diamond here.
    for label, name, symbol, color in ((1.0, "y = +1", "circle-open", pal["pos"]),
                                       (-1.0, "y = −1", "diamond", pal["neg"])):
        m = P[:, 2] == label
        idx = np.flatnonzero(m).tolist()  # each point's number beside it, as the plot writes it (numbers.CAP)
        data.append({"type": "scatter3d", "mode": "markers+text" if len(P) <= CAP else "markers", "name": name,
                     "x": P[m, 0].tolist(), "y": P[m, 1].tolist(), "z": z[m].tolist(), "customdata": idx,
                     "text": [str(i) for i in idx], "textposition": "top center", "textfont": {"size": 12},
                     "hovertemplate": "#%{customdata}  (%{x}, %{y}, x₁x₂ = %{z})<extra></extra>",
                     "marker": {"symbol": symbol, "size": 7, "color": color, "line": {"width": 3, "color": color}}})
    xmin, xmax, ymin, ymax = view
    zlo, zhi = (float(z.min()), float(z.max())) if len(z) else (-1.0, 1.0)
    pad = max(0.25 * (zhi - zlo), 0.5)
    zlo, zhi = zlo - pad, zhi + pad
    b, w1, w2, w3 = (float(v) for v in w)
    n = 30
    if abs(w3) > 1e-9 * (abs(b) + abs(w1) + abs(w2) + abs(w3)):
        gx, gy = np.meshgrid(np.linspace(xmin, xmax, n), np.linspace(ymin, ymax, n))
        gz = -(b + w1 * gx + w2 * gy) / w3
        gz = np.where((gz >= zlo) & (gz <= zhi), gz, np.nan)
    elif w1 or w2:  # a vertical plane: the line b + w₁x₁ + w₂x₂ = 0 swept along z
        seg = clip_line((b, w1, w2), view)
        if seg is None:
            gx = gy = gz = np.full((2, 2), np.nan)
        else:
            s = np.linspace(0, 1, n)[None, :]
            gx = np.repeat(seg[0][0] + s * (seg[1][0] - seg[0][0]), 2, axis=0)
            gy = np.repeat(seg[0][1] + s * (seg[1][1] - seg[0][1]), 2, axis=0)
            gz = np.array([[zlo] * n, [zhi] * n])
    else:
        gx = gy = gz = np.full((2, 2), np.nan)
    data.append({"type": "surface", "x": gx.tolist(), "y": gy.tolist(),
                 "z": np.where(np.isnan(gz), None, gz).tolist(), "name": "learned plane",
                 "showscale": False, "opacity": 0.4, "colorscale": [[0, pal["pocket"]], [1, pal["pocket"]]],
                 "hoverinfo": "skip"})
    axis = {"backgroundcolor": "rgba(0,0,0,0)", "gridcolor": "rgba(128,128,128,0.3)"}
    return {"data": data, "layout": {
        "height": height, "margin": {"l": 0, "r": 0, "t": 10, "b": 0}, "showlegend": False,
        "paper_bgcolor": "rgba(0,0,0,0)", "font": {"size": 14},
        "scene": {"xaxis": {**axis, "title": {"text": "x₁"}, "range": [xmin, xmax]},
                  "yaxis": {**axis, "title": {"text": "x₂"}, "range": [ymin, ymax]},
                  "zaxis": {**axis, "title": {"text": "x₁x₂"}, "range": [zlo, zhi]},
                  "aspectmode": "cube", "camera": {"eye": {"x": 1.5, "y": -1.5, "z": 0.9}}},
        "uirevision": "keep"}}
