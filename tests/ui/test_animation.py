"""The standalone HTML animation: plotly.js inside, and at every step what the lesson draws (pla_core's line and the
previous one, the circled mistake, w and the update arrow at one scale, inside the view), a title naming the lesson
and its data, a cap on the frames."""

import re

import numpy as np
import pytest

import pla_core
from pla_core.geometry import clip_line
from pla_lab.drawing import animation
from pla_lab.framework import model
from pla_lab.lessons import PLA
from pla_lab.words import explain


def _run(preset="separable", **kw):
    pts, view, _ = PLA.presets[preset].build(0)
    X, y = model.arrays(pts)
    return pts, view, pla_core.pla(X, y, stop_on_cycle=False, **kw)


def _seg(tr):
    return None if tr["x"] in ([], [None]) else sorted(zip(tr["x"], tr["y"]))


def _vec(tr):
    return np.array([tr["x"][1] - tr["x"][0], tr["y"][1] - tr["y"][0]])


@pytest.mark.parametrize("preset", ["separable", "credit", "xor"])
def test_every_frame_draws_what_the_lesson_draws_at_that_step(preset):
    pts, view, trace = _run(preset, max_updates=60)
    fig = animation.figure(pts, trace, view, title="PLA step by step")
    assert [f["name"] for f in fig["frames"]] == [str(t) for t in range(len(trace) + 1)]
    X, T = trace.X, len(trace)
    for t, frame in enumerate(fig["frames"]):
        d = {tr["name"]: tr for tr in frame["data"]}
        assert [tr["name"] for tr in frame["data"]] == list(animation.MOVING)
        w = trace.weights[t]
        seg = clip_line(w, view) if np.any(w[1:]) else None
        assert _seg(d["boundary wᵀx̃ = 0"]) == (None if seg is None else pytest.approx(sorted(map(tuple, seg))))
        prev = clip_line(trace.weights[t - 1], view) if t and np.any(trace.weights[t - 1][1:]) else None
        assert _seg(d["previous boundary"]) == (None if prev is None else pytest.approx(sorted(map(tuple, prev))))
        ring = list(zip(d["circle"]["x"], d["circle"]["y"]))
        assert ring == ([tuple(X[trace.mistakes[t]])] if t < T else [])
        s = explain.arrow_scale(trace, t, view)
        if np.any(w[1:]):
            assert np.allclose(_vec(d["w"]), w[1:] * s)
        if t < T:
            assert np.allclose(_vec(d["update η·y·x"]), trace.updates[t][1:] * s)
            assert np.allclose(_vec(d["next w"]), trace.weights[t + 1][1:] * s)
            # the update starts at w's tip (where w would be, for w₁ = w₂ = 0), the next w where w starts
            start = np.array([d["next w"]["x"][0], d["next w"]["y"][0]])
            tip = start + (_vec(d["w"]) if np.any(w[1:]) else 0)
            assert np.allclose([d["update η·y·x"]["x"][0], d["update η·y·x"]["y"][0]], tip)
        for name in ("w", "update η·y·x", "next w"):
            xs, ys = [v for v in d[name]["x"] if v is not None], [v for v in d[name]["y"] if v is not None]
            assert all(view[0] <= x <= view[1] for x in xs) and all(view[2] <= y <= view[3] for y in ys), (t, name)
        sub = frame["layout"]["title"]["subtitle"]["text"]
        assert sub.startswith(f"step t = {t} of {T} · ") and f"{int(trace.errors[t])} of {len(pts)} wrong" in sub
        if t < T:
            assert f"corrects point #{trace.mistakes[t]} (circled)" in sub
        if s is not None:
            assert f"arrows ×{explain.scale_text(s)}" in sub


def test_the_title_names_the_lesson_and_its_data_and_no_line_is_said():
    pts, view, trace = _run("xor", max_updates=60)
    fig = animation.figure(pts, trace, view, title="XOR: never halts")
    head = fig["frames"][0]["layout"]["title"]["text"]
    assert "XOR: never halts" in head and "4 points: 2 ○ (+1), 2 × (−1)" in head
    notes = {t: f["data"][animation.MOVING.index("note")]["text"] for t, f in enumerate(fig["frames"])}
    assert notes[0] == ["w = 0: no line"]
    flat = [t for t in range(len(trace) + 1) if not np.any(trace.weights[t][1:]) and np.any(trace.weights[t])]
    assert flat and all(notes[t] == ["w₁ = w₂ = 0: no line"] for t in flat)


def test_a_line_off_the_plot_is_named_in_the_frame():
    pts, view, trace = _run("credit", max_updates=60)
    fig = animation.figure(pts, trace, view, title="PLA")
    off = [t for t, w in enumerate(trace.weights) if np.any(w[1:]) and clip_line(w, view) is None]
    assert off
    for t in off:
        note = fig["frames"][t]["data"][animation.MOVING.index("note")]
        assert "line off the plot" in note["text"][0]
        assert view[0] <= note["x"][0] <= view[1] and view[2] <= note["y"][0] <= view[3]


def test_the_file_needs_no_network_and_fills_the_window():
    pts, view, trace = _run()
    html = animation.html(pts, trace, view, title="PLA")
    assert not re.search(r"<script[^>]*\ssrc=", html) and len(html) > 3_000_000  # plotly.js inlined, nothing fetched
    assert "html, body, body > div { height: 100%" in html


def test_a_long_run_keeps_at_most_max_frames_and_the_last_step():
    assert animation.steps(10) == list(range(11))
    s = animation.steps(20_000)
    assert len(s) <= animation.MAX_FRAMES + 1 and s[0] == 0 and s[-1] == 20_000
