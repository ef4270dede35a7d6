"""The browser console on the home page and every lesson: no failed request, no console error, no uncaught exception.

Loaded at a lesson's own path (/pocket), Streamlit 1.67's frontend used to look for its server under that path first
(/pocket/_stcore/health and /pocket/_stcore/host-config, 404) and then at the root: its ``getPossibleBaseUris``
tries the path and its parent, for apps served under a path prefix. The page's head script now tells it where the
server is (``window.__streamlit.BACKEND_BASE_URL``, pla_lab/framework/server.py), so not even those two fail."""

from __future__ import annotations

from urllib.parse import urlparse

from pla_lab.lessons import LESSONS
from tests.browser import READY


def expected_misses(path: str) -> set[str]:
    """None: the page's head script tells Streamlit's frontend where its server is (before, it asked
    /<lesson>/_stcore/health and host-config first and got 404s)."""
    return set()


def test_every_lesson_loads_with_a_clean_console(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    for lesson, path in [(None, "/"), *((lesson, f"/{lesson.slug}") for lesson in LESSONS)]:  # None: home
        page = ctx.new_page()  # its own listeners: nothing the last page aborted on leaving counts here
        failed, errors, exceptions = [], [], []
        page.on("response", lambda r: r.status >= 400 and failed.append(urlparse(r.url).path))
        page.on("requestfailed", lambda r: failed.append(f"{urlparse(r.url).path} ({r.failure})"))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: exceptions.append(str(e)))
        page.goto(server + path)
        page.wait_for_selector(READY, timeout=30_000)
        if lesson is None:  # the home page: its animated picture has been drawn
            page.wait_for_selector("[data-testid=stPlotlyChart] .main-svg", timeout=30_000)
        elif hasattr(lesson, "plot_height"):  # a lesson with a plot: its modules and plotly.js have all come
            page.wait_for_selector(".pla-plot .main-svg", timeout=30_000)
        page.wait_for_timeout(1000)
        assert set(failed) == expected_misses(path), (path, failed)
        # Chromium says "Failed to load resource" once for each of them, and nothing else.
        assert len(errors) == len(failed) and all("Failed to load resource" in e for e in errors), (path, errors)
        assert not exceptions, (path, exceptions)
        page.close()
    ctx.close()
