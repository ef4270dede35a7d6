"""Every lesson as a class sees it, one walk per screen and mode: 1280×720 (a projector) and 390×844 (a phone, touch),
in normal and presenter mode. On each lesson, first what that screen must show, then stepped and scrolled to the
bottom: no exception is drawn anywhere on the page, and the server logs none (the autouse fixture
``no_server_errors`` fails the test on any "Uncaught app execution" or traceback).

* The projector in normal mode opens each lesson by its own address, as a link does, in a fresh tab (its plot's
  code not yet evaluated there). → is pressed 0.1 s after the lesson's heading appears, and again at a
  later moment up to 1 s after it (0.3 s on the first lesson, 1 s on the last): both are applied once the plot can
  take them (issue 25). A clean console from load to bottom (no failed request, no console error, no uncaught
  exception, no request under /<lesson>/_stcore/; the home page too),
  Look at on the first screen, Back/Step and the scrubber in view without scrolling, and no serious or critical
  axe-core finding (light; dark is test_accessibility.py's walk).
* Presenter mode on the projector, and the phone in both modes, move on by the sidebar's links as a class does,
  in one page load. Presenter mode draws every control of the lessons in test_present_fit_browser.CONTROLS on the
  screen; the phone gets the phone's page (test_phone_browser.check_phone_page: the plot across the screen, then
  Back/Step/Play on the first screen, then its chart), the presenter's link opened there too (at step 2, and the link
  keeps presenting on every lesson).

One walk does all of a screen's checks: a lesson's page is loaded once for them, not once per check.
"""

from __future__ import annotations

import pathlib
import re
from urllib.parse import urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe

from pla_lab.framework.replay import ReplayLesson
from pla_lab.lessons import LESSONS
from tests.browser import DRAWN, READY, SETTLED, TEST_HOOKS, Plot, walk_lessons

from .test_look_browser import look_on_first_screen
from .test_phone_browser import H, W, check_phone_page, step_like_a_person
from .test_present_fit_browser import CONTROLS, controls_on_screen

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts" / "every-lesson"
STEPPING = [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")]


def test_every_lesson_opened_by_its_link_on_a_projector(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme="light")
    ctx.add_init_script(TEST_HOOKS)
    axe, found = Axe(), {}
    try:
        for lesson, path in [(None, "/"), *((lesson, f"/{lesson.slug}") for lesson in LESSONS)]:  # None: home
            page = ctx.new_page()  # its own listeners: nothing the last page aborted on leaving counts here
            failed, errors, exceptions, asked = [], [], [], []
            page.on("request", lambda r: asked.append(urlparse(r.url).path))
            page.on("response", lambda r: r.status >= 400 and failed.append(urlparse(r.url).path))
            page.on("requestfailed", lambda r: failed.append(f"{urlparse(r.url).path} ({r.failure})"))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.on("pageerror", lambda e: exceptions.append(str(e)))
            page.goto(server + path)
            page.wait_for_selector(READY, timeout=30_000)
            if lesson is None:  # the home page: its animated picture has been drawn (by plotly, or by our SVG plot)
                page.wait_for_selector(f"[data-testid=stPlotlyChart] .main-svg, {DRAWN}", state="attached",
                                       timeout=30_000)
                page.wait_for_timeout(1000)
            else:
                try:
                    if lesson.slug in STEPPING:
                        early_keys(page, STEPPING.index(lesson.slug))
                    first_screen(Plot(page), lesson)
                    bad = accessibility(axe, page)
                    if bad:
                        found[lesson.slug] = bad
                    if lesson.slug in STEPPING:
                        step_twice(page)
                    bottom_without_exception(page, lesson.slug, "projector", False)
                except Exception as e:
                    e.add_note(f"(on /{lesson.slug}, opened by its link)")
                    raise
            # No failed request at all: the head script tells Streamlit's frontend where its server is (before, it
            # asked /<lesson>/_stcore/health and host-config first, and got 404s).
            assert failed == [], (path, failed)
            under = [a for a in asked if re.match(r"/[^/]+/_stcore/", a)]
            assert not under, (path, "a page looked for the server under the lesson", under)
            assert errors == [], (path, errors)
            assert not exceptions, (path, exceptions)
            page.close()
    finally:
        ctx.close()
    assert found == {}


def early_keys(page, i: int) -> None:
    """→ 0.1 s after the heading of the i-th lesson that steps appears, and again up to 1 s after it: the plot rests
    at step 2 and the link says so."""
    later = 0.3 + 0.7 * i / max(1, len(STEPPING) - 1)
    page.wait_for_selector("[data-testid=stMain] h3", timeout=30_000)
    page.wait_for_timeout(100)
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(int((later - 0.1) * 1000))
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => { const g = document.querySelector('.pla-plot');"
                           " return g && g.querySelector('.pla-svg[data-area]') && g.dataset.t === '2'"
                           " && g.dataset.animating !== '1'; }", timeout=30_000)
    page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '2'", timeout=30_000)
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.querySelector('.pla-plot').dataset.t") == "2"


def first_screen(plot: Plot, lesson) -> None:
    """What the first screen of a lesson shows at 1280×720, before any scrolling: Look at, and a replay lesson's
    Back/Step and scrubber (even with the sidebar open, a lecturer never scrolls to step)."""
    look_on_first_screen(plot, lesson.slug)
    if isinstance(lesson, ReplayLesson):  # a study lesson has no steps
        plot.idle()
        for name in ("Back", "Step"):
            b = plot.page.get_by_role("button", name=name).bounding_box()
            assert b["y"] + b["height"] <= 720, (name, b)
        scrub = plot.page.locator(f".st-key-{lesson.slug}-scrub").bounding_box()
        assert scrub["y"] + scrub["height"] <= 720, scrub


def accessibility(axe: Axe, page) -> list:
    """axe-core's serious and critical findings on the page at rest."""
    page.wait_for_function(SETTLED, timeout=30_000)
    page.wait_for_timeout(500)
    page.wait_for_function(SETTLED, timeout=30_000)
    result = axe.run(page)
    return [(v["id"], n["target"], n["html"][:100]) for v in result.response["violations"]
            if v["impact"] in ("serious", "critical") for n in v["nodes"]]


def test_every_lesson_in_presenter_mode_on_a_projector(server, browser):
    def check(plot: Plot, slug: str) -> None:
        if slug in CONTROLS:
            controls_on_screen(plot, slug, *CONTROLS[slug])
        elif slug in STEPPING:
            step_twice(plot.page)

    walk(browser, f"{server}/{LESSONS[0].slug}?present=1", "projector", True, check)


@pytest.mark.parametrize("present", [False, True], ids=["normal", "present"])
def test_every_lesson_on_a_phone(server, browser, present):
    """Presenter mode from a presenter's link at step 2; normal mode from the first lesson's address."""
    def check(plot: Plot, slug: str) -> None:
        title_below_the_header(plot.page)
        if slug not in STEPPING:
            return
        plot.idle()
        for _ in range(2 - plot.t()):  # two taps in a row, as a person steps on: the plot serves them at once
            plot.page.get_by_role("button", name="Step").first.tap()
        plot.wait_t(2)
        plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '2'", timeout=30_000)
        assert plot.js("() => new URL(location.href).searchParams.get('present')") == ("1" if present else None), \
            plot.page.url  # the link still presents (or not) on this lesson
        check_phone_page(plot, slug)
        step_like_a_person(plot)

    first = f"{server}/{STEPPING[0]}?present=1&t=2" if present else f"{server}/{LESSONS[0].slug}"
    walk(browser, first, "phone", present, check)


def title_below_the_header(page) -> None:
    """The page at its top starts below Streamlit's header (opaque on a phone: it hid the lesson's title's first
    line, or all of presenter mode's one line): its first element drawn, the title where there is one."""
    page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
    first, header = page.evaluate("""() => {
        const box = (e) => { const r = e.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, height: r.height, text: e.innerText.slice(0, 60) }; };
        const drawn = [...document.querySelectorAll('[data-testid=stMain] [data-testid=stElementContainer]')]
          .map(box).filter((b) => b.height > 0 && b.text.trim());
        drawn.sort((a, b) => a.top - b.top);
        return [drawn[0], box(document.querySelector('[data-testid=stHeader]'))]; }""")
    assert first["top"] >= header["bottom"], (first, header)


def walk(browser, url: str, screen: str, present: bool, check) -> None:
    """One page load, then each lesson by its sidebar link: ``check(plot, slug)``, then scrolled to the bottom."""
    phone = screen == "phone"
    ctx = browser.new_context(viewport={"width": W, "height": H} if phone else {"width": 1280, "height": 720},
                              is_mobile=phone, has_touch=phone)
    ctx.add_init_script(TEST_HOOKS)
    plot = Plot(ctx.new_page())
    plot.page.goto(url)

    def lesson(slug: str) -> None:
        plot.page.wait_for_selector(READY, timeout=30_000)
        if slug in STEPPING:
            plot.page.wait_for_function("(s) => { const g = document.querySelector('.pla-plot');"
                                        " return g && g.querySelector('.pla-svg[data-area]')"
                                        " && location.pathname === '/' + s; }",
                                        arg=slug, timeout=30_000)
        check(plot, slug)
        bottom_without_exception(plot.page, slug, screen, present)

    try:
        walk_lessons(plot.page, [lesson.slug for lesson in LESSONS], lesson)
    finally:
        ctx.close()


def step_twice(page) -> None:
    """Step pressed twice, each step waited for in the plot and the link."""
    page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
    t0 = int(page.evaluate("() => document.querySelector('.pla-plot').dataset.t || '0'"))
    for k in (t0 + 1, t0 + 2):
        page.get_by_role("button", name="Step").first.click()
        page.wait_for_function("(t) => document.querySelector('.pla-plot').dataset.t === String(t)"
                               " && new URL(location.href).searchParams.get('t') === String(t)",
                               arg=k, timeout=30_000)


def bottom_without_exception(page, slug: str, screen: str, present: bool) -> None:
    """Scrolled to the bottom: no exception drawn on the page; the whole page saved to be looked at."""
    page.wait_for_selector(READY, timeout=30_000)
    page.mouse.wheel(0, 20_000)
    page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 1e6)")
    page.wait_for_timeout(500)
    page.wait_for_selector(READY, timeout=30_000)
    shown = page.locator("[data-testid=stException]")
    assert shown.count() == 0, (slug, shown.first.inner_text())
    assert page.get_by_text("Traceback").count() == 0, slug
    ARTIFACTS.mkdir(parents=True, exist_ok=True)  # to be looked at: the whole page, as the class would scroll it
    page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{slug}-{screen}-{'present' if present else 'normal'}.png"), full_page=True)
