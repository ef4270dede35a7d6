"""The XOR lift: which curve w₀ + w₁x₁ + w₂x₂ + w₃x₁x₂ = 0 is (a hyperbola, two lines, the two axes, a line, none),
against exact arithmetic on many w and on the page at every step of the default run; and the update arrow its 3-D
view draws, against pla_core's run."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pla_core import facts
from pla_lab.lessons.xor import xor_lift as lift_arrows
from pla_lab.lessons.xor.xor_words import lifted_curve
from pla_lab.words.text import num, sub, vec

from tests.ui.helpers import key, markdown, start
from tests.ui.test_first_look import goto, trace_of

SETTINGS = settings(max_examples=300, deadline=None)
KINDS = ("a hyperbola", "two lines", "the two axes", "a line", "no curve")


def exact_kind(w) -> str:
    """The kind of the conic from exact rationals: w₃(w₀ + w₁x₁ + w₂x₂ + w₃x₁x₂) = (w₃x₁ + w₂)(w₃x₂ + w₁) + w₀w₃ − w₁w₂,
    so with w₃ ≠ 0 it factors exactly when w₁w₂ = w₀w₃."""
    w0, w1, w2, w3 = w
    if w3 == 0:
        return "a line" if (w1 or w2) else "no curve"
    if w1 * w2 != w0 * w3:
        return "a hyperbola"
    return "the two axes" if w1 == 0 and w2 == 0 else "two lines"


def kind(words: str) -> str:
    return next(k for k in KINDS if words.startswith(k))


decimals = st.builds(lambda k, e: Fraction(k, 10 ** e), st.integers(-300, 300), st.integers(0, 3))


@SETTINGS
@given(st.tuples(decimals, decimals, decimals, decimals))
def test_the_curve_named_is_the_exact_one_for_decimal_weights(w):
    """Weights of grid data are decimals of a few digits; their floats name the same curve as exact arithmetic."""
    assert kind(lifted_curve([float(v) for v in w])) == exact_kind(w)


@SETTINGS
@given(decimals, decimals, st.sampled_from([Fraction(1), Fraction(-3), Fraction(7, 10), Fraction(-1, 1000)]),
       st.sampled_from([Fraction(1), Fraction(-2, 10)]))
def test_weights_that_factor_are_two_lines_even_after_float_rounding(a, c, w3, scale):
    """w = s·w₃(x₁ − a)(x₂ − c) expanded in floats: the rounding of w₁w₂ − w₀w₃ must not make it a hyperbola, and
    the two lines named are x₁ = a and x₂ = c."""
    s3 = float(scale * w3)
    w = (s3 * float(a) * float(c), -s3 * float(c), -s3 * float(a), s3)
    words = lifted_curve(w)
    if a == 0 and c == 0:
        assert words.startswith("the two axes, x₁ = 0 and x₂ = 0")
    else:
        assert words.startswith(f"two lines, x₁ = {num(float(a))} and x₂ = {num(float(c))}")


@SETTINGS
@given(st.lists(st.floats(-100, 100).map(lambda v: 0.0 if abs(v) < 1e-6 else v), min_size=4, max_size=4))
def test_the_curve_named_is_where_the_sign_changes(w):
    """For real weights (as an app's run has them, none below 10⁻⁶): a hyperbola's centre is off the curve, and w
    vanishes nowhere on its asymptotes; two lines are zero all along both; a line's w has w₃ = 0."""
    w0, w1, w2, w3 = w
    words = lifted_curve(w)
    f = lambda x1, x2: w0 + w1 * x1 + w2 * x2 + w3 * x1 * x2  # noqa: E731
    scale = abs(w0) + abs(w1) + abs(w2) + abs(w3)
    if kind(words) == "a hyperbola":
        a, c = -w2 / w3, -w1 / w3
        q = [facts.rational(v) for v in w]  # decimals (0.015625) are written exactly, as the page decides them
        exact = (-q[2] / q[3], -q[1] / q[3]) if all(v is not None for v in q) else (a, c)
        assert f"asymptotes x₁ = {num(exact[0])} and x₂ = {num(exact[1])}" in words
        assert abs(f(a, c)) > 0 and all(np.isclose(f(a, t), f(a, c)) for t in (-3.0, 0.5, 7.0))
    elif kind(words) in ("two lines", "the two axes"):
        a, c = -w2 / w3, -w1 / w3
        for t in (-3.0, 0.5, 7.0):
            assert abs(f(a, t)) <= 1e-6 * scale * (1 + abs(t) + abs(a)) ** 2
            assert abs(f(t, c)) <= 1e-6 * scale * (1 + abs(t) + abs(c)) ** 2
    elif kind(words) == "a line":
        assert w3 == 0 and (w1 or w2)
    else:
        assert w1 == w2 == w3 == 0


def test_the_lift_names_the_curve_of_w_t_at_every_step_of_the_default_run():
    """The issue's case: the default lifted run ends at −x₁x₂ = 0, the two axes, not a hyperbola; every step's words
    name the curve exact arithmetic gives for that step's w."""
    at = start({"lift": "1"}, "../pages/xor.py")
    trace = trace_of(at, lift=True)
    assert trace.halted
    for t in range(len(trace) + 1):
        goto(at, "xor", t)
        w = trace.weights[t]
        md = markdown(at)
        exact = exact_kind([Fraction(v).limit_denominator(1000) for v in w])
        if t < len(trace) and any(w[1:]):
            assert f"The plot draws w{sub(t)}'s boundary" in md
            assert f"= 0: {exact}" in md
        if t == len(trace):
            assert f"= 0 is {exact}" in md and "drawn here" in md
    assert exact == "the two axes" and "the two axes, x₁ = 0 and x₂ = 0" in md


# ---------------------------------------------------------------------------------------------------------------
# The lift's update arrow, drawn in its 3-D view as the plot draws its own


vectors = st.lists(st.floats(-20, 20).map(lambda v: 0.0 if abs(v) < 1e-3 else v), min_size=3, max_size=3)


@SETTINGS
@given(st.floats(-20, 20), vectors, st.one_of(st.none(), vectors))
def test_the_arrows_start_on_the_plane_along_w_and_the_update_starts_at_its_tip(b, f, u):
    box = [(-1.6, 1.6), (-1.6, 1.6), (-1.5, 1.5)]
    a = lift_arrows.place([b, *f], u, box)
    if not any(f):
        assert a is None and lift_arrows.traces(a, fg="#000", color="#00f") == []
        return
    f = np.array(f)
    assert abs(b + f @ a.start) <= 1e-9 * (abs(b) + np.abs(f).sum() * 3)  # on the plane
    assert np.allclose(a.w, a.scale * f) and a.scale > 0
    room = lift_arrows.ROOM * 3.0 * (1 + 1e-9)
    assert np.linalg.norm(a.w) <= room
    drawn = {t["meta"]: t for t in lift_arrows.traces(a, fg="#000", color="#00f") if t["type"] == "scatter3d"}
    assert np.allclose([drawn["w"][k][0] for k in "xyz"], a.start)
    if u is None:
        assert a.update is None and set(drawn) == {"w"}
        return
    u = np.array(u)
    assert np.allclose(a.update, a.scale * u) and np.linalg.norm(a.w + a.update) <= room
    line = drawn["update"]
    assert line["line"]["dash"] == "dash" and line["line"]["color"] == "#00f"
    assert np.allclose([line[k][0] for k in "xyz"], a.start + a.w)  # from w's tip …
    assert np.allclose([line[k][1] - line[k][0] for k in "xyz"], a.scale * u)  # … along η·y·x


def test_the_3d_view_draws_each_step_s_update_arrow_and_says_which():
    """At every step of the default lifted run, the 3-D view's dashed arrow is the next update of pla_core's run,
    η·y·(x₁, x₂, x₁x₂) of the point it corrects, from w's tip, and its caption names that point and vector."""
    at = start({"lift": "1"}, "../pages/xor.py")
    trace = trace_of(at, lift=True)
    at.toggle(key=key("xor", "view3d")).set_value(True).run()
    for t in range(len(trace) + 1):
        goto(at, "xor", t)
        spec = json.loads(at.get("plotly_chart")[0].proto.spec)
        lines = {d["meta"]: d for d in spec["data"] if d["type"] == "scatter3d" and "meta" in d}
        cap = "\n".join(c.value for c in at.caption)
        w = trace.weights[t]
        if not any(w[1:]):
            assert not lines and "has no plane yet" in cap
            continue
        wv = np.array([lines["w"][k][1] - lines["w"][k][0] for k in "xyz"])
        assert np.allclose(np.cross(wv, w[1:]), 0) and wv @ w[1:] > 0  # along (w₁, w₂, w₃)
        if t == len(trace):
            assert "update" not in lines and "dashed from its tip" not in cap
            continue
        i = int(trace.mistakes[t])
        u = trace.settings["eta"] * trace.y[i] * trace.X[i]
        uv = np.array([lines["update"][k][1] - lines["update"][k][0] for k in "xyz"])
        assert np.allclose([lines["update"][k][0] for k in "xyz"], [lines["w"][k][1] for k in "xyz"])
        assert np.allclose(np.cross(uv, u), 0) and uv @ u > 0
        assert f"update {t + 1}'s feature part η·y·(x₁, x₂, x₁x₂) = {vec(u)} (point #{i})" in cap
        with_numbers = markdown(at)
        assert f"In the 3-D view (**Show the lifted points in 3-D**), the dashed arrow from w's tip draws the " \
               f"feature part η·y·x = {vec(u)}" in with_numbers
