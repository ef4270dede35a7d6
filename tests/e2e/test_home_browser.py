"""The home page and the path in real headless Chromium: the live picture moves when played, a newcomer walks from
"/" through every lesson with Next (projector and phone), an old link to "/" still opens the PLA lesson it held,
and axe-core finds nothing serious on the home page, light or dark."""

from __future__ import annotations

import pathlib
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from pla_lab.course import path
from pla_lab.course.home import HEADING
from pla_lab.framework import codec as C
from pla_lab.lessons import LESSONS
from tests.browser import DRAWN, READY, TEST_HOOKS, Plot

from .test_accessibility import SETTLED

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
SCREENS = {"projector": dict(viewport={"width": 1280, "height": 720}),
           "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)}


def open_home(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=30_000)
    page.get_by_role("heading", name=HEADING).wait_for(timeout=30_000)


def test_the_home_picture_moves_when_played_and_the_console_stays_clean(server, browser):
    """The home page's picture is the lessons' own SVG plot (no plotly.js is fetched for it): Play moves it update by
    update to the run's end, its words follow, Back and Step step it, and all of it without a rerun of the page."""
    ctx = browser.new_context(**SCREENS["projector"])
    page = ctx.new_page()
    errors, fetched = [], []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("request", lambda r: fetched.append(r.url))
    try:
        open_home(page, server + "/")
        page.wait_for_selector(f".st-key-home-picture {DRAWN}", state="attached", timeout=30_000)
        plot = Plot(page)
        T = int(page.locator(".pla-plot").get_attribute("data-last"))
        assert T > 1 and plot.trace_xy("boundary")[0] in ([], [None])  # w = 0 draws no line
        caption = page.locator(".pla-caption")
        assert caption.inner_text().startswith(f"Step 0 of {T}")
        page.get_by_role("button", name="Play").click()
        plot.wait_t(T)
        xs, _ = plot.trace_xy("boundary")
        assert len(xs) == 2 and None not in xs and caption.inner_text().startswith(f"Update {T} of {T}")
        page.get_by_role("button", name="Back").click()
        plot.wait_t(T - 1)
        page.get_by_role("button", name="Step").click()
        plot.wait_t(T)
        page.screenshot(path=str(ARTIFACTS / "home-played.png"))
        assert not [u for u in fetched if "plotly" in u], [u for u in fetched if "plotly" in u]
        assert page.evaluate("() => window.performance.getEntriesByType('resource')"
                             ".filter((e) => e.name.includes('plotly')).length") == 0
        assert errors == [], errors
    finally:
        ctx.close()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_newcomer_walks_from_home_through_the_whole_path_with_next(server, browser, screen):
    ctx = browser.new_context(**SCREENS[screen])
    ctx.add_init_script(TEST_HOOKS)
    page = ctx.new_page()
    uncaught = []
    page.on("pageerror", lambda e: uncaught.append(str(e)))
    try:
        open_home(page, server + "/")
        page.screenshot(path=str(ARTIFACTS / f"walk-{screen}-home.png"))
        page.get_by_role("link", name=f"Begin the path: 1. {LESSONS[0].title} →").click()
        for i, lesson in enumerate(LESSONS):
            page.wait_for_url(f"**/{lesson.slug}?**", timeout=30_000)
            page.wait_for_selector(READY, timeout=30_000)
            heading = page.get_by_role("heading", name=lesson.heading)
            expect(heading).to_be_in_viewport(timeout=30_000)  # the new lesson opens at its top
            goal = page.get_by_text(path.STOPS[lesson.slug].goal, exact=True)
            goal.wait_for(timeout=30_000)
            page.wait_for_function(SETTLED, timeout=30_000)  # the last lesson's elements gone, this one's drawn
            if screen == "projector":  # one line, on the first screen, clear of the row under it
                g = goal.bounding_box()
                assert g["height"] < 30 and g["y"] + g["height"] <= 720, (lesson.slug, g)
                tools = page.locator(".st-key-lesson-tools")  # the row under the heading (a lesson with points)
                if tools.count():
                    label = tools.get_by_text("Clicks add").bounding_box()
                    assert g["y"] + g["height"] <= label["y"] + 2, (lesson.slug, g, label)
            page.screenshot(path=str(ARTIFACTS / f"walk-{screen}-{i + 1}-{lesson.slug}.png"))
            after = LESSONS[i + 1].title if i + 1 < len(LESSONS) else "Start here (the path)"
            page.get_by_role("link", name=f"Next: {after} →").click()
        page.wait_for_url(lambda u: urlparse(u).path == "/", timeout=30_000)
        page.get_by_role("heading", name=HEADING).wait_for(timeout=30_000)
        assert uncaught == [], uncaught
    finally:
        ctx.close()


def test_an_old_link_to_the_root_opens_the_pla_lesson_with_its_points_and_step(server, plot):
    pts = [(-0.5, 0.5, 1.0), (0.5, 0.25, 1.0), (0.5, -0.5, -1.0), (-0.25, -0.75, -1.0), (0.75, 0.75, 1.0)]
    link = {"pts": C.encode_points(pts), "t": "2", "eta": "0.5"}
    plot.open(server + "/?" + urlencode(link))
    plot.wait_t(2)
    shown = urlparse(plot.page.url)
    assert shown.path == "/pla"
    q = {k: v[0] for k, v in parse_qs(shown.query).items()}
    assert q["t"] == "2" and q["eta"] == "0.5" and C.decode_points(q["pts"])[0] == pts
    assert sorted(map(tuple, plot.points())) == sorted(pts)
    assert plot.page.get_by_role("heading", name="PLA, step by step").is_visible()


def test_the_bare_root_in_the_dark_theme_opens_home_in_the_dark(server, browser):
    ctx = browser.new_context(**SCREENS["projector"])
    page = ctx.new_page()
    try:
        open_home(page, server + "/?embed_options=dark_theme")
        assert urlparse(page.url).path == "/"
        bg = page.evaluate("() => getComputedStyle(document.querySelector('[data-testid=stApp]')).backgroundColor")
        r, g, b = (int(v) for v in bg[bg.index("(") + 1:bg.index(")")].split(",")[:3])
        assert r + g + b < 150, bg
        page.screenshot(path=str(ARTIFACTS / "home-dark.png"))
    finally:
        ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_or_critical_accessibility_finding_on_the_home_page(server, browser, scheme):
    ctx = browser.new_context(**SCREENS["projector"], color_scheme=scheme)
    page = ctx.new_page()
    try:
        open_home(page, server + "/")
        page.wait_for_selector(f".st-key-home-picture {DRAWN}", state="attached", timeout=30_000)
        page.wait_for_function(SETTLED, timeout=30_000)
        page.wait_for_timeout(500)
        page.wait_for_function(SETTLED, timeout=30_000)
        result = Axe().run(page)
        bad = [(v["id"], n["target"], n["html"][:100]) for v in result.response["violations"]
               if v["impact"] in ("serious", "critical") for n in v["nodes"]]
        assert bad == []
    finally:
        ctx.close()
