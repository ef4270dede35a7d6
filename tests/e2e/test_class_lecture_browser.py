"""One class through a whole lecture (issue 45), in real headless Chromium: a lecture of three demos presented with
PageDown only, *Ask the class* on the first and the third; two phones join once and answer both questions without
rejoining; the projector shows one code throughout; a reload of the lecturer's tab and of a phone in between loses
nothing; one CSV holds both questions, in order, with links a spreadsheet opens. *To the demo* then the browser's Back
lands on the projector, which keeps presenter mode when it is opened again. The limits count per browser: a second
tab answers as the same student, a reload keeps the tries of a code. The key is in no address a student could be
given and in no page but the projector's."""

from __future__ import annotations

import csv
import io
import re
import time
from urllib.parse import parse_qs, urlsplit

import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from pla_lab.framework import deck as D
from pla_lab.framework.lecture_box import demo_url
from tests.browser import READY, TEST_HOOKS
from tests.classroom import key_of

FOLLOW_S = 2.5  # a page follows the room within 2 s (a tick of 1 s, a copy at most 0.5 s old), with room to spare
SLIDES = (D.Slide("pla", {"speed": "8×"}, "PLA"), D.Slide("xor", {"speed": "8×"}, "XOR never halts"),
          D.Slide("halts", {"speed": "8×"}, "Why it halts"))
CONTROLS = ("Show answers", "Reveal", "Ask again", "To the demo")
AT_REST = "() => { const g = document.querySelector('.pla-plot'); return g && g.dataset.last !== undefined" \
          " && g.dataset.animating !== '1' && g.querySelector('.pla-svg[data-area]'); }"


def ready(page, url: str | None = None) -> None:
    if url is not None:
        page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    page.evaluate("window.__sameDocument = true")  # gone if the page ever loads again


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def demo(page, k: int, t: int) -> int:
    """Demo k of the lecture shown, in presenter mode, at rest at step t: its last step, as its bar tells the
    clicker (its class: st-key-deck-steps-<first>-<last>)."""
    page.wait_for_function("(k) => new URL(location.href).searchParams.get('slide') === String(k)", arg=k,
                           timeout=30_000)
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(AT_REST, timeout=30_000)
    at(page, t)
    assert f"{k + 1} / {len(SLIDES)}" in page.locator(".st-key-deck-bar").inner_text()
    steps = page.locator("[class*='st-key-deck-steps-']").get_attribute("class")
    return int(re.search(r"st-key-deck-steps-\d+-(\d+)", steps).group(1))


def at(page, t: int) -> None:
    """The plot at step t, and the server's words of step t with it: the page's own address names t (the rerun that
    heard the step writes it) and that rerun is over. The plot moves first; under a full suite's load its words (and
    the question *Ask the class* reads) came a moment later, and the test read the step before's question."""
    page.wait_for_function("(t) => { const g = document.querySelector('.pla-plot');"
                           " return g.dataset.t === String(t) && g.dataset.animating !== '1'; }", arg=t, timeout=30_000)
    page.wait_for_function("(t) => (new URL(location.href).searchParams.get('t') || '0') === String(t)", arg=t,
                           timeout=30_000)
    page.wait_for_selector(READY, timeout=30_000)


def ask(page) -> tuple[str, str]:
    """The first *Ask the class* pressed: the question asked, and the projector's code once it shows."""
    first = page.locator("[data-testid=stForm]").first.locator("[data-testid=stWidgetLabel]").first.inner_text()
    page.get_by_role("button", name="Ask the class").first.click()
    page.wait_for_url(re.compile(r"/class\?room=[\w-]+&present=1$"), timeout=30_000)
    page.wait_for_selector(READY, timeout=30_000)
    expect(page.locator(".st-key-class-ask")).to_have_text(first.strip(), timeout=15_000)
    return first.strip(), page.locator(".st-key-class-code strong").inner_text()


def answer(page, letter: str) -> None:
    choice = page.locator("label").filter(has_text=re.compile(rf"^{letter}\. "))
    choice.click()
    expect(choice.locator("input")).to_be_checked()  # a click on a page a rerun was redrawing can be lost
    page.get_by_role("button", name="Answer", exact=True).click()
    expect(page.get_by_text(f"Your answer {letter} is counted")).to_be_visible(timeout=10_000)


def no_key_anywhere(key: str, *pages) -> None:
    """The lecturer's key in no address and no page's text or markup (the projector's own included: it is in a
    cookie of the lecturer's browser and in the script that wrote it, nowhere a student could read it off)."""
    for p in pages:
        assert key not in p.url
        assert key not in p.locator("[data-testid=stMain]").inner_text()


def test_one_class_through_a_lecture_presented_with_page_down(server, browser):
    lecturer_ctx = browser.new_context(viewport={"width": 1920, "height": 1080}, accept_downloads=True)
    lecturer_ctx.add_init_script(TEST_HOOKS)
    lecturer = lecturer_ctx.new_page()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    desk = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    try:
        ready(lecturer, f"{server}/{demo_url(SLIDES, 0)}")
        demo(lecturer, 0, 0)
        first, code = ask(lecturer)
        room = parse_qs(urlsplit(lecturer.url).query)["room"][0]
        key = key_of(lecturer, room)
        assert re.fullmatch(r"[\w-]{16,64}", key)
        link = zxingcpp.read_barcodes(Image.open(io.BytesIO(lecturer.locator(".st-key-class-qr img").screenshot())))
        ready(phone, link[0].text)  # the QR code
        ready(desk, server + "/class")  # the code typed as read off the screen
        desk.get_by_label("Class code").fill(code.lower())
        desk.get_by_role("button", name="Join").click()
        for s in (phone, desk):
            expect(s.locator(".st-key-class-question")).to_have_text(first, timeout=15_000)
            for control in CONTROLS:
                expect(s.get_by_role("button", name=control)).to_have_count(0)
        answer(phone, "A")
        answer(desk, "B")
        expect(lecturer.locator(".st-key-class-count")).to_have_text("2 answered", timeout=FOLLOW_S * 1000)

        # back to the demo, then PageDown only: to the end of PLA, XOR, and into /halts
        lecturer.get_by_role("link", name="To the demo").click()
        last = demo(lecturer, 0, 0)
        assert f"room={room}" in lecturer.url
        for k in (0, 1):
            for t in range(1, last + 1):
                lecturer.keyboard.press("PageDown")
                at(lecturer, t)
            lecturer.keyboard.press("PageDown")
            last = demo(lecturer, k + 1, 0)
            assert f"room={room}" in lecturer.url  # the tab's class, put back in the address of the next demo
        # a reload of the lecturer's tab and of a phone: nothing lost
        lecturer.reload()
        demo(lecturer, 2, 0)
        phone.reload()
        ready(phone)
        expect(phone.get_by_text("Your answer A is counted")).to_be_visible(timeout=15_000)
        assert "me=" not in phone.url  # the browser's id (a cookie) says who answered, not the tab's address
        lecturer.keyboard.press("PageDown")
        at(lecturer, 1)
        ready(phone)
        ready(desk)

        second, code2 = ask(lecturer)
        assert code2 == code and parse_qs(urlsplit(lecturer.url).query)["room"] == [room]
        asked = time.monotonic()
        for s in (phone, desk):  # followed by themselves: no reload, no rejoining
            expect(s.locator(".st-key-class-question")).to_have_text(second, timeout=FOLLOW_S * 1000 + 1000)
            assert same_document(s)
        followed = time.monotonic() - asked
        answer(phone, "B")
        answer(desk, "B")
        expect(lecturer.locator(".st-key-class-count")).to_have_text("2 answered", timeout=FOLLOW_S * 1000)
        no_key_anywhere(key, phone, desk, lecturer)

        lecturer.get_by_text("After class").click()
        with lecturer.expect_download() as got:
            lecturer.get_by_role("button", name="Download the results (CSV)").click()
        rows = list(csv.DictReader(io.StringIO(open(got.value.path(), encoding="utf-8").read())))
        assert list(dict.fromkeys(r["question"] for r in rows)) == [first, second]  # in the order asked
        assert sum(int(r["votes"]) for r in rows) == 4
        assert {r["demo link"].split("?")[0] for r in rows} == {f"{server}/pla", f"{server}/halts"}
        print(f"\nthe phones followed the second question in {followed:.2f} s")
    finally:
        for p in (lecturer, phone, desk):
            p.context.close()


def test_to_the_demo_then_back_lands_on_the_projector_which_reloads_in_presenter_mode(server, browser):
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = ctx.new_page()
        ready(page, server + "/pla?present=1&t=2")
        question, code = ask(page)
        projector = page.url
        room = parse_qs(urlsplit(projector).query)["room"][0]
        page.get_by_role("link", name="To the demo").click()
        page.wait_for_url(re.compile(r"/pla\?"), timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)
        page.wait_for_function(AT_REST, timeout=30_000)
        at(page, 2)
        assert page.locator(".st-key-class-ask").count() == 0
        page.go_back()
        page.wait_for_url(projector, timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)
        expect(page.locator(".st-key-class-ask")).to_have_text(question, timeout=15_000)
        expect(page.get_by_role("button", name="Reveal")).to_be_visible()
        for opened in ("reload", "bookmark"):  # F5, and the address opened in a new tab of the same browser
            if opened == "reload":
                page.reload()
            else:
                page = ctx.new_page()
                page.goto(projector)
            page.wait_for_selector(READY, timeout=30_000)
            expect(page.locator(".st-key-class-ask")).to_have_text(question, timeout=15_000)
            sidebar = page.locator("[data-testid=stSidebar]").bounding_box()
            assert sidebar is None or sidebar["x"] + sidebar["width"] <= 0, (opened, sidebar)  # presenter mode
            ask_box = page.locator(".st-key-class-ask p").bounding_box()
            assert ask_box["height"] < 2 * 2 * 16 * 1.3 + 1, ask_box  # the question on at most two lines
            page.screenshot(path=f"/tmp/class-projector-{opened}.png")
        # the projector's address in another browser (a student given it): a student's page, no control
        other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        ready(other, projector)
        expect(other.locator(".st-key-class-question")).to_have_text(question, timeout=15_000)
        for control in (*CONTROLS, "Download the results (CSV)"):
            expect(other.get_by_role("button", name=control)).to_have_count(0)
        other.context.close()
        # a lesson's address typed in that tab, with no room in it: the tab's class comes back, and asks in it
        ready(page, server + "/xor?present=1")
        page.wait_for_function("(r) => new URL(location.href).searchParams.get('room') === r", arg=room,
                               timeout=30_000)
        assert ask(page)[1] == code
    finally:
        ctx.close()


def test_the_limits_count_per_browser_not_per_tab_or_page_load(server, browser):
    lecturer = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    student = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ready(lecturer, server + "/pla?present=1")
        _, code = ask(lecturer)
        room = parse_qs(urlsplit(lecturer.url).query)["room"][0]
        tabs = [student.new_page(), student.new_page()]
        for tab in tabs:
            ready(tab, f"{server}/class?room={room}")
        answer(tabs[0], "A")
        answer(tabs[1], "B")  # the same browser: the same student, who changed their mind
        expect(lecturer.locator(".st-key-class-count")).to_have_text("1 answered", timeout=FOLLOW_S * 1000)
        tabs[0].reload()
        ready(tabs[0])
        expect(tabs[0].get_by_text("Your answer B is counted")).to_be_visible(timeout=15_000)

        # 4 codes tried, a reload, then until refused: counted per tab or page load, the reload would give 5 more
        # tries (10 in all); per browser it is refused sooner (5, and one more for every 6 s the tries took)
        guesses = [g for g in ("ZZZZZ" + c for c in "ABCDEFGHJK") if g != code]
        page = student.new_page()
        ready(page, server + "/class")
        said, began = [], time.monotonic()
        while not said or (said[-1].startswith("No class") and len(said) < 10):
            if len(said) == 4:
                page.reload()
                ready(page)
            guess = guesses[len(said)]  # each try's words name its code: the page's answer to this try, not the last
            page.get_by_label("Class code").fill(guess)
            page.get_by_role("button", name="Join").click()
            got = page.get_by_text(re.compile(rf"^(No class has the code {guess}|Too many codes tried)"))
            expect(got).to_be_visible(timeout=15_000)
            said.append(got.inner_text())
        print(f"\nrefused at try {len(said)}, {time.monotonic() - began:.1f} s after the first")
        assert len(said) < 10 and re.fullmatch(r"Too many codes tried: wait [1-6] s before the next\.", said[-1]), said

        # a code typed with a phone's full-width letters joins; a pasted paragraph is refused with its length
        fresh = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        ready(fresh, server + "/class")
        fresh.get_by_label("Class code").fill("x" * 300)
        fresh.get_by_role("button", name="Join").click()
        expect(fresh.get_by_text("That is 300 characters")).to_be_visible(timeout=15_000)
        wide = "".join(chr(ord(c) + 0xFEE0) for c in code.lower())  # ｘｇｍ…: what some keyboards type
        fresh.get_by_label("Class code").fill(wide)
        fresh.get_by_role("button", name="Join").click()
        expect(fresh.locator(".st-key-class-question")).to_be_visible(timeout=15_000)
        fresh.context.close()
    finally:
        lecturer.context.close()
        student.close()
