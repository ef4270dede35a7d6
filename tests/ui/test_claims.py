"""Issue 21, part 2 (/pla, /halts, /pocket, /batch): each sentence the pages say about a run is true of that run, on
many grid data sets, checked against an exact or independent computation (Fractions, a sweep of lines, a longer
run, a fine grid of the square) rather than against the code that writes the sentence."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core
from pla_core.perceptron import radius_bound
from pla_lab.framework import runs
from pla_lab.lessons.batch import batch_words
from pla_lab.lessons.halts import halts_words as proof_words
from pla_lab.lessons.pocket import pocket_words
from pla_lab.words import explain, halt_words
from tests.examples import examples

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
READINGS = [None, 1, -1, "both"]


@st.composite
def grid_sets(draw, n_min=2, n_max=12):
    """Points on the 0.1 grid of [−1, 1]², some repeated, with labels ±1: ties and w = 0 come often."""
    n = draw(st.integers(n_min, n_max))
    cells = st.tuples(st.integers(-10, 10), st.integers(-10, 10))
    P = draw(st.lists(cells, min_size=n, max_size=n))
    y = draw(st.lists(st.sampled_from([1.0, -1.0]), min_size=n, max_size=n))
    return np.array(P, dtype=float) / 10, np.array(y)


def exact_scores(w, X, y, bias):
    """yₙ·wᵀx̃ₙ in Fractions: w of a run with η = 1 from a w₀ on the 0.1 grid lies on that grid too."""
    wq = [Fraction(round(v * 10), 10) for v in w]
    xq = [[Fraction(1 if bias else 0)] + [Fraction(round(v * 10), 10) for v in x] for x in X]
    return wq, [int(lab) * sum(a * b for a, b in zip(wq, x)) for x, lab in zip(xq, y)]


@settings(SETTINGS, max_examples=examples(400))
@given(grid_sets(), st.sampled_from(READINGS + ["both"]), st.sampled_from(["cyclic", "permuted", "random"]), st.booleans(),
       st.sampled_from([(0.0, 0.0, 0.0), (0.1, 0.0, 0.0), (0.0, 0.3, -0.2)]))
def test_a_halted_run_is_said_to_separate_exactly_when_its_w_does(data, sz, order, bias, w0):
    X, y = data
    w0 = w0 if bias else (0.0, *w0[1:])  # without a bias the bias weight stays 0
    trace = pla_core.pla(X, y, order=order, sign_zero=sz, bias=bias, w0=w0, seed=1, max_updates=2000)
    if not trace.halted:
        return
    wq, m = exact_scores(trace.weights[-1], X, y, bias)
    line = any(wq[1:])
    strict = line and all(s > 0 for s in m)
    words = halt_words.halted(halt_words.end(trace))
    assert ("This w separates ○ from ×" in words) == strict
    assert ("draws no line" in words) == (not line)
    if line and not strict:  # the ties it names are the exact zeros, and the reading counts them right
        ties = sum(s == 0 for s in m)
        assert f" {ties} point" in words and sz is not None and ties > 0
    verdict = explain.verdict(trace, len(trace))
    assert ("But w draws no line" in verdict) == (not line)
    assert explain.step_numbers(trace, len(trace)).count("✅") == int(strict)


def separating_direction(X, y, steps=3600):
    """A line through the origin that puts every point strictly on its side, found by a sweep of directions."""
    for a in np.linspace(0, 2 * np.pi, steps, endpoint=False):
        if np.all(y * (X @ [np.cos(a), np.sin(a)]) > 1e-12):
            return a
    return None


@settings(SETTINGS, max_examples=examples(400))
@given(grid_sets(3, 10), st.sampled_from(READINGS))
def test_a_run_without_a_bias_stopped_at_the_cap_names_lines_through_the_origin(data, sz):
    X, y = data
    trace = pla_core.pla(X, y, bias=False, sign_zero=sz, max_updates=12, stop_on_cycle=False)  # before a cycle
    if trace.halted or trace.cycle or trace.stop != "max_updates":
        return
    sep = runs.separable(trace)
    with_bias = pla_core.is_separable(X, y, bias=True) if sep is not True else None
    words = explain.verdict(trace, len(trace), separable=sep, with_bias=with_bias)
    claim = words.split(";")[0]  # about this run's lines; what a bias would change follows the ";"
    assert "through the origin" in claim and "no line separates" not in claim
    if "no line through the origin separates these points (an exact LP" in words:
        assert separating_direction(X, y) is None
        assert not pla_core.pla(X, y, bias=False, sign_zero=sz, max_updates=20_000).halted  # never halts
    if "with a bias (*Learn a bias b* on) a line separates them" in words:
        assert pla_core.pla(X, y, bias=True, max_updates=100_000).halted
    if "still no line separates them" in words:
        assert pla_core.pla(X, y, bias=True, max_updates=100_000).cycle is not None  # a cycle: it never halts


@SETTINGS
@given(grid_sets(2, 10), st.booleans(), st.tuples(*[st.integers(-10, 10)] * 3))
def test_the_margin_and_the_distance_in_the_plane_relate_as_the_page_says(data, bias, w):
    X, y = data
    w = np.array(w, dtype=float) / 10
    if not np.any(w[1:]):
        return
    w[0] = w[0] if bias else 0.0  # without a bias the run's b stays 0
    rho, d = pla_core.margin(w, X, y, bias=bias), pla_core.geometric_margin(w, X, y)
    said = proof_words.relation(w, X, y, bias)
    assert abs(d) >= abs(rho) * (1 - 1e-12) and rho * d >= 0  # what RELATION says of every w
    if "at least ρ" in said:
        assert rho > 0 and d >= rho * (1 - 1e-12)
    elif "at most ρ" in said:
        assert rho < 0 and d <= rho * (1 - 1e-12)
    else:
        assert abs(rho) < 1e-12 and abs(d) < 1e-12


def share(predict, w_f, box, k=400):
    """The share of the box, on a k×k grid of cell centres, where ``predict`` and f = sign(w_fᵀx̃) disagree."""
    xs = box[0] + (np.arange(k) + 0.5) * (box[1] - box[0]) / k
    ys = box[2] + (np.arange(k) + 0.5) * (box[3] - box[2]) / k
    gx, gy = np.meshgrid(xs, ys)
    f = np.sign(w_f[0] + w_f[1] * gx + w_f[2] * gy)
    return float(np.mean(predict != f))


class _Pocket:
    """Just what pocket_words.constant reads of a Pocket trace."""

    def __init__(self, w, sz):
        self.pocket_weights, self.settings = np.array([w], dtype=float), {"sign_zero": sz}


@SETTINGS
@given(st.sampled_from(READINGS), st.sampled_from([0.0, 0.5, -2.0]),
       st.tuples(st.floats(-0.5, 0.5), st.floats(0.3, 2), st.floats(-2, 2)))
def test_e_out_of_a_pocket_with_no_line_is_what_its_reason_says(sz, b, w_f):
    box = (-1.0, 1.0, -1.0, 1.0)
    w = (b, 0.0, 0.0)
    eout = pla_core.geometry.disagreement(w, w_f, box, sign_zero=sz)
    why = pocket_words.constant(_Pocket(w, sz), 0)
    if "counts a tie as wrong for both classes" in why:
        assert b == 0 and sz is None and eout == 1.0
    elif "counts a tie as right for both classes" in why:
        assert b == 0 and sz == "both" and eout == 0.0
    else:
        said = +1 if "sign(0) says +1" in why or "sign(b) = +1" in why else -1
        assert f"wherever f says {'−1' if said > 0 else '+1'}" in why
        assert math.isclose(eout, share(said, w_f, box), abs_tol=0.01)


@SETTINGS
@given(grid_sets(4, 14), st.booleans(), st.sampled_from([None, 1, -1]))
def test_the_pocket_page_says_never_halts_only_of_labels_no_line_fits(data, bias, sz):
    X, y = data
    trace = pla_core.pocket(X, y, bias=bias, sign_zero=sz, max_updates=300, seed=0)
    extras = {"labels_separable": pla_core.is_separable(X, y, bias=bias), "f_errors": None}
    said = pocket_words.labels_words(trace, extras) or ""
    if "PLA never halts on them" in said:
        assert pla_core.pla(X, y, bias=bias, sign_zero=sz, max_updates=100_000).cycle is not None
    if "PLA would halt on them" in said:
        assert pla_core.pla(X, y, bias=bias, sign_zero=sz, max_updates=100_000).halted
    ends = " ".join(pocket_words.end_words(trace, len(trace), extras, "To cap"))
    if "these labels are separable" in ends:
        assert trace.halted and pla_core.is_separable(X, y, bias=bias)


@SETTINGS
@given(grid_sets(3, 14), st.sampled_from([None, 2, 3, 5]), st.booleans(), st.sampled_from(READINGS),
       st.integers(0, 6))
def test_the_gradient_step_the_batch_page_names_is_the_update(data, b, average, sz, t):
    X, y = data
    b = None if b is None else min(b, len(y))
    trace = pla_core.batch(X, y, batch_size=b, average=average, sign_zero=sz, max_updates=40)
    if t >= len(trace):
        return
    said = batch_words.descent(trace)
    w, n = trace.weights[t], len(y)
    Xt = np.column_stack([np.ones(n), X])
    bad = pla_core.reference.is_mistake(y * (Xt @ w), np.linalg.norm(w), radius_bound(X, True),
                                        pla_core.reference.tie_mask(y, sz))
    if b is None:  # −η∇J, or −η∇(J/n): J over the mistakes of all n points
        assert "∇J(wₜ)" in said or "∇(J/n)(wₜ)" in said
        inside, c = bad, (1 / n if "J/n" in said else 1.0)
    else:  # −η∇J(wₜ; B), or −η∇(J(wₜ; B)/b): J over the mistakes of the block the update was made on
        assert "∇J(wₜ; B)" in said or "∇(J(wₜ; B)/b)" in said
        inside = bad & np.isin(np.arange(n), batch_words.block(trace, t))
        c = 1 / b if "B)/b)" in said else 1.0
    grad = -(y[inside, None] * Xt[inside]).sum(axis=0)  # ∇ of Σ −yₙwᵀx̃ₙ over those mistakes
    assert np.allclose(trace.weights[t + 1], w - c * grad, atol=1e-9)

