"""Issue 32 (the shared words): every sentence explain, halt_words and the shared questions say about a run's end and
about one update is the truth of the exact run, on data aimed at ties: 0.1-grid and small-integer points, one point,
one class, a point at the origin with the bias off, a w₀ whose line passes through a point, and every reading of
sign(0). The run is recomputed in Fraction by tests/core/test_exact_runs's ``exact_pla`` and ``Exact``; whether a
line separates the points, by that exact loop too (with a tie counted as a mistake it halts on separable points and
cycles on the others, on a grid)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pla_core
from pla_lab.framework import questions
from pla_lab.words import explain, glossary, halt_words
from pla_lab.words.text import exact, sub

from tests.core.test_exact_runs import Exact, dec, exact_pla, floats
from tests.examples import examples

READINGS = [None, 1, -1, "both"]
CAP = 40
SETTINGS = settings(max_examples=examples(1100), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def runs(draw):
    """(X, y, kwargs): points aimed at ties, and settings."""
    n = draw(st.integers(1, 7))
    unit = draw(st.sampled_from([10, 1]))  # the 0.1 grid of [−1, 1]², or small integers
    top = 10 if unit == 10 else 3
    cells = draw(st.lists(st.tuples(st.integers(-top, top), st.integers(-top, top)), min_size=n, max_size=n))
    bias = draw(st.booleans())
    if not bias and draw(st.booleans()):
        cells[draw(st.integers(0, n - 1))] = (0, 0)  # a point at the origin: x̃ = 0
    X = np.array(cells, dtype=float) / unit
    one = draw(st.booleans()) and draw(st.booleans())
    y = np.array([1.0] * n if one else draw(st.lists(st.sampled_from([1.0, -1.0]), min_size=n, max_size=n)))
    w1, w2 = draw(st.integers(-3, 3)) / 10, draw(st.integers(-3, 3)) / 10
    start = draw(st.sampled_from(["zero", "free", "through a point"]))
    if start == "zero":
        w0 = (0.0, 0.0, 0.0)
    elif start == "free":
        w0 = (draw(st.integers(-3, 3)) / 10 if bias else 0.0, w1, w2)
    else:  # the line of w₀ passes through point #k: a tie at t = 0
        k = draw(st.integers(0, n - 1))
        b = -(dec(w1) * dec(X[k, 0]) + dec(w2) * dec(X[k, 1]))
        w0 = (float(b) if bias else 0.0, w1, w2)
    kw = dict(order=draw(st.sampled_from(["cyclic", "permuted", "random"])), eta=draw(st.sampled_from([1.0, 0.1, 0.5])),
              sign_zero=draw(st.sampled_from(READINGS)), bias=bias, w0=w0, seed=draw(st.integers(0, 3)))
    return X, y, kw


def run(X, y, kw):
    """pla_core's run and the exact one, checked equal: (trace, W, I, Exact)."""
    trace = pla_core.pla(X, y, max_updates=CAP, stop_on_cycle=False, **kw)
    W, I, halted, _ = exact_pla(X, y, updates=CAP, **{k: v for k, v in kw.items()})
    T = min(len(trace), len(I))
    np.testing.assert_array_equal(trace.weights[:T + 1], floats(W[:T + 1]))
    assert trace.mistakes[:T].tolist() == I[:T]
    if trace.halted or halted:
        assert trace.halted == halted and len(trace) == len(I)
    return trace, W, I, Exact(X, y, bias=kw["bias"], sign_zero=kw["sign_zero"])


def separable(X, y, bias) -> bool | None:
    """Whether a line separates the points strictly, by the exact loop: with a tie counted as a mistake PLA halts
    exactly when one does, and on grid points that no line separates it cycles (None: neither within the cap)."""
    _, _, halted, cycle = exact_pla(X, y, bias=bias, updates=400)
    return True if halted else False if cycle is not None else None


def strict(e: Exact, w) -> bool:
    return any(w[1:]) and all(e.score(w, i) > 0 for i in range(len(e.y)))


@SETTINGS
@given(runs(), st.integers(0, CAP))
@example((np.array([[0.0, 0.0], [0.5, 0.2]]), np.array([1.0, -1.0]),  # the origin, bias off: the run cycles
          dict(order="cyclic", eta=1.0, sign_zero=None, bias=False, w0=(0.0, 0.0, 0.0), seed=0)), 0)
@example((np.array([[-1.0, 1.0], [1.0, -1.0], [-1.0, -1.0], [1.0, 1.0]]), np.array([1.0, 1.0, -1.0, -1.0]),
          dict(order="cyclic", eta=1.0, sign_zero="both", bias=True, w0=(0.0, 0.0, 0.0), seed=0)), 0)  # XOR, "< 0"
@example((np.array([[0.0, 1.0], [0.0, -1.0]]), np.array([1.0, -1.0]),  # w₀'s line through both points
          dict(order="cyclic", eta=1.0, sign_zero=1, bias=True, w0=(0.0, 1.0, 0.0), seed=0)), 0)
def test_the_words_of_a_run_are_the_exact_run_s(case, t):
    X, y, kw = case
    trace, W, I, e = run(X, y, kw)
    T, n, sz = len(trace), len(y), kw["sign_zero"]
    t = min(t, T)

    # what halt_words says of wₜ: a line or not, and its ties, exactly
    end = halt_words.end(trace, t)
    assert end.line == any(W[t][1:])
    assert end.ties == sum(e.score(W[t], i) == 0 for i in range(n))
    np.testing.assert_array_equal(end.w, floats([W[t]])[0])
    if trace.halted and t == T:  # End is a halted w's: no point wrong
        assert end.separates == strict(e, W[t])

    # the mistakes of wₜ, as the run's own reading judges them
    assert questions.wrong_points(trace, t).tolist() == [i for i in range(n) if e.wrong(W[t], i)]

    if t < T:  # the update t+1: the score of the point it corrects
        i = I[t]
        xt = e.X[i]
        before, after = e.score(W[t], i), e.score(W[t + 1], i)
        gain = dec(kw["eta"]) * sum(v * v for v in xt)
        assert before + gain == after
        words = explain.score_words(trace, t)
        q = questions.score_moves(trace, t)
        if gain == 0:  # bias off, the point at the origin: nothing moves, and it stays a mistake
            assert W[t + 1] == W[t] and e.wrong(W[t + 1], i)
            assert "changes nothing" in words and "score rises" not in words and "never halt" in words
            assert q.choices[q.answer] == "The same" and "never halts" in q.why
            assert not trace.halted
        else:
            assert (f"= {exact(before)} + {exact(gain)} = **{exact(after)}** = y·w{sub(t + 1)}ᵀx̃") in words
            wrong = e.wrong(W[t + 1], i)
            assert ("now > 0" in words) == (after > 0)
            assert ("now 0, a tie" in words) == (after == 0)
            assert ("no longer a mistake" in words) == (after == 0 and not wrong)
            assert ("one update was not enough" in words) == wrong
            assert "≤ 0" not in words
            assert q.choices[q.answer] == "Larger"
            assert ("still wrong" in q.why) == wrong
            assert (f"y·w{sub(t)}ᵀx̃ = {exact(before)} and y·w{sub(t + 1)}ᵀx̃ = {exact(after)}") in q.why

    # how the run ends: a line separates the points only when the halted w draws one with no tie
    why = questions.will_halt(trace, separable=None).why
    said = "so a line separates them" in why or "so a line through the origin separates them" in why
    assert said == (trace.halted and strict(e, W[T]))
    if trace.halted and not strict(e, W[T]):
        assert "this halt does not show" in why
        sep = separable(X, y, kw["bias"])
        space = "line" if kw["bias"] else "line through the origin"
        if f"a {space} does separate them strictly (exact)" in why:
            assert sep is not False
        if f"no {space} separates them strictly (exact)" in why:
            assert sep is not True
        if sep is not None and "cannot settle" not in why:
            assert (f"a {space} does separate them strictly (exact)" if sep else
                    f"no {space} separates them strictly (exact)") in why
    if trace.halted:
        verdict = explain.verdict(trace, T)
        assert ("But w draws no line" in verdict) == (not any(W[T][1:]))
        assert explain.step_numbers(trace, T).count("✅") == int(strict(e, W[T]))
        if sz is None:  # a tie is a mistake: a halt puts every point strictly on its side
            assert all(e.score(W[T], i) > 0 for i in range(n))


@settings(SETTINGS, max_examples=examples(300))
@given(st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=5),
       st.lists(st.sampled_from([1.0, -1.0]), min_size=6, max_size=6), st.sampled_from(READINGS),
       st.sampled_from(["cyclic", "permuted"]), st.integers(0, 4))
def test_a_point_at_the_origin_with_the_bias_off_is_a_mistake_no_update_moves(cells, labels, sz, order, k):
    """x̃ = (0, 0, 0): the update adds 0, and under a reading that counts its tie wrong PLA never halts."""
    k = k % (len(cells) + 1)
    X = np.array(cells[:k] + [(0, 0)] + cells[k:], dtype=float) / 10
    y = np.array(labels[:len(X)])
    kw = dict(order=order, eta=1.0, sign_zero=sz, bias=False, w0=(0.0, 0.0, 0.0), seed=1)
    trace, W, I, e = run(X, y, kw)
    stuck = e.wrong(W[0], k)  # its score is 0 for every w: wrong for every w, or for none
    assert all(e.wrong(w, k) == stuck for w in W)
    assert not (stuck and trace.halted)
    for t in (u for u in range(len(trace)) if I[u] == k):
        assert "The update changes nothing" in explain.score_words(trace, t)
        assert "The score rises" not in explain.score_words(trace, t)
        q = questions.score_moves(trace, t)
        assert q.choices[q.answer] == "The same"


def test_the_glossary_says_what_the_issue_asks():
    """The glossary's words on ρ*, the street, R, cycle, separable and halts (issue 32's list)."""
    g = glossary.BY_KEY
    for key in ("rho-star", "street"):
        assert "augmented space" in g[key].says and "0.824" in g[key].says and "1.0" in g[key].says
        assert "not in general the widest" in g[key].says
    assert "w*, the widest street" not in g["rho-star"].says and "The widest empty band" not in g["street"].says
    assert "Every PLA update (on a mistake, y·wᵀx̃ ≤ 0) adds at most η²R²" in g["R"].says
    assert "margin-perceptron update" in g["R"].says
    assert "grid" in g["cycle"].says and "fixed order" in g["cycle"].says
    for key in ("separable", "halt"):
        assert "only y·wᵀx̃ < 0 is" in g[key].says and "w = 0" in g[key].says
    assert "separating hyperplane" in g["gamma"].says and "step-function notes" in g["gamma"].says


def test_the_glossary_s_street_numbers_are_the_exact_ones():
    """○(3, 0), ○(3, 2), ×(1, 1): the band of w* (augmented space) is 0.824 wide on each side of its line in the
    plane; the widest street in the plane is 1.0 on each side (×(1, 1) is 2 from the line x₁ = 3)."""
    X, y = np.array([[3.0, 0.0], [3.0, 2.0], [1.0, 1.0]]), np.array([1.0, 1.0, -1.0])
    w, rho = pla_core.max_margin(X, y)
    assert f"{rho / np.hypot(*w[1:]):.3f}" == "0.824"
    assert pla_core.facts.best_margin2(X, y) == Fraction(6, 29)
