"""What the PLA page does with points, clicks and steps, as plain functions (no Streamlit, no Plotly)."""

from __future__ import annotations

import math

import numpy as np

import pla_core

from .settings import MAX_COORD, MAX_POINTS, q

Point = tuple[float, float, float]  # (x₁, x₂, label ±1)

DEFAULT_VIEW = (-1.25, 1.25, -1.25, 1.25)
PRESETS = {
    "separable": "Separable",
    "xor": "XOR (4 points)",
    "credit": "Credit card",
}


def grid_step(view) -> float:
    """Clicks snap to about 1/100 of the view's width, rounded down to 1, 2 or 5 × 10ᵏ (0.02 on the default
    view, 0.1 on the credit-card view), and never finer than the stored resolution 0.001."""
    raw = (view[1] - view[0]) / 100
    k = math.floor(math.log10(raw))
    step = max(m * 10.0**k for m in (1, 2, 5) if m * 10.0**k <= raw * 1.001)
    return max(round(step, 12), 0.001)


def snap(v: float, step: float) -> float:
    return q(round(v / step) * step)


def fit_view(points, pad: float = 0.15) -> tuple[float, float, float, float]:
    """A square-ish view holding every point with a margin; the default view when there are none."""
    if not points:
        return DEFAULT_VIEW
    P = np.array([p[:2] for p in points])
    lo, hi = P.min(axis=0), P.max(axis=0)
    span = max(float((hi - lo).max()), 1.0) * (1 + 2 * pad)
    c = (lo + hi) / 2
    step = grid_step((0, span, 0, span))
    half = math.ceil(span / 2 / step) * step
    return tuple(q(v) for v in (c[0] - half, c[0] + half, c[1] - half, c[1] + half))


def preset(name: str, seed: int) -> tuple[list[Point], tuple]:
    """Points and a view for a preset button."""
    if name == "separable":
        d = pla_core.datasets.separable(20, margin=0.1, seed=seed)
        view = DEFAULT_VIEW
    elif name == "xor":
        d = pla_core.datasets.xor4()
        view = (-1.6, 1.6, -1.6, 1.6)
    elif name == "credit":
        d = pla_core.datasets.credit(30, seed=seed)
        view = (-0.5, 10.5, -0.5, 10.5)
    else:
        raise ValueError(f"Unknown preset {name!r}; choose one of {', '.join(PRESETS)}.")
    return [(q(x), q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)], view


POCKET_PRESETS = {
    "line50": "Noisy line, 50 points",
    "line150": "Noisy line, 150 points",
    "credit": "Credit card, 60 applicants",
}
XOR_PRESETS = {
    "xor4": "XOR, the 4 points",
    "xor20": "Noisy XOR, 20 points",
    "xor40": "Noisy XOR, 40 points",
    "separable": "Separable (for contrast)",
}
XOR_GRID = 0.1  # the noisy XOR is snapped to this grid: grid data always cycle, and within a few hundred updates


def target_preset(name: str, seed: int) -> tuple[list[Point], tuple, tuple]:
    """Points, view and target f (w_f and the box the points were drawn from) for the Noise & Pocket page.
    The labels are f's, before noise (the page flips them)."""
    if name in ("line50", "line150"):
        # A margin of 0.005 > the largest move of rounding to 0.001 (0.0005·√2 across a unit normal), so the
        # stored points keep f's labels.
        d = pla_core.datasets.separable(50 if name == "line50" else 150, margin=0.005, seed=seed)
        view, box = DEFAULT_VIEW, (-1.0, 1.0, -1.0, 1.0)
    elif name == "credit":
        d = pla_core.datasets.credit(60, seed=seed)
        view, box = (-0.5, 10.5, -0.5, 10.5), (0.0, 10.0, 0.0, 10.0)
    else:
        raise ValueError(f"Unknown example {name!r}; choose one of {', '.join(POCKET_PRESETS)}.")
    pts = [(q(x), q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    # f as the link writes it (12 significant digits), so a session and its link compute with the same f.
    return pts, view, tuple(float(f"{float(v):.12g}") for v in (*d.w_f, *box))


def xor_preset(name: str, seed: int) -> tuple[list[Point], tuple]:
    """Points and view for the XOR page: seed 003's four points, a noisy many-point XOR on a 0.1 grid, or a
    separable set to compare with."""
    if name == "xor4":
        return preset("xor", seed)
    if name in ("xor20", "xor40"):
        n = 20 if name == "xor20" else 40
        d = pla_core.datasets.xor(n + 40, noise=0.1, spread=0.2, seed=seed)
        pts = []
        for (x, y), lab in zip(d.X, d.y):
            p = (q(round(x / XOR_GRID) * XOR_GRID), q(round(y / XOR_GRID) * XOR_GRID), float(lab))
            if not any(o[0] == p[0] and o[1] == p[1] for o in pts):  # snapping may land two points on one spot
                pts.append(p)
        return pts[:n], fit_view(pts[:n])
    if name == "separable":
        return preset("separable", seed)
    raise ValueError(f"Unknown example {name!r}; choose one of {', '.join(XOR_PRESETS)}.")


def apply_click(points: list[Point], event: dict, cls: float, view) -> tuple[list[Point], str | None]:
    """A click on the plot → the new list of points and, if the click did nothing, why.

    ``event`` comes from the browser: ``{"x", "y"}`` in data coordinates, ``"remove"`` the index of a point that
    was clicked (or None), ``"other"`` True for a shift-click (the other class). A click on a point removes it;
    anywhere else adds a point of class ``cls`` (or −cls) at the clicked spot, snapped to the grid.
    """
    if not isinstance(event, dict):
        return points, "That click could not be read."
    idx = event.get("remove")
    if idx is not None:
        try:
            idx = int(idx)
            x, y = float(event["x"]), float(event["y"])
        except (KeyError, TypeError, ValueError):
            return points, "That click could not be read."
        hit = _find(points, idx, x, y, view)
        if hit is None:
            return points, None
        return points[:hit] + points[hit + 1:], None
    try:
        x, y = float(event["x"]), float(event["y"])
    except (KeyError, TypeError, ValueError):
        return points, "That click could not be read."
    if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > MAX_COORD:
        return points, "That click is outside the plane PLA Lab can draw."
    xmin, xmax, ymin, ymax = view
    if not (xmin <= x <= xmax and ymin <= y <= ymax):
        return points, "Click inside the plot area to add a point."
    if len(points) >= MAX_POINTS:
        return points, f"{MAX_POINTS} points is the most PLA Lab draws: remove some (click them) or Clear first."
    step = grid_step(view)
    label = -cls if event.get("other") else cls
    new = (snap(x, step), snap(y, step), float(label))
    if any(p[0] == new[0] and p[1] == new[1] for p in points):
        return points, "There is already a point there (click it to remove it)."
    return points + [new], None


def _find(points, idx, x, y, view) -> int | None:
    """The point the browser meant: index ``idx`` if it is still at (x, y), else the nearest one close by."""
    tol = 0.03 * (view[1] - view[0])
    if 0 <= idx < len(points) and abs(points[idx][0] - x) <= tol and abs(points[idx][1] - y) <= tol:
        return idx
    if not points:
        return None
    P = np.array([p[:2] for p in points])
    d = np.hypot(P[:, 0] - x, P[:, 1] - y)
    j = int(d.argmin())
    return j if d[j] <= tol else None


def arrays(points) -> tuple[np.ndarray, np.ndarray]:
    P = np.array(points, dtype=float).reshape(-1, 3)
    return P[:, :2], P[:, 2]


def epoch_end(trace, t: int) -> int:
    """The step reached by finishing the current pass over the data (cyclic/permuted order), or t+n updates'
    worth for random order: 'Epoch' in the controls."""
    T = len(trace)
    if t >= T:
        return T
    n = len(trace.y)
    if trace.visits is None:
        return min(T, t + n)
    # Updates whose visit count lies in the same pass as update t (update t is the next to happen).
    pass_end = (int(trace.visits[t]) - 1) // n * n + n
    return int(np.searchsorted(trace.visits, pass_end, side="right"))
