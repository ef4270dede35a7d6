"""Figure specs of the lesson "Why PLA halts" (plain data in, Plotly dicts out; no Streamlit): the maximum-margin
line w* with its street and support points, the target f, the proof's chart, and augmented space in 3-D."""

from __future__ import annotations

import numpy as np

from pla_core import geometry
from pla_lab.api import count, num, palette, sample_steps

# ---------------------------------------------------------------------------------------------------------------
# The plot's static layers


def _line(w, view) -> tuple[list, list]:
    seg = geometry.clip_line(w, view)
    return ([seg[0][0], seg[1][0]], [seg[0][1], seg[1][1]]) if seg is not None else ([], [])


def street_traces(w_star, rho: float, view, points, support, *, theme: str = "light") -> dict:
    """w* (unit, augmented) as a line, its street |w*ᵀx̃| ≤ ρ* (which touches the support points and holds no
    point), and a ring on each support point: {"below": [street], "above": [line, rings]}."""
    pal = palette(theme)
    band = geometry.band(w_star, rho, view)
    street = {"type": "scatter", "mode": "lines", "fill": "toself", "fillcolor": "rgba(204,121,167,0.16)",
              "line": {"width": 1, "color": pal["pocket"], "dash": "dot"}, "hoverinfo": "skip", "meta": "street",
              "name": "street |w*ᵀx̃| ≤ ρ*", "showlegend": False,
              "x": [] if band is None else [*band[:, 0], band[0, 0]],
              "y": [] if band is None else [*band[:, 1], band[0, 1]]}
    xs, ys = _line(w_star, view)
    line = {"type": "scatter", "mode": "lines", "x": xs, "y": ys, "name": "w* (best margin)", "hoverinfo": "skip",
            "line": {"color": pal["pocket"], "width": 3.5}, "meta": "w*"}
    idx = [i for i in support if 0 <= i < len(points)]
    rings = {"type": "scatter", "mode": "markers", "name": "support points", "customdata": idx,
             "x": [points[i][0] for i in idx] or [None], "y": [points[i][1] for i in idx] or [None],
             "marker": {"symbol": "circle-open", "size": 26, "color": pal["pocket"],
                        "line": {"width": 2.5, "color": pal["pocket"]}},
             "hovertemplate": "#%{customdata}: on the margin of w*<extra></extra>", "meta": "support"}
    return {"below": [street], "above": [line, rings]}


def f_trace(w_f, view, *, theme: str = "light") -> dict:
    """The target f that made the data, dashed."""
    xs, ys = _line(w_f, view)
    return {"type": "scatter", "mode": "lines", "x": xs, "y": ys, "name": "f (made the data)", "hoverinfo": "skip",
            "line": {"color": palette(theme)["target"], "width": 3, "dash": "dash"}, "meta": "target"}


# ---------------------------------------------------------------------------------------------------------------
# The chart: the proof's two inequalities and their consequence, over t


FAR = 5  # the t axis reaches the bound R²/ρ² only while it is at most this many times the run's length


def proof_chart(series, *, eta: float, which: str, to_bound: bool) -> dict:
    """Three panels over t (the credit-card notes' scalings: w_f of unit length, ‖wₜ‖² unscaled), each with its
    bound dashed: w_fᵀwₜ ≥ t·η·ρ; ‖wₜ‖² ≤ t·η²·R²; cos∠(w_f, wₜ) ≥ √t·ρ/R ≤ 1, marked where the bound forces a halt."""
    T = len(series.t) - 1
    R, rho = series.R, series.rho
    bound = R * R / (rho * rho)
    # Up to the bound while the run takes a fifth of the axis at least; past that (a narrow margin: 13 updates of a
    # bound of 281) the run would be a sliver, so the axis is the run's and the bound is said at its edge.
    xmax = (max(T, bound) if to_bound and bound <= FAR * max(T, 1) else max(T, 1)) * 1.04
    ts = sample_steps(T)
    name = "w*" if which == "w*" else "f"
    grey = "rgba(128,128,128,0.95)"
    bx = np.linspace(0, xmax, 240)
    r = lambda a: np.round(np.asarray(a, dtype=float), 6).tolist()  # noqa: E731
    inner, norm2, cosine = series.inner[ts], series.norm2[ts], series.cosine[ts]
    # The bounds at t = 1 at least: a run of 0 updates (a halt at w₀) gets the scale of one update, not 1e-9.
    top1 = max(float(inner.max()), max(T, 1) * eta * rho, 1e-9) * 1.15
    top2 = max(float(norm2.max()), max(T, 1) * eta * eta * R * R, 1e-9) * 1.15
    low3 = min(0.0, float(cosine.min()))
    out = [
        {"name": f"{name}ᵀwₜ", "y": r(inner), "color": "pocket", "width": 3, "panel": 0},
        {"name": "t·η·ρ (at least)", "x": [0, xmax], "y": r([0, xmax * eta * rho]), "color": grey, "dash": "dash",
         "shape": "linear", "panel": 0},
        {"name": "‖wₜ‖²", "y": r(norm2), "color": "fg", "width": 3, "panel": 1},
        {"name": "t·η²·R² (at most)", "x": [0, xmax], "y": r([0, xmax * eta * eta * R * R]), "color": grey,
         "dash": "dash", "shape": "linear", "panel": 1},
        {"name": f"cos∠({name}, wₜ)", "y": r(cosine), "color": "target", "width": 3, "panel": 2},
        {"name": "√t·ρ/R (at least)", "x": r(bx), "y": r(np.sqrt(bx) * rho / R), "color": grey, "dash": "dash",
         "shape": "linear", "panel": 2},
        {"name": "1 (a cosine never exceeds it)", "x": [0, xmax], "y": [1, 1], "color": grey, "dash": "dot",
         "width": 1.5, "shape": "linear", "panel": 2},
    ]
    panels = [
        {"title": f"① {name}ᵀwₜ (‖{name}‖ = 1) grows at least like t·η·ρ", "y_format": ".3~g", "hover_format": ".4~g",
         "ymin": min(0.0, float(inner.min()) * 1.15), "ymax": top1},
        {"title": "② ‖wₜ‖² grows at most like t·η²·R²", "y_format": ".3~g", "hover_format": ".4~g", "ymin": 0,
         "ymax": top2},
        {"title": f"③ so cos∠({name}, wₜ) ≥ √t·ρ/R, yet\u00a0≤\u00a01", "y_format": ".1f",
         "hover_format": ".3f", "ymin": low3, "ymax": 1.12},
    ]
    marks = [{"x": float(bound), "text": f"t ≤ R²/ρ² = {num(bound)}"}]  # past the axis: said at its edge
    alt = (f"The proof over {T} update{'s' * (T != 1)} against {name}: {name}ᵀwₜ ends at {num(series.inner[-1])} "
           f"(at least {num(T * eta * rho)}); ‖wₜ‖² ends at {num(series.norm2[-1])} "
           f"(at most {num(T * eta * eta * R * R)}); "
           f"the cosine ends at {num(series.cosine[-1])}; the bound R²/ρ² is {count(num(bound), 'update')}.")
    return {"x": ts.tolist(), "series": out, "T": T, "ymax": 1.0, "panels": panels, "xmax": round(xmax, 3),
            "marks": marks, "alt": alt}


# ---------------------------------------------------------------------------------------------------------------
# Augmented space in 3-D (the credit-card and step-function notes): the bias as a weight on the input x₀ = 1


def _plane_in_box(n, lo, hi):
    """The polygon where the plane n·p = 0 (through the origin) crosses the box lo ≤ p ≤ hi, in order, or None."""
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
    pts = []
    for i in range(8):
        for j in range(i + 1, 8):
            a, b = corners[i], corners[j]
            if np.count_nonzero(a != b) != 1:
                continue  # not an edge
            fa, fb = n @ a, n @ b
            if fa == 0:
                pts.append(a)
            if (fa < 0) != (fb < 0) and fb != 0:
                pts.append(a + fa / (fa - fb) * (b - a))
    if len(pts) < 3:
        return None
    P = np.unique(np.round(np.array(pts), 12), axis=0)
    if len(P) < 3:
        return None
    c = P.mean(axis=0)
    u = P[0] - c
    u /= np.linalg.norm(u)
    v = np.cross(n / np.linalg.norm(n), u)
    ang = np.arctan2((P - c) @ v, (P - c) @ u)
    return P[np.argsort(ang)]


def augmented_figure(points, w, view, *, axes=("x₁", "x₂"), classes=("y = +1", "y = −1"), theme: str = "light",
                     height: int = 430) -> dict:
    """Points lifted to (x₁, x₂, x₀ = 1); w as a vector from the origin; the plane wᵀx̃ = 0 through the origin; and
    its intersection with the plane x₀ = 1, which is the line drawn in the 2-D plot. (x₀ is drawn upwards.)"""
    pal = palette(theme)
    xmin, xmax, ymin, ymax = view
    lo, hi = np.array([xmin, ymin, -0.25]), np.array([xmax, ymax, 1.4])
    P = np.array([p[:3] for p in points], dtype=float).reshape(-1, 3)
    data = []
    for label, name, symbol, color in ((1.0, classes[0], "circle-open", pal["pos"]),
                                       (-1.0, classes[1], "diamond", pal["neg"])):
        m = P[:, 2] == label
        data.append({"type": "scatter3d", "mode": "markers", "name": name, "x": P[m, 0].tolist(),
                     "y": P[m, 1].tolist(), "z": [1.0] * int(m.sum()),
                     "hovertemplate": "x̃ = (1, %{x}, %{y})<extra></extra>",
                     "marker": {"symbol": symbol, "size": 5, "color": color, "line": {"width": 2, "color": color}}})
    sheet = np.array([[xmin, ymin, 1], [xmax, ymin, 1], [xmax, ymax, 1], [xmin, ymax, 1]], dtype=float)
    data.append({"type": "mesh3d", "x": sheet[:, 0].tolist(), "y": sheet[:, 1].tolist(), "z": sheet[:, 2].tolist(),
                 "i": [0, 0], "j": [1, 2], "k": [2, 3], "color": "rgb(120,120,120)", "opacity": 0.3,
                 "name": "the plane x₀ = 1", "hoverinfo": "name"})
    b, w1, w2 = (float(v) for v in w[:3])
    n = np.array([w1, w2, b])  # the normal in (x₁, x₂, x₀) order
    if np.any(n != 0):
        poly = _plane_in_box(n, lo, hi)
        if poly is not None:
            k = len(poly)
            data.append({"type": "mesh3d", "x": poly[:, 0].tolist(), "y": poly[:, 1].tolist(),
                         "z": poly[:, 2].tolist(), "i": [0] * (k - 2), "j": list(range(1, k - 1)),
                         "k": list(range(2, k)), "color": pal["pocket"], "opacity": 0.45,
                         "name": "wᵀx̃ = 0 (through the origin)", "hoverinfo": "name"})
        seg = geometry.clip_line((b, w1, w2), view)
        if seg is not None:
            data.append({"type": "scatter3d", "mode": "lines", "x": [seg[0][0], seg[1][0]],
                         "y": [seg[0][1], seg[1][1]], "z": [1, 1], "name": "the boundary in the plot",
                         "line": {"color": pal["fg"], "width": 9}, "hoverinfo": "name"})
        span = 0.45 * min(xmax - xmin, ymax - ymin, 1.6)
        tip = n / np.linalg.norm(n) * span
        data.append({"type": "scatter3d", "mode": "lines", "x": [0, tip[0]], "y": [0, tip[1]], "z": [0, tip[2]],
                     "name": "w = (b, w₁, w₂), its direction", "line": {"color": pal["fg"], "width": 10},
                     "hoverinfo": "name"})
        data.append({"type": "cone", "x": [tip[0]], "y": [tip[1]], "z": [tip[2]], "u": [tip[0]], "v": [tip[1]],
                     "w": [tip[2]], "sizemode": "absolute", "sizeref": 0.25 * span, "anchor": "tip",
                     "showscale": False, "colorscale": [[0, pal["fg"]], [1, pal["fg"]]], "hoverinfo": "skip"})
    data.append({"type": "scatter3d", "mode": "markers+text", "x": [0], "y": [0], "z": [0], "text": ["origin"],
                 "textposition": "bottom center", "marker": {"size": 4, "color": pal["fg"]}, "hoverinfo": "skip",
                 "name": "origin"})
    axis = {"backgroundcolor": "rgba(0,0,0,0)", "gridcolor": "rgba(128,128,128,0.3)"}
    return {"data": data, "layout": {
        "height": height, "margin": {"l": 0, "r": 0, "t": 10, "b": 0}, "showlegend": False,
        "paper_bgcolor": "rgba(0,0,0,0)", "font": {"size": 14},
        "scene": {"xaxis": {**axis, "title": {"text": axes[0]}, "range": [lo[0], hi[0]]},
                  "yaxis": {**axis, "title": {"text": axes[1]}, "range": [lo[1], hi[1]]},
                  "zaxis": {**axis, "title": {"text": "x₀"}, "range": [lo[2], hi[2]]},
                  "aspectmode": "manual", "aspectratio": {"x": 1, "y": 1, "z": 0.7},
                  "camera": {"eye": {"x": 1.6, "y": -1.6, "z": 0.8}}},
        "uirevision": "keep"}}
