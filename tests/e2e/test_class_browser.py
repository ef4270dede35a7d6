"""A class answering together, in real headless Chromium (issue 35): a lecturer's projector asks, three students
(one on a phone, who scans the projector's QR code) answer, the projector's count and chart follow without a
reload, a second vote is kept apart, the reveal reaches the phones, and the CSV holds exactly the votes cast. A
student holding the class link controls nothing: every control URL is tried."""

from __future__ import annotations

import csv
import io
import json
import re
import time
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit

import zxingcpp
from axe_playwright_python.sync_playwright import Axe
from PIL import Image
from playwright.sync_api import expect

from tests.browser import READY
from tests.classroom import key_of

FOLLOW_S = 2.5  # a page follows the room within 2 s (a tick of 1 s, a copy at most 0.5 s old), with room to spare
CONTROLS = ("Show answers", "Reveal", "Ask again", "To the demo")


def ready(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    page.evaluate("window.__sameDocument = true")  # gone if the page ever loads again


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def answer(page, letter: str) -> float:
    """Pick ``letter`` and press *Answer*; when it was pressed."""
    choice = page.locator("label").filter(has_text=re.compile(rf"^{letter}\. "))
    choice.click()
    expect(choice.locator("input")).to_be_checked()  # a click on a page a rerun was redrawing can be lost
    page.get_by_role("button", name="Answer", exact=True).click()
    pressed = time.monotonic()
    expect(page.get_by_text(f"Your answer {letter} is counted")).to_be_visible(timeout=10_000)
    return pressed


def chart(page):
    """The chart of the spread (while a rerun replaces the choices by it, Streamlit keeps the old picture a moment)."""
    return page.locator(".st-key-class-chart img[alt*='vote'], .st-key-class-chart img[alt^='Answers']")


def chart_words(page) -> str:
    return chart(page).get_attribute("alt")


def test_a_class_answers_twice_and_sees_the_reveal(server, browser):
    room_size = {"viewport": {"width": 1280, "height": 720}}
    lecturer = browser.new_context(**room_size, accept_downloads=True).new_page()
    ready(lecturer, server + "/pla?present=1")
    asks = lecturer.get_by_role("button", name="Ask the class")
    expect(asks.first).to_be_visible()
    question = lecturer.locator("[data-testid=stForm]").first.locator("[data-testid=stWidgetLabel]").first.inner_text()
    asks.first.click()
    lecturer.wait_for_url(re.compile(r"/class\?room=[\w-]+&present=1$"), timeout=30_000)  # no key in it
    lecturer.wait_for_selector(READY)
    room = parse_qs(urlsplit(lecturer.url).query)["room"][0]
    key = key_of(lecturer, room)
    expect(lecturer.locator(".st-key-class-ask")).to_have_text(question.strip())
    code = lecturer.locator(".st-key-class-code strong").inner_text()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", code)
    expect(lecturer.locator(".st-key-class-count")).to_have_text("0 answered")

    qr = lecturer.locator(".st-key-class-qr img")
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))
    assert len(found) == 1
    link = found[0].text
    assert urlsplit(link).path == "/class" and parse_qs(urlsplit(link).query) == {"room": [room]}
    assert key not in link and key not in lecturer.locator(".st-key-class-projector").inner_text()

    desk = [browser.new_context(**room_size).new_page() for _ in range(2)]
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    ready(desk[0], server + "/class")  # types the code, as read off the screen
    desk[0].get_by_label("Class code").fill(code.lower())
    desk[0].get_by_role("button", name="Join").click()
    ready(desk[1], server + f"/class?room={room}")  # the class link
    ready(phone, link)  # the QR code
    students = [*desk, phone]
    for s in students:
        expect(s.locator(".st-key-class-question")).to_have_text(question.strip(), timeout=15_000)
        picture = s.locator(".st-key-class-picture img")
        expect(picture).to_be_visible()
        assert picture.evaluate("(i) => i.complete && i.naturalWidth > 0")
        assert "points" in picture.get_attribute("alt")
        for control in CONTROLS:
            expect(s.get_by_role("button", name=control)).to_have_count(0)

    answer(desk[0], "A")
    answer(desk[1], "A")
    answer(phone, "B")
    sent = answer(phone, "C")  # changed: still one answer
    expect(lecturer.locator(".st-key-class-count")).to_have_text("3 answered", timeout=FOLLOW_S * 1000)
    lag = time.monotonic() - sent
    for s in students:
        expect(s.get_by_text("3 answered")).to_be_visible(timeout=FOLLOW_S * 1000)
    lecturer.get_by_role("button", name="Show answers").click()
    expect(chart(lecturer)).to_have_attribute(
        "alt", re.compile(r"^Answers: A 2, B 0, C 1(, D 0)?\.$"))
    assert "right" not in chart_words(lecturer)  # not marked until the reveal

    lecturer.get_by_role("button", name="Ask again").click()
    asked = time.monotonic()
    for s in students:
        expect(s.get_by_text("second vote")).to_be_visible(timeout=FOLLOW_S * 1000 + 1000)
        assert same_document(s)  # followed by itself, no reload
    followed = time.monotonic() - asked
    # the projector's own tick (1 s) redraws it; once, in a full run with the machine at load 9, it was not there
    # after 5 s (not seen again in 6 runs, 2 of them beside two busy loops): wait as long as the phones may
    expect(lecturer.locator(".st-key-class-count")).to_have_text("0 answered", timeout=15_000)
    for s, letter in zip(students, "ABB"):
        answer(s, letter)
    expect(lecturer.locator(".st-key-class-count")).to_have_text("3 answered", timeout=FOLLOW_S * 1000)
    lecturer.get_by_role("button", name="Show answers").click()
    expect(chart(lecturer)).to_have_attribute(
        "alt", re.compile(r"^First vote: A 2, B 0, C 1(, D 0)?\. Second vote: A 1, B 2, C 0(, D 0)?\.$"))

    lecturer.get_by_role("button", name="Reveal").click()
    expect(chart(lecturer)).to_have_attribute("alt", re.compile(r"The right answer is "))
    right = re.search(r"The right answer is ([A-D])\.", chart_words(lecturer)).group(1)
    for s, letter in zip(students, "ABB"):
        verdict = "Right:" if letter == right else "Not quite:"
        expect(s.get_by_text(verdict)).to_be_visible(timeout=FOLLOW_S * 1000)
        expect(s.get_by_role("button", name="Answer", exact=True)).to_have_count(0)  # closed

    axe, found = Axe(), {}  # the projector with its chart and the reveal, and each phone with its verdict
    for name, page in (("projector", lecturer), ("desk", desk[0]), ("phone", phone)):
        result = axe.run(page)
        bad = [(v["id"], n["target"], n["html"][:100]) for v in result.response["violations"]
               if v["impact"] in ("serious", "critical") for n in v["nodes"]]
        if bad:
            found[name] = bad
    assert found == {}

    lecturer.get_by_text("After class").click()
    with lecturer.expect_download() as got:
        lecturer.get_by_role("button", name="Download the results (CSV)").click()
    rows = list(csv.DictReader(io.StringIO(open(got.value.path(), encoding="utf-8").read())))
    votes = {(r["round"], r["choice"][:9]): int(r["votes"]) for r in rows}
    assert sum(v for (rnd, _), v in votes.items() if rnd == "1") == 3
    assert sum(v for (rnd, _), v in votes.items() if rnd == "2") == 3
    assert {r["question"] for r in rows} == {question.strip()} and {r["step"] for r in rows} == {"0"}
    assert set(rows[0]) == {"question", "round", "step", "demo link", "choice", "votes", "asked (UTC)",
                            "revealed (UTC)"}  # and nothing else: no one's answer, no session
    print(f"\nthe projector counted the last answer {lag:.2f} s after it was pressed; the phones followed Ask again in "
          f"{followed:.2f} s")

    # What a page follows the room by: counts only (no right answer, no reason, no key, nothing a student sent)
    with urllib.request.urlopen(server + f"/pla-lab/class/{room}") as r:
        state = json.loads(r.read())
    assert state == {"gone": False, "q": state["q"], "revealed": True, "answered": 3}
    for bad, status in ((f"/pla-lab/class/{room[:-1]}x", 200), ("/pla-lab/class/%3Cb%3E", 404),
                        ("/pla-lab/class/" + "a" * 5000, 404)):
        try:
            with urllib.request.urlopen(server + bad) as r:
                assert (r.status, json.loads(r.read())) == (status, {"gone": True})
        except urllib.error.HTTPError as e:
            assert (e.code, json.loads(e.read())) == (status, {"gone": True})
    try:  # it only answers a GET
        urllib.request.urlopen(urllib.request.Request(server + f"/pla-lab/class/{room}", data=b"{}", method="POST"))
        raise AssertionError("a POST was answered")
    except urllib.error.HTTPError as e:
        assert e.code == 405

    # A student holding the class link tries every control URL: no key, an empty one, a forged one, another room's
    other = browser.new_context(**room_size).new_page()
    ready(other, server + "/pla?present=1")
    other.get_by_role("button", name="Ask the class").first.click()
    other.wait_for_url(re.compile(r"/class\?room="), timeout=30_000)
    other_key = key_of(other, parse_qs(urlsplit(other.url).query)["room"][0])
    # (the browser's id, a cookie, says who answered: the student's verdict is still theirs on every address)
    for tried in ("", "&present=1", "&key=", "&key=" + "A" * 32, "&key=" + other_key, "&key=" + key[:-1],
                  "&present=1&key=" + other_key):
        ready(desk[1], server + f"/class?room={room}{tried}")
        expect(desk[1].get_by_text("Right:").or_(desk[1].get_by_text("Not quite:")).first).to_be_visible()
        for control in (*CONTROLS, "Download the results (CSV)", "End this class (its questions and answers are deleted)"):
            expect(desk[1].get_by_role("button", name=control)).to_have_count(0)
        if "key=" in tried and len(tried) > 5:
            expect(desk[1].get_by_text("Only the lecturer's own link may do that")).to_be_visible()
    for p in (lecturer, *students, other):
        p.context.close()
