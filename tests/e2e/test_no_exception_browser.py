"""Every lesson as a class sees it, in normal and presenter mode, at 1280×720 (a projector) and 390×844 (a phone):
open it, step, scroll to the bottom; no exception is drawn anywhere on the page, and the server logs none (the
autouse fixture ``no_server_errors`` fails the test on any "Uncaught app execution" or traceback). Each screen and
mode is one walk through the lessons in one page load, moving on by the sidebar's links as a class does."""

from __future__ import annotations

import pathlib

import pytest

from pla_lab.lessons import LESSONS
from tests.browser import READY, TEST_HOOKS, switch_page

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts" / "every-lesson"
SCREENS = {"projector": (1280, 720), "phone": (390, 844)}
STEPPING = [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")]


@pytest.mark.parametrize("present", [False, True], ids=["normal", "present"])
def test_every_lesson_stepped_and_scrolled_to_the_bottom_shows_no_exception(server, browser, present):
    """On a projector; the phone's walk is test_no_exception_phone_browser.py (two files: two workers share them)."""
    walk(server, browser, "projector", present)


def walk(server, browser, screen: str, present: bool) -> None:
    w, h = SCREENS[screen]
    ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=screen == "phone",
                              has_touch=screen == "phone")
    ctx.add_init_script(TEST_HOOKS)
    page = ctx.new_page()
    try:
        page.goto(f"{server}/{LESSONS[0].slug}" + ("?present=1" if present else ""))
        for k, lesson in enumerate(LESSONS):
            if k:
                switch_page(page, lesson.slug)
            check_lesson(page, lesson.slug, screen, present)
    finally:
        ctx.close()


def check_lesson(page, slug: str, screen: str, present: bool) -> None:
    """The lesson shown in ``page``: step it twice, scroll to its bottom, and find no exception drawn."""
    page.wait_for_selector(READY, timeout=30_000)
    if slug in STEPPING:
        page.wait_for_function("(s) => { const g = document.querySelector('.pla-plot');"
                               " return g && g.querySelector('.main-svg') && location.pathname === '/' + s; }",
                               arg=slug, timeout=30_000)
        for k in (1, 2):
            page.get_by_role("button", name="Step").first.click()
            page.wait_for_function("(t) => document.querySelector('.pla-plot').dataset.t === String(t)"
                                   " && new URL(location.href).searchParams.get('t') === String(t)",
                                   arg=k, timeout=30_000)
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
