"""The lesson "The perceptron as gradient descent" through Streamlit's AppTest: the four lines the plot is sent and
the numbers the page says, against a textbook SGD loop written here (the loss's formula, one point at a time) on
the points of the link; its options in the link; the far-away example; a step size the squared loss cannot take."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons import SGD
from pla_lab.words.text import num

from tests.ui.helpers import button, key, markdown, plot, url
from tests.ui.helpers import start as _start

PAGE = "../pages/sgd.py"
LOSSES = ("perceptron", "hinge", "logistic", "squared")


def start(params: dict | None = None):
    return _start(params, PAGE)


def textbook(X, y, loss, *, eta, epochs, decay=False, w0=(0.0, 0.0, 0.0), tie_is_mistake=True):
    """SGD as the notes write it, cyclic order, one point at a time: w ← w − ηₜ·∇ℓ(w; xᵢ, yᵢ)."""
    w = np.array(w0, dtype=float)
    W = [w.copy()]
    for t in range(epochs * len(y)):
        i = t % len(y)
        x = np.array([1.0, *X[i]])
        m = y[i] * (w @ x)
        if loss == "perceptron":
            g = -y[i] * x if (m < 0 or (m == 0 and tie_is_mistake)) else 0 * x
        elif loss == "hinge":
            g = -y[i] * x if (m < 1 or (m == 1 and tie_is_mistake)) else 0 * x
        elif loss == "logistic":
            g = -y[i] * x / (1 + math.exp(m))
        else:
            g = 2 * (w @ x - y[i]) * x
        w = w - (eta / math.sqrt(t + 1) if decay else eta) * g
        W.append(w.copy())
    return np.array(W)


def link_run(at):
    """(X, y, settings, options) from the address bar alone."""
    q = url(at)
    pts, _ = C.decode_points(q["pts"])
    values, problems = S.read_params(q)
    options, more = S.read_params(q, SGD.options)
    assert not problems and not more
    X, y = model.arrays(pts)
    return X, y, S.pla_kwargs(values), options


def test_the_four_lines_are_four_textbook_runs_and_step_together():
    at = start()
    X, y, kw, opt = link_run(at)
    assert (kw["eta"], opt["epochs"], opt["loss"], opt["decay"]) == (0.1, 30, "perceptron", False)
    data = plot(at)
    assert data["T"] == 30 * len(y) and data["visits"] is True
    lines = data["companion"]
    assert [c["label"] for c in lines] == ["perceptron", "hinge", "logistic", "squared"]
    assert len({(c["color"], c["dash"]) for c in lines}) == 4  # four styles, not four colours alone
    assert [c["arrows"] for c in lines] == [False, True, True, True]  # the picked loss's arrows are the plot's own
    for _ in range(5):
        button(at, "Step").click().run()
    data = plot(at)
    assert data["t"] == 5
    for c, loss in zip(data["companion"], LOSSES):
        W = textbook(X, y, loss, eta=0.1, epochs=30)
        assert c["T"] == len(W) - 1
        np.testing.assert_allclose(c["W"], W[c["t0"]:c["t0"] + len(c["W"])], atol=1e-9)
        np.testing.assert_allclose(c["last"], W[-1], atol=1e-9)
    # the arrows' run is the picked loss's: the plot's window is the perceptron loss's weights
    np.testing.assert_allclose(data["win"]["W"], textbook(X, y, "perceptron", eta=0.1, epochs=30)[
        data["win"]["t0"]:data["win"]["t0"] + len(data["win"]["W"])], atol=1e-9)


def test_the_step_s_numbers_are_the_picked_loss_s_and_a_pick_is_kept_in_the_link():
    at = start()
    at.selectbox(key=key("sgd", "loss")).set_value("logistic").run()
    assert url(at)["loss"] == "logistic"
    for _ in range(3):
        button(at, "Step").click().run()
    X, y, kw, opt = link_run(at)
    W = textbook(X, y, "logistic", eta=kw["eta"], epochs=opt["epochs"])
    i, x = 3 % len(y), np.array([1.0, *X[3 % len(y)]])
    m = y[i] * (W[3] @ x)
    said = markdown(at)
    assert f"**t = 3 of {len(W) - 1}**" in said and "The next step, 4, with the **logistic loss** visits" in said
    assert f"m = y·w₃ᵀx̃ = **{num(m)}**" in said and f"**{num(math.log1p(math.exp(-m)))}**" in said
    assert "the arrows: the logistic loss's w" in "\n".join(c.value for c in at.caption)
    again = start(url(at))  # the link reopens the same demo: same pick, same step, same lines
    assert plot(again)["t"] == 3 and plot(again)["companion"] == plot(at)["companion"]


def test_the_far_away_example_ends_with_squared_loss_mistakes_the_perceptron_does_not_make():
    at = start()
    at.selectbox(key=key("sgd", "preset")).set_value("far").run()
    X, y, kw, opt = link_run(at)
    assert len(y) == 11 and float(np.abs(X).max()) == 2.0
    W = {loss: textbook(X, y, loss, eta=kw["eta"], epochs=opt["epochs"]) for loss in LOSSES}
    wrong = {loss: int(np.sum(y * (np.column_stack([np.ones(len(y)), X]) @ W[loss][-1]) <= 0)) for loss in LOSSES}
    assert wrong["perceptron"] == 0 < wrong["squared"]
    said = markdown(at)
    assert f"{wrong['squared']} of 11 points wrong at the end (the perceptron loss's run: 0)" in said


def test_a_step_size_the_squared_loss_cannot_take_is_said_and_the_page_stays_whole():
    at = start({"eta": "2"})
    assert not at.exception
    said = markdown(at)
    assert "**diverged**" in said and "η is too large for the squared loss" in said
    data = plot(at)
    squared = data["companion"][3]
    assert squared["T"] < data["T"] and all(math.isfinite(v) for v in squared["last"])
    json.dumps(data, allow_nan=False)  # what the browser is sent is valid JSON: no inf, no NaN
    for series in data["chart"]["series"]:
        assert all(v is None or math.isfinite(v) for v in series["y"])


@pytest.mark.parametrize("params", [{"epochs": "1000"}, {"decay": "1", "loss": "hinge"}])
def test_options_from_a_link_run_as_the_link_says(params):
    at = start(params)
    X, y, kw, opt = link_run(at)
    T = plot(at)["T"]
    assert T == min(opt["epochs"], 10_000 // len(y)) * len(y)  # 1000 passes are cut to 10,000 steps at most
    if opt["decay"]:
        W = textbook(X, y, "hinge", eta=kw["eta"], epochs=opt["epochs"], decay=True)
        data = plot(at)
        np.testing.assert_allclose(data["win"]["W"], W[:len(data["win"]["W"])], atol=1e-9)


@pytest.mark.parametrize("sign0, moves", [("le0", True), ("lt0", False), ("+1", False), ("-1", True)])
def test_a_hinge_margin_of_exactly_one_is_the_kink_read_by_the_link_s_sign0(sign0, moves):
    """One ○ at (1, 0), bias off, η = 0.5, two steps: w = (0, 1, 0), so y·wᵀx̃ = 1 exactly. Whether more passes move
    the hinge's line is the reading's: y·wᵀx̃ ≤ 0 (and so ≤ 1 at the kink) is a mistake, or only < (sign(0) = +1
    counts a ○ tie right; −1 counts it wrong). The page prints the margin as 1 and answers by the reading."""
    at = start({"pts": C.encode_points([(1.0, 0.0, 1)]), "eta": "0.5", "epochs": "2", "loss": "hinge", "bias": "0",
                "sign0": sign0})
    said = markdown(at)
    hinge = said.split("**hinge**: ")[1].split("\n")[0]
    assert "w moved at 2 of 2 steps" in hinge and "the kink y·wᵀx̃ = 1" in hinge
    assert ("will not move again" in hinge) == (not moves)
    assert ("1 point still pulls on w" in hinge) == moves
    assert ("counts as a mistake" in hinge) == moves and ("counts as right" in hinge) == (not moves)
    assert "0.9999" not in said and "1.000" not in said
    r = next(r for r in at.radio if r.label.startswith("After the last step, step 2"))
    r.set_value(list(r.options).index("Yes" if moves else "No"))
    next(b for b in at.button if b.label == "Check" and b.proto.form_id == r.form_id).click()
    at.run()
    got = [e.value for e in (*at.success, *at.warning) if e.value.startswith(("**Right:**", "**Not quite:**"))]
    assert got and got[0].startswith("**Right:**") and "exactly at the kink y·wᵀx̃ = 1" in got[0], got


def test_a_logistic_run_at_large_margins_never_says_its_gradient_is_0():
    """○ (100, 0), × (−100, 0), w₀ = (1, 2, 0): margins 199 and 201, where 1 − σ(m) as a difference is exactly 0 (and
    e⁻ᵐ added to w₀'s 1 or 2 changes nothing in floating point). The page says the steps are below what floating
    point can add, and that the gradient is never 0; the step's numbers show 1 − σ(m) as the tiny number it is."""
    at = start({"pts": C.encode_points([(100.0, 0.0, 1), (-100.0, 0.0, -1)]), "w0": "1,2,0", "eta": "1",
                "epochs": "2", "loss": "logistic"})
    said = markdown(at)
    line = said.split("**logistic**: ")[1].split("\n")[0]
    assert "gradient is 0" not in line and "will not move again" not in line
    assert "smaller than floating point can add to w" in line and "mathematically the gradient is never 0" in line
    assert "m = y·w₀ᵀx̃ = **201**" in said
    want = num(math.exp(-201) / (1 + math.exp(-201)))
    assert f"−y·x̃·(1 − σ(201)) = (−1)·{want}·x̃" in said and want != "0"
