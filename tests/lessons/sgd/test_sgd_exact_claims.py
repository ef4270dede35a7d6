"""The sentences of "The perceptron as gradient descent" that are not about one run but about every run (issue 32,
"statements wrong in any arithmetic"): each is checked against the arithmetic that makes it true, and the page is
held to saying only that."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pla_core
from pla_lab.lessons.sgd import sgd_words
from pla_lab.lessons.sgd.sgd_options import OPTIONS
from tests.core.test_exact_runs import dec
from tests.examples import examples

HELP = {s.key: s.help for s in OPTIONS}
GUIDE = " ".join(sgd_words.GUIDE.split())


def paragraph(title: str) -> str:
    return " ".join(sgd_words.GUIDE.split(f"**{title}**")[1].split("\n\n")[0].split())


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(a=st.integers(-12, 12), b=st.integers(-12, 12), bias=st.booleans(), eta=st.sampled_from([0.05, 0.1, 0.3, 1.0]),
       sign0=st.sampled_from([None, "both", 1, -1]))
def test_one_point_takes_the_ceiling_of_one_over_eta_x_squared_hinge_updates_to_reach_one(a, b, bias, eta, sign0):
    """The guide: "one point alone, x̃ ≠ 0, needs ⌈1/(η·‖x̃‖²)⌉ updates to get y·wᵀx̃ ≥ 1" from w₀ = 0, so a smaller
    η can take more. Counted on the exact hinge run."""
    X, y = np.array([[a / 10, b / 10]]), np.array([1.0])
    x2 = Fraction(int(bias)) + Fraction(a, 10) ** 2 + Fraction(b, 10) ** 2
    if x2 == 0:
        return
    need = math.ceil(1 / (Fraction(repr(eta)) * x2))
    s = pla_core.sgd(X, y, loss="hinge", eta=eta, bias=bias, sign_zero=sign0, epochs=need + 2,
                     stop_when_still=False)
    xt = (Fraction(int(bias)), Fraction(a, 10), Fraction(b, 10))
    m = [sum(dec(u) * v for u, v in zip(w, xt)) for w in s.weights]  # y = +1
    first = next(t for t, v in enumerate(m) if v >= 1)
    assert first == need  # every step before it is an update (m < 1)
    assert "a smaller η can take more updates to reach the 1" in GUIDE
    assert "needs ⌈1/(η·‖x̃‖²)⌉ updates to get y·wᵀx̃ ≥ 1" in GUIDE


def test_the_lecture_s_logistic_step_is_said_to_simplify_not_to_slip():
    """COS 495: w + η·σ(a)(1 − σ(a))/(n·σ(a))·y·x, the gradient of −(1/n)·log σ(a) (σ′ = σ(1 − σ)): right, and equal
    to η·(1 − σ(a))/n·y·x, the app's step with η/n for η."""
    for a in (-3.0, -0.5, 0.0, 0.7, 4.0):
        s = 1 / (1 + math.exp(-a))
        assert math.isclose(s * (1 - s) / s, 1 - s, rel_tol=1e-12)
        h = 1e-6  # d/da of −log σ(a) is −(1 − σ(a))
        fd = (-math.log(1 / (1 + math.exp(-(a + h)))) + math.log(1 / (1 + math.exp(-(a - h))))) / (2 * h)
        assert math.isclose(fd, -(1 - s), rel_tol=1e-6)
    slips = paragraph("Where the notes slip.")
    assert "logistic" not in slips and "σ" not in slips
    simplified = paragraph("The logistic step, simplified.")
    assert "That is right, left unsimplified" in simplified and "**η·(1 − σ(a))/n·y·x**" in simplified


def test_the_decay_toggle_says_the_lecture_s_eta_t_is_generic():
    assert "η/√t" not in HELP["decay"].split("The COS 495 lecture writes")[1].split(";")[0]
    assert "a generic ηₜ; the app takes η/√t" in HELP["decay"]
    assert "The lecture writes a generic ηₜ; the toggle takes ηₜ = η/√t" in GUIDE


def test_the_passes_help_says_what_each_order_visits():
    """pla_core.sgd: cyclic and permuted visit each point once a pass; random draws with replacement."""
    X, y = np.array([[0.1 * k, 0.2] for k in range(6)]), np.array([1.0, -1.0] * 3)
    r = pla_core.sgd(X, y, order="random", seed=0, epochs=4, stop_when_still=False).mistakes.reshape(4, 6)
    assert any(len(set(row)) < 6 for row in r.tolist())
    assert "Each pass visits every point once" not in HELP["epochs"]
    assert "with replacement" in HELP["epochs"] and "in the same shuffled order every pass" in HELP["epochs"]


def test_the_squared_loss_help_calls_its_condition_sufficient_not_necessary():
    """tests/core/test_sgd.py checks the factor 1 − 2η‖x̃‖², the sufficiency and a run that settles past it."""
    X, y = np.array([[3.2, 0.0], [1.0, 0.0]]), np.array([1.0, 1.0])
    run = pla_core.sgd(X, y, loss="squared", eta=0.1, bias=False, epochs=200, stop_when_still=False)
    assert run.stop == "epochs" and 0.1 * 3.2**2 > 1  # past η‖x̃‖² < 1 and not diverged
    assert "needs η·‖x̃‖² < 1" not in HELP["eta"]
    assert "by 1 − 2η·‖x̃‖², which shrinks it exactly when η·‖x̃‖² < 1" in HELP["eta"]
    assert "sufficient, not necessary" in HELP["eta"]
