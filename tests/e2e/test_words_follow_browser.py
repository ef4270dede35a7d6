"""The words beside the plot never lead the picture: on every frame the browser paints, any visible sentence that
names a step names the step the plot draws (issue 20, defect 5), however the step moves (Run, Step, Play, the
keyboard, the scrubber); and dragging the scrubber moves the plot as the thumb moves (defect 10)."""

from __future__ import annotations

import re

import pytest

from pla_lab.lessons import LESSONS
from tests.browser import DRAWN, READY, TEST_HOOKS, Plot, walk_lessons

# Each frame: the step the plot draws (its data-t), whether it moves, and every step a visible sentence on the page
# names ("t = 13 of 13", "Showing w₈ (after update 8)", the online lesson's "Step 3 of 72:", the compared runs'
# "the η = 1 run's w₃"). Collapsed boxes and the guide are left out; a sentence hidden by CSS is not read.
SAMPLER = r"""() => {
  const SUB = "₀₁₂₃₄₅₆₇₈₉";
  const num = (s) => Number([...s].map((c) => (SUB.includes(c) ? SUB.indexOf(c) : c)).join(""));
  const PATTERNS = [/\bt = (\d+)\b/g, /^Step (\d+)(?: of \d+)?:/gm, /\b(?:Showing|run's) w([₀-₉]+)/g];
  window.__said = [];
  window.__sampling = true;
  const frame = () => {
    if (!window.__sampling) return;
    const g = document.querySelector(".pla-plot");
    const claims = [];
    for (const el of document.querySelectorAll(
        "[data-testid=stMain] :is([data-testid=stMarkdownContainer], [data-testid=stCaptionContainer]) p")) {
      if (el.closest("[data-testid=stExpander], [data-testid=stSliderThumbValue], [data-testid=stSliderTickBar], label"))
        continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const text = el.innerText;
      for (const re of PATTERNS) for (const m of text.matchAll(re)) claims.push(num(m[1]));
    }
    // The scrubber as a person reads it (its thumb's label, the thumb's place on the track) and a screen reader hears
    // it (its input's value), and the line the words box shows in place of its words (none while they show).
    const slider = document.querySelector(".st-key-lesson-transport [data-testid=stSlider]");
    const input = slider && slider.querySelector("input[type=range]");
    const thumb = input && input.closest("[data-rac]");
    const label = slider && slider.querySelector("[data-testid=stSliderThumbValue]");
    const box = document.querySelector(".st-key-said-words");
    const line = box ? getComputedStyle(box, "::before").content : "none";
    const lineStep = /\b[Ss]tep (\d+) of/.exec(line);
    window.__said.push({ t: g ? Number(g.dataset.t) : null, moving: !!g && (g.dataset.animating === "1" ||
                         g.dataset.playing === "1"), playing: !!g && g.dataset.playing === "1", claims,
                         line: line === "none" ? null : line, lineStep: lineStep ? Number(lineStep[1]) : null,
                         scrub: label ? Number(label.innerText) : null, scrubInput: input ? Number(input.value) : null,
                         scrubAt: thumb ? Math.round(parseFloat(thumb.style.left) / 100 * Number(input.max)) : null });
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""

#: The lessons that replay a run (the registry's, in its order): every way of moving applies to them.
STEPPING = [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")]
HALF = len(STEPPING) // 2


def start(plot: Plot) -> None:
    plot.js(SAMPLER)


def samples(plot: Plot) -> list[dict]:
    return plot.js("() => { window.__sampling = false; return window.__said; }")


def words_at(plot: Plot, t: int | None) -> None:
    """Wait until a visible sentence names step t and the plot rests there (the words came back); t None: the step
    the plot rests at when they do (after a Pause, a payload on its way may still move the plot once)."""
    plot.page.wait_for_function(
        "(t) => { const s = window.__said; const r = s[s.length - 1];"
        " const at = t === null ? +document.querySelector('.pla-plot').dataset.t : t;"
        " return r && r.t === at && !r.moving && r.claims.length > 0 && r.claims.every((c) => c === at); }",
        arg=t, timeout=30_000)


def assert_never_lead(said: list[dict]) -> None:
    """On no frame did a visible sentence name another step than the one drawn."""
    bad = [(k, r) for k, r in enumerate(said) if any(c != r["t"] for c in r["claims"])]
    assert not bad, f"{len(bad)} of {len(said)} frames said another step than drawn, e.g. {bad[:3]}"


def test_run_on_pla_the_words_wait_for_the_picture(server, plot):
    plot.open(server + "/pla")
    plot.settled()
    start(plot)
    plot.page.get_by_role("button", name="Run", exact=True).click()
    plot.page.wait_for_function("() => window.__said.some((r) => r.moving)", timeout=30_000)
    T = int(plot.js("() => window.__plaLab.data.T"))
    words_at(plot, T)
    said = samples(plot)
    assert_never_lead(said)
    # It animated over several frames, and the words came back once it got there.
    assert sum(r["moving"] for r in said) >= 5
    assert said[-1]["claims"] and set(said[-1]["claims"]) == {T}


def drag_thumb(plot: Plot, to_fraction: float, steps: int = 24, during=None):
    """Press the scrubber's thumb and drag it to ``to_fraction`` of the track in small moves, like a hand;
    ``during()`` is called after each move (the mouse still down)."""
    thumb = plot.page.locator(".st-key-lesson-transport [data-testid=stSliderThumbValue]").first.bounding_box()
    track = plot.page.locator(".st-key-lesson-transport [data-testid=stSlider] [data-orientation=horizontal]"
                              ).last.bounding_box()
    x0, y = thumb["x"] + thumb["width"] / 2, thumb["y"] + thumb["height"] + 8
    x1 = track["x"] + to_fraction * track["width"]
    plot.page.mouse.move(x0, y)
    plot.page.mouse.down()
    for k in range(1, steps + 1):
        plot.page.mouse.move(x0 + (x1 - x0) * k / steps, y)
        plot.page.wait_for_timeout(40)
        if during:
            during()
    plot.page.mouse.up()


def thumb_value(plot: Plot) -> int:
    return int(plot.page.locator(".st-key-lesson-transport input[type=range]").input_value())


@pytest.mark.frames  # Plot.transitions counts the frames painted
def test_dragging_the_scrubber_moves_the_plot_while_dragged_and_the_release_lands_there(server, plot):
    plot.open(server + "/pla")
    plot.settled()
    start(plot)
    seen = []
    drag_thumb(plot, 0.62, during=lambda: seen.append((plot.t(), thumb_value(plot))))
    t = thumb_value(plot)
    assert 4 <= t <= 10
    # While the mouse was down the plot went through the steps under the thumb, one after another.
    drawn = [d for d, _ in seen]
    assert len(set(drawn)) >= 3 and drawn == sorted(drawn), seen
    assert drawn[-1] >= t - 1
    n = len(plot.transitions())
    words_at(plot, t)
    # The release found the plot there: no replay of the updates from where the server was.
    assert len(plot.transitions()) == n
    assert_never_lead(samples(plot))


def test_after_the_scrubber_the_words_and_the_circle_name_the_same_point(server, plot):
    plot.open(server + "/pla")
    plot.settled()
    start(plot)
    drag_thumb(plot, 0.62)
    t = thumb_value(plot)
    words_at(plot, t)
    assert_never_lead(samples(plot))
    line = plot.page.locator("[data-testid=stCaptionContainer]", has_text="Showing").inner_text()
    i = int(re.search(r"corrects point #(\d+)", line).group(1))
    data = plot.js("() => window.__plaLab.data")
    cx, cy = plot.trace_xy("circle")
    assert (cx[0], cy[0]) == tuple(data["points"][i][:2])


def test_during_play_and_a_step_the_scrubber_and_the_words_name_the_same_step(server, plot):
    """Play pressed like a person on /pla (13 updates), then Pause and one Step: on every frame painted, the scrubber's
    label, its thumb's place and its value, the words' waiting line ("Playing: step 5 of 13") and the plot's step
    all name one step (said.js's rule: the one the plot is moving to; issue 33, "scrubber 4, Playing: step 5")."""
    plot.open(server + "/pla")
    plot.settled()
    start(plot)
    press(plot, "Play")
    plot.page.wait_for_function("() => { const g = document.querySelector('.pla-plot');"
                                " return g.dataset.playing === '1' && +g.dataset.t >= 6; }", timeout=30_000)
    press(plot, "Pause")
    plot.idle()
    t = plot.t()
    words_at(plot, t)
    press(plot, "Step")
    words_at(plot, t + 1)
    said = samples(plot)
    assert_never_lead(said)
    bad = [r for r in said if len({r["t"], r["scrub"], r["scrubAt"], r["scrubInput"],
                                   *r["claims"], *([r["lineStep"]] if r["line"] else [])}) != 1]
    assert not bad, f"{len(bad)} of {len(said)} frames named two steps, e.g. {bad[:3]}"
    # Sampled many times: a waiting line on many frames of Play, for at least five steps, and during the Step.
    playing = [r for r in said if r["playing"] and r["line"]]
    assert len(playing) >= 20 and len({r["lineStep"] for r in playing}) >= 5, playing[-3:]
    assert any(r["moving"] and not r["playing"] and r["lineStep"] == t + 1 for r in said)


def press(plot: Plot, name: str) -> None:
    """Back, Step, Play or Pause, under the plot."""
    plot.page.locator(".st-key-lesson-transport button", has_text=name).click()


@pytest.mark.parametrize("slugs", [STEPPING[:HALF], STEPPING[HALF:]], ids=["first-half", "second-half"])
def test_every_way_of_moving_keeps_the_words_behind_the_picture(server, plot, slugs):
    """One page load, then each lesson by its sidebar link (two walks: two workers may share them)."""
    plot.open(f"{server}/{slugs[0]}")
    walk_lessons(plot.page, slugs, lambda slug: every_way_of_moving(plot))


def every_way_of_moving(plot: Plot) -> None:
    """Step, the keyboard, Play and Pause, then Run (or To cap, To the end) on the lesson shown, from step 0."""
    plot.page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
    plot.idle()
    assert plot.t() == 0, plot.page.url
    plot.settled()
    start(plot)
    press(plot, "Step")
    press(plot, "Step")
    words_at(plot, 2)
    plot.page.keyboard.press("ArrowRight")
    words_at(plot, 3)
    plot.page.keyboard.press("ArrowLeft")
    words_at(plot, 2)
    press(plot, "Play")
    plot.page.wait_for_function("() => { const g = document.querySelector('.pla-plot'); return +g.dataset.t >= 4"
                                " || (+g.dataset.t === window.__plaLab.data.T && g.dataset.playing === '0'); }",
                                timeout=30_000)
    # Wait for the rerun that turns Play into Pause: the one toggle says Pause, or the run has played to its end.
    # (Not the plot's own playing flag, as before: in two loaded full runs the Pocket's long run played on for 60 s
    # after it, unpaused; the flag may read '0' for a moment while a rerun redraws the plot.)
    toggle = plot.page.locator(".st-key-lesson-transport button", has_text=re.compile("Play|Pause"))
    plot.page.wait_for_function(
        "() => { const g = document.querySelector('.pla-plot');"
        " const b = [...document.querySelectorAll('.st-key-lesson-transport button')].filter("
        "(e) => /Play|Pause/.test(e.innerText));"
        " return b.length === 1 && (/Pause/.test(b[0].innerText)"
        " || (+g.dataset.t === window.__plaLab.data.T && g.dataset.playing === '0')); }", timeout=30_000)
    plot.page.wait_for_selector(READY, timeout=30_000)
    if "Pause" in toggle.inner_text():
        toggle.click()
        plot.page.wait_for_function(
            "() => [...document.querySelectorAll('.st-key-lesson-transport button')].some("
            "(e) => /Play/.test(e.innerText))", timeout=30_000)
    plot.idle(timeout=60_000)
    words_at(plot, None)
    plot.page.get_by_role("button", name=re.compile(r"^(Run|To cap|To the end)$")).first.click()
    T = int(plot.js("() => window.__plaLab.data.T"))
    words_at(plot, T)
    said = samples(plot)
    assert_never_lead(said)
    assert sum(r["moving"] for r in said) >= 5


@pytest.mark.parametrize("where", ["present", "phone"])
def test_presenter_mode_and_a_phone_keep_the_words_behind_the_picture(server, browser, where):
    phone = where == "phone"
    ctx = browser.new_context(viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 720},
                              is_mobile=phone, has_touch=phone)
    ctx.add_init_script(TEST_HOOKS)
    try:
        plot = Plot(ctx.new_page())
        plot.open(server + ("/pla" if phone else "/pla?present=1"))
        plot.settled()
        start(plot)
        plot.page.get_by_role("button", name="Run", exact=True).click()
        T = int(plot.js("() => window.__plaLab.data.T"))
        words_at(plot, T)
        said = samples(plot)
        assert_never_lead(said)
        assert sum(r["moving"] for r in said) >= 5
    finally:
        ctx.close()
