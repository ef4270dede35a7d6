"""The lesson "Why PLA halts" in real headless Chromium, clicked like a person: open it from a link, Run, read R,
ρ*, the bound and T from the page and compare them with pla_core; click the proof's chart to go to an update;
pick a point and read its distance; open the 3-D view and step; screenshots in light and dark."""

from __future__ import annotations

import math
import pathlib
import re
from urllib.parse import parse_qs, urlencode, urlparse

import numpy as np
from playwright.sync_api import expect

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.words.text import num

from tests.browser import CHART, CHART_PX, CHART_SERIES, MARKS, Plot

ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "test-artifacts"

# A small separable set (not an example), so the link alone defines the demo.
POINTS = [(-0.8, 0.3, 1.0), (-0.4, 0.9, 1.0), (0.1, 0.7, 1.0), (0.5, 1.0, 1.0), (-0.9, -0.2, 1.0),
          (0.3, -0.5, -1.0), (0.8, -0.1, -1.0), (-0.2, -0.9, -1.0), (0.9, 0.4, -1.0), (0.4, -1.0, -1.0)]


def params(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}


def wait_url(plot: Plot, key: str, value: str):
    plot.page.wait_for_function("([k, v]) => new URL(location.href).searchParams.get(k) === v", arg=[key, value],
                                timeout=30_000)


def number(text: str, label: str) -> float:
    """The number the page writes after ``label`` (with its true minus sign)."""
    m = re.search(re.escape(label) + r"\s*=?\s*(−?[0-9.]+(?:e[+−-]?[0-9]+)?)", text)
    assert m, f"{label!r} not in the page's text"
    return float(m.group(1).replace("−", "-"))


def text(plot: Plot) -> str:
    return plot.page.locator("[data-testid=stMain]").inner_text()


def run(X, y):
    return pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(S.read_params({})[0]))


def test_the_proof_live_from_a_link(server, plot):
    plot.open(server + "/halts?" + urlencode({"pts": C.encode_points(POINTS)}))
    X, y = model.arrays(POINTS)
    trace = run(X, y)
    T = len(trace)
    plot.page.get_by_role("button", name="Run").click()
    wait_url(plot, "t", str(T))
    plot.wait_t(T)
    page = text(plot)
    R, (_, rho), bound = pla_core.radius(X), pla_core.max_margin(X, y), pla_core.mistake_bound(X, y)
    assert number(page, "R") == float(num(R))
    assert number(page, "ρ* =") == float(num(rho))
    assert number(page, "R²/ρ*²") == float(num(bound))
    exact = pla_core.facts.bound(X, y)  # the page's ⌊R²/ρ*²⌋ is the exact bound's, printed in full
    assert f"Halted after {T} update" in page and f"the proof allowed {math.floor(exact):,}" in page
    assert T <= exact

    # The chart: click update 2 on it, the plot goes there.
    plot.page.wait_for_selector(CHART, timeout=30_000)
    assert {"w*ᵀwₜ", "‖wₜ‖²", "cos∠(w*, wₜ)", "√t·ρ/R (at least)"} <= {s["name"] for s in plot.js(CHART_SERIES)}
    plot.page.mouse.click(*plot.js(CHART_PX, [2, None, 2]))  # update 2, on the third panel
    wait_url(plot, "t", "2")
    plot.wait_t(2)
    # The drawn boundary is w₂'s.
    xs, ys = plot.trace_xy("boundary")
    w = trace.weights[2]
    assert all(abs(w[0] + w[1] * a + w[2] * b) < 1e-9 * (1 + abs(w).sum()) for a, b in zip(xs, ys))


def test_one_point_makes_exactly_the_updates_the_bound_allows_and_the_page_says_so(server, plot):
    """Issue 32: one point, T = 1 = R²/ρ*² exactly (the float bound is 1 within rounding, 0.9999999999999998 on some
    machines): the proof allowed 1, and T ≤ R²/ρ*² is right, clicked as a student would."""
    from tests.e2e.test_checks_variants_browser import check

    pts = [(-0.9, -0.8, 1.0)]
    X, y = model.arrays(pts)
    assert abs(pla_core.mistake_bound(X, y) - 1) < 1e-12 and 1 == pla_core.facts.bound(X, y) == len(run(X, y))
    plot.open(server + "/halts?" + urlencode({"pts": C.encode_points(pts)}))
    plot.page.get_by_role("button", name="Run").click()
    wait_url(plot, "t", "1")
    plot.wait_t(1)
    assert "Halted after 1 update; the proof allowed 1." in text(plot)
    verdict = check(plot.page, "Is T, the number of updates this run makes, within the bound", "Yes: T ≤ R²/ρ*²")
    expect(verdict).to_contain_text("Right", timeout=30_000)
    expect(verdict).to_contain_text("T equals it exactly")


def test_pick_a_point_read_its_distance_then_step_in_3d(server, plot):
    plot.open(server + "/halts?" + urlencode({"pts": C.encode_points(POINTS), "t": "1"}))
    X, y = model.arrays(POINTS)
    trace = run(X, y)
    box = plot.page.get_by_role("combobox", name="Distance of a point to wₜ")
    box.click()
    box.fill("#3 ")  # the list filters as one types, as a person would find point #3
    plot.page.locator("[role=option]", has_text=re.compile(r"^#3\s")).click()
    wait_url(plot, "pick", "3")
    w = trace.weights[1]
    d = pla_core.signed_distance(w, [X[3]])[0]
    plot.page.get_by_text(f"signed distance (wᵀx̃)/‖(w₁, w₂)‖ = {num(d)}").wait_for(timeout=30_000)
    plot.page.wait_for_function(f"() => {{ const t = ({MARKS})().find(t => t.meta === 'distance-label');"
                                " return t && t.text && t.text.length === 1; }")
    seg = plot.trace_xy("distance")
    foot = pla_core.geometry.foot(w, [X[3]])[0]
    assert np.allclose([seg[0][0], seg[1][0]], X[3]) and np.allclose([seg[0][1], seg[1][1]], foot, atol=1e-9)
    label = plot.mark("distance-label")["text"][0]
    assert label == f"#3: d = {num(d)}"

    # The bias in 3-D follows a step.
    plot.page.get_by_text("The bias in 3-D").click()
    wait_url(plot, "d3", "1")
    plot.page.wait_for_selector("[data-testid=stPlotlyChart] .js-plotly-plot", timeout=30_000)

    def boundary_3d():
        return plot.js("""() => { const g = document.querySelector('[data-testid=stPlotlyChart] .js-plotly-plot');
            const t = g && g.data && g.data.find(t => t.name === 'the boundary in the plot');
            return t ? [t.x, t.y, t.z] : null; }""")

    def on(wt, line):
        return line and all(abs(wt[0] + wt[1] * a + wt[2] * b) < 1e-9 for a, b in zip(line[0], line[1]))

    assert on(trace.weights[1], boundary_3d())
    plot.page.get_by_role("button", name="Step").click()
    wait_url(plot, "t", "2")
    plot.page.wait_for_function("""(w) => { const g = document.querySelector('[data-testid=stPlotlyChart] .js-plotly-plot');
        const t = g && g.data && g.data.find(t => t.name === 'the boundary in the plot');
        return t && t.x.every((a, i) => Math.abs(w[0] + w[1] * a + w[2] * t.y[i]) < 1e-9); }""",
                                arg=trace.weights[2].tolist(), timeout=30_000)
    assert boundary_3d()[2] == [1, 1]


def test_screenshots_light_and_dark(server, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme=scheme)
        plot = Plot(ctx.new_page())
        plot.open(server + "/halts?geo=1&pick=4&t=3")
        plot.page.wait_for_selector(CHART, timeout=30_000)
        plot.page.wait_for_timeout(400)
        plot.page.screenshot(path=str(ARTIFACTS / f"halts-{scheme}.png"))
        # What is drawn: the street, w*, the support rings, PLA's line, ŵ and the point's perpendicular.
        metas = {m["meta"] for m in plot.marks()}
        assert {"street", "w*", "support", "boundary", "unit", "offset", "distance"} <= metas
        ctx.close()


def test_the_normal_and_proving_against_f_by_clicking(server, plot):
    plot.open(server + "/halts")
    q = params(plot.page.url)
    pts, _ = C.decode_points(q["pts"])
    X, y = model.arrays(pts)
    f = [float(v) for v in q["f"].split(",")][:3]
    plot.page.get_by_text("ŵ and b/‖(w₁, w₂)‖").click()
    wait_url(plot, "geo", "1")
    # At step 0, w = 0 has no line: step once, then ŵ is w₁'s unit normal, drawn from the foot of the origin.
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(1)
    plot.page.wait_for_function(f"() => ({MARKS})().some(t => t.meta === 'unit' && t.x.length)")
    trace = run(X, y)
    w = trace.weights[1]
    ux, uy = plot.trace_xy("unit")
    n = pla_core.unit_normal(w)
    q0 = pla_core.geometry.closest_to_origin(w)
    assert np.allclose([ux[0], uy[0]], q0, atol=1e-9) and np.allclose([ux[1] - ux[0], uy[1] - uy[0]], n, atol=1e-9)
    plot.page.get_by_role("combobox", name="Prove against").click()
    plot.page.locator("[role=option]", has_text="f (made the data)").click()
    wait_url(plot, "wf", "f")
    bound_f = pla_core.mistake_bound(X, y, w_f=f)
    plot.page.get_by_text(f"so R²/ρ² = {num(bound_f)}").wait_for(timeout=30_000)
    plot.page.wait_for_function(f"() => ({CHART_SERIES})().some((s) => s.name === 'cos∠(f, wₜ)')")
