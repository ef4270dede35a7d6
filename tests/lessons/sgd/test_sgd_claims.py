"""Every sentence the lesson "The perceptron as gradient descent" states about its runs, tested as a claim on many
data sets (hypothesis), against a plain loop written here: that a line "will not move again", that no point is
wrong, that every point clears y·wᵀx̃ ≥ 1, the counts of mistakes, and Check yourself's "which lines will not move".
Issue 32: on data aimed at ties (small grids, w₀ on a point's line, every reading of sign(0)) the same claims against
the run redone in exact decimals (tests/core/test_exact_runs's Exact), a decayed η in exact surds (Σ c/√s), and the
logistic loss at margins past 40."""

from __future__ import annotations

import itertools
import math
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pla_core import datasets
from pla_lab.api import text
from pla_lab.lessons.sgd import sgd_checks, sgd_runs, sgd_words
from tests.core.test_exact_runs import Exact, dec
from tests.examples import examples

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
LOSSES = ("perceptron", "hinge", "logistic", "squared")


def runs_of(seed, n, noise, eta, epochs, sign0):
    d = datasets.separable(n, margin=0.05, noise=noise, seed=seed)
    X = np.round(d.X, 2)
    kw = dict(eta=eta, order="cyclic", w0=(0.0, 0.0, 0.0), bias=True, sign_zero=sign0, seed=0)
    return X, d.y, sgd_runs.four(X, d.y, kw, epochs=epochs, decay=False)


def one_more_pass(loss, w, X, y, eta, tie_wrong):
    """A plain pass over the points from w, in order: whether any of its steps moves w (the squared loss's w can be
    back where it was after a full pass, its constant-η SGD ending in a cycle of n steps, and still move at every
    step). The losses with a kink are read in exact decimals (tests/core/test_exact_runs), as their runs on grid data
    are."""
    kink = {"perceptron": 0, "hinge": 1}.get(loss)
    if kink is not None:  # w moves at the first point with m < kink (or a tie read as wrong): by η·y·x̃ ≠ 0
        ex, w = Exact(X, y), [dec(v) for v in w]
        return any((m := ex.score(w, i)) < kink or (m == kink and tie_wrong(y[i])) for i in range(len(y)))
    w = np.array(w, dtype=float)
    moved = False
    for x0, yi in zip(X, y):
        x = np.array([1.0, *x0])
        m = yi * (w @ x)
        if loss == "logistic":
            g = -yi * x * 0.5 * (1 - np.tanh(0.5 * m))
        else:
            g = 2 * (w @ x - yi) * x
        moved = moved or bool(np.any(g != 0))
        w = w - eta * g
    return moved


def tie_rule(sign0):
    return {None: lambda y: True, "both": lambda y: False, 1: lambda y: y < 0, -1: lambda y: y > 0}[sign0]


def wrong_count(loss, w, X, y, sign0):
    """Points with y·wᵀx̃ < 0, or = 0 where the tie rule calls 0 wrong: in exact decimals for the losses with a kink
    (a float sum can leave ±4e-17 where the true score is 0)."""
    if loss in ("perceptron", "hinge"):
        ex, w = Exact(X, y, sign_zero=sign0), [dec(v) for v in w]
        return sum(ex.wrong(w, i) for i in range(len(y)))
    wrong = tie_rule(sign0)
    m = y * (np.column_stack([np.ones(len(y)), X]) @ w)
    return int(np.sum((m < 0) | ((m == 0) & np.array([wrong(v) for v in y]))))


@SETTINGS
@given(seed=st.integers(0, 10_000), n=st.integers(3, 25), noise=st.sampled_from([0.0, 0.1]),
       eta=st.sampled_from([0.05, 0.1, 0.3, 1.0]), epochs=st.integers(1, 12),
       sign0=st.sampled_from([None, "both", 1, -1]))
# the hinge run ends at w = (0, −1.58, 4.74), where point #0's score is exactly 0 (−1.58·0.69 + 4.74·0.23); a float
# sum gives −3.8e-17, wrong under sign0 = "both" by the old float oracle, not by the run
@example(seed=1757, n=11, noise=0.1, eta=1.0, epochs=4, sign0="both")
def test_how_each_run_ends_is_true_of_the_run(seed, n, noise, eta, epochs, sign0):
    X, y, runs = runs_of(seed, n, noise, eta, epochs, sign0)
    for loss, trace in runs.items():
        end = sgd_runs.ending(trace)
        if end.diverged:
            assert loss == "squared"
            continue
        w = trace.weights[-1]
        moves = one_more_pass(loss, w, X, y, trace.settings["eta"], tie_rule(sign0))
        # "w will not move again" ⟺ no step of a further pass moves w
        assert end.still_moving == moves, loss
        assert end.wrong == wrong_count(loss, w, X, y, sign0)
        if loss == "perceptron" and not end.still_moving:
            assert end.wrong == 0  # "no point is wrong"
        if loss == "hinge" and not end.still_moving:
            assert end.min_margin >= 1 - 1e-12  # "every point has y·wᵀx̃ ≥ 1"
        steps = [t for t in range(len(trace)) if not np.array_equal(trace.weights[t + 1], trace.weights[t])]
        assert end.moved == len(steps) and end.last_move == (steps[-1] if steps else None)
    said = sgd_words.endings(sgd_runs.endings(runs))
    for loss, trace in runs.items():
        end = sgd_runs.ending(trace)
        if not end.diverged:
            assert f"**{loss}**: w moved at {end.moved} of {end.T} step" in said
            assert f"{end.wrong} of {n} point{'s' if n > 1 else ''} wrong at the end" in said
            assert ("will not move again" in said.split(f"**{loss}**")[1].split("\n")[0]) == (not end.still_moving)


@SETTINGS
@given(seed=st.integers(0, 10_000), n=st.integers(2, 20), eta=st.sampled_from([0.1, 1.0]),
       t=st.integers(0, 59), sign0=st.sampled_from([None, "both", 1, -1]))
def test_which_lines_will_not_move_is_answered_from_the_runs(seed, n, eta, t, sign0):
    X, y, runs = runs_of(seed, n, 0.1, eta, 3, sign0)
    if any(t >= len(tr) for tr in runs.values()):
        return
    q = sgd_checks.still(runs, t)
    stay = [loss for loss, tr in runs.items() if np.array_equal(tr.weights[t + 1], tr.weights[t])]
    answer = q.choices[q.answer]
    if not stay:
        assert answer == sgd_checks.NONE
    else:
        assert all(f"the {loss}" in answer for loss in stay)
        assert not any(f"the {loss}" in answer for loss in set(LOSSES) - set(stay))


# ---- Issue 32: every claim about a run decided exactly, aimed at ties ----------------------------------------------
# The oracle: the run again in exact decimals (Exact's score and add), visiting the points the run visited, and every
# fact the page states about its end recomputed from the exact w_T with the run's reading of sign(0).

TIE_SETTINGS = settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck))
READINGS = [None, "both", 1, -1]
KINK = {"perceptron": 0, "hinge": 1}


@st.composite
def tie_data(draw):
    """Few points on a coarse grid (small integers, halves, or the 0.1 grid), w₀ on the same grid (often 0 or on a
    point's line), η a grid step: margins land exactly on 0 and 1."""
    step = draw(st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(1, 10)]))
    span = {Fraction(1): 2, Fraction(1, 2): 4, Fraction(1, 10): 10}[step]
    coord = st.integers(-span, span).map(lambda k: float(k * step))
    n = draw(st.integers(1, 5))
    X = np.array([[draw(coord), draw(coord)] for _ in range(n)])
    y = np.array([float(draw(st.sampled_from([1, -1]))) for _ in range(n)])
    bias = draw(st.booleans())
    w0 = draw(st.sampled_from(["zero", "grid", "line"]))
    w = [0.0, 0.0, 0.0] if w0 == "zero" else [draw(st.integers(-2, 2)) * 0.5 for _ in range(3)]
    if w0 == "line":  # w₀'s line through point #0: b = −w₁x₁ − w₂x₂ (a tie at 0 there)
        w[0] = float(-(dec(w[1]) * dec(X[0, 0]) + dec(w[2]) * dec(X[0, 1])))
    if not bias:
        w[0] = 0.0
    eta = draw(st.sampled_from([1.0, 0.5, 0.25, 0.1]))
    return X, y, bias, tuple(w), eta


def exact_end(trace, X, y, loss, eta, w0, bias, sign0):
    """w_T of the run in exact decimals, along the points the run visited, and the Exact data."""
    ex = Exact(X, y, bias=bias, sign_zero=sign0)
    k, tie = KINK[loss], tie_rule(sign0)
    w = tuple(dec(v) for v in w0)
    for i in trace.mistakes.tolist():
        m = ex.score(w, i)
        if m < k or (m == k and tie(y[i])):
            w = ex.add(w, i, dec(eta))
    return w, ex


def facts_at(w, ex, loss, sign0):
    """What is true at w: each point's margin, whether it pulls (non-zero subgradient), is wrong, is at the kink."""
    k, tie = KINK[loss], tie_rule(sign0)
    out = []
    for i in range(len(ex.y)):
        m, zero = ex.score(w, i), not any(ex.X[i])
        pulls = (m < k or (m == k and tie(ex.y[i]))) and not zero
        out.append(dict(m=m, pulls=pulls, wrong=ex.wrong(w, i), at=m == k and not zero, zero=zero))
    return out


def a_pass_moves(w, ex, loss, eta, sign0):
    """One more cyclic pass from w in exact decimals: does any step move w?"""
    k, tie = KINK[loss], tie_rule(sign0)
    for i in range(len(ex.y)):
        m = ex.score(w, i)
        if (m < k or (m == k and tie(ex.y[i]))) and any(ex.X[i]):
            return True
    return False


def separable_exact(ex, keep) -> bool:
    """Whether a line separates the points (strictly) with x̃ ≠ 0, in Fractions: no 0 in the hull of the yₙx̃ₙ.
    Carathéodory: 0 is in the hull iff it is in the hull of some ≤ d+2 of them; each such system λ ≥ 0, Σλ = 1,
    Σλ·yₙx̃ₙ = 0 is solved exactly (a singular one: another subset covers it)."""
    Z = [[ex.y[i] * v for v in ex.X[i]] for i in keep]
    dim = len(Z[0]) if Z else 0
    for size in range(1, min(len(Z), dim + 1) + 1):
        for S in itertools.combinations(range(len(Z)), size):
            A = [[Z[s][j] for s in S] for j in range(dim)] + [[Fraction(1)] * size]
            b = [Fraction(0)] * dim + [Fraction(1)]
            lam = _least_solution(A, b)
            if lam is not None and all(v >= 0 for v in lam):
                return False
    return True


def _least_solution(A, b):
    """The solution of A·λ = b (rows ≥ columns) when it exists and is unique, in Fractions; else None."""
    rows, cols = len(A), len(A[0])
    M = [r[:] + [v] for r, v in zip(A, b)]
    r = 0
    for c in range(cols):
        p = next((i for i in range(r, rows) if M[i][c] != 0), None)
        if p is None:
            return None
        M[r], M[p] = M[p], M[r]
        for i in range(rows):
            if i != r and M[i][c] != 0:
                f = M[i][c] / M[r][c]
                M[i] = [a - f * v for a, v in zip(M[i], M[r])]
        r += 1
    if any(M[i][cols] != 0 for i in range(r, rows)):
        return None
    return [M[i][cols] / M[i][i] for i in range(cols)]


def said_line(said: str, loss: str) -> str:
    return said.split(f"**{loss}**: ")[1].split("\n")[0]


@TIE_SETTINGS
@given(data=tie_data(), loss=st.sampled_from(["perceptron", "hinge"]), sign0=st.sampled_from(READINGS),
       epochs=st.integers(1, 4), order=st.sampled_from(["cyclic", "cyclic", "permuted", "random"]),
       seed=st.integers(0, 3))
@example(data=(np.array([[1.0, 0.0]]), np.array([1.0]), False, (0.0, 0.0, 0.0), 0.5), loss="hinge", sign0=None,
         epochs=2, order="cyclic", seed=0)  # ends exactly at m = 1: None pulls, "both" does not
@example(data=(np.array([[1.0, 0.0]]), np.array([1.0]), False, (0.0, 0.0, 0.0), 0.5), loss="hinge", sign0="both",
         epochs=2, order="cyclic", seed=0)
@example(data=(np.array([[0.0, 0.0], [1.0, 1.0]]), np.array([1.0, -1.0]), False, (0.0, 0.0, 0.0), 0.5),
         loss="perceptron", sign0=None, epochs=2, order="cyclic", seed=0)  # a point at the origin, bias off
# one update takes w₀ = (−1, 0.5, −0.5) to (0, 0.6, −0.2): the point's score 0.06 − 0.06 is exactly 0, a float −3.3e−18;
# sign(0) = +1 counts this ○ right, so w will not move again (a float reading had "1 point still pulls on w")
@example(data=(np.array([[0.1, 0.3]]), np.array([1.0]), True, (-1.0, 0.5, -0.5), 1.0), loss="perceptron", sign0=1,
         epochs=1, order="cyclic", seed=0)
def test_how_a_kinked_run_ends_and_whether_it_moves_on_are_the_exact_run_s(data, loss, sign0, epochs, order, seed):
    X, y, bias, w0, eta = data
    kw = dict(eta=eta, order=order, w0=w0, bias=bias, sign_zero=sign0, seed=seed)
    runs = sgd_runs.four(X, y, kw, epochs=epochs, decay=False)
    trace = runs[loss]
    w, ex = exact_end(trace, X, y, loss, eta, w0, bias, sign0)
    assert [float(v) for v in w] == trace.weights[-1].tolist()  # the oracle follows the run
    f = facts_at(w, ex, loss, sign0)
    end = sgd_runs.ending(trace)
    moves = a_pass_moves(w, ex, loss, eta, sign0)
    assert moves == any(p["pulls"] for p in f)  # more passes move w ⟺ some subgradient at w_T is not 0
    assert end.still_moving == moves
    assert end.wrong == sum(p["wrong"] for p in f)
    assert end.pushing == sum(p["pulls"] for p in f)
    assert end.pushing_right == sum(p["pulls"] and not p["wrong"] for p in f)
    assert end.at_kink == sum(p["at"] for p in f) and end.kink_pulls == sum(p["at"] and p["pulls"] for p in f)
    nonzero = [p["m"] for p in f if not p["zero"]] or [p["m"] for p in f]
    assert end.min_margin == min(nonzero)
    said = said_line(sgd_words.endings(sgd_runs.endings(runs)), loss)
    assert ("will not move again" in said) == (not moves)
    if moves:
        k = end.pushing
        assert f"{k} point{'s' if k != 1 else ''} still pull{'s' if k == 1 else ''} on w" in said
    if loss == "hinge":
        small = text.exact(min(nonzero))
        assert f"smallest y·wᵀx̃ = {small};" in said or f"(the smallest is {small}" in said
        q = sgd_checks.hinge_moves_on(end)
        assert q.choices[q.answer] == ("Yes" if moves else "No")
        below = sum(p["pulls"] and p["m"] < 1 for p in f)
        assert (f"{below} point{'s' if below != 1 else ''} ha{'ve' if below != 1 else 's'} y·wᵀx̃ < 1" in q.why) == \
            (moves and below > 0)
        assert ("exactly at the kink" in q.why) == any(p["at"] for p in f)
        if any(p["at"] for p in f):  # what the reading makes of the kink, as the oracle has it
            wrong_at = sum(p["at"] and p["pulls"] for p in f)
            assert ("counts as a mistake" in q.why or "as a mistake (the other" in q.why) == (wrong_at > 0)
        if moves:
            sep = separable_exact(ex, [i for i, p in enumerate(f) if not p["zero"]])
            assert ("until every point clears" in q.why) == sep
            assert ("never stops" in q.why) == (not sep)
        else:
            assert "has y·wᵀx̃ ≥ 1" in q.why
    else:
        if not moves and end.wrong == 0:
            assert "no point is wrong" in said


def _squarefree(t: int) -> tuple[int, int]:
    """t = r²·s with s squarefree: (r, s)."""
    r, s, p = 1, 1, 2
    while p * p <= t:
        while t % (p * p) == 0:
            t //= p * p
            r *= p
        p += 1
    return r, s * t


class Surd:
    """A number Σₛ cₛ/√s (cₛ rational, s squarefree): exact equality (square roots of distinct squarefree numbers are
    linearly independent over ℚ, so the sum is 0 only when every cₛ is), and its sign from 50 digits."""

    def __init__(self, parts=None):
        self.parts = {s: c for s, c in (parts or {}).items() if c != 0}

    def __add__(self, o):
        out = dict(self.parts)
        for s, c in o.parts.items():
            out[s] = out.get(s, Fraction(0)) + c
        return Surd(out)

    def scale(self, q: Fraction):
        return Surd({s: c * q for s, c in self.parts.items()})

    def sign_minus(self, k: int) -> int:
        """The sign of self − k, exactly 0 at a tie."""
        d = self + Surd({1: Fraction(-k)})
        if not d.parts:
            return 0
        with localcontext() as ctx:
            ctx.prec = 50
            v = sum(Decimal(c.numerator) / Decimal(c.denominator) / Decimal(s).sqrt() for s, c in d.parts.items())
        return 1 if v > 0 else -1


def exact_decayed(trace, X, y, loss, eta, w0, bias, sign0):
    """The decayed run (ηₜ = η/√t) in exact surds, along the run's visits: at each step (the visited point's margin
    as a Surd, its sign against the kink, whether it moves w); and w_T."""
    ex = Exact(X, y, bias=bias, sign_zero=sign0)
    k, tie = KINK[loss], tie_rule(sign0)
    w = [Surd({1: dec(v)}) for v in w0]
    steps = []
    for t, i in enumerate(trace.mistakes.tolist(), start=1):
        m = Surd()
        for wj, xj in zip(w, ex.X[i]):
            m = m + wj.scale(xj * ex.y[i])
        sign = m.sign_minus(k)
        moves = (sign < 0 or (sign == 0 and tie(y[i]))) and any(ex.X[i])
        steps.append((sign, moves))
        if moves:
            r, s = _squarefree(t)
            step = dec(eta) / r  # η/√t = (η/r)/√s
            w = [wj + Surd({s: step * ex.y[i] * xj}) for wj, xj in zip(w, ex.X[i])]
    return steps, w, ex


@settings(max_examples=examples(800), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=tie_data(), loss=st.sampled_from(["perceptron", "hinge"]), sign0=st.sampled_from(READINGS),
       epochs=st.integers(1, 3), order=st.sampled_from(["cyclic", "permuted"]), t=st.integers(0, 14))
# w₀ = (−0.1, 0.5, −0.5) puts the point on its line: −0.1 − 0.05 + 0.15 sums to +2.8e−17 in floats, which read "right"
# where sign(0) = +1 makes a tie of class −1 a mistake
@example(data=(np.array([[-0.1, -0.3]]), np.array([-1.0]), True, (-0.1, 0.5, -0.5), 1.0), loss="perceptron", sign0=1,
         epochs=1, order="cyclic", t=0)
def test_a_decayed_run_decides_each_tie_as_the_exact_run_and_says_so(data, loss, sign0, epochs, order, t):
    """η decaying runs in floating point; a margin within TIE·‖w‖·R of the kink is the kink. On small grid data the
    exact run (in surds) has real ties, and every decision, margin and word of the page is the exact run's."""
    X, y, bias, w0, eta = data
    runs = sgd_runs.four(X, y, dict(eta=eta, order=order, w0=w0, bias=bias, sign_zero=sign0, seed=1),
                         epochs=epochs, decay=True)
    trace = runs[loss]
    steps, w, ex = exact_decayed(trace, X, y, loss, eta, w0, bias, sign0)
    k = KINK[loss]
    for u, (sign, moves) in enumerate(steps):  # the run moved exactly where the exact run moves
        assert bool(np.any(trace.updates[u] != 0)) == moves, u
    if t < len(trace):
        sign, moves = steps[t]
        s = sgd_runs.step(trace, t)
        assert s.moves == moves and (s.m == k) == (sign == 0) and (s.m < k) == (sign < 0)
        said = sgd_words.numbers(runs, loss, t)
        if sign == 0:  # printed as the kink, decided within the stated tolerance, by the run's reading
            assert f"= **{k}**;" in said and f"(m = {k}: the kink, decided within floating point's tolerance" in said
            assert ("counts it as a mistake" in said) == tie_rule(sign0)(y[s.i])
            assert ("counts it as right" in said) == (not tie_rule(sign0)(y[s.i]))
        else:
            assert "the kink, decided" not in said
    end = sgd_runs.ending(trace)
    pulls = []
    for i in range(len(y)):
        m = Surd()
        for wj, xj in zip(w, ex.X[i]):
            m = m + wj.scale(xj * ex.y[i])
        sg = m.sign_minus(k)
        pulls.append((sg < 0 or (sg == 0 and tie_rule(sign0)(y[i]))) and any(ex.X[i]))
    assert end.still_moving == any(pulls) and end.pushing == sum(pulls)


@settings(max_examples=examples(250), deadline=None, suppress_health_check=list(HealthCheck))
@given(far=st.integers(5, 12), w1=st.integers(1, 6), b=st.integers(-3, 3), n=st.integers(1, 4),
       eta=st.sampled_from([0.1, 1.0, 5.0]), decay=st.booleans(), t=st.integers(0, 8))
def test_the_logistic_gradient_is_never_said_to_be_0_at_large_margins(far, w1, b, n, eta, decay, t):
    """Points far out on both sides and w₀ = (b, w₁, 0): every margin is w₁·(10·far) ± b > 40, where 1 − σ(m) computed
    as a difference is exactly 0. The page says a gradient is 0 nowhere; where every step is below what floating point
    can add to w (recomputed here with σ(−m) = e⁻ᵐ/(1 + e⁻ᵐ)), it says so, and that the gradient is never 0."""
    X = np.array([[10.0 * (far + j), float(j)] for j in range(n)] + [[-10.0 * (far + j), float(j)] for j in range(n)])
    y = np.array([1.0] * n + [-1.0] * n)
    runs = sgd_runs.four(X, y, dict(eta=eta, order="cyclic", w0=(float(b), float(w1), 0.0), bias=True,
                                    sign_zero=None, seed=0), epochs=2, decay=decay)
    trace = runs["logistic"]
    end = sgd_runs.ending(trace)
    w = trace.weights[-1]
    Xt = np.column_stack([np.ones(len(y)), X])
    m = y * (Xt @ w)
    assert m.min() > 40
    step = eta / np.sqrt(len(trace) + 1) if decay else eta
    grads = [math.exp(-v) / (1 + math.exp(-v)) for v in m]  # σ(−m) > 0, a float 0 only past m ≈ 745 (underflow)
    stuck = all(np.array_equal(w + step * g * yi * x, w) for g, yi, x in zip(grads, y, Xt))
    said = said_line(sgd_words.endings(sgd_runs.endings(runs)), "logistic")
    assert "gradient is 0" not in said and "will not move again" not in said
    assert end.still_moving and end.stuck == stuck
    assert ("smaller than floating point can add to w" in said and "the gradient is never 0" in said) == stuck
    if t < len(trace):
        words = sgd_words.numbers(runs, "logistic", t)
        factor = words.split("(1 − σ(")[1].split("·x̃")[0]
        assert not factor.endswith("·0"), factor  # 1 − σ(m) is printed as the tiny number it is
