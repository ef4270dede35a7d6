"""axe-core on every lesson in light and dark (headless Chromium): no serious or critical finding."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from pla_lab.lessons import LESSONS

from .conftest import TEST_HOOKS, Plot

# Streamlit fades an element while a rerun may still change it (data-stale); axe must see the page at rest.
SETTLED = "() => !document.querySelector('[data-stale=true]') && !document.querySelector('[data-testid=stStatusWidget]')"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_or_critical_accessibility_finding_on_any_lesson(server, browser, scheme):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme=scheme)
    ctx.add_init_script(TEST_HOOKS)
    axe, found = Axe(), {}
    try:
        for lesson in LESSONS:
            plot = Plot(ctx.new_page()).open(f"{server}/{lesson.slug}")
            plot.page.wait_for_function(SETTLED, timeout=15_000)
            plot.page.wait_for_timeout(500)
            plot.page.wait_for_function(SETTLED, timeout=15_000)
            result = axe.run(plot.page)
            bad = [(v["id"], n["target"], n["html"][:100]) for v in result.response["violations"]
                   if v["impact"] in ("serious", "critical") for n in v["nodes"]]
            if bad:
                found[lesson.slug] = bad
            plot.page.close()
    finally:
        ctx.close()
    assert found == {}
