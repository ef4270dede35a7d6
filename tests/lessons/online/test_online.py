"""The lesson "Online perceptron: predict, then reveal" through Streamlit's AppTest: the stream, its predictions and
mistakes as the page shows them against pla_core.online for the same link, the chart against mistake_bound, the
quiz, the link reopening the same stream, and bad link values."""

from __future__ import annotations

import numpy as np
import pytest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.words.text import cls, num

from tests.ui.helpers import button, markdown, plot, url, warnings
from tests.ui.helpers import start as _start

PAGE = "../pages/online.py"
POINTS = [(-0.8, 0.3, 1.0), (-0.4, 0.9, 1.0), (0.1, 0.7, 1.0), (0.5, 1.0, 1.0), (0.3, -0.5, -1.0),
          (0.8, -0.1, -1.0), (-0.2, -0.9, -1.0), (0.9, 0.4, -1.0)]


def start(params: dict | None = None):
    return _start(params, PAGE)


def online_run(q: dict):
    """pla_core.online for the link's points, settings and stream options, as a notebook would call it."""
    pts, _ = C.decode_points(q["pts"])
    values, problems = S.read_params(q)
    assert not problems
    X, y = model.arrays(pts)
    kw = S.pla_kwargs(values)
    return pla_core.online(X, y, eta=kw["eta"], w0=kw["w0"], bias=kw["bias"], sign_zero=kw["sign_zero"],
                           passes=int(q["passes"]), shuffle=q["shuffle"] == "1", seed=kw["seed"]), X, y



def test_predictions_and_mistakes_on_the_page_are_pla_core_s():
    at = start({"pts": C.encode_points(POINTS), "passes": "2", "sign0": "+1"})
    q = url(at)
    run, X, y = online_run(q)
    st = run.stream
    d = plot(at)
    m = len(st)
    assert d["T"] == 2 * m and d["stream"]["shown"] == st.shown.tolist()
    assert d["stream"]["pred"] == st.predictions.astype(int).tolist()  # sign(0) = +1: no tie is left undecided
    assert d["stream"]["wrong"] == st.wrong.tolist()
    for k in range(4):  # predict, then reveal, for the first arrivals: the words say pla_core's numbers
        i = int(st.shown[k])
        md = markdown(at)
        assert f"**Arrival {k + 1} of {m}**" in md and f"point #{i}" in md
        assert f"= **{cls(st.predictions[k])}**. Its label is hidden" in md
        assert f"y = **{cls(y[i])}**" not in md
        button(at, "Step").click().run()
        md = markdown(at)
        assert f"y = **{cls(y[i])}**" in md
        assert ("**a mistake**" in md) == bool(st.wrong[k]) and ("**right**, so w stays" in md) != bool(st.wrong[k])
        assert f"**Mistakes so far: {int(st.wrong[:k + 1].sum())}**" in md
        button(at, "Step").click().run()
    # The updates the plot draws are pla_core's: after each revealed mistake, the next in order; else none.
    win = plot(at)["win"]
    assert win["t0"] == 0 and len(win["U"]) == 2 * m
    U = np.array(win["U"])
    assert np.array_equal(U[1::2][st.wrong], run.updates) and not U[0::2].any() and not U[1::2][~st.wrong].any()
    button(at, "To the end").click().run()
    M = int(st.wrong.sum())
    assert f"**The stream is over:** {M} mistake" in markdown(at)
    assert url(at)["t"] == str(2 * m)


def test_the_chart_counts_the_mistakes_under_the_bound():
    at = start({"pts": C.encode_points(POINTS), "passes": "3"})
    run, X, y = online_run(url(at))
    chart = plot(at)["chart"]
    assert chart["t_per_x"] == 2
    mistakes, bound = chart["series"]
    assert mistakes["y"] == [0] + np.cumsum(run.stream.wrong).tolist() and mistakes["live"]
    B = pla_core.mistake_bound(X, y)
    assert bound["y"] == [B, B] and bound["name"] == f"bound R²/ρ*² = {num(B)}"
    assert mistakes["y"][-1] <= B
    assert f"the bound R²/ρ\\*² = **{num(B)}**" in markdown(at)  # the star escaped: shown, not italics


def test_the_link_reopens_the_same_stream():
    at = start({"pts": C.encode_points(POINTS), "passes": "2", "seed": "7"})
    for _ in range(5):
        button(at, "Step").click().run()
    q = url(at)
    assert q["t"] == "5" and q["shuffle"] == "1" and q["passes"] == "2" and q["quiz"] == "0"
    again = start(q)
    assert plot(again)["stream"] == plot(at)["stream"] and plot(again)["t"] == 5
    assert plot(again)["win"] == plot(at)["win"]
    assert markdown(again).split("**Mistakes so far")[0] == markdown(at).split("**Mistakes so far")[0]
    # Another seed is another shuffle of the same points.
    other = start({**q, "seed": "8"})
    assert plot(other)["stream"]["shown"] != plot(at)["stream"]["shown"]


def test_the_quiz_keeps_the_student_s_score_against_the_perceptron_s():
    at = start({"pts": C.encode_points(POINTS), "passes": "1", "shuffle": "0", "quiz": "1"})
    run, X, y = online_run(url(at))
    st = run.stream
    assert "no answer yet" in markdown(at)
    said = [1, -1, 1]
    for k, a in enumerate(said):
        button(at, "○ +1" if a > 0 else "× −1").click().run()
        assert plot(at)["t"] == 2 * k + 1  # the answer reveals the label
        button(at, "Step").click().run()
    you = sum(a == y[st.shown[k]] for k, a in enumerate(said))
    pla = sum(not st.wrong[k] for k in range(3))
    assert f"**Your score: {you} of 3** right · **the perceptron: {pla} of 3**" in markdown(at)
    assert url(at)["quiz"] == "1"
    # Going back to an answered point shows the first answer and no buttons: it cannot be changed.
    button(at, "Back").click().run()
    button(at, "Back").click().run()
    assert "You said **○ +1** for this point" in markdown(at)
    assert not [b for b in at.button if b.label in ("○ +1", "× −1")]


def test_without_the_quiz_there_are_no_answer_buttons():
    at = start({"pts": C.encode_points(POINTS)})
    assert not [b for b in at.button if b.label in ("○ +1", "× −1")]
    assert "Your score" not in markdown(at)


@pytest.mark.parametrize("params, words", [
    ({"passes": "0"}, "The link's passes=0 must be between 1 and 10; using 3."),
    ({"passes": "9999"}, "The link's passes=9999 must be between 1 and 10; using 3."),
    ({"passes": "two"}, "The link's passes=two is not a whole number; using 3."),
    ({"shuffle": "maybe"}, "The link's shuffle=maybe must be 1 or 0; using 1."),
    ({"quiz": "NaN"}, "The link's quiz=NaN must be 1 or 0; using 0."),
    ({"t": "99999"}, "Step 99999 is past the end of this run"),
])
def test_bad_link_values_give_a_message(params, words):
    at = start({"pts": C.encode_points(POINTS), **params})
    assert words in warnings(at)
    assert plot(at)["T"] > 0


def test_a_stream_of_one_class_is_said_in_a_sentence():
    one = [(x, y, 1.0) for x, y, _ in POINTS]
    at = start({"pts": C.encode_points(one)})
    assert "Every point of this stream is labelled ○ +1" in markdown(at)


def test_a_start_away_from_zero_has_no_bound_and_says_why():
    at = start({"pts": C.encode_points(POINTS), "w0": "0.5,1,0"})
    assert "for a start at w₀ = 0" in markdown(at)
    assert len(plot(at)["chart"]["series"]) == 1


def test_the_guide_flags_seed_004_s_undefined_m_and_reads_its_margin_as_signed_through_separating():
    """Seed 004's "⌈M/γ²⌉" (M undefined) is flagged, with R²/γ² in its place; its margin |w·xᵢ|/‖w‖ ≥ γ is of "a
    separating hyperplane", so it is the signed one, and the XOR example shows why that word is needed (checked
    with pla_core)."""
    guide = markdown(start())
    assert "⌈M/γ²⌉" in guide and "M is never defined" in guide and "⌊R²/γ²⌋" in guide
    assert "|w·xᵢ|/‖w‖ ≥ γ, does bring the labels in" in guide and "|w·xᵢ| = yᵢ(w·xᵢ)" in guide
    assert "has no label" not in guide
    assert "|w·x̃|/‖w‖ = 1 for w = (1, 0, 0)" in guide
    X, y = np.array([[-1.0, 1], [1, -1], [-1, -1], [1, 1]]), np.array([1.0, 1, -1, -1])
    w, Xt = np.array([1.0, 0, 0]), np.hstack([np.ones((4, 1)), X])
    assert np.allclose(np.abs(Xt @ w) / np.linalg.norm(w), 1.0)  # the unsigned margin is 1 at every corner …
    assert not pla_core.separability(X, y).separable  # … yet no line separates them
    assert pla_core.margin(w, X, y) < 0
    run = pla_core.online(X, y, passes=50)
    assert not run.halted and run.stream.wrong[-4:].any() and run.stream.wrong.sum() > 50  # erring for ever
