"""Issue 20, defect 8, in headless Chromium: the HTML animation saved from /pla, opened offline. Play runs it; its step
label stays in view, clear of Play/Pause; at the step it is paused on it draws what the lesson draws there: pla_core's
line and the previous one, the circled mistake, w and the update arrow at the scale it names, and a title naming the
lesson and its points."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import numpy as np

import pla_core
from pla_core.geometry import clip_line
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S

from .test_transfer_browser import download, open_box

GD = "document.querySelector('.js-plotly-plot')"


def _segment(tr):
    xs = [v for v in tr["x"] if v is not None]
    return sorted(zip(xs, [v for v in tr["y"] if v is not None]))


def test_the_saved_animation_shows_the_lesson_at_every_step(server, plot, browser, tmp_path):
    plot.open(server + "/pla")
    q = {k: v[0] for k, v in parse_qs(urlparse(plot.page.url).query).items()}
    path = download(open_box(plot), "Animation (HTML)", tmp_path)
    pts, _ = C.decode_points(q["pts"])
    trace = pla_core.pla(*model.arrays(pts), stop_on_cycle=False, **S.pla_kwargs(S.read_params(q)[0]))
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.set_offline(True)
    try:
        page = ctx.new_page()
        page.goto(path.as_uri())
        page.wait_for_function(f"() => window.Plotly && {GD} && {GD}._fullLayout", timeout=30_000)
        page.get_by_text("▶ Play").click()
        page.wait_for_function(f"() => {GD}.layout.sliders[0].active >= 3", timeout=30_000)
        page.get_by_text("❚❚ Pause").click()
        page.wait_for_timeout(1500)  # the frame under way ends
        k = page.evaluate(f"() => {GD}.layout.sliders[0].active")
        assert 3 <= k < len(trace)
        # The step label: in the window, saying step k, and overlapping neither button.
        boxes = page.evaluate("""() => {
            const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
            return { label: r(document.querySelector('.slider-group > text.slider-label')),
                     text: document.querySelector('.slider-group > text.slider-label').textContent,
                     buttons: [...document.querySelectorAll('.updatemenu-button')].map(r) }; }""")
        assert boxes["text"] == f"step t = {k}"
        lx0, ly0, lx1, ly1 = boxes["label"]
        assert 0 <= lx0 < lx1 <= 1280 and 0 <= ly0 < ly1 <= 720 and lx1 - lx0 > 40
        assert len(boxes["buttons"]) == 2
        for bx0, by0, bx1, by1 in boxes["buttons"]:
            assert lx1 <= bx0 or bx1 <= lx0 or ly1 <= by0 or by1 <= ly0, (boxes["label"], (bx0, by0, bx1, by1))
        title = page.evaluate(f"() => {GD}._fullLayout.title.text + ' | ' + {GD}._fullLayout.title.subtitle.text")
        n, pos = len(pts), sum(1 for p in pts if p[2] > 0)
        assert "PLA step by step" in title and f"{n} points: {pos} ○ (+1), {n - pos} × (−1)" in title
        assert f"step t = {k} of {len(trace)}" in title and f"corrects point #{trace.mistakes[k]} (circled)" in title
        drawn = {tr["name"]: tr for tr in page.evaluate(f"() => {GD}.data.map((t) => ({{name: t.name, x: t.x, y: t.y}}))")}
        view = page.evaluate(f"() => [...{GD}._fullLayout.xaxis.range, ...{GD}._fullLayout.yaxis.range]")
        for name, w in (("boundary wᵀx̃ = 0", trace.weights[k]), ("previous boundary", trace.weights[k - 1])):
            seg = clip_line(w, view)
            assert np.allclose(_segment(drawn[name]), sorted(map(tuple, seg)), atol=1e-6), name
        assert np.allclose(list(zip(drawn["circle"]["x"], drawn["circle"]["y"])), [trace.X[trace.mistakes[k]]])
        scale = float(title.split("arrows ×")[1].split()[0])
        for name, v in (("w", trace.weights[k][1:]), ("update η·y·x", trace.updates[k][1:]),
                        ("next w", trace.weights[k + 1][1:])):
            x, y = drawn[name]["x"], drawn[name]["y"]
            d = np.array([x[1] - x[0], y[1] - y[0]])
            assert np.allclose(d / scale, v, rtol=0.05, atol=1e-9), name  # the scale is said to 2 digits
            assert all(view[0] <= c <= view[1] for c in x) and all(view[2] <= c <= view[3] for c in y), name
    finally:
        ctx.close()
