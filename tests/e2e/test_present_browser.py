"""Presenter mode in real headless Chromium at 1280×720 (a classroom projector), entered with its button like a
lecturer would and opened from a link: the plot's share of the screen, the size of its marks and words, and the
transport row in view, measured in pixels."""

from __future__ import annotations

import pathlib

from tests.browser import Plot

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
SCREEN = 1280 * 720
#: The plot area's box on the page (px): the plot's SVG and its data-area (the DOM contract).
AREA = """() => { const s = document.querySelector('.pla-plot .pla-svg'), r = s.getBoundingClientRect();
  const [l, t, w, h] = s.dataset.area.split(' ').map(Number);
  return { x: r.left + l, y: r.top + t, width: w, height: h }; }"""


def measure(plot: Plot) -> dict:
    """What a person in the back row gets: pixels of the plot, its marks, the words, and where the buttons are."""
    plot.settled()
    box = plot.page.locator(".pla-plot").bounding_box()
    sidebar = plot.page.locator("[data-testid=stSidebar]").bounding_box()
    step = plot.page.get_by_role("button", name="Step").bounding_box()
    # the smallest point's marker across, and the boundary's stroke (px)
    marks = plot.js("""() => { const g = document.querySelector('.pla-plot');
        return { marker: Math.min(...[...g.querySelectorAll('.pla-pt')].map((e) => e.getBBox().width)),
                 line: +g.querySelector('.pla-mark[data-meta=boundary] path').getAttribute('stroke-width') }; }""")
    words = plot.js("""() => parseFloat(getComputedStyle(document.querySelector(
        '[data-testid=stMain] [data-testid=stMarkdownContainer] p')).fontSize)""")
    return {"area": box["width"] * box["height"] / SCREEN, "sidebar": sidebar["x"] + sidebar["width"],
            "step_bottom": step["y"] + step["height"], **marks, "words": words}


def test_the_present_button_makes_the_plot_the_screen(server, plot):
    plot.open(server + "/pla?t=3")
    before = measure(plot)
    assert before["area"] < 0.4 and before["sidebar"] > 0  # today's lesson page, for comparison
    plot.page.get_by_role("button", name="Present").click()
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('present') === '1'", timeout=30_000)
    plot.page.get_by_role("button", name="Leave presenter mode").wait_for(timeout=30_000)
    plot.page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right <= 0",
                                timeout=30_000)
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
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '4'", timeout=30_000)
    plot.page.get_by_role("button", name="Leave presenter mode").click()
    plot.page.get_by_role("button", name="Present").wait_for(timeout=30_000)
    plot.page.wait_for_function("() => !new URL(location.href).searchParams.has('present')", timeout=30_000)
    plot.page.get_by_role("button", name="Undo").wait_for(timeout=30_000)  # the point tools are back
    plot.wait_t(4)


def test_a_link_opens_in_presenter_mode_with_a_chart_beside_the_plot(server, plot):
    """The plot and its chart take most of the screen; the lesson's controls have a column beside them."""
    plot.open(server + "/pocket?present=1&t=50")
    plot.page.wait_for_selector(".pla-chart .pla-chart-svg", timeout=30_000)
    m = measure(plot)
    figure = plot.page.locator(".pla-wrap").bounding_box()
    area = plot.js(AREA)
    assert m["sidebar"] <= 0 and figure["width"] * figure["height"] / SCREEN >= 0.4 and m["step_bottom"] <= 720, m
    assert min(area["width"], area["height"]) >= 340, area  # the plot area itself, a square of 340 px at least
    plot.page.screenshot(path=str(ARTIFACTS / "present-pocket.png"))


def _luminance(rgb: str) -> float:
    r, g, b = (int(v) for v in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_the_theme_switch_turns_the_page_dark_and_back_keeping_the_demo(server, plot):
    """A lecturer in a dark room presses Dark: the page, the plot and its words turn dark, with the same points and
    step; Light turns it back. The address keeps the choice, so a reload keeps it too."""
    plot.open(server + "/pla?t=3")
    points = plot.points()
    page = plot.page
    background = "() => getComputedStyle(document.querySelector('.stApp')).backgroundColor"
    ink = "() => document.querySelector('.pla-plot text.pla-tick').getAttribute('fill')"
    assert _luminance(page.evaluate(background)) > 0.9
    page.get_by_role("button", name="Dark").click()
    page.wait_for_url("**embed_options=dark_theme**", timeout=30_000)
    plot.open(page.url)
    plot.wait_t(3)
    assert _luminance(page.evaluate(background)) < 0.15
    assert plot.points() == points
    assert page.get_by_role("button", name="Light").is_visible()
    dark_ink = page.evaluate(ink)
    # Presenter mode keeps the switch beside its button.
    page.get_by_role("button", name="Present").click()
    page.get_by_role("button", name="Leave presenter mode").wait_for(timeout=30_000)
    page.get_by_role("button", name="Light").click()
    page.wait_for_url("**embed_options=light_theme**", timeout=30_000)
    plot.open(page.url)
    plot.wait_t(3)
    assert _luminance(page.evaluate(background)) > 0.9
    assert page.evaluate(ink) != dark_ink
    assert plot.points() == points
    assert "present=1" in page.url and "embed_options=light_theme" in page.url
    assert page.url.count("embed_options") == 1


def _plot_area(plot: Plot) -> float:
    box = plot.js(AREA)
    return box["width"] * box["height"]


def _in_view(plot: Plot, height: int, slug: str) -> None:
    plot.settled()
    step = plot.page.get_by_role("button", name="Step").bounding_box()
    scrub = plot.page.locator(f".st-key-{slug}-scrub").bounding_box()
    assert step["y"] + step["height"] <= height and scrub["y"] + scrub["height"] <= height, (step, scrub)


def test_the_plot_takes_the_room_the_screen_gives_and_grows_when_the_sidebar_is_collapsed(server, plot):
    """On a 4:3 projector (1280×1024) the plot's width is the limit: collapsing the sidebar gives it more room, and
    it grows, with Back/Step/Play and the scrubber still in view. On a 1920×1080 screen it fills the height."""
    page = plot.page
    page.set_viewport_size({"width": 1280, "height": 1024})
    for slug in ("pla", "pocket"):
        plot.open(f"{server}/{slug}")
        plot.idle()
        if page.locator("[data-testid=stSidebar][data-collapsed=true]").count():  # as the last lesson left it
            page.get_by_role("button", name="Expand sidebar").click()
            page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right > 100")
            page.wait_for_timeout(800)
        before = _plot_area(plot)
        page.hover("[data-testid=stSidebar]")
        page.get_by_role("button", name="Collapse sidebar").click()
        page.wait_for_function(f"(a) => {{ const b = ({AREA})(); return b.width * b.height > 1.5 * a; }}", arg=before,
                               timeout=30_000)
        _in_view(plot, 1024, slug)
        assert plot.points()  # still drawn
    page.set_viewport_size({"width": 1920, "height": 1080})
    plot.open(f"{server}/pla?t=2")
    plot.idle()
    assert plot.page.locator(".pla-plot").bounding_box()["height"] >= 700
    _in_view(plot, 1080, "pla")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pla-1920x1080.png"))


def test_when_what_is_above_the_plot_grows_later_the_plot_gives_up_that_room(server, plot):
    """On a slow machine a widget or a font above the plot can come after the plot was drawn. The plot then gets
    shorter by as much, so Back/Step/Play and the scrubber stay on a 1920×1080 screen; when it shrinks back, the plot
    takes the room again."""
    page = plot.page
    page.set_viewport_size({"width": 1920, "height": 1080})
    plot.open(f"{server}/pla?t=2")
    plot.settled()
    height = page.locator(".pla-plot").bounding_box()["height"]
    above = ".st-key-pla-cls"  # the "Clicks add" row, above the plot
    for grow in (60, 0):
        page.evaluate("([sel, px]) => { document.querySelector(sel).style.paddingTop = px + 'px'; }", [above, grow])
        page.wait_for_function("(h) => Math.abs(document.querySelector('.pla-plot').getBoundingClientRect().height - h)"
                               " <= 1", arg=height - grow, timeout=30_000)
        _in_view(plot, 1080, "pla")
    xs, _ = plot.trace_xy("boundary")
    assert len(xs) == 2  # still drawn


def test_present_pressed_right_after_step_keeps_the_step_and_the_page(server, plot):
    """A lecturer presses Step, then Present before the step's animation has ended. The page lays itself out anew
    (the plot is mounted again) while the browser still holds a step the server has not heard of: presenter mode comes
    up, the step is kept on screen and in the link, and the page never goes blank (a tick sent during that rerun made
    Streamlit's page fail with "Bad delta path index")."""
    errors = []
    plot.page.on("pageerror", lambda e: errors.append(str(e)))
    for gap, start in ((0, 2), (300, 5)):
        plot.open(f"{server}/pla?t={start}")
        plot.page.get_by_role("button", name="Step").click()
        plot.page.wait_for_timeout(gap)
        plot.page.get_by_role("button", name="Present").click()
        plot.page.get_by_role("button", name="Leave presenter mode").wait_for(timeout=30_000)
        plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)",
                                    arg=start + 1, timeout=30_000)
        plot.wait_t(start + 1)
        assert "present=1" in plot.page.url and not errors, errors
        plot.page.get_by_role("button", name="Leave presenter mode").click()
        plot.page.get_by_role("button", name="Present").wait_for(timeout=30_000)
