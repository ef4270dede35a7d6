"""A lesson's own settings stay in it, in a real browser (issue 33): every lesson's page loaded again from its own
link (as F5, a shared link or the theme switch does), then the witness lesson opened from the sidebar shows the same
run and the same sidebar as in a session that never saw that lesson. Reloading /pocket used to make PLA's first
mistake point #17 instead of #0: the Pocket's own order became the sidebar's.

The witness is /pla, whose run uses every sidebar setting and whose sidebar shows them all, so a value leaked from
any lesson shows there (the AppTest tests/ui/test_own_settings.py walks every lesson after every owner's link)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlparse

from pla_lab.lessons import LESSONS
from tests.browser import READY, SETTLED, switch_page
from tests.ui.helpers import start, url

WITNESS, OTHER = "pla", "margin"


def _seen(page) -> tuple:
    """What the witness shows a user: its address (every setting and its points), its first words, its sidebar."""
    query = dict(parse_qsl(urlparse(page.url).query))
    words = page.locator(".st-key-said-words").first.inner_text()
    sidebar = page.locator("[data-testid=stSidebarUserContent]").inner_text()
    return query, words, sidebar


def test_every_lessons_link_opened_again_leaves_the_other_lessons_runs_alone(context, server):
    page = context.new_page()
    page.goto(f"{server}/{WITNESS}")
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)
    baseline = _seen(page)
    assert "point #0" in baseline[1]
    # each lesson's own link, as its page writes it (the Pocket's has order=random): read by AppTest, which writes
    # the same address bar, to spare ten page loads
    links = {lesson.slug: url(start(page=f"../pages/{lesson.slug}.py")) for lesson in LESSONS}
    assert links["pocket"]["order"] == "random"
    for lesson in LESSONS:
        page.goto(f"{server}/{lesson.slug}?{urlencode(links[lesson.slug])}")  # loaded again: a new session reads it
        page.wait_for_selector(READY, timeout=30_000)
        switch_page(page, WITNESS if lesson.slug != WITNESS else OTHER)
        if lesson.slug == WITNESS:
            switch_page(page, WITNESS)
        assert _seen(page) == baseline, f"after /{lesson.slug} was loaded again, /{WITNESS} differs"
