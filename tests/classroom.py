"""What the class's browser tests share (issues 35, 45): a lecturer in presenter mode puts the first *Check yourself*
question to the class, the room it opened, and the key the lecturer's browser keeps."""

from __future__ import annotations

import re

from tests.browser import READY


def ask_the_class(browser, base: str):
    """A lecturer's page (1280×720) that opened /pla in presenter mode and pressed the first *Ask the class*: the page
    (now on the projector's view) and the room's id, from its address."""
    lecturer = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    lecturer.goto(base + "/pla?present=1")
    lecturer.wait_for_selector(READY, timeout=60_000)
    lecturer.get_by_role("button", name="Ask the class").first.click()
    lecturer.wait_for_url(re.compile(r"/class\?room="), timeout=30_000)
    return lecturer, re.search(r"room=([\w-]+)", lecturer.url).group(1)


def key_of(page, room: str) -> str:
    """The lecturer's key to ``room``, as their browser keeps it (the cookie its projector writes as it is drawn:
    in no address)."""
    name = f"pla_key_{room}"
    page.wait_for_function("(n) => document.cookie.split('; ').some((c) => c.startsWith(n + '='))", arg=name,
                           timeout=30_000)
    return next(c["value"] for c in page.context.cookies() if c["name"] == name)
