"""The first picture: a lesson's step drawn by the server as a plain SVG, sent with the page's first elements and
shown in the plot's place until the live plot (drawing/plot/surface.js) has drawn over it.

It is drawn in the data's own units: the SVG's viewBox is the plot's view (y flipped), shown with
``preserveAspectRatio="xMidYMid meet"`` in a box the page's style places where the live plot's plot area will be
(its margins, :data:`MARGINS`). So the points land where the live plot puts them at any width (equal scales, centred, as the
live plot's ``constrain: "domain"``), without the server knowing the screen. Lines keep their width in pixels
(``vector-effect: non-scaling-stroke``); marks and arrowheads are sized for the plot's usual scale, so they may differ
from the live plot's by a few pixels on a much wider or narrower screen.

Pure: the plot's payload in, SVG text out (numbers and the palette only; no text a user typed). The geometry is
``pla_core.geometry``'s, the one the live plot's browser modules reproduce (``geometry.js``, ``pose.js``).
"""

from __future__ import annotations

import base64
import math
from xml.sax.saxutils import escape

import numpy as np

from pla_core.geometry import arrow_start, clip_line
from pla_lab.drawing import numbers

#: The live plot's margins in px (left, right, top with one legend row, bottom) and each further legend row, as
#: plotly drew them before the plot was our own SVG (which keeps them, the payload's ``margins``), measured on every
#: lesson: at 1280×720 and 1920×1080, in presenter mode at 1280×720, and on a 390×844 phone. The live plot's left
#: margin grows where its y axis's labels would leave the drawing, as plotly's automargin did.
#: plotly wraps the legend by its entries' widths, so the top margin is a guess from the number of entries.
MARGINS = {"wide": [50, 10, 43, 56, 21], "present": [50, 10, 48, 67, 28], "phone": [68, 10, 40, 48, 19]}
MAX_POINTS = 400  # more points and the picture is not sent (its bytes would come at every rerun until the plot is live)
DASHES = {"dash": "10 6", "dot": "2 5", "dashdot": "10 5 2 5"}


def legend_names(payload: dict) -> list[str]:
    """The live plot's legend entries: the classes, the static layers and the moving ones that have a name, the
    companions' lines, and w's arrow."""
    moving = set(payload.get("moving") or ())
    layers = payload.get("layers") or {}
    traces = [*payload["base"]["data"], *(t for part in ("below", "above") for t in layers.get(part, []))]
    names = [t["name"] for t in traces if t.get("name") and t.get("showlegend", True) is not False]
    names += [name for layer, name in (payload.get("labels") or {}).items() if layer in moving]
    if "companion" in moving:
        names += [c.get("label") or "second run" for c in _companions(payload)]
    return names + (["w (×0.72)"] if "w" in moving else [])


def legend_rows(payload: dict) -> int:
    """How many rows the live plot's legend takes above the plot area at the usual 1280-px-wide page, by the rule
    its legend follows (``drawing/plot/legend.js``, plotly's): one row if every entry fits; else each entry in a slot
    as wide as the widest (columns), or, with a legend group (the hatched ŵ ≠ f), as wide as itself, and a new row
    where the next would reach the edge. An entry is about 44 px and 6.5 px a character at the legend's 14–15 px
    (1.15× that in presenter mode), the row about 433 px beside a chart or in the usual column, 560 px in presenter
    mode's wider plot."""
    k = 1.15 if payload.get("present") else 1
    widths = [k * (44 + 6.5 * len(name)) for name in legend_names(payload)]
    room = 560 if payload.get("present") and not payload.get("chart") else 433
    if not widths or sum(widths) < room:
        return 1
    grouped = "disagree" in (payload.get("labels") or {}) and "disagree" in (payload.get("moving") or ())
    x, rows = 0.0, 1
    for w in widths:
        slot = w if grouped else max(widths)
        if x > 0 and x + slot >= room:
            x, rows = 0.0, rows + 1
        x += slot
    return rows


def _entry(win: dict | None, name: str, t: int):
    if not win or not win.get(name):
        return None
    k = t - win["t0"]
    return win[name][k] if 0 <= k < len(win[name]) else None


def _companions(payload: dict) -> list[dict]:
    c = payload.get("companion")
    return [] if not c else c if isinstance(c, list) else [c]


def _companion_w(c: dict, t: int):
    if t >= c["T"]:
        return c["last"]
    k = t - c["t0"]
    return c["W"][k] if 0 <= k < len(c["W"]) else None


class _Svg:
    """SVG marks in data units (y flipped), with ``s`` the px per data unit the marks are sized for."""

    def __init__(self, view, s: float):
        self.v, self.s, self.out = view, s, []

    def xy(self, p) -> str:
        return f"{p[0]:.4g},{-p[1]:.4g}"

    def line(self, a, b, color: str, width: float, dash: str = "solid") -> None:
        d = f' stroke-dasharray="{DASHES[dash]}"' if dash in DASHES else ""
        self.out.append(f'<path d="M{self.xy(a)}L{self.xy(b)}" stroke="{color}" stroke-width="{width}"{d} '
                        'vector-effect="non-scaling-stroke" fill="none"/>')

    def boundary(self, w, color: str, width: float, dash: str = "solid") -> None:
        seg = clip_line(w, self.v) if w is not None and len(w) == 3 else None
        if seg is not None:
            self.line(seg[0], seg[1], color, width, dash)

    def arrow(self, start, vec, color: str, width: float) -> None:
        length = math.hypot(*vec) * self.s
        if not length > 1:
            return
        ux, uy = vec[0] / math.hypot(*vec), vec[1] / math.hypot(*vec)
        h = width * 4 / self.s  # the head's length, in data units
        tip = (start[0] + vec[0], start[1] + vec[1])
        neck = (tip[0] - h * ux, tip[1] - h * uy)
        self.line(start, neck, color, width)
        wing = ((neck[0] + h * 0.5 * uy, neck[1] - h * 0.5 * ux), (neck[0] - h * 0.5 * uy, neck[1] + h * 0.5 * ux))
        self.out.append(f'<path d="M{self.xy(tip)}L{self.xy(wing[0])}L{self.xy(wing[1])}Z" fill="{color}"/>')


def svg(payload: dict, *, height: int | None = None, metadata: str = "") -> str:
    """The SVG of the payload's step at rest: the plot area's frame and axes, the companions' lines, the boundary,
    w's arrow, the points (○ +1, × −1), the circled point of the next update and the points' numbers; ``metadata``
    (text, escaped here) in its <metadata id="pla-payload">, which no viewer draws."""
    v = [float(x) for x in payload["view"]]
    colors, fg, present = payload["colors"], payload["colors"].get("fg", "#31333F"), bool(payload.get("present"))
    k = 1.5 if present else 1
    _, _, top, bottom, row = MARGINS["present" if present else "wide"]
    h = (height or payload["height"]) - top - bottom - row * (legend_rows(payload) - 1)
    s = max(h, 10) / (v[3] - v[2])  # px per unit: the plot area's height sets the scale on the usual wide column
    out = _Svg(v, s)
    grey = "rgba(128,128,128,0.6)"
    out.out.append(f'<rect x="{v[0]:.4g}" y="{-v[3]:.4g}" width="{v[1] - v[0]:.4g}" height="{v[3] - v[2]:.4g}" '
                   'fill="none" stroke="rgba(128,128,128,0.22)" vector-effect="non-scaling-stroke"/>')
    if v[0] < 0 < v[1]:
        out.line((0, v[2]), (0, v[3]), grey, 1.5)
    if v[2] < 0 < v[3]:
        out.line((v[0], 0), (v[1], 0), grey, 1.5)
    win, moving = payload.get("win"), set(payload.get("moving") or ())
    t = min(int(payload.get("t", 0)), int(payload.get("T", 0)))
    w = _entry(win, "W", t)
    if w is not None and "companion" in moving:
        for c in _companions(payload):
            color = colors.get(c.get("color") or "pocket", c.get("color") or colors.get("pocket", fg))
            out.boundary(_companion_w(c, t), color, 4 * k, c.get("dash") or "dash")
    if w is not None and "boundary" in moving:
        out.boundary(w, fg, 4 * k)
    if w is not None and len(w) == 3 and "w" in moving:
        _w_arrow(out, payload, w, t, fg, 3.5 * k)
    size = 20 if present else 13
    r, sw = size / 2 / s, (3 if size < 18 else 4.5)
    faint = _faint(payload, t)
    for i, (x, y, label) in enumerate(payload["points"]):
        op = ' opacity="0.35"' if i in faint else ""  # a stream's point not arrived yet (stream.js's FAINT)
        if label > 0:
            out.out.append(f'<circle class="pt pos" cx="{x:.4g}" cy="{-y:.4g}" r="{r - sw / 2 / s:.4g}" fill="none" '
                           f'stroke="{colors["pos"]}" stroke-width="{sw}" vector-effect="non-scaling-stroke"{op}/>')
        else:
            a, b = (x - r, y - r), (x + r, y + r)
            out.out.append(f'<path class="pt neg" d="M{out.xy(a)}L{out.xy(b)}M{out.xy((a[0], b[1]))}'
                           f'L{out.xy((b[0], a[1]))}" stroke="{colors["neg"]}" stroke-width="{sw}" '
                           f'vector-effect="non-scaling-stroke"{op}/>')
    if win and t < int(payload.get("T", 0)) and "circle" in moving:
        for i in _entry(win, "I", t) or []:
            if 0 <= i < len(payload["points"]):
                x, y, _ = payload["points"][i]
                out.out.append(f'<circle cx="{x:.4g}" cy="{-y:.4g}" r="{17 * k / s:.4g}" fill="none" stroke="{fg}" '
                               f'stroke-width="{3 * k}" vector-effect="non-scaling-stroke"/>')
    _numbers(out, payload, t, fg, present)
    box = f"{v[0]:.4g} {-v[3]:.4g} {v[1] - v[0]:.4g} {v[3] - v[2]:.4g}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" preserveAspectRatio="xMidYMid meet" '
            f'overflow="visible">{_metadata(metadata)}{"".join(out.out)}</svg>')


def _metadata(text: str) -> str:
    return f'<metadata id="pla-payload">{escape(text)}</metadata>' if text else ""


def _arrival(payload: dict, t: int) -> tuple[int | None, bool, bool]:
    """The stream's arriving point at rest at step t (as the live plot's stream.arrival), whether its label is revealed
    and whether it is a mistake; (None, False, False) without a stream or past its window."""
    a = payload.get("stream")
    if not a or "stream" not in (payload.get("moving") or ()):
        return None, False, False
    j = t // 2 - a["k0"]
    if not 0 <= j < len(a["shown"]):
        return None, False, False
    return a["shown"][j], t % 2 == 1, bool(a["wrong"][j])


def _faint(payload: dict, t: int) -> set[int]:
    """A stream's points that have not arrived by step t (stream.streamPoints draws them faint)."""
    a = payload.get("stream")
    if not a or "stream" not in (payload.get("moving") or ()):
        return set()
    return {i for i, k in enumerate(a["first"]) if k > t // 2}


def _numbers(out: _Svg, payload: dict, t: int, fg: str, present: bool) -> None:
    """Each point's number where the live plot writes it (marks.numberTrace): on the payload's side of its marker, a
    circled point's outside its ring (above numbers.CAP points, only the circled and the picked point's), a stream's
    points' once arrived, and its arrival's above or below it."""
    sides, k = payload.get("numbers"), 1.5 if present else 1
    font, marker = (numbers.PRESENT_FONT, numbers.PRESENT_MARKER) if present else (numbers.FONT, numbers.MARKER)
    (now, reveal, wrong), faint = _arrival(payload, t), _faint(payload, t)
    circled = set(_entry(payload.get("win"), "I", t) or []) if "circle" in (payload.get("moving") or ()) and t < int(
        payload.get("T", 0)) else set()
    named = circled | {i for i in (payload.get("pick"), now) if i is not None}
    ringed = circled | ({now} if reveal and not wrong else set())
    halo = "#444" if fg.upper() in ("#FAFAFA", "#FFFFFF") else "#fff"  # plotly's shadow "auto": contrast(fg)
    for i, (x, y, _) in enumerate(payload["points"]):
        if i in faint or not (sides or i in named):
            continue  # not arrived yet (faint), or not named above the cap
        side = sides[i] if sides and i < len(sides) else "top right"
        side = side.replace("middle", "top") if i == now else side  # clear of the arrival's words beside it
        size = 28 * k if i == now and not reveal else max(marker, 34 * k) if i in ringed else marker  # "?", ring
        dx, dy, anchor = numbers.offset(side, font, size)
        s = out.s  # px per data unit
        out.out.append(f'<text class="num" x="{x + dx / s:.4g}" y="{-y + dy / s:.4g}" font-size="{font / s:.4g}" '
                       f'text-anchor="{anchor}" fill="{fg}" stroke="{halo}" stroke-width="{2.5 / s:.4g}" '
                       f'paint-order="stroke" font-family="Open Sans, verdana, arial, sans-serif">{i}</text>')


def _w_arrow(out: _Svg, payload: dict, w, t: int, fg: str, width: float) -> None:
    """w's arrow at rest (as the live plot's restPose): the longer of w and w + update (and the companions' own,
    where they have arrows) 22% of the view's shorter side, from where they stay in the view."""
    v = out.v
    longest = math.hypot(w[1], w[2])
    u = _entry(payload.get("win"), "U", t) if _entry(payload.get("win"), "W", t + 1) is not None else None
    if u is not None:
        longest = max(longest, math.hypot(w[1] + u[1], w[2] + u[2]))
    for c in _companions(payload):
        cw, nw = _companion_w(c, t), _companion_w(c, t + 1)
        if c.get("arrows") and cw is not None and len(cw) == 3:
            longest = max(longest, math.hypot(cw[1], cw[2]))
            if nw is not None and t < int(payload.get("T", 0)):
                longest = max(longest, math.hypot(nw[1], nw[2]))
    if not longest > 0:
        return
    scale = 0.22 * min(v[1] - v[0], v[3] - v[2]) / longest
    tips = [(w[1] * scale, w[2] * scale)] + ([((w[1] + u[1]) * scale, (w[2] + u[2]) * scale)] if u is not None else [])
    start = arrow_start(np.asarray(w, float), v, np.asarray(tips, float))
    out.arrow(start, (w[1] * scale, w[2] * scale), fg, width)


def data_uri(payload: dict, *, height: int | None = None, metadata: str = "") -> str | None:
    """The picture as a data: URI for an image, or None where none is drawn (no points, or more than MAX_POINTS)."""
    if not payload.get("points") or len(payload["points"]) > MAX_POINTS:
        return None
    text = svg(payload, height=height, metadata=metadata)
    return "data:image/svg+xml;base64," + base64.b64encode(text.encode()).decode()
