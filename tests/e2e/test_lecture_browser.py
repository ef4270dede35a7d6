"""A lecture presented with a clicker (issues 26 and 33): the issue's lecture of /pla, /xor, /sgd and /halts at their
defaults, only PageDown and PageUp pressed, as a presentation clicker sends them. Each demo stops at its last step
(PLA's end, one cycle of XOR, 30 of gradient descent's 600 steps, /halts' end), then the next demo opens in presenter
mode with its caption (shown as text); two and three quick presses at a last step move on once per press; PageUp at a
demo's first step opens the one before at its last step, back to the start; B blanks the screen and brings it back; Q
shows the demo's QR code. Screenshots at 1280×720 in test-artifacts/."""

from __future__ import annotations

import pathlib
import re

from pla_lab.framework import deck as D
from pla_lab.framework.lecture_box import demo_url
from pla_lab.lessons import LESSONS
from pla_lab.framework.demos import span
from tests.browser import READY, TEST_HOOKS, Plot, hold_server_messages

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
# XOR at the default speed (a step animates for 0.5 s: the quick presses at its last step fall inside it); the
# others at 8× (0.06 s a step), to keep the test's time
SLIDES = (D.Slide("pla", {"speed": "8×"}, "1st: PLA <b>not bold</b> [not a link](//x.example)"),
          D.Slide("xor", {}, "2nd: XOR never halts **not bold**"),
          D.Slide("sgd", {"speed": "8×"}, "3rd: gradient descent"),
          D.Slide("halts", {"speed": "8×"}, "4th: why it halts"))
SETTLED = "() => { const g = document.querySelector('.pla-plot'); return g && g.dataset.last !== undefined" \
          " && g.dataset.animating !== '1' && g.querySelector('.pla-svg[data-area]'); }"


def _demo(page, k: int, t: int) -> None:
    """Wait for demo k to be shown and ready, at step t."""
    page.wait_for_function("(k) => new URL(location.href).searchParams.get('slide') === String(k)", arg=k,
                           timeout=30_000)
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)
    _step_to(page, t)
    bar = page.locator(".st-key-deck-bar").inner_text()
    assert f"{k + 1} / {len(SLIDES)}" in bar and SLIDES[k].caption in bar, bar  # the caption as typed
    assert page.locator(".st-key-deck-bar b, .st-key-deck-bar a[href*='x.example']").count() == 0
    assert "present=1" in page.url  # in presenter mode


def _step_to(page, t: int) -> None:
    page.wait_for_function("(t) => { const g = document.querySelector('.pla-plot');"
                           " return g.dataset.t === String(t) && g.dataset.animating !== '1'; }", arg=t, timeout=30_000)


def _press(page, key: str, times: int, gap_ms: int) -> None:
    for i in range(times):
        if i:
            page.wait_for_timeout(gap_ms)
        page.keyboard.press(key)


def test_a_lecture_is_presented_with_page_down_and_page_up_only(server, browser):
    by_slug = {lesson.slug: lesson for lesson in LESSONS}
    lasts = [span(by_slug[s.page], s.params).last for s in SLIDES]
    assert lasts[2] == 30 and lasts[1] < 30  # gradient descent stops at 30 of 600; XOR after one cycle
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/{demo_url(SLIDES, 0)}")
        # PLA: step by step to one before its end; then two presses 200 ms apart: its last step, then the next demo
        _demo(page, 0, 0)
        page.screenshot(path=str(ARTIFACTS / "lecture-demo-1-start.png"))
        for t in range(1, lasts[0]):
            page.keyboard.press("PageDown")
            _step_to(page, t)
        _press(page, "PageDown", 2, 200)
        _demo(page, 1, 0)
        # XOR: to one before its last step; then three presses 250 ms apart, the 2nd during the last step's
        # animation: the last step, the next demo, and one step there
        for t in range(1, lasts[1]):
            page.keyboard.press("PageDown")
            _step_to(page, t)
        _press(page, "PageDown", 3, 250)
        _demo(page, 2, 1)
        # gradient descent: the rest of its 30 steps pressed as fast as a hand goes, every one a step, and no more
        _press(page, "PageDown", lasts[2] - 1, 90)
        _step_to(page, lasts[2])
        page.keyboard.press("PageDown")
        _demo(page, 3, 0)
        _press(page, "PageDown", lasts[3], 150)
        _step_to(page, lasts[3])
        page.screenshot(path=str(ARTIFACTS / "lecture-demo-4-end.png"))
        page.keyboard.press("PageDown")  # the lecture's end: nothing more
        page.wait_for_timeout(1500)
        assert "slide=3" in page.url and page.evaluate("() => document.querySelector('.pla-plot').dataset.t") \
            == str(lasts[3])
        # B blanks the screen, and brings it back; Q shows the demo's QR code
        page.keyboard.press("b")
        page.wait_for_function("() => document.body.classList.contains('pla-blank')")
        page.screenshot(path=str(ARTIFACTS / "lecture-blank.png"))
        page.keyboard.press("b")
        page.wait_for_function("() => !document.body.classList.contains('pla-blank')")
        page.keyboard.press("q")
        page.wait_for_selector(".st-key-deck-qr img", state="visible")
        page.screenshot(path=str(ARTIFACTS / "lecture-qr.png"))
        page.keyboard.press("q")
        page.wait_for_selector(".st-key-deck-qr img", state="hidden")
        # PageUp only, back to the start: each demo steps back to its first step, then the one before opens at its
        # last step
        for k in range(3, -1, -1):
            _press(page, "PageUp", lasts[k], 90)
            _step_to(page, 0)
            page.keyboard.press("PageUp")
            if k:
                _demo(page, k - 1, lasts[k - 1])
        page.wait_for_timeout(1500)
        assert "slide=0" in page.url and page.evaluate("() => document.querySelector('.pla-plot').dataset.t") == "0"
    finally:
        ctx.close()


def test_a_lecture_is_built_from_lessons_listed_saved_loaded_and_presented(server, browser, tmp_path):
    """Like a lecturer preparing: on /pla, two steps in, *Add this demo to my lecture* with a caption; on /xor the
    same; the Lecture page lists both in order, its address holds them; a demo moves up; the lecture is saved and a
    saved file loaded; *Present the lecture* opens the first demo in presenter mode with its caption."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/pla")
        for slug, caption, steps in (("pla", "PLA, two updates in", 2), ("xor", "XOR <i>never</i> halts", 0)):
            if slug != "pla":  # to the next lesson by the sidebar, as a person does (the lecture is the session's)
                page.locator("[data-testid=stSidebarNav]").get_by_role("link", name=re.compile("XOR")).click()
                page.wait_for_url(re.compile(f"/{slug}"), timeout=30_000)
                # XOR's own page drawn (the address can change before /pla's plot and open box are gone)
                page.get_by_role("heading", name=re.compile("^XOR")).wait_for(timeout=30_000)
                page.wait_for_selector(READY, timeout=30_000)
            page.wait_for_function(SETTLED, timeout=30_000)
            for t in range(1, steps + 1):
                page.keyboard.press("ArrowRight")
                _step_to(page, t)
            # The step's words and the link follow once the server has the step (the plot tells it 0.15 s after the
            # animation, or after another control's rerun): a person reads them before adding the demo.
            page.wait_for_function("(t) => (new URL(location.href).searchParams.get('t') || '0') === String(t)",
                                   arg=steps, timeout=30_000)
            page.get_by_text("Add this demo to my lecture").click()
            box = page.get_by_label("Caption shown with the demo")
            box.fill(caption)
            box.press("Enter")
            page.get_by_role("button", name=re.compile("^Add$")).click()
            page.get_by_text(re.compile(r"Added as demo \d of your lecture")).wait_for(timeout=30_000)
        page.get_by_role("link", name=re.compile("Open the Lecture page")).click()
        page.get_by_text("Your lecture").first.wait_for(timeout=30_000)
        rows = page.locator("[class*=st-key-lecture-demo-]")
        rows.nth(1).wait_for(timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)  # the run drawn to its end (a row's box comes before its words)
        assert "PLA step by step: steps 2 to" in rows.nth(0).inner_text() and "XOR" in rows.nth(1).inner_text()
        captions = page.get_by_label("Caption", exact=True)
        assert [captions.nth(i).input_value() for i in range(2)] == ["PLA, two updates in", "XOR <i>never</i> halts"]
        page.wait_for_function("() => new URL(location.href).searchParams.get('deck')")
        link = page.url
        page.screenshot(path=str(ARTIFACTS / "lecture-page.png"), full_page=True)
        # move XOR up, then save the lecture and load it back
        rows.nth(1).get_by_role("button", name="Up").click()
        page.wait_for_function("() => document.querySelector('[class*=st-key-lecture-demo-0]').innerText"
                               ".includes('XOR')")
        with page.expect_download() as got:
            page.get_by_role("button", name=re.compile("Save the lecture")).click()
        saved = tmp_path / "lecture.json"
        got.value.save_as(saved)
        assert D.from_json(saved.read_text(encoding="utf-8"))[0].page == "xor"
        page.goto(link)  # the lecture's link, as bookmarked before the move
        page.locator("[class*=st-key-lecture-demo-1]").wait_for(timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)
        assert "PLA" in page.locator("[class*=st-key-lecture-demo-0]").inner_text()
        page.locator("input[type=file]").set_input_files(str(saved))
        page.get_by_text("Loaded 2 demos from lecture.json.").wait_for(timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)  # the demos are drawn after the message and the buttons
        assert "XOR" in page.locator("[class*=st-key-lecture-demo-0]").inner_text()
        with ctx.expect_page() as opened:
            page.get_by_role("link", name=re.compile("Present the lecture")).click()
        shown = opened.value
        shown.wait_for_function(SETTLED, timeout=30_000)
        bar = shown.locator(".st-key-deck-bar").inner_text()
        assert "1 / 2" in bar and "XOR <i>never</i> halts" in bar and "present=1" in shown.url
        shown.screenshot(path=str(ARTIFACTS / "lecture-presented.png"))
    finally:
        ctx.close()


def test_a_demo_added_right_after_two_steps_on_a_slow_machine_is_the_step_shown(server, browser):
    """→ → on /pla, and the moment the plot rests at step 2: the Add box opened, a caption typed with Enter, Add. The
    CPU is 4× slower (a lecturer's old laptop), so the box's rerun is sent before the browser has drawn the run
    that took the plot's report of step 2, with the scrubber still at 0. That old scrubber is not a move of the
    step (it took the demo back to step 0 in half the tries): the demo added is step 2."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    try:
        page = ctx.new_page()
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(f"{server}/pla")
        page.wait_for_function(SETTLED, timeout=30_000)
        for t in (1, 2):
            page.keyboard.press("ArrowRight")
            _step_to(page, t)
        page.get_by_text("Add this demo to my lecture").click()
        box = page.get_by_label("Caption shown with the demo")
        box.fill("two updates in")
        box.press("Enter")
        page.get_by_role("button", name=re.compile("^Add$")).click()
        page.get_by_text(re.compile(r"Added as demo 1 of your lecture")).wait_for(timeout=30_000)
        page.get_by_role("link", name=re.compile("Open the Lecture page")).click()
        row = page.locator("[class*=st-key-lecture-demo-]").first
        row.wait_for(timeout=30_000)
        assert "PLA step by step: steps 2 to" in row.inner_text()
    finally:
        ctx.close()


def test_once_the_demos_show_their_new_order_present_and_the_address_hold_it(server, browser):
    """Up moves a demo; the moment a lecturer sees the new order, Present the lecture and the page's address (the
    lecture's bookmark) already say it, however slowly the run's messages arrive. The run's messages are held back,
    then let through one at a time, and the page is read after each."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    try:
        plot = Plot(ctx.new_page())
        relay, release = hold_server_messages(plot)
        page = plot.page
        page.goto(f"{server}/lecture?deck={D.pack(SLIDES[:2])}")
        page.wait_for_selector(READY, timeout=30_000)
        relay["hold"] = True
        page.locator("[class*=st-key-lecture-demo-1]").get_by_role("button", name="Up").click()
        page.wait_for_timeout(2_000)  # the run's messages, held
        assert relay["held"], "the Up click's run sent nothing"
        seen = []
        while relay["held"]:
            relay["ws"].send(relay["held"].pop(0))
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            first = page.locator("[class*=st-key-lecture-demo-0]").inner_text()
            if "XOR" not in first:
                continue  # the old order still shown
            present = page.get_by_role("link", name=re.compile("Present the lecture")).get_attribute("href")
            deck = re.search(r"[?&]deck=([^&]+)", page.url).group(1)
            seen.append((present.split("?")[0].rstrip("/").rsplit("/", 1)[-1], D.unpack(deck)[0].page))
        release()
        assert seen and set(seen) == {("xor", "xor")}, seen
    finally:
        ctx.close()
