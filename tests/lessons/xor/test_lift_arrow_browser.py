"""The XOR lift's update arrow in real headless Chromium: a person switches on the 3-D view and steps; the view draws
w's arrow from the plane and the next update η·y·(x₁, x₂, x₁x₂), dashed from its tip, of pla_core's run; screenshots
at 1280×720, in presenter mode and on a phone go to /tmp/sayB-shots/."""

from __future__ import annotations

import os
import pathlib

import numpy as np

import pla_core
from pla_core import datasets

from tests.browser import TEST_HOOKS, Plot

SHOTS = pathlib.Path(os.environ.get("PLA_LAB_SHOTS", "/tmp/sayB-shots"))
SWITCH = "Show the lifted points in 3-D"

# The 3-D chart's arrow lines as Plotly has them (its full data, after it drew them).
ARROWS = """() => { const gd = [...document.querySelectorAll('.stPlotlyChart .js-plotly-plot')].pop();
  if (!gd || !gd._fullData) return null;
  const out = {};
  gd._fullData.filter((t) => t.type === 'scatter3d' && t.meta && t.visible !== false).forEach((t) => {
    out[t.meta] = { x: t.x, y: t.y, z: t.z, dash: t.line.dash, color: t.line.color }; });
  out.cones = gd._fullData.filter((t) => t.type === 'cone').length;
  out.canvas = !!gd.querySelector('canvas');
  return out; }"""


def arrows_at(plot: Plot, t: int, w) -> dict:
    """Wait until the 3-D view draws step t (the caption names it, and Plotly has redrawn w's arrow along
    (w₁, w₂, w₃): the chart can redraw after the words), and read its arrows."""
    step = f"The solid arrow is w{str(t).translate(str.maketrans('0123456789', '₀₁₂₃₄₅₆₇₈₉'))}'s"
    plot.page.wait_for_function("([s, w]) => { const f = (" + ARROWS + ")(); if (!f || !f.w) return false;"
                                " const v = ['x', 'y', 'z'].map((k) => f.w[k][1] - f.w[k][0]);"
                                " const c = [v[1] * w[2] - v[2] * w[1], v[2] * w[0] - v[0] * w[2],"
                                "            v[0] * w[1] - v[1] * w[0]];"
                                " return Math.max(...c.map(Math.abs)) < 1e-9 * (1 + Math.hypot(...w)) &&"
                                " [...document.querySelectorAll('[data-testid=stCaptionContainer]')]"
                                ".some((e) => e.textContent.includes(s)); }", arg=[step, [float(v) for v in w[1:]]],
                                timeout=30_000)
    return plot.js(ARROWS)


def vector(line: dict) -> np.ndarray:
    return np.array([line[k][1] - line[k][0] for k in "xyz"])


def test_the_lift_s_3d_view_draws_the_update_arrow_a_person_steps_through(server, plot):
    SHOTS.mkdir(parents=True, exist_ok=True)
    d = datasets.xor4()
    trace = pla_core.pla(datasets.with_product(d.X), d.y)
    plot.open(server + "/xor?lift=1&t=1")
    plot.page.get_by_role("switch", name=SWITCH).click(force=True)
    for t in (1, 2):
        a = arrows_at(plot, t, trace.weights[t])
        i = int(trace.mistakes[t])
        u = trace.y[i] * trace.X[i]
        assert a["canvas"] and a["cones"] == 3  # drawn in WebGL, each arrow with its head
        assert a["update"]["dash"] == "dash" and a["next w"]["dash"] == "dot" and a["w"]["dash"] == "solid"
        assert np.allclose([a["update"][k][0] for k in "xyz"], [a["w"][k][1] for k in "xyz"])  # from w's tip
        assert np.allclose(np.cross(vector(a["update"]), u), 0) and vector(a["update"]) @ u > 0
        assert np.allclose(np.cross(vector(a["w"]), trace.weights[t][1:]), 0)
        plot.page.locator(".stPlotlyChart").scroll_into_view_if_needed()
        plot.page.mouse.move(5, 5)
        plot.page.screenshot(path=str(SHOTS / f"lift-3d-t{t}.png"))
        plot.page.locator(".stPlotlyChart").screenshot(path=str(SHOTS / f"lift-3d-t{t}-chart.png"))
        if t == 1:
            plot.page.locator(".st-key-app-step button").click()
            plot.wait_t(2)
    plot.page.get_by_role("button", name="Run", exact=True).click()
    arrows_at(plot, len(trace), trace.weights[-1])
    # w₄ = (0, 0, 0, −4) is along w₂ = (0, 0, 0, −2), so the words of step 4 can come while Plotly still draws step 2
    # (under a full suite's load it did): the halted view is awaited, not read once
    plot.page.wait_for_function("() => { const f = (" + ARROWS + ")(); return !!f && !('update' in f) && "
                                "f.cones === 1; }", timeout=30_000)
    a = plot.js(ARROWS)
    assert "update" not in a and a["cones"] == 1  # the run has halted: w alone


def test_screenshots_of_the_lift_s_arrow_in_presenter_mode_and_on_a_phone(server, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, kw in (("present", dict(viewport={"width": 1280, "height": 720})),
                     ("phone", dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True))):
        ctx = browser.new_context(**kw)
        ctx.add_init_script(TEST_HOOKS)
        try:
            p = Plot(ctx.new_page())
            p.open(server + "/xor?lift=1&t=1" + ("&present=1" if name == "present" else ""))
            switch = p.page.get_by_role("switch", name=SWITCH)
            if not switch.count():
                continue  # presenter mode may leave the 3-D view out
            switch.click(force=True)
            a = arrows_at(p, 1, pla_core.pla(datasets.with_product(datasets.xor4().X), datasets.xor4().y).weights[1])
            assert a["update"]["dash"] == "dash"
            p.page.locator(".stPlotlyChart").scroll_into_view_if_needed()
            p.page.screenshot(path=str(SHOTS / f"lift-3d-{name}.png"))
        finally:
            ctx.close()
