"""The first picture and the first keys (issue 25).

* With every module of the plot held back, a lesson already shows its step as an image the server drew (the line,
  w, the circled point, its points and the line's ends where the live plot's SVG puts them in its plot area, within
  a pixel), with the live plot's alt text; when they come, the live plot replaces it, and once drawn it moves no more
  (the browser's own layout-shift entries).
* Keys pressed while the live plot loads are kept and applied in order; a Step clicked then is drawn in the picture,
  then in the plot.
* The live plot is drawn on the picture as soon as it is there, before Streamlit mounts the plot's component (its
  code held back here): it takes clicks and keys at once, and the component, once mounted, takes it over without a
  shift and sends what was done meanwhile. (→ pressed 0.1–1 s after each lesson's heading appears, in a new tab, is
  test_every_lesson_browser.py's projector walk, which also finds that no page asks /<lesson>/_stcore/health:
  Streamlit's frontend guessed the server there, and waited for the 404.)"""

from __future__ import annotations

import math
import pathlib
import re
import urllib.parse

import pytest

from pla_lab.framework import codec as C
from pla_lab.lessons import LESSONS
from tests.browser import DRAWN, READY, TEST_HOOKS, Plot

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
STEPPING = [lesson.slug for lesson in LESSONS if hasattr(lesson, "plot_height")]
PICTURE = ".st-key-plot-stack img"
MODULES = re.compile(r"/pla-lab/plot-[^/]+/[^/]+\.js$")
COMPONENTS = re.compile(r"/static/js/BidiComponent\.[^/]+\.js$")  # Streamlit's own code of components v2

# Layout shifts as the browser counts them (CLS's entries), from the page's first paint.
SHIFTS = """window.__shifts = []; new PerformanceObserver((l) => l.getEntries().forEach((e) => {
  if (!e.hadRecentInput) window.__shifts.push({ at: e.startTime, value: e.value }); })).observe(
  { type: "layout-shift", buffered: true });"""

# The picture's marks where the page shows them: each SVG mark mapped through the image's box (its viewBox shown
# with preserveAspectRatio "xMidYMid meet"), as [x, y, +1 or −1] in page pixels; its view and where the page shows it
# (box: left, top, width, height), its scale (px a unit), and the ends of its boundary (its widest solid line).
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
  const solid = [...svg.querySelectorAll('path:not(.pt):not([stroke-dasharray])[stroke-width]')]
    .map((p) => [+p.getAttribute('stroke-width'), p.getAttribute('d').match(/-?[\\d.e+-]+/g).map(Number)])
    .filter(([, n]) => n.length === 4).sort((a, b) => b[0] - a[0]);
  return { marks: [...pos, ...neg], alt: img.alt, lines: svg.querySelectorAll('path:not(.pt)').length, scale: s,
           view: [vx, vx + vw, -vy - vh, -vy], box: [ox, oy, s * vw, s * vh],
           line: solid.length ? [at(...solid[0][1].slice(0, 2)), at(...solid[0][1].slice(2))] : null };
}"""
# The picture's numbers at its scale s (px a unit): {number: [x, y] of the digits' middle, from its point, in px}.
PICTURE_NUMBERS = """async ([sel, points, s]) => {
  const img = document.querySelector(sel);
  const svg = new DOMParser().parseFromString(atob(img.src.split(',')[1]), 'image/svg+xml').documentElement;
  return Object.fromEntries([...svg.querySelectorAll('text.num')].map((t) => {
    const f = +t.getAttribute('font-size'), w = 0.6 * f * t.textContent.length, p = points[+t.textContent];
    const dx = { start: w / 2, end: -w / 2, middle: 0 }[t.getAttribute('text-anchor')];
    return [t.textContent, [(+t.getAttribute('x') + dx - p[0]) * s, (+t.getAttribute('y') - 0.36 * f + p[1]) * s]];
  }));
}"""
# The live plot (its SVG, the DOM contract) in page pixels: its plot area (data-area: left, top, width, height), its
# view (data-view), each point's centre (its marker's translate) [x, y, label, i], and each number's middle, from its
# point's centre {number: [dx, dy]}.
LIVE_MARKS = """() => { const svg = document.querySelector('.pla-plot .pla-svg'), m = svg.getScreenCTM();
  const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; };
  const [l, t, w, h] = svg.dataset.area.split(' ').map(Number), centre = {}, numbers = {};
  const points = [...svg.querySelectorAll('.pla-pt')].map((e) => {
    const [x, y] = e.getAttribute('transform').match(/translate\\(([^,]+),([^)]+)\\)/).slice(1).map(Number);
    centre[e.dataset.i] = at(x, y); return [...at(x, y), +e.dataset.label, +e.dataset.i]; });
  svg.querySelectorAll('.pla-mark[data-meta=numbers] text').forEach((e) => {
    const r = e.getBoundingClientRect(), p = centre[e.textContent];
    numbers[e.textContent] = [r.left + r.width / 2 - p[0], r.top + r.height / 2 - p[1]]; });
  return { area: [...at(l, t), w * m.a, h * m.d], view: svg.dataset.view.split(' ').map(Number), points, numbers }; }"""


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


def _held(browser, pattern, *scripts):
    """A fresh 1280×720 context with the test hooks and ``scripts``, what ``pattern`` matches held back:
    (context, what was held, release())."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    for script in (TEST_HOOKS, *scripts):
        ctx.add_init_script(script)
    return (ctx, *_hold(ctx, pattern))


def _in_area(pic: dict, live: dict, x: float, y: float) -> tuple[float, float]:
    """A spot of the picture, where the page showed it, at the same place of the live plot's plot area (px): the
    screen fits the plot's height to it once its code has come, so the picture may have been shown a little smaller."""
    (ox, oy, w, h), (left, top, width, height) = pic["box"], live["area"]
    return left + (x - ox) / w * width, top + (y - oy) / h * height


# No chart, a chart beside the plot, a chart under it on a phone (every lesson: tests/ui/test_first_picture.py). On a
# phone the chart's room under the plot is kept until it is drawn, so Back does not move.
@pytest.mark.parametrize("slug, screen", [("pla", "projector"), ("halts", "projector"), ("halts", "phone")])
def test_the_first_picture_comes_before_any_plot_code_and_gives_way_without_a_shift(server, browser, slug, screen):
    phone = screen == "phone"
    ctx = browser.new_context(viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 720},
                              is_mobile=phone, has_touch=phone)
    ctx.add_init_script(TEST_HOOKS)
    ctx.add_init_script(SHIFTS)
    held, release = _hold(ctx, MODULES)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/{slug}?t=2")  # step 2: a line, w's arrow and a circled point
        page.wait_for_selector(PICTURE, state="visible", timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)
        page.wait_for_function("(s) => document.querySelector(s).complete", arg=PICTURE)
        assert page.evaluate("() => window.__plaLab === undefined")  # not one module of the plot has run
        assert page.locator(".pla-plot").count() == 0
        box = page.locator(".st-key-plot-stack").bounding_box()
        img = page.locator(PICTURE).bounding_box()
        assert img["height"] > 200 and box["x"] <= img["x"] and img["x"] + img["width"] <= box["x"] + box["width"]
        assert held, "nothing of the plot was asked for"
        # A loaded machine lays the page out late: the picture and Back are read once nothing has moved for 0.5 s.
        Plot(page).settled()
        pic = page.evaluate(PICTURE_MARKS, PICTURE)
        step = page.get_by_role("button", name=re.compile("^Back")).bounding_box()
        page.screenshot(path=str(ARTIFACTS / f"picture-{slug}-{screen}-before.png"))
        release()  # the plot's modules: it mounts, takes the height the screen gives it, and draws
        page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
        page.wait_for_selector(PICTURE, state="hidden", timeout=30_000)
        if phone:
            page.wait_for_selector(".pla-chart .pla-chart-svg", timeout=30_000)
        Plot(page).idle()
        drawn = page.get_by_role("button", name=re.compile("^Back")).bounding_box()
        shifts = page.evaluate("() => window.__shifts")
        Plot(page).settled()
        data = page.evaluate("() => window.__plaLab.data")
        assert pic["alt"] == " ".join(data["alt"].split())  # a screen reader is told what the live plot tells it
        assert pic["lines"] >= 1  # the frame's axes at least; the boundary and w's arrow where there are ones
        live = page.evaluate(LIVE_MARKS)
        assert live["view"] == pytest.approx(pic["view"], abs=1e-3)  # the same view, in the plot area's place
        assert abs(pic["box"][0] + pic["box"][2] / 2 - live["area"][0] - live["area"][2] / 2) <= 1, (pic, live)
        assert sorted(m[2] for m in pic["marks"]) == sorted(m[2] for m in live["points"]) \
            == sorted(p[2] for p in data["points"])
        # the same points, each where the live plot draws it, within a pixel
        for x, y, label in pic["marks"]:
            px, py = _in_area(pic, live, x, y)
            near = min(math.hypot(px - lx, py - ly) for lx, ly, ll, _ in live["points"] if ll == label)
            assert near <= 1, (slug, x, y, label, near)
        # the line's ends too
        bx, by = Plot(page).trace_xy("boundary")
        ends = sorted(Plot(page).to_px(x, y) for x, y in zip(bx, by) if x is not None)
        assert pic["line"] and len(ends) == 2, (pic["line"], bx, by)
        for (x, y), (lx, ly) in zip(sorted(_in_area(pic, live, *p) for p in pic["line"]), ends):
            assert math.hypot(x - lx, y - ly) <= 1, (slug, (x, y), (lx, ly))
        # Each point's number (the words name points "#k"), on the same side of its marker in the picture and in the
        # live plot, and the point the words name at this step among them, beside its marker.
        pic_numbers = page.evaluate(PICTURE_NUMBERS, [PICTURE, data["points"], pic["scale"]])
        live_numbers = live["numbers"]
        assert sorted(live_numbers) == sorted(pic_numbers) == sorted(str(i) for i in range(len(data["points"])))
        for k, (dx, dy) in live_numbers.items():
            assert abs(dx - pic_numbers[k][0]) < 6 and abs(dy - pic_numbers[k][1]) < 6, (k, (dx, dy), pic_numbers[k])
        named = re.search(r"corrects point #(\d+) \(circled", page.locator("[data-testid=stMain]").inner_text())
        assert named and 8 < math.hypot(*live_numbers[named[1]]) < (45 if phone else 40), live_numbers[named[1]]
        # Once drawn, the plot moves nothing more (on a phone, nothing moved at all: the chart had its room).
        back = page.get_by_role("button", name=re.compile("^Back")).bounding_box()
        assert back["y"] == pytest.approx(drawn["y"], abs=1)
        if phone:
            assert back["y"] == pytest.approx(step["y"], abs=1)
        page.screenshot(path=str(ARTIFACTS / f"picture-{slug}-{screen}-after.png"))
        later = [s for s in page.evaluate("() => window.__shifts") if s not in shifts]
        assert sum(s["value"] for s in later) < 0.01, later
        # once the plot has been heard from (a step: its report), the server stops sending the picture
        page.get_by_role("button", name=re.compile("^Step")).first.click()
        page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '3'", timeout=30_000)
        page.wait_for_selector(PICTURE, state="detached", timeout=30_000)
    finally:
        ctx.close()


def test_keys_pressed_while_the_live_plot_loads_are_kept_and_applied_in_order(server, browser):
    """With the plot's code held back, the picture is there; → → → ← pressed in quick succession are kept (Streamlit
    would take two presses during one rerun as one click of Step). Once the code comes, the plot applies them in
    order: it steps to 2, and the link follows."""
    ctx, _, release = _held(browser, MODULES)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/pla")
        page.wait_for_selector(PICTURE, state="visible", timeout=30_000)
        for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft"):
            page.keyboard.press(key)
            page.wait_for_timeout(100)
        page.wait_for_timeout(1000)
        assert page.locator(DRAWN).count() == 0  # still the picture
        release()
        page.wait_for_function("() => { const g = document.querySelector('.pla-plot');"
                               " return g && g.querySelector('.pla-svg[data-area]') && g.dataset.t === '2'"
                               " && g.dataset.animating !== '1'; }", timeout=30_000)
        page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '2'", timeout=30_000)
        page.wait_for_timeout(1000)
        assert page.evaluate("() => document.querySelector('.pla-plot').dataset.t") == "2"  # and stays there
    finally:
        ctx.close()


@pytest.mark.parametrize("act", ["click", "keys"])
def test_the_plot_drawn_on_the_picture_takes_clicks_and_keys_before_its_component_mounts(server, browser, act):
    """Streamlit's components code held back, so the plot's component cannot mount: the plot's own modules draw the
    live plot on the first picture all the same. A click on an empty spot is drawn at once (or → → step twice);
    nothing has reached the server (the address is the one opened). Once the code comes, the component takes the same
    SVG over (it does not move) and sends what was done: the address holds the new point (shown from step 0, as new
    points are), or step 2."""
    ctx, held, release = _held(browser, COMPONENTS)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/pla")
        page.wait_for_selector(DRAWN, state="attached", timeout=30_000)
        plot = Plot(page)
        plot.idle()
        assert held, "Streamlit's components code was not asked for"
        stats = plot.js("() => window.__plaLab.stats")
        assert stats["early"] and stats["adoptedAt"] is None and stats["interactiveAt"] > 0
        assert page.locator("[data-testid=stBidiComponentRegular] .pla-plot").count() == 0  # not the component's
        page.wait_for_selector(PICTURE, state="hidden")  # the live plot lies where the picture was
        before = plot.points()
        (x0, x1, y0, y1), spot = plot.view(), None
        if act == "click":
            spot = next((x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy) for fx in (0.9, 0.1, 0.5) for fy in (0.1, 0.9, 0.5)
                        if all(math.hypot(px - x0 - (x1 - x0) * fx, py - y0 - (y1 - y0) * fy) > (x1 - x0) / 10
                               for px, py, _ in before))
            plot.click_data(*spot)
            page.wait_for_function(f"(n) => ({SHOWN})() > n", arg=len(before))  # drawn at once, as pending
        else:
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            plot.wait_t(2)
        page.wait_for_timeout(500)
        opened = page.url
        assert sorted(_linked(opened)) == sorted(map(tuple, before)) and "t=0" in opened  # nothing sent yet
        box = page.locator(DRAWN).bounding_box()
        plot.js("() => { window.__earlySvg = document.querySelector('.pla-plot .pla-svg'); }")
        release()
        page.wait_for_function("() => window.__plaLab.stats.adoptedAt !== null", timeout=30_000)
        if act == "click":
            page.wait_for_function("(n) => document.querySelectorAll('.pla-plot .pla-pt').length === n",
                                   arg=len(before) + 1, timeout=30_000)  # the server's own points now
            # and the address, which the same rerun writes a moment later
            page.wait_for_function("(q) => new URL(location.href).searchParams.get('pts') !== q",
                                   arg=_query(opened)["pts"], timeout=30_000)
            sent = _linked(page.url)
            new = [p for p in sent if p not in set(map(tuple, before))]
            assert len(sent) == len(before) + 1 and len(new) == 1, sent
            assert math.hypot(new[0][0] - spot[0], new[0][1] - spot[1]) < (x1 - x0) / 50  # where it was clicked
        else:
            page.wait_for_function("() => new URL(location.href).searchParams.get('t') === '2'", timeout=30_000)
            assert sorted(_linked(page.url)) == sorted(map(tuple, before))
        plot.idle()
        assert plot.t() == int(_query(page.url)["t"]) == (0 if act == "click" else 2)
        assert plot.js("() => document.querySelector('.pla-plot .pla-svg') === window.__earlySvg")
        assert page.locator("[data-testid=stBidiComponentRegular] .pla-plot").count() == 1  # the component's now
        # the plot did not move as it was taken over (the page around it may: held back here, Streamlit's widgets
        # that waited for the same code come with it; test_the_first_picture_... measures the page's shifts)
        after = page.locator(DRAWN).bounding_box()
        assert all(abs(after[k] - box[k]) <= 1 for k in ("x", "y", "width", "height")), (box, after)
    finally:
        ctx.close()


#: The points the plot shows: its points, and the ones a click added that the server has not answered yet (drawn as
#: the trace "pending").
SHOWN = """() => { const p = document.querySelector('.pla-plot .pla-mark[data-meta=pending]');
  const n = p && p.dataset.x ? JSON.parse(p.dataset.x).filter((v) => v !== null).length : 0;
  return document.querySelectorAll('.pla-plot .pla-pt').length + n; }"""


def _query(url: str) -> dict:
    return {k: v[0] for k, v in urllib.parse.parse_qs(urllib.parse.urlsplit(url).query).items()}


def _linked(url: str) -> list[tuple]:
    """The points the address holds, as (x, y, label)."""
    return [tuple(float(v) for v in p) for p in C.decode_points(_query(url)["pts"])[0]]
