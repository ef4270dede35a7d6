"""The lesson "Runs compared" in real headless Chromium, clicked like a person: the η view's two lines drawn on top
of each other from w₀ = 0 and parting from w₀ ≠ 0 (the companion moving with the steps served in the browser), the
order view's strip chart (3 × 20 dots and the bound), the sign(0) table's highlighted first differences, and
screenshots of each view in light and dark at 1280×720."""

from __future__ import annotations

import pathlib
import re
from urllib.parse import parse_qs, urlencode, urlparse

import numpy as np

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S

from tests.browser import Plot

ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "test-artifacts"

BASE = dict(order="cyclic", bias=True, sign_zero=None, seed=0, max_updates=1000)


def run(pts, **kw):
    X, y = model.arrays(pts)
    return pla_core.pla(X, y, stop_on_cycle=False, **{**BASE, "w0": (0.0, 0.0, 0.0), "eta": 1.0, **kw})


def link_points(plot: Plot) -> list:
    """The demo's points in their order, as the address bar holds them."""
    return C.decode_points(parse_qs(urlparse(plot.page.url).query)["pts"][0])[0]


def wait_url(plot: Plot, key: str, value: str):
    plot.page.wait_for_function("([k, v]) => new URL(location.href).searchParams.get(k) === v", arg=[key, value],
                                timeout=30_000)


def main_text(plot: Plot, words: str):
    """Wait until the page's text (its tables' cells joined by " | ") holds ``words``."""
    plot.page.wait_for_function("""(w) => { const m = document.querySelector('[data-testid=stMain]');
        const cells = [...m.querySelectorAll('tr')].map(r => [...r.cells].map(c => c.innerText).join(' | '));
        return (m.innerText + '\\n' + cells.join('\\n')).replaceAll('−', '-').includes(w.replaceAll('−', '-')); }""",
                                arg=words, timeout=30_000)


def on_line(w, xy) -> bool:
    """Whether the drawn segment lies on the line wᵀx̃ = 0."""
    xs, ys = xy
    return len(xs) == 2 and all(abs(w[0] + w[1] * a + w[2] * b) < 1e-9 * (1 + np.abs(w).sum()) for a, b in zip(xs, ys))


def step(plot: Plot, t: int):
    plot.page.get_by_role("button", name="Step").click()
    plot.wait_t(t)


def test_from_w0_zero_the_two_lines_are_one_at_every_step(server, plot):
    plot.open(server + "/compare?eta=4")
    wait_url(plot, "eta", "4")
    pts = link_points(plot)
    one, four = run(pts), run(pts, eta=4.0)
    assert len(one) == len(four) >= 3
    name = f"η = 4 (dashed), T = {len(four)}"
    assert [m["name"] for m in plot.marks() if m["meta"] == "companion"] == [name]
    # Its legend entry: the name beside a dashed sample.
    legend = plot.js("""() => [...document.querySelectorAll('.pla-plot .pla-legend-item[data-meta=companion]')]
        .map((g) => [g.querySelector('text').textContent, !!g.querySelector('path[stroke-dasharray]')])""")
    assert legend == [[name, True]]
    dashed_line = ".pla-plot .pla-mark[data-meta=companion] path[stroke-dasharray]"
    for t in (1, 2, 3):
        step(plot, t)  # served in the browser: no server round trip before the drawing
        assert plot.page.locator(dashed_line).count() == 1
        solid, dashed = plot.trace_xy("boundary"), plot.trace_xy("companion")
        assert on_line(one.weights[t], solid) and on_line(four.weights[t], dashed)
        assert np.allclose(solid, dashed, atol=1e-9)  # the same line: w only stretches
    wait_url(plot, "t", "3")  # the numbers follow once the server has heard of the step
    main_text(plot, f"| {np.linalg.norm(one.weights[3]):.4g}")
    main_text(plot, f"| {np.linalg.norm(four.weights[3]):.4g}")


def test_from_w0_not_zero_the_lines_part_and_the_shorter_run_stays_where_it_halted(server, plot):
    w0 = (0.0, -3.0, 3.0)
    plot.open(server + "/compare?eta=10&w0=0,-3,3")
    wait_url(plot, "w0", "0,-3,3")
    pts = link_points(plot)
    one, ten = run(pts, w0=w0), run(pts, w0=w0, eta=10.0)
    main, other = (one, ten) if len(one) >= len(ten) else (ten, one)
    assert len(main) > len(other) >= 1
    step(plot, 1)
    solid, dashed = plot.trace_xy("boundary"), plot.trace_xy("companion")
    assert on_line(main.weights[1], solid) and on_line(other.weights[1], dashed)
    assert not np.allclose(solid, dashed, atol=1e-3)  # they part
    plot.page.get_by_role("button", name=re.compile(r"\bRun\b")).click()
    plot.wait_t(len(main))
    assert on_line(main.weights[-1], plot.trace_xy("boundary"))
    assert on_line(other.weights[-1], plot.trace_xy("companion"))  # held at its last w
    main_text(plot, f"held: it ended at {len(other)}")


def test_pick_the_order_view_and_read_the_strip_chart(server, plot):
    plot.open(server + "/compare")
    first = link_points(plot)
    plot.page.get_by_text("Order of visits", exact=True).first.click()
    wait_url(plot, "cmp", "order")
    chart = "[data-testid=stPlotlyChart] .js-plotly-plot"
    plot.page.wait_for_selector(chart + " .main-svg", timeout=20_000)
    plot.page.wait_for_function("(p) => new URL(location.href).searchParams.get('pts') !== p",
                                arg=C.encode_points(first), timeout=30_000)
    pts = link_points(plot)
    dots = plot.js(f"""() => Object.fromEntries(document.querySelector('{chart}').data
        .filter(t => t.meta.startsWith('strip-') && t.meta !== 'strip-shown').map(t => [t.meta, t.y]))""")
    assert sum(len(v) for v in dots.values()) == 3 * 20
    # The picked view's example: its counts are pla_core's.
    for order in ("cyclic", "permuted", "random"):
        assert dots[f"strip-{order}"] == [len(run(pts, order=order, seed=s)) for s in range(20)]
    X, y = model.arrays(pts)
    bound = plot.js(f"() => document.querySelector('{chart}').data.find(t => t.meta === 'bound').y")
    assert np.allclose(bound, pla_core.mistake_bound(X, y)) and max(max(v) for v in dots.values()) <= bound[0]
    # The plot's run follows the chosen order, and steps in the browser.
    plot.page.get_by_role("combobox", name="Order on the plot").click()
    plot.page.locator("[role=option]", has_text="random mistake each time").click()
    wait_url(plot, "order", "random")
    plot.idle()
    trace = run(pts, order="random", seed=0)
    step(plot, 1)
    assert on_line(trace.weights[1], plot.trace_xy("boundary"))


def test_pick_the_sign0_view_and_see_where_the_readings_part(server, plot):
    plot.open(server + "/compare")
    plot.page.get_by_text("What sign(0) means", exact=True).first.click()
    wait_url(plot, "cmp", "sign0")
    plot.page.wait_for_selector("[data-testid=stMain] table", timeout=20_000)
    plot.idle()
    pts = link_points(plot)
    runs = {k: run(pts, sign_zero=v) for k, v in S.SIGN_ZERO.items()}
    # Each highlighted cell: its column, its row (update t), its background.
    marked = plot.js("""() => [...document.querySelectorAll('[data-testid=stMain] table td')]
        .filter(td => td.innerText.includes('◆'))
        .map(td => { const span = td.querySelector('span') || td;
                     return [td.cellIndex, td.parentElement.rowIndex, getComputedStyle(span).backgroundColor]; })""")
    expect = []
    for col, k in enumerate(("+1", "-1", "lt0"), start=2):
        a, b = runs["le0"], runs[k]
        d = next((t for t in range(1, min(len(a), len(b)) + 1) if a.mistakes[t - 1] != b.mistakes[t - 1]),
                 min(len(a), len(b)) + 1)
        expect.append((col, d))
    assert sorted((c, r) for c, r, _ in marked) == sorted(expect)
    assert all(bg not in ("rgba(0, 0, 0, 0)", "transparent") for _, _, bg in marked)
    # The table stays in its column beside the plot at 1280×720 (it spilled 17 px over the page's edge before).
    plot.settled()
    table, column = plot.js("""() => { const t = document.querySelector('[data-testid=stMain] table');
        return [t.getBoundingClientRect().right, t.closest('[data-testid=stColumn]').getBoundingClientRect().right]; }""")
    assert table <= column + 0.5, (table, column)
    # Step to the tie where seed 002's −1 parts from 001's ≤ 0: w₃'s line passes through the × at (1, 0).
    for t in (1, 2, 3):
        step(plot, t)
    w3 = runs["le0"].weights[3]
    assert on_line(w3, plot.trace_xy("boundary")) and w3[0] + w3[1] * 1 + w3[2] * 0 == 0


def test_screenshots_of_each_view_light_and_dark(server, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    links = {"eta": {"w0": "0,-3,3", "t": "3"}, "order": {"cmp": "order", "t": "2"}, "sign0": {"cmp": "sign0", "t": "3"}}
    for scheme in ("light", "dark"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        plot = Plot(ctx.new_page())
        for view, q in links.items():
            extra = "&embed_options=dark_theme" if scheme == "dark" else ""
            plot.open(server + "/compare?" + urlencode(q) + extra)
            if view == "order":
                plot.page.wait_for_selector("[data-testid=stPlotlyChart] .main-svg", timeout=20_000)
            plot.page.wait_for_timeout(500)
            plot.page.screenshot(path=str(ARTIFACTS / f"compare-{view}-{scheme}.png"))
            # Back/Step/Play and the scrubber stay in view.
            for name in ("Back", "Step", "Play"):
                box = plot.page.get_by_role("button", name=name).bounding_box()
                assert box and box["y"] + box["height"] <= 720, (view, name)
        ctx.close()
