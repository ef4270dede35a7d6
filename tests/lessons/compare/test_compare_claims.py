"""Every sentence "Runs compared" states about its runs against w₀ = 0 and the bound, tested as a claim (issue 32):
whether the chosen-η run from w₀ ≠ 0 corrects the points the run from w₀ = 0 corrects (the page once said "as η grows
the run tends to the one from w₀ = 0", false when w₀ gets point #0 right), that w₀ alone picks the first mistakes
whatever η, "do the two runs draw the same line?", the order strip's "past the bound" at T = R²/ρ*² exactly, and the
sign(0) view's points on the line. Every run recomputed in Fractions (tests/core/test_exact_runs.exact_pla); the
bound of one or two points by hand."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pla_lab.framework import codec as C
from pla_lab.lessons.compare import compare_checks, compare_words
from pla_lab.lessons.compare import compare_runs as compare
from pla_lab.words.text import cls, num
from tests.core.test_exact_runs import READINGS, Exact, exact_pla
from tests.core.test_facts import grid_sets
from tests.lessons.halts.test_halts_claims import one_or_two, positive_multiple
from tests.lessons.online.test_online_claims import by_hand_bound
from tests.ui.helpers import markdown
from tests.ui.helpers import start as _start
from tests.ui.test_checks import answer
from tests.ui.test_every_lesson_edges import words
from tests.examples import examples

PAGE = "../pages/compare.py"
CAP = 300
W0S = [(0.0, 1.0, 1.0), (0.5, -0.3, 0.2), (-1.0, 0.0, 0.5), (0.0, -0.2, 0.1), (2.0, 0.0, 0.0)]


def kwargs(**kw) -> dict:
    return dict(dict(order="cyclic", eta=1.0, w0=(0.0, 0.0, 0.0), bias=True, sign_zero=None, seed=0,
                     max_updates=CAP), **kw)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid_sets(n_max=5), st.booleans(), st.sampled_from(W0S), st.sampled_from([0.5, 2.0, 10.0]),
       st.sampled_from(READINGS), st.integers(0, 6))
@example((np.array([[0.5, 0.5], [-0.5, -0.5]]), np.array([1.0, -1.0])), True, (0.0, 1.0, 1.0), 10.0, None, 1)
@example((np.array([[0.2, 0.1], [0.1, 0.3], [-0.4, 0.2]]), np.array([1.0, -1.0, 1.0])), True, (0.0, 1.0, 0.0),
         10.0, None, 2)
def test_the_eta_view_from_w0_not_zero_says_what_the_exact_runs_do(data, bias, w0, eta, sign_zero, t):
    X, y = data
    w0 = w0 if bias else (0.0, *w0[1:])
    kw = kwargs(eta=eta, w0=w0, bias=bias, sign_zero=sign_zero)
    pair, zero = compare.eta_pair(X, y, kw), compare.from_zero(X, y, kw)
    words = compare_words.eta_numbers(pair, t, False, zero)
    run = dict(bias=bias, sign_zero=sign_zero, updates=CAP)
    Wc, Ic, _, _ = exact_pla(X, y, eta=eta, w0=w0, **run)
    Wb, Ib, _, _ = exact_pla(X, y, eta=1.0, w0=w0, **run)
    _, Iz, _, _ = exact_pla(X, y, eta=1.0, **run)
    assert "tends to the one from w₀ = 0" not in words
    same = f"The η = {num(eta)} run corrects the same points in the same order as the run from w₀ = 0"
    assert (same in words) == (Ic == Iz)
    if Ic != Iz:
        d = next((k for k, (a, b) in enumerate(zip(Ic, Iz)) if a != b), min(len(Ic), len(Iz))) + 1
        assert f"part at update **{d}**" in words
    # "w₀ … alone decides which points are mistakes there, whatever η": the first point corrected is η's business
    # only through w₀, so both runs from w₀ start alike
    e = Exact(X, y, bias=bias, sign_zero=sign_zero)
    start = [i for i in range(len(y)) if e.wrong(Wc[0], i)]
    assert Ic[:1] == Ib[:1] == start[:1]
    line = compare_checks.eta_questions(pair, t)[1]
    assert line.choices[line.answer] == the_right_answer(Wb[min(t, len(Ib))], Wc[min(t, len(Ic))])


def the_right_answer(a, b) -> str:
    """"Do the two runs draw the same line?" for the exact w's a and b: a w with w₁ = w₂ = 0 (w = 0 too) draws no
    line, so there is none to compare; else the same line exactly when one is a positive multiple of the other."""
    if not any(a[1:]) or not any(b[1:]):
        return compare_checks.NO_LINE
    return compare_checks.SAME if positive_multiple(a, b) else compare_checks.OTHER


ZEROS = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (-0.5, 0.0, 0.0), (0.0, 0.0, 0.0)]  # no line: w = 0, or w₁ = w₂ = 0


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid_sets(n_max=5), st.booleans(), st.sampled_from(ZEROS + W0S), st.sampled_from([0.5, 2.0, 10.0, 0.3]),
       st.sampled_from(READINGS), st.data())
@example((np.array([[0.5, 0.5], [-0.5, -0.5]]), np.array([1.0, -1.0])), True, (0.0, 0.0, 0.0), 10.0, None, None)
@example((np.array([[0.5, 0.5], [-0.5, -0.5]]), np.array([1.0, -1.0])), True, (0.0, 0.0, 0.0), 0.3, None, None)
@example((np.array([[0.5, 0.0], [0.5, 0.0]]), np.array([1.0, -1.0])), True, (0.0, 0.0, 0.0), 2.0, None, None)
def test_at_every_step_where_a_w_draws_no_line_no_sentence_says_the_same_line(data, bias, w0, eta, sign_zero, steps):
    """/compare's η view at every step, aimed at w = 0 (its default link at t = 0, a run back at 0, w₀ = 0 or with
    w₁ = w₂ = 0 typed or set by hand): "At t, do the two runs draw the same line?" is answered by the exact runs,
    and the page's words say "the same line" only of two w's that draw one."""
    X, y = data
    w0 = w0 if bias else (0.0, *w0[1:])
    kw = kwargs(eta=eta, w0=w0, bias=bias, sign_zero=sign_zero, max_updates=60)
    pair = compare.eta_pair(X, y, kw)
    zero = not any(w0)
    run = dict(bias=bias, sign_zero=sign_zero, updates=60, w0=w0)
    Wb, Ib, _, _ = exact_pla(X, y, eta=1.0, **run)
    Wc, Ic, _, _ = exact_pla(X, y, eta=eta, **run)
    last = max(len(Ib), len(Ic))
    ts = sorted({0, last, *[t for t in range(last + 1) if not any(Wb[min(t, len(Ib))][1:])]})
    if steps is not None:  # and a step or two drawn at random
        ts += [steps.draw(st.integers(0, last + 1))]
    for t in ts:
        a, b = Wb[min(t, len(Ib))], Wc[min(t, len(Ic))]
        right = the_right_answer(a, b)
        q = compare_checks.eta_questions(pair, t)[1]
        assert q.choices[q.answer] == right, (t, a, b)
        if right == compare_checks.NO_LINE:
            assert "positive multiple" not in q.why and "the same" not in q.why
            assert ("neither draws a line" in q.why) == (not any(a[1:]) and not any(b[1:]))
            assert ("it draws no line" in q.why) == (any(a[1:]) != any(b[1:]))
        elif right == compare_checks.SAME:
            assert "one is a positive multiple of the other" in q.why
        words = compare_words.eta_numbers(pair, t, zero, None if zero else compare.from_zero(X, y, kw))
        if zero:  # w(η) = η·w(1): the same line wherever they draw one, and none at a step where w₁ = w₂ = 0
            assert all(positive_multiple(u, v) or not any(u) and not any(v)
                       for u, v in zip(Wb, Wc)) and len(Ib) == len(Ic)
            assert "wherever they draw a line it is the **same line**" in words
            assert (f"but at t = {t} neither draws one" in words) == (not any(a[1:]))
        else:
            assert "same line" not in words
        at = compare_checks.eta_questions(pair, t)[0]  # the other question says nothing of a line
        assert "same line" not in at.why


@pytest.mark.parametrize("params, no_line", [
    ({}, "w = 0"),  # the lesson's default link: both runs start from w₀ = 0
    ({"eta": "0.3"}, "w = 0"),
    ({"wh": "2,0,0"}, "w₁ = w₂ = 0"),  # w set by hand: both start there, and it draws no line
])
def test_a_link_at_t_0_with_no_line_is_asked_whether_the_runs_draw_one(params, no_line):
    """/compare at t = 0 where w₁ = w₂ = 0: neither run draws a line, as the words beside the plot say."""
    at = _start(params, PAGE)
    said = answer(at, "At t = 0, do the two runs draw the same line?", compare_checks.SAME)
    assert said[0].startswith(f"**Not quite:** {compare_checks.NO_LINE}")
    assert "neither draws a line" in said[0] and f"in both, {no_line}" in said[0]
    md = words(at)  # the page's Markdown and captions: the line under the plot says why it draws none
    assert f"no line: {no_line}" in md
    assert ("but at t = 0 neither draws one: w = 0" in md) == (no_line == "w = 0")


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(one_or_two(), st.builds(lambda d, bias: (*d, bias), grid_sets(n_max=3), st.booleans())),
       st.sampled_from(READINGS), st.integers(0, 50))
@example((np.array([[-0.9, -0.8]]), np.array([1.0]), True), None, 0)  # float bound 0.9999999999999998 < T = 1
def test_no_run_of_the_order_strip_is_said_to_go_past_the_bound(data, sign_zero, seed):
    X, y, bias = data
    kw = kwargs(bias=bias, sign_zero=sign_zero, seed=seed, max_updates=2000)
    strip = compare.order_strip(X, y, kw, seeds=20)
    q = compare_checks.order_questions(strip)[1]
    if not np.isfinite(strip.bound):
        assert q.key == "any_halt"
        return
    T = max(len(exact_pla(X, y, order=o, seed=s, bias=bias, sign_zero=sign_zero, updates=2000)[1])
            for o in compare.ORDERS for s in strip.seeds)
    assert q.key == "over_bound" and q.choices[q.answer] == "No"  # the theorem: from w₀ = 0, T ≤ R²/ρ*²
    assert f"the most updates any run made is **{T}**" in q.why
    words = compare_words.order_numbers(strip, compare.run(X, y, kw), "cyclic", seed)
    assert "within it" in words
    hand = by_hand_bound(X, y, bias) if len(y) <= 2 else None
    if hand is not None:
        assert T <= hand and ("exactly the bound" in q.why) == (T == hand)
    assert "from w₀ = 0 (where this view starts) no run goes past" in compare_words.GUIDE


@settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid_sets(n_max=5, unit=2), st.booleans(), st.sampled_from(["le0", "+1", "-1", "lt0"]))
def test_the_points_said_to_be_on_the_line_where_readings_part_are_the_exact_ties(data, bias, shown):
    X, y = data
    sr = compare.sign_runs(X, y, kwargs(bias=bias), shown)
    words = compare_words.sign_words(sr)
    e = Exact(X, y, bias=bias)
    for c, d in sr.first_diff.items():
        if d is None:
            continue
        w = exact_pla(X, y, bias=bias, sign_zero=compare.S.SIGN_ZERO[shown], updates=d)[0][d - 1]
        on = [i for i in range(len(y)) if e.score(w, i) == 0]
        ties = ("every point (w = 0 predicts nothing)" if not any(w) else
                ", ".join(f"#{i} ({cls(y[i]).split()[0]})" for i in on) or "none")
        assert f"parts at update **{d}**. Both hold w" in words and f"(ties): {ties}. The plot's" in words


def test_the_order_view_of_one_point_meets_the_bound_and_says_so():
    at = _start({"pts": C.encode_points([(-0.9, -0.8, 1.0)]), "cmp": "order"}, PAGE)
    assert "all 60 runs halted within it (at most 1)" in markdown(at)
    said = answer(at, "Did any of the 60 runs make more updates than R²/ρ*²?", "No")
    assert said[0].startswith("**Right:**") and "exactly the bound" in said[0]
