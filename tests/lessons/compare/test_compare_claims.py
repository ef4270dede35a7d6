"""Every sentence "Runs compared" states about its runs against w₀ = 0 and the bound, tested as a claim (issue 32):
whether the chosen-η run from w₀ ≠ 0 corrects the points the run from w₀ = 0 corrects (the page once said "as η grows
the run tends to the one from w₀ = 0", false when w₀ gets point #0 right), that w₀ alone picks the first mistakes
whatever η, "do the two runs draw the same line?", the order strip's "past the bound" at T = R²/ρ*² exactly, and the
sign(0) view's points on the line. Every run recomputed in Fractions (tests/core/test_exact_runs.exact_pla); the
bound of one or two points by hand."""

from __future__ import annotations

import numpy as np
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
    a, b = Wb[min(t, len(Ib))], Wc[min(t, len(Ic))]
    same_line = positive_multiple(a, b) if any(a) and any(b) else not any(a) and not any(b)
    assert line.choices[line.answer] == (compare_checks.SAME if same_line else compare_checks.OTHER)


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
