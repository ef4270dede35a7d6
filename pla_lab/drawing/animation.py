"""A run as one self-contained HTML file for slides: plotly.js inside (works offline), and at every step what the
lesson draws: the two sides, the boundary and the previous one, w, the circled mistake, the update arrow and the next
w (arrows placed and scaled as the lesson's plot places them), under a title naming the lesson and the data, with
Play/Pause and a step slider whose label stays in view. No Streamlit."""

from __future__ import annotations

import numpy as np
import plotly.io as pio

from pla_core import geometry
from pla_lab.drawing.figures import base_figure, palette
from pla_lab.words import explain
from pla_lab.words.text import count, sub, vec

#: At most this many steps go in a file (a longer run keeps every k-th step and the last one).
MAX_FRAMES = 400
#: The traces each frame redraws, in drawing order (the points come after them).
MOVING = ("+1 side", "−1 side", "previous boundary", "boundary wᵀx̃ = 0", "w", "update η·y·x", "next w", "circle",
          "note")
_ARROWS = "→↗↑↖←↙↓↘"
_NONE = {"x": [None], "y": [None]}  # an empty trace that keeps its legend entry, so the legend never jumps


def steps(T: int, limit: int = MAX_FRAMES) -> list[int]:
    """The steps drawn: all of 0 … T, or every k-th and T when there are more than ``limit``."""
    if T + 1 <= limit:
        return list(range(T + 1))
    k = int(np.ceil((T + 1) / limit))
    return sorted(set(range(0, T + 1, k)) | {T})


def _poly(p) -> dict:
    return {"x": [*p[:, 0], p[0, 0]], "y": [*p[:, 1], p[0, 1]]} if p is not None else {"x": [], "y": []}


def _line(w, view) -> dict:
    seg = None if not np.any(w[1:]) else geometry.clip_line(w, view)
    return _NONE if seg is None else {"x": [seg[0][0], seg[1][0]], "y": [seg[0][1], seg[1][1]]}


def _arrow(start, tip, color, width, dash, name, legend=False) -> dict:
    return {"type": "scatter", "mode": "lines+markers", "x": [start[0], tip[0]], "y": [start[1], tip[1]], "name": name,
            "line": {"color": color, "width": width, "dash": dash}, "hoverinfo": "skip", "showlegend": legend,
            "marker": {"symbol": ["circle", "arrow"], "size": [0, width * 5], "angleref": "previous", "color": color}}


def _note(w, view) -> dict:
    """The words the lesson's plot writes on it when it draws no line: why (w₁ = w₂ = 0), or where it is."""
    c = np.array([(view[0] + view[1]) / 2, (view[2] + view[3]) / 2])
    m = 0.03 * min(view[1] - view[0], view[3] - view[2])
    d = None if not np.any(w[1:]) else geometry.off_box(w, view)
    if not np.any(w[1:]):
        at, text, pos = [c[0], view[3] - m], "w = 0: no line" if w[0] == 0 else "w₁ = w₂ = 0: no line", "bottom center"
    elif d is None:
        return {"x": [], "y": [], "text": []}
    else:
        t = min(((view[2 * i + 1] - view[2 * i]) / 2 - m) / abs(d[i]) for i in (0, 1) if d[i] != 0)
        o = explain.octant(d)
        at, pos = c + t * d, ("middle left", "bottom left", "bottom center", "bottom right", "middle right",
                              "top right", "top center", "top left")[o]
        text = f"{_ARROWS[o]} line off the plot" if 3 <= o <= 5 else f"line off the plot {_ARROWS[o]}"
    return {"x": [at[0]], "y": [at[1]], "text": [text], "textposition": pos}


def _moving(trace, t: int, view, pal) -> list[dict]:
    """The traces of step t, in the order of MOVING."""
    W, T = trace.weights, len(trace)
    w = np.asarray(W[t], dtype=float)
    flat = not np.any(w[1:])
    fill = {"type": "scatter", "mode": "lines", "fill": "toself", "line": {"width": 0}, "hoverinfo": "skip",
            "showlegend": False}
    line = {"type": "scatter", "mode": "lines", "hoverinfo": "skip"}
    out = [{**fill, **_poly(None if flat else geometry.half_plane(w, view, s)), "fillcolor": pal[key], "name": name}
           for s, key, name in ((1, "pos_fill", "+1 side"), (-1, "neg_fill", "−1 side"))]
    out.append({**line, **(_line(W[t - 1], view) if t > 0 else _NONE), "name": "previous boundary",
                "line": {"color": "rgba(128,128,128,0.75)", "width": 2.5, "dash": "dash"}})
    out.append({**line, **_line(w, view), "name": "boundary wᵀx̃ = 0", "line": {"color": pal["fg"], "width": 4}})
    a = explain.arrows(trace, t, view)
    wv, nv = (a[1][0], a[1][-1]) if a else ((0, 0), (0, 0))
    start = geometry.arrow_start(a[0], view, a[1]) if a else np.zeros(2)
    used = [int(k) for k in trace.used(t)] if t < T else []
    i = used[0] if used else None
    # The update arrow in its one point's class colour (the text colour for a batch), as the lesson's plot draws it.
    color = pal["fg"] if len(used) > 1 else pal["pos"] if i is not None and trace.y[i] > 0 else pal["neg"]
    out.append(_arrow(start, start + wv, pal["fg"], 3.5, "solid", "w", True) if a and not flat
               else {**line, **_NONE, "name": "w", "line": {"color": pal["fg"], "width": 3.5}})
    if a and i is not None:
        out += [_arrow(start + wv, start + nv, color, 3, "dash", "update η·y·x", True),
                _arrow(start, start + nv, "rgba(128,128,128,0.8)", 2, "dot", "next w")]
    else:
        out += [{**line, **_NONE, "name": "update η·y·x", "line": {"color": color, "width": 3, "dash": "dash"}},
                {**line, "x": [], "y": [], "name": "next w", "showlegend": False}]
    ring = {"x": [float(trace.X[k][0]) for k in used], "y": [float(trace.X[k][1]) for k in used]}
    out.append({"type": "scatter", "mode": "markers", **ring, "name": "circle", "showlegend": False, "hoverinfo": "skip",
                "marker": {"symbol": "circle-open", "size": 34, "color": pal["fg"],
                           "line": {"width": 3, "color": pal["fg"]}}})
    out.append({"type": "scatter", "mode": "text", "name": "note", "showlegend": False, "hoverinfo": "skip",
                "cliponaxis": False, "textfont": {"size": 17, "color": pal["fg"]}, **_note(w, view)})
    return out


def caption(trace, t: int, view) -> str:
    """The step in one line, over the plot: t, wₜ, its mistakes, what is circled, the arrows' scale."""
    T, n = len(trace), len(trace.y)
    text = f"step t = {t} of {T} · w{sub(t)} = {vec(trace.weights[t])} · {int(trace.errors[t])} of {n} wrong"
    if t < T:
        used = [int(k) for k in trace.used(t)]
        who = f"point #{used[0]}" if len(used) == 1 else f"{len(used)} points"
        text += f" · next: update {t + 1} corrects {who} (circled)"
    else:
        text += " · halted: no mistake left" if trace.halted else " · the run stops here, at the cap"
    s = explain.arrow_scale(trace, t, view)
    return text + (f" · arrows ×{explain.scale_text(s)}" if s is not None else "")


def figure(points, trace, view, *, title: str, axes=("x₁", "x₂"), theme: str = "light") -> dict:
    """The animated figure: the moving traces first (frames restyle them), the points on top."""
    pal = dict(palette(theme))
    base = base_figure(points, view, axis_titles=axes, theme=theme)
    n, pos = len(points), sum(1 for p in points if p[2] > 0)
    head = f"<b>{title}</b> · {count(n, 'point')}: {pos} ○ (+1), {n - pos} × (−1)"
    shown = steps(len(trace))
    frames = [{"name": str(t), "data": _moving(trace, t, view, pal), "traces": list(range(len(MOVING))),
               "layout": {"title": {"text": head, "subtitle": {"text": caption(trace, t, view), "font": {"size": 17}}}}}
              for t in shown]
    go = {"frame": {"duration": 700, "redraw": True}, "fromcurrent": True, "transition": {"duration": 300}}
    play = {"args": [None, go], "label": "▶ Play", "method": "animate"}
    pause = {"args": [[None], {"frame": {"duration": 0, "redraw": True}, "mode": "immediate"}],
             "label": "❚❚ Pause", "method": "animate"}
    slider = {"active": 0, "x": 0.22, "len": 0.78, "y": 0, "yanchor": "top", "pad": {"t": 55},
              "currentvalue": {"prefix": "step t = ", "xanchor": "right", "font": {"size": 18}},
              "steps": [{"label": str(t), "method": "animate",
                         "args": [[str(t)], {"frame": {"duration": 0, "redraw": True}, "mode": "immediate"}]}
                        for t in shown]}
    layout = dict(base["layout"], title={**frames[0]["layout"]["title"], "x": 0.01, "xanchor": "left",
                                         "font": {"size": 20}, "y": 0.98, "yanchor": "top"},
                  margin={"l": 60, "r": 20, "t": 90, "b": 160}, dragmode=False, height=None, autosize=True,
                  legend={"x": 1.02, "y": 1, "xanchor": "left", "yanchor": "top", "font": {"size": 16}},
                  updatemenus=[{"type": "buttons", "direction": "left", "x": 0, "xanchor": "left", "y": 0,
                                "yanchor": "top", "pad": {"t": 55}, "buttons": [play, pause],
                                # dark text on light buttons in either theme: plotly lights the pressed one
                                "font": {"size": 16, "color": "#31333F"}, "bgcolor": "#F0F2F6"}],
                  sliders=[slider], paper_bgcolor="white" if theme != "dark" else "#0E1117",
                  font={"size": 16, "color": pal["fg"]})
    layout.pop("clickanywhere", None)
    return {"data": frames[0]["data"] + base["data"], "layout": layout, "frames": frames}


def html(points, trace, view, *, title: str, axes=("x₁", "x₂"), theme: str = "light") -> str:
    """One HTML file with plotly.js inside, filling the window: it plays offline (no request leaves the file)."""
    fig = figure(points, trace, view, title=title, axes=axes, theme=theme)
    page = pio.to_html(fig, include_plotlyjs=True, full_html=True, auto_play=False, validate=False,
                       config={"displayModeBar": False, "responsive": True})
    # A responsive figure is as tall as its page: the page is made as tall as the window (a slide's full screen).
    style = "<style>html, body, body > div { height: 100%; margin: 0; overflow: hidden; }</style>"
    return page.replace("<head>", "<head>" + style, 1)
