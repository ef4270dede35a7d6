"""Figure builders: plain data in, Plotly figure specs (dicts) out. No Streamlit.

Specs are built as dicts rather than ``go.Figure`` objects: validation would cost ~20 ms a rerun, and the
browser component draws them with plotly.js as they are. The static part (points, axes) is built here; the
parts that move with w (line, shading, arrows) are drawn by the component from the weights in
:func:`plot_payload`, so an update animates without a round trip.
"""

from __future__ import annotations

from pla_core.perceptron import radius_bound

from .explain import clean_weights, num

# Okabe–Ito colours, safe for every common colour blindness: blue and vermillion on a light background, the
# lighter sky blue and orange of the same palette on a dark one. Shapes (○, ×) carry the class as well.
PALETTES = {
    "light": {"pos": "#0072B2", "neg": "#D55E00", "pos_fill": "rgba(0,114,178,0.13)",
              "neg_fill": "rgba(213,94,0,0.13)"},
    "dark": {"pos": "#56B4E9", "neg": "#E69F00", "pos_fill": "rgba(86,180,233,0.16)",
             "neg_fill": "rgba(230,159,0,0.16)"},
}
WINDOW_BACK, WINDOW_AHEAD = 60, 400  # weights sent around the current step; Play asks for more as it goes


def points_traces(points, *, size: int = 13, theme: str = "light") -> list[dict]:
    """Two scatter traces: ○ for +1 (blue), × for −1 (vermillion); customdata is each point's index."""
    pal = PALETTES.get(theme, PALETTES["light"])
    out = []
    for label, name, symbol, color in ((1.0, "y = +1", "circle-open", pal["pos"]),
                                       (-1.0, "y = −1", "x-thin-open", pal["neg"])):
        idx = [i for i, p in enumerate(points) if p[2] == label]
        out.append({
            "type": "scatter", "mode": "markers", "name": name,
            "x": [points[i][0] for i in idx], "y": [points[i][1] for i in idx], "customdata": idx,
            "marker": {"symbol": symbol, "size": size, "color": color, "line": {"width": 3, "color": color}},
            "hovertemplate": "#%{customdata}  (%{x}, %{y})<extra></extra>",
            "meta": "points",
        })
    return out


def base_figure(points, view, *, height: int = 560, axis_titles=("x₁", "x₂"), theme: str = "light") -> dict:
    """The static figure: points and axes fixed to ``view`` with equal scales (so w is drawn truly normal)."""
    xmin, xmax, ymin, ymax = view
    axis = {"showgrid": True, "zeroline": True, "zerolinewidth": 1.5, "ticks": "outside", "constrain": "domain",
            "fixedrange": True, "automargin": True, "title": {"standoff": 4}}
    layout = {
        "height": height,
        "margin": {"l": 50, "r": 10, "t": 40, "b": 45},
        "xaxis": {**axis, "range": [xmin, xmax], "title": {**axis["title"], "text": axis_titles[0]}},
        "yaxis": {**axis, "range": [ymin, ymax], "scaleanchor": "x", "scaleratio": 1,
                  "title": {**axis["title"], "text": axis_titles[1]}},
        "font": {"size": 16},
        "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom", "font": {"size": 15}},
        "dragmode": False,
        "clickanywhere": True,
        "hovermode": "closest",
        "hoverdistance": 10,
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
        "showlegend": True,
        "uirevision": "keep",
    }
    return {"data": points_traces(points, theme=theme), "layout": layout}


def weights_window(trace, t: int, *, back: int = WINDOW_BACK, ahead: int = WINDOW_AHEAD) -> dict:
    """The weights w_{t0} … w_{t1} and the points corrected in between, for the browser to animate and play."""
    T = len(trace)
    t0, t1 = max(0, t - back), min(T, t + ahead)
    W = clean_weights(trace.weights[t0:t1 + 1], trace.settings["eta"], radius_bound(trace.X, trace.settings["bias"]))
    return {"t0": t0, "W": W.tolist(), "I": trace.mistakes[t0:t1].tolist()}


def plot_payload(trace, t: int, points, view, *, seq: int, playing: bool, speed_ms: int, eta: float,
                 height: int = 560, axis_titles=("x₁", "x₂"), plotly_url: str = "", theme: str = "light") -> dict:
    """Everything the plot component needs for step t: the static figure, the weights around t, and commands.

    ``seq`` changes whenever the server moves t itself (Step, Back, a new data set…): the browser then animates
    to t. A rerun with the same ``seq`` leaves the browser where it is (it may be playing ahead of the server).
    """
    payload = {
        "base": base_figure(points, view, height=height, axis_titles=axis_titles, theme=theme),
        "colors": PALETTES.get(theme, PALETTES["light"]),
        "view": list(view),
        "pts": [[p[0], p[1], p[2]] for p in points],
        "t": int(t), "T": 0 if trace is None else len(trace), "seq": int(seq), "playing": bool(playing),
        "dur": int(speed_ms), "eta": float(eta), "plotly": plotly_url,
        "win": None,
    }
    if trace is not None:
        payload["win"] = weights_window(trace, t)
    return payload


def boundary_label(w) -> str:
    """'b + w₁x₁ + w₂x₂ = 0' with the numbers, for captions and screen readers."""
    b, w1, w2 = (float(v) for v in w)
    if w1 == 0 and w2 == 0:
        return "no boundary yet (w₁ = w₂ = 0)"
    return f"{num(b)} + {num(w1)}·x₁ + {num(w2)}·x₂ = 0"


def describe(points, trace, t) -> str:
    """Alt text for the plot: what a screen reader should say about the current picture."""
    n_pos = sum(1 for p in points if p[2] > 0)
    text = f"{n_pos} points labelled +1 and {len(points) - n_pos} labelled −1."
    if trace is not None:
        w = trace.weights[t]
        text += f" Step {t}: boundary {boundary_label(w)}; {int(trace.errors[t])} misclassified."
    return text
