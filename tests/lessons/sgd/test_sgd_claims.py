"""Every sentence the lesson "The perceptron as gradient descent" states about its runs, tested as a claim on many
data sets (hypothesis), against a plain loop written here: that a line "will not move again", that no point is
wrong, that every point clears y·wᵀx̃ ≥ 1, the counts of mistakes, and Check yourself's "which lines will not move"."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pla_core import datasets
from pla_lab.lessons.sgd import sgd_checks, sgd_runs, sgd_words
from tests.core.test_exact_runs import Exact, dec

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
