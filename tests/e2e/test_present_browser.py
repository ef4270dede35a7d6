"""Presenter mode in real headless Chromium at 1280×720 (a classroom projector), entered with its button like a
lecturer would and opened from a link: the plot's share of the screen, the size of its marks and words, and the
transport row in view, measured in pixels."""

from __future__ import annotations

import pathlib

from .conftest import Plot

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
SCREEN = 1280 * 720


def measure(plot: Plot) -> dict:
    """What a person in the back row gets: pixels of the plot, its marks, the words, and where the buttons are."""
    box = plot.page.locator(".pla-plot").bounding_box()
    sidebar = plot.page.locator("[data-testid=stSidebar]").bounding_box()
    step = plot.page.get_by_role("button", name="Step").bounding_box()
    marks = plot.js("""() => { const d = document.querySelector('.pla-plot').data;
        return { marker: Math.min(...d.filter(t => t.meta === 'points').map(t => t.marker.size)),
                 line: d.find(t => t.meta === 'boundary').line.width }; }""")
    words = plot.js("""() => parseFloat(getComputedStyle(document.querySelector(
        '[data-testid=stMain] [data-testid=stMarkdownContainer] p')).fontSize)""")
    return {"area": box["width"] * box["height"] / SCREEN, "sidebar": sidebar["x"] + sidebar["width"],
            "step_bottom": step["y"] + step["height"], **marks, "words": words}


def test_the_present_button_makes_the_plot_the_screen(server, plot):
    plot.open(server + "/pla?t=3")
    before = measure(plot)
    assert before["area"] < 0.4 and before["sidebar"] > 0  # today's lesson page, for comparison
    plot.page.get_by_role("button", name="Present").click()
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('present') === '1'", timeout=15_000)
    plot.page.get_by_role("button", name="Leave presenter mode").wait_for(timeout=15_000)
    plot.page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right <= 0",
                                timeout=15_000)
    plot.idle()
    plot.page.wait_for_timeout(300)
    m = measure(plot)
    assert m["area"] >= 0.4, m
    assert m["marker"] >= 20 and m["line"] >= 5 and m["words"] >= 20, m
    assert m["step_bottom"] <= 720, m  # Back/Step/Play in view without scrolling
    ARTIFACTS.mkdir(exist_ok=True)
    plot.page.screenshot(path=str(ARTIFACTS / "present-pla.png"))
    # Step still steps, and the way back restores the page.
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(4)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '4'", timeout=15_000)
    plot.page.get_by_role("button", name="Leave presenter mode").click()
    plot.page.get_by_role("button", name="Present").wait_for(timeout=15_000)
    plot.page.wait_for_function("() => !new URL(location.href).searchParams.has('present')", timeout=15_000)
    plot.page.get_by_role("button", name="Undo").wait_for(timeout=15_000)  # the point tools are back
    plot.wait_t(4)


def test_a_link_opens_in_presenter_mode_with_a_chart_beside_the_plot(server, plot):
    plot.open(server + "/pocket?present=1&t=50")
    plot.page.wait_for_selector(".pla-chart .main-svg", timeout=15_000)
    m = measure(plot)
    assert m["sidebar"] <= 0 and m["area"] >= 0.4 and m["step_bottom"] <= 720, m
    plot.page.screenshot(path=str(ARTIFACTS / "present-pocket.png"))


def test_at_1280x720_back_step_play_and_the_scrubber_are_in_view_on_every_lesson(server, plot):
    """Even with the sidebar open and outside presenter mode, a lecturer never scrolls to step."""
    from pla_lab.lessons import LESSONS

    for lesson in LESSONS:
        plot.open(f"{server}/{lesson.slug}")
        for name in ("Back", "Step"):
            b = plot.page.get_by_role("button", name=name).bounding_box()
            assert b["y"] + b["height"] <= 720, (lesson.slug, name, b)
        scrub = plot.page.locator(f".st-key-{lesson.slug}-scrub").bounding_box()
        assert scrub["y"] + scrub["height"] <= 720, (lesson.slug, scrub)
