"""Issue 32 on /batch: what the page says of the criterion J at a step (it fell, stayed or rose; "J rose at this
step"; the steps where J rises, the chart's red strokes and Check yourself's "does J ever go up?") and the counts of
mistakes, tested as claims on small 0.1-grid data aimed at ties (points on the line, at the origin with the bias off,
w₀ ≠ 0, η large so that J rises, every reading of sign(0), full batch and mini-batches, summed or averaged), against
the batch loop replayed in Fractions by tests/core/test_exact_runs's `exact_batch`."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pla_core
from pla_lab.api import CHART_POINTS
from pla_lab.lessons import BATCH
from pla_lab.lessons.batch import batch_checks, batch_words
from pla_lab.words.text import exact, sub
from tests.core.test_exact_runs import exact_batch
from tests.examples import examples

READINGS = [None, 1, -1, "both"]
CAP = 25


def J(e, w) -> Fraction:
    return sum((-e.score(w, i) for i in range(len(e.y)) if e.wrong(w, i)), Fraction(0))


@st.composite
def data(draw):
    n = draw(st.integers(1, 7))
    bias = draw(st.booleans())
    cell = st.integers(-12, 12).map(lambda k: k / 10)
    X = [draw(st.tuples(cell, cell)) for _ in range(n)]
    if draw(st.booleans()):
        X[0] = (0.0, 0.0)  # at the origin: a tie for every w without a bias
    if n > 1 and draw(st.booleans()):
        X[1] = (-X[0][0], -X[0][1])  # a mirror: ties along the way
    y = [draw(st.sampled_from([1.0, -1.0])) for _ in range(n)]
    w0 = draw(st.sampled_from([None, (0.0, 0.0, 0.0), (0.3, -0.2, 0.1), (-1.0, 0.5, 0.5), (0.0, 0.7, -0.4)]))
    if w0 is not None and not bias:
        w0 = (0.0, *w0[1:])
    b = draw(st.sampled_from([None, None, 1, 2, 3]))
    return dict(X=np.array(X, dtype=float), y=np.array(y), bias=bias, w0=w0,
                eta=draw(st.sampled_from([1.0, 0.1, 2.5, 10.0])), sign_zero=draw(st.sampled_from(READINGS)),
                b=None if b is None else min(b, n), average=draw(st.sampled_from([None, True, False])))


def run(d):
    points = [(float(a), float(c), float(lab)) for (a, c), lab in zip(d["X"], d["y"])]
    settings_ = dict(order="cyclic", eta=d["eta"], w0=d["w0"], bias=d["bias"], sign_zero=d["sign_zero"], seed=0,
                     max_updates=CAP)
    avg = {None: "note", False: "sum", True: "mean"}[d["average"]]
    options = {"batch": "full" if d["b"] is None else "mini", "bs": d["b"] or 5, "avg": avg}
    return BATCH.compute(points, settings_, options)


@settings(max_examples=examples(650), deadline=None, suppress_health_check=list(HealthCheck))
@given(d=data())
@example(d=dict(X=np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -0.5]]), y=np.array([1.0, 1.0, -1.0]), bias=True,
                w0=(-1.0, 0.5, 0.5), eta=10.0, sign_zero=None, b=None, average=None))
def test_what_the_page_says_of_J_and_the_mistakes_is_the_exact_run_s(d):
    trace, extras = run(d)
    W, e = exact_batch(d["X"], d["y"], eta=d["eta"], w0=d["w0"], bias=d["bias"], sign_zero=d["sign_zero"],
                       b=d["b"], average=d["average"], updates=CAP)
    T, n = len(trace), len(d["y"])
    assert len(W) >= T + 1
    Js = [J(e, w) for w in W[:T + 1]]
    errors = [sum(e.wrong(w, i) for i in range(n)) for w in W[:T + 1]]
    assert trace.errors.tolist() == errors
    ups = [t for t in range(1, T + 1) if Js[t] > Js[t - 1]]
    assert extras["rises"] == ups
    if T + 1 <= CHART_POINTS:
        strokes = next((s for s in extras["chart"]["series"] if s["name"] == "J rises"), {"x": []})
        assert strokes["x"][::3] == ups
    qs = {q.key: q for q in batch_checks.questions(trace, T, None, extras["rises"])}
    assert qs["rises"].choices[qs["rises"].answer] == ("Yes" if ups else "No")
    for t in sorted({0, 1, T // 2, T - 1, T} & set(range(T + 1))):
        words = batch_words.numbers(trace, t, extras["rises"])
        assert f"J(w{sub(t)}) = Σ −yₙw{sub(t)}ᵀx̃ₙ over them = **{exact(Js[t])}**" in words
        assert ("J rose at this step" in words) == (t in ups)
        if t in ups:
            assert f"J(w{sub(t)}) = {exact(Js[t])} > J(w{sub(t - 1)}) = {exact(Js[t - 1])}" in words
        if t < T:
            q = {q.key: q for q in batch_checks.questions(trace, t)}["fewer"]
            a, b = errors[t], errors[t + 1]
            assert q.choices[q.answer] == ("Fewer" if b < a else "The same number" if b == a else "More")
            before, after = exact(Js[t]), exact(Js[t + 1])
            said = ("J rose (" if Js[t + 1] > Js[t] else "J fell (" if Js[t + 1] < Js[t] else "J stayed at ")
            assert said in q.why and ("J stayed" in q.why or f"({before} → {after})" in q.why)
            assert ("overshoot" in q.why) == (Js[t + 1] > Js[t])


def test_the_issue_s_first_step_says_J_rose():
    """/batch's default example, update 1 from w₀ = 0: J goes up from J(w₀) = 0, and the reason says it rose;
    it used to say "The step descends the criterion J (0 → 260.9)"."""
    pts, _, _ = BATCH.presets["sep30"].build(0)
    X = np.array([p[:2] for p in pts])
    y = np.array([p[2] for p in pts])
    trace = pla_core.batch(X, y, max_updates=1000)
    W, e = exact_batch(X, y, eta=1.0, w0=None, bias=True, sign_zero=None, b=None, average=None, updates=3)
    q = {q.key: q for q in batch_checks.questions(trace, 0)}["fewer"]
    assert J(e, W[1]) > J(e, W[0]) == 0
    assert f"J rose (0 → {exact(J(e, W[1]))})" in q.why and "descends" not in q.why
