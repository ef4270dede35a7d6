"""The first picture (issue 25): with plotly.js held back, a lesson already shows its step as a plain SVG in the
plot's place (its points where the live plot puts them, the line, w, the circled point), and when plotly.js comes
the live plot replaces it with no layout shift (the browser's own layout-shift entries) and the same points."""

from __future__ import annotations

import pathlib

import pytest

from tests.browser import READY, TEST_HOOKS

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"

# Layout shifts as the browser counts them (CLS's entries), from the page's first paint.
SHIFTS = """window.__shifts = []; new PerformanceObserver((l) => l.getEntries().forEach((e) => {
  if (!e.hadRecentInput) window.__shifts.push({ at: e.startTime, value: e.value }); })).observe(
  { type: "layout-shift", buffered: true });"""


@pytest.mark.parametrize("slug", ["pla", "sgd"])
def test_the_first_picture_comes_before_plotly_js_and_gives_way_without_a_shift(server, browser, slug):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    ctx.add_init_script(SHIFTS)
    held, holding = [], {"on": True}

    def hold(route):
        if holding["on"]:
            held.append(route)
        else:
            route.continue_()

    ctx.route("**/plotly.min.js", hold)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/{slug}")
        page.wait_for_selector(".pla-plot .pla-picture", timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)
        assert held, "plotly.js was not asked for"
        assert page.evaluate("() => window.__plaLab.stats.plotlyAt") is None  # the plot's plotly.js not evaluated
        assert page.locator(".pla-plot .main-svg").count() == 0
        data = page.evaluate("() => window.__plaLab.data")
        pos = sum(1 for p in data["points"] if p[2] > 0)
        assert page.locator(".pla-picture .pt.pos").count() == pos
        assert page.locator(".pla-picture .pt.neg").count() == len(data["points"]) - pos
        box = page.locator(".pla-plot").bounding_box()
        pic = page.locator(".pla-picture").bounding_box()
        assert pic["height"] > 200 and abs(pic["height"] - box["height"]) <= 1 and pic["x"] == box["x"], (pic, box)
        assert page.locator(".pla-plot").get_attribute("aria-label") == data["alt"]  # read before the live plot too
        page.screenshot(path=str(ARTIFACTS / f"picture-{slug}-before.png"))
        step = page.get_by_role("button", name="Back").bounding_box()
        before = page.evaluate("() => performance.now()")
        holding["on"] = False
        for route in held:
            route.continue_()
        page.wait_for_selector(".pla-plot .main-svg", timeout=30_000)
        page.wait_for_function("() => !document.querySelector('.pla-picture')", timeout=30_000)
        page.wait_for_timeout(500)
        shifts = page.evaluate("(t) => window.__shifts.filter((s) => s.at >= t)", before)
        assert sum(s["value"] for s in shifts) < 0.01, shifts
        assert page.get_by_role("button", name="Back").bounding_box()["y"] == pytest.approx(step["y"], abs=1)
        live = page.evaluate("() => document.querySelector('.pla-plot').data.filter((t) => t.meta === 'points')"
                             ".reduce((a, t) => a + t.x.length, 0)")
        assert live == len(data["points"])
        now = page.locator(".pla-plot").bounding_box()  # the live plot took the picture's place and size
        assert abs(now["width"] - pic["width"]) <= 2 and abs(now["height"] - pic["height"]) <= 2, (now, pic)
        page.screenshot(path=str(ARTIFACTS / f"picture-{slug}-after.png"))
    finally:
        ctx.close()


def test_steps_pressed_while_the_live_plot_loads_are_applied_in_order_once_it_is_ready(server, browser):
    """plotly.js held back: the picture shows, and → → → ← are pressed in quick succession (Streamlit would take two
    presses during one rerun as one click of Step: early.js keeps them instead). Once plotly.js comes, the plot
    applies them in order: it steps to 2, and the link follows."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    held, holding = [], {"on": True}
    ctx.route("**/plotly.min.js", lambda route: held.append(route) if holding["on"] else route.continue_())
    try:
        page = ctx.new_page()
        page.goto(f"{server}/pla")
        page.wait_for_selector(".pla-plot .pla-picture", timeout=30_000)
        for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft"):
            page.keyboard.press(key)
            page.wait_for_timeout(100)
        page.wait_for_timeout(1000)
        assert page.locator(".pla-plot .main-svg").count() == 0  # still the picture
        holding["on"] = False
        for route in held:
            route.continue_()
        page.wait_for_function("() => { const g = document.querySelector('.pla-plot');"
                               " return g.querySelector('.main-svg') && g.dataset.t === '2' && g.dataset.animating !== '1'; }",
                               timeout=30_000)
        page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '2'", timeout=30_000)
        page.wait_for_timeout(1000)
        assert page.evaluate("() => document.querySelector('.pla-plot').dataset.t") == "2"  # and stays there
    finally:
        ctx.close()
