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
