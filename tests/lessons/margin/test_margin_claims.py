"""Issue 32 on /margin: every sentence and Check yourself answer that compares γ with ρ* or 2ρ*, a point's
y·wᵀx̃/‖w‖ with γ/2, or T with the bound, tested as a claim on data made for ties (hypothesis): 0.1-grid points
whose best margin ρ* is a nice decimal (one point, or a mirrored pair ○x, ×(−x) with points farther out), γ exactly
2ρ* or ρ* or a grid step away, w₀ ≠ 0, every order and reading of sign(0). Each is recomputed independently in
Fraction (tests/core/test_exact_runs's `Exact` and `exact_pla`, whose rule is m < 0 or m² < γ²‖w‖²/4) and compared
with the words and answers the lesson's builders return; and by its link, the γ = 2ρ* page read as a student does."""

from __future__ import annotations

import math
import re
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pla_lab.framework import codec as C
from pla_lab.lessons import MARGIN
from pla_lab.lessons.margin import margin_checks, margin_facts, margin_words
from tests.core.test_exact_runs import Exact, dec, exact_pla
from tests.ui.helpers import button, markdown, url

from tests.ui.test_checks import answer

from .test_margin import start
from tests.examples import examples

READINGS = [None, 1, -1, "both"]
# 0.1-grid vectors whose length is a decimal: ρ* of a mirrored pair (or of one point without a bias)
PYTHAGORAS = [(0.3, 0.4), (0.4, 0.3), (0.6, 0.8), (0.8, 0.6), (0.5, 0.0), (0.0, 0.5), (1.2, 0.5), (0.5, 1.2),
              (0.0, 1.0), (1.0, 0.0), (0.9, 1.2)]
# with the bias, x̃ = (1, x): 1 + ‖x‖² a square
ONE_POINT = [(0.0, 0.0), (2.0, 2.0), (2.4, 0.0), (0.0, 2.4)]
CAP = 60
FAST = settings(max_examples=examples(500), deadline=None, suppress_health_check=list(HealthCheck))


def signs(v):
    return [(a * s, b * t) for a, b in [v] for s in (1, -1) for t in (1, -1)]


@st.composite
def tied(draw):
    """(X, y, bias, ρ*²): points whose best margin is known exactly by construction. One point: ρ* = ‖x̃‖. A mirrored
    pair ○x, ×(−x) (with the bias: z = (1, x) and (−1, x), nearest hull point (0, x)) and more points p with
    yₚ·p·x ≥ ‖x‖²: (0, x) stays in the hull and every zᵀ(0, x) ≥ ‖x‖², so ρ* = ‖x‖."""
    bias = draw(st.booleans())
    if draw(st.booleans()):
        x = draw(st.sampled_from(signs(draw(st.sampled_from(ONE_POINT if bias else PYTHAGORAS)))))
        lab = draw(st.sampled_from([1.0, -1.0]))
        return np.array([x]), np.array([lab]), bias, (1 if bias else 0) + dec(x[0]) ** 2 + dec(x[1]) ** 2
    x = np.array(draw(st.sampled_from(signs(draw(st.sampled_from(PYTHAGORAS))))))
    n2 = dec(x[0]) ** 2 + dec(x[1]) ** 2
    pts = [(tuple(x), 1.0), (tuple(-x), -1.0)]
    for p in draw(st.lists(st.tuples(st.integers(-20, 20), st.integers(-20, 20)), max_size=4)):
        p = (p[0] / 10, p[1] / 10)
        s = dec(p[0]) * dec(x[0]) + dec(p[1]) * dec(x[1])
        if s >= n2:
            pts.append((p, 1.0))
        elif s <= -n2:
            pts.append((p, -1.0))
    order = draw(st.permutations(range(len(pts))))
    return (np.array([pts[i][0] for i in order], dtype=float), np.array([pts[i][1] for i in order]), bias, n2)


def gammas(rho2: Fraction):
    """γ exactly 2ρ* or ρ*, a grid step either side, or any 0.1-grid value up to 3."""
    rho = Fraction(math.isqrt(rho2.numerator), math.isqrt(rho2.denominator))
    assert rho * rho == rho2
    near = [2 * rho, rho, 2 * rho + Fraction(1, 10), 2 * rho - Fraction(1, 10), rho + Fraction(1, 10),
            rho - Fraction(1, 10)]
    return st.one_of(st.sampled_from([v for v in near if v > 0]), st.integers(1, 30).map(lambda k: Fraction(k, 10)))


def settings_of(draw, bias):
    order = draw(st.sampled_from(["cyclic", "permuted", "random"]))
    w0 = draw(st.sampled_from([None, None, (0.0, 0.0, 0.0), (0.5, -0.3, 0.2), (0.0, 0.4, 0.3)]))
    if w0 is not None and not bias:
        w0 = (0.0, *w0[1:])
    return dict(order=order, eta=draw(st.sampled_from([1.0, 0.1, 0.5])), w0=w0, bias=bias,
                sign_zero=draw(st.sampled_from(READINGS)), seed=draw(st.integers(0, 3)), max_updates=CAP)


def page_of(X, y, kw, gamma):
    """The margin perceptron's run and Facts as the lesson computes them, from points as the page holds them."""
    points = [(float(a), float(b), float(c)) for (a, b), c in zip(X, y)]
    trace, extras = MARGIN.compute(points, kw, {"gamma": gamma})
    return trace, extras["facts"]


def oracle(X, y, kw, gamma, margin):
    return exact_pla(X, y, order=kw["order"], eta=kw["eta"], w0=kw["w0"], bias=kw["bias"],
                     sign_zero=kw["sign_zero"], margin=margin, seed=kw["seed"], updates=CAP)


def signed_rho2(e, w):
    """ρ(w)², signed, exactly; None at w = 0."""
    n2 = sum(v * v for v in w)
    if n2 == 0:
        return None
    m = min(e.score(w, i) for i in range(len(e.y)))
    return (1 if m >= 0 else -1) * m * m / n2


def bound_clearly(T, gamma, R2, rho2):
    """T against 8R²/(γρ*) + 4R/ρ* in 50 digits: −1 or +1 when clear, None when too close to call."""
    with localcontext() as c:
        c.prec = 50
        R, rho = Decimal(R2.numerator).sqrt() / Decimal(R2.denominator).sqrt(), Decimal(rho2.numerator).sqrt() / \
            Decimal(rho2.denominator).sqrt()
        g = Decimal(gamma.numerator) / Decimal(gamma.denominator)
        d = Decimal(T) - (8 * R * R / (g * rho) + 4 * R / rho)
        return None if abs(d) < Decimal("1e-30") else (1 if d > 0 else -1)


def plain(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def check_words(X, y, kw, gamma: Fraction, rho2: Fraction):
    """Every γ-against-ρ* sentence, every point-against-the-band sentence and every answer, at every step shown."""
    g = float(gamma)
    trace, f = page_of(X, y, kw, g)
    W, I, halted, _ = oracle(X, y, kw, g, g)
    Wp, _, plain_halted, _ = oracle(X, y, kw, g, 0.0)
    T, n = len(I), len(y)
    assert len(trace) == T and trace.halted == halted and f.plain_halted == plain_halted
    e = Exact(X, y, bias=kw["bias"], margin=g)
    vs2 = (gamma ** 2 > 4 * rho2) - (gamma ** 2 < 4 * rho2)
    vs1 = (gamma ** 2 > rho2) - (gamma ** 2 < rho2)
    if vs2 > 0:
        assert not halted  # no w has every m/‖w‖ ≥ γ/2 > ρ*
    # Check yourself: will it halt; the reason's γ against 2ρ*
    qs = {q.key: q for q in margin_checks.questions(trace, T, f)}
    why = plain(qs["halts"].why)
    assert qs["halts"].answer == (0 if halted else 1)
    assert ("< 2ρ* =" in why, "= 2ρ* (ρ*" in why, "> 2ρ* =" in why) == (vs2 < 0, vs2 == 0, vs2 > 0)
    assert ("no line clears every point" in why) == (vs2 > 0)
    # The bound's sentences
    words = plain(margin_words.bound(trace, T, f))
    assert ("γ ≤ ρ*, so from w₀ = 0 at most" in words) == (vs1 <= 0)
    assert ("ρ* < γ < 2ρ*" in words) == (vs1 > 0 and vs2 < 0)
    assert ("only a line with the best margin ρ* clears every point by γ/2 (exactly)" in words) == (vs2 == 0)
    assert ("**it can never halt**" in words) == (vs2 > 0)
    if vs2 == 0:
        assert (f"this one halts there after **{T}** update" in words) == halted
    from_zero = kw["w0"] is None or not any(kw["w0"])
    if vs1 <= 0 and halted:
        R2 = max(sum(v * v for v in e.X[i]) for i in range(n))
        side = bound_clearly(T, gamma, R2, rho2)
        if from_zero:
            assert side != 1 and "✅" in words  # the theorem, and the page says it holds
        elif side is not None:
            assert ("✅" in words) == (side < 0)
    proof = plain(margin_words.proof(f))
    assert ("ρ* − γ/2 = 0 (γ = 2ρ*)" in proof) == (vs2 == 0)
    assert ("holds up to M =" in proof) == (vs2 < 0)
    # The verdict at the cap: never halts only beyond 2ρ*
    if not halted:
        v = plain(margin_words.verdict(trace, T, f, separable=True))
        assert ("can never halt here" in v) == (vs2 > 0)
        assert ("halts within" in v) == (vs2 < 0 and from_zero)
    # Final lines: the last w's ρ ≥ γ/2 ✓ exactly when the run halted (then every point clears γ/2, ties included)
    r2 = signed_rho2(e, W[-1])
    ends = margin_words.margins(trace, f)
    assert ("≥ γ/2 = " in ends and "✓" in ends) == (halted and r2 is not None)
    if halted and r2 is not None:
        assert r2 >= 0 and 4 * r2 >= gamma ** 2
    # Whose margin is wider: signed ρ² of both final lines, exactly
    p2 = signed_rho2(Exact(X, y, bias=kw["bias"]), Wp[-1])
    if halted and plain_halted and r2 is not None and p2 is not None:
        want = margin_checks.SAME if r2 == p2 else margin_checks.MARGIN if r2 > p2 else margin_checks.PLAIN
        assert qs["wider"].choices[qs["wider"].answer] == want
    else:
        assert "wider" not in qs
    # Each step: the band's counts, and where the point the next update corrects is
    for t in sorted({0, 1, 2, T // 2, T - 1, T} & set(range(T + 1))):
        w = W[t]
        norm2 = sum(v * v for v in w)
        m = [e.score(w, i) for i in range(n)]
        bad = [e.wrong(w, i) for i in range(n)]
        text = plain(margin_words.step(trace, t, g))
        if norm2 == 0:
            assert "every point counts as a mistake" in text
        elif any(w[1:]):
            wrong = sum(v < 0 for v in m)
            on = sum(v == 0 for v in m)
            inside = sum(b and v > 0 for b, v in zip(bad, m))
            line = f"**{sum(bad)}** of {n} point{'s' if n != 1 else ''} count as mistakes: {wrong} on the wrong side"
            assert line + (f", {on} on the line" if on else "") + f", {inside} on the right side but inside" in text
        if t < T:
            i = I[t]
            assert bad[i]  # the run corrects a mistake of the exact rule
            if norm2:
                want = ("on the wrong side" if m[i] < 0 else "on the line, so inside the band" if m[i] == 0 else
                        "on the right side, but inside the band")
                assert f"**Next:** point #{i} at" in text and want in text.split("**Next:**")[1]
                if any(w):
                    q = {q.key: q for q in margin_checks.questions(trace, t, f)}["band_point"]
                    assert q.choices[q.answer] == (margin_checks.WRONG if m[i] < 0 else margin_checks.BAND)
                    assert ("exactly 0: on the line" in q.why) == (m[i] == 0)
    return trace, halted, vs2


@FAST
@given(st.data())
def test_gamma_against_rho_star_and_every_point_against_the_band_are_decided_exactly(data):
    X, y, bias, rho2 = data.draw(tied())
    gamma = data.draw(gammas(rho2))
    kw = settings_of(data.draw, bias)
    check_words(X, y, kw, gamma, rho2)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=list(HealthCheck))
@given(x=st.sampled_from([v for p in PYTHAGORAS for v in signs(p)]), bias=st.booleans(),
       order=st.sampled_from(["cyclic", "permuted", "random"]), sign_zero=st.sampled_from(READINGS),
       eta=st.sampled_from([1.0, 0.1, 0.3]), seed=st.integers(0, 5), flip=st.booleans())
@example(x=(0.6, 0.8), bias=True, order="cyclic", sign_zero=None, eta=1.0, seed=0, flip=False)
def test_at_exactly_twice_the_best_margin_a_run_halts_and_the_page_says_it_can(x, bias, order, sign_zero, eta, seed,
                                                                               flip):
    """The issue's case: a mirrored pair ○x, ×(−x), γ = 2ρ* = 2‖x‖. From w₀ = 0 the run reaches w*'s direction and
    every point is then exactly γ/2 from the line (m/‖w‖ = γ/2 is not < γ/2): it halts, and no sentence may say that
    no line clears every point by γ/2."""
    X = np.array([x, (-x[0], -x[1])])
    y = np.array([1.0, -1.0]) if not flip else np.array([-1.0, 1.0])
    rho2 = dec(x[0]) ** 2 + dec(x[1]) ** 2
    gamma = 2 * Fraction(math.isqrt(int(rho2 * 100)), 10)
    kw = dict(order=order, eta=eta, w0=None, bias=bias, sign_zero=sign_zero, seed=seed, max_updates=CAP)
    trace, halted, vs2 = check_words(X, y, kw, gamma, rho2)
    assert vs2 == 0 and halted
    _, f = page_of(X, y, kw, float(gamma))
    q = {q.key: q for q in margin_checks.questions(trace, len(trace), f)}["halts"]
    assert q.choices[q.answer] == "Yes" and "no line clears" not in q.why
    ends = margin_words.margins(trace, f)
    assert f"ρ = **{margin_words.num(float(gamma) / 2)}** ≥ γ/2 = {margin_words.num(float(gamma) / 2)} ✓" in ends


@settings(max_examples=examples(150), deadline=None)
@given(num=st.integers(1, 10 ** 7), den=st.integers(1, 10 ** 6), times=st.sampled_from([Fraction(1), Fraction(12, 5)]))
def test_the_gamma_buttons_round_down_exactly(num, den, times):
    """γ = ρ* and γ > 2ρ* set γ to ρ* (or 2.4ρ*) rounded down to 3 digits: never above it, decided on ρ*² exactly
    (ρ* a perfect-square decimal included, where a float floor can land a hair above)."""
    square = times * times * Fraction(num, den) ** 2 / 10 ** 4 if num % 2 else times * times * Fraction(num, den)
    v = margin_facts.floor3(math.sqrt(square), square)
    q = Fraction(repr(v))
    digits = q.numerator * 10 ** 3 // q.denominator
    assert q * q <= square and 0 < q
    step = Fraction(10) ** (math.floor(math.log10(v)) - 2)
    assert (q + step) ** 2 > square and (q / step).denominator == 1 and 100 <= q / step < 1000, (digits, step)


def link(pts, **more):
    return {"pts": C.encode_points(pts), **more}


def test_gamma_twice_rho_star_by_its_link_the_page_says_the_run_halts_where_it_can():
    """/margin with ○(0.6, 0.8), ×(−0.6, −0.8) and γ = 2 = 2ρ*: the run halts after 2 updates at w ∥ w*, each point
    exactly γ/2 = 1 from the line; the bound's words, the final margin and Check yourself say so, and answering
    "Yes" is right. With two more points the run does not reach w* within the cap: "No" is right, and the page still
    says only w*'s line clears every point by γ/2."""
    at = start(link([(0.6, 0.8, 1.0), (-0.6, -0.8, -1.0)], gamma="2"))
    button(at, "Run").click().run()
    md = plain(markdown(at))
    assert url(at)["gamma"] == "2"
    assert "γ = 2ρ* = 2: only a line with the best margin ρ* clears every point by γ/2 (exactly)" in md
    words = md[md.index("**The bound**"):md.index("**Final lines**")]
    assert "this one halts there after **2** updates." in words and "never halt" not in words
    assert "ρ = **1** ≥ γ/2 = 1 ✓" in md
    assert "ρ* − γ/2 = 0 (γ = 2ρ*)" in md
    said = answer(at, "With γ = 2, will the margin perceptron halt", "Yes")
    assert said and said[0].startswith("**Right:**")
    assert "only the line with the best margin, w*'s, clears every point by γ/2 = 1" in said[0]
    assert "no line clears" not in said[0]
    at = start(link([(0.5, -1.7, -1.0), (1.3, 1.1, 1.0), (-0.6, -0.8, -1.0), (0.6, 0.8, 1.0)], gamma="2", cap="300"))
    button(at, "Run").click().run()
    md = plain(markdown(at))
    words = md[md.index("**The bound**"):md.index("**Final lines**")]
    assert "this one has not found it in 300." in words and "can never halt" not in words
    said = answer(at, "With γ = 2, will the margin perceptron halt", "No")
    assert said and said[0].startswith("**Right:**") and "no line clears" not in said[0]
