"""Issue 22 in headless Chromium: a lesson's glossary link opens the Glossary at its term (in a new tab, the lesson
left as it was), Sources and Glossary follow the lessons in the navigation, read on a phone without sideways
scrolling, and axe-core finds nothing serious on them, light or dark."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from pla_lab.lessons import LESSONS
from pla_lab.words import glossary, notes
from tests.browser import READY

from .test_accessibility import SETTLED

PAGES = ("sources", "glossary")


def settle(page):
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_selector("[data-testid=stMain] h3", timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_or_critical_accessibility_finding_on_sources_and_glossary(server, browser, scheme):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme=scheme)
    axe, found = Axe(), {}
    try:
        for slug in PAGES:
            page = ctx.new_page()
            page.goto(f"{server}/{slug}")
            settle(page)
            page.wait_for_timeout(500)
            result = axe.run(page)
            bad = [(v["id"], n["target"], n["html"][:100]) for v in result.response["violations"]
                   if v["impact"] in ("serious", "critical") for n in v["nodes"]]
            if bad:
                found[slug] = bad
            page.close()
    finally:
        ctx.close()
    assert found == {}


def test_a_term_in_a_lesson_opens_the_glossary_at_that_term(server, plot):
    plot.open(f"{server}/pla")
    page = plot.page
    link = page.locator("[data-testid=stExpander] a", has_text="sign(0)").first  # the guide, open on /pla
    with page.context.expect_page(timeout=30_000) as opened:
        link.click()
    entry = opened.value
    settle(entry)
    term = glossary.BY_NAME["sign(0)"]
    assert entry.url.endswith(f"/glossary#{term.key}")
    heading = entry.locator(f"h3#{term.key}")
    heading.wait_for(timeout=30_000)
    entry.wait_for_function(f"() => {{ const r = document.getElementById('{term.key}').getBoundingClientRect();"
                            " return r.top >= 0 && r.bottom <= innerHeight; }", timeout=30_000)
    assert heading.inner_text().strip().startswith("sign(0)")
    assert page.url.split("?")[0].endswith("/pla")  # the lesson stays where it was
    entry.close()


def test_sources_and_glossary_follow_the_lessons_in_the_navigation(server, plot):
    plot.open(f"{server}/pla")
    nav = plot.page.locator("[data-testid=stSidebarNav] a").all_inner_texts()
    names = [n.split("\n")[-1].strip() for n in nav]  # after the icon
    assert names[-2:] == ["Sources", "Glossary"], names
    assert names[:len(LESSONS) + 1] == ["Start here", *(lesson.title for lesson in LESSONS)]
    plot.page.locator("[data-testid=stSidebarNav] a", has_text="Sources").click()
    plot.page.wait_for_url("**/sources", timeout=30_000)
    settle(plot.page)
    for n in notes.NOTES:
        assert plot.page.get_by_text(n.Name, exact=True).first.is_visible()


@pytest.mark.parametrize("slug", PAGES)
def test_the_pages_read_on_a_phone_without_sideways_scrolling(server, browser, slug):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/{slug}")
        settle(page)
        wide = page.evaluate("() => [...document.querySelectorAll('[data-testid=stMain] p, [data-testid=stMain] li')]"
                             ".filter(e => e.getBoundingClientRect().right > innerWidth + 1).length")
        assert wide == 0
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()
