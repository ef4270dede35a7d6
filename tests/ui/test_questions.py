"""The Check-yourself questions' answers on many random data sets (hypothesis), against what the notes prove and a
textbook loop: the right choice is never typed in, so it must agree with the theory wherever the theory speaks."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as hs

import pla_core
from pla_lab.framework import questions
from pla_lab.lessons.halts import halts_checks
from pla_lab.lessons.halts import halts_proof as proof
from pla_lab.lessons.pocket import pocket_checks
from pla_lab.lessons.xor import xor_checks
from tests.core.test_exact_runs import exact_pla

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@hs.composite
def data(draw, *, separable: bool | None = None):
    """Points on a 0.1 grid in [−1, 1]² with labels (separable ones from a random line, else random labels)."""
    n = draw(hs.integers(3, 14))
    cells = draw(hs.lists(hs.tuples(hs.integers(-10, 10), hs.integers(-10, 10)), min_size=n, max_size=n,
                          unique=True))
    X = np.array(cells, dtype=float) / 10
    if separable or (separable is None and draw(hs.booleans())):
        w = np.array([draw(hs.integers(-5, 5)) / 10 + 0.05, draw(hs.integers(-9, 9)) + 0.5,
                      draw(hs.integers(-9, 9)) + 0.25])
        y = np.where(w[0] + X @ w[1:] > 0, 1.0, -1.0)
    else:
        y = np.array(draw(hs.lists(hs.sampled_from([-1.0, 1.0]), min_size=n, max_size=n)))
    return X, y


@SETTINGS
@given(data(), hs.integers(0, 30))
@example(d=(np.array([[0.2, 0.3], [0, 0], [0, 0.1], [0, -0.1], [-0.4, 0.7], [-0.1, 0]]),
            np.array([1.0, 1, 1, 1, -1, -1])), t=5)  # point #0's score at w₆ is exactly 0 (7e-17 in floats)
def test_next_point_is_the_textbook_loop_s(d, t):
    X, y = d
    tr = pla_core.pla(X, y, max_updates=60, stop_on_cycle=False)
    q = questions.next_point(tr, t)
    if t + 1 >= len(tr):
        assert q is None
        return
    # the textbook loop in Fractions (the points lie on a 0.1 grid): a float loop reads an exact 0 as 7e-17
    i = exact_pla(X, y, updates=t + 2)[1][t + 1]  # update t+2's point
    assert q.choices[q.answer].startswith(f"point #{i}:")
    assert len(q.choices) >= 2 and len(set(q.choices)) == len(q.choices)


@SETTINGS
@given(data(), hs.integers(0, 30), hs.sampled_from([0.1, 1.0, 3.0]))
def test_an_update_always_raises_the_corrected_point_s_score(d, t, eta):
    X, y = d
    tr = pla_core.pla(X, y, eta=eta, max_updates=60, stop_on_cycle=False)
    q = questions.score_moves(tr, t)
    if t >= len(tr):
        assert q is None
    else:
        assert q.choices[q.answer] == "Larger"


@SETTINGS
@given(data(separable=True), hs.integers(0, 30))
def test_on_separable_points_w_star_grows_by_eta_rho_and_t_stays_below_the_bound(d, t):
    X, y = d
    tr = pla_core.pla(X, y, max_updates=5000, stop_on_cycle=False)
    p = proof.facts(tr)
    assert tr.halted and p.separable
    q = halts_checks.below_bound(tr, p)
    assert q.choices[q.answer] == "Yes: T ≤ R²/ρ*²"
    q = halts_checks.alignment(tr, p, t)
    assert (q is None) == (t >= len(tr))
    if q is not None:
        assert q.choices[q.answer] == "By at least ηρ*"


@SETTINGS
@given(data(separable=False))
def test_halting_and_the_period_follow_the_run(d):
    X, y = d
    tr = pla_core.pla(X, y, max_updates=400, stop_on_cycle=False)
    sep = pla_core.is_separable(X, y)
    q = questions.will_halt(tr, separable=sep, go="Run")
    assert q.answer == (0 if tr.halted else 1)
    assert not tr.halted or sep  # a halted run found a separating line
    q = xor_checks.period(tr)
    assert (q is None) == (tr.cycle is None)
    if q is not None:
        p = tr.weight_cycle[1]  # the weights' least period (issue 44): it divides the state's, tr.cycle[1]
        assert q.choices[q.answer] == f"{p} update{'s' if p != 1 else ''}" and tr.cycle[1] % p == 0


@SETTINGS
@given(data(separable=False), hs.integers(0, 40))
def test_pocket_s_w_hat_is_never_worse(d, t):
    X, y = d
    tr = pla_core.pocket(X, y, max_updates=60, seed=1)
    t = min(t, len(tr))
    assert pocket_checks.pocket_worse(tr).choices[pocket_checks.pocket_worse(tr).answer] == "No, never"
    q = pocket_checks.pocket_vs_w(tr, t)
    assert q.choices[q.answer] in ("Fewer", "As many")
