"""A run as one self-contained HTML file for slides: plotly.js inside (works offline), the points, and for every
update the boundary, its two sides and w, with Play/Pause and a step slider. No Streamlit."""

from __future__ import annotations

import numpy as np
import plotly.io as pio

from pla_core import geometry

from .figures import base_figure, palette
from .text import num

#: At most this many steps go in a file (a longer run keeps every k-th step and the last one).
MAX_FRAMES = 400


def steps(T: int, limit: int = MAX_FRAMES) -> list[int]:
    """The steps drawn: all of 0 … T, or every k-th and T when there are more than ``limit``."""
    if T + 1 <= limit:
        return list(range(T + 1))
    k = int(np.ceil((T + 1) / limit))
    return sorted(set(range(0, T + 1, k)) | {T})


def _poly(p) -> tuple[list, list]:
    if p is None:
        return [], []
    return [*p[:, 0], p[0, 0]], [*p[:, 1], p[0, 1]]


def _moving(w, view, pal) -> list[dict]:
    """The traces that change with w: the +1 side, the −1 side, the boundary, and w as an arrow from its middle."""
    w = np.asarray(w, dtype=float)[:3]
    flat = not np.any(w[1:])
    pos = None if flat else geometry.half_plane(w, view, 1)
    neg = None if flat else geometry.half_plane(w, view, -1)
    seg = None if flat else geometry.clip_line(w, view)
    line = ([], []) if seg is None else ([seg[0][0], seg[1][0]], [seg[0][1], seg[1][1]])
    if seg is not None:
        mid = (seg[0] + seg[1]) / 2
        arrow = w[1:] / np.linalg.norm(w[1:]) * 0.18 * min(view[1] - view[0], view[3] - view[2])
        tip = ([mid[0], mid[0] + arrow[0]], [mid[1], mid[1] + arrow[1]])
    else:
        tip = ([], [])
    fill = dict(type="scatter", mode="lines", fill="toself", line={"width": 0}, hoverinfo="skip", showlegend=False)
    return [
        {**fill, "x": _poly(pos)[0], "y": _poly(pos)[1], "fillcolor": pal["pos_fill"], "name": "+1 side"},
        {**fill, "x": _poly(neg)[0], "y": _poly(neg)[1], "fillcolor": pal["neg_fill"], "name": "−1 side"},
        {"type": "scatter", "mode": "lines", "x": line[0], "y": line[1], "name": "boundary wᵀx̃ = 0",
         "line": {"color": pal["fg"], "width": 4}, "hoverinfo": "skip"},
        {"type": "scatter", "mode": "lines+markers", "x": tip[0], "y": tip[1], "name": "w", "showlegend": False,
         "line": {"color": pal["fg"], "width": 3.5}, "hoverinfo": "skip",
         "marker": {"symbol": ["circle", "arrow"], "size": [0, 16], "angleref": "previous", "color": pal["fg"]}},
    ]


def figure(points, trace, view, *, title: str, axes=("x₁", "x₂"), theme: str = "light") -> dict:
    """The animated figure: the moving traces first (frames restyle them), the points on top."""
    pal = palette(theme)
    base = base_figure(points, view, height=640, axis_titles=axes, theme=theme)
    shown = steps(len(trace))
    W = trace.weights
    frames = [{"name": str(t), "data": _moving(W[t], view, pal), "traces": [0, 1, 2, 3],
               "layout": {"title": {"text": f"{title} · step t = {t} of {len(trace)} · w = "
                                            f"({', '.join(num(v) for v in W[t])})"}}} for t in shown]
    play = {"args": [None, {"frame": {"duration": 500, "redraw": True}, "fromcurrent": True,
                            "transition": {"duration": 250}}], "label": "▶ Play", "method": "animate"}
    pause = {"args": [[None], {"frame": {"duration": 0, "redraw": False}, "mode": "immediate"}],
             "label": "❚❚ Pause", "method": "animate"}
    slider = {"active": 0, "currentvalue": {"prefix": "step t = "}, "pad": {"t": 40},
              "steps": [{"label": str(t), "method": "animate",
                         "args": [[str(t)], {"frame": {"duration": 0, "redraw": True}, "mode": "immediate"}]}
                        for t in shown]}
    layout = dict(base["layout"], title={"text": frames[0]["layout"]["title"]["text"], "x": 0, "font": {"size": 16}},
                  margin={"l": 50, "r": 10, "t": 70, "b": 40}, dragmode=False,
                  updatemenus=[{"type": "buttons", "direction": "left", "x": 0, "y": -0.12, "xanchor": "left",
                                "yanchor": "top", "buttons": [play, pause]}], sliders=[slider],
                  paper_bgcolor="white" if theme != "dark" else "#0E1117",
                  font={"size": 16, "color": pal["fg"]})
    return {"data": _moving(W[0], view, pal) + base["data"], "layout": layout, "frames": frames}


def html(points, trace, view, *, title: str, axes=("x₁", "x₂"), theme: str = "light") -> str:
    """One HTML file with plotly.js inside: it plays offline (no request leaves the file)."""
    fig = figure(points, trace, view, title=title, axes=axes, theme=theme)
    return pio.to_html(fig, include_plotlyjs=True, full_html=True, auto_play=False, validate=False,
                       config={"displayModeBar": False, "responsive": True})
