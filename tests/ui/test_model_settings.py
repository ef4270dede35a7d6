"""The PLA page's plain-Python parts: the settings table, the link codec, clicks, figures and words."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pytest

import pla_core
from pla_lab.drawing import figures
from pla_lab.framework import codec as C
from pla_lab.framework import model, payload, protocol
from pla_lab.framework import settings as S
from pla_lab.framework.parsers import parse_view
from pla_lab.framework.playhead import Playhead
from pla_lab.framework.runs import Run
from pla_lab.lessons import LESSONS, PLA
from pla_lab.words import explain
from pla_lab.words import text as T

VIEW = model.DEFAULT_VIEW


# ---------------------------------------------------------------------------------------------------------------
# Settings and the URL


def test_every_setting_round_trips_through_the_url():
    values = {s.key: s.default for s in S.ALGORITHM}
    values.update(order="random", eta=0.25, w0=(1.5, -2.0, 0.125), bias=False, sign0="-1", seed=77, cap=300,
                  speed="4×")
    back, problems = S.read_params(S.write_params(values))
    assert problems == [] and back == values


@pytest.mark.parametrize(
    "params,key,words",
    [
        ({"order": "sideways"}, "order", "must be one of"),
        ({"eta": "abc"}, "eta", "is not a number"),
        ({"eta": "1e999"}, "eta", "not a finite number"),
        ({"eta": "-1"}, "eta", "between"),
        ({"w0": "1,2"}, "w0", "three numbers"),
        ({"w0": "1,nan,2"}, "w0", "finite"),
        ({"bias": "maybe"}, "bias", "1 or 0"),
        ({"sign0": "0"}, "sign0", "must be one of"),
        ({"seed": "3.5"}, "seed", "whole number"),
        ({"cap": "99999999"}, "cap", "between"),
        ({"speed": "x" * 500}, "speed", "too long"),
    ],
)
def test_bad_url_values_fall_back_to_defaults_with_a_message(params, key, words):
    values, problems = S.read_params(params)
    assert values[key] == S.SETTINGS[key].default
    assert len(problems) == 1 and words in problems[0] and f"{key}=" in problems[0]


def test_points_codec_is_exact_and_compact():
    d = pla_core.datasets.separable(200, seed=3)
    pts = [(C.q(x), C.q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    code = C.encode_points(pts)
    back, notes = C.decode_points(code)
    assert back == pts and notes == []
    assert len(code) < 10 * len(pts)  # about 7 characters a point
    assert C.decode_points(C.encode_points([]))[0] == []


@pytest.mark.parametrize("text", ["", "2abc", "1!!!!", "1" + "A" * 50, "1eNoLSS0uAQAE5AHg"])
def test_damaged_points_raise_a_clear_error(text):
    with pytest.raises(ValueError, match="points in the link"):
        C.decode_points(text)


def test_too_many_points_in_a_link_are_capped_with_a_note():
    pts = [(C.q(i * 0.001), 0.0, 1.0) for i in range(C.MAX_POINTS + 50)]
    back, notes = C.decode_points(C.encode_points(pts))
    assert len(back) == C.MAX_POINTS and "at most" in notes[0]
    with pytest.raises(ValueError, match="longer than"):
        C.decode_points("1" + "A" * (C.MAX_PARAM_CHARS + 1))


def test_view_parsing():
    assert parse_view("-1,1,-2,2") == (-1.0, 1.0, -2.0, 2.0)
    for bad in ("1,2,3", "0,0.1,0,1", "a,b,c,d", "-1,1,-1,inf"):
        with pytest.raises(ValueError):
            parse_view(bad)


# ---------------------------------------------------------------------------------------------------------------
# Clicks


def test_click_on_empty_space_adds_a_snapped_point_of_the_chosen_class():
    pts, why = model.apply_click([], {"x": 0.3049, "y": -0.5111, "remove": None}, 1.0, VIEW)
    assert why is None and pts == [(0.3, -0.52, 1.0)]
    assert model.grid_step(VIEW) == 0.02
    pts, _ = model.apply_click(pts, {"x": 0.5, "y": 0.5, "remove": None, "other": True}, 1.0, VIEW)
    assert pts[-1] == (0.5, 0.5, -1.0)


def test_click_on_a_point_removes_it_even_if_indices_moved():
    pts = [(0.0, 0.0, 1.0), (0.5, 0.5, -1.0), (-0.5, 0.2, 1.0)]
    after, _ = model.apply_click(pts, {"x": 0.5, "y": 0.5, "remove": 1}, 1.0, VIEW)
    assert after == [pts[0], pts[2]]
    # A stale index: the point is found by position instead.
    after, _ = model.apply_click(pts, {"x": -0.5, "y": 0.2, "remove": 0}, 1.0, VIEW)
    assert after == pts[:2]
    # Nothing near: nothing removed.
    after, _ = model.apply_click(pts, {"x": 1.0, "y": -1.0, "remove": 7}, 1.0, VIEW)
    assert after == pts


def test_a_flip_click_relabels_the_point_and_undo_brings_the_label_back():
    pts = [(0.0, 0.0, 1.0), (0.5, 0.5, -1.0), (-0.5, 0.2, 1.0)]
    after, why = model.apply_click(pts, {"x": 0.5, "y": 0.5, "remove": 1, "flip": True}, 1.0, VIEW)
    assert why is None and after == [pts[0], (0.5, 0.5, 1.0), pts[2]]
    again, _ = model.apply_click(after, {"x": 0.5, "y": 0.5, "remove": 1, "flip": True}, 1.0, VIEW)
    assert again == pts


@pytest.mark.parametrize(
    "event,words",
    [
        ({"x": 5.0, "y": 0.0, "remove": None}, "inside the plot"),
        ({"x": float("nan"), "y": 0.0, "remove": None}, "outside the plane"),
        ({"x": "a", "y": 0.0, "remove": None}, "could not be read"),
        ("garbage", "could not be read"),
        ({"x": 0.0, "y": 0.0, "remove": None}, "already a point"),
    ],
)
def test_bad_clicks_change_nothing_and_say_why(event, words):
    pts = [(0.0, 0.0, 1.0)]
    after, why = model.apply_click(pts, event, 1.0, VIEW)
    assert after is pts and words in why


def test_point_cap():
    pts = [(C.q(-1 + 0.004 * i), 0.0, 1.0) for i in range(C.MAX_POINTS)]
    after, why = model.apply_click(pts, {"x": 0.9, "y": 0.9, "remove": None}, 1.0, VIEW)
    assert after is pts and f"{C.MAX_POINTS} points" in why


@pytest.mark.parametrize("lesson", [le for le in LESSONS if le.presets], ids=lambda lesson: lesson.slug)
def test_every_lessons_presets_build_from_the_dataset_registry(lesson):
    assert lesson.default_preset in lesson.presets
    for name, preset in lesson.presets.items():
        pts, view, f = preset.build(0)
        assert pts and all(view[0] <= x <= view[1] and view[2] <= y <= view[3] for x, y, _ in pts), name
        assert C.decode_points(C.encode_points(pts))[0] == pts  # links reproduce presets exactly
        assert (f is not None) == preset.target
        assert preset.build(0) == (pts, view, f)  # the same seed, the same example
    xor, _, _ = PLA.presets["xor"].build(0)
    assert not pla_core.is_separable(*model.arrays(xor))
    with pytest.raises(ValueError, match="Unknown data set"):
        model.Preset("Spiral", "spiral").build(0)


def test_fit_view_holds_the_points():
    pts = [(10.0, 3.0, 1.0), (12.0, -4.0, -1.0)]
    v = model.fit_view(pts)
    assert v[0] < 10 and v[1] > 12 and v[2] < -4 and v[3] > 3
    assert model.fit_view([]) == VIEW


def test_epoch_end_finishes_the_pass():
    d = pla_core.datasets.separable(30, margin=0.02, seed=5)
    tr = pla_core.pla(d.X, d.y)
    n = len(d.y)
    t = 0
    while t < len(tr):
        e = model.epoch_end(tr, t)
        assert e > t
        # every update in [t, e) happened in the same pass as update t, and update e (if any) in a later one
        passes = (tr.visits - 1) // n
        assert set(passes[t:e]) == {passes[t]}
        assert e == len(tr) or passes[e] > passes[t]
        t = e
    assert model.epoch_end(tr, len(tr)) == len(tr)


# ---------------------------------------------------------------------------------------------------------------
# Figures and words


def test_base_figure_is_valid_plotly_with_points_where_they_are():
    pts, view, _ = PLA.presets["credit"].build(1)
    fig = figures.base_figure(pts, view, axis_titles=("years", "salary"))
    go.Figure(fig)  # validates every property name and value
    pos, neg = fig["data"]
    assert len(pos["x"]) + len(neg["x"]) == len(pts)
    for tr, lab in ((pos, 1.0), (neg, -1.0)):
        for x, y, i in zip(tr["x"], tr["y"], tr["customdata"]):
            assert pts[i] == (x, y, lab)
    assert pos["marker"]["symbol"] == "circle-open" and neg["marker"]["symbol"].startswith("x")
    lay = fig["layout"]
    assert lay["xaxis"]["range"] == [view[0], view[1]] and lay["yaxis"]["scaleanchor"] == "x"
    assert lay["clickanywhere"] is True and lay["dragmode"] is False


SETTINGS = {s.key: s.default for s in S.ALGORITHM}


def test_payload_windows_the_trace_with_each_updates_vector_and_points():
    d = pla_core.datasets.xor(40, seed=1)
    pts = [(C.q(x), C.q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    tr = pla_core.pla(*model.arrays(pts), eta=0.5, max_updates=2000, stop_on_cycle=False)
    run = Run(tr, None, "abc")
    p = payload.build(run, Playhead(t=1000, seq=3), pts, VIEW, payload.Scene(moving=("boundary", "w")),
                      settings=SETTINGS, cls=1, ack=0, height=400, theme="light")
    win = p["win"]
    assert win["t0"] == 1000 - payload.WINDOW_BACK
    assert len(win["W"]) == payload.WINDOW_BACK + payload.WINDOW_AHEAD + 1 == len(win["U"]) + 1 == len(win["I"]) + 1
    np.testing.assert_array_equal(win["W"][payload.WINDOW_BACK], tr.weights[1000])
    for k in (0, 1, 200):  # the update vector η·y·x̃ of the point each update used: the browser never recomputes it
        i = win["I"][k]
        assert i == [int(tr.mistakes[win["t0"] + k])]
        np.testing.assert_array_equal(win["U"][k], 0.5 * tr.y[i[0]] * np.array([1, *tr.X[i[0]]]))
    assert win["P"] is None
    assert p["T"] == 2000 and p["seq"] == 3 and p["run"] == "abc" and p["version"] == protocol.VERSION
    assert p["moving"] == ["boundary", "w"] and p["dur"] == S.SPEEDS[SETTINGS["speed"]]
    assert set(p) == set(protocol.Payload.__annotations__)
    empty = payload.build(Run(None, "no points", "x"), Playhead(), [], VIEW, payload.Scene(moving=()),
                          settings=SETTINGS, cls=-1, ack=4, height=400, theme="dark")
    assert empty["win"] is None and empty["T"] == 0 and empty["run"] == "" and empty["ack"] == 4
    with pytest.raises(ValueError, match="unknown moving layers"):
        payload.build(run, Playhead(), pts, VIEW, payload.Scene(moving=("sparkles",)), settings=SETTINGS, cls=1,
                      ack=0, height=400, theme="light")


def test_step_numbers_substitute_the_update():
    X = np.array([[1.0, 2.0], [-1.0, -1.0]])
    y = np.array([1.0, -1.0])
    tr = pla_core.pla(X, y)
    text = explain.step_numbers(tr, 0)
    assert "point #0" in text and "= **0**" in text and "(1, 1, 2)" in text
    assert "a tie, and y·wᵀx̃ ≤ 0 counts as a mistake" in text
    last = explain.step_numbers(tr, len(tr))
    assert "Halted" in last
    assert "Halts after" in explain.verdict(tr, len(tr))
    xor = pla_core.datasets.xor4()
    cyc = pla_core.pla(xor.X, xor.y, max_updates=50, stop_on_cycle=False)
    assert "repeat every **4**" in explain.verdict(cyc, len(cyc))
    assert "Cycling" in explain.step_numbers(cyc, len(cyc))


def test_ties_on_grid_points_read_as_ties_not_rounding_noise():
    """0.12·(−0.72) + 0.12·0.72 is exactly 0, though floating point says −3.6e−16."""
    pts, _ = C.decode_points("1eNpjYWBgMPj7__8FJgYGESC7hRmCZYD8BUC-C5DmAACZlAYw")
    tr = pla_core.pla(*model.arrays(pts), bias=False, sign_zero=1, max_updates=60, stop_on_cycle=False)
    text = explain.step_numbers(tr, 23)
    assert "= **0** → a tie: sign(0) = +1 ≠ y" in text
    assert "e−1" not in text  # no 1e−16 noise shown
    W = T.clean_weights(tr.weights, 1.0, 1.0)
    assert np.all((W == 0) | (np.abs(W) >= 1e-3))


def test_boundary_label_and_alt_text():
    assert figures.boundary_label([1, 0, 0]).startswith("no boundary")
    assert figures.boundary_label([-1, 2, 0.5]) == "−1 + 2·x₁ + 0.5·x₂ = 0"
    pts = [(0.0, 0.0, 1.0), (1.0, 1.0, -1.0)]
    tr = pla_core.pla(*model.arrays(pts))
    assert "1 point labelled +1 and 1 labelled −1" in figures.describe(pts, tr, 0)  # a count agrees: issue 44


def test_a_batch_run_replays_through_the_same_payload():
    """Every variant replays the same way: a batch update sends the sum it added and every point it used."""
    d = pla_core.datasets.separable(30, margin=0.05, seed=3)
    pts = [(C.q(x), C.q(y), float(lab)) for (x, y), lab in zip(d.X, d.y)]
    tr = pla_core.batch(*model.arrays(pts), eta=0.5, max_updates=50)
    assert len(tr) >= 2
    p = payload.build(Run(tr, None, "b"), Playhead(t=0), pts, VIEW, payload.Scene(moving=("boundary", "update")),
                      settings=SETTINGS, cls=1, ack=0, height=400, theme="light")
    win = p["win"]
    X, y = model.arrays(pts)
    for k in range(len(tr)):
        used = win["I"][k]
        assert len(used) >= 1 and used == sorted(used)
        Xt = np.column_stack([np.ones(len(used)), X[used]])
        np.testing.assert_allclose(win["U"][k], 0.5 * (y[used, None] * Xt).sum(axis=0), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(np.array(win["W"][k]) + win["U"][k], win["W"][k + 1], atol=1e-9)
    assert len(win["I"][0]) > 1  # from w = 0 every point is a mistake: the first update uses them all
