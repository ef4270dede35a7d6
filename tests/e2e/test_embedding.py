"""A lecturer may put a lesson inside a course page or a slide (an iframe): the app allows it, and works there.

Decided (docs/deployment.md, "Embedding"): no X-Frame-Options and no CSP frame-ancestors. The app has no accounts,
no secrets and no action with an effect outside the visitor's own session, so a page that frames it can take nothing
by clickjacking; a deployment that wants to forbid framing adds one header at its proxy (that page says which)."""

from __future__ import annotations

import urllib.request


def test_no_header_forbids_framing(server):
    for path in ("/", "/pla", "/pocket?t=3"):
        with urllib.request.urlopen(server + path) as r:
            headers = {k.lower(): v for k, v in r.headers.items()}
        assert "x-frame-options" not in headers, (path, headers)
        assert "frame-ancestors" not in headers.get("content-security-policy", ""), (path, headers)


def test_a_lesson_works_inside_an_iframe(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.set_content(f'<h1>Week 3: the perceptron</h1><iframe src="{server}/pla?t=2" width="1200" height="720" '
                     'title="PLA Lab"></iframe>')
    frame = page.frame_locator("iframe")
    frame.locator(".pla-plot .pla-svg[data-area]").first.wait_for(state="attached", timeout=30_000)
    frame.get_by_role("button", name="Step").click()
    inner = page.frames[1]
    inner.wait_for_function("() => document.querySelector('.pla-plot').dataset.t === '3'", timeout=30_000)
    ctx.close()
