"""The first picture and the first keys (issue 25).

* With plotly.js and every module of the plot held back, a lesson already shows its step as an image the server drew
  (its points where the live plot puts them, the line, w, the circled point), with the live plot's alt text; when
  they come, the live plot replaces it with no layout shift (the browser's own layout-shift entries).
* Keys pressed while the live plot loads are kept and applied in order; a Step clicked then is drawn in the picture,
  then in the plot. (→ pressed 0.1–1 s after each lesson's heading appears, in a new tab, is
  test_every_lesson_browser.py's projector walk, which also finds that no page asks /<lesson>/_stcore/health:
  Streamlit's frontend guessed the server there, and waited for the 404.)"""

from __future__ import annotations

import math
import pathlib
import re

import pytest

from pla_lab.lessons import LESSONS
from tests.browser import READY, TEST_HOOKS, Plot

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
STEPPING = [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")]
PICTURE = ".st-key-plot-stack img"
PLOTLY, MODULES = re.compile(r"/pla-lab/plotly-[^/]+/plotly\.min\.js$"), re.compile(r"/pla-lab/plot-[^/]+/[^/]+\.js$")

# Layout shifts as the browser counts them (CLS's entries), from the page's first paint.
SHIFTS = """window.__shifts = []; new PerformanceObserver((l) => l.getEntries().forEach((e) => {
  if (!e.hadRecentInput) window.__shifts.push({ at: e.startTime, value: e.value }); })).observe(
  { type: "layout-shift", buffered: true });"""

# The picture's marks where the page shows them: each SVG mark mapped through the image's box (its viewBox shown
# with preserveAspectRatio "xMidYMid meet"), as [x, y, +1 or −1] in page pixels.
PICTURE_MARKS = """async (sel) => {
  const img = document.querySelector(sel), box = img.getBoundingClientRect();
  const svg = new DOMParser().parseFromString(atob(img.src.split(',')[1]), 'image/svg+xml').documentElement;
  const [vx, vy, vw, vh] = svg.getAttribute('viewBox').split(' ').map(Number);
  const s = Math.min(box.width / vw, box.height / vh);
  const ox = box.left + (box.width - s * vw) / 2, oy = box.top + (box.height - s * vh) / 2;
  const at = (x, y) => [ox + (x - vx) * s, oy + (y - vy) * s];
  const pos = [...svg.querySelectorAll('.pt.pos')].map((c) => [...at(+c.getAttribute('cx'), +c.getAttribute('cy')), 1]);
  const neg = [...svg.querySelectorAll('.pt.neg')].map((p) => {
    const n = p.getAttribute('d').match(/-?[\\d.e+-]+/g).map(Number);  // M a L b M c L d: the centre is (a + b) / 2
    return [...at((n[0] + n[2]) / 2, (n[1] + n[3]) / 2), -1];
  });
  return { marks: [...pos, ...neg], alt: img.alt, lines: svg.querySelectorAll('path:not(.pt)').length };
}"""
# The picture's numbers where the page shows them: {number: [x, y] of the digits' middle, from its point, in px}.
PICTURE_NUMBERS = """async ([sel, points]) => {
  const img = document.querySelector(sel), box = img.getBoundingClientRect();
  const svg = new DOMParser().parseFromString(atob(img.src.split(',')[1]), 'image/svg+xml').documentElement;
  const [vx, vy, vw, vh] = svg.getAttribute('viewBox').split(' ').map(Number);
  const s = Math.min(box.width / vw, box.height / vh);
  return Object.fromEntries([...svg.querySelectorAll('text.num')].map((t) => {
    const f = +t.getAttribute('font-size'), w = 0.6 * f * t.textContent.length, p = points[+t.textContent];
    const dx = { start: w / 2, end: -w / 2, middle: 0 }[t.getAttribute('text-anchor')];
    return [t.textContent, [(+t.getAttribute('x') + dx - p[0]) * s, (+t.getAttribute('y') - 0.36 * f + p[1]) * s]];
  }));
}"""
# The live plot's numbers: {number: [x, y] of the text's middle, from its point's marker, in px}.
LIVE_NUMBERS = """() => {
  const traces = [...document.querySelectorAll('.pla-plot .scatterlayer .trace')], mid = (el) => {
    const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const at = {}, out = {};
  traces.forEach((tr) => { const d = tr.__data__ && tr.__data__[0] && tr.__data__[0].trace;
    if (d && d.meta === 'points') tr.querySelectorAll('.point').forEach((p, n) => { at[d.customdata[n]] = mid(p); });
  });
  traces.forEach((tr) => { const d = tr.__data__ && tr.__data__[0] && tr.__data__[0].trace;
    if (d && d.meta === 'numbers') tr.querySelectorAll('.textpoint text').forEach((t) => {
      const m = mid(t), p = at[+t.textContent]; out[t.textContent] = [m[0] - p[0], m[1] - p[1]]; }); });
  return out;
}"""
# The live plot's points in page pixels, [x, y, label].
LIVE_MARKS = """() => [...document.querySelectorAll('.pla-plot .scatterlayer .trace')].flatMap((tr) => {
  const d = tr.__data__ && tr.__data__[0] && tr.__data__[0].trace;
  if (!d || d.meta !== 'points') return [];
  const label = d.marker.symbol.startsWith('x') ? -1 : 1;
  return [...tr.querySelectorAll('.point')].map((p) => { const r = p.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2, label]; });
})"""


def _hold(ctx, *patterns):
    """Hold back what the URL patterns match; returns (what was held, release())."""
    held, holding = [], {"on": True}

    def hold(route):
        if holding["on"]:
            held.append(route)
        else:
            route.continue_()

    for pattern in patterns:
        ctx.route(pattern, hold)

    def release():
        holding["on"] = False
        for route in held:
            route.continue_()
    return held, release


# No chart, a chart beside the plot, a chart under it on a phone (every lesson: tests/ui/test_first_picture.py). On a
# phone the chart comes with plotly.js: its room under the plot is kept until then, so Back does not move.
@pytest.mark.parametrize("slug, screen", [("pla", "projector"), ("halts", "projector"), ("halts", "phone")])
def test_the_first_picture_comes_before_any_plot_code_and_gives_way_without_a_shift(server, browser, slug, screen):
    phone = screen == "phone"
    ctx = browser.new_context(viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 720},
                              is_mobile=phone, has_touch=phone)
    ctx.add_init_script(TEST_HOOKS)
    ctx.add_init_script(SHIFTS)
    held, release = _hold(ctx, MODULES)
    held_plotly, release_plotly = _hold(ctx, PLOTLY)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/{slug}")
        page.wait_for_selector(PICTURE, state="visible", timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)
        page.wait_for_function("(s) => document.querySelector(s).complete", arg=PICTURE)
        assert page.evaluate("() => window.__plaLab === undefined")  # not one module of the plot has run
        assert page.locator(".pla-plot").count() == 0
        box = page.locator(".st-key-plot-stack").bounding_box()
        img = page.locator(PICTURE).bounding_box()
        assert img["height"] > 200 and box["x"] <= img["x"] and img["x"] + img["width"] <= box["x"] + box["width"]
        assert held, "nothing of the plot was asked for"
        release()  # the plot's modules: it mounts, and takes the height the screen gives it; plotly.js still held
        page.wait_for_function("() => window.__plaLab && window.__plaLab.stats.mountedAt")
        # The plot's height is fitted to the screen once the page's elements are laid out, which a loaded machine
        # does late: the picture and Back are read once nothing has moved for 0.5 s (the picture moves with its box).
        Plot(page).settled()
        assert page.is_visible(PICTURE) and page.locator(".pla-plot .main-svg").count() == 0
        pic = page.evaluate(PICTURE_MARKS, PICTURE)
        pic_numbers = page.evaluate(PICTURE_NUMBERS, [PICTURE, page.evaluate("() => window.__plaLab.data.points")])
        page.screenshot(path=str(ARTIFACTS / f"picture-{slug}-{screen}-before.png"))
        step = page.get_by_role("button", name=re.compile("^Back")).bounding_box()
        assert held_plotly
        release_plotly()
        page.wait_for_selector(".pla-plot .main-svg", timeout=30_000)
        page.wait_for_selector(PICTURE, state="hidden", timeout=30_000)
        if phone:
            page.wait_for_selector(".pla-chart .main-svg", timeout=30_000)
        page.wait_for_function("() => document.querySelector('.pla-plot').dataset.animating !== '1'")
        data = page.evaluate("() => window.__plaLab.data")
        assert pic["alt"] == " ".join(data["alt"].split())  # a screen reader is told what the live plot tells it
        assert pic["lines"] >= 1  # the frame's axes at least; the boundary and w's arrow where there are ones
        live = page.evaluate(LIVE_MARKS)
        assert sorted(m[2] for m in pic["marks"]) == sorted(m[2] for m in live) == sorted(p[2] for p in data["points"])
        # the same points, each where the live plot puts it (the legend's rows are the picture's only guess)
        for x, y, label in pic["marks"]:
            near = min(abs(x - lx) + abs(y - ly) for lx, ly, ll in live if ll == label)
            assert near < 30, (slug, x, y, label, near)
        # Each point's number (the words name points "#k"), on the same side of its marker in the picture and in the
        # live plot, and the point the words name at this step among them, beside its marker.
        live_numbers = page.evaluate(LIVE_NUMBERS)
        assert sorted(live_numbers) == sorted(pic_numbers) == sorted(str(i) for i in range(len(data["points"])))
        for k, (dx, dy) in live_numbers.items():
            assert abs(dx - pic_numbers[k][0]) < 6 and abs(dy - pic_numbers[k][1]) < 6, (k, (dx, dy), pic_numbers[k])
        named = re.search(r"corrects point #(\d+) \(circled", page.locator("[data-testid=stMain]").inner_text())
        assert named and 8 < math.hypot(*live_numbers[named[1]]) < (45 if phone else 40), live_numbers[named[1]]
        shifts = page.evaluate("() => window.__shifts")
        Plot(page).settled()
        back = page.get_by_role("button", name=re.compile("^Back")).bounding_box()
        assert back["y"] == pytest.approx(step["y"], abs=1)
        page.screenshot(path=str(ARTIFACTS / f"picture-{slug}-{screen}-after.png"))
        later = [s for s in page.evaluate("() => window.__shifts") if s not in shifts]
        assert sum(s["value"] for s in later) < 0.01, later
        # once the plot has been heard from (a step: its report), the server stops sending the picture
        page.get_by_role("button", name=re.compile("^Step")).first.click()
        page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '1'", timeout=30_000)
        page.wait_for_selector(PICTURE, state="detached", timeout=30_000)
    finally:
        ctx.close()


def test_keys_pressed_while_the_live_plot_loads_are_kept_and_applied_in_order(server, browser):
    """With the plot's code held back, the picture is there; → → → ← pressed in quick succession are kept (Streamlit
    would take two presses during one rerun as one click of Step). Once the code comes, the plot applies them in
    order: it steps to 2, and the link follows."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(TEST_HOOKS)
    _, release = _hold(ctx, MODULES, PLOTLY)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/pla")
        page.wait_for_selector(PICTURE, state="visible", timeout=30_000)
        for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft"):
            page.keyboard.press(key)
            page.wait_for_timeout(100)
        page.wait_for_timeout(1000)
        assert page.locator(".pla-plot .main-svg").count() == 0  # still the picture
        release()
        page.wait_for_function("() => { const g = document.querySelector('.pla-plot');"
                               " return g && g.querySelector('.main-svg') && g.dataset.t === '2'"
                               " && g.dataset.animating !== '1'; }", timeout=30_000)
        page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '2'", timeout=30_000)
        page.wait_for_timeout(1000)
        assert page.evaluate("() => document.querySelector('.pla-plot').dataset.t") == "2"  # and stays there
    finally:
        ctx.close()
