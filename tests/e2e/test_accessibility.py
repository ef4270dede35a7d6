"""axe-core on every lesson in dark (headless Chromium): no serious or critical finding (light is checked in
test_every_lesson_browser.py's projector walk, on each lesson opened by its link); and every control reached by
Tab, showing its focus."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

from pla_lab.framework.replay import ReplayLesson
from pla_lab.lessons import LESSONS
from tests.browser import DRAWN, SETTLED, TEST_HOOKS, Plot, switch_page


def test_no_serious_or_critical_accessibility_finding_on_any_lesson_in_dark(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme="dark")
    ctx.add_init_script(TEST_HOOKS)
    axe, found = Axe(), {}
    try:
        # One page load, then each lesson by its sidebar link (as a student moves on): axe reads the page at rest.
        plot = Plot(ctx.new_page()).open(f"{server}/{LESSONS[0].slug}")
        for k, lesson in enumerate(LESSONS):
            if k:
                switch_page(plot.page, lesson.slug)
            plot.page.wait_for_function("(h) => [...document.querySelectorAll('[data-testid=stMain] h3')]"
                                        ".some((e) => e.innerText.includes(h))", arg=lesson.heading, timeout=30_000)
            if isinstance(lesson, ReplayLesson):
                plot.page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
                plot.idle()
            else:  # a study lesson has no plot: its page at rest (its results: in its own browser test)
                plot.page.wait_for_selector("[data-testid=stMain] h3", timeout=30_000)
            plot.page.wait_for_function(SETTLED, timeout=30_000)
            plot.page.wait_for_timeout(500)
            plot.page.wait_for_function(SETTLED, timeout=30_000)
            result = axe.run(plot.page)
            bad = [(v["id"], n["target"], n["html"][:100]) for v in result.response["violations"]
                   if v["impact"] in ("serious", "critical") for n in v["nodes"]]
            if bad:
                found[lesson.slug] = bad
    finally:
        ctx.close()
    assert found == {}


def test_every_control_is_reached_by_tab_and_shows_its_focus(server, plot):
    """A keyboard user can Tab to every control of the lesson (the transport, the point tools, the rest), and each
    shows where the focus is: its pixels (with a 4 px margin) differ between focused and not."""
    plot.open(f"{server}/pla?t=3")  # Back is enabled (a disabled button takes no focus)
    page = plot.page
    page.locator("[data-testid=stMain] h3").first.click()  # start from the page, as after reading the title
    seen, unmarked, prev = [], [], None

    def shot(handle):
        b = handle.bounding_box()
        if not b or b["width"] == 0 or b["y"] < 0 or b["y"] + b["height"] > 720:
            return None
        return page.screenshot(clip={"x": max(0, b["x"] - 4), "y": max(0, b["y"] - 4), "width": b["width"] + 8,
                                     "height": b["height"] + 8})

    for _ in range(80):
        page.keyboard.press("Tab")
        if prev is not None:
            name, handle, focused = prev
            if focused is not None and shot(handle) == focused:
                unmarked.append(name)
        handle = page.evaluate_handle("document.activeElement")
        info = handle.evaluate("""(a) => [(a.getAttribute('aria-label') || a.innerText || a.value || a.tagName).trim()
            .slice(0, 40), a !== document.body && !!a.closest('[data-testid=stMain]') && a.tagName !== 'MAIN']""")
        if not info[1]:
            prev = None
            continue
        seen.append(info[0])
        page.wait_for_timeout(150)  # a focus ring may fade in
        prev = (info[0], handle, shot(handle))
    for name in ("Undo", "Clear", "Back", "Step", "Play", "Epoch", "Run", "Reset", "Present", "Examples"):
        assert any(name in s for s in seen), (name, seen)
    assert unmarked == [], unmarked
