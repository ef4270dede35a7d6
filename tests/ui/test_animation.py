"""The standalone HTML animation: plotly.js inside, a frame per step whose boundary is pla_core's line, a cap."""

import re

import numpy as np

import pla_core
from pla_lab import animation, model
from pla_lab.lessons import PLA


def test_every_frame_draws_that_steps_boundary_and_the_file_needs_no_network():
    pts, view, _ = PLA.presets["separable"].build(0)
    X, y = model.arrays(pts)
    trace = pla_core.pla(X, y)
    fig = animation.figure(pts, trace, view, title="PLA")
    assert [f["name"] for f in fig["frames"]] == [str(t) for t in range(len(trace) + 1)]
    for t, frame in enumerate(fig["frames"]):
        line = frame["data"][2]
        w = trace.weights[t]
        if np.any(w[1:]):
            assert np.allclose(sorted(zip(line["x"], line["y"])), sorted(map(tuple, pla_core.clip_line(w, view))))
        else:
            assert line["x"] == []
    html = animation.html(pts, trace, view, title="PLA")
    assert not re.search(r"<script[^>]*\ssrc=", html) and len(html) > 3_000_000  # plotly.js inlined, nothing fetched


def test_a_long_run_keeps_at_most_max_frames_and_the_last_step():
    assert animation.steps(10) == list(range(11))
    s = animation.steps(20_000)
    assert len(s) <= animation.MAX_FRAMES + 1 and s[0] == 0 and s[-1] == 20_000
