"""The XOR lift's arrows in its 3-D view, drawn as the plot draws its own: w's feature part (w₁, w₂, w₃), the normal
of the plane, solid from the plane; the next update's feature part η·y·(x₁, x₂, x₁x₂), dashed in the corrected
point's colour from w's tip; the next w, dotted grey. Pure: numbers in, Plotly trace dicts out (no Streamlit)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: The longest arrow (w, or the next w) takes this fraction of the box's smallest side.
ROOM = 0.55


@dataclass(frozen=True)
class Arrows:
    """Where the arrows go, in the lift's coordinates: ``start`` on the plane, ``w`` and ``update`` (None when there is
    no next update) as drawn, i.e. times ``scale``."""

    start: np.ndarray
    w: np.ndarray
    update: np.ndarray | None
    scale: float


def place(w, u, box) -> Arrows | None:
    """The arrows of w = (b, w₁, w₂, w₃) and the update u = η·y·(x₁, x₂, x₁x₂) (or None) in ``box``, three (lo, hi)
    ranges: from the point of the plane nearest the box's centre, scaled so the longest fits. None when w₁ = w₂ = w₃
    = 0: there is no plane, and no arrow (as the plot draws none for w₁ = w₂ = 0)."""
    f = np.asarray(w[1:], dtype=float)
    if not f.any():
        return None
    lo, hi = np.array(box, dtype=float).T
    c = (lo + hi) / 2
    start = c - (float(w[0]) + f @ c) / (f @ f) * f
    u = None if u is None else np.asarray(u, dtype=float)
    longest = max(np.linalg.norm(f), 0.0 if u is None else np.linalg.norm(f + u))
    s = ROOM * float((hi - lo).min()) / longest
    return Arrows(start=start, w=f * s, update=None if u is None else u * s, scale=s)


def _arrow(a, v, color: str, width: float, dash: str, meta: str) -> list[dict]:
    """A line from a along v, with a cone at its head (3-D lines have no arrow markers)."""
    b = a + v
    line = {"type": "scatter3d", "mode": "lines", "x": [a[0], b[0]], "y": [a[1], b[1]], "z": [a[2], b[2]],
            "line": {"color": color, "width": width, "dash": dash}, "hoverinfo": "skip", "showlegend": False,
            "name": meta, "meta": meta}
    n = float(np.linalg.norm(v)) or 1.0
    head = {"type": "cone", "x": [b[0]], "y": [b[1]], "z": [b[2]], "u": [v[0] / n], "v": [v[1] / n],
            "w": [v[2] / n], "anchor": "tip", "sizemode": "absolute", "sizeref": 0.35, "showscale": False,
            "colorscale": [[0, color], [1, color]], "hoverinfo": "skip", "name": meta + " head", "meta": meta}
    return [line, head]


def traces(arrows: Arrows | None, *, fg: str, color: str) -> list[dict]:
    """The plot's style in 3-D: w solid in the text colour, the update dashed in ``color`` (the corrected point's
    class), the next w dotted grey."""
    if arrows is None:
        return []
    out = _arrow(arrows.start, arrows.w, fg, 9, "solid", "w")
    if arrows.update is not None:
        out += _arrow(arrows.start + arrows.w, arrows.update, color, 10, "dash", "update")
        out += _arrow(arrows.start, arrows.w + arrows.update, "rgba(128,128,128,0.8)", 4, "dot", "next w")
    return out
