"""The lesson "The perceptron as gradient descent" in real headless Chromium, clicked like a person: Step animates
all four lines, each on its loss's textbook run; the circle on the visited point; the loss curves mark each run's
point at its own margin score; the chart charts four runs; picking a loss moves the arrows; Run takes all four to
their ends; screenshots at 1280×720, in presenter mode and on a 390×844 phone."""

from __future__ import annotations

import pathlib
import re
from urllib.parse import parse_qs, urlparse

import numpy as np
import pytest

from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons import SGD
from tests.browser import READY, TEST_HOOKS, Plot, assert_animated, choose
from tests.lessons.sgd.test_app_sgd import LOSSES, textbook

ARTIFACTS = pathlib.Path(__file__).resolve().parents[3] / "test-artifacts"


def link_runs(plot: Plot) -> tuple:
    """(X, y, {loss: W}) from the address bar alone: the textbook loop for each loss."""
    q = {k: v[0] for k, v in parse_qs(urlparse(plot.page.url).query).items()}
    X, y = model.arrays(C.decode_points(q["pts"])[0])
    kw = S.pla_kwargs(S.read_params(q)[0])
    opt = S.read_params(q, SGD.options)[0]
    return X, y, {loss: textbook(X, y, loss, eta=kw["eta"], epochs=opt["epochs"]) for loss in LOSSES}


def lines(plot: Plot) -> list:
    """The companion traces as drawn, in order: (name, xs, ys, dash: its line's stroke-dasharray, '' if solid)."""
    return plot.js("""() => [...document.querySelectorAll('.pla-plot .pla-mark[data-meta=companion]')].map((g) => {
        const line = g.querySelector('path');
        return [g.dataset.name, JSON.parse(g.dataset.x), JSON.parse(g.dataset.y),
                line && (line.getAttribute('stroke-dasharray') || '')]; })""")


def on_line(w, xs, ys) -> bool:
    return len(xs) == 2 and all(abs(w[0] + w[1] * a + w[2] * b) < 1e-7 * (1 + np.abs(w).sum()) for a, b in zip(xs, ys))


def curves(plot: Plot) -> dict:
    """The loss curves' figure under the plot: its traces by meta."""
    return plot.js("""() => { for (const gd of document.querySelectorAll('.js-plotly-plot')) {
        if (!gd.data || !gd.data.some(t => t.meta === 'curve-hinge')) continue;
        return Object.fromEntries(gd.data.map(t => [t.meta, {x: t.x, y: t.y, symbol: t.marker && t.marker.symbol}]));
      } return null; }""")


@pytest.mark.frames  # Plot.transitions counts the frames painted
def test_step_animates_four_lines_on_their_runs_and_the_curves_mark_each_point(server, plot):
    plot.open(server + "/sgd")
    plot.settled()
    X, y, W = link_runs(plot)
    plot.page.get_by_role("button", name=re.compile(r"^Step")).click()
    plot.wait_t(1)
    plot.page.keyboard.press("ArrowRight")
    plot.wait_t(2)
    assert_animated(plot.transitions()[-1])
    drawn = lines(plot)
    assert [d[0] for d in drawn] == ["perceptron", "hinge", "logistic", "squared"]
    assert len({d[3] for d in drawn}) == 4
    for (name, xs, ys, _), loss in zip(drawn, LOSSES):
        assert on_line(W[loss][2], xs, ys), (loss, W[loss][2], xs, ys)
    # the three other losses' w and step as arrows, at the scale of the perceptron loss's own w arrow
    arrows = [[m["meta"], m["x"], m["y"]] for m in plot.marks()
              if m["meta"] in ("companion-w", "companion-update", "w")]
    main = next(a for a in arrows if a[0] == "w")
    scale = (main[1][1] - main[1][0]) / W["perceptron"][2][1]
    ws = [a for a in arrows if a[0] == "companion-w"]
    steps = [a for a in arrows if a[0] == "companion-update"]
    assert len(ws) == len(steps) == 3
    for (_, xs, ys), (_, ux, uy), loss in zip(ws, steps, LOSSES[1:]):
        assert abs(xs[1] - xs[0] - scale * W[loss][2][1]) < 1e-6 and abs(ys[1] - ys[0] - scale * W[loss][2][2]) < 1e-6
        step = W[loss][3] - W[loss][2]
        if step[1] or step[2]:
            assert abs(ux[1] - ux[0] - scale * step[1]) < 1e-6 and abs(uy[1] - uy[0] - scale * step[2]) < 1e-6, loss
            assert abs(ux[0] - xs[1]) < 1e-9 and abs(uy[0] - ys[1]) < 1e-9  # from its w's tip
        else:
            assert len(ux) == 0, loss
    cx, cy = plot.trace_xy("circle")
    assert (cx[0], cy[0]) == tuple(X[2])  # step 3 visits point #2 (cyclic order)
    # the curves under the plot, once the rerun after the step has drawn them: each run's point at its own m
    x2 = np.array([1.0, *X[2]])
    want = {loss: float(y[2] * (W[loss][2] @ x2)) for loss in LOSSES}
    plot.page.wait_for_selector(READY, timeout=30_000)
    plot.page.wait_for_function(
        "(m) => [...document.querySelectorAll('.js-plotly-plot')].some(gd => gd.data && gd.data.some(t =>"
        " t.meta === 'now-perceptron' && Math.abs(t.x[0] - m) < 1e-9))", arg=want["perceptron"], timeout=30_000)
    fig = curves(plot)
    assert all(f"curve-{loss}" in fig for loss in LOSSES)
    for loss in LOSSES:
        assert abs(fig[f"now-{loss}"]["x"][0] - want[loss]) < 1e-9, loss
    # the chart beside the plot: L̂ and E_in of each of the four runs
    assert plot.js("() => document.querySelectorAll('.pla-chart .pla-series').length") == 8
    plot.page.screenshot(path=str(ARTIFACTS / "sgd-1280.png"))


def test_picking_a_loss_moves_the_arrows_and_run_takes_the_four_lines_to_their_ends(server, plot):
    plot.open(server + "/sgd")
    plot.settled()
    choose(plot, "Numbers and arrows for", "hinge: ℓ = max(0, 1 − m)")
    plot.page.wait_for_function("() => new URL(location.href).searchParams.get('loss') === 'hinge'", timeout=30_000)
    plot.page.wait_for_function("() => [...document.querySelectorAll('[data-testid=stCaptionContainer]')].some("
                                "e => e.innerText.includes(\"the arrows: the hinge loss's w\"))", timeout=30_000)
    X, y, W = link_runs(plot)
    plot.page.get_by_role("button", name=re.compile(r"^Run")).click()
    T = len(W["hinge"]) - 1
    plot.wait_t(T, timeout=60_000)
    for (name, xs, ys, _), loss in zip(lines(plot), LOSSES):
        assert on_line(W[loss][T], xs, ys), loss
    plot.page.wait_for_selector(READY, timeout=30_000)
    words = plot.page.locator("[data-testid=stMain]").inner_text()
    assert "How the four runs end" in words and f"of {T} steps" in words
    main = "document.querySelector('[data-testid=stMain]')"
    plot.js(f"() => {main}.scrollTo(0, {main}.scrollHeight)")
    plot.page.screenshot(path=str(ARTIFACTS / "sgd-1280-bottom.png"))


def test_presenter_mode_and_a_phone_draw_the_four_lines(server, browser):
    for where, size, mobile in (("present", (1280, 720), False), ("phone", (390, 844), True)):
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=mobile, has_touch=mobile)
        ctx.add_init_script(TEST_HOOKS)
        try:
            plot = Plot(ctx.new_page())
            plot.open(server + ("/sgd?present=1" if where == "present" else "/sgd"))
            plot.settled()
            plot.page.keyboard.press("ArrowRight") if not mobile else plot.page.get_by_role(
                "button", name=re.compile(r"^Step")).click()
            plot.wait_t(1)
            X, y, W = link_runs(plot)
            drawn = lines(plot)
            assert len(drawn) == 4
            for (name, xs, ys, _), loss in zip(drawn, LOSSES):
                assert on_line(W[loss][1], xs, ys), (where, loss)
            box = plot.page.locator(".pla-plot").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 1, (where, box)  # the plot fits the screen
            plot.js("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
            plot.page.screenshot(path=str(ARTIFACTS / f"sgd-{where}.png"))
        finally:
            ctx.close()
