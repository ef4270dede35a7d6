"""Hyperplane geometry of the handwritten notes, for w = (b, w₁, …, w_d) meaning the boundary b + w₁x₁ + … + w_dx_d = 0.

The handwritten notes write the boundary w·x + b = 0, so its line −2x + 3y = 5 is w = (−5, −2, 3) here. Distances in
this module are the ordinary ones in the plane (divided by ‖(w₁, …, w_d)‖), unlike the margin ρ(w) of
:mod:`pla_core.theory`, which lives in the augmented space (divided by ‖w‖, the bias weight included).
"""

from __future__ import annotations

import numpy as np

from ._checks import check_data, check_sign_zero
from .grid import scores

__all__ = ["unit_normal", "offset", "signed_distance", "geometric_margin", "foot", "closest_to_origin", "clip_line",
           "off_box", "arrow_start", "half_plane", "band", "polygon_area", "disagreement", "disagreement_path"]


def _split(w):
    try:
        w = np.asarray(w, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError("w must be a list of numbers (bias weight first).") from None
    if w.size < 2 or not np.isfinite(w).all():
        raise ValueError("w needs a finite bias weight and at least one finite feature weight.")
    return w[0], w[1:]


def _line(w):
    """(b, v, ‖v‖) of a boundary, or a ValueError when w₁ = … = w_d = 0 (then there is no boundary)."""
    b, v = _split(w)
    nrm = float(np.linalg.norm(v))
    if nrm == 0:
        raise ValueError("All feature weights are 0: there is no boundary, every point gets the same sign.")
    return b, v, nrm


def _points(points, d: int) -> np.ndarray:
    try:
        P = np.atleast_2d(np.asarray(points, dtype=float))
    except (TypeError, ValueError):
        raise ValueError("The points must be a table of numbers, one row per point.") from None
    if P.ndim != 2 or P.shape[1] != d:
        raise ValueError(f"Each point needs {d} coordinates, one per feature weight.")
    return P


def unit_normal(w) -> np.ndarray:
    """ŵ = w/‖w‖ of the feature part (d,): it points to the side predicted +1. Raises if w₁ = … = w_d = 0."""
    _, v, nrm = _line(w)
    return v / nrm


def offset(w) -> float:
    """b' = b/‖w‖ in ŵ·x + b' = 0 (the handwritten notes): the boundary's signed distance from the origin, along ŵ, is
    −b'.

    The handwritten notes call b' "the distance of the hyperplane from origin"; its distance is |b'|, and the line lies
    on the +1 side of the origin when b' < 0 (x + y = 3 is w = (−3, 1, 1): b' = −3/√2).
    """
    b, _, nrm = _line(w)
    return float(b / nrm)


def signed_distance(w, points) -> np.ndarray:
    """(w·x + b)/‖w‖ for each point (n, d): positive on the +1 side; its absolute value is the distance."""
    b, v, nrm = _line(w)
    return (_points(points, v.size) @ v + b) / nrm


def geometric_margin(w, X, y) -> float:
    """minₙ yₙ(w·xₙ + b)/‖(w₁, …, w_d)‖: the distance in the plane from the boundary to the closest point, signed
    so that it is negative when some point is on the wrong side (0 when one lies on the line).

    The margin the handwritten notes draw ("the dist. b/w the hyperplane & data point nearest to it"). The proofs' ρ(w)
    of :func:`pla_core.margin` divides by the whole ‖w‖ instead, bias weight included, so
    ρ(w) = geometric_margin(w)·‖(w₁, …, w_d)‖/‖w‖. Raises ValueError when w₁ = … = w_d = 0.
    """
    X, y = check_data(X, y)
    b, v, nrm = _line(w)
    if v.size != X.shape[1]:
        raise ValueError(f"w must have {X.shape[1] + 1} numbers: the bias weight, then one per feature.")
    exact = scores(np.concatenate([[b], v]), X, y)  # grid data: a point on the line is exactly 0 away
    return float((exact if exact is not None else y * (X @ v + b)).min() / nrm)


def foot(w, points) -> np.ndarray:
    """The foot of the perpendicular from each point (n, d) onto the boundary b + w·x = 0, shape (n, d):
    x − ((w·x + b)/‖w‖²)·w, the point of the line nearest to x. Raises ValueError when w₁ = … = w_d = 0."""
    b, v, _ = _line(w)
    P = _points(points, v.size)
    return P - np.outer((P @ v + b) / (v @ v), v)  # v·v, not ‖v‖²: exact on integer weights


def closest_to_origin(w) -> np.ndarray:
    """The point of the boundary nearest the origin, −b'·ŵ (d,) (:func:`offset`, :func:`unit_normal`); its
    length is the line's distance |b'| from the origin."""
    b, v, _ = _line(w)
    return -(b / (v @ v)) * v


def clip_line(w, box) -> np.ndarray | None:
    """The segment of w₀ + w₁x + w₂y = 0 inside box = (xmin, xmax, ymin, ymax), as [[x0, y0], [x1, y1]].

    Works for vertical (w₂ = 0) and horizontal (w₁ = 0) lines alike; returns None when the line misses the box or
    when w₁ = w₂ = 0 (no line at all). A line touching only a corner gives a zero-length segment.
    """
    b, v = _split(w)
    if v.size != 2:
        raise ValueError("clip_line draws boundaries in the plane: w must have 3 numbers (b, w₁, w₂).")
    w1, w2 = v
    xmin, xmax, ymin, ymax = _box(box)
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


def off_box(w, box) -> np.ndarray | None:
    """Where the line w₀ + w₁x + w₂y = 0 lies from a box it misses: the unit vector (2,) from the box's centre
    towards the line's nearest point. None when the line crosses or touches the box (:func:`clip_line` finds a
    segment) or when w₁ = w₂ = 0 (no line)."""
    b, v = _split(w)
    if v.size != 2:
        raise ValueError("off_box works in the plane: w must have 3 numbers (b, w₁, w₂).")
    xmin, xmax, ymin, ymax = _box(box)
    if not np.any(v) or clip_line(w, box) is not None:
        return None
    c = np.array([(xmin + xmax) / 2, (ymin + ymax) / 2])
    n = v / np.hypot(v[0], v[1])
    return -np.sign(b + v @ c) * n  # the centre's signed distance is positive on the +1 side: go the other way


def arrow_start(w, box, tips=(), *, inset: float = 0.04) -> np.ndarray:
    """Where to draw arrows for w from so that they stay in the box, shape (2,). ``tips``: the arrows' ends (k, 2),
    relative to their start; ``inset``: how far inside the box's edges they are kept, as a fraction of its shorter
    side. The middle of the line's segment in the box if the arrows fit from there; else the point of the line
    nearest that middle from which they fit; else (a line at the very edge, or missing the box) the corner of the
    starts that fit nearest the line. With w₁ = w₂ = 0, the box's middle, moved in as far as the arrows need."""
    b, v = _split(w)
    if v.size != 2:
        raise ValueError("arrow_start works in the plane: w must have 3 numbers (b, w₁, w₂).")
    xmin, xmax, ymin, ymax = _box(box)
    m = inset * min(xmax - xmin, ymax - ymin)
    T = np.vstack([np.zeros((1, 2)), np.asarray(tips, dtype=float).reshape(-1, 2)])
    ok = [xmin + m - T[:, 0].min(), xmax - m - T[:, 0].max(), ymin + m - T[:, 1].min(), ymax - m - T[:, 1].max()]
    for i in (0, 2):  # arrows longer than the box: the one start in the middle of what they allow
        if ok[i] > ok[i + 1]:
            ok[i] = ok[i + 1] = (ok[i] + ok[i + 1]) / 2
    def fit(p):
        return np.array([min(ok[1], max(ok[0], p[0])), min(ok[3], max(ok[2], p[1]))])
    if not np.any(v):
        return fit([(xmin + xmax) / 2, (ymin + ymax) / 2])
    seg = clip_line(w, box)
    if seg is not None:
        mid = (seg[0] + seg[1]) / 2
        if np.array_equal(fit(mid), mid):
            return mid
        part = clip_line(w, ok) if ok[0] < ok[1] and ok[2] < ok[3] else None
        if part is not None:
            return part[0] if np.hypot(*(part[0] - mid)) <= np.hypot(*(part[1] - mid)) else part[1]
    corners = [(ok[0], ok[2]), (ok[1], ok[2]), (ok[1], ok[3]), (ok[0], ok[3])]
    return np.array(min(corners, key=lambda p: abs(b + (v[0] * p[0] + v[1] * p[1]))))


def _box(box):
    try:
        xmin, xmax, ymin, ymax = map(float, box)
    except (TypeError, ValueError):
        raise ValueError("The box must be four numbers: xmin, xmax, ymin, ymax.") from None
    if not (np.isfinite([xmin, xmax, ymin, ymax]).all() and xmin < xmax and ymin < ymax):
        raise ValueError("The box must have xmin < xmax and ymin < ymax.")
    return xmin, xmax, ymin, ymax


def _clip(poly: list, w: np.ndarray, sign: float) -> list:
    """Sutherland–Hodgman: the part of a convex polygon where sign·(b + w₁x + w₂y) ≥ 0."""
    out = []
    f = [sign * (w[0] + w[1] * p[0] + w[2] * p[1]) for p in poly]
    for i, a in enumerate(poly):
        c, fa, fc = poly[(i + 1) % len(poly)], f[i], f[(i + 1) % len(poly)]
        if fa >= 0:
            out.append(a)
        if (fa >= 0) != (fc >= 0):
            s = fa / (fa - fc)
            out.append((a[0] + s * (c[0] - a[0]), a[1] + s * (c[1] - a[1])))
    return out if len(out) >= 3 else []


def half_plane(w, box, sign: int = 1) -> np.ndarray | None:
    """The part of the box where sign·wᵀx̃ ≥ 0, as polygon vertices (k, 2) in order, or None if it is empty."""
    b, v = _split(w)
    if v.size != 2:
        raise ValueError("half_plane works in the plane: w must have 3 numbers (b, w₁, w₂).")
    xmin, xmax, ymin, ymax = _box(box)
    poly = _clip([(xmin, ymin), (xmax, ymin), (xmax, ymax), (xmin, ymax)], np.array([b, *v]), float(sign))
    return np.array(poly) if poly else None


def band(w, half: float, box) -> np.ndarray | None:
    """The part of the box where |wᵀx̃| ≤ half (a street around the line of w, e.g. the margin band of the
    max-margin w* with half = ρ*), as polygon vertices (k, 2) in order, or None if it misses the box. With half = 0
    it is the line's segment as a flat polygon."""
    b, v = _split(w)
    if v.size != 2:
        raise ValueError("band works in the plane: w must have 3 numbers (b, w₁, w₂).")
    if not (np.isfinite(half) and half >= 0):
        raise ValueError("The band's half-width must be a finite number ≥ 0.")
    xmin, xmax, ymin, ymax = _box(box)
    poly = _clip([(xmin, ymin), (xmax, ymin), (xmax, ymax), (xmin, ymax)], np.array([b + half, *v]), 1.0)
    poly = _clip(poly, np.array([b - half, *v]), -1.0) if poly else []
    return np.array(poly) if poly else None


def polygon_area(poly) -> float:
    """Area of a simple polygon given by its vertices in order (shoelace formula); 0 for None or < 3 vertices."""
    if poly is None or len(poly) < 3:
        return 0.0
    P = np.asarray(poly, dtype=float)
    x, y = P[:, 0], P[:, 1]
    return float(abs(x @ np.roll(y, -1) - y @ np.roll(x, -1)) / 2)


def disagreement(w, w_f, box, *, sign_zero=None) -> float:
    """The fraction of the box where h(x) = sign(wᵀx̃) and the target f(x) = sign(w_fᵀx̃) disagree.

    For x uniform on the box (how :func:`pla_core.datasets.separable` draws its points) this is E_out of w
    measured against the noise-free target f. Exact, by clipping the box with both lines. The boundary itself
    has no area; only w with w₁ = w₂ = 0 and b = 0 (such as w₀ = 0) puts the whole box on it, and then
    ``sign_zero`` decides as in :func:`pla_core.pla`: None (the handwritten notes' algorithm, y·wᵀx ≤ 0 is a mistake)
    makes wᵀx̃ = 0 wrong for both classes, so the area is 1; "both" (the handwritten notes' margin section, only y·wᵀx <
    0 is) makes it right for both, so the prediction agrees with f everywhere and the area is 0; +1 (David Press's AI
    notes and the step-function notes) and −1 (the Princeton COS 495 lecture) predict that class everywhere. With w₁ =
    w₂ = 0 and b ≠ 0 the prediction is sign(b) everywhere.
    """
    check_sign_zero(sign_zero)
    b, v = _split(w)
    bf, vf = _split(w_f)
    if v.size != 2 or vf.size != 2:
        raise ValueError("disagreement works in the plane: w and w_f must have 3 numbers (b, w₁, w₂).")
    xmin, xmax, ymin, ymax = _box(box)
    rect = [(xmin, ymin), (xmax, ymin), (xmax, ymax), (xmin, ymax)]
    total = (xmax - xmin) * (ymax - ymin)
    wf = np.array([bf, *vf])
    f_pos = polygon_area(_clip(rect, wf, 1.0)) / total
    if not np.any(v):  # a constant prediction
        if b == 0 and sign_zero == "both":
            return 0.0
        pred = np.sign(b) if b != 0 else (0 if sign_zero is None else sign_zero)
        return 1.0 if pred == 0 else (1.0 - f_pos if pred > 0 else f_pos)
    w = np.array([b, *v])
    wrong = sum(polygon_area(_clip(_clip(rect, w, s), wf, -s)) for s in (1.0, -1.0))
    frac = wrong / total
    return 0.0 if frac < 1e-12 else float(min(1.0, frac))  # slivers of rounding between equal lines: 0


def disagreement_path(W, w_f, box, *, sign_zero=None) -> np.ndarray:
    """:func:`disagreement` for each row of W (weights over the updates, e.g. a Pocket trace's
    ``pocket_weights``), shape (len(W),). Each run of equal consecutive rows is computed once: ŵ changes only
    when the pocket improves. ``sign_zero`` (None, +1, −1 or "both") as in :func:`disagreement`."""
    check_sign_zero(sign_zero)
    W = np.atleast_2d(np.asarray(W, dtype=float))
    if len(W) == 0:
        return np.empty(0)
    change = np.concatenate([[True], np.any(W[1:] != W[:-1], axis=1)])
    values = np.array([disagreement(w, w_f, box, sign_zero=sign_zero) for w in W[change]])
    return values[np.cumsum(change) - 1]
