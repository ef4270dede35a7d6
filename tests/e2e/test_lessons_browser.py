"""Noise & Pocket and XOR in real headless Chromium: toggle noise, step until the pocket improves, run XOR until
the cycle is reported and replay it, switch on the lift; and links straight to a lesson on a fresh server."""

from __future__ import annotations

import pathlib
import re
from urllib.parse import parse_qs, urlparse

import numpy as np
import pytest

import pla_core
from pla_core import datasets, geometry
from pla_lab.course import home
from pla_lab.framework import codec as C
from pla_lab.framework import links, model
from pla_lab.framework import settings as S
from pla_lab.lessons import POCKET as POCKET_LESSON
from tests.browser import (CHART, CHART_MARKER, CHART_PX, CHART_SERIES, READY, TEST_HOOKS, Plot, hold_server_messages,
                           start_server, stop_server)

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"


def params(url: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}


def wait_url(plot: Plot, key: str, value: str):
    plot.page.wait_for_function("([k, v]) => new URL(location.href).searchParams.get(k) === v", arg=[key, value],
                                timeout=30_000)


def pocket_run(url: str):
    q = params(url)
    pts, _ = C.decode_points(q["pts"])
    values, _ = S.read_params(q)
    opts, _ = S.read_params(q, (*POCKET_LESSON.options, links.TARGET))
    X, y = model.arrays(pts)
    flipped = np.zeros(len(y), bool)
    if opts["noisy"] and opts["noise"]:
        y, flipped = datasets.flip_by_point(X, y, opts["noise"] / 100, values["seed"])
    return pts, y, flipped, opts, pla_core.pocket(X, y, **S.pla_kwargs(values))


def polygon_area(xs, ys) -> float:
    if len(xs) < 3:
        return 0.0
    x, y = np.array(xs, float), np.array(ys, float)
    return float(abs(x @ np.roll(y, -1) - y @ np.roll(x, -1)) / 2)


def test_noise_toggle_flips_exactly_the_marked_labels_on_the_same_points(server, plot):
    plot.open(server + "/pocket")
    pts, y, flipped, _, _ = pocket_run(plot.page.url)
    shown = sorted(map(tuple, plot.points()))
    assert shown == sorted((p[0], p[1], float(lab)) for p, lab in zip(pts, y))  # the noisy labels are drawn
    mx, my = plot.trace_xy("flipped")
    assert sorted(zip(mx, my)) == sorted((pts[i][0], pts[i][1]) for i in np.flatnonzero(flipped))
    plot.page.get_by_role("switch", name="Noise on").click(force=True)
    wait_url(plot, "noisy", "0")
    plot.page.wait_for_function("() => JSON.parse(document.querySelector('.pla-plot .pla-mark[data-meta=flipped]')"
                                ".dataset.x).every(x => x === null)", timeout=30_000)
    clean = sorted(map(tuple, plot.points()))
    assert clean == sorted(pts)  # the same points, with f's labels
    diff = set(shown) ^ set(clean)  # each flipped point appears once with each label
    assert {(p[0], p[1]) for p in diff} == {(pts[i][0], pts[i][1]) for i in np.flatnonzero(flipped)}
    assert len(diff) == 2 * int(flipped.sum())


def test_step_until_the_pocket_improves_draws_pla_cores_pocket_and_its_e_out(server, plot):
    plot.open(server + "/pocket")
    _, y, _, opts, trace = pocket_run(plot.page.url)
    P = trace.pocket_weights
    # The first update after which the pocket changes from one real line to a better one.
    t_imp = next(t for t in range(2, len(trace) + 1) if np.any(P[t] != P[t - 1]) and np.any(P[t - 1][1:]))
    assert t_imp <= 30, t_imp
    for t in range(1, t_imp + 1):
        plot.page.keyboard.press("ArrowRight")
        plot.wait_t(t, timeout=30_000)
    view = plot.view()
    xs, ys = plot.trace_xy("pocket")
    want = pla_core.clip_line(P[t_imp], view)
    assert np.allclose(sorted(zip(xs, ys)), sorted(map(tuple, want)), atol=1e-9)
    assert trace.pocket_errors[t_imp] < trace.pocket_errors[t_imp - 1]
    # The hatched region is where ŵ and f disagree inside the square the points come from: its area is E_out.
    box = opts["f"][3:]
    area = sum(polygon_area(*plot.trace_xy(m)) for m in ("disagree+", "disagree-"))
    eout = geometry.disagreement(P[t_imp], opts["f"][:3], box)
    assert abs(area / ((box[1] - box[0]) * (box[3] - box[2])) - eout) < 1e-9
    # The chart beside the plot: E_in of w and ŵ over the whole run, its marker at t.
    chart = plot.js(CHART_SERIES)
    assert [s["name"] for s in chart] == ["Eᵢₙ(w): PLA now", "Eᵢₙ(ŵ): the pocket", "Eₒᵤₜ(ŵ) against f"]
    assert all(b <= a for a, b in zip(chart[1]["y"], chart[1]["y"][1:]))  # the pocket's E_in never goes up
    assert plot.js(CHART_MARKER) == t_imp
    plot.page.get_by_text(f"t = {t_imp}").first.wait_for(timeout=30_000)
    body = plot.page.locator("body").inner_text()
    assert f"{int(trace.pocket_errors[t_imp])}/{len(y)}" in body


def test_xor_runs_until_the_cycle_is_reported_and_replays_one_period(server, plot):
    plot.open(server + "/xor?seed=1")  # seed 1's noisy XOR cycles with period 18 (seed 0's: 420 updates to replay)
    plot.preset("xor", "Noisy XOR, 20 points", points_over=4)
    plot.idle()
    plot.page.get_by_role("button", name="Run", exact=True).click()
    plot.page.get_by_text("The weights cycle.").wait_for(timeout=30_000)
    q = params(plot.page.url)
    pts, _ = C.decode_points(q["pts"])
    values, _ = S.read_params(q)
    trace = pla_core.pla(*model.arrays(pts), stop_on_cycle=False, **S.pla_kwargs(values))
    start, period = trace.weight_cycle  # the boundary comes back where the weights first repeat
    plot.idle(timeout=20_000)
    plot.page.get_by_role("button", name=f"Replay one period ({period} updates)").click()
    plot.page.wait_for_function("() => document.querySelector('.pla-plot').dataset.playing === '1'", timeout=30_000)
    n0 = plot.js("() => window.__plaLab.stats.transitions.length")
    plot.page.wait_for_function("(t) => { const g = document.querySelector('.pla-plot');"
                                " return g.dataset.playing === '0' && g.dataset.t === String(t); }",
                                arg=start + period, timeout=30_000 + 150 * period)
    assert plot.js("() => window.__plaLab.stats.transitions.length") - n0 >= min(period, 40)
    view = plot.view()
    xs, ys = plot.trace_xy("boundary")
    assert np.allclose(trace.weights[start + period], trace.weights[start])
    seg = pla_core.clip_line(trace.weights[start], view)
    if seg is None:  # w's line misses the view: none drawn
        assert not [x for x in xs if x is not None]
    else:
        assert np.allclose(sorted(zip(xs, ys)), sorted(map(tuple, seg)))
    wait_url(plot, "t", str(start + period))


def test_the_lift_turns_xor_into_a_halting_run_drawn_as_a_curve(server, plot):
    plot.open(server + "/xor")
    assert len(plot.trace_xy("cert")[0]) == 12  # the certificate's four spokes to (0, 0)
    plot.page.get_by_role("switch", name="Add x₁x₂ as a third feature").click(force=True)
    wait_url(plot, "lift", "1")
    plot.idle()
    plot.page.get_by_role("button", name="Run", exact=True).click()
    plot.page.get_by_text("With x₁x₂ as a third feature PLA halts").wait_for(timeout=30_000)
    d = datasets.xor4()
    trace = pla_core.pla(datasets.with_product(d.X), d.y)
    plot.wait_t(len(trace), timeout=30_000)
    xs, ys = plot.trace_xy("boundary")
    pts = [(x, y) for x, y in zip(xs, ys) if x is not None]
    assert len(pts) > 40  # a curve, not a segment
    b, w1, w2, w3 = trace.weights[-1]
    vals = [b + w1 * x + w2 * y + w3 * x * y for x, y in pts]
    scale = np.abs(trace.weights[-1]).sum()
    assert max(abs(v) for v in vals) < 1e-9 * scale + 1e-9  # every drawn point is on the learned curve
    assert plot.mark("shade+")["kind"] == "heatmap"
    assert "cert" not in [m["meta"] for m in plot.marks()]


def test_screenshots_of_the_lessons(server, plot):
    ARTIFACTS.mkdir(exist_ok=True)
    plot.open(server + "/pocket")
    plot.page.get_by_role("button", name="Run 50").click()
    plot.wait_t(50, timeout=30_000)
    wait_url(plot, "t", "50")
    plot.page.mouse.move(5, 5)  # no tooltip in the picture
    plot.page.get_by_text("Noise and the Pocket algorithm").scroll_into_view_if_needed()
    plot.page.screenshot(path=str(ARTIFACTS / "pocket-t50.png"))
    box = plot.page.locator(".pla-plot").bounding_box()
    assert box["width"] >= 380 and box["height"] >= 380
    plot.open(server + "/xor")
    plot.page.screenshot(path=str(ARTIFACTS / "xor.png"))


HEADINGS = {"pla": "PLA, step by step", "pocket": "Noise and the Pocket algorithm",
            "xor": "XOR: the data set on which PLA never halts", "": home.HEADING}
NAV = ["PLA step by step", "Noise & Pocket", "XOR: never halts"]


@pytest.mark.parametrize("first", ["/pla", "/xor?lift=1", "/"])
def test_every_lesson_opens_from_its_own_path_from_a_fresh_servers_first_request_on(browser, first):
    """/pla, /pocket, /xor open their lesson (and / the home page), with or without a query, keep their path, never
    show "Page not found", and the sidebar lists the lessons (never the pages folder's file names), from the first
    request of a fresh server on."""
    proc, base = start_server()
    try:
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        ctx.add_init_script(TEST_HOOKS)
        page = ctx.new_page()
        seen = []  # every sidebar list drawn, from the first paint on
        page.expose_function("navSeen", lambda names: seen.append(names))
        page.add_init_script("""new MutationObserver(() => {
            const nav = document.querySelector('[data-testid=stSidebarNav]');
            if (nav) window.navSeen(nav.innerText); }).observe(document, {childList: true, subtree: true});""")
        # The first request is what each case is about; the paths after it once (the first case) are enough.
        then = ["/pla", "/pla?t=0", "/pocket", "/xor?lift=1", "/"] if first == "/pla" else []
        for path in [first, *then]:
            slug = path.split("?")[0].strip("/")
            if slug:
                Plot(page).open(base + path)
            else:  # the home page: no plot, and no settings in its sidebar (it runs nothing)
                page.goto(base + path)
                page.wait_for_selector(READY, timeout=30_000)
            page.get_by_text(HEADINGS[slug]).wait_for(timeout=30_000)
            assert page.get_by_text("Page not found").count() == 0
            assert urlparse(page.url).path == path.split("?")[0]
            if "lift" in path:
                page.wait_for_function("() => new URL(location.href).searchParams.get('lift') === '1'")
            assert page.get_by_text("Algorithm settings").count() == (1 if slug else 0)
        lines = [{line.strip() for line in s.splitlines() if line.strip()} for s in seen]
        assert lines and all(set(NAV) <= ls and not ls & {"app", "main", "pla", "pocket", "xor"} for ls in lines), seen
        ctx.close()
    finally:
        stop_server(proc)


def test_the_plot_modules_are_kept_by_the_browser_and_plotly_js_is_not_fetched(server, plot):
    """Their URLs carry a version, so they are served to be kept a year: a repeat visit fetches none. The plot draws
    itself (SVG): a lesson page asks for no plotly.js for it."""
    plot.open(server + "/pla")
    urls = plot.js("() => performance.getEntriesByType('resource').map(e => e.name)"
                   ".filter(u => u.includes('/pla-lab/'))")
    assert any(u.endswith("/plot.bundle.js") for u in urls) and not any("plotly" in u for u in urls), urls
    for u in urls:
        r = plot.page.request.get(u)
        assert r.ok and "immutable" in r.headers["cache-control"] and "max-age=31536000" in r.headers["cache-control"]
    assert plot.page.request.get(server + "/pla-lab/plotly-0.0/plotly.min.js").status == 404


def test_a_lessons_switches_survive_a_visit_to_another_lesson(server, plot):
    """Switches drawn in a lesson's fragment keep their value when the learner visits another lesson and comes
    back (Streamlit forgets the values of widgets a run does not draw)."""
    plot.open(server + "/xor")
    plot.page.get_by_role("switch", name="Add x₁x₂ as a third feature").click(force=True)
    wait_url(plot, "lift", "1")
    plot.page.get_by_role("link", name="PLA step by step").click()
    plot.page.get_by_text("PLA, step by step").wait_for(timeout=30_000)
    plot.page.get_by_role("link", name="XOR: never halts").click()
    plot.page.get_by_text("XOR: the data set on which PLA never halts").wait_for(timeout=30_000)
    wait_url(plot, "lift", "1")
    assert plot.page.get_by_role("switch", name="Add x₁x₂ as a third feature").is_checked()


def chart_px(plot: Plot, t: float, y: float = 0.05):
    return tuple(plot.js(CHART_PX, [t, y, 0]))


def test_a_click_on_the_error_chart_jumps_to_that_update(server, plot):
    plot.open(server + "/pocket")
    _, _, _, _, trace = pocket_run(plot.page.url)
    # Near: its weights are loaded in the browser, which animates there. Far: the server sends them.
    plot.page.wait_for_selector(CHART, timeout=30_000)
    # One pixel of the chart is several updates wide: a click lands within two pixels' worth of its target.
    per_px = plot.js("() => { const s = document.querySelector('.pla-chart .pla-chart-svg');"
                     " const [x0, x1] = s.dataset.xrange.split(' ').map(Number);"
                     " return (x1 - x0) / +s.dataset.xpx.split(' ')[1]; }")
    tol = int(np.ceil(2 * per_px)) + 1
    for target in (30, 700):
        plot.page.mouse.click(*chart_px(plot, target))
        plot.page.wait_for_function("([t, tol]) => Math.abs(+document.querySelector('.pla-plot').dataset.t - t) <= tol"
                                    " && document.querySelector('.pla-plot').dataset.animating === '0'",
                                    arg=[target, tol], timeout=30_000)
        t = plot.t()
        wait_url(plot, "t", str(t))
        assert plot.js("() => +document.querySelector('.pla-chart').dataset.t") == t
        xs, ys = plot.trace_xy("pocket")
        want = pla_core.clip_line(trace.pocket_weights[t], plot.view())
        assert np.allclose(sorted(zip(xs, ys)), sorted(map(tuple, want)), atol=1e-9)


def test_while_playing_the_numbers_follow_the_animation(server, plot):
    plot.open(server + "/pla")
    plot.page.get_by_role("button", name="Play").click()
    plot.page.wait_for_function("() => +document.querySelector('.pla-plot').dataset.t >= 3", timeout=30_000)
    # Still playing: the numbers (about a step the plot has left) wait, and the line in their place names the step
    # the plot draws, read on the same frame.
    line, t, playing, T = plot.js("""() => { const g = document.querySelector('.pla-plot');
        return [getComputedStyle(document.querySelector('.st-key-said-words'), '::before').content, +g.dataset.t,
                g.dataset.playing, window.__plaLab.data.T]; }""")
    assert playing == "1"
    assert line.startswith(f'"▶ Playing: step {t} of {T} '), line
    assert not plot.page.get_by_text(re.compile(r"t = \d+ of")).first.is_visible()
    plot.page.get_by_role("button", name="Pause").click()
    plot.idle()
    t = plot.t()
    wait_url(plot, "t", str(t))
    plot.page.get_by_text(f"t = {t} of").first.wait_for(timeout=30_000)


def test_a_step_pressed_while_a_switchs_rerun_runs_steps_the_new_run(server, plot):
    """→ pressed right after the Noise switch, while the switch's rerun runs (the server's answer held back, so the
    press surely lands in it): the plot steps at once, and the rerun's late answer does not undo the press: the
    plot, the numbers and the address bar end at step 1 of the new run, without noise."""
    relay, release = hold_server_messages(plot)
    plot.open(server + "/pocket")
    relay["hold"] = True
    plot.page.get_by_role("switch", name="Noise on").click(force=True)
    plot.page.keyboard.press("ArrowRight")
    plot.wait_t(1)  # drawn at once, from the weights the browser has
    plot.page.wait_for_timeout(500)  # the step's report goes out too, before the switch's answer arrives
    release()
    wait_url(plot, "noisy", "0")
    wait_url(plot, "t", "1")
    plot.page.get_by_text("t = 1 of").first.wait_for(timeout=30_000)
    plot.page.wait_for_selector(READY)
    plot.page.wait_for_timeout(1500)  # any late answer has arrived
    plot.idle()
    assert plot.t() == 1 and params(plot.page.url)["t"] == "1"
    pts, y, flipped, opts, trace = pocket_run(plot.page.url)
    assert not opts["noisy"] and not flipped.any()
    assert sorted(map(tuple, plot.points())) == sorted(map(tuple, pts))  # f's labels, no flips
    xs, ys = plot.trace_xy("boundary")
    want = pla_core.clip_line(trace.weights[1], plot.view())
    assert np.allclose(sorted(zip(xs, ys)), sorted(map(tuple, want)), atol=1e-9)
    body = plot.page.locator("body").inner_text()
    assert f"t = 1 of {len(trace)} updates" in body and "Noise is off" in body


def test_after_clicking_a_switch_the_keyboard_still_steps_and_plays(server, plot):
    plot.open(server + "/pocket")
    plot.page.get_by_role("switch", name="Noise on").click(force=True)
    plot.page.keyboard.press("ArrowRight")  # at once, while the switch's rerun runs: the step stands, in the new run
    wait_url(plot, "noisy", "0")
    wait_url(plot, "t", "1")
    plot.wait_t(1, timeout=30_000)
    plot.page.get_by_text("Noise is off").first.wait_for(timeout=30_000)
    plot.page.keyboard.press("Space")  # Play, not the switch again
    plot.page.wait_for_function("() => document.querySelector('.pla-plot').dataset.playing === '1'", timeout=30_000)
    assert params(plot.page.url)["noisy"] == "0"
    assert not plot.page.get_by_role("switch", name="Noise on").is_checked()
    # The chart leaves room after the last update, so a run's final value is drawn, not hidden at the edge.
    T, right = plot.js("() => [window.__plaLab.data.T,"
                       " +document.querySelector('.pla-chart .pla-chart-svg').dataset.xrange.split(' ')[1]]")
    assert right > T
