"""Every sentence "Why PLA halts" states about a run's bound and w*, tested as a claim (issue 32): the proof "allowed"
⌊R²/ρ*²⌋ updates, Check yourself's "Is T below R²/ρ*²?", "How much does w*ᵀw grow?", and whether PLA ends on w*'s
line. Data aimed at ties (one point, two points, mirrored pairs without a bias: T = R²/ρ*² exactly, where the float
bound is 0.9999999999999998 for a quarter of single points on the 0.1 grid), every reading of sign(0); the run
recomputed in Fractions (tests/core/test_exact_runs.exact_pla) and, for one or two points, R²/ρ*² and w* by hand:
the hull of one or two points yₙx̃ₙ is a point or a segment, its nearest point to the origin a line of algebra."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pla_core
from pla_core import facts
from pla_lab.framework import codec as C
from pla_lab.lessons.halts import halts_checks, halts_proof, halts_words
from tests.core.test_exact_runs import READINGS, Exact, exact_pla
from tests.core.test_facts import grid_sets
from tests.ui.helpers import markdown
from tests.ui.helpers import start as _start
from tests.ui.test_checks import answer
from tests.examples import examples

SMALL = settings(max_examples=examples(600), deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
PAGE = "../pages/halts.py"
ON_STAR = "PLA halts on w\\*'s own line here"
NOT_STAR = "PLA halts with *a* separating line, not w\\*'s: its margin is below ρ\\*"


def _dot(a, b) -> Fraction:
    return sum((u * v for u, v in zip(a, b)), Fraction(0))


def nearest(Z) -> list[Fraction]:
    """The point of the hull of one or two points nearest the origin: the point, or the segment's nearest point
    b + λ(a − b), λ = −bᵀ(a − b)/‖a − b‖² clipped to [0, 1]."""
    if len(Z) == 1:
        return list(Z[0])
    a, b = Z
    d = [u - v for u, v in zip(a, b)]
    lam = Fraction(1) if not any(d) else min(Fraction(1), max(Fraction(0), -_dot(b, d) / _dot(d, d)))
    return [v + lam * u for u, v in zip(d, b)]


def positive_multiple(w, p) -> bool:
    """w = c·p for some c > 0 (every 2×2 minor 0 and wᵀp > 0)."""
    minors = (w[i] * p[j] - w[j] * p[i] for i in range(len(w)) for j in range(i + 1, len(w)))
    return not any(minors) and _dot(w, p) > 0


@st.composite
def one_or_two(draw):
    """One or two points on the 0.1 grid; or a mirrored pair p, −p of opposite labels (learned without a bias, the
    two yₙx̃ₙ are the same point: T = 1 = R²/ρ*²)."""
    cell = st.tuples(st.integers(-10, 10), st.integers(-10, 10))
    kind = draw(st.sampled_from(["one", "two", "mirror"]))
    if kind == "mirror":
        a = draw(cell.filter(any))
        return np.array([a, (-a[0], -a[1])], dtype=float) / 10, np.array([1.0, -1.0]), False
    P = draw(st.lists(cell, min_size=1 if kind == "one" else 2, max_size=1 if kind == "one" else 2))
    y = draw(st.lists(st.sampled_from([1.0, -1.0]), min_size=len(P), max_size=len(P)))
    return np.array(P, dtype=float) / 10, np.array(y), draw(st.booleans())


def proof_of(X, y, bias, sign_zero, order, eta):
    trace = pla_core.pla(X, y, bias=bias, sign_zero=sign_zero, order=order, eta=eta, seed=3,
                         max_updates=20_000)  # a run on points no line separates stops at its cycle
    return trace, halts_proof.facts(trace)


@SMALL
@given(one_or_two(), st.sampled_from(READINGS), st.sampled_from(["cyclic", "permuted"]),
       st.sampled_from([1.0, 0.1, 0.5]))
@example((np.array([[-0.9, -0.8]]), np.array([1.0]), True), None, "cyclic", 1.0)  # float bound 0.9999999999999998
@example((np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1.0, -1.0]), True), None, "cyclic", 1.0)  # ends on w*
@example((np.array([[0.3, 0.4], [-0.3, -0.4]]), np.array([1.0, -1.0]), False), 1, "cyclic", 0.1)
def test_the_bound_the_allowed_count_and_w_star_s_line_for_one_or_two_points(data, sign_zero, order, eta):
    X, y, bias = data
    e = Exact(X, y, bias=bias)
    Z = [[lab * v for v in row] for lab, row in zip(e.y, e.X)]
    p = nearest(Z)
    trace, proof = proof_of(X, y, bias, sign_zero, order, eta)
    assert proof.separable == any(p)
    if not any(p):
        return
    B = max(_dot(z, z) for z in e.X) / _dot(p, p)  # R²/ρ*², by hand
    W, I, halted, _ = exact_pla(X, y, order=order, eta=eta, bias=bias, sign_zero=sign_zero, seed=3)
    T = len(I)
    assert trace.halted == halted and len(trace) == T and T <= B  # the theorem, on the exact run
    words = halts_words.numbers(proof, trace, T)
    assert f"the proof allowed {math.floor(B):,}.**" in words
    q = halts_checks.below_bound(trace, proof)
    assert q.choices[q.answer] == "Yes: T ≤ R²/ρ*²"
    assert ("T equals it exactly" in q.why) == (T == B)
    ends = halts_words.margins(proof, trace, T)
    w = W[-1]
    if all(_dot(w, z) > 0 for z in Z) and any(w[1:]):  # w separates (with a line): on w*'s iff a multiple of p
        assert (ON_STAR in ends) == positive_multiple(w, p) and (NOT_STAR in ends) != positive_multiple(w, p)
    else:
        assert ON_STAR not in ends and NOT_STAR not in ends
    for t in range(T):  # each update adds η·yₙw*ᵀx̃ₙ ≥ ηρ*: w* = p/‖p‖, so yₙx̃ₙᵀp ≥ ‖p‖²
        a = halts_checks.alignment(trace, proof, t)
        assert a.answer == 0 and _dot(Z[I[t]], p) >= _dot(p, p)


@MANY
@given(grid_sets(n_max=7), st.booleans(), st.sampled_from(READINGS), st.sampled_from([1.0, 0.1]))
@example((np.array([[3.0, 0.0], [3.0, 2.0], [1.0, 1.0]]), np.array([1.0, 1.0, -1.0])), True, None, 1.0)
@example((np.array([[0.0, 0.0], [0.0, 0.0], [-0.3, 0.0], [-0.8, -0.7], [0.0, 0.0], [-1.0, -1.0]]),
          np.array([-1.0, -1.0, -1.0, 1.0, -1.0, -1.0])), True, None, 1.0)  # R²/ρ*² ≈ 189,963: halts at 30,772
def test_on_any_grid_set_the_page_never_says_t_is_past_the_bound(data, bias, sign_zero, eta):
    """The theorem as the oracle (no run from w₀ = 0 makes more than R²/ρ*² updates), on the exact run: the page
    allows at least T, answers "Yes: T ≤ R²/ρ*²", and its count is the float bound's floor or next to it."""
    X, y = data
    trace, proof = proof_of(X, y, bias, sign_zero, "cyclic", eta)
    if not proof.separable:
        assert halts_checks.below_bound(trace, proof) is None
        return
    T = len(trace)
    if not trace.halted:  # the cap came first: on a sliver of a margin the theorem allows more (it halts later)
        assert T == 20_000 < pla_core.mistake_bound(X, y, bias=bias)
        return
    if T <= 300:  # the exact loop, for runs short enough to replay in Fractions here (pla_core's is exact anyway)
        W, I, halted, _ = exact_pla(X, y, eta=eta, bias=bias, sign_zero=sign_zero, updates=301)
        assert halted and len(I) == T
    w = facts.weights(trace, T)
    allowed = int(re.search(r"the proof allowed ([\d,]+)\.", halts_words.numbers(proof, trace, T))[1].replace(",", ""))
    assert T <= allowed and abs(allowed - math.floor(pla_core.mistake_bound(X, y, bias=bias))) <= 1
    q = halts_checks.below_bound(trace, proof)
    assert q.answer == 0 and (("T equals it exactly" in q.why) == (T == allowed == facts.bound(X, y, bias=bias)))
    ends = halts_words.margins(proof, trace, T)
    e = Exact(X, y, bias=bias)
    low = min(e.score(w, i) for i in range(len(y)))
    if ON_STAR in ends:  # the best margin: no w does better, so the float max_margin finds no more
        rho2 = low * low / _dot(w, w)
        assert low > 0 and abs(float(rho2) - proof.rho_star ** 2) <= 1e-9 * proof.rho_star ** 2
    if NOT_STAR in ends:
        assert low > 0 and pla_core.margin(trace.weights[-1], X, y, bias=bias) < proof.rho_star * (1 + 1e-9)
    assert "widest street" not in ends and "the widest" not in halts_words.GUIDE
    assert "in general not the plane's widest one" in halts_words.numbers(proof, trace, T)  # said once, why


# -- the page, by its link -------------------------------------------------------------------------------------------


def open_at(pts, t: int):
    return _start({"pts": C.encode_points(pts), "t": str(t)}, PAGE)


def test_one_point_whose_float_bound_is_below_one_is_allowed_its_one_update():
    """○(−0.9, −0.8): T = 1 = R²/ρ*² exactly; pla_core's float bound is 1 within rounding, and on some machines
    (their BLAS, SciPy's solver) 0.9999999999999998, which said "allowed 0" and "No: T > R²/ρ*²"."""
    assert abs(pla_core.mistake_bound(np.array([[-0.9, -0.8]]), np.array([1.0])) - 1) < 1e-12  # the tie to get right
    at = open_at([(-0.9, -0.8, 1.0)], 1)
    md = markdown(at)
    assert "Halted after 1 update; the proof allowed 1.**" in md and ON_STAR in md
    said = answer(at, "Is T, the number of updates", "Yes: T ≤ R²/ρ*²")
    assert said[0].startswith("**Right:**") and "T equals it exactly" in said[0]


def test_two_points_where_pla_ends_on_w_star_and_three_where_it_does_not():
    md = markdown(open_at([(1.0, 0.0, 1.0), (-1.0, 0.0, -1.0)], 2))
    assert "the proof allowed 2.**" in md and ON_STAR in md and NOT_STAR not in md
    md = markdown(open_at([(3.0, 0.0, 1.0), (3.0, 2.0, 1.0), (1.0, 1.0, -1.0)], 9))
    assert NOT_STAR in md and ON_STAR not in md and "the proof allowed 67.**" in md  # R²/ρ*² = 406/6 = 67.67
    assert "in general not the plane's widest one" in md
