"""The lesson "Why PLA halts" through Streamlit's AppTest: every number it shows against pla_core for the same
points (as a notebook would compute them), its chart, its layers, its options in the link, and bad input."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import links, model
from pla_lab.framework import settings as S
from pla_lab.words.text import num

from tests.ui.helpers import button, key, markdown, plot, points, url
from tests.ui.helpers import start as _start

PAGE = "../pages/halts.py"


def start(params: dict | None = None):
    return _start(params, PAGE)


def link(pts, **more) -> dict:
    return {"pts": C.encode_points(pts), **more}


def from_link(q: dict):
    """(X, y, trace, settings) from the link alone, with pla_core."""
    pts, _ = C.decode_points(q["pts"])
    values, problems = S.read_params(q)
    assert not problems
    X, y = model.arrays(pts)
    return X, y, pla_core.pla(X, y, stop_on_cycle=False, **S.pla_kwargs(values)), values


def test_the_numbers_are_pla_core_s_for_the_points_on_screen():
    at = start()
    q = url(at)
    X, y, trace, _ = from_link(q)
    md = markdown(at)
    R = pla_core.radius(X)
    w_star, rho = pla_core.max_margin(X, y)
    bound = pla_core.mistake_bound(X, y)
    assert f"**R = {num(R)}**" in md
    assert f"**ρ\\* = {num(rho)}**" in md
    assert f"**R²/ρ\\*² = {num(bound)}**" in md
    assert "**t = 0** of T = " + str(len(trace)) in md
    button(at, "Run").click().run()
    md = markdown(at)
    assert f"Halted after {len(trace)} update" in md and f"the proof allowed {num(math.floor(bound))}" in md
    assert len(trace) <= bound


def test_the_chart_is_the_proof_s_three_series_with_their_bounds():
    at = start()
    X, y, trace, values = from_link(url(at))
    chart = plot(at)["chart"]
    s = pla_core.convergence_series(trace)
    series = {c["name"]: c for c in chart["series"]}
    assert [p["title"][0] for p in chart["panels"]] == ["①", "②", "③"]
    ts = chart["x"]
    assert np.allclose(series["w*ᵀwₜ"]["y"], s.inner[ts], atol=1e-6)
    assert np.allclose(series["‖wₜ‖²"]["y"], s.norm2[ts], atol=1e-6)
    assert np.allclose(series["cos∠(w*, wₜ)"]["y"], s.cosine[ts], atol=1e-6)
    # The bounds: lines t·ρ and t·R², the curve √t·ρ/R; the halt forced at t = R²/ρ², inside the axis "up to the bound".
    b = series["t·η·ρ (at least)"]
    assert b["y"][1] == pytest.approx(b["x"][1] * s.rho, rel=1e-5)
    b = series["t·η²·R² (at most)"]
    assert b["y"][1] == pytest.approx(b["x"][1] * s.R ** 2, rel=1e-5)
    bound = s.R ** 2 / s.rho ** 2
    assert chart["marks"][0]["x"] == pytest.approx(bound, rel=1e-6) and chart["xmax"] >= bound
    at.selectbox(key=key("halts", "xs")).set_value("run").run()
    chart = plot(at)["chart"]
    # The bound is past the axis now: still named (the browser says it at the axis's end).
    assert chart["xmax"] < bound and chart["marks"][0]["x"] == pytest.approx(bound, rel=1e-6) and url(at)["xs"] == "run"


def test_the_best_margin_line_its_street_and_support_points_are_drawn():
    at = start()
    X, y, _, _ = from_link(url(at))
    layers = plot(at)["layers"]
    w_star, rho = pla_core.max_margin(X, y)
    support = sorted(pla_core.theory.support_points(X, y).tolist())
    rings = next(tr for tr in layers["above"] if tr["meta"] == "support")
    assert sorted(rings["customdata"]) == support and len(support) >= 2
    street = next(tr for tr in layers["below"] if tr["meta"] == "street")
    for x, yy in zip(street["x"], street["y"]):  # every corner of the street is within ρ* of w*'s line
        assert abs(w_star @ [1, x, yy]) <= rho * (1 + 1e-9)
    for i in support:  # and the support points lie on its edges
        assert abs(abs(w_star @ [1, *X[i]]) - rho) < 1e-6


def test_proving_against_f_changes_the_bound_to_f_s():
    at = start()
    q = url(at)
    f = links.parse_target(q["f"])
    X, y, _, _ = from_link(q)
    at.selectbox(key=key("halts", "wf")).set_value("f").run()
    md = markdown(at)
    bound_f = pla_core.mistake_bound(X, y, w_f=f[:3])
    assert bound_f > pla_core.mistake_bound(X, y)
    assert f"so R²/ρ² = **{num(bound_f)}**" in md
    assert url(at)["wf"] == "f"
    assert any(tr["meta"] == "target" for tr in plot(at)["layers"]["below"])
    assert "cos∠(f, wₜ)" in {s["name"] for s in plot(at)["chart"]["series"]}


def test_a_picked_point_s_signed_distance_and_the_line_s_geometry():
    at = start({"t": "2", "geo": "1"})
    pts = points(at)
    X, y, trace, _ = from_link(url(at))
    at.selectbox(key=key("halts", "pick")).set_value(3).run()
    w = trace.weights[2]
    d = pla_core.signed_distance(w, [pts[3][:2]])[0]
    md = markdown(at)
    assert f"Point #3 at ({num(pts[3][0])}, {num(pts[3][1])}): signed distance (wᵀx̃)/‖(w₁, w₂)‖ = **{num(d)}**" in md
    n = pla_core.unit_normal(w)
    assert f"ŵ = (w₁, w₂)/‖(w₁, w₂)‖ = ({num(n[0])}, {num(n[1])})" in md
    assert f"b/‖(w₁, w₂)‖ = {num(pla_core.offset(w))}" in md
    data = plot(at)
    assert data["pick"] == 3 and "distance" in data["moving"] and "normal" in data["moving"]
    assert url(at)["pick"] == "3" and url(at)["geo"] == "1"


def test_the_bias_in_3d_puts_the_points_on_the_sheet_and_the_plane_through_the_origin():
    at = start({"t": "3", "d3": "1"})
    X, y, trace, _ = from_link(url(at))
    spec = json.loads(at.get("plotly_chart")[0].proto.spec)
    pts3 = [(a, b, c) for tr in spec["data"][:2] for a, b, c in zip(tr["x"], tr["y"], tr["z"])]
    assert sorted(pts3) == sorted((x1, x2, 1.0) for x1, x2 in X.tolist())
    b, w1, w2 = trace.weights[3]
    plane = next(tr for tr in spec["data"] if tr.get("name", "").startswith("wᵀx̃ = 0"))
    for px, py, pz in zip(plane["x"], plane["y"], plane["z"]):
        assert abs(b * pz + w1 * px + w2 * py) < 1e-9  # through the origin: wᵀ(x₀, x₁, x₂) = 0
    line = next(tr for tr in spec["data"] if tr.get("name") == "the boundary in the plot")
    assert line["z"] == [1, 1] and all(abs(b + w1 * px + w2 * py) < 1e-9 for px, py in zip(line["x"], line["y"]))


def test_the_credit_story_names_its_axes_here_and_on_the_pla_page():
    for page in (PAGE, "../pages/pla.py"):
        at = _start(None, page)
        slug = "halts" if page == PAGE else "pla"
        at.selectbox(key=key(slug, "preset")).set_value("credit").run()
        axes = plot(at)["base"]["layout"]
        assert (axes["xaxis"]["title"]["text"], axes["yaxis"]["title"]["text"]) == ("years in job",
                                                                                     "annual salary ($10k)")
        assert url(at)["ax"] == "credit"
        again = _start(url(at), page)  # the link keeps the names
        assert plot(again)["base"]["layout"]["xaxis"]["title"]["text"] == "years in job"
        button(at, "Clear").click().run()
        assert plot(at)["base"]["layout"]["xaxis"]["title"]["text"] == "x₁" and "ax" not in url(at)


@pytest.mark.parametrize("pts, more, words", [
    ([(0.2, 0.3, 1.0), (0.5, -0.4, 1.0), (-0.3, 0.1, 1.0)], {}, "this run halts after"),  # one class only
    ([(0.5, 0.5, 1.0)], {}, "this run halts after 1 update"),
    ([(0.5, 0.5, 1.0), (0.5, 0.5, -1.0), (-0.5, 0.2, -1.0)], {}, "no line separates these points"),
    ([(0.5, 0.5, 1.0), (-0.5, 0.2, -1.0)], {"w0": "0.5,1,0"}, "the bound does not apply"),
    ([(0.2, 0.2, 1.0), (0.5, 0.5, -1.0), (-0.4, -0.4, 1.0)], {"bias": "0"},
     "no line through the origin separates these points"),
])
def test_awkward_data_get_a_plain_sentence(pts, more, words):
    at = start(link(pts, **more))
    assert not at.exception
    assert words in markdown(at).lower().replace("**", "")
    assert len(points(at)) == len(pts)  # nothing the user had is lost


def test_with_no_points_the_page_says_what_to_do():
    at = start()
    button(at, "Clear").click().run()
    assert not at.exception
    assert any("There are no points yet" in i.value for i in at.info)


def test_sign0_only_negative_is_a_mistake_never_starts_from_zero():
    at = _start({"sign0": "lt0"}, "../pages/pla.py")
    assert "Halts after **0** updates" in markdown(at)


def test_the_pocket_lesson_orders_at_random_unless_its_link_says_otherwise():
    at = _start(None, "../pages/pocket.py")
    assert url(at)["order"] == "random"
    assert at.selectbox(key=key("pocket", "order")).value == "random"
    assert any("this lesson sets its own" in c.value for c in at.sidebar.caption)
    old = _start({"order": "cyclic"}, "../pages/pocket.py")  # links written before keep their order
    assert url(old)["order"] == "cyclic"


def test_a_run_of_no_update_gets_the_scale_of_one_update_on_its_chart():
    """Only y·wᵀx̃ < 0 a mistake: the run halts at w₀ = 0 (T = 0). The panels' scales are those of one update
    (ρ, R²), not 1e-9, so their ticks read 0 … ρ rather than 0 … 1e-9."""
    at = start({"sign0": "lt0"})
    X, y, trace, _ = from_link(url(at))
    assert len(trace) == 0
    s = pla_core.convergence_series(trace)
    panels = plot(at)["chart"]["panels"]
    assert panels[0]["ymax"] >= s.rho and panels[1]["ymax"] >= s.R ** 2
