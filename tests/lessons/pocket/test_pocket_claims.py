"""Issue 32 on /pocket: its "Look at" line (PLA's error can rise after an update, the pocket's never does), the chart
it points at, the counts of mistakes of w and ŵ, Check yourself's answers, and what the page says of a ŵ that draws
no line under each reading of sign(0), tested as claims on small 0.1-grid data aimed at ties (points at the origin,
w₀ ≠ 0 with no line, every order and reading of sign(0)), against PLA replayed in Fractions with
tests/core/test_exact_runs's `Exact` and `exact_pla`."""

from __future__ import annotations


import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pla_lab.lessons import POCKET
from pla_lab.lessons.pocket import pocket_checks, pocket_words
from pla_lab.words.text import pct, sub
from tests.core.test_exact_runs import Exact, exact_pla
from tests.examples import examples

READINGS = [None, 1, -1, "both"]
CAP = 20


def compute(X, y, kw, noise=0):
    points = [(float(a), float(b), float(c)) for (a, b), c in zip(X, y)]
    options = {"noisy": noise > 0, "noise": noise, "order": kw["order"], "f": None}
    return POCKET.compute(points, kw, options)


def pocket_of(errors):
    """The pocket's index at each step: the first w with fewer mistakes than every w before it (the credit-card
    notes' rule: swap only for strictly fewer)."""
    best, out = 0, []
    for t, k in enumerate(errors):
        if k < errors[best]:
            best = t
        out.append(best)
    return out


@st.composite
def data(draw):
    n = draw(st.integers(1, 7))
    bias = draw(st.booleans())
    cell = st.integers(-10, 10).map(lambda k: k / 10)
    X = [draw(st.tuples(cell, cell)) for _ in range(n)]
    if draw(st.booleans()):
        X[0] = (0.0, 0.0)
    y = [draw(st.sampled_from([1.0, -1.0])) for _ in range(n)]
    w0 = draw(st.sampled_from([None, (0.0, 0.0, 0.0), (0.5, 0.0, 0.0), (-0.5, 0.0, 0.0), (0.2, -0.3, 0.4)]))
    if w0 is not None and not bias:
        w0 = (0.0, *w0[1:])
    kw = dict(order=draw(st.sampled_from(["cyclic", "permuted", "random"])), eta=draw(st.sampled_from([1.0, 0.1])),
              w0=w0, bias=bias, sign_zero=draw(st.sampled_from(READINGS)), seed=draw(st.integers(0, 9)),
              max_updates=CAP)
    return np.array(X, dtype=float), np.array(y), kw, draw(st.sampled_from([0, 0, 10, 30]))


@settings(max_examples=examples(500), deadline=None, suppress_health_check=list(HealthCheck))
@given(d=data())
def test_the_look_line_the_chart_the_counts_and_the_answers_are_the_exact_run_s(d):
    X, y0, kw, noise = d
    trace, extras = compute(X, y0, kw, noise)
    y = extras["y"]  # the labels the run learned from (noise flips some)
    W, I, _, _ = exact_pla(X, y, order=kw["order"], eta=kw["eta"], w0=kw["w0"], bias=kw["bias"],
                           sign_zero=kw["sign_zero"], seed=kw["seed"], updates=CAP)
    T, n = len(trace), len(y)
    assert T == len(I)
    e = Exact(X, y, bias=kw["bias"], sign_zero=kw["sign_zero"])
    errors = [sum(e.wrong(w, i) for i in range(n)) for w in W[:T + 1]]
    best = pocket_of(errors)
    kept = [errors[j] for j in best]
    # The look line: the pocket's error (pink) never rises; PLA's (grey) is the exact count, and may rise
    chart = {s["name"]: s["y"] for s in extras["chart"]["series"]}
    xs = extras["chart"]["x"]
    assert chart["Eᵢₙ(w): PLA now"] == [round(errors[t] / n, 5) for t in xs]
    assert chart["Eᵢₙ(ŵ): the pocket"] == [round(kept[t] / n, 5) for t in xs]
    assert all(a >= b for a, b in zip(kept, kept[1:]))
    rises = sum(b > a for a, b in zip(errors, errors[1:]))
    worse = pocket_checks.pocket_worse(trace)
    assert worse.choices[worse.answer] == "No, never"
    assert f"after {rises} of its {T} update{'s' * (T != 1)}" in worse.why
    for t in sorted({0, 1, T // 2, T} & set(range(T + 1))):
        q = pocket_checks.pocket_vs_w(trace, t)
        a, b = errors[t], kept[t]
        assert q.choices[q.answer] == ("Fewer" if b < a else "As many" if b == a else "More")
        assert f"w{sub(t)} gets {a} of {n} point{'s' * (n != 1)} wrong and ŵ{sub(t)} gets {b}" in q.why
        words = pocket_words.numbers(trace, t, extras, noise=noise, noisy=noise > 0)
        assert f"Eᵢₙ(w{sub(t)}), PLA now: **{pct(a, n)}**" in words and f"the pocket: **{pct(b, n)}**" in words
        # ŵ with no line: what it says everywhere, by the exact weights and the reading in use
        w = W[best[t]]
        said = pocket_words.constant(trace, t)
        if any(w[1:]):
            assert said == ""
        elif w[0] != 0:
            assert f"it says sign(b) = {'+1' if w[0] > 0 else '−1'} everywhere" in said
        else:
            sz = kw["sign_zero"]
            assert "ŵ = 0 draws no line" in said
            assert ("counts a tie as wrong for both classes" in said) == (sz is None)
            assert ("counts a tie as right for both classes" in said) == (sz == "both")


def test_on_the_default_example_pla_s_error_is_not_moved_by_every_update():
    """Why the look line no longer says PLA's error "jumps at every update": on the default example (50 points, 10%
    noise) many updates leave the count of mistakes where it was, some raise it, and the pocket's never rises."""
    pts, _, _ = POCKET.presets["line50"].build(0)
    X = np.array([p[:2] for p in pts])
    y0 = np.array([p[2] for p in pts])
    kw = dict(order="random", eta=1.0, w0=None, bias=True, sign_zero=None, seed=0, max_updates=1000)
    trace, extras = compute(X, y0, kw, noise=10)
    W, I, _, _ = exact_pla(X, extras["y"], order="random", seed=0, updates=1000)
    e = Exact(X, extras["y"])
    errors = [sum(e.wrong(w, i) for i in range(len(X))) for w in W]
    same = sum(a == b for a, b in zip(errors, errors[1:]))
    up = sum(b > a for a, b in zip(errors, errors[1:]))
    assert trace.errors.tolist() == errors and same > 0 and up > 0
    assert "can rise after an update" in POCKET.look and "never does" in POCKET.look
    assert min(errors) == trace.pocket_errors[-1]
