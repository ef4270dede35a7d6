"""A stray tap in front of a class (issue 20, defect 9) and smaller things a class sees (defect 10 b, d, e), in real
headless Chromium: Undo brings back the step, a view-only link steps on a tap, the credit-card legend's words, the
Experiments buttons' whole labels, and the → hint readable on the red Step button."""

from __future__ import annotations

import re

import pytest

from tests.browser import READY, TEST_HOOKS, Plot
from tests.lessons.pla.test_pla_browser import empty_spot, link_params, run_from_link, wait_points

PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
TOGGLE = "View only: taps step"


def test_a_point_added_at_step_5_then_undo_brings_back_the_points_and_step_5(server, plot):
    plot.open(server + "/pla")
    for _ in range(5):
        plot.page.keyboard.press("ArrowRight")
    plot.wait_t(5)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '5'", timeout=30_000)
    before, first = sorted(plot.points()), link_params(plot.page.url)
    x, y = empty_spot(before, plot.view())
    plot.click_data(x, y)  # a stray click: a new point, a new run from step 0
    wait_points(plot, len(before) + 1)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '0'", timeout=30_000)
    plot.wait_t(0)
    plot.page.get_by_role("button", name="Undo").click()
    wait_points(plot, len(before))
    plot.wait_t(5)
    assert sorted(plot.points()) == before
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '5'", timeout=30_000)
    assert link_params(plot.page.url)["pts"] == first["pts"]
    # What is drawn is step 5 of the old run: the circle on the point update 6 corrects, as before the click.
    _, trace = run_from_link(plot.page.url)
    cx, cy = plot.trace_xy("circle")
    assert (cx[0], cy[0]) == tuple(trace.X[int(trace.mistakes[5])])  # mistakes[k]: the point of update k + 1


def _tap(plot: Plot, x: float, y: float) -> None:
    plot.page.evaluate("() => document.querySelector('.pla-plot').scrollIntoView({block: 'center'})")
    plot.page.touchscreen.tap(*plot.to_px(x, y))


def test_a_view_only_link_on_a_phone_steps_on_a_tap_and_adds_no_point(server, browser):
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(TEST_HOOKS)
    try:
        plot = Plot(ctx.new_page()).open(server + "/pla?viewonly=1")
        page = plot.page
        switch = page.get_by_role("switch", name=TOGGLE)
        assert switch.is_checked()  # the point tools say what a tap does, with the way back
        assert page.get_by_text("Clicks add").count() == 0
        before, pts = sorted(plot.points()), link_params(page.url)["pts"]
        x, y = empty_spot(before, plot.view())
        _tap(plot, x, y)
        plot.wait_t(1)
        _tap(plot, *before[0][:2])  # on a point: it is not removed, the lesson steps on
        plot.wait_t(2)
        page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '2'", timeout=30_000)
        assert sorted(plot.points()) == before and link_params(page.url)["pts"] == pts
        assert link_params(page.url)["viewonly"] == "1"  # the link shared from here stays view only
        # Switched off, a tap adds a point again.
        switch.scroll_into_view_if_needed()
        page.get_by_text(TOGGLE).tap()
        page.wait_for_function("() => window.__plaLab.data.viewonly === false", timeout=30_000)
        # the link is written at the end of the same run, after the plot's payload has gone out
        page.wait_for_function("() => !new URL(location.href).searchParams.has('viewonly')", timeout=30_000)
        assert "viewonly" not in link_params(page.url)
        _tap(plot, x, y)
        wait_points(plot, len(before) + 1)
    finally:
        ctx.close()


def test_a_view_only_link_steps_on_a_click_and_the_arrow_is_not_dragged(server, plot):
    plot.open(server + "/pla?viewonly=1&t=3")
    plot.wait_t(3)
    before = sorted(plot.points())
    (x0, x1), (y0, y1) = plot.trace_xy("w")
    tip = plot.to_px(x1, y1)
    page = plot.page
    page.mouse.move(*tip)
    page.mouse.down()
    for k in range(1, 6):
        page.mouse.move(tip[0] + 8 * k, tip[1] - 10 * k)
    page.mouse.up()  # a drag of w's tip would set w, and start the run again from step 0, if editing were on
    assert page.evaluate("() => document.querySelector('.pla-plot').dataset.dragging") != "1"
    plot.idle()
    t = plot.t()
    assert t in (3, 4)  # the release may count as a click: a step
    plot.click_data(*empty_spot(before, plot.view()))
    plot.wait_t(t + 1)
    page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)", arg=t + 1,
                           timeout=30_000)
    assert "wh" not in link_params(page.url) and sorted(plot.points()) == before


def test_the_credit_card_legend_says_approve_and_deny(server, plot):
    plot.open(server + "/pla")
    legend = "() => [...document.querySelectorAll('.pla-plot .pla-legend-item text')].map((e) => e.textContent)"
    assert {"y = +1", "y = −1"} <= set(plot.js(legend))
    plot.page.locator(".st-key-pla-preset").click()
    plot.page.get_by_role("option", name="Credit card").click()
    plot.page.wait_for_function(f"() => ({legend})().includes('approve (+1)')", timeout=30_000)
    names = plot.js(legend)
    assert "approve (+1)" in names and "deny (−1)" in names and "y = +1" not in names


CUT = """() => [...document.querySelectorAll('[data-testid=stMain] :is(a, button) [data-testid=stMarkdownContainer]')]
  .filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.innerText)"""


@pytest.mark.parametrize("size", ["1280x720", "phone"])
def test_the_experiments_buttons_show_their_whole_label(server, browser, size):
    ctx = browser.new_context(**(PHONE if size == "phone" else dict(viewport={"width": 1280, "height": 720})))
    try:
        page = ctx.new_page()
        page.goto(server + "/experiments?n=100&runs=10000")
        page.wait_for_selector(READY, timeout=30_000)
        page.get_by_role("button", name="Start 10,000 runs").wait_for(timeout=30_000)
        assert page.evaluate(CUT) == []
        page.get_by_label("Runs", exact=True).fill("100")
        page.get_by_label("Runs", exact=True).press("Enter")
        page.get_by_role("button", name="Start 100 runs").click()
        link = page.get_by_role("link", name=re.compile(r"^Slowest \(run \d+\) in PLA step by step$"))
        link.wait_for(timeout=60_000)
        link.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        assert page.evaluate(CUT) == []  # "Slowest (run 358) in P…" before
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    finally:
        ctx.close()


# The WCAG contrast ratio of the shortcut hint against its button (colours as the browser computed them; a colour
# with alpha is laid over the button's).
CONTRAST = """(label) => {
  const b = [...document.querySelectorAll('[data-testid=stMain] button')].find((e) => e.textContent.includes(label));
  const k = b.querySelector('kbd');
  const rgba = (s) => s.match(/[\\d.]+/g).map(Number);
  const [br, bg, bb] = rgba(getComputedStyle(b).backgroundColor);
  const [r, g, bl, a = 1] = rgba(getComputedStyle(k).color);
  const o = Number(getComputedStyle(k).opacity);
  const mix = (c, d) => c * a * o + d * (1 - a * o);
  const lum = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const L = (x, y, z) => 0.2126 * lum(x) + 0.7152 * lum(y) + 0.0722 * lum(z);
  const l1 = L(mix(r, br), mix(g, bg), mix(bl, bb)), l2 = L(br, bg, bb);
  return [k.textContent, (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05), getComputedStyle(k).display];
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_step_hint_is_readable_on_the_red_step_button(server, plot, theme):
    plot.open(server + "/pla?t=1" + ("&embed_options=dark_theme" if theme == "dark" else ""))
    for label in ("Step", "Back", "Play"):
        # a loaded machine may still be drawing the run that took the plot's first report
        plot.page.wait_for_function("(l) => [...document.querySelectorAll('[data-testid=stMain] button')].some("
                                    "(e) => e.textContent.includes(l) && e.querySelector('kbd'))", arg=label)
        key, ratio, display = plot.js(CONTRAST, label)
        assert display != "none" and key in ("→", "←", "Space")
        assert ratio >= 4.5, (label, theme, ratio)


def test_view_only_holds_in_presenter_mode_step_after_step(server, plot):
    """Presenter mode draws no point tools: view only must not depend on a widget that is drawn only there."""
    plot.open(server + "/pla?viewonly=1")  # the point tools show the switch …
    plot.page.get_by_role("switch", name=TOGGLE).wait_for(timeout=30_000)
    plot.page.get_by_role("button", name="Present").click()  # … and presenter mode draws none
    plot.page.get_by_role("button", name="Leave presenter mode").wait_for(timeout=30_000)
    plot.idle()
    before = sorted(plot.points())
    spot = empty_spot(before, plot.view())
    for t in range(1, 4):
        plot.click_data(*spot)
        plot.wait_t(t)
        plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)", arg=t,
                                    timeout=30_000)  # the server has heard it (a rerun of the lesson's part)
        assert plot.js("() => window.__plaLab.data.viewonly") is True
    assert sorted(plot.points()) == before and link_params(plot.page.url)["viewonly"] == "1"
