"""A phone (390×844, touch) in real headless Chromium: what a phone's page of a lesson is, measured in pixels
(:func:`check_phone_page`: the plot across the screen and first, Back/Step/Play under it on the first screen, then
the chart, as wide, no word of the chart or the legend cut) and Step tapped like a person steps.
test_every_lesson_browser.py's phone walks check it on every lesson, in normal mode and from a presenter's link
(present=1); here, a lecturer's screen turned from a phone's width to a projector's."""

from __future__ import annotations

from pla_lab.lessons import LESSONS
from tests.browser import TEST_HOOKS, Plot

W, H = 390, 844
STEPPING = [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")]
CHARTED = [lesson.slug for lesson in LESSONS if getattr(lesson, "chart", None) is not None]

#: The smallest point marker drawn, in px across (a ○'s or a ×'s box).
MARKER = "() => Math.min(...[...document.querySelectorAll('.pla-plot .pla-pt')].map((e) => e.getBBox().width))"
# Boxes on the page (px, from the page's top): the plot, its plot area (the SVG's data-area), its legend, the chart,
# the transport; every text of the chart and of the plot's legend with its box.
MEASURE = """() => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY, width: r.width,
             height: r.height }; };
  const texts = (sel) => [...document.querySelectorAll(sel)].filter((t) => t.textContent.trim())
    .map((t) => ({ text: t.textContent, ...box(t) }));
  const gd = document.querySelector('.pla-plot'), svg = gd.querySelector('.pla-svg'), s = box(svg);
  const [l, t, w, h] = svg.dataset.area.split(' ').map(Number);
  return { plot: box(gd), area: { left: s.left + l, right: s.left + l + w, top: s.top + t, bottom: s.top + t + h,
                                  width: w, height: h },
           legend: box(gd.querySelector('.pla-legend')),
           chart: box(document.querySelector('.pla-chart')), step: box(document.querySelector('.st-key-app-step button')),
           transport: ['back', 'step', 'play'].map((k) => box(document.querySelector(`.st-key-app-${k} button`))),
           chartTexts: texts('.pla-chart text'), legendTexts: texts('.pla-plot .pla-legend-item text'),
           marker: (%s)() };
}""" % MARKER


def open_phone(browser, url: str) -> Plot:
    ctx = browser.new_context(viewport={"width": W, "height": H}, is_mobile=True, has_touch=True)
    ctx.add_init_script(TEST_HOOKS)
    plot = Plot(ctx.new_page())
    plot.open(url)
    return plot


def inside(texts: list[dict], box: dict) -> list[dict]:
    """The texts that stick out of the box left or right (cut on screen), by more than a pixel."""
    return [t for t in texts if t["left"] < box["left"] - 1 or t["right"] > box["right"] + 1]


def check_phone_page(plot: Plot, slug: str) -> dict:
    if slug in CHARTED:
        plot.page.wait_for_selector(".pla-chart .pla-chart-svg", timeout=30_000)
    plot.settled()
    plot.js("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")  # the first screen
    m = plot.js(MEASURE)
    p = m["plot"]
    assert p["width"] >= 0.9 * W and p["right"] <= W, m  # across the screen
    assert m["area"]["width"] >= 0.6 * W, m  # the plot's axes, not its legend, take the width
    assert m["legend"]["height"] <= 0.5 * m["area"]["height"], m
    assert not inside(m["legendTexts"], {"left": 0, "right": W}), m["legendTexts"]
    assert m["marker"] <= 15, m  # a phone's markers, not a projector's (big ones merge on a phone's plot)
    assert m["step"]["top"] >= p["bottom"], m  # the plot first, then Back/Step/Play
    assert all(0 <= b["top"] and b["bottom"] <= H for b in m["transport"]), m  # all three on the first screen
    if slug in CHARTED:  # then the chart, as wide as the plot
        c = m["chart"]
        assert c["top"] >= m["step"]["bottom"] and c["width"] >= 0.95 * p["width"], m
        assert abs(c["left"] - p["left"]) <= 1, m
        assert not inside(m["chartTexts"], c), inside(m["chartTexts"], c)
    return m


def step_like_a_person(plot: Plot) -> None:
    t = plot.t()
    plot.page.get_by_role("button", name="Step").first.tap()  # fails if anything covers it (the app's header)
    plot.wait_t(t + 1)
    plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)", arg=t + 1,
                                timeout=30_000)


def test_the_lecturers_screen_keeps_presenting_and_a_phone_turned_wide_presents_too(server, browser):
    plot = open_phone(browser, f"{server}/pocket?present=1&t=2")
    try:
        plot.page.wait_for_selector(".pla-chart .pla-chart-svg", timeout=30_000)
        plot.page.set_viewport_size({"width": 1280, "height": 720})
        plot.page.wait_for_function(f"() => ({MARKER})() >= 20 - 0.01", timeout=30_000)
        plot.settled()
        m = plot.js(MEASURE)
        assert m["chart"]["left"] >= m["plot"]["right"], m  # beside the plot again
        words = plot.js("""() => parseFloat(getComputedStyle(document.querySelector(
            '[data-testid=stMain] [data-testid=stMarkdownContainer] p')).fontSize)""")
        assert words >= 20, words
    finally:
        plot.page.context.close()
