"""Check yourself in real headless Chromium: a student answers a question on /pla like a person (a click on a
choice, then Check) and reads the verdict; a Step takes the step's verdict away. Screenshots at 1280×720, in
presenter mode and on a phone go to /tmp/checksA-shots/."""

from __future__ import annotations

import pathlib
import re
from urllib.parse import parse_qs, urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from tests.browser import READY, TEST_HOOKS, Plot

SHOTS = pathlib.Path("/tmp/checksA-shots")
# As test_accessibility waits: no element faded by a rerun that may still change it, no status widget.
SETTLED = "() => !document.querySelector('[data-stale=true]') && !document.querySelector('[data-testid=stStatusWidget]')"


def trace_of(url: str):
    q = {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}
    values, problems = S.read_params(q)
    assert not problems
    return pla_core.pla(*model.arrays(C.decode_points(q["pts"])[0]), stop_on_cycle=False, **S.pla_kwargs(values))


def section(page, ask: str):
    """The form of the question whose text starts so."""
    return page.locator("[data-testid=stForm]").filter(has_text=ask)


def test_a_student_answers_which_point_on_pla_and_reads_the_verdict(server, plot):
    plot.open(server + "/pla?t=2")
    plot.wait_t(2)
    tr = trace_of(plot.page.url)
    i = int(tr.mistakes[3])
    form = section(plot.page, "Which point will update 4 correct?")
    form.scroll_into_view_if_needed()
    choices = form.get_by_role("radio")
    assert all(not c.is_checked() for c in choices.all())  # nothing chosen for the student
    labels = form.locator("label").all_inner_texts()
    right = next(t.strip() for t in labels if t.strip().startswith(f"point #{i}:"))
    wrong = next(t.strip() for t in labels if t.strip().startswith("point #") and t.strip() != right)
    form.get_by_text(wrong, exact=True).click()
    form.get_by_role("button", name="Check").click()
    verdict = form.locator("[data-testid=stAlert]")
    verdict.wait_for(timeout=30_000)
    assert f"Not quite: {right}." in verdict.inner_text()
    assert f"the first wrong one it meets is point #{i}" in verdict.inner_text()
    SHOTS.mkdir(exist_ok=True)
    form.screenshot(path=str(SHOTS / "pla-verdict.png"))
    plot.page.screenshot(path=str(SHOTS / "pla-1280-scrolled.png"))
    form.get_by_text(right, exact=True).click()
    form.get_by_role("button", name="Check").click()
    plot.page.get_by_text(f"Right: {right}.").wait_for(timeout=30_000)
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(3)
    section(plot.page, "Which point will update 5 correct?").wait_for(timeout=30_000)
    expect(plot.page.get_by_text(f"Right: {right}.")).to_have_count(0)  # the old step's verdict is gone (a loaded
    # machine may draw the new question a moment before the rerun that drew it has dropped the old verdict)


def test_screens_the_lecturer_and_the_phone_see(server, plot, browser):
    SHOTS.mkdir(exist_ok=True)
    plot.open(server + "/pla?t=1")
    plot.settled()
    plot.page.screenshot(path=str(SHOTS / "pla-1280.png"))
    for slug in ("halts", "xor", "pocket"):
        plot.open(server + f"/{slug}?t=1")
        plot.settled()
        plot.page.screenshot(path=str(SHOTS / f"{slug}-1280.png"))
        heading = plot.page.get_by_role("heading", name="Check yourself")
        heading.scroll_into_view_if_needed()
        plot.page.mouse.wheel(0, heading.bounding_box()["y"] - 60)  # the section at the screen's top
        plot.page.wait_for_timeout(400)
        plot.page.screenshot(path=str(SHOTS / f"{slug}-1280-checks.png"))
    plot.open(server + "/pla?t=1&present=1")
    plot.settled()
    section(plot.page, "Which point").scroll_into_view_if_needed()
    plot.page.screenshot(path=str(SHOTS / "pla-present-scrolled.png"))
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              device_scale_factor=2)
    ctx.add_init_script(TEST_HOOKS)
    try:
        phone = Plot(ctx.new_page())
        phone.open(server + "/pla?t=1")
        phone.page.wait_for_selector(READY, timeout=30_000)
        form = section(phone.page, "Which point will update 3 correct?")
        form.scroll_into_view_if_needed()
        # On a phone the lesson's boxes are reordered (plot, Back/Step/Play, tools, words): the section stays whole,
        # its heading with it, after the plot and the words.
        heading = phone.page.get_by_role("heading", name="Check yourself").bounding_box()
        assert heading["y"] >= phone.page.locator(".pla-plot").bounding_box()["y"] + 200
        assert heading["y"] < form.bounding_box()["y"]
        assert heading["y"] > phone.page.get_by_text("What to look at, what to try").bounding_box()["y"]
        form.get_by_text(re.compile(r"^point #\d+:")).first.tap()  # a choice, as a thumb picks it
        form.get_by_role("button", name="Check").tap()
        form.locator("[data-testid=stAlert]").wait_for(timeout=30_000)
        phone.page.screenshot(path=str(SHOTS / "pla-phone-verdict.png"))
        phone.open(server + "/xor?t=1")
        phone.page.get_by_role("heading", name="Check yourself").scroll_into_view_if_needed()
        phone.page.wait_for_timeout(400)
        phone.page.screenshot(path=str(SHOTS / "xor-phone-checks.png"))
    finally:
        ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_in_the_section_with_both_verdicts(server, browser, scheme):
    """The section with a "Right" and a "Not quite" verdict shown, in light and dark: readable (colour contrast),
    every radio named by its question."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme=scheme)
    ctx.add_init_script(TEST_HOOKS)
    try:
        plot = Plot(ctx.new_page()).open(f"{server}/pla?t=2")
        tr = trace_of(plot.page.url)
        form = section(plot.page, "larger or smaller than before?")
        form.scroll_into_view_if_needed()
        form.get_by_text("Smaller", exact=True).click()
        form.get_by_role("button", name="Check").click()
        form.get_by_text("Not quite: Larger.").wait_for(timeout=30_000)
        form = section(plot.page, "Will this run halt")
        form.get_by_text("Yes, it halts" if tr.halted else "No, it never gets every point right", exact=True).click()
        form.get_by_role("button", name="Check").click()
        form.get_by_text("Right:").wait_for(timeout=30_000)
        plot.page.wait_for_function(SETTLED, timeout=30_000)
        plot.page.screenshot(path=str(SHOTS / f"pla-verdicts-{scheme}.png"))
        result = Axe().run(plot.page)
        bad = [(v["id"], n["target"], n["html"][:100]) for v in result.response["violations"]
               if v["impact"] in ("serious", "critical") for n in v["nodes"]]
        assert bad == []
    finally:
        ctx.close()
