"""Issue 32 on /xor: what the page says of a run, its end and the lift is the exact run's truth, under every reading of
sign(0). With "only y·wᵀx̃ < 0 is a mistake" PLA halts at w = 0 on XOR: the page must not say a line separates the
points, nor, with the lift, that every point has one label. The runs are recomputed in Fraction by
tests/core/test_exact_runs's ``exact_pla``; whether a line (a plane of the lift) separates the points, by that exact
loop with a tie counted as a mistake (it halts on separable points, cycles on the others: grid data)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pla_core
from pla_lab.lessons.xor import xor_checks, xor_words
from pla_lab.lessons.xor.xor_lesson import XOR
from pla_lab.words import explain, halt_words
from pla_lab.words.text import sub, vec

from tests.core.test_exact_runs import Exact, exact_pla, floats, noisy_xor
from tests.lessons.xor.test_xor_curve import exact_kind
from tests.ui.helpers import markdown, start
from tests.ui.test_checks import answer
from tests.ui.test_look import XOR4
from tests.examples import examples

READINGS = [None, 1, -1, "both"]
CAP = 60
SETTINGS = settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
CORNERS = np.array([[-1.0, 1.0], [1.0, -1.0], [-1.0, -1.0], [1.0, 1.0]])
PLANE = "plane in (x₁, x₂, x₁x₂)"


@st.composite
def xor_runs(draw):
    """XOR's corners (scaled), one class of them, or a noisy XOR on the 0.1 grid; the lift or not; every reading."""
    kind = draw(st.sampled_from(["xor", "xor", "one class", "noisy"]))
    if kind == "noisy":
        X, y = noisy_xor(draw(st.integers(6, 12)), 1, draw(st.integers(0, 500)))
    else:
        X = CORNERS * draw(st.sampled_from([1.0, 0.5, 0.1, 2.0]))
        y = np.array([1.0, 1.0, -1.0, -1.0]) if kind == "xor" else np.full(4, draw(st.sampled_from([1.0, -1.0])))
    lift, bias = draw(st.booleans()), draw(st.booleans())
    w0 = (draw(st.sampled_from([0.0, 0.0, 0.1, -0.2])) if bias else 0.0, draw(st.sampled_from([0.0, 0.0, 0.1])), 0.0)
    kw = dict(order=draw(st.sampled_from(["cyclic", "permuted"])), eta=draw(st.sampled_from([1.0, 0.1])),
              sign_zero=draw(st.sampled_from(READINGS)), bias=bias, seed=draw(st.integers(0, 3)))
    return X, y, lift, w0, kw


def separable(X, y, bias) -> bool | None:
    """A line (a plane) separates the points strictly: the exact loop, a tie a mistake, halts (None: not settled)."""
    _, _, halted, cycle = exact_pla(X, y, bias=bias, updates=400)
    return True if halted else False if cycle is not None else None


def strict(e: Exact, w) -> bool:
    return any(w[1:]) and all(e.score(w, i) > 0 for i in range(len(e.y)))


def the_run(X, y, lift, w0, kw):
    """The page's run (runs.pla: the lift learns (x₁, x₂, x₁x₂) from w₀ with w₃ = 0) and the exact run."""
    Z, w = (pla_core.datasets.with_product(X), (*w0, 0.0)) if lift else (X, w0)
    trace = pla_core.pla(Z, y, w0=w, max_updates=CAP, stop_on_cycle=False, **kw)
    W, I, halted, cycle = exact_pla(Z, y, w0=w, updates=CAP, **kw)
    T = min(len(trace), len(I))
    np.testing.assert_array_equal(trace.weights[:T + 1], floats(W[:T + 1]))
    assert trace.halted == halted
    return Z, trace, W, Exact(Z, y, bias=kw["bias"], sign_zero=kw["sign_zero"])


@SETTINGS
@given(xor_runs())
@example((CORNERS, np.array([1.0, 1.0, -1.0, -1.0]), False, (0.0, 0.0, 0.0),
          dict(order="cyclic", eta=1.0, sign_zero="both", bias=True, seed=0)))  # XOR under "< 0": halts at w = 0
@example((CORNERS, np.array([1.0, 1.0, -1.0, -1.0]), True, (0.0, 0.0, 0.0),
          dict(order="cyclic", eta=1.0, sign_zero="both", bias=True, seed=0)))  # and its lift
@example((CORNERS, np.array([1.0, 1.0, -1.0, -1.0]), True, (0.0, 0.0, 0.0),
          dict(order="cyclic", eta=1.0, sign_zero=1, bias=True, seed=0)))  # the lift halts with 2 ties
def test_what_xor_says_of_the_run_is_the_exact_run_s(case):
    X, y, lift, w0, kw = case
    Z, trace, W, e = the_run(X, y, lift, w0, kw)
    T, bias = len(trace), kw["bias"]
    end = W[T]
    space = (PLANE if lift else "line") + ("" if bias else " through the origin")

    # Check yourself, "Will this run halt?": a line separates only if the halted w draws one with no tie
    q = next(q for q in xor_checks.xor_steps(trace, 0, separable=None, go="Run") if q.key == "halts")
    assert (f"so a {space} separates them" in q.why) == (trace.halted and strict(e, end))
    if trace.halted and not strict(e, end):
        sep = separable(Z, y, bias)
        assert "this halt does not show" in q.why
        if sep is not None:
            assert (f"a {space} does separate them strictly (exact)" if sep else
                    f"no {space} separates them strictly (exact)") in q.why

    if lift:
        words = xor_words.lift_text(trace, T, go="Run")
        if trace.halted:
            assert words.startswith("✅") == strict(e, end)
            assert ("In (x₁, x₂, x₁x₂) a plane separates the points;" in words) == strict(e, end)
            if "Every point has one label" in words:
                assert len(set(y.tolist())) == 1 and not any(end[1:]) and end[0] != 0
            if any(end[1:]):
                assert f"= 0 is {exact_kind(end)}" in words
            sep = separable(Z, y, bias) if not strict(e, end) else True
            if "does separate them strictly (exact)" in words:
                assert sep is not False
            if f"no {PLANE} separates them strictly (exact)" in words:
                assert sep is not True
    else:
        words = xor_words.cycle_text(trace, T, go="Run")
        if trace.halted:
            assert words.startswith("✅") == strict(e, end)
        elif trace.cycle:
            s, _ = trace.cycle
            assert f"w{sub(s)} = {vec(floats([W[s]])[0])}" in words
        # the certificate's words, with the exact answer the lesson computes
        sep = separable(X, y, bias)
        fact = pla_core.facts.separable(X, y, bias=bias)
        lp = pla_core.separability(X, y, bias=bias)
        meet = lp.meeting_point(X, y) if bias else None
        cert = xor_words.certificate_text(lp, [(*x, v) for x, v in zip(X, y)], meet, trace.halted,
                                          separable=lp.separable if fact is None else fact,
                                          end=halt_words.end(trace) if trace.halted else None)
        if sep is not None:
            assert ("A line separates these points" in cert) == sep
            if "no line puts every point strictly on its side" in cert or "no line separates" in cert.lower():
                assert not sep
        if trace.halted and sep is False:
            assert "although **no line puts every point strictly on its side**" in cert
            assert ("draws no line" in cert) == (not any(end[1:]))

    if T:  # the step's numbers: no "≤ 0 … still a mistake" for a point the reading counts right
        t = T - 1
        i = int(trace.mistakes[t])
        said = explain.score_words(trace, t)
        if not any(e.X[i]):  # x̃ = 0: the bias off, the point at the origin
            assert "The update changes nothing" in said and e.wrong(W[t + 1], i)
            return
        assert ("no longer a mistake" in said) == (e.score(W[t + 1], i) == 0 and not e.wrong(W[t + 1], i))
        assert ("one update was not enough" in said) == e.wrong(W[t + 1], i)


@pytest.mark.parametrize("X, y", [(CORNERS, np.array([1.0, 1.0, -1.0, -1.0])), noisy_xor(20, 1, 0),
                                  noisy_xor(40, 1, 1)], ids=["xor4", "noisy20", "noisy40"])
def test_the_look_line_is_true_of_xor_with_a_tie_counted_as_a_mistake(X, y):
    """"No update leaves every point right: one is circled next … w comes back": every wₜ of the run has a mistake,
    the point circled (corrected next) is one, and the weights repeat. (The old line, "each update fixes the circled
    point and breaks another", is false on XOR's four: the mistakes go 4 → 3 → 2 → 1.)"""
    assert "no update leaves every point right" in XOR.look
    W, I, halted, cycle = exact_pla(X, y, updates=2000)
    e = Exact(X, y)
    assert not halted and cycle is not None
    for w, i in zip(W, I):
        assert e.wrong(w, i)
    assert all(any(e.wrong(w, k) for k in range(len(y))) for w in W)


def test_xor_under_the_lt0_reading_by_its_link():
    """/xor with "only y·wᵀx̃ < 0 is a mistake": PLA halts at w = 0, and the page says no line separates the points
    (never that one does), and why it halted."""
    at = start({"pts": XOR4, "sign0": "lt0"}, page="../pages/xor.py")
    page = markdown(at)
    assert "a line separates them" not in page and "A line separates these points" not in page
    assert "although **no line puts every point strictly on its side** (exact)" in page
    assert "draws no line" in page
    said = answer(at, "Will this run halt", "No, it never gets every point right")
    assert said[0].startswith("**Not quite:** Yes, it halts.")
    assert "So this halt does not show that a line separates them: no line separates them strictly (exact)." in said[0]
    assert "so a line separates them" not in said[0]


def test_the_xor_lift_under_the_lt0_reading_by_its_link():
    """With the lift, PLA halts at w = 0 too: no "every point has one label" (XOR has two), no ✅, and a plane in
    (x₁, x₂, x₁x₂) that does separate them, found exactly."""
    at = start({"pts": XOR4, "sign0": "lt0", "lift": "1"}, page="../pages/xor.py")
    page = markdown(at)
    assert "Every point has one label" not in page and "✅" not in page
    assert "This run halts after 0 updates" in page or "halts** after 0 updates" in page
    assert f"a {PLANE} does separate them strictly (exact)" in page
    said = answer(at, "Will this run halt", "Yes, it halts")
    assert said[0].startswith("**Right:** Yes, it halts.")
    assert f"this halt does not show that a {PLANE} separates them: a {PLANE} does separate them" in said[0]
