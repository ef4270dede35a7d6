"""The lesson plot, its chart and the home page's picture are our own SVG: a first visit to a lesson page, or to "/",
asks for no plotly.js before its plot takes clicks (the app's plotly route, or Streamlit's own plotly element,
which draws only the figures that need it below a lesson's first screen: the 3-D views, histograms, /sgd's loss
curves)."""

from __future__ import annotations

import pytest

from tests.browser import TEST_HOOKS

#: What a page downloads that is plotly.js: the installed package's file the app can serve, or Streamlit's own element.
PLOTLY = "(e) => /plotly/i.test(e.name)"


# /sgd's loss curves (ℓ over the margin, under its transport, below the first screen) are Streamlit's plotly element:
# the plot, drawn on its first picture, takes clicks before that element's code is asked for.
@pytest.mark.parametrize("slug", ["", "pla", "halts", "xor", "sgd"])
def test_a_first_visit_asks_for_no_plotly_before_the_plot_takes_clicks(server, browser, slug):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})  # a fresh profile: nothing cached
    ctx.add_init_script(TEST_HOOKS)
    page = ctx.new_page()
    try:
        page.goto(f"{server}/{slug}")
        page.wait_for_function("() => window.__plaLab && window.__plaLab.stats.interactiveAt", timeout=60_000)
        ready, before, ours = page.evaluate(f"""() => {{
            const at = window.__plaLab.stats.interactiveAt, all = performance.getEntriesByType('resource');
            return [at, all.filter({PLOTLY}).filter((e) => e.startTime <= at).map((e) => e.name),
                    all.filter((e) => e.name.includes('/pla-lab/plot-')).length]; }}""")
        assert ready > 0 and ours > 0  # the plot's own modules drew it
        assert before == [], before
        assert page.locator(".pla-plot .pla-svg .pla-pt").count() > 0  # and what it drew is our SVG
    finally:
        ctx.close()
