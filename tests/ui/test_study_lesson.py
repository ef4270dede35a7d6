"""The second kind of lesson (no steps) fits the framework: a declaration of compute and show, with the shared
point tools, options, link and sidebar settings."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from streamlit.testing.v1 import AppTest

import pla_core
from pla_lab.framework import model

from .helpers import button, markdown, points, url

APP = str(Path(__file__).parent / "data" / "study_lesson_app.py")


def expected(pts, runs, seed_order="cyclic"):
    X, y = model.arrays(pts)
    return np.array([len(pla_core.pla(X, y, order="permuted", seed=s, max_updates=1000)) for s in range(runs)])


def test_a_study_lesson_computes_shows_and_links_its_options():
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    assert not at.exception, at.exception
    counts = expected(points(at), 10)
    assert f"10 runs: median **{np.median(counts):g}** updates" in markdown(at)
    at.number_input(key="study.runs").set_value(25).run()
    assert url(at)["runs"] == "25" and "25 runs" in markdown(at)
    assert "t" not in url(at)  # no steps, so no step in the link
    again = AppTest.from_file(APP, default_timeout=30)
    for k, v in url(at).items():
        again.query_params[k] = v
    again.run()
    assert markdown(again) == markdown(at)
    button(at, "Clear").click().run()
    assert "no points yet" in " ".join(i.value for i in at.info)
