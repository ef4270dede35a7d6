"""Issue 20, defect 6, in headless Chromium: marks that would leave the plot. At /pla?t=1, w₁ = (−1, 0.749, 0.154)
puts the line in the plot's right corner: its arrows are drawn inside the plot at the scale the legend and the words
name; a line wholly off the plot is named at the edge it lies beyond; XOR back at w = 0 says why no line is drawn."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlparse

import numpy as np

import pla_core
from pla_core.geometry import clip_line
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S

ARROWS = {"to the right": "→", "to the upper right": "↗", "above": "↑", "to the upper left": "↖", "to the left": "←",
          "to the lower left": "↙", "below": "↓", "to the lower right": "↘"}


def run_of(url: str):
    """The run the page's link describes, computed by pla_core."""
    q = {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}
    pts, _ = C.decode_points(q["pts"])
    values, _ = S.read_params(q)
    return pla_core.pla(*model.arrays(pts), stop_on_cycle=False, **S.pla_kwargs(values))


def showing_line(plot) -> str:
    loc = plot.page.get_by_text(re.compile(r"^Showing w"))
    loc.wait_for(timeout=30_000)
    return loc.inner_text()


def plot_texts(plot) -> list[str]:
    """The words drawn inside the plot and its legend (SVG text)."""
    return plot.js("() => [...document.querySelectorAll('.pla-plot svg text')].map((e) => e.textContent)")


def inside(xs, ys, v, tol=1e-9):
    return all(v[0] - tol <= x <= v[1] + tol for x in xs) and all(v[2] - tol <= y <= v[3] + tol for y in ys)


def test_step_1_draws_w_and_the_update_inside_the_plot_at_the_scale_it_names(server, plot):
    plot.open(server + "/pla?t=1")
    plot.wait_t(1)
    v, trace = plot.view(), run_of(plot.page.url)
    w, w2 = trace.weights[1], trace.weights[2]
    assert clip_line(w, v) is not None  # the line crosses the plot's corner, and is drawn there
    assert len(plot.trace_xy("boundary")[0]) == 2
    for meta in ("w", "update", "next w"):
        xs, ys = plot.trace_xy(meta)
        assert len(xs) == 2 and inside(xs, ys, v), (meta, xs, ys, v)
    # The scale the legend and the words name is the one w is drawn at.
    legend = next(t for t in plot_texts(plot) if t.startswith("w (×"))
    said = showing_line(plot)
    named = re.search(r"×([\d.]+)", legend)[1]
    scale = float(named)
    assert f"arrows drawn ×{named}" in said
    xs, ys = plot.trace_xy("w")
    drawn = np.hypot(xs[1] - xs[0], ys[1] - ys[0]) / np.hypot(w[1], w[2])
    assert abs(drawn - scale) <= 0.05 * drawn
    nx, ny = plot.trace_xy("next w")
    assert abs(np.hypot(nx[1] - nx[0], ny[1] - ny[0]) / np.hypot(w2[1], w2[2]) - drawn) <= 1e-6 * drawn
    # From every point of its visible corner, w's arrow would leave the plot: it starts beside the line, and says so.
    assert abs(w[0] + w[1] * xs[0] + w[2] * ys[0]) > 1e-6
    assert "w beside its line to keep them on the plot" in said
    assert "w beside its line" in plot.js("() => document.querySelector('.pla-plot').getAttribute('aria-label')")


def test_a_line_off_the_plot_is_named_at_the_edge_it_lies_beyond(server, plot):
    plot.open(server + "/pla")
    plot.preset("pla", "Credit card", points_over=20)
    plot.idle()
    trace, v = run_of(plot.page.url), plot.view()
    t = next(t for t in range(1, len(trace)) if np.any(trace.weights[t][1:]) and clip_line(trace.weights[t], v) is None)
    u = urlparse(plot.page.url)
    q = {k: x[0] for k, x in parse_qs(u.query).items()} | {"t": str(t)}
    plot.open(u._replace(query=urlencode(q)).geturl())
    plot.wait_t(t)
    assert plot.trace_xy("boundary")[0] == []
    said = showing_line(plot)
    where = re.search(r"its line lies off the plot, (.+?) \(marked at the edge\)", said)
    assert where, said
    note = [s for s in plot_texts(plot) if "line off the plot" in s]
    assert len(note) == 1 and ARROWS[where[1]] in note[0], (note, said)
    # The note sits inside the plot, on the edge the words name.
    nx, ny = plot.trace_xy("line-note")
    cx, cy, w = (v[0] + v[1]) / 2, (v[2] + v[3]) / 2, trace.weights[t]
    foot = np.array([cx, cy]) - (w[0] + w[1] * cx + w[2] * cy) / (w[1] ** 2 + w[2] ** 2) * w[1:]
    assert inside(nx, ny, v) and np.dot([nx[0] - cx, ny[0] - cy], foot - [cx, cy]) > 0


def test_xor_back_at_w_0_says_why_no_line_is_drawn(server, plot):
    plot.open(server + "/xor?t=1000")
    plot.wait_t(1000)
    trace = run_of(plot.page.url)
    assert not np.any(trace.weights[1000])
    assert plot.trace_xy("boundary")[0] == []
    assert "w = 0: no line" in plot_texts(plot)
    assert "no line: w = 0, so wᵀx̃ = 0 at every point" in showing_line(plot)
