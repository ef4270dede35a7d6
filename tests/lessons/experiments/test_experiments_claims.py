"""What the Experiments lesson states about many runs, tested as a claim (issue 32): whether any run "went past its
own bound R²/ρ*²" (a run of one point makes T = 1 = R²/ρ*² exactly, where the float bound can be 0.9999999999999998),
and Check yourself's mean against median and the sweep, compared exactly (T are whole numbers). The oracle: the
theorem (T ≤ R²/ρ*² from w₀ = 0), the bound of one point by hand (x̃ itself is the nearest point: R²/ρ*² = 1) and of
any run in Fractions (pla_core.facts on its rebuilt data), each run's T replayed by the exact loop."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pla_core import experiment as E
from pla_core import facts
from pla_lab.lessons.experiments import experiments_checks as checks
from pla_lab.lessons.experiments.experiments_show import bound_text
from tests.core.test_exact_runs import READINGS, exact_pla
from tests.examples import examples

SETTINGS = settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
RUNS = 8


def experiment(n, seed, sign_zero, order, bias=True):
    kw = dict(order=order, eta=1.0, w0=(0.0, 0.0, 0.0), bias=bias, sign_zero=sign_zero, max_updates=3000)
    res = E.experiment(n, 0, RUNS, seed=seed, bound_runs=RUNS, **kw)
    return res, {"n": n, "p": 0.0, "seed": seed, "kw": kw}


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from(READINGS), st.sampled_from(["cyclic", "random"]))
@example(0, None, "cyclic")
def test_runs_of_one_point_meet_their_bound_and_none_goes_past_it(seed, sign_zero, order):
    res, cfg = experiment(1, seed, sign_zero, order)
    d = E.lfd_runs(1, 0, RUNS, seed=seed)
    T = [len(exact_pla(d.X[r], d.y[r], order=order, seed=int(d.seeds[r]), sign_zero=sign_zero)[1])
         for r in range(RUNS)]
    assert res["T"].tolist() == T  # 1, or 0 when a tie is read as right ("both")
    b = checks.bound_check(res, cfg)
    assert (b.k, b.over, b.met) == (RUNS, 0, sum(t == 1 for t in T))  # one point: R²/ρ*² = ‖x̃‖²/‖x̃‖² = 1
    q = checks.over_bound(res, cfg)
    assert q.choices[q.answer] == "No" and (f"{b.met:,} run" in q.why) == (b.met > 0)
    said = bound_text(b)
    assert "≤ 1" in said and "past" not in said and ("made exactly as many updates" in said) == (b.met > 0)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 6), st.integers(0, 10**6), st.sampled_from(READINGS), st.booleans())
def test_no_run_is_said_to_go_past_its_bound_and_the_runs_with_one_are_counted(n, seed, sign_zero, bias):
    res, cfg = experiment(n, seed, sign_zero, "cyclic", bias)
    d = E.lfd_runs(n, 0, RUNS, seed=seed)
    bounds = [facts.bound(d.X[r], d.y[r], bias=bias) for r in range(RUNS)]
    b = checks.bound_check(res, cfg)
    have = [B for B in bounds if B is not None]
    if not have:
        assert b is None and checks.over_bound(res, cfg) is None
        return
    T = [int(t) for t, B in zip(res["T"], bounds) if B is not None]
    assert all(t <= B for t, B in zip(T, have))  # the theorem, exactly
    assert (b.k, b.over, b.met) == (len(have), 0, sum(t == B for t, B in zip(T, have)))
    assert checks.over_bound(res, cfg).answer == 1


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=12), st.lists(st.integers(0, 40), min_size=1, max_size=12))
@example([1, 2, 3], [2, 2])  # mean = median
@example([0, 0, 3], [1, 1, 1])
def test_mean_against_median_and_the_sweep_are_decided_exactly(T, U):
    mean = Fraction(sum(T), len(T))
    s = sorted(T)
    med = Fraction(s[(len(s) - 1) // 2] + s[len(s) // 2], 2)
    q = checks.mean_median(np.array(T))
    assert q.choices[q.answer] == (checks.EQUAL if mean == med else checks.ABOVE if mean > med else checks.BELOW)
    res = {"T": np.array(T + U), "N": np.array([10] * len(T) + [20] * len(U))}
    q = checks.sweep_grows(checks.sweep_means(res))
    assert q.choices[q.answer] == ("Yes" if Fraction(sum(U), len(U)) > mean else "No")
