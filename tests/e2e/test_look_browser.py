"""Issue 22 (look) in real headless Chromium: every lesson's "Look at" is on its first screen at 1280×720, outside
any expander; it stays there after Step, beside the score line's numbers of the run; on a phone it comes under the
plot and Back/Step/Play; presenter mode leaves it to the lecturer."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pla_core
from pla_lab.course.path import BY_SLUG
from pla_lab.framework import codec as C
from pla_lab.framework import look, model
from pla_lab.framework import settings as S
from pla_lab.lessons import LESSONS
from pla_lab.words.text import exact, md, sub
from tests.browser import DRAWN, READY, TEST_HOOKS, Plot, walk_lessons

STEPPING = [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")]
BOX = f".st-key-{look.KEY}"
MEASURE = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, text: e.innerText,
           folded: e.closest('details') !== null, shown: r.height > 0 && getComputedStyle(e).visibility !== 'hidden' }; }"""


def words(slug: str) -> str:
    """The lesson's Look at as a reader reads it (without the Markdown's marks)."""
    return md(BY_SLUG[slug].look).replace("**", "").replace("\\", "")


def first_screen(plot: Plot, slug: str):
    m = plot.js(MEASURE, BOX)
    assert m is not None, f"no Look at on /{slug}"
    assert m["shown"] and not m["folded"], m
    assert m["top"] >= 0 and m["bottom"] <= 720, m  # on the first screen, no scrolling
    assert "Look at:" in m["text"] and words(slug) in " ".join(m["text"].split()), m["text"]
    return m


def look_on_first_screen(plot: Plot, slug: str) -> None:
    plot.page.wait_for_selector(READY, timeout=30_000)
    plot.page.wait_for_selector(BOX, timeout=30_000)
    if slug in STEPPING:
        plot.page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
    plot.settled()
    m = first_screen(plot, slug)
    if slug in STEPPING:  # beside or under the plot, and Back/Step/Play still on the first screen
        step = plot.page.locator(".st-key-app-step button").bounding_box()
        assert step["y"] + step["height"] <= 720, step
        assert m["left"] >= plot.page.locator(".pla-plot").bounding_box()["x"], m


def test_after_a_step_pla_shows_the_scores_move_and_keeps_look_at_on_screen(server, plot):
    plot.open(server + "/pla")
    plot.page.keyboard.press("ArrowRight")
    plot.wait_t(1)
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '1'", timeout=30_000)
    q = {k: v[0] for k, v in parse_qs(urlparse(plot.page.url).query).items()}
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    values, _ = S.read_params(q)
    trace = pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(values))
    before, gain, after = trace.score_gain(1)
    line = plot.page.locator("[data-testid=stMarkdownContainer] p", has_text="The score rises by η‖x̃‖²:").first
    line.wait_for(timeout=30_000)
    said = " ".join(line.inner_text().split())
    assert f"y·w{sub(1)}ᵀx̃ + η‖x̃‖² = {exact(before)} + {exact(gain)} = {exact(after)} = y·w{sub(2)}ᵀx̃" in said
    plot.settled()
    first_screen(plot, "pla")


def test_on_a_phone_look_at_comes_under_the_plot_and_step(server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    ctx.add_init_script(TEST_HOOKS)
    try:
        plot = Plot(ctx.new_page()).open(f"{server}/pla")
        walk_lessons(plot.page, ["pla", "pocket", "halts"], lambda slug: look_under_the_plot(plot, slug))
    finally:
        ctx.close()


def look_under_the_plot(plot: Plot, slug: str) -> None:
    plot.page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
    plot.idle()
    plot.settled()
    m = plot.js(MEASURE, BOX)
    assert m and m["shown"] and not m["folded"], m
    assert words(slug) in " ".join(m["text"].split()), m["text"]  # this lesson's, not the last one's
    scroll = plot.js("() => scrollY")
    step = plot.page.locator(".st-key-app-step button").bounding_box()
    area = plot.page.locator(".pla-plot").bounding_box()
    assert m["top"] >= step["y"] + step["height"] - 1 and m["top"] >= area["y"] + area["height"] - 1, (m, step)
    assert m["right"] <= 390 + 1 and scroll == 0


def test_presenter_mode_leaves_what_to_look_at_to_the_lecturer(server, plot):
    plot.open(f"{server}/pla?present=1")

    def no_look(slug: str) -> None:
        plot.page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
        plot.idle()
        plot.page.get_by_role("button", name="Leave presenter mode").wait_for(timeout=30_000)  # presenting still
        plot.settled()
        assert plot.js(MEASURE, BOX) is None

    walk_lessons(plot.page, ["pla", "pocket"], no_look)
