"""The PLA page in real headless Chromium: click, step, play and share like a person, then check the drawing."""

from __future__ import annotations

import pytest

import io
import math
import pathlib
from urllib.parse import parse_qs, urlencode, urlparse

import numpy as np
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from tests.browser import DRAWN, READY, TEST_HOOKS, Plot, assert_animated, hold_server_messages

ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "test-artifacts"


def link_params(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}


def run_from_link(url: str):
    q = link_params(url)
    pts, _ = C.decode_points(q["pts"])
    values, problems = S.read_params(q)
    assert not problems
    return pts, pla_core.pla(*model.arrays(pts), stop_on_cycle=False, **S.pla_kwargs(values))


def empty_spot(points, view, away=0.2):
    """A grid point of the view at least ``away`` from every point (so a click there lands on empty space)."""
    step = model.grid_step(view)
    P = np.array([p[:2] for p in points]) if points else np.zeros((0, 2))
    for x in np.arange(view[0] + 0.2, view[1] - 0.2, 0.1):
        for y in np.arange(view[3] - 0.2, view[2] + 0.2, -0.1):
            x, y = round(round(x / step) * step, 3), round(round(y / step) * step, 3)
            if not len(P) or np.hypot(P[:, 0] - x, P[:, 1] - y).min() > away:
                return x, y
    raise AssertionError("no empty spot")


def wait_points(plot: Plot, n: int):
    plot.page.wait_for_function(
        "(n) => document.querySelectorAll('.pla-plot .pla-pt').length === n", arg=n, timeout=30_000)


def test_click_on_empty_space_adds_a_point_there_and_clicking_it_removes_it(server, plot):
    plot.open(server + "/pla")
    before = plot.points()
    view = plot.view()
    x, y = empty_spot(before, view)
    link_before = link_params(plot.page.url).get("pts")
    plot.click_data(x, y)
    wait_points(plot, len(before) + 1)
    added = [p for p in plot.points() if p not in before]
    assert len(added) == 1
    ax, ay, lab = added[0]
    step = model.grid_step(view)
    assert abs(ax - x) <= step and abs(ay - y) <= step  # where the click was, within the snapping grid
    assert lab == 1  # the class chosen in "Clicks add" (○ +1 by default)
    # The address is written by the rerun the click starts: wait for the link that holds the new point.
    plot.page.wait_for_function("(old) => { const p = new URL(location.href).searchParams.get('pts');"
                                " return p !== null && p !== old; }", arg=link_before, timeout=30_000)
    pts, _ = run_from_link(plot.page.url)
    assert (ax, ay, 1.0) in pts
    plot.click_data(ax, ay)
    wait_points(plot, len(before))
    assert sorted(plot.points()) == sorted(before)


def test_shift_click_adds_the_other_class(server, plot):
    plot.open(server + "/pla")
    before = plot.points()
    x, y = empty_spot(before, plot.view())
    plot.page.keyboard.down("Shift")
    plot.click_data(x, y)
    plot.page.keyboard.up("Shift")
    wait_points(plot, len(before) + 1)
    added = [p for p in plot.points() if p not in before]
    assert added[0][2] == -1


@pytest.mark.frames  # Plot.transitions counts the frames painted
def test_step_draws_the_boundary_of_pla_core_w1_after_animating(server, plot):
    plot.open(server + "/pla")
    _, trace = run_from_link(plot.page.url)
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(1)
    xs, ys = plot.trace_xy("boundary")
    seg = pla_core.clip_line(trace.weights[1], plot.view())
    got = sorted(zip(xs, ys))
    want = sorted(map(tuple, seg))
    assert np.allclose(got, want, atol=1e-9)
    # The animation really ran: planned at 0.3–0.8 s, and drawn on every frame meanwhile, not a jump cut.
    rec = plot.transitions()[-1]
    assert 300 <= rec["ms"] <= 800
    assert_animated(rec)
    # The corrected point is circled and the previous line (w₀ = 0: none) is ghosted from step 2 on.
    cx, cy = plot.trace_xy("circle")
    i = int(trace.mistakes[1])
    assert (cx[0], cy[0]) == tuple(trace.X[i])


def test_keyboard_right_and_left_step(server, plot):
    plot.open(server + "/pla")
    for _ in range(3):
        plot.page.keyboard.press("ArrowRight")
        plot.page.wait_for_timeout(350)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '3'", timeout=30_000)
    plot.page.keyboard.press("ArrowLeft")
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '2'", timeout=30_000)
    plot.wait_t(2)


@pytest.mark.frames  # Plot.transitions counts the frames painted
def test_play_animates_several_updates_then_pause_keeps_the_step(server, plot):
    plot.open(server + "/pla")
    _, trace = run_from_link(plot.page.url)
    plot.page.get_by_role("button", name="Play").click()
    # four updates drawn to their end (data-t names the step the plot moves to from the motion's first frame: a
    # Pause right after it reads 4 would cut the fourth motion short)
    plot.page.wait_for_function("() => window.__plaLab.stats.transitions.length >= 4", timeout=30_000)
    plot.page.get_by_role("button", name="Pause").click()
    plot.idle()
    t = plot.t()
    assert 4 <= t <= len(trace)
    plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)", arg=t,
                                timeout=30_000)
    transitions = plot.transitions()
    assert len(transitions) >= 4
    for rec in transitions[:4]:  # one continuous animation per update
        assert_animated(rec)
    xs, ys = plot.trace_xy("boundary")
    assert np.allclose(sorted(zip(xs, ys)), sorted(map(tuple, pla_core.clip_line(trace.weights[t], plot.view()))))


def test_a_shared_link_reopens_the_same_demo_in_a_fresh_browser(server, plot, browser):
    plot.open(server + "/pla")
    # Change things a lecturer would: a setting, a point, a few steps.
    plot.page.get_by_label("Random seed").fill("7")
    plot.page.get_by_label("Random seed").press("Enter")
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('seed') === '7'")
    x, y = empty_spot(plot.points(), plot.view())
    n = len(plot.points())
    plot.click_data(x, y)
    wait_points(plot, n + 1)
    for k in (1, 2):
        plot.page.get_by_role("button", name="Step").click()
        plot.page.wait_for_function("(k) => new URL(location.href).searchParams.get('t') === String(k)", arg=k)
    plot.wait_t(2)
    # Step 2's run drawn to its end and the page at rest: a loaded machine still showed step 1's questions below.
    plot.page.wait_for_selector(READY, timeout=30_000)
    plot.settled()
    shown = sorted(plot.points())
    boundary = plot.trace_xy("boundary")
    # the page's words (not the first picture over the plot: an image, sent until the page's plot is heard from)
    words = "[data-testid=stMarkdownContainer]:not(.st-key-plot-stack *)"
    text = plot.page.locator(words).all_inner_texts()
    # The share box is drawn only when opened; its link is the address bar.
    assert plot.page.locator("[data-testid=stCode]").count() == 0
    plot.page.get_by_text("Share this demo").click()
    code = plot.page.locator("[data-testid=stCode]")
    code.wait_for(timeout=30_000)
    link = code.inner_text().strip()
    here, shared = urlparse(plot.page.url), urlparse(link)
    assert (shared.netloc, shared.path.strip("/")) == (here.netloc, here.path.strip("/"))
    assert link_params(link) == link_params(plot.page.url)
    # …and its QR code, read back from the pixels on screen as a phone's camera would, is the same link.
    qr = plot.page.locator("[data-testid=stImage] img").first
    qr.wait_for(timeout=30_000)
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))
    assert [r.text for r in found] == [link]

    fresh = browser.new_context(viewport={"width": 1280, "height": 720})
    fresh.add_init_script(TEST_HOOKS)
    try:
        other = Plot(fresh.new_page()).open(link)
        other.wait_t(2)
        assert link_params(other.page.url) == link_params(link)
        assert sorted(other.points()) == shown
        assert other.t() == 2
        assert other.trace_xy("boundary") == boundary
        # A fresh browser fetches each kind of widget's code as the page first needs it (READY waits for it all)
        other.page.wait_for_selector(READY, timeout=30_000)
        other.settled()
        assert other.page.locator(words).all_inner_texts() == text
    finally:
        fresh.close()


def test_an_absurd_link_shows_a_message_not_a_traceback(server, plot):
    plot.page.goto(server + "/?pts=1%21%21&eta=NaN&t=-5&order=%3Cscript%3E")
    plot.page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
    body = plot.page.locator("body").inner_text()
    assert "damaged" in body and "eta=NaN" in body
    assert "Traceback" not in body and plot.page.locator("[data-testid=stException]").count() == 0
    assert len(plot.points()) > 0


def test_screenshots_at_projector_size(server, plot):
    """Not a pixel test: saves what the page looks like at 1280×720 for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    plot.open(server + "/pla")
    for _ in range(3):
        plot.page.get_by_role("button", name="Step").click()
        plot.page.wait_for_timeout(200)
    plot.wait_t(3)
    # The browser animates first and tells the server after: wait until the numbers show step 3 too.
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '3'", timeout=30_000)
    plot.page.get_by_text("t = 3").wait_for(timeout=30_000)
    plot.page.screenshot(path=str(ARTIFACTS / "pla-step3.png"))
    box = plot.page.locator(".pla-plot").bounding_box()
    assert box["width"] >= 400 and box["height"] >= 400  # the plot is big enough to read from the back
    assert box["y"] + box["height"] <= 720 + 20  # and it fits on a 720-pixel projector
    assert math.isfinite(box["x"])


def test_play_at_the_end_starts_again_and_plays(server, plot):
    plot.open(server + "/pla")
    _, trace = run_from_link(plot.page.url)
    plot.page.get_by_role("button", name="Run").click()
    plot.wait_t(len(trace), timeout=30_000)
    plot.page.get_by_role("button", name="Play").click()
    # It goes back to step 0 (animated), then plays forward.
    plot.page.wait_for_function("() => document.querySelector('.pla-plot').dataset.playing === '1'",
                                timeout=30_000)
    plot.page.wait_for_function("() => { const g = document.querySelector('.pla-plot');"
                                " return g.dataset.playing === '1' && +g.dataset.t >= 2; }", timeout=30_000)
    plot.page.get_by_role("button", name="Pause").click()
    plot.idle()


def test_a_step_while_playing_continues_from_the_step_on_screen(server, plot):
    plot.open(server + "/pla")
    plot.page.get_by_role("button", name="Play").click()
    plot.page.wait_for_function("() => +document.querySelector('.pla-plot').dataset.t >= 3", timeout=30_000)
    plot.page.keyboard.press("ArrowRight")
    plot.idle()
    shown = plot.t()
    assert shown >= 4  # paused where it was, then one step on, never back to the server's older step
    plot.page.wait_for_function("(t) => new URL(location.href).searchParams.get('t') === String(t)", arg=shown,
                                timeout=30_000)


def test_new_points_right_after_steps_start_the_new_run_at_step_0(server, plot):
    plot.open(server + "/pla")
    for _ in range(3):
        plot.page.keyboard.press("ArrowRight")
    x, y = empty_spot(plot.points(), plot.view())
    n = len(plot.points())
    plot.click_data(x, y)
    wait_points(plot, n + 1)
    plot.page.wait_for_timeout(1500)  # long enough for any delayed report of the old steps
    plot.idle()
    assert plot.t() == 0
    assert link_params(plot.page.url)["t"] == "0"


def test_adding_and_removing_are_drawn_before_the_server_answers(server, plot):
    """Every click is drawn at once: with the server's messages held back, an added point appears and a removed one
    disappears; when the server's answer arrives, it confirms both."""
    relay, release = hold_server_messages(plot)
    plot.open(server + "/pla")
    before = plot.points()
    data_at = plot.js("() => window.__plaLab.stats.dataAt")
    relay["hold"] = True
    x, y = empty_spot(before, plot.view())
    plot.click_data(x, y)
    drawn = "() => JSON.parse(document.querySelector('.pla-plot .pla-mark[data-meta=pending]').dataset.x).length"
    plot.page.wait_for_function(f"() => ({drawn})() === 1")  # the new point, drawn from the click alone
    gone = before[0]
    plot.click_data(gone[0], gone[1])
    wait_points(plot, len(before) - 1)  # …and the removed one hidden
    assert gone not in plot.points() and plot.js(drawn) == 1
    assert plot.js("() => window.__plaLab.stats.dataAt") == data_at  # nothing came from the server meanwhile
    release()
    plot.page.wait_for_function("(n) => window.__plaLab.stats.dataAt !== n", arg=data_at, timeout=30_000)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('pts') !== null")
    plot.page.wait_for_function(
        "(n) => window.__plaLab.data.points.length === n", arg=len(before), timeout=30_000)
    server_pts = [tuple(p) for p in plot.js("() => window.__plaLab.data.points")]
    assert tuple(gone) not in server_pts and len(server_pts) == len(before)


def test_link_values_are_shown_as_text_in_the_browser(server, plot):
    """A link whose values would be an image from another host, a foreign link, HTML, math or a colour directive
    if they reached Markdown: the browser shows each as the text it is, and asks no other host for anything."""
    asked = []
    plot.page.on("request", lambda r: asked.append(r.url) if urlparse(r.url).port == 9 else None)
    values = {"seed": "`![](//127.1:9/x.png)", "cap": "`[click me](//127.1:9/)", "eta": "<img src=//127.1:9/>",
              "order": "$x^2$ :red[alarm]"}
    plot.open(server + "/pla?" + urlencode(values))
    alerts = plot.page.locator("[data-testid=stAlert]")
    alerts.first.wait_for(timeout=30_000)
    text = " ".join(alerts.all_inner_texts())
    for key, value in values.items():
        assert f"{key}={value}" in text
    assert plot.page.locator("[data-testid=stAlert] img, [data-testid=stAlert] a, [data-testid=stAlert] .katex").count() == 0
    assert asked == []


def test_reset_pressed_while_a_step_is_on_its_way_wins(server, plot):
    """Steps served in the browser reach the server 150 ms after the last press; a Reset pressed before then is the
    server's own move, and the late report of the old step must not undo it."""
    plot.open(server + "/pla")
    for t in (1, 2, 3):
        plot.page.keyboard.press("ArrowRight")
        plot.wait_t(t)
    plot.page.get_by_role("button", name="Reset").click()  # within the 150 ms, before the step is reported
    plot.wait_t(0)
    plot.page.wait_for_timeout(1500)  # the late report arrives and is dropped
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '0'")
    assert plot.t() == 0 and plot.js("() => window.__plaLab.data.t") == 0
    assert "t = 0" in plot.page.locator("body").inner_text()


def test_reset_pressed_before_the_browser_has_the_steps_link_leaves_the_link_at_step_0(server, plot):
    """The server handles the report of steps served in the browser and writes t=3 to the address; Reset is pressed
    before that run reaches the browser, so Reset's run is told the address still says t=0 (every run starts from the
    address the browser sends). The address must end at step 0, the step shown, not at the report's t=3."""
    relay, release = hold_server_messages(plot)
    plot.open(server + "/pla")
    assert link_params(plot.page.url)["t"] == "0"
    relay["hold"] = True
    for t in (1, 2, 3):
        plot.page.keyboard.press("ArrowRight")
        plot.wait_t(t)
    plot.page.wait_for_timeout(2000)  # the report goes out 150 ms after the last press; its run's answer is held
    assert relay["held"], "the server answered nothing: the report of the steps never reached it"
    assert link_params(plot.page.url)["t"] == "0"
    plot.page.get_by_role("button", name="Reset").click()
    plot.page.wait_for_timeout(2000)
    release()
    plot.wait_t(0)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '0'", timeout=15_000)
    plot.page.wait_for_timeout(1000)  # nothing later moves it
    assert link_params(plot.page.url)["t"] == "0" and plot.t() == 0
    assert "t = 0" in plot.page.locator("body").inner_text()


def test_alt_click_or_the_relabel_mode_gives_a_point_the_other_label(server, plot):
    """Relabel, besides add and remove: drawn in the other class before the server answers, then the link holds
    it; the relabel mode does the same with a plain click (for touch screens), and Undo brings the label back."""
    relay, release = hold_server_messages(plot)
    plot.open(server + "/pla")
    before = sorted(plot.points())
    first_pts = link_params(plot.page.url)["pts"]
    x, y, lab = before[3]
    relay["hold"] = True
    plot.page.keyboard.down("Alt")
    plot.click_data(x, y)
    plot.page.keyboard.up("Alt")
    plot.page.wait_for_function("([x, y, l]) => [...document.querySelectorAll('.pla-plot .pla-pt')].some((e) =>"
                                " Number(e.dataset.x) === x && Number(e.dataset.y) === y && Number(e.dataset.label) === l)",
                                arg=[x, y, -lab], timeout=15_000)
    assert sorted(plot.points()) == sorted([p for p in before if p != [x, y, lab]] + [[x, y, -lab]])
    release()
    plot.page.wait_for_function("([x, y, l]) => window.__plaLab.data.points.some(p => p[0] === x && p[1] === y && p[2] === l)",
                                arg=[x, y, -lab], timeout=30_000)
    # The address bar is written at the end of the same rerun: wait until it no longer holds the old points.
    plot.page.wait_for_function("(p) => new URL(location.href).searchParams.get('pts') !== p", arg=first_pts,
                                timeout=30_000)
    pts = C.decode_points(link_params(plot.page.url)["pts"])[0]
    assert any(abs(a - x) < 1e-9 and abs(b - y) < 1e-9 and c == -lab for a, b, c in pts) and len(pts) == len(before)
    # The mode, for a plain click (a tap on a phone): relabel another point, then Undo twice.
    plot.page.get_by_text("⇄ flip").click()
    plot.page.wait_for_function("() => window.__plaLab.data.relabel === true")
    x2, y2, lab2 = before[5]
    plot.click_data(x2, y2)
    plot.page.wait_for_function("([x, y, l]) => window.__plaLab.data.points.some(p => p[0] === x && p[1] === y && p[2] === l)",
                                arg=[x2, y2, -lab2], timeout=30_000)
    assert len(plot.points()) == len(before)
    plot.page.get_by_role("button", name="Undo").click()
    plot.page.wait_for_function("([x, y, l]) => window.__plaLab.data.points.some("
                                "p => p[0] === x && p[1] === y && p[2] === l)",
                                arg=[x2, y2, lab2], timeout=30_000)  # the second Undo is not merged into the first
    plot.page.get_by_role("button", name="Undo").click()
    plot.page.wait_for_function("(n) => window.__plaLab.data.points.filter(p => p[2] > 0).length === n",
                                arg=sum(1 for p in before if p[2] > 0), timeout=30_000)
    assert sorted(map(tuple, plot.points())) == sorted(map(tuple, before))


def test_a_screen_reader_hears_each_update_in_words(server, plot):
    plot.open(server + "/pla")
    q = link_params(plot.page.url)
    pts, _ = C.decode_points(q["pts"])
    X, y = model.arrays(pts)
    trace = pla_core.pla(X, y, **S.pla_kwargs(S.read_params(q)[0]))
    live = plot.page.locator(".pla-live[aria-live=polite]")
    for t in (1, 2):
        plot.page.keyboard.press("ArrowRight")
        plot.wait_t(t)
        i = int(trace.mistakes[t - 1])
        who = "a ○ (+1)" if y[i] > 0 else "a × (−1)"
        w = ", ".join("0" if v == 0 else f"{float(f'{v:.4g}'):g}".replace("-", "−") for v in trace.weights[t])
        assert live.inner_text() == f"Update {t} of {len(trace)}: point #{i}, {who}, was on the wrong side; w becomes ({w})."


def test_on_a_phone_the_sidebar_starts_closed_the_plot_comes_first_and_a_tap_adds_a_point(server, browser):
    """On a 390×844 phone the sidebar would cover 300 px of the plot and catch its taps: it starts closed, the plot is
    the first thing under the heading (above Back/Step/Play), and a tap on empty space adds a point of the class
    chosen in "Clicks add"."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.add_init_script(TEST_HOOKS)
    try:
        plot = Plot(ctx.new_page()).open(server + "/pla")
        page = plot.page
        sidebar = page.locator("[data-testid=stSidebar]")
        assert sidebar.get_attribute("data-collapsed") == "true"
        box = sidebar.bounding_box()
        assert box is None or box["x"] + box["width"] <= 0
        heading = page.get_by_role("heading", name="PLA, step by step").bounding_box()
        top = page.locator(".pla-plot").bounding_box()
        back = page.get_by_role("button", name="Back").bounding_box()
        assert heading["y"] + heading["height"] <= top["y"] + 1 and top["y"] + top["height"] <= back["y"]
        # Nothing between the heading and the plot but the lesson's goal, one sentence under the heading: every other
        # element drawn above the plot is the heading or above it.
        above = page.evaluate("""(y) => [...document.querySelectorAll('[data-testid=stMain] [data-testid=stElementContainer]')]
            .filter(e => !e.closest('.st-key-lesson-goal'))
            .map(e => [e.innerText.trim().slice(0, 40), e.getBoundingClientRect()])
            .filter(([, r]) => r.height > 0 && r.top >= y && r.top < %f).map(([s]) => s)""" % (top["y"] - 1),
                              heading["y"] + 1)
        assert above == [], above
        page.screenshot(path=str(ARTIFACTS / "phone-390x844.png"))
        # Choose × −1 in "Clicks add" (below the plot on a phone), then tap empty space in the plot.
        page.get_by_test_id("stRadioGroup").get_by_text("× −1").tap()
        page.wait_for_function("() => window.__plaLab.data.cls === -1", timeout=30_000)  # the plot was told
        before = plot.points()
        x, y = empty_spot(before, plot.view())
        page.evaluate("() => document.querySelector('.pla-plot').scrollIntoView({block: 'center'})")
        page.touchscreen.tap(*plot.to_px(x, y))
        wait_points(plot, len(before) + 1)
        added = [p for p in plot.points() if p not in before]
        assert len(added) == 1 and added[0][2] == -1
        step = model.grid_step(plot.view())
        assert abs(added[0][0] - x) <= step and abs(added[0][1] - y) <= step
    finally:
        ctx.close()


def test_on_a_desktop_the_sidebar_starts_open(server, plot):
    plot.open(server + "/pla")
    sidebar = plot.page.locator("[data-testid=stSidebar]")
    assert sidebar.get_attribute("data-collapsed") == "false"
    box = sidebar.bounding_box()
    assert box["x"] >= 0 and box["width"] >= 250
    assert plot.page.get_by_text("Algorithm settings").is_visible()


def test_dragging_the_tip_of_w_sets_w_and_the_next_step_starts_from_it(server, plot):
    plot.open(server + "/pla?t=3")
    plot.wait_t(3)
    (x0, x1), (y0, y1) = plot.trace_xy("w")
    tip = plot.to_px(x1, y1)
    before, n = plot.trace_xy("boundary"), len(plot.points())
    page = plot.page
    page.mouse.move(*tip)
    page.mouse.down()
    for k in range(1, 6):
        page.mouse.move(tip[0] + 8 * k, tip[1] - 10 * k)
    page.wait_for_function("() => document.querySelector('.pla-plot').dataset.dragging === '1'")
    assert plot.trace_xy("boundary") != before  # the line turns with the hand, before any answer
    page.mouse.up()
    page.wait_for_function("() => new URL(location.href).searchParams.has('wh')", timeout=30_000)
    q = link_params(page.url)
    w = [float(v) for v in q["wh"].split(",")]
    assert q["t"] == "0" and (w[1], w[2]) != (0.0, 0.0)
    page.wait_for_timeout(300)
    assert len(plot.points()) == n and len(C.decode_points(q["pts"])[0]) == n  # the drag added no point
    pts, _ = C.decode_points(q["pts"])
    X, y = model.arrays(pts)
    trace = pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(dict(S.read_params(q)[0], w0=tuple(w))))
    plot.wait_t(0)
    page.get_by_role("button", name="Step").click()
    plot.wait_t(1)
    xs, ys = plot.trace_xy("boundary")
    w1 = trace.weights[1]
    assert all(abs(w1[0] + w1[1] * a + w1[2] * b) < 1e-9 * (1 + abs(w1).sum()) for a, b in zip(xs, ys))


def test_a_typed_w_starts_the_run_there_and_undo_goes_back(server, plot):
    plot.open(server + "/pla")
    first = link_params(plot.page.url)
    plot.page.get_by_text("Set w by hand").click()
    box = plot.page.get_by_role("textbox", name="Set w by hand: b, w₁, w₂ (or drag the tip of the arrow w)")
    box.fill("0.2, 1, -0.5")
    box.press("Enter")
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('wh') === '0.2,1,-0.5'", timeout=30_000)
    plot.wait_t(0)
    plot.page.wait_for_function("() => JSON.stringify(window.__plaLab.data.win.W[0]) === '[0.2,1,-0.5]'", timeout=30_000)
    xs, ys = plot.trace_xy("boundary")
    assert all(abs(0.2 + a - 0.5 * b) < 1e-9 for a, b in zip(xs, ys))  # the line of w₀ = (0.2, 1, −0.5)
    plot.page.get_by_role("button", name="Undo").click()
    plot.page.wait_for_function("() => !new URL(location.href).searchParams.has('wh')", timeout=30_000)
    assert link_params(plot.page.url)["pts"] == first["pts"]


def test_a_link_opened_right_after_a_step_shows_the_links_step(server, plot):
    """A step the server has not heard of yet is handed only to a plot mounted in the same page load (Present):
    the same link opened again in that tab a moment after a Step shows the link's step."""
    plot.open(server + "/pla?t=2")
    link = plot.page.url
    plot.page.get_by_role("button", name="Step").click()
    plot.page.goto(link)
    plot.open(link)
    plot.page.wait_for_timeout(1500)  # longer than any report of a step would take
    plot.idle()
    assert plot.t() == 2 and link_params(plot.page.url)["t"] == "2"


def test_hovering_a_point_or_reaching_it_with_tab_shows_its_number_and_coordinates(server, plot):
    """The points' readout, as a person gets it: the pointer over a point, or the keyboard's focus on it (Tab, each
    point being reachable where there are at most 40), shows "#i  (x, y)" beside it; a screen reader hears the same
    as the point's name."""
    plot.open(server + "/pla")
    page, tip = plot.page, plot.page.locator(".pla-plot .pla-tip")
    x, y, _ = plot.points()[3]
    i = int(page.locator(".pla-plot .pla-pt").nth(3).get_attribute("data-i"))
    page.mouse.move(*plot.to_px(x, y))
    expect(tip).to_be_visible()
    assert tip.inner_text().startswith(f"#{i}  (") and tip.inner_text().replace("−", "-").endswith(f"{y:g})")
    page.mouse.move(5, 5)
    expect(tip).to_be_hidden()
    first = page.locator(".pla-plot .pla-pt").first
    first.focus()
    expect(tip).to_be_visible()
    assert tip.inner_text().startswith(f"#{first.get_attribute('data-i')}  (")
    assert first.get_attribute("aria-label").startswith(f"#{first.get_attribute('data-i')} (")
    page.keyboard.press("Tab")  # on to the next point
    assert page.evaluate("() => document.activeElement.classList.contains('pla-pt')")
    assert tip.inner_text() != "" and tip.is_visible()
