"""Hyperplane geometry of seed 001, for w = (b, w₁, …, w_d) meaning the boundary b + w₁x₁ + … + w_dx_d = 0."""

from __future__ import annotations

import numpy as np

__all__ = ["unit_normal", "offset", "signed_distance", "clip_line"]


def _split(w):
    try:
        w = np.asarray(w, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError("w must be a list of numbers (bias weight first).") from None
    if w.size < 2 or not np.isfinite(w).all():
        raise ValueError("w needs a finite bias weight and at least one finite feature weight.")
    return w[0], w[1:]


def unit_normal(w) -> np.ndarray:
    """ŵ = w/‖w‖ of the feature part (d,): it points to the side predicted +1. Raises if w₁ = … = w_d = 0."""
    _, v = _split(w)
    nrm = np.linalg.norm(v)
    if nrm == 0:
        raise ValueError("All feature weights are 0: there is no boundary, every point gets the same sign.")
    return v / nrm


def offset(w) -> float:
    """b' = b/‖w‖ in ŵ·x + b' = 0: the boundary's signed distance from the origin is −b'."""
    b, v = _split(w)
    nrm = np.linalg.norm(v)
    if nrm == 0:
        raise ValueError("All feature weights are 0: there is no boundary, every point gets the same sign.")
    return float(b / nrm)


def signed_distance(w, points) -> np.ndarray:
    """(w·x + b)/‖w‖ for each point (n, d): positive on the +1 side; its absolute value is the distance."""
    b, v = _split(w)
    nrm = np.linalg.norm(v)
    if nrm == 0:
        raise ValueError("All feature weights are 0: there is no boundary, every point gets the same sign.")
    P = np.atleast_2d(np.asarray(points, dtype=float))
    return (P @ v + b) / nrm


def clip_line(w, box) -> np.ndarray | None:
    """The segment of w₀ + w₁x + w₂y = 0 inside box = (xmin, xmax, ymin, ymax), as [[x0, y0], [x1, y1]].

    Works for vertical (w₂ = 0) and horizontal (w₁ = 0) lines alike; returns None when the line misses the box or
    when w₁ = w₂ = 0 (no line at all). A line touching only a corner gives a zero-length segment.
    """
    b, v = _split(w)
    if v.size != 2:
        raise ValueError("clip_line draws boundaries in the plane: w must have 3 numbers (b, w₁, w₂).")
    w1, w2 = v
    try:
        xmin, xmax, ymin, ymax = map(float, box)
    except (TypeError, ValueError):
        raise ValueError("The view box must be four numbers: xmin, xmax, ymin, ymax.") from None
    if not (np.isfinite([xmin, xmax, ymin, ymax]).all() and xmin < xmax and ymin < ymax):
        raise ValueError("The view box must have xmin < xmax and ymin < ymax.")
    if w1 == 0 and w2 == 0:
        return None
    # A point on the line nearest the box centre, and the line's direction; clip the parameter t to the box.
    c = np.array([(xmin + xmax) / 2, (ymin + ymax) / 2])
    n = np.array([w1, w2]) / np.hypot(w1, w2)
    dist = (b + np.array([w1, w2]) @ c) / np.hypot(w1, w2)
    p = c - dist * n
    d = np.array([-n[1], n[0]])
    lo, hi = -np.inf, np.inf
    for k, (a, z) in enumerate(((xmin, xmax), (ymin, ymax))):
        if d[k] == 0:
            if not a <= p[k] <= z:
                return None
            continue
        t1, t2 = (a - p[k]) / d[k], (z - p[k]) / d[k]
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    if lo > hi:
        return None
    seg = np.array([p + lo * d, p + hi * d])
    # Pin coordinates to the box edges they were clipped to (rounding can leave them 1 ulp outside).
    seg[:, 0] = np.clip(seg[:, 0], xmin, xmax)
    seg[:, 1] = np.clip(seg[:, 1], ymin, ymax)
    return seg
