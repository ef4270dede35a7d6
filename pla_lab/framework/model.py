"""What the PLA page does with points, clicks and steps, as plain functions (no Streamlit, no Plotly)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

import numpy as np

import pla_core
from pla_lab.framework.codec import MAX_COORD, MAX_POINTS, q
from pla_lab.framework.parsers import dump12

Point = tuple[float, float, float]  # (x₁, x₂, label ±1)

DEFAULT_VIEW = (-1.25, 1.25, -1.25, 1.25)
CREDIT_VIEW = (-0.5, 10.5, -0.5, 10.5)


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
    return tuple(float(dump12(q(v))) for v in (c[0] - half, c[0] + half, c[1] - half, c[1] + half))  # as linked


@dataclass(frozen=True)
class Preset:
    """An example a lesson offers: a data set from ``pla_core.datasets``' registry, made with the session's seed.

    ``view``: the plot's range (None: fitted to the points). ``box``: the square the points come from; with
    ``target`` the example keeps its target f and that box (the Noise & Pocket page measures E_out over it).
    ``grid``: snap the points to this grid, dropping points that land on one spot; ``keep``: the first so many.
    """

    label: str
    dataset: str
    params: dict = field(default_factory=dict)
    view: tuple | None = None
    box: tuple | None = None
    target: bool = False
    grid: float | None = None
    keep: int | None = None

    @property
    def ax(self) -> str | None:
        """The data set whose named features title the axes (the credit-card story), or None (x₁, x₂)."""
        return self.dataset if self.dataset in named_datasets() else None

    def build(self, seed: int) -> tuple[list[Point], tuple, tuple | None]:
        """(points, view, f): f is (b, w₁, w₂, xmin, xmax, ymin, ymax) with ``target``, else None."""
        seeded = {} if self.dataset == "xor4" else {"seed": seed}
        d = pla_core.datasets.make(self.dataset, **self.params, **seeded)
        pts = []
        for (x, y), lab in zip(d.X, d.y):
            if self.grid:
                x, y = round(x / self.grid) * self.grid, round(y / self.grid) * self.grid
            p = (q(x), q(y), float(lab))
            if not (self.grid and any(o[0] == p[0] and o[1] == p[1] for o in pts)):
                pts.append(p)
        pts = pts[: self.keep]
        f = None
        if self.target:
            # f as the link writes it (12 significant digits), so a session and its link compute with the same f.
            f = tuple(float(f"{float(v):.12g}") for v in (*d.w_f, *self.box))
        return pts, self.view or fit_view(pts), f


@cache
def named_datasets() -> dict[str, tuple[str, str]]:
    """{data set: its two features' names} for the data sets of ``pla_core.datasets`` that name them."""
    out = {}
    for name in pla_core.datasets.GENERATORS:
        names = tuple(pla_core.datasets.make(name, **({} if name == "xor4" else {"seed": 0})).feature_names)
        if names != ("x₁", "x₂"):
            out[name] = names
    return out


@dataclass(frozen=True)
class FixedPreset(Preset):
    """An example of fixed points (x₁, x₂, y), not drawn from a data set: a tie on a grid, a far-away point."""

    fixed: tuple = ()

    def build(self, seed: int):
        pts = [(q(x), q(y), float(lab)) for x, y, lab in self.fixed]  # as a link holds them (see Preset.build)
        return pts, self.view or fit_view(pts), None


def axis_titles(ax: str | None) -> tuple[str, str]:
    return named_datasets().get(ax, ("x₁", "x₂"))


@cache
def class_legend(ax: str | None) -> tuple[str, str]:
    """The legend's names of the two classes: what +1 and −1 mean in the story of the data set whose features
    name the axes ("approve (+1)"), else "y = +1" and "y = −1"."""
    if ax in named_datasets():
        pos, neg = pla_core.datasets.make(ax, seed=0).class_names
        if (pos, neg) != ("+1", "−1"):
            return f"{pos} (+1)", f"{neg} (−1)"
    return "y = +1", "y = −1"


def apply_click(points: list[Point], event: dict, cls: float, view) -> tuple[list[Point], str | None]:
    """A click on the plot → the new list of points and, if the click did nothing, why.

    ``event`` comes from the browser: ``{"x", "y"}`` in data coordinates, ``"remove"`` the index of a point that
    was clicked (or None), ``"other"`` True for a shift-click (the other class), ``"flip"`` True to relabel the
    clicked point. A click on a point removes it (or, with flip, gives it the other label); anywhere else adds a
    point of class ``cls`` (or −cls) at the clicked spot, snapped to the grid.
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
        if event.get("flip"):
            p = points[hit]
            return points[:hit] + [(p[0], p[1], -p[2])] + points[hit + 1:], None
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
