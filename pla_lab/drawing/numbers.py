"""Where each point's number goes beside its marker: the words name points by their index in the data ("point #17",
"#0"), so the plot writes that number next to each point, on the side where it hides no marker and no other number.

The side is chosen once, here, and sent in the payload (``numbers``): the live plot (``drawing/plot/marks.js``) and
the first picture (:mod:`pla_lab.drawing.picture`) write each number on the same side, so the handoff from one to the
other moves nothing. Pure: points and view in, a list of plotly text positions out.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

#: Above this many points no number is written beside every point (40 numbers already fill the plot of a phone, whose
#: plot area is about 260 px across): only the points the words name at the step (the circled one, the picked one,
#: the arrival) get theirs, and hovering any point shows "#k  (x₁, x₂)". The lessons' presets have at most 30 points
#: where the words name them one by one; Pocket's noisy sets of 50–150 points are read as a cloud.
CAP = 40
#: The plotly text positions, in the order tried: beside the marker's corners first (where a number reads as the
#: marker's own), then beside its sides.
SIDES = ("top right", "bottom right", "top left", "bottom left", "middle right", "middle left", "top center",
         "bottom center")
#: A number's font size in px (presenter mode: 1.5×) and the point markers' sizes, as figures.points_traces draws them.
FONT, MARKER = 12, 13
PRESENT_FONT, PRESENT_MARKER = 18, 20
#: What sides are chosen for, (the plot area's side in px, font, marker): a phone's plot (about 260 px across; a phone
#: draws a presenter's link as outside presenter mode) and the usual wide page's (about 330 px), or in presenter mode a
#: projector's at 1280×720 (about 380 px). A side that clears its neighbours on both clears them on every screen.
LOOKS = {False: ((260, FONT, MARKER), (330, FONT, MARKER)),
         True: ((260, FONT, MARKER), (380, PRESENT_FONT, PRESENT_MARKER))}
_H = {"left": -1, "right": 1}
_V = {"top": -1, "bottom": 1}


def offset(side: str, font: float, marker: float) -> tuple[float, float, str]:
    """Where plotly.js puts a marker's text on ``side`` (its ``textPointPosition``): the text's anchor point from the
    marker's centre in px (x right, y down; y is the text's baseline) and its SVG ``text-anchor``."""
    v = next((_V[w] for w in side.split() if w in _V), 0)
    h = next((_H[w] for w in side.split() if w in _H), 0)
    r = marker / 2 / 0.8 + 1  # plotly keeps a little more than the marker's radius (some markers are larger)
    return h * r, font * 0.75 + v * r + (v - 1) * font / 2, {-1: "end", 0: "middle", 1: "start"}[h]


def _boxes(n: int, font: float, marker: float) -> np.ndarray:
    """The boxes the numbers 0 … n−1 cover on each side, from the marker's centre in px: shape (n, sides, 4), rows
    of x0, x1, y0, y1 (y down)."""
    out = np.empty((n, len(SIDES), 4))
    for k, side in enumerate(SIDES):
        dx, base, anchor = offset(side, font, marker)
        w = 0.6 * font * np.array([len(str(i)) for i in range(n)])  # a digit: about 0.57 em of plotly's Open Sans
        x0 = {"start": dx + 0 * w, "end": dx - w, "middle": -w / 2}[anchor]  # one per number
        out[:, k] = np.column_stack([x0, x0 + w, np.full(n, base - 0.72 * font), np.full(n, base)])  # 0.72 em tall
    return out


def _areas(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The area in px² where each box of ``a`` covers each box of ``b`` (rows of x0, x1, y0, y1, broadcast)."""
    w = np.minimum(a[..., 1], b[..., 1]) - np.maximum(a[..., 0], b[..., 0])
    h = np.minimum(a[..., 3], b[..., 3]) - np.maximum(a[..., 2], b[..., 2])
    return np.clip(w, 0, None) * np.clip(h, 0, None)


def places(points, view, *, present: bool = False) -> list[str] | None:
    """For each point (x, y, label), the side of its marker its number is written on (a plotly ``textposition``), or
    None for more than :data:`CAP` points.

    Greedy, then once more: the most crowded points choose first; each takes the side whose number covers least of
    the other markers, the numbers already placed and the outside of the plot area, on each of :data:`LOOKS` together
    (on a tie, the first of :data:`SIDES`)."""
    if len(points) > CAP:
        return None
    return list(_places(tuple((float(p[0]), float(p[1])) for p in points), tuple(float(v) for v in view), present))


@lru_cache(maxsize=256)
def _places(xy: tuple, view: tuple, present: bool) -> tuple[str, ...]:
    n = len(xy)
    if not n:
        return ()
    span = max(view[1] - view[0], view[3] - view[2])
    P, fixed, at = np.asarray(xy, float), np.arange(len(SIDES)) * 0.5, []  # a slight preference for the earlier sides
    for side_px, font, marker in LOOKS[present]:
        s, half = side_px / span, marker / 2 + 1.5
        c = np.column_stack([(P[:, 0] - view[0]) * s, (view[3] - P[:, 1]) * s])  # the centres in px, y down
        boxes = _boxes(n, font, marker) + np.repeat(c, 2, axis=1)[:, None, :]  # (n, sides, 4)
        marks = np.column_stack([c[:, 0] - half, c[:, 0] + half, c[:, 1] - half, c[:, 1] + half])
        # What each side covers of the other markers (a point's own never: plotly keeps its text clear of it) …
        cover = _areas(boxes[:, :, None, :], marks[None, None, :, :])  # (n, sides, n)
        cover[np.arange(n), :, np.arange(n)] = 0
        # … and of the outside of the plot area, twice over.
        area = np.array([0.0, (view[1] - view[0]) * s, 0.0, (view[3] - view[2]) * s])
        size = (boxes[..., 1] - boxes[..., 0]) * (boxes[..., 3] - boxes[..., 2])
        fixed = fixed + cover.sum(axis=2) + 2 * (size - _areas(boxes, area))
        at.append(boxes)
    chosen = np.full(n, -1)
    # the most crowded first: the points with most neighbours within three markers at a phone's scale
    phone = LOOKS[present][0]
    near = np.hypot(*(P[:, None, :] - P[None, :, :]).transpose(2, 0, 1)) * phone[0] / span < 3 * phone[2]
    order = sorted(range(n), key=lambda i: (-int(near[i].sum()), i))
    for _ in range(2):  # greedy, then each point again with every other number placed
        for i in order:
            cost = fixed[i].copy()
            others = np.flatnonzero((chosen >= 0) & (np.arange(n) != i))
            for boxes in at:
                placed = boxes[others, chosen[others]] + [-1, 1, -1, 1]  # a px of room between two numbers
                cost += _areas(boxes[i][:, None, :], placed[None, :, :]).sum(axis=1)
            chosen[i] = int(np.argmin(cost))
    return tuple(SIDES[k] for k in chosen)
