"""The lesson "The margin perceptron" in real headless Chromium, used like a person: type γ, step, and check the band
drawn (its edges at wₜᵀx̃ = ±(γ/2)·‖wₜ‖ for the w and γ on screen) moving with each step; Run, and read the final
margin against γ/2; γ too large; screenshots at 1280×720 in light and dark."""

from __future__ import annotations

import pathlib
import re
from urllib.parse import urlencode

import numpy as np
import pytest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons import MARGIN
from pla_lab.words.text import num

from tests.browser import Plot, assert_animated

ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "test-artifacts"
POINTS = MARGIN.presets["gap30"].build(0)[0]  # the example, in the link: the link alone defines the demo


def wait_url(plot: Plot, key: str, value: str):
    plot.page.wait_for_function("([k, v]) => new URL(location.href).searchParams.get(k) === v", arg=[key, value],
                                timeout=30_000)


def run(gamma: float, **settings):
    X, y = model.arrays(POINTS)
    kw = S.pla_kwargs(S.read_params(settings)[0])
    return X, y, pla_core.pla(X, y, margin=gamma, stop_on_cycle=False, **kw)


def edges(plot: Plot):
    drawn = {m["meta"]: [m["x"], m["y"]] for m in reversed(plot.marks())}  # one read; the first of each meta
    return [drawn[m] for m in ("band-edge+", "band-edge-", "band")]


def check_band(plot: Plot, w, gamma: float):
    """The band drawn at rest is |wᵀx̃| ≤ (γ/2)·‖w‖ for this w: its upper edge at +, its lower edge at −, and every
    corner of the filled street between them."""
    h = 0.5 * gamma * np.linalg.norm(w)
    (ux, uy), (lx, ly), (bx, by) = edges(plot)
    assert len(ux) == 2 and len(lx) == 2
    score = lambda a, b: w[0] + w[1] * a + w[2] * b  # noqa: E731
    tol = 1e-9 * (1 + np.abs(w).sum())
    assert all(abs(score(a, b) - h) < tol for a, b in zip(ux, uy))
    assert all(abs(score(a, b) + h) < tol for a, b in zip(lx, ly))
    assert all(abs(score(a, b)) <= h + tol for a, b in zip(bx, by)) and len(bx) >= 4


@pytest.mark.frames  # Plot.transitions counts the frames painted
def test_type_gamma_step_and_the_band_moves_with_the_line(server, plot):
    plot.open(server + "/margin?" + urlencode({"pts": C.encode_points(POINTS)}))
    box = plot.page.get_by_role("spinbutton", name="Margin γ")
    box.fill("0.12")
    box.press("Enter")
    wait_url(plot, "gamma", "0.12")
    plot.page.wait_for_function("() => window.__plaLab.data.gamma === 0.12")
    X, y, trace = run(0.12)
    # At w₀ = 0 every point is a mistake: the band is the whole view.
    (_, _), (_, _), (bx, by) = edges(plot)
    v = plot.view()
    assert [min(bx), max(bx), min(by), max(by)] == v
    seen = []
    for t in (1, 2, 3):
        plot.page.get_by_role("button", name="Step").click()
        plot.wait_t(t)
        check_band(plot, trace.weights[t], 0.12)
        seen.append(edges(plot)[0])
    assert seen[0] != seen[1] != seen[2], "the band moves with the line"
    # While an update animates, the band is redrawn with the line (a tween, not a jump at the end).
    frames = plot.js("() => window.__plaLab.stats.frames")
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(4)
    rec = plot.transitions()[-1]
    assert_animated(rec)
    assert plot.js("() => window.__plaLab.stats.frames") - frames >= rec["frames"]  # the band on each of its frames
    check_band(plot, trace.weights[4], 0.12)

    plot.page.get_by_role("button", name="Run").click()
    T = len(trace)
    wait_url(plot, "t", str(T))
    plot.wait_t(T)
    check_band(plot, trace.weights[T], 0.12)
    text = plot.page.locator("[data-testid=stMain]").inner_text()
    m = re.search(r"Margin perceptron, γ = [0-9.]+: halts after \d+ updates?, ρ = (−?[0-9.]+) ≥ γ/2 = ([0-9.]+) ✓", text)
    assert m, "the final margin against γ/2 is shown"
    shown, half = float(m.group(1)), float(m.group(2))
    assert shown >= half == 0.06 and m.group(1) == num(pla_core.margin(trace.w, X, y))
    # No point left in the band: every point is at least the band's half-width from the line.
    w = trace.w
    assert (y * (w[0] + X @ w[1:]) / np.linalg.norm(w) >= 0.06).all()


def test_gamma_too_large_is_told_and_the_cap_stops_it_then_screenshots(server, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme=scheme)
        plot = Plot(ctx.new_page())
        plot.open(server + "/margin?" + urlencode({"pts": C.encode_points(POINTS), "t": "5"}))
        plot.page.wait_for_timeout(400)
        plot.page.screenshot(path=str(ARTIFACTS / f"margin-{scheme}.png"))
        assert {"band", "band-edge+", "band-edge-", "plain", "boundary"} <= {m["meta"] for m in plot.marks()}
        ctx.close()
    plot = Plot(browser.new_page(viewport={"width": 1280, "height": 720}))
    plot.open(server + "/margin?" + urlencode({"pts": C.encode_points(POINTS), "cap": "200"}))
    plot.page.get_by_role("button", name="γ > 2ρ*").click()
    X, y = model.arrays(POINTS)
    rho = pla_core.max_margin(X, y)[1]
    plot.page.get_by_text("it can never halt", exact=True).wait_for(timeout=30_000)
    plot.page.get_by_role("button", name="Run").click()
    wait_url(plot, "t", "200")
    plot.page.get_by_text("Stopped at the cap of 200 updates with points left in the band").wait_for(timeout=30_000)
    gamma = float(plot.js("() => new URL(location.href).searchParams.get('gamma')"))
    assert gamma > 2 * rho
    plot.page.wait_for_timeout(400)
    plot.page.screenshot(path=str(ARTIFACTS / "margin-too-large.png"))
    plot.page.close()
