"""The lesson "Batch perceptron" through Streamlit's AppTest: every number it shows against pla_core.batch for the
points of its link (as a notebook would compute them), its chart, its options in the link, and bad input."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import pla_core
from pla_lab.framework import codec as C
from pla_lab.framework import model
from pla_lab.framework import settings as S
from pla_lab.lessons import BATCH
from pla_lab.lessons.batch.batch_options import AVERAGE
from pla_lab.words import notes
from pla_lab.words.text import clean_weights, exact, num, sub, vec
from tests.core.test_exact_runs import Exact, dec

from tests.ui.helpers import button, markdown, plot, points, url, warnings
from tests.ui.helpers import start as _start

PAGE = "../pages/batch.py"


def start(params: dict | None = None):
    return _start(params, PAGE)


def run_of(q: dict):
    """(X, y, trace) from the link alone, with pla_core: the sidebar's settings and the lesson's options."""
    pts, _ = C.decode_points(q["pts"])
    values, problems = S.read_params(q)
    options, more = S.read_params(q, BATCH.options)
    assert not problems and not more
    X, y = model.arrays(pts)
    kw = S.pla_kwargs(values)
    b = min(options["bs"], len(y)) if options["batch"] == "mini" else None
    trace = pla_core.batch(X, y, eta=kw["eta"], w0=kw["w0"], bias=kw["bias"], sign_zero=kw["sign_zero"],
                           max_updates=kw["max_updates"], batch_size=b, average=AVERAGE[options["avg"]])
    return X, y, trace


def shown(trace, t):
    """wₜ as written: exact on grid data (every decimal, as J beside it), else 4 digits of the cleaned floats."""
    wq = pla_core.facts.weights(trace, t)
    return vec(wq if wq is not None else clean_weights(trace.weights[t], trace.settings["eta"],
                                                       pla_core.perceptron.radius_bound(trace.X, True)))


def J(trace, t):
    """J(wₜ) in Fractions of the decimals (the default example's weights have at most 6 digits), printed in full."""
    e = Exact(trace.X, trace.y, sign_zero=trace.settings["sign_zero"])
    w = [dec(v) for v in trace.weights[t]]
    return sum((-e.score(w, i) for i in range(len(trace.y)) if e.wrong(w, i)), Fraction(0))


def rises(trace):
    return [t for t in range(1, len(trace) + 1) if J(trace, t) > J(trace, t - 1)]


def preset_link(name: str, **more) -> dict:
    pts, _, _ = BATCH.presets[name].build(0)
    return {"pts": C.encode_points(pts), **more}


def test_the_numbers_are_pla_core_s_at_every_step_shown():
    at = start()
    X, y, trace = run_of(url(at))
    T, n = len(trace), len(y)
    md = markdown(at)
    assert f"**t = 0** of {T}" in md
    assert f"Mistakes of w₀ (the zero-one loss): **{int(trace.errors[0])}** of {n}" in md
    assert f"J(w₀) = Σ −yₙw₀ᵀx̃ₙ over them = **{exact(J(trace, 0))}**" in md
    for t in (1, 2):
        button(at, "Step").click().run()
        md = markdown(at)
        used = trace.used(t).tolist()
        assert f"**t = {t}** of {T} · w{sub(t)} = {shown(trace, t)}" in md
        assert f"**Update {t + 1} sums all {len(used)} mistake" in md and len(used) == trace.errors[t]
        assert f"w{sub(t + 1)} = w{sub(t)} + η·Σ yₙx̃ₙ = {shown(trace, t)} + 1·" in md
        assert f"= **{shown(trace, t + 1)}**" in md
        pos = sum(1 for i in used if y[i] > 0)
        assert f"1·({pos} − {len(used) - pos}) = {num(pos - (len(used) - pos))}" in md  # the bias, in words
        assert f"J(w{sub(t)}) = Σ −yₙw{sub(t)}ᵀx̃ₙ over them = **{exact(J(trace, t))}**" in md
    ups = rises(trace)
    assert 2 <= len(ups) <= 12, "the default example shows the criterion rising"
    assert "In this run J rises at steps " + ", ".join(map(str, ups[:-1])) + f" and {ups[-1]}." in md


def test_the_plot_circles_every_mistake_and_gets_the_factor_of_each_link():
    at = start({"t": "1"})
    X, y, trace = run_of(url(at))
    data = plot(at)
    win = data["win"]
    assert "circle" in data["moving"] and "chain" in data["moving"]
    for k, used in enumerate(win["I"]):  # every update's circles are all the mistakes of w_{t0+k}
        t = win["t0"] + k
        assert used == trace.used(t).tolist()
        assert len(used) == trace.errors[t]
    assert win["c"] == trace.settings["eta"]
    # The links the browser draws, c·yₙ·xₙ, add up to the update the server sends.
    for k, used in enumerate(win["I"]):
        total = win["c"] * (y[used, None] * X[used]).sum(axis=0)
        assert np.allclose(total, np.array(win["U"][k])[1:], atol=1e-9)


def test_the_chart_is_the_zero_one_loss_and_the_criterion_with_its_rises():
    at = start(preset_link("credit"))
    X, y, trace = run_of(url(at))
    chart = plot(at)["chart"]
    series = {s["name"]: s for s in chart["series"]}
    ts = chart["x"]
    assert len(chart["panels"]) == 2
    assert series["mistakes of wₜ"]["y"] == trace.errors[ts].tolist() and series["mistakes of wₜ"]["panel"] == 0
    assert np.allclose(series["J(wₜ)"]["y"], trace.criterion[ts], atol=1e-6) and series["J(wₜ)"]["panel"] == 1
    ups = rises(trace)
    assert ups and series["J rises"]["x"][::3] == ups
    assert chart["T"] == len(trace)


def test_a_step_where_the_criterion_rises_says_so():
    q = preset_link("credit")
    _, _, trace = run_of({**q})
    ups = rises(trace)
    later = next(u for u in ups if u > 1)
    at = start({**q, "t": str(later)})
    md = markdown(at)
    a, b = exact(J(trace, later - 1)), exact(J(trace, later))
    assert f"J rose at this step:** J(w{sub(later)}) = {b} > J(w{sub(later - 1)}) = {a}" in md
    assert "overshoot" in md
    still = next(t for t in range(2, len(trace)) if t not in ups)
    assert "J rose at this step" not in markdown(start({**q, "t": str(still)}))
    first = markdown(start({**q, "t": "1"}))  # from w₀ = 0, J(w₀) = 0: the first step always raises it
    assert "J rose at this step" in first and "J(w₀) = 0" in first


def test_the_mini_batch_option_changes_the_run_and_the_link_reopens_it():
    at = start({"t": "2"})
    _, _, full = run_of(url(at))
    at.selectbox(key=BATCH.state.key("batch")).set_value("mini").run()
    q = url(at)
    assert q["batch"] == "mini" and q["bs"] == "5" and q["t"] == "0"  # a new run starts from step 0
    X, y, mini = run_of(q)
    assert mini.settings["batch_size"] == 5 and len(mini) != len(full)
    at.number_input(key=BATCH.state.key("bs")).set_value(4).run()
    at.selectbox(key=BATCH.state.key("avg")).set_value("sum").run()
    button(at, "Step").click().run()
    button(at, "Step").click().run()
    q = url(at)
    assert (q["bs"], q["avg"], q["t"]) == ("4", "sum", "2")
    X, y, mini = run_of(q)
    md = markdown(at)
    assert (mini.settings["batch_size"], mini.settings["average"]) == (4, False)
    assert f"**t = 2** of {len(mini)} · w₂ = {shown(mini, 2)}" in md
    block = [(int(mini.visits[2]) - 4 + j) % len(y) for j in range(4)]
    assert set(mini.used(2).tolist()) <= set(block)
    assert "**Update 3 is made on the mini-batch #" + ", #".join(map(str, block)) + "**" in md
    assert f"This run adds η·Σ = 1·Σ over each block of b = 4 ({notes.STEP.of} sum)" in md
    again = start(q)  # the link reopens the same demo
    assert markdown(again) == md and url(again) == q


def test_averaging_is_stated_and_only_rescales_w_from_zero():
    q = preset_link("sep30", batch="mini", bs="5")
    at = start(q)
    mean = run_of(url(at))[2]
    assert plot(at)["win"]["c"] == pytest.approx(1 / 5)
    md = markdown(at)
    assert f"{notes.COS495.of} mini-batch steps on the average loss" in md
    assert f"{notes.STEP.Of} batch perceptron adds the sum" in md
    assert f"This run adds (η/b)·Σ = 0.2·Σ over each block of b = 5 ({notes.COS495.of} average)" in md
    total = run_of({**url(at), "avg": "sum"})[2]
    assert len(total) == len(mean) and np.allclose(total.weights, 5 * mean.weights)


@pytest.mark.parametrize("bad, message", [
    ({"bs": "0"}, "bs=0 must be between 1 and 500"),
    ({"bs": "many"}, "bs=many is not a whole number"),
    ({"avg": "median"}, "avg=median must be one of note, sum, mean"),
    ({"batch": "half"}, "batch=half must be one of full, mini"),
])
def test_bad_link_values_give_a_message_and_the_default(bad, message):
    at = start({**preset_link("sep30"), **bad})
    assert not at.exception
    assert message in warnings(at)
    X, y, trace = run_of(url(at))  # the default is in the link now, and the page shows its run
    assert f"**t = 0** of {len(trace)}" in markdown(at)


def test_a_batch_larger_than_n_takes_every_point_and_says_so():
    pts = [(0.2, 0.3, 1.0), (0.5, -0.4, -1.0), (-0.3, 0.1, 1.0), (-0.6, -0.5, -1.0)]
    at = start({"pts": C.encode_points(pts), "batch": "mini", "bs": "9"})
    assert not at.exception
    assert "b = 9 is more than the 4 points: each mini-batch takes all 4 (b = 4)" in markdown(at)
    assert url(at)["bs"] == "9" and len(points(at)) == 4  # nothing lost: more points make b = 9 usable
    X, y, trace = run_of(url(at))
    assert trace.settings["batch_size"] == 4 and f"**t = 0** of {len(trace)}" in markdown(at)
